package datagen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"senapati/board"
	"senapati/corpus"
	"senapati/search"
)

// Config is one data-generation run.
type Config struct {
	Variant *board.Variant
	Out     string // data file; appended to, and resumed, when it exists
	Nodes   uint64 // per move; 0 with Depth 0 means 5000
	Depth   int    // per move, instead of nodes
	Threads int    // games played at once
	HashMB  int    // each game's table
	Games   int    // games of this shard to have in the file; 0: until stopped
	Seed    uint64
	// EvalFile is a network file in place of its game's built-in one
	// ("": the built-in nets), as the EvalFile option.
	EvalFile string
	// Shard I of N (1-based): game k of this shard is game number I-1+N*k,
	// whose opening comes from Seed and that number alone.
	ShardIndex, ShardCount int
	// Openings: RandomPlies random moves, from the start or from a book
	// position; an opening the engine scores beyond OpeningBound
	// centipawns is drawn again.
	Book         []board.Position
	RandomPlies  int
	OpeningBound int
	// Adjudication: a win once every score of AdjWinPlies plies in a row
	// is at least AdjWin for the same side; a draw from ply AdjDrawFrom on
	// once AdjDrawPlies scores in a row are within AdjDraw; a draw at
	// MaxPlies.
	AdjWin, AdjWinPlies                int
	AdjDraw, AdjDrawPlies, AdjDrawFrom int
	MaxPlies                           int
	Progress                           time.Duration // 0: no progress lines
}

// DefaultConfig is what the command starts from.
func DefaultConfig() Config {
	return Config{Variant: board.Chess(), Nodes: 5000, Threads: 1, HashMB: 16, Seed: 1,
		ShardIndex: 1, ShardCount: 1, RandomPlies: 8, OpeningBound: 300,
		AdjWin: 1500, AdjWinPlies: 6, AdjDraw: 10, AdjDrawPlies: 16, AdjDrawFrom: 80, MaxPlies: 600,
		Progress: 10 * time.Second}
}

// Summary is what a run added.
type Summary struct {
	Games, Positions int   // added by this run
	Before           int   // games already in the file
	Dropped          int64 // bytes of a torn last game cut off at the start
}

// Run plays games until cfg.Games are in the file or ctx ends; games in
// progress when it ends are dropped, every finished one is on disk. The
// engines come from newEngine, which main hands over (package engine), so
// the data is what the engine of this build judges.
func Run(ctx context.Context, cfg Config, newEngine search.Factory, progress io.Writer) (Summary, error) {
	var sum Summary
	if cfg.ShardCount < 1 || cfg.ShardIndex < 1 || cfg.ShardIndex > cfg.ShardCount {
		return sum, fmt.Errorf("shard %d/%d: want 1 <= I <= N", cfg.ShardIndex, cfg.ShardCount)
	}
	if cfg.Nodes == 0 && cfg.Depth == 0 {
		cfg.Nodes = 5000
	}
	cfg.Threads = max(cfg.Threads, 1)
	// The engines first: one the settings cannot make (a bad EvalFile)
	// ends the run before the file is made or touched.
	engines := make([]*search.Engine, cfg.Threads)
	for i := range engines {
		s := search.DefaultSettings()
		s.HashMB, s.EvalFile = max(cfg.HashMB, 1), cfg.EvalFile
		var err error
		if engines[i], err = newEngine(s); err != nil {
			return sum, err
		}
	}
	f, done, dropped, err := openForAppend(cfg.Out, cfg.Variant)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	sum.Dropped = dropped
	// Game k of this shard is played once its number is not in the file.
	var next atomic.Int64
	mine := 0
	for n := range done {
		if int(n%uint64(cfg.ShardCount)) == cfg.ShardIndex-1 {
			mine++
		}
	}
	sum.Before = mine
	claim := func() (uint64, bool) {
		for {
			k := next.Add(1) - 1
			if cfg.Games > 0 && k >= int64(cfg.Games) {
				return 0, false
			}
			n := uint64(cfg.ShardIndex-1) + uint64(cfg.ShardCount)*uint64(k)
			if !done[n] {
				return n, true
			}
		}
	}

	var (
		mu        sync.Mutex
		writeErr  error
		positions atomic.Int64
		games     atomic.Int64
	)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	write := func(g *Game) {
		b, err := AppendGame(nil, g)
		mu.Lock()
		defer mu.Unlock()
		if err == nil && writeErr == nil {
			_, err = f.Write(b)
		}
		if err != nil && writeErr == nil {
			writeErr = fmt.Errorf("writing %s: %w", cfg.Out, err)
			cancel()
			return
		}
		if writeErr == nil {
			positions.Add(int64(len(g.Records)))
			games.Add(1)
		}
	}

	start := time.Now()
	stopProgress := make(chan struct{})
	var progressDone sync.WaitGroup
	if cfg.Progress > 0 && progress != nil {
		progressDone.Add(1)
		go func() {
			defer progressDone.Done()
			t := time.NewTicker(cfg.Progress)
			defer t.Stop()
			for {
				select {
				case <-stopProgress:
					return
				case <-t.C:
					fmt.Fprintln(progress, progressLine(time.Since(start), int(games.Load()), int(positions.Load()), mine, cfg.Games))
				}
			}
		}()
	}

	var wg sync.WaitGroup
	for _, e := range engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := &player{cfg: &cfg, engine: e}
			for ctx.Err() == nil {
				n, ok := claim()
				if !ok {
					return
				}
				g, err := p.play(ctx, n)
				if err != nil {
					if ctx.Err() == nil {
						mu.Lock()
						if writeErr == nil {
							writeErr = err
						}
						mu.Unlock()
						cancel()
					}
					return
				}
				write(g)
			}
		}()
	}
	wg.Wait()
	close(stopProgress)
	progressDone.Wait()
	sum.Games, sum.Positions = int(games.Load()), int(positions.Load())
	if progress != nil && cfg.Progress > 0 {
		fmt.Fprintln(progress, progressLine(time.Since(start), sum.Games, sum.Positions, mine, cfg.Games))
	}
	if err := f.Sync(); err != nil && writeErr == nil {
		writeErr = fmt.Errorf("writing %s: %w", cfg.Out, err)
	}
	return sum, writeErr
}

