package web

import (
	"strings"

	"senapati/board"
	"senapati/search"
)

// The JSON the API answers with. Everything a page shows about the rules
// (legal targets, zones, holdings, the verdict) comes from package board
// through these views; the page only draws them.

type stateView struct {
	ID       string              `json:"id"`
	Version  int                 `json:"version"`
	Epoch    int                 `json:"epoch"` // grows when the game starts again: older search reports are void
	Variant  string              `json:"variant"`
	Files    int                 `json:"files"`
	Ranks    int                 `json:"ranks"`
	StartFEN string              `json:"startFen"`
	FEN      string              `json:"fen"`
	Ply      int                 `json:"ply"`   // the position shown is after this many plies
	Plies    int                 `json:"plies"` // the game's length
	Side     string              `json:"side"`  // to move
	Fullmove int                 `json:"fullmove"`
	Board    map[string]string   `json:"board"` // square -> FEN letter (upper case White)
	Zones    map[string][]string `json:"zones,omitempty"`
	Holdings map[string]holding  `json:"holdings,omitempty"`
	Check    string              `json:"check,omitempty"` // the attacked Raja's square
	LastMove *lastMoveView       `json:"lastMove,omitempty"`
	Turns    []turnGroup         `json:"turns"`
	Verdict  verdictView         `json:"verdict"`
	Moves    []plyView           `json:"moves"` // the active line (tree.go)
	// Tree is the whole game: the main line, each move with the
	// variations that stand instead of it; Line is the active line's ids.
	Tree      []treeMove        `json:"tree"`
	Line      []int             `json:"line"`
	MainLine  bool              `json:"mainLine"`            // the active line is the main line
	StartEval *evalView         `json:"startEval,omitempty"` // the review's score of the start position
	Review    *reviewSummary    `json:"review,omitempty"`    // each side's accuracy and marks, once moves are judged (judge.go)
	Searching string            `json:"searching,omitempty"` // "engine" or "analysis" while one runs
	Tags      map[string]string `json:"tags,omitempty"`
	PGN       *pgnView          `json:"pgn,omitempty"`    // in the answer to a PGN load: what it took and left
	Shared    *sharedView       `json:"shared,omitempty"` // a shared game (share.go): its clock
	// Seat and Tokens answer the one who asks only, never an event: the
	// seat its token holds, and the invitation tokens it may hand on.
	Seat   string            `json:"seat,omitempty"`
	Tokens map[string]string `json:"tokens,omitempty"`
}

// holding is what one Durg side has off the board.
type holding struct {
	Waiting       int  `json:"waiting"`       // Mantris waiting to arrive
	Fallen        int  `json:"fallen"`        // Gaj, Ashva, Rath and Mantri lost
	CallAvailable bool `json:"callAvailable"` // the Rani may be called (now or once out of check)
}

type lastMoveView struct {
	From     string   `json:"from,omitempty"` // empty for the call
	To       string   `json:"to"`
	Arrivals []string `json:"arrivals,omitempty"`
	UCI      string   `json:"uci"`
	SAN      string   `json:"san"`
	// KillsBoth: a zone capture took the capturer off the board too.
	KillsBoth bool `json:"killsBoth,omitempty"`
}

// turnGroup holds the legal turns that begin with the same arrivals
// (none, when no Mantri waits): the moves by origin square and the calls.
type turnGroup struct {
	Arrivals []string            `json:"arrivals"`
	Moves    map[string][]target `json:"moves"`
	Calls    []target            `json:"calls,omitempty"`
}

type target struct {
	To        string `json:"to"`
	UCI       string `json:"uci"`
	Capture   bool   `json:"capture,omitempty"`
	KillsBoth bool   `json:"killsBoth,omitempty"` // a zone capture: both pieces leave the board
	Castle    bool   `json:"castle,omitempty"`
	Promotion string `json:"promotion,omitempty"` // the FEN letter it becomes
}

type verdictView struct {
	Over        bool   `json:"over"`
	Result      string `json:"result"` // PGN token
	Termination string `json:"termination,omitempty"`
	Winner      string `json:"winner,omitempty"`
	Reason      string `json:"reason,omitempty"`
	// Declared: the result is not the position's but declared (a loss on
	// time, or a loaded PGN's result); the position itself may be analysed.
	Declared bool `json:"declared,omitempty"`
}

