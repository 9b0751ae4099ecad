package web

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// What a loaded PGN holds beyond the main line's moves and comments, which
// package pgn reads: variations and NAGs it skips. The board keeps the
// main line only, so the page is told what was left out; move assessments
// ($1-$6 and the glyphs !, ?, !!, ??, !?, ?!) are kept on their moves.

// pgnView tells the page what a PGN load took and left.
type pgnView struct {
	Games      int      `json:"games"`            // in the text
	Game       int      `json:"game"`             // the one loaded, from 1
	Titles     []string `json:"titles,omitempty"` // of the first maxTitles games, when there are several
	Variations int      `json:"variations,omitempty"`
	Dropped    []string `json:"dropped,omitempty"`  // NAGs the board does not keep, such as "$14"
	Commands   bool     `json:"commands,omitempty"` // comments hold [%clk]-style commands
}

const maxTitles = 500 // games offered for choice

// pgnNotes is what scanPGN finds in one game.
type pgnNotes struct {
	moves      int            // of the main line
	variations int            // variations of the main line (with what they nest)
	glyphs     map[int]string // main-line move index -> its assessment
	dropped    []string       // NAGs of the main line kept nowhere
	tokens     []pgnToken     // the movetext, variations included, for the tree
}

var nagGlyphs = map[string]string{"$1": "!", "$2": "?", "$3": "!!", "$4": "??", "$5": "!?", "$6": "?!"}

// scanPGN walks a PGN text as package pgn's reader does (the same tokens,
// the same places where a game begins and ends) and notes per game what
// that reader skips. The caller checks that the games and their move
// counts agree with the reader's before using the notes.
func scanPGN(text string) []pgnNotes {
	var out []pgnNotes
	cur := -1 // the game being read, -1 between games
	game := func() *pgnNotes {
		if cur < 0 {
			out = append(out, pgnNotes{glyphs: map[int]string{}})
			cur = len(out) - 1
		}
		return &out[cur]
	}
	depth := 0
	lineStart := true
	i := 0
	skipLine := func() {
		for i < len(text) && text[i] != '\n' {
			i++
		}
		lineStart = false
	}
	for i < len(text) {
		c := text[i]
		switch {
		case c == '\n' || isSpaceByte(c):
			i++
			lineStart = c == '\n'
		case c == '%' && lineStart, c == ';':
			skipLine()
		case c == '{':
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return out // the reader refuses it
			}
			body := text[i+1 : i+end]
			i += end + 1
			lineStart = false
			if depth == 0 {
				game()
			}
			if cur >= 0 {
				out[cur].tokens = append(out[cur].tokens, pgnToken{'c', strings.Join(strings.Fields(body), " ")})
			}
		case c == '(':
			if depth == 0 && cur >= 0 {
				out[cur].variations++
			}
			if cur >= 0 {
				out[cur].tokens = append(out[cur].tokens, pgnToken{'(', ""})
			}
			depth++
			i++
			lineStart = false
		case c == ')':
			if cur >= 0 && depth > 0 {
				out[cur].tokens = append(out[cur].tokens, pgnToken{')', ""})
			}
			depth = max(depth-1, 0)
			i++
			lineStart = false
		case c == '[' && depth == 0:
			if cur >= 0 && out[cur].moves > 0 {
				cur = -1 // a game without a result token
			}
			game()
			i = skipTag(text, i)
			lineStart = false
		default:
			j := i
			for j < len(text) && !strings.ContainsRune(" \t\r\n\f\v{};()[", rune(text[j])) {
				j++
			}
			if j == i { // a stray '[' inside a variation
				i++
				lineStart = false
				continue
			}
			w := text[i:j]
			i, lineStart = j, false
			for k := strings.TrimLeft(w, "0123456789"); len(k) < len(w) && len(k) > 0 && k[0] == '.'; k = strings.TrimLeft(w, "0123456789") {
				w = strings.TrimLeft(k, ".")
			}
			if w == "" {
				continue
			}
			if depth > 0 {
				if cur >= 0 && w[0] == '$' {
					out[cur].tokens = append(out[cur].tokens, pgnToken{'n', w})
				} else if _, result := map[string]bool{"*": true, "1-0": true, "0-1": true, "1/2-1/2": true}[w]; cur >= 0 && !result {
					out[cur].tokens = append(out[cur].tokens, pgnToken{'m', w})
				}
				continue
			}
			if w[0] == '$' {
				if cur >= 0 && out[cur].moves > 0 && w != "$0" {
					g := &out[cur]
					g.tokens = append(g.tokens, pgnToken{'n', w})
					if glyph, ok := nagGlyphs[w]; ok && g.glyphs[g.moves-1] == "" {
						g.glyphs[g.moves-1] = glyph
					} else {
						g.dropped = append(g.dropped, w)
					}
				}
				continue
			}
			switch w {
			case "*", "1-0", "0-1", "1/2-1/2":
				game()
				cur = -1
				continue
			}
			g := game()
			g.tokens = append(g.tokens, pgnToken{'m', w})
			k := len(w)
			for k > 0 && (w[k-1] == '!' || w[k-1] == '?') {
				k--
			}
			for _, known := range nagGlyphs {
				if w[k:] == known {
					g.glyphs[g.moves] = known
				}
			}
			g.moves++
		}
	}
	return out
}

