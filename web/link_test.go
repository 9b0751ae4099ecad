package web

import (
	"net/url"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A position link (/?variant=...&fen=...) is read by the page, which makes
// the game with POST /api/games: the server serves the page whatever the
// query, and the game it makes is the link's position, or the rules'
// reason why not (docs/web.md, "Position links").
func TestPositionLink(t *testing.T) {
	s := newTestServer(t)
	const durgFEN = "1r2k4/ppp1ppppp/4d4/9/9/9/1D7/PPPPP1PPP/4K4[BQ] w - - 0 1 5/0"
	code, page := s.do("GET", "/?"+url.Values{"variant": {"durg"}, "fen": {durgFEN}}.Encode(), nil)
	require.Equal(t, 200, code)
	assert.Contains(t, string(page), `id="copy-link"`, "the page has the Copy link control")

	st := s.newGame("durg", durgFEN)
	assert.Equal(t, durgFEN, st.FEN)
	white := st.Holdings["white"]
	assert.Equal(t, 1, white.Waiting, "White's Mantri waits")
	assert.True(t, white.CallAvailable, "White may call the Rani")

	// Chaturanga's leap is the castling field: without it, no knight step
	// for the Raja; with it, there is one (so the check can fail).
	noLeap := s.newGame("chaturanga", "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w k - 0 1")
	assert.False(t, slices.Contains(legal(noLeap), "e1d3"), "no leap: %v", legal(noLeap))
	leap := s.newGame("chaturanga", "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1")
	assert.True(t, slices.Contains(legal(leap), "e1d3"), "the leap: %v", legal(leap))

	s.refuse(422, "invalid durg FEN", "POST", "/api/games", map[string]string{"variant": "durg", "fen": "9/9 w - - 0 1"})
	s.refuse(422, `unknown variant "fischerandom"`, "POST", "/api/games", map[string]string{"variant": "fischerandom", "fen": "8/8/8/8/8/8/8/8 w - - 0 1"})
}
