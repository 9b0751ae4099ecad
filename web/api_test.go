package web

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/refchaturanga"
	"senapati/internal/refdurg"
	"senapati/pgn"
)

// reference is an independent rules implementation of a variant (the
// simple generators of internal/), or known figures for chess.
type reference interface {
	legal(t *testing.T, fen string) []string
	result(t *testing.T, fen string) string      // "" while the game goes on
	after(t *testing.T, fen, move string) string // the FEN after move
}

type durgRef struct{}

func (durgRef) result(t *testing.T, fen string) string {
	p, err := refdurg.FromFEN(fen)
	require.NoError(t, err)
	return p.Result()
}

func (durgRef) legal(t *testing.T, fen string) []string {
	p, err := refdurg.FromFEN(fen)
	require.NoError(t, err)
	return p.LegalMoves()
}

func (durgRef) after(t *testing.T, fen, move string) string {
	p, err := refdurg.FromFEN(fen)
	require.NoError(t, err)
	q, err := p.Play(move)
	require.NoError(t, err)
	return q.FEN()
}

type chaturangaRef struct{}

func (chaturangaRef) result(t *testing.T, fen string) string {
	p, err := refchaturanga.FromFEN(fen)
	require.NoError(t, err)
	return p.Result()
}

func (chaturangaRef) legal(t *testing.T, fen string) []string {
	p, err := refchaturanga.FromFEN(fen)
	require.NoError(t, err)
	return p.LegalMoves()
}

func (chaturangaRef) after(t *testing.T, fen, move string) string {
	p, err := refchaturanga.FromFEN(fen)
	require.NoError(t, err)
	q, err := p.Play(move)
	require.NoError(t, err)
	return q.FEN()
}

// checkPosition compares what the API offers with the reference.
func checkPosition(t *testing.T, ref reference, st stateView) {
	t.Helper()
	if r := ref.result(t, st.FEN); r != "" {
		assert.Equal(t, r, st.Verdict.Result, st.FEN)
		assert.Empty(t, st.Turns, "a finished game offers no moves")
		return
	}
	assert.False(t, st.Verdict.Over, st.FEN)
	assert.Equal(t, ref.legal(t, st.FEN), legal(st), st.FEN)
	// Grouping: every turn of a group starts with its arrivals, then
	// leaves from the square it is filed under.
	for _, g := range st.Turns {
		prefix := ""
		for _, a := range g.Arrivals {
			prefix += "B@" + a + ","
		}
		for from, ts := range g.Moves {
			for _, tg := range ts {
				assert.True(t, strings.HasPrefix(tg.UCI, prefix+from+tg.To), "%s under %v %s", tg.UCI, g.Arrivals, from)
			}
		}
		for _, tg := range g.Calls {
			assert.Equal(t, prefix+"Q@"+tg.To, tg.UCI)
		}
	}
}

// playChecked plays a move through the API and checks the new position
// against the reference.
func (s *testServer) playChecked(ref reference, st stateView, move string) stateView {
	s.t.Helper()
	want := ref.after(s.t, st.FEN, move)
	next := s.play(st, move)
	require.Equal(s.t, want, next.FEN, "after %s", move)
	checkPosition(s.t, ref, next)
	return next
}

// zoneOf is a Durg's zone worked out from the board: its square and the
// squares around it.
func zonesOf(st stateView, durg string) []string {
	var out []string
	for f := 0; f < st.Files; f++ {
		for r := 0; r < st.Ranks; r++ {
			sq := string(rune('a'+f)) + string(rune('1'+r))
			for d, letter := range st.Board {
				if letter != durg {
					continue
				}
				df, dr := int(d[0]-'a')-f, int(d[1]-'1')-r
				if df >= -1 && df <= 1 && dr >= -1 && dr <= 1 {
					out = append(out, sq)
					break
				}
			}
		}
	}
	return out
}

