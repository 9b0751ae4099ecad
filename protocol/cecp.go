package protocol

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"senapati/board"
	"senapati/internal/version"
	"senapati/search"
)

// CECP is one session of the Chess Engine Communication Protocol
// (XBoard/WinBoard, protocol version 2). The command loop owns the game;
// a search runs beside it and the loop plays its move when it ends, so
// every change of the game happens in one goroutine.
type CECP struct {
	state
	*output
	game *board.Game // the game since new or setboard; state.pos and history follow it

	force      bool        // play neither side
	engineSide board.Color // the side the engine plays when not in force mode
	ponder     bool        // hard: think on the opponent's time
	post       atomic.Bool // thinking output
	analyzing  bool
	badSetup   string       // why the last setboard failed; moves are refused until a good one
	lifted     board.Square // the square of the last lift, for put
	lastScore  int          // the engine's last score for its own side, for draw offers
	lastScored bool
	// setupPending: the setup lines answering variant are not sent yet;
	// they go out with the position XBoard will show (see flushSetup).
	setupPending bool

	clock    clock
	maxDepth int // sd; 0: none
	nps      int // nps mode: nodes per second of thinking instead of the wall clock

	job      *cecpJob
	moveNow  atomic.Pointer[context.CancelFunc] // ends the search for the engine's move, nil when none runs
	deferred []string                           // lines after a ping that must wait for the engine's move
	quit     bool                               // a deferred quit was handled

	// configured is closed when the settings handed to the engine beside
	// the loop (memory, cores) are in force, nil when none are on the way;
	// handed are those settings, got the engine's after them.
	configured  chan struct{}
	handed, got search.Settings
}

// cecpJob is a search running beside the command loop.
type cecpJob struct {
	kind      jobKind
	done      chan struct{}
	cancel    context.CancelFunc
	root      board.Position
	guess     board.Move     // ponder: the opponent's move the search assumes
	guessText string         // the guess as text; "" when not pondering
	ponder    *search.Ponder // ponder: hit when the guess comes true
	start     time.Time
	result    search.Result

	mu   sync.Mutex
	last search.Info // the last progress report (PV not kept), for the . command
	// abandoned: stopJob has begun (force, new, setboard, undo, a missed
	// ponder guess...): the position searched is gone, and nothing of this
	// search is printed any more, not even its last report.
	abandoned bool
}

type jobKind uint8

const (
	thinkJob   jobKind = iota // the engine's move
	ponderJob                 // on the opponent's time, after the guess
	analyzeJob                // until exit or a change of position
)

// clock is the time control and both clocks.
type clock struct {
	movesPerSession int           // level MPS; 0: the whole game
	base, increment time.Duration // level BASE INC
	perMove         time.Duration // st; 0: the level applies
	mine, theirs    time.Duration // time and otim
	levelPly        int           // game ply when level was given, to count moves to go
}

// xboardDefaultLevel is XBoard's own default, used until the GUI sends one.
var xboardDefaultLevel = clock{movesPerSession: 40, base: 5 * time.Minute}

// NewCECP makes a session that drives e and writes to out.
func NewCECP(out io.Writer, e Engine, tools Tools) *CECP {
	c := &CECP{state: newState(e, tools), output: newOutput(out), lifted: board.NoSquare}
	c.clock = xboardDefaultLevel
	c.startGame(c.pos)
	c.engineSide = board.Black
	return c
}

