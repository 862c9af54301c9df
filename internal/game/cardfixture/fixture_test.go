// Package cardfixture_test proves that an ordinary card needs data only: a
// new item, given as JSON in the decks' format, is drawn, gives its gain,
// is offered by game.Options, dropped (its loss), picked up and stolen with
// no code naming it. It runs in its own test binary so the extra card never
// reaches the other tests' box.
package cardfixture_test

import (
	"slices"
	"testing"
	"time"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// lanternOil is an ordinary item: +1 Sanity while held, −1 when lost, once
// per turn on your own turn, tradeable, droppable and stealable.
const lanternOil = `[{
  "id": "lantern-oil", "deck": "item", "copies": 1,
  "name": {"en": "Lantern Oil", "zh": "灯油"},
  "text": {"en": "Gain 1 Sanity when you take it; lose 1 Sanity if you lose it.", "zh": "获得时神志上升1级；失去时神志下降1级。"},
  "on_gain": {"sanity": 1}, "on_lose": {"sanity": -1},
  "tradeable": true, "droppable": true, "stealable": true
}]`

var t0 = time.Date(2025, time.March, 1, 20, 0, 0, 0, time.UTC)

func do(t *testing.T, s *game.State, actor game.Actor, a game.Action) {
	t.Helper()
	evs, err := s.Decide(actor, a, t0)
	if err != nil {
		t.Fatalf("%+v refused: %v", a, err)
	}
	for _, e := range evs {
		if err := s.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
}

func sanity(s *game.State, seat int) game.TraitState { return s.SeatByID(seat).Traits[game.Sanity] }

func TestAnOrdinaryItemNeedsDataOnly(t *testing.T) {
	// Not parallel: adds cards to the shared catalog (Content.AddCards).
	if err := catalog.Box().AddCards([]byte(lanternOil)); err != nil {
		t.Fatal(err)
	}
	if err := catalog.Box().AddCards([]byte(lanternOil)); err == nil {
		t.Error("the same id added twice")
	}
	s := game.New("FIXT1")
	do(t, s, game.Actor{}, game.Join{Name: "A", Explorer: "ox-bellows"})
	do(t, s, game.Actor{}, game.Join{Name: "B", Explorer: "missy-dubourde"})
	do(t, s, game.Actor{Host: true}, game.StartGame{FirstSeat: 1})
	me := game.Actor{Seat: 1}
	before := sanity(s, 1)

	// Draw: in the hand, with its gain (the card's on_gain).
	do(t, s, me, game.DrawCard{Card: "lantern-oil"})
	if !s.Holds(1, "lantern-oil") || sanity(s, 1).Position != before.Position+1 {
		t.Fatalf("drawn: held %v, sanity %+v → %+v", s.Holds(1, "lantern-oil"), before, sanity(s, 1))
	}
	// Options offer what an ordinary item allows.
	o := s.Options(me)
	i := slices.IndexFunc(o.Cards, func(c game.CardOption) bool { return c.Card == "lantern-oil" })
	if i < 0 || !o.Cards[i].Drop || !slices.Equal(o.Cards[i].Give, []int{2}) || !o.Cards[i].Use {
		t.Fatalf("options: %+v", o.Cards)
	}
	// Drop: its loss (on_lose), onto the room's pile.
	do(t, s, me, game.DropCard{Card: "lantern-oil", Room: "kitchen"})
	if s.Holds(1, "lantern-oil") || sanity(s, 1) != before || !slices.Contains(s.Piles["kitchen"], "lantern-oil") {
		t.Fatalf("dropped: sanity %+v, pile %v", sanity(s, 1), s.Piles["kitchen"])
	}
	// Picked up by the next player on their turn; used that turn, it can't
	// change hands again until the next (seed 002 FAQ).
	do(t, s, me, game.EndTurn{})
	other := sanity(s, 2)
	do(t, s, game.Actor{Seat: 2}, game.PickUp{Card: "lantern-oil", Room: "kitchen"})
	if !s.Holds(2, "lantern-oil") || sanity(s, 2).Position != other.Position+1 {
		t.Errorf("picked up: sanity %+v → %+v", other, sanity(s, 2))
	}
	if _, err := s.Decide(game.Actor{Seat: 2}, game.DropCard{Card: "lantern-oil", Room: "kitchen"}, t0); err == nil {
		t.Error("picked up and dropped in one turn")
	}
	// Stolen in a fight: the loss for the victim, the gain for the thief.
	do(t, s, game.Actor{Host: true}, game.SetPhase{Phase: game.PhaseHaunt})
	do(t, s, game.Actor{Seat: 2}, game.EndTurn{})
	do(t, s, me, game.Attack{Target: game.Target{Seat: 2}, Total: new(6)})
	do(t, s, game.Actor{Seat: 2}, game.Defend{Total: new(0)})
	thief := sanity(s, 1)
	do(t, s, me, game.Steal{Card: "lantern-oil"})
	if !s.Holds(1, "lantern-oil") || sanity(s, 1).Position != thief.Position+1 || sanity(s, 2) != other {
		t.Errorf("stolen: thief %+v → %+v, victim %+v (was %+v)", thief, sanity(s, 1), sanity(s, 2), other)
	}
}
