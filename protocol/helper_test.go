package protocol

import (
	"io"

	"senapati/bench"
	"senapati/engine"
	"senapati/search"
)

// The tests drive the engine main plays with (package engine).
var newTestSearchEngine = engine.NewSearch

// testEngine is the playing engine, as a type tests can embed.
type testEngine struct{ *engine.Player }

func newTestEngine() testEngine { return testEngine{engine.New(search.DefaultSettings())} }

func newTestUCI(out io.Writer) *UCI {
	return New(out, engine.New(search.DefaultSettings()), Tools{Bench: bench.Command(newTestSearchEngine)})
}

func newTestCECP(out io.Writer) *CECP {
	return NewCECP(out, newTestEngine(), Tools{})
}
