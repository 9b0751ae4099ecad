// Package refdurg is a deliberately simple reference move generator for the
// 9x9 variant "durg" (RULES.md section 2). It exists only for tests: it
// cross-checks the fast generator. Everything is a plain [81] mailbox, every
// turn is applied on a copy of the position and rejected when it leaves the
// mover's Raja attacked. Clarity comes before speed.
//
// Readings of RULES.md where it leaves room (each pinned by a test):
//   - Capturing a Durg never kills the capturer, even when the Durg's square
//     also lies in another enemy Durg's zone.
//   - "Enemy zone" for a capture means a zone of the captured side, judged on
//     the board before the move; a square in both sides' zones counts.
//   - Castling: the Gaj's landing square is the square the Raja crosses
//     (f or d), so an enemy zone on f/g (K-i) or d/c (K-a) forbids it; the
//     Gaj may pass b1 even if it is attacked or an enemy zone square.
//   - A Mantri "enters" own d/f also when the move is a zone capture that
//     kills him there (only reachable from set-up positions).
//   - Several waiting Mantris with fewer free squares: every free square is
//     filled, the rest are lost. Identical Mantris, so a choice is a set of
//     squares, written in file order.
//   - A Sipahi on its own first rank (set-up only) steps one square forward,
//     no double step. A Sipahi on its last rank has no moves and attacks
//     nothing.
//   - Result: no legal turn is judged first (mate beats the material rule),
//     then insufficient material; "call available" means fallen >= 4 and not
//     yet made. Repetition and the move rule are not judged; Perft ignores
//     all game ends except having no legal turn.
//   - FEN input: brackets and the fallen field are optional independently;
//     castling/ep/halfmove/fullmove may be left off at the end (defaults
//     "- - 0 1"); the en passant field must be "-"; fullmove must be >= 1;
//     holdings letters may come in any order, a repeated Q/q is an error.
//     Without brackets the call counts as made when that side has a Rani,
//     whatever its fallen count (a state the canonical output cannot show
//     when the count is below 4).
package refdurg

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// StartFEN is the start position of durg.
const StartFEN = "rnh1k1hnr/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RNH1K1HNR[] w KQkq - 0 1 0/0"

// Piece types. White pieces are stored positive, Black pieces negative.
const (
	empty  = 0
	king   = 1 // Raja, K
	queen  = 2 // Rani, Q
	mantri = 3 // Mantri, B
	rath   = 4 // Rath, H
	ashva  = 5 // Ashva, N
	gaj    = 6 // Gaj, R
	sipahi = 7 // Sipahi, P
	durg   = 8 // Durg, D
)

const pieceLetters = ".KQBHNRPD"

// Castling right bits.
const (
	castleWK = 1 // White K-i side (e1g1)
	castleWQ = 2 // White K-a side (e1c1)
	castleBK = 4 // Black K-i side (e9g9)
	castleBQ = 8 // Black K-a side (e9c9)
)

// Colour indices for the per-side arrays.
const (
	white = 0
	black = 1
)

// File indices.
const (
	fileA = 0
	fileC = 2
	fileD = 3
	fileE = 4
	fileF = 5
	fileG = 6
	fileI = 8
)

// Position is a durg position. It is a plain value: copying it copies the
// whole state.
type Position struct {
	board    [81]int8 // index rank*9+file, rank 0 = rank 1, file 0 = a
	blackMv  bool     // true when Black is to move
	castle   uint8    // castling right bits
	waiting  [2]int   // waiting Mantris per side
	fallen   [2]int   // fallen Gaj/Ashva/Rath/Mantri per side
	callMade [2]bool  // the Raja's call is used up
	halfmove int
	fullmove int
}

// ---------------------------------------------------------------------------
// Small helpers

func sqOf(file, rank int) int     { return rank*9 + file }
func onBoard(file, rank int) bool { return file >= 0 && file < 9 && rank >= 0 && rank < 9 }
func sqName(s int) string         { return string(rune('a'+s%9)) + string(rune('1'+s/9)) }

