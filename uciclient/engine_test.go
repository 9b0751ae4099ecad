package uciclient

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseInfo(t *testing.T) {
	var th Thought
	th.parseInfo(strings.Fields("info depth 5 seldepth 7 multipv 1 score cp -37 nodes 100 pv e2e4"))
	require.True(t, th.HasScore)
	require.Equal(t, -37, th.CP)
	require.Equal(t, 5, th.Depth)
	require.Equal(t, 7, th.SelDepth)
	require.Equal(t, int64(100), th.Nodes)
	require.Equal(t, []string{"e2e4"}, th.PV)
	th.parseInfo(strings.Fields("info string score cp 99"))
	require.Equal(t, -37, th.CP)
	// A MultiPV engine's second line is a worse move's score.
	th.parseInfo(strings.Fields("info depth 6 multipv 2 score cp -120 pv d2d4"))
	require.Equal(t, -37, th.CP)
	require.Equal(t, 5, th.Depth)
	th.parseInfo(strings.Fields("info depth 6 multipv 1 score cp -30 pv e2e4"))
	require.Equal(t, -30, th.CP)
	th.parseInfo(strings.Fields("info depth 9 score mate 3 pv a1a2"))
	require.Equal(t, MateScore-3, th.CP)
	require.Equal(t, 3, th.Mate)
	th.parseInfo(strings.Fields("info depth 9 score mate -2 lowerbound"))
	require.Equal(t, -MateScore+2, th.CP)
	require.Equal(t, -2, th.Mate)
	th.parseInfo(strings.Fields("info depth 0 score mate 0"))
	require.Equal(t, -MateScore, th.CP)
	th.parseInfo(strings.Fields("info depth 9 multipv 1 score cp 20 pv e2e4 e7e5 g1f3"))
	th.parseInfo(strings.Fields("info depth 10 multipv 2 score cp 10 pv d2d4 d7d5"))
	require.Equal(t, 20, th.CP)
	require.Equal(t, 9, th.Depth)
	require.Equal(t, []string{"e2e4", "e7e5", "g1f3"}, th.PV)
}

func TestConfigApply(t *testing.T) {
	var c Config
	for _, kv := range []string{"name=S", "cmd=/bin/e", "arg=-x", "option.Hash=64", "option.hash=16", "proto=uci", "initstr=debug on"} {
		require.NoError(t, c.Apply(kv))
	}
	require.Equal(t, Config{Name: "S", Cmd: "/bin/e", Args: []string{"-x"}, InitStr: []string{"debug on"}, Options: []Option{{"Hash", "16"}}, Proto: ProtoUCI}, c)
	require.ErrorContains(t, c.Apply("tc=10+0.1"), "unknown engine setting")
	require.NoError(t, c.Apply("proto=xboard"))
	require.True(t, c.IsXboard())
	require.ErrorContains(t, c.Apply("proto=usi"), "needs uci or xboard")
	require.ErrorContains(t, c.Apply("option.X=a\nquit"), "control character")
	require.ErrorContains(t, c.Apply("cmd"), "not key=value")
}
