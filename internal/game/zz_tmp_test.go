package game_test

import "testing"

func BenchmarkOptionsExploring(b *testing.B) {
	s := started(b, "ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra", "professor-longfellow", "heather-granville")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s.Options(seatActor(1 + i%6))
	}
}
