package game_test

import (
	"slices"
	"testing"

	"lantern/internal/game"
)

// Printed limits of single cards (issue #10), each from the card's text in
// data/*.json and the seed line it follows.

// Hanged Men: "Make a roll for each of your four traits: 0–1 lose 1 from
// that trait, 2+ no effect. If all four rolls are 2+, gain 1 in a trait of
// your choice." (seed 000 绞死者: 人物的每项能力皆需进行能力考验 … 若人物4项能力
// 考验的骰数皆是2或以上，玩家可拣选其中一项能力上升1个级别).
func TestHangedMenRollsEachTrait(t *testing.T) {
	t.Parallel()
	const rule = "hanged-men: Make a roll for each of your four traits … If all four rolls are 2+, gain 1 in a trait of your choice"
	roll := func(trait string, total int) game.Roll {
		return rollFor("card:hanged-men", game.Roll{Trait: trait, Total: intp(total)})
	}
	t.Run("all four 2+: a trait of your choice", func(t *testing.T) {
		s := started(t, fourExplorers...)
		give(t, s, 1, "hanged-men")
		before := positions(s, 1)
		for i, tr := range game.Traits {
			do(t, s, seatActor(1), roll(tr, 2))
			if i < 3 {
				wantRefusal(t, s, seatActor(1), roll(game.Traits[i+1], 2), "err_apply_first", game.Conflict)
				do(t, s, seatActor(1), apply("card:hanged-men"))
				wantRefusal(t, s, seatActor(1), roll(tr, 2), "err_trait_rolled", game.Conflict)
			}
		}
		wantRefusal(t, s, seatActor(1), apply("card:hanged-men"), "err_choose_trait", game.Invalid)
		a := apply("card:hanged-men")
		a.Trait = game.Knowledge
		do(t, s, seatActor(1), a)
		after := positions(s, 1)
		for _, tr := range game.Traits {
			want := before[tr].Position
			if tr == game.Knowledge {
				want++
			}
			if after[tr].Position != want {
				t.Errorf("%s: %s %d, want %d", rule, tr, after[tr].Position, want)
			}
		}
		if o := s.Options(seatActor(1)); len(o.CardRolls) != 0 {
			t.Errorf("%s: a fifth roll offered: %+v", rule, o.CardRolls)
		}
		replaysTheSame(t, s)
	})
	t.Run("a 0–1 loses that trait; no bonus", func(t *testing.T) {
		s := started(t, fourExplorers...)
		give(t, s, 1, "hanged-men")
		before := positions(s, 1)
		plain := roll("", 2)
		plain.Dice = 2
		wantRefusal(t, s, seatActor(1), plain, "err_roll_traits", game.Invalid)
		for _, tr := range game.Traits {
			total := 2
			if tr == game.Sanity {
				total = 1
			}
			do(t, s, seatActor(1), roll(tr, total))
			if tr == game.Might { // the next roll is offered with a trait not rolled yet
				do(t, s, seatActor(1), apply("card:hanged-men"))
				o := s.Options(seatActor(1))
				if len(o.CardRolls) != 1 || o.CardRolls[0].Card != "hanged-men" || o.CardRolls[0].Trait != game.Sanity {
					t.Errorf("%s: options %+v, want the Sanity roll", rule, o.CardRolls)
				}
				continue
			}
			do(t, s, seatActor(1), apply("card:hanged-men"))
		}
		if got := positions(s, 1)[game.Sanity].Position; got != before[game.Sanity].Position-1 {
			t.Errorf("%s: Sanity %d, want %d", rule, got, before[game.Sanity].Position-1)
		}
		if got := positions(s, 1)[game.Knowledge]; got != before[game.Knowledge] {
			t.Errorf("%s: Knowledge %+v → %+v without the bonus", rule, before[game.Knowledge], got)
		}
	})
}

// A card's roll is made with the card's own trait (webs: "Make a Might
// roll"; spider: "Make a Speed or Sanity roll").
func TestCardRollUsesItsTraits(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	give(t, s, 1, "webs")
	wantRefusal(t, s, seatActor(1), rollFor("card:webs", game.Roll{Trait: game.Speed, Total: intp(4)}), "err_roll_traits", game.Invalid)
	wantRefusal(t, s, seatActor(1), rollFor("card:spider", game.Roll{Trait: game.Might, Total: intp(4)}), "err_roll_traits", game.Invalid)
	do(t, s, seatActor(1), rollFor("card:spider", game.Roll{Trait: game.Sanity, Total: intp(4)}))
}

