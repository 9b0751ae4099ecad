package match

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPGNLinesFit: no line of the PGN the runner writes is longer than the
// standard's 255 characters (bytes here, as PGN's characters are one byte
// each), whatever the engines and the user send: a 300-character illegal
// bestmove, a 300-character engine name of backslashes (each escaped as
// two), a long event and site. The cut text still reads back.
func TestPGNLinesFit(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.pgn")
	long := strings.Repeat("x", 300)
	// The echo engine is named by its argument and plays its option Move.
	args := append(fake("", "echo", strings.Repeat(`\`, 300)), "option.Move="+long)
	args = append(args, fake(strings.Repeat(`é`, 300), "legal")...)
	_, _, err := runMatch(t, context.Background(), append(args, "-each", "depth=1", "-games", "2",
		"-event", strings.Repeat(`"`, 300), "-site", strings.Repeat("s", 300), "-pgnout", out)...)
	require.NoError(t, err)
	text := readFile(t, out)
	var over []string
	for i, line := range strings.Split(text, "\n") {
		if len(line) > 255 {
			over = append(over, fmt.Sprintf("line %d, %d bytes: %.60q...", i+1, len(line), line))
		}
	}
	require.Empty(t, over)
	games := readGames(t, out)
	require.Len(t, games, 2)
	for _, g := range games {
		require.Equal(t, termIllegal, tagOf(g, "Termination"))
		require.Contains(t, g.LastComment(), "makes an illegal move: "+strings.Repeat("x", maxMoveToken)+"... (unparsable move of 302 bytes)")
		replay(t, g)
	}
}
