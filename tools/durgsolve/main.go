// Command durgsolve solves Durg endings of one White piece (Gaj, Rath or Rani)
// against a lone Raja who keeps his Durg on a fixed square: every
// position, by retrograde analysis over the board package's own moves,
// is a White win in so many plies or a draw (the move rule left out).
// It found that a Raja beside a Durg one line from the edge holds some
// KR v KD positions (issue 15: our games drew them from +12).
//
//	go run ./tools/durgsolve [-piece R|H|Q] [-map] [-fen FEN] SQUARE...
//
// For each Durg square it prints the share of White-to-move positions
// won, how many within the 30-move rule, and the longest mate; -map adds
// the share not won for each square of the lone Raja; -fen answers one
// position of that material (its Durg must be on a square given).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"senapati/board"
	"senapati/internal/gridfen"
)

const squares = 81

// table is every placement of the white Raja, the black Raja and the
// white piece, either side to move, with Black's Durg on durg (or none).
type table struct {
	durg  board.Square
	none  bool // no Durg: the table the Durg's capture leads into
	piece board.PieceType
	valid []bool
	succ  [][]int32 // successor indexes; exitDraw, or an index into the no-Durg table as -3-i
	plies []int16   // plies to mate, White winning; -1 not (yet) won
	draw  []bool    // decided draw: stalemate
}

const exitDraw = -1 // the white piece was taken: no mate is left

func index(wk, bk, pc board.Square, black bool) int {
	i := ((int(wk)*squares+int(bk))*squares + int(pc)) * 2
	if black {
		i++
	}
	return i
}

// placement is the inverse of index.
func placement(i int) (wk, bk, pc board.Square, black bool) {
	black, i = i%2 == 1, i/2
	return board.Square(i / squares / squares), board.Square(i / squares % squares), board.Square(i % squares), black
}

var letters = map[board.PieceType]byte{board.Rook: 'R', board.Rath: 'H', board.Queen: 'Q'}

// fen spells a placement (White's fallen count 7, Black's 8 and no call:
// nothing more can come); "" when two men share a square.
func fen(wk, bk, pc board.Square, durg board.Square, withDurg bool, piece board.PieceType, black bool) string {
	var grid [9][9]byte
	put := func(s board.Square, c byte) bool {
		if grid[s.Rank()][s.File()] != 0 {
			return false
		}
		grid[s.Rank()][s.File()] = c
		return true
	}
	if !put(wk, 'K') || !put(bk, 'k') || !put(pc, letters[piece]) || withDurg && !put(durg, 'd') {
		return ""
	}
	side := " w"
	if black {
		side = " b"
	}
	return gridfen.Placement(grid, 9, 9) + "[]" + side + " - - 0 60 7/8"
}

// build lists every legal position and its successors.
func build(piece board.PieceType, durg board.Square, none bool) *table {
	v := board.DurgGame()
	size := squares * squares * squares * 2
	t := &table{durg: durg, none: none, piece: piece, valid: make([]bool, size), succ: make([][]int32, size),
		plies: make([]int16, size), draw: make([]bool, size)}
	for i := range t.plies {
		t.plies[i] = -1
	}
	var ml board.MoveList
	for wk := board.Square(0); wk < squares; wk++ {
		for bk := board.Square(0); bk < squares; bk++ {
			for pc := board.Square(0); pc < squares; pc++ {
				for _, black := range []bool{false, true} {
					f := fen(wk, bk, pc, durg, !none, piece, black)
					if f == "" {
						continue
					}
					p, err := board.ParseFEN(v, f)
					if err != nil {
						continue // kings side by side, the side not to move in check, ...
					}
					i := index(wk, bk, pc, black)
					t.valid[i] = true
					p.GenerateMoves(&ml)
					if ml.N == 0 {
						if black && p.InCheck() {
							t.plies[i] = 0
						} else {
							t.draw[i] = true
						}
						continue
					}
					for k := 0; k < ml.N; k++ {
						q := p
						q.DoMove(ml.Moves[k])
						w := q.Pieces(board.White, piece)
						if w.Empty() {
							t.succ[i] = append(t.succ[i], exitDraw)
							continue
						}
						j := int32(index(q.KingSquare(board.White), q.KingSquare(board.Black), w.First(), !black))
						if !none && q.Pieces(board.Black, board.Durg).Empty() {
							j = -3 - j
						}
						t.succ[i] = append(t.succ[i], j)
					}
				}
			}
		}
	}
	return t
}

// value of a successor in plies to mate; -1 when not won.
func (t *table) value(code int32, bare *table) int {
	switch {
	case code == exitDraw:
		return -1
	case code <= -3:
		return int(bare.plies[-3-code])
	}
	return int(t.plies[code]) // -1 for a draw too: solve never marks one won
}

