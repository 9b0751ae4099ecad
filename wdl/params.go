package wdl

// fitted holds the models fitted by `senapati wdlfit` (README, "Win, draw
// and loss"); refit when the evaluation or the search changes.
var fitted = map[string]Model{
	"chess":      {A: [3]float64{237.20, -262.07, 72.62}, B: [3]float64{37.91, 196.65, -157.48}, Held: 0.0000},
	"chaturanga": {A: [3]float64{435.50, -617.55, 302.05}, B: [3]float64{92.74, 171.29, -142.24}, Held: 0.0000},
	"durg":       {A: [3]float64{844.73, -966.23, 351.37}, B: [3]float64{104.73, 82.23, -15.82}, Held: 0.0002},
}
