package main

import (
	"context"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

func TestCeilingFollowsTheLiveHeap(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int64
	}{
		{0, memoryCeiling},
		{30 << 20, memoryCeiling}, // the 60-table burst: the ceiling holds
		{memoryCeiling * 2 / 5, memoryCeiling},
		{100 << 20, 250 << 20}, // more live than the ceiling: it moves away
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

// After work, in the quiet that follows, the server collects when the heap
// has used half of its room; a quiet heap with room to spare, or work that
// goes on, is left to the collector's own pace.
func TestCollectsWhenQuietAfterWork(t *testing.T) {
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
	work := func(garbage uint64) {
		var keep [][]byte
		for n := uint64(0); n < garbage; n += 64 << 10 {
			keep = append(keep, make([]byte, 64<<10))
		}
		for end := time.Now().Add(3 * quietPoll); time.Now().Before(end); { // busy
		}
		runtime.KeepAlive(keep)
		keep = nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go collectWhenQuiet(ctx)

	for _, c := range []struct {
		name    string
		garbage float64 // of the heap's room
		want    bool
	}{
		{"half the room used", 0.7, true},
		{"room to spare", 0.1, false},
	} {
		runtime.GC()
		before := forced()
		work(uint64(c.garbage * float64(room())))
		time.Sleep(5 * quietPoll)
		if got := forced() > before; got != c.want {
			t.Errorf("%s: collected in the quiet = %v, want %v", c.name, got, c.want)
		}
	}
}
