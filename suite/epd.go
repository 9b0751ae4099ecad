// Package suite runs test suites of positions: EPD files whose lines name
// the best move (bm) or a move to avoid (am), such as Win At Chess. The
// score is how many the search gets right within a fixed time, nodes or
// depth, and when it first settled on the right move.
package suite

import (
	"fmt"
	"io"
	"strings"

	"senapati/board"
	"senapati/epd"
)

// Entry is one test position.
type Entry struct {
	Line  int    // line number in its file
	ID    string // the id operation, or "line N"
	FEN   string
	Pos   board.Position
	Best  []board.Move // bm: any of these is right
	Avoid []board.Move // am: none of these may be played
}

// Solved says whether m answers the entry: one of its best moves, and none
// of the moves to avoid.
func (e *Entry) Solved(m board.Move) bool {
	for _, a := range e.Avoid {
		if m == a {
			return false
		}
	}
	if len(e.Best) == 0 {
		return len(e.Avoid) > 0 && m != board.NoMove
	}
	for _, b := range e.Best {
		if m == b {
			return true
		}
	}
	return false
}

// Expected is the entry's moves as the suite names them: "bm Qg6" or
// "am Kh1".
func (e *Entry) Expected() string {
	var parts []string
	if len(e.Best) > 0 {
		parts = append(parts, "bm "+e.names(e.Best))
	}
	if len(e.Avoid) > 0 {
		parts = append(parts, "am "+e.names(e.Avoid))
	}
	return strings.Join(parts, ", ")
}

func (e *Entry) names(ms []board.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = e.Pos.SAN(m)
	}
	return strings.Join(s, " ")
}

// ParseLine reads one EPD line of variant v: the four position fields
// (the FEN's counters may follow), then operations "opcode operands;".
// It needs a bm or an am whose moves are legal; other operations (id
// aside) are skipped.
func ParseLine(v *board.Variant, line string) (Entry, error) {
	fields := strings.Fields(line)
	if len(fields) < 4 {
		return Entry{}, fmt.Errorf("needs the four position fields, got %d field(s)", len(fields))
	}
	fen := strings.Join(fields[:4], " ")
	pos, err := board.ParseFEN(v, fen)
	if err != nil {
		return Entry{}, err
	}
	n := 4
	if len(fields) >= 6 { // the FEN's counters, where the next two fields are
		if p, err := board.ParseFEN(v, strings.Join(fields[:6], " ")); err == nil {
			fen, pos, n = strings.Join(fields[:6], " "), p, 6
		}
	}
	ops, err := epd.Operations(epd.AfterFields(line, n))
	if err != nil {
		return Entry{}, err
	}
	e := Entry{FEN: fen, Pos: pos}
	for _, op := range ops {
		switch op.Code {
		case "id":
			if len(op.Args) > 0 {
				e.ID = strings.Join(op.Args, " ")
			}
		case "bm", "am":
			if len(op.Args) == 0 {
				return Entry{}, fmt.Errorf("%s names no move", op.Code)
			}
			for _, a := range op.Args {
				m, err := pos.ParseSAN(a)
				if err != nil {
					return Entry{}, fmt.Errorf("%s: %v", op.Code, err)
				}
				if op.Code == "bm" {
					e.Best = append(e.Best, m)
				} else {
					e.Avoid = append(e.Avoid, m)
				}
			}
		}
	}
	if len(e.Best) == 0 && len(e.Avoid) == 0 {
		return Entry{}, fmt.Errorf("no bm or am operation")
	}
	return e, nil
}

// Read reads a suite: one position a line; empty lines and lines starting
// with # are skipped. A line that cannot be read is an error naming it.
func Read(v *board.Variant, r io.Reader) ([]Entry, error) {
	var out []Entry
	err := epd.Lines(r, func(n int, line string) error {
		e, err := ParseLine(v, line)
		if err != nil {
			return err
		}
		e.Line = n
		if e.ID == "" {
			e.ID = fmt.Sprintf("line %d", n)
		}
		out = append(out, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no positions")
	}
	return out, nil
}
