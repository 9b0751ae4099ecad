package match

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text from engines and users reaches the PGN file, the EPD file and the
// terminal. PGN has no escape for a line break or a control character in a
// tag, and none at all inside a {comment}, so such text is cleaned, not
// escaped: what cannot stand is replaced.

// Longest cleaned texts. PGN limits a tag's string to 255 characters; a
// reason holds an engine's move token, which may be up to a line long.
const (
	maxTagRunes     = 200
	maxCommentRunes = 500
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

// cleanName is an engine's or event's name as the runner prints and
// writes it.
func cleanName(s string) string { return printable(s, maxTagRunes) }

// cleanComment makes text safe inside a PGN {comment}: braces become
// parentheses (a '}' would end the comment early), and so do brackets and
// no word starts with '%' (a comment may go on over lines, and readers take
// a line starting with '[' for a tag, one starting with '%' for an escape).
func cleanComment(s string) string {
	s = printable(s, maxCommentRunes)
	s = strings.NewReplacer("{", "(", "}", ")", "[", "(", "]", ")").Replace(s)
	words := strings.Fields(s)
	for i, w := range words {
		if w[0] == '%' {
			words[i] = "?" + w[1:]
		}
	}
	return strings.Join(words, " ")
}
