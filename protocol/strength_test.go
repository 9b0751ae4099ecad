package protocol

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestStrengthOptionsAreAnnounced(t *testing.T) {
	s := newSession(t)
	s.send("uci")
	out := strings.Join(s.expect("uciok", time.Second), "\n")
	for _, want := range []string{
		"option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default 1500 min 1000 max 2400",
		"option name Skill Level type spin default 20 min 0 max 20",
		"option name UCI_ShowWDL type check default false",
	} {
		require.Contains(t, out, want)
	}
}

func TestStrengthOptionsReachTheEngine(t *testing.T) {
	var out strings.Builder
	u := newTestUCI(&out)
	for _, cmd := range []string{"setoption name Skill Level value 3", "setoption name UCI_Elo value 1800",
		"setoption name UCI_LimitStrength value true", "setoption name Skill Level value 21",
		"setoption name UCI_Elo value 999", "setoption name UCI_ShowWDL value maybe"} {
		u.Handle(cmd)
	}
	st := u.engine.Settings().Strength
	require.Equal(t, 3, st.Skill())
	require.Equal(t, 1800, st.Elo)
	require.True(t, st.Limited)
	require.Contains(t, out.String(), "Skill Level value 21 is out of range 0..20")
	require.Contains(t, out.String(), "UCI_Elo value 999 is out of range 1000..2400")
	require.Contains(t, out.String(), "UCI_ShowWDL needs true or false")
}

// wdlOf returns the three numbers after "wdl" in an info line.
func wdlOf(t *testing.T, line string) (w, d, l int, ok bool) {
	f := strings.Fields(line)
	for i, x := range f {
		if x == "wdl" {
			require.Greater(t, len(f), i+3, line)
			var n [3]int
			for k := range 3 {
				v, err := strconv.Atoi(f[i+1+k])
				require.NoError(t, err, line)
				n[k] = v
			}
			return n[0], n[1], n[2], true
		}
	}
	return 0, 0, 0, false
}

func TestShowWDLOnEveryScoreLine(t *testing.T) {
	for _, variant := range []string{"chess", "chaturanga", "durg"} {
		s := newSession(t)
		s.send("setoption name UCI_Variant value "+variant, "setoption name UCI_ShowWDL value true",
			"setoption name MultiPV value 3", "position startpos", "go depth 5")
		lines := s.expect("bestmove", 20*time.Second)
		scored := 0
		for _, l := range lines {
			if !strings.HasPrefix(l, "info") || !strings.Contains(l, " score ") {
				continue
			}
			scored++
			w, d, lo, ok := wdlOf(t, l)
			require.True(t, ok, "no wdl: %s", l)
			require.Equal(t, 1000, w+d+lo, l)
			require.True(t, w >= 0 && d >= 0 && lo >= 0, l)
			require.Less(t, strings.Index(l, " score "), strings.Index(l, " wdl "), "wdl follows the score: %s", l)
		}
		require.GreaterOrEqual(t, scored, 15, variant)

		// Off again: no wdl.
		s.send("setoption name UCI_ShowWDL value false", "go depth 3")
		for _, l := range s.expect("bestmove", 10*time.Second) {
			_, _, _, ok := wdlOf(t, l)
			require.False(t, ok, l)
		}
	}
}

// A finished game's result is certain: the rules say it, not a model.
func TestShowWDLWhenTheGameIsOver(t *testing.T) {
	for _, tc := range []struct{ variant, fen, want string }{
		{"chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "score mate 0 wdl 0 0 1000"},
		{"chess", "7k/8/6QK/8/8/8/8/8 b - - 0 1", "score cp 0 wdl 0 1000 0"},
		{"chaturanga", "k7/p1K5/P7/8/8/8/8/8 b - - 0 1", "score cp 32000 wdl 1000 0 0"}, // stalemate wins
	} {
		s := newSession(t)
		s.send("setoption name UCI_Variant value "+tc.variant, "setoption name UCI_ShowWDL value true",
			"position fen "+tc.fen, "go depth 3")
		out := strings.Join(s.expect("bestmove", 5*time.Second), "\n")
		require.Contains(t, out, tc.want)
	}
}

// A weakened engine plays one of the lines it reported, and they are as
// deep as what it searched.
func TestSkillLevelPlaysAReportedLine(t *testing.T) {
	s := newSession(t)
	s.send("setoption name Skill Level value 2", "position startpos moves e2e4", "go wtime 10000 btime 10000")
	lines := s.expect("bestmove", 10*time.Second)
	best := strings.Fields(lines[len(lines)-1])[1]
	var firsts []string
	for _, l := range lines {
		f := strings.Fields(l)
		for i, x := range f {
			if x == "pv" && i+1 < len(f) {
				firsts = append(firsts, f[i+1])
			}
		}
	}
	require.Contains(t, firsts[len(firsts)-4:], best, "%q", lines)
}
