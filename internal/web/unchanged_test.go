package web

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/table"
)

// TestMain holds every message unchangedSeat makes, in every test of this
// package (the browser tests' phones included), to the one the long way
// makes: the view model built and the page rendered.
func TestMain(m *testing.M) {
	check := unchangedCheck(compareUnchanged)
	checkUnchanged.Store(&check)
	code := m.Run()
	unchanged.Lock()
	defer unchanged.Unlock()
	if testing.Verbose() {
		fmt.Printf("%d messages built without rendering were compared with the page rendered\n", unchanged.checked)
	}
	if len(unchanged.wrong) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d messages built without rendering differ from the page rendered:\n", len(unchanged.wrong))
		for _, w := range unchanged.wrong[:min(5, len(unchanged.wrong))] {
			fmt.Fprintln(os.Stderr, w)
		}
		code = 1
	}
	os.Exit(code)
}

var unchanged struct {
	sync.Mutex
	checked int      // messages compared
	wrong   []string // what differed
}

// compareUnchanged renders, on a copy of the stream, the message
// unchangedSeat made (r) and notes a difference in the bytes sent or in
// what the stream keeps for the next message.
func compareUnchanged(s *Server, c echo.Context, access table.Access, ls *liveStream, r liveRender) {
	long, short := ls.copy(), ls.copy()
	long.check.reusable = false // the long way
	want, err := s.htmlMessage(c, access, long)
	if err != nil || long.sent != r.version {
		return // a newer version came meanwhile: nothing to compare
	}
	got, err := short.htmlParts(r)
	var diff string
	switch {
	case err != nil:
		diff = err.Error()
	case !bytes.Equal(joinPieces(want), joinPieces(got)):
		diff = fmt.Sprintf("message\n long: %s\nshort: %s", joinPieces(want), joinPieces(got))
	case !slices.Equal(long.keys, short.keys) || !slices.Equal(long.shared, short.shared) ||
		!slices.Equal(long.inputs, short.inputs) || !slices.Equal(long.hashes, short.hashes) ||
		long.skeleton != short.skeleton:
		diff = fmt.Sprintf("kept\n long: %q %v %v\nshort: %q %v %v", long.keys, long.inputs, long.hashes, short.keys, short.inputs, short.hashes)
	case !slices.EqualFunc(long.held, short.held, bytes.Equal):
		diff = "held sources"
	case !reflect.DeepEqual(long.earlier, short.earlier):
		diff = "earlier parts"
	case versionless(long.check) != versionless(short.check):
		diff = fmt.Sprintf("check\n long: %+v\nshort: %+v", long.check, short.check)
	}
	unchanged.Lock()
	defer unchanged.Unlock()
	unchanged.checked++
	if diff != "" {
		unchanged.wrong = append(unchanged.wrong, fmt.Sprintf("game %s seat %d version %d after %d: %s", access.Code, access.Seat, r.version, ls.sent, diff))
	}
}

// versionless is c with its page's version taken out: a message made
// without rendering keeps the check of the page it reuses.
func versionless(c seatCheck) seatCheck {
	c.head.Version = 0
	return c
}

// copy is the stream as it is, sharing nothing the next message writes.
func (ls *liveStream) copy() *liveStream {
	c := *ls
	c.keys, c.shared, c.inputs, c.hashes = slices.Clone(ls.keys), slices.Clone(ls.shared), slices.Clone(ls.inputs), slices.Clone(ls.hashes)
	c.held, c.earlier = slices.Clone(ls.held), slices.Clone(ls.earlier)
	c.spareInputs, c.spareHashes, c.spareHeld, c.msgBuf, c.spans = nil, nil, nil, nil, nil
	c.seatBufs = [2][]byte{}
	return &c
}

func joinPieces(msg []piece) []byte {
	var b []byte
	for _, p := range msg {
		b = append(b, p.raw...)
	}
	return b
}

// TestTraitStepsOfOthersAreNotRendered: when a seat steps a trait, the
// five other phones' messages are made without a view model or a page
// (their private parts can't have changed), and are the very bytes the
// page rendered would give (TestMain compares each); the stepping phone's
// own page is rendered.
func TestTraitStepsOfOthersAreNotRendered(t *testing.T) {
	s, phones := benchGame(t, false)
	unchanged.Lock()
	before := unchanged.checked
	unchanged.Unlock()
	traits := []string{"might", "speed", "sanity", "knowledge"}
	for i := range 24 {
		actor := phones[i%len(phones)]
		if _, err := s.tables.Act(context.Background(), actor.access, game.Action{
			Type: "step_trait", Trait: traits[i%len(traits)], Delta: 1 - 2*(i/6%2)}); err != nil {
			t.Fatal(err)
		}
		// The stepping phone's page renders the version's shared parts
		// but its own line and board sheet; when it comes last, the first
		// other phone finds none cached and caches them all
		// (cacheShared).
		if i%2 == 0 {
			actor.push(t, s)
		}
		for _, p := range phones {
			if p != actor {
				p.push(t, s)
			}
		}
		if i%2 == 1 {
			actor.push(t, s)
		}
	}
	unchanged.Lock()
	checked, wrong := unchanged.checked-before, len(unchanged.wrong)
	unchanged.Unlock()
	// The phone that made the change before loses its undo button: that
	// part alone is rendered, the rest taken as it was.
	if want := 24 * 5; checked != want {
		t.Errorf("%d messages made without rendering, want %d (five phones of six, 24 steps)", checked, want)
	}
	if wrong > 0 {
		t.Errorf("%d differ from the page rendered (TestMain lists them)", wrong)
	}
}

// TestGonePhoneLeavesTheCacheWhole: a phone whose request ended before its
// message was built may be the one that caches the version's shared parts
// (cacheShared); what it renders is kept for every phone, so it must not
// fail with the phone's ended request, nor the other phones after it.
func TestGonePhoneLeavesTheCacheWhole(t *testing.T) {
	s, phones := benchGame(t, false)
	if _, err := s.tables.Act(context.Background(), phones[0].access, game.Action{Type: "step_trait", Trait: "might", Delta: 1}); err != nil {
		t.Fatal(err)
	}
	gone := phones[1]
	ctx, cancel := context.WithCancel(gone.c.Request().Context())
	cancel()
	gone.c.SetRequest(gone.c.Request().WithContext(ctx))
	if _, err := s.htmlMessage(gone.c, gone.access, gone.ls); err != nil {
		t.Logf("the phone that left: %v", err) // its own message may fail
	}
	for i, p := range phones {
		if p == gone {
			continue
		}
		if _, err := s.htmlMessage(p.c, p.access, p.ls); err != nil {
			t.Errorf("phone %d after the one that left: %v", i+1, err)
		}
	}
}