func abs8(x int8) int8 {
	if x < 0 {
		return -x
	}
	return x
}

// colorOf returns white or black for a non-empty piece.
func colorOf(pc int8) int {
	if pc > 0 {
		return white
	}
	return black
}

func sign(c int) int8 {
	if c == white {
		return 1
	}
	return -1
}

// firstRank is the rank index of side c's first rank.
func firstRank(c int) int {
	if c == white {
		return 0
	}
	return 8
}

var (
	orthDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diagDirs   = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	kingDirs   = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	knightDirs = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	// the four squares of succession and the call, in file order
	placeFiles = [4]int{fileC, fileD, fileF, fileG}
)

func (p *Position) us() int {
	if p.blackMv {
		return black
	}
	return white
}

// zone returns the squares of the Durg zones owned by side c.
func (p *Position) zone(c int) [81]bool {
	var z [81]bool
	d := sign(c) * durg
	for s := 0; s < 81; s++ {
		if p.board[s] != d {
			continue
		}
		f, r := s%9, s/9
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if onBoard(f+df, r+dr) {
					z[sqOf(f+df, r+dr)] = true
				}
			}
		}
	}
	return z
}

// kingSquare returns the square of side c's Raja, or -1.
func (p *Position) kingSquare(c int) int {
	k := sign(c) * king
	for s := 0; s < 81; s++ {
		if p.board[s] == k {
			return s
		}
	}
	return -1
}

// attacked reports whether square s is attacked by side by. Attacks are
// geometric: the squares a piece could capture on, zones notwithstanding.
// A Durg attacks nothing but blocks lines.
func (p *Position) attacked(s int, by int) bool {
	f, r := s%9, s/9
	sg := sign(by)
	for _, d := range knightDirs {
		ff, rr := f+d[0], r+d[1]
		if onBoard(ff, rr) && p.board[sqOf(ff, rr)] == sg*ashva {
			return true
		}
	}
	for _, d := range kingDirs {
		ff, rr := f+d[0], r+d[1]
		if onBoard(ff, rr) {
			pc := p.board[sqOf(ff, rr)]
			if pc == sg*king || pc == sg*rath {
				return true
			}
		}
	}
	// a Sipahi of side by standing one rank behind s (from its point of view)
	pr := r - 1
	if by == black {
		pr = r + 1
	}
	for _, df := range [2]int{-1, 1} {
		if onBoard(f+df, pr) && p.board[sqOf(f+df, pr)] == sg*sipahi {
			return true
		}
	}
	for _, d := range orthDirs {
		ff, rr := f+d[0], r+d[1]
		for onBoard(ff, rr) {
			pc := p.board[sqOf(ff, rr)]
			if pc != empty {
				if pc == sg*gaj || pc == sg*queen {
					return true
				}
				break
			}
			ff, rr = ff+d[0], rr+d[1]
		}
	}
	for _, d := range diagDirs {
		ff, rr := f+d[0], r+d[1]
		for onBoard(ff, rr) {
			pc := p.board[sqOf(ff, rr)]
			if pc != empty {
				if pc == sg*mantri || pc == sg*queen || pc == sg*rath {
					return true
				}
				break
			}
			ff, rr = ff+d[0], rr+d[1]
		}
	}
	return false
}

// inCheck reports whether side c's Raja is attacked.
func (p *Position) inCheck(c int) bool {
	k := p.kingSquare(c)
	return k >= 0 && p.attacked(k, 1-c)
}

// ---------------------------------------------------------------------------
// Turns

const (
	kindNormal = iota
	kindCastleK
	kindCastleQ
	kindCall
)

// turn is one whole turn: arrivals, then a move or the call.
type turn struct {
	arrivals [4]int8 // arrival squares, ascending (= file order)
	nArr     int
	kind     int
	from, to int // for kindNormal; to is also the call square
}

