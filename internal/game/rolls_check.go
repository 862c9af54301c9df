package game

import (
	"fmt"
	"slices"
)

// checkRolls checks the rolls: stored results of seats, and every roll's
// dice and roller.
func (s *State) checkRolls(seats seatIDs) error {
	for id := range s.MeantToBe {
		if !seats.has(id) {
			return impossible("a stored roll of seat %d", id)
		}
	}
	for i := range s.Rolls {
		if err := checkRoll(&s.Rolls[i]); err != nil {
			return err
		}
		if !seats.hasOr0(s.Rolls[i].Seat) { // 0: the monsters' or a card's own roll
			return impossible("a roll by seat %d", s.Rolls[i].Seat)
		}
	}
	return nil
}

// checkRoll checks a roll's dice: as many as may be rolled, each face one
// of the dice's, the trait (if any) known.
func checkRoll(r *RollRecord) error {
	if r.Dice < 0 || r.Dice > 2*MaxDice || len(r.Faces) > 2*MaxDice || r.Trait != "" && !validTrait(r.Trait) {
		return impossible("a roll of %d dice (%d faces) on %q", r.Dice, len(r.Faces), r.Trait)
	}
	if slices.ContainsFunc(r.Faces, func(f int) bool { return f < 0 || f > 2 }) {
		return impossible("a die showing %v", r.Faces)
	}
	return nil
}

// checkRollEvents checks the rolls' events: a roll carries its dice.
func checkRollEvents(e *Event) error {
	var roll *RollRecord
	switch d := e.Data.(type) {
	case Rolled:
		roll = d.Roll
	case Rerolled:
		roll = d.Roll
	default:
		return nil
	}
	if roll == nil {
		return impossible("event %d: a roll without its dice", e.Seq)
	}
	if err := checkRoll(roll); err != nil {
		return fmt.Errorf("event %d: %w", e.Seq, err)
	}
	return nil
}
