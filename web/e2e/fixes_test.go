package e2e

// The fixes of issue 31, each as a person meets it in the browser: stale
// analysis after a new game, a loss on time, a loaded PGN, the phone and
// laptop layouts, and the smaller ones (score signs, typed SAN errors, the
// last-move colour, the fallen count, the favicon, 405 answers).

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// openBoardAt opens the board in a browser window of w x h CSS pixels.
func openBoardAt(t *testing.T, variant string, w, h int64, mobile ...chromedp.EmulateViewportOption) (*server, *page) {
	t.Helper()
	srv := startServer(t, "127.0.0.1:0", variant)
	p := newPageAt(t, w, h, mobile...)
	p.run(chromedp.Navigate(srv.url))
	p.settle()
	return srv, p
}

// viewShot writes what the window shows (not the whole page) under
// SENAPATI_SHOTS.
func (p *page) viewShot(name string) {
	p.t.Helper()
	dir := os.Getenv("SENAPATI_SHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// fetchJS runs fetch in the page and returns the status, the Allow header
// and the body text.
func (p *page) fetchJS(method, path string) (int, string, string) {
	p.t.Helper()
	r := evalJS[struct {
		Status int    `json:"status"`
		Allow  string `json:"allow"`
		Type   string `json:"type"`
		Body   string `json:"body"`
	}](p, fmt.Sprintf(`fetch(%q, {method: %q}).then(async r => ({status: r.status, allow: r.headers.get("Allow") || "",
		type: r.headers.get("Content-Type") || "", body: await r.text()}))`, path, method), chromedp.EvalAwaitPromise)
	return r.Status, r.Allow, r.Body
}

// gamePath is the API path of the page's game.
func (p *page) gamePath() string {
	p.t.Helper()
	return "/api/games/" + evalJS[string](p, `S.game.id`)
}

// pgnNow is the game's PGN as Download PGN gives it.
// loadPGN opens the game record and loads pgn as pasted text.
func (p *page) loadPGN(pgn string) {
	p.t.Helper()
	p.exec(`document.getElementById("position").open = true`)
	p.run(chromedp.SetValue(chromedp.CSS("#pgn-text"), pgn))
	p.clickButton("#load-pgn")
}

func (p *page) pgnNow() string {
	p.t.Helper()
	status, _, body := p.fetchJS("GET", p.attr("#download-pgn", "href"))
	expect(p.t, "PGN download status", status, 200)
	return body
}

// typeMove types a move and plays it.
func (p *page) typeMove(text string) {
	p.t.Helper()
	p.run(chromedp.SetValue(chromedp.CSS("#move-input"), text), chromedp.Click(chromedp.CSS("#typed button")))
	p.settle()
}

// noSearchShown: the panel shows no line, no summary, no chances and the
// bar stands in the middle.
func (p *page) noSearchShown(what string) {
	p.t.Helper()
	shown := evalJS[struct {
		Lines   int    `json:"lines"`
		Summary string `json:"summary"`
		WDL     string `json:"wdl"`
		Bar     string `json:"bar"`
	}](p, `({lines: document.querySelectorAll("#lines li").length, summary: document.getElementById("analysis-summary").textContent,
		wdl: document.getElementById("analysis-wdl").textContent, bar: document.getElementById("evalbar-white").style.height})`)
	if shown.Lines != 0 || shown.Summary != "" || shown.WDL != "" || shown.Bar != "50%" && shown.Bar != "50.0%" {
		p.t.Fatalf("%s: the previous game's search is still shown: %d lines, summary %q, chances %q, bar %q",
			what, shown.Lines, shown.Summary, shown.WDL, shown.Bar)
	}
}

// Fix 1: New game, switching the game, Set up FEN and Load PGN forget the
// previous game's lines, chances and evaluation bar.
func TestNoStaleAnalysis(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.choose("#mode", "humans")
	p.run(chromedp.SetValue(chromedp.CSS("#movetime"), "0.2"))
	search := func() {
		t.Helper()
		p.clickButton("#engine-move")
		p.waitJS(`document.querySelectorAll("#lines li").length >= 1 && !document.getElementById("engine-move").disabled && !S.game.searching`, "the engine's lines")
		// A clearly won position moves the bar; the start position may not.
	}
	search()
	p.clickButton("#new")
	p.noSearchShown("after New game")

	search()
	p.choose("#variant", "durg")
	expect(t, "switched", p.attr("#board", "data-variant"), "durg")
	p.noSearchShown("after switching to Durg")

	search()
	p.setUp("1r2k4/9/4d4/9/9/9/1D7/9/4K4[] w - - 0 1 0/0")
	p.noSearchShown("after Set up FEN")

	search()
	p.loadPGN("[Variant \"chaturanga\"]\n\n1. e3 e6 *")
	expect(t, "loaded", p.attr("#board", "data-variant"), "chaturanga")
	p.noSearchShown("after Load PGN")

	// A live analysis follows the new position: every line it shows
	// begins with a legal move there, never with one of the old game.
	p.choose("#variant", "chess")
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	p.waitJS(`document.querySelectorAll("#lines li").length >= 1`, "the analysis")
	p.setUp("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	for i := 0; i < 20; i++ {
		bad := evalJS[string](p, `(() => { const legal = new Set(S.view.turns.flatMap(t => Object.values(t.moves).flat().concat(t.calls || []).map(m => m.uci)));
			return [...document.querySelectorAll("#lines li")].map(li => (li.dataset.pv || "").split(" ")[0]).filter(m => !legal.has(m)).join(" "); })()`)
		if bad != "" {
			t.Fatalf("after Set up FEN a line begins with %q, not a move of the new position", bad)
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.waitJS(`document.querySelectorAll("#lines li").length >= 1`, "the analysis of the new position")
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	p.waitJS(`document.getElementById("stop").disabled`, "the analysis to stop")
}

// Fix 2: a loss on time is the game's result in the PGN, and Take back
// after it gives a game that goes on.
func TestLossOnTime(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.choose("#tc-kind", "clock")
	p.choose("#clock-base", "0.1") // 6 s, as in the issue
	p.choose("#clock-inc", "0")
	p.clickButton("#new")
	p.click("e2")
	p.click("e4")
	p.waitJS(`document.querySelectorAll("#movelist .mv").length === 2 && !S.thinking`, "the engine's answer")
	p.waitJS(`document.getElementById("status").textContent.includes("on time")`, "White's flag")
	p.waitJS(`S.game.verdict.over`, "the server to know the result")
	expect(t, "status", p.text("#status"), "Game over, 0-1: Black wins on time")
	pgn := strings.Join(strings.Fields(p.pgnNow()), " ") // lines may break anywhere
	for _, want := range []string{`[Result "0-1"]`, `[Termination "time forfeit"]`, "Black wins on time} 0-1"} {
		if !strings.Contains(pgn, want) {
			t.Fatalf("the PGN lacks %s:\n%s", want, pgn)
		}
	}
	// The result survives a reload.
	p.run(chromedp.Reload())
	p.settle()
	expect(t, "status after a reload", p.text("#status"), "Game over, 0-1: Black wins on time")

	// Take back (two plies against the engine): the clock as it stood
	// then, and the game goes on.
	p.clickButton("#undo")
	expect(t, "status after Take back", p.text("#status"), "White to move")
	expect(t, "no result", evalJS[bool](p, `S.game.verdict.over || !!S.clock.flag`), false)
	expect(t, "Engine move possible", evalJS[bool](p, `document.getElementById("engine-move").disabled`), false)
	if !strings.Contains(p.pgnNow(), `[Result "*"]`) {
		t.Fatal("the PGN still has a result after Take back")
	}
	p.click("d2")
	p.click("d4")
	p.waitJS(`document.querySelectorAll("#movelist .mv").length === 2 && !S.thinking`, "the engine's answer after Take back")
}

const lichessPGN = `[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[White "Anna"]
[Black "Bela"]
[Result "0-1"]
[Termination "Normal"]

1. e4 { [%eval 0.2] [%clk 0:03:00] } 1... e5 { [%clk 0:02:58] } 2. Nf3 $1 { [%clk 0:02:55] } (2. f4 exf4 $6 { gambit }) 2... Nc6 { develops [%clk 0:02:50] } 3. Bc4 Nf6?! 4. Ng5 $14 0-1

[Event "Second game"]
[White "Cem"]
[Black "Dara"]
[Result "1-0"]

1. d4 d5 2. c4 1-0
`

// Fix 3: a loaded PGN keeps its result (its variations and NAGs:
// TestLoadedVariations); clock and eval comments are shown as such;
// a file of several games offers them.
func TestLoadedPGN(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.loadPGN(lichessPGN)
	p.clickButton("#last")
	expect(t, "the loaded result", p.text("#status"), "Game over, 0-1: Black wins, as the PGN records it")
	pgn := p.pgnNow()
	for _, want := range []string{`[Result "0-1"]`, `[Termination "Normal"]`, " 0-1\n", "Nf3!", "Nf6?!"} {
		if !strings.Contains(pgn, want) {
			t.Fatalf("the PGN lacks %q:\n%s", want, pgn)
		}
	}
	notice := p.text("#notice")
	for _, want := range []string{"2 games", "game 1"} {
		if !strings.Contains(notice, want) {
			t.Fatalf("the notice %q does not say %q", notice, want)
		}
	}
	expect(t, "the notice is visible", p.visible("#notice"), true)
	moves := p.text("#movelist")
	if strings.Contains(moves, "[%") {
		t.Fatalf("raw clock comments in the move list: %q", moves)
	}
	for _, want := range []string{"2:58", "develops", "Nf3!", "Nf6?!", "+0.20"} {
		if !strings.Contains(moves, want) {
			t.Fatalf("the move list %q lacks %q", moves, want)
		}
	}
	// The PGN's [%eval] is the position's score: the graph draws it
	// (issue 56: the graph and the comment disagreed).
	expect(t, "the graph's point after 1. e4", p.attr(`#evalgraph .pt[data-ply="1"]`, "data-white"), "20")
	// The second game of the file.
	expect(t, "games offered", p.count("#pgn-game option"), 2)
	p.choose("#pgn-game", "2")
	p.clickButton("#last")
	moveTexts := evalJS[[]string](p, `[...document.querySelectorAll("#movelist .mv")].map(e => e.textContent)`)
	expect(t, "the second game", strings.Join(moveTexts, " "), "d4 d5 c4")
	expect(t, "its result", p.text("#status"), "Game over, 1-0: White wins, as the PGN records it")
	if n := p.text("#notice"); !strings.Contains(n, "game 2") {
		t.Fatalf("notice %q", n)
	}
	// Take back leaves the recorded result behind.
	p.clickButton("#undo")
	expect(t, "after Take back", p.text("#status"), "White to move")
}

// scrollAfterMoves plays moves by clicks (both sides) and checks the page
// never scrolls.
func (p *page) movesWithoutScrolling(moves ...string) {
	p.t.Helper()
	for _, m := range moves {
		p.click(m[:2])
		p.click(m[2:])
		if y := evalJS[float64](p, `window.scrollY`); y != 0 {
			p.t.Fatalf("after %s the page scrolled to %v", m, y)
		}
	}
}

// inView: the element lies wholly inside the window.
func (p *page) inView(sel string) bool {
	p.t.Helper()
	return evalJS[bool](p, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect();
		return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; })()`, sel))
}

// Fix 4: on a 390x700 phone a move does not scroll the page, the whole
// board is in view and a tap on its top rank lands there.
func TestPhoneLayout(t *testing.T) {
	_, p := openBoardAt(t, "durg", 390, 700, chromedp.EmulateMobile)
	p.choose("#mode", "humans")
	expect(t, "no sideways scrolling", evalJS[bool](p, `document.documentElement.scrollWidth <= innerWidth`), true)
	// 9 ranks: a9 and i1 inside the window, and the top rank's square is
	// what a tap there hits.
	for _, sq := range []string{"a9", "i9", "a1", "i1"} {
		if !p.inView(fmt.Sprintf(`#squares [data-sq="%s"]`, sq)) {
			t.Fatalf("%s is not in view", sq)
		}
	}
	p.movesWithoutScrolling("e2e4", "e8e6", "b1c3", "h9g7", "d2d3")
	x, y := p.center("h8")
	hit := evalJS[string](p, fmt.Sprintf(`(() => { const e = document.elementFromPoint(%v, %v); return e && e.closest("#board") ? "board" : (e ? e.tagName : "nothing"); })()`, x, y))
	expect(t, "a tap on h8 lands on the board", hit, "board")
	p.movesWithoutScrolling("h8h6") // a Sipahi of the top rank but one
	expect(t, "moves", p.count("#movelist .mv"), 6)
	p.viewShot("web-phone.png")
}

// Fix 5: on a 1366x768 laptop the status, the Mantri's arrival prompt and
// an error stand in the window without scrolling, with the whole board.
func TestLaptopLayout(t *testing.T) {
	_, p := openBoardAt(t, "durg", 1366, 768)
	p.choose("#mode", "humans")
	p.setUp("1r2k4/ppp1ppppp/4d4/9/9/9/1D7/PPPPP1PPP/4K4[B] w - - 0 1 5/0")
	p.exec(`document.getElementById("position").open = false; window.scrollTo(0, 0)`)
	if !strings.Contains(p.text("#prompt"), "Mantri arrives first") {
		t.Fatalf("prompt %q", p.text("#prompt"))
	}
	p.typeMove("e3")
	if !strings.Contains(p.text("#error"), "Mantri must arrive first") {
		t.Fatalf("error %q", p.text("#error"))
	}
	p.exec(`window.scrollTo(0, 0)`)
	for _, sel := range []string{"#status", "#prompt", "#error", "#board", "#holdings-top", "#holdings-bottom"} {
		if !p.inView(sel) {
			t.Fatalf("%s is not in view at 1366x768", sel)
		}
	}
	p.viewShot("web-laptop.png")
}

var scoreWord = regexp.MustCompile(`([+-])(M?)(\d+(?:\.\d+)?)`)

func scoreSign(s string) int {
	m := scoreWord.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	if m[1] == "-" {
		return -1
	}
	return 1
}

// rgb is a CSS rgb()/rgba() colour's red, green and blue in 0..1 (nil
// when it is not one).
func rgb(css string) []float64 {
	var nums []float64
	for _, f := range regexp.MustCompile(`[\d.]+`).FindAllString(css, 3) {
		v, _ := strconv.ParseFloat(f, 64)
		nums = append(nums, v/255)
	}
	if len(nums) < 3 {
		return nil
	}
	return nums
}

// contrast is the WCAG contrast ratio of two CSS colours (1 to 21; 4.5 is
// the least the guidelines ask of small text).
func contrast(a, b string) float64 {
	luminance := func(css string) float64 {
		c := rgb(css)
		if c == nil {
			return math.NaN()
		}
		var l float64
		for i, w := range []float64{0.2126, 0.7152, 0.0722} {
			v := c[i]
			if v <= 0.03928 {
				v /= 12.92
			} else {
				v = math.Pow((v+0.055)/1.055, 2.4)
			}
			l += w * v
		}
		return l
	}
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// hue is the hue in degrees of a CSS rgb()/rgba() colour.
func hue(css string) float64 {
	nums := rgb(css)
	if nums == nil {
		return math.NaN()
	}
	r, g, b := nums[0], nums[1], nums[2]
	hi, lo := max(r, g, b), min(r, g, b)
	if hi == lo {
		return 0
	}
	var h float64
	switch hi {
	case r:
		h = math.Mod((g-b)/(hi-lo), 6)
	case g:
		h = (b-r)/(hi-lo) + 2
	default:
		h = (r-g)/(hi-lo) + 4
	}
	h *= 60
	if h < 0 {
		h += 360
	}
	return h
}

// Fix 6: the page has a favicon, and a path asked with a method it does
// not take answers 405 with the methods it takes.
func TestFaviconAnd405(t *testing.T) {
	_, p := openBoard(t, "chess")
	icon := p.attr(`link[rel="icon"]`, "href")
	if icon == "" {
		t.Fatal("no favicon link")
	}
	for _, path := range []string{icon, "/favicon.ico"} {
		if status, _, _ := p.fetchJS("GET", path); status != 200 {
			t.Fatalf("GET %s: %d", path, status)
		}
	}
	g := p.gamePath()
	for _, c := range []struct{ method, path, allow string }{
		{"GET", g + "/move", "POST"}, {"PUT", g, "GET, HEAD, DELETE"}, {"GET", "/api/games", "POST"},
		{"DELETE", "/api/variants", "GET, HEAD"}, {"POST", "/", "GET, HEAD"},
	} {
		status, allow, _ := p.fetchJS(c.method, c.path)
		expect(t, c.method+" "+c.path, fmt.Sprint(status, " ", allow), "405 "+c.allow)
	}
	if status, _, _ := p.fetchJS("GET", "/api/nothing"); status != 404 {
		t.Fatalf("GET /api/nothing: %d", status)
	}
}

// Fix 6: a typed algebraic move gets the reason a UCI move gets.
func TestTypedSANErrors(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.choose("#mode", "humans")
	for _, c := range []struct{ move, want string }{
		{"Bc4", `illegal move "Bc4": the way from f1 to c4 is blocked`},
		{"Nd2", `illegal move "Nd2": d2 holds white's own piece`},
		{"e5", `illegal move "e5": the pawn on e2: it cannot move to e5`},
		{"Qh5", `illegal move "Qh5": the way from d1 to h5 is blocked`},
	} {
		p.typeMove(c.move)
		expect(t, "typed "+c.move, p.text("#error"), c.want)
	}
}

// Fix 6: one sign on the page, White's view: the move list's engine
// scores as the panel and the bar show them.
func TestOneScoreSign(t *testing.T) {
	_, p := openBoard(t, "chess")
	p.choose("#mode", "humans")
	p.run(chromedp.SetValue(chromedp.CSS("#movetime"), "0.3"))
	// Black, a queen up, lets the engine move.
	p.setUp("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1")
	p.clickButton("#engine-move")
	p.waitJS(`document.querySelectorAll("#movelist .mv[data-ply]").length === 1 && !S.thinking && document.querySelectorAll("#lines li").length >= 1`, "the engine's move")
	listed := p.text("#movelist .mv[data-ply] .c")
	panel := p.text("#lines .score")
	if scoreSign(listed) != -1 || scoreSign(panel) != -1 {
		t.Fatalf("Black a queen up: the move list says %q and the panel %q; both should be negative (White's view)", listed, panel)
	}
	// The PGN keeps -pgnout's convention: the mover's view.
	if pgn := p.pgnNow(); !regexp.MustCompile(`e5 \{\+\d`).MatchString(pgn) && !regexp.MustCompile(`\.\.\. \S+ \{\+`).MatchString(pgn) {
		t.Fatalf("the PGN's comment is not from the mover's view:\n%s", pgn)
	}
}

// Fix 6: the fallen count past the call's threshold is not "5/4", and the
// last move's colour is not the arrival squares' gold.
func TestFallenAndLastMoveColour(t *testing.T) {
	_, p := openBoard(t, "durg")
	p.choose("#mode", "humans")
	p.setUp("1r2k4/ppp1ppppp/4d4/9/9/9/1D7/PPPPP1PPP/4K4[B] b - - 0 1 5/0")
	fallen := p.text("#holdings-bottom .fallen")
	if strings.Contains(fallen, "5/4") || !strings.Contains(fallen, "5") {
		t.Fatalf("fallen shown as %q", fallen)
	}
	p.click("a8")
	p.click("a7")
	colours := evalJS[[]string](p, `[document.querySelector("#marks .last"), document.querySelector("#marks .slot")].map(e => e ? getComputedStyle(e).fill : "")`)
	if colours[0] == "" || colours[1] == "" {
		t.Fatalf("last move and arrival squares not both shown: %q", colours)
	}
	d := math.Abs(hue(colours[0]) - hue(colours[1]))
	d = min(d, 360-d)
	if d < 40 {
		t.Fatalf("the last move (%s) and the arrival squares (%s) differ by %.0f degrees of hue only", colours[0], colours[1], d)
	}
}
