package e2e

// Between the two seats of a shared game (issue 56): a takeback, a draw
// declined and one agreed, a rematch with the colours swapped, New game
// asking first, and the claim of a game whose opponent has gone, played
// by two browser processes.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// setName types the player's name as a person does (the change event).
func (p *page) setName(name string) {
	p.t.Helper()
	p.exec(fmt.Sprintf(`(() => { const e = document.getElementById("share"); e.open = true;
		const i = document.getElementById("share-name"); i.value = %q; i.dispatchEvent(new Event("change")); })()`, name))
}

// shareFrom makes p's chess game shared (no clock) from White's seat and
// returns Black's link.
func (p *page) shareFrom(seat string) string {
	p.t.Helper()
	p.choose("#mode", "humans")
	p.exec(`document.getElementById("share").open = true`)
	p.run(chromedp.SetValue(chromedp.CSS("#share-base"), "0"))
	p.choose("#share-seat", seat)
	p.clickButton("#share-start")
	other := map[string]string{"white": "black", "black": "white"}[seat]
	p.waitJS(fmt.Sprintf(`!!document.querySelector('#share-links [data-seat="%s"] input')`, other), "the other seat's link")
	return evalJS[string](p, fmt.Sprintf(`document.querySelector('#share-links [data-seat="%s"] input').value`, other))
}

// offerShown waits for the offer bar to say text.
func (p *page) offerShown(text, who string) {
	p.t.Helper()
	p.waitJS(fmt.Sprintf(`!document.getElementById("offer-bar").hidden && document.getElementById("offer-text").textContent === %q`, text), fmt.Sprintf("%s to see %q", who, text))
}

