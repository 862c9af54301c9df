package seatview

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/views"
)

// A held card's two lines (issue 41): what it gives, then when it can be
// used and what can't be done with it. They are made from the card's data
// — the same fields the engine plays by (weapon dice, modifiers, rerolls,
// gains, the trade and drop flags, the use limits) — so the hand can't say
// what the rules don't do. What the data holds only as a roll's outcomes or
// not at all (the Dog's errand, the Spirit Board's peek) is a short line of
// our own per card ("gist_<id>"), never the printed text.

// The lines are data here (views.Gist: each line's parts, phrases whose
// words are in views/cards_gist_words.go, names in both languages), and the
// Cards tab says them in the page's language (views' gistWords).

// gists are every item's and omen's lines, made once: they depend on the
// card's data only, and a phone's view is made for every phone on every
// change, so a look-up allocates nothing (and the views say each one once
// per language).
var gists = sync.OnceValue(func() map[string]*views.Gist {
	m := map[string]*views.Gist{}
	for i := range catalog.Box().Cards {
		c := &catalog.Box().Cards[i]
		if c.Deck != "event" {
			m[c.ID] = &views.Gist{Gives: gistGives(c), When: gistWhen(c)}
		}
	}
	return m
})

// gistOf is a card's lines; none (nil) for an event (its own words show).
func gistOf(c *catalog.Card) *views.Gist { return gists()[c.ID] }

// gistCard and gistRoom are a card's and a room's name in both languages,
// said in the page's.
func gistCard(id string) views.Phrase {
	if c := catalog.Box().Card(id); c != nil {
		return views.Of(c.Name)
	}
	return views.Lit(id)
}

func gistRoom(id string) views.Phrase {
	if r := catalog.Box().Room(id); r != nil {
		return views.Of(r.Name)
	}
	return views.Lit(id)
}

// part is a part of a gist line: one phrase.
func part(key string, args ...any) views.Line { return views.Line{say(key, args...)} }

// trait is a trait's name.
func trait(t string) views.Phrase { return say("trait_" + t) }

// gistGives is what the card gives, its parts in the order a player
// weighs them: the weapon's dice, the card's own doing, what it changes on
// rolls and damage, and last what holding it raised.
func gistGives(c *catalog.Card) []views.Line {
	var parts []views.Line
	if w := c.Weapon; w != nil {
		parts = append(parts, gistWeapon(c, w))
	}
	if i18n.Has("gist_" + c.ID) {
		parts = append(parts, part("gist_"+c.ID))
	}
	if c.Worn != nil && c.Roll != nil && c.Use != nil && c.Use.Need > 0 {
		// Wearing it is its use, after a roll that lets it (Mask).
		parts = append(parts, part("gist_worn", trait(c.Roll.Trait), c.Use.Need, gistTraits(c.Worn)))
	}
	if m := c.Modifier; m != nil {
		parts = append(parts, gistModifier(m))
	}
	if r := c.Reroll; r != nil {
		switch r.Dice {
		case 0:
			parts = append(parts, part("gist_reroll_any"))
		case 1:
			parts = append(parts, part("gist_reroll_one"))
		default:
			parts = append(parts, part("gist_reroll_n", r.Dice))
		}
	}
	for _, kind := range slices.Sorted(maps.Keys(c.DamageReduction)) {
		parts = append(parts, part("gist_reduce", say("cause_"+kind), c.DamageReduction[kind]))
	}
	for _, from := range slices.Sorted(maps.Keys(c.DamageAs)) {
		parts = append(parts, part("gist_damage_as", say("cause_"+from), say("cause_"+c.DamageAs[from])))
	}
	for _, t := range c.AttackTraits {
		parts = append(parts, part("gist_attack_trait", trait(t)))
	}
	if len(c.ImmuneRooms) > 0 {
		names := make([]views.Phrase, len(c.ImmuneRooms))
		for i, r := range c.ImmuneRooms {
			names[i] = gistRoom(r)
		}
		parts = append(parts, part("gist_immune", gistList(names, "and")))
	}
	if a := c.Attack; a != nil && c.NotKept {
		parts = append(parts, part("gist_bites", a.Dice, trait(a.Trait), trait(a.Trait)))
	}
	if s := c.Set; s != nil {
		names := make([]views.Phrase, len(s.With))
		for i, id := range s.With {
			names[i] = gistCard(id)
		}
		parts = append(parts, part("gist_set", gistList(names, "and"), gistTraits(s.Gain)))
	}
	if len(c.OnGain) > 0 {
		if gistNegated(c.OnGain, c.OnLose) {
			parts = append(parts, part("gist_held", gistTraits(c.OnGain)))
		} else {
			parts = append(parts, part("gist_held_lose", gistTraits(c.OnGain), gistTraits(c.OnLose)))
		}
	}
	return parts
}

