package game_test

import (
	"slices"
	"testing"

	"lantern/internal/game"
)

// The kinds of card rule the second audit found missing (issue #10), each
// from the card's or room's own text in data/*.json.

func rollFor(source string, a game.Roll) game.Roll {
	a.Source = source
	if a.Purpose == "" {
		a.Purpose = "event"
	}
	return a
}

func apply(source string) game.ApplyEffect {
	return game.ApplyEffect{Source: source}
}

// Tokens have state: a token an outcome removes, or a room its outcome
// empties, can't be tried again; a token not in the house can't be tried;
// a token's roll is voluntary, so once per turn.
func TestTokensHaveState(t *testing.T) {
	t.Parallel()
	t.Run("Closet Door 0–1 removes the token", func(t *testing.T) {
		const rule = "closet-door: 0–1 draw an event card and remove the token"
		s := started(t, fourExplorers...)
		wantRefusal(t, s, seatActor(1), rollFor("card:closet-door", game.Roll{Dice: 2, Total: intp(1)}), "err_token_not_placed", game.Conflict)
		give(t, s, 1, "closet-door")
		do(t, s, seatActor(1), rollFor("card:closet-door", game.Roll{Dice: 2, Total: intp(1)}))
		do(t, s, seatActor(1), apply("card:closet-door"))
		if !s.Removed["card:closet-door"] {
			t.Fatalf("%s: token still there", rule)
		}
		turnTo(t, s, 2)
		wantRefusal(t, s, seatActor(2), rollFor("card:closet-door", game.Roll{Dice: 2, Total: intp(4)}), "err_source_removed", game.Conflict)
		replaysTheSame(t, s)
	})
	t.Run("Closet Door: once during each explorer's turn", func(t *testing.T) {
		const rule = "closet-door: Once during each explorer's turn, an explorer here may roll 2 dice"
		s := started(t, fourExplorers...)
		give(t, s, 1, "closet-door")
		do(t, s, seatActor(1), rollFor("card:closet-door", game.Roll{Dice: 2, Total: intp(4)}))
		do(t, s, seatActor(1), apply("card:closet-door"))
		if s.Removed["card:closet-door"] {
			t.Errorf("%s: 4 removed the token", rule)
		}
		wantRefusal(t, s, seatActor(1), rollFor("card:closet-door", game.Roll{Dice: 2, Total: intp(4)}), "err_roll_once_turn", game.Conflict)
		turnTo(t, s, 2)
		do(t, s, seatActor(2), rollFor("card:closet-door", game.Roll{Dice: 2, Total: intp(4)}))
	})
	t.Run("the Vault 6+ is emptied", func(t *testing.T) {
		const rule = "vault: on 6 or more it opens … Once empty it stays open and cannot be tried again"
		s := started(t, fourExplorers...)
		do(t, s, seatActor(1), rollFor("room:vault", game.Roll{Trait: game.Knowledge, Purpose: "room", Total: intp(6)}))
		do(t, s, seatActor(1), apply("room:vault"))
		turnTo(t, s, 2)
		if r := wantRefusal(t, s, seatActor(2), rollFor("room:vault", game.Roll{Trait: game.Knowledge, Purpose: "room", Total: intp(6)}), "err_source_removed", game.Conflict); r == nil {
			t.Error(rule)
		}
	})
	t.Run("Skeletons 5+ removes the token; drawing it hurts once", func(t *testing.T) {
		const rule = "skeletons: Put the Skeletons token here and take 1 die of mental damage … 5+ draw an item card and remove the token"
		s := started(t, fourExplorers...)
		give(t, s, 1, "skeletons")
		s.SetRandom(facesRandom(2))
		do(t, s, seatActor(1), apply("card:skeletons"))
		if p := s.Pending[1]; p == nil || p.Kind != "mental" || p.Amount != 2 {
			t.Fatalf("%s: pending %+v, want 2 mental", rule, p)
		}
		wantRefusal(t, s, seatActor(1), apply("card:skeletons"), "err_effect_done", game.Conflict)
		do(t, s, seatActor(1), game.TakeDamage{Kind: "mental", Split: map[string]int{game.Knowledge: 2}})
		do(t, s, seatActor(1), rollFor("card:skeletons", game.Roll{Trait: game.Sanity, Total: intp(5)}))
		do(t, s, seatActor(1), apply("card:skeletons"))
		if !s.Removed["card:skeletons"] {
			t.Errorf("%s: token still there after 5+", rule)
		}
	})
}

