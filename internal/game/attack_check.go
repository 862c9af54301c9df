package game

import (
	"lantern/internal/catalog"
)

// checkAttack checks the attack under way: a known trait and weapon, its
// attacker and defender seated, known cards or monsters in the game.
func (s *State) checkAttack(seats seatIDs) error {
	at := s.Attack
	if at == nil {
		return nil
	}
	if !validTrait(at.Trait) || (at.Weapon != "" && catalog.Box().Card(at.Weapon) == nil) {
		return impossible("an attack with %q and %q", at.Trait, at.Weapon)
	}
	for _, t := range []Target{at.Attacker, at.Defender} {
		if t.Seat != 0 && !seats.has(t.Seat) || t.Card != "" && catalog.Box().Card(t.Card) == nil ||
			t.Monster != "" && s.Monster(t.Monster) == nil {
			return impossible("an attack by or on %+v", t)
		}
	}
	return nil
}

// checkAttackEvents checks the attacks' events: each carries its attack,
// a defence its roll.
func checkAttackEvents(e *Event) error {
	switch d := e.Data.(type) {
	case Attacked:
		if d.Attack == nil {
			return impossible("event %d: %s without its attack", e.Seq, e.Type())
		}
	case Defended:
		if d.Attack == nil || d.Attack.Defense == nil {
			return impossible("event %d: %s without its attack", e.Seq, e.Type())
		}
	}
	return nil
}