// solve finds the mates layer by layer: White to move wins in n plies when
// some move reaches a win in n-1; Black to move loses in n when every
// move does, the longest in n-1.
func (t *table) solve(bare *table) {
	for n := 1; ; n++ {
		changed := false
		for i := range t.valid {
			if !t.valid[i] || t.plies[i] >= 0 || t.draw[i] {
				continue
			}
			won := false
			if i%2 == 0 {
				for _, c := range t.succ[i] {
					if t.value(c, bare) == n-1 {
						won = true
						break
					}
				}
			} else {
				won = true
				longest := -1
				for _, c := range t.succ[i] {
					v := t.value(c, bare)
					if v < 0 || v > n-1 {
						won = false
						break
					}
					longest = max(longest, v)
				}
				won = won && longest == n-1
			}
			if won {
				t.plies[i] = int16(n)
				changed = true
			}
		}
		if !changed { // no mate in n plies: none longer either
			return
		}
	}
}

// summary counts the White-to-move positions.
type summary struct{ positions, won, inRule, longest int }

func (t *table) summary() summary {
	var s summary
	for i := 0; i < len(t.valid); i += 2 {
		if !t.valid[i] {
			continue
		}
		s.positions++
		if d := int(t.plies[i]); d >= 0 {
			s.won++
			if d <= 60 {
				s.inRule++
			}
			s.longest = max(s.longest, d)
		}
	}
	return s
}

// printDrawMap prints a board of the lone Raja's squares, rank 9 on top:
// the percentage of White-to-move positions with him there that are not
// won, "." for none, "-" where he cannot stand.
func (t *table) printDrawMap(out io.Writer) {
	var positions, drawn [squares]int
	for i := 0; i < len(t.valid); i += 2 {
		if !t.valid[i] {
			continue
		}
		_, bk, _, _ := placement(i)
		positions[bk]++
		if t.plies[i] < 0 {
			drawn[bk]++
		}
	}
	for r := 8; r >= 0; r-- {
		fmt.Fprintf(out, "  %d", r+1)
		for f := 0; f < 9; f++ {
			s := board.MakeSquare(f, r)
			switch {
			case positions[s] == 0:
				fmt.Fprintf(out, "    -")
			case drawn[s] == 0:
				fmt.Fprintf(out, "    .")
			default:
				fmt.Fprintf(out, " %3d%%", (100*drawn[s]+positions[s]/2)/positions[s])
			}
		}
		fmt.Fprintln(out)
	}
	fmt.Fprintln(out, "     a    b    c    d    e    f    g    h    i")
}

// lookup answers one position of the table's material.
func (t *table) lookup(p *board.Position) (plies int, ok bool) {
	w := p.Pieces(board.White, t.piece)
	d := p.Pieces(board.Black, board.Durg)
	if w.Count() != 1 || p.ColorPieces(board.White).Count() != 2 || t.none != d.Empty() ||
		!t.none && (d.Count() != 1 || d.First() != t.durg) || p.ColorPieces(board.Black).Count() != 1+d.Count() {
		return 0, false
	}
	return int(t.plies[index(p.KingSquare(board.White), p.KingSquare(board.Black), w.First(), p.SideToMove() == board.Black)]), true
}

func run(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("durgsolve", flag.ContinueOnError)
	fs.SetOutput(errOut)
	pieceName := fs.String("piece", "R", "the white piece: R (Gaj), H (Rath) or Q (Rani)")
	query := fs.String("fen", "", "a position of this material to answer")
	drawMap := fs.Bool("map", false, "print, for each square of the lone Raja, the share of White-to-move positions that are not won")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var piece board.PieceType
	for t, letter := range letters {
		if *pieceName == string(letter) {
			piece = t
		}
	}
	if piece == board.NoType || fs.NArg() == 0 {
		fmt.Fprintln(errOut, "usage: go run ./tools/durgsolve [-piece R|H|Q] [-map] [-fen FEN] SQUARE...")
		return 2
	}
	var q *board.Position
	if *query != "" {
		p, err := board.ParseFEN(board.DurgGame(), *query)
		if err != nil {
			fmt.Fprintln(errOut, err)
			return 2
		}
		q = &p
	}
	durgs := make([]board.Square, fs.NArg())
	for i, arg := range fs.Args() {
		durgs[i] = squares
		for s := board.Square(0); s < squares; s++ {
			if s.String() == arg {
				durgs[i] = s
			}
		}
		if durgs[i] == squares {
			fmt.Fprintf(errOut, "no square %q\n", arg)
			return 2
		}
	}
	bare := build(piece, 0, true)
	bare.solve(bare)
	name := "K" + string(letters[piece])
	report := func(what string, s summary) {
		fmt.Fprintf(out, "%s: %d positions with White to move, %d won (%.1f%%), %d within 60 plies, longest %d plies\n",
			what, s.positions, s.won, 100*float64(s.won)/float64(s.positions), s.inRule, s.longest)
	}
	report(name+" v K", bare.summary())
	for i, durg := range durgs {
		name2 := fs.Arg(i)
		t := build(piece, durg, false)
		t.solve(bare)
		report(name+" v KD, Durg on "+name2, t.summary())
		if *drawMap {
			t.printDrawMap(out)
		}
		if q != nil {
			if d, ok := t.lookup(q); ok {
				verdict := "a draw"
				if d >= 0 {
					verdict = fmt.Sprintf("White mates in %d plies", d)
				}
				fmt.Fprintf(out, "  %s: %s\n", *query, verdict)
			}
		}
	}
	return 0
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }
