package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"senapati/board"
	"senapati/pgn"
	"senapati/syzygy"
	"senapati/uciclient"
)

// PGN Termination tag values.
const (
	termNormal      = "normal"
	termAdjudicated = "adjudication"
	termTime        = "time forfeit"
	termIllegal     = "rules infraction"
	termAbandoned   = "abandoned"
	termStalled     = "stalled connection"
)

// gameSpec is one scheduled game.
type gameSpec struct {
	number       int // from 1, in schedule order
	encounter    int // index of the pairing
	white, black int // engine indices
	firstWhite   bool
	pair         int // from 1: games 2k and 2k+1 of an encounter form a pair; 0 when the match is not paired
	slot         int // which opening (see schedule)
	opening      *Opening
}

type moveRecord struct {
	move     string
	comment  string
	commands string // the PGN's [%clk ...] (timeleft=true); "" for none
}

// gameResult is a finished game.
type gameResult struct {
	spec         *gameSpec
	white, black string
	variant      *board.Variant
	startFEN     string
	moves        []moveRecord
	result       board.Result
	reason       string
	termination  string
	date         time.Time
	tc           [2]TimeControl
	match        *matchInfo       // nil: no match tags
	ids          *[2]string       // the engines' id names; nil: not known
	opts         [2]string        // the options given to each engine
	endFEN       string           // the position the game ended in
	thinking     [2]time.Duration // each side's time for its moves
	ponderHits   [2]int           // moves after a ponder search whose guess was played
	ponderTries  [2]int           // moves after a ponder search
	notation     pgn.Notation     // of the PGN's moves (-pgnout notation=)
}

// clean makes the reason, which may hold an engine's move token or an
// error, safe for the terminal as it is in the PGN comment it joins (the
// PGN writer cleans what it writes; the move comments are our own).
func (r *gameResult) clean() { r.reason = pgn.CleanComment(r.reason) }

func colorName(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}

func winFor(c board.Color) board.Result {
	if c == board.White {
		return board.WhiteWins
	}
	return board.BlackWins
}

// judge is the board's verdict (every rule of the variant: bare Raja,
// checkmate, stalemate, dead material, the move rule, threefold
// repetition) with its cutechess-style wording.
func judge(g *board.Game) (board.Result, string) {
	v := g.Verdict()
	return v.Result(), v.Reason()
}

// adjudicator applies -resign, -draw and -maxmoves after each engine move.
type adjudicator struct {
	Adjudication
	drawRun   int
	resignRun [2]int
	last      [2]int
	hasLast   [2]bool
}

// afterMove takes the score the mover reported (its own view) and the
// number of plies the game now has, and says whether to stop the game.
func (a *adjudicator) afterMove(mover board.Color, score int, hasScore bool, plies int) (board.Result, string) {
	opp := mover ^ 1
	if a.Resign {
		losing := hasScore && score <= -a.ResignScore
		if a.ResignTwoSided {
			losing = losing && a.hasLast[opp] && a.last[opp] >= a.ResignScore
		}
		if losing {
			a.resignRun[mover]++
		} else {
			a.resignRun[mover] = 0
		}
		if a.resignRun[mover] >= a.ResignMoveCount {
			return winFor(opp), colorName(opp) + " wins by adjudication"
		}
	}
	a.last[mover], a.hasLast[mover] = score, hasScore
	if a.Draw {
		if hasScore && score <= a.DrawScore && score >= -a.DrawScore {
			a.drawRun++
		} else {
			a.drawRun = 0
		}
		if a.drawRun >= 2*a.DrawMoveCount && plies/2 >= a.DrawMoveNumber {
			return board.Draw, "Draw by adjudication"
		}
	}
	if a.MaxMoves > 0 && plies >= 2*a.MaxMoves {
		return board.Draw, fmt.Sprintf("Draw by adjudication: %d moves played", a.MaxMoves)
	}
	return board.Ongoing, ""
}

// tablebaseReason is cutechess-cli's word for a Syzygy adjudication, after
// "White wins by adjudication: " or "Draw by adjudication: ".
const tablebaseReason = "SyzygyTB"

