package web

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkPos asks POST /api/position, which must accept the position.
func (s *testServer) checkPos(variant, fen string) positionView {
	s.t.Helper()
	code, data := s.do("POST", "/api/position", map[string]string{"variant": variant, "fen": fen})
	require.Equal(s.t, 200, code, "%s %s: %s", variant, fen, data)
	var pv positionView
	require.NoError(s.t, json.Unmarshal(data, &pv), string(data))
	return pv
}

// The board editor's check reads a position by the rules, as a game would
// start from it, and makes no game (docs/web.md, "Board editor").
func TestCheckPosition(t *testing.T) {
	s := newTestServer(t)

	// Durg: a waiting Mantri and the call available, as the editor writes them.
	durg := s.checkPos("durg", "1r2k4/ppp1ppppp/4d4/9/9/9/1D7/PPPPP1PPP/4K4[BQ] w - - 0 1 5/0")
	assert.Equal(t, "1r2k4/ppp1ppppp/4d4/9/9/9/1D7/PPPPP1PPP/4K4[BQ] w - - 0 1 5/0", durg.FEN)
	assert.Equal(t, holding{Waiting: 1, Fallen: 5, CallAvailable: true}, durg.Holdings["white"])
	assert.Equal(t, holding{}, durg.Holdings["black"])
	assert.Equal(t, "r", durg.Board["b9"])
	assert.ElementsMatch(t, []string{"a2", "b2", "c2", "a3", "b3", "c3", "a4", "b4", "c4"}, durg.Zones["white"], "White's Durg zone")
	assert.Empty(t, durg.Notes)
	assert.False(t, durg.Verdict.Over)

	// Chaturanga without White's leap, Black's kept.
	chat := s.checkPos("chaturanga", "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w k - 0 1")
	assert.Equal(t, "k", chat.Rights)
	assert.Nil(t, chat.Holdings)
	assert.Nil(t, chat.Zones)
	// A Raja in check has lost his leap, and the check says so.
	checked := s.checkPos("chaturanga", "3k4/8/8/8/8/8/8/r3K3 w K - 0 1")
	assert.Equal(t, "-", checked.Rights)
	assert.Equal(t, "e1", checked.Check)
	require.Len(t, checked.Notes, 1)
	assert.Contains(t, checked.Notes[0], "White's leap (K) is lost")

	// Rights the board contradicts are dropped, and named.
	chess := s.checkPos("chess", "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1")
	assert.Equal(t, "Q", chess.Rights)
	assert.Equal(t, []string{"castling right K is dropped: it needs White's king on e1 and rook on h1"}, chess.Notes)
	dc := s.checkPos("durg", "r3k3r/9/9/9/9/9/9/9/R2BK3R[] b KQkq - 0 1 0/0")
	assert.Equal(t, "Kkq", dc.Rights)
	assert.Equal(t, []string{"castling right Q is dropped: it needs White's Raja on e1, Gaj on a1 and no own Mantri on d1"}, dc.Notes)
	// Holdings beyond their bounds are read within them, and said so.
	many := s.checkPos("durg", "4k4/9/9/9/9/9/9/9/4K4[BBBBB] w - - 0 1 40/0")
	assert.Equal(t, holding{Waiting: 4, Fallen: 31, CallAvailable: false}, many.Holdings["white"])
	require.Len(t, many.Notes, 1)
	assert.Contains(t, many.Notes[0], "[BBBB] 31/0")
	// A position that is over is a position: the verdict says so.
	mate := s.checkPos("chess", "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1")
	assert.True(t, mate.Verdict.Over)
	assert.Equal(t, "1-0", mate.Verdict.Result)
	// En passant where the FEN has it.
	ep := s.checkPos("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
	assert.Equal(t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", ep.FEN)

	// What the rules refuse comes back with their reason.
	for _, c := range []struct{ variant, fen, why string }{
		{"durg", "1r2k4/ppp1ppppp/4d4/9/9/9/1D7/PPPPP1PPP/4K4[BQ] w - - 0 1 3/0", "white may call the Rani only with 4 fallen, has 3"},
		{"chess", "8/8/8/8/8/8/8/8 w - - 0 1", "white has 0 kings, needs exactly 1"},
		{"chess", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "the side not to move (black) is in check"},
		{"chaturanga", "3k4/8/8/8/8/8/8/3QK3 w - e3 0 1", "chaturanga has no en passant"},
		{"durg", "4k4/9/9/9/9/9/9/3d5/4K4[] w - - 0 1 0/0", "white Raja on e1 stands in an enemy Durg zone"},
		{"chess", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en passant square e6"},
		{"chess", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "white pawn on h8 must have promoted"},
		{"chess", "4k3/8/8/8/8/8/8/4K3 x - - 0 1", `side to move "x" must be w or b`},
		{"shogi", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", `unknown variant "shogi"`},
	} {
		s.refuse(422, c.why, "POST", "/api/position", map[string]string{"variant": c.variant, "fen": c.fen})
	}
	s.refuse(400, "give a position", "POST", "/api/position", map[string]string{"variant": "chess"})
	s.refuse(400, "malformed JSON", "POST", "/api/position", map[string]any{"fen": 3})

	// Checking makes no game.
	s.srv.games.mu.Lock()
	n := len(s.srv.games.games)
	s.srv.games.mu.Unlock()
	assert.Zero(t, n, "the check made a game")
}
