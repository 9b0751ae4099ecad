package e2e

// The last items of issue 31: the move list keeps the move shown in view
// on a laptop without the page scrolling, Copy PGN and Copy FEN (with the
// selected-text fallback where the clipboard API is missing), and the
// move and capture sounds with their switch.

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// longPGN is Kasparov-Topalov, Wijk aan Zee 1999, with two variations:
// long enough that its move list scrolls in every layout. Its result is
// left open so the game can be played on.
const longPGN = `[Event "Hoogovens"]
[White "Kasparov"]
[Black "Topalov"]
[Result "*"]

1. e4 d6 2. d4 Nf6 3. Nc3 g6 4. Be3 Bg7 5. Qd2 c6 6. f3 b5 7. Nge2 Nbd7 8. Bh6 Bxh6 9. Qxh6 Bb7 10. a3 e5 11. O-O-O Qe7 12. Kb1 a6 13. Nc1 O-O-O 14. Nb3 exd4 15. Rxd4 c5 16. Rd1 Nb6 17. g3 Kb8 18. Na5 Ba8 19. Bh3 d5 20. Qf4+ Ka7 21. Rhe1 d4 22. Nd5 Nbxd5 23. exd5 Qd6 24. Rxd4 cxd4 25. Re7+ Kb6 (25... Qxe7 26. Qxd4+ Kb8 27. Qb6+ Bb7 28. Nc6+ Ka8 29. Qa7#) 26. Qxd4+ Kxa5 27. b4+ Ka4 28. Qc3 Qxd5 29. Ra7 Bb7 30. Rxb7 Qc4 31. Qxf6 Kxa3 (31... Qd5 32. Ra7) 32. Qxa6+ Kxb4 33. c3+ Kxc3 34. Qa1+ Kd2 35. Qb2+ Kd1 36. Bf1 Rd2 37. Rd7 Rxd7 38. Bxc4 bxc4 39. Qxh8 Rd3 40. Qa8 c3 41. Qa4+ Ke1 42. f4 f5 43. Kc1 Rd2 44. Qa7 *
`

// currentMoveSeen says why the move shown is not visible in the move
// list and the window ("" when it is): the list draws it, it lies inside
// the list's own box and inside the window, and it is what the browser
// finds at its middle (nothing covers or clips it).
func (p *page) currentMoveSeen() string {
	p.t.Helper()
	return evalJS[string](p, `(() => {
		const c = document.querySelector("#movelist .mv.current");
		if (!c) return S.view.ply === 0 ? "" : "no current move in the list";
		const r = c.getBoundingClientRect(), l = document.getElementById("movelist").getBoundingClientRect();
		const where = "the move " + c.textContent.trim() + " at " + Math.round(r.top) + "-" + Math.round(r.bottom) +
			" (list " + Math.round(l.top) + "-" + Math.round(l.bottom) + ", window 0-" + innerHeight + ")";
		if (r.top < l.top - 1 || r.bottom > l.bottom + 1) return where + " is outside the list's box";
		if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return where + " is outside the window";
		const e = document.elementFromPoint(r.left + Math.min(r.width / 2, 12), r.top + r.height / 2);
		if (!e || !c.contains(e)) return where + " is covered by " + (e ? e.tagName + "#" + e.id : "nothing");
		return "";
	})()`)
}

// seesCurrentMove fails the test when the move shown is out of view or
// the page has scrolled.
func (p *page) seesCurrentMove(after string) {
	p.t.Helper()
	// The list is drawn as the page's state arrives: give it a moment.
	why := p.currentMoveSeen()
	for end := time.Now().Add(3 * time.Second); why != "" && time.Now().Before(end); why = p.currentMoveSeen() {
		time.Sleep(50 * time.Millisecond)
	}
	if why != "" {
		p.t.Fatalf("after %s: %s", after, why)
	}
	if y := evalJS[float64](p, `window.scrollY`); y != 0 {
		p.t.Fatalf("after %s the page scrolled to %v", after, y)
	}
}

