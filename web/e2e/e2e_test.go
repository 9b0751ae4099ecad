// Package e2e plays the board of `senapati play` in a real headless
// Chromium, by clicks, and checks what the page shows after each step. It
// is a module of its own so the engine's module keeps its two
// dependencies. Run it with
//
//	cd web/e2e && go test ./...
//
// It builds the engine from this checkout, starts `senapati play` on a
// free loopback port and drives Chromium (Debian's `chromium`; CHROMIUM
// names another binary). Without a browser it skips, unless
// SENAPATI_E2E_REQUIRE=1 (as CI sets it). SENAPATI_SHOTS=DIR also writes
// the README's screenshots there.
package e2e

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// server is a running `senapati play`.
type server struct {
	cmd *exec.Cmd
	url string // the page, as the command printed it
}

var binary string // the engine built for this run

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "senapati-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "senapati")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Dir = filepath.Join("..", "..")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building senapati:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var urlLine = regexp.MustCompile(`open (http://\S+)`)

// startServer runs `senapati play` on addr and waits for its URL.
func startServer(t *testing.T, addr, variant string, flags ...string) *server {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"play", "-addr", addr, "-variant", variant, "-threads", "1", "-hash", "4"}, flags...)...)
	ownGroup(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd}
	t.Cleanup(s.stop)
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := urlLine.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case s.url = <-found:
	case <-time.After(20 * time.Second):
		t.Fatal("senapati play printed no URL")
	}
	return s
}

func (s *server) stop() {
	if s.cmd.ProcessState != nil {
		return
	}
	askToEnd(s.cmd)
	done := make(chan struct{})
	go func() {
		_ = s.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		killGroup(s.cmd)
		<-done
	}
}

// browser finds Chromium, or skips.
func browser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("SENAPATI_E2E_REQUIRE") == "1" {
		t.Fatal("no Chromium found (apt-get install chromium)")
	}
	t.Skip("no Chromium found: apt-get install chromium")
	return ""
}

// openBoard starts `senapati play` on a free port with this variant and
// opens its page in a new browser.
func openBoard(t *testing.T, variant string) (*server, *page) {
	t.Helper()
	srv := startServer(t, "127.0.0.1:0", variant)
	p := newPage(t)
	p.run(chromedp.Navigate(srv.url))
	p.settle()
	return srv, p
}

// page is one browser tab on the board.
type page struct {
	t   *testing.T
	ctx context.Context
}

func newPage(t *testing.T) *page {
	t.Helper()
	return newPageAt(t, 1120, 800)
}

// newPageAt opens a browser whose window is w x h CSS pixels, with the
// phone's viewport (touch, no scroll bars) when mobile options are given.
func newPageAt(t *testing.T, w, h int64, mobile ...chromedp.EmulateViewportOption) *page {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser(t)),
		chromedp.NoSandbox, // CI runs as root
		chromedp.DisableGPU,
		chromedp.WindowSize(int(w), int(h)),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(func() {
		cancelTime()
		cancel()
		cancelAlloc()
	})
	p := &page{t: t, ctx: ctx}
	p.run(chromedp.EmulateViewport(w, h, mobile...))
	return p
}

func (p *page) run(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// evalJS evaluates a JavaScript expression in the page.
func evalJS[T any](p *page, js string, opts ...chromedp.EvaluateOption) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js, opts...))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// exec runs JavaScript for its effect.
func (p *page) exec(js string) {
	p.t.Helper()
	evalJS[any](p, js+"; null")
}

// settle waits until no request is in flight and the page has drawn.
func (p *page) settle() {
	p.t.Helper()
	p.waitJS(`document.body.dataset.busy === "0" && document.querySelector("#pieces") !== null`, "the page to settle")
}