// Run reads commands until quit or end of input. The loop waits for a line
// or for the running search to end, whichever comes first; ? acts in the
// reader at once.
func (c *CECP) Run(in io.Reader) {
	lines := make(chan string, 256)
	go readLines(in, lines, c.urgent, func() { c.send("Error (line longer than %d bytes): ignored", maxLine) })
	for {
		var jobDone <-chan struct{}
		if c.job != nil {
			jobDone = c.job.done
		}
		select {
		case line, ok := <-lines:
			batch := []string{line}
			if ok && c.setupPending && isCommand(line, "ping") {
				batch, ok = readAheadForSetup(lines, line)
			}
			for _, l := range batch {
				if !c.Handle(l) {
					c.stopJob()
					return
				}
			}
			if !ok {
				c.stopJob()
				return
			}
		case <-jobDone:
			if c.jobEnded(); c.quit {
				c.stopJob()
				return
			}
		case <-c.configured:
			c.settle()
			c.applyBeside() // what was set meanwhile
		}
	}
}

// setupWait is how long a ping that would send a pending setup waits for
// a setboard behind it. XBoard writes new, variant, ping, force and setboard
// in one go (File > Load Position, Edit > Paste Position), so the setboard
// is in the pipe within microseconds; the wait delays only the answer to a
// plain New Game.
const setupWait = 250 * time.Millisecond

// readAheadForSetup reads the lines behind a ping that would send a pending
// setup and returns them in the order to handle them. XBoard 4.9 takes the
// board of an engine-defined game from the first setup after a reset and
// checks at the pong of that ping that one came (backend.c,
// HandleMachineMove, "setup " and "pong"), but File > Load Position sends
// the ping before force and setboard. So a setboard that follows (after
// force only) is handled first, and the setup carries the loaded position
// before the pong; anything else keeps its order. ok is false at the end of
// input.
func readAheadForSetup(lines <-chan string, ping string) (batch []string, ok bool) {
	timer := time.NewTimer(setupWait)
	defer timer.Stop()
	var forces []string
	for {
		select {
		case l, more := <-lines:
			switch {
			case !more:
				return append([]string{ping}, forces...), false
			case isCommand(l, "force"):
				forces = append(forces, l)
				continue
			case isCommand(l, "setboard"):
				return append(append(forces, l), ping), true
			}
			return append(append([]string{ping}, forces...), l), true
		case <-timer.C:
			return append([]string{ping}, forces...), true
		}
	}
}

// isCommand reports whether line is the command cmd.
func isCommand(line, cmd string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && f[0] == cmd
}

// quietBeforeSetup are the commands that neither change nor show the
// position, so a pending setup may wait behind them (XBoard sends them
// between variant and ping); before any other command it is sent.
var quietBeforeSetup = map[string]bool{
	"xboard": true, "protover": true, "accepted": true, "rejected": true, "random": true, "computer": true,
	"name": true, "rating": true, "ics": true, "level": true, "st": true, "sd": true, "nps": true,
	"time": true, "otim": true, "post": true, "nopost": true, "hard": true, "easy": true,
	"memory": true, "cores": true, "option": true, "force": true, "new": true, "variant": true,
	"setboard": true, // sends it itself, with the position set up
}

// urgent cuts the engine's thinking short on ? (move now), before the line
// waits in the queue; the loop then plays the move as usual.
func (c *CECP) urgent(line string) {
	if strings.TrimSpace(line) == "?" {
		if cancel := c.moveNow.Load(); cancel != nil {
			(*cancel)() // the search ends with its best move so far
		}
	}
}

