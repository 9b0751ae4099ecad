// Package corpus is the training corpus's compact game format: a game is
// stored as its start and, per ply, the move played and the search's
// score, not as one packed board per position, so a position costs about
// two bytes before compression. Chunks of games are files under data/,
// listed with their checksums in data/MANIFEST (docs/corpus.md).
//
// One game, inside a block (varints as encoding/binary writes them):
//
//	uvarint  game number (unique within the run that made it: its seed)
//	byte     result, White's view: 0 Black won, 1 draw, 2 White won
//	byte     termination: a board.Termination, or 100+ for adjudication
//	uvarint  length of the start's FEN, then the FEN
//	uvarint  plies (positions stored)
//	per ply:
//	  uvarint  move code: 1 + the move's index in the position's legal
//	           moves sorted by their 32-bit board.Move value; 0 when the
//	           move is not known, allowed only at the last ply and then
//	           followed by one byte of flags (FlagNotQuiet)
//	  varint   score + the previous ply's score (0 before the first): the
//	           scores are the side to move's, so consecutive ones nearly
//	           cancel and the sum is small
//
// Ply i's position is the start with the moves of plies 0..i-1 played.
package corpus

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"senapati/board"
)

// Flags of a stored position, as training reads them.
const (
	FlagInCheck  = 1 // the side to move is in check
	FlagNotQuiet = 2 // the move chosen captures, promotes or calls
)

// Results, White's view.
const (
	BlackWon = 0
	Drawn    = 1
	WhiteWon = 2
)

// Ply is one stored position's move and score.
type Ply struct {
	// Move is what the search chose at this position (and, but for the
	// last ply, what the game went on with). NoMove only at the last ply
	// of games converted from data that did not keep it.
	Move  board.Move
	Score int16 // centipawns for the side to move
	// Flags is derived from the position and Move when decoding; it is
	// stored only where Move is NoMove.
	Flags uint8
}

// Game is one stored game.
type Game struct {
	Number      uint64
	Result      uint8
	Termination uint8
	Start       board.Position
	Plies       []Ply
	// Positions[i] is the position of Plies[i]: filled by decoding, not
	// read by encoding (which replays the moves from Start).
	Positions []board.Position
}

// scratch is the move list and sort buffer a coder reuses.
type scratch struct {
	ml     board.MoveList
	sorted []board.Move
}

// legalSorted is p's legal moves in the format's order.
func (s *scratch) legalSorted(p *board.Position) []board.Move {
	p.GenerateMoves(&s.ml)
	s.sorted = append(s.sorted[:0], s.ml.Moves[:s.ml.N]...)
	slices.Sort(s.sorted)
	return s.sorted
}

func flagsOf(p *board.Position, m board.Move) uint8 {
	var f uint8
	if p.InCheck() {
		f |= FlagInCheck
	}
	if !p.IsQuiet(m) {
		f |= FlagNotQuiet
	}
	return f
}

// appendGame encodes g onto b. Every move but an unknown last one must be
// legal where it is played.
func (s *scratch) appendGame(b []byte, g *Game) ([]byte, error) {
	if g.Result > WhiteWon {
		return b, fmt.Errorf("game %d: result code %d", g.Number, g.Result)
	}
	b = binary.AppendUvarint(b, g.Number)
	b = append(b, g.Result, g.Termination)
	fen := g.Start.FEN()
	b = binary.AppendUvarint(b, uint64(len(fen)))
	b = append(b, fen...)
	b = binary.AppendUvarint(b, uint64(len(g.Plies)))
	p := g.Start
	prev := 0
	for i, ply := range g.Plies {
		if ply.Move == board.NoMove {
			if i != len(g.Plies)-1 {
				return b, fmt.Errorf("game %d, ply %d: no move before the last ply", g.Number, i)
			}
			b = append(b, 0, ply.Flags&FlagNotQuiet)
		} else {
			idx, found := slices.BinarySearch(s.legalSorted(&p), ply.Move)
			if !found {
				return b, fmt.Errorf("game %d, ply %d: %s is not legal in %s", g.Number, i, p.MoveString(ply.Move), p.FEN())
			}
			b = binary.AppendUvarint(b, uint64(idx)+1)
		}
		b = binary.AppendVarint(b, int64(ply.Score)+int64(prev))
		prev = int(ply.Score)
		if ply.Move != board.NoMove && i < len(g.Plies)-1 {
			p.DoMove(ply.Move)
		}
	}
	return b, nil
}

