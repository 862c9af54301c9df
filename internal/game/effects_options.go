package game

import (
	"slices"
	"sync"

	"lantern/internal/catalog"
)

// What Options offers about cards' and rooms' effects: the last roll's
// outcome to apply with its choices, rolls for event cards not held, drawn
// cards' effects without a roll, a share of another's outcome. Each entry
// is found by a dry run of Decide (options.go).

// applyAllowed reports whether a source's effect may be applied now, with
// the trait its outcome asks the player to choose if it asks for one.
func (s *State) applyAllowed(d *dryRun, source string) bool {
	return d.allows(ApplyEffect{Source: source}) ||
		slices.ContainsFunc(Traits, func(t string) bool { return d.allows(ApplyEffect{Source: source, Trait: t}) }) ||
		// or with the room or the item it names (Music Box, Shrieking Wind)
		d.allows(ApplyEffect{Source: source, Room: catalog.Box().Rooms[0].ID}) ||
		slices.ContainsFunc(s.itemsHeld(d.actor.Seat), func(c string) bool { return d.allows(ApplyEffect{Source: source, Card: c}) })
}

// ApplyRoll is the seat's last roll whose outcome may be applied now.
type ApplyRoll struct {
	Source string `json:"source"` // card:<id> or room:<id>
	Roll   int    `json:"roll"`   // the roll's seq
	// Bracket is the outcome it falls in: an index into the brackets of
	// the source's roll, or of the card's release roll when Release (Webs:
	// trying to get free); read against the total less the omens for a
	// roll that says so (Disquieting Sounds).
	Bracket int  `json:"bracket"`
	Release bool `json:"release,omitempty"`
	// Traits: the outcome asks for a trait and takes one of these
	// (Possession, Hanged Men's bonus; Medical Kit: all on one trait).
	Traits []string `json:"traits,omitempty"`
	// To: other seats (numbers) it may be applied to (Medical Kit).
	To []int `json:"to,omitempty"`
	// Items: the outcome names one of these of the seat's items
	// (Shrieking Wind 0); Room: it names the room it happens in (Music
	// Box 0–3: where the box is dropped).
	Items []string `json:"items,omitempty"`
	Room  bool     `json:"room,omitempty"`
	// Heal: the outcome heals points the player may split between these
	// traits, up to Most in all (Medical Kit 6+: Might and Speed).
	Heal *HealSplit `json:"heal,omitempty"`
}

// HealSplit is a heal to split: apply_effect's "split" over Traits, at
// most Most points in all.
type HealSplit struct {
	Traits []string `json:"traits"`
	Most   int      `json:"most"`
}

// guidedRollAction is the roll a card or room asks for, as the phone's
// one-tap form sends it; ok is false when it asks for none.
func guidedRollAction(r *catalog.Roll, source, purpose string) (Roll, bool) {
	if r == nil || len(r.Brackets) == 0 {
		return Roll{}, false
	}
	a := Roll{Source: source, Purpose: purpose, Total: &zeroTotal}
	switch {
	case r.Trait != "":
		a.Trait = r.Trait
	case len(r.Traits) > 0:
		a.Trait = r.Traits[0]
	case r.Dice > 0:
		a.Dice = r.Dice
	default:
		return Roll{}, false // applied without a roll (Healing Salve)
	}
	return a, true
}

// applyChoices fills in what applying a roll's outcome asks the player to
// choose: the traits it takes when it takes no plain Apply, and the other
// seats it may be applied to.
func (s *State) applyChoices(d *dryRun, me *Seat, ar *ApplyRoll) {
	plain := ApplyEffect{Source: ar.Source}
	if !d.allows(plain) {
		for _, item := range s.itemsHeld(me.ID) {
			if d.allows(ApplyEffect{Source: ar.Source, Card: item}) {
				ar.Items = append(ar.Items, item)
			}
		}
		ar.Room = d.allows(ApplyEffect{Source: ar.Source, Room: catalog.Box().Rooms[0].ID})
		for _, t := range Traits {
			a := plain
			a.Trait = t
			if d.allows(a) {
				ar.Traits = append(ar.Traits, t)
			}
		}
	}
	for _, other := range s.Seats {
		n := s.SeatNumber(other.ID)
		if other.ID == me.ID {
			continue
		}
		a := plain
		a.To = n
		ok := d.allows(a)
		for _, t := range Traits {
			a.Trait = t
			ok = ok || d.allows(a)
		}
		if ok {
			ar.To = append(ar.To, n)
		}
	}
	ar.Heal = s.healSplit(d, me, ar)
}

