package board

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FEN errors name the field and what is wrong with it; parsing never panics
// (FuzzParseFEN checks that).

// maxClock bounds the halfmove clock and fullmove number on input: far
// beyond any game, so whatever the engine writes it reads back.
const maxClock = math.MaxInt32

// quoteChar quotes the character that starts at s[i] whole: a multi-byte
// rune as itself, a byte that is not UTF-8 as a \x escape.
func quoteChar(s string, i int) string {
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n <= 1 {
		return fmt.Sprintf("'\\x%02x'", s[i])
	}
	return strconv.QuoteRune(r)
}

// parseBoardOnly reads the piece placement field (holdings cut off).
func parseBoardOnly(v *Variant, field string) ([numSquares]Piece, error) {
	var b [numSquares]Piece
	if i := strings.IndexByte(field, '['); i >= 0 {
		field = field[:i]
	}
	if i := strings.IndexByte(field, ' '); i >= 0 {
		field = field[:i]
	}
	rows := strings.Split(field, "/")
	if len(rows) != v.ranks {
		return b, fmt.Errorf("board has %d ranks, %s needs %d", len(rows), v.name, v.ranks)
	}
	for i, row := range rows {
		r := v.ranks - 1 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '0' && c <= '9' {
				n := int(c - '0')
				if j+1 < len(row) && row[j+1] >= '0' && row[j+1] <= '9' {
					n = n*10 + int(row[j+1]-'0')
					j++
				}
				if n == 0 {
					return b, fmt.Errorf("rank %d: empty-square count 0", r+1)
				}
				f += n
				if f > v.files {
					return b, fmt.Errorf("rank %d has more than %d files", r+1, v.files)
				}
				continue
			}
			pc, ok := v.pieceFromLetter(c)
			if !ok {
				return b, fmt.Errorf("rank %d: %s is not a %s piece (letters %s)", r+1, quoteChar(row, j), v.name, v.Letters())
			}
			if f >= v.files {
				return b, fmt.Errorf("rank %d has more than %d files", r+1, v.files)
			}
			b[MakeSquare(f, r)] = pc
			f++
		}
		if f != v.files {
			return b, fmt.Errorf("rank %d has %d files, %s needs %d", r+1, f, v.name, v.files)
		}
	}
	return b, nil
}

// ParseFEN reads a position of variant v. Castling rights are KQkq, or
// the castling rooks' files where those are the usual ones (HAha); with v
// Chess960() they are Shredder-FEN or X-FEN (chess960.go).
func ParseFEN(v *Variant, fen string) (Position, error) { return parseFEN(v.family, fen, v.frc) }

