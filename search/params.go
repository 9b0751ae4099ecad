package search

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"senapati/board"
)

// Params are the search's tunable constants, kept in one place so that a
// tuner can set them between searches (the UCI option SearchParams,
// tools/spsa, docs/tuning.md). The defaults are the values the bench
// signature was measured with.
type Params struct {
	RFPDepth, RFPMargin                          int // reverse futility: up to RFPDepth, RFPMargin cp a ply
	NullBase, NullDepthDiv, NullEvalDiv          int // null-move reduction: NullBase + depth/NullDepthDiv + (eval-beta)/NullEvalDiv
	FutilityDepth, FutilityBase, FutilityPerPly  int // quiet futility: up to FutilityDepth, FutilityBase + FutilityPerPly*depth cp
	SEEQuietPerPly2, SEECaptureDepth, SEECapture int // exchange pruning: quiet below -SEEQuietPerPly2*depth², capture below -SEECapture*depth up to SEECaptureDepth
	LMRBase, LMRDivisor, LMRHistoryDiv           int // late-move reduction: LMRBase/100 + ln d ln n / (LMRDivisor/100), less history/LMRHistoryDiv
	HistoryBonusPerPly, HistoryBonusMax          int // history bonus of a cutoff: min(HistoryBonusPerPly*depth, HistoryBonusMax)
	AspirationWindow                             int // first half-width of the root window, cp
	SingularDepth, SingularMargin                int // singular extensions: from this depth, the others SingularMargin cp a ply below the hash score
	LMRBadCaptures                               int // late captures that lose material by exchange are reduced this many plies
	TTKeepDepth                                  int // a non-exact store this many plies shallower than the same search's entry of its position keeps the entry
	PruneAtLMRDepth                              int // 1: quiet futility and exchange pruning judge a move by its reduced depth (late-move reduction less history), not the node's
	QSearchTT                                    int // 1: the capture search probes the table and stores its results at depth 0
	SpareChecks                                  int // 1: quiet moves that give check escape move-count, history and futility pruning (chess only)
	CorrHist                                     int // correction history: the static evaluation the pruning trusts is corrected by this % of the table's average error for the pawn structure
	CaptureFutility                              int // a capture up to FutilityDepth whose victim would not lift the static evaluation within CaptureFutility + FutilityPerPly*depth cp of alpha is skipped
	TTCaptureLMR                                 int // quiet moves at a node whose hash move is noisy are reduced this many plies more (0: no more)
	PriorBonus                                   int // a node that fails low rewards the quiet move that led to it with this % of a cutoff's history bonus (0: off)
	LMRDeeper, LMRShallower                      int // a reduced move that beats alpha is searched again a ply deeper when it beats the best by LMRDeeper + 2*depth cp, a ply shallower when by less than LMRShallower cp (0: off)
}

// DefaultParams are the search's constants as tuned so far.
func DefaultParams() Params {
	return Params{
		RFPDepth: 6, RFPMargin: 90,
		NullBase: 3, NullDepthDiv: 3, NullEvalDiv: 200,
		FutilityDepth: 8, FutilityBase: 100, FutilityPerPly: 110,
		SEEQuietPerPly2: 30, SEECaptureDepth: 6, SEECapture: 100,
		LMRBase: 75, LMRDivisor: 225, LMRHistoryDiv: 8192,
		HistoryBonusPerPly: 160, HistoryBonusMax: 1600,
		AspirationWindow: 25,
		SingularDepth:    7, SingularMargin: 2,
		LMRBadCaptures: 1,
		QSearchTT:      1, PruneAtLMRDepth: 1, SpareChecks: 1,
		PriorBonus: 100, LMRDeeper: 40, LMRShallower: 8, TTCaptureLMR: 1,
		CorrHist: 100, TTKeepDepth: 4, CaptureFutility: 100,
	}
}

