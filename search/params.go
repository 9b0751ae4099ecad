package search

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Params are the search's tunable constants, numbers only, kept in one
// place so that a tuner can set them between searches (the UCI option
// SearchParams, tools/spsa, docs/tuning.md). Which techniques a game's
// search uses is not a constant but its profile (profile.go); a constant
// of a technique a game does without changes nothing there. The defaults
// are the values the bench signature was measured with.
type Params struct {
	RFPDepth, RFPMargin                          int // reverse futility: up to RFPDepth, RFPMargin cp a ply
	NullBase, NullDepthDiv, NullEvalDiv          int // null-move reduction: NullBase + depth/NullDepthDiv + (eval-beta)/NullEvalDiv
	FutilityDepth, FutilityBase, FutilityPerPly  int // quiet futility: up to FutilityDepth, FutilityBase + FutilityPerPly*depth cp
	SEEQuietPerPly2, SEECaptureDepth, SEECapture int // exchange pruning: quiet below -SEEQuietPerPly2*depth², capture below -SEECapture*depth up to SEECaptureDepth
	LMRBase, LMRDivisor, LMRHistoryDiv           int // late-move reduction: LMRBase/100 + ln d ln n / (LMRDivisor/100), less history/LMRHistoryDiv
	HistoryBonusPerPly, HistoryBonusMax          int // history bonus of a cutoff: min(HistoryBonusPerPly*depth, HistoryBonusMax)
	AspirationWindow                             int // first half-width of the root window, cp
	SingularDepth, SingularMargin                int // singular extensions (profile.singular): from this depth, the others SingularMargin cp a ply below the hash score
	LMRBadCaptures                               int // late captures that lose material by exchange are reduced this many plies
	TTKeepDepth                                  int // a non-exact store this many plies shallower than the same search's entry of its position keeps the entry
	CorrHist                                     int // correction history: the static evaluation the pruning trusts is corrected by this % of the table's average error for the pawn structure
	CaptureFutility                              int // a capture up to FutilityDepth whose victim would not lift the static evaluation within CaptureFutility + FutilityPerPly*depth cp of alpha is skipped
	// profile.priorAndResearch:
	TTCaptureLMR            int // quiet moves at a node whose hash move is noisy are reduced this many plies more
	PriorBonus              int // a node that fails low rewards the quiet move that led to it with this % of a cutoff's history bonus
	LMRDeeper, LMRShallower int // a reduced move that beats alpha is searched again a ply deeper when it beats the best by LMRDeeper + 2*depth cp, a ply shallower when by less than LMRShallower cp
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
		AspirationWindow: 25, SingularDepth: 7, SingularMargin: 2,
		LMRBadCaptures: 1, TTKeepDepth: 4, CorrHist: 100, CaptureFutility: 100,
		TTCaptureLMR: 1, PriorBonus: 100, LMRDeeper: 40, LMRShallower: 8,
	}
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
	{"CorrHist", 10, 200, 10, func(p *Params) *int { return &p.CorrHist }},
	{"CaptureFutility", 20, 600, 20, func(p *Params) *int { return &p.CaptureFutility }},
	{"TTCaptureLMR", 1, 2, 1, func(p *Params) *int { return &p.TTCaptureLMR }},
	{"PriorBonus", 25, 400, 25, func(p *Params) *int { return &p.PriorBonus }},
	{"LMRDeeper", 10, 300, 10, func(p *Params) *int { return &p.LMRDeeper }},
	{"LMRShallower", 4, 100, 4, func(p *Params) *int { return &p.LMRShallower }},
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
