package epd

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLinesSkipsBlanksAndComments(t *testing.T) {
	var got []string
	err := Lines(strings.NewReader("# a book\n\n  8/8/8/8/8/8/8/K1k5 w - - \r\nx\n"), func(n int, line string) error {
		got = append(got, line)
		if line == "x" {
			return errors.New("not a position")
		}
		require.Equal(t, 3, n)
		return nil
	})
	require.EqualError(t, err, "line 4: not a position")
	require.Equal(t, []string{"8/8/8/8/8/8/8/K1k5 w - -", "x"}, got)
}

func TestOperations(t *testing.T) {
	ops, err := Operations(` bm Qg6 Qh5; id "WAC; 001"; c0 "two words";`)
	require.NoError(t, err)
	require.Equal(t, []Operation{{"bm", []string{"Qg6", "Qh5"}}, {"id", []string{"WAC; 001"}}, {"c0", []string{"two words"}}}, ops)
	_, err = Operations(`id "open`)
	require.ErrorContains(t, err, "not closed")
	require.Equal(t, " bm e4;", AfterFields("8/8 w - - bm e4;", 4)[0:])
}