var errShortGame = errors.New("game cut short")

// decoder reads games from one block's bytes.
type decoder struct {
	scratch
	v   *board.Variant
	buf []byte
	off int
}

func (d *decoder) uvarint() (uint64, error) {
	x, n := binary.Uvarint(d.buf[d.off:])
	if n <= 0 {
		return 0, errShortGame
	}
	d.off += n
	return x, nil
}

func (d *decoder) varint() (int64, error) {
	x, n := binary.Varint(d.buf[d.off:])
	if n <= 0 {
		return 0, errShortGame
	}
	d.off += n
	return x, nil
}

func (d *decoder) byte() (byte, error) {
	if d.off >= len(d.buf) {
		return 0, errShortGame
	}
	d.off++
	return d.buf[d.off-1], nil
}

// maxFEN bounds a start's FEN (a Durg FEN with holdings is under 120).
const maxFEN = 256

// next decodes the game at the decoder's offset into g.
func (d *decoder) next(g *Game) error {
	num, err := d.uvarint()
	if err != nil {
		return err
	}
	g.Number = num
	if g.Result, err = d.byte(); err != nil {
		return err
	}
	if g.Result > WhiteWon {
		return fmt.Errorf("game %d: result code %d", num, g.Result)
	}
	if g.Termination, err = d.byte(); err != nil {
		return err
	}
	n, err := d.uvarint()
	if err != nil {
		return err
	}
	if n > maxFEN || d.off+int(n) > len(d.buf) {
		return fmt.Errorf("game %d: start FEN of %d bytes", num, n)
	}
	fen := string(d.buf[d.off : d.off+int(n)])
	d.off += int(n)
	if g.Start, err = board.ParseFEN(d.v, fen); err != nil {
		return fmt.Errorf("game %d: start: %w", num, err)
	}
	plies, err := d.uvarint()
	if err != nil {
		return err
	}
	// Every ply takes at least two bytes.
	if plies > uint64(len(d.buf)-d.off)/2 {
		return fmt.Errorf("game %d: %d plies in %d bytes", num, plies, len(d.buf)-d.off)
	}
	g.Plies, g.Positions = g.Plies[:0], g.Positions[:0]
	p := g.Start
	prev := int64(0)
	for i := 0; i < int(plies); i++ {
		code, err := d.uvarint()
		if err != nil {
			return err
		}
		var ply Ply
		if code == 0 {
			if i != int(plies)-1 {
				return fmt.Errorf("game %d, ply %d: no move before the last ply", num, i)
			}
			f, err := d.byte()
			if err != nil {
				return err
			}
			if f&^FlagNotQuiet != 0 {
				return fmt.Errorf("game %d, ply %d: flags %#x", num, i, f)
			}
			ply.Flags = f
			if p.InCheck() {
				ply.Flags |= FlagInCheck
			}
		} else {
			moves := d.legalSorted(&p)
			if code > uint64(len(moves)) {
				return fmt.Errorf("game %d, ply %d: move %d of %d", num, i, code, len(moves))
			}
			ply.Move = moves[code-1]
			ply.Flags = flagsOf(&p, ply.Move)
		}
		sum, err := d.varint()
		if err != nil {
			return err
		}
		score := sum - prev
		if score < -32768 || score > 32767 {
			return fmt.Errorf("game %d, ply %d: score %d", num, i, score)
		}
		ply.Score, prev = int16(score), score
		g.Plies = append(g.Plies, ply)
		g.Positions = append(g.Positions, p)
		if ply.Move != board.NoMove && i < int(plies)-1 {
			p.DoMove(ply.Move)
		}
	}
	return nil
}
