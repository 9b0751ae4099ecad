package web

import (
	"net/http"
	"slices"
	"strings"
)

// A move's annotation written on the analysis board: its comment, its
// glyph (!, ?, !!, ??, !?, ?!) and other NAGs, as a loaded PGN's are kept
// and written back (docs/web.md, "Comments and symbols").

type annotationRequest struct {
	Node    int      `json:"node"` // the move's id in the state's tree
	Comment string   `json:"comment"`
	Glyph   string   `json:"glyph"`
	NAGs    []string `json:"nags"`
}

// annotateMove answers POST /api/games/{id}/annotation: the move's comment,
// glyph and NAGs become the ones given (empty ones clear them).
func (s *Server) annotateMove(w http.ResponseWriter, r *http.Request) {
	var req annotationRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	in := moveInput{Comment: req.Comment, Glyph: req.Glyph, NAGs: req.NAGs}
	if err := in.check(); err != nil {
		writeError(w, err)
		return
	}
	s.change(w, r, func(g *game) error {
		n := g.find(req.Node)
		if n == nil {
			return errorf(404, "no move %d in this game's tree", req.Node)
		}
		nags := []string{}
		for _, a := range req.NAGs {
			if !slices.Contains(nags, a) {
				nags = append(nags, a)
			}
		}
		if len(nags) == 0 {
			nags = nil
		}
		n.pl.comment, n.pl.glyph, n.pl.nags = strings.TrimSpace(req.Comment), req.Glyph, nags
		g.syncLine()
		g.changed()
		return nil
	})
}