// Handle runs one command line and reports whether to go on.
func (c *CECP) Handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	if c.deferred != nil || (fields[0] == "ping" && c.job != nil && c.job.kind == thinkJob) {
		// pong must follow the move being thought about, and so must
		// everything sent after the ping.
		c.deferred = append(c.deferred, line)
		return true
	}
	cmd, args := fields[0], fields[1:]
	if c.setupPending && !quietBeforeSetup[cmd] {
		c.flushSetup()
	}
	switch cmd {
	case "quit":
		return false
	case "xboard", "accepted", "rejected", "random", "computer", "name", "rating", "ics", "hover":
	case "protover":
		c.features()
	case "new":
		c.stopJob()
		c.chess960, c.setupPending = false, false
		c.setVariant(board.Chess())
		c.startGame(c.pos)
		c.force, c.engineSide = false, board.Black
		c.clock.mine, c.clock.theirs, c.clock.levelPly = c.clock.base, c.clock.base, 0
		c.maxDepth, c.nps = 0, 0
		c.analyzeAgain()
	case "variant":
		c.variantCommand(line, args)
	case "force":
		c.stopJob()
		c.force = true
	case "go":
		c.stopJob()
		if c.refuseWithoutPosition(cmd) {
			return true
		}
		c.force, c.engineSide = false, c.pos.SideToMove()
		c.play()
	case "playother":
		c.stopJob()
		if c.refuseWithoutPosition(cmd) {
			return true
		}
		c.force, c.engineSide = false, c.pos.SideToMove()^1
		c.ponderOnOwnGuess()
	case "usermove":
		if len(args) != 1 {
			c.send("Error (usermove needs one move): %s", truncate(line, 80))
			return true
		}
		c.userMove(args[0])
	case "?":
		if c.job != nil && c.job.kind == thinkJob {
			c.job.cancel()
		}
	case "ping":
		c.send("pong %s", strings.Join(args, " "))
	case "draw":
		// Accepted only when the engine thinks it stands worse.
		if !c.force && c.lastScored && c.lastScore <= -drawAcceptBelow {
			c.send("offer draw")
		}
	case "result":
		c.stopJob()
		c.force = true
	case "setboard":
		c.setboard(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "setboard")))
	case "undo":
		c.undo(1, line)
	case "remove":
		c.undo(2, line)
	case "hard":
		c.ponder = true
	case "easy":
		c.ponder = false
		if c.job != nil && c.job.kind == ponderJob {
			c.stopJob()
		}
	case "post":
		c.post.Store(true)
	case "nopost":
		c.post.Store(false)
	case "analyze":
		c.stopJob()
		c.analyzing = true
		c.analyzeAgain()
	case "exit":
		if c.analyzing {
			c.stopJob()
			c.analyzing = false
		}
	case ".":
		c.status()
	case "level":
		c.level(line, args)
	case "st":
		c.perMove(line, args)
	case "sd":
		c.depth(line, args)
	case "nps":
		c.npsCommand(line, args)
	case "time", "otim":
		c.clockCommand(cmd, line, args)
	case "memory":
		c.setting(line, args, 1, search.MaxHashMB, func(n int) { c.settings.HashMB = n })
	case "cores":
		c.setting(line, args, 1, MaxThreads, func(n int) { c.settings.Threads = n })
	case "option":
		c.optionCommand(line)
	case "lift":
		c.lift(line, args)
	case "put":
		c.put(args)
	case "hint":
		if c.job != nil && c.job.kind == ponderJob {
			c.send("Hint: %s", c.moveText(&c.pos, c.job.guess))
		}
	case "bk":
		c.send(" Senapati has no opening book")
		c.send("")
	case "white", "black", "edit":
		c.send("Error (not supported, use setboard; feature colors=0 setboard=1): %s", cmd)
	default:
		if looksLikeMove(cmd) && len(args) == 0 {
			c.userMove(cmd) // protocol version 1 sends moves bare
			return true
		}
		c.send("Error (unknown command): %s", truncate(cmd, 40))
	}
	return true
}

// drawAcceptBelow: the engine accepts a draw offer when its last score for
// its own side is at or below minus this many centipawns.
const drawAcceptBelow = 100

// features answers protover: what this engine does, then its options.
func (c *CECP) features() {
	var names []string
	for _, v := range board.Variants() {
		if xboardCannotShow(v) == "" {
			names = append(names, xboardName(v))
		}
	}
	names = append(names, xboardChess960)
	c.send("feature done=0")
	c.send("feature myname=\"Senapati %s\" variants=\"%s\" setboard=1 usermove=1 ping=1 playother=1 time=1 draw=1 "+
		"sigint=0 sigterm=0 colors=0 analyze=1 memory=1 smp=1 highlight=1 nps=1 name=0 reuse=1 debug=1",
		version.String(), strings.Join(names, ","))
	defaults := state{settings: search.DefaultSettings(), variant: board.Variants()[0]}
	for _, o := range options {
		if o.cecpCommand == "" && o.notCECP == "" {
			c.send("%s", o.announceCECP(&defaults))
		}
	}
	c.send("feature done=1")
}