// Webs and Debris: "Once per turn you or any explorer may roll Might 4+ to
// free you (no Might gain …), and after 3 failed tries you get free on your
// next turn" (seed 000 瓦砾: 其他进入这房间的人物，可进行力量的能力考验来解救
// 被困的人物 … 在3次解救失败后，被困的人物亦会重获自由).
func TestRescueFromWebs(t *testing.T) {
	t.Parallel()
	const rule = "webs: Once per turn you or any explorer may roll Might 4+ to free you (no Might gain …)"
	stuck := func(t *testing.T, card string) *game.State {
		s := started(t, fourExplorers...)
		give(t, s, 1, card)
		trait := game.Might
		if card == "debris" {
			trait = game.Speed
		}
		s.SetRandom(facesRandom(1, 1))
		do(t, s, seatActor(1), rollFor("card:"+card, game.Roll{Trait: trait, Total: intp(0)}))
		do(t, s, seatActor(1), apply("card:"+card))
		if p := s.Pending[1]; p != nil {
			do(t, s, seatActor(1), game.TakeDamage{Kind: p.Kind, Split: map[string]int{game.Might: p.Amount}})
		}
		if !s.Holds(1, card) {
			t.Fatalf("%s: a 0 should keep the card", rule)
		}
		return s
	}
	t.Run("no rescue before the holder's own roll", func(t *testing.T) {
		s := started(t, fourExplorers...)
		give(t, s, 1, "webs")
		turnTo(t, s, 2)
		if o := s.Options(seatActor(2)); len(o.CardRolls) != 0 {
			t.Errorf("%s: rescue offered before the holder rolled: %+v", rule, o.CardRolls)
		}
	})
	t.Run("another explorer frees the holder on their own turn", func(t *testing.T) {
		s := stuck(t, "webs")
		rescue := rollFor("card:webs", game.Roll{Trait: game.Might, Total: intp(4)})
		wantRefusal(t, s, seatActor(2), rescue, "err_not_your_turn", game.Forbidden)
		turnTo(t, s, 2)
		o := s.Options(seatActor(2))
		if !slices.Contains(o.CardRolls, game.CardRollOption{Card: "webs", Trait: game.Might, Holder: 1}) {
			t.Errorf("%s: rescue not offered: %+v", rule, o.CardRolls)
		}
		before := positions(s, 2)[game.Might]
		do(t, s, seatActor(2), rescue)
		if o := s.Options(seatActor(2)); o.ApplyRoll == nil || o.ApplyRoll.Source != "card:webs" {
			t.Errorf("%s: the rescue's outcome not offered: %+v", rule, o.ApplyRoll)
		}
		do(t, s, seatActor(2), apply("card:webs"))
		if s.Holds(1, "webs") || positions(s, 2)[game.Might] != before {
			t.Errorf("%s: held %v, rescuer's Might %+v → %+v", rule, s.Holds(1, "webs"), before, positions(s, 2)[game.Might])
		}
		replaysTheSame(t, s)
	})
	t.Run("once per turn each; every failed try counts", func(t *testing.T) {
		s := stuck(t, "debris") // first roll: 0, 2 dice of damage (not tries)
		turnTo(t, s, 2)
		fail := rollFor("card:debris", game.Roll{Trait: game.Might, Total: intp(1)})
		do(t, s, seatActor(2), fail)
		do(t, s, seatActor(2), apply("card:debris"))
		wantRefusal(t, s, seatActor(2), fail, "err_roll_once_turn", game.Conflict)
		turnTo(t, s, 3)
		do(t, s, seatActor(3), fail)
		do(t, s, seatActor(3), apply("card:debris"))
		turnTo(t, s, 1)
		if !s.Holds(1, "debris") {
			t.Fatalf("debris: freed after 2 failed tries")
		}
		do(t, s, seatActor(1), fail)
		do(t, s, seatActor(1), apply("card:debris"))
		turnTo(t, s, 2)
		turnTo(t, s, 1)
		if s.Holds(1, "debris") {
			t.Errorf("debris: after 3 failed tries you get free on your next turn; still held")
		}
	})
}

