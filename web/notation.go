package web

import (
	"fmt"
	"slices"
	"strings"

	"senapati/board"
)

// explainSAN improves the message of a typed algebraic move that no legal
// move matches: package board says why a UCI move is illegal in detail
// ("the way from f1 to c4 is blocked") but of SAN often only "not a legal
// move in this position". The pieces the SAN can mean are tried as UCI
// moves and their reasons given instead; err is ParseSAN's error, kept
// when no such piece helps.
func explainSAN(p *board.Position, text string, err error) string {
	msg := err.Error()
	generic := strings.HasSuffix(msg, ": not a legal move in this position") || strings.HasSuffix(msg, ": it does not answer the check")
	if !generic {
		return msg
	}
	if _, uciErr := p.ParseMove(strings.TrimSpace(text)); uciErr == nil || !strings.HasPrefix(msg, "illegal move") {
		return msg
	}
	cands := sanCandidates(p, strings.TrimSpace(text))
	if len(cands) == 0 {
		return msg
	}
	var reasons, reachable []string
	for _, uci := range cands {
		_, e := p.ParseMove(uci)
		if e == nil {
			continue // legal as UCI: the SAN's capture mark was wrong, say, and board's message stands
		}
		_, r, _ := strings.Cut(e.Error(), ": ")
		if r == "" {
			continue
		}
		if slices.Contains(reasons, r) {
			continue
		}
		reasons = append(reasons, r)
		if !strings.Contains(r, "cannot move to") {
			reachable = append(reachable, r)
		}
	}
	switch {
	case len(reachable) > 0:
		reasons = reachable
	case len(reasons) == 0:
		return msg
	}
	if len(reasons) > 3 {
		reasons = reasons[:3]
	}
	return fmt.Sprintf("illegal move %q: %s", text, strings.Join(reasons, "; "))
}

// sanCandidates are the UCI moves an algebraic move can mean: the pieces of
// the named kind (pawns: on the named file or the destination's) of the
// side to move, to the destination, with the same arrivals and promotion.
func sanCandidates(p *board.Position, text string) []string {
	s := strings.TrimRight(text, "+#!? ")
	prefix := ""
	if i := strings.LastIndexByte(s, ','); i >= 0 {
		prefix, s = s[:i+1], s[i+1:]
	}
	if s == "" || strings.ContainsRune(s, '@') || strings.HasPrefix(strings.ToUpper(strings.ReplaceAll(s, "0", "O")), "O-O") {
		return nil // a call or castling: board's message already names the rule
	}
	v := p.Variant()
	pawn := byte(v.PieceLetter(board.MakePiece(board.White, board.Pawn)))
	letter := pawn
	if s[0] >= 'A' && s[0] <= 'Z' {
		letter, s = s[0], s[1:]
	}
	promo := ""
	if n := len(s); n > 0 && (s[n-1] >= 'A' && s[n-1] <= 'Z' || letter == pawn && n > 2 && s[n-1] >= 'a' && s[n-1] <= 'z' && s[n-2] == '=') {
		promo, s = strings.ToLower(s[n-1:]), strings.TrimSuffix(s[:n-1], "=")
	}
	if len(s) < 2 {
		return nil
	}
	to, ok := v.ParseSquare(s[len(s)-2:])
	if !ok {
		return nil
	}
	s = strings.TrimRight(s[:len(s)-2], "x:-")
	file, rank := -1, -1
	if len(s) > 0 && s[0] >= 'a' && s[0] <= 'z' {
		file, s = int(s[0]-'a'), s[1:]
	}
	if len(s) > 0 && s[0] >= '1' && s[0] <= '9' {
		rank, s = int(s[0]-'1'), s[1:]
	}
	if s != "" {
		return nil
	}
	if letter == pawn && file < 0 {
		file = to.File()
	}
	us := p.SideToMove()
	var out []string
	for b := v.BoardSquares(); b.Any(); {
		from := b.Pop()
		pc := p.PieceAt(from)
		if pc == board.NoPiece || pc.Color() != us || byte(v.PieceLetter(board.MakePiece(board.White, pc.Type()))) != letter {
			continue
		}
		if file >= 0 && from.File() != file || rank >= 0 && from.Rank() != rank || from == to {
			continue
		}
		out = append(out, prefix+from.String()+to.String()+promo)
	}
	return out
}
