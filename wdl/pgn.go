package wdl

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"senapati/board"
	"senapati/pgn"
)

// Sample is one searched position of a finished game: the score the
// engine to move reported, the material before its move, and how the game
// ended for that side (1 won, 0.5 drawn, 0 lost).
type Sample struct {
	Score    int
	Material float64
	Result   float64
}

// Game is the samples of one game.
type Game struct {
	Variant *board.Variant
	Samples []Sample
}

// ReadGames reads PGN as `senapati match -pgnout` writes it: the tags
// Variant, FEN and Result, moves in SAN (or UCI notation), and after each
// engine move a comment {SCORE/DEPTH TIME} with SCORE in pawns (+0.35) or
// a mate (+M3). Positions with a mate score or no score (book moves) give
// no sample, nor do unfinished games. A game that cannot be read is
// skipped and named in problems; only a read error of r stops the reading.
func ReadGames(r io.Reader) (games []Game, problems []string, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var tags map[string]string
	var text strings.Builder
	number := 0
	flush := func() {
		if tags == nil && text.Len() == 0 {
			return
		}
		number++
		g, err := parseGame(tags, text.String())
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("game %d: %v", number, err))
		case g.Variant != nil:
			games = append(games, g)
		}
		tags = nil
		text.Reset()
	}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			if text.Len() > 0 { // the tags of the next game
				flush()
			}
			if tags == nil {
				tags = map[string]string{}
			}
			if name, value, ok := parseTag(line); ok {
				tags[name] = value
			}
			continue
		}
		text.WriteString(line)
		text.WriteByte('\n')
	}
	flush()
	return games, problems, sc.Err()
}

// parseTag reads [Name "Value"].
func parseTag(line string) (name, value string, ok bool) {
	line = strings.TrimSuffix(strings.TrimPrefix(line, "["), "]")
	name, rest, ok := strings.Cut(line, " ")
	if !ok {
		return "", "", false
	}
	rest = strings.TrimSpace(rest)
	if len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		return "", "", false
	}
	return name, strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(rest[1 : len(rest)-1]), true
}

// parseGame replays the movetext; a game without a decisive or drawn
// result gives a Game without a variant (nothing to learn from).
func parseGame(tags map[string]string, text string) (Game, error) {
	var whiteResult float64
	switch tags["Result"] {
	case "1-0":
		whiteResult = 1
	case "0-1":
		whiteResult = 0
	case "1/2-1/2":
		whiteResult = 0.5
	default:
		return Game{}, nil
	}
	v := board.Chess()
	if name, ok := tags["Variant"]; ok {
		var err error
		if v, err = board.VariantByName(name); err != nil {
			return Game{}, err
		}
	}
	pos := v.StartPosition()
	if fen, ok := tags["FEN"]; ok {
		var err error
		if pos, err = board.ParseFEN(v, fen); err != nil {
			return Game{}, fmt.Errorf("FEN: %v", err)
		}
	}
	g := Game{Variant: v}
	// pending is the sample of the move just played, until its comment.
	var pending *Sample
	for rest := text; ; {
		tok, comment, more, ok, err := nextToken(rest)
		if err != nil {
			return Game{}, err
		}
		if !ok {
			break
		}
		rest = more
		switch {
		case comment:
			if pending != nil {
				if score, ok := commentScore(tok); ok {
					pending.Score = score
					g.Samples = append(g.Samples, *pending)
				}
				pending = nil
			}
		case isMoveNumber(tok), tok == "1-0", tok == "0-1", tok == "1/2-1/2", tok == "*", strings.HasPrefix(tok, "$"):
		default:
			m, err := pos.ParseSAN(tok)
			if err != nil {
				return Game{}, fmt.Errorf("move %q: %v", tok, err)
			}
			result := whiteResult
			if pos.SideToMove() == board.Black {
				result = 1 - whiteResult
			}
			pending = &Sample{Material: Material(&pos), Result: result}
			pos.DoMove(m)
		}
	}
	return g, nil
}

// nextToken cuts the next word or {comment} from s and returns what
// follows; ok is false at the end. Variations in parentheses are skipped
// whole.
func nextToken(s string) (tok string, comment bool, rest string, ok bool, err error) {
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		switch {
		case s == "":
			return "", false, "", false, nil
		case s[0] == '{':
			end := strings.IndexByte(s, '}')
			if end < 0 {
				return "", false, "", false, fmt.Errorf("comment not closed")
			}
			return s[1:end], true, s[end+1:], true, nil
		case s[0] == ';': // a comment to the end of the line
			_, s, _ = strings.Cut(s, "\n")
			continue
		case s[0] == '(':
			if s, err = skipVariation(s); err != nil {
				return "", false, "", false, err
			}
			continue
		}
		end := strings.IndexAny(s, " \t\r\n{(;")
		if end < 0 {
			end = len(s)
		}
		return s[:end], false, s[end:], true, nil
	}
}

// skipVariation returns what follows the parenthesised variation s starts with.
func skipVariation(s string) (string, error) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return s[i+1:], nil
			}
		}
	}
	return "", fmt.Errorf("variation not closed")
}

// isMoveNumber: "12." or "12...".
func isMoveNumber(tok string) bool {
	digits := strings.TrimRight(tok, ".")
	if digits == tok || digits == "" {
		return false
	}
	_, err := strconv.Atoi(digits)
	return err == nil
}

// commentScore reads the score of {+0.35/6 0.012s}; a mate, book move or
// other comment gives none.
func commentScore(c string) (int, bool) {
	cp, mate, ok := pgn.CommentEval(c)
	return cp, ok && mate == 0
}