// playFirstLegal plays the first legal move of the position shown by two
// clicks on the board.
func (p *page) playFirstLegal() string {
	p.t.Helper()
	uci := evalJS[string](p, `(() => { const g = S.view.turns[0]; const from = Object.keys(g.moves)[0]; return g.moves[from][0].uci; })()`)
	ply := evalJS[int](p, `S.view.ply`)
	p.click(uci[:2])
	p.click(uci[2:4])
	p.waitJS(fmt.Sprintf(`S.view.ply === %d && S.view.lastMove && S.view.lastMove.uci === %q`, ply+1, uci), "the move "+uci)
	return uci
}

// Issue 31, 7: on a 1366x768 laptop the move list keeps the move shown in
// view through the keys, the buttons, clicks on moves and new moves, with
// the analysis panel open and the game record unfolded above it, and the
// page itself never scrolls; the status, the Durg Mantri prompt and an
// error stay in view there and on a 390x700 phone.
func TestMoveListFollowsTheGame(t *testing.T) {
	_, p := openBoardAt(t, "chess", 1366, 768)
	p.loadPGN(longPGN)
	p.waitJS(`S.game.plies === 87`, "the game loaded")
	p.run(chromedp.SetValue(chromedp.CSS("#review-depth"), "2"))
	p.clickButton("#review-start")
	p.waitJS(`S.review && !S.review.running && S.review.done === 88`, "the evaluation graph")
	// Live analysis with three lines, as one studies a game.
	p.choose("#multipv", "3")
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	p.waitJS(`document.querySelectorAll("#lines li").length === 3`, "three analysis lines")
	// Whatever a click on a button below the fold scrolled, a person
	// starts from the top of the page.
	p.exec(`window.scrollTo(0, 0)`)
	p.key(kb.End)
	p.seesCurrentMove("End")
	p.key(kb.Home)
	p.seesCurrentMove("Home")
	for i := 0; i < 3; i++ {
		p.key(kb.ArrowRight)
		p.seesCurrentMove("a step forward")
	}
	p.key(kb.ArrowDown)
	p.seesCurrentMove("the down arrow (the end)")
	for i := 0; i < 6; i++ {
		p.key(kb.ArrowLeft)
		p.seesCurrentMove("a step back")
	}
	p.key(kb.ArrowUp)
	p.seesCurrentMove("the up arrow (the start)")
	// The buttons: to the end and back through the game.
	p.clickButton("#last")
	p.seesCurrentMove("the button >|")
	for i := 0; i < 30; i++ {
		p.clickButton("#prev")
		p.seesCurrentMove(fmt.Sprintf("the button < (%d)", i+1))
	}
	// A click on a move shown, then on a variation's move (another line).
	p.clickMove("Kxa3")
	p.seesCurrentMove("a click on 31... Kxa3")
	p.clickMove("Qxe7")
	p.seesCurrentMove("a click on 25... Qxe7 (a variation)")
	p.key(kb.End)
	p.seesCurrentMove("End of the variation")
	p.clickMove("Qa7")
	p.seesCurrentMove("a click on 44. Qa7")
	// New moves at the end, by clicks on the board.
	for i := 0; i < 4; i++ {
		uci := p.playFirstLegal()
		p.seesCurrentMove("the new move " + uci)
	}
	// A move at an earlier ply starts a variation there; it is shown.
	p.key(kb.Home)
	for i := 0; i < 10; i++ {
		p.key(kb.ArrowRight)
	}
	uci := p.playFirstLegal()
	p.seesCurrentMove("a variation from move 6: " + uci)
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	p.settle()

	// The messages under the board stand in the window, on this laptop
	// and on a phone, with the Durg Mantri's prompt and an error.
	for _, size := range []struct {
		w, h   int64
		mobile bool
	}{{1366, 768, false}, {390, 700, true}} {
		var opts []chromedp.EmulateViewportOption
		if size.mobile {
			opts = append(opts, chromedp.EmulateMobile)
		}
		_, q := openBoardAt(t, "durg", size.w, size.h, opts...)
		q.choose("#mode", "humans")
		q.setUp("1r2k4/ppp1ppppp/4d4/9/9/9/1D7/PPPPP1PPP/4K4[B] w - - 0 1 5/0")
		q.exec(`document.getElementById("position").open = false; window.scrollTo(0, 0)`)
		if !strings.Contains(q.text("#prompt"), "Mantri arrives first") {
			t.Fatalf("prompt %q", q.text("#prompt"))
		}
		q.typeMove("e3")
		if !strings.Contains(q.text("#error"), "Mantri must arrive first") {
			t.Fatalf("error %q", q.text("#error"))
		}
		q.exec(`window.scrollTo(0, 0)`)
		for _, sel := range []string{"#status", "#prompt", "#error", "#board"} {
			if !q.inView(sel) {
				t.Fatalf("%s is not in view at %dx%d", sel, size.w, size.h)
			}
		}
		// A move (an arrival and a Sipahi's step) does not scroll the page.
		q.click("d1")
		q.movesWithoutScrolling("e2e3")
		for _, sel := range []string{"#status", "#prompt", "#error"} {
			if !q.inView(sel) {
				t.Fatalf("%s is not in view at %dx%d after a move", sel, size.w, size.h)
			}
		}
	}
}

