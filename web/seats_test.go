package web

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A draw offered by one seat and accepted by the other ends the game;
// declined, it goes away with a note; a move makes it void; two offers
// are an agreement; spectators and games that are not shared get none.
func TestSharedDrawOffer(t *testing.T) {
	s := newTestServer(t)
	st := s.share("chess", "", 0, 0)
	white, black, watch := st.Tokens["white"], st.Tokens["black"], st.Tokens["spectator"]
	offer := func(tok string) stateView {
		return s.state(200, "POST", as(st, "/offer", tok), map[string]string{"kind": "draw"})
	}
	got := offer(white)
	assert.Equal(t, map[string]string{"draw": "white"}, got.Shared.Offers)
	s.refuse(409, "White has no draw offer to answer", "POST", as(st, "/answer", white), map[string]any{"kind": "draw", "accept": true})
	s.refuse(403, "spectator", "POST", as(st, "/answer", watch), map[string]any{"kind": "draw", "accept": true})
	got = s.state(200, "POST", as(st, "/answer", black), map[string]any{"kind": "draw", "accept": false})
	assert.Empty(t, got.Shared.Offers)
	require.NotNil(t, got.Shared.Declined)
	assert.Equal(t, declinedView{Kind: "draw", By: "black"}, *got.Shared.Declined)

	offer(white)
	got = s.state(200, "POST", as(st, "/move", white), map[string]string{"move": "e4"})
	assert.Empty(t, got.Shared.Offers, "a move makes the offer void")
	assert.Nil(t, got.Shared.Declined)
	s.refuse(409, "no draw offer", "POST", as(st, "/answer", black), map[string]any{"kind": "draw", "accept": true})

	offer(black)
	got = s.state(200, "POST", as(st, "/answer", white), map[string]any{"kind": "draw", "accept": true})
	assert.True(t, got.Verdict.Over)
	assert.Equal(t, "1/2-1/2", got.Verdict.Result)
	assert.Equal(t, "Draw by agreement", got.Verdict.Reason)
	s.refuse(409, "the game is over", "POST", as(st, "/offer", white), map[string]string{"kind": "draw"})

	// Both offer: agreed.
	st2 := s.share("chess", "", 0, 0)
	s.state(200, "POST", as(st2, "/offer", st2.Tokens["black"]), map[string]string{"kind": "draw"})
	got = s.state(200, "POST", as(st2, "/offer", st2.Tokens["white"]), map[string]string{"kind": "draw"})
	assert.Equal(t, "Draw by agreement", got.Verdict.Reason)

	s.refuse(400, "kind is draw, takeback or rematch", "POST", as(st2, "/offer", st2.Tokens["white"]), map[string]string{"kind": "abort"})
	own := s.newGame("chess", "")
	s.refuse(409, "only a shared game", "POST", "/api/games/"+own.ID+"/offer", map[string]string{"kind": "draw"})
}

