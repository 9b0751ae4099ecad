package board

// Result is a game's outcome.
type Result uint8

const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// String is the PGN result token.
func (r Result) String() string {
	return [...]string{"*", "1-0", "0-1", "1/2-1/2"}[r]
}

// Outcome is a result with the reason a player would be told.
type Outcome struct {
	Result Result
	Reason string
}

func winFor(c Color) Result {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// bareRaja is chaturanga's first-judged rule: a lone Raja against more loses.
func (p *Position) bareRaja() (Outcome, bool) {
	if !p.v.bareKingLoses {
		return Outcome{}, false
	}
	whiteBare := !p.byColor[White].More()
	blackBare := !p.byColor[Black].More()
	switch {
	case whiteBare && blackBare:
		return Outcome{Draw, "both Rajas bare"}, true
	case whiteBare:
		return Outcome{BlackWins, "bare Raja"}, true
	case blackBare:
		return Outcome{WhiteWins, "bare Raja"}, true
	}
	return Outcome{}, false
}

// Outcome judges the position on its own (no history): bare Raja,
// checkmate, stalemate per variant, insufficient material, and the move
// rule after moveRule moves per side (0 = off). Repetition needs the game's
// history: see Game.
func (p *Position) Outcome(moveRule int) Outcome {
	if o, ok := p.bareRaja(); ok {
		return o
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 {
		switch {
		case p.InCheck():
			return Outcome{winFor(p.side ^ 1), "checkmate"}
		case p.v.stalemateWins:
			return Outcome{winFor(p.side), "stalemate (the stalemated side wins)"}
		default:
			return Outcome{Draw, "stalemate"}
		}
	}
	if p.InsufficientMaterial() {
		return Outcome{Draw, "insufficient material"}
	}
	if moveRule > 0 && p.halfmove >= 2*moveRule {
		return Outcome{Draw, "move rule"}
	}
	return Outcome{}
}

// InsufficientMaterial reports a dead draw by the variant's material rule.
func (p *Position) InsufficientMaterial() bool {
	t := &p.byType
	switch p.v.insufficient {
	case insufficientChess:
		if t[Pawn].Or(t[Rook]).Or(t[Queen]).Any() {
			return false
		}
		minors := t[Knight].Or(t[Bishop])
		return !minors.More() || (t[Knight].Empty() && sameColour(t[Bishop]))
	case insufficientDurg:
		if t[Queen].Or(t[Rath]).Or(t[Rook]).Or(t[Pawn]).Any() {
			return false
		}
		for c := White; c <= Black; c++ {
			if p.waiting[c] > 0 || p.CallAvailable(c) {
				return false
			}
		}
		minors := t[Knight].Or(t[Bishop])
		if !minors.More() {
			return true
		}
		return t[Knight].Empty() && minors.Count() == 2 && p.Pieces(White, Bishop).Count() == 1 && sameColour(t[Bishop])
	}
	return false
}

// darkSquares holds the squares of one colour: those with odd file+rank.
var darkSquares Bitboard

func initColours() {
	for s := Square(0); s < numSquares; s++ {
		if (s.File()+s.Rank())%2 == 1 {
			darkSquares = darkSquares.Or(SquareBB(s))
		}
	}
}

func sameColour(b Bitboard) bool { return b.And(darkSquares).Empty() || b.AndNot(darkSquares).Empty() }

// Game is a position with its history, for repetition and a match arbiter.
type Game struct {
	Start    Position
	Moves    []Move
	MoveRule int // moves per side; 0 turns the rule off
	current  Position
	hashes   []uint64 // hash after each ply, the start first
}

// NewGame starts a game at p with the variant's default move rule.
func NewGame(p Position) *Game {
	return &Game{Start: p, MoveRule: p.v.DefaultMoveRule, current: p, hashes: []uint64{p.hash}}
}

// Position is the current position.
func (g *Game) Position() *Position { return &g.current }

// Play appends a legal move.
func (g *Game) Play(m Move) {
	g.current.DoMove(m)
	g.Moves = append(g.Moves, m)
	g.hashes = append(g.hashes, g.current.hash)
}

// Repetitions counts earlier occurrences of the current position since the
// last irreversible move.
func (g *Game) Repetitions() int {
	n := 0
	last := len(g.hashes) - 1
	for i := last - 2; i >= 0 && i >= last-g.current.halfmove; i -= 2 {
		if g.hashes[i] == g.hashes[last] {
			n++
		}
	}
	return n
}

// Outcome judges the game: the position's own rules first (bare Raja,
// mate, stalemate, material, move rule), then threefold repetition.
func (g *Game) Outcome() Outcome {
	if o := g.current.Outcome(g.MoveRule); o.Result != Ongoing {
		return o
	}
	if g.Repetitions() >= 2 {
		return Outcome{Draw, "threefold repetition"}
	}
	return Outcome{}
}