// tablebases adjudicates by the -tb tables: a position of at most pieces
// pieces, without castling rights, whose tables are there. Drawn
// positions end at once, as do cursed wins and blessed losses (draws by
// the fifty-move rule; wins and losses with ignore50). A won or lost
// position ends once the fifty-move counter is zero: a WDL table says the
// win comes within the fifty-move rule counted from zero, not how far it
// is, so until the next capture or pawn move the game goes on (with
// ignore50 it ends at once too).
type tablebases struct {
	tb       *syzygy.Tablebase
	pieces   int
	ignore50 bool
}

func (a *tablebases) verdict(pos *board.Position) (board.Result, string) {
	if a == nil || a.tb == nil || pos.Occupied().Count() > a.pieces {
		return board.Ongoing, ""
	}
	v, err := a.tb.Probe(pos)
	if err != nil { // castling rights, or a table missing
		return board.Ongoing, ""
	}
	return a.decide(v, pos.SideToMove(), pos.HalfmoveClock())
}

// decide turns a probed value for the side to move into the game's end.
func (a *tablebases) decide(v syzygy.WDL, side board.Color, halfmoves int) (board.Result, string) {
	if a.ignore50 {
		switch v {
		case syzygy.CursedWin:
			v = syzygy.Win
		case syzygy.BlessedLoss:
			v = syzygy.Loss
		}
	}
	switch v {
	case syzygy.Win, syzygy.Loss:
		if halfmoves != 0 && !a.ignore50 {
			return board.Ongoing, ""
		}
		winner := side
		if v == syzygy.Loss {
			winner ^= 1
		}
		return winFor(winner), colorName(winner) + " wins by adjudication: " + tablebaseReason
	}
	return board.Draw, "Draw by adjudication: " + tablebaseReason
}

// clock is one side's time.
type clock struct {
	tc    TimeControl
	left  time.Duration
	moves int
}

func msArg(d time.Duration) int64 { return max(d.Milliseconds(), 1) }

// goCommand is the go command for the side to move and the time it has.
func goCommand(side board.Color, clocks *[2]clock) (string, time.Duration) {
	own := &clocks[side]
	var b strings.Builder
	b.WriteString("go")
	switch {
	case own.tc.Base > 0:
		var left, inc [2]time.Duration
		for c := range clocks {
			left[c], inc[c] = clocks[c].left, clocks[c].tc.Inc
			if clocks[c].tc.Base == 0 { // the other side plays without a clock
				left[c], inc[c] = own.left, own.tc.Inc
			}
		}
		fmt.Fprintf(&b, " wtime %d btime %d", msArg(left[0]), msArg(left[1]))
		if inc[0] > 0 || inc[1] > 0 {
			fmt.Fprintf(&b, " winc %d binc %d", inc[0].Milliseconds(), inc[1].Milliseconds())
		}
		if own.tc.Moves > 0 {
			fmt.Fprintf(&b, " movestogo %d", own.tc.Moves-own.moves%own.tc.Moves)
		}
	case own.tc.MoveTime > 0:
		fmt.Fprintf(&b, " movetime %d", msArg(own.tc.MoveTime))
	}
	if own.tc.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", own.tc.Depth)
	}
	if own.tc.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", own.tc.Nodes)
	}
	return b.String(), own.limit()
}

// limit is how long the side may think: what its clock shows, or its
// time per move; 0 when neither limits it.
func (c *clock) limit() time.Duration {
	switch {
	case c.tc.Base > 0:
		return c.left
	case c.tc.MoveTime > 0:
		return c.tc.MoveTime
	}
	return 0
}

// claimVerdict is the end that a CECP engine's word on the result makes
// before its move is looked at, judged as cutechess judges it: resign, or
// a result in the opponent's favour, is a resignation; a win claimed, a
// draw claimed without the move that draws, or "*" is an invalid claim,
// since the game is not over by the rules (the runner ends a game that is
// as soon as it is); an "Illegal move" answer to a legal move loses too.
// A draw claimed with a move is judged after the move (playMoves).
func claimVerdict(side board.Color, a *answer) (board.Result, string, string) {
	who, opp := colorName(side), colorName(side^1)
	switch {
	case a.illegalLine != "":
		line := a.illegalLine
		if r := []rune(line); len(r) > 2*maxMoveToken {
			line = string(r[:2*maxMoveToken]) + "..."
		}
		return winFor(side ^ 1), fmt.Sprintf("%s wins by adjudication: %s claims a legal move illegal (%s)", opp, who, line), termAdjudicated
	case a.result == "":
		return board.Ongoing, "", ""
	case a.result == "resign" || a.result == "1-0" && side == board.Black || a.result == "0-1" && side == board.White:
		return winFor(side ^ 1), who + " resigns", termNormal
	case a.result == "1/2-1/2" && a.Move != "":
		return board.Ongoing, "", ""
	}
	return winFor(side ^ 1), invalidClaim(side, a.result), termAdjudicated
}