// Events without a roll apply their printed effect.
func TestEventsWithoutARoll(t *testing.T) {
	t.Parallel()
	t.Run("Image in the Mirror B passes to the next explorer with an item", func(t *testing.T) {
		const rule = "image-in-the-mirror-b: Put one of your item cards (not an omen) into the item deck … and gain 1 Knowledge. If you hold no items, the next explorer to your left who has one resolves this"
		s := started(t, fourExplorers...)
		give(t, s, 3, "axe")
		give(t, s, 1, "image-in-the-mirror-b")
		if r := wantRefusal(t, s, seatActor(1), apply("card:image-in-the-mirror-b"), "err_card_resolver", game.Conflict); len(r.Args) != 2 || r.Args[1] != "P3" {
			t.Errorf("%s: refusal %+v should name P3", rule, r)
		}
		wantRefusal(t, s, seatActor(3), apply("card:image-in-the-mirror-b"), "err_name_item", game.Invalid)
		before := positions(s, 3)[game.Knowledge]
		a := apply("card:image-in-the-mirror-b")
		a.Card = "axe"
		do(t, s, seatActor(3), a)
		if s.Holds(3, "axe") || !s.InDeck("axe") || positions(s, 3)[game.Knowledge].Position != before.Position+1 {
			t.Errorf("%s: axe held %v, in deck %v, knowledge %+v → %+v", rule, s.Holds(3, "axe"), s.InDeck("axe"), before, positions(s, 3)[game.Knowledge])
		}
		replaysTheSame(t, s)
	})
	t.Run("Whoops! discards one of your items, not an omen", func(t *testing.T) {
		const rule = "whoops: Turn your item cards (not omens) face down … the player on your right discards one of them at random"
		s := started(t, fourExplorers...)
		give(t, s, 1, "axe", "book", "whoops")
		a := apply("card:whoops")
		a.Card = "book"
		wantRefusal(t, s, seatActor(1), a, "err_name_item", game.Invalid)
		a.Card = "axe"
		do(t, s, seatActor(1), a)
		if s.Holds(1, "axe") || s.InDeck("axe") || !s.Holds(1, "book") {
			t.Errorf("%s: hand %v", rule, hand(s, 1))
		}
	})
}

// Lingering events: kept until cleared, hurting or blocking while held.
func TestLingeringEvents(t *testing.T) {
	t.Parallel()
	t.Run("Grave Dirt hurts at the start of each turn until an item raises a trait", func(t *testing.T) {
		const rule = "grave-dirt: 0–3 keep this card and take 1 physical damage at the start of each of your turns. Discard it when an item card raises one of your traits"
		s := started(t, fourExplorers...)
		give(t, s, 1, "grave-dirt")
		turnTo(t, s, 2)
		turnTo(t, s, 1)
		if p := s.Pending[1]; p == nil || p.Kind != "physical" || p.Amount != 1 || p.Source != "card:grave-dirt" {
			t.Fatalf("%s: pending %+v", rule, p)
		}
		do(t, s, seatActor(1), game.TakeDamage{Kind: "physical", Split: map[string]int{game.Might: 1}})
		give(t, s, 1, "bell") // the Bell: gain 1 Sanity
		if s.Holds(1, "grave-dirt") {
			t.Errorf("%s: still held after the Bell raised Sanity", rule)
		}
		turnTo(t, s, 2)
		turnTo(t, s, 1)
		if p := s.Pending[1]; p != nil {
			t.Errorf("%s: cleared, yet damage %+v", rule, p)
		}
	})
	t.Run("Lights Out ends with the Candle or the Furnace Room", func(t *testing.T) {
		const rule = "lights-out: Also discard it if you have the Candle or end your turn in the Furnace Room"
		s := started(t, fourExplorers...)
		give(t, s, 1, "lights-out", "candle")
		if s.Holds(1, "lights-out") {
			t.Errorf("%s: held with the Candle", rule)
		}
		s2 := started(t, fourExplorers...)
		give(t, s2, 1, "lights-out")
		do(t, s2, seatActor(1), apply("room:furnace-room"))
		if s2.Holds(1, "lights-out") {
			t.Errorf("%s: held after the Furnace Room", rule)
		}
	})
	t.Run("Webs: stuck until free", func(t *testing.T) {
		const rule = "webs: 0–3 you are stuck and keep this card, able to do nothing else"
		s := haunted(t, fourExplorers...)
		give(t, s, 1, "webs", "axe")
		wantRefusal(t, s, seatActor(1), game.Attack{Target: game.Target{Seat: 2}, Total: intp(2)}, "err_stuck", game.Conflict)
		wantRefusal(t, s, seatActor(1), game.DiscoverRoom{Room: "kitchen"}, "err_stuck", game.Conflict)
		wantRefusal(t, s, seatActor(1), game.GiveCard{Card: "axe", To: 2}, "err_stuck", game.Conflict)
		o := s.Options(seatActor(1))
		if o.Attack != nil || o.Explore != nil {
			t.Errorf("%s: options still offer attack %+v / explore %+v", rule, o.Attack, o.Explore)
		}
		do(t, s, seatActor(1), rollFor("card:webs", game.Roll{Trait: game.Might, Total: intp(4)}))
		do(t, s, seatActor(1), apply("card:webs"))
		if s.Holds(1, "webs") {
			t.Fatalf("%s: 4+ frees you", rule)
		}
		do(t, s, seatActor(1), game.Attack{Target: game.Target{Seat: 2}, Total: intp(2)})
	})
}

