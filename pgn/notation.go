package pgn

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"senapati/board"
)

// Notation is how a record writes its moves. SAN is the standard's and
// the default; LAN and UCI are fastchess's other two choices of -pgnout
// notation=, for tools that want the origin square. The reader (ParseSAN)
// takes all three back.
type Notation int

const (
	SAN Notation = iota // Nf3, exd6, O-O, e8=Q+, B@d1,e3 (RULES.md)
	LAN                 // long algebraic: Ng1-f3, e5xd6, O-O, e7-e8=Q+, B@d1,e2-e3
	UCI                 // the engines' strings: g1f3, e5d6, e1g1, e7e8q, B@d1,e2e3
)

var notationNames = [...]string{"san", "lan", "uci"}

func (n Notation) String() string { return notationNames[n] }

// ParseNotation reads san, lan or uci.
func ParseNotation(s string) (Notation, error) {
	for i, name := range notationNames {
		if strings.EqualFold(s, name) {
			return Notation(i), nil
		}
	}
	return SAN, fmt.Errorf("notation %q: needs san, lan or uci", s)
}

// Move writes legal move m of p in notation n.
func (n Notation) Move(p *board.Position, m board.Move) string {
	switch n {
	case UCI:
		return p.MoveString(m)
	case LAN:
		return lan(p, m)
	}
	return p.SAN(m)
}

// lan is the long form of the SAN of m: the origin square always written,
// then '-' for a move or the capture sign SAN writes ('x', durg's 'xx').
// Castling, the call (Q@d1) and the arrivals before a move (B@d1,) are
// written as in SAN: they name their squares already. It is built from
// the SAN so that the piece letter, capture and check signs are the same.
func lan(p *board.Position, m board.Move) string {
	san := p.SAN(m)
	cut := strings.LastIndexByte(san, ',') + 1
	prefix, body := san[:cut], san[cut:]
	if strings.HasPrefix(body, "O-O") || strings.Contains(body, "@") {
		return san
	}
	end := len(body)
	for end > 0 && (body[end-1] == '+' || body[end-1] == '#') {
		end--
	}
	suffix := body[end:]
	body = body[:end]
	promotion := ""
	if i := strings.IndexByte(body, '='); i >= 0 {
		promotion, body = body[i:], body[:i]
	}
	letter := ""
	if body != "" && body[0] >= 'A' && body[0] <= 'Z' {
		letter = body[:1]
	}
	sign := "-"
	switch {
	case strings.Contains(body, "xx"):
		sign = "xx"
	case strings.Contains(body, "x"):
		sign = "x"
	}
	return prefix + letter + m.From().String() + sign + m.To().String() + promotion + suffix
}

// ClockCommand is the clock command a move's comment carries, as lichess
// writes it: [%clk h:mm:ss], with the
// milliseconds after a point when the time is not whole seconds (fast
// time controls would lose most of their information otherwise).
func ClockCommand(left time.Duration) string {
	left = max(left, 0).Round(time.Millisecond)
	ms := left.Milliseconds()
	s := fmt.Sprintf("[%%clk %d:%02d:%02d", ms/3600000, ms/60000%60, ms/1000%60)
	if ms%1000 != 0 {
		s += fmt.Sprintf(".%03d", ms%1000)
	}
	return s + "]"
}

// commandsRE is what Move.Commands may hold: embedded commands of the
// form [%name arguments], without braces, brackets or '%' inside.
var commandsRE = regexp.MustCompile(`^\[%[A-Za-z]+ [^\[\]{}%]+\]( \[%[A-Za-z]+ [^\[\]{}%]+\])*$`)
