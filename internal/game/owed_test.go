package game_test

import (
	"slices"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// Events whose roll every explorer makes (data: every_explorer) owe each
// other living explorer their own roll while the turn they were drawn in
// lasts, in Options.CardRolls marked Owed; the drawer's is Options.Drawn.
// Hideous Shriek: "Every explorer makes a Sanity roll: 4+ no effect; 1–3
// take 1 die of mental damage; 0 take 2 dice" (seed 000 尖叫声: 所有人物皆需
// 以神志进行能力考验); Silence: "Every explorer in the basement makes a
// Sanity roll" (who is there is the table's).
func TestEveryExplorerRollOwed(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		card, trait string
	}{
		{"hideous-shriek", game.Sanity},
		{"silence", game.Sanity},
		{"shrieking-wind", game.Might},
		{"the-beckoning", game.Sanity},
		{"mists-from-the-walls", game.Sanity},
	} {
		t.Run(tc.card, func(t *testing.T) {
			if !catalog.Box().Card(tc.card).EveryExplorer {
				t.Fatalf("%s: not marked every_explorer in the card data", tc.card)
			}
			s := started(t, fourExplorers...)
			do(t, s, seatActor(1), game.DrawCard{Card: tc.card})
			if o := s.Options(seatActor(1)); o.Drawn != tc.card {
				t.Errorf("%s: the drawer's Drawn is %q", tc.card, o.Drawn)
			}
			want := game.CardRollOption{Card: tc.card, Trait: tc.trait, Owed: true}
			for seat := 2; seat <= 4; seat++ {
				if o := s.Options(seatActor(seat)); !slices.Contains(o.CardRolls, want) {
					t.Errorf("%s: seat %d's rolls %+v, want %+v", tc.card, seat, o.CardRolls, want)
				}
			}
			// Seat 2 rolls and applies its own: no longer owed; seat 3's still is.
			best := 2 * min(s.SeatByID(2).Value(tc.trait), game.MaxDice) // the top bracket: no damage owed
			do(t, s, seatActor(2), rollFor("card:"+tc.card, game.Roll{Trait: tc.trait, Total: intp(best)}))
			do(t, s, seatActor(2), apply("card:"+tc.card))
			if o := s.Options(seatActor(2)); slices.ContainsFunc(o.CardRolls, func(r game.CardRollOption) bool { return r.Card == tc.card }) {
				t.Errorf("%s: seat 2's roll offered again: %+v", tc.card, o.CardRolls)
			}
			if o := s.Options(seatActor(3)); !slices.Contains(o.CardRolls, want) {
				t.Errorf("%s: seat 3's roll gone after seat 2's: %+v", tc.card, o.CardRolls)
			}
			// The turn it was drawn in closes it.
			do(t, s, seatActor(1), game.EndTurn{})
			if o := s.Options(seatActor(3)); slices.Contains(o.CardRolls, want) {
				t.Errorf("%s: still owed after the turn: %+v", tc.card, o.CardRolls)
			}
		})
	}
}

// An event the drawer alone rolls owes no one else a roll (Rotten: "Make a
// Sanity roll"; its note: cards.csv says only you).
func TestDrawerOnlyEventOwesOthersNothing(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	do(t, s, seatActor(1), game.DrawCard{Card: "rotten"})
	if o := s.Options(seatActor(2)); len(o.CardRolls) != 0 {
		t.Errorf("rotten: seat 2 offered %+v", o.CardRolls)
	}
}

// Footsteps 0: "every explorer loses 1 from a trait of their choice" (its
// card; seed 000 脚步声: 0 所有人物自选一项能力下降1级): the roller names
// theirs when applying, and each other explorer then owes their own,
// named on their phone (Options.Share), taken once.
func TestFootstepsZeroEachChooses(t *testing.T) {
	t.Parallel()
	const rule = "footsteps 0: every explorer loses 1 from a trait of their choice"
	s := started(t, fourExplorers...)
	do(t, s, seatActor(1), game.DrawCard{Card: "footsteps"})
	if o := s.Options(seatActor(2)); o.Share != nil {
		t.Errorf("%s: a share before the roll: %+v", rule, o.Share)
	}
	do(t, s, seatActor(1), rollFor("card:footsteps", game.Roll{Dice: 1, Total: intp(0)}))
	if o := s.Options(seatActor(2)); o.Share != nil {
		t.Errorf("%s: a share before the roller applied: %+v", rule, o.Share)
	}
	a := apply("card:footsteps")
	a.Trait = game.Speed
	do(t, s, seatActor(1), a)
	if o := s.Options(seatActor(1)); o.Share != nil {
		t.Errorf("%s: the roller owes a share of their own roll: %+v", rule, o.Share)
	}
	o := s.Options(seatActor(2))
	if o.Share == nil || o.Share.Source != "card:footsteps" || o.Share.Seat != 1 || len(o.Share.Traits) != 4 {
		t.Fatalf("%s: seat 2's share %+v", rule, o.Share)
	}
	before := positions(s, 2)[game.Knowledge].Position
	wantRefusal(t, s, seatActor(2), apply("card:footsteps"), "err_choose_trait", game.Invalid)
	mine := apply("card:footsteps")
	mine.Trait = game.Knowledge
	do(t, s, seatActor(2), mine)
	if got := positions(s, 2)[game.Knowledge].Position; got != before-1 {
		t.Errorf("%s: seat 2's Knowledge %d, want %d", rule, got, before-1)
	}
	if o := s.Options(seatActor(2)); o.Share != nil {
		t.Errorf("%s: seat 2's share offered again: %+v", rule, o.Share)
	}
	wantRefusal(t, s, seatActor(2), mine, "err_roll_first", game.Conflict)
	if o := s.Options(seatActor(3)); o.Share == nil {
		t.Errorf("%s: seat 3's share gone after seat 2's", rule)
	}
	replaysTheSame(t, s)
}

