package match

import (
	"fmt"
	"strconv"
	"strings"

	"senapati/board"
	"senapati/pgn"
)

// matchInfo is what every game's PGN record tells of the whole match, so
// that -merge can put the games of shards back together, refuse the files
// of other matches and find the missing games: the number of games of the
// whole match, which shard of how many (0 of 0: the whole match) with how
// many games, digests of the opening set and of the settings, and in a
// gauntlet the number of seeds.
type matchInfo struct {
	games                     int
	shard, shards, shardGames int
	openings, settings        string
	seeds                     int    // a gauntlet's seeds; 0: not a gauntlet
	sprt                      string // the -sprt that may stop a whole match (sprtText); "": none
}

// sprtText is an SPRT as its -sprt values, for the MatchSPRT tag: the
// merge of a match it stopped early then knows that the match is over.
func sprtText(t *SPRT) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return fmt.Sprintf("elo0=%s elo1=%s alpha=%s beta=%s model=%s", f(t.Elo0), f(t.Elo1), f(t.Alpha), f(t.Beta), t.Model)
}

// tagText is s as senapati match writes it in a tag: cleaned
// (pgn.CleanTag), and with every '"' an apostrophe. The PGN standard
// escapes a quote in a tag as \", but strict readers such as chess.js
// (whose grammar takes a tag value as anything but '"') refuse any quote
// inside a tag, escaped or not; a backslash stays (the writer escapes it
// as \\, which they accept).
func tagText(s string) string { return strings.ReplaceAll(pgn.CleanTag(s), `"`, "'") }

// pgn is a finished game as its PGN record (the pgn package writes the
// movetext in algebraic notation and cleans the text). Unless minimal, each
// engine move carries {score/depth time} and book moves {book}; the reason
// for the result joins the last move's comment.
func (r *gameResult) pgn(event, site string, minimal bool) string {
	g := &pgn.Game{}
	g.SetTag("Event", tagText(event))
	g.SetTag("Site", tagText(site))
	g.SetTag("Date", r.date.Format("2006.01.02"))
	g.SetTag("Round", strconv.Itoa(r.spec.number))
	g.SetTag("White", tagText(r.white))
	g.SetTag("Black", tagText(r.black))
	g.SetResult(r.result)
	// What -merge needs to put the games of shards back into one match.
	g.SetTag("WhiteNumber", strconv.Itoa(r.spec.white+1))
	g.SetTag("BlackNumber", strconv.Itoa(r.spec.black+1))
	if r.spec.pair > 0 {
		g.SetTag("Pair", strconv.Itoa(r.spec.pair))
	}
	if m := r.match; m != nil {
		g.SetTag("MatchGames", strconv.Itoa(m.games))
		if m.shards > 0 {
			g.SetTag("Shard", fmt.Sprintf("%d/%d", m.shard, m.shards))
			g.SetTag("ShardGames", strconv.Itoa(m.shardGames))
		}
		g.SetTag("MatchOpenings", m.openings)
		g.SetTag("MatchSettings", m.settings)
		if m.seeds > 0 { // -merge prints a gauntlet's table by opponent
			g.SetTag("GauntletSeeds", strconv.Itoa(m.seeds))
		}
		if m.sprt != "" {
			g.SetTag("MatchSPRT", m.sprt)
		}
	}
	// Which engines played: the settings digest leaves out the command
	// (paths differ between machines), so another program under the same
	// name would pass it; -merge and the resume compare these.
	if r.ids != nil {
		for side, color := range []string{"White", "Black"} {
			g.SetTag(color+"EngineID", tagText(r.ids[side]))
			if r.opts[side] != "" {
				g.SetTag(color+"EngineOptions", tagText(r.opts[side]))
			}
		}
	}
	pos, _ := board.ParseFEN(r.variant, r.startFEN) // the opening was checked
	g.SetStart(&pos)
	g.Notation = r.notation
	if tw, tb := r.tc[0].String(), r.tc[1].String(); tw == tb {
		g.SetTag("TimeControl", tw)
	} else {
		g.SetTag("TimeControl", "?")
		g.SetTag("WhiteTimeControl", tw)
		g.SetTag("BlackTimeControl", tb)
	}
	g.SetTag("Termination", r.termination)
	g.SetTag("PlyCount", strconv.Itoa(len(r.moves)))
	for _, rec := range r.moves {
		m, err := pos.ParseMove(rec.move)
		if err != nil {
			break // not reached: the arbiter records legal moves only
		}
		comment, commands := rec.comment, rec.commands
		if minimal {
			comment, commands = "", ""
		}
		g.Play(&pos, m, comment)
		g.Moves[len(g.Moves)-1].Commands = commands
	}
	if r.reason != "" { // none yet in a game in progress (-livepgnout)
		g.AppendReason(r.reason)
	}
	return g.String()
}
