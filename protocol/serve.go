package protocol

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
)

// Serve speaks CECP (XBoard/WinBoard) when the first command is xboard,
// UCI otherwise; the chosen protocol reads the first line too.
func Serve(in io.Reader, out io.Writer, e Engine, tools Tools) {
	r := bufio.NewReader(in)
	first, xboard := firstCommand(r)
	rest := io.MultiReader(bytes.NewReader(first), r)
	if xboard {
		NewCECP(out, e, tools).Run(rest)
		return
	}
	New(out, e, tools).Run(rest)
}

// maxPeek bounds what firstCommand reads before deciding: blank lines
// before the first command, and the command's first bytes.
const maxPeek = 64 << 10

// firstCommand reads up to the first non-blank line and reports whether
// it is xboard. It returns every byte it read, for the protocol to read
// again.
func firstCommand(r *bufio.Reader) (read []byte, xboard bool) {
	for len(read) < maxPeek {
		chunk, err := r.ReadSlice('\n')
		read = append(read, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			return read, false // a long line: not xboard
		}
		if line := strings.TrimSpace(cleanLine(chunk)); line != "" {
			return read, line == "xboard"
		}
		if err != nil {
			return read, false
		}
	}
	return read, false
}
