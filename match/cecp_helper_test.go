package match

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"senapati/board"
)

// fakeCECP is a minimal CECP engine that misbehaves on purpose (mode
// after "cecp-"):
//
//	legal     plays the first legal move
//	illegal   answers with e2e5
//	resign    resigns at its first turn
//	claim     claims a win (1-0 or 0-1 for its side) at its first turn
//	offer     offers a draw with every move, which are legal
//	silent    says nothing after protover (a protocol 1 engine)
//	nodone    sends feature done=0 and never done=1
//
// Arguments: "variants=a,b" is its feature variants (default normal),
// "noset" says setboard=0, "log=FILE" appends every line it reads to FILE.
func fakeCECP(mode string, args []string) {
	variants, setboard, logFile := "normal", 1, ""
	for _, a := range args {
		switch {
		case strings.HasPrefix(a, "variants="):
			variants = strings.TrimPrefix(a, "variants=")
		case a == "noset":
			setboard = 0
		case strings.HasPrefix(a, "log="):
			logFile = strings.TrimPrefix(a, "log=")
		}
	}
	var transcript *os.File
	if logFile != "" {
		transcript, _ = os.OpenFile(logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(format string, a ...any) {
		fmt.Fprintf(out, format+"\n", a...)
		out.Flush()
	}
	v := board.Chess()
	pos := v.StartPosition()
	forced, side := false, board.Black
	var edit []string // the edit mode's lines, until "."
	editing := false
	play := func() {
		side = pos.SideToMove()
		switch mode {
		case "illegal":
			say("move e2e5")
			return
		case "resign":
			say("resign")
			return
		case "claim":
			if side == board.White {
				say("1-0 {White mates, it says}")
			} else {
				say("0-1 {Black mates, it says}")
			}
			return
		case "offer":
			say("offer draw")
		}
		var ml board.MoveList
		pos.GenerateMoves(&ml)
		if ml.N == 0 {
			return
		}
		say("1 0 0 1 %s", pos.MoveString(ml.Moves[0]))
		say("move %s", pos.MoveString(ml.Moves[0]))
		pos.DoMove(ml.Moves[0])
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if transcript != nil {
			fmt.Fprintln(transcript, line)
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if editing {
			if line == "." {
				editing = false
				pos = editedPosition(v, edit)
			} else {
				edit = append(edit, line)
			}
			continue
		}
		switch f[0] {
		case "protover":
			switch mode {
			case "silent":
			case "nodone":
				say("feature done=0")
			default:
				say("feature done=0")
				say(`feature myname="Fake %s" ping=1 setboard=%d usermove=1 variants="%s" bogus=1`, mode, setboard, variants)
				say("feature done=1")
			}
		case "new":
			v, pos, forced, side = board.Chess(), board.Chess().StartPosition(), false, board.Black
		case "variant":
			if len(f) > 1 {
				if nv, err := board.LookupVariant(f[1]); err == nil {
					v, pos = nv, nv.StartPosition()
				}
			}
		case "setboard":
			if p, err := board.ParseFEN(v, strings.TrimSpace(strings.TrimPrefix(line, "setboard"))); err == nil {
				pos = p
			}
		case "edit":
			editing, edit = true, nil
		case "force":
			forced = true
		case "go":
			forced = false
			play()
		case "usermove":
			if len(f) > 1 {
				if m, err := pos.ParseMove(f[1]); err == nil {
					pos.DoMove(m)
				} else {
					say("Illegal move: %s", f[1])
					continue
				}
			}
			if !forced && pos.SideToMove() == side {
				play()
			}
		case "ping":
			say("pong %s", strings.Join(f[1:], " "))
		case "quit":
			return
		}
	}
}

// editedPosition builds the position edit mode set up (White to move, no
// castling): "#" clears, "c" switches to Black, "Ke1" puts a piece.
func editedPosition(v *board.Variant, lines []string) board.Position {
	var grid [8][8]byte
	white := true
	for _, l := range lines {
		switch {
		case l == "#" || l == "c":
			white = l == "#"
		case len(l) == 3:
			p, file, rank := l[0], int(l[1]-'a'), int(l[2]-'1')
			if !white {
				p += 'a' - 'A'
			}
			if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
				grid[7-rank][file] = p
			}
		}
	}
	var b strings.Builder
	for r, row := range grid {
		empty := 0
		for _, p := range row {
			if p == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte(p)
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if r < 7 {
			b.WriteByte('/')
		}
	}
	pos, err := board.ParseFEN(v, b.String()+" w - - 0 1")
	if err != nil {
		return v.StartPosition()
	}
	return pos
}
