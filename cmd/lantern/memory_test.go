package main

import "testing"

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