func parseFEN(v *Variant, fen string, frc bool) (Position, error) {
	var p Position
	p.v = v
	p.ep = NoSquare
	fields := strings.Fields(fen)
	if len(fields) < 4 {
		return p, fmt.Errorf("FEN needs at least 4 fields (board, side, castling, en passant), got %d", len(fields))
	}
	maxFields := 6
	if v.hasHoldings() {
		maxFields = 7
	}
	if len(fields) > maxFields {
		return p, fmt.Errorf("FEN has %d fields, %s uses at most %d", len(fields), v.name, maxFields)
	}
	boardField, holdings, hasHoldings := fields[0], "", false
	if i := strings.IndexByte(boardField, '['); i >= 0 {
		if !v.hasHoldings() {
			return p, fmt.Errorf("%s has no holdings ([...] after the board)", v.name)
		}
		if !strings.HasSuffix(boardField, "]") || strings.Count(boardField, "[") != 1 || strings.Count(boardField, "]") != 1 {
			return p, fmt.Errorf("holdings %q must be one [...] group at the end of the board", boardField[i:])
		}
		boardField, holdings, hasHoldings = boardField[:i], boardField[i+1:len(boardField)-1], true
	}
	squares, err := parseBoardOnly(v, boardField)
	if err != nil {
		return p, err
	}
	for s := Square(0); s < numSquares; s++ {
		if pc := squares[s]; pc != NoPiece {
			p.put(pc, s)
		}
	}
	for c := White; c <= Black; c++ {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return p, fmt.Errorf("%s has %d kings, needs exactly 1", c, n)
		}
		p.kingSq[c] = p.Pieces(c, King).First()
		if v.promotion != promoteNever {
			if bad := p.Pieces(c, Pawn).And(v.lastRank[c]); bad.Any() {
				return p, fmt.Errorf("%s pawn on %v must have promoted", c, bad.First())
			}
		}
		if bad := p.Pieces(c, Pawn).And(v.firstRank[c]); bad.Any() {
			return p, fmt.Errorf("%s pawn on %v, its own first rank", c, bad.First())
		}
		p.recomputeZones(c)
	}
	for c := White; c <= Black; c++ {
		if p.zones[c^1].Has(p.kingSq[c]) {
			return p, fmt.Errorf("%s Raja on %v stands in an enemy Durg zone", c, p.kingSq[c])
		}
	}

	switch fields[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return p, fmt.Errorf("side to move %q must be w or b", fields[1])
	}

	if frc {
		err = p.parseRights960(fields[2])
	} else {
		err = p.parseRights(fields[2])
	}
	if err != nil {
		return p, err
	}

	if fields[3] != "-" {
		if !v.enPassant {
			return p, fmt.Errorf("%s has no en passant; the field must be -", v.name)
		}
		if err := p.parseEnPassant(fields[3]); err != nil {
			return p, err
		}
	}

	p.fullmove = 1
	if len(fields) > 4 {
		if p.halfmove, err = strconv.Atoi(fields[4]); err != nil || p.halfmove < 0 || p.halfmove > maxClock {
			return p, fmt.Errorf("halfmove clock %q must be a number from 0 to %d", fields[4], maxClock)
		}
	}
	if len(fields) > 5 {
		if p.fullmove, err = strconv.Atoi(fields[5]); err != nil || p.fullmove < 1 || p.fullmove > maxClock {
			return p, fmt.Errorf("fullmove number %q must be a number from 1 to %d", fields[5], maxClock)
		}
	}
	if v.hasHoldings() {
		if err := p.parseHoldings(fields, holdings, hasHoldings); err != nil {
			return p, err
		}
	}

	if p.attackedBy(p.side, p.kingSq[p.side^1], p.Occupied()) {
		return p, fmt.Errorf("the side not to move (%s) is in check", p.side^1)
	}
	p.checkers = p.attackersOf(p.side^1, p.kingSq[p.side], p.Occupied())
	if p.checkers.Any() {
		p.leap &^= 1 << p.side // a Raja in check has lost his leap
	}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) parseRights(field string) error {
	if field == "-" {
		return nil
	}
	v := p.v
	for i := 0; i < len(field); i++ {
		c := field[i]
		if c >= utf8.RuneSelf {
			return fmt.Errorf("castling field %q: %s is not a %s right", field, quoteChar(field, i), v.name)
		}
		switch {
		case v.rajaLeap && (c == 'K' || c == 'k'):
			col := White
			if c == 'k' {
				col = Black
			}
			if p.leap>>col&1 != 0 {
				return fmt.Errorf("leap right '%c' given twice", c)
			}
			p.leap |= 1 << col
		case v.hasCastling() && strings.IndexByte("KQkq", c) >= 0,
			v.hasCastling() && (c|0x20 == byte('a'+v.castling.rightRookFile) || c|0x20 == byte('a'+v.castling.leftRookFile)):
			right := castleWhiteK << strings.IndexByte("KQkq", p.v.standardRight(c))
			if p.castling&right != 0 {
				return fmt.Errorf("castling right '%c' given twice", c)
			}
			p.castling |= right
		case v.chess960 && (c|0x20 >= 'a' && c|0x20 < byte('a'+v.files)):
			return fmt.Errorf("castling field %q: a rook on the %c-file castles only in Chess960 (UCI_Chess960)", field, c|0x20)
		default:
			return fmt.Errorf("castling field %q: '%c' is not a %s right", field, c, v.name)
		}
	}
	// Rights the board contradicts are dropped: the king or rook has left
	// its square, or (Durg) an own Mantri stands on the right's d/f square.
	for c := White; c <= Black; c++ {
		for _, cr := range v.castles[c] {
			if cr.right == 0 {
				continue
			}
			if p.board[cr.kingFrom] != MakePiece(c, King) || p.board[cr.rookFrom] != MakePiece(c, Rook) ||
				(v.successorForfeitsCastling && p.board[cr.rookTo] == MakePiece(c, v.successor)) {
				p.castling &^= cr.right
			}
		}
	}
	return nil
}

// standardRight is the KQkq letter of a castling right given as K, Q, k, q
// or as the file of the usual rook (H, A, h, a in chess).
func (v *Variant) standardRight(c byte) byte {
	switch c {
	case 'K', 'Q', 'k', 'q':
		return c
	}
	l := byte('K')
	if c|0x20 == byte('a'+v.castling.leftRookFile) {
		l = 'Q'
	}
	if c >= 'a' {
		l += 'a' - 'A'
	}
	return l
}

func (p *Position) parseEnPassant(field string) error {
	s, ok := p.v.ParseSquare(field)
	if !ok {
		return fmt.Errorf("en passant square %q is not a square of the board", field)
	}
	us, them := p.side, p.side^1
	wantRank := p.v.ranks - 3 // white to move: the square behind a black pawn on rank 5
	pawnSq, fromSq := s-1, s+1
	if us == Black {
		wantRank, pawnSq, fromSq = 2, s+1, s-1
	}
	switch {
	case s.Rank() != wantRank:
		return fmt.Errorf("en passant square %v is on the wrong rank for %s to move", s, us)
	case p.board[pawnSq] != MakePiece(them, Pawn):
		return fmt.Errorf("en passant square %v has no %s pawn in front of it", s, them)
	case p.board[s] != NoPiece || p.board[fromSq] != NoPiece:
		return fmt.Errorf("en passant square %v or the square the pawn came from is occupied", s)
	}
	p.ep = s
	return nil
}

