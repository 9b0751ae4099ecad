package tune

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"senapati/board"
	"senapati/eval"
	"senapati/pgn"
)

// sample is one quiet position of a game with the game's result, from
// White's point of view (1 a White win, 0.5 a draw, 0 a loss).
type sample struct {
	pos    board.Position
	result float64
	game   int // index of its game over all files read
}

// loadStats counts what reading the games kept and dropped.
type loadStats struct {
	games, skippedGames, positions, quiet int
	read                                  int // games read over all files, skipped ones too
}

// loadGames replays every game of PGN text r in variant v and keeps its
// quiet positions after the first skip plies: not in check, the game not
// over, the capture search finds nothing better than the static score
// (so the evaluation alone is fitted, not tactics it cannot see), and that
// score within bound (beyond it the result says little about the weights:
// a won game, or dead material far ahead). Games
// without a decisive or drawn result, or of another variant, are skipped;
// a move that does not replay is an error naming the game.
func loadGames(v *board.Variant, r io.Reader, skip, every, bound int, st *loadStats) ([]sample, error) {
	var out []sample
	gi := 0
	for g, err := range pgn.Games(r) {
		if err != nil {
			return nil, err
		}
		gi++
		st.read++
		result, ok := map[board.Result]float64{board.WhiteWins: 1, board.BlackWins: 0, board.Draw: 0.5}[g.Result]
		if gv, err := g.Variant(); !ok || err != nil || gv != v {
			st.skippedGames++
			continue
		}
		p, moves, err := g.ReplayAs(v)
		if err != nil {
			return nil, fmt.Errorf("game %d: %v", gi, err)
		}
		st.games++
		for ply, m := range moves {
			p.DoMove(m)
			if ply+1 < skip {
				continue
			}
			st.positions++
			if !isQuiet(&p) || abs(eval.Evaluate(&p)) > bound {
				continue
			}
			st.quiet++
			if st.quiet%every == 0 {
				out = append(out, sample{p, result, st.read})
			}
		}
	}
	return out, nil
}

// isQuiet: not in check, not decided by the rules, and no capture line
// changes the static score.
func isQuiet(p *board.Position) bool {
	if p.InCheck() || p.Verdict(0).Over() {
		return false
	}
	stand := eval.Evaluate(p)
	if abs(stand) >= decided {
		return false
	}
	return quiesce(p, -infinity, infinity, quietDepth) == stand
}

const (
	infinity   = 1 << 20
	decided    = 3000 // bare-Raja and other rule scores: nothing to fit
	quietDepth = 6
)

// quiesce is a small capture search (stand pat, captures only, checking
// replies left out) from the side to move's point of view.
func quiesce(p *board.Position, alpha, beta, depth int) int {
	best := eval.Evaluate(p)
	if depth == 0 || best >= beta {
		return best
	}
	alpha = max(alpha, best)
	var ml board.MoveList
	p.GenerateNoisy(&ml)
	for i := 0; i < ml.N; i++ {
		c := *p
		c.DoMove(ml.Moves[i])
		if c.InCheck() || c.Verdict(0).Over() {
			continue
		}
		if s := -quiesce(&c, -beta, -alpha, depth-1); s > best {
			best = s
			if s > alpha {
				alpha = s
				if s >= beta {
					break
				}
			}
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// readPositions reads labelled positions, one a line: a FEN, then the
// expected score for White in brackets, `[1.0]`, `[0.5]`, `[0.27]` or a
// result `[1-0]`, `[0-1]`, `[1/2-1/2]` (the format -epdout writes). The
// label may be a game's result or a stronger engine's judgement (see
// `senapati label`). Each line counts as a game of its own for -validate;
// blank lines and lines starting with # are skipped.
func readPositions(v *board.Variant, r io.Reader) ([]sample, error) {
	var out []sample
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		open, end := strings.LastIndexByte(text, '['), len(text)-1
		if open < 0 || text[end] != ']' {
			return nil, fmt.Errorf("line %d: no [label] after the FEN", line)
		}
		result, err := parseLabel(strings.TrimSpace(text[open+1 : end]))
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		p, err := board.ParseFEN(v, strings.TrimSpace(text[:open]))
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		out = append(out, sample{p, result, line})
	}
	return out, sc.Err()
}

// loadPositions reads labelled positions and keeps those the quiet
// filter and bound keep, as loadGames does.
func loadPositions(v *board.Variant, r io.Reader, every, bound int, st *loadStats) ([]sample, error) {
	all, err := readPositions(v, r)
	if err != nil {
		return nil, err
	}
	var out []sample
	for _, s := range all {
		st.read++
		st.games++
		st.positions++
		if !isQuiet(&s.pos) || abs(eval.Evaluate(&s.pos)) > bound {
			continue
		}
		st.quiet++
		if st.quiet%every == 0 {
			s.game = st.read
			out = append(out, s)
		}
	}
	return out, nil
}

func parseLabel(s string) (float64, error) {
	switch s {
	case "1-0":
		return 1, nil
	case "0-1":
		return 0, nil
	case "1/2-1/2":
		return 0.5, nil
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || !(x >= 0 && x <= 1) {
		return 0, fmt.Errorf("label %q is neither a result nor a score from 0 to 1", s)
	}
	return x, nil
}

// writePositions writes samples in the format readPositions reads.
func writePositions(w io.Writer, samples []sample) error {
	bw := bufio.NewWriter(w)
	for i := range samples {
		writePosition(bw, &samples[i].pos, strconv.FormatFloat(samples[i].result, 'f', -1, 64))
	}
	return bw.Flush()
}

// writePosition writes one line of a positions file: the FEN, then the
// label in brackets.
func writePosition(w io.Writer, p *board.Position, label string) {
	fmt.Fprintf(w, "%s [%s]\n", p.FEN(), label)
}