// Webs: the first roll decides; later rolls only free you (no Might), once
// per turn, and 3 failed tries free you at the start of your next turn.
func TestWebsRelease(t *testing.T) {
	t.Parallel()
	const rule = "webs: 4+ gain 1 Might; 0–3 you are stuck … Once per turn you or any explorer may roll Might 4+ to free you (no Might gain) … after 3 failed tries you get free on your next turn"
	s := started(t, fourExplorers...)
	give(t, s, 1, "webs")
	do(t, s, seatActor(1), rollFor("card:webs", game.Roll{Trait: game.Might, Total: intp(1)}))
	do(t, s, seatActor(1), apply("card:webs"))
	if !s.Holds(1, "webs") {
		t.Fatalf("%s: 1 should keep the card", rule)
	}
	turnTo(t, s, 2)
	turnTo(t, s, 1)
	before := positions(s, 1)[game.Might]
	do(t, s, seatActor(1), rollFor("card:webs", game.Roll{Trait: game.Might, Total: intp(4)}))
	do(t, s, seatActor(1), apply("card:webs"))
	if s.Holds(1, "webs") || positions(s, 1)[game.Might] != before {
		t.Errorf("%s: release 4+: held %v, Might %+v → %+v", rule, s.Holds(1, "webs"), before, positions(s, 1)[game.Might])
	}

	s = started(t, fourExplorers...)
	give(t, s, 1, "webs")
	for try := range 4 {
		do(t, s, seatActor(1), rollFor("card:webs", game.Roll{Trait: game.Might, Total: intp(0)}))
		do(t, s, seatActor(1), apply("card:webs"))
		if try == 1 {
			wantRefusal(t, s, seatActor(1), rollFor("card:webs", game.Roll{Trait: game.Might, Total: intp(0)}), "err_roll_once_turn", game.Conflict)
		}
		turnTo(t, s, 2)
		turnTo(t, s, 1)
	}
	if s.Holds(1, "webs") {
		t.Errorf("%s: still stuck after 3 failed tries", rule)
	}
}

// Outcomes that depend on the roll: the omens revealed when rolled, the
// trait rolled, the trait the player chooses.
func TestOutcomesFromTheRoll(t *testing.T) {
	t.Parallel()
	t.Run("Disquieting Sounds compares with the omen count", func(t *testing.T) {
		const rule = "disquieting-sounds: Roll 6 dice: if the total is at least the number of omens revealed so far, gain 1 Sanity; otherwise take 1 die of mental damage"
		for _, c := range []struct {
			total  int
			gained bool
		}{{2, true}, {1, false}} {
			s := started(t, fourExplorers...)
			drawOmen(t, s, 1, "book", "kitchen")
			do(t, s, seatActor(1), game.HauntRoll{Total: intp(6)})
			drawOmen(t, s, 1, "ring", "kitchen")
			do(t, s, seatActor(1), game.HauntRoll{Total: intp(6)})
			before := positions(s, 1)[game.Sanity]
			do(t, s, seatActor(1), rollFor("card:disquieting-sounds", game.Roll{Dice: 6, Total: intp(c.total)}))
			s.SetRandom(facesRandom(2))
			do(t, s, seatActor(1), apply("card:disquieting-sounds"))
			gained := positions(s, 1)[game.Sanity].Position == before.Position+1
			if gained != c.gained || !c.gained && s.Pending[1] == nil {
				t.Errorf("%s: total %d against 2 omens: gained %v, pending %+v", rule, c.total, gained, s.Pending[1])
			}
		}
	})
	t.Run("Possession: a trait of your choice, or the trait rolled to its lowest", func(t *testing.T) {
		const rule = "possession: 4+ gain 1 in a trait of your choice; 0–3 the trait you rolled drops to its lowest value above the skull; if it is already there, drop another trait"
		s := started(t, fourExplorers...)
		do(t, s, seatActor(1), rollFor("card:possession", game.Roll{Trait: game.Knowledge, Total: intp(4)}))
		wantRefusal(t, s, seatActor(1), apply("card:possession"), "err_choose_trait", game.Invalid)
		before := positions(s, 1)
		a := apply("card:possession")
		a.Trait = game.Might
		do(t, s, seatActor(1), a)
		if got := positions(s, 1)[game.Might].Position; got != before[game.Might].Position+1 {
			t.Errorf("%s: Might %d, want %d", rule, got, before[game.Might].Position+1)
		}
		do(t, s, seatActor(1), rollFor("card:possession", game.Roll{Trait: game.Sanity, Total: intp(0)}))
		do(t, s, seatActor(1), apply("card:possession"))
		if got := positions(s, 1)[game.Sanity].Position; got != 1 {
			t.Errorf("%s: Sanity at %d, want 1", rule, got)
		}
		do(t, s, seatActor(1), rollFor("card:possession", game.Roll{Trait: game.Sanity, Total: intp(0)}))
		wantRefusal(t, s, seatActor(1), apply("card:possession"), "err_choose_other_trait", game.Invalid)
		a.Trait = game.Speed
		do(t, s, seatActor(1), a)
		if got := positions(s, 1)[game.Speed].Position; got != 1 {
			t.Errorf("%s: Speed at %d, want 1", rule, got)
		}
	})
}

