package wdl

import (
	"senapati/board"
	"senapati/eval"
)

// startMaterial is each variant's raw material at the start.
var startMaterial = map[*board.Variant]int{}

func init() {
	for _, v := range board.Variants() {
		p := v.StartPosition()
		startMaterial[v] = rawMaterial(&p)
	}
}

// rawMaterial adds the evaluation's midgame values of both sides' pieces,
// kings left out, with Durg's waiting Mantris, which are on their way.
func rawMaterial(p *board.Position) int {
	v := p.Variant()
	sum := 0
	for t := board.PieceType(1); t < board.NumTypes; t++ {
		if t == board.King || !v.HasType(t) {
			continue
		}
		n := p.Pieces(board.White, t).Count() + p.Pieces(board.Black, t).Count()
		sum += n * eval.PieceValue(v, t)
	}
	if s := v.Successor(); s != board.NoType {
		sum += (p.Waiting(board.White) + p.Waiting(board.Black)) * eval.PieceValue(v, s)
	}
	return sum
}

// Material is the material on the board as a share of the start
// position's: 1 at the start, 0 with bare kings (promotions can take it
// above 1).
func Material(p *board.Position) float64 {
	return float64(rawMaterial(p)) / float64(startMaterial[p.Variant()])
}
