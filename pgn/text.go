package pgn

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tag values and comments come from engines and users. PGN has no escape
// for a line break or a control character in a tag, and none at all inside
// a {comment}, so such text is cleaned, not escaped: what cannot stand is
// replaced. The writer cleans every tag value and comment; callers that
// show the same text elsewhere (a terminal) clean it with these too.

// Longest cleaned texts, in runes (before the "..." that marks a cut). PGN
// limits a tag's string to 255 characters; a comment may hold a reason
// quoting an engine's move token, which may be up to a line long.
const (
	MaxTagRunes     = 200
	MaxCommentRunes = 500
)

// printable replaces control characters (line breaks included), bytes that
// are not UTF-8 and other unprintable runes with '?', and cuts the text at
// limit runes.
func printable(s string, limit int) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if n == limit {
			b.WriteString("...")
			break
		}
		if r == utf8.RuneError && size == 1 || r != ' ' && !unicode.IsPrint(r) {
			r = '?'
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// CleanTag is s as a tag value can hold it (before the escaping of '\' and
// '"', which the writer adds): printable and at most MaxTagRunes long.
func CleanTag(s string) string { return printable(s, MaxTagRunes) }

// CleanComment makes text safe inside a {comment}: printable, at most
// MaxCommentRunes long, braces become parentheses (a '}' would end the
// comment early), and so do brackets, and no word starts with '%' (a
// comment may go on over lines, and readers take a line starting with '['
// for a tag, one starting with '%' for an escape). Runs of spaces become
// one.
func CleanComment(s string) string {
	s = printable(s, MaxCommentRunes)
	s = strings.NewReplacer("{", "(", "}", ")", "[", "(", "]", ")").Replace(s)
	words := strings.Fields(s)
	for i, w := range words {
		if w[0] == '%' {
			words[i] = "?" + w[1:]
		}
	}
	return strings.Join(words, " ")
}
