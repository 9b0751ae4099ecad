package web

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/pgn"
)

// The server's side of the fixes of issue 31 (the browser test covers the
// page's side): a declared result, a PGN's result and what it holds beyond
// the main line, typed SAN errors, 405 answers and the favicon.

func TestLossOnTimeIsTheResult(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	st = s.play(st, "e2e4")
	path := "/api/games/" + st.ID
	s.refuse(400, "termination", "POST", path+"/result", map[string]string{"result": "1-0", "termination": "bored"})
	s.refuse(400, "not \"*\"", "POST", path+"/result", map[string]string{"result": "*"})
	st = s.state(200, "POST", path+"/result", map[string]string{"result": "1-0", "termination": "time forfeit"})
	assert.Equal(t, verdictView{Over: true, Result: "1-0", Termination: "time forfeit", Winner: "white", Reason: "White wins on time", Declared: true}, st.Verdict)
	assert.Empty(t, st.Turns, "no move after a loss on time")
	s.refuse(409, "the game is over: White wins on time", "POST", path+"/move", map[string]string{"move": "e7e5"})
	s.refuse(409, "the game is over", "POST", path+"/engine", map[string]int{"depth": 1})
	s.refuse(409, "the game is over", "POST", path+"/result", map[string]string{"result": "0-1", "termination": "time forfeit"})
	_, data := s.do("GET", path+"/pgn", nil)
	assert.Contains(t, string(data), `[Result "1-0"]`)
	assert.Contains(t, string(data), `[Termination "time forfeit"]`)
	assert.Contains(t, string(data), "1. e4 {White wins on time} 1-0")
	// An earlier ply is just a position.
	earlier := s.state(200, "GET", path+"?ply=0", nil)
	assert.False(t, earlier.Verdict.Over)

	// A page restoring the game after a server restart sends the result.
	restored := s.state(201, "POST", "/api/games", map[string]any{"moves": []string{"e2e4"}, "result": "1-0", "termination": "time forfeit"})
	assert.Equal(t, st.Verdict, restored.Verdict)
	s.refuse(400, "comes with a result", "POST", "/api/games", map[string]any{"termination": "time forfeit"})
	// A loaded PGN's termination may be any text; a restore keeps it.
	restored = s.state(201, "POST", "/api/games", map[string]any{"moves": []string{"e2e4"}, "result": "0-1", "termination": "Player won by resignation"})
	assert.Equal(t, "Black wins: player won by resignation", restored.Verdict.Reason)

	// Take back forgets it, and the game goes on.
	st = s.state(200, "POST", path+"/undo", nil)
	assert.False(t, st.Verdict.Over)
	assert.NotEmpty(t, st.Turns)
	st = s.play(st, "d2d4")
	_, data = s.do("GET", path+"/pgn", nil)
	assert.Contains(t, string(data), `[Result "*"]`)
}

func TestFlagStopsTheEngineWithoutItsMove(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	path := "/api/games/" + st.ID
	done := make(chan int, 1)
	go func() {
		status, _ := s.do("POST", path+"/engine", map[string]int{"movetime": 20000})
		done <- status
	}()
	deadline := time.Now().Add(5 * time.Second)
	for s.state(200, "GET", path, nil).Searching != jobEngine {
		require.True(t, time.Now().Before(deadline), "the engine never started")
		time.Sleep(5 * time.Millisecond)
	}
	st = s.state(200, "POST", path+"/result", map[string]string{"result": "0-1", "termination": "time forfeit"})
	assert.Equal(t, 0, st.Plies, "the engine's move after the flag is not played")
	assert.Equal(t, "Black wins on time", st.Verdict.Reason)
	select {
	case status := <-done:
		assert.Equal(t, 409, status)
	case <-time.After(5 * time.Second):
		t.Fatal("the engine's request did not end")
	}
}

const multiPGN = `[Event "Rated Blitz game"]
[White "Anna"]
[Black "Bela"]
[Result "0-1"]
[Termination "Normal"]

1. e4 { [%eval 0.2] [%clk 0:03:00] } 1... e5 { [%clk 0:02:58] } 2. Nf3 $1 { [%clk 0:02:55] } (2. f4 exf4 $6 { gambit } (2... d5)) 2... Nc6 { develops [%clk 0:02:50] } 3. Bc4 Nf6?! 4. Ng5 $14 $0 0-1

[Event "Second"]
[Result "1-0"]

1. d4 d5 2. c4 1-0

{ a comment alone makes a game for the reader }
`