// allowClipboard lets the page at origin read the clipboard (writing needs
// no permission after a click), so the test can read what was copied.
func (p *page) allowClipboard(origin string) {
	p.t.Helper()
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		p.run(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := cdp.Call(ctx, chromedp.FromContext(ctx).Browser, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
				Permission: &cdpbrowser.PermissionDescriptor{Name: name}, Setting: cdpbrowser.PermissionSettingGranted, Origin: origin})
			return err
		}))
	}
}

// clipboardText is what the browser's clipboard holds.
func (p *page) clipboardText() string {
	p.t.Helper()
	return evalJS[string](p, `navigator.clipboard.readText()`, chromedp.EvalAwaitPromise)
}

// Issue 31, 8: Copy PGN puts the game's PGN, variations and all, as
// Download PGN gives it, on the clipboard, and Copy FEN the position
// shown, each saying so; where the clipboard API is missing (a plain http
// page on a network address) the text stands selected in a text box.
func TestCopyPGNAndFEN(t *testing.T) {
	own, p := openBoard(t, "chess")
	ou, err := url.Parse(own.url)
	if err != nil {
		t.Fatal(err)
	}
	p.allowClipboard(ou.Scheme + "://" + ou.Host)
	p.loadPGN(reviewPGN)
	p.exec(`document.getElementById("position").open = false`)
	p.clickMove("Nc3")
	if !p.visible("#copy-pgn") || !p.visible("#copy-fen") {
		t.Fatal("no Copy PGN and Copy FEN buttons in view without unfolding anything")
	}
	p.clickButton("#copy-pgn")
	p.waitJS(`/PGN copied/.test(document.getElementById("copy-note").textContent)`, "the PGN copied")
	want := p.pgnNow()
	got := p.clipboardText()
	expect(t, "the PGN on the clipboard", got, want)
	for _, v := range []string{"( 3... Nf6 4. Ng5", "( 5... Nxd5?!", "9. d5 $14"} {
		if !strings.Contains(strings.Join(strings.Fields(got), " "), v) {
			t.Fatalf("the copied PGN lacks %q:\n%s", v, got)
		}
	}
	p.clickButton("#copy-fen")
	p.waitJS(`/FEN copied/.test(document.getElementById("copy-note").textContent)`, "the FEN copied")
	expect(t, "the FEN on the clipboard (the position shown)", p.clipboardText(), evalJS[string](p, `S.view.fen`))
	expect(t, "the position shown is 7. Nc3's", evalJS[int](p, `S.view.ply`), 13)
	// The note goes away.
	p.waitJS(`document.getElementById("copy-note").textContent === ""`, "the note to go")

	// A plain http page on this machine's network address has no
	// clipboard API: the PGN stands selected in a text box instead.
	srv := startServer(t, "0.0.0.0:0", "chess")
	u, err := url.Parse(srv.url)
	if err != nil {
		t.Fatal(err)
	}
	addr := networkAddress()
	q := p.another()
	q.run(chromedp.Navigate(fmt.Sprintf("http://%s:%s/", addr, u.Port())))
	q.settle()
	if addr == "127.0.0.1" {
		t.Log("no network address: the clipboard API is taken away instead")
		q.exec(`Object.defineProperty(Navigator.prototype, "clipboard", {get: () => undefined, configurable: true})`)
	} else {
		expect(t, "a network address is no secure context", evalJS[bool](q, `window.isSecureContext`), false)
	}
	expect(t, "no clipboard API", evalJS[bool](q, `!navigator.clipboard`), true)
	q.choose("#mode", "humans")
	q.typeMove("e4")
	q.typeMove("c5")
	q.clickButton("#copy-pgn")
	q.waitJS(`document.getElementById("copy-note").textContent !== ""`, "the note")
	sel := evalJS[struct {
		Shown    bool   `json:"shown"`
		Focused  bool   `json:"focused"`
		Selected string `json:"selected"`
		Note     string `json:"note"`
	}](q, `(() => { const a = document.getElementById("copy-area"); return {shown: !a.hidden && a.getBoundingClientRect().height > 0,
		focused: document.activeElement === a, selected: a.value.slice(a.selectionStart, a.selectionEnd), note: document.getElementById("copy-note").textContent}; })()`)
	if !sel.Shown || !sel.Focused {
		t.Fatalf("the fallback text box: shown %v, focused %v", sel.Shown, sel.Focused)
	}
	expect(t, "the PGN selected", sel.Selected, q.pgnNow())
	if !strings.Contains(sel.Note, "PGN") {
		t.Fatalf("the note %q", sel.Note)
	}
	q.clickButton("#copy-fen")
	q.waitJS(`document.getElementById("copy-area").value === S.view.fen`, "the FEN in the box")
	selected := `(() => { const a = document.getElementById("copy-area"); return a.value.slice(a.selectionStart, a.selectionEnd); })()`
	expect(t, "the FEN selected", evalJS[string](q, selected), evalJS[string](q, `S.view.fen`))

	// A shared game's link copies the same way (its Copy button once wrote
	// to the clipboard itself and only selected the link on refusal).
	q.exec(`document.getElementById("share").open = true`)
	q.choose("#share-seat", "white")
	q.clickButton("#share-start")
	q.waitJS(`!!document.querySelector('#share-links [data-copy="black"]')`, "Black's link")
	link := evalJS[string](q, `document.querySelector('#share-links [data-seat="black"] input').value`)
	q.clickButton(`#share-links [data-copy="black"]`)
	q.waitJS(fmt.Sprintf(`document.getElementById("copy-area").value === %q`, link), "Black's link in the box")
	expect(t, "Black's link selected", evalJS[string](q, selected), link)
	if note := q.text("#copy-note"); !strings.Contains(note, "Black's link") {
		t.Fatalf("the note %q", note)
	}
}

