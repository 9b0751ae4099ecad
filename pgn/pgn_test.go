package pgn

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"senapati/board"
)

// The "Opera Game", Morphy v Duke Karl / Count Isouard, Paris 1858, as
// every chess database records it.
const operaGame = `1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0`

func TestOperaGameReplaysToMate(t *testing.T) {
	games, err := ParseString("[Event \"Paris\"]\n[White \"Paul Morphy\"]\n[Result \"1-0\"]\n\n" + operaGame + "\n")
	require.NoError(t, err)
	require.Len(t, games, 1)
	g := games[0]
	assert.Equal(t, board.WhiteWins, g.Result)
	white, _ := g.Tag("White")
	assert.Equal(t, "Paul Morphy", white)
	start, moves, err := g.Replay()
	require.NoError(t, err)
	require.Len(t, moves, 33)

	// Written again from the moves, the movetext is the database's.
	out := Game{Result: board.WhiteWins}
	pos := start
	for _, m := range moves {
		out.Play(&pos, m, "")
	}
	assert.Equal(t, board.Checkmate, pos.Verdict(50).Termination)
	assert.Equal(t, strings.Join(strings.Fields(operaGame), " "), strings.Join(strings.Fields(out.String()), " "))
}

func TestTagValuesAreEscaped(t *testing.T) {
	g := Game{}
	g.SetTag("Event", `say "hi" \ bye`)
	g.SetTag("Site", "two\nlines")
	g.SetTag("Annotator", strings.Repeat("é", MaxTagBytes)) // 2 bytes each
	g.SetTag("Round", strings.Repeat(`\`, MaxTagBytes))     // 2 bytes each once escaped
	g.SetTag("Source", strings.Repeat("x", MaxTagBytes))    // fits
	s := g.String()
	assert.Contains(t, s, `[Event "say \"hi\" \\ bye"]`+"\n")
	assert.Contains(t, s, `[Site "two?lines"]`+"\n", "a line break would end the tag's line")
	assert.Contains(t, s, `[Annotator "`+strings.Repeat("é", MaxTagBytes/2-2)+`..."]`+"\n")
	assert.Contains(t, s, `[Round "`+strings.Repeat(`\\`, MaxTagBytes/2-2)+`..."]`+"\n")
	assert.Contains(t, s, `[Source "`+strings.Repeat("x", MaxTagBytes)+`"]`+"\n")

	back, err := ParseString(s)
	require.NoError(t, err)
	require.Len(t, back, 1)
	ev, _ := back[0].Tag("Event")
	assert.Equal(t, `say "hi" \ bye`, ev)
}

func TestCommentCannotBeClosedEarly(t *testing.T) {
	pos := board.Chess().StartPosition()
	g := Game{}
	g.SetStart(&pos)
	m, err := pos.ParseSAN("e4")
	require.NoError(t, err)
	g.Play(&pos, m, "tricky } 1-0 {")
	m, err = pos.ParseSAN("e5")
	require.NoError(t, err)
	g.Play(&pos, m, "")
	s := g.String()
	assert.Contains(t, s, "1. e4 {tricky ) 1-0 (} 1... e5 *")

	back, err := ParseString(s)
	require.NoError(t, err)
	require.Len(t, back, 1, s)
	require.Len(t, back[0].Moves, 2)
	assert.Equal(t, "tricky ) 1-0 (", back[0].Moves[0].Comment)
	assert.Equal(t, board.Ongoing, back[0].Result)
}

func TestInvalidTagNameOrMoveIsAnError(t *testing.T) {
	g := Game{Tags: []Tag{{"Bad Name", "x"}}}
	_, err := g.WriteTo(&strings.Builder{})
	assert.ErrorContains(t, err, "tag name")
	g = Game{Moves: []Move{{Text: "e4 {"}}}
	_, err = g.WriteTo(&strings.Builder{})
	assert.ErrorContains(t, err, "cannot be written")
}

func TestReaderSkipsWhatIsNotTheMainLine(t *testing.T) {
	text := "% an escaped line\n[Event \"x\"]\n\n{intro} 1. e4 $1 (1. d4 d5 (1... Nf6)) e5 ; to the end\n" +
		"2. Nf3 {good} 2... Nc6 3.Bb5 a6 *\n\n[Event \"second\"]\n\n1. d4 1/2-1/2\n[Event \"third\"]\n1. c4"
	games, err := ParseString(text)
	require.NoError(t, err)
	require.Len(t, games, 3)
	var got []string
	for _, m := range games[0].Moves {
		got = append(got, m.Text)
	}
	assert.Equal(t, []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}, got)
	assert.Equal(t, "intro", games[0].Comment)
	assert.Equal(t, "good", games[0].Moves[2].Comment)
	assert.Equal(t, board.Draw, games[1].Result)
	assert.Equal(t, board.Ongoing, games[2].Result)
	require.Len(t, games[2].Moves, 1)
}

func TestReaderErrorsNameTheLine(t *testing.T) {
	for text, want := range map[string]string{
		"[Event \"x\"]\n\n1. e4 {never closed": "line 3: comment '{' is not closed",
		"[Event x]":                            "line 1: tag Event: the value must be in double quotes",
		"[Event \"x\"\n":                       "line 1: tag Event: ']' expected",
		"[Event \"x]\n":                        "line 1: tag Event: the value's closing quote is missing",
		"\n\n1. e4 (1. d4":                     "line 3: a variation '(' is not closed",
		"1. e4 )":                              "line 1: ')' closes no variation",
		"[ \"x\"]":                             "a tag needs a name",
	} {
		_, err := ParseString(text)
		assert.ErrorContains(t, err, want, "%q", text)
	}
}

func TestReplayNamesTheBadMove(t *testing.T) {
	games, err := ParseString("[Variant \"chaturanga\"]\n\n1. e3 e6 2. Qe2 Ke7 3. Kd3 Nf6 4. Zz9 *")
	require.NoError(t, err)
	_, _, err = games[0].Replay()
	assert.ErrorContains(t, err, "move 4. Zz9")

	games, err = ParseString("[Variant \"xiangqi\"]\n\n*")
	require.NoError(t, err)
	_, _, err = games[0].Replay()
	assert.ErrorContains(t, err, "unknown variant")

	games, err = ParseString("[Variant \"durg\"]\n[FEN \"9/9/9 w - - 0 1\"]\n\n*")
	require.NoError(t, err)
	_, _, err = games[0].Replay()
	assert.ErrorContains(t, err, "FEN tag")
}

// A random game of each variant, written and read back, replays to the
// same moves from the same start (Black first after a set-up FEN too).
func TestRoundTripRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, v := range board.Variants() {
		for _, fen := range []string{v.StartFEN(), ""} {
			start := v.StartPosition()
			if fen == "" { // after one move: Black to move
				var ml board.MoveList
				start.GenerateMoves(&ml)
				start.DoMove(ml.Moves[0])
			}
			g := Game{}
			g.SetTag("Event", "round trip")
			g.SetStart(&start)
			pos := start
			var played []board.Move
			for i := 0; i < 120 && !pos.Verdict(v.DefaultMoveRule()).Over(); i++ {
				var ml board.MoveList
				pos.GenerateMoves(&ml)
				m := ml.Moves[rng.IntN(ml.N)]
				played = append(played, m)
				comment := ""
				if i%7 == 3 {
					comment = EvalComment(-35, 0, 7, 1002*time.Millisecond)
				}
				g.Play(&pos, m, comment)
			}
			g.SetResult(pos.Verdict(v.DefaultMoveRule()).Result())
			text := g.String()
			for _, line := range strings.Split(text, "\n") {
				if !strings.HasPrefix(line, "[") { // the movetext is wrapped
					assert.LessOrEqual(t, len(line), 79, line)
				}
			}
			back, err := ParseString(text)
			require.NoError(t, err)
			require.Len(t, back, 1)
			gotStart, moves, err := back[0].Replay()
			require.NoError(t, err, text)
			assert.Equal(t, start.FEN(), gotStart.FEN())
			assert.Equal(t, played, moves, v.Name())
			assert.Equal(t, g.Result, back[0].Result)
			assert.Equal(t, text, back[0].withNumbering(g).String(), "written again, the text is the same")
		}
	}
}

// withNumbering copies the first move's numbering, which the reader does
// not take from the FEN.
func (g *Game) withNumbering(from Game) *Game {
	g.Number, g.BlackFirst = from.Number, from.BlackFirst
	return g
}

func TestEvalComment(t *testing.T) {
	assert.Equal(t, "+0.35/12 1.002s", EvalComment(35, 0, 12, 1002*time.Millisecond))
	assert.Equal(t, "-1.50/3 0.000s", EvalComment(-150, 0, 3, 0))
	assert.Equal(t, "+M3/9 0.120s", EvalComment(0, 3, 9, 120*time.Millisecond))
	assert.Equal(t, "-M2/9 0.120s", EvalComment(0, -2, 9, 120*time.Millisecond))
}

// CommentEval reads back what EvalComment writes, and nothing from other
// comments.
func TestCommentEvalReadsEvalComment(t *testing.T) {
	for _, c := range []struct{ cp, mate int }{{35, 0}, {-150, 0}, {0, 0}, {-7, 0}, {0, 3}, {0, -2}, {0, -0}} {
		cp, mate, ok := CommentEval(EvalComment(c.cp, c.mate, 9, time.Second) + ", White mates")
		assert.True(t, ok, c)
		assert.Equal(t, c, struct{ cp, mate int }{cp, mate})
	}
	for _, s := range []string{"", "book", "Draw by 3-fold repetition", "+M/3 0.1s", "x/3", "+1e9/3 0.1s"} {
		_, _, ok := CommentEval(s)
		assert.False(t, ok, s)
	}
}

// repeated is n copies of s, read without holding them all.
type repeated struct {
	s    string
	n, i int
}

func (r *repeated) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := copy(p, r.s[r.i:])
	if r.i += k; r.i == len(r.s) {
		r.i, r.n = 0, r.n-1
	}
	return k, nil
}

func TestTooMuchTextIsRefused(t *testing.T) {
	_, err := Parse(strings.NewReader(strings.Repeat(" ", MaxBytes+1)))
	assert.ErrorContains(t, err, "line 1: a game of more than 16777216 bytes")

	// The bound is per game: a file of many games may be larger.
	game := "[Event \"x\"]\n\n1. e4 e5 *\n\n"
	r := newReader(&repeated{s: game, n: 100})
	r.limit = 10 * len(game)
	read := 0
	for g, err := range r.games {
		require.NoError(t, err)
		require.Len(t, g.Moves, 2)
		read++
	}
	assert.Equal(t, 100, read)
	r = newReader(&repeated{s: game + "1. d4 {" + strings.Repeat("x", 1000), n: 1})
	r.limit = 10 * len(game)
	var errs []error
	for _, err := range r.games {
		errs = append(errs, err)
	}
	require.Len(t, errs, 2)
	assert.NoError(t, errs[0])
	assert.ErrorContains(t, errs[1], "a game of more than")
}

func TestGamesComeOneByOne(t *testing.T) {
	text := "[Event \"a\"]\n\n1. e4 *\n\n\n[Event \"b\"]\n1. d4\n[Event \"c\"]\n\n1. c4 {"
	var events []string
	var lines []int
	var last error
	for g, err := range Games(strings.NewReader(text)) {
		if err != nil {
			last = err
			continue
		}
		ev, _ := g.Tag("Event")
		events, lines = append(events, ev), append(lines, g.Line)
	}
	assert.Equal(t, []string{"a", "b"}, events)
	assert.Equal(t, []int{1, 6}, lines)
	assert.ErrorContains(t, last, "line 10: comment '{' is not closed")
	for range Games(strings.NewReader("[Event \"a\"] *\n[Event \"b\"] {")) {
		break // stopping early is allowed
	}
}

func TestReasonJoinsTheLastComment(t *testing.T) {
	pos := board.Chess().StartPosition()
	g := Game{}
	g.AppendReason("Draw by adjudication")
	assert.Equal(t, "Draw by adjudication", g.Comment, "a game without moves keeps it before them")
	g = Game{}
	for _, c := range []string{"book", "+0.20/3 0.010s"} {
		var ml board.MoveList
		pos.GenerateMoves(&ml)
		g.Play(&pos, ml.Moves[0], c)
	}
	g.AppendReason("White loses on time")
	assert.Equal(t, "+0.20/3 0.010s, White loses on time", g.LastComment())
	g.Moves[1].Comment = ""
	g.AppendReason("White mates")
	assert.Equal(t, "White mates", g.LastComment())
	assert.Equal(t, "book", g.Moves[0].Comment)
}

func TestCleanText(t *testing.T) {
	assert.Equal(t, `a "b" ?c?d?e?`, CleanTag("a \"b\" \x00c\nd\x7fe\xff"))
	assert.Equal(t, "Evil ?? (x) ?y (z) 100% ok", CleanComment("Evil \t\x01 {x} %y [z]  100% ok"))
	long := strings.Repeat("é", MaxTagBytes+10)
	assert.Equal(t, strings.Repeat("é", MaxTagBytes/2-2)+"...", CleanTag(long))
	assert.Equal(t, "a "+strings.Repeat("x", MaxWordBytes-3)+"... b "+strings.Repeat("y", MaxWordBytes),
		CleanComment("a "+strings.Repeat("x", 300)+" b "+strings.Repeat("y", MaxWordBytes)), "a word too long for a line is cut")
	assert.Equal(t, "\u2713 mates", CleanComment("\u2713 mates"), "printable UTF-8 stays")
	assert.Equal(t, "a?b", CleanComment("a\u00a0b"), "a space readers may not take for one")
}

// FuzzCleanComment: whatever goes in, what comes out can stand in a PGN
// comment on any line of the movetext.
func FuzzCleanComment(f *testing.F) {
	for _, s := range []string{"", "x}1-0{", "%a\n[b]", "\xff\xfe", "a\x00b", strings.Repeat("}", 600)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := CleanComment(s)
		require.True(t, utf8.ValidString(c))
		require.False(t, strings.ContainsAny(c, "{}[]"), c)
		for _, r := range c {
			require.True(t, r >= ' ' && r != 0x7f, "%q", c)
		}
		for _, w := range strings.Fields(c) {
			require.NotEqual(t, byte('%'), w[0], c)
		}
		require.LessOrEqual(t, utf8.RuneCountInString(c), MaxCommentRunes+3)
		for _, w := range strings.Fields(c) {
			require.LessOrEqual(t, len(w), MaxWordBytes, c)
		}
		require.Equal(t, c, CleanComment(c), "cleaning twice changes nothing")
		tag := CleanTag(s)
		require.LessOrEqual(t, len(strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(tag)), MaxTagBytes, tag)
		require.Equal(t, tag, CleanTag(tag), "cleaning twice changes nothing")
	})
}

func FuzzParse(f *testing.F) {
	f.Add("[Event \"a \\\"b\\\"\"]\n\n1. e4 {x} (1. d4) e5 $2 1-0")
	f.Add(operaGame)
	f.Add("{ unterminated")
	f.Add("[Event \"" + strings.Repeat(`\\`, 300) + "\"]\n[" + strings.Repeat("T", 300) + " \"x\"]\n\n1. e4 {" + strings.Repeat("x", 300) + "} *")
	f.Add("[Site \"" + strings.Repeat("é", 300) + "\"]\n\n1. e4 {a " + strings.Repeat("é", 300) + "} *")
	f.Fuzz(func(t *testing.T, s string) {
		games, err := ParseString(s)
		if err != nil {
			return
		}
		// Whatever was read is written and read back as the same record.
		for _, g := range games {
			var b strings.Builder
			if _, err := g.WriteTo(&b); err != nil {
				continue // a tag or move PGN cannot hold
			}
			for _, line := range strings.Split(b.String(), "\n") {
				require.LessOrEqual(t, len(line), 255, "the standard's longest line: %q", line)
			}
			back, err := ParseString(b.String())
			require.NoError(t, err, b.String())
			require.Len(t, back, 1, b.String())
			require.Len(t, back[0].Tags, len(g.Tags))
			for i, tag := range g.Tags {
				require.Equal(t, Tag{tag.Name, CleanTag(tag.Value)}, back[0].Tags[i])
			}
			require.Equal(t, CleanComment(g.Comment), back[0].Comment)
			require.Equal(t, len(g.Moves), len(back[0].Moves), b.String())
			for i, m := range g.Moves {
				require.Equal(t, CleanComment(m.Comment), back[0].Moves[i].Comment)
			}
			_, _, _ = g.Replay()
		}
	})
}