func TestLegalMovesPerVariant(t *testing.T) {
	s := newTestServer(t)
	// Chess: 20 moves from the start and 48 in "Kiwipete" (the perft
	// figures of the Chess Programming Wiki).
	st := s.newGame("chess", "")
	assert.Len(t, legal(st), 20)
	assert.ElementsMatch(t, []string{"e3", "e4"}, targetsFrom(st, "e2"))
	st = s.newGame("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	assert.Len(t, legal(st), 48)
	castle, ok := findTarget(st, "e1g1")
	require.True(t, ok)
	assert.True(t, castle.Castle)

	st = s.newGame("chaturanga", "")
	checkPosition(t, chaturangaRef{}, st)
	st = s.newGame("durg", "")
	checkPosition(t, durgRef{}, st)
	assert.Equal(t, "white", st.Side)
	assert.Equal(t, 9, st.Files)
	assert.Equal(t, "R", st.Board["a1"])
	assert.Equal(t, "d", st.Board["b7"])
	assert.ElementsMatch(t, zonesOf(st, "D"), st.Zones["white"])
	assert.ElementsMatch(t, zonesOf(st, "d"), st.Zones["black"])
	assert.Equal(t, holding{}, st.Holdings["white"])
}

func targetsFrom(st stateView, from string) []string {
	var out []string
	for _, g := range st.Turns {
		for _, tg := range g.Moves[from] {
			out = append(out, tg.To)
		}
	}
	return out
}

func TestDurgZoneKillAndDurgCapture(t *testing.T) {
	s := newTestServer(t)
	ref := durgRef{}
	// The Gaj a4 takes the Ashva d4 in the zone of the Durg e5: both
	// leave the board, the Durg stays.
	st := s.newGame("durg", "8k/9/9/9/4d4/R2n5/9/9/4K4[] w - - 7 1 0/0")
	checkPosition(t, ref, st)
	kill, ok := findTarget(st, "a4d4")
	require.True(t, ok)
	assert.True(t, kill.Capture && kill.KillsBoth)
	st = s.playChecked(ref, st, "a4d4")
	assert.NotContains(t, st.Board, "a4")
	assert.NotContains(t, st.Board, "d4")
	assert.Equal(t, "d", st.Board["e5"])
	assert.Equal(t, "Rxxd4", st.LastMove.SAN)
	assert.True(t, st.LastMove.KillsBoth)
	assert.Equal(t, holding{Fallen: 1}, st.Holdings["white"])
	assert.Equal(t, holding{Fallen: 1}, st.Holdings["black"])

	// The Gaj e2 takes the Durg e5, stands there, and that zone is gone;
	// the zone of the Durg f5 stays.
	st = s.newGame("durg", "8k/9/9/9/4dd3/9/9/4R4/4K4[] w - - 0 1 0/0")
	take, ok := findTarget(st, "e2e5")
	require.True(t, ok)
	assert.True(t, take.Capture)
	assert.False(t, take.KillsBoth)
	st = s.playChecked(ref, st, "e2e5")
	assert.Equal(t, "R", st.Board["e5"])
	assert.ElementsMatch(t, zonesOf(st, "d"), st.Zones["black"])
	assert.NotContains(t, st.Zones["black"], "d4")
}

func TestDurgArrivalAndCall(t *testing.T) {
	s := newTestServer(t)
	ref := durgRef{}
	// A Mantri waits; the Durg d2's zone covers c1 and d1, so he may
	// arrive only on f1 or g1, and every turn begins with his arrival.
	st := s.newGame("durg", "4k4/9/9/9/K8/9/9/3d5/9[B] w - - 0 1 1/0")
	checkPosition(t, ref, st)
	var arrivals []string
	for _, g := range st.Turns {
		require.Len(t, g.Arrivals, 1)
		arrivals = append(arrivals, g.Arrivals[0])
	}
	assert.ElementsMatch(t, []string{"f1", "g1"}, arrivals)
	assert.Equal(t, 1, st.Holdings["white"].Waiting)
	st = s.playChecked(ref, st, "B@f1,a5a6")
	assert.Equal(t, "B", st.Board["f1"])
	assert.Equal(t, "K", st.Board["a6"])
	assert.Equal(t, []string{"f1"}, st.LastMove.Arrivals)
	assert.Equal(t, 0, st.Holdings["white"].Waiting)

	// The call: the Rani goes to a free c, d, f or g square outside the
	// enemy zone, as the whole turn, once.
	st = s.newGame("durg", "4k4/9/9/9/K8/9/9/3d5/9[Q] w - - 0 1 4/0")
	checkPosition(t, ref, st)
	require.Len(t, st.Turns, 1)
	var calls []string
	for _, c := range st.Turns[0].Calls {
		calls = append(calls, c.To)
	}
	assert.ElementsMatch(t, []string{"f1", "g1"}, calls)
	assert.True(t, st.Holdings["white"].CallAvailable)
	st = s.playChecked(ref, st, "Q@g1")
	assert.Equal(t, "Q", st.Board["g1"])
	assert.False(t, st.Holdings["white"].CallAvailable)
	assert.Equal(t, "Q@g1", st.LastMove.SAN)
	assert.Empty(t, st.LastMove.From)

	// Algebraic input works too: a Mantri arrives and a Sipahi moves.
	st = s.newGame("durg", "4k4/9/9/9/K8/9/9/3d5/9[B] w - - 0 1 1/0")
	st = s.play(st, "B@g1,Ka4")
	assert.Equal(t, "B", st.Board["g1"])
	assert.Equal(t, "K", st.Board["a4"])
}

func TestChaturangaLeapAndPromotion(t *testing.T) {
	s := newTestServer(t)
	ref := chaturangaRef{}
	// The Raja's leap from the start: a knight move, once.
	st := s.newGame("chaturanga", "")
	_, ok := findTarget(st, "e1d3")
	require.True(t, ok, "the leap is offered")
	st = s.playChecked(ref, st, "e1d3")
	assert.Equal(t, "K", st.Board["d3"])
	assert.Equal(t, "Kd3", st.LastMove.SAN)
	st = s.playChecked(ref, st, "e7e6")
	for _, m := range legal(st) {
		assert.False(t, strings.HasPrefix(m, "d3") && (m == "d3b4" || m == "d3f4" || m == "d3b2" || m == "d3f2"), "a second leap %s", m)
	}

	// Promotion is forced to the start type of the square, and only to
	// a lost type: b8 gives an Ashva, d8 (the Raja's square) is barred.
	st = s.newGame("chaturanga", "7k/1P1P4/8/8/8/8/p7/4K3 w - - 0 1")
	checkPosition(t, ref, st)
	promo, ok := findTarget(st, "b7b8n")
	require.True(t, ok)
	assert.Equal(t, "N", promo.Promotion)
	assert.Empty(t, targetsFrom(st, "d7"))
	s.refuse(422, "illegal move d7d8", "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "d7d8"})
	st = s.play(st, "b7b8") // the forced type need not be named
	assert.Equal(t, "N", st.Board["b8"])
	assert.Equal(t, "b8=N", st.LastMove.SAN)
}

func TestUndoAndFENSetUp(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("durg", "")
	start := st.FEN
	st = s.play(st, "e2e4")
	afterOne := st.FEN
	st = s.play(st, "Nc7") // algebraic
	require.Equal(t, 2, st.Plies)
	id := st.ID
	st = s.state(200, "POST", "/api/games/"+id+"/undo", nil)
	assert.Equal(t, afterOne, st.FEN)
	assert.Equal(t, 1, st.Plies)
	s.refuse(422, "cannot take back 2 plies", "POST", "/api/games/"+id+"/undo", map[string]int{"plies": 2})
	st = s.state(200, "POST", "/api/games/"+id+"/undo", map[string]int{"plies": 1})
	assert.Equal(t, start, st.FEN)
	assert.Nil(t, st.LastMove)

	// Earlier positions can be looked at without changing the game.
	st = s.play(st, "e2e4")
	st = s.play(st, "e8e7")
	old := s.state(200, "GET", "/api/games/"+id+"?ply=1", nil)
	assert.Equal(t, afterOne, old.FEN)
	assert.Equal(t, 2, old.Plies)
	assert.Equal(t, "e4", old.LastMove.SAN)

	// A FEN starts the game there; the server writes it its own way.
	fen := "4k4/9/9/9/K8/9/9/3d5/9[B] w - - 0 1 1/0"
	st = s.state(200, "POST", "/api/games/"+id+"/fen", map[string]string{"fen": fen})
	assert.Equal(t, fen, st.FEN)
	assert.Equal(t, fen, st.StartFEN)
	assert.Zero(t, st.Plies)
	// Left out holdings follow from the board (RULES.md: FEN): six
	// pieces missing each, no Rani yet, so both may call.
	st = s.state(200, "POST", "/api/games/"+id+"/fen", map[string]string{"fen": "4k4/9/9/9/K8/9/9/3d5/9 w - - 0 1"})
	assert.Equal(t, "4k4/9/9/9/K8/9/9/3d5/9[Qq] w - - 0 1 6/6", st.FEN)
	// The variant may change with it.
	st = s.state(200, "POST", "/api/games/"+id+"/fen", map[string]string{"variant": "chaturanga", "fen": ""})
	assert.Equal(t, board.Chaturanga().StartFEN(), st.FEN)
	assert.Equal(t, 8, st.Files)
	// A broken FEN is refused with the board's reason and changes nothing.
	s.refuse(422, "invalid chaturanga FEN", "POST", "/api/games/"+id+"/fen", map[string]string{"fen": "8/8/8/8/8/8/8/8 w - - 0 1"})
	again := s.state(200, "GET", "/api/games/"+id, nil)
	assert.Equal(t, st.FEN, again.FEN)
	assert.Equal(t, st.Version, again.Version)
}

func TestVerdicts(t *testing.T) {
	s := newTestServer(t)
	// Chess: the fool's mate.
	st := s.newGame("chess", "")
	for _, m := range []string{"f2f3", "e7e5", "g2g4", "Qh4#"} {
		st = s.play(st, m)
	}
	assert.Equal(t, verdictView{Over: true, Result: "0-1", Termination: "checkmate", Winner: "black", Reason: "Black mates"}, st.Verdict)
	assert.Empty(t, st.Turns)
	assert.Equal(t, "e1", st.Check)
	s.refuse(409, "the game is over: Black mates", "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "a2a3"})
	s.refuse(409, "the game is over", "POST", "/api/games/"+st.ID+"/engine", map[string]int{"depth": 1})

	// Chaturanga: stalemate wins for the stalemated side (the reference
	// agrees that Black has no move and is not in check).
	fen := "k7/8/1K1B4/7p/7P/8/6P1/8 w - - 0 1"
	st = s.newGame("chaturanga", fen)
	after := chaturangaRef{}.after(t, fen, "g2g3")
	ref, err := refchaturanga.FromFEN(after)
	require.NoError(t, err)
	require.Equal(t, "0-1", ref.Result())
	st = s.play(st, "g2g3")
	assert.Equal(t, verdictView{Over: true, Result: "0-1", Termination: "stalemate", Winner: "black", Reason: "Black is stalemated and wins"}, st.Verdict)
	// Chaturanga: taking the last piece bares the Raja.
	st = s.play(s.newGame("chaturanga", "k7/8/8/8/8/8/8/1nR1K3 w - - 0 1"), "c1b1")
	assert.Equal(t, verdictView{Over: true, Result: "1-0", Termination: "bare raja", Winner: "white", Reason: "White wins: bare Raja"}, st.Verdict)

	// Durg: a Gaj mates on the last rank.
	fen = "k8/9/1K7/9/9/9/9/9/7R1[] w - - 0 1 0/0"
	refd, err := refdurg.FromFEN(durgRef{}.after(t, fen, "h1h9"))
	require.NoError(t, err)
	require.Equal(t, "1-0", refd.Result())
	st = s.play(s.newGame("durg", fen), "h1h9")
	assert.Equal(t, verdictView{Over: true, Result: "1-0", Termination: "checkmate", Winner: "white", Reason: "White mates"}, st.Verdict)
	assert.Equal(t, "Rh9#", st.LastMove.SAN)
	// Durg: threefold repetition.
	st = s.newGame("durg", "")
	for i := 0; i < 2; i++ {
		for _, m := range []string{"b1c3", "b9c7", "c3b1", "c7b9"} {
			st = s.play(st, m)
		}
	}
	assert.Equal(t, "repetition", st.Verdict.Termination)
	assert.Equal(t, "1/2-1/2", st.Verdict.Result)
}

func TestBadInput(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("durg", "")
	id := st.ID
	game := "/api/games/" + id
	for _, c := range []struct {
		status       int
		want         string
		method, path string
		body         any
	}{
		{400, "malformed JSON", "POST", game + "/move", `{"move": `},
		{400, "unknown field", "POST", game + "/move", `{"mvoe": "e2e4"}`},
		{400, "more than one value", "POST", game + "/move", `{"move": "e2e4"} {}`},
		{400, "give the move", "POST", game + "/move", `{}`},
		{422, "unparsable move", "POST", game + "/move", map[string]string{"move": "zz99"}},
		{422, "illegal move e2e5", "POST", game + "/move", map[string]string{"move": "e2e5"}},
		{422, "no piece on e4", "POST", game + "/move", map[string]string{"move": "e4e5"}},
		{422, "illegal move Q@d1", "POST", game + "/move", map[string]string{"move": "Q@d1"}},
		{400, "longer than 64", "POST", game + "/move", map[string]string{"move": strings.Repeat("e2e4,", 20)}},
		{409, "not 5: it changed", "POST", game + "/move", map[string]any{"move": "e2e4", "ply": 5}},
		{422, "cannot take back 1", "POST", game + "/undo", nil},
		{400, "plies", "POST", game + "/undo", `{"plies": "x"}`},
		{422, "invalid durg FEN", "POST", game + "/fen", map[string]string{"fen": "9/9/9 w - - 0 1"}},
		{422, "enemy Durg zone", "POST", game + "/fen", map[string]string{"fen": "4k4/9/9/9/9/9/3d5/4K4/9[] w - - 0 1 0/0"}},
		{400, "longer than 256", "POST", game + "/fen", map[string]string{"fen": strings.Repeat("9/", 200)}},
		{422, "unknown variant", "POST", game + "/fen", map[string]string{"variant": "xiangqi"}},
		{400, "give a position", "POST", game + "/fen", `{}`},
		{400, "ply must be", "GET", game + "?ply=99", nil},
		{400, "movetime must be", "POST", game + "/engine", map[string]int{"movetime": -1}},
		{400, "depth must be", "POST", game + "/engine", map[string]int{"depth": 1000}},
		{400, "multipv must be", "POST", game + "/analysis", map[string]int{"multipv": 99}},
		{409, "open GET .../events first", "POST", game + "/analysis", nil},
		{404, "no game", "GET", "/api/games/nope", nil},
		{404, "no game", "POST", "/api/games/nope/move", map[string]string{"move": "e2e4"}},
		{404, "no API call", "GET", "/api/nothing", nil},
		{422, "unknown variant", "POST", "/api/games", map[string]string{"variant": "shogi"}},
		{422, "move 2: illegal move", "POST", "/api/games", map[string]any{"variant": "durg", "moves": []string{"e2e4", "e2e4"}}},
		{422, "PGN: move 1. Ke9", "POST", "/api/games", map[string]string{"pgn": "[Variant \"durg\"]\n\n1. Ke9 *"}},
		{422, "comment '{' is not closed", "POST", "/api/games", map[string]string{"pgn": "1. e4 {"}},
		{400, "not both", "POST", "/api/games", map[string]any{"pgn": "1. e4 *", "moves": []string{"e2e4"}}},
		{400, "tag \"FEN\"", "POST", "/api/games", map[string]any{"tags": map[string]string{"FEN": "x"}}},
	} {
		s.refuse(c.status, c.want, c.method, c.path, c.body)
	}

	// Bodies that are not JSON, or too large.
	req, _ := http.NewRequest("POST", s.ts.URL+game+"/move", strings.NewReader("move=e2e4"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 415, resp.StatusCode)
	s.refuse(413, "larger than", "POST", "/api/games", `{"pgn": "`+strings.Repeat("x", maxBody)+`"}`)

	// Another web site (DNS rebinding) is turned away.
	req, _ = http.NewRequest("GET", s.ts.URL+game, nil)
	req.Host = "evil.example:8080"
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 403, resp.StatusCode)

	// None of it changed the game.
	after := s.state(200, "GET", game, nil)
	assert.Equal(t, st.FEN, after.FEN)
	assert.Equal(t, st.Version, after.Version)
	assert.Zero(t, after.Plies)
}

func TestRestoreFromMoveList(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("durg", "")
	for _, m := range []string{"e2e4", "e8e6", "b1c3"} {
		st = s.play(st, m)
	}
	// What a page keeps: the start, the moves (plain or with a comment).
	body := `{"variant": "durg", "fen": "` + st.StartFEN + `", "moves": ["e2e4", {"move": "e8e6", "comment": "+0.10/3 0.100s", "engine": true}, "Nc3"],
		"tags": {"White": "Ann", "Event": "Club night"}}`
	back := s.state(201, "POST", "/api/games", body)
	assert.NotEqual(t, st.ID, back.ID)
	assert.Equal(t, st.FEN, back.FEN)
	assert.Equal(t, 3, back.Plies)
	assert.Equal(t, "+0.10/3 0.100s", back.Moves[1].Comment)
	assert.True(t, back.Moves[1].Engine)
	assert.Equal(t, "Ann", back.Tags["White"])
}

func TestPGNDownloadAndLoad(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("durg", "")
	for _, m := range []string{"e2e4", "e8e6"} {
		st = s.play(st, m)
	}
	st = s.state(200, "POST", "/api/games/"+st.ID+"/engine", map[string]int{"depth": 2})
	require.Equal(t, 3, st.Plies)
	status, data := s.do("GET", "/api/games/"+st.ID+"/pgn", nil)
	require.Equal(t, 200, status)
	games, err := pgn.ParseString(string(data))
	require.NoError(t, err)
	require.Len(t, games, 1)
	g := games[0]
	var names []string
	for _, tag := range g.Tags {
		names = append(names, tag.Name)
	}
	// The tags of `senapati match -pgnout`, in its order.
	assert.Equal(t, []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "SetUp", "FEN",
		"TimeControl", "Termination", "PlyCount"}, names, string(data))
	white, _ := g.Tag("White")
	assert.Equal(t, "Senapati and a human", white)
	variant, _ := g.Tag("Variant")
	assert.Equal(t, "durg", variant)
	tc, _ := g.Tag("TimeControl")
	assert.Equal(t, "-", tc, "a depth limit has no clock")
	assert.Regexp(t, `^[+-](\d+\.\d\d|M\d+)/\d+ \d+\.\d{3}s$`, g.Moves[2].Comment)
	assert.Equal(t, []string{"e4", "e6"}, []string{g.Moves[0].Text, g.Moves[1].Text})
	_, moves, err := g.Replay()
	require.NoError(t, err)
	assert.Len(t, moves, 3)

	// A finished game's reason joins the last comment; loading it back
	// gives the same game and keeps its players.
	mate := s.newGame("chess", "")
	for _, m := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		mate = s.play(mate, m)
	}
	_, data = s.do("GET", "/api/games/"+mate.ID+"/pgn", nil)
	assert.Contains(t, string(data), "[Termination \"normal\"]")
	assert.Contains(t, string(data), "2. g4 Qh4# {Black mates} 0-1")
	loaded := s.state(201, "POST", "/api/games", map[string]string{"pgn": strings.Replace(string(data), `[White "Human"]`, `[White "Ann \"the Bold\""]`, 1)})
	assert.Equal(t, mate.FEN, loaded.FEN)
	assert.Equal(t, 4, loaded.Plies)
	assert.Equal(t, "checkmate", loaded.Verdict.Termination)
	assert.Equal(t, `Ann "the Bold"`, loaded.Tags["White"])
	_, data = s.do("GET", "/api/games/"+loaded.ID+"/pgn", nil)
	assert.Contains(t, string(data), `[White "Ann \"the Bold\""]`)
}

func TestEngineMoveAndThreadBound(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chaturanga", "")
	ev := s.subscribe(st.ID)
	ev.next(t, "state", time.Second)
	st = s.state(200, "POST", "/api/games/"+st.ID+"/engine", map[string]int{"depth": 3, "threads": 64, "multipv": 2})
	require.Equal(t, 1, st.Plies)
	assert.True(t, st.Moves[0].Engine)
	assert.Equal(t, "black", st.Side)
	// The thinking went to the event stream: depths, scores and lines.
	info := ev.next(t, "info", 5*time.Second)
	var iv infoView
	require.NoError(t, json.Unmarshal(info.data, &iv))
	assert.Equal(t, "engine", iv.Kind)
	assert.NotEmpty(t, iv.PV)
	assert.Equal(t, len(iv.PV), len(iv.PVUCI))
	ev.next(t, "state", 5*time.Second)
	// 64 threads were asked for; the server's bound is 2.
	g, err := s.srv.games.get(st.ID)
	require.NoError(t, err)
	g.mu.Lock()
	assert.Equal(t, 2, g.engine.Settings().Threads)
	assert.Equal(t, 2, g.engine.Settings().MultiPV)
	g.mu.Unlock()
}

func TestStopMakesTheEngineMoveNow(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("durg", "")
	ev := s.subscribe(st.ID)
	done := make(chan stateView, 1)
	go func() {
		done <- s.state(200, "POST", "/api/games/"+st.ID+"/engine", map[string]int{"movetime": 60000})
	}()
	ev.next(t, "info", 10*time.Second) // it has a move
	// While it thinks the game cannot change.
	s.refuse(409, "the engine is choosing a move", "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": "e2e4"})
	s.refuse(409, "the engine is choosing a move", "POST", "/api/games/"+st.ID+"/engine", nil)
	began := time.Now()
	s.state(200, "POST", "/api/games/"+st.ID+"/stop", nil)
	select {
	case st = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the engine did not move after stop")
	}
	assert.Less(t, time.Since(began), 5*time.Second)
	assert.Equal(t, 1, st.Plies)
}

