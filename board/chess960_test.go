package board

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

func must960(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(Chess960(), fen)
	require.NoError(t, err, fen)
	return p
}

// castles lists the castling moves of p as move strings.
func castles(p *Position) []string {
	var ml MoveList
	p.GenerateMoves(&ml)
	var out []string
	for _, m := range ml.Slice() {
		if m.IsCastle() {
			out = append(out, p.MoveString(m))
		}
	}
	slices.Sort(out)
	return out
}

func TestChess960Castling(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
		castles   []string
		after     map[string]string // move -> FEN after it
	}{
		{"king stays on g1", "4k3/8/8/8/8/8/8/6KR w K - 0 1", []string{"g1h1"},
			map[string]string{"g1h1": "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"}},
		{"king and rook swap", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1", []string{"f1g1"},
			map[string]string{"f1g1": "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"}},
		{"rook lands on the king's square, king on the rook's", "4k3/8/8/8/8/8/8/1RK5 w Q - 0 1", []string{"c1b1"},
			map[string]string{"c1b1": "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"}},
		// The b1 rook shields c1 from the a1 queen; once it leaves for d1
		// the king, who does not move, would stand in check.
		{"the leaving rook opens a line to the king", "4k3/8/8/8/8/8/8/qRK5 w Q - 0 1", nil, nil},
		{"the king's path is attacked", "2r1k3/8/8/8/8/8/8/RK6 w Q - 0 1", nil, nil},
		{"no castling out of check", "4k3/8/8/8/8/8/8/1RK2r2 w Q - 0 1", nil, nil},
		{"the king's path is attacked (king side)", "4k3/8/8/8/8/2r5/8/1K4R1 w K - 0 1", nil, nil},
		{"a piece on the rook's destination blocks", "4k3/8/8/8/8/8/8/RK1N4 w Q - 0 1", nil, nil},
		{"a piece beyond both does not", "4k3/8/8/8/8/8/8/RK5N w Q - 0 1", []string{"b1a1"}, nil},
		{"both sides, usual set-up", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"e1a1", "e1h1"},
			map[string]string{"e1h1": "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "e1a1": "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := must960(t, tc.fen)
			require.Equal(t, tc.castles, castles(&p))
			for mv, want := range tc.after {
				m, err := p.ParseMove(mv)
				require.NoError(t, err)
				q := p
				q.DoMove(m)
				require.Equal(t, want, q.FEN())
				require.Equal(t, q.computeHash(), q.hash)
			}
		})
	}
}

