package board

import (
	"fmt"
	"strings"
)

// Standard algebraic notation (SAN) for chess and the SAN-style notation of
// RULES.md ("Algebraic notation") for chaturanga and durg. Both use the legal
// move list, so they know exactly what the rules allow: a piece letter is
// the variant's FEN letter, disambiguation is added only when another piece
// of the same type could reach the same square, and the check and mate
// signs come from playing the move.

// SAN writes m in algebraic notation: Nf3, exd6, O-O-O, e8=Q+, Qh4#; in
// durg also Nxxc7 (a zone capture that removes both pieces), B@d1,Hg3 (an
// arriving Mantri first) and Q@d1 (the Raja's call). m must be legal in p.
func (p *Position) SAN(m Move) string {
	if m == NoMove {
		return "0000"
	}
	var sb strings.Builder
	uci := p.MoveString(m)
	sb.WriteString(uci[:strings.LastIndexByte(uci, ',')+1]) // the arrivals, as in UCI
	from, to := m.From(), m.To()
	switch m.kind() {
	case kindCall:
		sb.WriteByte(p.v.letters[Queen])
		sb.WriteByte('@')
		sb.WriteString(to.String())
	case kindCastle:
		if p.v.castles[p.side][0].kingTo == to { // king side (in Chess960 the king may not move)
			sb.WriteString("O-O")
		} else {
			sb.WriteString("O-O-O")
		}
	default:
		t := p.Moving(m)
		capture := p.IsCapture(m)
		if t != Pawn {
			sb.WriteByte(p.v.letters[t])
		}
		needFile, needRank := p.disambiguation(m, t)
		if t == Pawn && capture {
			needFile = true
		}
		if needFile {
			sb.WriteByte(byte('a' + from.File()))
		}
		if needRank {
			sb.WriteByte(byte('1' + from.Rank()))
		}
		if capture {
			sb.WriteByte('x')
			if p.KillsBoth(m) {
				sb.WriteByte('x')
			}
		}
		sb.WriteString(to.String())
		if m.kind() == kindPromotion {
			sb.WriteByte('=')
			sb.WriteByte(p.v.letters[m.Promotion()])
		}
	}
	child := *p
	child.DoMove(m)
	if child.InCheck() {
		if child.HasLegalMove() {
			sb.WriteByte('+')
		} else {
			sb.WriteByte('#')
		}
	}
	return sb.String()
}

// disambiguation says which part of m's origin SAN must name because
// another piece of the same type makes the same turn to the same square:
// the file if that tells them apart, else the rank, else both.
func (p *Position) disambiguation(m Move, t PieceType) (needFile, needRank bool) {
	var ml MoveList
	p.GenerateMoves(&ml)
	from := m.From()
	ambiguous, sameFile, sameRank := false, false, false
	for _, o := range ml.Slice() {
		if o.To() != m.To() || o.From() == from || o.arrivals() != m.arrivals() ||
			o.kind() == kindCall || o.kind() == kindCastle || p.Moving(o) != t {
			continue
		}
		ambiguous = true
		sameFile = sameFile || o.From().File() == from.File()
		sameRank = sameRank || o.From().Rank() == from.Rank()
	}
	switch {
	case !ambiguous:
		return false, false
	case !sameFile:
		return true, false
	case !sameRank:
		return false, true
	}
	return true, true
}

// sanMove is a turn as written, before it is matched against the legal moves.
type sanMove struct {
	arrivals          uint8 // over the c, d, f, g slots, as in Move
	call              bool
	castle            int // 0, or 1 for O-O and 2 for O-O-O
	piece             PieceType
	fromFile          int // -1 when not written
	fromRank          int
	capture, killBoth bool
	to                Square
	promotion         PieceType // NoType when not written
}