// forGame is p as a search of variant v uses it: each technique is on only
// in the games where a match accepted it (at 10,000 nodes unless said).
//   - Chess alone: singular extensions (+13.3 ± 10.4; Durg -3.9 ± 14.2,
//     where they also left two Mantris against a bare Raja unconverted,
//     chaturanga +1.9 ± 10.3 in 2425 games); pruning by the reduced depth;
//     spared quiet checks (+33.3 ± 19.1); rewarding the quiet move before
//     a fail-low node, re-searching a reduced move deeper or shallower and
//     reducing more where the hash move is noisy (+8.6 ± 6.4 together).
//   - Chess and Durg: the capture search's table (+24.4 ± 15.7, +57.7 ±
//     22.1; chaturanga +0.6 ± 20.3 in 630 games).
//   - All three games, so plain code: correction history, the table keeping
//     much deeper entries, late losing captures reduced, capture futility,
//     only safe checks extended and the continuation row four plies back
//     (together chess +18.6 ± 11.2, chaturanga +13.4 ± 9.6, Durg +11.6 ±
//     8.4); Durg pruning by move count and by the zone-aware exchange
//     estimate as the other games do (+118.1 ± 29.0; before the estimate
//     knew the zones that pruning lost games there).
func (p Params) forGame(v *board.Variant) Params {
	if v.Game() == board.Chess() {
		return p
	}
	p.SingularDepth = MaxPly
	p.PruneAtLMRDepth, p.SpareChecks = 0, 0
	p.PriorBonus, p.LMRDeeper, p.LMRShallower, p.TTCaptureLMR = 0, 0, 0, 0
	if v.Game() != board.DurgGame() {
		p.QSearchTT = 0
	}
	return p
}

// ParamSpec is one tunable: its name, where it lives, the range a tuner
// may try and the step SPSA perturbs it by at first.
type ParamSpec struct {
	Name     string
	Min, Max int
	Step     int
	field    func(*Params) *int
}

// Get is the parameter's value in p.
func (s ParamSpec) Get(p *Params) int { return *s.field(p) }

// Field is where the parameter lives in p (a tuner sets it there).
func (s ParamSpec) Field(p *Params) *int { return s.field(p) }

