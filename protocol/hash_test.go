package protocol

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/search"
)

// A Hash beyond what the machine can hold is lowered, and the GUI is told
// the size it got (before, the table took whatever was asked).
func TestHashIsLoweredToWhatTheMachineHolds(t *testing.T) {
	if search.HashLimitMB() >= search.MaxHashMB {
		t.Skip("this machine can hold the largest Hash")
	}
	var out bytes.Buffer
	u := newTestUCI(&out)
	u.Handle(fmt.Sprintf("setoption name Hash value %d", search.MaxHashMB))
	defer u.Handle("setoption name Hash value 1")
	var asked, got int
	_, err := fmt.Sscanf(out.String(), "info string Hash %d MB is more than this machine can spare; the table has %d MB\n", &asked, &got)
	require.NoError(t, err, "output: %q", out.String())
	require.Equal(t, search.MaxHashMB, asked)
	require.Less(t, got, asked)
	require.Equal(t, got, u.engine.Settings().HashMB)

	out.Reset()
	u.Handle("setoption name Hash value 64")
	require.Empty(t, out.String(), "a Hash that fits is taken silently")
	require.Equal(t, 64, u.engine.Settings().HashMB)
}