type plyView struct {
	UCI     string    `json:"uci"`
	SAN     string    `json:"san"`
	Comment string    `json:"comment,omitempty"`
	Engine  bool      `json:"engine,omitempty"`
	Glyph   string    `json:"glyph,omitempty"` // !, ?, !!, ??, !? or ?! from a loaded PGN
	ID      int       `json:"id"`              // the move's node in the tree
	NAGs    []string  `json:"nags,omitempty"`  // other NAGs: "$14"
	Clock   *int64    `json:"clock,omitempty"`
	Eval    *evalView `json:"eval,omitempty"` // the review's score after the move
	// Judgement: the review's mark of the move, with the better move.
	Judgement *judgement `json:"judgement,omitempty"`
}

var terminationNames = map[board.Termination]string{
	board.Checkmate:            "checkmate",
	board.Stalemate:            "stalemate",
	board.BareRaja:             "bare raja",
	board.Repetition:           "repetition",
	board.MoveRuleReached:      "move rule",
	board.InsufficientMaterial: "insufficient material",
}

func newVerdictView(v board.Verdict) verdictView {
	out := verdictView{Over: v.Over(), Result: v.Result().String(), Termination: terminationNames[v.Termination], Reason: v.Reason()}
	switch v.Winner {
	case board.WhiteWon:
		out.Winner = board.White.String()
	case board.BlackWon:
		out.Winner = board.Black.String()
	}
	return out
}

// state describes the game after n plies. The caller holds g.mu.
func (g *game) state(n int) stateView {
	bg := g.at(n)
	p := bg.Position()
	v := p.Variant()
	verdict := g.verdictView(n)
	st := stateView{
		ID: g.id, Version: g.version, Epoch: g.epoch, Variant: v.Name(), Files: v.Files(), Ranks: v.Ranks(),
		StartFEN: g.start.FEN(), FEN: p.FEN(), Ply: n, Plies: len(g.plies), Side: p.SideToMove().String(), Fullmove: p.FullmoveNumber(),
		Board: boardLetters(p), Zones: zoneSquares(p), Holdings: holdings(p), Verdict: verdict, Turns: []turnGroup{}, Tags: g.tags,
		Moves: []plyView{},
	}
	if p.InCheck() {
		st.Check = p.KingSquare(p.SideToMove()).String()
	}
	if n > 0 {
		st.LastMove = lastMove(g.plies[n-1])
	}
	if !verdict.Over {
		st.Turns = turnGroups(p)
	}
	st.Line = []int{}
	judged := g.judgeLine(g.line)
	for i, n := range g.line {
		t := n.view()
		st.Moves = append(st.Moves, plyView{UCI: t.UCI, SAN: t.SAN, Comment: t.Comment, Engine: t.Engine, Glyph: t.Glyph, ID: t.ID, NAGs: t.NAGs, Clock: t.Clock, Eval: t.Eval, Judgement: judged[i]})
		st.Line = append(st.Line, n.id)
	}
	st.Review = summarise(g.start.SideToMove(), judged)
	st.Tree, st.MainLine, st.StartEval = g.moveTree(), g.onMainLine(), g.root.eval
	if g.job != nil {
		st.Searching = g.job.kind
	}
	st.Shared = g.sharedState()
	return st
}

func lastMove(pl ply) *lastMoveView {
	arrivals, _ := splitArrivals(pl.uci)
	lm := &lastMoveView{To: pl.move.To().String(), Arrivals: arrivals, UCI: pl.uci, SAN: pl.san, KillsBoth: pl.kills}
	if !pl.move.IsCall() {
		lm.From = pl.move.From().String()
	}
	return lm
}

func squareNames(b board.Bitboard) []string {
	out := []string{}
	for b.Any() {
		out = append(out, b.Pop().String())
	}
	return out
}

// splitArrivals splits a UCI turn into its arrival squares and the move
// (B@c1,B@f1,h1g3 -> [c1 f1], h1g3).
func splitArrivals(uci string) ([]string, string) {
	parts := strings.Split(uci, ",")
	var squares []string
	for _, a := range parts[:len(parts)-1] {
		squares = append(squares, strings.TrimPrefix(a, "B@"))
	}
	return squares, parts[len(parts)-1]
}