func TestPGNLoadKeepsResultAndSaysWhatItLeaves(t *testing.T) {
	s := newTestServer(t)
	st := s.state(201, "POST", "/api/games", map[string]string{"pgn": multiPGN})
	require.NotNil(t, st.PGN)
	assert.Equal(t, pgnView{Games: 3, Game: 1, Titles: []string{"1. Anna - Bela, Rated Blitz game 0-1", "2.  - , Second 1-0", "3.  -  *"},
		Variations: 1, Commands: true}, *st.PGN)
	assert.Equal(t, verdictView{Over: true, Result: "0-1", Termination: "Normal", Winner: "black", Reason: "Black wins, as the PGN records it", Declared: true}, st.Verdict)
	var glyphs []string
	for _, m := range st.Moves {
		glyphs = append(glyphs, m.SAN+m.Glyph)
	}
	assert.Equal(t, "e4 e5 Nf3! Nc6 Bc4 Nf6?! Ng5", strings.Join(glyphs, " "))
	assert.Equal(t, "[%clk 0:02:58]", st.Moves[1].Comment, "the page shows the clock")

	_, data := s.do("GET", "/api/games/"+st.ID+"/pgn", nil)
	out := string(data)
	// Variations, NAGs and the [%clk]/[%eval] commands go back out whole.
	for _, want := range []string{`[Result "0-1"]`, `[Termination "Normal"]`, "1. e4 {[%eval 0.20] [%clk 0:03:00]} 1... e5 {[%clk 0:02:58]} 2. Nf3! {[%clk 0:02:55]}",
		"( 2. f4 exf4?! {gambit} ( 2... d5 ) ) 2... Nc6 {[%clk 0:02:50] develops} 3. Bc4 Nf6?! 4. Ng5 $14 0-1"} {
		assert.Contains(t, strings.ReplaceAll(out, "\n", " "), want)
	}
	back, err := pgn.ParseString(out)
	require.NoError(t, err)
	_, moves, err := back[0].Replay()
	require.NoError(t, err)
	assert.Len(t, moves, 7)

	// The second game, chosen.
	st = s.state(201, "POST", "/api/games", map[string]any{"pgn": multiPGN, "game": 2})
	assert.Equal(t, 2, st.PGN.Game)
	assert.Equal(t, "1-0", st.Verdict.Result)
	assert.Zero(t, st.PGN.Variations)
	s.refuse(422, "game must be 1 to 3, not 4", "POST", "/api/games", map[string]any{"pgn": multiPGN, "game": 4})
	s.refuse(400, "give the pgn", "POST", "/api/games", map[string]any{"game": 2})

	// A checkmate stays the position's verdict whatever the tag says.
	st = s.state(201, "POST", "/api/games", map[string]string{"pgn": "[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2"})
	assert.Equal(t, "checkmate", st.Verdict.Termination)
	assert.False(t, st.Verdict.Declared)
	// A restore with glyphs keeps them; a bad one is refused.
	st = s.state(201, "POST", "/api/games", map[string]any{"moves": []map[string]string{{"move": "e2e4", "glyph": "!?"}}})
	assert.Equal(t, "!?", st.Moves[0].Glyph)
	s.refuse(400, "glyph", "POST", "/api/games", map[string]any{"moves": []map[string]string{{"move": "e2e4", "glyph": "+-"}}})
}

