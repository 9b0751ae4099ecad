package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// movetext is the page's move list as text, variations in parentheses.
func (p *page) movetext() string {
	p.t.Helper()
	return evalJS[string](p, `[...document.querySelectorAll("#movelist .no, #movelist .mv, #movelist .gap, #movelist .paren")].map(e => e.textContent.trim()).join(" ")`)
}

// movetextSoon is the move list once it reads want, or after 10 s what it
// reads then: a click's request may still be on its way when settle looks.
func (p *page) movetextSoon(want string) string {
	p.t.Helper()
	got := p.movetext()
	for end := time.Now().Add(10 * time.Second); got != want && time.Now().Before(end); got = p.movetext() {
		time.Sleep(50 * time.Millisecond)
	}
	return got
}

// nodeOf is the tree id of the move with this SAN (the first one found).
func (p *page) nodeOf(san string) int {
	p.t.Helper()
	return evalJS[int](p, fmt.Sprintf(`(() => { const e = [...document.querySelectorAll("#movelist [data-node]")].find(e => e.firstChild.textContent.trim() === %q); return e ? +e.dataset.node : 0; })()`, san))
}

func (p *page) clickMove(san string) {
	p.t.Helper()
	id := p.nodeOf(san)
	if id == 0 {
		p.t.Fatalf("no move %s in the list %q", san, p.movetext())
	}
	// The list is drawn again when an event arrives, and a click on the
	// element it replaced is lost: click until the move is the one shown.
	sel := fmt.Sprintf(`#movelist [data-node="%d"]`, id)
	for try := 0; ; try++ {
		p.clickButton(sel)
		shown := fmt.Sprintf(`document.querySelector(%q)?.classList.contains("current")`, sel)
		for end := time.Now().Add(2 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
			if evalJS[bool](p, `!!(`+shown+`)`) {
				return
			}
		}
		if try == 4 {
			p.t.Fatalf("a click on %s never showed it", san)
		}
	}
}

func (p *page) key(k string) {
	p.t.Helper()
	p.run(chromedp.KeyEvent(k))
	p.settle()
}

// TestVariationTree: a move at an earlier ply makes a variation and the
// rest of the game stays; the list shows it in parentheses under the move
// it replaces; a click enters a line; Promote, Main line and Delete act on
// the move shown; the keys step; the PGN writes the variations; a reload
// and a server restart keep the tree and the line.
func TestVariationTree(t *testing.T) {
	srv, p := openBoard(t, "chess")
	p.choose("#mode", "humans")
	for _, m := range []string{"e2e4", "e7e5", "g1f3", "b8c6"} {
		p.click(m[:2])
		p.click(m[2:])
	}
	expect(t, "the game", p.movetext(), "1. e4 e5 2. Nf3 Nc6")
	// Back to after 1... e5 and play 2. Bc4 there.
	p.clickMove("e5")
	if s := p.text("#status"); !strings.Contains(s, "a move here starts a variation") {
		t.Fatalf("status %q", s)
	}
	p.click("f1")
	p.click("c4")
	expect(t, "the variation", p.movetext(), "1. e4 e5 2. Nf3 … 2. Bc4 2. … Nc6")
	expect(t, "one variation block", p.count("#movelist li.vars"), 1)
	expect(t, "the variation in its block", strings.Join(strings.Fields(p.text("#movelist li.vars")), " "), "2. Bc4")
	expect(t, "Bc4 is shown", p.text("#movelist .mv.current"), "Bc4")
	expect(t, "the bishop on c4", p.board()["c4"], "B")
	// A black reply in the variation, then a sub-variation of it.
	p.typeMove("Nf6")
	p.key(kb.ArrowLeft)
	p.typeMove("Bc5")
	expect(t, "nested", p.movetext(), "1. e4 e5 2. Nf3 … 2. Bc4 Nf6 ( 2… Bc5 ) 2. … Nc6")

	// A click on the main line's Nc6 enters the main line.
	p.clickMove("Nc6")
	expect(t, "main line active", evalJS[bool](p, `S.game.mainLine`), true)
	expect(t, "the knight on c6", p.board()["c6"], "n")
	expect(t, "promote off the main line", evalJS[bool](p, `document.getElementById("var-promote").disabled`), true)
	// Keys: Home, End, arrows.
	p.key(kb.Home)
	expect(t, "Home", evalJS[int](p, `S.view.ply`), 0)
	p.key(kb.ArrowRight)
	p.key(kb.ArrowRight)
	expect(t, "two steps", p.text("#movelist .mv.current"), "e5")
	p.key(kb.End)
	expect(t, "End", evalJS[int](p, `S.view.ply`), 4)
	p.key("f")
	expect(t, "f flips", p.attr("#board", "data-flipped"), "1")
	p.key("f")

	// The PGN has the tree.
	pgn := strings.Join(strings.Fields(p.pgnNow()), " ")
	if !strings.Contains(pgn, "1. e4 e5 2. Nf3 ( 2. Bc4 Nf6 ( 2... Bc5 ) ) 2... Nc6 *") {
		t.Fatalf("the PGN lacks the variations:\n%s", pgn)
	}

	// Promote Bc4's line to the main line.
	p.clickMove("Nf6")
	// The button acts on the move shown: only once the page shows Nf6.
	p.waitJS(`document.querySelector("#movelist .mv.current")?.firstChild.textContent.trim() === "Nf6" && !document.querySelector("#var-main").disabled`, "Nf6 shown, Main line enabled")
	p.clickButton("#var-main")
	expect(t, "promoted", p.movetextSoon("1. e4 e5 2. Bc4 … 2. Nf3 Nc6 2. … Nf6 2… Bc5"), "1. e4 e5 2. Bc4 … 2. Nf3 Nc6 2. … Nf6 2… Bc5")
	expect(t, "still shown", p.text("#movelist .mv.current"), "Nf6")

	// A reload and a server restart keep the tree and the line shown.
	p.clickMove("Bc5")
	p.run(chromedp.Reload())
	p.settle()
	expect(t, "after a reload", p.movetext(), "1. e4 e5 2. Bc4 … 2. Nf3 Nc6 2. … Nf6 2… Bc5")
	addr := strings.TrimPrefix(strings.Split(srv.url, "/?")[0], "http://")
	srv.stop()
	startServer(t, addr, "chess")
	p.run(chromedp.Reload())
	p.settle()
	expect(t, "after a restart", p.movetext(), "1. e4 e5 2. Bc4 … 2. Nf3 Nc6 2. … Nf6 2… Bc5")
	expect(t, "the line kept", evalJS[string](p, `S.game.moves.map(m => m.san).join(" ")`), "e4 e5 Bc4 Bc5")

	// Delete the variation 2. Nf3 Nc6 from its first move.
	p.clickMove("Nf3")
	p.clickButton("#var-delete")
	expect(t, "deleted", p.movetext(), "1. e4 e5 2. Bc4 Nf6 2… Bc5")
	expect(t, "back to the move before", evalJS[int](p, `S.view.ply`), 2)
}

