package game

import (
	"lantern/internal/catalog"
)

// What Options offers about the haunt: the haunt roll owed and, for the
// host after a reveal, selecting another haunt. Each entry is found by a
// dry run of Decide (options.go).

// HauntRollOption is the haunt roll owed: 6 dice against the omen count.
type HauntRollOption struct {
	Dice      int `json:"dice"`
	OmenCount int `json:"omen_count"`
	// Chance is the exact chance that the haunt begins (seed 000, 作祟).
	Chance float64 `json:"chance"`
}

// hauntRollOption is the haunt roll the seat owes now, nil when none.
func (s *State) hauntRollOption(d *dryRun) *HauntRollOption {
	if !d.allows(HauntRoll{Total: &zeroTotal}) {
		return nil
	}
	return &HauntRollOption{Dice: HauntRollDice, OmenCount: len(s.Omens), Chance: ChanceBelow(HauntRollDice, len(s.Omens))}
}

// ReselectOptions are the chart's omen rooms and the omens still in the
// deck that reselect_haunt accepts now, in the chart's order.
type ReselectOptions struct {
	Rooms []string `json:"rooms,omitempty"`
	Omens []string `json:"omens,omitempty"`
}

// reselectOptions are the rooms and omens the host may name to select
// another haunt now; nil when none (no haunt just revealed).
func (s *State) reselectOptions(d *dryRun) *ReselectOptions {
	if s.Haunt == nil || !s.JustRevealed() {
		return nil
	}
	r := &ReselectOptions{}
	for _, room := range catalog.Chart().Rooms {
		if d.allows(ReselectHaunt{Room: room}) {
			r.Rooms = append(r.Rooms, room)
		}
	}
	for _, omen := range catalog.Chart().Omens {
		if d.allows(ReselectHaunt{Omen: omen}) {
			r.Omens = append(r.Omens, omen)
		}
	}
	if len(r.Rooms) == 0 && len(r.Omens) == 0 {
		return nil
	}
	return r
}
