package match

import (
	"context"
	"fmt"
	"os"
	"time"

	"senapati/board"
)

// Analyst is a UCI engine kept running to score positions one after
// another (for `senapati label`), with a match player's process handling:
// handshake, option checks, and a kill of its whole process tree at the end.
type Analyst struct {
	e     *Engine
	goCmd string
	limit time.Duration
}

// MateScore is the centipawn value Analyst.Score gives a mate now; a mate
// in n moves is MateScore-n, being mated in n -(MateScore-n).
const MateScore = mateCP

// StartAnalyst starts the engine that settings describe (the key=value
// words of -engine: cmd=, arg=, option.NAME=, ...) for variant v; goCmd is
// what each position is searched with, such as "go depth 8", and limit
// bounds one answer.
func StartAnalyst(ctx context.Context, settings []string, v *board.Variant, goCmd string, limit time.Duration) (*Analyst, error) {
	var cfg EngineConfig
	for _, kv := range settings {
		if err := cfg.apply(kv); err != nil {
			return nil, err
		}
	}
	if cfg.Cmd == "" {
		return nil, fmt.Errorf("the engine needs cmd=")
	}
	if err := checkLine("go command", goCmd); err != nil {
		return nil, err
	}
	e, err := startEngine(ctx, &cfg, v, 10*time.Second, &printer{out: os.Stderr, errOut: os.Stderr})
	if err != nil {
		return nil, err
	}
	return &Analyst{e: e, goCmd: goCmd, limit: limit}, nil
}

// Score searches the position of FEN fen and returns the engine's score
// in centipawns, side to move's view (mates as MateScore describes). An engine that answers without
// a score, dies, or takes longer than the limit is an error; after one
// the analyst is of no further use.
func (a *Analyst) Score(ctx context.Context, fen string) (int, error) {
	if err := checkLine("FEN", fen); err != nil {
		return 0, err
	}
	t, err := a.e.think(ctx, "position fen "+fen, a.goCmd, a.limit)
	switch {
	case err != nil && !a.e.alive():
		return 0, fmt.Errorf("%s", a.e.exitNote())
	case err != nil:
		return 0, err
	case !t.hasScore:
		return 0, fmt.Errorf("%s answered bestmove %s without a score", a.e.label(), t.move)
	}
	return t.cp, nil
}

// Close ends the engine.
func (a *Analyst) Close() { a.e.quit() }
