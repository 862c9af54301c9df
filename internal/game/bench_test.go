package game_test

import (
	"testing"
	"time"

	"lantern/internal/game"
	"lantern/internal/procstat"
)

// BenchmarkDecideApply measures one step_trait through the rules and into
// the state. The game is renewed every 1000 steps so the log stays short.
func BenchmarkDecideApply(b *testing.B) {
	up := game.StepTrait{Trait: game.Might, Delta: 1}
	down := game.StepTrait{Trait: game.Might, Delta: -1}
	actor := seatActor(1)
	s := started(b, "ox-bellows", "missy-dubourde", "peter-akimoto")
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b, procstat.CPU())
	for i := 0; i < b.N; i++ {
		if i%1000 == 999 {
			b.StopTimer()
			s = started(b, "ox-bellows", "missy-dubourde", "peter-akimoto")
			b.StartTimer()
		}
		a := up
		if i%2 == 1 {
			a = down
		}
		evs, err := s.Decide(actor, a, t0)
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range evs {
			if err := s.Apply(e); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// longLog is a 500-event game: joins, start, then steps, damage, turns and
// the occasional undo (each undo rebuilds the state while replaying).
func longLog(b *testing.B, n int) []game.Event {
	s := started(b, "ox-bellows", "missy-dubourde", "peter-akimoto")
	for i := 0; len(s.Events) < n; i++ {
		var a game.Action
		switch i % 10 {
		case 3:
			a = game.TakeDamage{Kind: "mental", Split: map[string]int{game.Sanity: 1, game.Knowledge: 1}}
		case 6:
			a = game.EndTurn{}
		case 9:
			a = game.Undo{}
		default:
			a = game.StepTrait{Trait: game.Traits[i%4], Delta: 1}
		}
		do(b, s, seatActor(s.Turn), a)
	}
	return s.Events[:n]
}

func BenchmarkReplay(b *testing.B) {
	events := longLog(b, 500)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := game.Replay("BENCH", events)
		if err != nil {
			b.Fatal(err)
		}
		if s.Version != 500 {
			b.Fatalf("version %d", s.Version)
		}
	}
}

// BenchmarkOptions measures the dry run behind every phone's buttons: a
// hero's options in the haunt with weapons, a reroll card and a monster.
func BenchmarkOptions(b *testing.B) {
	s := traitorBoard(b)
	zombie(b, s)
	give(b, s, 2, "revolver", "axe", "lucky-stone", "candle")
	b.ReportAllocs()
	defer reportCPU(b, procstat.CPU())
	for b.Loop() {
		_ = s.Options(game.Actor{Seat: 2})
	}
}

// BenchmarkOptionsExploring is each seat's options in a six-seat game
// before the haunt, as every phone's view asks after every change (the load
// program's burst workload).
func BenchmarkOptionsExploring(b *testing.B) {
	s := started(b, "ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra", "professor-longfellow", "heather-granville")
	b.ReportAllocs()
	defer reportCPU(b, procstat.CPU())
	for i := 0; b.Loop(); i++ {
		s.Options(seatActor(1 + i%6))
	}
}

// BenchmarkOptionsLongTurn is BenchmarkOptionsExploring after 600 trait
// steps in one turn, as in the load program's burst workload, whose turns
// never end: what Options reads of the log must not grow with it.
func BenchmarkOptionsLongTurn(b *testing.B) {
	s := started(b, "ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra", "professor-longfellow", "heather-granville")
	for i := range 600 {
		// Up, then back down: each clip stays where it was.
		do(b, s, seatActor(1+i/2%6), game.StepTrait{Trait: game.Traits[i/2%4], Delta: 1 - 2*(i%2)})
	}
	b.ReportAllocs()
	defer reportCPU(b, procstat.CPU())
	for i := 0; b.Loop(); i++ {
		s.Options(seatActor(1 + i%6))
	}
}

// BenchmarkOptionsBurst is one version of the load program's JSON burst
// workload (cmd/lantern-load -workload burst): six explorers, the first
// seat's turn, 30 trait steps by every seat in turn, and each op every
// seat's options, as the server builds them once per phone for a version.
func BenchmarkOptionsBurst(b *testing.B) {
	s := started(b, "ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra", "professor-longfellow", "heather-granville")
	for i := range 30 {
		do(b, s, seatActor(1+i/2%6), game.StepTrait{Trait: game.Traits[i/2%4], Delta: 1 - 2*(i%2)})
	}
	b.ReportAllocs()
	defer reportCPU(b, procstat.CPU())
	for b.Loop() {
		for seat := 1; seat <= 6; seat++ {
			s.Options(seatActor(seat))
		}
	}
}

// reportCPU reports the process's CPU time per op since cpu0, which a busy
// machine inflates far less than the time on the clock (the setup a
// benchmark does with its timer stopped counts too, so read it against
// ns/op on a quiet machine).
func reportCPU(b *testing.B, cpu0 time.Duration) {
	b.ReportMetric(float64(procstat.CPU()-cpu0)/float64(time.Microsecond)/float64(b.N), "cpu-µs/op")
}

// sixWithCards is a six-seat game whose seats hold the cards a phone's view
// asks most about: weapons, roll modifiers, reroll cards, events kept.
func sixWithCards(b *testing.B, s *game.State) {
	give(b, s, 1, "lucky-stone", "candle", "angel-feather", "pickpockets-gloves")
	give(b, s, 2, "adrenaline-shot", "idol", "medical-kit", "rabbits-foot")
	give(b, s, 3, "revolver", "axe", "dynamite", "healing-salve")
	give(b, s, 4, "webs", "music-box", "armor", "medallion")
	give(b, s, 5, "grave-dirt", "bell", "sacrificial-dagger", "bottle")
	give(b, s, 6, "spear", "debris", "a-moment-of-hope", "blood-dagger")
}

// BenchmarkOptionsSeatExploringCards is one seat's options (seats in turn)
// in a six-seat game before the haunt, every seat holding four cards: the
// budget is 1 ms per seat.
func BenchmarkOptionsSeatExploringCards(b *testing.B) {
	s := started(b, sixExplorers...)
	sixWithCards(b, s)
	b.ReportAllocs()
	defer reportCPU(b, procstat.CPU())
	for i := 0; b.Loop(); i++ {
		s.Options(seatActor(1 + i%6))
	}
}

// BenchmarkOptionsSeatHauntCards is BenchmarkOptionsSeatExploringCards in
// the haunt, with a traitor and a zombie.
func BenchmarkOptionsSeatHauntCards(b *testing.B) {
	s := started(b, sixExplorers...)
	revealHaunt(b, s, 1, 1)
	sixWithCards(b, s)
	zombie(b, s)
	b.ReportAllocs()
	defer reportCPU(b, procstat.CPU())
	for i := 0; b.Loop(); i++ {
		s.Options(seatActor(1 + i%6))
	}
}
