package main

import (
	"context"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"time"

	"lantern/internal/procstat"
)

// The server's memory is mostly the collector's headroom: the heap may grow
// to twice what was live at the last collection. In a burst (every table
// acting at once) much of the heap is messages in flight, so that goal
// peaks with it; at 60 tables of 6 phones the page's view took the process
// to about 105 MB. A soft ceiling makes the collector run a little earlier
// only then. It counts the Go runtime's memory, not the 15 MB of the
// program's own code the process also holds: 80 MiB.
//
// A fixed ceiling would turn into constant collecting if a bigger server
// ever kept more than that live, so the ceiling follows the live heap:
// never below 2.1 times it, above the 2 times the collector aims for anyway.
// (At 2.5 times, the live heap of a burst, messages in flight and all,
// lifted it to about 90 MiB and the process to 100–105 MB.)
const (
	memoryCeiling     = 80 << 20
	memoryCeilingLive = 2.1
)

// ceilingFor is the soft memory limit for a live heap of live bytes.
func ceilingFor(live uint64) int64 {
	return max(memoryCeiling, int64(float64(live)*memoryCeilingLive))
}

// keepMemoryCeiling sets the soft memory limit and moves it with the live
// heap until ctx ends. An operator who tunes the collector (GOMEMLIMIT or
// GOGC) wins: then it does nothing, as the 2.1 times above assume GOGC=100.
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
// goes quiet after requests and the heap has used at least half of its
// room since the last collection, it collects then, in the pause, and the
// next burst starts with the whole room. It costs a collection a little
// earlier than needed, at a moment nothing waits for it.
//
// Quiet is no request for quietFor and less than a tenth of a core used in
// that time (a burst's pushes go on after its last request). It is looked
// for only after requests, never on a timer of its own: every wake-up of
// an idle Go process costs it about 0.3 ms of CPU here (the runtime's
// monitor thread polls fast for a while after any work), and a 20 ms poll
// cost more than the collections it moved.
const quietFor = 20 * time.Millisecond

// quietCollector collects garbage in the quiet after requests.
type quietCollector struct {
	last  atomic.Int64  // when the last request came or ended (UnixNano)
	woken chan struct{} // a request since the last look
}

func newQuietCollector() *quietCollector {
	return &quietCollector{woken: make(chan struct{}, 1)}
}

// around notes each request, as it comes and as it ends.
func (q *quietCollector) around(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q.touch()
		defer q.touch()
		h.ServeHTTP(w, r)
	})
}

func (q *quietCollector) touch() {
	q.last.Store(time.Now().UnixNano())
	select {
	case q.woken <- struct{}{}:
	default:
	}
}

// run collects in quiet moments until ctx ends.
func (q *quietCollector) run(ctx context.Context) {
	if os.Getenv("GOGC") == "off" {
		return
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-q.woken:
		}
		// Wait for the quiet.
		for cpu := procstat.CPU(); ; {
			wait := time.Until(time.Unix(0, q.last.Load()).Add(quietFor))
			select {
			case <-ctx.Done():
				return
			case <-time.After(max(wait, quietFor)):
			}
			now := procstat.CPU()
			if now-cpu < quietFor/10 && time.Since(time.Unix(0, q.last.Load())) >= quietFor {
				break
			}
			cpu = now
		}
		select { // the requests the wait saw are dealt with
		case <-q.woken:
		default:
		}
		if procstat.HeapHalfUsed() {
			runtime.GC()
		}
	}
}