// parseDurgCounts reads the holdings and the fallen counts, or derives the
// documented defaults when they are left out.
func (p *Position) parseHoldings(fields []string, holdings string, hasHoldings bool) error {
	v := p.v
	var callFlag, usedFlag [2]bool
	var waiting [2]int
	for i := 0; i < len(holdings); i++ {
		c := White
		if holdings[i] == 'b' || holdings[i] == 'q' || holdings[i] == 'x' {
			c = Black
		}
		switch holdings[i] {
		case 'B', 'b':
			waiting[c]++
		case 'Q', 'q':
			if callFlag[c] {
				return fmt.Errorf("holdings %q: '%c' given twice", holdings, holdings[i])
			}
			callFlag[c] = true
		case 'X', 'x':
			usedFlag[c] = true
		default:
			return fmt.Errorf("holdings %q: %s is not B, b, Q, q, X or x", holdings, quoteChar(holdings, i))
		}
	}
	for c := White; c <= Black; c++ {
		p.waiting[c] = uint8(min(waiting[c], maxWaiting))
	}
	if len(fields) > 6 {
		parts := strings.Split(fields[6], "/")
		if len(parts) != 2 {
			return fmt.Errorf("fallen counts %q must be two numbers like 0/0", fields[6])
		}
		for c, s := range parts {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 {
				return fmt.Errorf("fallen count %q must be a number from 0", s)
			}
			p.fallen[c] = uint8(min(n, maxFallen))
		}
	} else {
		for c := White; c <= Black; c++ {
			present := p.Pieces(c, Rook).Count() + p.Pieces(c, Knight).Count() + p.Pieces(c, Rath).Count()
			p.fallen[c] = uint8(max(0, 6-present))
		}
	}
	for c := White; c <= Black; c++ {
		if hasHoldings {
			if callFlag[c] && int(p.fallen[c]) < v.callThreshold {
				return fmt.Errorf("%s may call the Rani only with %d fallen, has %d", c, v.callThreshold, p.fallen[c])
			}
			if callFlag[c] && usedFlag[c] {
				return fmt.Errorf("holdings %q: %s cannot both still call (Q) and have called (X)", holdings, c)
			}
			p.called[c] = !callFlag[c] && int(p.fallen[c]) >= v.callThreshold
			if !callFlag[c] && int(p.fallen[c]) < v.callThreshold {
				p.called[c] = usedFlag[c] || p.Pieces(c, v.callPiece).Any()
			}
		} else {
			p.called[c] = p.Pieces(c, v.callPiece).Any()
		}
	}
	return nil
}

// FEN writes the position in the variant's FEN dialect.
func (p *Position) FEN() string {
	v := p.v
	var sb strings.Builder
	for r := v.ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < v.files; f++ {
			pc := p.board[MakeSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			sb.WriteByte(v.PieceLetter(pc))
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if v.hasHoldings() {
		sb.WriteByte('[')
		for c := White; c <= Black; c++ {
			letters := "BQ"
			if c == Black {
				letters = "bq"
			}
			sb.WriteString(strings.Repeat(letters[:1], int(p.waiting[c])))
			if p.CallAvailable(c) {
				sb.WriteByte(letters[1])
			}
			if p.callUsedUnseen(c) {
				sb.WriteByte("Xx"[c])
			}
		}
		sb.WriteByte(']')
	}
	sb.WriteByte(' ')
	sb.WriteByte("wb"[p.side])
	sb.WriteByte(' ')
	rights := ""
	if v.rajaLeap {
		if p.leap&1 != 0 {
			rights += "K"
		}
		if p.leap&2 != 0 {
			rights += "k"
		}
	} else if v.frc {
		rights = p.rights960()
	} else {
		for i, l := range "KQkq" {
			if p.castling&(1<<i) != 0 {
				rights += string(l)
			}
		}
	}
	if rights == "" {
		rights = "-"
	}
	sb.WriteString(rights)
	sb.WriteByte(' ')
	sb.WriteString(p.ep.String())
	fmt.Fprintf(&sb, " %d %d", p.halfmove, p.fullmove)
	if v.hasHoldings() {
		fmt.Fprintf(&sb, " %d/%d", p.fallen[White], p.fallen[Black])
	}
	return sb.String()
}

// ParseSquare reads a square name of this variant's board ("e4", "i9").
func (v *Variant) ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[1] < '1' {
		return NoSquare, false
	}
	f, r := int(s[0]-'a'), int(s[1]-'1')
	if f >= v.files || r >= v.ranks {
		return NoSquare, false
	}
	return MakeSquare(f, r), true
}

// StartPosition is the variant's initial position.
func (v *Variant) StartPosition() Position {
	p, err := ParseFEN(v, v.startFEN)
	if err != nil {
		panic(err) // the start FENs are constants checked by tests
	}
	return p
}

// callUsedUnseen is the one call state brackets without a marker cannot
// show: the call was used (a set-up Rani, with fewer fallen than the
// threshold) and no Rani stands on the board any more. FEN writes it as X/x.
func (p *Position) callUsedUnseen(c Color) bool {
	v := p.v
	return v.callThreshold > 0 && p.called[c] && int(p.fallen[c]) < v.callThreshold && p.Pieces(c, v.callPiece).Empty()
}
