package match

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"senapati/board"
)

// Polyglot opening books (.bin), the format of Fabien Letouzey's Polyglot
// as H.G. Muller's description gives it (http://hgm.nubati.net/book_format.html):
// entries of 16 bytes, big-endian, sorted by key: the position's 64-bit
// key, the move (bits 0-2 to file, 3-5 to rank, 6-8 from file, 9-11 from
// rank, 12-14 promotion: 1 knight to 4 queen; castling as the king taking
// its own rook, e1h1), the weight, and 4 bytes of learning data we ignore.
// A book is a tree of moves from the start position: each game's opening
// is a line walked down it, by the weights (order=random) or line by line
// in the book's order (order=sequential), for at most bookdepth plies.

type polyglotEntry struct {
	key          uint64
	move, weight uint16
}

// maxBookPlies ends a line of a book that never ends (one whose moves
// repeat without reaching a threefold repetition first cannot exist, but
// a cap costs nothing).
const maxBookPlies = 256

// readPolyglot reads a whole book; a file named .gz is read through gzip,
// twice: once to measure it (a small file may unzip to gigabytes), then
// to read it.
func readPolyglot(name string) ([]polyglotEntry, error) {
	f, err := openBook(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := fi.Size()
	var r io.Reader = f
	if strings.HasSuffix(strings.ToLower(name), ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: not gzip: %v", name, err)
		}
		if size, err = io.Copy(io.Discard, &boundedReader{r: z, max: maxBookBytes}); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if err := z.Reset(f); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		r = z
	}
	switch {
	case size == 0:
		return nil, fmt.Errorf("%s: the Polyglot book is empty", name)
	case size%16 != 0:
		return nil, fmt.Errorf("%s: %d bytes are not whole 16-byte entries: not a Polyglot book", name, size)
	}
	// Entries as they come, not the whole file first: half the memory.
	book := make([]polyglotEntry, size/16)
	br := bufio.NewReaderSize(io.LimitReader(r, size), 1<<16)
	var e [16]byte
	for i := range book {
		if _, err := io.ReadFull(br, e[:]); err != nil {
			return nil, fmt.Errorf("%s: %v (did it change while read?)", name, err)
		}
		book[i] = polyglotEntry{binary.BigEndian.Uint64(e[:]), binary.BigEndian.Uint16(e[8:]), binary.BigEndian.Uint16(e[10:])}
		if i > 0 && book[i].key < book[i-1].key { // lookups search the sorted keys
			return nil, fmt.Errorf("%s: entry %d is out of key order: not a Polyglot book", name, i+1)
		}
	}
	return book, nil
}

// polyglotKey is the Polyglot key of a chess position given as FEN (also
// Chess960's X-FEN or Shredder-FEN): the numbers of polyglotRandom for
// every piece, each castling right, the en passant file when a pawn of the
// side to move stands next to the pawn that just made its double step
// (whether or not the capture is legal: the spec's rule), and White to move.
func polyglotKey(fen string) (uint64, error) {
	f := strings.Fields(fen)
	if len(f) < 4 {
		return 0, fmt.Errorf("FEN %q: needs 4 fields", fen)
	}
	var board [8][8]byte // [rank][file], rank 0 is White's first
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 8 {
		return 0, fmt.Errorf("FEN %q: Polyglot keys are for 8x8 chess", fen)
	}
	var key uint64
	kingFile := [2]int{-1, -1} // Black, White: Polyglot's colour order
	for i, row := range ranks {
		rank, file := 7-i, 0
		for _, c := range []byte(row) {
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			kind := strings.IndexByte("pPnNbBrRqQkK", c)
			if kind < 0 || file > 7 {
				return 0, fmt.Errorf("FEN %q: %q is not a chess piece on the board", fen, c)
			}
			board[rank][file] = c
			key ^= polyglotRandom[64*kind+8*rank+file]
			if c == 'k' || c == 'K' {
				kingFile[kind&1] = file
			}
			file++
		}
	}
	white := f[1] == "w"
	if white {
		key ^= polyglotRandom[780]
	}
	if f[2] != "-" {
		for _, c := range []byte(f[2]) {
			color, short := 0, false // Black
			if c >= 'A' && c <= 'Z' {
				color, c = 1, c+'a'-'A'
			}
			switch {
			case c == 'k':
				short = true
			case c == 'q':
			case c >= 'a' && c <= 'h': // a rook's file: short when it is beyond the king
				short = int(c-'a') > kingFile[color]
			default:
				return 0, fmt.Errorf("FEN %q: castling field %q", fen, f[2])
			}
			offset := 768 + 2*(1-color) // White's two rights come first
			if !short {
				offset++
			}
			key ^= polyglotRandom[offset]
		}
	}
	if ep := f[3]; ep != "-" {
		if len(ep) != 2 || ep[0] < 'a' || ep[0] > 'h' {
			return 0, fmt.Errorf("FEN %q: en passant square %q", fen, ep)
		}
		file, rank, pawn := int(ep[0]-'a'), 4, byte('P') // White takes on rank 5
		if !white {
			rank, pawn = 3, 'p'
		}
		if file > 0 && board[rank][file-1] == pawn || file < 7 && board[rank][file+1] == pawn {
			key ^= polyglotRandom[772+file]
		}
	}
	return key, nil
}

