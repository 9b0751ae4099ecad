package e2e

// The small fixes of issue 56, item 6.

import (
	"strings"
	"testing"
)

// On a 1366x657 laptop window a two-line error stands in the window
// (it ended 18 px below); a typed move keeps the Mantri's arrival square
// already clicked.
func TestShortLaptopTypedMove(t *testing.T) {
	_, p := openBoardAt(t, "durg", 1366, 657)
	p.choose("#mode", "humans")
	p.setUp("1r2k4/ppp1ppppp/4d4/9/9/9/1D7/PPPPP1PPP/4K4[B] w - - 0 1 5/0")
	p.exec(`document.getElementById("position").open = false; window.scrollTo(0, 0)`)
	// The error of a typed move without the arrival: two lines at this
	// board's width.
	p.typeMove("e3")
	if e := p.text("#error"); !strings.Contains(e, "Mantri") {
		t.Fatalf("error %q (plies %d, status %q, pending %v)", e, evalJS[int](p, `S.game.plies`), p.text("#status"), evalJS[bool](p, `!!S.pending`))
	}
	lines := evalJS[int](p, `(() => { const r = document.createRange(); r.selectNodeContents(document.getElementById("error"));
		return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; })()`)
	if lines < 2 {
		t.Fatalf("the error stands on %d line: not the two-line case", lines)
	}
	p.exec(`window.scrollTo(0, 0)`)
	for _, sel := range []string{"#status", "#prompt", "#error", "#board", "#holdings-top", "#holdings-bottom"} {
		if !p.inView(sel) {
			t.Fatalf("%s is not in view at 1366x657 (its bottom %v, the window %v)", sel,
				evalJS[float64](p, `document.querySelector("`+sel+`").getBoundingClientRect().bottom`), evalJS[float64](p, `innerHeight`))
		}
	}
	expect(t, "the page scrolls not", evalJS[bool](p, `document.scrollingElement.scrollHeight <= innerHeight`), true)
	p.viewShot("short-laptop.png")

	// A gold square clicked, then the move typed: the turn is both.
	slot := evalJS[string](p, `document.querySelector("#board [data-slot]").dataset.slot`)
	p.click(slot)
	p.waitJS(`S.arrivals.length === 1`, "the arrival chosen")
	p.typeMove("e3")
	p.waitJS(`S.game.plies === 1`, "the typed turn played")
	expect(t, "the turn with its arrival", evalJS[string](p, `S.game.moves[0].uci`), "B@"+slot+",e2e3")
	expect(t, "no error", p.text("#error"), "")
}
