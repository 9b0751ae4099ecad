package board

import (
	"fmt"
	"strings"
	"sync"
)

// Chess960 (Fischer Random) and Double Chess960 are a mode of chess, not a
// game of their own: evaluation, nets and search see chess. Chess960() is
// the mode: a FEN read with it (ParseFEN) takes Shredder-FEN or X-FEN
// castling rights, and its positions write castling king takes rook and
// their rights as X-FEN. Each position points at a hidden variant that is
// chess with its castling tables built for the king and rook files of that
// game, so the move generator and make read castling from the variant
// exactly as they do for standard chess and stay as fast; Variant() of
// such a position is chess. The rule (FIDE Laws, Chess960 appendix): king
// and rook end on g1 and f1 (king side) or c1 and d1 (queen side); every
// square either crosses or lands on is empty but for the two of them; the
// king is not in check and crosses or lands on no attacked square.

// castleFiles is where a side's castling starts: the king's file and the
// rook's file on each side (0: towards h, 1: towards a); -1 for none.
type castleFiles struct {
	king [2]int8
	rook [2][2]int8
}

var noCastleFiles = castleFiles{king: [2]int8{-1, -1}, rook: [2][2]int8{{-1, -1}, {-1, -1}}}

// swapped is the same set-up with the colours exchanged (Mirrored).
func (cf castleFiles) swapped() castleFiles {
	return castleFiles{king: [2]int8{cf.king[1], cf.king[0]}, rook: [2][2]int8{cf.rook[1], cf.rook[0]}}
}

// frcVariants holds one hidden variant per castling set-up met so far: a
// match of many games meets at most 960*960 of them.
var frcVariants struct {
	sync.Mutex
	m map[castleFiles]*Variant
}

// frcVariant is base (chess) in Chess960 mode with castling from cf.
func frcVariant(base *Variant, cf castleFiles) *Variant {
	frcVariants.Lock()
	defer frcVariants.Unlock()
	if v := frcVariants.m[cf]; v != nil {
		return v
	}
	d := *base
	d.family, d.frc, d.frcFiles = base, true, cf
	d.name = "chess960"
	d.castles = [2][2]castleRule{}
	for s := range d.castleKeep {
		d.castleKeep[s] = castleAll
	}
	kingTo := [2]int{d.files - 2, 2} // g and c
	rookTo := [2]int{d.files - 3, 3} // f and d
	for c := White; c <= Black; c++ {
		for side := 0; side < 2; side++ {
			if f := cf.rook[c][side]; f >= 0 {
				d.setCastle(c, side, int(cf.king[c]), int(f), kingTo[side], rookTo[side])
			}
		}
	}
	if frcVariants.m == nil {
		frcVariants.m = make(map[castleFiles]*Variant)
	}
	frcVariants.m[cf] = &d
	return &d
}

// colourSwapped is the variant of the position with colours exchanged:
// itself but for a Chess960 set-up whose sides castle from different files.
func (v *Variant) colourSwapped() *Variant {
	if !v.frc {
		return v
	}
	return frcVariant(v.family, v.frcFiles.swapped())
}

// Chess960 is chess in Chess960 mode (the names chess960 and fischerandom
// find it through LookupVariant). Its positions are chess positions.
func Chess960() *Variant { return chess960Mode }

// HasChess960 reports whether the game has a Chess960 mode (chess).
func (v *Variant) HasChess960() bool { return v.chess960 }

// IsChess960 reports whether v is Chess960() (or one of its set-ups).
func (v *Variant) IsChess960() bool { return v.frc }

// Game is the game v plays: v itself, or chess for Chess960().
func (v *Variant) Game() *Variant { return v.family }

// parseRights960 reads a Chess960 castling field and points the position
// at the variant of its set-up.
func (p *Position) parseRights960(field string) error {
	cf := noCastleFiles
	if field != "-" {
		for i := 0; i < len(field); i++ {
			if err := p.parseRight960(field, i, &cf); err != nil {
				return err
			}
		}
	}
	p.v = frcVariant(p.v.family, cf)
	for c := White; c <= Black; c++ {
		for side := 0; side < 2; side++ {
			if cf.rook[c][side] >= 0 {
				p.castling |= castleWhiteK << (2*uint(c) + uint(side))
			}
		}
	}
	return nil
}

// parseRight960 reads the right field[i] into cf.
func (p *Position) parseRight960(field string, i int, cf *castleFiles) error {
	v := p.v
	l := field[i]
	c := White
	if l >= 'a' && l <= 'z' {
		c, l = Black, l-('a'-'A')
	}
	k := p.kingSq[c]
	rank := c.homeRank(v.ranks)
	side, file := 0, -1
	switch {
	case l == 'K' || l == 'Q':
		if l == 'Q' {
			side = 1
		}
		file = p.outermostRook(c, side)
	case l >= 'A' && int(l-'A') < v.files:
		file = int(l - 'A')
		if file < k.File() {
			side = 1
		}
		if k.Rank() == rank && file == k.File() {
			return fmt.Errorf("castling field %q: '%c' names the king's own file", field, field[i])
		}
	default:
		return fmt.Errorf("castling field %q: %s is not a Chess960 right (KQkq or rook files A-%c, a-%c)",
			field, quoteChar(field, i), 'A'+v.files-1, 'a'+v.files-1)
	}
	if cf.rook[c][side] >= 0 {
		return fmt.Errorf("castling field %q: two %s rights on the same side", field, c)
	}
	if k.Rank() != rank || file < 0 || p.board[MakeSquare(file, rank)] != MakePiece(c, Rook) {
		return nil // the board contradicts it: dropped
	}
	cf.king[c], cf.rook[c][side] = int8(k.File()), int8(file)
	return nil
}

