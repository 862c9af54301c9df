package table_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"lantern/internal/game"
	"lantern/internal/store"
	"lantern/internal/table"
)

// Years of game nights: a database of storedGames finished games (one a
// night, each 4 seats and ~60 changes, played into a haunt and won) and
// liveGames games being played tonight. BenchmarkOpen measures a server's
// start-up on it (time per op) and the memory the loaded games keep
// (retained-MB). LANTERN_BENCH_GAMES changes the number of stored games;
// LANTERN_BENCH_DB keeps the database at that path, to run the real
// binary on (README, Operations).
const liveGames = 20

var (
	benchOnce sync.Once
	benchPath string
	benchNow  time.Time
)

func benchDatabase(b *testing.B) string {
	benchOnce.Do(func() {
		stored := 3000
		if v, err := strconv.Atoi(os.Getenv("LANTERN_BENCH_GAMES")); err == nil {
			stored = v
		}
		benchPath = os.Getenv("LANTERN_BENCH_DB")
		if benchPath == "" {
			dir, err := os.MkdirTemp("", "lantern-bench-")
			if err != nil {
				b.Fatal(err)
			}
			benchPath = filepath.Join(dir, "lantern.db")
		}
		if _, err := os.Stat(benchPath); err == nil {
			return // made by an earlier run
		}
		night := time.Now().Add(-time.Duration(stored+2) * 24 * time.Hour)
		var mu sync.Mutex
		now := func() time.Time { mu.Lock(); defer mu.Unlock(); return night }
		st, err := store.Open(ctx, benchPath)
		if err != nil {
			b.Fatal(err)
		}
		defer st.Close()
		tab, err := table.Open(ctx, st, now)
		if err != nil {
			b.Fatal(err)
		}
		for i := range stored + liveGames {
			if i >= stored {
				mu.Lock()
				night = time.Now()
				mu.Unlock()
			}
			playNight(b, tab, i < stored)
			mu.Lock()
			night = night.Add(24 * time.Hour)
			mu.Unlock()
		}
	})
	return benchPath
}

// playNight plays one game: four seats join and play; a finished night
// reaches the haunt and ends.
func playNight(b *testing.B, tab *table.Tables, finish bool) {
	c, err := tab.Create(ctx)
	if err != nil {
		b.Fatal(err)
	}
	host, _ := tab.Authenticate(c.Code, c.HostToken)
	var seats []table.Access
	for i, explorer := range []string{"ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra"} {
		_, token, err := tab.Join(ctx, c.Code, c.JoinKey, game.Join{Name: fmt.Sprintf("P%d", i+1), Explorer: explorer})
		if err != nil {
			b.Fatal(err)
		}
		a, _ := tab.Authenticate(c.Code, token)
		seats = append(seats, a)
	}
	act := func(a table.Access, action game.Action) {
		if _, err := tab.Act(ctx, a, action); err != nil {
			b.Fatalf("%s: %v", action.ActionType(), err)
		}
	}
	act(host, game.StartGame{FirstSeat: 1})
	for turn := range 12 {
		seat := seats[turn%4]
		act(seat, game.StepTrait{Trait: game.Speed, Delta: -1})
		act(seat, game.StepTrait{Trait: game.Speed, Delta: 1})
		act(seat, game.StepTrait{Trait: game.Knowledge, Delta: 1})
		act(seat, game.EndTurn{})
	}
	if !finish {
		return
	}
	zero := 0
	act(seats[0], game.DrawOmen{Omen: "girl", Room: "catacombs"})
	act(seats[0], game.HauntRoll{Total: &zero})
	act(host, game.DeclareWinner{Side: game.SideTraitor})
}

func BenchmarkOpen(b *testing.B) {
	path := benchDatabase(b)
	var retained uint64
	b.ResetTimer()
	for range b.N {
		var before, after runtime.MemStats
		b.StopTimer()
		runtime.GC()
		runtime.ReadMemStats(&before)
		b.StartTimer()
		st, err := store.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		tab, err := table.Open(ctx, st, time.Now)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		runtime.GC()
		runtime.ReadMemStats(&after)
		retained += after.HeapAlloc - before.HeapAlloc
		runtime.KeepAlive(tab)
		st.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(retained)/float64(b.N)/(1<<20), "retained-MB")
}
