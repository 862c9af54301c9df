package game_test

import (
	"slices"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// TestEveryCardsPrintedLimits walks every item, omen and event in the box
// and checks through Decide that the limits its data prints hold: each
// expectation is read from the card's own fields, so a field the engine
// ignored makes its card's case fail. Each case cites the card's text.
func TestEveryCardsPrintedLimits(t *testing.T) {
	t.Parallel()
	for _, c := range catalog.Box().Cards {
		rule := c.ID + ": " + c.Text.EN
		if c.Deck == "event" {
			t.Run(c.ID, func(t *testing.T) { eventLimits(t, &c, rule) })
			continue
		}
		t.Run(c.ID, func(t *testing.T) { itemLimits(t, &c, rule) })
	}
}

// holding is a started game where seat 1, on turn, holds the card (and
// nothing else); haunt sets the haunt phase first (no traitor: anyone may
// attack anyone).
func holding(t *testing.T, c *catalog.Card, haunt bool) *game.State {
	t.Helper()
	s := started(t, fourExplorers...)
	if haunt {
		do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
	}
	give(t, s, 1, c.ID)
	return s
}

func keyOf(t *testing.T, s *game.State, actor game.Actor, a game.Action) string {
	t.Helper()
	if _, err := s.Decide(actor, a, t0); err != nil {
		return refusal(t, s, actor, a).Key
	}
	return ""
}

func itemLimits(t *testing.T, c *catalog.Card, rule string) {
	s := holding(t, c, false)
	if held := s.Holds(1, c.ID); held == c.NotKept {
		t.Fatalf("%s: held after drawing %v, not_kept %v", rule, held, c.NotKept)
	}
	if c.NotKept {
		return // Bite: counted as an omen, never held
	}

	// tradeable / droppable: handed over or left on a pile only if the card allows.
	give := keyOf(t, s, seatActor(1), game.GiveCard{Card: c.ID, To: 2})
	if (give == "") != c.Tradeable || !c.Tradeable && give != "err_not_tradeable" {
		t.Errorf("%s: give refused with %q, tradeable %v", rule, give, c.Tradeable)
	}
	drop := keyOf(t, s, seatActor(1), game.DropCard{Card: c.ID, Room: "kitchen"})
	if (drop == "") != c.Droppable || !c.Droppable && drop != "err_not_droppable" {
		t.Errorf("%s: drop refused with %q, droppable %v", rule, drop, c.Droppable)
	}

	// use.after_haunt: refused before the haunt, with the card named.
	if c.Use != nil && c.Use.AfterHaunt {
		if k := keyOf(t, s, seatActor(1), game.UseCard{Card: c.ID}); k != "err_card_after_haunt" {
			t.Errorf("%s: used before the haunt: %q", rule, k)
		}
		if c.Roll != nil {
			if k := keyOf(t, s, seatActor(1), cardRoll(s, c, false)); k != "err_card_after_haunt" {
				t.Errorf("%s: rolled for before the haunt: %q", rule, k)
			}
		}
	}

	// In the haunt: once per turn, one-use discarded, own turn only unless
	// use.out_of_turn, the weapon's trait and dice, theft.
	s = holding(t, c, true)
	// The Mask goes on through its roll; the Gloves' use names whom they
	// take from (TestPickpocketsGloves).
	direct := (c.Use == nil || c.Use.Need == 0) && !(c.Roll != nil && len(c.Roll.Brackets) > 0 && c.Roll.Brackets[0].TakeItem)
	if direct {
		do(t, s, seatActor(1), game.UseCard{Card: c.ID})
		switch k := keyOf(t, s, seatActor(1), game.UseCard{Card: c.ID}); {
		case c.DiscardAfterUse && (s.Holds(1, c.ID) || s.InDeck(c.ID)):
			t.Errorf("%s: one use, yet held %v / back in the deck %v", rule, s.Holds(1, c.ID), s.InDeck(c.ID))
		case c.DiscardAfterUse && k != "err_card_not_held":
			t.Errorf("%s: used again after its one use: %q", rule, k)
		case !c.DiscardAfterUse && k != "err_card_used_turn":
			t.Errorf("%s: used twice in a turn: %q", rule, k)
		}
		if !c.DiscardAfterUse {
			if k := keyOf(t, s, seatActor(1), game.GiveCard{Card: c.ID, To: 2}); k == "" {
				t.Errorf("%s: handed over in the turn it was used (seed 002 FAQ: one action per item per turn)", rule)
			}
		}
	}
	s = holding(t, c, true)
	turnTo(t, s, 2)
	out := c.Use != nil && c.Use.OutOfTurn
	if k := keyOf(t, s, seatActor(1), game.UseCard{Card: c.ID}); direct && (k == "") != out {
		t.Errorf("%s: used on another's turn: %q, out_of_turn %v", rule, k, out)
	}

	if w := c.Weapon; w != nil {
		s = holding(t, c, true)
		other := game.Speed
		if w.Trait == game.Speed {
			other = game.Might
		}
		if k := keyOf(t, s, seatActor(1), game.Attack{Target: game.Target{Seat: 2}, Trait: other, Weapon: c.ID, Total: intp(0)}); k != "err_weapon_trait" {
			t.Errorf("%s: attacked with %s: %q", rule, other, k)
		}
		a := game.Attack{Target: game.Target{Seat: 2}, Trait: w.Trait, Weapon: c.ID, Total: intp(0)}
		if w.Gated {
			if k := keyOf(t, s, seatActor(1), a); k != "err_card_roll_first" {
				t.Errorf("%s: gated weapon used without its roll: %q", rule, k)
			}
			do(t, s, seatActor(1), cardRoll(s, c, true))
			do(t, s, seatActor(1), game.ApplyEffect{Source: "card:" + c.ID})
		}
		value := s.SeatByID(1).Value(w.Trait)
		do(t, s, seatActor(1), a)
		if got, want := s.Attack.Attack.Dice, min(value+w.Dice, game.MaxDice); got != want || s.Attack.Ranged {
			t.Errorf("%s: attack with %d dice (ranged %v), want %d", rule, got, s.Attack.Ranged, want)
		}
	}

	if c.Roll != nil {
		s = holding(t, c, true)
		if c.Use != nil && c.Use.InsteadOfAttack {
			// Thrown: its roll is for those it hits, never its holder's
			// (TestDynamiteThrowerDoesNotRoll).
			do(t, s, seatActor(1), game.UseCard{Card: c.ID})
		}
		wrongTraitRefused(t, s, c, rule)
	}
	if c.Toggle { // toggle: use switches it on and off, once per turn
		s = holding(t, c, true)
		do(t, s, seatActor(1), game.UseCard{Card: c.ID})
		on := s.On[c.ID]
		turnTo(t, s, 2)
		turnTo(t, s, 1)
		do(t, s, seatActor(1), game.UseCard{Card: c.ID})
		if !on || s.On[c.ID] {
			t.Errorf("%s: toggled on %v, then off %v", rule, on, !s.On[c.ID])
		}
	}
	if c.Roll != nil && len(c.Roll.Brackets) > 0 && c.Roll.Brackets[0].Others && c.Roll.RollTraits() == nil && c.Roll.Dice == 0 {
		// others: applied to another living explorer named in "to".
		s = holding(t, c, true)
		if k := keyOf(t, s, seatActor(1), game.ApplyEffect{Source: "card:" + c.ID, To: 2}); k != "" && k != "err_no_effect" {
			t.Errorf("%s: applied to another explorer: %q", rule, k)
		}
	}

	// stealable: a 4-point physical win may take it (seed 000, 袭击), or not.
	s = holding(t, c, true)
	turnTo(t, s, 2)
	do(t, s, seatActor(2), game.Attack{Target: game.Target{Seat: 1}, Total: intp(4)})
	do(t, s, seatActor(1), game.Defend{Total: intp(0)})
	if s.Attack.CanSteal != c.Stealable {
		t.Errorf("%s: can steal %v, stealable %v", rule, s.Attack.CanSteal, c.Stealable)
	}
	if steal := keyOf(t, s, seatActor(2), game.Steal{Card: c.ID}); (steal == "") != c.Stealable {
		t.Errorf("%s: steal refused with %q, stealable %v", rule, steal, c.Stealable)
	}

	// modifier.on: a plain roll isn't a trait roll (seed 002 FAQ).
	if m := c.Modifier; m != nil && c.Deck != "event" {
		s = holding(t, c, true)
		plain := game.Roll{Dice: 2, Modifiers: []string{c.ID}, Total: intp(0), Choose: intp(0)}
		fits := slices.Contains(m.On, "any")
		if k := keyOf(t, s, seatActor(1), plain); (k == "") != fits {
			t.Errorf("%s: named on a plain roll: %q, on %v", rule, k, m.On)
		}
	}
}

// cardRoll is seat 1's roll for a card's own source: all blanks, or with
// high every die showing 2.
func cardRoll(s *game.State, c *catalog.Card, high bool) game.Roll {
	a := game.Roll{Purpose: "item", Source: "card:" + c.ID, Trait: c.Roll.Trait, Dice: c.Roll.Dice}
	if c.Deck == "event" {
		a.Purpose = "event"
	}
	if a.Trait == "" && len(c.Roll.Traits) > 0 {
		a.Trait = c.Roll.Traits[0]
	}
	dice := a.Dice
	switch {
	case a.Trait != "":
		a.Dice, dice = 0, max(s.SeatByID(1).Value(a.Trait), 1)
	case dice == 0: // a card without a roll of its own (the salves)
		a.Dice, dice = 1, 1
	}
	total := 0
	if high {
		total = 2 * dice
	}
	a.Total = &total
	return a
}

func eventLimits(t *testing.T, c *catalog.Card, rule string) {
	s := started(t, fourExplorers...)
	if c.StaysInRoom && c.Roll != nil {
		if k := keyOf(t, s, seatActor(1), cardRoll(s, c, false)); k != "err_token_not_placed" {
			t.Errorf("%s: its token tried before it was drawn: %q", rule, k)
		}
	}
	give(t, s, 1, c.ID)
	keep := c.Keep && !c.StaysInRoom
	if s.Holds(1, c.ID) != keep {
		t.Errorf("%s: held %v after drawing, keep %v stays_in_room %v", rule, s.Holds(1, c.ID), c.Keep, c.StaysInRoom)
	}
	if keep {
		for _, k := range []string{
			keyOf(t, s, seatActor(1), game.GiveCard{Card: c.ID, To: 2}),
			keyOf(t, s, seatActor(1), game.DropCard{Card: c.ID, Room: "kitchen"}),
		} {
			if k == "" {
				t.Errorf("%s: an event held in front of you changed hands", rule)
			}
		}
	}
	if c.Roll != nil && c.Roll.Voluntary {
		do(t, s, seatActor(1), cardRoll(s, c, false))
		if k := keyOf(t, s, seatActor(1), cardRoll(s, c, false)); k != "err_roll_once_turn" {
			t.Errorf("%s: its voluntary roll tried twice in a turn: %q", rule, k)
		}
	}
	if c.Roll != nil {
		fresh := started(t, fourExplorers...)
		give(t, fresh, 1, c.ID)
		wrongTraitRefused(t, fresh, c, rule)
	}
	if keep && goesByItself(c) {
		if k := keyOf(t, s, seatActor(1), game.DiscardCard{Card: c.ID}); k != "err_event_not_cleared" {
			t.Errorf("%s: discarded by hand, though it ends only as printed: %q", rule, k)
		}
	}
	if c.Release != nil && c.Release.Rescue && c.Roll != nil {
		// release.rescue: any other explorer may try, on their own turn.
		s := started(t, fourExplorers...)
		give(t, s, 1, c.ID)
		do(t, s, seatActor(1), cardRoll(s, c, false))
		do(t, s, seatActor(1), game.ApplyEffect{Source: "card:" + c.ID})
		for s.Pending[1] != nil {
			p := s.Pending[1]
			pair := map[string]string{"physical": game.Might, "mental": game.Sanity}
			do(t, s, seatActor(1), game.TakeDamage{Kind: p.Kind, Split: map[string]int{pair[p.Kind]: p.Amount}})
		}
		turnTo(t, s, 2)
		rescue := game.Roll{Purpose: "event", Source: "card:" + c.ID, Trait: c.Release.Trait, Total: intp(2 * s.SeatByID(2).Value(c.Release.Trait))}
		do(t, s, seatActor(2), rescue)
		do(t, s, seatActor(2), game.ApplyEffect{Source: "card:" + c.ID})
		if s.Holds(1, c.ID) {
			t.Errorf("%s: another explorer's best release roll didn't free the holder", rule)
		}
	}
	if c.Stuck {
		do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
		if k := keyOf(t, s, seatActor(1), game.Attack{Target: game.Target{Seat: 2}, Total: intp(0)}); k != "err_stuck" {
			t.Errorf("%s: attacked while stuck: %q", rule, k)
		}
	}
	if c.EndsOnTraitor {
		s := started(t, fourExplorers...)
		give(t, s, 1, c.ID)
		revealHaunt(t, s, 1, 1) // seat 1 is the traitor of haunt 1
		if s.Holds(1, c.ID) {
			t.Errorf("%s: still held by the new traitor (seed 002 FAQ: 当你变成奸徒之前存在的这些有害事件效果立即消失)", rule)
		}
	}
}

// wrongTraitRefused: a card's roll is made with one of its own traits
// (roll.trait, or roll.traits when the card gives a choice).
func wrongTraitRefused(t *testing.T, s *game.State, c *catalog.Card, rule string) {
	t.Helper()
	traits := c.Roll.RollTraits()
	if traits == nil {
		return
	}
	for _, tr := range game.Traits {
		if slices.Contains(traits, tr) {
			continue
		}
		a := cardRoll(s, c, false)
		a.Trait = tr
		if k := keyOf(t, s, seatActor(1), a); k != "err_roll_traits" {
			t.Errorf("%s: rolled with %s: %q", rule, tr, k)
		}
		return
	}
}

// goesByItself: a lingering event that ends only by its printed conditions
// (stuck, a release roll, or cleared_by without by_hand).
func goesByItself(c *catalog.Card) bool {
	return c.Stuck || c.Release != nil || c.ClearedBy != nil && !c.ClearedBy.ByHand
}
