package match

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"senapati/board"
)

// Opening is where a game starts: a position and moves played from it
// before the engines take over (recorded in the PGN as book moves).
type Opening struct {
	FEN   string   // as the board package writes it
	Moves []string // UCI notation of RULES.md (checkOpening converts SAN)
}

// checkOpening normalises an opening and makes sure a game can follow it.
func checkOpening(v *board.Variant, o *Opening) error {
	pos, err := board.ParseFEN(v, o.FEN)
	if err != nil {
		return fmt.Errorf("invalid %s FEN %q: %v", v.Name(), o.FEN, err)
	}
	o.FEN = pos.FEN()
	g := board.NewGame(pos)
	for i, s := range o.Moves {
		m, err := g.Position().ParseSAN(s)
		if err != nil {
			return fmt.Errorf("move %d: %v", i+1, err)
		}
		o.Moves[i] = g.Position().MoveString(m)
		g.Play(m)
	}
	if r, reason := judge(g); r != board.Ongoing {
		return fmt.Errorf("the game is already over (%s)", reason)
	}
	return nil
}

// parseEPDLine reads the position of an EPD line: the four position fields,
// optionally followed by the FEN's counters or by EPD operations.
func parseEPDLine(v *board.Variant, line string) (string, error) {
	fields := strings.Fields(line)
	var firstErr error
	for n := min(len(fields), 7); n >= 4; n-- {
		fen := strings.Join(fields[:n], " ")
		if _, err := board.ParseFEN(v, fen); err == nil {
			return fen, nil
		} else if n == 4 {
			firstErr = err
		}
	}
	if firstErr == nil {
		firstErr = fmt.Errorf("needs at least 4 fields, got %d", len(fields))
	}
	return "", firstErr
}

// readEPD reads one position per line; empty lines and lines starting with
// # are skipped.
func readEPD(v *board.Variant, r io.Reader) ([]Opening, error) {
	var out []Opening
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fen, err := parseEPDLine(v, line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		o := Opening{FEN: fen}
		if err := checkOpening(v, &o); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		out = append(out, o)
	}
	return out, sc.Err()
}

// pgnGame is one game of a PGN file: its tags, its moves as written, its
// result token and the comment just before it (the reason of the result).
type pgnGame struct {
	tags        map[string]string
	moves       []string
	result      string
	lastComment string
}

