package web

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// movetext is the tree as PGN-like text: "e4 e5 (c5 Nf3) Nf3", from the
// state's tree.
func movetext(line []treeMove) string {
	var out []string
	for _, m := range line {
		out = append(out, m.SAN+m.Glyph)
		for _, v := range m.Vars {
			out = append(out, "("+movetext(v)+")")
		}
	}
	return strings.Join(out, " ")
}

func sans(st stateView) string {
	var out []string
	for _, m := range st.Moves {
		out = append(out, m.SAN)
	}
	return strings.Join(out, " ")
}

// TestVariationTree: a move at an earlier ply makes a variation and keeps
// the rest; lines are selected, promoted and deleted; a takeback removes
// its moves; the PGN writes the tree and reads it back the same.
func TestVariationTree(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	for _, m := range []string{"e4", "e5", "Nf3", "Nc6"} {
		st = s.play(st, m)
	}
	g := "/api/games/" + st.ID
	at := func(n int, move string) stateView {
		return s.state(200, "POST", g+"/move", map[string]any{"move": move, "at": n})
	}
	st = at(2, "Bc4")
	assert.Equal(t, "e4 e5 Nf3 (Bc4) Nc6", movetext(st.Tree))
	assert.Equal(t, "e4 e5 Bc4", sans(st), "the active line is the variation")
	assert.False(t, st.MainLine)
	st = at(3, "Nf6")
	st = at(1, "c5")
	assert.Equal(t, "e4 e5 (c5) Nf3 (Bc4 Nf6) Nc6", movetext(st.Tree))
	assert.Equal(t, "e4 c5", sans(st))
	// The same move again follows the line that holds it, on to its end.
	st = s.state(200, "POST", g+"/tree", map[string]any{"op": "select", "node": st.Tree[0].ID})
	assert.Equal(t, "e4 e5 Nf3 Nc6", sans(st))
	st = at(2, "Bc4")
	assert.Equal(t, "e4 e5 Bc4 Nf6", sans(st))
	assert.Equal(t, "e4 e5 (c5) Nf3 (Bc4 Nf6) Nc6", movetext(st.Tree))
	bc4 := st.Line[2]

	// Select the main line through Nc6, then the variation again.
	st = s.state(200, "POST", g+"/tree", map[string]any{"op": "select", "node": st.Tree[1].Vars[0][0].ID})
	assert.Equal(t, "e4 c5", sans(st))
	st = s.state(200, "POST", g+"/tree", map[string]any{"op": "select", "node": st.Tree[0].ID})
	assert.Equal(t, "e4 e5 Nf3 Nc6", sans(st))
	assert.True(t, st.MainLine)
	// Analysis at a ply and review follow the active line.
	st = s.state(200, "POST", g+"/tree", map[string]any{"op": "select", "node": bc4})
	assert.Equal(t, "e4 e5 Bc4 Nf6", sans(st))
	rev := s.state(200, "GET", g+"?ply=3", nil)
	assert.Equal(t, "Bc4", rev.LastMove.SAN)

	// Promote: Bc4 becomes the main line, Nf3 Nc6 its variation.
	st = s.state(200, "POST", g+"/tree", map[string]any{"op": "promote", "node": bc4})
	assert.Equal(t, "e4 e5 (c5) Bc4 (Nf3 Nc6) Nf6", movetext(st.Tree))
	assert.True(t, st.MainLine)
	s.refuse(422, "main line already", "POST", g+"/tree", map[string]any{"op": "promote", "node": bc4})
	s.refuse(404, "no move 999", "POST", g+"/tree", map[string]any{"op": "select", "node": 999})
	s.refuse(400, `op is "select"`, "POST", g+"/tree", map[string]any{"op": "cut", "node": bc4})

	// The PGN writes the tree, and reads back as the same tree.
	_, data := s.do("GET", g+"/pgn", nil)
	out := string(data)
	assert.Contains(t, out, "1. e4 e5 ( 1... c5 ) 2. Bc4 ( 2. Nf3 Nc6 ) 2... Nf6 *")
	back := s.state(201, "POST", "/api/games", map[string]string{"pgn": out})
	assert.Equal(t, movetext(st.Tree), movetext(back.Tree))
	assert.Equal(t, 2, back.PGN.Variations)

	// Delete: the variation Nf3 Nc6 goes; deleting a line the page is on
	// takes it back to where the line left.
	st = s.state(200, "POST", g+"/tree", map[string]any{"op": "select", "node": st.Tree[2].Vars[0][1].ID})
	assert.Equal(t, "e4 e5 Nf3 Nc6", sans(st))
	st = s.state(200, "POST", g+"/tree", map[string]any{"op": "delete", "node": st.Tree[2].Vars[0][0].ID})
	assert.Equal(t, "e4 e5 (c5) Bc4 Nf6", movetext(st.Tree))
	assert.Equal(t, "e4 e5 Bc4 Nf6", sans(st))

	// A takeback removes its move from the tree.
	st = s.state(200, "POST", g+"/undo", map[string]int{"plies": 1})
	assert.Equal(t, "e4 e5 (c5) Bc4", movetext(st.Tree))

	// A page restores its tree and its line after a server restart.
	restored := s.state(201, "POST", "/api/games", map[string]any{
		"moves": []any{"e4", map[string]any{"move": "e5", "variations": [][]any{{map[string]any{"move": "c5", "comment": "Sicilian", "nags": []string{"$14"}}, "Nf3"}}}, "Bc4"},
		"path":  []int{0, 1},
	})
	assert.Equal(t, "e4 e5 (c5 Nf3) Bc4", movetext(restored.Tree))
	assert.Equal(t, "e4 c5 Nf3", sans(restored))
	assert.Equal(t, []string{"$14"}, restored.Moves[1].NAGs)
	s.refuse(422, "variation", "POST", "/api/games", map[string]any{"moves": []any{"e4", map[string]any{"move": "e5", "variations": [][]any{{"e4"}}}}})
	s.refuse(400, "a NAG is", "POST", "/api/games", map[string]any{"moves": []any{map[string]any{"move": "e4", "nags": []string{"14"}}}})
	s.refuse(422, "path", "POST", "/api/games", map[string]any{"moves": []any{"e4"}, "path": []int{1}})
}

