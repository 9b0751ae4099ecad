package web

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
)

// Hostile bodies to every call get a 2xx or a 4xx with a message, never a
// 500 or a hang, and the game stays playable.
func TestHostileBodies(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("durg", "")
	rng := rand.New(rand.NewPCG(7, 9))
	pieces := []string{`{`, `}`, `"move"`, `"fen"`, `"plies"`, `"ply"`, `"moves"`, `"pgn"`, `"variant"`, `:`, `,`, `[`, `]`,
		`null`, `-1`, `1e309`, `99999999999999999999`, `"B@c1,Q@d1"`, `"e2e4"`, `"\u0000"`, `"durg"`, `"[Event \"x\"] 1. e4 {"`,
		`"rnh1k1hnr/9 w"`, `"skill"`, `"elo"`, `21`, `1500`, `true`, `"` + strings.Repeat("9/", 40) + `"`, `{"move": "e2e4"}`}
	paths := []string{"/move", "/undo", "/fen", "/engine", "/analysis"}
	for i := 0; i < 300; i++ {
		var b strings.Builder
		for n := rng.IntN(8); n >= 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		path := "/api/games"
		if i%6 != 0 {
			path += "/" + st.ID + paths[rng.IntN(len(paths))]
		}
		status, data := s.do("POST", path, b.String())
		if status == 202 { // an analysis needs a watcher, so this is not reached; keep the game idle anyway
			s.do("POST", "/api/games/"+st.ID+"/stop", nil)
		}
		require.True(t, status >= 200 && status < 500, "%s %q: %d %s", path, b.String(), status, data)
		if status >= 400 {
			var e struct{ Error string }
			require.NoError(t, json.Unmarshal(data, &e), string(data))
			require.NotEmpty(t, e.Error)
		}
	}
	after := s.state(200, "GET", "/api/games/"+st.ID, nil)
	if !after.Verdict.Over {
		assert.NotEmpty(t, legal(after))
	}
}

// When every game is open in a page, a new one is refused; otherwise the
// game unused for longest makes room.
func TestGameCapacity(t *testing.T) {
	r := registry{games: map[string]*game{}}
	var games []*game
	for i := 0; i < maxGames; i++ {
		g := newGame("", board.Chess().StartPosition())
		g.subs[&subscriber{}] = struct{}{}
		require.NoError(t, r.add(g))
		games = append(games, g)
	}
	err := r.add(newGame("", board.Chess().StartPosition()))
	require.Error(t, err)
	assert.Equal(t, 503, err.(*apiError).status)
	// Two pages close; the one idle longer gives way.
	games[3].subs, games[5].subs = map[*subscriber]struct{}{}, map[*subscriber]struct{}{}
	games[5].lastUsed = games[3].lastUsed.Add(-1)
	require.NoError(t, r.add(newGame("", board.Chess().StartPosition())))
	_, err = r.get(games[5].id)
	assert.Error(t, err, "the longest unused game went")
	_, err = r.get(games[3].id)
	assert.NoError(t, err)
}
