package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/pgn"
	"senapati/uciclient"
)

// TestArbiterResults plays scripted games through real processes and the
// arbiter: each ends by one rule of its variant, and the PGN replays.
func TestArbiterResults(t *testing.T) {
	cases := []struct {
		name, variant, fen string
		white, black       []string
		result, reason     string
	}{
		{"ChessCheckmate", "chess", "", []string{"f2f3", "g2g4"}, []string{"e7e5", "d8h4"}, "0-1", "Black mates"},
		{"ChessRepetition", "chess", "", []string{"g1f3", "f3g1", "g1f3", "f3g1"}, []string{"g8f6", "f6g8", "g8f6", "f6g8"}, "1/2-1/2", "Draw by 3-fold repetition"},
		{"ChessStalemate", "chess", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", []string{"f1f7"}, nil, "1/2-1/2", "Draw by stalemate"},
		{"ChessInsufficientMaterial", "chess", "4k3/8/8/8/8/8/3r4/4KN2 w - - 0 1", []string{"e1d2"}, nil, "1/2-1/2", "Draw by insufficient mating material"},
		{"ChessFiftyMoves", "chess", "7k/8/8/8/8/8/8/R6K w - - 99 80", []string{"a1a2"}, nil, "1/2-1/2", "Draw by 50-move rule"},
		{"ChaturangaCheckmate", "chaturanga", "k7/2K4p/8/8/8/8/8/1R6 w - - 0 1", []string{"b1a1"}, nil, "1-0", "White mates"},
		{"ChaturangaStalematedSideWins", "chaturanga", "k7/2K5/8/p1Q5/P7/8/8/8 w - - 0 1", []string{"c5b6"}, nil, "0-1", "Black is stalemated and wins"},
		{"ChaturangaBareRaja", "chaturanga", "k7/2K5/1Q6/8/8/7p/8/7R w - - 0 1", []string{"h1h3"}, nil, "1-0", "White wins: bare Raja"},
		{"ChaturangaMoveRule", "chaturanga", "3k4/8/8/8/8/8/r7/R3K3 w - - 99 80", []string{"e1f1"}, nil, "1/2-1/2", "Draw by 50-move rule"},
		{"ChaturangaRepetition", "chaturanga", "", []string{"b1c3", "c3b1", "b1c3", "c3b1"}, []string{"b8c6", "c6b8", "b8c6", "c6b8"}, "1/2-1/2", "Draw by 3-fold repetition"},
		{"DurgCheckmate", "durg", "1r6k/9/9/9/9/9/9/2d6/K8[] b - - 0 1 0/0", nil, []string{"b9a9"}, "0-1", "Black mates"},
		{"DurgStalemate", "durg", "9/8p/9/9/3b5/9/9/2k6/K8[] b - - 0 1 0/0", nil, []string{"d5c4"}, "1/2-1/2", "Draw by stalemate"},
		{"DurgMoveRule", "durg", "r3k4/9/9/9/9/9/9/9/R3K4[] w - - 59 40 0/0", []string{"a1b1"}, nil, "1/2-1/2", "Draw by 30-move rule"},
		{"DurgInsufficientMaterial", "durg", "4k4/9/9/9/9/9/2r6/9/1N2K4[] w - - 0 1 5/5", []string{"b1c3"}, nil, "1/2-1/2", "Draw by insufficient mating material"},
		{"DurgRepetition", "durg", "", []string{"b1c3", "c3b1", "b1c3", "c3b1"}, []string{"b9c7", "c7b9", "b9c7", "c7b9"}, "1/2-1/2", "Draw by 3-fold repetition"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			pgn := filepath.Join(dir, "games.pgn")
			args := append(fake("W", "script", c.white...), fake("B", "script", c.black...)...)
			args = append(args, "-variant", c.variant, "-each", "depth=1", "-pgnout", pgn)
			if c.fen != "" {
				book := filepath.Join(dir, "book.epd")
				require.NoError(t, os.WriteFile(book, []byte(c.fen+"\n"), 0o644))
				args = append(args, "-openings", "file="+book)
			}
			out, _, err := runMatch(t, context.Background(), args...)
			require.NoError(t, err)
			require.Contains(t, out, "Finished game 1 (W vs B): "+c.result+" {"+c.reason+"}")
			games := readGames(t, pgn)
			require.Len(t, games, 1)
			require.Equal(t, termNormal, tagOf(games[0], "Termination"))
			require.Equal(t, c.variant, tagOf(games[0], "Variant"))
			replay(t, games[0])
		})
	}
}

