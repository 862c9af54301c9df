package web_test

import (
	"net/http"
	"testing"
)

// A phone gone wrong (or a script) opening streams in a loop holds at most 4
// of its seat's: past that the oldest is closed, told so, and the others go
// on; and past a burst of 60 new streams an address is refused for a while
// (issue 24: 2,000 streams of one seat had slowed another table tenfold).
// The cap per address is TestStreamsPerAddress (streams_internal_test.go).
func TestStreamLimits(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	g := app.newGame(6, true)
	srv := app.server()
	open := func(seat int) *lvStream {
		t.Helper()
		s := lvOpen(t, srv, g.api("/events"), withBearer(g.seats[seat-1]))
		s.must("version")
		return s
	}

	// Per seat: the fifth closes the first.
	var seat1 []*lvStream
	for range 5 {
		seat1 = append(seat1, open(1))
	}
	seat1[0].must("closed")
	if m, ok := seat1[0].next(); ok {
		t.Errorf("after closed, %q", m.event)
	}
	v := app.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": -1})
	for i, s := range seat1[1:] {
		if got := s.version(); got != v {
			t.Errorf("seat 1's stream %d: version %d, want %d", i+2, got, v)
		}
	}

	// Per address: 5 streams opened so far; the burst lets 55 more pass,
	// then the address is refused (it earns 10 a second back: a slow run
	// gets a few more before the first 429).
	passed := 0
	for i := 0; ; i++ {
		s := lvOpen(t, srv, g.api("/events"), withBearer(g.seats[i%5+1]))
		if s.resp.StatusCode == http.StatusTooManyRequests {
			break
		}
		if s.resp.StatusCode != http.StatusOK {
			t.Fatalf("stream %d: %d", i+6, s.resp.StatusCode)
		}
		if passed++; passed > 500 {
			t.Fatal("500 streams at once from one address, none refused")
		}
	}
	if passed < 55 {
		t.Errorf("only %d more streams passed before a 429, want the burst's 55", passed)
	}
	// The seat's page still loads.
	if rec := app.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1)); rec.Code != http.StatusOK {
		t.Errorf("seat 1's page: %d", rec.Code)
	}
}
