package e2e

// Play over a real network that dies without closing (issue 56): two
// browser processes, Black's reaching the server through a relay that
// can stop forwarding while every connection stays open, as a network
// that goes away and comes back (the bytes sent meanwhile arrive late,
// as TCP's retransmissions would bring them).

import (
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// holdRelay relays TCP connections to target; hold stops forwarding
// (connections are still accepted and none is closed: what is sent waits
// in the relay) and heal lets everything held through.
type holdRelay struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	up     *sync.Cond
	held   bool
	closed bool
}

func newHoldRelay(t *testing.T, target string) *holdRelay {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	r := &holdRelay{ln: ln, target: target}
	r.up = sync.NewCond(&r.mu)
	t.Cleanup(func() {
		ln.Close()
		r.mu.Lock()
		r.closed = true
		r.up.Broadcast()
		r.mu.Unlock()
	})
	go r.serve()
	return r
}

func (r *holdRelay) serve() {
	for {
		in, err := r.ln.Accept()
		if err != nil {
			return
		}
		out, err := net.Dial("tcp", r.target)
		if err != nil {
			in.Close()
			continue
		}
		pipe := func(to, from net.Conn) {
			defer to.Close()
			defer from.Close()
			buf := make([]byte, 32<<10)
			for {
				n, err := from.Read(buf)
				if n > 0 {
					r.mu.Lock()
					for r.held && !r.closed {
						r.up.Wait()
					}
					r.mu.Unlock()
					if _, werr := to.Write(buf[:n]); werr != nil {
						return
					}
				}
				if err != nil {
					return
				}
			}
		}
		go pipe(out, in)
		go pipe(in, out)
	}
}

func (r *holdRelay) hold() {
	r.mu.Lock()
	r.held = true
	r.mu.Unlock()
}

func (r *holdRelay) heal() {
	r.mu.Lock()
	r.held = false
	r.up.Broadcast()
	r.mu.Unlock()
}

// typeMoveNow types a move and plays it without waiting for its answer.
func (p *page) typeMoveNow(text string) {
	p.t.Helper()
	p.run(chromedp.SetValue(chromedp.CSS("#move-input"), text), chromedp.Click(chromedp.CSS("#typed button")))
}

// shareWithBlackVia makes White's page share its chess game (10+5) and
// opens Black's link in another browser process through the relay.
func shareWithBlackVia(t *testing.T, srv *server) (white, black *page, wire *holdRelay) {
	t.Helper()
	u, err := url.Parse(srv.url)
	if err != nil {
		t.Fatal(err)
	}
	white = newPage(t)
	white.run(chromedp.Navigate(srv.url))
	white.settle()
	white.choose("#mode", "humans")
	white.exec(`document.getElementById("share").open = true`)
	white.choose("#share-seat", "white")
	white.clickButton("#share-start")
	white.waitJS(`!!document.querySelector('#share-links [data-seat="black"] input')`, "Black's link")
	link, err := url.Parse(evalJS[string](white, `document.querySelector('#share-links [data-seat="black"] input').value`))
	if err != nil {
		t.Fatal(err)
	}
	wire = newHoldRelay(t, u.Host)
	link.Host = wire.ln.Addr().String()
	black = newPage(t) // another browser process, as another machine
	black.run(chromedp.Navigate(link.String()))
	black.settle()
	black.waitJS(`S.esEvery > 0`, "Black's first heartbeat")
	return white, black, wire
}

