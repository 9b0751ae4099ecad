package web

import (
	"fmt"
	"net/http"
	"strings"

	"senapati/board"
)

// The board editor's check (docs/web.md, "Board editor"): the page sets a
// position up square by square and asks the rules, through the same FEN
// parser a game starts from, whether it is one; no game is made until the
// player opens it.

type positionRequest struct {
	Variant string `json:"variant"`
	FEN     string `json:"fen"`
}

// positionView is a position the rules accept, as they read it.
type positionView struct {
	Variant  string              `json:"variant"`
	FEN      string              `json:"fen"` // as the engine writes it
	Side     string              `json:"side"`
	Rights   string              `json:"rights"` // the castling field read (chaturanga: the leaps)
	Board    map[string]string   `json:"board"`
	Zones    map[string][]string `json:"zones,omitempty"`
	Holdings map[string]holding  `json:"holdings,omitempty"`
	Check    string              `json:"check,omitempty"`
	Verdict  verdictView         `json:"verdict"`
	// Notes say where the rules read the FEN otherwise than it was
	// written: a castling right or leap the board takes away, holdings or
	// fallen counts beyond their bounds.
	Notes []string `json:"notes"`
}

// checkPosition answers POST /api/position {"variant", "fen"}: 200 with the
// position as the rules read it, or 422 with the rules' reason.
func (s *Server) checkPosition(w http.ResponseWriter, r *http.Request) {
	var req positionRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	if strings.TrimSpace(req.FEN) == "" {
		writeError(w, errorf(400, `give a position: {"variant": "durg", "fen": "..."}`))
		return
	}
	p, err := parseStart(req.Variant, req.FEN, s.cfg.Variant)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, 200, newPositionView(&p, strings.TrimSpace(req.FEN)))
}

func newPositionView(p *board.Position, given string) positionView {
	v := p.Variant()
	fen := p.FEN()
	out := positionView{Variant: v.Name(), FEN: fen, Side: p.SideToMove().String(), Rights: strings.Fields(fen)[2],
		Board: boardLetters(p), Zones: zoneSquares(p), Holdings: holdings(p), Verdict: newVerdictView(board.NewGame(*p).Verdict()),
		Notes: readOtherwise(p, given, fen)}
	if p.InCheck() {
		out.Check = p.KingSquare(p.SideToMove()).String()
	}
	return out
}

// readOtherwise says where the FEN read (fen) differs from the one given.
func readOtherwise(p *board.Position, given, fen string) []string {
	notes := []string{}
	in, out := strings.Fields(given), strings.Fields(fen)
	v := p.Variant()
	for i := 0; i < len(in[2]); i++ {
		c := in[2][i]
		if c == '-' || strings.IndexByte(out[2], c) >= 0 {
			continue
		}
		notes = append(notes, droppedRight(v, c))
	}
	if i := strings.IndexByte(in[0], '['); i >= 0 && !sameLetters(in[0][i:], out[0][strings.IndexByte(out[0], '['):]) ||
		len(in) > 6 && in[6] != out[6] {
		notes = append(notes, fmt.Sprintf("holdings and fallen counts read as %s %s (at most 4 Mantris wait, a fallen count stops at 31, a call used is X)",
			out[0][strings.IndexByte(out[0], '['):], out[6]))
	}
	return notes
}

// sameLetters: two holdings that differ only in their letters' order.
func sameLetters(a, b string) bool {
	count := func(s string) map[rune]int {
		m := map[rune]int{}
		for _, r := range s {
			m[r]++
		}
		return m
	}
	ca, cb := count(a), count(b)
	if len(ca) != len(cb) {
		return false
	}
	for r, n := range ca {
		if cb[r] != n {
			return false
		}
	}
	return true
}

// droppedRight says why the board took away the right or leap c.
func droppedRight(v *board.Variant, c byte) string {
	side, rank := "White", 1
	if c >= 'a' {
		side, rank = "Black", v.Ranks()
	}
	if v.HasRajaLeap() {
		return fmt.Sprintf("%s's leap (%c) is lost: his Raja is in check, and the first check takes it", side, c)
	}
	king, rook, rookTo := fmt.Sprintf("e%d", rank), fmt.Sprintf("%c%d", 'a'+v.Files()-1, rank), fmt.Sprintf("f%d", rank)
	if c == 'Q' || c == 'q' {
		rook, rookTo = fmt.Sprintf("a%d", rank), fmt.Sprintf("d%d", rank)
	}
	why := fmt.Sprintf("it needs %s's king on %s and rook on %s", side, king, rook)
	if v.Successor() != board.NoType {
		why = fmt.Sprintf("it needs %s's Raja on %s, Gaj on %s and no own Mantri on %s", side, king, rook, rookTo)
	}
	return fmt.Sprintf("castling right %c is dropped: %s", c, why)
}

// boardLetters is the board as square -> FEN letter (upper case White).
func boardLetters(p *board.Position) map[string]string {
	v := p.Variant()
	out := map[string]string{}
	for s := v.BoardSquares(); s.Any(); {
		sq := s.Pop()
		if pc := p.PieceAt(sq); pc != board.NoPiece {
			out[sq.String()] = string(v.PieceLetter(pc))
		}
	}
	return out
}

// zoneSquares is each side's Durg zones (nil in a game without them).
func zoneSquares(p *board.Position) map[string][]string {
	if !p.Variant().ZoneCaptureKillsBoth() {
		return nil
	}
	out := map[string][]string{}
	for _, c := range []board.Color{board.White, board.Black} {
		out[c.String()] = squareNames(p.Zone(c))
	}
	return out
}

// holdings is what each side has off the board (nil in a game without).
func holdings(p *board.Position) map[string]holding {
	v := p.Variant()
	if v.CallThreshold() == 0 && v.Successor() == board.NoType {
		return nil
	}
	out := map[string]holding{}
	for _, c := range []board.Color{board.White, board.Black} {
		out[c.String()] = holding{Waiting: p.Waiting(c), Fallen: p.Fallen(c), CallAvailable: p.CallAvailable(c)}
	}
	return out
}

// rightInfo is one letter of a game's castling field, named for the editor.
type rightInfo struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
}

// fenRights names the letters of v's castling field: chaturanga's leaps,
// or the castling rights (Durg's Raja goes e->g with the Gaj from i, e->c
// with the Gaj from a).
func fenRights(v *board.Variant) []rightInfo {
	if v.HasRajaLeap() {
		return []rightInfo{{"K", "White's Raja may leap"}, {"k", "Black's Raja may leap"}}
	}
	if !v.HasCastling() {
		return nil
	}
	rook := "rook"
	if v.Successor() != board.NoType {
		rook = "Gaj"
	}
	last, top := 'a'+v.Files()-1, v.Ranks()
	return []rightInfo{
		{"K", fmt.Sprintf("White castles e1-g1 (%s %c1)", rook, last)}, {"Q", fmt.Sprintf("White castles e1-c1 (%s a1)", rook)},
		{"k", fmt.Sprintf("Black castles e%d-g%d (%s %c%d)", top, top, rook, last, top)},
		{"q", fmt.Sprintf("Black castles e%d-c%d (%s a%d)", top, top, rook, top)},
	}
}
