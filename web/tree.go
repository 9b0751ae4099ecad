package web

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"senapati/board"
	"senapati/pgn"
)

// The game tree. A game is its main line and the variations off it, as a
// PGN holds them; the server plays, searches and reviews one line of it
// at a time, the active line (g.line, mirrored by g.plies), so every call
// that counts plies counts them along that line. A move at an earlier ply
// of the line branches there and keeps the rest; the page selects,
// promotes and deletes lines (POST .../tree).

// node is one move of the tree and the position after it; the root holds
// no move.
type node struct {
	id       int
	pl       ply
	parent   *node
	children []*node   // children[0] continues the line; the others are its variations
	eval     *evalView // the position's score from a review (review.go), nil when none
}

const (
	maxNodes   = 20000 // moves in a game's tree, all lines together
	maxNesting = 64    // variations within variations, as read from a PGN
	maxNAGs    = 8     // per move
)

// end is the node at the end of the active line.
func (g *game) end() *node {
	if n := len(g.line); n > 0 {
		return g.line[n-1]
	}
	return g.root
}

// syncLine makes g.plies, the positions and the repetition keys those of
// g.line.
func (g *game) syncLine() {
	g.plies = g.plies[:0]
	for _, n := range g.line {
		g.plies = append(g.plies, n.pl)
	}
	g.rebuild()
}

// extend follows the main continuation from the end of the active line.
func (g *game) extend() {
	for n := g.end(); len(n.children) > 0 && len(g.line) < maxPlies; n = n.children[0] {
		g.line = append(g.line, n.children[0])
	}
}

// child is the node after parent's move m: an existing one, or a new
// line (the main continuation when parent has none).
func (g *game) child(parent *node, pl ply) (*node, error) {
	for _, c := range parent.children {
		if c.pl.move == pl.move {
			if c.pl.comment == "" {
				c.pl.comment = pl.comment
			}
			if !c.pl.hasClk && pl.hasClk {
				c.pl.clk, c.pl.hasClk = pl.clk, true
			}
			return c, nil
		}
	}
	if g.nodes >= maxNodes {
		return nil, errorf(409, "the game's tree holds %d moves, the most it may", maxNodes)
	}
	g.nextID++
	g.nodes++
	c := &node{id: g.nextID, pl: pl, parent: parent}
	parent.children = append(parent.children, c)
	return c, nil
}

// branch plays text at ply n of the active line: the moves after n stay
// in the tree (the move is a variation there, or the one already played).
func (g *game) branch(n int, text string) error {
	if n < 0 || n > len(g.line) {
		return errorf(400, "at must be 0 to %d, not %d", len(g.line), n)
	}
	if n == len(g.line) {
		return g.play(text, "", false, "")
	}
	if len(text) > maxMoveText {
		return errorf(400, "the move is longer than %d characters", maxMoveText)
	}
	bg := g.at(n)
	if v := bg.Verdict(); v.Over() {
		return errorf(409, "the game is over there: %s", v.Reason())
	}
	p := bg.Position()
	m, err := p.ParseSAN(text)
	if err != nil {
		return errorf(422, "%s", explainSAN(p, text, err))
	}
	parent := g.root
	if n > 0 {
		parent = g.line[n-1]
	}
	c, err := g.child(parent, newPly(p, m, "", false, ""))
	if err != nil {
		return err
	}
	g.line = append(g.line[:n], c)
	g.extend()
	g.syncLine()
	g.changed()
	return nil
}

func newPly(p *board.Position, m board.Move, comment string, byEngine bool, level string) ply {
	return ply{move: m, uci: p.MoveString(m), san: p.SAN(m), comment: comment, engine: byEngine, level: level, kills: p.KillsBoth(m)}
}

// find is the node with the id, nil when none.
func (g *game) find(id int) *node {
	var walk func(n *node) *node
	walk = func(n *node) *node {
		for n != nil {
			if n.id == id && n != g.root {
				return n
			}
			if len(n.children) == 0 {
				return nil
			}
			for _, c := range n.children[1:] {
				if f := walk(c); f != nil {
					return f
				}
			}
			n = n.children[0]
		}
		return nil
	}
	return walk(g.root)
}

