package game_test

import (
	"math/rand/v2"
	"testing"

	"lantern/internal/game"
)

// Check must accept every state the rules reach: random play from every
// walk start (options_same_test.go), every state and every event checked.
func TestCheckAcceptsPlayedStates(t *testing.T) {
	t.Parallel()
	steps := 300
	if testing.Short() {
		steps = 60
	}
	for _, start := range walkStarts {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(start.name, func(t *testing.T) {
				s := start.make(t)
				s.SetRandom(newPCG(seed))
				r := rand.New(rand.NewPCG(seed, 91))
				for step := 0; step < steps; step++ {
					n := len(s.Events)
					randomStep(t, s, r)
					for i := n; i < len(s.Events); i++ {
						if err := game.CheckEvent(&s.Events[i]); err != nil {
							t.Fatalf("step %d: CheckEvent(%+v): %v", step, s.Events[i], err)
						}
					}
					if err := s.Check(); err != nil {
						t.Fatalf("step %d, after %+v: Check: %v", step, s.Events[len(s.Events)-1], err)
					}
					if s.Ended != nil {
						break
					}
				}
			})
		}
	}
}

// BenchmarkCheck is what the last check costs every action (table's
// persistAndApply), on a game of 500 changes.
func BenchmarkCheck(b *testing.B) {
	s, err := game.Replay("BENCH", longLog(b, 500))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Check(); err != nil {
			b.Fatal(err)
		}
	}
}
