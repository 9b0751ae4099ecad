package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"senapati/wdl"
)

// BenchmarkAPI measures what a page waits for, over loopback HTTP with a
// kept-alive connection: the game's state with its legal turns grouped
// (what the board asks after every change), and a move's round trip (the
// move answered with the new state, then its undo, also answered).
//
//	go test ./web -run '^$' -bench API -benchtime 2s
func BenchmarkAPI(b *testing.B) {
	positions := []struct{ name, variant, fen string }{
		{"chess-start", "chess", ""},
		{"chess-kiwipete", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"chaturanga-start", "chaturanga", ""},
		{"durg-start", "durg", ""},
		// Two Mantris wait with four free squares: every move comes in six
		// arrival pairs, the widest turn lists Durg has.
		{"durg-two-arrivals", "durg", "r3k3r/ppppppppp/1d5d1/9/9/9/1D5D1/PPPPPPPPP/RN2K2NR[BBQ] w KQkq - 0 10 4/0"},
	}
	srv := NewServer(Config{Threads: 1, HashMB: 1}, newTestEngine, wdl.Of)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	client := ts.Client()
	send := func(b *testing.B, method, path string, body any) []byte {
		var rd io.Reader
		if body != nil {
			data, _ := json.Marshal(body)
			rd = bytes.NewReader(data)
		}
		req, _ := http.NewRequest(method, ts.URL+path, rd)
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode >= 300 {
			b.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, data)
		}
		return data
	}
	for _, pos := range positions {
		var st stateView
		if err := json.Unmarshal(send(b, "POST", "/api/games", map[string]string{"variant": pos.variant, "fen": pos.fen}), &st); err != nil {
			b.Fatal(err)
		}
		move := legal(st)[0]
		b.Run("state/"+pos.name, func(b *testing.B) {
			for b.Loop() {
				send(b, "GET", "/api/games/"+st.ID, nil)
			}
			b.ReportMetric(float64(len(legal(st))), "turns")
		})
		b.Run("move+undo/"+pos.name, func(b *testing.B) {
			for b.Loop() {
				send(b, "POST", "/api/games/"+st.ID+"/move", map[string]string{"move": move})
				send(b, "POST", "/api/games/"+st.ID+"/undo", nil)
			}
		})
	}
}
