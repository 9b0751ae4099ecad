package board

import (
	"fmt"
	"sort"
	"strings"
)

// MoveString writes a move in the UCI notation of RULES.md section 4:
// e2e4, e7e8q, e1g1 (castling), Q@d1 (the call) and, for a Durg turn with
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
	sb.WriteString(m.To().String())
	if m.kind() == kindPromotion {
		sb.WriteByte(p.v.letters[m.Promotion()] + ('a' - 'A'))
	}
	return sb.String()
}

// ParseMove reads a move string and returns the matching legal move, or an
// error that says whether the string is malformed or the move illegal.
func (p *Position) ParseMove(s string) (Move, error) {
	norm, err := p.normalizeMove(s)
	if err != nil {
		return NoMove, err
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	var promoted Move
	promotions := 0
	for _, m := range ml.Slice() {
		ms := p.MoveString(m)
		if ms == norm {
			return m, nil
		}
		// Chaturanga() promotes to one forced type, so accept it unnamed.
		if m.kind() == kindPromotion && strings.HasPrefix(ms, norm) && len(ms) == len(norm)+1 {
			promoted, promotions = m, promotions+1
		}
	}
	if promotions == 1 && p.v.promotion == promoteStartSquare {
		return promoted, nil
	}
	return NoMove, fmt.Errorf("illegal move %s: %s", s, p.whyIllegal(norm, &ml))
}

// normalizeMove checks the syntax and puts arrivals in file order.
func (p *Position) normalizeMove(s string) (string, error) {
	if s == "" || len(s) > 40 {
		return "", fmt.Errorf("unparsable move %q", s)
	}
	parts := strings.Split(s, ",")
	last := parts[len(parts)-1]
	arrivals := parts[:len(parts)-1]
	for _, a := range arrivals {
		if len(a) != 4 || a[:2] != "B@" {
			return "", fmt.Errorf("unparsable move %q: %q is not an arrival like B@d1", s, a)
		}
		if _, ok := p.v.ParseSquare(a[2:]); !ok {
			return "", fmt.Errorf("unparsable move %q: %q is not a square", s, a[2:])
		}
	}
	switch {
	case len(last) == 4 && last[:2] == "Q@":
		if _, ok := p.v.ParseSquare(last[2:]); !ok {
			return "", fmt.Errorf("unparsable move %q: %q is not a square", s, last[2:])
		}
	case len(last) == 4 || len(last) == 5:
		_, ok1 := p.v.ParseSquare(last[:2])
		_, ok2 := p.v.ParseSquare(last[2:4])
		if !ok1 || !ok2 {
			return "", fmt.Errorf("unparsable move %q: squares must be on the %dx%d board", s, p.v.files, p.v.ranks)
		}
		if len(last) == 5 && (last[4] < 'a' || last[4] > 'z') {
			return "", fmt.Errorf("unparsable move %q: promotion letter must be lower case", s)
		}
	default:
		return "", fmt.Errorf("unparsable move %q", s)
	}
	sort.Slice(arrivals, func(i, j int) bool { return arrivals[i] < arrivals[j] })
	return strings.Join(append(arrivals, last), ","), nil
}

// whyIllegal gives the most useful short reason a well-formed move is not legal.
func (p *Position) whyIllegal(norm string, ml *MoveList) string {
	last := norm[strings.LastIndexByte(norm, ',')+1:]
	if p.waiting[p.side] > 0 && !strings.Contains(norm, "B@") && p.freeSlots() != 0 {
		return "a waiting Mantri must arrive first (B@square,move)"
	}
	if last[:2] != "Q@" {
		from, _ := p.v.ParseSquare(last[:2])
		pc := p.board[from]
		switch {
		case pc == NoPiece:
			return "no piece on " + last[:2]
		case pc.Color() != p.side:
			return "the piece on " + last[:2] + " is not " + p.side.String() + "'s"
		}
	}
	if ml.N == 0 {
		return "no legal moves in this position"
	}
	if p.InCheck() {
		return "it does not answer the check"
	}
	return "not a legal move in this position"
}

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
