package match

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"senapati/board"
	"senapati/epd"
	"senapati/pgn"
	"senapati/uciclient"
)

// Opening is where a game starts: a position and moves played from it
// before the engines take over (recorded in the PGN as book moves).
type Opening struct {
	FEN   string   // as the board package writes it
	Moves []string // UCI notation of RULES.md
}

// checkOpening normalises an opening and makes sure a game can follow it.
func checkOpening(v *board.Variant, o *Opening) error {
	pos, err := board.ParseFEN(v, o.FEN)
	if err != nil {
		return fmt.Errorf("invalid %s FEN %q: %v", v.Name(), o.FEN, err)
	}
	moves := make([]board.Move, len(o.Moves))
	p := pos
	for i, s := range o.Moves {
		if moves[i], err = p.ParseSAN(s); err != nil {
			return fmt.Errorf("move %d: %v", i+1, err)
		}
		p.DoMove(moves[i])
	}
	*o, err = newOpening(pos, moves)
	return err
}

// newOpening is the opening of legal moves from start, if a game can
// follow it.
func newOpening(start board.Position, moves []board.Move) (Opening, error) {
	o := Opening{FEN: start.FEN(), Moves: make([]string, len(moves))}
	g := board.NewGame(start)
	for i, m := range moves {
		o.Moves[i] = g.Position().MoveString(m)
		g.Play(m)
	}
	if r, reason := judge(g); r != board.Ongoing {
		return Opening{}, fmt.Errorf("the game is already over (%s)", reason)
	}
	return o, nil
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
	err := epd.Lines(r, func(_ int, line string) error {
		fen, err := parseEPDLine(v, line)
		if err != nil {
			return err
		}
		o := Opening{FEN: fen}
		if err := checkOpening(v, &o); err != nil {
			return err
		}
		out = append(out, o)
		return nil
	})
	return out, err
}