// invalidClaim is the reason of a game lost by a result claim the rules
// do not bear out.
func invalidClaim(side board.Color, claim string) string {
	return fmt.Sprintf("%s wins by adjudication: invalid result claim (%s claims %s)", colorName(side^1), colorName(side), claim)
}

// spend charges a move's time to the clock.
func (c *clock) spend(elapsed time.Duration) {
	if c.tc.Base == 0 {
		return
	}
	c.left = max(c.left-elapsed, 0) + c.tc.Inc
	c.moves++
	if c.tc.Moves > 0 && c.moves%c.tc.Moves == 0 {
		c.left += c.tc.Base
	}
}

// positionCommand is "position startpos|fen FEN [moves ...]".
func positionCommand(v *board.Variant, fen string, moves []string) string {
	var b strings.Builder
	if fen == v.StartFEN() {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + fen)
	}
	if len(moves) > 0 {
		b.WriteString(" moves " + strings.Join(moves, " "))
	}
	return b.String()
}

func secondsText(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }

// latency is how much longer the runner waited for a move than the
// engine says it searched: the pipes, the engine's start and end of its
// search, the machine's load (fastchess's -show-latency and latency=).
func latency(t *uciclient.Thought) time.Duration {
	return (t.Elapsed - t.Reported).Truncate(time.Millisecond)
}

// moveComment is the PGN comment of an engine move: score in pawns from the
// mover's view (or M for a mate), depth, time, then the fields asked for
// as fastchess writes them: tl= the clock left after the move, n= nodes,
// sd= selective depth, nps=; last pv= the principal variation (last:
// durg's moves hold commas). A negative timeLeft means no clock. pos is
// the position the move was played in.
func moveComment(t *uciclient.Thought, f PGNFields, timeLeft time.Duration, pos *board.Position) string {
	s := secondsText(t.Elapsed)
	if t.HasScore {
		score := fmt.Sprintf("%+.2f", float64(t.CP)/100)
		if t.Mate > 0 {
			score = fmt.Sprintf("+M%d", t.Mate)
		} else if t.Mate < 0 || t.CP <= -uciclient.MateScore {
			score = fmt.Sprintf("-M%d", -t.Mate)
		}
		s = fmt.Sprintf("%s/%d %s", score, t.Depth, s)
	}
	if f.TimeLeft && timeLeft >= 0 {
		s += ", tl=" + secondsText(timeLeft)
	}
	if f.Latency && t.HasReported {
		s += ", latency=" + secondsText(latency(t))
	}
	if f.Nodes {
		s += fmt.Sprintf(", n=%d", t.Nodes)
	}
	if f.SelDepth {
		s += fmt.Sprintf(", sd=%d", t.SelDepth)
	}
	if f.NPS {
		s += fmt.Sprintf(", nps=%d", t.NPS)
	}
	if f.PV {
		if pv := pvText(pos, t.PV, f.Notation); pv != "" {
			s += ", pv=" + pv
		}
	}
	return s
}

// pvText is an engine's principal variation in the PGN's notation, up to
// its first move that is not legal where it stands: what the engine sent
// never reaches the PGN as it was sent, only the moves it names.
func pvText(pos *board.Position, pv []string, n pgn.Notation) string {
	p := *pos
	var words []string
	for _, s := range pv {
		m, err := p.ParseMove(s)
		if err != nil {
			break
		}
		words = append(words, n.Move(&p, m))
		p.DoMove(m)
	}
	return strings.Join(words, " ")
}

