package procstat

import (
	"runtime"
	"testing"
	"time"
)

func TestCPUCountsWork(t *testing.T) {
	before := CPU()
	for end := time.Now().Add(50 * time.Millisecond); time.Now().Before(end); {
	}
	if used := CPU() - before; used < 10*time.Millisecond {
		t.Errorf("50 ms of work counted as %v of CPU", used)
	}
}

func TestHeapHalfUsed(t *testing.T) {
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
