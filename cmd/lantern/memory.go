package main

import (
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"syscall"
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

// A collection's marking costs the server about 15 ms of CPU at 60 tables
// of 6 phones, on top of whatever it is doing. Left to itself the
// collector starts when the heap reaches its goal, which in a busy
// moment is most likely in the middle of a burst of actions: the burst
// takes that much longer for every phone waiting on it. So when the server
// goes quiet after work and the heap has used at least half of its room
// since the last collection, it collects then, in the pause, and the next
// burst starts with the whole room. It costs a collection a little earlier
// than needed, at a moment nothing waits for it.
const (
	quietPoll     = 20 * time.Millisecond // how often to look while busy
	quietCPU      = quietPoll / 10        // less CPU than this in a poll is quiet
	idlePoll      = 500 * time.Millisecond
	idleAfterPoll = 50 // quiet polls before looking only every idlePoll
)

// collectWhenQuiet runs the collector in quiet moments until ctx ends.
func collectWhenQuiet(ctx context.Context) {
	if os.Getenv("GOGC") == "off" {
		return
	}
	heap := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	last, busy, quiet := processCPU(), false, 0
	timer := time.NewTimer(quietPoll)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		}
		now := processCPU()
		used := now - last
		last = now
		switch {
		case used >= quietCPU:
			busy, quiet = true, 0
		case busy:
			busy = false
			metrics.Read(heap)
			live, goal, objects := heap[0].Value.Uint64(), heap[1].Value.Uint64(), heap[2].Value.Uint64()
			if goal > live && objects >= live+(goal-live)/2 {
				runtime.GC()
				last = processCPU() // the collection's own CPU is not work
			}
		default:
			quiet++
		}
		if quiet >= idleAfterPoll {
			timer.Reset(idlePoll)
		} else {
			timer.Reset(quietPoll)
		}
	}
}

// processCPU is the CPU time the process has used, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
