package match

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

// isaac64 is Bob Jenkins' ISAAC-64 generator (his public-domain
// isaac64.c: randinit with a zero seed, then rand()), written here to
// check polyglotRandom number by number.
type isaac64 struct {
	mm, rsl [256]uint64
	a, b, c uint64
	n       int
}

func (r *isaac64) mix(x *[8]uint64) {
	x[0] -= x[4]
	x[5] ^= x[7] >> 9
	x[7] += x[0]
	x[1] -= x[5]
	x[6] ^= x[0] << 9
	x[0] += x[1]
	x[2] -= x[6]
	x[7] ^= x[1] >> 23
	x[1] += x[2]
	x[3] -= x[7]
	x[0] ^= x[2] << 15
	x[2] += x[3]
	x[4] -= x[0]
	x[1] ^= x[3] >> 14
	x[3] += x[4]
	x[5] -= x[1]
	x[2] ^= x[4] << 20
	x[4] += x[5]
	x[6] -= x[2]
	x[3] ^= x[5] >> 17
	x[5] += x[6]
	x[7] -= x[3]
	x[4] ^= x[6] << 14
	x[6] += x[7]
}

func (r *isaac64) init() {
	var x [8]uint64
	for i := range x {
		x[i] = 0x9e3779b97f4a7c13 // the golden ratio
	}
	for range 4 {
		r.mix(&x)
	}
	for pass := range 2 { // the seed (all zero), then the table itself
		for i := 0; i < 256; i += 8 {
			for k := range 8 {
				if pass == 0 {
					x[k] += r.rsl[i+k]
				} else {
					x[k] += r.mm[i+k]
				}
			}
			r.mix(&x)
			copy(r.mm[i:i+8], x[:])
		}
	}
	r.generate()
	r.n = 256
}

func (r *isaac64) generate() {
	r.c++
	a, b := r.a, r.b+r.c
	ind := func(x uint64) uint64 { return r.mm[x>>3&255] }
	for i := range 256 {
		var mix uint64
		switch i % 4 {
		case 0:
			mix = ^(a ^ a<<21)
		case 1:
			mix = a ^ a>>5
		case 2:
			mix = a ^ a<<12
		case 3:
			mix = a ^ a>>33
		}
		x := r.mm[i]
		a = mix + r.mm[(i+128)%256]
		y := ind(x) + a + b
		r.mm[i] = y
		b = ind(y>>8) + x
		r.rsl[i] = b
	}
	r.a, r.b = a, b
}

func (r *isaac64) next() uint64 {
	if r.n == 0 {
		r.generate()
		r.n = 256
	}
	r.n--
	return r.rsl[r.n]
}

// TestPolyglotRandomIsPublished: the table is the specification's: its
// first and last numbers and those of the castling rights and en passant
// files as book_format.html prints them, and every number as ISAAC-64
// gives it.
func TestPolyglotRandomIsPublished(t *testing.T) {
	require.Equal(t, uint64(0x9D39247E33776D41), polyglotRandom[0])
	require.Equal(t, uint64(0x2AF7398005AAA5C7), polyglotRandom[1])
	require.Equal(t, []uint64{0x31D71DCE64B2C310, 0xF165B587DF898190, 0xA57E6339DD2CF3A0, 0x1EF6E6DBB1961EC9}, polyglotRandom[768:772])
	require.Equal(t, uint64(0x70CC73D90BC26E24), polyglotRandom[772])
	require.Equal(t, uint64(0x67A34DAC4356550B), polyglotRandom[779])
	require.Equal(t, uint64(0xF8D626AAAF278509), polyglotRandom[780])
	var r isaac64
	r.init()
	for i, want := range polyglotRandom {
		require.Equal(t, want, r.next(), "number %d", i)
	}
}