// A card can gate or cancel an attack (Sacrificial Dagger).
func TestSacrificialDaggerGatesTheAttack(t *testing.T) {
	t.Parallel()
	const rule = "sacrificial-dagger: first make a Knowledge roll: on 6+ nothing happens; on 3–5 lose 1 Sanity or Knowledge; on 0–2 take 2 dice of physical damage and you can't attack this turn"
	attack := game.Attack{Target: game.Target{Seat: 2}, Weapon: "sacrificial-dagger", Total: intp(2)}
	t.Run("6+: the attack goes on", func(t *testing.T) {
		s := haunted(t, fourExplorers...)
		give(t, s, 1, "sacrificial-dagger")
		wantRefusal(t, s, seatActor(1), attack, "err_card_roll_first", game.Conflict)
		if o := s.Options(seatActor(1)); o.Attack != nil && slices.ContainsFunc(o.Attack.Weapons, func(w game.WeaponOption) bool { return w.Card == "sacrificial-dagger" }) {
			t.Errorf("%s: dagger offered before its roll", rule)
		}
		do(t, s, seatActor(1), rollFor("card:sacrificial-dagger", game.Roll{Trait: game.Knowledge, Purpose: "item", Total: intp(6)}))
		do(t, s, seatActor(1), apply("card:sacrificial-dagger"))
		do(t, s, seatActor(1), attack)
	})
	t.Run("3–5: lose 1 Sanity or Knowledge, then attack", func(t *testing.T) {
		s := haunted(t, fourExplorers...)
		give(t, s, 1, "sacrificial-dagger")
		do(t, s, seatActor(1), rollFor("card:sacrificial-dagger", game.Roll{Trait: game.Knowledge, Purpose: "item", Total: intp(4)}))
		a := apply("card:sacrificial-dagger")
		a.Trait = game.Might
		wantRefusal(t, s, seatActor(1), a, "err_choose_trait", game.Invalid)
		before := positions(s, 1)[game.Sanity]
		a.Trait = game.Sanity
		do(t, s, seatActor(1), a)
		if got := positions(s, 1)[game.Sanity]; got.Position != before.Position-1 {
			t.Errorf("%s: Sanity %+v → %+v", rule, before, got)
		}
		do(t, s, seatActor(1), attack)
	})
	t.Run("0–2: no attack this turn", func(t *testing.T) {
		s := haunted(t, fourExplorers...)
		give(t, s, 1, "sacrificial-dagger")
		do(t, s, seatActor(1), rollFor("card:sacrificial-dagger", game.Roll{Trait: game.Knowledge, Purpose: "item", Total: intp(1)}))
		do(t, s, seatActor(1), apply("card:sacrificial-dagger"))
		wantRefusal(t, s, seatActor(1), attack, "err_attack_cancelled", game.Conflict)
		plain := attack
		plain.Weapon = ""
		wantRefusal(t, s, seatActor(1), plain, "err_attack_cancelled", game.Conflict)
	})
}
