package table

import (
	"context"
	"errors"
	"testing"
	"time"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// A game of three seats, started, as the table holds it.
func startedGame(t *testing.T) *Game {
	t.Helper()
	st := game.New("ABCDE")
	now := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	for i, a := range []game.Action{game.Join{Name: "Ann", Explorer: "ox-bellows"}, game.Join{Name: "Bo", Explorer: "missy-dubourde"}, game.Join{Name: "Cy", Explorer: "peter-akimoto"}, game.StartGame{FirstSeat: 1}} {
		actor := game.Actor{}
		if i == 3 {
			actor.Host = true
		}
		evs, err := st.Decide(actor, a, now)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if err := st.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
	}
	return &Game{state: st, tokens: map[string]Access{}, subs: map[chan int]struct{}{}}
}

// The last check after an action: events that would lead to a state the
// rules call impossible are refused before they are committed, and the
// state stays as it was; so does a commit that fails.
func TestImpossibleActionIsNeverCommitted(t *testing.T) {
	t.Parallel()
	tab := &Tables{now: time.Now}
	for name, ev := range map[string]game.Event{
		// CheckEvent refuses it.
		"a clip off its track": {Data: game.TraitsChanged{Seat: 1, Cause: "set",
			Changes: []game.TraitChange{{Trait: game.Might, To: game.TraitState{Position: 99}}}}},
		// Only Check on the state after it does: a token dealt twice.
		"a token dealt twice": {

			Secret: &game.EventSecret{Tokens: map[int]int{1: 1, 2: 1, 3: 2}}, Data: game.HauntRevealed{Seat: 1,
				Haunt: &game.HauntReveal{Number: 34, Omen: "girl", Room: "catacombs", Revealer: 1, OmenCount: 1, Decision: game.Decision{Rule: hiddenRule()}}},
		},
	} {
		t.Run(name, func(t *testing.T) {
			g := startedGame(t)
			version, might := g.state.Version, g.state.SeatByID(1).Traits[game.Might]
			ev.Seq = version + 1
			committed := false
			err := tab.persistAndApply(context.Background(), g, []game.Event{ev}, func([]game.Event) error {
				committed = true
				return nil
			})
			var ge *game.Error
			if !errors.As(err, &ge) || ge.Key != "err_impossible_state" {
				t.Fatalf("persistAndApply: %v, want err_impossible_state", err)
			}
			if committed {
				t.Error("an impossible change was committed")
			}
			if g.state.Version != version || g.state.SeatByID(1).Traits[game.Might] != might || g.state.Haunt != nil {
				t.Errorf("state changed: version %d, might %+v, haunt %v", g.state.Version, g.state.SeatByID(1).Traits[game.Might], g.state.Haunt)
			}
			if err := g.state.Check(); err != nil {
				t.Error(err)
			}
		})
	}
	t.Run("a failed commit", func(t *testing.T) {
		g := startedGame(t)
		version := g.state.Version
		ev := game.Event{Seq: version + 1, Data: game.TraitsChanged{Seat: 1, Cause: "set",
			Changes: []game.TraitChange{{Trait: game.Might, To: game.TraitState{Position: 5}}}}}
		err := tab.persistAndApply(context.Background(), g, []game.Event{ev}, func([]game.Event) error { return errors.New("disk full") })
		if err == nil || g.state.Version != version || g.state.SeatByID(1).Traits[game.Might].Position == 5 {
			t.Errorf("after a failed commit: %v, version %d, might %+v", err, g.state.Version, g.state.SeatByID(1).Traits[game.Might])
		}
	})
}

func hiddenRule() catalog.TraitorRule { return catalog.TraitorRule{Kind: "hidden"} }
