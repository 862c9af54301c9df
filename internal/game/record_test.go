package game_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"lantern/internal/game"
)

// recordedDir holds the recorded games internal/table replays
// (TestRecordedGamesReplay): old games must replay to the state they had.
const recordedDir = "../table/testdata/recorded"

const recordedNote = "Recorded by internal/game TestRecordGames; replayed by internal/table TestRecordedGamesReplay. Do not edit."

// TestRecordGames records games played with this build, as test data:
// each game's event log and the state it replays to. It runs only when
// asked, since the point of the files is that they stay as they were:
//
//	LANTERN_RECORD=1 go test ./internal/game -run TestRecordGames
//
// Regenerate them only when a change is meant to change how old games
// replay, and then version the event or the data it read instead where
// you can (a new event type or field, a card's old text kept under its
// old id), so the games already stored keep their meaning.
func TestRecordGames(t *testing.T) {
	t.Parallel()
	if os.Getenv("LANTERN_RECORD") == "" {
		t.Skip("set LANTERN_RECORD=1 to record the games internal/table replays")
	}
	if err := os.MkdirAll(recordedDir, 0o755); err != nil {
		t.Fatal(err)
	}
	types, hows, sources := map[string]int{}, map[string]int{}, map[string]int{}
	record := func(name string, s *game.State) {
		for _, e := range s.Events {
			types[e.Type()]++
			if e.Data.(game.CardMoved).How != "" {
				hows[e.Data.(game.CardMoved).How]++
			}
			if e.Type() == game.EvRolled && e.Data.(game.Rolled).Roll.Source != "" {
				sources[strings.SplitN(e.Data.(game.Rolled).Roll.Source, ":", 2)[0]]++
			}
		}
		// One event a line and the state indented: a change reads as a
		// diff of the lines it changed.
		st := *s
		st.Events = nil
		state, err := json.MarshalIndent(st, "", "\t")
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		fmt.Fprintf(&out, "{\"note\": %q,\n\"code\": %q,\n\"events\": [\n", recordedNote, s.Code)
		for i, e := range s.Events {
			line, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			out.Write(line)
			if i < len(s.Events)-1 {
				out.WriteString(",")
			}
			out.WriteString("\n")
		}
		fmt.Fprintf(&out, "],\n\"state\": %s}\n", state)
		b := []byte(out.String())
		if err := os.WriteFile(filepath.Join(recordedDir, name+".json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	record("scripted", scriptedGame(t))
	// A haunt played to its end: a reroll, the track, a stun, the winner.
	end := traitorBoard(t)
	end.SetRandom(newPCG(7))
	give(t, end, 2, game.ModLuckyStone)
	do(t, end, seatActor(2), game.Roll{Trait: game.Might})
	do(t, end, seatActor(2), game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}, Faces: []int{2}})
	do(t, end, seatActor(1), game.AddMonster{Kind: "Giant Bat", Count: 2, Traits: map[string]int{game.Speed: 6, game.Might: 2}})
	do(t, end, seatActor(2), game.Stun{Monster: end.Monsters[0].ID})
	do(t, end, seatActor(1), game.SetTrack{Value: intp(3), Label: "Turns left 剩余回合"})
	do(t, end, hostActor, game.DeclareWinner{Side: game.SideHeroes})
	record("ending", end)
	for i, start := range walkStarts {
		for seed := uint64(1); seed <= 2; seed++ {
			s := start.make(t)
			s.SetRandom(newPCG(seed + 100*uint64(i)))
			r := rand.New(rand.NewPCG(seed, 2026))
			for step := 0; step < 300 && s.Ended == nil; step++ {
				randomStep(t, s, r)
			}
			record(fmt.Sprintf("walk-%d-%d", i+1, seed), s)
		}
	}
	t.Logf("event types: %v", slices.Sorted(maps.Keys(types)))
	t.Logf("card moves: %v; roll sources: %v", hows, sources)
	for _, typ := range []string{game.EvCardDrawn, game.EvCardMoved, game.EvCardOffered, game.EvOfferClosed, game.EvCardUsed,
		game.EvRollApplied, game.EvEffectApplied, game.EvAttacked, game.EvDefended, game.EvHauntRevealed, game.EvUndone,
		game.EvRerolled, game.EvTrackSet, game.EvGameEnded, game.EvStunned, game.EvTokenRevealed, game.EvRoomGain} {
		if types[typ] == 0 {
			t.Errorf("no %s in the recorded games", typ)
		}
	}
}