// bookMoves are the legal moves the book gives pos with a weight above 0
// (Polyglot never plays a move of weight 0), heaviest first, each once;
// entries of other positions that share the key, or of moves that are not
// legal, are passed over.
func bookMoves(book []polyglotEntry, pos *board.Position) []polyglotChoice {
	key, err := polyglotKey(pos.FEN())
	if err != nil {
		return nil
	}
	i, _ := slices.BinarySearchFunc(book, key, func(e polyglotEntry, k uint64) int {
		switch {
		case e.key < k:
			return -1
		case e.key > k:
			return 1
		}
		return 0
	})
	var out []polyglotChoice
	for ; i < len(book) && book[i].key == key; i++ {
		m, ok := polyglotMove(pos, book[i].move)
		if !ok || book[i].weight == 0 || slices.ContainsFunc(out, func(c polyglotChoice) bool { return c.move == m }) {
			continue
		}
		out = append(out, polyglotChoice{m, int(book[i].weight)})
	}
	slices.SortStableFunc(out, func(a, b polyglotChoice) int { return b.weight - a.weight })
	return out
}

type polyglotChoice struct {
	move   board.Move
	weight int
}

// polyglotMove is the legal move a book's move field names in pos: the
// king taking its own rook is castling (written e1g1 in chess, e1h1 in
// Chess960 mode, as the board reads them).
func polyglotMove(pos *board.Position, pm uint16) (board.Move, bool) {
	to := board.MakeSquare(int(pm&7), int(pm>>3&7))
	from := board.MakeSquare(int(pm>>6&7), int(pm>>9&7))
	s := from.String() + to.String()
	if promo := pm >> 12 & 7; promo > 4 {
		return board.NoMove, false
	} else if promo > 0 {
		s += string("nbrq"[promo-1])
	}
	us := pos.SideToMove()
	if king, rook := pos.PieceAt(from), pos.PieceAt(to); !pos.Chess960() && king == board.MakePiece(us, board.King) && rook == board.MakePiece(us, board.Rook) {
		file := 6 // g: the rook is beyond the king
		if to.File() < from.File() {
			file = 2
		}
		s = from.String() + board.MakeSquare(file, from.Rank()).String()
	}
	m, err := pos.ParseMove(s)
	return m, err == nil
}

