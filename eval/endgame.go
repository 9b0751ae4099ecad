package eval

import "senapati/board"

// Endings: driving a lone king to the edge (mop-up), scaling material that
// cannot win toward a draw, and, in every game, scaling the score toward
// zero as the move-rule counter nears its limit, so that the side ahead
// prefers captures and pawn (Sipahi, Padati) moves that reset it.

// Mop-up weights (centipawns). knownWin lifts a lone king against mating
// material above any balance with a man left, so that the search trades
// into such endings; the other three guide the mate: the lone king near
// the edge, his box (the squares he can reach without stepping onto an
// attacked or forbidden square) small, the other king close.
const (
	knownWin      = 400
	mopEdge       = 10  // per half-step of (file + rank) distance from the centre
	mopCorner     = 40  // per step nearer a corner the bishop can mate in
	mopBox        = 3   // per square the lone king cannot reach
	mopCloseness  = 12  // per step the kings are nearer
	huntSeparated = 8   // chaturanga: the last enemy man far from his Raja
	huntNear      = 8   // chaturanga: our Raja near that man
	huntMobility  = 6   // chaturanga: per square that man can flee to unattacked
	farAhead      = 400 // pieces' endgame value ahead for the guide against pieces
)

// Scale factors, /64, for the side the score favours.
const (
	scaleNormal     = 64
	scaleCannotMate = 8 // Durg: what is left cannot mate even a lone Raja
)

// sideMaterial is what one side has, counted once per evaluation.
type sideMaterial struct {
	pawns, knights, bishops, rooks, majors int  // majors: queen, Rath (Durg)
	bishopColours                          int  // bit 0: a bishop on a light square, bit 1: on a dark one
	men                                    int  // every man but the king and Durgs
	npm                                    int  // endgame value of the pieces (pawns, king and Durgs excluded)
	reinforcements                         bool // Durg: a waiting Mantri or the call still to come
}

func countMaterial(p *board.Position, pr *params, c board.Color) sideMaterial {
	var m sideMaterial
	m.pawns = p.Pieces(c, board.Pawn).Count()
	m.knights = p.Pieces(c, board.Knight).Count()
	bs := p.Pieces(c, board.Bishop)
	m.bishops = bs.Count()
	if bs.AndNot(board.DarkSquares()).Any() {
		m.bishopColours |= 1
	}
	if bs.And(board.DarkSquares()).Any() {
		m.bishopColours |= 2
	}
	m.rooks = p.Pieces(c, board.Rook).Count()
	m.majors = p.Pieces(c, board.Queen).Count() + p.Pieces(c, board.Rath).Count()
	for _, t := range pr.pieceTypes {
		m.npm += p.Pieces(c, t).Count() * pr.material[t].eg
	}
	m.men = p.ColorPieces(c).Count() - 1 - p.Pieces(c, board.Durg).Count()
	m.reinforcements = pr.zones && (p.Waiting(c) > 0 || p.CallAvailable(c))
	return m
}

// canMate reports whether the pieces alone (pawns aside) can force mate on
// a lone king in chess or Durg: a queen, rook or Rath, bishops of both
// colours, bishop and knight, three knights, or (Durg) a Mantri or the
// Rani still to come.
func (m *sideMaterial) canMate() bool {
	return m.majors > 0 || m.rooks > 0 || m.reinforcements || m.bishopColours == 3 ||
		(m.bishops > 0 && m.knights > 0) || m.knights >= 3
}

// evalEnding adds the mop-up term and sets the scale factors of a.
func evalEnding(p *board.Position, pr *params, a *acc, attacked, zone [2]board.Bitboard, ksq [2]board.Square) {
	a.scale = [2]int{scaleNormal, scaleNormal}
	if pr.phaseWeightLeft(a.phase) {
		return
	}
	var mat [2]sideMaterial
	for c := board.White; c <= board.Black; c++ {
		mat[c] = countMaterial(p, pr, c)
	}
	for c := board.White; c <= board.Black; c++ {
		them := c ^ 1
		sign := 1 - 2*int(c)
		us, they := &mat[c], &mat[them]
		switch {
		case pr.bareRajaLoses:
			// Chaturanga: one man left beside the enemy Raja, and we are
			// clearly ahead: hunt it (baring wins) or mate.
			if they.men == 1 && us.men >= 1 && us.npm+100*us.pawns >= they.npm+100*they.pawns+200 {
				man := p.ColorPieces(them).AndNot(p.Pieces(them, board.King)).First()
				v := mopUp(p, pr, c, attacked, zone, ksq, false) / 2
				v += huntSeparated*chebyshev(ksq[them], man) - huntNear*chebyshev(ksq[c], man)
				// Taking it wins even at the cost of the taker, so every
				// square we attack is closed to it, defended or not.
				if t := p.PieceAt(man).Type(); t != board.Pawn {
					safe := board.Attacks(t, man, p.Occupied()).And(pr.boardMask).AndNot(attacked[c]).AndNot(p.ColorPieces(them))
					v -= huntMobility * safe.Count()
				}
				a.add(tEnding, sign, score{v, v})
			}
		case they.men == 0 && !they.reinforcements && us.canMate():
			v := knownWin + mopUp(p, pr, c, attacked, zone, ksq, us.bishops == 1 && us.knights == 1 && us.men == 2)
			a.add(tEnding, sign, score{v, v})
		case pr.kind == kindChess && us.pawns == 0:
			a.scale[c] = chessPawnlessScale(pr, us, they)
		case pr.zones && !us.canMate():
			a.scale[c] = scaleCannotMate
		case pr.zones && us.pawns == 0 && us.npm-they.npm <= pr.material[board.Bishop].eg:
			a.scale[c] = 16 // a minor piece up without Sipahis: rarely a mate in 30 moves
		}
		// Far ahead against pieces without pawns (queen v rook): the mate
		// still comes from the king on the edge, so the same guide, at the
		// variant's weight. Not with own chess pawns: they win by promoting.
		if pr.guideVsPieces > 0 && they.men > 0 && they.pawns == 0 && (pr.zones || us.pawns == 0) &&
			us.canMate() && us.npm-they.npm >= farAhead {
			v := mopUp(p, pr, c, attacked, zone, ksq, false) * pr.guideVsPieces / 2
			a.add(tEnding, sign, score{v, v})
		}
	}
}