// pathTo is the line from the root to n.
func pathTo(n *node) []*node {
	var out []*node
	for ; n.parent != nil; n = n.parent {
		out = append(out, n)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// treeRequest is a change to the tree: select a line (the one through
// the node, on along its main continuation), promote it over the line it
// branches from (main: all the way to the main line), or delete the node
// and what follows it.
type treeRequest struct {
	Op   string `json:"op"`
	Node int    `json:"node"`
}

func (g *game) editTree(req treeRequest) error {
	n := g.find(req.Node)
	if n == nil {
		return errorf(404, "no move %d in this game's tree", req.Node)
	}
	switch req.Op {
	case "select":
		g.line = pathTo(n)
		g.extend()
	case "promote", "main":
		v := n
		for v.parent != nil && v.parent.children[0] == v {
			v = v.parent
		}
		if v.parent == nil {
			return errorf(422, "that move is on the main line already")
		}
		for v.parent != nil {
			kids := v.parent.children
			i := indexOf(kids, v)
			copy(kids[1:i+1], kids[:i])
			kids[0] = v
			if req.Op == "promote" {
				break
			}
			for v.parent != nil && v.parent.children[0] == v {
				v = v.parent
			}
		}
	case "delete":
		kids := n.parent.children
		i := indexOf(kids, n)
		n.parent.children = append(kids[:i:i], kids[i+1:]...)
		g.nodes -= count(n)
		for i, l := range g.line {
			if l == n {
				g.line = g.line[:i]
				g.extend()
				break
			}
		}
	default:
		return errorf(400, `op is "select", "promote", "main" or "delete", not %q`, req.Op)
	}
	g.syncLine()
	g.changed()
	return nil
}

func indexOf(ns []*node, n *node) int {
	for i, c := range ns {
		if c == n {
			return i
		}
	}
	return -1
}

func count(n *node) int {
	c := 1
	for _, k := range n.children {
		c += count(k)
	}
	return c
}

// mainLine is the game's main line: the first continuation from the root on.
func (g *game) mainLine() []*node {
	var out []*node
	for n := g.root; len(n.children) > 0; n = n.children[0] {
		out = append(out, n.children[0])
	}
	return out
}

// treeMove is a move of the tree as the page shows it: the main line is a
// list of them, and each holds the variations that stand instead of it.
type treeMove struct {
	ID      int          `json:"id"`
	UCI     string       `json:"uci"`
	SAN     string       `json:"san"`
	Comment string       `json:"comment,omitempty"`
	Engine  bool         `json:"engine,omitempty"`
	Glyph   string       `json:"glyph,omitempty"`
	NAGs    []string     `json:"nags,omitempty"`
	Clock   *int64       `json:"clock,omitempty"` // ms the mover had left after it
	Eval    *evalView    `json:"eval,omitempty"`  // the review's score after it
	Vars    [][]treeMove `json:"vars,omitempty"`
}

func (n *node) view() treeMove {
	t := treeMove{ID: n.id, UCI: n.pl.uci, SAN: n.pl.san, Comment: n.pl.comment, Engine: n.pl.engine, Glyph: n.pl.glyph, NAGs: n.pl.nags, Eval: n.eval}
	if n.pl.hasClk {
		ms := n.pl.clk.Milliseconds()
		t.Clock = &ms
	}
	return t
}

// treeLine is the line that starts with first, with its variations.
func treeLine(first *node) []treeMove {
	out := []treeMove{}
	for n := first; ; n = n.children[0] {
		t := n.view()
		if p := n.parent; p.children[0] == n {
			for _, alt := range p.children[1:] {
				t.Vars = append(t.Vars, treeLine(alt))
			}
		}
		out = append(out, t)
		if len(n.children) == 0 {
			return out
		}
	}
}

// moveTree is the state's tree: the main line from the root.
func (g *game) moveTree() []treeMove {
	if len(g.root.children) == 0 {
		return []treeMove{}
	}
	return treeLine(g.root.children[0])
}

// ---------------------------------------------------------------- PGN in

// pgnToken is one token of a game's movetext.
type pgnToken struct {
	kind byte // 'm' move, 'c' comment, 'n' NAG, '(' or ')'
	text string
}

// readTree builds the tree of one game's movetext from the game's start
// (the reset tree). It stops a variation at its first move that is not
// legal, and says whether the main line it read is mainMoves, the line
// package pgn read (otherwise the caller keeps that one alone).
func (g *game) readTree(tokens []pgnToken, mainMoves []board.Move) bool {
	type frame struct {
		at, prev       *node
		pos, prevPos   board.Position
		broken, hasPre bool
		pre            string // a comment before the frame's first move
	}
	stack := []frame{{at: g.root, pos: g.start}}
	skip := 0 // depth of a variation being skipped
	for _, t := range tokens {
		if skip > 0 {
			switch t.kind {
			case '(':
				skip++
			case ')':
				skip--
			}
			continue
		}
		f := &stack[len(stack)-1]
		switch t.kind {
		case '(':
			if f.prev == nil || len(stack) > maxNesting {
				skip = 1
				continue
			}
			stack = append(stack, frame{at: f.prev, pos: f.prevPos})
		case ')':
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		case 'c':
			if f.broken {
				continue
			}
			if f.at == g.root || f.prev == nil {
				f.pre = strings.TrimSpace(f.pre + " " + t.text)
				continue
			}
			c := &f.at.pl.comment
			*c = limitText(strings.TrimSpace(*c+" "+t.text), maxComment)
		case 'n':
			if f.broken || f.prev == nil {
				continue
			}
			addNAG(&f.at.pl, t.text)
		case 'm':
			if f.broken {
				continue
			}
			w := t.text
			k := len(w)
			for k > 0 && (w[k-1] == '!' || w[k-1] == '?') {
				k--
			}
			m, err := f.pos.ParseSAN(w[:k])
			if err != nil || len(pathTo(f.at)) >= maxPlies {
				if len(stack) == 1 {
					return false
				}
				f.broken = true
				continue
			}
			c, err := g.child(f.at, newPly(&f.pos, m, "", false, ""))
			if err != nil {
				return false
			}
			if f.pre != "" {
				c.pl.comment = limitText(f.pre, maxComment)
				f.pre = ""
			}
			if validGlyph(w[k:]) {
				c.pl.glyph = w[k:]
			}
			f.prev, f.prevPos = f.at, f.pos
			f.at = c
			f.pos.DoMove(m)
		}
	}
	main := g.mainLine()
	if len(main) != len(mainMoves) {
		return false
	}
	for i, n := range main {
		if n.pl.move != mainMoves[i] {
			return false
		}
	}
	return true
}

// addNAG keeps a NAG: $1-$6 as the move's glyph, others as they are.
func addNAG(pl *ply, nag string) {
	// Only what a restore takes back ($1-$255), so a page can make the
	// game again after a server restart.
	if k, err := strconv.Atoi(strings.TrimPrefix(nag, "$")); err != nil || k < 1 || k > 255 {
		return
	}
	if glyph, ok := nagGlyphs[nag]; ok && pl.glyph == "" {
		pl.glyph = glyph
		return
	}
	if len(pl.nags) < maxNAGs {
		pl.nags = append(pl.nags, nag)
	}
}

// ---------------------------------------------------------------- PGN out

var commentWords = regexp.MustCompile(`\[%[^\]]*\]|\S+`)

var safeCommand = regexp.MustCompile(`^\[%[A-Za-z]\w{0,15} [^\[\]{}\n%]{1,64}\]$`)

// pgnComment is a comment for the PGN: the [%clk]-style commands kept as
// they are (clk the move's own clock, eval its review's score, when it
// has one and the comment none), then the text made safe.
func pgnComment(text string, n *node) string {
	var cmds []string
	for _, c := range commandRE.FindAllString(text, -1) {
		c = "[%" + strings.Join(strings.Fields(c[2:]), " ")
		if safeCommand.MatchString(c) {
			cmds = append(cmds, c)
		}
	}
	if n != nil && n.pl.hasClk && !strings.Contains(text, "[%clk") {
		cmds = append([]string{"[%clk " + clockText(n.pl.clk) + "]"}, cmds...)
	}
	// [%eval] is White's view in pawns, or #N for a mate (#-N: Black
	// mates), as lichess writes it.
	if n != nil && n.eval != nil && !strings.Contains(text, "[%eval") {
		e := n.eval
		v := fmt.Sprintf("%.2f", float64(e.White)/100)
		if e.Mate != nil {
			v = fmt.Sprintf("#%d", *e.Mate)
			if *e.Mate == 0 { // the game over: its result stands instead
				v = ""
			}
		}
		if v != "" {
			cmds = append([]string{"[%eval " + v + "]"}, cmds...)
		}
	}
	rest := pgn.CleanComment(withoutCommands(text))
	if rest != "" {
		cmds = append(cmds, rest)
	}
	return strings.Join(cmds, " ")
}

// clockText is a clock time as [%clk] writes it: H:MM:SS, tenths when
// under a minute.
func clockText(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := d.Seconds()
	h := int(s) / 3600
	m := int(s) / 60 % 60
	sec := s - float64(h*3600+m*60)
	if d < time.Minute && d%time.Second != 0 {
		return fmt.Sprintf("%d:%02d:%04.1f", h, m, sec)
	}
	return fmt.Sprintf("%d:%02d:%02d", h, m, int(sec))
}

// writeTree is the PGN of the game: the record's tags (record), then the
// movetext of the whole tree, the main line with its variations in
// parentheses, comments with their commands and the NAGs.
func (g *game) writeTree(rec *pgn.Game) (string, error) {
	head := (&pgn.Game{Tags: rec.Tags, Result: rec.Result}).String()
	head = head[:strings.Index(head, "\n\n")+2]
	var words []string
	comment := func(s string) {
		// A command is one word, so that no line breaks inside it.
		if ws := commentWords.FindAllString(s, -1); len(ws) > 0 {
			ws[0] = "{" + ws[0]
			ws[len(ws)-1] += "}"
			words = append(words, ws...)
		}
	}
	comment(pgnComment(rec.Comment, nil))
	number, black := max(rec.Number, 1), rec.BlackFirst
	main := g.mainLine()
	// The review's marks of the main line: a NAG where the move has no
	// assessment of its own, and the better move in the comment.
	marks := map[*node]*judgement{}
	for i, j := range g.judgeLine(main) {
		if j != nil && j.Mark != "" {
			marks[main[i]] = j
		}
	}
	// line writes the moves from first on at move number no; mainIdx
	// counts the main line's moves (-1 in a variation), whose comments
	// are the record's (the result's reason is appended there).
	var line func(first *node, no int, black bool, onMain bool)
	line = func(first *node, no int, black bool, onMain bool) {
		needNumber := true
		i := 0
		for n := first; ; n = n.children[0] {
			text := n.pl.san
			if strings.ContainsAny(text, " \t{}()[];%\"") || text == "" {
				text = n.pl.uci
			}
			if !black {
				words = append(words, strconv.Itoa(no)+".")
			} else if needNumber {
				words = append(words, strconv.Itoa(no)+"...")
			}
			words = append(words, text+n.pl.glyph)
			j := marks[n]
			if j != nil && n.pl.glyph == "" {
				words = append(words, markNAGs[j.Mark])
			}
			words = append(words, n.pl.nags...)
			c := n.pl.comment
			if onMain && i < len(rec.Moves) {
				c = rec.Moves[i].Comment
			}
			if j != nil {
				c = markComment(j, c)
			}
			c = pgnComment(c, n)
			comment(c)
			needNumber = c != ""
			if p := n.parent; p.children[0] == n && len(p.children) > 1 {
				for _, alt := range p.children[1:] {
					words = append(words, "(")
					line(alt, no, black, false)
					words = append(words, ")")
				}
				needNumber = true
			}
			if black {
				no++
			}
			black = !black
			i++
			if len(n.children) == 0 {
				return
			}
		}
	}
	if len(main) > 0 {
		line(main[0], number, black, true)
	}
	words = append(words, rec.Result.String())
	var b strings.Builder
	b.WriteString(head)
	pgn.WriteMovetext(&b, words)
	return b.String(), nil
}

// restoreVars adds a restored game's variations: each stands instead of
// the move played from parent at pos.
func (g *game) restoreVars(parent *node, pos board.Position, vars [][]moveInput, depth int) error {
	if depth > maxNesting {
		return errorf(400, "variations nest at most %d deep", maxNesting)
	}
	for _, line := range vars {
		at, p := parent, pos
		for _, mi := range line {
			if err := mi.check(); err != nil {
				return err
			}
			if len(mi.Move) > maxMoveText {
				return errorf(400, "the move is longer than %d characters", maxMoveText)
			}
			m, err := p.ParseSAN(mi.Move)
			if err != nil {
				return errorf(422, "variation: %s", explainSAN(&p, mi.Move, err))
			}
			c, err := g.child(at, newPly(&p, m, mi.Comment, mi.Engine, ""))
			if err != nil {
				return err
			}
			mi.mark(&c.pl)
			if len(mi.Variations) > 0 {
				if err := g.restoreVars(at, p, mi.Variations, depth+1); err != nil {
					return err
				}
			}
			at = c
			p.DoMove(m)
		}
	}
	return nil
}

// followPath makes the active line the one that takes continuation
// path[i] after ply i (then the main continuation on).
func (g *game) followPath(p []int) error {
	n := g.root
	for i, k := range p {
		if k < 0 || k >= len(n.children) {
			return errorf(422, "path: no continuation %d after ply %d", k, i)
		}
		n = n.children[k]
	}
	g.line = pathTo(n)
	g.extend()
	g.syncLine()
	return nil
}

// onMainLine says whether the active line is the main line.
func (g *game) onMainLine() bool {
	n := g.root
	for _, l := range g.line {
		if len(n.children) == 0 || n.children[0] != l {
			return false
		}
		n = l
	}
	return len(n.children) == 0
}
