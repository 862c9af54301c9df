package game_test

import (
	"testing"

	"lantern/internal/game"
)

// Regression tests for what a review of the engine found.

func TestStealNeedsPhysicalDamage(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 FAQ / seed 003 l.217: theft after 2+ physical damage"
	s := traitorBoard(t)
	give(t, s, 2, "ring")
	give(t, s, 1, "bell")
	at := fight(t, s, game.Attack{Target: seatTarget(1), Trait: game.Sanity, Total: intp(6)}, 0)
	if at.Kind != "mental" || at.Damage != 6 || at.CanSteal {
		t.Errorf("%s: a 6–0 Sanity win offers theft: %+v", rule, at)
	}
}

func TestDeadLoserEndsTheAttack(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 袭击: the loser takes the damage; a dead one has nothing left to take"
	s := traitorBoard(t)
	at := fight(t, s, game.Attack{Target: seatTarget(1), Total: intp(3)}, 0)
	if at.Loser.Seat != 1 || at.Damage != 3 {
		t.Fatalf("setup: %+v", at)
	}
	// The loser dies of something else before splitting.
	force(t, s, 1, map[string]game.TraitState{game.Might: pos(0)})
	do(t, s, hostActor, game.EndTurn{})
	if s.Turn == 2 {
		t.Errorf("%s: the turn is stuck on the attacker", rule)
	}
}

func TestRerollingAStoredRollStoresTheNewTotal(t *testing.T) {
	t.Parallel()
	const rule = "seed 003: It Is Meant to Be stores the roll's result"
	s := started(t, fourExplorers...)
	give(t, s, 1, game.ModLuckyStone)
	s.SetRandom(facesRandom(0, 0, 1, 1))
	do(t, s, seatActor(1), game.Roll{Purpose: game.ModMeantToBe})
	do(t, s, seatActor(1), game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0, 1}, Faces: []int{2, 2}})
	if got := s.MeantToBe[1]; got != 6 {
		t.Errorf("%s: stored %d after the reroll, want 6", rule, got)
	}
}

func TestOmenThatKillsDropsToo(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 伤害: 人物死亡后，其保有的物件皆会掉在其死处"
	s := traitorBoard(t)
	force(t, s, 2, map[string]game.TraitState{game.Sanity: pos(1)})
	do(t, s, seatActor(2), game.DrawOmen{Omen: "madman", Room: "kitchen"})
	if s.Alive(s.SeatByID(2)) {
		t.Fatalf("setup: the Madman's −1 Sanity should kill at Sanity 1 after the haunt")
	}
	if s.Holds(2, "madman") {
		t.Errorf("%s: the dead keep the Madman in hand", rule)
	}
	if pile := s.Piles[game.RemainsPile(2)]; len(pile) != 1 || pile[0] != "madman" {
		t.Errorf("%s: remains pile %v", rule, pile)
	}
}

func TestCompanionsAndBloodDaggerCantBeDiscarded(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 FAQ: Dog, Girl, Madman are never dropped; the Blood Dagger can't be dropped"
	s := started(t, fourExplorers...)
	give(t, s, 1, "blood-dagger", "bell")
	refuseAll(t, s, seatActor(1), game.DiscardCard{Card: "blood-dagger"}, "err_not_droppable", game.Conflict)
	do(t, s, seatActor(1), game.DiscardCard{Card: "bell"})
}

func TestRabbitsFootOncePerTurn(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.803: 兔足 人物在其回合中…一次"
	s := started(t, fourExplorers...)
	give(t, s, 1, game.ModRabbitsFoot)
	s.SetRandom(facesRandom(0, 0, 0, 0))
	do(t, s, seatActor(1), game.Roll{Dice: 2})
	do(t, s, seatActor(1), game.Reroll{Card: game.ModRabbitsFoot, Indexes: []int{0}, Faces: []int{2}})
	do(t, s, seatActor(1), game.Roll{Dice: 2})
	if r := refusal(t, s, seatActor(1), game.Reroll{Card: game.ModRabbitsFoot, Indexes: []int{0}}); r == nil || r.Key != "err_card_used_turn" {
		t.Errorf("%s: a second Rabbit's Foot in one turn: %v", rule, r)
	}
}

func TestUsedWeaponCantAttackAgain(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 FAQ: one action per item per turn"
	s := traitorBoard(t)
	give(t, s, 2, "axe")
	do(t, s, seatActor(2), game.UseCard{Card: "axe"})
	if r := refusal(t, s, seatActor(2), game.Attack{Target: seatTarget(1), Weapon: "axe"}); r == nil || r.Key != "err_card_used_turn" {
		t.Errorf("%s: attacking with a used Axe: %v", rule, r)
	}
}

func TestReselectHaunt(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 故事挑选: 以最接近揭露者的另一印有预兆标记的房间取代…若皆不适用则翻开新的预兆牌…被取代的预兆牌需洗回牌堆中"
	s := started(t, fourExplorers...)
	revealHaunt(t, s, 1, 1) // the Girl in the Catacombs
	// Only the host.
	refuseAll(t, s, seatActor(1), game.ReselectHaunt{Room: "kitchen"}, "err_host_only", game.Forbidden)
	refuseAll(t, s, hostActor, game.ReselectHaunt{}, "err_reselect_one", game.Invalid)
	refuseAll(t, s, hostActor, game.ReselectHaunt{Room: "vault"}, "err_unknown_omen_room", game.Invalid)
	// Another room: the Girl in the Kitchen (haunt 16 on the chart).
	do(t, s, hostActor, game.ReselectHaunt{Room: "kitchen"})
	if s.Haunt.Number != 16 || s.Haunt.Room != "kitchen" || s.Haunt.Revealer != 1 {
		t.Errorf("%s: haunt %+v after choosing the Kitchen", rule, s.Haunt.HauntReveal)
	}
	// A new omen in place of the Girl, which goes back into the deck.
	do(t, s, hostActor, game.ReselectHaunt{Omen: "book"})
	if s.Haunt.Omen != "book" || !s.InDeck("girl") || s.InDeck("book") || s.Holds(1, "girl") || !s.Holds(1, "book") {
		t.Errorf("%s: omen %s, girl in deck %v, book held %v", rule, s.Haunt.Omen, s.InDeck("girl"), s.Holds(1, "book"))
	}
	if len(s.Omens) != 1 || s.Omens[0].Omen != "book" {
		t.Errorf("%s: the omen count changed or kept the old omen: %+v", rule, s.Omens)
	}
	// Once play goes on, the haunt stays.
	do(t, s, hostActor, game.EndTurn{})
	refuseAll(t, s, hostActor, game.ReselectHaunt{Room: "gallery"}, "err_haunt_underway", game.Conflict)
	replaysTheSame(t, s)
}