// startGame starts the game record at p and makes the engine forget the
// last game before its next search.
func (c *CECP) startGame(p board.Position) {
	c.pos, c.history = p, nil
	c.game = board.NewGame(p)
	c.newGame = true
	c.clock.levelPly = 0
	c.badSetup = ""
	c.lastScored = false
}

// playMove adds a legal move to the game.
func (c *CECP) playMove(m board.Move) {
	c.history = append(c.history, c.pos.Hash())
	c.game.Play(m)
	c.pos = *c.game.Position()
}

// verdict judges the game under the move rule in force.
func (c *CECP) verdict() board.Verdict {
	c.game.MoveRule = c.settings.MoveRule.For(c.variant)
	return c.game.Verdict()
}

// claimIfOver claims a game that has ended by rule and reports whether it
// has.
func (c *CECP) claimIfOver() bool {
	v := c.verdict()
	if v.Over() {
		c.send("%s", resultLine(v, c.game.MoveRule))
	}
	return v.Over()
}

// variantCommand switches the game; a game XBoard cannot show is refused
// with the reason, and the game stays as it was.
func (c *CECP) variantCommand(line string, args []string) {
	if len(args) != 1 {
		c.send("Error (variant needs one name): %s", truncate(line, 80))
		return
	}
	v, frc, ok := variantByXboardName(args[0])
	if !ok {
		c.send("Error (unsupported variant): %s", truncate(line, 80))
		return
	}
	if why := xboardCannotShow(v); why != "" {
		msg := fmt.Sprintf("XBoard cannot show %s truly (%s); play it on Senapati's web board: senapati play", v.Name(), why)
		c.send("tellusererror %s", msg)
		c.send("Error (%s): %s", msg, truncate(line, 80))
		return
	}
	c.stopJob()
	c.chess960 = frc
	c.setVariant(v)
	c.startGame(c.pos)
	// The setup waits for the position XBoard will show: a setboard right
	// behind (Load Position) or the start (readAheadForSetup).
	c.setupPending = setupLines(v, "") != nil
	c.analyzeAgain()
}

// flushSetup sends the pending setup lines with the position the engine
// has now, which XBoard draws. XBoard 4.9 ignores a setup once the game
// has a move or Black is to move (backend.c: forwardMostMove != 0), which
// a setboard with Black to move after a reset gives; docs/xboard.md says
// which ways of loading such a position work.
func (c *CECP) flushSetup() {
	c.setupPending = false
	for _, l := range setupLines(c.variant, c.pos.FEN()) {
		c.send("%s", l)
	}
}

// setboard sets up a position; a bad one leaves the engine refusing moves
// until new or a good setboard, as the protocol suggests.
func (c *CECP) setboard(fen string) {
	c.stopJob()
	if c.setupPending {
		defer c.flushSetup() // with the position set up (or the start, if refused)
	}
	p, err := c.parseFEN(fen)
	if err != nil {
		c.badSetup = err.Error()
		c.lastScored = false // no draw offer is judged by the stale game's score
		c.send("tellusererror Illegal position: %s", c.badSetup)
		c.send("Error (%s): setboard %s", c.badSetup, truncate(fen, 100))
		return
	}
	c.startGame(p)
	c.analyzeAgain()
}

