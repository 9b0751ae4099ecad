package protocol

import (
	"fmt"
	"strings"

	"senapati/board"
)

// How a game looks to XBoard. Chess is XBoard's own "normal". The other
// games keep their names, which XBoard gives no built-in meaning, so it
// takes the board, the pieces and their moves from our setup and piece
// lines and leaves the rules to the engine (highlights, Illegal move).

// xboardKind is one of our movement kinds as XBoard knows it: its place
// in XBoard's piece-to-char table (which picks the picture; -1 for the
// king, which the table always lists last) and its moves in Betza
// notation.
type xboardKind struct {
	index int
	betza string
}

// xboardKinds covers the kinds XBoard has a picture for; a game using any
// other kind cannot be drawn.
var xboardKinds = map[board.PieceType]xboardKind{
	board.Pawn:   {0, "fmWfcF"},
	board.Knight: {1, "N"},
	board.Bishop: {2, "B"},
	board.Rook:   {3, "R"},
	board.Queen:  {4, "Q"},
	board.Ferz:   {5, "F"},
	board.Alfil:  {6, "A"},
	board.King:   {-1, "K"},
}

// xboardName is the variant name CECP uses for v.
func xboardName(v *board.Variant) string {
	if v == board.Chess() {
		return "normal"
	}
	return v.Name()
}

// xboardChess960 is XBoard's name for Chess960: chess in Chess960 mode,
// castling rights by rook file and castling written O-O and O-O-O.
const xboardChess960 = "fischerandom"

// variantByXboardName finds the game XBoard asks for; frc is true for
// fischerandom, which is chess in Chess960 mode.
func variantByXboardName(name string) (v *board.Variant, frc, ok bool) {
	if strings.EqualFold(name, xboardChess960) {
		return board.Chess(), true, true
	}
	for _, v := range board.Variants() {
		if strings.EqualFold(xboardName(v), name) {
			return v, false, true
		}
	}
	return nil, false, false
}

// xboardCannotShow says why XBoard 4.9 cannot show v as it is ("" when it
// can). Its moves move one piece (or drop one) and nothing else, so a rule
// that changes the board in any other way would leave the GUI showing a
// board that is not the engine's. docs/xboard.md has what XBoard showed.
func xboardCannotShow(v *board.Variant) string {
	var why []string
	if v.ZoneCaptureKillsBoth() {
		why = append(why, "a capture in a Durg zone removes the capturer too, but XBoard leaves it on the square")
	}
	if v.Successor() != board.NoType {
		why = append(why, "a Mantri arrival and a move in one turn are two pieces moving, XBoard plays one")
	}
	if v.CallThreshold() > 0 {
		why = append(why, "the Rani's call needs a hand, and XBoard's hand fills with every capture")
	}
	for t := board.Pawn; t < board.NumTypes; t++ {
		if _, ok := xboardKinds[t]; v.HasType(t) && !ok {
			why = append(why, fmt.Sprintf("XBoard has no picture for the piece %c", v.PieceLetter(board.MakePiece(board.White, t))))
		}
	}
	return strings.Join(why, "; ")
}

// setupLines answer `variant` for a game XBoard does not know: the board,
// the pieces' pictures and the position fen, then each piece's moves.
func setupLines(v *board.Variant, fen string) []string {
	if v == board.Chess() {
		return nil
	}
	var white []byte // XBoard's table for White, the king last
	for t := board.Pawn; t < board.NumTypes; t++ {
		k, ok := xboardKinds[t]
		if !v.HasType(t) || !ok || k.index < 0 {
			continue
		}
		for len(white) <= k.index {
			white = append(white, '.')
		}
		white[k.index] = v.PieceLetter(board.MakePiece(board.White, t))
	}
	// XBoard reads a table of fewer than 12 letters as no table at all.
	for len(white) < 5 {
		white = append(white, '.')
	}
	white = append(white, v.PieceLetter(board.MakePiece(board.White, board.King)))
	table := string(white) + strings.ToLower(string(white))
	lines := []string{fmt.Sprintf("setup (%s) %dx%d+0_fairy %s", table, v.Files(), v.Ranks(), fen)}
	for t := board.Pawn; t < board.NumTypes; t++ {
		if !v.HasType(t) {
			continue
		}
		lines = append(lines, fmt.Sprintf("piece %c& %s", v.PieceLetter(board.MakePiece(board.White, t)), betza(v, t)))
	}
	return lines
}

