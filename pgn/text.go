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

// Limits of the cleaned texts. The PGN standard allows lines of at most 255
// characters, and its characters are one byte each (ISO 8859-1), so the
// writer counts bytes: a tag line is its name (at most MaxTagName bytes),
// its value written with escapes (at most MaxTagBytes) and 5 bytes more;
// the movetext wraps between words at 79 columns, and a comment's word (at
// most MaxWordBytes, like a move) stands alone on a line when it is longer.
// A comment may quote an engine's move token, which may be up to a line long.
const (
	MaxTagName      = 50
	MaxTagBytes     = 200 // a '\' or '"' counts twice: the writer escapes it
	MaxCommentRunes = 500
	MaxWordBytes    = 100
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

// fit cuts s to at most limit bytes, counting cost(r) for each rune, with
// "..." (3 bytes) marking the cut; a text that fits is left as it is, so
// fitting twice changes nothing.
func fit(s string, limit int, cost func(rune) int) string {
	n := 0
	for _, r := range s {
		n += cost(r)
	}
	if n <= limit {
		return s
	}
	n = 0
	for i, r := range s {
		if n += cost(r); n > limit-3 {
			return s[:i] + "..."
		}
	}
	return s // not reached
}

// escapedLen is the bytes a rune takes in a written tag value.
func escapedLen(r rune) int {
	if r == '\\' || r == '"' {
		return 2
	}
	return utf8.RuneLen(r)
}

// CleanTag is s as a tag value can hold it (before the escaping of '\' and
// '"', which the writer adds): printable, and at most MaxTagBytes long once
// escaped.
func CleanTag(s string) string {
	return fit(printable(s, MaxTagBytes), MaxTagBytes, escapedLen)
}

// CleanComment makes text safe inside a {comment}: printable, at most
// MaxCommentRunes long, braces become parentheses (a '}' would end the
// comment early), and so do brackets, and no word starts with '%' (a
// comment may go on over lines, and readers take a line starting with '['
// for a tag, one starting with '%' for an escape). Runs of spaces become
// one, and a word longer than MaxWordBytes is cut (it would make a line
// longer than PGN allows).
func CleanComment(s string) string {
	s = printable(s, MaxCommentRunes)
	s = strings.NewReplacer("{", "(", "}", ")", "[", "(", "]", ")").Replace(s)
	words := strings.Fields(s)
	for i, w := range words {
		if w[0] == '%' {
			w = "?" + w[1:]
		}
		words[i] = fit(w, MaxWordBytes, utf8.RuneLen)
	}
	return strings.Join(words, " ")
}