// sounds is how many move and capture sounds the page has played (each
// counted when the audio clock has played it to its end).
func (p *page) sounds() (int, int) {
	p.t.Helper()
	s := evalJS[[]int](p, `[+(document.body.dataset.soundMove || 0), +(document.body.dataset.soundCapture || 0)]`)
	return s[0], s[1]
}

// waitSounds waits until the page has played this many sounds.
func (p *page) waitSounds(move, capture int, after string) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf(`+(document.body.dataset.soundMove || 0) === %d && +(document.body.dataset.soundCapture || 0) === %d`, move, capture),
		fmt.Sprintf("%d move and %d capture sounds after %s", move, capture, after))
}

// Issue 31, 9: a move plays a short sound and a capture another (Web
// Audio, counted by the page when played), the engine's moves too; the
// Sound switch (on at first) turns them off, and the browser remembers it.
func TestMoveSounds(t *testing.T) {
	_, p := openBoard(t, "chess")
	expect(t, "Sound on at first", evalJS[bool](p, `document.getElementById("sound").checked`), true)
	p.choose("#mode", "humans")
	p.click("e2")
	p.click("e4")
	p.waitSounds(1, 0, "1. e4")
	p.click("d7")
	p.click("d5")
	p.waitSounds(2, 0, "1... d5")
	p.click("e4")
	p.click("d5")
	p.waitSounds(2, 1, "2. exd5 (a capture)")
	expect(t, "the last sound", p.attr("body", "data-sound-last"), "capture")
	// The engine's answer sounds too.
	p.choose("#tc-kind", "depth")
	p.run(chromedp.SetValue(chromedp.CSS("#depth"), "1"))
	p.choose("#mode", "white") // the engine plays Black's move at once
	p.waitJS(`S.game.plies === 4 && !S.thinking`, "the engine's move")
	p.waitJS(`+document.body.dataset.soundMove + +document.body.dataset.soundCapture === 4`, "the sound of the engine's move")
	m, c := p.sounds()

	// Off: moves are silent, and stay so after a reload.
	p.clickButton("#sound")
	expect(t, "Sound off", evalJS[bool](p, `document.getElementById("sound").checked`), false)
	expect(t, "remembered", evalJS[string](p, `localStorage.getItem("senapati.sound")`), "off")
	p.choose("#mode", "humans")
	p.playFirstLegal()
	time.Sleep(500 * time.Millisecond)
	if m2, c2 := p.sounds(); m2 != m || c2 != c {
		t.Fatalf("Sound off, yet a sound: %d and %d", m2, c2)
	}
	p.run(chromedp.Reload())
	p.settle()
	expect(t, "Sound off after a reload", evalJS[bool](p, `document.getElementById("sound").checked`), false)
	p.playFirstLegal()
	time.Sleep(500 * time.Millisecond)
	expect(t, "no sound after the reload", fmt.Sprint(p.sounds()), "0 0")
	// On again.
	p.clickButton("#sound")
	expect(t, "remembered on", evalJS[string](p, `localStorage.getItem("senapati.sound")`), "on")
	p.playFirstLegal()
	p.waitSounds(1, 0, "a move with Sound on again")
}

