package game

import (
	"lantern/internal/catalog"
)

// What Options offers about dice: the trait rolls and modifiers allowed now,
// and the rerolls of the seat's last roll. Each entry is found by a dry run
// of Decide (options.go).

// RollOptions are the trait rolls and roll modifiers allowed now.
type RollOptions struct {
	// Traits are the traits the seat may make a trait roll with.
	Traits    []string         `json:"traits"`
	Modifiers []ModifierOption `json:"modifiers,omitempty"`
}

// ModifierOption is one roll modifier and the rolls it may be named on now.
type ModifierOption struct {
	Card string `json:"card"`
	// Held is true for an item the seat holds; false for a room or event
	// token or a stored result, which the table tracks.
	Held      bool `json:"held"`
	TraitRoll bool `json:"trait_roll"`
	EventRoll bool `json:"event_roll"`
	PlainRoll bool `json:"plain_roll"`
}

// RerollOption is a card that may reroll dice of the seat's last roll.
type RerollOption struct {
	Card string `json:"card"`
	Roll int    `json:"roll"` // the roll's seq
	Dice int    `json:"dice"` // how many of its dice may be rerolled
}

func (s *State) rollOptions(d *dryRun, me *Seat) *RollOptions {
	r := &RollOptions{Traits: []string{}}
	for _, t := range Traits {
		if d.allows(Roll{Trait: t, Total: &zeroTotal}) {
			r.Traits = append(r.Traits, t)
		}
	}
	trait := Might
	if len(r.Traits) > 0 {
		trait = r.Traits[0]
	}
	for _, m := range modifierCards() {
		held := m.item && s.Holds(me.ID, m.card.ID)
		mod := m.card.Modifier
		try := func(a Roll) bool {
			a.Modifiers, a.Choose = m.named, &zeroTotal
			if mod.Choose == 0 {
				a.Choose = nil
				a.Total = &zeroTotal
			}
			return d.allows(a)
		}
		mo := ModifierOption{Card: m.card.ID, Held: held,
			TraitRoll: try(Roll{Trait: trait, Purpose: "trait"}),
			EventRoll: try(Roll{Trait: trait, Purpose: "event"}),
			PlainRoll: try(Roll{Dice: 1, Purpose: "free"})}
		if mo.TraitRoll || mo.EventRoll || mo.PlainRoll {
			r.Modifiers = append(r.Modifiers, mo)
		}
	}
	if len(r.Traits) == 0 && len(r.Modifiers) == 0 && !d.allows(Roll{Dice: 1, Total: &zeroTotal}) {
		return nil
	}
	return r
}

// RerollOptions are the cards that may reroll the seat's last roll now
// (Options.Rerolls on its own, for the roll log's buttons).
func (s *State) RerollOptions(actor Actor) []RerollOption {
	me := s.SeatByID(actor.Seat)
	if actor.Host || me == nil {
		return nil
	}
	return s.rerollOptions(newDryRun(s, actor), me)
}

func (s *State) rerollOptions(d *dryRun, me *Seat) []RerollOption {
	last := s.LastRoll(me.ID)
	if last == nil {
		return nil
	}
	var out []RerollOption
	for _, c := range RerollCards() {
		if d.allows(Reroll{Card: c, Indexes: []int{0}, Faces: []int{0}}) {
			n := len(last.Faces)
			if most := catalog.Box().Card(c).Reroll.Dice; most > 0 {
				n = min(n, most)
			}
			out = append(out, RerollOption{Card: c, Roll: last.Seq, Dice: n})
		}
	}
	return out
}
