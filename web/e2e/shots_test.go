package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

const reviewPGN = `[Event "Analysis board"]
[White "Anna"]
[Black "Bela"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 (3... Nf6 4. Ng5 d5 5. exd5 Na5 { the main defence } (5... Nxd5?! 6. Nxf7!? Kxf7 7. Qf3+)) 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ 7. Nc3 Nxe4 8. O-O Bxc3 9. d5 $14 Bf6 10. Re1 Ne7 11. Rxe4 d6 12. Bg5 Bxg5 13. Nxg5 h6 *
`

// TestAnalysisBoardLayouts: the analysis board on a phone (390x700), a
// laptop (1366x768) and a large screen (1920x1080): a loaded game with
// variations entered, its evaluation graph, live analysis with its
// best-move arrow and drawn shapes (but on the phone); nothing wider than the window; with
// SENAPATI_SHOTS set, a screenshot of each (analysis-phone.png,
// analysis-laptop.png, analysis-desktop.png).
func TestAnalysisBoardLayouts(t *testing.T) {
	for _, size := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 700}, {"laptop", 1366, 768}, {"desktop", 1920, 1080}} {
		t.Run(size.name, func(t *testing.T) {
			var opts []chromedp.EmulateViewportOption
			if size.name == "phone" {
				opts = append(opts, chromedp.EmulateMobile)
			}
			_, p := openBoardAt(t, "chess", size.w, size.h, opts...)
			p.loadPGN(reviewPGN)
			p.exec(`document.getElementById("position").open = false; document.getElementById("settings").open = false`)
			p.run(chromedp.SetValue(chromedp.CSS("#review-depth"), "4"))
			p.clickButton("#review-start")
			// A loaded machine takes its time over 27 searches.
			for began := time.Now(); !evalJS[bool](p, `!!(S.review && !S.review.running && S.review.done === 27)`); time.Sleep(100 * time.Millisecond) {
				if time.Since(began) > 3*time.Minute {
					t.Fatalf("the review: %s", p.text("#review-note"))
				}
			}
			expect(t, "graph points", p.count("#evalgraph .pt"), 27)
			// A move of the main line, under the variations, analysed with
			// three lines.
			p.clickMove("Nc3")
			p.choose("#multipv", "3")
			p.run(chromedp.Click(chromedp.CSS("#analyse")))
			p.waitJS(`document.querySelectorAll("#lines li").length === 3 && S.lines[0].depth >= 8 && document.querySelector("#shapes .best-arrow")`, "three analysis lines and the arrow")
			if size.name != "phone" { // a phone has no right button
				p.rightDrag("d1", "b3")
				p.rightDrag("f7", "f7")
				expect(t, "the shapes", p.count("#shapes .user-shape"), 2)
			}
			wide := evalJS[bool](p, `document.scrollingElement.scrollWidth > window.innerWidth`)
			expect(t, "nothing wider than the window", wide, false)
			p.exec(`window.scrollTo(0, 0)`)
			p.viewShot(fmt.Sprintf("analysis-%s.png", size.name))
			if size.name == "phone" {
				// Under the board on a phone: the lines, the graph and the tree.
				p.exec(`document.getElementById("analysis-panel").scrollIntoView()`)
				p.viewShot("analysis-phone-panel.png")
			}
			p.run(chromedp.Click(chromedp.CSS("#analyse")))
			p.settle()
		})
	}
}