// Jonah's Turn: "If any explorer has the Puzzle Box, they discard it and
// draw a replacement item, and you gain 1 Sanity; if no one has it, take 1
// die of mental damage." (cards.csv; seed 000 约拿的戏耍).
func TestJonahsTurn(t *testing.T) {
	t.Parallel()
	const rule = "jonahs-turn: If any explorer has the Puzzle Box, they discard it and draw a replacement item, and you gain 1 Sanity"
	t.Run("another explorer has the Puzzle Box", func(t *testing.T) {
		s := started(t, fourExplorers...)
		give(t, s, 3, "puzzle-box")
		give(t, s, 1, "jonahs-turn")
		before := positions(s, 1)[game.Sanity]
		do(t, s, seatActor(1), apply("card:jonahs-turn"))
		if s.Holds(3, "puzzle-box") || s.InDeck("puzzle-box") {
			t.Errorf("%s: Puzzle Box held %v, in the deck %v", rule, s.Holds(3, "puzzle-box"), s.InDeck("puzzle-box"))
		}
		if got := positions(s, 1)[game.Sanity]; got.Position != before.Position+1 {
			t.Errorf("%s: Sanity %+v → %+v", rule, before, got)
		}
		// The replacement is drawn by its holder, on another's turn, once.
		do(t, s, seatActor(3), game.DrawCard{Card: "axe"})
		if !s.Holds(3, "axe") {
			t.Errorf("%s: the replacement isn't held", rule)
		}
		wantRefusal(t, s, seatActor(3), game.DrawCard{Card: "bell"}, "err_not_your_turn", game.Forbidden)
		wantRefusal(t, s, seatActor(1), apply("card:jonahs-turn"), "err_effect_done", game.Conflict)
		replaysTheSame(t, s)
	})
	t.Run("no one has it", func(t *testing.T) {
		s := started(t, fourExplorers...)
		give(t, s, 1, "jonahs-turn")
		s.SetRandom(facesRandom(2))
		do(t, s, seatActor(1), apply("card:jonahs-turn"))
		if p := s.Pending[1]; p == nil || p.Kind != "mental" || p.Amount != 2 {
			t.Errorf("jonahs-turn: if no one has it, take 1 die of mental damage: pending %+v", p)
		}
	})
}

// Creepy Puppet: "If you take any damage, the explorer holding the Spear
// gains 2 Might, unless that explorer is you." (seed 000 凶邪玩偶: 若人物受到
// 肉体损伤，则持有戈矛者的力量上升2个级别。若持有戈矛者即被玩偶袭击的人物，则无此效果).
func TestCreepyPuppetRewardsTheSpear(t *testing.T) {
	t.Parallel()
	const rule = "creepy-puppet: If you take any damage, the explorer holding the Spear gains 2 Might, unless that explorer is you"
	for _, c := range []struct {
		name          string
		spear         int
		defense, gain int
	}{{"another holds the Spear", 2, 0, 2}, {"you hold the Spear", 1, 0, 0}, {"no damage", 2, 4, 0}} {
		t.Run(c.name, func(t *testing.T) {
			s := haunted(t, fourExplorers...)
			drawOmen(t, s, c.spear, "spear", "kitchen")
			holder := positions(s, c.spear)[game.Might]
			do(t, s, hostActor, game.DrawCard{Seat: 1, Card: "creepy-puppet", Total: intp(4)})
			do(t, s, seatActor(1), game.Defend{Total: intp(c.defense)})
			if s.Attack.Damage > 0 {
				do(t, s, seatActor(1), game.ResolveDamage{Split: map[string]int{game.Speed: s.Attack.Damage}})
			}
			if got := positions(s, c.spear)[game.Might].Position - holder.Position; got != c.gain {
				t.Errorf("%s: the Spear's holder gained %d Might, want %d", rule, got, c.gain)
			}
		})
	}
}

