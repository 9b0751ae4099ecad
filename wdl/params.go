package wdl

// fitted holds the models fitted by `senapati wdlfit` (README, "Win, draw
// and loss"); refit when the evaluation or the search changes.
var fitted = map[string]Model{
	"chess":      {A: [3]float64{237.20, -262.07, 72.62}, B: [3]float64{37.91, 196.65, -157.48}, Held: 0.0000},
	"chaturanga": {A: [3]float64{518.46, -390.10, 26.10}, B: [3]float64{131.88, 281.88, -293.80}, Held: 0.0012},
	"durg":       {A: [3]float64{977.71, -763.51, -4.46}, B: [3]float64{-23.11, 432.37, -52.94}, Held: 0.2912},
}