// A takeback takes back the asker's last move (and the answer to it),
// when the other seat accepts; the clocks keep their time and the side
// to move's runs.
func TestSharedTakeback(t *testing.T) {
	s := newTestServer(t)
	st := s.share("chess", "", 600000, 0)
	white, black := st.Tokens["white"], st.Tokens["black"]
	s.refuse(409, "White has no move to take back", "POST", as(st, "/offer", white), map[string]string{"kind": "takeback"})
	s.state(200, "POST", as(st, "/move", white), map[string]string{"move": "e4"})
	s.state(200, "POST", as(st, "/offer", white), map[string]string{"kind": "takeback"})
	got := s.state(200, "POST", as(st, "/answer", black), map[string]any{"kind": "takeback", "accept": true})
	assert.Equal(t, 0, got.Plies)
	assert.Equal(t, "white", got.Side)

	s.state(200, "POST", as(st, "/move", white), map[string]string{"move": "d4"})
	s.state(200, "POST", as(st, "/move", black), map[string]string{"move": "d5"})
	// White asks after Black's answer: both go.
	s.state(200, "POST", as(st, "/offer", white), map[string]string{"kind": "takeback"})
	got = s.state(200, "POST", as(st, "/answer", black), map[string]any{"kind": "takeback", "accept": true})
	assert.Equal(t, 0, got.Plies)
	s.state(200, "POST", as(st, "/move", white), map[string]string{"move": "c4"})
	got = s.state(200, "POST", as(st, "/move", black), map[string]string{"move": "e5"})
	// Black asks on White's turn... its own move only.
	s.state(200, "POST", as(st, "/offer", black), map[string]string{"kind": "takeback"})
	got = s.state(200, "POST", as(st, "/answer", white), map[string]any{"kind": "takeback", "accept": true})
	assert.Equal(t, 1, got.Plies)
	assert.Equal(t, "black", got.Side)
	require.NotNil(t, got.Shared.Clock)
	assert.Equal(t, "black", got.Shared.Clock.Running, "the side to move's clock runs again")
	assert.LessOrEqual(t, got.Shared.Clock.White, int64(600000))
	got = s.state(200, "POST", as(st, "/move", black), map[string]string{"move": "c5"})
	assert.Equal(t, []string{"c2c4", "c7c5"}, uciOf(got))
}

// A rematch after the end is a new shared game with the colours and the
// names swapped: each seat reads its new link from the old game.
func TestSharedRematch(t *testing.T) {
	s := newTestServer(t)
	st := s.share("chess", "", 300000, 2000)
	white, black := st.Tokens["white"], st.Tokens["black"]
	s.state(200, "POST", as(st, "/name", white), map[string]string{"name": "Asha"})
	s.state(200, "POST", as(st, "/name", black), map[string]string{"name": "Ravi \"R\""})
	s.refuse(409, "a rematch follows the game's end", "POST", as(st, "/offer", white), map[string]string{"kind": "rematch"})
	s.state(200, "POST", as(st, "/result", black), map[string]string{"result": "1-0", "termination": "normal"})
	s.state(200, "POST", as(st, "/offer", black), map[string]string{"kind": "rematch"})
	got := s.state(200, "POST", as(st, "/answer", white), map[string]any{"kind": "rematch", "accept": true})
	require.NotEmpty(t, got.Shared.Rematch)
	next := map[string]stateView{}
	for seat, tok := range map[string]string{"white": white, "black": black, "spectator": st.Tokens["spectator"]} {
		old := s.state(200, "GET", as(st, "", tok), nil)
		link := old.Tokens["rematch"]
		require.NotEmpty(t, link, seat)
		next[seat] = s.state(200, "GET", "/api/games/"+got.Shared.Rematch+"?token="+link, nil)
	}
	assert.Equal(t, "black", next["white"].Seat, "White plays Black in the rematch")
	assert.Equal(t, "white", next["black"].Seat)
	assert.Equal(t, "spectator", next["spectator"].Seat)
	n := next["black"]
	assert.Equal(t, 0, n.Plies)
	assert.Equal(t, map[string]string{"White": "Ravi R", "Black": "Asha"}, n.Tags)
	require.NotNil(t, n.Shared.Clock)
	assert.Equal(t, int64(300000), n.Shared.Clock.White)
	assert.Equal(t, int64(2000), n.Shared.Clock.Inc)
	s.refuse(409, "the rematch is agreed already", "POST", as(st, "/offer", white), map[string]string{"kind": "rematch"})
	_, pgn := s.do("GET", "/api/games/"+n.ID+"/pgn?token="+n.Tokens["spectator"], nil)
	assert.Contains(t, string(pgn), `[White "Ravi R"]`)
	assert.Contains(t, string(pgn), `[Black "Asha"]`)
	s.refuse(400, "a name is 1 to 64", "POST", as(st, "/name", white), map[string]string{"name": strings.Repeat("x", 65)})
}