// TestLoadedVariations: a lichess PGN's variations, NAGs, comments and
// [%clk] are shown in the list; a click on a variation's move shows its
// position; Download PGN writes them back.
func TestLoadedVariations(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.loadPGN(lichessPGN)
	list := p.movetext()
	for _, want := range []string{"2. f4 exf4?! gambit", "Ng5+=", "2:58"} {
		if !strings.Contains(list, want) {
			t.Fatalf("the list %q lacks %q", list, want)
		}
	}
	p.clickMove("exf4")
	expect(t, "the variation's position", p.board()["f4"], "p")
	expect(t, "its line", evalJS[string](p, `S.game.moves.map(m => m.san).join(" ")`), "e4 e5 f4 exf4")
	pgn := strings.Join(strings.Fields(p.pgnNow()), " ")
	for _, want := range []string{"( 2. f4 exf4?! {gambit} )", "{[%clk 0:02:58]}", "Ng5 $14 0-1", `[Result "0-1"]`} {
		if !strings.Contains(pgn, want) {
			t.Fatalf("the PGN lacks %q:\n%s", want, pgn)
		}
	}
}

// rightDrag drags with the right mouse button, as one draws an arrow
// (from === to: a right click, a circle), with the modifiers given.
func (p *page) rightDrag(from, to string, mods ...chromedp.Modifier) {
	p.t.Helper()
	x0, y0 := p.center(from)
	x1, y1 := p.center(to)
	opts := []chromedp.MouseOption{chromedp.ButtonRight, chromedp.ClickCount(1), chromedp.ButtonModifiers(mods...)}
	held := func(ip *input.DispatchMouseEventParams) { ip.Button, ip.Buttons = input.MouseButtonRight, 2 }
	p.run(chromedp.MouseEvent(chromedp.MouseMoved, x0, y0),
		chromedp.MouseEvent(chromedp.MousePressed, x0, y0, opts...),
		chromedp.MouseEvent(chromedp.MouseMoved, (x0+x1)/2, (y0+y1)/2, held),
		chromedp.MouseEvent(chromedp.MouseMoved, x1, y1, held),
		chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, opts...))
	p.settle()
}

