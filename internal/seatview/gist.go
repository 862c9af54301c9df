package seatview

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
)

// A held card's two lines (issue 41): what it gives, then when it can be
// used and what can't be done with it. They are made from the card's data
// — the same fields the engine plays by (weapon dice, modifiers, rerolls,
// gains, the trade and drop flags, the use limits) — so the hand can't say
// what the rules don't do. What the data holds only as a roll's outcomes or
// not at all (the Dog's errand, the Spirit Board's peek) is a short line of
// our own per card ("gist_<id>"), never the printed text.

// cardGist is one card's lines in one language.
type cardGist struct{ gives, when string }

// gists are every item's and omen's lines in both languages, made once:
// they depend on the card's data only, and a phone's view is made for
// every phone on every change, so a look-up allocates nothing.
var gists = sync.OnceValue(func() map[string]*[2]cardGist {
	m := map[string]*[2]cardGist{}
	for i := range catalog.Box().Cards {
		c := &catalog.Box().Cards[i]
		if c.Deck != "event" {
			m[c.ID] = &[2]cardGist{
				{gives: gistGives(i18n.EN, c), when: gistWhen(i18n.EN, c)},
				{gives: gistGives(i18n.ZH, c), when: gistWhen(i18n.ZH, c)},
			}
		}
	}
	return m
})

// gistOf is a card's lines in lang; none for an event (its own words show).
func gistOf(lang string, c *catalog.Card) cardGist {
	g := gists()[c.ID]
	switch {
	case g == nil:
		return cardGist{}
	case lang == i18n.ZH:
		return g[1]
	}
	return g[0]
}

// gistSep joins the parts of a line: a clause apart, in each language's
// punctuation.
func gistSep(lang string) string {
	if lang == i18n.ZH {
		return "；"
	}
	return "; "
}

// gistGives is what the card gives, its parts in the order a player
// weighs them: the weapon's dice, the card's own doing, what it changes on
// rolls and damage, and last what holding it raised.
func gistGives(lang string, c *catalog.Card) string {
	var parts []string
	if w := c.Weapon; w != nil {
		parts = append(parts, gistWeapon(lang, c, w))
	}
	if i18n.Has("gist_" + c.ID) {
		parts = append(parts, i18n.T(lang, "gist_"+c.ID))
	}
	if c.Worn != nil && c.Roll != nil && c.Use != nil && c.Use.Need > 0 {
		// Wearing it is its use, after a roll that lets it (Mask).
		parts = append(parts, i18n.T(lang, "gist_worn", i18n.T(lang, "trait_"+c.Roll.Trait), c.Use.Need, gistTraits(lang, c.Worn)))
	}
	if m := c.Modifier; m != nil {
		parts = append(parts, gistModifier(lang, m))
	}
	if r := c.Reroll; r != nil {
		switch r.Dice {
		case 0:
			parts = append(parts, i18n.T(lang, "gist_reroll_any"))
		case 1:
			parts = append(parts, i18n.T(lang, "gist_reroll_one"))
		default:
			parts = append(parts, i18n.T(lang, "gist_reroll_n", r.Dice))
		}
	}
	for _, kind := range slices.Sorted(maps.Keys(c.DamageReduction)) {
		parts = append(parts, i18n.T(lang, "gist_reduce", i18n.T(lang, "cause_"+kind), c.DamageReduction[kind]))
	}
	for _, from := range slices.Sorted(maps.Keys(c.DamageAs)) {
		parts = append(parts, i18n.T(lang, "gist_damage_as", i18n.T(lang, "cause_"+from), i18n.T(lang, "cause_"+c.DamageAs[from])))
	}
	for _, t := range c.AttackTraits {
		parts = append(parts, i18n.T(lang, "gist_attack_trait", i18n.T(lang, "trait_"+t)))
	}
	if len(c.ImmuneRooms) > 0 {
		names := make([]string, len(c.ImmuneRooms))
		for i, r := range c.ImmuneRooms {
			names[i] = roomName(lang, r)
		}
		parts = append(parts, i18n.T(lang, "gist_immune", gistList(lang, names, "and")))
	}
	if a := c.Attack; a != nil && c.NotKept {
		tr := i18n.T(lang, "trait_"+a.Trait)
		parts = append(parts, i18n.T(lang, "gist_bites", a.Dice, tr, tr))
	}
	if s := c.Set; s != nil {
		names := make([]string, len(s.With))
		for i, id := range s.With {
			names[i] = cardName(lang, id)
		}
		parts = append(parts, i18n.T(lang, "gist_set", gistList(lang, names, "and"), gistTraits(lang, s.Gain)))
	}
	if len(c.OnGain) > 0 {
		if gistNegated(c.OnGain, c.OnLose) {
			parts = append(parts, i18n.T(lang, "gist_held", gistTraits(lang, c.OnGain)))
		} else {
			parts = append(parts, i18n.T(lang, "gist_held_lose", gistTraits(lang, c.OnGain), gistTraits(lang, c.OnLose)))
		}
	}
	return upperFirst(strings.Join(parts, gistSep(lang)))
}

// gistWeapon is a weapon's line in the game's words: the trait it attacks
// with and the dice it adds, then what comes with them.
func gistWeapon(lang string, c *catalog.Card, w *catalog.Weapon) string {
	key := "gist_weapon"
	if w.Dice == 1 {
		key = "gist_weapon_1"
	}
	line := i18n.T(lang, key, i18n.T(lang, "trait_"+w.Trait), w.Dice)
	var more []string
	if w.Ranged {
		more = append(more, i18n.T(lang, "gist_ranged"))
	}
	if w.Gated && c.Roll != nil && c.Roll.Trait != "" {
		more = append(more, i18n.T(lang, "gist_gated", i18n.T(lang, "trait_"+c.Roll.Trait)))
	}
	if len(w.Cost) > 0 {
		more = append(more, i18n.T(lang, "gist_cost", gistTraits(lang, w.Cost)))
	}
	for _, m := range more {
		line += i18n.T(lang, "gist_comma") + m
	}
	return line
}

