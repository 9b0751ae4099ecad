package eval

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"reflect"

	"senapati/board"
)

// weights are the numbers of one game's evaluation that the tuner may
// change (weights.go holds them); every table of params is built from them.
// Scores are midgame/endgame pairs, White's view before the sign.
type weights struct {
	Material       [board.NumTypes]score
	Mobility       [board.NumTypes]score // per attacked square above the type's average
	KingDanger     int                   // king-danger scale, 64 = 1
	ShieldNear     int                   // own pawn right in front of the king (midgame)
	ShieldFar      int                   // own pawn two ranks in front
	ShieldNone     int                   // no pawn on that file
	PassedMax      score                 // passed pawn one rank before the last
	PassedFactor   [board.NumTypes]int   // chaturanga: passed-pawn weight by promotion type, /256
	PawnStructure  int                   // scale of doubled/isolated penalties, /64
	DoubledPawn    score
	IsolatedPawn   score
	RookOpen       score
	RookSemiOpen   score
	BishopPair     score
	PawnThreat     score // a piece attacked by an enemy pawn
	HangingPiece   score // attacked and not defended
	HangingPawn    score
	Tempo          score
	PawnConnected  score // per rank of advance of a defended or side-by-side pawn, /4
	Outpost        score // knight or bishop on an outpost (see outposts)
	RookSeventh    score // rook on the second-last rank with the enemy king or pawns at the back
	ZoneGuard      score // own piece standing in its own zone
	ZoneKingShield score // a square next to the own king in an own zone
	ZoneKingFence  score // a square next to the enemy king he may never enter
	ZoneIntruder   score // an enemy man stranded in an own zone
	ForfeitCastle  int   // Durg: no castling left, king still on the e-file (midgame)
	Leap           score // chaturanga: the Raja's leap still available
	FewPieces1     score // chaturanga: one man left beside the Raja
	FewPieces2     score // two men left
	// PieceSquare is added to the formula's piece-square value of each
	// type, by square as White sees it (board.Square: file*9+rank); the
	// tuner's -psq fit writes it.
	PieceSquare [board.NumTypes][81]score
}

func defaultWeights(v *board.Variant) weights {
	switch v {
	case board.Chaturanga():
		return weightsChaturanga
	case board.DurgGame():
		return weightsDurg
	}
	return weightsChess
}

// Param is one tunable weight of a game's evaluation (the tuner's view):
// its name, such as "Material[Knight].eg" or "Tempo.mg", and its value.
type Param struct {
	Name  string
	Value int
}

// tunable names one number of w and where it lives.
type tunable struct {
	name string
	p    *int
}

// tunables lists the numbers of w that matter in variant v: the material
// and mobility of the types it uses, and the terms its rules switch on.
func tunables(v *board.Variant, w *weights) []tunable {
	var out []tunable
	pair := func(name string, s *score) {
		out = append(out, tunable{name + ".mg", &s.mg}, tunable{name + ".eg", &s.eg})
	}
	one := func(name string, p *int) { out = append(out, tunable{name, p}) }
	pr := newParams(v, *w)
	for t := board.Pawn; t < board.NumTypes; t++ {
		if v.HasType(t) && t != board.King {
			pair(fmt.Sprintf("Material[%s]", typeNames[t]), &w.Material[t])
		}
	}
	for _, t := range pr.pieceTypes {
		pair(fmt.Sprintf("Mobility[%s]", typeNames[t]), &w.Mobility[t])
	}
	one("KingDanger", &w.KingDanger)
	one("ShieldNear", &w.ShieldNear)
	one("ShieldFar", &w.ShieldFar)
	one("ShieldNone", &w.ShieldNone)
	pair("PassedMax", &w.PassedMax)
	if v.PromotesToStartType() {
		for _, t := range pr.pieceTypes {
			one(fmt.Sprintf("PassedFactor[%s]", typeNames[t]), &w.PassedFactor[t])
		}
	}
	pair("DoubledPawn", &w.DoubledPawn)
	pair("IsolatedPawn", &w.IsolatedPawn)
	pair("PawnConnected", &w.PawnConnected)
	if v.HasType(board.Knight) || v.HasType(board.Bishop) {
		pair("Outpost", &w.Outpost)
	}
	if v.HasType(board.Rook) {
		pair("RookOpen", &w.RookOpen)
		pair("RookSemiOpen", &w.RookSemiOpen)
		pair("RookSeventh", &w.RookSeventh)
	}
	if v.HasType(board.Bishop) {
		pair("BishopPair", &w.BishopPair)
	}
	pair("PawnThreat", &w.PawnThreat)
	pair("HangingPiece", &w.HangingPiece)
	pair("HangingPawn", &w.HangingPawn)
	pair("Tempo", &w.Tempo)
	if v.ZoneCaptureKillsBoth() {
		pair("ZoneGuard", &w.ZoneGuard)
		pair("ZoneKingShield", &w.ZoneKingShield)
		pair("ZoneKingFence", &w.ZoneKingFence)
		pair("ZoneIntruder", &w.ZoneIntruder)
		one("ForfeitCastle", &w.ForfeitCastle)
	}
	if v.HasRajaLeap() {
		pair("Leap", &w.Leap)
	}
	if v.BareKingLoses() {
		pair("FewPieces1", &w.FewPieces1)
		pair("FewPieces2", &w.FewPieces2)
	}
	return out
}

