package corpus

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"senapati/board"
)

// moveKinds names the kinds of turn a round trip must have met, so a
// generator that stopped making one would show.
type moveKinds map[string]int

func (k moveKinds) note(p *board.Position, m board.Move) {
	q := *p
	q.DoMove(m)
	switch {
	case m.IsCastle():
		k["castle"]++
	case m.IsCall():
		k["call"]++
	case m.IsEnPassant():
		k["en passant"]++
	case m.Promotion() != board.NoType:
		k["promotion"]++
	}
	if m.HasArrivals() {
		k["arrival"]++
	}
	// Durg's zones: a capture that takes the capturer too.
	if p.IsCapture(m) && q.Occupied().Count() == p.Occupied().Count()-2 {
		k["zone kill"]++
	}
	// Chaturanga's Raja leap: the Raja moves like a knight.
	if from := m.From(); p.PieceAt(from).Type() == board.King && !m.IsCastle() && !m.IsCall() {
		df, dr := abs(from.File()-m.To().File()), abs(from.Rank()-m.To().Rank())
		if df+dr == 3 && df != 0 && dr != 0 {
			k["leap"]++
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// randomGame plays up to plies random legal moves from start, preferring
// the rarer kinds of turn, with random scores; every few games the last
// ply's move is left unknown, as converted data has it.
func randomGame(rng *rand.Rand, start board.Position, number uint64, plies int, kinds moveKinds) *Game {
	g := &Game{Number: number, Result: uint8(rng.IntN(3)), Termination: uint8(rng.IntN(8)), Start: start}
	p := start
	var ml board.MoveList
	for i := 0; i < plies; i++ {
		p.GenerateMoves(&ml)
		if ml.N == 0 {
			break
		}
		m := ml.Moves[rng.IntN(ml.N)]
		if rng.IntN(2) == 0 {
			for _, c := range ml.Moves[:ml.N] {
				if c.IsCastle() || c.IsCall() || c.IsEnPassant() || c.HasArrivals() || c.Promotion() != board.NoType || p.IsCapture(c) {
					m = c
					break
				}
			}
		}
		kinds.note(&p, m)
		score := int16(rng.IntN(2001) - 1000)
		if rng.IntN(20) == 0 {
			score = int16(rng.IntN(65535) - 32767)
		}
		g.Plies = append(g.Plies, Ply{Move: m, Score: score})
		g.Positions = append(g.Positions, p)
		p.DoMove(m)
	}
	if n := len(g.Plies); n > 0 && number%3 == 0 {
		g.Plies[n-1].Move = board.NoMove
		g.Plies[n-1].Flags = uint8(rng.IntN(2)) * FlagNotQuiet
	}
	return g
}

type startSet struct {
	v      *board.Variant
	starts []board.Position
}

func testStarts(t *testing.T) []startSet {
	var sets []startSet
	for _, v := range board.Variants() {
		sets = append(sets, startSet{v: v, starts: []board.Position{v.StartPosition()}})
	}
	var c960 []board.Position
	for _, n := range []int{0, 17, 518, 959} {
		p, err := board.ParseFEN(board.Chess960(), board.Chess960FEN(n))
		require.NoError(t, err)
		c960 = append(c960, p)
	}
	return append(sets, startSet{v: board.Chess960(), starts: c960})
}

// writeChunk writes games as one chunk in memory, closing a block every
// perBlock games.
func writeChunk(t *testing.T, v *board.Variant, games []*Game, perBlock int) []byte {
	var buf bytes.Buffer
	buf.Write(ChunkHeader(v))
	bw := NewBlockWriter(v)
	for i, g := range games {
		_, err := bw.Add(g)
		require.NoError(t, err)
		if (i+1)%perBlock == 0 {
			buf.Write(bw.Flush())
		}
	}
	buf.Write(bw.Flush())
	return buf.Bytes()
}

func requireSameGame(t *testing.T, want, got *Game) {
	t.Helper()
	require.Equal(t, want.Number, got.Number)
	require.Equal(t, want.Result, got.Result)
	require.Equal(t, want.Termination, got.Termination)
	require.Equal(t, want.Start.FEN(), got.Start.FEN())
	require.Len(t, got.Plies, len(want.Plies))
	for i := range want.Plies {
		w, g := want.Plies[i], got.Plies[i]
		require.Equal(t, want.Positions[i].FEN(), got.Positions[i].FEN(), "game %d ply %d", want.Number, i)
		require.Equal(t, want.Positions[i].Hash(), got.Positions[i].Hash(), "game %d ply %d", want.Number, i)
		require.Equal(t, w.Move, g.Move, "game %d ply %d", want.Number, i)
		require.Equal(t, w.Score, g.Score, "game %d ply %d", want.Number, i)
		flags := w.Flags
		if w.Move != board.NoMove {
			flags = flagsOf(&want.Positions[i], w.Move)
		} else if want.Positions[i].InCheck() {
			flags |= FlagInCheck
		}
		require.Equal(t, flags, g.Flags, "game %d ply %d", want.Number, i)
	}
}

func TestRoundTripRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	kinds := moveKinds{}
	games := 60
	if testing.Short() {
		games = 15
	}
	for _, set := range testStarts(t) {
		var want []*Game
		for i := 0; i < games; i++ {
			want = append(want, randomGame(rng, set.starts[i%len(set.starts)], uint64(i*7+1), 20+rng.IntN(200), kinds))
		}
		chunk := writeChunk(t, set.v, want, 7)
		rd, err := NewReader(bytes.NewReader(chunk), "test")
		require.NoError(t, err)
		require.Equal(t, variantName(set.v), variantName(rd.Variant()))
		var g Game
		for _, w := range want {
			require.NoError(t, rd.Next(&g))
			requireSameGame(t, w, &g)
		}
		require.Equal(t, io.EOF, rd.Next(&g))
	}
	for _, k := range []string{"castle", "call", "en passant", "promotion", "arrival", "zone kill", "leap"} {
		require.Positive(t, kinds[k], "no %s among the random games: the round trip did not cover it (%v)", k, kinds)
	}
	t.Logf("turn kinds covered: %v", kinds)
}

// TestSizeAPosition measures the format on random-move chess games (a
// harder case than self-play, whose scores move little): under 4 bytes a
// position before compression.
func TestSizeAPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, v := range board.Variants() {
		bw := NewBlockWriter(v)
		for i := 0; i < 20; i++ {
			g := randomGame(rng, v.StartPosition(), uint64(i+1), 200, moveKinds{})
			for j := range g.Plies { // self-play-like scores
				g.Plies[j].Score = int16(rng.IntN(81) - 40)
			}
			_, err := bw.Add(g)
			require.NoError(t, err)
		}
		raw, positions := len(bw.raw), bw.positions
		perPos := float64(raw) / float64(positions)
		t.Logf("%s: %.2f bytes a position uncompressed", v.Name(), perPos)
		require.Less(t, perPos, 4.0)
	}
}

// TestFormatIsStable decodes games written by the first version of the
// format: a change of board.Move's encoding (which fixes the move order)
// or of the layout shows here, and needs a new format version.
func TestFormatIsStable(t *testing.T) {
	cases := []struct {
		variant string
		moves   string
		golden  string
	}{
		{"chess", "e2e4 e7e5 g1f3 b8c6 f1b5", ""},
		{"chaturanga", "e2e3 e7e6 d1e2", ""},
		{"durg", "e2e3 e8e7", ""},
	}
	golden := map[string]string{
		"chess":      goldenChess,
		"chaturanga": goldenChaturanga,
		"durg":       goldenDurg,
	}
	for _, c := range cases {
		v, err := board.VariantByName(c.variant)
		require.NoError(t, err)
		g := &Game{Number: 5, Result: Drawn, Termination: 4, Start: v.StartPosition()}
		p := g.Start
		for i, s := range strings.Fields(c.moves) {
			m, err := p.ParseMove(s)
			require.NoError(t, err, "%s: %s", c.variant, s)
			g.Plies = append(g.Plies, Ply{Move: m, Score: int16(10*i - 7)})
			p.DoMove(m)
		}
		var s scratch
		b, err := s.appendGame(nil, g)
		require.NoError(t, err)
		require.Equal(t, golden[c.variant], hex.EncodeToString(b), "%s: the encoding changed", c.variant)
		d := decoder{v: v, buf: b}
		var got Game
		require.NoError(t, d.next(&got))
		var played []string
		for i, ply := range got.Plies {
			played = append(played, got.Positions[i].MoveString(ply.Move))
		}
		require.Equal(t, c.moves, strings.Join(played, " "))
	}
}

func TestDamagedChunkIsNamedAndTheRestRead(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	v := board.Chess()
	var games []*Game
	for i := 0; i < 30; i++ {
		games = append(games, randomGame(rng, v.StartPosition(), uint64(i), 100, moveKinds{}))
	}
	chunk := writeChunk(t, v, games, 10) // three blocks
	dir := t.TempDir()
	_, blocks, err := Blocks(bytes.NewReader(chunk), "x")
	require.NoError(t, err)
	require.Len(t, blocks, 3)

	// A flipped byte inside the second block's stream: its games are lost,
	// the first and third block's read.
	bad := append([]byte(nil), chunk...)
	mid := blocks[1].Offset + blockHeaderLen + int64(blocks[1].Compressed/2)
	bad[mid] ^= 0x5A
	path := filepath.Join(dir, "flipped.snpc")
	require.NoError(t, os.WriteFile(path, bad, 0o644))
	rd, f, err := OpenChunk(path)
	require.NoError(t, err)
	defer f.Close()
	var g Game
	var read []uint64
	var damage []error
	for {
		err := rd.Next(&g)
		if err == io.EOF {
			break
		}
		if errors.Is(err, ErrDamaged) {
			damage = append(damage, err)
			continue
		}
		require.NoError(t, err)
		read = append(read, g.Number)
	}
	require.Len(t, damage, 1)
	require.Contains(t, damage[0].Error(), path)
	require.Contains(t, damage[0].Error(), fmt.Sprintf("offset %d", blocks[1].Offset))
	var want []uint64
	for i := 0; i < 30; i++ {
		if i < 10 || i >= 20 {
			want = append(want, uint64(i))
		}
	}
	require.Equal(t, want, read)

	// Cut in the third block: the first two read, then the cut is named.
	cut := chunk[:blocks[2].Offset+blockHeaderLen+5]
	rd, err = NewReader(bytes.NewReader(cut), "cut.snpc")
	require.NoError(t, err)
	for i := 0; i < 20; i++ {
		require.NoError(t, rd.Next(&g))
	}
	err = rd.Next(&g)
	require.ErrorIs(t, err, ErrDamaged)
	require.Contains(t, err.Error(), "cut.snpc")
	require.Contains(t, err.Error(), fmt.Sprintf("offset %d", blocks[2].Offset))
	require.Equal(t, io.EOF, rd.Next(&g))

	// A broken header ends the chunk with its offset.
	hdr := append([]byte(nil), chunk...)
	hdr[blocks[1].Offset] = 'X'
	rd, err = NewReader(bytes.NewReader(hdr), "hdr.snpc")
	require.NoError(t, err)
	for i := 0; i < 10; i++ {
		require.NoError(t, rd.Next(&g))
	}
	err = rd.Next(&g)
	require.ErrorIs(t, err, ErrDamaged)
	require.Contains(t, err.Error(), fmt.Sprintf("offset %d", blocks[1].Offset))
	require.Equal(t, io.EOF, rd.Next(&g))

	_, err = NewReader(bytes.NewReader(chunk[:10]), "short.snpc")
	require.ErrorContains(t, err, "short.snpc")
}

func TestChunkWriterAndVerify(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	v := board.Chaturanga()
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "chaturanga"), 0o755))
	w := NewChunkWriter(v, filepath.Join(dir, "chaturanga", "c-s1"), 0)
	w.maxBytes = 20_000 // several files
	var want []*Game
	for i := 0; i < 300; i++ {
		g := randomGame(rng, v.StartPosition(), uint64(i), 150, moveKinds{})
		want = append(want, g)
		require.NoError(t, w.Add(g))
		if i%40 == 39 { // small blocks, so the files roll over
			require.NoError(t, w.writeBlock())
		}
	}
	written, err := w.Close()
	require.NoError(t, err)
	require.Greater(t, len(written), 1)
	var entries []Entry
	i := 0
	for _, c := range written {
		st, err := os.Stat(c.Path)
		require.NoError(t, err)
		require.LessOrEqual(t, st.Size(), int64(20_000+blockTarget))
		rel, _ := filepath.Rel(dir, c.Path)
		entries = append(entries, Entry{File: filepath.ToSlash(rel), Variant: "chaturanga", Games: c.Games, Positions: c.Positions, Nodes: 1, Seed: 1, Shards: "1/1", SHA256: c.SHA256, Source: "test"})
		rd, f, err := OpenChunk(c.Path)
		require.NoError(t, err)
		var g Game
		for err = rd.Next(&g); err == nil; err = rd.Next(&g) {
			requireSameGame(t, want[i], &g)
			i++
		}
		f.Close()
		require.Equal(t, io.EOF, err)
	}
	require.Equal(t, len(want), i)
	require.NoError(t, AppendManifest(dir, entries))
	totals, err := Verify(dir, true)
	require.NoError(t, err)
	require.Len(t, totals, 1)
	require.Equal(t, 300, totals[0].Games)

	// Each kind of fault is found and named.
	extra := filepath.Join(dir, "chaturanga", "stray.snpc")
	require.NoError(t, os.WriteFile(extra, ChunkHeader(v), 0o644))
	_, err = Verify(dir, false)
	require.ErrorContains(t, err, "chaturanga/stray.snpc is not in MANIFEST")
	require.NoError(t, os.Remove(extra))

	b, err := os.ReadFile(written[0].Path)
	require.NoError(t, err)
	b[len(b)-3] ^= 1
	require.NoError(t, os.WriteFile(written[0].Path, b, 0o644))
	_, err = Verify(dir, false)
	require.ErrorContains(t, err, entries[0].File+": SHA-256")

	require.NoError(t, os.Remove(written[1].Path))
	_, err = Verify(dir, false)
	require.ErrorContains(t, err, entries[1].File)
}

