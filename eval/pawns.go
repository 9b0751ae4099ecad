package eval

import "senapati/board"

// pawnInfo is what the evaluation draws from the pawns alone, for both
// sides: it changes only when a pawn moves or falls, so a search thread
// keeps it in a PawnCache instead of working it out at every node.
type pawnInfo struct {
	pawns    [2]board.Bitboard // the key, with paramsID
	paramsID uint32
	side     [2]pawnSide
}

type pawnSide struct {
	attacks board.Bitboard // squares the side's pawns attack
	span    board.Bitboard // squares they may ever attack (they only advance)
	passed  board.Bitboard
	psq     score // the pawns' piece-square values
	shape   score // doubled, isolated and connected pawns
}

// pawnCacheSize entries of about 200 bytes: 200 KB a thread, where the
// pawn structures of a search fit many times over.
const (
	pawnCacheBits = 10
	pawnCacheSize = 1 << pawnCacheBits
)

// PawnCache keeps recent pawnInfo, exactly: an entry is used only for the
// very same pawns and the very same evaluation tables. One search thread
// owns it (it is not safe for concurrent use).
type PawnCache struct {
	entries [pawnCacheSize]pawnInfo
}

// NewPawnCache makes an empty cache (no entry matches: table ids start
// at 1).
func NewPawnCache() *PawnCache { return new(PawnCache) }

// EvaluateRule is the package's EvaluateRule, with the pawns' part taken
// from the cache where it is there.
func (c *PawnCache) EvaluateRule(p *board.Position, moveRule int) int {
	return evaluateRule(p, moveRule, c)
}

// slot is where p's pawns have their entry.
func (c *PawnCache) slot(p *board.Position) uint64 { return p.PawnKey() >> (64 - pawnCacheBits) }

// lookup returns the pawn information of p, from c when c holds it (c may
// be nil: then into scratch).
func (c *PawnCache) lookup(p *board.Position, pr *params, scratch *pawnInfo) *pawnInfo {
	pawns := [2]board.Bitboard{p.Pieces(board.White, board.Pawn), p.Pieces(board.Black, board.Pawn)}
	e := scratch
	if c != nil {
		e = &c.entries[c.slot(p)]
		if e.paramsID == pr.id && e.pawns == pawns {
			return e
		}
	}
	e.pawns, e.paramsID = pawns, pr.id
	var up, down [2]board.Bitboard
	for s := board.White; s <= board.Black; s++ {
		up[s], down[s] = fillUp(pawns[s]), fillDown(pawns[s])
		ahead := up[s] // the squares the side's pawns may still reach
		if s == board.Black {
			ahead = down[s]
		}
		e.side[s].attacks = pawnAttackSet(s, pawns[s], pr.boardMask)
		e.side[s].span = pawnAttackSet(s, ahead, pr.boardMask)
	}
	for s := board.White; s <= board.Black; s++ {
		pawnShape(pr, s, pawns, up, down, &e.side[s])
	}
	return e
}

// pawnShape fills in the side's piece-square sum, its doubled, isolated
// and connected pawns and its passed pawns.
func pawnShape(pr *params, c board.Color, pawns, up, down [2]board.Bitboard, ps *pawnSide) {
	own := pawns[c]
	var psq packed
	psqT := &pr.psq[c][board.Pawn]
	for b := own; b.Any(); {
		psq += psqT[b.Pop()]
	}
	ps.psq = psq.unpack()
	rear, isolated, passed := pawnSets(c, pawns, up, down)
	ps.passed = passed
	nd, ni := rear.Count(), isolated.Count()
	// Connected pawns (defended by a pawn, or beside one on its rank) are
	// worth more the further they stand.
	advance := 0
	if pr.w.PawnConnected != (score{}) {
		for b := own.And(ps.attacks.Or(own.ShiftUp(9)).Or(own.ShiftDown(9))); b.Any(); {
			advance += int(pr.relRank[c][b.Pop()])
		}
	}
	ps.shape = score{
		(nd*pr.w.DoubledPawn.mg+ni*pr.w.IsolatedPawn.mg)*pr.pawnStructure/64 + advance*pr.w.PawnConnected.mg/4,
		(nd*pr.w.DoubledPawn.eg+ni*pr.w.IsolatedPawn.eg)*pr.pawnStructure/64 + advance*pr.w.PawnConnected.eg/4,
	}
}
