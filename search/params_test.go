package search

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

func TestParamSpecsAreConsistent(t *testing.T) {
	def := DefaultParams()
	seen := map[string]bool{}
	for _, s := range ParamSpecs {
		require.False(t, seen[s.Name], "%s twice", s.Name)
		seen[s.Name] = true
		require.True(t, s.Min <= s.Get(&def) && s.Get(&def) <= s.Max, "%s: default outside its range", s.Name)
		require.Positive(t, s.Step, s.Name)
	}
	// Every field of Params has a spec: setting each one changes Params.
	for _, s := range ParamSpecs {
		p := def
		*s.field(&p) = s.Min + (s.Get(&def)-s.Min+1)%(s.Max-s.Min+1)
		require.NotEqual(t, def, p, s.Name)
	}
	require.Equal(t, reflect.TypeFor[Params]().NumField(), len(ParamSpecs), "a field without a spec")
}

func TestParseParams(t *testing.T) {
	p, err := ParseParams("")
	require.NoError(t, err)
	require.Equal(t, DefaultParams(), p)
	require.Equal(t, "", p.String())

	p, err = ParseParams("rfpmargin=80, LMRBase=60")
	require.NoError(t, err)
	require.Equal(t, 80, p.RFPMargin)
	require.Equal(t, 60, p.LMRBase)
	require.Equal(t, "RFPMargin=80,LMRBase=60", p.String())
	back, err := ParseParams(p.String())
	require.NoError(t, err)
	require.Equal(t, p, back)

	for text, want := range map[string]string{
		"Foo=1":           `unknown parameter "Foo"`,
		"RFPMargin":       `"RFPMargin" is not name=value`,
		"RFPMargin=x":     `RFPMargin: "x" is not a whole number`,
		"RFPMargin=5000":  "RFPMargin: 5000 is outside 30..250",
		"NullDepthDiv=0":  "NullDepthDiv: 0 is outside 2..8",
		"LMRDivisor=-100": "LMRDivisor: -100 is outside 100..500",
		// Techniques measured and removed: their names are gone.
		"QChecks=1":         `unknown parameter "QChecks"`,
		"ProbCutMargin=200": `unknown parameter "ProbCutMargin"`,
		"EffortShare=93":    `unknown parameter "EffortShare"`,
		// A game's techniques are its profile, not constants.
		"QSearchTT=0": `unknown parameter "QSearchTT"`,
	} {
		_, err := ParseParams(text)
		require.ErrorContains(t, err, want, text)
	}
}

// The default reductions are the table the search was tuned with.
func TestDefaultReductions(t *testing.T) {
	def := DefaultParams()
	table := lmrReductions(&def)
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			require.Equal(t, int(0.75+math.Log(float64(d))*math.Log(float64(n))/2.25), int(table[d][n]), "depth %d move %d", d, n)
		}
	}
}