func (t turn) String() string {
	var sb strings.Builder
	for i := 0; i < t.nArr; i++ {
		sb.WriteString("B@")
		sb.WriteString(sqName(int(t.arrivals[i])))
		sb.WriteByte(',')
	}
	switch t.kind {
	case kindNormal:
		sb.WriteString(sqName(t.from))
		sb.WriteString(sqName(t.to))
	case kindCastleK, kindCastleQ:
		sb.WriteString(sqName(t.from))
		sb.WriteString(sqName(t.to))
	case kindCall:
		sb.WriteString("Q@")
		sb.WriteString(sqName(t.to))
	}
	return sb.String()
}

// removed books the removal of piece pc from the board (captured or killed in
// a zone capture): Gaj, Ashva, Rath and Mantri count as fallen, a Rath also
// leaves a waiting Mantri.
func (p *Position) removed(pc int8) {
	c := colorOf(pc)
	switch abs8(pc) {
	case gaj, ashva, mantri:
		p.fallen[c]++
	case rath:
		p.fallen[c]++
		p.waiting[c]++
	}
}

// dropRightsAt clears the castling rights tied to square s (a Raja or Gaj
// start square that was left or captured on).
func (p *Position) dropRightsAt(s int) {
	switch s {
	case sqOf(fileE, 0):
		p.castle &^= castleWK | castleWQ
	case sqOf(fileA, 0):
		p.castle &^= castleWQ
	case sqOf(fileI, 0):
		p.castle &^= castleWK
	case sqOf(fileE, 8):
		p.castle &^= castleBK | castleBQ
	case sqOf(fileA, 8):
		p.castle &^= castleBQ
	case sqOf(fileI, 8):
		p.castle &^= castleBK
	}
}

// mantriEntered clears the right forfeited by a Mantri of side c entering
// square s (placement or move).
func (p *Position) mantriEntered(c int, s int) {
	if s == sqOf(fileD, firstRank(c)) {
		if c == white {
			p.castle &^= castleWQ
		} else {
			p.castle &^= castleBQ
		}
	}
	if s == sqOf(fileF, firstRank(c)) {
		if c == white {
			p.castle &^= castleWK
		} else {
			p.castle &^= castleBK
		}
	}
}

// applyMove plays the move part of a turn (arrivals already done) for the
// side to move and passes the turn. ez is the mover's enemy zone before the
// move.
func (p *Position) applyMove(t turn, ez *[81]bool) {
	c := p.us()
	sg := sign(c)
	r1 := firstRank(c)
	switch t.kind {
	case kindCall:
		p.board[t.to] = sg * queen
		p.callMade[c] = true
		p.halfmove++
	case kindCastleK:
		p.board[sqOf(fileE, r1)] = empty
		p.board[sqOf(fileI, r1)] = empty
		p.board[sqOf(fileG, r1)] = sg * king
		p.board[sqOf(fileF, r1)] = sg * gaj
		p.dropRightsAt(sqOf(fileE, r1))
		p.halfmove++
	case kindCastleQ:
		p.board[sqOf(fileE, r1)] = empty
		p.board[sqOf(fileA, r1)] = empty
		p.board[sqOf(fileC, r1)] = sg * king
		p.board[sqOf(fileD, r1)] = sg * gaj
		p.dropRightsAt(sqOf(fileE, r1))
		p.halfmove++
	case kindNormal:
		mover := p.board[t.from]
		victim := p.board[t.to]
		p.board[t.from] = empty
		switch {
		case victim == empty:
			p.board[t.to] = mover
		case abs8(victim) == durg:
			// the Durg and its zone are gone, the capturer survives
			p.board[t.to] = mover
		case ez[t.to]:
			// capture on an enemy zone square: both are removed
			p.board[t.to] = empty
			p.removed(victim)
			p.removed(mover)
		default:
			p.board[t.to] = mover
			p.removed(victim)
		}
		if victim != empty || abs8(mover) == sipahi {
			p.halfmove = 0
		} else {
			p.halfmove++
		}
		p.dropRightsAt(t.from)
		p.dropRightsAt(t.to)
		if abs8(mover) == mantri {
			p.mantriEntered(c, t.to)
		}
	}
	if p.blackMv {
		p.fullmove++
	}
	p.blackMv = !p.blackMv
}

