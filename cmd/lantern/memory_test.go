package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

func TestCeilingFollowsTheLiveHeap(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		live uint64
		want int64
	}{
		{0, memoryCeiling},
		{30 << 20, memoryCeiling}, // the 60-table burst: the ceiling holds
		{memoryCeiling * 2 / 5, memoryCeiling},
		{100 << 20, 210 << 20}, // more live than the ceiling: it moves away
	} {
		got := ceilingFor(c.live)
		if got != c.want {
			t.Errorf("ceilingFor(%d MiB) = %d MiB, want %d MiB", c.live>>20, got>>20, c.want>>20)
		}
		// Never at or below what the collector aims for (twice the live
		// heap), or it would collect without end.
		if c.live > 0 && got <= int64(2*c.live) {
			t.Errorf("ceilingFor(%d MiB) = %d MiB, not above twice the live heap", c.live>>20, got>>20)
		}
	}
}

// After requests, in the quiet that follows, the server collects when the
// heap has used half of its room; a heap with room to spare is left to the
// collector's own pace, and so is a server without requests.
func TestCollectsWhenQuietAfterRequests(t *testing.T) {
	// Not parallel: counts the process's garbage collections.
	forced := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	room := func() uint64 {
		s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}}
		metrics.Read(s)
		return s[1].Value.Uint64() - s[0].Value.Uint64()
	}
	var garbage uint64
	request := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		var keep [][]byte
		for n := uint64(0); n < garbage; n += 64 << 10 {
			keep = append(keep, make([]byte, 64<<10))
		}
		runtime.KeepAlive(keep)
	})
	q := newQuietCollector()
	h := q.around(request)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go q.run(ctx)

	for _, c := range []struct {
		name     string
		room     float64 // the garbage made, of the heap's room
		requests int
		want     bool
	}{
		{"half the room used", 0.7, 1, true},
		{"room to spare", 0.1, 1, false},
		{"no request", 0.7, 0, false},
	} {
		runtime.GC()
		before := forced()
		garbage = uint64(c.room * float64(room()))
		for range c.requests {
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil))
		}
		if c.requests == 0 {
			request.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil))
		}
		// A collection that must come is waited for (a busy machine may
		// keep the process from looking quiet for a while); one that must
		// not is given the quiet ten times over.
		wait := 10 * quietFor
		if c.want {
			wait = 500 * quietFor // 10 s: the browser tests may hold both cores meanwhile
		}
		got := false
		for deadline := time.Now().Add(wait); !got && time.Now().Before(deadline); {
			time.Sleep(quietFor)
			got = forced() > before
		}
		if got != c.want {
			t.Errorf("%s: collected in the quiet = %v, want %v", c.name, got, c.want)
		}
	}
}