// Spider: "Make a Speed roll to brush it off or a Sanity roll to stay
// still" (its card; seed 000 蜘蛛: 速度或神志): both are offered for the card
// drawn; Possession: "Choose any trait and roll it".
func TestDrawnRollTraitsChosen(t *testing.T) {
	t.Parallel()
	for card, want := range map[string][]string{
		"spider":     {game.Speed, game.Sanity},
		"possession": {game.Speed, game.Might, game.Sanity, game.Knowledge},
		"rotten":     nil,
		"hanged-men": nil,
	} {
		s := started(t, fourExplorers...)
		do(t, s, seatActor(1), game.DrawCard{Card: card})
		o := s.Options(seatActor(1))
		if o.Drawn != card || !slices.Equal(o.DrawnTraits, want) {
			t.Errorf("%s: drawn %q with traits %v, want %v", card, o.Drawn, o.DrawnTraits, want)
		}
	}
}

// A weapon's use is an attack (seed 000 武器: 武器只能在袭击时使用), so before
// the haunt use_card refuses a plain weapon (Axe, Revolver) and Options
// doesn't offer it; once the haunt begins it may be marked used (seed 002
// FAQ: one action per item per turn).
func TestNoWeaponUseBeforeHaunt(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	give(t, s, 1, "axe", "revolver")
	for _, w := range []string{"axe", "revolver"} {
		wantRefusal(t, s, seatActor(1), game.UseCard{Card: w}, "err_weapon_before_haunt", game.Conflict)
	}
	for _, c := range s.Options(seatActor(1)).Cards {
		if c.Use {
			t.Errorf("%s: Use offered before the haunt", c.Card)
		}
	}
}

// Groundskeeper: "In the Gardens, roll 2 fewer dice" (its card, room_dice)
// and Footsteps: "2 dice in the Chapel": the drawn card's roll is offered
// in those rooms once they are in the house, not before.
func TestDrawnRollRooms(t *testing.T) {
	t.Parallel()
	for card, room := range map[string]string{"groundskeeper": "gardens", "footsteps": "chapel"} {
		s := started(t, fourExplorers...)
		do(t, s, seatActor(1), game.DiscoverRoom{Room: room, Floor: game.FloorGround})
		do(t, s, seatActor(1), game.DrawCard{Card: card})
		if o := s.Options(seatActor(1)); !slices.Equal(o.DrawnRooms, []string{room}) {
			t.Errorf("%s: drawn rooms %v, want %s", card, o.DrawnRooms, room)
		}
		s = started(t, fourExplorers...)
		do(t, s, seatActor(1), game.DrawCard{Card: card})
		if o := s.Options(seatActor(1)); len(o.DrawnRooms) != 0 {
			t.Errorf("%s: rooms %v offered before %s is in the house", card, o.DrawnRooms, room)
		}
	}
}

// Options.Attack.Plain are the traits an attack may use without a weapon:
// Might (seed 000 袭击), not a weapon's own trait (Revolver: "attack with
// Speed" only with it); the weapon's way is its own (WeaponOption.Trait).
func TestAttackPlainTraits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		weapon, trait string
	}{{"revolver", game.Speed}, {"axe", game.Might}} {
		s := traitorBoard(t)
		give(t, s, 2, tc.weapon)
		a := s.Options(seatActor(2)).Attack
		if a == nil || !slices.Equal(a.Plain, []string{game.Might}) {
			t.Fatalf("%s: plain traits %+v, want Might alone", tc.weapon, a)
		}
		if len(a.Weapons) != 1 || a.Weapons[0].Card != tc.weapon || a.Weapons[0].Trait != tc.trait {
			t.Errorf("%s: weapons %+v", tc.weapon, a.Weapons)
		}
		// What Plain leaves out, Decide refuses.
		if tc.trait != game.Might {
			if r := refusal(t, s, seatActor(2), game.Attack{Target: seatTarget(1), Trait: tc.trait, Total: intp(0)}); r == nil {
				t.Errorf("%s: %s without the weapon accepted", tc.weapon, tc.trait)
			}
		}
	}
}