// gistModifier is what naming the card on a roll does, and on which rolls.
func gistModifier(lang string, m *catalog.Modifier) string {
	on := make([]string, len(m.On))
	for i, o := range m.On {
		on[i] = i18n.T(lang, "gist_on_"+o)
	}
	rolls := gistList(lang, on, "or")
	var line string
	switch {
	case m.Choose > 0:
		line = i18n.T(lang, "gist_mod_choose", m.Choose, rolls)
	case m.Dice == 1:
		line = i18n.T(lang, "gist_mod_die", rolls)
	case m.Dice > 0:
		line = i18n.T(lang, "gist_mod_dice", m.Dice, rolls)
	case m.Bonus > 0:
		line = i18n.T(lang, "gist_mod_bonus", m.Bonus, rolls)
	}
	if len(m.Cost) > 0 {
		line += i18n.T(lang, "gist_comma") + i18n.T(lang, "gist_cost", gistTraits(lang, m.Cost))
	}
	return line
}

// gistWhen is when the card can be used, then what can't be done with it.
func gistWhen(lang string, c *catalog.Card) string {
	var when string
	use := c.Use
	if use == nil {
		use = &catalog.Use{}
	}
	switch {
	case c.NotKept:
		// Nothing to use: it acts once as it is drawn (the Bite).
	case use.InsteadOfAttack:
		when = i18n.T(lang, "gist_when_instead_attack")
	case c.Weapon != nil || len(c.AttackTraits) > 0:
		when = i18n.T(lang, "gist_when_attack")
	case c.Modifier != nil && c.Modifier.EveryRoll:
		when = i18n.T(lang, "gist_when_every_roll")
	case use.OutOfTurn:
		when = i18n.T(lang, "gist_when_any_turn")
	case use.AfterHaunt && c.DiscardAfterUse:
		when = i18n.T(lang, "gist_when_after_haunt_one") // used up: no "once a turn"
	case use.AfterHaunt:
		when = i18n.T(lang, "gist_when_after_haunt")
	case gistActs(c) && c.DiscardAfterUse:
		when = i18n.T(lang, "gist_when_turn_one")
	case gistActs(c):
		when = i18n.T(lang, "gist_when_turn")
	default:
		when = i18n.T(lang, "gist_when_held")
	}
	if when != "" && c.DiscardAfterUse {
		when = i18n.T(lang, "gist_then_discard", when)
	}
	parts := []string{}
	if when != "" {
		parts = append(parts, when)
	}
	if c.NotKept {
		parts = append(parts, i18n.T(lang, "gist_not_object"))
	} else if nots := gistNots(c); nots != "" {
		line := i18n.T(lang, "gist_nots_"+nots)
		if c.Companion {
			line = i18n.T(lang, "gist_companion", line)
		}
		parts = append(parts, upperFirst(line))
	}
	return strings.Join(parts, " · ")
}

// gistActs reports a card the player does something with on their turn
// (a roll, a use, a switch, an errand), not one that works by being held.
func gistActs(c *catalog.Card) bool {
	return c.Roll != nil || c.Use != nil || c.Toggle || c.Worn != nil || c.Modifier != nil ||
		c.Reroll != nil || c.DiscardAfterUse || i18n.Has("gist_"+c.ID)
}

// gistNots names what the card's flags forbid ("tds": traded, dropped,
// stolen), as the engine refuses it; "" when nothing is.
func gistNots(c *catalog.Card) string {
	var b strings.Builder
	if !c.Tradeable {
		b.WriteByte('t')
	}
	if !c.Droppable {
		b.WriteByte('d')
	}
	if !c.Stealable {
		b.WriteByte('s')
	}
	return b.String()
}

// gistNegated reports a loss that only takes back the gain (the Dog),
// said once; the Amulet takes back more and says both.
func gistNegated(gain, lose map[string]int) bool {
	if len(gain) != len(lose) {
		return false
	}
	for t, n := range gain {
		if lose[t] != -n {
			return false
		}
	}
	return true
}

// gistTraits is trait changes in track order ("Might +1, Sanity −1"), the
// four alike said once ("every trait +2"), listed in each language's way.
func gistTraits(lang string, m map[string]int) string {
	if len(m) == len(game.Traits) {
		n, same := m[game.Traits[0]], true
		for _, t := range game.Traits {
			same = same && m[t] == n
		}
		if same {
			return i18n.T(lang, "gist_every_trait", gistSigned(n))
		}
	}
	var parts []string
	for _, t := range game.Traits {
		if n, ok := m[t]; ok {
			parts = append(parts, i18n.T(lang, "trait_"+t)+" "+gistSigned(n))
		}
	}
	return strings.Join(parts, i18n.T(lang, "gist_list_comma"))
}

// gistSigned is a change with its sign, a minus sign for a loss as the
// lines' own "−1" have it.
func gistSigned(n int) string {
	return strings.Replace(fmt.Sprintf("%+d", n), "-", "−", 1)
}

// gistList joins names as a sentence lists them: "a, b and c" (conj
// "and") or "a, b or c" ("or").
func gistList(lang string, names []string, conj string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	last := names[len(names)-1]
	return strings.Join(names[:len(names)-1], i18n.T(lang, "gist_list_comma")) + i18n.T(lang, "gist_list_"+conj) + last
}

// upperFirst starts a line with a capital (an English part may begin in
// lower case when it isn't first).
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