// healSplit is the heal an outcome lets the player split (Medical Kit),
// when Decide accepts a split of it now; nil otherwise.
func (s *State) healSplit(d *dryRun, me *Seat, ar *ApplyRoll) *HealSplit {
	roll := s.RollOf(me.ID, ar.Source)
	if roll == nil || ar.Bracket < 0 || ar.Bracket >= len(roll.Brackets) {
		return nil
	}
	h := roll.Brackets[ar.Bracket].Heal
	if h == nil || h.Amount < 2 || len(h.Traits) < 2 {
		return nil // one point, or one trait: nothing to split
	}
	// The roller, or another explorer it may be applied to.
	for _, to := range append([]int{0}, ar.To...) {
		for _, t := range h.Traits {
			if d.allows(ApplyEffect{Source: ar.Source, To: to, Split: map[string]int{t: 1}}) {
				return &HealSplit{Traits: h.Traits, Most: h.Amount}
			}
		}
	}
	return nil
}

// CardRollOption is a roll for an event card the seat may make now: Trait,
// or Dice for a plain roll; Holder is the seat number it frees (a rescue).
// Owed marks a roll the card drawn asks of the seat, not one it may choose
// to try: every explorer's roll (Hideous Shriek) or the next trait of a
// roll per trait (Hanged Men).
type CardRollOption struct {
	Card   string `json:"card"`
	Trait  string `json:"trait,omitempty"`
	Dice   int    `json:"dice,omitempty"`
	Holder int    `json:"holder,omitempty"`
	Owed   bool   `json:"owed,omitempty"`
}

// cardRollOptions are the rolls for event cards the seat doesn't hold that
// Decide accepts now: a token in the house not removed, another explorer's
// lingering event it may free them from, the next trait of a card drawn
// that asks one roll per trait, or the roll of a card another explorer drew
// this turn that every explorer makes (each their own, not yet made).
func (s *State) cardRollOptions(d *dryRun, me *Seat) []CardRollOption {
	var out []CardRollOption
	for i := range catalog.Box().Cards {
		c := &catalog.Box().Cards[i]
		// An event's roll one not holding it may make: a token that stays
		// in its room, a card one may free another from (a release roll),
		// or a roll per trait.
		if c.Deck != "event" || c.Roll == nil || !c.StaysInRoom && c.Release == nil && !c.Roll.Each && !c.EveryExplorer || s.Holds(me.ID, c.ID) {
			continue
		}
		src := "card:" + c.ID
		roll, rescued := s.rollFor(me.ID, src, c.Roll, c)
		token := c.StaysInRoom && s.Gone[c.ID] && !s.Removed[src]
		each := roll.Each && s.DrewBy[c.ID] == me.ID && len(s.sourceRollsThisTurn(me.ID, src)) > 0
		every := c.EveryExplorer && s.drawnThisTurnByOther(me.ID, c.ID) && len(s.sourceRollsThisTurn(me.ID, src)) == 0
		if !token && rescued == 0 && !each && !every {
			continue
		}
		try := []Roll{{Dice: roll.Dice}}
		if traits := roll.RollTraits(); traits != nil {
			try = nil
			for _, t := range traits {
				try = append(try, Roll{Trait: t})
			}
		}
		for _, a := range try {
			a.Source, a.Purpose, a.Total = src, "event", &zeroTotal
			if d.allows(a) {
				out = append(out, CardRollOption{Card: c.ID, Trait: a.Trait, Dice: a.Dice, Holder: s.SeatNumber(rescued), Owed: each || every})
				break
			}
		}
	}
	return out
}