// forEachTurn calls fn for every legal turn with the position after it.
func (p *Position) forEachTurn(fn func(t turn, child *Position)) {
	c := p.us()
	r1 := firstRank(c)
	ez := p.zone(1 - c) // zones do not change by arrivals

	// free squares for arrivals (empty, not on an enemy zone square)
	var free [4]int
	nFree := 0
	for _, f := range placeFiles {
		s := sqOf(f, r1)
		if p.board[s] == empty && !ez[s] {
			free[nFree] = s
			nFree++
		}
	}
	// each waiting Mantri arrives while a square is free, the rest are lost
	nArr := p.waiting[c]
	if nArr > nFree {
		nArr = nFree
	}
	for mask := 0; mask < 1<<nFree; mask++ {
		if popcount(mask) != nArr {
			continue
		}
		q := *p
		var t turn
		var arrived [81]bool
		for i := 0; i < nFree; i++ {
			if mask&(1<<i) == 0 {
				continue
			}
			s := free[i]
			q.board[s] = sign(c) * mantri
			q.mantriEntered(c, s)
			arrived[s] = true
			t.arrivals[t.nArr] = int8(s)
			t.nArr++
		}
		q.waiting[c] = 0
		q.forEachMove(t, &ez, &arrived, fn)
	}
}