func TestOffersBetweenTwoSeats(t *testing.T) {
	srv := startServer(t, "127.0.0.1:0", "chess", "-claim-after", "2s")
	white := newPage(t)
	white.run(chromedp.Navigate(srv.url))
	white.settle()
	white.setName("Asha")
	blackLink := white.shareFrom("white")
	black := newPage(t) // another browser process
	black.run(chromedp.Navigate(srv.url))
	black.settle()
	black.setName("Ravi")
	black.run(chromedp.Navigate(blackLink))
	black.settle()
	black.waitJS(`S.shared && S.shared.seat === "black" && S.game.tags && S.game.tags.Black === "Ravi"`, "Black's name in the game")
	white.waitJS(`S.game.tags && S.game.tags.Black === "Ravi" && S.game.tags.White === "Asha"`, "both names on White's page")
	white.waitJS(`document.querySelector('.player[data-side="black"]') && document.querySelector('.player[data-side="black"]').textContent === "Ravi"`, "Black's name by the board")

	// A move typed out of turn, or by a spectator, is refused in words.
	black.typeMove("e5")
	expect(t, "Black's move typed on White's turn", black.text("#error"), "It is White's turn: you play Black.")
	expect(t, "the move stays typed", evalJS[string](black, `document.getElementById("move-input").value`), "e5")
	black.exec(`document.getElementById("move-input").value = ""`)
	watchLink := evalJS[string](white, `document.querySelector('#share-links [data-seat="spectator"] input').value`)
	watch := white.another()
	watch.run(chromedp.Navigate(watchLink))
	watch.settle()
	watch.typeMove("e4")
	expect(t, "the spectator's typed move", watch.text("#error"), "You are watching this game: a spectator's link cannot move.")
	expect(t, "nothing played", evalJS[int](white, `S.game.plies`), 0)

	// A takeback: White asks after Black's answer; both moves go once
	// Black accepts, in two clicks.
	white.typeMove("e4")
	black.plies(1, "Black")
	black.typeMove("e5")
	white.plies(2, "White")
	white.clickButton("#seat-takeback")
	white.offerShown("You offered to take back a move: waiting for Black.", "White")
	black.offerShown("White offers to take back a move.", "Black")
	black.clickButton("#offer-accept")
	expect(t, "one click arms Accept", black.text("#offer-accept"), "Click again to accept")
	expect(t, "not yet taken back", evalJS[int](black, `S.game.plies`), 2)
	black.clickButton("#offer-accept")
	white.waitJS(`S.game.plies === 0 && document.getElementById("offer-bar").hidden`, "the takeback on White's page")
	black.waitJS(`S.game.plies === 0`, "the takeback on Black's page")

	// A draw declined, then one agreed.
	white.typeMove("d4")
	black.plies(1, "Black")
	black.clickButton("#seat-draw")
	white.offerShown("Black offers a draw.", "White")
	if os := white.text("#status"); os != "Black to move (your opponent's move)" {
		t.Fatalf("White's status with the offer: %q", os)
	}
	white.clickButton("#offer-decline")
	black.offerShown("White declines the draw.", "Black")
	black.typeMove("d5")
	white.plies(2, "White")
	white.waitJS(`document.getElementById("offer-bar").hidden`, "the declined note gone after a move")
	white.clickButton("#seat-draw")
	black.offerShown("White offers a draw.", "Black")
	black.shotSizes("offer")
	black.clickButton("#offer-accept")
	black.clickButton("#offer-accept")
	for _, p := range []*page{white, black} {
		p.waitJS(`document.getElementById("status").textContent === "Game over, 1/2-1/2: Draw by agreement"`, "the draw agreed")
	}
	pgn := white.pgnNow()
	for _, tag := range []string{`[White "Asha"]`, `[Black "Ravi"]`, `[Result "1/2-1/2"]`} {
		if !strings.Contains(pgn, tag) {
			t.Fatalf("the PGN lacks %s:\n%s", tag, pgn)
		}
	}

	// A rematch: colours swapped, a new pair of links, each page seated
	// by itself.
	firstID := evalJS[string](white, `S.game.id`)
	black.clickButton("#seat-rematch")
	white.offerShown("Black offers a rematch, colours swapped.", "White")
	white.clickButton("#offer-accept")
	white.waitJS(fmt.Sprintf(`S.shared && S.shared.seat === "black" && S.game.id !== %q && S.game.plies === 0`, firstID), "White's page in the rematch, as Black")
	black.waitJS(fmt.Sprintf(`S.shared && S.shared.seat === "white" && S.game.id !== %q`, firstID), "Black's page in the rematch, as White")
	rematchID := evalJS[string](white, `S.game.id`)
	expect(t, "the same rematch on both pages", evalJS[string](black, `S.game.id`), rematchID)
	expect(t, "Asha's board turned", white.attr("#board", "data-flipped"), "1")
	expect(t, "Asha's address is her new link", evalJS[bool](white, fmt.Sprintf(`location.search.includes(%q) && location.search.includes(S.shared.token)`, rematchID)), true)
	expect(t, "the names swapped", evalJS[string](white, `S.game.tags.White + " - " + S.game.tags.Black`), "Ravi - Asha")
	expect(t, "Asha's seat line", white.text("#share-seat-line"), "You play Black in this shared game.")

	// New game in a shared game asks first; Cancel keeps the game.
	black.typeMove("e4")
	white.plies(1, "Asha")
	white.clickButton("#new")
	white.waitJS(`document.getElementById("leave-dialog").open`, "the question before a new game")
	if link := evalJS[string](white, `document.getElementById("leave-link").value`); !strings.Contains(link, rematchID) {
		t.Fatalf("the dialog's link %q", link)
	}
	white.viewShot("leave-dialog.png")
	white.clickButton("#leave-cancel")
	expect(t, "still in the shared game", evalJS[string](white, `S.shared ? S.game.id : ""`), rematchID)

	// Asha goes away: after -claim-after Ravi may claim the win.
	white.run(chromedp.Navigate("about:blank"))
	black.waitJS(`!document.getElementById("claim-row").hidden && document.getElementById("claim-note").textContent.startsWith("Black left")`, "Ravi's page to say Black left")
	black.waitJS(`!document.getElementById("claim-win").hidden`, "the claim offered")
	black.clickButton("#claim-win")
	expect(t, "one click arms the claim", black.text("#claim-win"), "Click again to claim")
	black.clickButton("#claim-win")
	black.waitJS(`document.getElementById("status").textContent === "Game over, 1-0: White wins: Black left the game"`, "the claimed win")

	// Ravi shares another game and starts a new one in the middle of it:
	// asked, he resigns (two clicks) and gets a board of his own.
	black.clickButton("#new")
	black.waitJS(`!S.shared`, "a new game of his own (the last one is over: no question)")
	black.shareFrom("white")
	black.typeMove("e4")
	sharedID, token := evalJS[string](black, `S.game.id`), evalJS[string](black, `S.shared.token`)
	black.clickButton("#new")
	black.waitJS(`document.getElementById("leave-dialog").open`, "the question")
	black.clickButton("#leave-resign")
	expect(t, "one click arms Resign", black.text("#leave-resign"), "Click again to resign")
	black.clickButton("#leave-resign")
	black.waitJS(fmt.Sprintf(`!S.shared && S.game.id !== %q && S.game.plies === 0 && !location.search`, sharedID), "a new game of his own")
	status, _, body := black.fetchJS("GET", "/api/games/"+sharedID+"?token="+token)
	if status != 200 || !strings.Contains(body, `"reason":"White resigns"`) {
		t.Fatalf("the shared game after resigning: %d %s", status, body)
	}
}

// shotSizes writes what the window shows at a phone's, a laptop's and a
// desktop's size (SENAPATI_SHOTS), and goes back to the test's size.
func (p *page) shotSizes(name string) {
	p.t.Helper()
	for _, s := range []struct {
		size string
		w, h int64
	}{{"phone", 390, 700}, {"laptop", 1366, 768}, {"desktop", 1920, 1080}} {
		var opts []chromedp.EmulateViewportOption
		if s.size == "phone" {
			opts = append(opts, chromedp.EmulateMobile)
		}
		p.run(chromedp.EmulateViewport(s.w, s.h, opts...))
		p.exec(`window.scrollTo(0, 0)`)
		p.viewShot(fmt.Sprintf("%s-%s.png", name, s.size))
	}
	p.run(chromedp.EmulateViewport(1120, 800))
}