func TestDisconnectStopsTheSearch(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("durg", "")

	// An engine move whose client goes away: the search stops, nothing is played.
	ctx, cancel := context.WithCancel(context.Background())
	ev := s.subscribe(st.ID)
	go func() {
		ev.next(t, "info", 10*time.Second)
		cancel()
	}()
	status, _ := s.doCtx(ctx, "POST", "/api/games/"+st.ID+"/engine", map[string]int{"movetime": 60000})
	assert.Zero(t, status, "the request was cancelled")
	after := s.waitIdle(st.ID, 5*time.Second)
	assert.Zero(t, after.Plies)

	// An analysis stops when its last watcher leaves.
	st = s.state(202, "POST", "/api/games/"+st.ID+"/analysis", map[string]int{"multipv": 3})
	assert.Equal(t, "analysis", st.Searching)
	ev.next(t, "info", 10*time.Second)
	ev.cancel()
	s.waitIdle(st.ID, 5*time.Second)
}

func TestAnalysisStreamAndChange(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("durg", "")
	st = s.play(st, "e2e4")
	ev := s.subscribe(st.ID)
	// An analysis of the start (ply 0) with three lines, to depth 3.
	s.state(202, "POST", "/api/games/"+st.ID+"/analysis", map[string]int{"multipv": 3, "depth": 3, "ply": 0})
	lines := map[int]bool{}
	for len(lines) < 3 {
		var iv infoView
		require.NoError(t, json.Unmarshal(ev.next(t, "info", 10*time.Second).data, &iv))
		assert.Equal(t, "analysis", iv.Kind)
		assert.Zero(t, iv.Ply)
		assert.Equal(t, "white", iv.Side, "the start is searched, not the game's end")
		assert.Equal(t, 1, iv.Fullmove)
		// The line is legal from the start position, in SAN, and the
		// chances are the model's for the start.
		p := board.DurgGame().StartPosition()
		checkWDL(t, &p, iv)
		for _, san := range iv.PV {
			m, err := p.ParseSAN(san)
			require.NoError(t, err)
			p.DoMove(m)
		}
		lines[iv.MultiPV] = true
	}
	var end struct {
		Running bool
		Best    string
	}
	for {
		require.NoError(t, json.Unmarshal(ev.next(t, "search", 10*time.Second).data, &end))
		if !end.Running {
			break
		}
	}
	assert.NotEmpty(t, end.Best)

	// An infinite analysis gives way to a move, which every page sees.
	s.state(202, "POST", "/api/games/"+st.ID+"/analysis", nil)
	st = s.play(st, "e8e7")
	assert.Empty(t, st.Searching)
	var pushed stateView
	require.NoError(t, json.Unmarshal(ev.next(t, "state", 5*time.Second).data, &pushed))
	assert.Equal(t, st.FEN, pushed.FEN)
}

