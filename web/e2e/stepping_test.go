package e2e

// Issue 56, item 6: stepping through the game by the mouse wheel over the
// board, and by a swipe across it on a phone.

import (
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// wheel turns the mouse wheel over a board square by dy pixels (positive:
// down, towards the user).
func (p *page) wheel(sq string, dy float64) {
	p.t.Helper()
	x, y := p.center(sq)
	p.run(chromedp.MouseEvent(chromedp.MouseWheel, x, y, func(ip *input.DispatchMouseEventParams) {
		// The protocol wants both deltas, and leaves out a zero one.
		ip.DeltaX, ip.DeltaY = 0.01, dy
	}))
}

// showsPly waits for the position shown to be after ply plies.
func (p *page) showsPly(ply int, what string) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf(`S.view.ply === %d`, ply)+` && document.body.dataset.busy === "0"`, what)
}

func TestWheelSteps(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.choose("#mode", "analysis")
	for _, m := range []string{"e4", "e5", "Nf3", "Nc6"} {
		p.typeMove(m)
	}
	top := evalJS[float64](p, `window.scrollY`)
	p.wheel("d5", -100)
	p.showsPly(3, "a notch up: a step back")
	p.wheel("d5", -100)
	p.showsPly(2, "another notch up")
	p.wheel("d5", 100)
	p.showsPly(3, "a notch down: a step forward")
	// A touchpad's small deltas add up to one step.
	for i := 0; i < 4; i++ {
		p.wheel("d5", 30)
	}
	p.showsPly(4, "a touchpad's deltas adding up")
	p.wheel("d5", 100)
	p.settle()
	expect(t, "no step past the end", evalJS[int](p, `S.view.ply`), 4)
	expect(t, "the page not scrolled by the wheel", evalJS[float64](p, `window.scrollY`), top)
}

func TestSwipeSteps(t *testing.T) {
	_, p := openBoardAt(t, "chess", 390, 844, chromedp.EmulateMobile)
	p.choose("#mode", "analysis")
	for _, m := range []string{"e4", "e5", "Nf3", "Nc6"} {
		p.typeMove(m)
	}
	swipe := func(from, to string) {
		x0, y0 := p.center(from)
		x1, y1 := p.center(to)
		p.touchDrag(x0, y0, x1, y1)
	}
	swipe("b5", "g5") // to the right: back
	p.showsPly(3, "a swipe to the right: a step back")
	swipe("b4", "h4")
	p.showsPly(2, "another swipe back")
	swipe("g4", "b4") // to the left: forward
	p.showsPly(3, "a swipe to the left: a step forward")
	// A short or mostly upright finger's move is no swipe.
	swipe("d5", "e5")
	swipe("c3", "d6")
	p.settle()
	expect(t, "no step for a short or upright move", evalJS[int](p, `S.view.ply`), 3)
	// A finger dragging a piece sideways moves it, and does not step.
	p.exec(`document.getElementById("last").click()`) // not scrolled to, as a tap would scroll
	p.showsPly(4, "the end")
	swipe("f1", "b5")
	p.waitJS(`S.game.plies === 5`, "Bb5 dragged by a finger")
	p.settle()
	expect(t, "the piece moved", evalJS[string](p, `S.game.moves[4].san`), "Bb5")
	expect(t, "shown at the end", evalJS[int](p, `S.view.ply`), 5)
}