// Medical Kit: "make a Knowledge roll to heal yourself or another living
// explorer in your room, never above starting values. On 8+ regain up to 3
// points of Might and/or Speed, on 6–7 up to 2, on 4–5 one point" (seed 000
// 医药包: 被医治的人物之能力不可高于基本值).
// medicalKitRolled gives seat 1 the Medical Kit and rolls it for 8 (up to
// 3 points), with seat 2 two steps below its start in Might and Speed;
// it answers seat 2's starting positions.
func medicalKitRolled(t testing.TB, s *game.State) map[string]game.TraitState {
	t.Helper()
	give(t, s, 1, "medical-kit")
	force(t, s, 1, map[string]game.TraitState{game.Knowledge: pos(8)})
	start2 := positions(s, 2)
	force(t, s, 2, map[string]game.TraitState{game.Might: pos(start2[game.Might].Position - 2), game.Speed: pos(start2[game.Speed].Position - 2)})
	do(t, s, seatActor(1), rollFor("card:medical-kit", game.Roll{Trait: game.Knowledge, Purpose: "item", Total: intp(8)}))
	return start2
}

// healSeat2 is seat 1 applying the Medical Kit's roll to seat 2.
func healSeat2(split map[string]int) game.Action {
	a := apply("card:medical-kit")
	a.To, a.Split = 2, split
	return a
}

func TestMedicalKitHeals(t *testing.T) {
	t.Parallel()
	const rule = "medical-kit: heal yourself or another living explorer … never above starting values. On 8+ regain up to 3 points of Might and/or Speed"
	s := started(t, fourExplorers...)
	start2 := medicalKitRolled(t, s)
	heal := healSeat2
	wantRefusal(t, s, seatActor(1), heal(nil), "err_heal_choose", game.Invalid)
	wantRefusal(t, s, seatActor(1), heal(map[string]int{game.Might: 2, game.Speed: 2}), "err_heal_most", game.Invalid)
	wantRefusal(t, s, seatActor(1), heal(map[string]int{game.Might: 3}), "err_heal_above_start", game.Invalid)
	wantRefusal(t, s, seatActor(1), heal(map[string]int{game.Sanity: 1}), "err_heal_traits", game.Invalid)
	do(t, s, seatActor(1), heal(map[string]int{game.Might: 2, game.Speed: 1}))
	if got := positions(s, 2); got[game.Might] != start2[game.Might] || got[game.Speed].Position != start2[game.Speed].Position-1 {
		t.Errorf("%s: Might %+v Speed %+v", rule, got[game.Might], got[game.Speed])
	}
	wantRefusal(t, s, seatActor(1), rollFor("card:medical-kit", game.Roll{Trait: game.Knowledge, Purpose: "item", Total: intp(8)}), "err_card_used_turn", game.Conflict)

	// 4–5: one point; every point below the start fits, so no split is asked.
	turnTo(t, s, 2)
	turnTo(t, s, 1)
	do(t, s, seatActor(1), rollFor("card:medical-kit", game.Roll{Trait: game.Knowledge, Purpose: "item", Total: intp(4)}))
	do(t, s, seatActor(1), heal(nil))
	if got := positions(s, 2)[game.Speed]; got != start2[game.Speed] {
		t.Errorf("%s: 4–5 one point: Speed %+v, want %+v", rule, got, start2[game.Speed])
	}
	replaysTheSame(t, s)

	// The salves on another living explorer too ("Use it on yourself or
	// another living explorer in your room").
	s = started(t, fourExplorers...)
	give(t, s, 1, "smelling-salts")
	force(t, s, 3, map[string]game.TraitState{game.Knowledge: pos(1)})
	a := apply("card:smelling-salts")
	a.To = 3
	do(t, s, seatActor(1), a)
	if got := positions(s, 3)[game.Knowledge].Position; got != start(t, "peter-akimoto", game.Knowledge) || s.Holds(1, "smelling-salts") {
		t.Errorf("smelling-salts on another: Knowledge %d, still held %v", got, s.Holds(1, "smelling-salts"))
	}
	// A card that acts only on you refuses another (spider: "gain 1 in the trait you rolled").
	do(t, s, seatActor(1), rollFor("card:spider", game.Roll{Trait: game.Speed, Total: intp(4)}))
	a = apply("card:spider")
	a.To = 2
	wantRefusal(t, s, seatActor(1), a, "err_effect_self", game.Invalid)
}