func TestChess960CastlingFields(t *testing.T) {
	// Shredder-FEN and X-FEN read alike; FEN writes X-FEN: KQkq for the
	// outermost rooks, the file letter for an inner one.
	for _, tc := range []struct{ in, out string }{
		{"rkqrbbnn/pppppppp/8/8/8/8/PPPPPPPP/RKQRBBNN w DAda - 0 1", "rkqrbbnn/pppppppp/8/8/8/8/PPPPPPPP/RKQRBBNN w KQkq - 0 1"},
		{"rkqrbbnn/pppppppp/8/8/8/8/PPPPPPPP/RKQRBBNN w KQkq - 0 1", "rkqrbbnn/pppppppp/8/8/8/8/PPPPPPPP/RKQRBBNN w KQkq - 0 1"},
		{"4k3/8/8/8/8/8/8/1KR4R w C - 0 1", "4k3/8/8/8/8/8/8/1KR4R w C - 0 1"},
		{"4k3/8/8/8/8/8/8/1KR4R w H - 0 1", "4k3/8/8/8/8/8/8/1KR4R w K - 0 1"},
		{"4k3/8/8/8/8/8/8/1KR4R w K - 0 1", "4k3/8/8/8/8/8/8/1KR4R w K - 0 1"},
		{"1r1k1r2/8/8/8/8/8/8/4K3 w bf - 0 1", "1r1k1r2/8/8/8/8/8/8/4K3 w kq - 0 1"},
		// Rights the board contradicts are dropped, as in ParseFEN.
		{"4k3/8/8/8/8/8/8/1K5R w KQA - 0 1", "4k3/8/8/8/8/8/8/1K5R w K - 0 1"},
		{"4k3/8/8/8/8/8/1K6/7R w K - 0 1", "4k3/8/8/8/8/8/1K6/7R w - - 0 1"},
	} {
		p := must960(t, tc.in)
		require.Equal(t, tc.out, p.FEN(), tc.in)
		q := must960(t, p.FEN())
		require.Equal(t, p.FEN(), q.FEN())
		require.Equal(t, p.Hash(), q.Hash())
		require.True(t, p.Chess960())
		require.Same(t, Chess(), p.Variant())
		require.Same(t, Chess(), Chess960().Game())
	}
	for _, bad := range []string{"4k3/8/8/8/8/8/8/1KR4R w CH - 0 1", "4k3/8/8/8/8/8/8/1KR4R w X - 0 1", "4k3/8/8/8/8/8/8/1KR4R w B - 0 1"} {
		_, err := ParseFEN(Chess960(), bad)
		require.Error(t, err, bad)
	}

	// Outside Chess960 mode the usual rooks may be named by file, others
	// are refused with a pointer to the mode.
	p := mustFEN(t, Chess(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")
	require.Equal(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", p.FEN())
	require.False(t, p.Chess960())
	_, err := ParseFEN(Chess(), "4k3/8/8/8/8/8/8/1KR4R w C - 0 1")
	require.ErrorContains(t, err, "Chess960")
}

func TestChess960MoveText(t *testing.T) {
	std := Chess().StartFEN()
	p := must960(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QK2R w KQkq - 0 1")
	m, err := p.ParseMove("e1h1")
	require.NoError(t, err)
	require.True(t, m.IsCastle())
	require.Equal(t, "e1h1", p.MoveString(m))
	require.Equal(t, "O-O", p.SAN(m))
	// The king's own destination names it too where no king step could.
	m2, err := p.ParseMove("e1g1")
	require.NoError(t, err)
	require.Equal(t, m, m2)
	back, err := p.ParseSAN("O-O")
	require.NoError(t, err)
	require.Equal(t, m, back)

	// King b1, rook a1: b1c1 is the king's step, castling only b1a1.
	q := must960(t, "4k3/8/8/8/8/8/8/RK6 w Q - 0 1")
	step, err := q.ParseMove("b1c1")
	require.NoError(t, err)
	require.False(t, step.IsCastle())
	c, err := q.ParseMove("b1a1")
	require.NoError(t, err)
	require.True(t, c.IsCastle())
	require.Equal(t, "O-O-O", q.SAN(c))

	// A king that stays put still castles king side: O-O.
	r := must960(t, "4k3/8/8/8/8/8/8/6KR w K - 0 1")
	c, err = r.ParseMove("g1h1")
	require.NoError(t, err)
	require.Equal(t, "O-O", r.SAN(c))

	// Why a king-takes-rook castling is illegal.
	blocked, open := must960(t, "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1"), must960(t, "4k3/8/8/8/8/8/8/qRK5 w Q - 0 1")
	_, err = blocked.ParseMove("e1a1")
	require.ErrorContains(t, err, "cross or land on empty")
	_, err = open.ParseMove("c1b1")
	require.ErrorContains(t, err, "attacked square (c1)")

	// Outside the mode castling is the king's two-square move, as before.
	s := mustFEN(t, Chess(), std)
	require.False(t, s.Chess960())
	s = mustFEN(t, Chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	m, err = s.ParseMove("e1g1")
	require.NoError(t, err)
	require.Equal(t, "e1g1", s.MoveString(m))
	_, err = s.ParseMove("e1h1")
	require.ErrorContains(t, err, "two-square move")
}

// Random Double Chess960 games that castle whenever they can: keys kept
// incrementally equal keys from scratch, FEN and move text read back, the
// mirrored position mirrors back, and Pack refuses rights it cannot hold.
func TestChess960Playouts(t *testing.T) {
	games := longOr(t, 200, 40, "Double Chess960 games")
	rng := rand.New(rand.NewPCG(960, 1))
	var castled int
	for g := 0; g < games; g++ {
		p := must960(t, DoubleChess960FEN(rng.IntN(960), rng.IntN(960)))
		for ply := 0; ply < 120; ply++ {
			require.Equal(t, p.computeHash(), p.hash, p.FEN())
			q := must960(t, p.FEN())
			require.Equal(t, p.FEN(), q.FEN())
			require.Equal(t, p.hash, q.hash, p.FEN())
			mm := p.Mirrored()
			back := mm.Mirrored()
			require.Equal(t, p.FEN(), back.FEN())
			var ml MoveList
			p.GenerateMoves(&ml)
			if ml.N == 0 {
				break
			}
			var pick []Move
			for _, m := range ml.Slice() {
				s := p.MoveString(m)
				back, err := p.ParseMove(s)
				require.NoError(t, err, "%s in %s", s, p.FEN())
				require.Equal(t, m, back, "%s in %s", s, p.FEN())
				bySAN, err := p.ParseSAN(p.SAN(m))
				require.NoError(t, err)
				require.Equal(t, m, bySAN)
				if m.IsCastle() {
					pick = append(pick, m)
				}
			}
			var buf [PackedSize]byte
			require.Equal(t, p.castling != 0, p.Pack(buf[:]) != nil)
			if len(pick) == 0 {
				pick = ml.Slice()
			} else {
				castled++
			}
			p.DoMove(pick[rng.IntN(len(pick))])
		}
	}
	require.Greater(t, castled, games/2, "the games castle")
}