// ParamSpecs lists every tunable, in the order SearchParams prints them.
var ParamSpecs = []ParamSpec{
	{"RFPDepth", 2, 12, 1, func(p *Params) *int { return &p.RFPDepth }},
	{"RFPMargin", 30, 250, 10, func(p *Params) *int { return &p.RFPMargin }},
	{"NullBase", 1, 6, 1, func(p *Params) *int { return &p.NullBase }},
	{"NullDepthDiv", 2, 8, 1, func(p *Params) *int { return &p.NullDepthDiv }},
	{"NullEvalDiv", 50, 600, 25, func(p *Params) *int { return &p.NullEvalDiv }},
	{"FutilityDepth", 2, 12, 1, func(p *Params) *int { return &p.FutilityDepth }},
	{"FutilityBase", 0, 400, 15, func(p *Params) *int { return &p.FutilityBase }},
	{"FutilityPerPly", 30, 300, 10, func(p *Params) *int { return &p.FutilityPerPly }},
	{"SEEQuietPerPly2", 5, 150, 5, func(p *Params) *int { return &p.SEEQuietPerPly2 }},
	{"SEECaptureDepth", 2, 12, 1, func(p *Params) *int { return &p.SEECaptureDepth }},
	{"SEECapture", 20, 400, 15, func(p *Params) *int { return &p.SEECapture }},
	{"LMRBase", 0, 200, 10, func(p *Params) *int { return &p.LMRBase }},
	{"LMRDivisor", 100, 500, 15, func(p *Params) *int { return &p.LMRDivisor }},
	{"LMRHistoryDiv", 1024, 65536, 1024, func(p *Params) *int { return &p.LMRHistoryDiv }},
	{"HistoryBonusPerPly", 20, 600, 20, func(p *Params) *int { return &p.HistoryBonusPerPly }},
	{"HistoryBonusMax", 200, 8000, 150, func(p *Params) *int { return &p.HistoryBonusMax }},
	{"AspirationWindow", 5, 200, 5, func(p *Params) *int { return &p.AspirationWindow }},
	{"SingularDepth", 4, 14, 1, func(p *Params) *int { return &p.SingularDepth }},
	{"SingularMargin", 1, 8, 1, func(p *Params) *int { return &p.SingularMargin }},
	{"LMRBadCaptures", 1, 3, 1, func(p *Params) *int { return &p.LMRBadCaptures }},
	{"TTKeepDepth", 1, 8, 1, func(p *Params) *int { return &p.TTKeepDepth }},
	{"PruneAtLMRDepth", 0, 1, 1, func(p *Params) *int { return &p.PruneAtLMRDepth }},
	{"QSearchTT", 0, 1, 1, func(p *Params) *int { return &p.QSearchTT }},
	{"SpareChecks", 0, 1, 1, func(p *Params) *int { return &p.SpareChecks }},
	{"CorrHist", 10, 200, 10, func(p *Params) *int { return &p.CorrHist }},
	{"CaptureFutility", 20, 600, 20, func(p *Params) *int { return &p.CaptureFutility }},
	{"TTCaptureLMR", 0, 2, 1, func(p *Params) *int { return &p.TTCaptureLMR }},
	{"PriorBonus", 0, 400, 25, func(p *Params) *int { return &p.PriorBonus }},
	{"LMRDeeper", 0, 300, 10, func(p *Params) *int { return &p.LMRDeeper }},
	{"LMRShallower", 0, 100, 4, func(p *Params) *int { return &p.LMRShallower }},
}

// String writes the parameters that differ from the defaults as
// name=value pairs ("" when none do): what ParseParams reads back.
func (p Params) String() string {
	def := DefaultParams()
	var parts []string
	for _, s := range ParamSpecs {
		if v := s.Get(&p); v != s.Get(&def) {
			parts = append(parts, s.Name+"="+strconv.Itoa(v))
		}
	}
	return strings.Join(parts, ",")
}

// ParseParams reads name=value pairs, separated by commas or spaces, over
// the defaults. Names are case-insensitive; a value outside its range, an
// unknown name or a malformed pair is an error naming it.
func ParseParams(text string) (Params, error) {
	p := DefaultParams()
	for _, pair := range strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		name, value, ok := strings.Cut(pair, "=")
		if !ok {
			return p, fmt.Errorf("%q is not name=value", truncateText(pair))
		}
		spec, err := findParam(name)
		if err != nil {
			return p, err
		}
		n, err := strconv.Atoi(value)
		if err != nil {
			return p, fmt.Errorf("%s: %q is not a whole number", spec.Name, truncateText(value))
		}
		if n < spec.Min || n > spec.Max {
			return p, fmt.Errorf("%s: %d is outside %d..%d", spec.Name, n, spec.Min, spec.Max)
		}
		*spec.field(&p) = n
	}
	return p, nil
}

func findParam(name string) (ParamSpec, error) {
	for _, s := range ParamSpecs {
		if strings.EqualFold(s.Name, name) {
			return s, nil
		}
	}
	names := make([]string, len(ParamSpecs))
	for i, s := range ParamSpecs {
		names[i] = s.Name
	}
	return ParamSpec{}, fmt.Errorf("unknown parameter %q (known: %s)", truncateText(name), strings.Join(names, ", "))
}

func truncateText(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// lmrReductions is the late-move reduction table of p, by depth and move
// number.
func lmrReductions(p *Params) (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			t[d][n] = int8(float64(p.LMRBase)/100 + math.Log(float64(d))*math.Log(float64(n))/(float64(p.LMRDivisor)/100))
		}
	}
	return t
}