// Music Box: "Once per turn you may open or close the Music Box. While it
// is open, any explorer … that enters or starts its turn in its room must
// make a Sanity roll of 4+ or end its turn, mesmerised; a mesmerised carrier
// drops the box, which stays open." (cards.csv).
func TestMusicBox(t *testing.T) {
	t.Parallel()
	const rule = "music-box: Once per turn you may open or close the Music Box. While it is open … Sanity roll of 4+ or end its turn … a mesmerised carrier drops the box, which stays open"
	s := started(t, fourExplorers...)
	give(t, s, 1, "music-box")
	mesmer := rollFor("card:music-box", game.Roll{Trait: game.Sanity, Purpose: "item", Total: intp(1)})
	wantRefusal(t, s, seatActor(1), mesmer, "err_card_off", game.Conflict)
	do(t, s, seatActor(1), game.UseCard{Card: "music-box"})
	if !s.On["music-box"] {
		t.Fatalf("%s: not open after use", rule)
	}
	wantRefusal(t, s, seatActor(1), game.UseCard{Card: "music-box"}, "err_card_used_turn", game.Conflict)
	// Another explorer caught by it: not a use of the box, and it may come again.
	do(t, s, seatActor(2), rollFor("card:music-box", game.Roll{Trait: game.Sanity, Purpose: "item", Total: intp(5)}))
	do(t, s, seatActor(2), apply("card:music-box"))
	do(t, s, seatActor(2), rollFor("card:music-box", game.Roll{Trait: game.Sanity, Purpose: "item", Total: intp(5)}))
	// The carrier mesmerised on their turn: drops it where they are (the
	// table names the room), it stays open, and the turn ends.
	do(t, s, seatActor(1), mesmer)
	wantRefusal(t, s, seatActor(1), apply("card:music-box"), "err_drop_room", game.Invalid)
	a := apply("card:music-box")
	a.Room = "kitchen"
	do(t, s, seatActor(1), a)
	if s.Holds(1, "music-box") || !slices.Contains(s.Piles["kitchen"], "music-box") || !s.On["music-box"] || s.Turn != 2 {
		t.Errorf("%s: held %v, pile %v, open %v, turn %d", rule, s.Holds(1, "music-box"), s.Piles["kitchen"], s.On["music-box"], s.Turn)
	}
	replaysTheSame(t, s)
}

// Grave Dirt: "Discard it when an item card raises one of your traits or
// when you end a turn in the Balcony, Gardens, Graveyard, Gymnasium,
// Larder, Patio or Tower." (seed 000 墓土: 只有当… 或人物停留在露台、庭院、墓园、
// 建身房、食品储藏库、天井或塔楼后，玩家方可丢弃这牌).
func TestGraveDirtEndsInItsRooms(t *testing.T) {
	t.Parallel()
	const rule = "grave-dirt: Discard it … when you end a turn in the Balcony, Gardens, Graveyard, Gymnasium, Larder, Patio or Tower"
	s := started(t, fourExplorers...)
	give(t, s, 1, "grave-dirt")
	if o := s.Options(seatActor(1)); !slices.Contains(o.EndTurnIn, "balcony") {
		t.Errorf("%s: end_turn_in %v", rule, o.EndTurnIn)
	}
	wantRefusal(t, s, seatActor(1), game.EndTurn{Room: "nowhere"}, "err_unknown_room", game.Invalid)
	do(t, s, seatActor(1), game.EndTurn{Room: "kitchen"})
	if !s.Holds(1, "grave-dirt") {
		t.Fatalf("%s: the Kitchen ended it", rule)
	}
	turnTo(t, s, 1)
	do(t, s, seatActor(1), game.TakeDamage{Kind: "physical", Split: map[string]int{game.Speed: 1}})
	do(t, s, seatActor(1), game.EndTurn{Room: "balcony"})
	if s.Holds(1, "grave-dirt") {
		t.Errorf("%s: still held after ending a turn in the Balcony", rule)
	}
	replaysTheSame(t, s)
}

