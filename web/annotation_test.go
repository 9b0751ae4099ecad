package web

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A move's comment, glyph and NAGs written on the analysis board are kept
// on its node, shown in the state, and written to the PGN; empty ones
// clear them (docs/web.md, "Comments and symbols").
func TestAnnotateMove(t *testing.T) {
	s := newTestServer(t)
	st := s.state(201, "POST", "/api/games", map[string]any{"variant": "chess",
		"moves": []any{"e2e4", map[string]any{"move": "e7e5", "variations": [][]string{{"c7c5", "g1f3"}}}, "g1f3"}})
	path := "/api/games/" + st.ID + "/annotation"
	e4, sicilian := st.Tree[0].ID, st.Tree[1].Vars[0][0].ID

	st = s.state(200, "POST", path, map[string]any{"node": e4, "comment": " the king's pawn ", "glyph": "!?", "nags": []string{"$14", "$14"}})
	assert.Equal(t, "the king's pawn", st.Tree[0].Comment)
	assert.Equal(t, "!?", st.Tree[0].Glyph)
	assert.Equal(t, []string{"$14"}, st.Tree[0].NAGs, "a NAG given twice is kept once")
	assert.Equal(t, "!?", st.Moves[0].Glyph, "the active line shows it too")
	st = s.state(200, "POST", path, map[string]any{"node": sicilian, "comment": "sharper {really}", "glyph": "!"})
	assert.Equal(t, "!", st.Tree[1].Vars[0][0].Glyph, "a variation's move")

	_, data := s.do("GET", "/api/games/"+st.ID+"/pgn", nil)
	assert.Contains(t, string(data), "1. e4!? $14 {the king's pawn} 1... e5 ( 1... c5! {sharper (really)} 2. Nf3 )")

	// Cleared: nothing of it in the PGN.
	st = s.state(200, "POST", path, map[string]any{"node": e4})
	assert.Empty(t, st.Tree[0].Comment)
	assert.Empty(t, st.Tree[0].Glyph)
	assert.Empty(t, st.Tree[0].NAGs)
	_, data = s.do("GET", "/api/games/"+st.ID+"/pgn", nil)
	assert.Contains(t, string(data), "1. e4 e5 ( 1... c5!")

	s.refuse(400, "a glyph is !, ?, !!, ??, !? or ?!", "POST", path, map[string]any{"node": e4, "glyph": "!!!"})
	s.refuse(400, `a NAG is $0 to $255, not "$300"`, "POST", path, map[string]any{"node": e4, "nags": []string{"$300"}})
	s.refuse(400, "the comment is longer than 512 characters", "POST", path, map[string]any{"node": e4, "comment": string(make([]byte, 513))})
	s.refuse(404, "no move 999 in this game's tree", "POST", path, map[string]any{"node": 999})
	s.refuse(400, "malformed JSON", "POST", path, map[string]any{"node": "e4"})

	shared := s.state(201, "POST", "/api/games", map[string]any{"variant": "chess", "moves": []string{"e2e4"}, "share": map[string]int{}})
	require.NotEmpty(t, shared.Tokens["white"])
	// A shared game's record is its players': the seats' calls only.
	s.refuse(403, "a shared game takes only its players' moves", "POST",
		"/api/games/"+shared.ID+"/annotation?token="+shared.Tokens["white"], map[string]any{"node": shared.Tree[0].ID, "glyph": "!"})
}