func TestAdjudicator(t *testing.T) {
	t.Run("Resign", func(t *testing.T) {
		a := adjudicator{Adjudication: Adjudication{Resign: true, ResignMoveCount: 3, ResignScore: 500}}
		plies := 0
		move := func(c board.Color, score int) (board.Result, string) {
			plies++
			return a.afterMove(c, score, true, plies)
		}
		for _, s := range []int{-600, -600} {
			r, _ := move(board.White, s)
			require.Equal(t, board.Ongoing, r)
			r, _ = move(board.Black, 600)
			require.Equal(t, board.Ongoing, r)
		}
		r, _ := move(board.White, -499) // not low enough: the count starts again
		require.Equal(t, board.Ongoing, r)
		for range 2 {
			move(board.Black, 0)
			r, _ = move(board.White, -500)
			require.Equal(t, board.Ongoing, r)
		}
		move(board.Black, 0)
		r, reason := move(board.White, -uciclient.MateScore+3)
		require.Equal(t, board.BlackWins, r)
		require.Equal(t, "Black wins by adjudication", reason)
	})
	t.Run("ResignTwoSided", func(t *testing.T) {
		a := adjudicator{Adjudication: Adjudication{Resign: true, ResignMoveCount: 1, ResignScore: 300, ResignTwoSided: true}}
		r, _ := a.afterMove(board.White, 0, true, 1)
		require.Equal(t, board.Ongoing, r)
		r, _ = a.afterMove(board.Black, -400, true, 2) // White does not agree
		require.Equal(t, board.Ongoing, r)
		r, _ = a.afterMove(board.White, 350, true, 3)
		require.Equal(t, board.Ongoing, r)
		r, _ = a.afterMove(board.Black, -400, true, 4)
		require.Equal(t, board.WhiteWins, r)
	})
	t.Run("Draw", func(t *testing.T) {
		a := adjudicator{Adjudication: Adjudication{Draw: true, DrawMoveNumber: 4, DrawMoveCount: 2, DrawScore: 10}}
		// Plies 1-5 are quiet but come before move 4; ply 6 breaks the run.
		scores := []int{5, -10, 10, 0, 3, 11, 0, 0, 0}
		for i, s := range scores {
			r, _ := a.afterMove(board.Color(i%2), s, true, i+1)
			require.Equal(t, board.Ongoing, r, "ply %d", i+1)
		}
		// Four quiet plies in a row (7..10) and move 5 reached.
		r, reason := a.afterMove(board.Black, -2, true, 10)
		require.Equal(t, board.Draw, r)
		require.Equal(t, "Draw by adjudication", reason)
		// A move without a score breaks the run.
		a = adjudicator{Adjudication: Adjudication{Draw: true, DrawMoveCount: 1, DrawScore: 10}}
		a.afterMove(board.White, 0, true, 1)
		r, _ = a.afterMove(board.Black, 0, false, 2)
		require.Equal(t, board.Ongoing, r)
	})
	t.Run("MaxMoves", func(t *testing.T) {
		a := adjudicator{Adjudication: Adjudication{MaxMoves: 2}}
		r, _ := a.afterMove(board.Black, 0, false, 3)
		require.Equal(t, board.Ongoing, r)
		r, reason := a.afterMove(board.Black, 0, false, 4)
		require.Equal(t, board.Draw, r)
		require.Equal(t, "Draw by adjudication: 2 moves played", reason)
	})
}