// ParseSAN reads a move in algebraic notation (SAN for chess, the notation
// of RULES.md for chaturanga and durg) or in the UCI notation, and returns
// the legal move it names. It takes the usual lenient forms too: check,
// mate and annotation signs are optional and not checked (Nf3+, e4!?),
// castling with zeros (0-0), the promotion without = (e8Q, e8q), extra
// disambiguation (Ng1f3), a capture without x, and in chaturanga a
// promotion without its letter (the type is forced). A string that is
// well-formed UCI is read as UCI (the two agree wherever both apply).
func (p *Position) ParseSAN(s string) (Move, error) {
	s = strings.TrimSpace(s)
	if _, err := p.parseMoveText(s); err == nil {
		return p.ParseMove(s)
	}
	w, err := p.parseSANText(s)
	if err != nil {
		return NoMove, fmt.Errorf("unparsable move %q: %v", s, err)
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	var found []Move
	unnamedPromotion := false
	for _, m := range ml.Slice() {
		ok, promo := w.matches(p, m)
		if ok {
			found = append(found, m)
		}
		unnamedPromotion = unnamedPromotion || promo
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		names := make([]string, len(found))
		for i, m := range found {
			names[i] = p.SAN(m)
		}
		return NoMove, fmt.Errorf("ambiguous move %q: it could be %s", s, strings.Join(names, " or "))
	case unnamedPromotion:
		return NoMove, fmt.Errorf("illegal move %q: a promotion must name the piece (=Q, =R, =B or =N)", s)
	}
	return NoMove, fmt.Errorf("illegal move %q: %s", s, p.whySANIllegal(w, &ml))
}

// matches reports whether legal move m is the one w describes; promo says
// m would match but for a promotion piece w leaves out where it has to be
// named (chess).
func (w *sanMove) matches(p *Position, m Move) (ok, promo bool) {
	if m.arrivals() != w.arrivals {
		return false, false
	}
	switch {
	case w.call:
		return m.kind() == kindCall && m.To() == w.to, false
	case w.castle != 0:
		if m.kind() != kindCastle {
			return false, false
		}
		short := p.v.castles[p.side][0].kingTo == m.To()
		return short == (w.castle == 1), false
	}
	if m.kind() == kindCall || m.kind() == kindCastle || m.To() != w.to || p.Moving(m) != w.piece {
		return false, false
	}
	if w.fromFile >= 0 && m.From().File() != w.fromFile || w.fromRank >= 0 && m.From().Rank() != w.fromRank {
		return false, false
	}
	if w.capture && !p.IsCapture(m) || w.killBoth && !p.KillsBoth(m) {
		return false, false
	}
	switch {
	case w.promotion != NoType:
		return m.kind() == kindPromotion && m.Promotion() == w.promotion, false
	case m.kind() == kindPromotion && p.v.promotion != promoteStartSquare:
		return false, true
	}
	return true, false
}

// whySANIllegal gives the most useful short reason no legal move matches.
func (p *Position) whySANIllegal(w *sanMove, ml *MoveList) string {
	switch {
	case ml.N == 0:
		return "no legal moves in this position"
	case p.waiting[p.side] > 0 && w.arrivals == 0 && p.freeSlots() != 0:
		return "a waiting Mantri must arrive first (B@square,move)"
	case w.call:
		return "the Rani cannot be called to " + w.to.String() + " now"
	case w.castle != 0 && !p.v.hasCastling():
		return p.v.name + " has no castling"
	case w.castle != 0:
		return "castling that way is not allowed now"
	}
	if p.Pieces(p.side, w.piece).Empty() {
		return fmt.Sprintf("%s has no %c on the board", p.side, p.v.letters[w.piece])
	}
	if w.capture && !p.Occupied().Has(w.to) && (w.piece != Pawn || p.ep != w.to) {
		return "there is nothing to capture on " + w.to.String()
	}
	if p.InCheck() {
		return "it does not answer the check"
	}
	return "not a legal move in this position"
}

// parseSANText splits a SAN string into its parts without looking at the
// legal moves; the errors say what is malformed.
func (p *Position) parseSANText(s string) (*sanMove, error) {
	w := &sanMove{fromFile: -1, fromRank: -1}
	if s == "" || len(s) > 40 {
		return nil, fmt.Errorf("expected a move like Nf3, e8=Q or O-O")
	}
	s = strings.TrimRight(s, "+#!? ")
	s = strings.TrimRight(strings.TrimSuffix(s, "e.p."), " ")
	parts := strings.Split(s, ",")
	body := parts[len(parts)-1]
	for _, a := range parts[:len(parts)-1] {
		sq, ok := p.v.ParseSquare(strings.TrimPrefix(a, "B@"))
		if !p.v.hasSuccession() || len(a) != 4 || a[:2] != "B@" || !ok {
			return nil, fmt.Errorf("%q is not an arrival like B@d1", a)
		}
		slot := -1
		for i := range p.v.backSlotFiles {
			if p.v.backSlots[p.side][i] == sq {
				slot = i
			}
		}
		if slot < 0 {
			return nil, fmt.Errorf("a Mantri arrives only on c, d, f or g of its first rank, not on %s", a[2:])
		}
		w.arrivals |= 1 << slot
	}
	switch strings.ToUpper(strings.ReplaceAll(body, "0", "O")) {
	case "O-O":
		w.castle = 1
		return w, nil
	case "O-O-O":
		w.castle = 2
		return w, nil
	}
	if len(body) == 4 && body[1] == '@' {
		sq, ok := p.v.ParseSquare(body[2:])
		if !ok || p.v.callThreshold == 0 || body[0] != p.v.letters[p.v.callPiece] {
			return nil, fmt.Errorf("the only placement is the Raja's call in durg, like Q@d1")
		}
		w.call, w.to = true, sq
		return w, nil
	}
	if body == "--" || body == "0000" {
		return nil, fmt.Errorf("a null move is not a turn of the game")
	}
	w.piece = Pawn
	if body != "" && body[0] >= 'A' && body[0] <= 'Z' {
		pc, ok := p.v.pieceFromLetter(body[0])
		if !ok {
			return nil, fmt.Errorf("unknown piece letter %c (this game uses %s)", body[0], p.v.Letters())
		}
		w.piece, body = pc.Type(), body[1:]
	}
	// Promotion: a letter after the destination, with or without =.
	if n := len(body); n > 0 && isLetter(body[n-1]) {
		pc, ok := p.v.pieceFromLetter(body[n-1])
		if !ok || pc.Type() == Pawn || pc.Type() == King {
			return nil, fmt.Errorf("%c is not a piece to promote to (this game uses %s)", body[n-1], p.v.Letters())
		}
		w.promotion = pc.Type()
		body = strings.TrimSuffix(body[:n-1], "=")
	}
	if len(body) < 2 {
		return nil, fmt.Errorf("expected a destination square")
	}
	to, ok := p.v.ParseSquare(body[len(body)-2:])
	if !ok {
		return nil, fmt.Errorf("%q is not a square of the %dx%d board", body[len(body)-2:], p.v.files, p.v.ranks)
	}
	w.to, body = to, body[:len(body)-2]
	switch {
	case strings.HasSuffix(body, "xx"):
		w.capture, w.killBoth, body = true, true, body[:len(body)-2]
	case strings.HasSuffix(body, "x") || strings.HasSuffix(body, ":"):
		w.capture, body = true, body[:len(body)-1]
	}
	body = strings.TrimSuffix(body, "-") // long algebraic: Ng1-f3
	if len(body) > 0 && body[0] >= 'a' && int(body[0]-'a') < p.v.files {
		w.fromFile, body = int(body[0]-'a'), body[1:]
	}
	if len(body) > 0 && body[0] >= '1' && int(body[0]-'1') < p.v.ranks {
		w.fromRank, body = int(body[0]-'1'), body[1:]
	}
	if body != "" {
		return nil, fmt.Errorf("cannot read %q before the destination", body)
	}
	return w, nil
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
