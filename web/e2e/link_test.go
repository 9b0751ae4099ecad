package e2e

// Issue 56, item 5 (the position link): /?variant=...&fen=... opens that
// position on the analysis board, a link the rules refuse says why, and
// Copy link gives the link of the position shown.

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"
)

// openLink opens a position link in this tab.
func (p *page) openLink(origin, variant, fen string) {
	p.t.Helper()
	p.run(chromedp.Navigate(origin + "/?" + url.Values{"variant": {variant}, "fen": {fen}}.Encode()))
}

// showsFEN waits for the page to show fen on the analysis board.
func (p *page) showsFEN(fen, what string) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf(`window.S && S.game && S.game.fen === %q && document.querySelector("#pieces")`, fen), what)
	p.settle()
	expect(p.t, what+": the analysis board", evalJS[string](p, `document.getElementById("mode").value`), "analysis")
	expect(p.t, what+": no error", p.text("#error"), "")
}

func TestPositionLinks(t *testing.T) {
	srv := startServer(t, "127.0.0.1:0", "chess")
	u, err := url.Parse(srv.url)
	if err != nil {
		t.Fatal(err)
	}
	origin := u.Scheme + "://" + u.Host
	p := newPage(t)
	p.allowClipboard(origin)

	// Durg: White's Mantri waits and the call is available.
	durg := "1r2k4/ppp1ppppp/4d4/9/9/9/1D7/PPPPP1PPP/4K4[BQ] w - - 0 1 5/0"
	p.openLink(origin, "durg", durg)
	p.showsFEN(durg, "the Durg link")
	b := p.board()
	for sq, want := range map[string]string{"b9": "r", "e9": "k", "e7": "d", "b3": "D", "e1": "K", "f2": ""} {
		expect(t, "the Durg board at "+sq, b[sq], want)
	}
	expect(t, "the Mantri's prompt", p.text("#prompt"), "A Mantri arrives first: choose one of the gold squares.")
	expect(t, "the call available", p.attr("#holdings-bottom .rani", "data-available"), "1")
	expect(t, "the address keeps the game only", evalJS[string](p, `location.search`), "?variant=durg")

	// Chaturanga without White's leap: the Raja on e1 has no knight move.
	chat := "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w k - 0 1"
	p.openLink(origin, "chaturanga", chat)
	p.showsFEN(chat, "the chaturanga link")
	expect(t, "chaturanga's Raja on e1", p.board()["e1"], "K")
	expect(t, "no leap from e1", evalJS[bool](p, `S.game.turns.some(g => (g.moves.e1 || []).some(m => m.to === "d3"))`), false)
	// Black's leap is still there: after a move, d8's Raja has one.
	p.typeMove("e3")
	expect(t, "Black's leap", evalJS[bool](p, `S.game.turns.some(g => (g.moves.d8 || []).some(m => m.to === "e6"))`), true)

	// Copy link gives the position shown, and that link opens it.
	shown := evalJS[string](p, `S.view.fen`)
	p.clickButton("#copy-link")
	p.waitJS(`/link copied/.test(document.getElementById("copy-note").textContent)`, "the link copied")
	link := p.clipboardText()
	lu, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, "the link's game", lu.Query().Get("variant"), "chaturanga")
	expect(t, "the link's position", lu.Query().Get("fen"), shown)
	p.run(chromedp.Navigate(link))
	p.showsFEN(shown, "the copied link")
	expect(t, "the copied link's game", evalJS[string](p, `S.game.variant`), "chaturanga")
	expect(t, "the copied link's side to move", evalJS[string](p, `S.game.side`), "black")

	// Chess, with a castling right.
	chess := "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
	p.openLink(origin, "chess", chess)
	p.showsFEN(chess, "the chess link")
	expect(t, "castling offered", evalJS[bool](p, `S.game.turns.some(g => (g.moves.e1 || []).some(m => m.uci === "e1c1"))`), true)

	// A FEN the rules refuse, and a game the board does not play: the
	// reason on a drawn board, the tab's own game (the chess link's) kept.
	for _, c := range []struct{ variant, fen, why string }{
		{"durg", "9/9 w - - 0 1", "This position link opens no position: invalid durg FEN:"},
		{"fischerandom", "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1", `This position link opens no position: unknown variant "fischerandom"`},
	} {
		p.openLink(origin, c.variant, c.fen)
		p.waitJS(fmt.Sprintf(`document.getElementById("error").textContent.startsWith(%q)`, c.why), "the reason for "+c.variant)
		p.settle()
		t.Logf("%s: %s", c.variant, p.text("#error"))
		expect(t, "a board drawn after a refused "+c.variant+" link", p.count("#pieces [data-letter]") > 0, true)
		expect(t, "the tab's game kept", evalJS[string](p, `S.game.fen`), chess)
		if !p.visible("#error") {
			t.Fatalf("the reason for the %s link is not in view", c.variant)
		}
	}
	p.shot("link-refused.png")
}