// Pickpocket's Gloves: "When you are in the same room as another explorer,
// you may discard the Gloves to take any one item that explorer is
// carrying." (cards.csv; the room is the table's).
func TestPickpocketsGloves(t *testing.T) {
	t.Parallel()
	const rule = "pickpockets-gloves: discard the Gloves to take any one item that explorer is carrying"
	s := started(t, fourExplorers...)
	give(t, s, 1, "pickpockets-gloves")
	give(t, s, 2, "axe", "book")
	take := apply("card:pickpockets-gloves")
	wantRefusal(t, s, seatActor(1), take, "err_take_from", game.Invalid)
	take.To = 2
	take.Card = "book"
	wantRefusal(t, s, seatActor(1), take, "err_take_item", game.Invalid)
	take.Card = "axe"
	do(t, s, seatActor(1), take)
	if !s.Holds(1, "axe") || s.Holds(2, "axe") || s.Holds(1, "pickpockets-gloves") {
		t.Errorf("%s: seat 1 %v, seat 2 %v", rule, hand(s, 1), hand(s, 2))
	}
	replaysTheSame(t, s)
}

// Dynamite: "Instead of attacking, throw the Dynamite …" — throwing it is
// the turn's attack.
func TestDynamiteInsteadOfAttacking(t *testing.T) {
	t.Parallel()
	const rule = "dynamite: Instead of attacking, throw the Dynamite"
	s := haunted(t, fourExplorers...)
	give(t, s, 1, "dynamite")
	do(t, s, seatActor(1), game.Attack{Target: game.Target{Seat: 2}, Total: intp(0)})
	do(t, s, seatActor(2), game.Defend{Total: intp(0)})
	wantRefusal(t, s, seatActor(1), game.UseCard{Card: "dynamite"}, "err_attacked_instead", game.Conflict)
	turnTo(t, s, 2)
	turnTo(t, s, 1)
	do(t, s, seatActor(1), game.UseCard{Card: "dynamite"})
	if k := refusal(t, s, seatActor(1), game.Attack{Target: game.Target{Seat: 2}, Total: intp(0)}); k == nil {
		t.Errorf("%s: attacked after throwing it", rule)
	}
}

// Shrieking Wind 0: "take 1 die of physical damage and put one of your
// items in the Entrance Hall".
func TestShriekingWindBlowsAnItem(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	give(t, s, 1, "axe", "shrieking-wind")
	do(t, s, seatActor(1), rollFor("card:shrieking-wind", game.Roll{Trait: game.Might, Total: intp(0)}))
	wantRefusal(t, s, seatActor(1), apply("card:shrieking-wind"), "err_name_item", game.Invalid)
	if o := s.Options(seatActor(1)); o.ApplyRoll == nil || !slices.Equal(o.ApplyRoll.Items, []string{"axe"}) {
		t.Errorf("shrieking-wind 0: the outcome asks for one of your items: %+v", o.ApplyRoll)
	}
	a := apply("card:shrieking-wind")
	a.Card = "axe"
	s.SetRandom(facesRandom(1)) // the 1 die of damage shows 1
	do(t, s, seatActor(1), a)
	if s.Holds(1, "axe") || !slices.Contains(s.Piles["entrance-hall"], "axe") || s.Pending[1] == nil {
		t.Errorf("shrieking-wind 0: axe held %v, Entrance Hall %v, damage %+v", s.Holds(1, "axe"), s.Piles["entrance-hall"], s.Pending[1])
	}
}

// Groundskeeper: "Make a Knowledge roll (2 fewer dice in the Gardens)";
// Footsteps: "Roll 1 die (2 dice in the Chapel) … 0 every explorer loses 1
// from a trait of their choice".
func TestRollDiceByTheRoomNamed(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	know := s.SeatByID(1).Value(game.Knowledge)
	a := rollFor("card:groundskeeper", game.Roll{Trait: game.Knowledge, Room: "gardens"})
	do(t, s, seatActor(1), a)
	if got := s.LastRoll(1).Dice; got != max(know-2, 1) {
		t.Errorf("groundskeeper in the Gardens: %d dice, want %d", got, max(know-2, 1))
	}
	wantRefusal(t, s, seatActor(1), rollFor("card:footsteps", game.Roll{Dice: 1, Room: "gardens"}), "err_roll_room", game.Invalid)
	do(t, s, seatActor(1), rollFor("card:footsteps", game.Roll{Dice: 1, Room: "chapel", Total: intp(0)}))
	if got := s.LastRoll(1).Dice; got != 2 {
		t.Errorf("footsteps in the Chapel: %d dice, want 2", got)
	}
	wantRefusal(t, s, seatActor(1), apply("card:footsteps"), "err_choose_trait", game.Invalid)
	before := positions(s, 1)[game.Speed]
	f := apply("card:footsteps")
	f.Trait = game.Speed
	do(t, s, seatActor(1), f)
	if got := positions(s, 1)[game.Speed]; got.Position != before.Position-1 {
		t.Errorf("footsteps 0: Speed %+v → %+v", before, got)
	}
}

