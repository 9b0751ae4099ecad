package pgn

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
)

// TestNotationsOfKnownMoves: the three notations of -pgnout notation= for
// the moves readers trip over: a pawn push, a piece move, castling, en
// passant, a capturing promotion with check.
func TestNotationsOfKnownMoves(t *testing.T) {
	for _, c := range []struct{ fen, move, san, lan, uci string }{
		{board.Chess().StartFEN(), "e2e4", "e4", "e2-e4", "e2e4"},
		{board.Chess().StartFEN(), "g1f3", "Nf3", "Ng1-f3", "g1f3"},
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "e1g1", "O-O", "O-O", "e1g1"},
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", "e8c8", "O-O-O", "O-O-O", "e8c8"},
		{"4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6", "e5xd6", "e5d6"},
		{"3r2k1/4P2p/8/8/8/8/P7/4K3 w - - 0 1", "e7d8q", "exd8=Q+", "e7xd8=Q+", "e7d8q"},
		{"3r2k1/4P2p/8/8/8/8/P7/4K3 w - - 0 1", "e7e8n", "e8=N", "e7-e8=N", "e7e8n"},
		{"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "a1a8", "Ra8#", "Ra1-a8#", "a1a8"},
	} {
		pos, err := board.ParseFEN(board.Chess(), c.fen)
		require.NoError(t, err)
		m, err := pos.ParseMove(c.move)
		require.NoError(t, err)
		assert.Equal(t, c.san, SAN.Move(&pos, m))
		assert.Equal(t, c.lan, LAN.Move(&pos, m))
		assert.Equal(t, c.uci, UCI.Move(&pos, m))
	}
	n, err := ParseNotation("LAN")
	require.NoError(t, err)
	assert.Equal(t, LAN, n)
	_, err = ParseNotation("fan")
	require.EqualError(t, err, `notation "fan": needs san, lan or uci`)
}

// TestNotationsRoundTrip: random games of every game written in each
// notation read back (ParseSAN) to the same moves; LAN is SAN with the
// origin square, except castling, the call and arrivals, which keep their
// SAN form. Durg's arrivals, calls and zone captures are among the moves.
func TestNotationsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	seen := map[string]int{}
	for _, v := range board.Variants() {
		for game := 0; game < 10; game++ {
			for _, n := range []Notation{SAN, LAN, UCI} {
				start := v.StartPosition()
				g := Game{Notation: n}
				g.SetStart(&start)
				pos := start
				var played []board.Move
				for i := 0; i < 200 && !pos.Verdict(v.DefaultMoveRule()).Over(); i++ {
					var ml board.MoveList
					pos.GenerateMoves(&ml)
					m := ml.Moves[rng.IntN(ml.N)]
					san, lan := pos.SAN(m), LAN.Move(&pos, m)
					body := san[strings.LastIndexByte(san, ',')+1:]
					switch {
					case strings.Contains(body, "O-O") || strings.Contains(body, "@"):
						assert.Equal(t, san, lan)
						if strings.Contains(body, "Q@") {
							seen["call"]++
						}
					default:
						assert.Contains(t, lan, m.From().String()+map[bool]string{true: "x", false: "-"}[pos.IsCapture(m)], san)
					}
					if strings.Contains(san, ",") {
						seen["arrival"]++
						assert.Equal(t, san[:strings.LastIndexByte(san, ',')+1], lan[:strings.LastIndexByte(lan, ',')+1])
					}
					if strings.Contains(san, "xx") {
						seen["zone capture"]++
						assert.Contains(t, lan, "xx")
					}
					played = append(played, m)
					g.Play(&pos, m, "")
				}
				g.SetResult(board.Ongoing)
				back, err := ParseString(g.String())
				require.NoError(t, err)
				_, moves, err := back[0].Replay()
				require.NoError(t, err, "%s in %s:\n%s", v.Name(), n, g.String())
				assert.Equal(t, played, moves, "%s in %s", v.Name(), n)
			}
		}
	}
	t.Logf("durg moves seen: %v", seen)
	for _, kind := range []string{"arrival", "zone capture"} {
		assert.Positive(t, seen[kind], "no %s among the random moves: the test covers less than it says", kind)
	}
}

func TestClockCommand(t *testing.T) {
	assert.Equal(t, "[%clk 0:00:09.748]", ClockCommand(9748*time.Millisecond))
	assert.Equal(t, "[%clk 1:02:03]", ClockCommand(time.Hour+2*time.Minute+3*time.Second))
	assert.Equal(t, "[%clk 0:00:00]", ClockCommand(-time.Second), "a clock run out is zero")
	assert.Equal(t, "[%clk 0:00:00.001]", ClockCommand(1400*time.Microsecond))
}

// TestCommandsInComments: a move's commands stand in its comment after
// the text, untouched by the cleaning of the text (which turns '[' and a
// leading '%' into other signs), and never start a line; malformed
// commands are refused.
func TestCommandsInComments(t *testing.T) {
	start := board.Chess().StartPosition()
	g := Game{}
	g.SetStart(&start)
	pos := start
	for i, s := range []string{"e2e4", "e7e5", "g1f3", "b8c6"} {
		m, err := pos.ParseMove(s)
		require.NoError(t, err)
		g.Play(&pos, m, strings.Repeat("+0.10/12 0.100s, ", 2*i))
		g.Moves[i].Commands = ClockCommand(time.Duration(60-i) * time.Second)
	}
	g.SetResult(board.Ongoing)
	text := g.String()
	assert.Contains(t, strings.Join(strings.Fields(text), " "), "1. e4 {[%clk 0:01:00]} 1... e5 {+0.10/12 0.100s, +0.10/12 0.100s, [%clk 0:00:59]}")
	for _, line := range strings.Split(text, "\n") {
		assert.False(t, strings.HasPrefix(line, "[%"), line)
	}
	back, err := ParseString(text)
	require.NoError(t, err)
	assert.Equal(t, "[%clk 0:00:57]", back[0].Moves[3].Comment[len(back[0].Moves[3].Comment)-14:])

	for _, bad := range []string{"[%clk 1:00}", "clk 1", "[%clk 1] x", "[%clk {1}]"} {
		g.Moves[0].Commands = bad
		_, err := g.WriteTo(&strings.Builder{})
		assert.Error(t, err, bad)
	}
}
