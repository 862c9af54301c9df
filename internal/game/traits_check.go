package game

import (
	"fmt"
)

// MaxOverflow bounds the gains remembered past a track's top. Each step
// adds at most MaxDamage, so no played game comes near it; it keeps
// arithmetic on a damaged value from wrapping.
const MaxOverflow = 1 << 20

// checkTrait checks one trait's clip: a known trait, on its track.
func checkTrait(trait string, t TraitState) error {
	if !validTrait(trait) {
		return impossible("trait %q", trait)
	}
	if t.Position < 0 || t.Position > TopPosition || t.Overflow < 0 || t.Overflow > MaxOverflow {
		return impossible("%s at position %d (+%d), off its track 0..%d", trait, t.Position, t.Overflow, TopPosition)
	}
	return nil
}

// checkTraitEvents checks the traits' events: a change moves a known
// trait's clip somewhere on its track.
func checkTraitEvents(e *Event) error {
	d, ok := e.Data.(TraitsChanged)
	if !ok {
		return nil
	}
	if len(d.Changes) == 0 {
		return impossible("event %d: traits changed without a change", e.Seq)
	}
	for _, c := range d.Changes {
		if err := checkTrait(c.Trait, c.To); err != nil {
			return fmt.Errorf("event %d: %w", e.Seq, err)
		}
	}
	return nil
}
