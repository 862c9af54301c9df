package cardfixture_test

import (
	"errors"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// fixtureRules are made-up items whose every rule is one of the data fields
// the engine reads instead of card ids (internal/web/API.md, card data): a trait to
// attack with (attack_traits, as the Ring), damage taken off (as the
// Armor), damage for having it stolen (as the Blood Dagger), a set bonus
// (as the Candle's) and a reroll (as the Rabbit's Foot). None of their ids
// appears in code, so each check fails if the field were ignored.
const fixtureRules = `[
 {"id": "tuning-fork", "deck": "item", "name": {"en": "Tuning Fork", "zh": "音叉"}, "text": {"en": "You may attack with Knowledge.", "zh": "你可以用知识袭击。"},
  "attack_traits": ["knowledge"], "tradeable": true, "droppable": true, "stealable": true},
 {"id": "padded-coat", "deck": "item", "name": {"en": "Padded Coat", "zh": "棉袍"}, "text": {"en": "Take 1 less mental damage, every time.", "zh": "每次受到精神损伤时减少1点。"},
  "damage_reduction": {"mental": 1}, "tradeable": true, "droppable": true, "stealable": true},
 {"id": "cursed-coin", "deck": "item", "name": {"en": "Cursed Coin", "zh": "诅咒硬币"}, "text": {"en": "Whoever has it stolen takes 1 mental damage.", "zh": "被偷走时受到1点精神损伤。"},
  "theft_damage": {"kind": "mental", "amount": 1}, "tradeable": true, "droppable": true, "stealable": true},
 {"id": "seal-a", "deck": "item", "name": {"en": "Seal A", "zh": "印甲"}, "text": {"en": "With Seal B, gain 1 Might once; lose it if the set breaks.", "zh": "与印乙同持时力量上升1级（一次）；拆散时失去。"},
  "set": {"with": ["seal-b"], "gain": {"might": 1}}, "tradeable": true, "droppable": true, "stealable": true},
 {"id": "seal-b", "deck": "item", "name": {"en": "Seal B", "zh": "印乙"}, "text": {"en": "Half of a set.", "zh": "一套中的一半。"},
  "tradeable": true, "droppable": true, "stealable": true},
 {"id": "loaded-die", "deck": "item", "name": {"en": "Loaded Die", "zh": "灌铅骰"}, "text": {"en": "Once during your turn, reroll up to 2 dice.", "zh": "每回合一次，可重掷最多2颗骰子。"},
  "reroll": {"dice": 2}, "tradeable": true, "droppable": true, "stealable": true}
]`

func refusedWith(t *testing.T, s *game.State, actor game.Actor, a game.Action, key string) {
	t.Helper()
	_, err := s.Decide(actor, a, t0)
	var ge *game.Error
	if !errors.As(err, &ge) || ge.Key != key {
		t.Errorf("%+v: got %v, want %s", a, err, key)
	}
}

func trait(s *game.State, seat int, t string) int { return s.SeatByID(seat).Traits[t].Position }

func TestCardRulesComeFromData(t *testing.T) {
	// Not parallel: adds cards to the shared catalog (Content.AddCards).
	if err := catalog.Box().AddCards([]byte(fixtureRules)); err != nil {
		t.Fatal(err)
	}
	s := game.New("FIXT2")
	host, me, them := game.Actor{Host: true}, game.Actor{Seat: 1}, game.Actor{Seat: 2}
	do(t, s, game.Actor{}, game.Join{Name: "A", Explorer: "ox-bellows"})
	do(t, s, game.Actor{}, game.Join{Name: "B", Explorer: "missy-dubourde"})
	do(t, s, host, game.StartGame{FirstSeat: 1})

	// set: both halves held give the gain once; breaking the set takes it back.
	might := trait(s, 1, game.Might)
	do(t, s, me, game.DrawCard{Card: "seal-a"})
	if trait(s, 1, game.Might) != might {
		t.Fatalf("half a set gave Might")
	}
	do(t, s, host, game.DrawCard{Seat: 1, Card: "seal-b"})
	if trait(s, 1, game.Might) != might+1 {
		t.Fatalf("set: Might %d, want %d", trait(s, 1, game.Might), might+1)
	}
	do(t, s, me, game.DropCard{Card: "seal-b", Room: "kitchen"})
	if trait(s, 1, game.Might) != might {
		t.Fatalf("set broken: Might %d, want %d", trait(s, 1, game.Might), might)
	}

	// reroll: at most its dice, once a turn.
	do(t, s, me, game.DrawCard{Card: "loaded-die"})
	do(t, s, me, game.Roll{Dice: 3})
	refusedWith(t, s, me, game.Reroll{Card: "loaded-die", Indexes: []int{0, 1, 2}}, "err_reroll_most")
	do(t, s, me, game.Reroll{Card: "loaded-die", Indexes: []int{0, 1}, Faces: []int{2, 2}})
	if r := s.LastRoll(1); r.Faces[0] != 2 || r.Faces[1] != 2 {
		t.Errorf("rerolled faces %v", r.Faces)
	}

	// attack_traits: Knowledge only while holding the fork; damage_reduction:
	// the coat takes 1 off the mental damage.
	do(t, s, host, game.SetPhase{Phase: game.PhaseHaunt})
	refusedWith(t, s, me, game.Attack{Target: game.Target{Seat: 2}, Trait: game.Knowledge, Total: new(3)}, "err_attack_trait")
	do(t, s, me, game.DrawCard{Card: "tuning-fork"})
	do(t, s, host, game.DrawCard{Seat: 2, Card: "padded-coat"})
	do(t, s, me, game.Attack{Target: game.Target{Seat: 2}, Trait: game.Knowledge, Total: new(3)})
	do(t, s, them, game.Defend{Total: new(0)})
	if at := s.Attack; at.Kind != "mental" || at.Damage != 2 {
		t.Fatalf("knowledge attack: %s damage %d, want mental 2 (3 less the coat's 1)", at.Kind, at.Damage)
	}
	do(t, s, them, game.ResolveDamage{Split: map[string]int{game.Sanity: 2}})

	// theft_damage: having the coin stolen hurts.
	do(t, s, host, game.DrawCard{Seat: 1, Card: "cursed-coin"})
	do(t, s, me, game.EndTurn{})
	do(t, s, them, game.Attack{Target: game.Target{Seat: 1}, Total: new(6)})
	do(t, s, me, game.Defend{Total: new(0)})
	do(t, s, them, game.Steal{Card: "cursed-coin"})
	if p := s.Pending[1]; !s.Holds(2, "cursed-coin") || p == nil || p.Kind != "mental" || p.Amount != 1 {
		t.Errorf("stolen coin: pending %+v, want 1 mental", p)
	}
}