// gameSettings is what every game of a match shares.
type gameSettings struct {
	variant *board.Variant
	adj     Adjudication
	tb      *tablebases // -tb; nil: none
	stall   time.Duration
	fields  PGNFields
	names   []string
	ids     []string // each engine's id name, for the PGN's EngineID tags
	opts    []string // each engine's options as optionsText writes them
	tcs     []TimeControl
	match   *matchInfo
	live    *livePGN // -livepgnout; nil: none
	ponder  []bool   // each engine's ponder setting
	out     *printer // -show-latency's lines; nil: not shown
}

func (s *gameSettings) newResult(spec *gameSpec) *gameResult {
	r := &gameResult{spec: spec, white: s.names[spec.white], black: s.names[spec.black], variant: s.variant, match: s.match, notation: s.fields.Notation,
		startFEN: spec.opening.FEN, endFEN: spec.opening.FEN, date: time.Now(), tc: [2]TimeControl{s.tcs[spec.white], s.tcs[spec.black]}}
	if s.ids != nil {
		r.ids = &[2]string{s.ids[spec.white], s.ids[spec.black]}
		r.opts = [2]string{s.opts[spec.white], s.opts[spec.black]}
	}
	return r
}

// timeLoss is the reason of a time forfeit: how far past its limit (the
// clock or the move time) the engine answered, or was still thinking when
// the runner stopped waiting.
func timeLoss(who string, over, margin time.Duration, answered bool) string {
	if answered {
		return fmt.Sprintf("%s loses on time (%d ms over the limit, margin %d ms)", who, over.Milliseconds(), margin.Milliseconds())
	}
	return fmt.Sprintf("%s loses on time (still thinking %d ms over the limit)", who, over.Milliseconds())
}

// maxMoveToken bounds an illegal move token quoted in a reason.
const maxMoveToken = 40

// playGame plays one game between two running engines (White first) and
// judges it by the board package's rules. It returns an error only when
// ctx ends first; the engines are then killed. Engines still running are
// told the game is over.
func playGame(ctx context.Context, s *gameSettings, spec *gameSpec, engines [2]player) (*gameResult, error) {
	res, err := playMoves(ctx, s, spec, engines)
	if err == nil {
		for _, e := range engines {
			if e.proc().Alive() {
				e.endGame(ctx, res, s.stall)
			}
		}
	}
	return res, err
}