func popcount(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// forEachMove generates the move part of the turn (arrivals already on the
// board) and calls fn for each legal result.
func (p *Position) forEachMove(base turn, ez *[81]bool, arrived *[81]bool, fn func(t turn, child *Position)) {
	c := p.us()
	sg := sign(c)
	ksq := p.kingSquare(c)

	try := func(t turn) {
		child := *p
		child.applyMove(t, ez)
		k := child.kingSquare(c)
		if k >= 0 && child.attacked(k, 1-c) {
			return
		}
		fn(t, &child)
	}
	move := func(from, to int) {
		t := base
		t.kind = kindNormal
		t.from, t.to = from, to
		try(t)
	}
	// target classification: 0 = blocked (own piece, or empty enemy zone
	// square), 1 = quiet move, 2 = capture.
	target := func(s int) int {
		pc := p.board[s]
		switch {
		case pc == empty && ez[s]:
			return 0
		case pc == empty:
			return 1
		case colorOf(pc) == c:
			return 0
		default:
			return 2
		}
	}
	slide := func(from int, dirs [][2]int) {
		f, r := from%9, from/9
		for _, d := range dirs {
			ff, rr := f+d[0], r+d[1]
			for onBoard(ff, rr) {
				s := sqOf(ff, rr)
				pc := p.board[s]
				if pc == empty {
					if !ez[s] { // sliders pass through zone squares
						move(from, s)
					}
				} else {
					if colorOf(pc) != c {
						move(from, s)
					}
					break
				}
				ff, rr = ff+d[0], rr+d[1]
			}
		}
	}
	steps := func(from int, dirs [][2]int) {
		f, r := from%9, from/9
		for _, d := range dirs {
			ff, rr := f+d[0], r+d[1]
			if onBoard(ff, rr) && target(sqOf(ff, rr)) != 0 {
				move(from, sqOf(ff, rr))
			}
		}
	}

	for from := 0; from < 81; from++ {
		pc := p.board[from]
		if pc == empty || colorOf(pc) != c || arrived[from] {
			continue
		}
		f, r := from%9, from/9
		switch abs8(pc) {
		case king:
			for _, d := range kingDirs {
				ff, rr := f+d[0], r+d[1]
				if !onBoard(ff, rr) {
					continue
				}
				s := sqOf(ff, rr)
				// the Raja never enters an enemy zone square, capturing or not
				if ez[s] || target(s) == 0 {
					continue
				}
				move(from, s)
			}
		case queen:
			slide(from, kingDirs[:])
		case mantri:
			slide(from, diagDirs[:])
		case rath:
			steps(from, orthDirs[:])
			slide(from, diagDirs[:]) // includes the diagonal single steps
		case ashva:
			steps(from, knightDirs[:])
		case gaj:
			slide(from, orthDirs[:])
		case sipahi:
			dr, startRank := 1, 1
			if c == black {
				dr, startRank = -1, 7
			}
			if onBoard(f, r+dr) {
				s := sqOf(f, r+dr)
				if target(s) == 1 {
					move(from, s)
				}
				if r == startRank && onBoard(f, r+2*dr) {
					land := sqOf(f, r+2*dr)
					mid := p.board[s]
					if (mid == empty || mid == sg*durg) && target(land) == 1 {
						move(from, land)
					}
				}
			}
			for _, df := range [2]int{-1, 1} {
				if onBoard(f+df, r+dr) {
					s := sqOf(f+df, r+dr)
					if target(s) == 2 {
						move(from, s)
					}
				}
			}
		case durg:
			// never moves
		}
	}

	// castling, judged after the arrivals
	r1 := firstRank(c)
	e := sqOf(fileE, r1)
	var rk, rq uint8 = castleWK, castleWQ
	if c == black {
		rk, rq = castleBK, castleBQ
	}
	if ksq == e && (p.castle&(rk|rq)) != 0 && !p.attacked(e, 1-c) {
		if p.castle&rk != 0 && p.board[sqOf(fileI, r1)] == sg*gaj {
			fs, gs, hs := sqOf(fileF, r1), sqOf(fileG, r1), sqOf(fileI-1, r1)
			if p.board[fs] == empty && p.board[gs] == empty && p.board[hs] == empty &&
				!ez[fs] && !ez[gs] &&
				!p.attacked(fs, 1-c) && !p.attacked(gs, 1-c) {
				t := base
				t.kind, t.from, t.to = kindCastleK, e, gs
				try(t)
			}
		}
		if p.castle&rq != 0 && p.board[sqOf(fileA, r1)] == sg*gaj {
			bs, cs, ds := sqOf(fileA+1, r1), sqOf(fileC, r1), sqOf(fileD, r1)
			if p.board[bs] == empty && p.board[cs] == empty && p.board[ds] == empty &&
				!ez[cs] && !ez[ds] &&
				!p.attacked(ds, 1-c) && !p.attacked(cs, 1-c) {
				t := base
				t.kind, t.from, t.to = kindCastleQ, e, cs
				try(t)
			}
		}
	}

	// the Raja's call, judged after the arrivals
	if !p.callMade[c] && p.fallen[c] >= 4 && ksq >= 0 && !p.attacked(ksq, 1-c) {
		for _, f := range placeFiles {
			s := sqOf(f, r1)
			if p.board[s] == empty && !ez[s] {
				t := base
				t.kind, t.to = kindCall, s
				try(t)
			}
		}
	}
}

// ---------------------------------------------------------------------------
// Public API

// LegalMoves returns every legal whole turn as a UCI string, sorted.
func (p Position) LegalMoves() []string {
	var out []string
	p.forEachTurn(func(t turn, _ *Position) { out = append(out, t.String()) })
	sort.Strings(out)
	return out
}

// Play plays one whole turn given as a UCI string. Arrivals may be listed in
// any order.
func (p Position) Play(move string) (Position, error) {
	norm, err := normalizeMove(move)
	if err != nil {
		return p, err
	}
	var res Position
	found := false
	p.forEachTurn(func(t turn, child *Position) {
		if !found && t.String() == norm {
			res, found = *child, true
		}
	})
	if !found {
		return p, fmt.Errorf("illegal move %q", move)
	}
	return res, nil
}

// normalizeMove puts the arrivals of a turn string into file order.
func normalizeMove(move string) (string, error) {
	parts := strings.Split(strings.TrimSpace(move), ",")
	arr := parts[:len(parts)-1]
	for _, a := range arr {
		if len(a) != 4 || a[0] != 'B' || a[1] != '@' {
			return "", fmt.Errorf("bad arrival %q in move %q", a, move)
		}
	}
	sorted := append([]string(nil), arr...)
	sort.Strings(sorted) // same rank, so this is file order
	return strings.Join(append(sorted, parts[len(parts)-1]), ","), nil
}

// Perft counts the leaf turns of the turn tree to the given depth.
func (p Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var n uint64
	p.forEachTurn(func(_ turn, child *Position) {
		if depth == 1 {
			n++
		} else {
			n += child.Perft(depth - 1)
		}
	})
	return n
}

// hasLegalTurn reports whether the side to move has at least one legal turn.
func (p *Position) hasLegalTurn() bool {
	found := false
	p.forEachTurn(func(turn, *Position) { found = true })
	return found
}

// Result returns "" while the game goes on, else "1-0", "0-1" or "1/2-1/2"
// for checkmate, stalemate or insufficient material. Repetition and the
// move rule are not judged here.
func (p Position) Result() string {
	c := p.us()
	if !p.hasLegalTurn() {
		if p.inCheck(c) {
			if c == white {
				return "0-1"
			}
			return "1-0"
		}
		return "1/2-1/2"
	}
	if p.insufficient() {
		return "1/2-1/2"
	}
	return ""
}

// insufficient implements the insufficient-material ruling.
func (p *Position) insufficient() bool {
	for c := white; c <= black; c++ {
		if p.waiting[c] > 0 || p.CallAvailable(c == white) {
			return false
		}
	}
	var minors, mantris [2]int
	var mantriSq [2]int
	for s := 0; s < 81; s++ {
		pc := p.board[s]
		if pc == empty {
			continue
		}
		switch abs8(pc) {
		case queen, rath, gaj, sipahi:
			return false
		case ashva:
			minors[colorOf(pc)]++
		case mantri:
			minors[colorOf(pc)]++
			mantris[colorOf(pc)]++
			mantriSq[colorOf(pc)] = s
		}
	}
	total := minors[white] + minors[black]
	if total <= 1 {
		return true
	}
	if total == 2 && mantris[white] == 1 && mantris[black] == 1 {
		colour := func(s int) int { return (s%9 + s/9) % 2 }
		return colour(mantriSq[white]) == colour(mantriSq[black])
	}
	return false
}

// Waiting returns the number of waiting Mantris of a side.
func (p Position) Waiting(isWhite bool) int { return p.waiting[sideIdx(isWhite)] }

// Fallen returns the fallen count of a side.
func (p Position) Fallen(isWhite bool) int { return p.fallen[sideIdx(isWhite)] }

// CallAvailable reports whether a side may still make the Raja's call
// (fallen count at least 4 and call not yet made).
func (p Position) CallAvailable(isWhite bool) bool {
	c := sideIdx(isWhite)
	return !p.callMade[c] && p.fallen[c] >= 4
}

func sideIdx(isWhite bool) int {
	if isWhite {
		return white
	}
	return black
}

// ---------------------------------------------------------------------------
// FEN

// FromFEN parses a durg FEN. Accepted form:
//
//	<board>[<waiting>] <side> <castling> <ep> <halfmove> <fullmove> <fallenW>/<fallenB>
//
// The brackets and the last field may be left out (see RULES.md); missing
// trailing castling/ep/halfmove/fullmove fields default to "- - 0 1".
func FromFEN(fen string) (Position, error) {
	var p Position
	fields := strings.Fields(fen)
	if len(fields) < 2 || len(fields) > 7 {
		return p, fmt.Errorf("FEN needs 2 to 7 fields, got %d", len(fields))
	}

	// board and holdings
	boardStr := fields[0]
	hasBrackets := false
	holdings := ""
	if i := strings.IndexByte(boardStr, '['); i >= 0 {
		if !strings.HasSuffix(boardStr, "]") || strings.Count(boardStr, "[") != 1 || strings.Count(boardStr, "]") != 1 {
			return p, errors.New("malformed holdings brackets")
		}
		hasBrackets = true
		holdings = boardStr[i+1 : len(boardStr)-1]
		boardStr = boardStr[:i]
	} else if strings.ContainsRune(boardStr, ']') {
		return p, errors.New("malformed holdings brackets")
	}
	ranks := strings.Split(boardStr, "/")
	if len(ranks) != 9 {
		return p, fmt.Errorf("board needs 9 ranks, got %d", len(ranks))
	}
	for i, rs := range ranks {
		r := 8 - i
		f := 0
		for _, ch := range rs {
			if ch >= '1' && ch <= '9' {
				f += int(ch - '0')
				if f > 9 {
					return p, fmt.Errorf("rank %d has more than 9 files", r+1)
				}
				continue
			}
			pc := letterToPiece(ch)
			if pc == empty {
				return p, fmt.Errorf("unknown piece letter %q", ch)
			}
			if f >= 9 {
				return p, fmt.Errorf("rank %d has more than 9 files", r+1)
			}
			p.board[sqOf(f, r)] = pc
			f++
		}
		if f != 9 {
			return p, fmt.Errorf("rank %d has %d files, want 9", r+1, f)
		}
	}

	// side
	switch fields[1] {
	case "w":
	case "b":
		p.blackMv = true
	default:
		return p, fmt.Errorf("bad side to move %q", fields[1])
	}

	// castling
	if len(fields) > 2 && fields[2] != "-" {
		for _, ch := range fields[2] {
			switch ch {
			case 'K':
				p.castle |= castleWK
			case 'Q':
				p.castle |= castleWQ
			case 'k':
				p.castle |= castleBK
			case 'q':
				p.castle |= castleBQ
			default:
				return p, fmt.Errorf("bad castling field %q", fields[2])
			}
		}
	}
	if len(fields) > 3 && fields[3] != "-" {
		return p, fmt.Errorf("en passant field must be '-', got %q", fields[3])
	}
	p.fullmove = 1
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 {
			return p, fmt.Errorf("bad halfmove clock %q", fields[4])
		}
		p.halfmove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 {
			return p, fmt.Errorf("bad fullmove number %q", fields[5])
		}
		p.fullmove = n
	}

	// fallen counts
	if len(fields) > 6 {
		parts := strings.Split(fields[6], "/")
		if len(parts) != 2 {
			return p, fmt.Errorf("bad fallen field %q", fields[6])
		}
		for c := 0; c < 2; c++ {
			n, err := strconv.Atoi(parts[c])
			if err != nil || n < 0 {
				return p, fmt.Errorf("bad fallen field %q", fields[6])
			}
			p.fallen[c] = n
		}
	} else {
		for c := 0; c < 2; c++ {
			n := 6
			for s := 0; s < 81; s++ {
				pc := p.board[s]
				if pc != empty && colorOf(pc) == c {
					switch abs8(pc) {
					case gaj, ashva, rath:
						n--
					}
				}
			}
			if n < 0 {
				n = 0
			}
			p.fallen[c] = n
		}
	}

	// holdings: waiting Mantris and call availability
	if hasBrackets {
		var qFlag [2]bool
		for _, ch := range holdings {
			switch ch {
			case 'B':
				p.waiting[white]++
			case 'b':
				p.waiting[black]++
			case 'Q', 'q':
				c := white
				if ch == 'q' {
					c = black
				}
				if qFlag[c] {
					return p, fmt.Errorf("duplicate %q in holdings", ch)
				}
				qFlag[c] = true
			default:
				return p, fmt.Errorf("bad holdings letter %q", ch)
			}
		}
		for c := 0; c < 2; c++ {
			if qFlag[c] && p.fallen[c] < 4 {
				return p, fmt.Errorf("call available in holdings but fallen count %d is below 4", p.fallen[c])
			}
			p.callMade[c] = !qFlag[c] && p.fallen[c] >= 4
		}
	} else {
		for c := 0; c < 2; c++ {
			q := sign(c) * queen
			for s := 0; s < 81; s++ {
				if p.board[s] == q {
					p.callMade[c] = true
				}
			}
		}
	}

	// validity
	for c := 0; c < 2; c++ {
		n := 0
		for s := 0; s < 81; s++ {
			if p.board[s] == sign(c)*king {
				n++
			}
		}
		if n != 1 {
			return p, fmt.Errorf("%s needs exactly one Raja, found %d", sideName(c), n)
		}
	}
	for c := 0; c < 2; c++ {
		z := p.zone(1 - c)
		if z[p.kingSquare(c)] {
			return p, fmt.Errorf("%s Raja stands on an enemy Durg zone square", sideName(c))
		}
	}
	if p.inCheck(1 - p.us()) {
		return p, fmt.Errorf("the side not to move (%s) is in check", sideName(1-p.us()))
	}

	// drop castling rights the board contradicts
	type rightReq struct {
		bit        uint8
		c          int
		gajFile    int
		mantriFile int
	}
	for _, rq := range []rightReq{
		{castleWK, white, fileI, fileF}, {castleWQ, white, fileA, fileD},
		{castleBK, black, fileI, fileF}, {castleBQ, black, fileA, fileD},
	} {
		r1 := firstRank(rq.c)
		sg := sign(rq.c)
		if p.board[sqOf(fileE, r1)] != sg*king ||
			p.board[sqOf(rq.gajFile, r1)] != sg*gaj ||
			p.board[sqOf(rq.mantriFile, r1)] == sg*mantri {
			p.castle &^= rq.bit
		}
	}
	return p, nil
}

