package nnue

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

// readNetFileSoon is ReadNetFile's error, failing the test where it does
// not come back: a reader that waits on its input would wait forever. A
// minute is a bound no load reaches (the refusals take microseconds).
func readNetFileSoon(t *testing.T, path string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := ReadNetFile(path)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
		t.Fatalf("ReadNetFile(%s) did not return", path)
		return nil
	}
}

// allocated is what f allocates on the heap, in bytes.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestReadNetFileRefusesWhatIsNotANetFile: what is not a regular file is
// refused by its kind before a byte is read, and a file longer than its
// header says is refused without reading it. Before, /dev/zero was read
// until the engine ran out of memory, and a 2 GiB file was read whole.
func TestReadNetFileRefusesWhatIsNotANetFile(t *testing.T) {
	_, net := randomNet(board.DurgGame(), 16, 1, 1)
	b, err := net.MarshalBinary()
	require.NoError(t, err)
	t.Run("directory", func(t *testing.T) {
		require.ErrorContains(t, readNetFileSoon(t, t.TempDir()), "a directory, not a regular file")
	})
	t.Run("/dev/zero", func(t *testing.T) {
		if _, err := os.Stat("/dev/zero"); err != nil {
			t.Skip("no /dev/zero here")
		}
		var err error
		mem := allocated(func() { err = readNetFileSoon(t, "/dev/zero") })
		require.ErrorContains(t, err, "a device, not a regular file")
		require.Less(t, mem, uint64(1<<20))
	})
	t.Run("oversized", func(t *testing.T) {
		big := filepath.Join(t.TempDir(), "big.nnue")
		require.NoError(t, os.WriteFile(big, b, 0o644))
		require.NoError(t, os.Truncate(big, 2<<30)) // sparse: no disk used
		var err error
		mem := allocated(func() { err = readNetFileSoon(t, big) })
		require.ErrorContains(t, err, "network file is 2147483648 bytes, its header says")
		require.Less(t, mem, uint64(1<<20), "read only the header")
	})
	t.Run("good", func(t *testing.T) {
		// A good file still reads, allocating little beyond the net.
		good := filepath.Join(t.TempDir(), "good.nnue")
		require.NoError(t, os.WriteFile(good, b, 0o644))
		mem := allocated(func() { require.NoError(t, readNetFileSoon(t, good)) })
		require.Less(t, mem, uint64(4*len(b)))
	})
}

// endless is a stream of zeros that never ends.
type endless struct{}

func (endless) Read(b []byte) (int, error) { clear(b); return len(b), nil }

// TestLoadNetReadsOnlyWhatTheHeaderDeclares: a stream is read to the size
// its header declares and one byte more, never to its end.
func TestLoadNetReadsOnlyWhatTheHeaderDeclares(t *testing.T) {
	_, net := randomNet(board.DurgGame(), 16, 1, 1)
	b, err := net.MarshalBinary()
	require.NoError(t, err)
	back, err := LoadNet(bytes.NewReader(b))
	require.NoError(t, err)
	require.Equal(t, net, back)
	_, err = LoadNet(io.MultiReader(bytes.NewReader(b), endless{}))
	require.ErrorContains(t, err, "longer than the")
	_, err = LoadNet(bytes.NewReader(b[:len(b)-1]))
	require.ErrorContains(t, err, "cut short")
	_, err = LoadNet(endless{})
	require.ErrorContains(t, err, "not a Senapati network file")
}

// TestReadFloatNetFile: a checkpoint reads back; one with bytes after what
// its header declares is refused.
func TestReadFloatNetFile(t *testing.T) {
	f, _ := randomNet(board.Chess(), 8, 1, 1)
	var b bytes.Buffer
	_, err := f.WriteTo(&b)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "x.fnet")
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	back, err := ReadFloatNetFile(path)
	require.NoError(t, err)
	require.Equal(t, f.Params(), back.Params())
	require.NoError(t, os.WriteFile(path, append(b.Bytes(), 0), 0o644))
	_, err = ReadFloatNetFile(path)
	require.ErrorContains(t, err, "its header says")
	_, err = ReadFloatNetFile(t.TempDir())
	require.ErrorContains(t, err, "a directory, not a regular file")
}

// LoadNet reads a net file from r.
func LoadNet(r io.Reader) (*Net, error) { return loadNet(r, -1) }
