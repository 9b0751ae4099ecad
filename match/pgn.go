package match

import (
	"fmt"
	"strconv"
	"strings"

	"senapati/board"
)

// pgnQuote is a tag value: cleaned (see pgntext.go), then with '\' and '"'
// escaped as PGN does.
func pgnQuote(s string) string {
	s = cleanName(s)
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// pgn writes a finished game. Moves are in SAN (chess) or the SAN-style
// notation of RULES.md (the other games), replayed from the start FEN;
// unless minimal, each engine move carries {score/depth time} and book
// moves {book}.
func (r *gameResult) pgn(event, site string, minimal bool) string {
	var b strings.Builder
	tag := func(name, value string) { fmt.Fprintf(&b, "[%s %s]\n", name, pgnQuote(value)) }
	tag("Event", event)
	tag("Site", site)
	tag("Date", r.date.Format("2006.01.02"))
	tag("Round", strconv.Itoa(r.spec.number))
	tag("White", r.white)
	tag("Black", r.black)
	tag("Result", r.result.String())
	// What -merge needs to put the games of shards back into one match.
	tag("WhiteNumber", strconv.Itoa(r.spec.white+1))
	tag("BlackNumber", strconv.Itoa(r.spec.black+1))
	if r.spec.pair > 0 {
		tag("Pair", strconv.Itoa(r.spec.pair))
	}
	tag("Variant", r.variant.Name())
	tag("SetUp", "1")
	tag("FEN", r.startFEN)
	if tw, tb := r.tc[0].String(), r.tc[1].String(); tw == tb {
		tag("TimeControl", tw)
	} else {
		tag("TimeControl", "?")
		tag("WhiteTimeControl", tw)
		tag("BlackTimeControl", tb)
	}
	tag("Termination", r.termination)
	tag("PlyCount", strconv.Itoa(len(r.moves)))
	b.WriteByte('\n')

	// The move text, wrapped at 79 columns.
	pos, _ := board.ParseFEN(r.variant, r.startFEN)
	moveNo, black := pos.FullmoveNumber(), pos.SideToMove() == board.Black
	var words []string
	reasonWritten := false
	for i, m := range r.moves {
		switch {
		case !black:
			words = append(words, fmt.Sprintf("%d.", moveNo))
		case i == 0:
			words = append(words, fmt.Sprintf("%d...", moveNo))
		}
		words = append(words, sanPlay(&pos, m.move))
		if !minimal && m.comment != "" {
			comment := m.comment
			if i == len(r.moves)-1 {
				// Strict readers (chess.js) take one comment per move, so
				// the reason joins the last one, as fastchess writes it.
				comment += ", " + r.reason
				reasonWritten = true
			}
			words = append(words, strings.Fields("{"+comment+"}")...)
		}
		if black {
			moveNo++
		}
		black = !black
	}
	if !reasonWritten {
		words = append(words, strings.Fields("{"+r.reason+"}")...)
	}
	words = append(words, r.result.String())
	col := 0
	for _, w := range words {
		if col > 0 && col+1+len(w) > 79 {
			b.WriteByte('\n')
			col = 0
		} else if col > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(w)
		col += len(w)
	}
	b.WriteString("\n\n")
	return b.String()
}

// sanPlay writes a recorded move (UCI, as the engine sent it) in algebraic
// notation and plays it on pos.
func sanPlay(pos *board.Position, uci string) string {
	m, err := pos.ParseMove(uci)
	if err != nil {
		return uci // not reached: the arbiter records legal moves only
	}
	s := pos.SAN(m)
	pos.DoMove(m)
	return s
}