func playMoves(ctx context.Context, s *gameSettings, spec *gameSpec, engines [2]player) (*gameResult, error) {
	res := s.newResult(spec)
	pos, err := board.ParseFEN(s.variant, spec.opening.FEN)
	if err != nil { // openings are checked when loaded
		return nil, fmt.Errorf("opening %q: %v", spec.opening.FEN, err)
	}
	game := board.NewGame(pos)
	defer func() { res.endFEN = game.Position().FEN() }()
	var played []string
	for _, ms := range spec.opening.Moves {
		m, err := game.Position().ParseMove(ms)
		if err != nil {
			return nil, fmt.Errorf("opening move %s: %v", ms, err)
		}
		played = append(played, ms)
		res.moves = append(res.moves, moveRecord{move: ms, comment: "book"})
		game.Play(m)
	}
	s.live.update(res)
	// lose ends the game with a loss for side. A hung or broken engine is
	// killed (its worker starts a fresh one for the next game); killedFor
	// says why, when the engine was still there to be killed.
	lose := func(side board.Color, reason, termination string, kill bool, killedFor string) (*gameResult, error) {
		if kill {
			engines[side].proc().KillFor(killedFor)
		}
		res.result, res.reason, res.termination = winFor(side^1), reason, termination
		return res, nil
	}
	// failure ends the game after an engine did not answer; over is how
	// far past its limit it was still thinking.
	failure := func(side board.Color, err error, clocked bool, over time.Duration) (*gameResult, error) {
		who := colorName(side)
		switch {
		case ctx.Err() != nil:
			engines[0].proc().Kill()
			engines[1].proc().Kill()
			return nil, ctx.Err()
		case errors.Is(err, uciclient.ErrTimeout) && clocked:
			return lose(side, timeLoss(who, over, 0, false), termTime, true, "no move on time")
		case errors.Is(err, uciclient.ErrTimeout):
			return lose(side, who+"'s connection stalls", termStalled, true, "no answer in "+seconds(s.stall)+" s")
		}
		return lose(side, who+" disconnects", termAbandoned, true, "")
	}
	for side, e := range engines {
		idx := spec.white
		if side == int(board.Black) {
			idx = spec.black
		}
		g := &gameStart{variant: s.variant, startFEN: res.startFEN, tc: res.tc[side], ponder: s.ponder[idx], stall: s.stall}
		if err := e.newGame(ctx, g); err != nil {
			return failure(board.Color(side), err, false, 0)
		}
	}
	clocks := [2]clock{{tc: res.tc[0], left: res.tc[0].Base}, {tc: res.tc[1], left: res.tc[1].Base}}
	adj := adjudicator{Adjudication: s.adj}
	if r, reason := judge(game); r != board.Ongoing { // openings are checked, but a FEN may be over
		res.result, res.reason, res.termination = r, reason, termNormal
		return res, nil
	}
	for {
		pos := game.Position()
		side := pos.SideToMove()
		limit := clocks[side].limit()
		tc := clocks[side].tc
		wait := s.stall
		if tc.clocked() {
			wait = limit + tc.Margin
		}
		asked := time.Now()
		before := *pos // game.Play changes *pos
		tn := &turn{variant: s.variant, startFEN: res.startFEN, played: played, pos: &before, side: side, clocks: &clocks, wait: wait, stall: s.stall}
		t, err := engines[side].think(ctx, tn)
		if err != nil {
			return failure(side, err, tc.clocked(), time.Since(asked)-limit)
		}
		res.thinking[side] += t.Elapsed
		if s.out != nil && t.HasReported {
			name := res.white
			if side == board.Black {
				name = res.black
			}
			s.out.note("Engine %s latency: %dms (elapsed: %d, reported: %d)", name, latency(&t.Thought).Milliseconds(), t.Elapsed.Milliseconds(), t.Reported.Milliseconds())
		}
		if t.ponder != "" {
			res.ponderTries[side]++
			if t.ponder == "hit" {
				res.ponderHits[side]++
			}
		}
		if over := t.Elapsed - limit; tc.clocked() && over > tc.Margin {
			return lose(side, timeLoss(colorName(side), over, tc.Margin, true), termTime, false, "")
		}
		if r, reason, term := claimVerdict(side, &t); r != board.Ongoing {
			res.result, res.reason, res.termination = r, reason, term
			return res, nil
		}
		m, err := pos.ParseMove(t.Move)
		if err != nil {
			if t.Move == "" {
				t.Move = "(empty)"
			}
			if len(t.Move) > maxMoveToken {
				// The board's error would quote the whole token again.
				err = fmt.Errorf("unparsable move of %d bytes", len(t.Move))
				if r := []rune(t.Move); len(r) > maxMoveToken {
					t.Move = string(r[:maxMoveToken]) + "..."
				}
			}
			return lose(side, fmt.Sprintf("%s makes an illegal move: %s (%v)", colorName(side), t.Move, err), termIllegal, false, "")
		}
		ms := pos.MoveString(m)
		played = append(played, ms)
		clocks[side].spend(t.Elapsed)
		left := time.Duration(-1)
		rec := moveRecord{move: ms}
		if tc.Base > 0 {
			left = clocks[side].left
			if s.fields.TimeLeft {
				rec.commands = pgn.ClockCommand(left)
			}
		}
		rec.comment = moveComment(&t.Thought, s.fields, left, pos)
		res.moves = append(res.moves, rec)
		game.Play(m)
		s.live.update(res)
		if r, reason := judge(game); r != board.Ongoing {
			res.result, res.reason, res.termination = r, reason, termNormal
			return res, nil
		}
		if r, reason := s.tb.verdict(game.Position()); r != board.Ongoing {
			res.result, res.reason, res.termination = r, reason, termAdjudicated
			return res, nil
		}
		if t.result == "1/2-1/2" { // the claim that this move draws, which it did not
			res.result, res.reason, res.termination = winFor(side^1), invalidClaim(side, t.result), termAdjudicated
			return res, nil
		}
		if r, reason := adj.afterMove(side, t.CP, t.HasScore, len(game.Moves)); r != board.Ongoing {
			res.result, res.reason, res.termination = r, reason, termAdjudicated
			return res, nil
		}
		engines[side].moved(tn, &t)
	}
}