// TestTreeKeepsDeclaredResult: a loaded game's result belongs to its main
// line: a variation played from an earlier ply is not over, and the PGN
// keeps the result whichever line is active.
func TestTreeKeepsDeclaredResult(t *testing.T) {
	s := newTestServer(t)
	st := s.state(201, "POST", "/api/games", map[string]string{"pgn": "[Result \"0-1\"]\n\n1. e4 e5 2. Nf3 0-1"})
	require.True(t, st.Verdict.Over)
	g := "/api/games/" + st.ID
	st = s.state(200, "POST", g+"/move", map[string]any{"move": "d4", "at": 2})
	assert.False(t, st.Verdict.Over, "the variation goes on")
	st = s.play(st, "exd4")
	_, data := s.do("GET", g+"/pgn", nil)
	assert.Contains(t, string(data), "2. Nf3 ( 2. d4 exd4 ) 0-1")
	assert.Contains(t, string(data), `[PlyCount "3"]`)
	st = s.state(200, "POST", g+"/tree", map[string]any{"op": "select", "node": st.Tree[2].ID})
	assert.True(t, st.Verdict.Over, "back on the main line, its result")
}

// TestPGNClockTimes: a move's clock (the page's, or the engine's from the
// time it was given) is written as [%clk] and restored.
func TestPGNClockTimes(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	g := "/api/games/" + st.ID
	st = s.state(200, "POST", g+"/move", map[string]any{"move": "e4", "clock": 175500})
	st = s.state(200, "POST", g+"/engine", map[string]any{"wtime": 175500, "btime": 180000, "winc": 2000, "binc": 2000, "depth": 1})
	require.NotNil(t, st.Moves[1].Clock)
	assert.InDelta(t, 182000, *st.Moves[1].Clock, 2000, "the engine's time less what it used, plus the increment")
	_, data := s.do("GET", g+"/pgn", nil)
	assert.Contains(t, string(data), "1. e4 {[%clk 0:02:55]} 1...")
	assert.Contains(t, string(data), "[%clk 0:03:0")
	back := s.state(201, "POST", "/api/games", map[string]string{"pgn": string(data)})
	assert.Contains(t, back.Moves[0].Comment, "[%clk 0:02:55]")
	s.refuse(400, "clock is 0", "POST", g+"/move", map[string]any{"move": "d4", "clock": -1})
}

// TestLineAsVariation: an analysis line played in one request enters the
// tree as a variation; a line with an illegal move changes nothing.
func TestLineAsVariation(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	for _, m := range []string{"e4", "e5", "Nf3"} {
		st = s.play(st, m)
	}
	g := "/api/games/" + st.ID
	st = s.state(200, "POST", g+"/move", map[string]any{"move": "d4", "at": 2, "line": []string{"exd4", "Qxd4"}})
	assert.Equal(t, "e4 e5 Nf3 (d4 exd4 Qxd4)", movetext(st.Tree))
	assert.Equal(t, "e4 e5 d4 exd4 Qxd4", sans(st))
	s.refuse(422, `line move 3 "Ke3" is not legal`, "POST", g+"/move", map[string]any{"move": "c3", "at": 2, "line": []string{"d5", "Ke3"}})
	after := s.state(200, "GET", g, nil)
	assert.Equal(t, st.Version, after.Version, "nothing changed")
	assert.Equal(t, "e4 e5 Nf3 (d4 exd4 Qxd4)", movetext(after.Tree))
}

// TestDurgTreeRoundTrip: a Durg game's variations (turns with arrivals in
// them) go out in the PGN and come back as the same tree.
func TestDurgTreeRoundTrip(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("durg", "")
	moves := legal(st)
	require.NotEmpty(t, moves)
	st = s.play(st, moves[0])
	reply := legal(st)
	st = s.play(st, reply[0])
	st = s.state(200, "POST", "/api/games/"+st.ID+"/move", map[string]any{"move": reply[len(reply)-1], "at": 1})
	st = s.play(st, legal(st)[0])
	require.Len(t, st.Tree[1].Vars, 1)
	_, data := s.do("GET", "/api/games/"+st.ID+"/pgn", nil)
	back := s.state(201, "POST", "/api/games", map[string]string{"pgn": string(data)})
	assert.Equal(t, movetext(st.Tree), movetext(back.Tree), string(data))
	assert.Equal(t, "durg", back.Variant)
}