// refuseWithoutPosition answers a command that needs the game while a
// set-up was refused, and reports whether it did: the old game is not the
// one the GUI shows, so nothing may be played, pondered or taken back on it.
func (c *CECP) refuseWithoutPosition(cmd string) bool {
	if c.badSetup == "" {
		return false
	}
	c.send("Error (no valid position set up): %s", cmd)
	return true
}

// undo takes back n plies (undo 1, remove 2).
func (c *CECP) undo(n int, line string) {
	c.stopJob()
	if c.refuseWithoutPosition(strings.Fields(line)[0]) {
		return
	}
	moves := c.game.Moves
	if len(moves) < n {
		c.send("Error (command not legal now: no move to take back): %s", truncate(line, 40))
		return
	}
	start := c.game.Start
	c.pos, c.history = start, nil
	c.game = board.NewGame(start)
	for _, m := range moves[:len(moves)-n] {
		c.playMove(m)
	}
	c.analyzeAgain()
}

// userMove plays the opponent's move (or, in force mode, either side's)
// and starts thinking when the engine is to move.
func (c *CECP) userMove(s string) {
	if c.badSetup != "" {
		c.stopJob()
		c.send("Illegal move (no valid position set up): %s", truncate(s, 40))
		return
	}
	if j := c.job; j != nil && j.kind == ponderJob && j.root.Hash() != c.pos.Hash() {
		if m, err := c.parseMove(s); err == nil && m == j.guess {
			// The guess came true: the ponder search goes on as the
			// engine's own, against the clock.
			c.playMove(m)
			j.kind = thinkJob
			c.moveNow.Store(&j.cancel)
			j.ponder.Hit()
			return
		}
	}
	c.stopJob()
	m, err := c.parseMove(s)
	if last := s[len(s)-1]; err == nil && m.Promotion() != board.NoType && last >= '0' && last <= '9' {
		// The GUI would show a pawn where the engine has the promoted piece.
		err = fmt.Errorf("say which piece the pawn becomes: %s", c.pos.MoveString(m))
	}
	if err != nil {
		c.send("%s", illegalMove(s, err))
		// XBoard shows only "Illegal move (rejected by first chess
		// program)" and never the reason in parentheses; a telluser note
		// carries it, whole.
		c.send("telluser Illegal move %s: %s", truncate(s, 40), reasonOf(s, err))
		c.analyzeAgain()
		return
	}
	c.playMove(m)
	switch {
	case c.analyzing:
		c.analyzeAgain()
	case c.force:
	case c.claimIfOver():
	case c.pos.SideToMove() == c.engineSide:
		c.think()
	}
}

// illegalMove is the protocol's answer to a move that is not legal. XBoard
// ignores an Illegal move line that contains certain words (board, name,
// variant, ...) or a question mark, which would leave it showing the move;
// a reason with any of them is left out.
func illegalMove(s string, err error) string {
	reason := strings.NewReplacer("(", "[", ")", "]").Replace(reasonOf(s, err))
	for _, w := range xboardIgnores {
		if strings.Contains(strings.ToLower(reason), w) {
			return "Illegal move: " + truncate(s, 40)
		}
	}
	return fmt.Sprintf("Illegal move (%s): %s", reason, truncate(s, 40))
}

// reasonOf is why the move s was refused, without the move.
func reasonOf(s string, err error) string {
	return strings.TrimPrefix(err.Error(), "illegal move "+s+": ")
}

// parseMove reads the opponent's move; in fischerandom XBoard writes
// castling O-O and O-O-O (king takes rook is read too).
func (c *CECP) parseMove(s string) (board.Move, error) {
	if c.frc() && (strings.HasPrefix(s, "O-O") || strings.HasPrefix(s, "0-0")) {
		return c.pos.ParseSAN(s)
	}
	return c.pos.ParseMove(s)
}

// moveText writes the engine's move m from p: castling in fischerandom as
// O-O or O-O-O, as the protocol names it and XBoard sends it to us.
func (c *CECP) moveText(p *board.Position, m board.Move) string {
	if c.frc() && m.IsCastle() {
		return strings.TrimRight(p.SAN(m), "+#")
	}
	return p.MoveString(m)
}