// noticed waits until the page says it is reconnecting and returns how
// long after cut (Unix ms) the page took the connection for lost. The
// bound asserted is one no load reaches (10 s); the page's own limit at
// the default heartbeat is checked apart (4.2 s), and the times measured
// are logged (docs/web.md gives them).
func (p *page) noticed(cut int64, who string) time.Duration {
	p.t.Helper()
	p.waitJS(`S.conn === "reconnecting" && document.getElementById("conn").dataset.state !== "connected"`, who+" to say it is reconnecting")
	lost, heard := evalJS[int64](p, `S.connLost`), evalJS[int64](p, `S.lostHeard`)
	took := time.Duration(lost-cut) * time.Millisecond
	p.t.Logf("%s took its connection for lost %v after the cut (its last event %v before the cut)", who, took, time.Duration(cut-heard)*time.Millisecond)
	if took > 10*time.Second || took < 0 {
		p.t.Fatalf("the dead connection was noticed %v after the cut", took)
	}
	return took
}

func TestMoveSurvivesDeadNetwork(t *testing.T) {
	srv := startServer(t, "127.0.0.1:0", "chess") // the default heartbeat
	white, black, wire := shareWithBlackVia(t, srv)
	expect(t, "Black's heartbeat (ms)", evalJS[int](black, `S.esEvery`), 2000)
	expect(t, "Black's connection", black.text("#conn"), "connected")
	white.typeMove("e4")
	black.plies(1, "Black")

	// The network dies without a word: Black's page says so within 5 s.
	wire.hold()
	cut := time.Now().UnixMilli()
	expect(t, "the page's silence limit at the default heartbeat (ms)", evalJS[int](black, `silenceLimit()`), 4200)
	black.noticed(cut, "Black")
	expect(t, "Black's connection line", black.text("#conn"), "reconnecting…")

	// A move made while cut off waits, said so, and is sent again and
	// again meanwhile.
	black.typeMoveNow("e5")
	black.waitJS(`document.getElementById("conn").dataset.state === "offline"`, "Black's page to say its move waits")
	expect(t, "Black's connection line", black.text("#conn"), "offline, your move is waiting")
	black.shotSizes("conn")
	time.Sleep(6 * time.Second) // long enough for the move's request to time out and go again
	expect(t, "White's page while Black is cut off", evalJS[int](white, `S.game.plies`), 1)
	wire.heal()
	black.waitJS(`S.game.plies === 2 && !S.pending && S.conn === "connected"`, "Black's move answered after the network came back")
	white.plies(2, "White")
	time.Sleep(2 * time.Second) // every request held is through by now
	expect(t, "White's moves: e5 once", strings.Join(evalJS[[]string](white, `S.game.moves.map(m => m.san)`), " "), "e4 e5")
	expect(t, "Black's moves", strings.Join(evalJS[[]string](black, `S.game.moves.map(m => m.san)`), " "), "e4 e5")
	expect(t, "Black's connection line", black.text("#conn"), "connected")
	expect(t, "Black's error line (the repeats were answered with the state)", black.text("#error"), "")

	// Again, with a reload during the outage: the move waits in the tab
	// and goes once the page is back.
	white.typeMove("Nf3")
	black.plies(3, "Black")
	wire.hold()
	cut = time.Now().UnixMilli()
	black.typeMoveNow("Nc6")
	black.noticed(cut, "Black, its move waiting,")
	black.exec(`location.reload()`) // the page's request is held by the relay
	time.Sleep(3 * time.Second)
	expect(t, "White's page while Black reloads cut off", evalJS[int](white, `S.game.plies`), 3)
	wire.heal()
	black.waitJS(`window.S && S.game && S.game.plies === 4 && !S.pending && S.conn === "connected"`, "Black's reloaded page with its move")
	white.plies(4, "White")
	time.Sleep(2 * time.Second)
	expect(t, "White's moves: Nc6 once", strings.Join(evalJS[[]string](white, `S.game.moves.map(m => m.san)`), " "), "e4 e5 Nf3 Nc6")
	expect(t, "Black's error line after the reload", black.text("#error"), "")
	expect(t, "no move waits in Black's tab", evalJS[bool](black, `sessionStorage.getItem("senapati.pending") === null`), true)
	// And the game goes on.
	white.typeMove("Bb5")
	black.plies(5, "Black")
}