// TestGameRecordLayouts: the board with the move list, Copy PGN, Copy FEN
// and the Sound switch on a phone (390x700), a laptop (1366x768) and a
// large screen (1920x1080): a long game at 25... Kb6 with live analysis
// (not on the phone); on the laptop and the large screen the move shown,
// the buttons and the switch stand in the window beside the board, and
// nothing is wider than the window. With SENAPATI_SHOTS set, a screenshot
// of each (record-phone.png and, scrolled to the moves, record-phone-moves.png;
// record-laptop.png, record-desktop.png).
func TestGameRecordLayouts(t *testing.T) {
	for _, size := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 700}, {"laptop", 1366, 768}, {"desktop", 1920, 1080}} {
		t.Run(size.name, func(t *testing.T) {
			var opts []chromedp.EmulateViewportOption
			if size.name == "phone" {
				opts = append(opts, chromedp.EmulateMobile)
			}
			_, p := openBoardAt(t, "chess", size.w, size.h, opts...)
			p.loadPGN(longPGN)
			p.exec(`document.getElementById("position").open = false; document.getElementById("settings").open = false`)
			p.clickMove("Kb6")
			if size.name != "phone" {
				p.choose("#multipv", "2")
				p.run(chromedp.Click(chromedp.CSS("#analyse")))
				p.waitJS(`document.querySelectorAll("#lines li").length === 2 && S.lines[0].depth >= 8`, "two analysis lines")
			}
			// (A click waits for its button to be there: without one, fail now.)
			if !p.visible("#copy-pgn") || !p.visible("#sound-switch") {
				t.Fatal("no Copy PGN button or Sound switch")
			}
			p.clickButton("#copy-pgn")
			p.waitJS(`/PGN copied/.test(document.getElementById("copy-note").textContent)`, "the PGN copied")
			p.exec(`window.scrollTo(0, 0)`)
			wide := evalJS[bool](p, `document.scrollingElement.scrollWidth > window.innerWidth`)
			expect(t, "nothing wider than the window", wide, false)
			if size.name != "phone" {
				p.seesCurrentMove("25... Kb6 clicked")
				for _, sel := range []string{"#copy-pgn", "#copy-fen", "#sound-switch", "#status", "#board"} {
					if !p.inView(sel) {
						t.Fatalf("%s is not in view", sel)
					}
				}
			}
			p.viewShot(fmt.Sprintf("record-%s.png", size.name))
			if size.name == "phone" {
				p.exec(`document.getElementById("moves-panel").scrollIntoView()`)
				p.viewShot("record-phone-moves.png")
			}
			if size.name != "phone" {
				p.run(chromedp.Click(chromedp.CSS("#analyse")))
				p.settle()
			}
		})
	}
}
