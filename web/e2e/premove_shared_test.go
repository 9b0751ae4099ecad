package e2e

// Issue 56, item 6: premoves between two seats of a shared game. A seat's
// move made on the other seat's turn waits, marked, and goes the moment
// the other's move comes down the event stream, if it is legal then; one
// that is not is dropped with a note; a click or a right click cancels
// one; a spectator makes none. The server's own record is the judge.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// serverLine is the game's moves as the server holds them, asked afresh
// with the page's seat (not the page's copy of the state).
func (p *page) serverLine() string {
	p.t.Helper()
	moves := evalJS[[]string](p, `fetch("/api/games/" + encodeURIComponent(S.game.id) + "?token=" + encodeURIComponent(S.shared.token))
		.then(r => r.json()).then(st => st.moves.map(m => m.uci))`, chromedp.EvalAwaitPromise)
	return strings.Join(moves, " ")
}

// premoveOnTurnOf makes a premove by two clicks on the other seat's turn
// and checks it is marked, waiting, and not sent.
func (p *page) premoveOnTurnOf(from, to string, plies int) {
	p.t.Helper()
	p.click(from)
	p.click(to)
	expect(p.t, "the premove", evalJS[string](p, `S.premove ? S.premove.from + S.premove.to : ""`), from+to)
	expect(p.t, "the premove's marks", p.count("#marks [data-premove]"), 2)
	expect(p.t, "the premove's prompt", p.text("#prompt"), fmt.Sprintf("Premove %s-%s: played after your opponent's move if legal then (click the board to cancel).", from, to))
	expect(p.t, "nothing sent", evalJS[int](p, `S.game.plies`), plies)
}

func TestSharedPremoves(t *testing.T) {
	srv := startServer(t, "127.0.0.1:0", "chess")
	white := newPage(t)
	white.run(chromedp.Navigate(srv.url))
	white.settle()
	blackLink := white.shareFrom("white")
	watchLink := evalJS[string](white, `document.querySelector('#share-links [data-seat="spectator"] input').value`)
	black := white.another() // its own storage, as another machine
	black.run(chromedp.Navigate(blackLink))
	black.settle()
	black.waitJS(`S.shared && S.shared.seat === "black"`, "Black's seat")
	watch := white.another()
	watch.run(chromedp.Navigate(watchLink))
	watch.settle()

	// A spectator's clicks make no premove.
	watch.click("e7")
	watch.click("e5")
	expect(t, "the spectator's premove", evalJS[bool](watch, `S.premove === null`), true)
	expect(t, "the spectator's marks", watch.count("#marks [data-premove]"), 0)

	// Played: Black's e5 waits for White's move and goes when it comes,
	// without a click; the server holds exactly the two moves.
	black.premoveOnTurnOf("e7", "e5", 0)
	black.shotAt("premove-shared-phone.png", 390, 844, true)
	black.shotAt("premove-shared-laptop.png", 1366, 657, false)
	expect(t, "the server before White's move", white.serverLine(), "")
	white.typeMove("e4")
	black.plies(2, "Black")
	black.waitJS(`S.pending === null && S.premove === null`, "the premove sent and answered")
	white.plies(2, "White")
	expect(t, "the server's line after the premove", white.serverLine(), "e2e4 e7e5")
	expect(t, "no premove marks left", black.count("#marks [data-premove]"), 0)
	expect(t, "White's turn", evalJS[string](white, `S.game.side`), "white")

	// White's bishop comes out; Black's knight goes by premove too.
	black.premoveOnTurnOf("b8", "c6", 2)
	white.typeMove("Bc4")
	black.plies(4, "Black")
	white.plies(4, "White")
	expect(t, "the server's line after the second premove", white.serverLine(), "e2e4 e7e5 f1c4 b8c6")

	// Dropped: Nf6 is legal when made, not after Bxf7+ (Black in check).
	black.premoveOnTurnOf("g8", "f6", 4)
	white.typeMove("Bxf7+")
	expect(t, "White's move taken", white.text("#error"), "")
	black.plies(5, "Black")
	black.waitJS(`S.premove === null`, "the premove judged")
	black.waitJS(`document.getElementById("error").textContent === "Premove g8-f6 not played: it is not legal now."`, "the note of the dropped premove")
	expect(t, "Black to move, in check", black.text("#status"), "Black to move, in check (your move)")
	expect(t, "nothing played for Black", white.serverLine(), "e2e4 e7e5 f1c4 b8c6 c4f7")
	black.typeMove("Kxf7")
	white.plies(6, "White")

	// Cancelled: by a click on the board, then one by a right click; White
	// moves and Black's turn stays Black's.
	black.premoveOnTurnOf("g8", "f6", 6)
	black.click("a4")
	expect(t, "cancelled by a click", evalJS[bool](black, `S.premove === null`), true)
	expect(t, "its marks gone", black.count("#marks [data-premove]"), 0)
	black.premoveOnTurnOf("d7", "d5", 6)
	x, y := black.center("h3")
	black.run(chromedp.MouseClickXY(x, y, chromedp.ButtonRight))
	expect(t, "cancelled by a right click", evalJS[bool](black, `S.premove === null`), true)
	expect(t, "its marks gone", black.count("#marks [data-premove]"), 0)
	white.typeMove("d3")
	black.plies(7, "Black")
	black.settle()
	expect(t, "nothing played after the cancels", white.serverLine(), "e2e4 e7e5 f1c4 b8c6 c4f7 e8f7 d2d3")
	expect(t, "Black's move", black.text("#status"), "Black to move (your move)")
	watch.plies(7, "the spectator")
}

// shotAt writes what the window shows at w x h (a phone's viewport when
// mobile) under SENAPATI_SHOTS, and goes back to the test's size.
func (p *page) shotAt(name string, w, h int64, mobile bool) {
	p.t.Helper()
	var opts []chromedp.EmulateViewportOption
	if mobile {
		opts = append(opts, chromedp.EmulateMobile)
	}
	p.run(chromedp.EmulateViewport(w, h, opts...))
	p.exec(`window.scrollTo(0, 0)`)
	p.viewShot(name)
	p.run(chromedp.EmulateViewport(1120, 800))
}
