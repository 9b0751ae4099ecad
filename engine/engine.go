// Package engine is the one place the playing engine is assembled: the
// search with the evaluation the settings choose (a game's network where
// one is used, the hand-crafted evaluation elsewhere), plus what the
// protocols ask of it beyond searching. main builds the protocols' engine
// with New and hands Search, a search.Factory, to bench, datagen, suite
// and the web board.
package engine

import (
	"fmt"

	"senapati/board"
	"senapati/eval"
	"senapati/nnue"
	"senapati/search"
	"senapati/wdl"
)

// New is the playing engine the settings describe: the search with the
// evaluation they choose, and what the protocols ask of it beyond
// searching. An EvalFile that cannot be used is an error naming the file
// and why, never the built-in nets in its place: a tool handed a bad file
// refuses it, as the protocols' EvalFile option does.
func New(s search.Settings) (*Player, error) {
	nets, err := nnue.Choose(s.UseNNUE, s.EvalFile)
	if err != nil {
		return nil, fmt.Errorf("EvalFile: %w", err)
	}
	return &Player{Engine: search.NewEngine(s, evaluation(nets, s.MoveRule), eval.PieceValue), nets: nets}, nil
}

// Search is New for the tools that drive the search alone (bench,
// datagen, suite, the web board): the factory main hands them.
func Search(s search.Settings) (*search.Engine, error) {
	p, err := New(s)
	if err != nil {
		return nil, err
	}
	return p.Engine, nil
}

var _ search.Factory = Search

// evaluation makes each thread's evaluation under the move rule the game
// is played by.
func evaluation(nets nnue.Nets, rule search.MoveRule) search.NewEvaluation {
	return func() search.Evaluation {
		e := &perGame{nets: nets, rule: rule, pawns: eval.NewPawnCache()}
		if len(nets) > 0 {
			e.net = nnue.NewEvaluation(nets)
		}
		return e
	}
}

// perGame is one thread's evaluation: the game's net where one is used,
// the hand-crafted evaluation elsewhere, or both where the game's net is
// residual (a correction of the hand-crafted score, trained as one),
// chosen once a search by the root's game. Both fade toward a draw by the
// move rule: the hand-crafted one itself, the net's score here, since the
// clock is not among its inputs.
type perGame struct {
	nets     nnue.Nets
	rule     search.MoveRule
	net      *nnue.Evaluation // nil without nets
	pawns    *eval.PawnCache  // the hand-crafted evaluation's, this thread's own
	useNet   bool             // the root's game has a net
	residual bool             // and it corrects the hand-crafted score
	moves    int              // the move rule of the root's game
}

func (e *perGame) SetRoot(root *board.Position) {
	v := root.Variant()
	n := e.nets[v]
	e.moves, e.useNet, e.residual = e.rule.For(v), n != nil, n != nil && n.Residual
	if e.useNet {
		e.net.SetRoot(root)
	}
}

func (e *perGame) Played(ply int, parent, child *board.Position, m board.Move) {
	if e.useNet {
		e.net.Played(ply, parent, child, m)
	}
}

func (e *perGame) Evaluate(ply int, pos *board.Position) int {
	switch {
	case e.residual:
		return e.pawns.EvaluateRule(pos, e.moves) + eval.MoveRuleScale(pos, e.net.Evaluate(ply, pos), e.moves)
	case e.useNet:
		return eval.MoveRuleScale(pos, e.net.Evaluate(ply, pos), e.moves)
	}
	return e.pawns.EvaluateRule(pos, e.moves)
}

// Player is what the protocols drive: the search engine, the evaluation's
// explanation for `eval`, and the win/draw/loss model of UCI_ShowWDL.
type Player struct {
	*search.Engine
	nets nnue.Nets
}

// Configure changes the settings between searches; a change of the
// evaluation's settings (the nets, the move rule) swaps every thread's
// evaluation.
func (p *Player) Configure(s search.Settings) {
	old := p.Engine.Settings()
	if s.UseNNUE != old.UseNNUE || s.EvalFile != old.EvalFile {
		nets, err := nnue.Choose(s.UseNNUE, s.EvalFile)
		if err != nil { // checked when set; gone or changed since
			s.EvalFile = old.EvalFile
			nets, _ = nnue.Choose(s.UseNNUE, s.EvalFile)
		}
		p.nets = nets
		p.Engine.SetEvaluation(evaluation(nets, s.MoveRule))
	} else if s.MoveRule != old.MoveRule {
		p.Engine.SetEvaluation(evaluation(p.nets, s.MoveRule))
	}
	p.Engine.Configure(s)
}

// CheckEvalFile reads a network file without using it and describes it.
func (p *Player) CheckEvalFile(path string) (string, error) {
	n, err := nnue.ReadNetFile(path)
	if err != nil {
		return "", err
	}
	return n.Describe(), nil
}

// Explain lists the hand-crafted evaluation's terms under the move rule in
// force and, where a network scores this game, the network's score beside
// them.
func (p *Player) Explain(pos *board.Position) []string {
	lines := eval.Report(pos, p.Settings().MoveRule.For(pos.Variant()))
	if n := p.nets[pos.Variant()]; n != nil && n.Residual {
		lines = append(lines, fmt.Sprintf("NNUE correction %+.2f (side to move), added to the hand-crafted score above for the score the search uses; %s", float64(n.Evaluate(pos))/100, n.Describe()))
	} else if n != nil {
		lines = append(lines, fmt.Sprintf("NNUE evaluation %+.2f (side to move), the score the search uses; %s", float64(n.Evaluate(pos))/100, n.Describe()))
	} else {
		lines = append(lines, "NNUE: none for "+pos.Variant().Name()+"; the search uses the hand-crafted score above")
	}
	return lines
}

// WDL is the win/draw/loss model of UCI_ShowWDL.
func (p *Player) WDL(pos *board.Position, score int) (int, int, int) { return wdl.Of(pos, score) }