// TestAnalysisArrowsAndLines: the analysis's top line draws its best move
// as an arrow; a click on a move of a line enters the line up to it; the
// right button draws arrows and circles (Shift: red) and takes them away
// again; a move clears them.
func TestAnalysisArrowsAndLines(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.choose("#mode", "humans")
	p.typeMove("e4")
	p.typeMove("e5")
	p.key(kb.Home)
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	p.waitJS(`document.querySelectorAll("#lines li .pvm").length >= 2 && S.lines[0] && S.lines[0].ply === 0`, "an analysis line of the start")
	p.waitJS(`document.querySelector("#shapes .best-arrow") && document.querySelector("#shapes .best-arrow").dataset.uci === S.lines[0].pvUci[0]`, "the best-move arrow")
	// Enter the top line to its second move.
	pv := evalJS[string](p, `(() => { const li = document.querySelector("#lines li"); li.querySelectorAll(".pvm")[1].click(); return li.dataset.pv; })()`)
	p.settle()
	p.waitJS(`S.view.ply === 2`, "the line entered")
	want := strings.Fields(pv)[:2]
	expect(t, "the line's moves", evalJS[[]string](p, `S.game.moves.slice(0, 2).map(m => m.uci)`), want)
	expect(t, "the game kept", evalJS[string](p, `S.game.tree.map(m => m.san).join(" ")`), "e4 e5")
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	p.settle()
	// Back to the start: the engine's line may have moved the g1 knight.
	p.run(chromedp.Click(chromedp.CSS("#first")))
	p.waitJS(`S.view.ply === 0`, "the start")

	// Drawn shapes.
	p.rightDrag("e2", "e4")
	p.rightDrag("d4", "d4")
	p.rightDrag("g1", "f3", chromedp.ModifierShift)
	expect(t, "an arrow", p.count(`#shapes g.user-shape.shape-green[data-from="e2"][data-to="e4"]`), 1)
	expect(t, "a circle", p.count(`#shapes circle.user-shape[data-from="d4"][data-to="d4"]`), 1)
	expect(t, "a red arrow", p.count(`#shapes .user-shape.shape-red[data-from="g1"][data-to="f3"]`), 1)
	p.rightDrag("e2", "e4")
	expect(t, "the arrow taken away", p.count(`#shapes [data-from="e2"]`), 0)
	expect(t, "no menu, the piece not moved", p.board()["g1"], "N")
	p.typeMove("Nf3")
	expect(t, "a move clears them", p.count("#shapes .user-shape"), 0)
}

// TestEvalGraph: "Evaluate the game" reviews every position of the line at
// the depth chosen with a progress bar; the graph shows each score from
// White's view (a queen up: every point above the middle); a click on the
// graph goes to that ply; the scores survive a reload.
func TestEvalGraph(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.choose("#mode", "humans")
	p.setUp("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	for _, m := range []string{"Qd4", "Ke7", "Ke2", "Kf7", "Kf3", "Ke6"} {
		p.typeMove(m)
	}
	p.run(chromedp.SetValue(chromedp.CSS("#review-depth"), "4"))
	// The progress bar and its count, as the page shows them at every
	// change while the review runs: recorded in the page as they happen,
	// so a review quicker than the test's polling is still seen.
	p.exec(`window.progressSeen = [];
		new MutationObserver(() => {
			const bar = document.getElementById("review-progress"), box = bar.getBoundingClientRect();
			if (S.review && S.review.running) progressSeen.push({visible: !bar.hidden && box.width > 0 && box.height > 0, value: bar.value, max: bar.max, note: document.getElementById("review-note").textContent});
		}).observe(document.getElementById("review"), {subtree: true, attributes: true, childList: true, characterData: true})`)
	p.clickButton("#review-start")
	p.waitJS(`S.review && !S.review.running && S.review.done === 7`, "the review")
	type progress struct {
		Visible    bool
		Value, Max int
		Note       string
	}
	seen := evalJS[[]progress](p, `progressSeen`)
	midway := 0
	for _, s := range seen {
		if !s.Visible || s.Max != 7 || s.Note != fmt.Sprintf("%d of 7 positions", s.Value) {
			t.Fatalf("while the review ran, the progress bar showed %+v (all: %+v)", s, seen)
		}
		if s.Value >= 1 && s.Value < 7 {
			midway++
		}
	}
	if midway == 0 {
		t.Fatalf("the progress bar never showed the review midway: %+v", seen)
	}
	t.Logf("the progress bar while the review ran: %+v", seen)
	expect(t, "points", p.count("#evalgraph .pt"), 7)
	expect(t, "the progress bar gone", p.visible("#review-progress"), false)
	above := evalJS[bool](p, `[...document.querySelectorAll("#evalgraph .pt")].every(c => +c.dataset.white > 300 && +c.getAttribute("cy") < 45)`)
	expect(t, "White's advantage drawn above the middle", above, true)
	// A click a third of the way along goes to ply 2.
	p.exec(`(() => { const b = document.getElementById("evalgraph").getBoundingClientRect();
		document.getElementById("evalgraph").dispatchEvent(new MouseEvent("click", {clientX: b.left + b.width / 3, clientY: b.top + b.height / 2, bubbles: true})); })()`)
	p.settle()
	expect(t, "the ply clicked", evalJS[int](p, `S.view.ply`), 2)
	expect(t, "its move shown", p.text("#movelist .mv.current"), "Ke7")
	p.run(chromedp.Reload())
	p.settle()
	expect(t, "points after a reload", p.count("#evalgraph .pt"), 7)
}

