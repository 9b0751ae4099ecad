package e2e

// Two people, two machines: a Durg game shared by invitation links and
// played by two browser contexts (separate storage, as two machines),
// watched by a third, refused to a fourth without a token, with a reload
// in the middle. The server listens on all interfaces, as it must for
// another machine, and the pages reach it at this machine's network
// address when it has one.

import (
	"fmt"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// another opens a page in a new browser context of p's browser: its own
// cookies and storage, as another machine's browser.
func (p *page) another() *page {
	p.t.Helper()
	ctx, cancel := chromedp.NewContext(p.ctx, chromedp.WithNewBrowserContext())
	p.t.Cleanup(cancel)
	q := &page{t: p.t, ctx: ctx}
	q.run(chromedp.EmulateViewport(1120, 800))
	return q
}

// networkAddress is this machine's first address other than loopback
// (IPv4), or 127.0.0.1 when it has none.
func networkAddress() string {
	addrs, err := net.InterfaceAddrs()
	if err == nil {
		for _, a := range addrs {
			if ip, ok := a.(*net.IPNet); ok && !ip.IP.IsLoopback() && ip.IP.To4() != nil {
				return ip.IP.String()
			}
		}
	}
	return "127.0.0.1"
}

// postJS sends a JSON POST from the page and returns the status and body.
func (p *page) postJS(path, body string) (int, string) {
	p.t.Helper()
	r := evalJS[struct {
		Status int    `json:"status"`
		Body   string `json:"body"`
	}](p, fmt.Sprintf(`fetch(%q, {method: "POST", headers: {"Content-Type": "application/json"}, body: %q}).then(async r => ({status: r.status, body: await r.text()}))`, path, body), chromedp.EvalAwaitPromise)
	return r.Status, r.Body
}

// plies waits until the page's game has n plies and returns its moves.
func (p *page) plies(n int, who string) string {
	p.t.Helper()
	p.waitJS(fmt.Sprintf(`S.game && S.game.plies === %d && document.querySelectorAll("#movelist .mv[data-ply]").length === %d`, n, n), fmt.Sprintf("%s to see ply %d", who, n))
	return strings.Join(evalJS[[]string](p, `[...document.querySelectorAll("#movelist .mv[data-ply]")].map(e => e.textContent)`), " ")
}

// clocks is what the page's clocks show, in tenths of seconds.
func (p *page) clocks() map[string]string {
	p.t.Helper()
	return evalJS[map[string]string](p, `Object.fromEntries([...document.querySelectorAll(".clock[data-side]")].map(e => [e.dataset.side, e.textContent]))`)
}

// clockMs is the page's own reckoning of a side's time left.
func (p *page) clockMs(side string) int {
	p.t.Helper()
	return evalJS[int](p, fmt.Sprintf(`Math.round(clockLeft(%q))`, side))
}

// relay is a TCP relay to the server whose connections can be cut, as a
// network that goes away and comes back: Black's page reaches the server
// through it.
type relay struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	down   bool
	conns  map[net.Conn]bool // relayed connections: true while they carry bytes
}

// newRelay listens on host (a free port) and relays to target.
func newRelay(t *testing.T, host, target string) *relay {
	t.Helper()
	ln, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		t.Fatal(err)
	}
	r := &relay{ln: ln, target: target, conns: map[net.Conn]bool{}}
	t.Cleanup(func() {
		ln.Close()
		r.cut()
	})
	go r.serve()
	return r
}

func (r *relay) serve() {
	for {
		in, err := r.ln.Accept()
		if err != nil {
			return
		}
		r.mu.Lock()
		out, err := net.Dial("tcp", r.target)
		if r.down || err != nil {
			r.mu.Unlock()
			in.Close()
			if out != nil {
				out.Close()
			}
			continue
		}
		r.conns[in], r.conns[out] = true, true
		r.mu.Unlock()
		pipe := func(to, from net.Conn) {
			buf := make([]byte, 32<<10)
			for {
				n, err := from.Read(buf)
				r.mu.Lock()
				live := r.conns[from]
				r.mu.Unlock()
				if live && n > 0 {
					if _, werr := to.Write(buf[:n]); werr != nil {
						break
					}
				}
				if err != nil {
					break
				}
			}
			to.Close()
			from.Close()
			r.mu.Lock()
			delete(r.conns, to)
			delete(r.conns, from)
			r.mu.Unlock()
		}
		go pipe(out, in)
		go pipe(in, out)
	}
}

// cut closes every relayed connection and refuses new ones until restore.
func (r *relay) cut() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.down = true
	for c := range r.conns {
		c.Close()
	}
}

