// Package procstat says what this process has used: its CPU time, and how
// much of its heap's room since the last garbage collection. The server's
// quiet collection, the load program and the benchmarks read them.
package procstat

import "runtime/metrics"

// HeapHalfUsed reports whether the heap has used at least half of its room
// (the collector's goal above the heap live after the last collection)
// since that collection.
func HeapHalfUsed() bool {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/goal:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	live, goal, objects := s[0].Value.Uint64(), s[1].Value.Uint64(), s[2].Value.Uint64()
	return goal > live && objects >= live+(goal-live)/2
}
