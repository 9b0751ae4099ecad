// Command moverule counts the games of PGN files (as `senapati match
// -pgnout` writes them) that the move rule drew while one side was
// clearly ahead: a material lead (the evaluation's midgame piece values,
// a pawn 1) at or beyond -lead. No capture came in the last plies of such
// a game, so that lead stood over all of them; the engines' own scores
// there are no measure, since ours fade toward zero as the move rule
// nears. Those are the games an engine failed to convert in time (issue
// 15's measure); each is listed with its final material, the engines'
// mean score over its last -plies plies, and its FEN, so that a reader can
// tell whether that material wins.
//
//	go run ./tools/moverule [-lead 3] [-plies 10] GAMES.pgn...
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"senapati/board"
	"senapati/eval"
	"senapati/pgn"
)

// mateLead stands for a mate score in a mean: beyond any lead asked for.
const mateLead = 10000

// finding is one game the move rule drew with a lead.
type finding struct {
	number, plies int
	round, fen    string
	white, black  string  // the players' names
	lead          float64 // material, White's view, in pawns
	score         float64 // the engines' mean score over the last plies, White's view, in pawns
	scored        bool
	fresh         float64 // our static score, White's view, with the move-rule count at 0
}

// tally is what one file held.
type tally struct {
	games, moveRule int
	leads           []finding
}

func main() {
	lead := flag.Float64("lead", 3, "the material lead in pawns that should have won")
	plies := flag.Int("plies", 10, "the last plies whose scores are averaged for the listing")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./tools/moverule [-lead 3] [-plies 10] GAMES.pgn...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 || *lead <= 0 || *plies < 1 {
		flag.Usage()
		os.Exit(2)
	}
	status := 0
	for _, name := range flag.Args() {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			status = 1
			continue
		}
		t, err := count(f, *lead, *plies)
		f.Close()
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
			status = 1
			continue
		}
		report(os.Stdout, name, t, *lead, *plies)
	}
	os.Exit(status)
}

func report(w io.Writer, name string, t tally, lead float64, plies int) {
	fmt.Fprintf(w, "%s: %d games, %d drawn by the move rule, %d of them with a material lead of %.1f pawns or more\n",
		name, t.games, t.moveRule, len(t.leads), lead)
	for _, f := range t.leads {
		score := "no scores"
		if f.scored {
			score = fmt.Sprintf("score %+.2f over the last %d plies", f.score, plies)
		}
		fmt.Fprintf(w, "  game %d (round %s, %s v %s), %d plies, material %+.1f (%s), %s, static %+.2f with the count at 0: %s\n",
			f.number, f.round, f.white, f.black, f.plies, f.lead, material(f.fen), score, f.fresh, f.fen)
	}
}

// count reads the games of r.
func count(r io.Reader, lead float64, plies int) (tally, error) {
	var t tally
	for g, err := range pgn.Games(r) {
		if err != nil {
			return t, err
		}
		t.games++
		if g.Result != board.Draw || len(g.Moves) == 0 || !strings.Contains(g.Moves[len(g.Moves)-1].Comment, "-move rule") {
			continue
		}
		t.moveRule++
		pos, moves, err := g.Replay() // the start position and the moves
		if err != nil {
			return t, fmt.Errorf("game %d: %v", t.games, err)
		}
		for _, m := range moves {
			pos.DoMove(m)
		}
		balance := materialBalance(&pos)
		if balance < lead && balance > -lead {
			continue
		}
		f := finding{number: t.games, plies: len(moves), fen: pos.FEN(), lead: balance, fresh: freshScore(pos)}
		f.round, _ = g.Tag("Round")
		f.white, _ = g.Tag("White")
		f.black, _ = g.Tag("Black")
		// The mover of the last ply is the side not to move at the end.
		mover := pos.SideToMove() ^ 1
		sum, n := 0.0, 0
		for i := len(moves) - 1; i >= 0 && i >= len(moves)-plies; i-- {
			if cp, mate, ok := pgn.CommentEval(g.Moves[i].Comment); ok {
				s := float64(cp) / 100
				switch {
				case mate > 0:
					s = mateLead
				case mate < 0:
					s = -mateLead
				}
				if mover == board.Black {
					s = -s
				}
				sum += s
				n++
			}
			mover ^= 1
		}
		if n > 0 {
			f.score, f.scored = sum/float64(n), true
		}
		t.leads = append(t.leads, f)
	}
	return t, nil
}

// freshScore is the static evaluation of p (White's view, pawns) as if
// the move-rule count were 0: what the evaluation thinks of the material
// without the fade toward the rule's draw.
func freshScore(p board.Position) float64 {
	fields := strings.Fields(p.FEN())
	fields[4] = "0" // the halfmove clock in every game's FEN
	q, err := board.ParseFEN(p.Variant(), strings.Join(fields, " "))
	if err != nil {
		panic(err) // a FEN of ours with another count is ours too
	}
	s := eval.Evaluate(&q)
	if q.SideToMove() == board.Black {
		s = -s
	}
	return float64(s) / 100
}

// materialBalance is White's material minus Black's in pawns, by the
// evaluation's midgame values (kings and Durgs left out).
func materialBalance(p *board.Position) float64 {
	v := p.Variant()
	pawn := float64(eval.PieceValue(v, board.Pawn))
	sum := 0.0
	for t := board.Pawn; t < board.NumTypes; t++ {
		if t == board.King || t == board.Durg || !v.HasType(t) {
			continue
		}
		n := p.Pieces(board.White, t).Count() - p.Pieces(board.Black, t).Count()
		sum += float64(n*eval.PieceValue(v, t)) / pawn
	}
	return sum
}

// material spells a FEN's pieces White's first, such as "KRN v K".
func material(fen string) string {
	placement, _, _ := strings.Cut(fen, " ")
	placement, _, _ = strings.Cut(placement, "[")
	var white, black []byte
	for i := 0; i < len(placement); i++ {
		switch c := placement[i]; {
		case c >= 'A' && c <= 'Z':
			white = append(white, c)
		case c >= 'a' && c <= 'z':
			black = append(black, c-'a'+'A')
		}
	}
	order := func(b []byte) string {
		sort.Slice(b, func(i, j int) bool {
			return strings.IndexByte("KQRBNAFDP", b[i]) < strings.IndexByte("KQRBNAFDP", b[j])
		})
		return string(b)
	}
	return order(white) + " v " + order(black)
}
