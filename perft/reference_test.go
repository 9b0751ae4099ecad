package perft

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/internal/refchaturanga"
	"senapati/internal/refdurg"
	"senapati/internal/testlong"
)

// The reference generators in internal/ are written independently from
// RULES.md as plain mailbox code. These tests hold the fast generator to
// them: same legal move strings, same FEN after every move, same perft.

type refPosition interface {
	FEN() string
	LegalMoves() []string
	play(move string) (refPosition, error)
	Perft(depth int) uint64
	Result() string
}

type refChaturanga struct{ refchaturanga.Position }

func (r refChaturanga) play(m string) (refPosition, error) {
	q, err := r.Play(m)
	return refChaturanga{q}, err
}

type refDurg struct{ refdurg.Position }

func (r refDurg) play(m string) (refPosition, error) {
	q, err := r.Play(m)
	return refDurg{q}, err
}

func fastMoves(p *board.Position) []string { return p.LegalMoveStrings() }

// playoutStats counts what the random games reached.
type playoutStats struct {
	positions, perftChecks int
	reached                map[string]int
}

// comparePlayouts plays seeded random games on both generators, comparing
// them at every ply, and perft to perftDepth at every perftEvery-th ply.
func comparePlayouts(t *testing.T, v *board.Variant, ref refPosition, games, maxPlies, perftDepth, perftEvery int,
	classify func(p *board.Position) []string) playoutStats {
	rng := rand.New(rand.NewPCG(2026, uint64(len(v.Name()))))
	stats := playoutStats{reached: map[string]int{}}
	for g := 0; g < games; g++ {
		p := v.StartPosition()
		r := ref
		for ply := 0; ply < maxPlies; ply++ {
			require.Equal(t, r.FEN(), p.FEN(), "game %d ply %d", g, ply)
			fast, slow := fastMoves(&p), r.LegalMoves()
			if !slices.Equal(fast, slow) {
				require.Equal(t, slow, fast, "legal moves differ in %s", p.FEN())
			}
			want := p.Verdict(0).Result().String()
			if want == "*" {
				want = ""
			}
			require.Equal(t, r.Result(), want, "result of %s", p.FEN())
			stats.positions++
			if classify != nil {
				for _, k := range classify(&p) {
					stats.reached[k]++
				}
			}
			if ply%perftEvery == 0 {
				require.Equal(t, r.Perft(perftDepth), Count(&p, perftDepth), "perft %d of %s", perftDepth, p.FEN())
				stats.perftChecks++
			}
			if len(fast) == 0 {
				break
			}
			move := fast[rng.IntN(len(fast))]
			m, err := p.ParseMove(move)
			require.NoError(t, err)
			p.DoMove(m)
			r, err = r.play(move)
			require.NoError(t, err, "reference refused %s", move)
		}
	}
	return stats
}

// compareStartPerft compares perft from the start position up to depth
// (3 under -short, unless the long suites are on).
func compareStartPerft(t *testing.T, v *board.Variant, ref refPosition, depth int) {
	if testing.Short() && !testlong.Enabled() {
		depth = 3
	}
	p := v.StartPosition()
	for d := 1; d <= depth; d++ {
		require.Equal(t, ref.Perft(d), Count(&p, d), "%s start perft %d", v.Name(), d)
	}
}

func TestChaturangaMatchesReference(t *testing.T) {
	start, err := refchaturanga.FromFEN(refchaturanga.StartFEN)
	require.NoError(t, err)
	ref := refChaturanga{start}
	compareStartPerft(t, board.Chaturanga(), ref, 5)
	games := 40
	if testing.Short() {
		games = 6
	}
	stats := comparePlayouts(t, board.Chaturanga(), ref, games, 150, 2, 3, func(p *board.Position) []string {
		var k []string
		if p.HasLeap(p.SideToMove()) {
			k = append(k, "leap available")
		}
		if p.Verdict(0).Result() != board.Ongoing {
			k = append(k, "game over")
		}
		if p.InCheck() {
			k = append(k, "check")
		}
		for _, m := range fastMoves(p) {
			if len(m) == 5 {
				k = append(k, "promotion")
				break
			}
		}
		return k
	})
	t.Logf("chaturanga: %d positions compared, %d perft checks, reached %v", stats.positions, stats.perftChecks, stats.reached)
	if !testing.Short() {
		require.GreaterOrEqual(t, stats.positions, 500)
		for _, k := range []string{"leap available", "check", "promotion", "game over"} {
			require.Positive(t, stats.reached[k], "no playout reached %q", k)
		}
	}
}

func TestDurgMatchesReference(t *testing.T) {
	start, err := refdurg.FromFEN(refdurg.StartFEN)
	require.NoError(t, err)
	ref := refDurg{start}
	compareStartPerft(t, board.DurgGame(), ref, 4)
	// The mailbox reference's perft 3 is most of the time: 60 games with
	// the long suites, 15 by default.
	games, perftDepth, minChecks := 15, 3, 250
	switch {
	case testlong.Enabled():
		games, minChecks = 60, 1000
	case testing.Short():
		games, perftDepth = 8, 2
	default:
		testlong.Sample(t, "15 random games of the 60")
	}
	stats := comparePlayouts(t, board.DurgGame(), ref, games, 120, perftDepth, 4, func(p *board.Position) []string {
		var k []string
		us := p.SideToMove()
		if p.Waiting(us) > 0 {
			k = append(k, "waiting Mantri")
		}
		if p.Waiting(us) > 1 {
			k = append(k, "two waiting Mantris")
		}
		if p.CallAvailable(us) {
			k = append(k, "call available")
		}
		if p.Pieces(board.White, board.Durg).Count()+p.Pieces(board.Black, board.Durg).Count() < 4 {
			k = append(k, "dissolved zone")
		}
		if !strings.Contains(strings.Fields(p.FEN())[2], "K") {
			k = append(k, "lost castling right")
		}
		if p.InCheck() {
			k = append(k, "check")
		}
		if p.Verdict(0).Result() != board.Ongoing {
			k = append(k, "game over")
		}
		return k
	})
	t.Logf("durg: %d positions compared, %d perft checks, reached %v", stats.positions, stats.perftChecks, stats.reached)
	if !testing.Short() {
		require.GreaterOrEqual(t, stats.perftChecks, minChecks)
		for _, k := range []string{"waiting Mantri", "call available", "dissolved zone", "lost castling right", "check"} {
			require.Positive(t, stats.reached[k], "no playout reached %q", k)
		}
	}
}