// A parameter reaches the search: the same search with another value
// visits another tree, and the defaults give the first tree back. The
// constants of a technique a game's profile leaves out change nothing
// there.
func TestParamsReachTheSearch(t *testing.T) {
	v := board.Chess()
	p, err := board.ParseFEN(v, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
	require.NoError(t, err)
	durg := board.DurgGame().StartPosition()
	nodesIn := func(p board.Position, depth int, params Params) uint64 {
		e := newTestEngine(1)
		s := e.Settings()
		s.Params = params
		e.Configure(s)
		return e.Search(context.Background(), p, nil, Limits{Depth: depth}, nil).Nodes
	}
	nodes := func(params Params) uint64 { return nodesIn(p, 9, params) }
	def := DefaultParams()
	base := nodes(def)
	for _, s := range []string{"LMRBase=150", "RFPMargin=40", "NullBase=5", "AspirationWindow=5", "HistoryBonusPerPly=300", "SingularDepth=5", "SingularMargin=6", "LMRBadCaptures=2", "TTKeepDepth=1", "CorrHist=50", "CaptureFutility=200", "TTCaptureLMR=2", "PriorBonus=200", "LMRDeeper=100", "LMRShallower=20"} {
		changed, err := ParseParams(s)
		require.NoError(t, err)
		require.NotEqual(t, base, nodes(changed), s)
	}
	require.Equal(t, base, nodes(def))
	// Chess's own (profile.singular, priorAndResearch): not in Durg's
	// search nor in chaturanga's.
	chessOnly, err := ParseParams("SingularDepth=5,SingularMargin=6,TTCaptureLMR=2,PriorBonus=200,LMRDeeper=100,LMRShallower=20")
	require.NoError(t, err)
	durgParams := func(params Params) uint64 { return nodesIn(durg, 11, params) }
	require.Equal(t, durgParams(def), durgParams(chessOnly))
	chaturanga := board.Chaturanga().StartPosition()
	require.Equal(t, nodesIn(chaturanga, 11, def), nodesIn(chaturanga, 11, chessOnly))
	// Accepted in every game: Durg's search uses each of them (a middlegame
	// with the call and a waiting Mantri at depth 9 meets all but the
	// table's keeping of deeper entries, which the start meets first at
	// depth 11).
	middlegame, err := board.ParseFEN(board.DurgGame(), "r1k5r/pp3p1pp/1d3bnd1/2p3p2/3NRh3/3P5/1D4P2/PPP3PPP/1K6R[BQ] w - - 0 21 4/2")
	require.NoError(t, err)
	for _, off := range []struct {
		setting string
		pos     board.Position
		depth   int
	}{
		{"CorrHist=50", middlegame, 9}, {"TTKeepDepth=1", durg, 11}, {"LMRBadCaptures=2", middlegame, 9},
		{"CaptureFutility=200", middlegame, 9},
	} {
		changed, err := ParseParams(off.setting)
		require.NoError(t, err)
		require.NotEqual(t, nodesIn(off.pos, off.depth, def), nodesIn(off.pos, off.depth, changed), off.setting)
	}
}

// The profiles say what is on where, and each of their switches reaches
// the search: a chess search with one of them turned off visits another
// tree (as does chaturanga's with the capture search's table turned on).
func TestProfilesReachTheSearch(t *testing.T) {
	require.Equal(t, profile{singular: true, pruneAtLMRDepth: true, spareChecks: true, priorAndResearch: true, qsearchTT: true}, profileOf(board.Chess()))
	require.Equal(t, profile{qsearchTT: true}, profileOf(board.DurgGame()))
	require.Equal(t, profile{}, profileOf(board.Chaturanga()))

	// nodes searches fen to each depth up to depth, with the game's profile
	// changed by change, on a worker a search of fen set up, its tables
	// cleared.
	nodes := func(v *board.Variant, fen string, depth int, change func(*profile)) uint64 {
		e := newTestEngine(1)
		p, err := board.ParseFEN(v, fen)
		require.NoError(t, err)
		e.Search(context.Background(), p, nil, Limits{Depth: 1}, nil)
		w := e.workers[0]
		e.TT.Clear()
		w.forget()
		e.stop.Store(false) // the set-up search ended stopped
		change(&w.prof)
		before := w.nodes
		for d := 1; d <= depth; d++ {
			w.search(0, d, -Infinity, Infinity, true)
		}
		return w.nodes - before
	}
	const italian = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	chess := func(change func(*profile)) uint64 { return nodes(board.Chess(), italian, 9, change) }
	base := chess(func(*profile) {})
	require.Equal(t, base, chess(func(*profile) {}), "the same search twice")
	for name, off := range map[string]func(*profile){
		"singular":         func(p *profile) { p.singular = false },
		"pruneAtLMRDepth":  func(p *profile) { p.pruneAtLMRDepth = false },
		"spareChecks":      func(p *profile) { p.spareChecks = false },
		"priorAndResearch": func(p *profile) { p.priorAndResearch = false },
		"qsearchTT":        func(p *profile) { p.qsearchTT = false },
	} {
		require.NotEqual(t, base, chess(off), name)
	}
	chaturanga := board.Chaturanga().StartFEN()
	require.NotEqual(t, nodes(board.Chaturanga(), chaturanga, 9, func(*profile) {}),
		nodes(board.Chaturanga(), chaturanga, 9, func(p *profile) { p.qsearchTT = true }))
}
