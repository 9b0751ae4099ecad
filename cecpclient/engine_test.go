package cecpclient

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
	"senapati/uciclient"
)

func TestParseFeatures(t *testing.T) {
	got := parseFeatures(`myname="Fairy-Max 5.0b" setboard=0 ping=1 variants="normal,shatranj" option="Resign -check 0" done=0`)
	require.Equal(t, []feature{{"myname", "Fairy-Max 5.0b"}, {"setboard", "0"}, {"ping", "1"}, {"variants", "normal,shatranj"},
		{"option", "Resign -check 0"}, {"done", "0"}}, got)
	require.Empty(t, parseFeatures(`myname="unterminated`))
	require.Equal(t, []feature{{"a", "1"}}, parseFeatures("a=1 broken"))
}

func TestXboardName(t *testing.T) {
	require.Equal(t, "normal", XboardName(board.Chess()))
	require.Equal(t, "fischerandom", XboardName(board.Chess960()))
	require.Equal(t, "chaturanga", XboardName(board.Chaturanga()))
}

func TestLevelBase(t *testing.T) {
	require.Equal(t, "0:10", levelBase(10*time.Second))
	require.Equal(t, "1", levelBase(time.Minute))
	require.Equal(t, "1:30", levelBase(90*time.Second))
}

func TestEditLines(t *testing.T) {
	pos, err := board.ParseFEN(board.Chess(), "4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1")
	require.NoError(t, err)
	require.Equal(t, []string{"edit", "#", "Ke1", "Pe2", "Ng1", "c", "Ke8", "."}, editLines(&pos))
}

func TestParseThinking(t *testing.T) {
	var a Answer
	a.parseThinking("9 -34 12 26219 d7d5 e4e5")
	require.Equal(t, uciclient.Thought{HasScore: true, CP: -34, Depth: 9, Nodes: 26219, PV: []string{"d7d5", "e4e5"},
		Reported: 120 * time.Millisecond, HasReported: true}, a.Thought)
	a.parseThinking("12 100003 50 1000 h5f7")
	require.Equal(t, 3, a.Mate)
	require.Equal(t, uciclient.MateScore-3, a.CP)
	a.parseThinking("12 -100002 50 1000 h5f7")
	require.Equal(t, -2, a.Mate)
	require.Equal(t, -uciclient.MateScore+2, a.CP)
	a.parseThinking("x y z")
	require.Equal(t, -2, a.Mate, "a line that is not a thinking line changes nothing")
}