func TestGamesAreIndependent(t *testing.T) {
	s := newTestServer(t)
	a := s.newGame("durg", "")
	b := s.newGame("chess", "")
	a = s.play(a, "e2e4")
	b = s.play(b, "d2d4")
	assert.NotEqual(t, a.ID, b.ID)
	assert.Equal(t, "durg", s.state(200, "GET", "/api/games/"+a.ID, nil).Variant)
	assert.Equal(t, []string{"d4"}, []string{s.state(200, "GET", "/api/games/"+b.ID, nil).Moves[0].SAN})
	s.state(201, "POST", "/api/games", nil) // no body: the server's default game
	got, _ := s.do("DELETE", "/api/games/"+a.ID, nil)
	assert.Equal(t, 204, got)
	s.refuse(404, "no game", "GET", "/api/games/"+a.ID, nil)
}

func TestPageAndVariants(t *testing.T) {
	s := newTestServer(t)
	status, page := s.do("GET", "/", nil)
	require.Equal(t, 200, status)
	assert.Contains(t, string(page), `<script type="module" src="/static/main.js"`)
	assert.NotRegexp(t, regexp.MustCompile(`https?://`), string(page), "nothing is loaded from the network")
	scripts, err := fs.Glob(static, "static/*.js")
	require.NoError(t, err)
	require.Contains(t, scripts, "static/main.js")
	// A browser runs a module only when it is served as JavaScript, and
	// every module it imports must be there: no build step checks that.
	importRe := regexp.MustCompile(`(?m)^import .* from "\./([\w-]+\.js)";$`)
	for _, path := range append(scripts, "static/style.css") {
		asset := strings.TrimPrefix(path, "static/")
		resp, err := http.Get(s.ts.URL + "/static/" + asset)
		require.NoError(t, err)
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		assert.Equal(t, 200, resp.StatusCode, asset)
		assert.True(t, resp.Close, "%s: no idle connection left behind", asset)
		assert.NotRegexp(t, regexp.MustCompile(`(url\(|src=|href=|fetch\()["']?https?:`), string(data), asset)
		if strings.HasSuffix(asset, ".js") {
			assert.Contains(t, resp.Header.Get("Content-Type"), "javascript", asset)
			for _, m := range importRe.FindAllStringSubmatch(string(data), -1) {
				assert.Contains(t, scripts, "static/"+m[1], "%s imports it", asset)
			}
		}
	}
	var vs []variantInfo
	_, data := s.do("GET", "/api/variants", nil)
	require.NoError(t, json.Unmarshal(data, &vs))
	require.Len(t, vs, 3)
	for _, v := range vs {
		variant, err := board.VariantByName(v.Name)
		require.NoError(t, err)
		assert.Len(t, v.Pieces, len(variant.Letters()), v.Name)
	}
	assert.Equal(t, "a1-light", vs[2].Squares)
	assert.Equal(t, "plain", vs[1].Squares)
	assert.Equal(t, 4, vs[2].Call)
}

