package board

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// MoveString writes a move in the UCI notation of RULES.md section 4:
// e2e4, e7e8q, e1g1 (castling; e1h1, king takes rook, in Chess960 mode),
// Q@d1 (the call) and, for a Durg turn with
// arrivals, the placements first, comma-joined: B@c1,B@f1,h1g3.
func (p *Position) MoveString(m Move) string {
	if m == NoMove {
		return "0000"
	}
	var sb strings.Builder
	for i, s := range p.v.backSlots[p.side] {
		if m.arrivals()>>i&1 != 0 {
			sb.WriteString("B@")
			sb.WriteString(s.String())
			sb.WriteByte(',')
		}
	}
	if m.kind() == kindCall {
		sb.WriteString("Q@")
		sb.WriteString(m.To().String())
		return sb.String()
	}
	sb.WriteString(m.From().String())
	if m.kind() == kindCastle && p.v.frc { // Chess960: king takes rook
		sb.WriteString(p.v.castleTo(p.side, m.To()).rookFrom.String())
		return sb.String()
	}
	sb.WriteString(m.To().String())
	if m.kind() == kindPromotion {
		sb.WriteByte(p.v.letters[m.Promotion()] + ('a' - 'A'))
	}
	return sb.String()
}

// ParseMove reads a move string and returns the matching legal move, or an
// error that says whether the string is malformed or which rule the move
// breaks. It matches the parsed squares against the generated moves, so a
// move costs one generation and no strings.
func (p *Position) ParseMove(s string) (Move, error) {
	mt, err := p.parseMoveText(s)
	if err != nil {
		return NoMove, err
	}
	if m, ok := p.findMove(&mt); ok {
		return m, nil
	}
	return NoMove, fmt.Errorf("illegal move %s: %s", s, p.whyIllegal(&mt))
}

// maxMoveText bounds a move string: eight arrivals and a promotion fit.
const maxMoveText = 40

// moveText is a well-formed move string taken apart.
type moveText struct {
	arrivals  [maxMoveText / 5]Square // "B@c1," takes 5 bytes
	nArrivals int
	call      bool // Q@to
	from, to  Square
	promo     byte // lower-case letter, 0 if none
}

// parseMoveText checks the syntax of RULES.md section 4; arrivals may come
// in any order. It does not allocate on the way to a valid move.
func (p *Position) parseMoveText(s string) (moveText, error) {
	var mt moveText
	if s == "" || len(s) > maxMoveText {
		return mt, fmt.Errorf("unparsable move %q", s)
	}
	last := s
	for {
		i := strings.IndexByte(last, ',')
		if i < 0 {
			break
		}
		a := last[:i]
		if len(a) != 4 || a[:2] != "B@" {
			return mt, fmt.Errorf("unparsable move %q: %q is not an arrival like B@d1", s, a)
		}
		sq, ok := p.v.ParseSquare(a[2:])
		if !ok {
			return mt, fmt.Errorf("unparsable move %q: %q is not a square", s, a[2:])
		}
		mt.arrivals[mt.nArrivals] = sq
		mt.nArrivals++
		last = last[i+1:]
	}
	switch {
	case len(last) == 4 && last[:2] == "Q@":
		sq, ok := p.v.ParseSquare(last[2:])
		if !ok {
			return mt, fmt.Errorf("unparsable move %q: %q is not a square", s, last[2:])
		}
		mt.call, mt.to = true, sq
	case len(last) == 4 || len(last) == 5:
		from, ok1 := p.v.ParseSquare(last[:2])
		to, ok2 := p.v.ParseSquare(last[2:4])
		if !ok1 || !ok2 {
			return mt, fmt.Errorf("unparsable move %q: squares must be on the %dx%d board", s, p.v.files, p.v.ranks)
		}
		if len(last) == 5 && (last[4] < 'a' || last[4] > 'z') {
			return mt, fmt.Errorf("unparsable move %q: promotion letter must be lower case", s)
		}
		mt.from, mt.to = from, to
		if len(last) == 5 {
			mt.promo = last[4]
		}
	default:
		return mt, fmt.Errorf("unparsable move %q", s)
	}
	return mt, nil
}

// arrivalSet is the arrivals as the 4-bit set of a Move, ok false when one
// is not a back-slot square of the side to move or comes twice.
func (p *Position) arrivalSet(mt *moveText) (uint8, bool) {
	var set uint8
	for _, sq := range mt.arrivals[:mt.nArrivals] {
		i := slices.Index(p.v.backSlots[p.side][:], sq)
		if i < 0 || !p.v.hasSuccession() || set>>i&1 != 0 {
			return 0, false
		}
		set |= 1 << i
	}
	return set, true
}

// findMove is the legal move the text names, if there is one.
func (p *Position) findMove(mt *moveText) (Move, bool) {
	set, ok := p.arrivalSet(mt)
	if !ok {
		return NoMove, false
	}
	ml := moveLists.Get().(*MoveList)
	defer moveLists.Put(ml)
	p.GenerateMoves(ml)
	var promoted Move
	promotions := 0
	for _, m := range ml.Slice() {
		if m.arrivals() != set || (m.kind() == kindCall) != mt.call {
			continue
		}
		if m.kind() == kindCastle && p.v.frc {
			if !p.castleNamedBy(m, mt.to) {
				continue
			}
		} else if m.To() != mt.to {
			continue
		}
		if mt.call {
			return m, true
		}
		if m.From() != mt.from {
			continue
		}
		switch {
		case m.kind() != kindPromotion:
			if mt.promo == 0 {
				return m, true
			}
		case mt.promo == p.v.letters[m.Promotion()]+('a'-'A'):
			return m, true
		case mt.promo == 0:
			promoted, promotions = m, promotions+1
		}
	}
	// Chaturanga promotes to one forced type, so accept it unnamed.
	if promotions == 1 && p.v.promotion == promoteStartSquare {
		return promoted, true
	}
	return NoMove, false
}

// moveLists lends ParseMove a move list: one of MaxMoves on the stack
// would be cleared on every call.
var moveLists = sync.Pool{New: func() any { return new(MoveList) }}

// LegalMoveStrings lists the legal moves as sorted move strings (for
// arbiters and tests; the search uses GenerateMoves).
func (p *Position) LegalMoveStrings() []string {
	var ml MoveList
	p.GenerateMoves(&ml)
	out := make([]string, 0, ml.N)
	for _, m := range ml.Slice() {
		out = append(out, p.MoveString(m))
	}
	sort.Strings(out)
	return out
}