// gistWeapon is a weapon's line in the game's words: the trait it attacks
// with and the dice it adds, then what comes with them.
func gistWeapon(c *catalog.Card, w *catalog.Weapon) views.Line {
	key := "gist_weapon"
	if w.Dice == 1 {
		key = "gist_weapon_1"
	}
	line := part(key, trait(w.Trait), w.Dice)
	if w.Ranged {
		line = append(line, say("gist_comma"), say("gist_ranged"))
	}
	if w.Gated && c.Roll != nil && c.Roll.Trait != "" {
		line = append(line, say("gist_comma"), say("gist_gated", trait(c.Roll.Trait)))
	}
	if len(w.Cost) > 0 {
		line = append(line, say("gist_comma"), say("gist_cost", gistTraits(w.Cost)))
	}
	return line
}

// gistModifier is what naming the card on a roll does, and on which rolls.
func gistModifier(m *catalog.Modifier) views.Line {
	on := make([]views.Phrase, len(m.On))
	for i, o := range m.On {
		on[i] = say("gist_on_" + o)
	}
	rolls := gistList(on, "or")
	var line views.Line
	switch {
	case m.Choose > 0:
		line = part("gist_mod_choose", m.Choose, rolls)
	case m.Dice == 1:
		line = part("gist_mod_die", rolls)
	case m.Dice > 0:
		line = part("gist_mod_dice", m.Dice, rolls)
	case m.Bonus > 0:
		line = part("gist_mod_bonus", m.Bonus, rolls)
	}
	if len(m.Cost) > 0 {
		line = append(line, say("gist_comma"), say("gist_cost", gistTraits(m.Cost)))
	}
	return line
}

// gistWhen is when the card can be used, then what can't be done with it.
func gistWhen(c *catalog.Card) []views.Line {
	var when string
	use := c.Use
	if use == nil {
		use = &catalog.Use{}
	}
	switch {
	case c.NotKept:
		// Nothing to use: it acts once as it is drawn (the Bite).
	case use.InsteadOfAttack:
		when = "gist_when_instead_attack"
	case c.Weapon != nil || len(c.AttackTraits) > 0:
		when = "gist_when_attack"
	case c.Modifier != nil && c.Modifier.EveryRoll:
		when = "gist_when_every_roll"
	case use.OutOfTurn:
		when = "gist_when_any_turn"
	case use.AfterHaunt && c.DiscardAfterUse:
		when = "gist_when_after_haunt_one" // used up: no "once a turn"
	case use.AfterHaunt:
		when = "gist_when_after_haunt"
	case gistActs(c) && c.DiscardAfterUse:
		when = "gist_when_turn_one"
	case gistActs(c):
		when = "gist_when_turn"
	default:
		when = "gist_when_held"
	}
	var parts []views.Line
	switch {
	case when != "" && c.DiscardAfterUse:
		parts = append(parts, part("gist_then_discard", say(when)))
	case when != "":
		parts = append(parts, part(when))
	}
	if c.NotKept {
		parts = append(parts, part("gist_not_object"))
	} else if nots := gistNots(c); nots != "" {
		line := say("gist_nots_" + nots)
		if c.Companion {
			line = say("gist_companion", line)
		}
		parts = append(parts, views.Line{line})
	}
	return parts
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
func gistTraits(m map[string]int) views.Line {
	if len(m) == len(game.Traits) {
		n, same := m[game.Traits[0]], true
		for _, t := range game.Traits {
			same = same && m[t] == n
		}
		if same {
			return part("gist_every_trait", gistSigned(n))
		}
	}
	var line views.Line
	for _, t := range game.Traits {
		if n, ok := m[t]; ok {
			if len(line) > 0 {
				line = append(line, say("gist_list_comma"))
			}
			line = append(line, trait(t), views.Lit(" "+gistSigned(n)))
		}
	}
	return line
}

// gistSigned is a change with its sign, a minus sign for a loss as the
// lines' own "−1" have it.
func gistSigned(n int) string {
	return strings.Replace(fmt.Sprintf("%+d", n), "-", "−", 1)
}

// gistList joins names as a sentence lists them: "a, b and c" (conj
// "and") or "a, b or c" ("or").
func gistList(names []views.Phrase, conj string) views.Line {
	line := make(views.Line, 0, 2*len(names))
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			line = append(line, say("gist_list_"+conj))
		default:
			line = append(line, say("gist_list_comma"))
		}
		line = append(line, n)
	}
	return line
}