// polyglotExamples are the keys book_format.html publishes, with the
// moves from the start that reach each position.
var polyglotExamples = []struct {
	moves string
	fen   string
	key   uint64
}{
	{"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c},
	{"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
	{"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0},
	{"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4},
	{"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78},
	{"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", 0x652a607ca3f242c1},
	{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9},
	{"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637},
	{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560},
}

// TestPolyglotKeys: the published keys, from the published FENs and from
// the board's own FEN after the moves (which names an en passant square
// after every double step: the key counts it only when a pawn can take).
func TestPolyglotKeys(t *testing.T) {
	for _, c := range polyglotExamples {
		key, err := polyglotKey(c.fen)
		require.NoError(t, err)
		require.Equal(t, c.key, key, "%x for %s", key, c.fen)
		pos := board.Chess().StartPosition()
		for _, s := range strings.Fields(c.moves) {
			m, err := pos.ParseMove(s)
			require.NoError(t, err)
			pos.DoMove(m)
		}
		key, err = polyglotKey(pos.FEN())
		require.NoError(t, err)
		require.Equal(t, c.key, key, "after %s (%s)", c.moves, pos.FEN())
	}
	// Chess960: the same rights in Shredder-FEN and X-FEN are the same key.
	a, err := polyglotKey("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
	require.NoError(t, err)
	require.Equal(t, uint64(0x463b96181691fc9c), a)
	for _, bad := range []string{"", "8/8 w - -", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1"} {
		_, err := polyglotKey(bad)
		require.Error(t, err, bad)
	}
}

// bookEntry is one entry of a test book: the moves from the start to the
// position, the move in Polyglot's encoding (from, to, promotion letter).
type bookEntry struct {
	line, move string
	weight     uint16
}

// writeBook writes a Polyglot book of entries, sorted by key as the
// format asks.
func writeBook(t *testing.T, v *board.Variant, entries []bookEntry) string {
	t.Helper()
	type raw struct {
		key          uint64
		move, weight uint16
	}
	var rows []raw
	for _, e := range entries {
		pos := v.StartPosition()
		for _, s := range strings.Fields(e.line) {
			m, err := pos.ParseMove(s)
			require.NoError(t, err, e.line)
			pos.DoMove(m)
		}
		key, err := polyglotKey(pos.FEN())
		require.NoError(t, err)
		sq := func(s string) uint16 { return uint16(s[0]-'a') | uint16(s[1]-'1')<<3 }
		pm := sq(e.move[2:4]) | sq(e.move[0:2])<<6
		if len(e.move) == 5 {
			pm |= uint16(strings.IndexByte("nbrq", e.move[4])+1) << 12
		}
		rows = append(rows, raw{key, pm, e.weight})
	}
	slices.SortStableFunc(rows, func(a, b raw) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	})
	var data []byte
	for _, r := range rows {
		data = binary.BigEndian.AppendUint64(data, r.key)
		data = binary.BigEndian.AppendUint16(data, r.move)
		data = binary.BigEndian.AppendUint16(data, r.weight)
		data = binary.BigEndian.AppendUint32(data, 0)
	}
	path := filepath.Join(t.TempDir(), "book.bin")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

// testBook: 1. e4 (weight 3) or 1. d4 (1); after 1. e4 e5 (2) or c5 (1)
// and an illegal entry; the e5 line goes on to castling, written as the
// king taking its rook (e1h1); a weight-0 move is never played.
var testBook = []bookEntry{
	{"", "e2e4", 3}, {"", "d2d4", 1}, {"", "g1f3", 0},
	{"e2e4", "e7e5", 2}, {"e2e4", "c7c5", 1}, {"e2e4", "e7e4", 9},
	{"e2e4 e7e5", "g1f3", 1},
	{"e2e4 e7e5 g1f3", "b8c6", 1},
	{"e2e4 e7e5 g1f3 b8c6", "f1c4", 1},
	{"e2e4 e7e5 g1f3 b8c6 f1c4", "f8c5", 1},
	{"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5", "e1h1", 1},
}

func lines(ops []Opening) []string {
	var out []string
	for _, o := range ops {
		out = append(out, strings.Join(o.Moves, " "))
	}
	return out
}

// TestPolyglotOpenings: sequential order walks the book's lines, heaviest
// first, the castling entry becoming our e1g1 (e1h1 in Chess960); plies
// (bookdepth) cuts the lines; start= skips; random order follows the
// weights, the same for the same seed.
func TestPolyglotOpenings(t *testing.T) {
	path := writeBook(t, board.Chess(), testBook)
	book, err := readPolyglot(path)
	require.NoError(t, err)
	ops, err := polyglotOpenings(board.Chess(), book, 4, 0, 1, false, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1", "e2e4 c7c5", "d2d4", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1"}, lines(ops))
	ops, err = polyglotOpenings(board.Chess(), book, 3, 2, 1, false, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"e2e4 e7e5", "e2e4 c7c5", "d2d4"}, lines(ops), "bookdepth 2")
	ops, err = polyglotOpenings(board.Chess(), book, 2, 1, 2, false, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"d2d4", "d2d4"}, lines(ops), "bookdepth 1 from the second line, which comes again as a file book's last openings do")
	_, err = polyglotOpenings(board.Chess(), book, 2, 1, 3, false, 0)
	require.EqualError(t, err, "start=3 but the book holds 2 lines")

	frc, err := polyglotOpenings(board.Chess960(), book, 1, 0, 1, false, 0)
	require.NoError(t, err)
	require.Equal(t, []string{"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1h1"}, lines(frc), "Chess960 castles king takes rook")

	random, err := polyglotOpenings(board.Chess(), book, 400, 1, 1, true, 5)
	require.NoError(t, err)
	count := map[string]int{}
	for _, l := range lines(random) {
		count[l]++
	}
	require.Len(t, count, 2, "weight 0 (g1f3) is never played: %v", count)
	require.InDelta(t, 300, count["e2e4"], 40, "weights 3:1")
	again, err := polyglotOpenings(board.Chess(), book, 400, 1, 1, true, 5)
	require.NoError(t, err)
	require.Equal(t, random, again, "the same seed draws the same openings")
	other, err := polyglotOpenings(board.Chess(), book, 400, 1, 1, true, 6)
	require.NoError(t, err)
	require.NotEqual(t, random, other)
}

// TestPolyglotBookInAMatch: -openings file=book.bin (the format from the
// name) with -bookdepth plays the book's lines as book moves; bad books
// and misplaced flags are refused with a message.
func TestPolyglotBookInAMatch(t *testing.T) {
	path := writeBook(t, board.Chess(), testBook)
	pgnFile := filepath.Join(t.TempDir(), "g.pgn")
	args := append(fake("A", "legal"), fake("B", "legal")...)
	args = append(args, "-each", "depth=1", "-maxmoves", "1", "-games", "3", "-pgnout", pgnFile)
	out, _, err := runMatch(t, context.Background(), append(args, "-openings", "file="+path, "order=sequential", "-bookdepth", "3")...)
	require.NoError(t, err)
	require.Contains(t, out, "Openings: 3 lines of the Polyglot book "+path+" (11 entries) of at most 3 plies, in the book's order")
	games := readGames(t, pgnFile)
	require.Len(t, games, 3)
	want := [][]string{{"e4", "e5", "Nf3"}, {"e4", "c5"}, {"d4"}}
	for i, g := range games {
		var book []string
		for _, m := range g.Moves {
			if m.Comment == "book" {
				book = append(book, m.Text)
			}
		}
		require.Equal(t, want[i], book, "game %d", i+1)
	}

	bad := filepath.Join(t.TempDir(), "bad.bin")
	require.NoError(t, os.WriteFile(bad, make([]byte, 20), 0o644))
	cfg, err := ParseArgs(append(args, "-openings", "file="+bad))
	require.NoError(t, err)
	err = Run(context.Background(), cfg, &lockedBuffer{}, &lockedBuffer{})
	require.ErrorContains(t, err, "20 bytes are not whole 16-byte entries: not a Polyglot book")

	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-openings", "file=" + path, "-variant", "durg"}, "a Polyglot book holds chess positions; -variant durg cannot use it"},
		{[]string{"-bookdepth", "2"}, "-bookdepth applies to an opening book"},
		{[]string{"-openings", "random", "bookdepth=2"}, "-openings bookdepth=2: applies to a book (file=)"},
		{[]string{"-openings", "file=" + path, "plies=3", "bookdepth=2"}, "the two say the same, give one"},
		{[]string{"-openings", "file=" + path, "format=polyglot"}, "needs epd, pgn or bin"},
		{[]string{"-bookdepth", "0", "-openings", "file=" + path}, "-bookdepth 0: needs a whole number of at least 1"},
	} {
		_, err := ParseArgs(append(slices.Clone(args), c.args...))
		require.ErrorContains(t, err, c.msg, c.args)
	}
}
