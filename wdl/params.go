package wdl

// fitted holds the models fitted by `senapati wdlfit` (README, "Win, draw
// and loss"); refit when the evaluation or the search changes.
var fitted = map[string]Model{
	"chess":      {A: [3]float64{371.28, -747.93, 477.42}, B: [3]float64{77.36, 108.19, -2.08}},
	"chaturanga": {A: [3]float64{722.12, -1348.53, 774.56}, B: [3]float64{240.37, -223.79, 106.59}},
	"durg":       {A: [3]float64{1018.51, -122.35, -296.33}, B: [3]float64{138.21, 158.57, 336.15}},
}
