package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/testlong"
)

// With the Durg on b7 some KR v K positions are fortresses, among them
// the one our games drew, while a Raja caught away from his Durg is mated.
func TestSolve(t *testing.T) {
	testlong.Skip(t, "builds two tables of a million positions (TestSolveBare is its sample)")
	bare := build(board.Rook, 0, true)
	bare.solve(bare)
	t7 := build(board.Rook, board.MakeSquare(1, 6), false)
	t7.solve(bare)
	s := t7.summary()
	assert.Equal(t, 329035, s.positions)
	assert.Equal(t, 277090, s.won, "84.2%%: the rest are fortresses")

	drawn, err := board.ParseFEN(board.DurgGame(), "9/9/1dk6/3RK4/9/9/9/9/9[] b - - 0 190 7/8")
	require.NoError(t, err)
	d, ok := t7.lookup(&drawn)
	require.True(t, ok)
	assert.Equal(t, -1, d, "the position our game drew by the move rule")
	// The Raja on i1, far from his Durg: Ra1 mates at once.
	caught, err := board.ParseFEN(board.DurgGame(), "9/9/1d7/9/9/9/R6K1/9/8k[] w - - 0 1 7/8")
	require.NoError(t, err)
	d, ok = t7.lookup(&caught)
	require.True(t, ok)
	assert.Equal(t, 1, d)
	_, ok = bare.lookup(&caught)
	assert.False(t, ok, "another material")
	// The map: game 19's Raja square c7 beside the Durg is nearly always
	// held, i1 in the far corner never, and the Durg's own square b7 is
	// not his to stand on.
	var m bytes.Buffer
	t7.printDrawMap(&m)
	rows := strings.Split(m.String(), "\n")
	require.Len(t, rows, 11, m.String())
	cells := func(rank int) []string { return strings.Fields(rows[9-rank])[1:] }
	c7, err := strconv.Atoi(strings.TrimSuffix(cells(7)[2], "%"))
	require.NoError(t, err, m.String())
	assert.GreaterOrEqual(t, c7, 90, m.String())
	assert.Equal(t, ".", cells(1)[8], m.String())
	assert.Equal(t, "-", cells(7)[1], m.String())
	wk, bk, pc, black := placement(index(3, 60, 80, true))
	assert.Equal(t, []any{board.Square(3), board.Square(60), board.Square(80), true}, []any{wk, bk, pc, black})
	checkConsistent(t, t7, bare)
}

// The table without a Durg alone, the default run's sample of TestSolve:
// KR v K is always won (White to move, within the move rule), and the
// table is consistent.
func TestSolveBare(t *testing.T) {
	bare := build(board.Rook, 0, true)
	bare.solve(bare)
	assert.Equal(t, summary{positions: 376992, won: 376992, inRule: 376992, longest: 35}, bare.summary())
	checkConsistent(t, bare, bare)
}

// checkConsistent: every White-to-move win has a move to a win one ply
// shorter, and every Black-to-move loss only moves to wins.
func checkConsistent(t *testing.T, tab, bare *table) {
	for i := range tab.valid {
		if !tab.valid[i] || tab.plies[i] <= 0 {
			continue
		}
		n := int(tab.plies[i])
		if i%2 == 0 {
			found := false
			for _, c := range tab.succ[i] {
				found = found || tab.value(c, bare) == n-1
			}
			require.True(t, found, "position %d", i)
		} else {
			for _, c := range tab.succ[i] {
				v := tab.value(c, bare)
				require.True(t, v >= 0 && v <= n-1, "position %d", i)
			}
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"-piece", "N", "b7"}, {}, {"-fen", "nonsense", "b7"}, {"z9"}} {
		var out, errOut bytes.Buffer
		assert.Equal(t, 2, run(args, &out, &errOut), args)
		assert.NotEmpty(t, errOut.String(), args)
	}
}
