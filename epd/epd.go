// Package epd reads EPD files, the one-position-a-line format of opening
// books (match -openings) and test suites (senapati suite): the walk over
// their lines and the syntax of operations. What a line's position and
// operations mean is each reader's own.
package epd

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Lines hands each line of r to f with its number (from 1), trimmed;
// empty lines and lines starting with # are skipped. f's error stops the
// walk and comes back naming the line.
func Lines(r io.Reader, f func(n int, line string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		if err := f(n, line); err != nil {
			return fmt.Errorf("line %d: %v", n, err)
		}
	}
	return sc.Err()
}

// Operation is one EPD operation: its opcode and operands.
type Operation struct {
	Code string
	Args []string
}

// Operations splits "bm Qg6; id \"WAC.001\";" into its operations; a
// quoted operand may hold spaces and semicolons.
func Operations(s string) ([]Operation, error) {
	var ops []Operation
	var cur []string
	var word strings.Builder
	inWord, quoted := false, false
	flushWord := func() {
		if inWord {
			cur = append(cur, word.String())
			word.Reset()
			inWord = false
		}
	}
	flushOp := func() {
		flushWord()
		if len(cur) > 0 {
			ops = append(ops, Operation{Code: cur[0], Args: cur[1:]})
		}
		cur = nil
	}
	for _, r := range s {
		switch {
		case quoted && r == '"':
			quoted = false
		case quoted:
			word.WriteRune(r)
		case r == '"':
			quoted, inWord = true, true
		case r == ';':
			flushOp()
		case r == ' ' || r == '\t':
			flushWord()
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("a quoted operand is not closed")
	}
	flushOp()
	return ops, nil
}

// AfterFields is s after its first n whitespace-separated fields.
func AfterFields(s string, n int) string {
	for i := 0; i < n; i++ {
		s = strings.TrimLeft(s, " \t")
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			return ""
		}
		s = s[end:]
	}
	return s
}
