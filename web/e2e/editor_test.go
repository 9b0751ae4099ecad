package e2e

// Issue 56, item 5 (the board editor): a position set up by hand with
// the mouse, the palette and touch, checked by the rules after each change,
// refused with their reason, and opened for analysis or play.

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// editorAt is the middle of a square of the editor's board on the screen.
func (p *page) editorAt(sq string) (float64, float64) {
	p.t.Helper()
	return p.middle(fmt.Sprintf(`#editor-board [data-sq="%s"]`, sq))
}

// middle is the middle of an element on the screen.
func (p *page) middle(sel string) (float64, float64) {
	p.t.Helper()
	xy := evalJS[[]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2]; })()`, sel))
	return xy[0], xy[1]
}

// mouseDrag drags with the left button from one point to another.
func (p *page) mouseDrag(x0, y0, x1, y1 float64) {
	p.t.Helper()
	held := func(ip *input.DispatchMouseEventParams) { ip.Button, ip.Buttons = input.MouseButtonLeft, 1 }
	acts := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MouseMoved, x0, y0),
		chromedp.MouseEvent(chromedp.MousePressed, x0, y0, held, chromedp.ClickCount(1))}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		acts = append(acts, chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, held))
	}
	acts = append(acts, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	p.run(acts...)
}

// touchDrag drags a finger from one point to another.
func (p *page) touchDrag(x0, y0, x1, y1 float64) {
	p.t.Helper()
	touch := func(kind input.DispatchTouchEventType, points ...*input.TouchPoint) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			if points == nil {
				points = []*input.TouchPoint{}
			}
			_, err := cdp.Call(ctx, target, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: kind, TouchPoints: points})
			return err
		})
	}
	acts := []chromedp.Action[chromedp.Void]{touch(input.DispatchTouchEventTypeTouchStart, &input.TouchPoint{X: x0, Y: y0})}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		acts = append(acts, touch(input.DispatchTouchEventTypeTouchMove, &input.TouchPoint{X: x0 + (x1-x0)*f, Y: y0 + (y1-y0)*f}))
	}
	acts = append(acts, touch(input.DispatchTouchEventTypeTouchEnd))
	p.run(acts...)
}

// editorBoard is what the editor's board shows: square -> FEN letter.
func (p *page) editorBoard() map[string]string {
	p.t.Helper()
	return evalJS[map[string]string](p, `Object.fromEntries([...document.querySelectorAll("#editor-board [data-letter]")].map(e => [e.dataset.square, e.dataset.letter]))`)
}

// editorSays waits for the rules' answer on the position the editor shows
// and returns it: ok, and the verdict line.
func (p *page) editorSays(what string) (bool, string) {
	p.t.Helper()
	p.waitJS(`document.getElementById("editor-verdict").dataset.ok !== "" && document.body.dataset.busy === "0"`, what)
	return p.attr("#editor-verdict", "data-ok") == "1", p.text("#editor-verdict")
}

func (p *page) editorClick(sel string) {
	p.t.Helper()
	p.run(chromedp.Click(chromedp.CSS(sel)))
}

// editorSet types a number into one of the editor's fields.
func (p *page) editorSet(id, value string) {
	p.t.Helper()
	p.exec(fmt.Sprintf(`(() => { const e = document.getElementById(%q); e.value = %q; e.dispatchEvent(new Event(e.tagName === "SELECT" ? "change" : "input")); })()`, id, value))
}

func TestBoardEditor(t *testing.T) {
	srv, p := openBoard(t, "chess")
	u, err := url.Parse(srv.url)
	if err != nil {
		t.Fatal(err)
	}
	p.allowClipboard(u.Scheme + "://" + u.Host)

	// The editor opens on the position shown.
	p.clickButton("#editor-open")
	ok, said := p.editorSays("the start position checked")
	expect(t, "the chess start accepted", ok, true)
	expect(t, "the editor's FEN", evalJS[string](p, `document.getElementById("editor-fen").value`), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	t.Logf("chess: %s", said)

	// Durg, from its start: pieces taken off by a right click, by a drag
	// off the board and by the eraser; a Sipahi moved by a drag; a Mantri
	// dragged on from the palette and a Rath put by a palette click; one
	// Mantri waiting, four fallen and the call available.
	p.choose("#editor-variant", "durg")
	expect(t, "Durg's start in the editor", p.editorBoard()["c1"], "H")
	x, y := p.editorAt("c1")
	p.run(chromedp.MouseClickXY(x, y, chromedp.ButtonRight))
	x0, y0 := p.editorAt("b1")
	x1, y1 := p.middle("#editor-fields")
	p.mouseDrag(x0, y0, x1, y1)
	p.editorClick(`#editor [data-brush="erase"]`)
	for _, sq := range []string{"a1", "g1"} {
		x, y := p.editorAt(sq)
		p.run(chromedp.MouseClickXY(x, y))
	}
	x0, y0 = p.editorAt("e2")
	x1, y1 = p.editorAt("e4")
	p.mouseDrag(x0, y0, x1, y1)
	x0, y0 = p.middle(`#editor [data-brush="B"]`)
	x1, y1 = p.editorAt("d4")
	p.mouseDrag(x0, y0, x1, y1)
	p.editorClick(`#editor [data-brush="h"]`)
	x, y = p.editorAt("e6")
	p.run(chromedp.MouseClickXY(x, y))
	p.editorSet("editor-waiting-white", "1")
	p.editorSet("editor-fallen-white", "4")
	p.editorSet("editor-call-white", "available")
	durg := "rnh1k1hnr/ppppppppp/1d5d1/4h4/9/3BP4/1D5D1/PPPP1PPPP/4K2NR[BQ] w Kkq - 0 1 4/0"
	ok, said = p.editorSays("the Durg position checked")
	t.Logf("durg: %s", said)
	expect(t, "the Durg position accepted", ok, true)
	expect(t, "the editor's Durg FEN", evalJS[string](p, `document.getElementById("editor-fen").value`), "rnh1k1hnr/ppppppppp/1d5d1/4h4/9/3BP4/1D5D1/PPPP1PPPP/4K2NR[BQ] w KQkq - 0 1 4/0")
	for _, want := range []string{"castling right Q is dropped: it needs White's Raja on e1, Gaj on a1 and no own Mantri on d1",
		"White: 1 Mantri waiting, 4 fallen, the Rani's call available", "Black: 0 Mantris waiting, 0 fallen, the call not earned yet"} {
		if !strings.Contains(said, want) {
			t.Fatalf("the verdict %q lacks %q", said, want)
		}
	}
	expect(t, "Durg zones drawn", p.count(`#editor-board [data-zone]`), 36)

	// Copy link gives the position as the rules read it.
	p.editorClick("#editor-copy")
	p.waitJS(`/link copied/.test(document.getElementById("editor-note").textContent)`, "the link copied")
	lu, err := url.Parse(p.clipboardText())
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "the link's game", lu.Query().Get("variant"), "durg")
	expect(t, "the link's position", lu.Query().Get("fen"), durg)

	// Analysed: the game starts from it, the Mantri waits and the call is there.
	p.clickButton("#editor-analyse")
	p.showsFEN(durg, "the Durg position analysed")
	expect(t, "the editor closed", evalJS[bool](p, `document.getElementById("editor").open`), false)
	expect(t, "the Mantri's prompt", p.text("#prompt"), "A Mantri arrives first: choose one of the gold squares.")
	expect(t, "the call available", p.attr("#holdings-bottom .rani", "data-available"), "1")
	expect(t, "the Durg board's d4", p.board()["d4"], "B")

	// Chaturanga without White's leap, one Ratha lost, played as White.
	p.clickButton("#editor-open")
	p.choose("#editor-variant", "chaturanga")
	ok, _ = p.editorSays("chaturanga's start checked")
	expect(t, "chaturanga's start accepted", ok, true)
	p.editorClick(`#editor-rights [data-right="K"]`)
	x0, y0 = p.editorAt("a1")
	x1, y1 = p.middle("#editor-head")
	p.mouseDrag(x0, y0, x1, y1)
	chat := "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w k - 0 1"
	ok, said = p.editorSays("the chaturanga position checked")
	t.Logf("chaturanga: %s", said)
	expect(t, "the chaturanga position accepted", ok, true)
	expect(t, "the editor's chaturanga FEN", evalJS[string](p, `document.getElementById("editor-fen").value`), chat)
	expect(t, "the lost pieces", p.text("#editor-lost"), "Lost, so a Padati may promote to it: White 1 Ratha; Black nothing.")
	p.clickButton("#editor-play-white")
	p.waitJS(fmt.Sprintf(`S.game.fen === %q && !document.getElementById("editor").open`, chat), "the chaturanga game")
	p.settle()
	expect(t, "played as White", evalJS[string](p, `document.getElementById("mode").value`), "white")
	expect(t, "no leap from e1", evalJS[bool](p, `S.game.turns.some(g => (g.moves.e1 || []).some(m => m.to === "d3" || m.to === "f3"))`), false)

	// Refused: no Raja on a cleared board, and the call before four have
	// fallen, each with the rules' reason; nothing opens.
	p.clickButton("#editor-open")
	p.editorClick("#editor-clear")
	ok, said = p.editorSays("the cleared board checked")
	expect(t, "a cleared board refused", ok, false)
	expect(t, "the reason", said, "Not a position: invalid chaturanga FEN: white has 0 kings, needs exactly 1")
	expect(t, "Analyse disabled", evalJS[bool](p, `document.getElementById("editor-analyse").disabled`), true)
	p.choose("#editor-variant", "durg")
	p.editorSet("editor-call-black", "available")
	ok, said = p.editorSays("an early call checked")
	expect(t, "an early call refused", ok, false)
	expect(t, "the reason", said, "Not a position: invalid durg FEN: black may call the Rani only with 4 fallen, has 0")
	if !p.visible("#editor-verdict") {
		t.Fatal("the reason is not in view")
	}
	p.shot("editor-refused.png")
	p.editorClick("#editor-close")
	expect(t, "the game kept", evalJS[string](p, `S.game.fen`), chat)
}

