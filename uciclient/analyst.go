package uciclient

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

// StartAnalyst starts the engine that settings describe (the key=value
// words of Config.Apply: cmd=, arg=, option.NAME=, ...) for variant v; goCmd is
// what each position is searched with, such as "go depth 8", and limit
// bounds one answer.
func StartAnalyst(ctx context.Context, settings []string, v *board.Variant, goCmd string, limit time.Duration) (*Analyst, error) {
	var cfg Config
	for _, kv := range settings {
		if err := cfg.Apply(kv); err != nil {
			return nil, err
		}
	}
	if cfg.Cmd == "" {
		return nil, fmt.Errorf("the engine needs cmd=")
	}
	if err := CheckLine("go command", goCmd); err != nil {
		return nil, err
	}
	e, err := Start(ctx, &cfg, v, 10*time.Second, stderrLog{})
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
	if err := CheckLine("FEN", fen); err != nil {
		return 0, err
	}
	t, err := a.e.Think(ctx, "position fen "+fen, a.goCmd, a.limit)
	switch {
	case err != nil && !a.e.Alive():
		return 0, fmt.Errorf("%s", a.e.ExitNote())
	case err != nil:
		return 0, err
	case !t.HasScore:
		return 0, fmt.Errorf("%s answered bestmove %s without a score", a.e.Label(), t.Move)
	}
	return t.CP, nil
}

// Close ends the engine.
func (a *Analyst) Close() { a.e.Quit() }

// stderrLog is an Analyst's Log: warnings on stderr. WarnOnce needs no
// memory: a log serves one engine, whose handshake names each option once.
type stderrLog struct{}

func (stderrLog) Warn(format string, args ...any)          { fmt.Fprintf(os.Stderr, format+"\n", args...) }
func (l stderrLog) WarnOnce(_, format string, args ...any) { l.Warn(format, args...) }
func (stderrLog) Traffic(string, ...any)                   {}
func (stderrLog) EngineNote(string, ...any)                {}