func progressLine(el time.Duration, games, positions, before, target int) string {
	rate := float64(positions) / max(el.Seconds(), 1e-3)
	line := fmt.Sprintf("datagen: %d games (%d before), %d positions, %.1f positions/s, %.2f games/min",
		games, before, positions, rate, float64(games)/max(el.Minutes(), 1e-6))
	if target > 0 && games > 0 {
		left := target - before - games
		eta := time.Duration(float64(el) / float64(games) * float64(max(left, 0)))
		line += fmt.Sprintf(", %d of %d games, ETA %v", before+games, target, eta.Round(time.Second))
	}
	return line
}

// openForAppend opens (or creates) a data file of variant v for
// appending: it reads the games already there, cuts off a torn last
// block, and returns the game numbers present.
func openForAppend(path string, v *board.Variant) (*os.File, map[uint64]bool, int64, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, 0, err
	}
	fail := func(err error) (*os.File, map[uint64]bool, int64, error) {
		f.Close()
		return nil, nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		return fail(err)
	}
	done := map[uint64]bool{}
	if st.Size() == 0 {
		if _, err := f.Write(Header(v)); err != nil {
			return fail(err)
		}
		return f, done, 0, nil
	}
	rd, err := NewReader(f, st.Size())
	if err != nil {
		return fail(fmt.Errorf("%s: %w", path, err))
	}
	if rd.Variant() != v {
		return fail(fmt.Errorf("%s holds %s games, not %s", path, rd.Variant().Name(), v.Name()))
	}
	var g Game
	for {
		err := rd.Next(&g)
		if err == io.EOF {
			break
		}
		if errors.Is(err, ErrTorn) {
			break // the end of an interrupted run: cut off below
		}
		if errors.Is(err, corpus.ErrDamaged) {
			continue // its game is played again: its number is not known
		}
		if err != nil {
			return fail(fmt.Errorf("%s: %w", path, err))
		}
		done[g.Number] = true
	}
	end := rd.Offset()
	dropped := st.Size() - end
	if dropped > 0 {
		if err := f.Truncate(end); err != nil {
			return fail(err)
		}
	}
	if _, err := f.Seek(end, io.SeekStart); err != nil {
		return fail(err)
	}
	return f, done, dropped, nil
}

// player plays one thread's games with its own engine.
type player struct {
	cfg    *Config
	engine *search.Engine
	ml     board.MoveList
	hashes []uint64 // history's keys of game, up to last
	game   *board.Game
	last   board.Position
}

func (p *player) limits() search.Limits {
	return search.Limits{Nodes: p.cfg.Nodes, Depth: p.cfg.Depth}
}

