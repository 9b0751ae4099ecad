// Command endgames writes the seeded random endgame positions of the
// conversion test (eval/testdata/endgames-VARIANT.epd): for each class of
// won material, positions with the men on random squares, kept only when
// the side to move has no capture and is not in check (so no position is
// decided by a first-move tactic) and the game is not already over.
//
//	go run ./tools/endgames -variant durg > eval/testdata/endgames-durg.epd
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"senapati/board"
	"senapati/internal/gridfen"
)

// class is one kind of won ending: White's men and Black's men as FEN
// letters (kings included), a note, and whether White's two bishops must
// stand on squares of different colours.
type class struct {
	white, black, note string
	bishopsApart       bool
}

var classes = map[string][]class{
	"chess": {
		{"KQ", "K", "queen vs king", false},
		{"KR", "K", "rook vs king", false},
		{"KBB", "K", "two bishops vs king", true},
		{"KBN", "K", "bishop and knight vs king", false},
		{"KQ", "KR", "queen vs rook", false},
	},
	"chaturanga": { // Q Mantri, B Gaja, N Ashva, R Ratha
		{"KR", "KQ", "Ratha vs Mantri", false},
		{"KR", "KN", "Ratha vs Ashva", false},
		{"KRN", "KR", "Ratha and Ashva vs Ratha (issue 15)", false},
		{"KRQ", "KR", "Ratha and Mantri vs Ratha", false},
	},
	"durg": { // Q Rani, H Rath, B Mantri, N Ashva, R Gaj, P Sipahi, D Durg
		{"KR", "K", "Gaj vs Raja", false},
		{"KH", "K", "Rath vs Raja", false},
		{"KBB", "K", "two Mantris vs Raja", true},
		{"KBNP", "K", "Mantri, Ashva and Sipahi vs Raja (issue 15)", false},
		{"KRD", "KD", "Gaj vs Raja, a Durg each", false},
		{"KRP", "KN", "Gaj and Sipahi vs Ashva", false},
	},
}

func main() {
	variant := flag.String("variant", "chess", "chess, chaturanga or durg")
	n := flag.Int("n", 8, "positions per class")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	v := findVariant(*variant)
	if v == nil || classes[*variant] == nil {
		fmt.Fprintf(os.Stderr, "unknown variant %q\n", *variant)
		os.Exit(2)
	}
	rng := rand.New(rand.NewPCG(*seed, 15))
	fmt.Printf("# Won endings for the conversion test (README, \"Endgame conversion\"),\n")
	fmt.Printf("# written by: go run ./tools/endgames -variant %s -n %d -seed %d\n", *variant, *n, *seed)
	fmt.Printf("# White has the winning material; a game is converted when White wins.\n")
	for _, c := range classes[*variant] {
		fmt.Printf("# %s\n", c.note)
		for i := 0; i < *n; i++ {
			fmt.Println(randomPosition(v, c, rng))
		}
	}
}

func findVariant(name string) *board.Variant {
	for _, v := range board.Variants() {
		if v.Name() == name {
			return v
		}
	}
	return nil
}

// randomPosition places the men of c until the position is legal and quiet.
func randomPosition(v *board.Variant, c class, rng *rand.Rand) string {
	for {
		var grid [9][9]byte // [rank][file]
		ok := true
		for _, men := range []string{c.white, strings.ToLower(c.black)} {
			for _, m := range men {
				f, r := rng.IntN(v.Files()), rng.IntN(v.Ranks())
				if grid[r][f] != 0 || (m == 'P' || m == 'p') && (r == 0 || r >= v.Ranks()-2) {
					ok = false
					break
				}
				grid[r][f] = byte(m)
			}
		}
		if !ok || (c.bishopsApart && !bishopsOnBothColours(grid)) {
			continue
		}
		side := "w"
		if rng.IntN(2) == 1 {
			side = "b"
		}
		fen := gridfen.Placement(grid, v.Files(), v.Ranks()) + " " + side + " - - 0 1"
		if v.ZoneCaptureKillsBoth() {
			fen = gridfen.Placement(grid, v.Files(), v.Ranks()) + "[] " + side + " - - 0 1 5/6"
		}
		p, err := board.ParseFEN(v, fen)
		if err != nil || p.InCheck() || p.Verdict(0).Over() {
			continue
		}
		var ml board.MoveList
		p.GenerateNoisy(&ml)
		if ml.N > 0 {
			continue
		}
		return fen
	}
}

func bishopsOnBothColours(grid [9][9]byte) bool {
	var colours [2]bool
	for r := range grid {
		for f := range grid[r] {
			if grid[r][f] == 'B' {
				colours[(f+r)%2] = true
			}
		}
	}
	return colours[0] && colours[1]
}