// turnGroups lists p's legal turns grouped by their arrivals, then by the
// square the piece moves from.
func turnGroups(p *board.Position) []turnGroup {
	var ml board.MoveList
	p.GenerateMoves(&ml)
	groups := []turnGroup{}
	index := map[string]int{}
	for _, m := range ml.Slice() {
		uci := p.MoveString(m)
		arrivals, _ := splitArrivals(uci)
		key := strings.Join(arrivals, ",")
		i, ok := index[key]
		if !ok {
			i = len(groups)
			index[key] = i
			if arrivals == nil {
				arrivals = []string{}
			}
			groups = append(groups, turnGroup{Arrivals: arrivals, Moves: map[string][]target{}})
		}
		t := target{To: m.To().String(), UCI: uci, Castle: m.IsCastle()}
		if m.IsCall() {
			groups[i].Calls = append(groups[i].Calls, t)
			continue
		}
		t.Capture, t.KillsBoth = p.IsCapture(m), p.KillsBoth(m)
		if pt := m.Promotion(); pt != board.NoType {
			t.Promotion = string(p.Variant().PieceLetter(board.MakePiece(p.SideToMove(), pt)))
		}
		from := m.From().String()
		groups[i].Moves[from] = append(groups[i].Moves[from], t)
	}
	return groups
}

// infoView is one search report as the page shows it: scores from the
// side to move's view (white: from White's, for the evaluation bar) and
// the principal variation in algebraic notation.
type infoView struct {
	Kind     string   `json:"kind"`     // engine or analysis
	Epoch    int      `json:"epoch"`    // the game's epoch when the search began
	Ply      int      `json:"ply"`      // the position searched is after this many plies
	Side     string   `json:"side"`     // to move there
	Fullmove int      `json:"fullmove"` // its move number, for numbering the line
	Depth    int      `json:"depth"`
	SelDepth int      `json:"seldepth"`
	MultiPV  int      `json:"multipv"`
	CP       *int     `json:"cp,omitempty"`
	Mate     *int     `json:"mate,omitempty"` // moves to mate; negative: the side to move is mated
	WDL      *wdlView `json:"wdl,omitempty"`  // the server's model's chances for this score
	White    int      `json:"white"`          // centipawns for White, mates as ±100000
	Bound    string   `json:"bound,omitempty"`
	Nodes    uint64   `json:"nodes"`
	NPS      uint64   `json:"nps"`
	TimeMs   int64    `json:"timeMs"`
	PV       []string `json:"pv"`
	PVUCI    []string `json:"pvUci"`
}

// wdlView is the chance, in thousandths summing to 1000, that the side to
// move wins, draws or loses.
type wdlView struct {
	Win  int `json:"win"`
	Draw int `json:"draw"`
	Loss int `json:"loss"`
}

func newInfoView(kind string, epoch, ply int, root *board.Position, in search.Info, wdl WDL) infoView {
	out := infoView{Kind: kind, Epoch: epoch, Ply: ply, Side: root.SideToMove().String(), Fullmove: root.FullmoveNumber(), Depth: in.Depth, SelDepth: in.SelDepth, MultiPV: in.MultiPV,
		Nodes: in.Nodes, NPS: in.NPS, TimeMs: in.Time.Milliseconds(), PV: []string{}, PVUCI: []string{}}
	if wdl != nil {
		out.WDL = &wdlView{}
		out.WDL.Win, out.WDL.Draw, out.WDL.Loss = wdl(root, in.Score)
	}
	white := in.Score
	if mate, ok := search.MateIn(in.Score); ok {
		out.Mate = &mate
		white = 100000
		if in.Score < 0 {
			white = -100000
		}
	} else {
		cp := in.Score
		out.CP = &cp
	}
	if root.SideToMove() == board.Black {
		white = -white
	}
	out.White = white
	switch in.Bound {
	case search.BoundLower:
		out.Bound = "lower"
	case search.BoundUpper:
		out.Bound = "upper"
	}
	p := *root
	for _, m := range in.PV {
		if !p.IsLegal(m) {
			break // a line from the table that no longer fits: show what is sound
		}
		out.PV = append(out.PV, p.SAN(m))
		out.PVUCI = append(out.PVUCI, p.MoveString(m))
		p.DoMove(m)
	}
	return out
}