func TestManifestRefusesBadLines(t *testing.T) {
	for _, line := range []string{
		"a.snpc\tchess\t1\t2\t3\t4\t1/1\tabc\tx",
		"a.snpc\tchess\tone\t2\t3\t4\t1/1\t" + strings.Repeat("0", 64) + "\tx",
		"../a.snpc\tchess\t1\t2\t3\t4\t1/1\t" + strings.Repeat("0", 64) + "\tx",
		"a.snpc\tchess\t1\t2",
	} {
		_, err := parseManifest(strings.NewReader("# head\n"+line+"\n"), "M")
		require.ErrorContains(t, err, "M:2", line)
	}
}

// TestRepositoryCorpus checks the corpus in data/ as CI sees it: every
// chunk's checksum and counts, and the first block of each decoded.
func TestRepositoryCorpus(t *testing.T) {
	dir := filepath.Join("..", "data")
	if _, err := os.Stat(filepath.Join(dir, ManifestName)); err != nil {
		t.Fatalf("the corpus's manifest: %v", err)
	}
	totals, err := Verify(dir, false)
	require.NoError(t, err)
	for _, tt := range totals {
		t.Logf("%s: %d chunks, %d games, %d positions, %.1f MB", tt.Variant, tt.Chunks, tt.Games, tt.Positions, float64(tt.Bytes)/1e6)
	}
	require.NotEmpty(t, totals)
}