// TestResignDrawAndMaterial: the material balance stands beside the board
// (the pieces a side has more of, in chess the points); the engine
// declines a draw before move 30 and says why; Resign takes two clicks and
// the result says who resigned; two players agree a draw, in two clicks
// as Resign.
func TestResignDrawAndMaterial(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.choose("#tc-kind", "depth")
	p.run(chromedp.SetValue(chromedp.CSS("#depth"), "1"))
	p.setUp("r3k3/pp6/8/8/8/8/PPP5/R2QK3 w - - 0 1")
	expect(t, "White's material", p.attr(`.material[data-side="white"]`, "data-points"), "10")
	expect(t, "White's pieces beyond Black's", p.count(`.material[data-side="white"] svg`), 2)
	expect(t, "the points shown", strings.HasSuffix(p.text(`.material[data-side="white"]`), "+10"), true)
	expect(t, "Black has nothing more", p.count(`.material[data-side="black"] svg`), 0)
	p.typeMove("Qd7+")
	p.waitJS(`S.game.plies === 2 && !S.thinking`, "the engine's answer")
	p.clickButton("#offer-draw")
	if e := p.text("#error"); !strings.Contains(e, "Senapati declines: it agrees a draw only after move 30, and this is move 2") {
		t.Fatalf("the answer to the offer: %q", e)
	}
	expect(t, "the game goes on", evalJS[bool](p, `S.game.verdict.over`), false)
	p.clickButton("#resign-game")
	expect(t, "one click arms it", p.text("#resign-game"), "Click again to resign")
	expect(t, "not yet resigned", evalJS[bool](p, `S.game.verdict.over`), false)
	p.clickButton("#resign-game")
	expect(t, "resigned", p.text("#status"), "Game over, 0-1: White resigns")
	if pgn := p.pgnNow(); !strings.Contains(pgn, "White resigns} 0-1") {
		t.Fatalf("the PGN:\n%s", pgn)
	}
	// Two players at one board agree.
	p.clickButton("#new")
	p.choose("#mode", "humans")
	p.typeMove("e4")
	expect(t, "the button for two players", p.text("#offer-draw"), "Draw agreed")
	p.clickButton("#offer-draw")
	expect(t, "one click arms it, as Resign", p.text("#offer-draw"), "Click again: draw agreed")
	expect(t, "not yet agreed", evalJS[bool](p, `S.game.verdict.over`), false)
	p.clickButton("#offer-draw")
	expect(t, "agreed", p.text("#status"), "Game over, 1/2-1/2: Draw by agreement")
}

// TestClockTimesInPGN: moves played on the page's clock carry the mover's
// time left in the PGN as [%clk] (5 minutes and 2 s increment: about
// 5:02 after a quick move).
func TestClockTimesInPGN(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.choose("#mode", "humans")
	p.run(chromedp.SetValue(chromedp.CSS("#clock-base"), "5"), chromedp.SetValue(chromedp.CSS("#clock-inc"), "2"))
	p.choose("#tc-kind", "clock")
	p.typeMove("e4")
	p.typeMove("e5")
	pgn := p.pgnNow()
	for _, want := range []string{"1. e4 {[%clk 0:05:0", "1... e5 {[%clk 0:05:0"} {
		if !strings.Contains(pgn, want) {
			t.Fatalf("the PGN lacks %q:\n%s", want, pgn)
		}
	}
	// The clock beside the move shown must be readable on its highlight.
	p.waitJS(`document.querySelector("#movelist .mv.current[data-clk]") !== null`, "the current move with its clock")
	fg := evalJS[string](p, `getComputedStyle(document.querySelector("#movelist .mv.current[data-clk]"), "::after").color`)
	bg := evalJS[string](p, `getComputedStyle(document.querySelector("#movelist .mv.current[data-clk]")).backgroundColor`)
	if c := contrast(fg, bg); !(c >= 4.5) {
		t.Fatalf("the current move's clock (%s on %s) has contrast %.2f, under 4.5", fg, bg, c)
	}
}
