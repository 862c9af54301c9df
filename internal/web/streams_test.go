package web_test

import (
	"fmt"
	"net/http"
	"testing"
)

// A phone gone wrong (or a script) opening streams in a loop holds at most 8
// of its seat's and 32 of its address's: past that the oldest is closed, told
// so, and the others go on (issue 24: 2,000 streams of one seat had slowed
// another table tenfold).
func TestStreamLimits(t *testing.T) {
	app := newTestApp(t)
	g := app.newGame(6, true)
	srv := app.server()
	open := func(seat int) *lvStream {
		t.Helper()
		s := lvOpen(t, srv, g.api("/events"), withBearer(g.seats[seat-1]))
		s.must("version")
		return s
	}
	closed := func(what string, s *lvStream) {
		t.Helper()
		s.must("closed")
		if m, ok := s.next(); ok {
			t.Errorf("%s: after closed, %q", what, m.event)
		}
	}

	// Per seat: the ninth closes the first.
	var seat1 []*lvStream
	for range 9 {
		seat1 = append(seat1, open(1))
	}
	closed("seat 1's first stream", seat1[0])
	v := app.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": -1})
	for i, s := range seat1[1:] {
		if m := s.must("version"); m.data != fmt.Sprint(v) {
			t.Errorf("seat 1's stream %d: version %s, want %d", i+2, m.data, v)
		}
	}

	// Per address: every stream here comes from 127.0.0.1. Seat 1 holds 8;
	// seats 2 to 4 open 8 each (32 in all), then seat 5 opens 3 more: the
	// three oldest of the address, seat 1's, are closed.
	for seat := 2; seat <= 4; seat++ {
		for range 8 {
			open(seat)
		}
	}
	for range 3 {
		open(5)
	}
	for i, s := range seat1[1:4] {
		closed(fmt.Sprintf("seat 1's stream %d", i+2), s)
	}
	v = app.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1})
	if m := seat1[4].must("version"); m.data != fmt.Sprint(v) {
		t.Errorf("seat 1's fifth stream: version %s, want %d", m.data, v)
	}
	// The seat's page still loads and acts.
	if rec := app.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1)); rec.Code != http.StatusOK {
		t.Errorf("seat 1's page: %d", rec.Code)
	}
}