// parsePGN splits PGN text into games. It skips comments, variations, NAGs
// and move numbers; it does not check the moves.
func parsePGN(r io.Reader) ([]pgnGame, error) {
	var games []pgnGame
	var cur *pgnGame
	var commentText strings.Builder
	comment, variation := false, 0
	begin := func() {
		if cur == nil {
			cur = &pgnGame{tags: map[string]string{}}
		}
	}
	end := func(result string) {
		begin()
		cur.result = result
		games = append(games, *cur)
		cur = nil
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !comment && strings.HasPrefix(line, "[") {
			if cur != nil && len(cur.moves) > 0 { // a game without a result token
				end("*")
			}
			begin()
			name, value, _ := strings.Cut(strings.Trim(line, "[]"), " ")
			value = strings.TrimSpace(value)
			if uq, err := strconv.Unquote(value); err == nil {
				value = uq
			}
			cur.tags[name] = value
			continue
		}
		for i := 0; i < len(line); {
			c := line[i]
			switch {
			case comment:
				j := strings.IndexByte(line[i:], '}')
				if j < 0 {
					commentText.WriteString(line[i:] + " ")
					i = len(line)
				} else {
					commentText.WriteString(line[i : i+j])
					comment, i = false, i+j+1
					if cur != nil && variation == 0 {
						cur.lastComment = strings.TrimSpace(commentText.String())
					}
				}
				continue
			case c == '{':
				comment, i = true, i+1
				commentText.Reset()
				continue
			case c == ';' || c == '%' && i == 0:
				i = len(line)
				continue
			case c == '(' || c == ')':
				if c == '(' {
					variation++
				} else {
					variation = max(variation-1, 0)
				}
				i++
				continue
			case c == ' ' || c == '\t':
				i++
				continue
			}
			j := i
			for j < len(line) && !strings.ContainsRune(" \t{};()", rune(line[j])) {
				j++
			}
			word := line[i:j]
			i = j
			if variation > 0 || word[0] == '$' {
				continue
			}
			switch word {
			case "1-0", "0-1", "1/2-1/2", "*":
				end(word)
				continue
			}
			if k := strings.TrimLeft(word, "0123456789"); len(k) < len(word) && strings.HasPrefix(k, ".") {
				word = strings.TrimLeft(k, ".") // a move number
			}
			if word != "" {
				begin()
				cur.moves = append(cur.moves, word)
				cur.lastComment = ""
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if cur != nil && len(cur.moves) > 0 {
		end("*")
	}
	return games, nil
}

// readPGN reads openings from games whose moves are in SAN (as -pgnout
// writes them) or in the UCI notation of RULES.md, mixed as they come: each
// game's FEN tag (or the start position) and its first plies moves (all
// when plies is 0).
func readPGN(v *board.Variant, r io.Reader, plies int) ([]Opening, error) {
	games, err := parsePGN(r)
	if err != nil {
		return nil, err
	}
	out := make([]Opening, 0, len(games))
	for i, g := range games {
		if name, ok := g.tags["Variant"]; ok && !strings.EqualFold(name, v.Name()) && !(v == board.Chess() && strings.EqualFold(name, "standard")) {
			return nil, fmt.Errorf("game %d is variant %s, the match plays %s", i+1, name, v.Name())
		}
		o := Opening{FEN: v.StartFEN(), Moves: g.moves}
		if fen, ok := g.tags["FEN"]; ok {
			o.FEN = fen
		}
		if plies > 0 && len(o.Moves) > plies {
			o.Moves = o.Moves[:plies]
		}
		if err := checkOpening(v, &o); err != nil {
			return nil, fmt.Errorf("game %d: %v", i+1, err)
		}
		out = append(out, o)
	}
	return out, nil
}

// loadOpenings reads the -openings file.
func loadOpenings(v *board.Variant, o *OpeningConfig) ([]Opening, error) {
	f, err := os.Open(o.File)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var all []Opening
	if o.Format == "pgn" {
		all, err = readPGN(v, f, o.Plies)
	} else {
		all, err = readEPD(v, f)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", o.File, err)
	}
	if len(all) < o.Start {
		return nil, fmt.Errorf("%s: start=%d but the file holds %d openings", o.File, o.Start, len(all))
	}
	return all[o.Start-1:], nil
}

// pickOpenings chooses n openings: in file order, or shuffled by the seed,
// starting over when the book runs out.
func pickOpenings(book []Opening, n int, shuffle bool, seed uint64) []Opening {
	order := make([]int, len(book))
	for i := range order {
		order[i] = i
	}
	if shuffle {
		rand.New(rand.NewPCG(seed, 0x6f70656e)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	out := make([]Opening, n)
	for i := range out {
		out[i] = book[order[i%len(order)]]
	}
	return out
}

// scoreChecker asks an engine for its score of a position (centipawns,
// side to move's view; mates are beyond any bound).
type scoreChecker func(ctx context.Context, position string) (int, error)

// engineChecker searches with go depth D (or go nodes N) on a fresh game.
func engineChecker(e *Engine, o *OpeningConfig, stall time.Duration) scoreChecker {
	goCmd := fmt.Sprintf("go depth %d", o.Depth)
	if o.Nodes > 0 {
		goCmd = fmt.Sprintf("go nodes %d", o.Nodes)
	}
	return func(ctx context.Context, position string) (int, error) {
		if err := e.newGame(ctx, stall); err != nil {
			return 0, err
		}
		t, err := e.think(ctx, position, goCmd, stall)
		if err != nil {
			return 0, err
		}
		if !t.hasScore {
			return 0, fmt.Errorf("%s gave no score for %s", e.label(), position)
		}
		return t.cp, nil
	}
}

// randomOpenings plays seeded random playouts of plies moves from the start
// position and keeps n distinct ones the checker scores within bound (all,
// when bound is 0 or check is nil). It reports how many it discarded.
func randomOpenings(ctx context.Context, v *board.Variant, n, plies, bound int, seed uint64, check scoreChecker) ([]Opening, int, error) {
	rng := rand.New(rand.NewPCG(seed, 0x72616e64))
	seen := map[uint64]bool{}
	var out []Opening
	discarded := 0
	var ml board.MoveList
	for tries := 0; len(out) < n; tries++ {
		if tries > 100*n+1000 {
			return nil, discarded, fmt.Errorf("found only %d of %d openings within %d cp after %d playouts; raise bound= or lower plies=", len(out), n, bound, tries)
		}
		g := board.NewGame(v.StartPosition())
		o := Opening{FEN: v.StartFEN()}
		for len(o.Moves) < plies {
			g.Position().GenerateMoves(&ml)
			m := ml.Moves[rng.IntN(ml.N)]
			o.Moves = append(o.Moves, g.Position().MoveString(m))
			g.Play(m)
			if r, _ := judge(g); r != board.Ongoing {
				break
			}
		}
		if r, _ := judge(g); r != board.Ongoing || seen[g.Position().Hash()] {
			continue
		}
		seen[g.Position().Hash()] = true
		if check != nil && bound > 0 {
			score, err := check(ctx, positionCommand(v, o.FEN, o.Moves))
			if err != nil {
				return nil, discarded, err
			}
			if score > bound || score < -bound {
				discarded++
				continue
			}
		}
		out = append(out, o)
	}
	return out, discarded, nil
}