// scanPGN agrees with package pgn's reader on the games and their moves,
// whatever stands between them.
func TestScanPGNAgreesWithTheReader(t *testing.T) {
	texts := []string{
		multiPGN,
		"1. e4 e5 *",
		"[Event \"x\"]\n1.e4 e5 2.Nf3 [Event \"y\"]\n1. d4 *",
		"%escape\n; line comment 1. e4\n1. e4 ; 2. d4\n e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nc3 $10 $2 { c } 1-0\n{x} (1. a3) 1. h4 0-1",
		"1. e4 {[ } 1-0",
		"[Tag \"a \\\"]\\\" b\"]\n\n1. e4 $1 e5 $3 $4 2. Nf3!! Nc6?? *",
	}
	for _, text := range texts {
		games, err := pgn.ParseString(text)
		require.NoError(t, err, text)
		notes := scanPGN(text)
		require.Len(t, notes, len(games), text)
		for i, g := range games {
			assert.Equal(t, len(g.Moves), notes[i].moves, "game %d of %q", i+1, text)
		}
	}
	notes := scanPGN(texts[5])
	assert.Equal(t, map[int]string{0: "!", 1: "!!", 2: "!!", 3: "??"}, notes[0].glyphs)
	assert.Equal(t, []string{"$4"}, notes[0].dropped)
	notes = scanPGN(texts[3])
	assert.Equal(t, 1, notes[0].variations, "one variation of the main line, with what it nests")
	assert.Equal(t, map[int]string{2: "?"}, notes[0].glyphs)
	assert.Equal(t, []string{"$10"}, notes[0].dropped)
}

func TestTypedSANErrorsAsGoodAsUCI(t *testing.T) {
	cases := []struct {
		variant *board.Variant
		fen     string
		move    string
		want    string
	}{
		{board.Chess(), "", "Bc4", `illegal move "Bc4": the way from f1 to c4 is blocked`},
		{board.Chess(), "", "Nd2", `illegal move "Nd2": d2 holds white's own piece`},
		{board.Chess(), "", "e5", `illegal move "e5": the pawn on e2: it cannot move to e5`},
		{board.Chess(), "", "Ra3", `illegal move "Ra3": the way from a1 to a3 is blocked`},
		{board.Chess(), "", "Kd1", `illegal move "Kd1": d1 holds white's own piece`},
		{board.Chess(), "", "O-O", `castling that way is not allowed now`},
		{board.Chess(), "", "Qz9", `unparsable move`},
		{board.Chess(), "4k3/8/8/8/8/8/8/r3K2R w K - 0 1", "Rh2", `illegal move "Rh2": it does not answer the check`},
		{board.Chess(), "4k3/8/8/8/8/8/4r3/4K1NR w - - 0 1", "Nf3", `illegal move "Nf3": it does not answer the check`},
		{board.Chaturanga(), "", "e4", `illegal move "e4": the Padati on e2: no double step in chaturanga`},
		{board.DurgGame(), "", "Rb4", `illegal move "Rb4"`},
	}
	for _, c := range cases {
		p := c.variant.StartPosition()
		if c.fen != "" {
			var err error
			p, err = board.ParseFEN(c.variant, c.fen)
			require.NoError(t, err)
		}
		_, err := p.ParseSAN(c.move)
		require.Error(t, err, c.move)
		assert.Contains(t, explainSAN(&p, c.move, err), c.want, c.move)
	}
	assert.Equal(t, "x", explainSAN(nil, "e4", errors.New("x")), "other errors stand")
}

func TestMethodNotAllowed(t *testing.T) {
	s := newTestServer(t)
	st := s.newGame("chess", "")
	for _, c := range []struct{ method, path, allow string }{
		{"GET", "/api/games/" + st.ID + "/move", "POST"},
		{"PUT", "/api/games/" + st.ID, "GET, HEAD, DELETE"},
		{"GET", "/api/games", "POST"},
		{"POST", "/api/variants", "GET, HEAD"},
		{"DELETE", "/", "GET, HEAD"},
	} {
		req, err := http.NewRequest(c.method, s.ts.URL+c.path, nil)
		require.NoError(t, err)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, 405, resp.StatusCode, "%s %s", c.method, c.path)
		assert.Equal(t, c.allow, resp.Header.Get("Allow"), "%s %s", c.method, c.path)
	}
	s.refuse(405, "takes POST, not GET", "GET", "/api/games/"+st.ID+"/undo", nil)
	s.refuse(404, "no API call", "GET", "/api/nothing", nil)
	s.refuse(404, "no game", "POST", "/api/games/nope/move", map[string]string{"move": "e4"})

	resp, err := http.Get(s.ts.URL + "/favicon.ico")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "image/svg+xml", resp.Header.Get("Content-Type"))
}