// readPGN reads openings from games whose moves are in SAN (as -pgnout
// writes them) or in the UCI notation of RULES.md, mixed as they come: each
// game's FEN tag (or the start position) and its first plies moves (all
// when plies is 0). A game without a Variant tag is of the match's variant.
func readPGN(v *board.Variant, r io.Reader, plies int) ([]Opening, error) {
	var out []Opening
	i := 0
	for g, err := range pgn.Games(r) {
		if err != nil {
			return nil, err
		}
		i++
		where := fmt.Sprintf("game %d (line %d)", i, g.Line)
		if name, ok := g.Tag("Variant"); ok {
			if gv, err := g.Variant(); err != nil || gv != v {
				return nil, fmt.Errorf("%s is variant %s, the match plays %s", where, name, v.Name())
			}
		}
		if plies > 0 && len(g.Moves) > plies {
			g.Moves = g.Moves[:plies]
		}
		start, moves, err := g.ReplayAs(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		o, err := newOpening(start, moves)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		out = append(out, o)
	}
	return out, nil
}

// bookFormat is the format of a book: format= when given, else the file's
// extension (.pgn or .epd, also before .gz, in any case), else what the
// text starts with ('[': a PGN tag; anything else: EPD).
func bookFormat(o *OpeningConfig, r *bufio.Reader) string {
	if o.Format != "" {
		return o.Format
	}
	name := strings.TrimSuffix(strings.ToLower(o.File), ".gz")
	switch {
	case strings.HasSuffix(name, ".pgn"):
		return "pgn"
	case strings.HasSuffix(name, ".epd"):
		return "epd"
	case strings.HasSuffix(name, ".bin"):
		return "bin"
	}
	if r == nil { // not opened yet: only the name tells
		return ""
	}
	for n := 1; ; n++ {
		b, err := r.Peek(n)
		if err != nil || n > 4096 {
			return "epd"
		}
		switch c := b[n-1]; c {
		case ' ', '\t', '\r', '\n':
			continue
		case '[':
			return "pgn"
		default:
			return "epd"
		}
	}
}

// bookReader reads a book's text: through gzip when it is named .gz or
// starts as gzip does, and without a UTF-8 byte order mark.
func bookReader(name string, f io.Reader) (*bufio.Reader, error) {
	r := bufio.NewReader(f)
	if magic, _ := r.Peek(2); strings.HasSuffix(strings.ToLower(name), ".gz") || string(magic) == "\x1f\x8b" {
		z, err := gzip.NewReader(r)
		if err != nil {
			return nil, fmt.Errorf("not gzip: %v", err)
		}
		r = bufio.NewReader(&boundedReader{r: z, max: maxBookBytes})
	}
	if bom, _ := r.Peek(3); string(bom) == "\ufeff" {
		_, _ = r.Discard(3)
	}
	return r, nil
}

// loadOpenings reads the -openings file.
func loadOpenings(v *board.Variant, o *OpeningConfig) ([]Opening, error) {
	f, err := openBook(o.File)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := bookReader(o.File, f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", o.File, err)
	}
	var all []Opening
	if bookFormat(o, r) == "pgn" {
		all, err = readPGN(v, r, o.Plies)
	} else {
		all, err = readEPD(v, r)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", o.File, err)
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("%s: no opening in the file", o.File)
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
func engineChecker(e *uciclient.Engine, o *OpeningConfig, stall time.Duration) scoreChecker {
	goCmd := fmt.Sprintf("go depth %d", o.Depth)
	if o.Nodes > 0 {
		goCmd = fmt.Sprintf("go nodes %d", o.Nodes)
	}
	return func(ctx context.Context, position string) (int, error) {
		if err := e.NewGame(ctx, stall); err != nil {
			return 0, err
		}
		t, err := e.Think(ctx, position, goCmd, stall)
		if err != nil {
			return 0, err
		}
		if !t.HasScore {
			return 0, fmt.Errorf("%s gave no score for %s", e.Label(), position)
		}
		return t.CP, nil
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

// openings prepares one opening per slot; checker scores random openings
// (nil when the first engine is not a UCI engine).
func (t *tournament) openings(ctx context.Context, checker *uciclient.Engine, n int) ([]Opening, error) {
	cfg, o := t.cfg, &t.cfg.Openings
	v := cfg.Variant
	switch o.Kind {
	case openingsFile:
		if bookFormat(o, nil) == "bin" {
			book, err := waitOr(ctx, func() ([]polyglotEntry, error) { return readPolyglot(o.File) }, nil)
			if err != nil {
				return nil, err
			}
			ops, err := polyglotOpenings(v, book, n, o.Plies, o.Start, o.Random, o.Seed)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", o.File, err)
			}
			how := "in the book's order"
			if o.Random {
				how = fmt.Sprintf("chosen by weight, seed %d", o.Seed)
			}
			depth := "to the book's end"
			if o.Plies > 0 {
				depth = fmt.Sprintf("of at most %d plies", o.Plies)
			}
			t.out.line("Openings: %d lines of the Polyglot book %s (%d entries) %s, %s", n, o.File, len(book), depth, how)
			return ops, nil
		}
		book, err := waitOr(ctx, func() ([]Opening, error) { return loadOpenings(v, o) }, nil)
		if err != nil {
			return nil, err
		}
		return pickOpenings(book, n, o.Random, o.Seed), nil
	case openingsRandom:
		plies := o.Plies
		if plies == 0 {
			plies = 8
		}
		var check scoreChecker
		how := "unchecked"
		if o.Bound > 0 && checker == nil {
			return nil, fmt.Errorf("-openings random bound=%d: the first engine scores the openings with go, and %s speaks CECP; put a UCI engine first or give bound=0", o.Bound, cfg.Engines[0].Name)
		}
		if o.Bound > 0 {
			check = engineChecker(checker, o, cfg.Stall)
			how = fmt.Sprintf("go depth %d", o.Depth)
			if o.Nodes > 0 {
				how = fmt.Sprintf("go nodes %d", o.Nodes)
			}
			how = fmt.Sprintf("kept within %d cp by %s of %s", o.Bound, cfg.Engines[0].Name, how)
		}
		ops, discarded, err := randomOpenings(ctx, v, n, plies, o.Bound, o.Seed, check)
		if err != nil {
			return nil, fmt.Errorf("random openings: %v", err)
		}
		t.out.line("Openings: %d random playouts of %d plies, seed %d, %s, %d discarded", n, plies, o.Seed, how, discarded)
		return ops, nil
	case openingsFRC, openingsDFRC:
		return frcOpenings(o.Kind == openingsDFRC, n, o.Random, o.Start, o.Seed), nil
	}
	ops := make([]Opening, n)
	for i := range ops {
		ops[i] = Opening{FEN: v.StartFEN()}
	}
	return ops, nil
}