func TestClock(t *testing.T) {
	var tc40, tcInc, st, depth TimeControl
	require.NoError(t, parseTC("40/60", &tc40))
	require.NoError(t, parseTC("10+0.1", &tcInc))
	st.MoveTime = 50 * time.Millisecond
	depth.Depth = 3

	clocks := [2]clock{{tc: tc40, left: 30 * time.Second, moves: 39}, {tc: tc40, left: time.Minute}}
	cmd, limit := goCommand(board.White, &clocks)
	require.Equal(t, "go wtime 30000 btime 60000 movestogo 1", cmd)
	require.Equal(t, 30*time.Second, limit)
	clocks[0].spend(10 * time.Second) // 40th move: a new period starts
	require.Equal(t, 80*time.Second, clocks[0].left)
	cmd, _ = goCommand(board.Black, &clocks)
	require.Equal(t, "go wtime 80000 btime 60000 movestogo 40", cmd)

	clocks = [2]clock{{tc: tcInc, left: tcInc.Base}, {tc: tcInc, left: tcInc.Base}}
	clocks[1].spend(2500 * time.Millisecond)
	require.Equal(t, 7600*time.Millisecond, clocks[1].left)
	cmd, _ = goCommand(board.White, &clocks)
	require.Equal(t, "go wtime 10000 btime 7600 winc 100 binc 100", cmd)
	clocks[1].spend(time.Minute) // overran within the margin: nothing left but the increment
	require.Equal(t, 100*time.Millisecond, clocks[1].left)

	st.Depth, st.Nodes = 9, 1000
	clocks = [2]clock{{tc: st}, {tc: depth}}
	cmd, limit = goCommand(board.White, &clocks)
	require.Equal(t, "go movetime 50 depth 9 nodes 1000", cmd)
	require.Equal(t, 50*time.Millisecond, limit)
	cmd, limit = goCommand(board.Black, &clocks)
	require.Equal(t, "go depth 3", cmd)
	require.Zero(t, limit)
	clocks[1].spend(time.Hour)
	require.Zero(t, clocks[1].left)
}

func TestPositionCommand(t *testing.T) {
	v := board.DurgGame()
	require.Equal(t, "position startpos", positionCommand(v, v.StartFEN(), nil))
	require.Equal(t, "position startpos moves e2e4 B@c9,e8e6", positionCommand(v, v.StartFEN(), []string{"e2e4", "B@c9,e8e6"}))
	fen := "r3k4/9/9/9/9/9/9/9/R3K4[] w - - 59 40 0/0"
	require.Equal(t, "position fen "+fen+" moves a1b1", positionCommand(v, fen, []string{"a1b1"}))
}

func TestMoveComment(t *testing.T) {
	th := uciclient.Thought{HasScore: true, CP: -37, Depth: 5, Elapsed: 1234 * time.Millisecond}
	require.Equal(t, "-0.37/5 1.234s", moveComment(&th, PGNFields{}, -1, nil))
	th.CP, th.Mate, th.Depth = uciclient.MateScore-3, 3, 9
	require.Equal(t, "+M3/9 1.234s", moveComment(&th, PGNFields{}, -1, nil))
	th.CP, th.Mate = -uciclient.MateScore+2, -2
	require.Equal(t, "-M2/9 1.234s", moveComment(&th, PGNFields{}, -1, nil))
	require.Equal(t, "0.012s", moveComment(&uciclient.Thought{Elapsed: 12 * time.Millisecond}, PGNFields{}, -1, nil))

	// pv=true: the principal variation in the PGN's notation, cut at its
	// first move that is not legal (an engine's junk never reaches the PGN).
	start := board.Chess().StartPosition()
	th.CP, th.Mate, th.PV = 20, 0, strings.Fields("e2e4 e7e5 g1f3 e1e3 b8c6")
	require.Equal(t, "+0.20/9 1.234s, pv=e4 e5 Nf3", moveComment(&th, PGNFields{PV: true}, -1, &start))
	require.Equal(t, "+0.20/9 1.234s, pv=e2-e4 e7-e5 Ng1-f3", moveComment(&th, PGNFields{PV: true, Notation: pgn.LAN}, -1, &start))
	require.Equal(t, "+0.20/9 1.234s, tl=1.500s, pv=e2e4 e7e5 g1f3", moveComment(&th, PGNFields{PV: true, TimeLeft: true, Notation: pgn.UCI}, 1500*time.Millisecond, &start))
	th.CP, th.Depth, th.PV = 5, 11, strings.Fields("}{x e2e4")
	require.Equal(t, "+0.05/11 1.234s", moveComment(&th, PGNFields{PV: true}, -1, &start))
}