// typeNames are the board package's names of the piece types, as the
// generated weights.go spells them.
var typeNames = [board.NumTypes]string{
	board.Pawn: "Pawn", board.Knight: "Knight", board.Bishop: "Bishop", board.Rook: "Rook",
	board.Queen: "Queen", board.King: "King", board.Ferz: "Ferz", board.Alfil: "Alfil",
	board.Rath: "Rath", board.Durg: "Durg",
}

// Params is the tunable weights of v's evaluation, in a fixed order.
func Params(v *board.Variant) []Param {
	w := paramsFor(v).w
	var out []Param
	for _, t := range tunables(v, &w) {
		out = append(out, Param{t.name, *t.p})
	}
	return out
}

// SetParams gives v's evaluation new weights, values in the order of
// Params, and rebuilds its tables. It is for the tuner: nothing may
// evaluate a position of v meanwhile.
func SetParams(v *board.Variant, values []int) error {
	pr := paramsFor(v)
	if pr.v != v {
		return fmt.Errorf("no evaluation for variant %s", v.Name())
	}
	w := pr.w
	ts := tunables(v, &w)
	if len(values) != len(ts) {
		return fmt.Errorf("%s has %d parameters, got %d values", v.Name(), len(ts), len(values))
	}
	for i, t := range ts {
		*t.p = values[i]
	}
	*pr = *newParams(v, w)
	return nil
}