// polyglotOpenings gives n openings from a book: lines from the variant's
// start position of at most plies plies (0: until the book ends), chosen
// by the entries' weights with the seed (random) or, in order, the book's
// lines one after another from number start, heaviest moves first, again
// from the first when they run out. A line stops before a move that would
// end the game.
func polyglotOpenings(v *board.Variant, book []polyglotEntry, n, plies, start int, random bool, seed uint64) ([]Opening, error) {
	if plies <= 0 || plies > maxBookPlies {
		plies = maxBookPlies
	}
	// Else every game would begin at the start, with no opening at all.
	if start := v.StartPosition(); len(bookMoves(book, &start)) == 0 {
		return nil, fmt.Errorf("the book (%d entries) has no move for the start position: no opening to play (a book of another game?)", len(book))
	}
	var out []Opening
	if random {
		rng := rand.New(rand.NewPCG(seed, 0x706f6c79))
		for range n {
			o, err := polyglotLine(v, book, plies, func(cs []polyglotChoice) int {
				total := 0
				for _, c := range cs {
					total += c.weight
				}
				r := rng.IntN(total)
				for i, c := range cs {
					if r -= c.weight; r < 0 {
						return i
					}
				}
				return len(cs) - 1
			})
			if err != nil {
				return nil, err
			}
			out = append(out, o)
		}
		return out, nil
	}
	lines, err := polyglotLines(v, book, plies, start-1+n)
	if err != nil {
		return nil, err
	}
	if len(lines) < start {
		return nil, fmt.Errorf("start=%d but the book holds %d lines", start, len(lines))
	}
	lines = lines[start-1:]
	for i := range n {
		out = append(out, lines[i%len(lines)])
	}
	return out, nil
}

// polyglotLine walks one line down the book, choose picking each move.
func polyglotLine(v *board.Variant, book []polyglotEntry, plies int, choose func([]polyglotChoice) int) (Opening, error) {
	start := v.StartPosition()
	g := board.NewGame(start)
	var moves []board.Move
	for len(moves) < plies {
		cs := bookMoves(book, g.Position())
		if len(cs) == 0 {
			break
		}
		m := cs[choose(cs)].move
		if !playable(start, append(slices.Clip(moves), m)) {
			break
		}
		g.Play(m)
		moves = append(moves, m)
	}
	return newOpening(start, moves)
}

// playable reports whether the game from start goes on after moves (a
// repetition counts only with the moves before it).
func playable(start board.Position, moves []board.Move) bool {
	g := board.NewGame(start)
	for _, m := range moves {
		g.Play(m)
	}
	r, _ := judge(g)
	return r == board.Ongoing
}

// polyglotLines enumerates up to limit lines of the book depth-first,
// heaviest moves first: every position where the book ends (or plies
// are reached) ends one line.
func polyglotLines(v *board.Variant, book []polyglotEntry, plies, limit int) ([]Opening, error) {
	start := v.StartPosition()
	var out []Opening
	var walk func(g *board.Game, moves []board.Move) error
	walk = func(g *board.Game, moves []board.Move) error {
		var next []board.Move
		if len(moves) < plies {
			for _, c := range bookMoves(book, g.Position()) {
				if playable(start, append(slices.Clip(moves), c.move)) {
					next = append(next, c.move)
				}
			}
		}
		if len(next) == 0 {
			o, err := newOpening(start, moves)
			out = append(out, o)
			return err
		}
		for _, m := range next {
			if len(out) >= limit {
				return nil
			}
			child := board.NewGame(start)
			for _, played := range append(slices.Clip(moves), m) {
				child.Play(played)
			}
			if err := walk(child, append(slices.Clip(moves), m)); err != nil {
				return err
			}
		}
		return nil
	}
	err := walk(board.NewGame(start), nil)
	return out, err
}

// checkBook applies -bookdepth and refuses a Polyglot book outside chess
// before any engine starts.
func checkBook(cfg *Config, bookDepth int) error {
	o := &cfg.Openings
	if bookDepth > 0 {
		if o.Kind != openingsFile {
			return fmt.Errorf("-bookdepth applies to an opening book (-openings file=...)")
		}
		if o.Plies > 0 && o.Plies != bookDepth {
			return fmt.Errorf("-bookdepth %d and -openings plies=%d say the same, give one", bookDepth, o.Plies)
		}
		o.Plies = bookDepth
	}
	if o.Kind == openingsFile && bookFormat(o, nil) == "bin" && cfg.Variant.Game() != board.Chess() {
		return fmt.Errorf("-openings %s: a Polyglot book holds chess positions; -variant %s cannot use it", o.File, cfg.Variant.Name())
	}
	return nil
}
