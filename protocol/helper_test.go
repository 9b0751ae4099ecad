package protocol

import (
	"io"

	"senapati/bench"
	"senapati/engine"
	"senapati/search"
)

// The tests drive the engine main plays with (package engine).
var newTestSearchEngine search.Factory = engine.Search

// testEngine is the playing engine, as a type tests can embed.
type testEngine struct{ *engine.Player }

func newTestEngine() testEngine { return testEngine{newPlayer()} }

// newPlayer is engine.New with the default settings, which name no file.
func newPlayer() *engine.Player {
	p, err := engine.New(search.DefaultSettings())
	if err != nil {
		panic(err)
	}
	return p
}

func newTestUCI(out io.Writer) *UCI {
	return New(out, newPlayer(), Tools{Bench: bench.Command(newTestSearchEngine)})
}

func newTestCECP(out io.Writer) *CECP {
	return NewCECP(out, newTestEngine(), Tools{})
}
