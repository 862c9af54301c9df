package seatview

import (
	"fmt"
	"strings"

	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/views"
)

// What the view models share with the box's pages (web's box.go).

// EntryURL is the page of the box's entry id of kind ("card", "room",
// "rule").
func EntryURL(kind, id string) string {
	return "/" + kind + "s/" + id
}

// TraitChanges says what a card or room does to the traits ("Might +1,
// Speed -1"), in lang.
func TraitChanges(lang string, m map[string]int) string {
	var parts []string
	for _, t := range game.Traits {
		if n, ok := m[t]; ok {
			parts = append(parts, fmt.Sprintf("%s %+d", i18n.T(lang, "trait_"+t), n))
		}
	}
	return strings.Join(parts, ", ")
}

// traitChanges is what a card or room does to the traits, in the order of
// the traits, for a template to say (views.TraitChange).
func traitChanges(m map[string]int) []views.TraitChange {
	var out []views.TraitChange
	for _, t := range game.Traits {
		if n, ok := m[t]; ok {
			out = append(out, views.TraitChange{Trait: t, N: n})
		}
	}
	return out
}
