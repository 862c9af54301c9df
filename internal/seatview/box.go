package seatview

import (
	"lantern/internal/game"
	"lantern/views"
)

// What the view models share with the box's pages (web's box.go).

// EntryURL is the page of the box's entry id of kind ("card", "room",
// "rule").
func EntryURL(kind, id string) string {
	return "/" + kind + "s/" + id
}

// TraitChanges is what a card or room does to the traits, in the order of
// the traits, for a template to say (views.TraitChange: "Might +1, Speed
// -1").
func TraitChanges(m map[string]int) []views.TraitChange {
	var out []views.TraitChange
	for _, t := range game.Traits {
		if n, ok := m[t]; ok {
			out = append(out, views.TraitChange{Trait: t, N: n})
		}
	}
	return out
}
