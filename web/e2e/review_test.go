package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestReviewMarks: a game with a known blunder in each of the three
// games, reviewed at depth 4 on the page: the blunder is marked ?? in the
// move list, the move shown after it names the better move (not the one
// played) and draws it as an arrow, the summary gives the blunderer one
// blunder and the lower accuracy, the key m and the Next mistake button
// and the summary's count go to it, and the PGN writes it as $4 with the
// better move, which a load of that PGN keeps. One window size each (phone, laptop, desktop), with
// SENAPATI_SHOTS set a screenshot of each (review-phone.png, ...).
func TestReviewMarks(t *testing.T) {
	for _, c := range []struct {
		variant, size string
		w, h          int64
		fen           string   // set up first, when not the start
		moves         []string // typed, UCI
		blunder       int      // the ply of the blunder, from 1
		side          string   // who played it
	}{
		// 3... Nf6?? lets 4. Qxf7 mate.
		{"chess", "desktop", 1920, 1080, "", []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"}, 6, "black"},
		// 2. Ne5?? leaves the Ashva to the Padati on d6.
		{"chaturanga", "laptop", 1366, 657, "", []string{"g1f3", "d7d6", "f3e5", "d6e5"}, 3, "white"},
		// Black, winning a Gaj by Rh1+, leaves the back rank: Ra9 mates.
		{"durg", "phone", 390, 844, "4k2r1/3ppp3/9/9/9/9/5P3/3PP4/R3K4[] b - - 0 1 0/0", []string{"h9h5", "a1a9"}, 1, "black"},
	} {
		t.Run(c.variant, func(t *testing.T) {
			var opts []chromedp.EmulateViewportOption
			if c.size == "phone" {
				opts = append(opts, chromedp.EmulateMobile)
			}
			_, p := openBoardAt(t, c.variant, c.w, c.h, opts...)
			p.choose("#mode", "analysis")
			if c.fen != "" {
				p.setUp(c.fen)
			}
			for i, m := range c.moves {
				p.typeMove(m)
				p.waitJS(fmt.Sprintf(`S.game.plies === %d`, i+1), "move "+m)
			}
			p.exec(`document.getElementById("position").open = false; document.getElementById("settings").open = false`)
			p.run(chromedp.SetValue(chromedp.CSS("#review-depth"), "4"))
			p.clickButton("#review-start")
			for began := time.Now(); !evalJS[bool](p, `!!(S.review && !S.review.running && S.game.review)`); time.Sleep(100 * time.Millisecond) {
				if time.Since(began) > 2*time.Minute {
					t.Fatalf("the review: %s", p.text("#review-note"))
				}
			}
			other := map[string]string{"white": "black", "black": "white"}[c.side]

			// The move list: ?? on the blunder alone.
			expect(t, "blunder marks in the list", p.count("#movelist .mark-blunder"), 1)
			blunderSAN := evalJS[string](p, fmt.Sprintf(`S.game.moves[%d].san`, c.blunder-1))
			marked := evalJS[string](p, `document.querySelector("#movelist .mark-blunder").closest(".mv").firstChild.textContent.trim()`)
			expect(t, "the move marked", marked, blunderSAN)
			expect(t, "its glyph", p.text("#movelist .mark-blunder"), "??")

			// The summary: the blunderer's one blunder and lower accuracy,
			// as the server summed them.
			expect(t, "summary shown", p.visible("#review-summary"), true)
			expect(t, "blunders of "+c.side, p.text(fmt.Sprintf(`#review-summary button[data-side=%q][data-mark="blunder"]`, c.side)), "1")
			accOf := func(side string) string {
				return p.text(fmt.Sprintf(`#review-summary tr.acc td[data-side=%q]`, side))
			}
			for _, side := range []string{"white", "black"} {
				expect(t, side+"'s accuracy shown", accOf(side), evalJS[string](p, fmt.Sprintf(`S.game.review.%s.accuracy.toFixed(1) + "%%"`, side)))
			}
			lo := evalJS[float64](p, fmt.Sprintf(`S.game.review.%s.accuracy`, c.side))
			hi := evalJS[float64](p, fmt.Sprintf(`S.game.review.%s.accuracy`, other))
			if !(lo < 60 && hi > lo+20) {
				t.Fatalf("accuracy: %s (the blunderer) %.1f, %s %.1f", c.side, lo, other, hi)
			}

			// Next mistake by the key, from the start: the blunder, its
			// judgement and the better move's arrow.
			// (The engine may mark an earlier move too, say 2. Qh5?!:
			// each press goes to the next marked move, none skipped.)
			nextMarked := func(from int) int {
				for i := from; i < len(c.moves); i++ {
					if evalJS[string](p, fmt.Sprintf(`S.game.moves[%d].judgement?.mark || ""`, i)) != "" {
						return i + 1
					}
				}
				t.Fatalf("no marked move after ply %d", from)
				return 0
			}
			toBlunder := func(press func(), what string) {
				for ply := 0; ply != c.blunder; {
					ply = nextMarked(ply)
					if ply > c.blunder {
						t.Fatalf("%s passed the blunder (ply %d) to ply %d", what, c.blunder, ply)
					}
					press()
					p.waitJS(fmt.Sprintf(`S.view.ply === %d`, ply), what+" to the next marked move")
				}
			}
			p.run(chromedp.KeyEvent(kb.Home))
			p.waitJS(`S.view.ply === 0`, "the start")
			toBlunder(func() { p.key("m") }, "the key m")
			best := evalJS[string](p, fmt.Sprintf(`S.game.moves[%d].judgement.best || ""`, c.blunder-1))
			bestUCI := evalJS[string](p, fmt.Sprintf(`S.game.moves[%d].judgement.bestUci || ""`, c.blunder-1))
			if best == "" || bestUCI == c.moves[c.blunder-1] {
				t.Fatalf("better move %q (%s) for the blunder %s", best, bestUCI, c.moves[c.blunder-1])
			}
			expect(t, "the judgement shown", p.attr("#review-move", "data-mark"), "blunder")
			shown := p.text("#review-move")
			if !strings.Contains(shown, "Blunder") || !strings.Contains(shown, "Better was "+best) {
				t.Fatalf("the judgement says %q, want Blunder and Better was %s", shown, best)
			}
			if n := p.count("#review-move .line"); n != 1 || !strings.Contains(p.text("#review-move .line"), best) {
				t.Fatalf("the better line: %q", p.text("#review-move"))
			}
			expect(t, "the arrow", p.attr("#shapes .better-arrow", "data-uci"), bestUCI)

			// The button and the summary's count go there too.
			p.run(chromedp.KeyEvent(kb.Home))
			p.waitJS(`S.view.ply === 0`, "the start")
			toBlunder(func() { p.clickButton("#review-next") }, "Next mistake")
			expect(t, "the arrow again", p.count("#shapes .better-arrow"), 1)
			p.run(chromedp.KeyEvent(kb.End))
			p.waitJS(fmt.Sprintf(`S.view.ply === %d`, len(c.moves)), "the end")
			expect(t, "no better move at a sound move", p.count("#shapes .better-arrow"), 0)
			p.clickButton(fmt.Sprintf(`#review-summary button[data-side=%q][data-mark="blunder"]`, c.side))
			p.waitJS(fmt.Sprintf(`S.view.ply === %d`, c.blunder), "the summary's count to the blunder")

			// The PGN: $4 and the better move.
			pgnText := p.pgnNow()
			pgn := strings.Join(strings.Fields(pgnText), " ")
			if !strings.Contains(pgn, blunderSAN+" $4 {") || !strings.Contains(pgn, "Blunder. "+best+" was best.") {
				t.Fatalf("the PGN lacks %s $4 and %s was best: %s", blunderSAN, best, pgn)
			}

			wide := evalJS[bool](p, `document.scrollingElement.scrollWidth > window.innerWidth`)
			expect(t, "nothing wider than the window", wide, false)
			p.exec(`window.scrollTo(0, 0)`)
			p.viewShot(fmt.Sprintf("review-%s.png", c.size))
			// The judgement and the summary: under the board on a phone,
			// beside it elsewhere.
			p.exec(`document.getElementById("review").scrollIntoView({block: "nearest"})`)
			p.viewShot(fmt.Sprintf("review-%s-panel.png", c.size))

			// Loaded back, the PGN keeps the mark as the move's ?? and
			// the comment naming the better move.
			p.loadPGN(pgnText)
			p.waitJS(fmt.Sprintf(`S.game.plies === %d && !S.game.review`, len(c.moves)), "the PGN loaded")
			// The blunder's entry (other moves may carry a milder mark).
			blunderMove := fmt.Sprintf(`Array.from(document.querySelectorAll("#movelist .mv")).find(mv => mv.firstChild.textContent.trim() === %q)`, blunderSAN)
			expect(t, "the loaded move found", evalJS[bool](p, "!!"+blunderMove), true)
			expect(t, "the loaded glyph", evalJS[string](p, blunderMove+`.querySelector(".glyph")?.textContent || ""`), "??")
			if got := evalJS[string](p, blunderMove+`.querySelector(".c")?.textContent || ""`); !strings.Contains(got, "Blunder. "+best+" was best.") {
				t.Fatalf("the loaded comment: %q", got)
			}
		})
	}
}