// A kept event's own roll, and a drawn card's effect, are offered as
// Decide accepts them (webs: "Once per turn you … may roll Might 4+ to free
// you"; whoops: "the player on your right discards one of them").
func TestOptionsOfferHeldEventsAndDrawEffects(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	give(t, s, 1, "webs")
	do(t, s, seatActor(1), rollFor("card:webs", game.Roll{Trait: game.Might, Total: intp(0)}))
	do(t, s, seatActor(1), apply("card:webs"))
	turnTo(t, s, 2)
	turnTo(t, s, 1)
	o := s.Options(seatActor(1))
	i := slices.IndexFunc(o.Cards, func(c game.CardOption) bool { return c.Card == "webs" })
	if i < 0 || !o.Cards[i].Roll {
		t.Fatalf("webs: the holder's release roll isn't offered: %+v", o.Cards)
	}
	do(t, s, seatActor(1), rollFor("card:webs", game.Roll{Trait: game.Might, Total: intp(4)}))
	if o := s.Options(seatActor(1)); o.ApplyRoll == nil || o.ApplyRoll.Source != "card:webs" {
		t.Errorf("webs: the release roll's outcome isn't offered: %+v", o.ApplyRoll)
	}

	s = started(t, fourExplorers...)
	give(t, s, 1, "axe", "book", "whoops")
	o = s.Options(seatActor(1))
	if len(o.DrawEffects) != 1 || o.DrawEffects[0].Card != "whoops" || !slices.Equal(o.DrawEffects[0].Items, []string{"axe"}) {
		t.Errorf("whoops: draw effects %+v, want whoops with the axe (not the Book, an omen)", o.DrawEffects)
	}
	if o := s.Options(seatActor(2)); len(o.DrawEffects) != 0 {
		t.Errorf("whoops: offered to another seat: %+v", o.DrawEffects)
	}
}

// Using the Healing Salve is its effect: "Might and Speed that are below
// their starting values go back up to them. Then discard it."
func TestUsingASalveRestores(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	give(t, s, 1, "healing-salve")
	force(t, s, 1, map[string]game.TraitState{game.Might: pos(1)})
	do(t, s, seatActor(1), game.UseCard{Card: "healing-salve"})
	if got := positions(s, 1)[game.Might].Position; got != start(t, "ox-bellows", game.Might) || s.Holds(1, "healing-salve") {
		t.Errorf("healing-salve used: Might %d, still held %v", got, s.Holds(1, "healing-salve"))
	}
}

// Stuck in Webs, the only roll you choose to make is trying to get free
// (seed 002 FAQ: 如果你被Debris或Webs困住你能在房间里面行动吗(比如掷骰子)? 不行。
// 你唯一能做的就是尝试解救你自己); rolls forced on you still come.
func TestStuckMakesNoOtherChosenRoll(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	give(t, s, 1, "webs")
	do(t, s, seatActor(1), rollFor("card:webs", game.Roll{Trait: game.Might, Total: intp(0)}))
	do(t, s, seatActor(1), apply("card:webs"))
	wantRefusal(t, s, seatActor(1), rollFor("room:vault", game.Roll{Trait: game.Knowledge, Purpose: "room", Total: intp(6)}), "err_stuck", game.Conflict)
	give(t, s, 2, "closet-door")
	wantRefusal(t, s, seatActor(1), rollFor("card:closet-door", game.Roll{Dice: 2, Total: intp(4)}), "err_stuck", game.Conflict)
	do(t, s, seatActor(1), rollFor("card:hideous-shriek", game.Roll{Trait: game.Sanity, Total: intp(4)}))
	turnTo(t, s, 2)
	turnTo(t, s, 1)
	do(t, s, seatActor(1), rollFor("card:webs", game.Roll{Trait: game.Might, Total: intp(4)}))
}