func TestListenAddresses(t *testing.T) {
	assert.True(t, IsLoopback("127.0.0.1:8080"))
	assert.True(t, IsLoopback("[::1]:8080"))
	assert.True(t, IsLoopback("localhost:8080"))
	assert.False(t, IsLoopback(":8080"))
	assert.False(t, IsLoopback("0.0.0.0:8080"))
	assert.False(t, IsLoopback("192.168.1.2:8080"))
	assert.Equal(t, "http://127.0.0.1:8080/?variant=durg", pageURL("0.0.0.0:8080", board.DurgGame()))
	assert.Equal(t, "http://[::1]:80/?variant=chess", pageURL("[::1]:80", board.Chess()))
}

// A quiet event stream sends its heartbeat as an event the page can see
// (a comment would be invisible to it), with its period.
func TestEventStreamHeartbeat(t *testing.T) {
	s := newTestServer(t)
	s.srv.cfg.Heartbeat = 50 * time.Millisecond
	st := s.newGame("chess", "")
	ev := s.subscribe(st.ID)
	ev.next(t, "state", 5*time.Second)
	began := time.Now()
	for range 3 {
		beat := ev.next(t, "heartbeat", 5*time.Second)
		require.JSONEq(t, `{"every": 50}`, string(beat.data))
	}
	require.GreaterOrEqual(t, time.Since(began), 140*time.Millisecond, "three heartbeats come a period apart")
	// The default lets a page that waits two beats notice a dead
	// connection within 5 s.
	require.Equal(t, 2*time.Second, newTestServer(t).srv.cfg.Heartbeat)
}