// betza is a kind's moves in v as XBoard's Betza notation says them. What
// it cannot say is left to the engine's highlights and Illegal move: the
// Raja's leap is written as a knight move that does not capture (mN),
// which XBoard does not count as an attack (with N it would mark checks
// the leap never gives; with i, "from the start square", it writes the
// Raja's file into the FEN's castling field, which no FEN of ours has);
// that the leap may capture, comes once and ends at the first check, and
// that a Padati promotes only where the start type is missing, XBoard
// learns from the highlights.
func betza(v *board.Variant, t board.PieceType) string {
	b := xboardKinds[t].betza
	switch {
	case t == board.Pawn && v.PawnDoubleStep():
		b += "ifmnD"
	case t == board.King && v.HasRajaLeap():
		b += "mN"
	}
	return b
}

// Colours of XBoard's highlight command.
const (
	markQuiet     = 'Y' // yellow: a move there
	markCapture   = 'R' // red: a capture there
	markPromotion = 'M' // magenta: a promotion there, the GUI asks which piece
	// blue: a promotion to one piece only; the GUI waits for the engine's
	// choice on put, so it cannot offer another
	markForcedPromotion = 'B'
)

// highlight is the answer to `lift from`: every legal target of the piece
// on from, as a board of colour letters (all empty when it has none).
func highlight(p *board.Position, from board.Square) string {
	v := p.Variant()
	marks := map[board.Square]byte{}
	promotions := map[board.Square]int{}
	var ml board.MoveList
	p.GenerateMoves(&ml)
	for _, m := range ml.Slice() {
		if m.IsCall() || m.From() != from {
			continue
		}
		mark := byte(markQuiet)
		switch {
		case m.Promotion() != board.NoType:
			mark = markForcedPromotion
			if promotions[m.To()]++; promotions[m.To()] > 1 {
				mark = markPromotion
			}
		case p.IsCapture(m):
			mark = markCapture
		}
		marks[m.To()] = mark
	}
	var b strings.Builder
	for r := v.Ranks() - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < v.Files(); f++ {
			mark, ok := marks[board.MakeSquare(f, r)]
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprintf(&b, "%d", empty)
				empty = 0
			}
			b.WriteByte(mark)
		}
		if empty > 0 {
			fmt.Fprintf(&b, "%d", empty)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

// promotionChoice lists, upper case, the pieces the piece on from may
// become on to ("" when that is no promotion), for XBoard's choice command.
func promotionChoice(p *board.Position, from, to board.Square) string {
	var ml board.MoveList
	p.GenerateMoves(&ml)
	var b strings.Builder
	for _, m := range ml.Slice() {
		if m.From() == from && m.To() == to && !m.IsCall() && m.Promotion() != board.NoType {
			b.WriteByte(p.Variant().PieceLetter(board.MakePiece(board.White, m.Promotion())))
		}
	}
	return b.String()
}

// resultLine is the claim of a finished game: the PGN result and the
// reason in the variant's own terms.
func resultLine(v board.Verdict, moveRule int) string {
	winner, loser := "White", "Black"
	if v.Winner == board.BlackWon {
		winner, loser = loser, winner
	}
	var why string
	switch v.Termination {
	case board.Checkmate:
		why = winner + " mates"
	case board.Stalemate:
		why = "Stalemate"
		if v.Winner != board.Nobody {
			why = winner + " is stalemated and wins"
		}
	case board.BareRaja:
		why = "Both Rajas are bared"
		if v.Winner != board.Nobody {
			why = loser + " is bared"
		}
	case board.Repetition:
		why = "Draw by repetition"
	case board.MoveRuleReached:
		why = fmt.Sprintf("Draw by %d-move rule", moveRule)
	case board.InsufficientMaterial:
		why = "Insufficient mating material"
	}
	return fmt.Sprintf("%s {%s}", v.Result(), why)
}