// skipTag is the index after the tag pair starting at text[i] ('['), its
// quoted value read with the escapes \\ and \".
func skipTag(text string, i int) int {
	quoted := false
	for i++; i < len(text); i++ {
		switch c := text[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case c == '\n' && quoted:
			return i // the reader refuses it
		case c == ']' && !quoted:
			return i + 1
		}
	}
	return i
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'
}

var commandRE = regexp.MustCompile(`\[%[^\]]*\]`)

// withoutCommands is a comment without its [%clk ...]-style commands.
func withoutCommands(comment string) string {
	if !strings.Contains(comment, "[%") {
		return comment
	}
	return strings.Join(strings.Fields(commandRE.ReplaceAllString(comment, " ")), " ")
}

// evalRE is a PGN's [%eval 0.36] command (White's view in pawns; #3 and
// #-3 mates; lichess may add ",depth").
var evalRE = regexp.MustCompile(`\[%eval\s+(#-?\d+|-?\d+(?:\.\d+)?)(?:,(\d+))?\s*\]`)

// takeEvals makes each loaded move's [%eval] its position's score, the
// one the evaluation graph draws and Download PGN writes, and takes the
// command out of the comment: a score kept in two places disagreed (the
// graph showed a review's +0.31 where the comment still said +0.36). A
// review scores the position again (a PGN's score has no depth here),
// and then its score replaces the PGN's everywhere.
func takeEvals(n *node) {
	for _, c := range n.children {
		if m := evalRE.FindStringSubmatch(c.pl.comment); m != nil {
			if ev := readEval(m[1]); ev != nil {
				c.eval = ev
				c.pl.comment = strings.Join(strings.Fields(strings.Replace(c.pl.comment, m[0], " ", 1)), " ")
			}
		}
		takeEvals(c)
	}
}

// readEval reads a [%eval] value; nil when it is out of range.
func readEval(v string) *evalView {
	if mate, ok := strings.CutPrefix(v, "#"); ok {
		k, err := strconv.Atoi(mate)
		if err != nil || k == 0 || k > 999 || k < -999 {
			return nil
		}
		ev := &evalView{White: 100000, Mate: &k}
		if k < 0 {
			ev.White = -100000
		}
		return ev
	}
	pawns, err := strconv.ParseFloat(v, 64)
	if err != nil || math.Abs(pawns) > 999 {
		return nil
	}
	return &evalView{White: int(math.Round(pawns * 100))}
}