// xboardIgnores are the words that make XBoard 4.9 ignore an Illegal move
// or Error line or take it for something else (backend.c,
// HandleMachineMove: draw turns off draw offers, analyze analysis,
// protover makes the engine protocol 1, time and otim the clock commands
// of an engine that did not say feature time=1).
var xboardIgnores = []string{"name", "rating", "?", "result", "board", "bk", "computer", "variant", "hint", "random", "depth", "accepted",
	"draw", "time", "otim", "analyze", "protover"}

// looksLikeMove tells a bare move (protocol 1) from an unknown command.
func looksLikeMove(s string) bool {
	if len(s) < 4 || len(s) > 40 {
		return false
	}
	if s[1] == '@' {
		return s[0] >= 'A' && s[0] <= 'Z'
	}
	return s[0] >= 'a' && s[0] <= 'z' && s[1] >= '0' && s[1] <= '9'
}

// play starts thinking on the engine's move, or claims the game when it is
// over.
func (c *CECP) play() {
	if c.claimIfOver() {
		return
	}
	c.think()
}

// think starts the search for the engine's move.
func (c *CECP) think() {
	c.startJob(thinkJob, c.pos, board.NoMove, c.limits(c.pos.SideToMove()))
}

// ponderOn starts thinking on the opponent's time, assuming guess.
func (c *CECP) ponderOn(guess board.Move) {
	if !c.ponder || c.force || c.analyzing || guess == board.NoMove || !c.pos.IsLegal(guess) {
		return
	}
	root := c.pos
	root.DoMove(guess)
	if v := root.Verdict(c.settings.MoveRule.For(c.variant)); v.Over() {
		return
	}
	l := c.limits(root.SideToMove())
	l.Ponder = &search.Ponder{}
	c.startJob(ponderJob, root, guess, l)
}

// guessNodes is the search that picks the opponent's likely move when no
// search of ours left one (a few milliseconds).
const guessNodes = 20000

// ponderOnOwnGuess ponders when it is the opponent's turn and no search of
// ours has guessed his move (after playother): a short search picks it.
func (c *CECP) ponderOnOwnGuess() {
	if !c.ponder || c.force || c.analyzing || c.pos.SideToMove() == c.engineSide || c.verdict().Over() {
		return
	}
	c.settle()
	r := c.engine.Search(context.Background(), c.pos, c.history, search.Limits{Nodes: guessNodes}, func(search.Info) {})
	c.ponderOn(r.Best)
}

// analyzeAgain restarts the analysis on the current position.
func (c *CECP) analyzeAgain() {
	if !c.analyzing || c.badSetup != "" {
		return
	}
	c.stopJob()
	if v := c.verdict(); v.Over() {
		// Nothing to search; the line in parentheses says why.
		c.send("0 0 0 0 (%s)", resultLine(v, c.game.MoveRule))
		return
	}
	c.startJob(analyzeJob, c.pos, board.NoMove, search.Limits{Infinite: true, Depth: c.maxDepth})
}

// startJob runs a search beside the command loop.
func (c *CECP) startJob(kind jobKind, root board.Position, guess board.Move, l search.Limits) {
	c.stopJob()
	if c.badSetup != "" {
		return // the last game is stale: never search it (the commands refuse first)
	}
	c.applyNow()
	keepProcsForInput(c.settings.Threads)
	ctx, cancel := context.WithCancel(context.Background())
	j := &cecpJob{kind: kind, done: make(chan struct{}), cancel: cancel, root: root, guess: guess, ponder: l.Ponder, start: time.Now()}
	if guess != board.NoMove {
		j.guessText = c.moveText(&c.pos, guess)
	}
	history := append([]uint64(nil), c.history...)
	if kind == ponderJob {
		history = append(history, c.pos.Hash())
	}
	c.job = j
	if kind == thinkJob {
		c.moveNow.Store(&j.cancel)
	}
	nps := c.nps
	go func() {
		defer close(j.done)
		defer cancel()
		j.result = c.engine.Search(ctx, root, history, l, func(in search.Info) { c.report(j, nps, in) })
	}()
}