// WriteWeights writes the Go source of weights.go with the weights every
// variant's evaluation has now (after SetParams, the tuned ones).
func WriteWeights(out io.Writer) error {
	var b bytes.Buffer
	b.WriteString(`// Code written by ` + "`senapati tune -write eval/weights.go`" + ` (see README,
// "Tuning the evaluation"); the reasons behind the first values are in
// params.go. Edit by hand in this layout (go test ./eval compares it with
// what the writer makes) or regenerate; review either way.

package eval

import "senapati/board"
`)
	for _, vn := range []struct {
		name string
		v    *board.Variant
	}{{"weightsChess", board.Chess()}, {"weightsChaturanga", board.Chaturanga()}, {"weightsDurg", board.DurgGame()}} {
		fmt.Fprintf(&b, "\nvar %s = weights{\n", vn.name)
		writeStruct(&b, reflect.ValueOf(paramsFor(vn.v).w))
		b.WriteString("}\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return err
	}
	_, err = out.Write(src)
	return err
}

// writeStruct writes the non-zero fields of a weights value as Go
// composite-literal elements (reflect only reads here).
func writeStruct(b *bytes.Buffer, w reflect.Value) {
	for i := 0; i < w.NumField(); i++ {
		f, name := w.Field(i), w.Type().Field(i).Name
		switch {
		case f.Type() == reflect.TypeOf(score{}):
			if mg, eg := f.Field(0).Int(), f.Field(1).Int(); mg != 0 || eg != 0 {
				fmt.Fprintf(b, "%s: score{%d, %d},\n", name, mg, eg)
			}
		case f.Kind() == reflect.Int:
			if f.Int() != 0 {
				fmt.Fprintf(b, "%s: %d,\n", name, f.Int())
			}
		case f.Kind() == reflect.Array && f.Type().Elem().Kind() == reflect.Array:
			writeSquareTables(b, name, f)
		case f.Kind() == reflect.Array:
			elem := "int"
			if f.Type().Elem() == reflect.TypeOf(score{}) {
				elem = "score"
			}
			var items []string
			for t := 0; t < f.Len(); t++ {
				e := f.Index(t)
				switch {
				case elem == "score" && (e.Field(0).Int() != 0 || e.Field(1).Int() != 0):
					items = append(items, fmt.Sprintf("board.%s: {%d, %d}", typeNames[t], e.Field(0).Int(), e.Field(1).Int()))
				case elem == "int" && e.Int() != 0:
					items = append(items, fmt.Sprintf("board.%s: %d", typeNames[t], e.Int()))
				}
			}
			if len(items) > 0 {
				fmt.Fprintf(b, "%s: [board.NumTypes]%s{\n", name, elem)
				for _, it := range items {
					b.WriteString(it + ",\n")
				}
				b.WriteString("},\n")
			}
		}
	}
}

// writeSquareTables writes a [board.NumTypes][81]score field: the types
// with any non-zero entry, one line per file (a first), ranks 1-9.
func writeSquareTables(b *bytes.Buffer, name string, f reflect.Value) {
	wrote := false
	for t := 0; t < f.Len(); t++ {
		tab := f.Index(t)
		if tab.IsZero() {
			continue
		}
		if !wrote {
			fmt.Fprintf(b, "%s: [board.NumTypes][81]score{\n", name)
			wrote = true
		}
		fmt.Fprintf(b, "board.%s: {\n", typeNames[t])
		for sq := 0; sq < tab.Len(); sq++ {
			e := tab.Index(sq)
			fmt.Fprintf(b, "{%d, %d},", e.Field(0).Int(), e.Field(1).Int())
			if sq%9 == 8 {
				b.WriteString("\n")
			} else {
				b.WriteString(" ")
			}
		}
		b.WriteString("},\n")
	}
	if wrote {
		b.WriteString("},\n")
	}
}

// PieceSquareEntries is the number of PieceSquare entries: type*81 + square
// as White sees it indexes them.
const PieceSquareEntries = int(board.NumTypes) * 81

// PieceSquareUse is one piece-square entry a position's score uses: the
// entry's index (see PieceSquareEntries) and +1 for a White piece, -1 for
// a Black one.
type PieceSquareUse struct {
	Index, Sign int
}

// PieceSquareUses lists the piece-square entries p's evaluation adds (for
// the tuner's -psq fit), appending to out, with p's phase and its score
// from White's point of view, both from the one evaluation.
func PieceSquareUses(p *board.Position, out []PieceSquareUse) (uses []PieceSquareUse, phase, whiteScore int) {
	pr := paramsFor(p.Variant())
	var a acc
	compute(p, pr, &a, nil)
	use := [board.NumTypes]bool{board.Pawn: true, board.King: true}
	for _, t := range pr.pieceTypes {
		use[t] = true
	}
	for s := board.Square(0); s < 81; s++ {
		pc := p.PieceAt(s)
		if pc == board.NoPiece || !use[pc.Type()] {
			continue
		}
		c, rs, sign := pc.Color(), s, 1
		if c == board.Black {
			rs, sign = pr.v.Mirror(s), -1
		}
		out = append(out, PieceSquareUse{int(pc.Type())*81 + int(rs), sign})
	}
	_, _, whiteScore = a.total(pr, p, p.Variant().DefaultMoveRule())
	return out, a.phase, whiteScore
}

// PieceSquares is v's PieceSquare weights as midgame/endgame pairs,
// indexed as PieceSquareUse.Index.
func PieceSquares(v *board.Variant) [][2]int {
	w := paramsFor(v).w
	out := make([][2]int, PieceSquareEntries)
	for t := range w.PieceSquare {
		for s, e := range w.PieceSquare[t] {
			out[t*81+s] = [2]int{e.mg, e.eg}
		}
	}
	return out
}

// SetPieceSquares gives v's evaluation new PieceSquare weights (indexed as
// PieceSquares) and rebuilds its tables; like SetParams, for the tuner.
func SetPieceSquares(v *board.Variant, values [][2]int) error {
	pr := paramsFor(v)
	if pr.v != v {
		return fmt.Errorf("no evaluation for variant %s", v.Name())
	}
	if len(values) != PieceSquareEntries {
		return fmt.Errorf("%d piece-square values, want %d", len(values), PieceSquareEntries)
	}
	w := pr.w
	for i, e := range values {
		w.PieceSquare[i/81][i%81] = score{e[0], e[1]}
	}
	*pr = *newParams(v, w)
	return nil
}