// freeze makes every relayed connection a black hole: open, but nothing
// gets through either way and nothing is closed, as when a laptop sleeps
// or its network changes. New connections work.
func (r *relay) freeze() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for c := range r.conns {
		r.conns[c] = false
	}
}

func (r *relay) restore() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.down = false
}

func TestSharedDurgOnTwoMachines(t *testing.T) {
	began := time.Now()
	srv := startServer(t, "0.0.0.0:0", "durg")
	port := srv.url[strings.LastIndex(srv.url, ":")+1 : strings.Index(srv.url, "/?")]
	base := "http://" + net.JoinHostPort(networkAddress(), port)
	t.Logf("the board at %s", base)

	// White's machine: a position where a zone kill, a Durg taken, an
	// arrival and the call come in three turns (TestDurgByClicks'), shared
	// with a 10+5 clock; this page plays White.
	white := newPage(t)
	white.run(chromedp.Navigate(base + "/?variant=durg"))
	white.settle()
	white.choose("#mode", "humans")
	white.setUp("1r2k4/9/4d4/4n4/9/2H6/1D7/9/4K4[] w - - 0 1 3/0")
	white.exec(`document.getElementById("share").open = true`)
	white.choose("#share-seat", "white")
	white.run(chromedp.SetValue(chromedp.CSS("#share-base"), "10"), chromedp.SetValue(chromedp.CSS("#share-inc"), "5"))
	white.clickButton("#share-start")
	white.waitJS(`S.shared && S.shared.seat === "white"`, "White's seat")
	expect(t, "White's seat line", white.text("#share-seat-line"), "You play White in this shared game.")
	link := func(seat string) string {
		return evalJS[string](white, fmt.Sprintf(`document.querySelector('#share-links [data-seat="%s"] input').value`, seat))
	}
	blackLink, watchLink := link("black"), link("spectator")
	if !strings.HasPrefix(blackLink, base+"/?game=") || !strings.Contains(blackLink, "&token=") {
		t.Fatalf("Black's link %q", blackLink)
	}
	expect(t, "White's address keeps its seat", evalJS[bool](white, `location.search.includes("token=" + S.shared.token)`), true)
	expect(t, "no takeback, engine or analysis in a shared game", evalJS[string](white, `["undo", "engine-move", "analyse"].map(id => document.getElementById(id).disabled).join(" ")`), "true true true")
	gameID := evalJS[string](white, `S.game.id`)

	// Black's machine opens its link, through a relay that can lose the
	// connection later: seated as Black, the board turned.
	wire := newRelay(t, networkAddress(), net.JoinHostPort("127.0.0.1", port))
	black := white.another()
	black.run(chromedp.Navigate("http://" + wire.ln.Addr().String() + strings.TrimPrefix(blackLink, base)))
	black.settle()
	expect(t, "Black's seat line", black.text("#share-seat-line"), "You play Black in this shared game.")
	expect(t, "Black's board turned", black.attr("#board", "data-flipped"), "1")
	expect(t, "Black sees White to move", black.text("#status"), "White to move (your opponent's move)")
	// A spectator watches; a fourth browser without a token gets nothing.
	watch := white.another()
	watch.run(chromedp.Navigate(watchLink))
	watch.settle()
	expect(t, "the spectator's line", watch.text("#share-seat-line"), "You are watching this shared game.")
	stranger := white.another()
	stranger.run(chromedp.Navigate(base + "/?game=" + gameID + "&token=guess"))
	stranger.settle()
	if e := stranger.text("#error"); !strings.Contains(e, "This invitation does not open a game: this token is not one of this game's") {
		t.Fatalf("the stranger's page says %q", e)
	}
	// A third browser has the game's address without any token: refused
	// in words, it gets a board of its own, not the game.
	nobody := white.another()
	nobody.run(chromedp.Navigate(base + "/?game=" + gameID))
	nobody.settle()
	if e := nobody.text("#error"); !strings.Contains(e, "This invitation does not open a game: this game is shared: only its invitation links (their token) open it") {
		t.Fatalf("the page opened without a token says %q", e)
	}
	expect(t, "without a token, not the shared game", evalJS[bool](nobody, fmt.Sprintf(`!S.shared && S.game.id !== %q && !location.search.includes("game=")`, gameID)), true)
	expect(t, "without a token, no shared game's line", nobody.text("#share-seat-line"), "")
	status, body := stranger.postJS("/api/games/"+gameID+"/move", `{"move": "c4e6"}`)
	expect(t, "a move without a token", fmt.Sprint(status, " ", strings.TrimSpace(body)), `403 {"error":"this game is shared: only its invitation links (their token) open it"}`)
	status, _, _ = stranger.fetchJS("GET", "/api/games/"+gameID)
	expect(t, "the state without a token", status, 403)
	status, _, _ = stranger.fetchJS("GET", "/api/games/"+gameID+"/events")
	expect(t, "the events without a token", status, 403)

	// Black cannot move White's pieces, nor the spectator anything.
	black.click("c4")
	expect(t, "no targets for Black on White's turn", black.count("#targets [data-target]"), 0)
	watch.click("c4")
	expect(t, "no targets for the spectator", watch.count("#targets [data-target]"), 0)
	status, _ = black.postJS(evalJS[string](black, `gamePath("/move")`), `{"move": "c4e6"}`)
	expect(t, "Black's token moving White", status, 403)

	// 1. The zone kill, by White's clicks: every page shows it at once.
	white.click("c4")
	expect(t, "the zone capture is offered", white.count(`#targets .target-kill[data-target="e6"]`), 1)
	white.click("e6")
	for who, p := range map[string]*page{"White": white, "Black": black, "the spectator": watch} {
		expect(t, who+": the zone kill", p.plies(1, who), "Hxxe6")
		expect(t, who+": the kill marked", p.count(`[data-kill="e6"]`), 1)
		b := p.board()
		expect(t, who+": c4 and e6 empty, the Durg stays", b["c4"]+b["e6"]+b["e7"], "d")
	}
	expect(t, "White's clock did not run for the first move", white.clocks()["white"], "10:00")
	// 2. Black takes White's Durg.
	black.click("b9")
	black.click("b3")
	for who, p := range map[string]*page{"White": white, "Black": black, "the spectator": watch} {
		expect(t, who+": Black took the Durg", p.plies(2, who), "Hxxe6 Rxb3")
		expect(t, who+": White's zone gone", p.count(`#zones [data-zone="white"]`), 0)
	}
	// 3. White's Mantri arrives, and the Raja calls the Rani.
	expect(t, "White is asked for the arrival", strings.Contains(white.text("#prompt"), "A Mantri arrives first"), true)
	white.click("d1")
	white.clickButton("#call")
	white.click("g1")
	for who, p := range map[string]*page{"White": white, "Black": black, "the spectator": watch} {
		expect(t, who+": the arrival and the call", p.plies(3, who), "Hxxe6 Rxb3 B@d1,Q@g1")
		b := p.board()
		expect(t, who+": Mantri d1, Rani g1", b["d1"]+b["g1"], "BQ")
	}
	// The screenshots at a 1366x768 laptop's size.
	for _, p := range []*page{white, black} {
		p.run(chromedp.EmulateViewport(1366, 768))
		p.settle()
	}
	white.shot("share-white.png")
	black.shot("share-black.png")

	// Black's page reloads while Black's clock runs: the same game, seat
	// and clocks (White's stands, Black's went on running meanwhile).
	startBlack := black.clockMs("black")
	time.Sleep(1500 * time.Millisecond)
	read := time.Now()
	beforeWhite, beforeBlack := black.clockMs("white"), black.clockMs("black")
	reloaded := time.Now()
	black.run(chromedp.Reload())
	black.settle()
	black.waitJS(`S.shared && S.game`, "the shared game after the reload")
	afterWhite, afterBlack := black.clockMs("white"), black.clockMs("black")
	took := int(time.Since(reloaded).Milliseconds())
	expect(t, "after the reload, the seat", black.text("#share-seat-line"), "You play Black in this shared game.")
	expect(t, "after the reload, the moves", black.plies(3, "Black after the reload"), "Hxxe6 Rxb3 B@d1,Q@g1")
	if afterWhite != beforeWhite || afterBlack > beforeBlack || afterBlack < beforeBlack-took-500 {
		t.Fatalf("clocks before the reload %d/%d ms, after %d/%d (the reload took %d ms)", beforeWhite, beforeBlack, afterWhite, afterBlack, took)
	}
	// Black's clock holds its increment from move 2, so only its fall
	// over the wait shows that it runs.
	if beforeBlack > startBlack-1000 {
		t.Fatalf("Black's clock did not run over 1.5 s: %d ms, then %d ms", startBlack, beforeBlack)
	}
	t.Logf("clocks before the reload %d/%d ms, after %d/%d (%d ms)", beforeWhite, beforeBlack, afterWhite, afterBlack, took)

	// Black resumes: its move after the reload reaches everyone.
	black.click("e9")
	black.click("d9")
	for who, p := range map[string]*page{"White": white, "Black": black, "the spectator": watch} {
		expect(t, who+": Black's move after the reload", p.plies(4, who), "Hxxe6 Rxb3 B@d1,Q@g1 Kd9")
	}
	// Black's move was charged with the time since the clocks were read
	// at most, and the 5 s increment added: both pages show the server's.
	spent := int(time.Since(read).Milliseconds())
	if ms := white.clockMs("black"); ms > beforeBlack+5000 || ms < beforeBlack-spent+5000-100 || ms != black.clockMs("black") {
		t.Fatalf("Black's clock after its move: %d ms on White's page, %d on Black's (%d before, %d ms since)", ms, black.clockMs("black"), beforeBlack, spent)
	}

	// Black's network goes away (not a reload): its event stream and
	// every connection are cut, and new ones refused, while White moves.
	// When it comes back the page catches up by itself: the move and the
	// server's clocks.
	black.exec(`window.notReloaded = true`)
	wire.cut()
	white.click("g1")
	expect(t, "White's Rani may go to g4", white.count(`#targets [data-target="g4"]`), 1)
	white.click("g4")
	expect(t, "White: its move", white.plies(5, "White"), "Hxxe6 Rxb3 B@d1,Q@g1 Kd9 Qg4")
	time.Sleep(time.Second)
	expect(t, "Black's page, cut off, has not seen it", evalJS[int](black, `S.game.plies`), 4)
	wire.restore()
	expect(t, "Black: White's move after the network came back", black.plies(5, "Black after the lost connection"), "Hxxe6 Rxb3 B@d1,Q@g1 Kd9 Qg4")
	expect(t, "the same page, not reloaded", evalJS[bool](black, `window.notReloaded === true`), true)
	expect(t, "Black's clock runs on Black's page", evalJS[string](black, `S.game.shared.clock.running`), "black")
	expect(t, "White's clock on Black's page as on White's", black.clockMs("white"), white.clockMs("white"))
	if b, w := black.clockMs("black"), white.clockMs("black"); b-w > 300 || w-b > 300 {
		t.Fatalf("Black's clock after the lost connection: %d ms on Black's page, %d on White's", b, w)
	}

	// Black resigns (two clicks); every page shows the result.
	black.clickButton("#resign")
	black.clickButton("#resign")
	for who, p := range map[string]*page{"White": white, "Black": black, "the spectator": watch} {
		p.waitJS(`document.getElementById("status").dataset.over === "1"`, who+" to see the result")
		expect(t, who+": the result", p.text("#status"), "Game over, 1-0: Black resigns")
	}
	t.Logf("shared durg: %v", time.Since(began).Round(time.Millisecond))
}