// letterToPiece maps a FEN piece letter to a signed piece, or empty.
func letterToPiece(ch rune) int8 {
	for i := 1; i < len(pieceLetters); i++ {
		if ch == rune(pieceLetters[i]) {
			return int8(i)
		}
		if ch == rune(pieceLetters[i])|0x20 {
			return -int8(i)
		}
	}
	return empty
}

func sideName(c int) string {
	if c == white {
		return "White"
	}
	return "Black"
}

// FEN returns the canonical FEN: brackets and fallen counts always written.
func (p Position) FEN() string {
	var sb strings.Builder
	for r := 8; r >= 0; r-- {
		run := 0
		for f := 0; f < 9; f++ {
			pc := p.board[sqOf(f, r)]
			if pc == empty {
				run++
				continue
			}
			if run > 0 {
				sb.WriteByte(byte('0' + run))
				run = 0
			}
			ch := pieceLetters[abs8(pc)]
			if pc < 0 {
				ch |= 0x20
			}
			sb.WriteByte(ch)
		}
		if run > 0 {
			sb.WriteByte(byte('0' + run))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteByte('[')
	sb.WriteString(strings.Repeat("B", p.waiting[white]))
	if p.CallAvailable(true) {
		sb.WriteByte('Q')
	}
	sb.WriteString(strings.Repeat("b", p.waiting[black]))
	if p.CallAvailable(false) {
		sb.WriteByte('q')
	}
	sb.WriteString("] ")
	if p.blackMv {
		sb.WriteString("b ")
	} else {
		sb.WriteString("w ")
	}
	cs := ""
	if p.castle&castleWK != 0 {
		cs += "K"
	}
	if p.castle&castleWQ != 0 {
		cs += "Q"
	}
	if p.castle&castleBK != 0 {
		cs += "k"
	}
	if p.castle&castleBQ != 0 {
		cs += "q"
	}
	if cs == "" {
		cs = "-"
	}
	sb.WriteString(cs)
	fmt.Fprintf(&sb, " - %d %d %d/%d", p.halfmove, p.fullmove, p.fallen[white], p.fallen[black])
	return sb.String()
}
