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

// cached is the entry p's pawns have in c, and whether it holds them
// under pr's tables.
func (c *PawnCache) cached(p *board.Position, pr *params) (*pawnInfo, bool) {
	e := &c.entries[p.PawnKey()>>(64-pawnCacheBits)]
	return e, e.paramsID == pr.id && e.pawns == pawnsOf(p)
}

func pawnsOf(p *board.Position) [2]board.Bitboard {
	return [2]board.Bitboard{p.Pieces(board.White, board.Pawn), p.Pieces(board.Black, board.Pawn)}
}

// lookup returns the pawn information of p, from c when c holds it (c may
// be nil: then into scratch).
func (c *PawnCache) lookup(p *board.Position, pr *params, scratch *pawnInfo) *pawnInfo {
	e := scratch
	if c != nil {
		var hit bool
		if e, hit = c.cached(p, pr); hit {
			return e
		}
	}
	pawns := pawnsOf(p)
	e.pawns, e.paramsID = pawns, pr.id
	var up, down [2]board.Bitboard
	for c := board.White; c <= board.Black; c++ {
		up[c], down[c] = fillUp(pawns[c]), fillDown(pawns[c])
		ahead := up[c] // the squares the side's pawns may still reach
		if c == board.Black {
			ahead = down[c]
		}
		e.side[c].attacks = pawnAttackSet(c, pawns[c], pr.boardMask)
		e.side[c].span = pawnAttackSet(c, ahead, pr.boardMask)
	}
	// Both sides' fills first: a side's passed pawns need the other's.
	for c := board.White; c <= board.Black; c++ {
		pawnShape(pr, c, pawns, up, down, &e.side[c])
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

// pawnSets splits c's pawns into rear pawns of a doubled pair (an own
// pawn ahead on the file), isolated pawns (no own pawn on a file beside)
// and passed pawns (no enemy pawn ahead on the own or a neighbouring file,
// and not behind an own pawn), from the file fills of both sides' pawns.
func pawnSets(c board.Color, pawns, up, down [2]board.Bitboard) (rear, isolated, passed board.Bitboard) {
	own, them := pawns[c], c^1
	var blocked board.Bitboard // squares with an enemy pawn ahead on the file
	if c == board.White {
		rear = own.And(down[c].ShiftDown(1).And(rankLE[7]))
		blocked = down[them].ShiftDown(1).And(rankLE[7])
	} else {
		rear = own.And(up[c].ShiftUp(1).And(rankGE[1]))
		blocked = up[them].ShiftUp(1).And(rankGE[1])
	}
	blocked = blocked.Or(blocked.ShiftUp(9)).Or(blocked.ShiftDown(9))
	files := up[c].Or(down[c])
	isolated = own.AndNot(files.ShiftUp(9).Or(files.ShiftDown(9)))
	return rear, isolated, own.AndNot(rear).AndNot(blocked)
}

// rankGE[k] and rankLE[k] are the grid squares on ranks >= k and <= k.
var rankGE, rankLE [9]board.Bitboard

func init() {
	for k := 0; k < 9; k++ {
		for r := 0; r < 9; r++ {
			if r >= k {
				rankGE[k] = rankGE[k].Or(board.RankSquares(r))
			}
			if r <= k {
				rankLE[k] = rankLE[k].Or(board.RankSquares(r))
			}
		}
	}
}

// fillUp spreads every square of b up its file to the top rank; the mask
// after each shift drops what wrapped onto the next file.
func fillUp(b board.Bitboard) board.Bitboard {
	b = b.Or(b.ShiftUp(1).And(rankGE[1]))
	b = b.Or(b.ShiftUp(2).And(rankGE[2]))
	b = b.Or(b.ShiftUp(4).And(rankGE[4]))
	return b.Or(b.ShiftUp(8).And(rankGE[8]))
}

// fillDown spreads every square of b down its file to rank 1.
func fillDown(b board.Bitboard) board.Bitboard {
	b = b.Or(b.ShiftDown(1).And(rankLE[7]))
	b = b.Or(b.ShiftDown(2).And(rankLE[6]))
	b = b.Or(b.ShiftDown(4).And(rankLE[4]))
	return b.Or(b.ShiftDown(8).And(rankLE[0]))
}

// pawnAttackSet is every square c's pawns attack: one rank forward (+-1)
// and one file either way (+-9). Pawns on the edge rank in the direction
// of travel attack nothing (and would wrap onto the next file).
func pawnAttackSet(c board.Color, pawns, mask board.Bitboard) board.Bitboard {
	if c == board.White {
		src := pawns.AndNot(board.RankSquares(8))
		return src.ShiftUp(10).Or(src.ShiftDown(8)).And(mask)
	}
	src := pawns.AndNot(board.RankSquares(0))
	return src.ShiftUp(8).Or(src.ShiftDown(10)).And(mask)
}
