package web

import (
	"context"
	"net/http"

	"senapati/board"
	"senapati/search"
)

// The review of a game: every position of the active line searched to one
// depth in the background, for the page's evaluation graph. Each score is
// kept on its move (the tree's node), so a reload, another line or a
// second review finds it; a review skips positions scored to its depth
// already. A change to the game stops it, as it stops an analysis.

const (
	jobReview      = "review"
	maxReviewDepth = 30
)

// evalView is a reviewed position's score from White's view (the page's
// convention): centipawns, or mates as ±100000 with Mate the moves to mate
// (negative: Black mates).
type evalView struct {
	White int  `json:"white"`
	Mate  *int `json:"mate,omitempty"`
	Depth int  `json:"depth"`
	// The engine's best move there (UCI) and the start of its line (SAN,
	// best first): what the review's judgement offers instead of a
	// mistake (judge.go). A loaded PGN's score has neither.
	Best string   `json:"best,omitempty"`
	PV   []string `json:"pv,omitempty"`
}

// reviewLine is how many plies of the engine's line a review keeps.
const reviewLine = 6

type reviewRequest struct {
	Depth   int `json:"depth"`   // 10 when left out
	Threads int `json:"threads"` // 1 when left out
}

// reviewEvent reports one position reviewed: done of total, with its score.
type reviewEvent struct {
	Epoch    int       `json:"epoch"`
	Ply      int       `json:"ply"`
	Node     int       `json:"node"` // 0: the start position
	Eval     *evalView `json:"eval,omitempty"`
	Done     int       `json:"done"`
	Total    int       `json:"total"`
	Finished bool      `json:"finished,omitempty"`
}

func (s *Server) review(w http.ResponseWriter, r *http.Request) {
	var req reviewRequest
	if err := readJSON(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	if req.Depth == 0 {
		req.Depth = 10
	}
	if req.Depth < 1 || req.Depth > maxReviewDepth {
		writeError(w, errorf(400, "depth must be 1 to %d, not %d", maxReviewDepth, req.Depth))
		return
	}
	if req.Threads == 0 {
		req.Threads = 1
	}
	if req.Threads < 1 || req.Threads > 256 {
		writeError(w, errorf(400, "threads must be 1 to 256, not %d", req.Threads))
		return
	}
	g, err := s.idleGame(r)
	if err != nil {
		writeError(w, err)
		return
	}
	if g.shared != nil {
		g.mu.Unlock()
		writeError(w, errorf(409, "a shared game is between two people: no engine reviews it"))
		return
	}
	if len(g.subs) == 0 {
		g.mu.Unlock()
		writeError(w, errorf(409, "nobody watches this game's events: open GET .../events first, where the review is sent"))
		return
	}
	// The positions of the active line as they stand now.
	type item struct {
		ply     int
		n       *node
		root    board.Position
		history []uint64
	}
	var todo []item
	total := len(g.plies) + 1
	for k := 0; k <= len(g.plies); k++ {
		n := g.root
		if k > 0 {
			n = g.line[k-1]
		}
		if n.eval != nil && n.eval.Depth >= req.Depth {
			continue
		}
		if v := g.verdict(k); v.Over() {
			// The game's end needs no search: its result is its score.
			n.eval = resultEval(v.Result())
			continue
		}
		root, history := g.position(k)
		todo = append(todo, item{k, n, root, history})
	}
	plan := searchPlan{limits: search.Limits{Depth: req.Depth}, threads: min(req.Threads, s.cfg.Threads), multiPV: 1, strength: search.DefaultSettings().Strength}
	ctx, cancel := context.WithTimeout(context.Background(), maxAnalysis)
	j, ctx, err := s.startJob(g, jobReview, ctx, len(g.plies))
	if err != nil {
		g.mu.Unlock()
		cancel()
		writeError(w, err)
		return
	}
	e, epoch, done := g.engine, g.epoch, total-len(todo)
	doneAtStart := done // the answer's; done is the review goroutine's from here on
	g.publishJSON("review", reviewEvent{Epoch: epoch, Done: done, Total: total, Finished: len(todo) == 0})
	g.mu.Unlock()
	go func() {
		defer cancel()
		for _, it := range todo {
			res, err := s.run(ctx, g, e, j, it.ply, it.root, it.history, plan)
			if err != nil || ctx.Err() != nil || res.Depth < req.Depth {
				break
			}
			ev := scoreEval(res.Score, it.root.SideToMove(), res.Depth)
			ev.Best, ev.PV = bestLine(it.root, res.Best, j.pv)
			done++
			g.mu.Lock()
			it.n.eval = ev
			g.publishJSON("review", reviewEvent{Epoch: epoch, Ply: it.ply, Node: it.n.id, Eval: ev, Done: done, Total: total, Finished: done == total})
			g.mu.Unlock()
		}
		g.mu.Lock()
		g.endJob(j, len(g.plies), "")
		// A state, which no page misses (unlike an event when its buffer is
		// full), holds every score, and says the review has ended.
		g.changed()
		g.publishState(g.state(len(g.plies)))
		g.mu.Unlock()
		close(j.done)
	}()
	writeJSON(w, 202, map[string]int{"total": total, "done": doneAtStart})
}

// bestLine is the best move in UCI and the line from root in SAN: the
// search's last principal variation when it begins with the best move.
func bestLine(root board.Position, best board.Move, pv []board.Move) (string, []string) {
	if best == board.NoMove || !root.IsLegal(best) {
		return "", nil
	}
	if len(pv) == 0 || pv[0] != best {
		pv = []board.Move{best}
	}
	uci := root.MoveString(best)
	var line []string
	p := root
	for _, m := range pv[:min(len(pv), reviewLine)] {
		if !p.IsLegal(m) {
			break
		}
		line = append(line, p.SAN(m))
		p.DoMove(m)
	}
	return uci, line
}

// scoreEval turns a search score of the side to move into White's view.
func scoreEval(score int, side board.Color, depth int) *evalView {
	ev := &evalView{White: score, Depth: depth}
	if mate, ok := search.MateIn(score); ok {
		ev.White = 100000
		if score < 0 {
			ev.White = -100000
		}
		if side == board.Black {
			mate = -mate
		}
		ev.Mate = &mate
	}
	if side == board.Black {
		ev.White = -ev.White
	}
	return ev
}

// resultEval scores a finished game's last position by its result.
func resultEval(r board.Result) *evalView {
	ev := &evalView{Depth: maxReviewDepth}
	zero := 0
	switch r {
	case board.WhiteWins:
		ev.White, ev.Mate = 100000, &zero
	case board.BlackWins:
		ev.White, ev.Mate = -100000, &zero
	}
	return ev
}
