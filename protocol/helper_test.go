package protocol

import (
	"io"

	"senapati/bench"
	"senapati/board"
	"senapati/eval"
	"senapati/search"
	"senapati/wdl"
)

// testEngine is assembled as main assembles the playing engine.
type testEngine struct{ *search.Engine }

func (testEngine) Explain(p *board.Position) []string { return eval.Report(p) }

func (testEngine) WDL(p *board.Position, score int) (int, int, int) { return wdl.Of(p, score) }

func newTestSearchEngine(s search.Settings) *search.Engine {
	return search.NewEngine(s, search.Static(eval.Evaluate), eval.PieceValue)
}

func newTestUCI(out io.Writer) *UCI {
	return New(out, testEngine{newTestSearchEngine(search.DefaultSettings())}, Tools{Bench: bench.Command(newTestSearchEngine)})
}

func newTestCECP(out io.Writer) *CECP {
	return NewCECP(out, testEngine{newTestSearchEngine(search.DefaultSettings())}, Tools{})
}
