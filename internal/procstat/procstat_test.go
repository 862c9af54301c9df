package procstat

import (
	"runtime"
	"testing"
	"time"
)

// TestCPUCountsWork spins until the process's CPU time shows 10 ms more: on
// a loaded machine 50 ms of wall clock may get only a few ms of a core, so
// the wait is for the count, bounded by a generous wall clock.
func TestCPUCountsWork(t *testing.T) {
	// Not parallel: measures the process's CPU time.
	before := CPU()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); {
		if CPU()-before >= 10*time.Millisecond {
			return
		}
	}
	t.Errorf("10 s of spinning counted as %v of CPU", CPU()-before)
}

func TestHeapHalfUsed(t *testing.T) {
	// Not parallel: measures the process's heap.
	runtime.GC()
	if HeapHalfUsed() {
		t.Error("half used right after a collection")
	}
	var keep [][]byte
	for !HeapHalfUsed() && len(keep) < 1<<14 {
		keep = append(keep, make([]byte, 64<<10))
	}
	if !HeapHalfUsed() {
		t.Errorf("not half used after %d MB", len(keep)/16)
	}
	runtime.KeepAlive(keep)
}