// outermostRook is the file of c's rook on its first rank farthest from
// the king on side (0: towards h), -1 if none.
func (p *Position) outermostRook(c Color, side int) int {
	k := p.kingSq[c]
	if k.Rank() != c.homeRank(p.v.ranks) {
		return -1
	}
	f, step := p.v.files-1, -1
	if side == 1 {
		f, step = 0, 1
	}
	for ; f != k.File(); f += step {
		if p.board[MakeSquare(f, k.Rank())] == MakePiece(c, Rook) {
			return f
		}
	}
	return -1
}

// rights960 writes the castling field in X-FEN: K, Q, k, q where the rook
// is the outermost on its side, else its file letter.
func (p *Position) rights960() string {
	var sb strings.Builder
	for c := White; c <= Black; c++ {
		for side := 0; side < 2; side++ {
			cr := &p.v.castles[c][side]
			if cr.right == 0 || p.castling&cr.right == 0 {
				continue
			}
			l := "KQ"[side]
			if f := cr.rookFrom.File(); p.outermostRook(c, side) != f {
				l = byte('A' + f)
			}
			if c == Black {
				l += 'a' - 'A'
			}
			sb.WriteByte(l)
		}
	}
	return sb.String()
}

// castleTo is c's castling whose king ends on kingTo, nil if none.
func (v *Variant) castleTo(c Color, kingTo Square) *castleRule {
	for i := range v.castles[c] {
		if cr := &v.castles[c][i]; cr.right != 0 && cr.kingTo == kingTo {
			return cr
		}
	}
	return nil
}

// castleNamedBy reports whether a move text ending on to names the castling
// m in Chess960 mode: king takes rook (to is the rook's square), or the
// king's destination when it lies two files or more away, where no other
// king move goes (e1g1 from the standard set-up).
func (p *Position) castleNamedBy(m Move, to Square) bool {
	cr := p.v.castleTo(p.side, m.To())
	if cr == nil {
		return false
	}
	d := cr.kingTo.File() - cr.kingFrom.File()
	return to == cr.rookFrom || to == cr.kingTo && (d >= 2 || d <= -2)
}

// Chess960FEN is start position n (0 to 959) of Chess960 by the standard
// numbering (Scharnagl's; 518 is the usual set-up), castling as KQkq.
func Chess960FEN(n int) string { return DoubleChess960FEN(n, n) }

// DoubleChess960FEN is the Double Chess960 start position with White's
// pieces set up as Chess960 position white and Black's as black.
func DoubleChess960FEN(white, black int) string {
	w, b := chess960Rank(white), chess960Rank(black)
	return strings.ToLower(b) + "/pppppppp/8/8/8/8/PPPPPPPP/" + w + " w KQkq - 0 1"
}

// chess960Rank is the first rank of start position n as White's letters:
// the light-squared bishop by n mod 4 (b, d, f, h), the dark one by the next
// digit base 4 (a, c, e, g), the queen on one of the six empty squares,
// the knights on one of the ten pairs of the five left, and rook, king,
// rook on the last three in that order.
func chess960Rank(n int) string {
	if n < 0 || n >= 960 {
		panic(fmt.Sprintf("Chess960 position %d is not from 0 to 959", n))
	}
	var r [8]byte
	r[2*(n%4)+1] = 'B'
	n /= 4
	r[2*(n%4)] = 'B'
	n /= 4
	place := func(l byte, k int) { // l on the k-th empty square
		for f := range r {
			if r[f] == 0 {
				if k == 0 {
					r[f] = l
					return
				}
				k--
			}
		}
	}
	place('Q', n%6)
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	place('N', knights[1]) // the later one first, so the earlier index still counts the same empties
	place('N', knights[0])
	place('R', 0)
	place('K', 0)
	place('R', 0)
	return string(r[:])
}

// chess960Names are the names tools give Chess960 (cutechess and fastchess
// say fischerandom, PGN's Variant tag Chess960).
var chess960Names = []string{"chess960", "fischerandom", "fischerrandom", "frc"}

// LookupVariant is VariantByName that also knows Chess960 by its names:
// it returns Chess960() for them.
func LookupVariant(name string) (*Variant, error) {
	for _, n := range chess960Names {
		if strings.EqualFold(name, n) {
			return chess960Mode, nil
		}
	}
	return VariantByName(name)
}