// A connection that dies without a word (no FIN, no reset) is noticed by
// the page: the server's heartbeat stops coming, and after three missed
// the page opens another stream and catches up with the move it missed.
func TestSilentConnectionLossIsNoticed(t *testing.T) {
	srv := startServer(t, "127.0.0.1:0", "chess", "-heartbeat", "1s")
	u, err := url.Parse(srv.url)
	if err != nil {
		t.Fatal(err)
	}
	white := newPage(t)
	white.run(chromedp.Navigate(srv.url))
	white.settle()
	white.choose("#mode", "humans")
	white.exec(`document.getElementById("share").open = true`)
	white.choose("#share-seat", "white")
	white.clickButton("#share-start")
	white.waitJS(`!!document.querySelector('#share-links [data-seat="black"] input')`, "Black's link")
	blackLink := evalJS[string](white, `document.querySelector('#share-links [data-seat="black"] input').value`)
	wire := newRelay(t, "127.0.0.1", u.Host)
	lu, err := url.Parse(blackLink)
	if err != nil {
		t.Fatal(err)
	}
	lu.Host = wire.ln.Addr().String()
	black := white.another()
	black.run(chromedp.Navigate(lu.String()))
	black.settle()
	black.waitJS(`S.esEvery === 1000`, "the first heartbeat")
	black.exec(`window.firstStream = S.es`)

	wire.freeze()
	white.typeMove("e4")
	black.waitJS(`S.game.plies === 1`, "1. e4 on Black's page after its connection died silently")
	expect(t, "Black's page opened another stream", evalJS[bool](black, `S.es !== window.firstStream && S.es.readyState === EventSource.OPEN`), true)
	expect(t, "Black's board", black.board()["e4"], "P")
	// And the new stream carries the next move as it happens.
	black.typeMove("e5")
	white.waitJS(`S.game.plies === 2`, "1... e5 on White's page")
}