func FuzzReader(f *testing.F) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, v := range board.Variants() {
		g := randomGame(rng, v.StartPosition(), 3, 30, moveKinds{})
		f.Add(writeChunk(&testing.T{}, v, []*Game{g}, 1))
	}
	f.Add([]byte("SNPC"))
	f.Fuzz(func(t *testing.T, b []byte) {
		rd, err := NewReader(bytes.NewReader(b), "fuzz")
		if err != nil {
			return
		}
		var g Game
		for i := 0; i < 1000; i++ {
			err := rd.Next(&g)
			if err == io.EOF {
				return
			}
			if err != nil && !errors.Is(err, ErrDamaged) {
				return
			}
		}
	})
}

// FuzzDecodeGame feeds the game decoder bytes past the block checksum,
// as a bug in a writer would.
func FuzzDecodeGame(f *testing.F) {
	for _, g := range []string{goldenChess, goldenChaturanga, goldenDurg} {
		b, _ := hex.DecodeString(g)
		f.Add(uint8(0), b)
	}
	f.Fuzz(func(t *testing.T, variant uint8, b []byte) {
		vs := board.Variants()
		d := decoder{v: vs[int(variant)%len(vs)], buf: b}
		var g Game
		for d.off < len(d.buf) {
			if d.next(&g) != nil {
				return
			}
		}
	})
}

// The first version's encodings of TestFormatIsStable's games.
const (
	goldenChess      = "05010438726e62716b626e722f70707070707070702f382f382f382f382f50505050505050502f524e42514b424e522077204b516b71202d20302031050c0d0b0715200a480770"
	goldenChaturanga = "05010436726e626b71626e722f70707070707070702f382f382f382f382f50505050505050502f524e42514b424e522077204b6b202d20302031030a0d0a070920"
	goldenDurg       = "0501044c726e68316b31686e722f7070707070707070702f31643564312f392f392f392f31443544312f5050505050505050502f524e48314b31484e525b5d2077204b516b71202d2030203120302f30020c0d0d07"
)

// TestHeaderDamageIsRefused: a chunk whose header names another game (or
// anything damaged in it) is refused, not read as that game.
func TestHeaderDamageIsRefused(t *testing.T) {
	h := ChunkHeader(board.Chess())
	_, err := NewReader(bytes.NewReader(h), "ok.snpc")
	require.NoError(t, err)
	copy(h[6:], "durg\x00")
	_, err = NewReader(bytes.NewReader(h), "renamed.snpc")
	require.ErrorContains(t, err, "renamed.snpc: chunk header fails its checksum")
}
