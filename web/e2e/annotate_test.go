package e2e

// Issue 56, item 6: a move's glyph, symbol and comment written on the
// analysis board, shown in the move list and written to the PGN.

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestAnnotateMoves(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.choose("#mode", "analysis")
	for _, m := range []string{"e4", "e5", "Nf3"} {
		p.typeMove(m)
	}
	p.clickMove("e4")
	if !p.visible("#annotation") {
		t.Fatal("no annotation row for the move shown")
	}
	expect(t, "the row's move", p.text("#annotation .hint"), "e4")

	p.clickButton(`#annotation [data-glyph="!?"]`)
	p.waitJS(`S.view.ply === 1 && S.view.moves[0].glyph === "!?" && document.body.dataset.busy === "0"`, "the glyph kept")
	p.choose("#nag-select", "$14")
	p.waitJS(`(S.view.moves[0].nags || []).includes("$14") && document.body.dataset.busy === "0"`, "the symbol kept")
	p.clickButton("#comment-edit")
	p.run(chromedp.SendKeys(chromedp.CSS("#comment-text"), "a fine start"))
	p.clickButton("#comment-save")
	p.waitJS(`S.view.moves[0].comment === "a fine start" && document.body.dataset.busy === "0"`, "the comment kept")
	expect(t, "still showing e4", evalJS[int](p, `S.view.ply`), 1)
	expect(t, "the glyph's button pressed", p.attr(`#annotation [data-glyph="!?"]`, "aria-pressed"), "true")
	if got := p.movetext(); !strings.HasPrefix(got, "1. e4!?+= a fine start e5") {
		t.Fatalf("the move list reads %q", got)
	}
	if pgn := p.pgnNow(); !strings.Contains(pgn, "1. e4!? $14 {a fine start} 1... e5 2. Nf3") {
		t.Fatalf("the PGN lacks the annotation:\n%s", pgn)
	}
	p.shot("annotate.png")

	// The same glyph again takes it off; another symbol replaces the first.
	p.clickButton(`#annotation [data-glyph="!?"]`)
	p.waitJS(`!S.view.moves[0].glyph && document.body.dataset.busy === "0"`, "the glyph taken off")
	p.choose("#nag-select", "$13")
	p.waitJS(`JSON.stringify(S.game.moves[0].nags) === '["$13"]'`, "the symbol replaced")
	if pgn := p.pgnNow(); !strings.Contains(pgn, "1. e4 $13 {a fine start}") {
		t.Fatalf("the PGN after the changes:\n%s", pgn)
	}
	// At the start there is no move to annotate.
	p.clickButton("#first")
	expect(t, "no annotation row at the start", p.visible("#annotation"), false)
}