// stopJob ends the running search, if any, and forgets its answer.
func (c *CECP) stopJob() {
	if c.job == nil {
		return
	}
	c.job.mu.Lock() // a report being printed finishes first
	c.job.abandoned = true
	c.job.mu.Unlock()
	c.engine.Stop()
	c.job.cancel()
	<-c.job.done
	c.job = nil
	c.moveNow.Store(nil)
}

// jobEnded plays the engine's move when its search has ended (a ponder or
// analysis search ends only when stopped, and its answer is not played).
func (c *CECP) jobEnded() {
	j := c.job
	c.job = nil
	c.moveNow.Store(nil)
	if j.kind == thinkJob && j.result.Best != board.NoMove {
		c.lastScore, c.lastScored = j.result.Score, true
		c.send("move %s", c.moveText(&c.pos, j.result.Best))
		c.playMove(j.result.Best)
		if !c.claimIfOver() {
			c.ponderOn(j.result.Ponder)
		}
	}
	deferred := c.deferred
	c.deferred = nil
	for _, line := range deferred {
		if !c.Handle(line) {
			c.quit = true
			return
		}
	}
}

// status answers . in analyze mode: time, nodes and depth of the last
// finished iteration, with no move of it left (mvleft 0), and the number
// of legal moves.
func (c *CECP) status() {
	j := c.job
	if j == nil || j.kind != analyzeJob {
		return
	}
	j.mu.Lock()
	last := j.last
	j.mu.Unlock()
	var ml board.MoveList
	j.root.GenerateMoves(&ml)
	c.send("stat01: %d %d %d 0 %d", time.Since(j.start).Milliseconds()/10, last.Nodes, last.Depth, ml.N)
}

// report is the thinking output of one progress report, when post is on:
// ply score time(centiseconds) nodes pv. A ponder search's line starts
// with the move it assumes; ? ends a fail low, ! a fail high.
func (c *CECP) report(j *cecpJob, nps int, in search.Info) {
	// Held while printing, so that once stopJob has marked the job
	// abandoned no line of it follows.
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.abandoned {
		return
	}
	j.last = search.Info{Depth: in.Depth, Nodes: in.Nodes, Time: in.Time}
	if !c.post.Load() {
		return
	}
	cs := in.Time.Milliseconds() / 10
	if nps > 0 {
		cs = int64(in.Nodes * 100 / uint64(nps))
	}
	pv := pvString(&j.root, in.PV)
	if j.guessText != "" { // pondering
		pv = j.guessText + " " + pv
	}
	switch in.Bound {
	case search.BoundUpper:
		pv += "?"
	case search.BoundLower:
		pv += "!"
	}
	c.send("%d %d %d %d %s", in.Depth, cecpScore(in.Score), cs, in.Nodes, pv)
}

// cecpScore writes mates as 100000+N (mate in N moves) and -100000-N.
func cecpScore(s int) int {
	n, mate := search.MateIn(s)
	switch {
	case !mate:
		return s
	case s > 0:
		return 100000 + n
	}
	return -100000 + n
}

// setting applies memory N (Hash) or cores N (Threads), capped to the
// engine's range.
func (c *CECP) setting(line string, args []string, lo, hi int, set func(int)) {
	n, ok := oneInt(args, 0, math.MaxInt32)
	if !ok {
		c.send("Error (%s needs a whole number): %s", strings.Fields(line)[0], truncate(line, 80))
		return
	}
	set(min(max(n, lo), hi))
	c.applyBeside()
}

