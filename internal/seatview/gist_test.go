package seatview

import (
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"lantern/internal/catalog"
	"lantern/internal/i18n"
	"lantern/views"
)

// TestEveryHeldCardSaysWhatItDoes (issue 41): every item and omen has its
// two lines in both languages, made from its data: a weapon names its
// trait and dice, a card its flags keep from trading says so, and a
// Chinese line holds no English word. Short: a line is read mid-turn.
func TestEveryHeldCardSaysWhatItDoes(t *testing.T) {
	t.Parallel()
	latin := func(s string) bool {
		return strings.IndexFunc(s, func(r rune) bool { return r < 128 && unicode.IsLetter(r) }) >= 0
	}
	for i := range catalog.Box().Cards {
		c := &catalog.Box().Cards[i]
		if c.Deck == "event" {
			continue
		}
		for _, lang := range []string{i18n.EN, i18n.ZH} {
			gives, when := views.GistWords(lang, gistOf(c))
			for what, line := range map[string]string{"gives": gives, "when": when} {
				switch {
				case line == "":
					t.Errorf("%s %s: no %q line", c.ID, lang, what)
				case strings.Contains(line, "gist_") || strings.Contains(line, "%!"):
					t.Errorf("%s %s: %s line %q has a key or verb left", c.ID, lang, what, line)
				case lang == i18n.ZH && latin(line):
					t.Errorf("%s zh: %s line %q has Latin letters", c.ID, what, line)
				case lang == i18n.ZH && utf8.RuneCountInString(line) > 48, lang == i18n.EN && len(line) > 105:
					t.Errorf("%s %s: %s line %q is too long for a glance", c.ID, lang, what, line)
				}
			}
			if w := c.Weapon; w != nil {
				trait := i18n.T(lang, "trait_"+w.Trait)
				if !strings.Contains(gives, trait) || !strings.Contains(gives, "+"+strconv.Itoa(w.Dice)) {
					t.Errorf("%s %s: a weapon's line %q doesn't say %s +%d", c.ID, lang, gives, trait, w.Dice)
				}
			}
			if !c.Tradeable && !c.NotKept && !strings.Contains(strings.ToLower(when), i18n.T(lang, "gist_nots_"+gistNots(c))) {
				t.Errorf("%s %s: %q doesn't say it can't be traded", c.ID, lang, when)
			}
		}
	}
	if got, _ := views.GistWords(i18n.EN, gistOf(catalog.Box().Card("axe"))); got != "Weapon: attack with Might +1 die" {
		t.Errorf("the Axe says %q", got)
	}
}
