package main

import (
	"context"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// The server's memory is mostly the collector's headroom: the heap may grow
// to twice what was live at the last collection. In a burst (every table
// acting at once) much of the heap is messages in flight, so that goal
// peaks with it; at 60 tables of 6 phones the page's view took the process
// to about 105 MB. A soft ceiling makes the collector run a little earlier
// only then (95–96 MB, the same CPU per action within the host's noise).
//
// A fixed ceiling would turn into constant collecting if a bigger server
// ever kept more than that live, so the ceiling follows the live heap:
// never below 2.5 times it, above the 2 times the collector aims for anyway.
const (
	memoryCeiling     = 85 << 20
	memoryCeilingLive = 2.5
)

// ceilingFor is the soft memory limit for a live heap of live bytes.
func ceilingFor(live uint64) int64 {
	return max(memoryCeiling, int64(float64(live)*memoryCeilingLive))
}

// keepMemoryCeiling sets the soft memory limit and moves it with the live
// heap until ctx ends. An operator who tunes the collector (GOMEMLIMIT or
// GOGC) wins: then it does nothing, as the 2.5 times above assume GOGC=100.
func keepMemoryCeiling(ctx context.Context, every time.Duration) {
	if os.Getenv("GOMEMLIMIT") != "" || os.Getenv("GOGC") != "" {
		return
	}
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 {
			debug.SetMemoryLimit(ceilingFor(sample[0].Value.Uint64()))
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
