package web_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"lantern/internal/web"
)

// TestGoneWhileBuildingEndsTheStreamWhole: a seat moved to another phone
// while its stream's message was being built gets `event: gone`, and its
// compressed stream still ends as a whole gzip stream: the message it was
// not sent left the checksum and length alone. (It had counted in the
// trailer: "gzip: invalid checksum" for a client reading to the end.)
// The seat moves from the hook on messages made without rendering, which
// the page's view has; the JSON view goes the same way through events.
func TestGoneWhileBuildingEndsTheStreamWhole(t *testing.T) {
	const view = "html"
	a := newTestApp(t)
	srv := a.server()
	g := a.newGame(2, true)
	move := a.json(http.MethodPost, g.api("/seats/2/transfer"), "", g.host, http.StatusCreated)
	var once sync.Once
	moveNow := func(code string, seat int) {
		if code == g.code && seat == 2 {
			once.Do(func() {
				a.json(http.MethodPost, g.api("/transfer"), jsonBody(map[string]string{"key": move["transfer_key"].(string)}), "", http.StatusOK)
			})
		}
	}
	restore := web.OnUnchangedMessage(moveNow)
	defer restore()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+g.api("/events?view="+view), nil)
	req.Header.Set("Authorization", "Bearer "+g.seats[1])
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	events, ended := make(chan string, 100), make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(zr)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		for sc.Scan() {
			if line, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				events <- line
			}
		}
		ended <- sc.Err()
		close(events)
	}()
	next := func() string {
		t.Helper()
		select {
		case e, ok := <-events:
			if !ok {
				t.Fatal("the stream ended early")
			}
			return e
		case <-time.After(10 * time.Second):
			t.Fatal("no message in 10 s")
		}
		return ""
	}
	if e := next(); e != view {
		t.Fatalf("first message %q", e)
	}
	// Seat 1 steps a trait: seat 2's message is made without
	// rendering, and the seat moves while it is.
	a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1})
	if e := next(); e != "gone" {
		t.Fatalf("after the move: %q, want gone", e)
	}
	for range events {
	}
	if err := <-ended; err != nil {
		t.Errorf("the stream does not end as a whole gzip stream: %v", err)
	}
}
