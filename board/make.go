package board

// DoMove plays a legal move (one whole turn) on p. Callers that need the
// old position keep a copy: child := *p; child.DoMove(m).
func (p *Position) DoMove(m Move) {
	v := p.v
	us, them := p.side, p.side^1
	oldRights, oldEP := p.rights(), p.epHashKey()
	if p.waiting[us] != 0 {
		p.placeArrivals(m.arrivals())
	}
	p.frozen = Bitboard{}
	p.ep = NoSquare
	p.halfmove++
	from, to, kind := m.From(), m.To(), m.kind()

	if kind == kindCall {
		p.put(MakePiece(us, Queen), to)
		p.called[us] = true
	} else if kind == kindCastle {
		p.castle(us, to)
		p.castling &= v.castleKeep[from]
	} else {
		pc := p.board[from]
		capSq := to
		if kind == kindEnPassant {
			capSq = MakeSquare(to.File(), from.Rank())
		}
		captured := p.board[capSq]
		p.remove(from)
		survives := true
		if pc.Type() == Pawn {
			p.halfmove = 0
		}
		if captured != NoPiece {
			p.halfmove = 0
			p.remove(capSq)
			if v.zoneCaptureKillsBoth {
				if captured.Type() == Durg {
					p.recomputeZones(them)
				} else if p.zones[them].Has(to) {
					survives = false // a capture in an enemy zone kills both
					p.lose(us, pc.Type())
				}
			}
			p.lose(them, captured.Type())
		}
		if survives {
			if kind == kindPromotion {
				pc = MakePiece(us, m.Promotion())
			}
			p.put(pc, to)
		}
		if kind == kindLeap {
			p.leap &^= 1 << us
		}
		p.castling &= v.castleKeep[from] & v.castleKeep[to]
		if pc.Type() == v.successor {
			p.forfeitCastlingOnSuccessor(us, to)
		}
		if v.enPassant && pc.Type() == Pawn && (to-from == 2 || from-to == 2) {
			p.ep = Square((int(from) + int(to)) / 2)
		}
	}

	p.side = them
	if us == Black {
		p.fullmove++
	}
	p.checkers = p.attackersOf(us, p.kingSq[them], p.Occupied())
	if p.checkers.Any() {
		p.leap &^= 1 << them // a Raja in check loses his leap for good
	}
	p.rehashState(oldRights, oldEP)
}

// castle plays c's castling that ends with the king on kingTo. Both pieces
// leave before either lands: in Chess960 each may land where the other
// stood, or the king stay where he is.
func (p *Position) castle(c Color, kingTo Square) {
	cr := p.v.castleTo(c, kingTo)
	king, rook := p.board[cr.kingFrom], p.board[cr.rookFrom]
	p.remove(cr.kingFrom)
	p.remove(cr.rookFrom)
	p.put(king, cr.kingTo)
	p.put(rook, cr.rookTo)
}

// lose does the bookkeeping of a removed piece of colour c: the types that
// count as fallen bring the call nearer, and the successor's predecessor
// sends one to wait (Durg; nothing in the other games).
func (p *Position) lose(c Color, t PieceType) {
	v := p.v
	if t == v.successorOf && p.waiting[c] < maxWaiting {
		p.waiting[c]++
	}
	if v.countsAsFallen[t] && p.fallen[c] < maxFallen {
		p.fallen[c]++
	}
}
