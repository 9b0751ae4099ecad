package board

import "fmt"

// Termination is why a game ended.
type Termination uint8

const (
	NotOver Termination = iota
	Checkmate
	Stalemate
	BareRaja
	Repetition
	MoveRuleReached
	InsufficientMaterial
)

// Winner says who won a finished game.
type Winner uint8

const (
	Nobody Winner = iota // a draw, or the game goes on
	WhiteWon
	BlackWon
)

// WinnerIs is the Winner value for colour c.
func WinnerIs(c Color) Winner { return WhiteWon + Winner(c) }

// Verdict is the rules' judgement of a position or game. The zero value
// means the game goes on.
type Verdict struct {
	Termination Termination
	Winner      Winner
	moveRule    int // MoveRuleReached: the rule's number of moves, for the wording
}

// Over reports whether the game has ended.
func (v Verdict) Over() bool { return v.Termination != NotOver }

// Result is a game's outcome as a PGN result.
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

// Result is the verdict as a PGN result.
func (v Verdict) Result() Result {
	switch {
	case !v.Over():
		return Ongoing
	case v.Winner == WhiteWon:
		return WhiteWins
	case v.Winner == BlackWon:
		return BlackWins
	}
	return Draw
}

// Reason is the cutechess-style wording of the verdict, the one place
// where a termination becomes text.
func (v Verdict) Reason() string {
	winner := "White"
	if v.Winner == BlackWon {
		winner = "Black"
	}
	switch v.Termination {
	case Checkmate:
		return winner + " mates"
	case Stalemate:
		if v.Winner != Nobody {
			return winner + " is stalemated and wins"
		}
		return "Draw by stalemate"
	case BareRaja:
		if v.Winner != Nobody {
			return winner + " wins: bare Raja"
		}
		return "Draw: both Rajas bare"
	case InsufficientMaterial:
		return "Draw by insufficient mating material"
	case MoveRuleReached:
		return fmt.Sprintf("Draw by %d-move rule", v.moveRule)
	case Repetition:
		return "Draw by 3-fold repetition"
	}
	return ""
}

// MateValue is the score of a win at the root; a win found ply plies from
// the root scores MateValue-ply, so nearer wins score higher.
const MateValue = 32000

// Score is the verdict as a search score for side at ply plies from the
// root (in the spirit of Fairy-Stockfish's checkmate_value(ply)): a win
// nearer the root is better, a loss farther away is less bad.
func (v Verdict) Score(side Color, ply int) int {
	switch v.Winner {
	case Nobody:
		return 0
	case WinnerIs(side):
		return MateValue - ply
	}
	return -MateValue + ply
}

// Verdict judges the position on its own, in the order RULES.md gives:
// bare Raja, then checkmate or stalemate, then dead material, then the
// move rule after moveRule moves per side (0 = off). Repetition needs the
// game's history: see Game.Verdict.
func (p *Position) Verdict(moveRule int) Verdict {
	if v := p.bareRajaVerdict(); v.Over() {
		return v
	}
	if !p.HasLegalMove() {
		return p.NoMovesVerdict()
	}
	if p.InsufficientMaterial() {
		return Verdict{Termination: InsufficientMaterial}
	}
	return p.MoveRuleVerdict(moveRule)
}

// BareRajaVerdict is the first-judged bare-Raja rule (chaturanga); the
// zero Verdict where the rule does not apply or decides nothing.
func (p *Position) BareRajaVerdict() Verdict { return p.bareRajaVerdict() }

// NoMovesVerdict is the result when the side to move has no legal turn:
// mate if its king is attacked, else stalemate by the variant's rule.
func (p *Position) NoMovesVerdict() Verdict {
	if p.InCheck() {
		return Verdict{Termination: Checkmate, Winner: WinnerIs(p.side ^ 1)}
	}
	if p.v.stalemate == stalemateWinsForStalemated {
		return Verdict{Termination: Stalemate, Winner: WinnerIs(p.side)}
	}
	return Verdict{Termination: Stalemate}
}

// MoveRuleVerdict is the draw after moveRule moves per side without a
// capture or pawn move (0 = off).
func (p *Position) MoveRuleVerdict(moveRule int) Verdict {
	if moveRule > 0 && p.halfmove >= 2*moveRule {
		return Verdict{Termination: MoveRuleReached, moveRule: moveRule}
	}
	return Verdict{}
}

// InsufficientMaterial reports a dead draw by the variant's material rule.
func (p *Position) InsufficientMaterial() bool {
	return p.v.deadPosition != nil && p.v.deadPosition(p)
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

// DarkSquares is the set of squares of one colour (odd file+rank).
func DarkSquares() Bitboard { return darkSquares }

func sameColour(b Bitboard) bool { return b.And(darkSquares).Empty() || b.AndNot(darkSquares).Empty() }

// Repeats counts how often keys[len(keys)-1] occurred before among the
// positions with the same side to move from index lowest on (the last
// irreversible move, or a null move in search), stopping at limit. Both
// the game's threefold rule and the search's twofold scoring use it.
func Repeats(keys []uint64, lowest, limit int) int {
	last := len(keys) - 1
	n := 0
	for i := last - 2; i >= 0 && i >= lowest; i -= 2 {
		if keys[i] == keys[last] {
			if n++; n >= limit {
				break
			}
		}
	}
	return n
}

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
	return &Game{Start: p, MoveRule: p.v.defaultMoveRule, current: p, hashes: []uint64{p.hash}}
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
	last := len(g.hashes) - 1
	return Repeats(g.hashes, last-g.current.halfmove, last)
}

// Verdict judges the game: the position's own rules first (bare Raja,
// mate, stalemate, material, move rule), then threefold repetition.
func (g *Game) Verdict() Verdict {
	if v := g.current.Verdict(g.MoveRule); v.Over() {
		return v
	}
	if Repeats(g.hashes, len(g.hashes)-1-g.current.halfmove, 2) >= 2 {
		return Verdict{Termination: Repetition}
	}
	return Verdict{}
}
