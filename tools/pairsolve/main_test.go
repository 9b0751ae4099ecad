package main

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/gridfen"
	"senapati/internal/testlong"
)

// The chess table is checked against the real move generator: each
// sampled position's value must follow from its successors' (a win in d
// has a move to a loss in d-1 and none faster; a loss in d has every
// move lead to a win within d-1, one of them exactly; a position not won
// has no such move, or an escape). With mates checked as mates, a table
// consistent everywhere is right. The longest KBN v K mate, 33 moves
// (65 plies), is the figure the endgame tablebases give.
func TestChessKBNAgreesWithTheMoveGenerator(t *testing.T) {
	testlong.Skip(t, "solves 33 million positions (TestSmallKBNAgreesWithTheMoveGenerator is its sample)")
	s := newSolver(8, [2]board.PieceType{board.Bishop, board.Knight})
	s.solve()
	sums := s.summarize()
	assert.Equal(t, 65, sums[0].longest)
	assert.Equal(t, sums[0], sums[1], "on 8x8 the two colours are mirror images")
	assert.Greater(t, sums[0].won*1000, sums[0].positions*995, "all but hanging pieces and stalemates are won")
	checkAgainstMoveGenerator(t, s, 20000)
}

// The same solver and check on the 6x6 corner of the chess board (3.4
// million positions, a tenth of 8x8), the moves that leave it left out:
// the default run's sample of the test above.
func TestSmallKBNAgreesWithTheMoveGenerator(t *testing.T) {
	s := newSolver(6, [2]board.PieceType{board.Bishop, board.Knight})
	s.solve()
	sums := s.summarize()
	assert.Equal(t, sums[0], sums[1], "on 6x6 too the two colours are mirror images")
	assert.Positive(t, sums[0].won)
	assert.Less(t, sums[0].won, sums[0].positions, "a piece left hanging is not won")
	checkAgainstMoveGenerator(t, s, 5000)
}

// checkAgainstMoveGenerator checks samples positions of s's table against
// their successors by the real move generator, with s's board the corner
// of the chess board that it covers.
func checkAgainstMoveGenerator(t *testing.T, s *solver, samples int) {
	rng := rand.New(rand.NewSource(1))
	checked := 0
	for checked < samples {
		i := rng.Intn(len(s.plies))
		p := s.placementOf(i)
		if !s.distinct(p) || !p.black && s.blackInCheck(p) {
			continue
		}
		pos := s.position(t, p)
		var all, ml board.MoveList
		pos.GenerateMoves(&all)
		for k := 0; k < all.N; k++ {
			if s.mask.Has(all.Moves[k].To()) {
				ml.Moves[ml.N] = all.Moves[k]
				ml.N++
			}
		}
		value := int(s.plies[i]) - 1 // -1: not won
		if ml.N == 0 {
			assert.Equal(t, p.black && pos.InCheck(), value == 0, pos.FEN())
			checked++
			continue
		}
		best, worst, escape := -1, -1, false
		for k := 0; k < ml.N; k++ {
			q := pos
			q.DoMove(ml.Moves[k])
			d := s.valueOf(&q)
			if d < 0 {
				escape = true
				continue
			}
			if best < 0 || d < best {
				best = d
			}
			worst = max(worst, d)
		}
		switch {
		case !p.black && value >= 0:
			assert.Equal(t, value-1, best, pos.FEN())
		case !p.black:
			assert.Equal(t, -1, best, pos.FEN())
		case value >= 0:
			assert.False(t, escape, pos.FEN())
			assert.Equal(t, value-1, worst, pos.FEN())
		default:
			assert.True(t, escape, pos.FEN())
		}
		checked++
	}
}

// position is p as a chess position (no castling, the move rule at 0).
func (s *solver) position(t *testing.T, p placement) board.Position {
	var grid [9][9]byte
	menLetters := [4]byte{'K', 'k', letters[s.pieces[0]], letters[s.pieces[1]]}
	for k, m := range p.men {
		b := s.sq[m]
		grid[b.Rank()][b.File()] = menLetters[k]
	}
	side := " w"
	if p.black {
		side = " b"
	}
	pos, err := board.ParseFEN(board.Chess(), gridfen.Placement(grid, 8, 8)+side+" - - 0 1")
	require.NoError(t, err)
	return pos
}

// valueOf reads a position after a move from the table: -1 when a piece
// was taken (a draw) or it is not won.
func (s *solver) valueOf(q *board.Position) int {
	if q.ColorPieces(board.White).Count() != 3 {
		return -1
	}
	p := placement{black: q.SideToMove() == board.Black}
	p.men[0], p.men[1] = s.number(q.KingSquare(board.White)), s.number(q.KingSquare(board.Black))
	for k := 0; k < 2; k++ {
		b := q.Pieces(board.White, s.pieces[k])
		if s.pieces[0] == s.pieces[1] && k == 1 {
			b.Pop()
		}
		p.men[2+k] = s.number(b.First())
	}
	return int(s.plies[s.index(p)]) - 1
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"-pieces", "BR"}, {"-size", "7"}, {"-pieces", "B"}, {"extra"}} {
		var out, errOut bytes.Buffer
		assert.Equal(t, 2, run(args, &out, &errOut), "%v", args)
		assert.Contains(t, errOut.String(), "usage", "%v", args)
		assert.Empty(t, out.String())
	}
}
