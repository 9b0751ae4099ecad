package board

// Mirrored returns the colour-swapped position: ranks reversed and colours
// exchanged, so an evaluation of it must be the negation (a symmetry test).
// Chaturanga()'s sides are set up point-symmetrically (Raja on e1 and d8), so
// there the files are reversed as well: a half-turn of the board.
func (p *Position) Mirrored() Position {
	v := p.v
	mirror := v.Mirror
	q := Position{v: v.colourSwapped(), ep: mirror(p.ep), side: p.side ^ 1, halfmove: p.halfmove, fullmove: p.fullmove}
	for s := Square(0); s < numSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			q.put(MakePiece(pc.Color()^1, pc.Type()), mirror(s))
		}
	}
	q.castling = p.castling>>2 | p.castling<<2&castleAll
	q.leap = p.leap>>1 | p.leap<<1&3
	for c := White; c <= Black; c++ {
		q.waiting[c^1], q.fallen[c^1], q.called[c^1] = p.waiting[c], p.fallen[c], p.called[c]
		q.recomputeZones(c)
	}
	q.checkers = q.attackersOf(q.side^1, q.kingSq[q.side], q.Occupied())
	q.hash = q.computeHash()
	return q
}

// FilesMirrored returns p seen in a mirror held beside the board: files
// reversed, the same side to move, castling wings and en passant mirrored.
// It is the same game position only where Variant.FilesMirrorable allows
// (training data's mirrored twins).
func (p *Position) FilesMirrored() Position {
	v := p.v
	q := Position{v: v, ep: NoSquare, side: p.side, castling: MirrorCastling(p.castling), leap: p.leap,
		halfmove: p.halfmove, fullmove: p.fullmove, waiting: p.waiting, fallen: p.fallen, called: p.called}
	if p.ep != NoSquare {
		q.ep = v.MirrorFile(p.ep)
	}
	for s := Square(0); s < numSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			q.put(pc, v.MirrorFile(s))
		}
	}
	for c := White; c <= Black; c++ {
		q.recomputeZones(c)
	}
	q.checkers = q.attackersOf(q.side^1, q.kingSq[q.side], q.Occupied())
	q.hash = q.computeHash()
	return q
}

// Attacks is the attack set of a piece type other than the pawn on s with
// occupancy occ (for evaluation: mobility, king safety).
func Attacks(t PieceType, s Square, occ Bitboard) Bitboard { return pieceAttacks(t, s, occ) }

// PawnAttacks is the set a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// KingZone is the set of squares around s (for king-safety terms).
func KingZone(s Square) Bitboard { return kingAttacks[s].Or(SquareBB(s)) }

// FileSquares and RankSquares are the grid's files and ranks (board masks
// still apply: use Variant.BoardSquares()).
func FileSquares(f int) Bitboard { return fileBB[f] }
func RankSquares(r int) Bitboard { return rankBB[r] }