// applyIfIdle hands new settings to the engine now when no search runs;
// otherwise the next search does it.
func (c *CECP) applyIfIdle() {
	if c.job != nil {
		return
	}
	c.applyNow()
}

// applyNow hands new settings, a new game or a table clear to the engine
// (after any on the way beside the loop); never while a search runs.
func (c *CECP) applyNow() {
	c.settle()
	if asked, got := c.apply(); got < asked {
		c.send("# Hash %d MB is more than this machine can spare; the table has %d MB", asked, got)
	}
}

// applyBeside hands new settings (memory, cores) to the engine beside the
// command loop when no search runs: a new table or many threads' state
// can take seconds on a loaded machine, and XBoard, which sends both
// before each game, takes an engine whose pong is late for a hung one.
// Whatever uses the engine next waits for them (settle). While some are on
// the way, newer ones wait for the loop to hand them when those are in
// force, or for the next search.
func (c *CECP) applyBeside() {
	if c.job != nil || c.configured != nil {
		return
	}
	if c.settings == c.engine.Settings() {
		return
	}
	handed, done := c.settings, make(chan struct{})
	c.handed, c.configured = handed, done
	go func() {
		defer close(done)
		c.engine.Configure(handed)
		c.got = c.engine.Settings()
	}()
}

// settle waits for the settings handed to the engine beside the loop to
// be in force, and takes what the engine made of them (the Hash the
// machine could spare), unless they were changed since.
func (c *CECP) settle() {
	if c.configured == nil {
		return
	}
	<-c.configured
	c.configured = nil
	if c.settings == c.handed {
		c.settings = c.got
	} else if c.settings.HashMB == c.handed.HashMB {
		c.settings.HashMB = c.got.HashMB
	}
	if c.got.HashMB < c.handed.HashMB {
		c.send("# Hash %d MB is more than this machine can spare; the table has %d MB", c.handed.HashMB, c.got.HashMB)
	}
}

// optionCommand: option NAME=VALUE (option NAME for a button).
func (c *CECP) optionCommand(line string) {
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "option"))
	name, value, _ := strings.Cut(rest, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	o := findOption(name)
	switch {
	case o != nil && o.cecpCommand != "":
		c.send("Error (%s is set with the %s command): option %s", o.name, o.cecpCommand, truncate(rest, 80))
		return
	case o != nil && o.notCECP != "":
		c.send("Error (%s is for UCI only: %s): option %s", o.name, o.notCECP, truncate(rest, 80))
		return
	case o != nil && o.kind == check && (value == "0" || value == "1"):
		value = strconv.FormatBool(value == "1")
	}
	if err := c.setOption(name, value); err != nil {
		c.send("Error (%v): option %s", err, truncate(rest, 80))
		return
	}
	c.applyIfIdle()
}

// lift answers the GUI's lift SQUARE with the legal targets of the piece
// there (none for the side not to move).
func (c *CECP) lift(line string, args []string) {
	var sq board.Square
	ok := len(args) == 1
	if ok {
		sq, ok = c.variant.ParseSquare(args[0])
	}
	if !ok {
		c.send("Error (lift needs a square): %s", truncate(line, 40))
		return
	}
	c.lifted = sq
	if pc := c.pos.PieceAt(sq); c.badSetup != "" || pc == board.NoPiece || pc.Color() != c.pos.SideToMove() {
		sq = board.NoSquare
	}
	c.send("highlight %s", highlight(&c.pos, sq))
}

// put answers the GUI's put SQUARE on a promotion square with the pieces
// the pawn may become there.
func (c *CECP) put(args []string) {
	if len(args) != 1 || c.lifted == board.NoSquare || c.badSetup != "" {
		return
	}
	to, ok := c.variant.ParseSquare(strings.TrimSuffix(args[0], ","))
	if !ok {
		return
	}
	if choice := promotionChoice(&c.pos, c.lifted, to); choice != "" {
		c.send("choice %s", choice)
	}
}