func TestPGNText(t *testing.T) {
	v := board.Chess()
	spec := &gameSpec{number: 7, white: 0, black: 1, firstWhite: true, pair: 4}
	r := &gameResult{spec: spec, white: "A", black: `B "quoted"`, variant: v,
		startFEN: "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2",
		moves:    []moveRecord{{move: "g2g4", comment: "+0.10/3 0.010s"}, {move: "d8h4", comment: "+M1/3 0.020s"}},
		result:   board.BlackWins, reason: "Black mates", termination: termNormal,
		date: time.Date(2025, 3, 4, 0, 0, 0, 0, time.UTC), tc: [2]TimeControl{{Depth: 3}, {Depth: 3}}}
	want := `[Event "ev"]
[Site "here"]
[Date "2025.03.04"]
[Round "7"]
[White "A"]
[Black "B 'quoted'"]
[Result "0-1"]
[WhiteNumber "1"]
[BlackNumber "2"]
[Pair "4"]
[Variant "chess"]
[SetUp "1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2"]
[TimeControl "-"]
[Termination "normal"]
[PlyCount "2"]

2. g4 {+0.10/3 0.010s} 2... Qh4# {+M1/3 0.020s, Black mates} 0-1

`
	require.Equal(t, want, r.pgn("ev", "here", false))
	require.Contains(t, r.pgn("ev", "here", true), "\n2. g4 Qh4# {Black mates} 0-1\n")

	// Black to move first, long games wrap at 79 columns, differing clocks.
	r.startFEN = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	r.moves = nil
	for i := range 30 {
		r.moves = append(r.moves, moveRecord{move: []string{"g8f6", "g1f3", "f6g8", "f3g1"}[i%4], comment: "book"})
	}
	r.tc[1] = TimeControl{MoveTime: time.Second}
	text := r.pgn("ev", "here", false)
	require.Contains(t, text, "[TimeControl \"?\"]\n[WhiteTimeControl \"-\"]\n[BlackTimeControl \"1/move\"]\n")
	require.Contains(t, text, "\n1... Nf6 {book} 2. Nf3 {book} 2... Ng8")
	for _, line := range strings.Split(text, "\n") {
		require.LessOrEqual(t, len(line), 79)
	}
	games, err := pgn.ParseString(text + text)
	require.NoError(t, err)
	require.Len(t, games, 2)
	require.Len(t, games[1].Moves, 30)
	require.Equal(t, "book, Black mates", games[1].LastComment())
	require.Equal(t, `B 'quoted'`, tagOf(games[1], "Black"), "quotes become apostrophes (see tagText)")
}

func TestTimeLossReason(t *testing.T) {
	require.Equal(t, "White loses on time (62 ms over the limit, margin 50 ms)", timeLoss("White", 62*time.Millisecond+400*time.Microsecond, 50*time.Millisecond, true))
	require.Equal(t, "Black loses on time (still thinking 51 ms over the limit)", timeLoss("Black", 51*time.Millisecond, 0, false))
}