// waitJS polls a JavaScript condition.
func (p *page) waitJS(cond, what string) {
	p.t.Helper()
	began := time.Now()
	deadline := began.Add(30 * time.Second)
	for {
		ok := evalJS[bool](p, `!!(`+cond+`)`)
		if ok {
			if d := time.Since(began); d > time.Second {
				p.t.Logf("waited %v for %s", d.Round(time.Millisecond), what)
			}
			return
		}
		if time.Now().After(deadline) {
			status := evalJS[string](p, `document.getElementById("status").textContent`)
			errText := evalJS[string](p, `document.getElementById("error").textContent`)
			p.t.Fatalf("waited 30 s for %s (status %q, error %q)", what, status, errText)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// center is the middle of a board square on the screen.
func (p *page) center(sq string) (float64, float64) {
	p.t.Helper()
	xy := evalJS[[]float64](p, fmt.Sprintf(`(() => { const r = document.querySelector('#squares [data-sq="%s"]').getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2]; })()`, sq))
	return xy[0], xy[1]
}

// click clicks a board square as a person would.
func (p *page) click(sq string) {
	p.t.Helper()
	x, y := p.center(sq)
	p.run(chromedp.MouseClickXY(x, y))
	p.settle()
}

// drag drags a piece from one square to another with the mouse.
func (p *page) drag(from, to string) {
	p.t.Helper()
	x0, y0 := p.center(from)
	x1, y1 := p.center(to)
	p.mouseDrag(x0, y0, x1, y1)
	p.settle()
}

func (p *page) clickButton(sel string) {
	p.t.Helper()
	p.run(chromedp.Click(chromedp.CSS(sel)))
	p.settle()
}

// board is what the board shows: square -> FEN letter.
func (p *page) board() map[string]string {
	p.t.Helper()
	b := evalJS[map[string]string](p, `Object.fromEntries([...document.querySelectorAll("#pieces [data-letter]")].map(e => [e.dataset.square, e.dataset.letter]))`)
	return b
}

func (p *page) count(sel string) int {
	p.t.Helper()
	n := evalJS[int](p, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel))
	return n
}

func (p *page) text(sel string) string {
	p.t.Helper()
	s := evalJS[string](p, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
	return s
}

func (p *page) attr(sel, name string) string {
	p.t.Helper()
	s := evalJS[string](p, fmt.Sprintf(`(document.querySelector(%q) || {getAttribute: () => ""}).getAttribute(%q) || ""`, sel, name))
	return s
}

func (p *page) visible(sel string) bool {
	p.t.Helper()
	ok := evalJS[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && !e.hidden && e.getBoundingClientRect().width > 0; })()`, sel))
	return ok
}

// choose sets a select element as a person picking an option would.
func (p *page) choose(sel, value string) {
	p.t.Helper()
	p.run(chromedp.SetValue(chromedp.CSS(sel), value))
	p.exec(fmt.Sprintf(`document.querySelector(%q).dispatchEvent(new Event("change"))`, sel))
	p.settle()
}

// setUp types a FEN into the page and sets it up.
func (p *page) setUp(fen string) {
	p.t.Helper()
	p.exec(`document.getElementById("position").open = true`)
	p.run(chromedp.SetValue(chromedp.CSS("#fen"), fen))
	p.clickButton("#set-fen")
	p.waitJS(fmt.Sprintf(`document.getElementById("fen").value === %q`, fen), "the set-up position")
}

func (p *page) shot(name string) {
	p.t.Helper()
	dir := os.Getenv("SENAPATI_SHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

func expect(t *testing.T, what string, got, want any) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: got %v, want %v", what, got, want)
	}
}

// around is a square and its neighbours on a 9x9 board: a Durg's zone.
func around(sq string) []string {
	var out []string
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			f, r := int(sq[0]-'a')+df, int(sq[1]-'1')+dr
			if f >= 0 && f < 9 && r >= 0 && r < 9 {
				out = append(out, string(rune('a'+f))+string(rune('1'+r)))
			}
		}
	}
	return out
}

func TestDurgByClicks(t *testing.T) {
	began := time.Now()
	srv, p := openBoard(t, "durg")
	expect(t, "variant from the address", p.attr("#board", "data-variant"), "durg")
	expect(t, "Durgs at the start", p.board()["b3"]+p.board()["h7"], "Dd")
	expect(t, "zone squares at the start", p.count("#zones [data-zone]"), 4*9)
	p.choose("#mode", "humans")

	// A Rath can take an Ashva inside Black's Durg zone; White has lost
	// three pieces, so the Rath's death brings the count to four.
	p.setUp("1r2k4/9/4d4/4n4/9/2H6/1D7/9/4K4[] w - - 0 1 3/0")
	for _, sq := range around("e7") {
		expect(t, "Black's zone shaded on "+sq, p.count(fmt.Sprintf(`#zones [data-zone="black"][data-square="%s"]`, sq)), 1)
	}

	// The zone kill: both pieces leave the board, the Durg stays.
	p.click("c4")
	expect(t, "the zone capture is marked", p.count(`#targets .target-kill[data-target="e6"]`), 1)
	p.click("e6")
	b := p.board()
	expect(t, "after the zone kill, c4 and e6", b["c4"]+b["e6"], "")
	expect(t, "the Durg e7 stays", b["e7"], "d")
	expect(t, "the kill is shown", p.count(`[data-kill="e6"]`), 1)
	expect(t, "White's Mantri waits", p.attr("#holdings-bottom .waiting", "data-count"), "1")
	expect(t, "White's fallen count", p.attr("#holdings-bottom .fallen", "data-count"), "4")
	// The screenshot: both sides' zones, the waiting Mantri, three lines.
	p.run(chromedp.SetValue(chromedp.CSS("#multipv"), "3"))
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	p.waitJS(`document.querySelectorAll("#lines li").length === 3`, "three analysis lines")
	time.Sleep(1500 * time.Millisecond)
	p.shot("durg.png")
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	p.waitJS(`document.getElementById("stop").disabled`, "the analysis to stop")

	// Black takes White's Durg: the Gaj survives and the zone is gone.
	// The stopped analysis's last report may redraw the board once and
	// drop a selection made before it (seen on a loaded machine): select
	// until the target shows.
	for try := 0; ; try++ {
		p.click("b9")
		if evalJS[bool](p, `document.querySelector('#targets [data-target="b3"]') !== null`) || try == 2 {
			break
		}
	}
	p.click("b3")
	expect(t, "the Gaj on b3", p.board()["b3"], "r")
	expect(t, "White's zone dissolved", p.count(`#zones [data-zone="white"]`), 0)

	// White's turn begins with the Mantri's arrival: only the free c, d,
	// f, g squares are offered, and no move before it.
	expect(t, "arrival squares", p.count("#marks [data-slot]"), 4)
	for _, sq := range []string{"c1", "d1", "f1", "g1"} {
		expect(t, "slot "+sq, p.count(fmt.Sprintf(`[data-slot="%s"]`, sq)), 1)
	}
	if !strings.Contains(p.text("#prompt"), "Mantri arrives") {
		t.Fatalf("prompt %q", p.text("#prompt"))
	}
	expect(t, "the call waits for the arrival", p.visible("#call"), false)
	p.click("d1")
	expect(t, "the arriving Mantri is drawn", p.count(`[data-arrival="d1"]`), 1)
	// Then the call: the button appears only now that it is legal.
	expect(t, "the call button", p.visible("#call"), true)
	p.clickButton("#call")
	p.click("g1")
	b = p.board()
	expect(t, "Mantri d1, Rani g1", b["d1"]+b["g1"], "BQ")
	expect(t, "the call is spent", p.attr(`#holdings-bottom .rani`, "data-available"), "0")
	expect(t, "no Mantri waits", p.attr("#holdings-bottom .waiting", "data-count"), "0")
	last := evalJS[string](p, `[...document.querySelectorAll("#movelist .mv")].pop().textContent`)
	expect(t, "the turn in the move list", last, "B@d1,Q@g1")
	expect(t, "Black to move", p.text("#status"), "Black to move")

	// Takeback, and the engine answers with analysis lines on the page.
	p.clickButton("#undo")
	expect(t, "after takeback the Mantri waits again", p.attr("#holdings-bottom .waiting", "data-count"), "1")
	p.run(chromedp.SetValue(chromedp.CSS("#movetime"), "0.3"))
	p.clickButton("#engine-move")
	p.waitJS(`document.querySelectorAll("#movelist .mv").length === 3 && !document.getElementById("engine-move").disabled`, "the engine's move")
	p.waitJS(`document.querySelectorAll("#lines li").length >= 1`, "the engine's lines")

	// The game survives a reload...
	fen := p.attr("#board", "data-variant")
	before := evalJS[string](p, `document.getElementById("fen").value`)
	p.run(chromedp.Reload())
	p.settle()
	after := evalJS[string](p, `document.getElementById("fen").value`)
	expect(t, "after a reload", after, before)
	// ...and a restart of the server on the same address.
	addr := strings.TrimPrefix(strings.Split(srv.url, "/?")[0], "http://")
	srv.stop()
	srv = startServer(t, addr, "durg")
	p.run(chromedp.Reload())
	p.settle()
	after = evalJS[string](p, `document.getElementById("fen").value`)
	expect(t, "after a server restart", after, before)
	expect(t, "same game", p.attr("#board", "data-variant"), fen)
	t.Logf("durg by clicks: %v", time.Since(began).Round(time.Millisecond))
}

func TestChaturangaByClicks(t *testing.T) {
	began := time.Now()
	_, p := openBoard(t, "chess")
	expect(t, "the server's default game", p.attr("#board", "data-variant"), "chess")
	expect(t, "a1 is dark in chess", p.attr(`#squares [data-sq="a1"]`, "class"), "sq-dark")
	// A chess promotion asks for the piece; the check is shown.
	p.choose("#mode", "humans")
	p.setUp("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
	p.click("b7")
	p.click("b8")
	expect(t, "four promotion choices", p.count("#promotion [data-promotion]"), 4)
	p.run(chromedp.Click(chromedp.CSS(`#promotion [data-promotion="R"]`)))
	p.settle()
	expect(t, "promoted to a rook", p.board()["b8"], "R")
	expect(t, "the king in check", p.attr("#marks [data-check]", "x") != "", true)
	// The board turns: a1 goes to the top right.
	x1, y1 := p.center("a1")
	p.clickButton("#flip")
	x2, y2 := p.center("a1")
	expect(t, "a1 after flipping is right of and above where it was", x2 > x1 && y2 < y1, true)
	p.clickButton("#flip")
	p.choose("#variant", "chaturanga")
	expect(t, "variant", p.attr("#board", "data-variant"), "chaturanga")
	expect(t, "the plain board", p.count("#squares .sq-plain"), 64)
	expect(t, "Raja e1, Mantri d1", p.board()["e1"]+p.board()["d1"], "KQ")
	p.choose("#mode", "humans")

	// The Raja's leap, dragged: a knight move once per game.
	p.setUp("7k/1P6/8/8/8/8/p7/4K3 w K - 0 1")
	p.drag("e1", "d3")
	b := p.board()
	expect(t, "the Raja leapt", b["d3"]+b["e1"], "K")
	p.click("h8")
	p.click("g8")
	// The leap is spent: from d3 the Raja only steps.
	p.click("d3")
	expect(t, "no second leap", p.count(`#targets [data-target="b4"]`)+p.count(`#targets [data-target="f4"]`), 0)
	expect(t, "steps remain", p.count(`#targets [data-target="d4"]`), 1)
	p.click("d3") // put him down

	// Promotion is forced to the start type of the square: b8 gives an
	// Ashva, with nothing to choose.
	p.click("b7")
	p.click("b8")
	expect(t, "promoted to an Ashva", p.board()["b8"], "N")
	expect(t, "no promotion choice", p.visible("#promotion"), false)
	// Black's Padati becomes a Ratha on a1.
	p.click("a2")
	p.click("a1")
	expect(t, "Black promoted to a Ratha", p.board()["a1"], "r")
	moves := evalJS[[]string](p, `[...document.querySelectorAll("#movelist .mv")].map(e => e.textContent)`)
	expect(t, "moves", strings.Join(moves, " "), "Kd3 Kg8 b8=N a1=R")

	// A typed move, and the result announced with its reason: taking the
	// last black piece bares the Raja.
	p.setUp("7k/8/8/8/8/8/8/rR2K3 w - - 0 1")
	p.run(chromedp.SetValue(chromedp.CSS("#move-input"), "Rxa1"), chromedp.Click(chromedp.CSS("#typed button")))
	p.settle()
	expect(t, "verdict", p.text("#status"), "Game over, 1-0: White wins: bare Raja")

	// An illegal typed move gets the server's reason.
	p.setUp("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1")
	p.run(chromedp.SetValue(chromedp.CSS("#move-input"), "e2e4"), chromedp.Click(chromedp.CSS("#typed button")))
	p.settle()
	if e := p.text("#error"); !strings.Contains(e, "illegal move e2e4") {
		t.Fatalf("error shown: %q", e)
	}

	// The screenshot: the leap played in a game with analysis.
	p.click("e1")
	p.click("d3")
	p.click("e7")
	p.click("e6")
	p.choose("#mode", "analysis")
	p.run(chromedp.SetValue(chromedp.CSS("#multipv"), "3"))
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	p.waitJS(`document.querySelectorAll("#lines li").length === 3`, "three analysis lines")
	time.Sleep(1500 * time.Millisecond)
	p.shot("chaturanga.png")
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	t.Logf("chaturanga by clicks: %v", time.Since(began).Round(time.Millisecond))
}

// shotOf writes a screenshot of one element, under SENAPATI_SHOTS.
func (p *page) shotOf(sel, name string) {
	p.t.Helper()
	dir := os.Getenv("SENAPATI_SHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// wdlShown is the win/draw/loss the page shows for each line (White,
// draw, Black in percent) and the summary's words, read at one moment (an
// analysis redraws them as it goes).
func (p *page) wdlShown() ([][3]int, string) {
	p.t.Helper()
	shown := evalJS[struct {
		Lines [][3]int `json:"lines"`
		Words string   `json:"words"`
	}](p, `({lines: [...document.querySelectorAll("#lines .wdl")].map(e => [+e.dataset.white, +e.dataset.draw, +e.dataset.black]),
		words: document.getElementById("analysis-wdl").textContent})`)
	return shown.Lines, shown.Words
}

var wdlWords = regexp.MustCompile(`^Chances: White wins (\d+)%, draw (\d+)%, Black wins (\d+)%$`)

// checkWDL: every line shows chances that sum to 100%, and the summary
// says the top line's in words.
func (p *page) checkWDL(what string) {
	p.t.Helper()
	lines, words := p.wdlShown()
	if len(lines) == 0 {
		p.t.Fatalf("%s: no win/draw/loss shown", what)
	}
	for i, l := range lines {
		if l[0]+l[1]+l[2] != 100 || min(l[0], l[1], l[2]) < 0 {
			p.t.Fatalf("%s: line %d shows %v, not summing to 100%%", what, i+1, l)
		}
	}
	m := wdlWords.FindStringSubmatch(words)
	if m == nil {
		p.t.Fatalf("%s: summary %q", what, words)
	}
	expect(p.t, what+": the summary is the top line's", fmt.Sprint(m[1:]), fmt.Sprint([]string{
		fmt.Sprint(lines[0][0]), fmt.Sprint(lines[0][1]), fmt.Sprint(lines[0][2])}))
}

// engineMoves clicks Engine move and waits until the move list has n moves
// and the panel shows this many lines of the search (its reports come by
// the event stream, so they may follow the move).
func (p *page) engineMoves(n, lines int, what string) {
	p.t.Helper()
	p.clickButton("#engine-move")
	p.waitJS(fmt.Sprintf(`document.querySelectorAll("#movelist .mv").length === %d && !document.getElementById("engine-move").disabled`, n), "the engine's move")
	p.waitJS(fmt.Sprintf(`document.querySelectorAll("#lines li").length === %d`, lines), fmt.Sprintf("%d lines %s", lines, what))
}

func TestStrengthLevelsAndWDL(t *testing.T) {
	began := time.Now()
	_, p := openBoard(t, "chess")
	p.choose("#mode", "humans")
	p.run(chromedp.SetValue(chromedp.CSS("#movetime"), "0.3"))
	expect(t, "full strength at first", evalJS[string](p, `document.getElementById("strength-kind").value`), "full")
	expect(t, "no level input at full strength", p.visible("#skill") || p.visible("#elo"), false)

	// A skill level: the range appears and says its value.
	p.choose("#strength-kind", "skill")
	expect(t, "the skill range", p.visible("#skill"), true)
	expect(t, "no Elo input", p.visible("#elo"), false)
	p.run(chromedp.SetValue(chromedp.CSS("#skill"), "3"))
	p.exec(`document.getElementById("skill").dispatchEvent(new Event("input"))`)
	p.exec(`document.getElementById("skill").dispatchEvent(new Event("change"))`)
	expect(t, "the skill shown", p.text("#skill-value"), "3")
	// A weakened engine chooses among its four best lines, and the page
	// shows them although one line is asked for: the level reached it.
	p.engineMoves(1, 4, "of the weakened search")
	p.checkWDL("skill 3")
	p.shotOf("aside", "strength-panel.png")
	p.shot("strength.png")

	// An Elo, then one out of range: the server's message is shown and
	// nothing is played.
	p.choose("#strength-kind", "elo")
	expect(t, "the Elo input", p.visible("#elo"), true)
	expect(t, "no skill range", p.visible("#skill"), false)
	p.run(chromedp.SetValue(chromedp.CSS("#elo"), "1300"))
	p.engineMoves(2, 4, "at Elo 1300")
	p.checkWDL("Elo 1300")
	p.run(chromedp.SetValue(chromedp.CSS("#elo"), "900"))
	p.clickButton("#engine-move")
	p.waitJS(`document.getElementById("error").textContent !== ""`, "the refusal")
	expect(t, "the refusal", p.text("#error"), "elo must be 1000 to 2400, not 900")
	expect(t, "nothing played", p.count("#movelist .mv"), 2)
	p.shot("strength-elo.png")

	// Full strength again: the one line asked for.
	p.choose("#strength-kind", "full")
	p.engineMoves(3, 1, "at full strength")
	p.checkWDL("full strength")

	// The level is remembered over a reload.
	p.choose("#strength-kind", "skill")
	p.run(chromedp.Reload())
	p.settle()
	expect(t, "the level after a reload", evalJS[string](p, `document.getElementById("strength-kind").value`)+" "+p.text("#skill-value"), "skill 3")

	// An analysis shows the chances too, at full strength.
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	p.waitJS(`document.querySelectorAll("#lines li .wdl").length === 1 && document.getElementById("analysis-wdl").textContent !== ""`, "the analysis' chances")
	p.checkWDL("analysis")
	p.run(chromedp.Click(chromedp.CSS("#analyse")))
	p.waitJS(`document.getElementById("stop").disabled`, "the analysis to stop")
	t.Logf("strength levels and wdl: %v", time.Since(began).Round(time.Millisecond))
}
