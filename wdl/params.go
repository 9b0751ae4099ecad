package wdl

// fitted holds the models fitted by `senapati wdlfit` (README, "Win, draw
// and loss"); refit when the evaluation or the search changes.
var fitted = map[string]Model{
	"chess":      {A: [3]float64{150, 0, 0}, B: [3]float64{100, 0, 0}},
	"chaturanga": {A: [3]float64{150, 0, 0}, B: [3]float64{100, 0, 0}},
	"durg":       {A: [3]float64{150, 0, 0}, B: [3]float64{100, 0, 0}},
}
