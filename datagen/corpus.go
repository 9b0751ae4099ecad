package datagen

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"senapati/board"
	"senapati/corpus"
)

// GameReader reads games of one variant from a data file of either
// format: datagen's 44-byte records or a corpus chunk.
type GameReader interface {
	Variant() *board.Variant
	// Next reads the next game; io.EOF at the end. An error wrapping
	// ErrTorn is a torn last game (the end of the file); one wrapping
	// corpus.ErrDamaged a damaged block, after which Next goes on.
	Next(*Game) error
}

// Open opens a data file of either format; Close the file when done.
func Open(path string) (GameReader, *os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	head := make([]byte, 4)
	n, _ := io.ReadFull(f, head)
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	var rd GameReader
	if corpus.IsChunk(head[:n]) {
		var cr *corpus.Reader
		if cr, err = corpus.NewReader(f, path); err == nil {
			rd = &chunkGames{rd: cr}
		}
	} else {
		var r *Reader
		var st os.FileInfo
		if st, err = f.Stat(); err == nil {
			if r, err = NewReader(f, st.Size()); err != nil {
				err = fmt.Errorf("%s: %w", path, err)
			}
		}
		rd = r
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return rd, f, nil
}

// chunkGames reads a corpus chunk as datagen games: each position packed.
type chunkGames struct {
	rd *corpus.Reader
	g  corpus.Game
}

func (c *chunkGames) Variant() *board.Variant { return c.rd.Variant() }

func (c *chunkGames) Next(g *Game) error {
	if err := c.rd.Next(&c.g); err != nil {
		return err
	}
	g.Number, g.Result, g.Termination = c.g.Number, c.g.Result, c.g.Termination
	g.Records = g.Records[:0]
	for i, ply := range c.g.Plies {
		r := Record{Score: ply.Score, Flags: ply.Flags}
		if err := c.g.Positions[i].Pack(r.Pos[:]); err != nil {
			return fmt.Errorf("game %d, ply %d: %w", g.Number, i, err)
		}
		g.Records = append(g.Records, r)
	}
	return nil
}

// Converter turns datagen games into corpus games by finding the move
// that links each position to the next.
type Converter struct {
	v  *board.Variant
	ml board.MoveList
}

// NewConverter converts games of v.
func NewConverter(v *board.Variant) *Converter { return &Converter{v: v} }

// Convert fills out from g. The last position's move is not in datagen's
// records, so it is stored as unknown with its flags.
func (c *Converter) Convert(g *Game, out *corpus.Game) error {
	out.Number, out.Result, out.Termination = g.Number, g.Result, g.Termination
	out.Plies = out.Plies[:0]
	if len(g.Records) == 0 {
		out.Start = c.v.StartPosition()
		return nil
	}
	p, err := board.Unpack(c.v, g.Records[0].Pos[:])
	if err != nil {
		return fmt.Errorf("game %d, position 0: %w", g.Number, err)
	}
	out.Start = p
	var packed [board.PackedSize]byte
	for i := range g.Records {
		rec := &g.Records[i]
		ply := corpus.Ply{Score: rec.Score}
		if i == len(g.Records)-1 {
			ply.Flags = rec.Flags & FlagNotQuiet
			out.Plies = append(out.Plies, ply)
			break
		}
		want := g.Records[i+1].Pos[:]
		p.GenerateMoves(&c.ml)
		for _, m := range c.ml.Moves[:c.ml.N] {
			q := p
			q.DoMove(m)
			if q.Pack(packed[:]) != nil || !bytes.Equal(packed[:], want) {
				continue
			}
			// Two moves to one position (never seen): the one whose
			// kind the record's flag names.
			if ply.Move == board.NoMove || p.IsQuiet(m) == (rec.Flags&FlagNotQuiet == 0) {
				ply.Move = m
			}
		}
		if ply.Move == board.NoMove {
			return fmt.Errorf("game %d: no legal move leads from position %d to %d (%s)", g.Number, i, i+1, p.FEN())
		}
		out.Plies = append(out.Plies, ply)
		p.DoMove(ply.Move)
	}
	return nil
}