// phaseWeightLeft reports a phase with too much on the board for endgame
// knowledge to matter (and to save its cost in the middlegame).
func (pr *params) phaseWeightLeft(phase int) bool { return phase > PhaseMidgame/2 }

// chessPawnlessScale: without pawns a side needs about a rook more to win;
// a minor piece up (KR v KB, KRB v KR) is mostly drawn, and two knights
// cannot force mate.
func chessPawnlessScale(pr *params, us, they *sideMaterial) int {
	switch {
	case !us.canMate() && us.men <= 2 && they.men == 0:
		return 0
	case us.npm-they.npm > pr.material[board.Bishop].eg:
		return scaleNormal
	case us.npm < pr.material[board.Rook].eg:
		return 0
	case they.npm <= pr.material[board.Bishop].eg:
		return 4
	default:
		return 14
	}
}

// mopUp scores how near c is to mating the lone enemy king: the king near
// the edge (or, for bishop and knight, near a corner of the bishop's
// colour), his box small, the kings close.
func mopUp(p *board.Position, pr *params, c board.Color, attacked, zone [2]board.Bitboard, ksq [2]board.Square, bishopKnight bool) int {
	them := c ^ 1
	wk := ksq[them]
	F, R := pr.files, pr.ranks
	edge := abs(2*wk.File()-(F-1)) + abs(2*wk.Rank()-(R-1))
	v := mopEdge * edge
	boxWeight := mopBox
	if bishopKnight {
		if d, ok := cornerDrive(wk, p.Pieces(c, board.Bishop), F, R); ok {
			v, boxWeight = mopCorner*d, 0
		}
	}
	// The squares he may step on: not attacked, not his own men, and in
	// Durg not our zones (a Raja never enters an enemy zone).
	passable := pr.boardMask.AndNot(attacked[c]).AndNot(p.ColorPieces(them))
	if pr.zones {
		passable = passable.AndNot(zone[c])
	}
	box := kingRegion(wk, passable, pr.boardMask).Count()
	v += boxWeight * (pr.boardMask.Count() - box)
	v += mopCloseness * (max(F, R) - 1 - chebyshev(wk, ksq[c]))
	return v
}

// cornerDrive is how near s is to a corner where the bishops can help
// mate (0..max(files, ranks)-1 on a square board): the distance from the
// diagonal through the two corners of the other colour, or, on 9x9 with
// light bishops (every corner is light), from the nearer of both
// diagonals' middles. ok is false when no corner has the bishops' colour
// (dark bishops on 9x9).
func cornerDrive(s board.Square, bishops board.Bitboard, files, ranks int) (int, bool) {
	dark := bishops.And(board.DarkSquares()).Any()
	f, r := s.File(), s.Rank()
	a1Dark := board.DarkSquares().Has(board.MakeSquare(0, 0))
	farDark := board.DarkSquares().Has(board.MakeSquare(files-1, 0))
	main := abs((files - 1) - f - r) // high at a1 and the far corner of its diagonal
	anti := abs(f - r)               // high at the two other corners
	switch {
	case a1Dark == dark && farDark == dark:
		return max(main, anti), true
	case a1Dark == dark:
		return main, true
	case farDark == dark:
		return anti, true
	}
	return 0, false
}

// kingRegion is every square a king on start reaches by steps over
// passable squares.
func kingRegion(start board.Square, passable, mask board.Bitboard) board.Bitboard {
	r := board.SquareBB(start)
	for {
		v := r.Or(r.ShiftUp(1).And(rankGE[1])).Or(r.ShiftDown(1).And(rankLE[7]))
		n := v.Or(v.ShiftUp(9)).Or(v.ShiftDown(9)).And(mask).And(passable).Or(r)
		if n == r {
			return r
		}
		r = n
	}
}

// MoveRuleScale scales s toward zero over the second half of a move rule
// of moveRule moves per side (0: none): at the limit the game is drawn, so
// a resetting move (capture or pawn move) is worth its full score again.
// Every evaluation, learned or hand-crafted, fades this one way.
func MoveRuleScale(p *board.Position, s, moveRule int) int {
	limit := 2 * moveRule
	clock, half := p.HalfmoveClock(), limit/2
	if limit == 0 || clock <= half {
		return s
	}
	return s * max(limit-clock, 0) / (limit - half)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