// TestEditorLayouts: the editor on a phone (390x844, touch), a laptop
// (1366x657) and a large screen (1920x1080) with a Durg position set up:
// nothing wider than the window, on the laptop and the large screen the
// board, both palettes and the verdict in the window without scrolling;
// on the phone a piece dragged on from the palette by a finger. With
// SENAPATI_SHOTS set: editor-phone.png, editor-laptop.png,
// editor-desktop.png, and copy-link-phone.png (the move list's Copy link
// row at 390 px).
func TestEditorLayouts(t *testing.T) {
	const durg = "1r2k4/ppp1ppppp/4d4/9/9/9/1D7/PPPPP1PPP/4K4[BQ] w - - 0 1 5/0"
	for _, size := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 844}, {"laptop", 1366, 657}, {"desktop", 1920, 1080}} {
		t.Run(size.name, func(t *testing.T) {
			var opts []chromedp.EmulateViewportOption
			if size.name == "phone" {
				opts = append(opts, chromedp.EmulateMobile)
			}
			_, p := openBoardAt(t, "durg", size.w, size.h, opts...)
			if size.name == "phone" {
				// The move list's record row at 390 px: Copy link beside
				// Copy PGN and Copy FEN, inside the window.
				p.exec(`document.getElementById("record-tools").scrollIntoView({block: "center"})`)
				expect(t, "the record row inside the window", evalJS[bool](p, `(() => { const r = document.getElementById("copy-link").getBoundingClientRect(); return r.left >= 0 && r.right <= window.innerWidth; })()`), true)
				p.viewShot("copy-link-phone.png")
				p.exec(`window.scrollTo(0, 0)`)
				p.viewShot("editor-phone-page.png") // the Board editor button in the header
			}
			p.clickButton("#editor-open")
			p.run(chromedp.SetValue(chromedp.CSS("#editor-fen"), durg))
			p.editorClick("#editor-read")
			ok, said := p.editorSays("the Durg position read")
			expect(t, "the Durg position accepted", ok, true)
			t.Logf("%s: %s", size.name, said)
			if size.name == "phone" {
				// A finger drags White's Ashva from the palette to g3.
				x0, y0 := p.middle(`#editor [data-brush="N"]`)
				x1, y1 := p.editorAt("g3")
				p.touchDrag(x0, y0, x1, y1)
				p.waitJS(`document.querySelector('#editor-board [data-square="g3"]')`, "the Ashva on g3")
				expect(t, "the Ashva dragged on by touch", p.editorBoard()["g3"], "N")
				ok, _ = p.editorSays("the position with the Ashva")
				expect(t, "still a position", ok, true)
			}
			wide := evalJS[bool](p, `document.getElementById("editor").scrollWidth > document.getElementById("editor").clientWidth || document.scrollingElement.scrollWidth > window.innerWidth`)
			expect(t, "nothing wider than the window", wide, false)
			if size.name != "phone" {
				for _, sel := range []string{"#editor-palette-top", "#editor-board", "#editor-palette-bottom", "#editor-verdict"} {
					in := evalJS[bool](p, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })()`, sel))
					expect(t, sel+" in the window", in, true)
				}
			}
			p.exec(`document.getElementById("editor").scrollTop = 0`)
			p.viewShot(fmt.Sprintf("editor-%s.png", size.name))
			if size.name == "phone" {
				p.exec(`document.getElementById("editor").scrollTop = 1e6`)
				p.viewShot("editor-phone-fields.png")
			}
		})
	}
}