// drawnThisTurnByOther reports whether another seat drew the card this
// turn. An every-explorer roll is owed while the turn it was drawn in
// lasts: the table rolls it at once (its card: every explorer makes the
// roll), and the turn's end closes it.
func (s *State) drawnThisTurnByOther(seatID int, card string) bool {
	return slices.ContainsFunc(s.turnMarks, func(m turnMark) bool { return m.drawn && m.card == card && m.seat != seatID })
}

// DrawEffectOption is a drawn card's effect (no roll) the seat may apply
// now; Items are the items it may name when the effect takes one.
type DrawEffectOption struct {
	Card  string   `json:"card"`
	Items []string `json:"items,omitempty"`
}

// drawEffectOptions are the draw effects Decide accepts from the seat now
// (Jonah's Turn, Skeletons' damage, Whoops!, Image in the Mirror B).
func (s *State) drawEffectOptions(d *dryRun, me *Seat) []DrawEffectOption {
	var out []DrawEffectOption
	for i := range catalog.Box().Cards {
		c := &catalog.Box().Cards[i]
		if c.Effect == nil || !s.Gone[c.ID] || s.EffectDone[c.ID] {
			continue
		}
		a := ApplyEffect{Source: "card:" + c.ID}
		opt := DrawEffectOption{Card: c.ID}
		if c.Effect.GiveBack || c.Effect.DiscardItem {
			for _, item := range s.itemsHeld(me.ID) {
				if a.Card = item; d.allows(a) {
					opt.Items = append(opt.Items, item)
				}
			}
			a.Card = ""
		}
		if len(opt.Items) > 0 || d.allows(a) {
			out = append(out, opt)
		}
	}
	return out
}

// ShareOption is a share of another explorer's outcome: the roll (its seq,
// roller's seat number and total), the outcome it fell in (an index into
// the source's roll brackets) and the traits the seat may name.
type ShareOption struct {
	Source  string   `json:"source"`
	Roll    int      `json:"roll"`
	Seat    int      `json:"seat"`
	Total   int      `json:"total"`
	Bracket int      `json:"bracket"`
	Traits  []string `json:"traits"`
}

// sharedCards are the cards with an outcome every explorer takes a share
// of (a bracket marked every_explorer), made once: every phone asks.
var sharedCards = sync.OnceValue(func() []string {
	var out []string
	for _, c := range catalog.Box().Cards {
		if c.Roll != nil && slices.ContainsFunc(c.Roll.Brackets, func(b catalog.Bracket) bool { return b.EveryExplorer }) {
			out = append(out, c.ID)
		}
	}
	return out
})

// shareOption is the share of another's outcome the seat owes now, with
// the traits Decide lets it name.
func (s *State) shareOption(d *dryRun, me *Seat) *ShareOption {
	for _, c := range sharedCards() {
		src := "card:" + c
		r, _ := s.ShareOwed(me.ID, src)
		if r == nil {
			continue
		}
		o := &ShareOption{Source: src, Roll: r.Seq, Seat: s.SeatNumber(r.Seat), Total: r.Total, Bracket: bracketIndex(catalog.Box().Card(c).Roll, *r)}
		for _, t := range Traits {
			if d.allows(ApplyEffect{Source: src, Trait: t}) {
				o.Traits = append(o.Traits, t)
			}
		}
		if len(o.Traits) > 0 {
			return o
		}
	}
	return nil
}

// applyRollOption is the seat's last roll whose outcome it may apply now,
// with the choices applying it asks for; nil when none.
func (s *State) applyRollOption(d *dryRun, me *Seat) *ApplyRoll {
	last := s.LastRoll(me.ID)
	if last == nil || last.Source == "" || !s.applyAllowed(d, last.Source) {
		return nil
	}
	ar := &ApplyRoll{Source: last.Source, Roll: last.Seq, Bracket: -1}
	// The roll applyEffect reads, as it reads it (a release roll: the
	// holder's later ones, or a rescuer's).
	roll := s.RollOf(me.ID, last.Source)
	_, _, card, _ := effectSource(last.Source)
	ar.Release = card != nil && roll != nil && roll == card.Release
	if roll != nil {
		ar.Bracket = bracketIndex(roll, *last)
	}
	s.applyChoices(d, me, ar)
	return ar
}