// gameSeed mixes the run's seed with a game number (splitmix64), so every
// game's opening depends on those two alone.
func gameSeed(seed, n uint64) uint64 {
	z := seed ^ (n+1)*0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// opening draws a start for game n: a book position or the start, then
// random moves, again until the engine scores it within the bound.
func (p *player) opening(ctx context.Context, n uint64) (*board.Game, error) {
	cfg := p.cfg
	rng := rand.New(rand.NewPCG(gameSeed(cfg.Seed, n), 0x6461746167656e))
	for tries := 0; tries < 1000; tries++ {
		start := cfg.Variant.StartPosition()
		if len(cfg.Book) > 0 {
			start = cfg.Book[rng.IntN(len(cfg.Book))]
		}
		g := board.NewGame(start)
		for i := 0; i < cfg.RandomPlies && !g.Verdict().Over(); i++ {
			g.Position().GenerateMoves(&p.ml)
			g.Play(p.ml.Moves[rng.IntN(p.ml.N)])
		}
		if g.Verdict().Over() {
			continue
		}
		if cfg.OpeningBound > 0 {
			p.engine.NewGame()
			r := p.engine.Search(ctx, *g.Position(), p.history(g), p.limits(), nil)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if r.Score > cfg.OpeningBound || r.Score < -cfg.OpeningBound {
				continue
			}
		}
		return g, nil
	}
	return nil, fmt.Errorf("no opening within %d cp after 1000 tries: raise -bound or lower -random", cfg.OpeningBound)
}

// history is the keys of g's positions before the current one, kept up
// to date by replaying only the moves played since the last call.
func (p *player) history(g *board.Game) []uint64 {
	if p.game != g { // held here, g's memory cannot be another game's

		p.game, p.hashes, p.last = g, append(p.hashes[:0], g.Start.Hash()), g.Start
	}
	for _, m := range g.Moves[len(p.hashes)-1:] {
		p.last.DoMove(m)
		p.hashes = append(p.hashes, p.last.Hash())
	}
	return p.hashes[:len(p.hashes)-1]
}

// play plays game number n to its end.
func (p *player) play(ctx context.Context, n uint64) (*Game, error) {
	cfg := p.cfg
	g, err := p.opening(ctx, n)
	if err != nil {
		return nil, err
	}
	p.engine.NewGame()
	out := &Game{Number: n}
	winRun, drawRun := 0, 0
	for ply := 0; ; ply++ {
		if v := g.Verdict(); v.Over() {
			out.Termination = uint8(v.Termination)
			out.Result = resultCode(v.Winner)
			return out, nil
		}
		if len(out.Records) >= min(cfg.MaxPlies, maxGamePositions) {
			out.Termination, out.Result = MaxLength, Drawn
			return out, nil
		}
		pos := g.Position()
		r := p.engine.Search(ctx, *pos, p.history(g), p.limits(), nil)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if r.Best == board.NoMove {
			return nil, fmt.Errorf("game %d: no move found in %s", n, pos.FEN())
		}
		var rec Record
		if err := pos.Pack(rec.Pos[:]); err != nil {
			return nil, fmt.Errorf("game %d: %w", n, err)
		}
		rec.Score = int16(max(min(r.Score, 32767), -32767))
		if pos.InCheck() {
			rec.Flags |= FlagInCheck
		}
		if !pos.IsQuiet(r.Best) {
			rec.Flags |= FlagNotQuiet
		}
		out.Records = append(out.Records, rec)

		white := r.Score
		if pos.SideToMove() == board.Black {
			white = -white
		}
		switch {
		case white >= cfg.AdjWin:
			winRun = max(winRun, 0) + 1
		case white <= -cfg.AdjWin:
			winRun = min(winRun, 0) - 1
		default:
			winRun = 0
		}
		if cfg.AdjWin > 0 && (winRun >= cfg.AdjWinPlies || -winRun >= cfg.AdjWinPlies) {
			out.Termination, out.Result = AdjudicatedWin, WhiteWon
			if winRun < 0 {
				out.Result = BlackWon
			}
			return out, nil
		}
		if white <= cfg.AdjDraw && white >= -cfg.AdjDraw {
			drawRun++
		} else {
			drawRun = 0
		}
		if cfg.AdjDrawPlies > 0 && ply >= cfg.AdjDrawFrom && drawRun >= cfg.AdjDrawPlies {
			out.Termination, out.Result = AdjudicatedDraw, Drawn
			return out, nil
		}
		g.Play(r.Best)
	}
}

func resultCode(w board.Winner) uint8 {
	switch w {
	case board.WhiteWon:
		return WhiteWon
	case board.BlackWon:
		return BlackWon
	}
	return Drawn
}
