package game_test

import (
	"testing"

	"lantern/internal/game"
)

// Regression tests for what a review of the engine found.

func TestStealNeedsPhysicalDamage(t *testing.T) {
	const rule = "seed 002 FAQ / seed 003 l.217: theft after 2+ physical damage"
	s := traitorBoard(t)
	give(t, s, 2, "ring")
	give(t, s, 1, "bell")
	at := fight(t, s, game.Action{Target: seatTarget(1), Trait: game.Sanity, Total: intp(6)}, 0)
	if at.Kind != "mental" || at.Damage != 6 || at.CanSteal {
		t.Errorf("%s: a 6–0 Sanity win offers theft: %+v", rule, at)
	}
}

func TestDeadLoserEndsTheAttack(t *testing.T) {
	const rule = "seed 000 袭击: the loser takes the damage; a dead one has nothing left to take"
	s := traitorBoard(t)
	at := fight(t, s, game.Action{Target: seatTarget(1), Total: intp(3)}, 0)
	if at.Loser.Seat != 1 || at.Damage != 3 {
		t.Fatalf("setup: %+v", at)
	}
	// The loser dies of something else before splitting.
	force(t, s, 1, map[string]game.TraitState{game.Might: pos(0)})
	do(t, s, hostActor, game.Action{Type: game.ActEndTurn})
	if s.Turn == 2 {
		t.Errorf("%s: the turn is stuck on the attacker", rule)
	}
}

func TestRerollingAStoredRollStoresTheNewTotal(t *testing.T) {
	const rule = "seed 003: It Is Meant to Be stores the roll's result"
	s := started(t, fourExplorers...)
	give(t, s, 1, game.ModLuckyStone)
	s.SetRandom(facesRandom(0, 0, 1, 1))
	do(t, s, seatActor(1), game.Action{Type: game.ActRoll, Purpose: game.ModMeantToBe})
	do(t, s, seatActor(1), game.Action{Type: game.ActReroll, Card: game.ModLuckyStone, Indexes: []int{0, 1}, Faces: []int{2, 2}})
	if got := s.MeantToBe[1]; got != 6 {
		t.Errorf("%s: stored %d after the reroll, want 6", rule, got)
	}
}

func TestOmenThatKillsDropsToo(t *testing.T) {
	const rule = "seed 000 伤害: 人物死亡后，其保有的物件皆会掉在其死处"
	s := traitorBoard(t)
	force(t, s, 2, map[string]game.TraitState{game.Sanity: pos(1)})
	do(t, s, seatActor(2), game.Action{Type: game.ActDrawOmen, Omen: "madman", Room: "kitchen"})
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
	const rule = "seed 002 FAQ: Dog, Girl, Madman are never dropped; the Blood Dagger can't be dropped"
	s := started(t, fourExplorers...)
	give(t, s, 1, "blood-dagger", "bell")
	refuseAll(t, s, seatActor(1), game.Action{Type: game.ActDiscardCard, Card: "blood-dagger"}, "err_not_droppable", game.Conflict)
	do(t, s, seatActor(1), game.Action{Type: game.ActDiscardCard, Card: "bell"})
}

func TestRabbitsFootOncePerTurn(t *testing.T) {
	const rule = "seed 000 l.803: 兔足 人物在其回合中…一次"
	s := started(t, fourExplorers...)
	give(t, s, 1, game.ModRabbitsFoot)
	s.SetRandom(facesRandom(0, 0, 0, 0))
	do(t, s, seatActor(1), game.Action{Type: game.ActRoll, Dice: 2})
	do(t, s, seatActor(1), game.Action{Type: game.ActReroll, Card: game.ModRabbitsFoot, Indexes: []int{0}, Faces: []int{2}})
	do(t, s, seatActor(1), game.Action{Type: game.ActRoll, Dice: 2})
	if r := refusal(t, s, seatActor(1), game.Action{Type: game.ActReroll, Card: game.ModRabbitsFoot, Indexes: []int{0}}); r == nil || r.Key != "err_used_this_turn" {
		t.Errorf("%s: a second Rabbit's Foot in one turn: %v", rule, r)
	}
}

func TestUsedWeaponCantAttackAgain(t *testing.T) {
	const rule = "seed 002 FAQ: one action per item per turn"
	s := traitorBoard(t)
	give(t, s, 2, "axe")
	do(t, s, seatActor(2), game.Action{Type: game.ActUseCard, Card: "axe"})
	if r := refusal(t, s, seatActor(2), game.Action{Type: game.ActAttack, Target: seatTarget(1), Weapon: "axe"}); r == nil || r.Key != "err_used_this_turn" {
		t.Errorf("%s: attacking with a used Axe: %v", rule, r)
	}
}
