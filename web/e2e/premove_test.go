package e2e

// Issue 56, item 6: premoves against the engine. A move made while the
// engine thinks waits, marked, and is played when the engine has moved if
// it is legal then; one that is not is dropped with a note; a right click
// cancels one.

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// clickNow clicks a board square without waiting for the page to settle
// (the engine's move is in flight).
func (p *page) clickNow(sq string, opts ...chromedp.MouseOption) {
	p.t.Helper()
	x, y := p.center(sq)
	p.run(chromedp.MouseClickXY(x, y, opts...))
}

// premoveWhileThinking makes a premove by two clicks while the engine
// thinks, and checks it is marked and waiting.
func (p *page) premoveWhileThinking(from, to string) {
	p.t.Helper()
	p.waitJS(`S.thinking`, "the engine thinking")
	p.clickNow(from)
	p.clickNow(to)
	expect(p.t, "the premove", evalJS[string](p, `S.premove ? S.premove.from + S.premove.to : ""`), from+to)
	expect(p.t, "made while the engine thinks", evalJS[bool](p, `S.thinking`), true)
	expect(p.t, "the premove's marks", p.count("#marks [data-premove]"), 2)
	expect(p.t, "the premove's prompt", p.text("#prompt"), fmt.Sprintf("Premove %s-%s: played after the engine's move if legal then (click the board to cancel).", from, to))
}

func TestPremoves(t *testing.T) {
	_, p := openBoard(t, "chess")
	// Four seconds a move leave the clicks time while the engine thinks.
	p.run(chromedp.SetValue(chromedp.CSS("#movetime"), "4"))
	p.exec(`document.getElementById("movetime").dispatchEvent(new Event("change"))`)

	// Played: the knight's move waits for the engine's reply, then goes.
	p.clickNow("e2")
	p.clickNow("e4")
	p.premoveWhileThinking("g1", "f3")
	p.shot("premove.png")
	p.waitJS(`S.game.plies === 3`, "the premove played after the engine's move")
	expect(t, "the premove played", evalJS[string](p, `S.game.moves[2].uci`), "g1f3")
	expect(t, "no premove left", evalJS[bool](p, `S.premove === null`), true)

	// Not legal then: a pawn cannot go three squares; dropped, said so.
	p.premoveWhileThinking("a2", "a5")
	p.waitJS(`S.game.plies === 4 && !S.thinking`, "the engine's move")
	p.settle()
	expect(t, "the illegal premove dropped", p.text("#error"), "Premove a2-a5 not played: it is not legal now.")
	expect(t, "nothing played", evalJS[int](p, `S.game.plies`), 4)
	expect(t, "no premove left", evalJS[bool](p, `S.premove === null`), true)

	// Cancelled by a right click: the engine moves, the player's turn stays.
	// (a move the rules give now, whatever the engine played)
	mv := evalJS[[]string](p, `(() => { for (const [from, ts] of Object.entries(S.game.turns[0].moves)) for (const t of ts) if (![from, t.to].some(sq => ["b1", "c3"].includes(sq))) return [from, t.to]; })()`)
	p.clickNow(mv[0])
	p.clickNow(mv[1])
	p.premoveWhileThinking("b1", "c3")
	x, y := p.center("h5")
	p.run(chromedp.MouseClickXY(x, y, chromedp.ButtonRight))
	expect(t, "the premove cancelled", evalJS[bool](p, `S.premove === null`), true)
	expect(t, "its marks gone", p.count("#marks [data-premove]"), 0)
	p.waitJS(`S.game.plies === 6 && !S.thinking`, "the engine's move")
	p.settle()
	expect(t, "nothing played after a cancel", evalJS[int](p, `S.game.plies`), 6)
	expect(t, "the player's turn", evalJS[string](p, `S.game.side`), "white")
}