// A player may claim the game once the opponent's pages have all been
// closed for ClaimAfter: not before, not while they are open, not
// against an opponent who never came.
func TestSharedClaim(t *testing.T) {
	s := newTestServer(t)
	s.srv.cfg.ClaimAfter = 300 * time.Millisecond
	st := s.share("chess", "", 0, 0)
	white, black := st.Tokens["white"], st.Tokens["black"]
	s.refuse(409, "Black has not come yet", "POST", as(st, "/claim", white), map[string]string{"result": "win"})
	wev := s.subscribeAs(st.ID, white)
	wev.next(t, "state", 5*time.Second)
	bev := s.subscribeAs(st.ID, black)
	ev := wev.next(t, "state", 5*time.Second) // White hears Black come
	var seen stateView
	require.NoError(t, json.Unmarshal(ev.data, &seen))
	assert.Empty(t, seen.Shared.Away)
	s.refuse(409, "Black is here", "POST", as(st, "/claim", white), map[string]string{"result": "win"})
	s.state(200, "POST", as(st, "/move", white), map[string]string{"move": "e4"})
	bev.cancel()
	for {
		ev = wev.next(t, "state", 5*time.Second)
		require.NoError(t, json.Unmarshal(ev.data, &seen))
		if seen.Shared.Away["black"] >= 0 && len(seen.Shared.Away) == 1 {
			break
		}
	}
	assert.Equal(t, int64(300), seen.Shared.ClaimAfter)
	began := time.Now()
	s.refuse(409, "may be claimed after 0 s", "POST", as(st, "/claim", white), map[string]string{"result": "win"})
	s.refuse(400, `result is "win" or "draw"`, "POST", as(st, "/claim", white), map[string]string{"result": "loss"})
	time.Sleep(300*time.Millisecond - time.Since(began) + 10*time.Millisecond)
	got := s.state(200, "POST", as(st, "/claim", white), map[string]string{"result": "win"})
	assert.Equal(t, "1-0", got.Verdict.Result)
	assert.Equal(t, "White wins: Black left the game", got.Verdict.Reason)
	assert.Equal(t, "abandoned", got.Verdict.Termination)

	// A draw, if the claimer would rather.
	st2 := s.share("chess", "", 0, 0)
	ev2 := s.subscribeAs(st2.ID, st2.Tokens["white"])
	ev2.next(t, "state", 5*time.Second)
	ev2.cancel()
	time.Sleep(400 * time.Millisecond)
	got = s.state(200, "POST", as(st2, "/claim", st2.Tokens["black"]), map[string]string{"result": "draw"})
	assert.Equal(t, "1/2-1/2", got.Verdict.Result)
	assert.Equal(t, "Draw claimed: White left the game", got.Verdict.Reason)
}

// In a game between people a side with no move yet is a person too, not
// "?"; a named seat is its name.
func TestPGNNamesBothSeats(t *testing.T) {
	s := newTestServer(t)
	own := s.newGame("chess", "")
	s.play(own, "e4")
	_, pgn := s.do("GET", "/api/games/"+own.ID+"/pgn", nil)
	assert.Contains(t, string(pgn), `[Black "Human"]`)
	st := s.share("chess", "", 0, 0)
	_, pgn = s.do("GET", as(st, "/pgn", st.Tokens["white"]), nil)
	assert.Contains(t, string(pgn), `[White "Human"]`)
	assert.Contains(t, string(pgn), `[Black "Human"]`)
	s.state(200, "POST", as(st, "/name", st.Tokens["black"]), map[string]string{"name": "Meera"})
	_, pgn = s.do("GET", as(st, "/pgn", st.Tokens["white"]), nil)
	assert.Contains(t, string(pgn), `[Black "Meera"]`)
	s.refuse(403, "spectator", "POST", as(st, "/name", st.Tokens["spectator"]), map[string]string{"name": "Eve"})
}
