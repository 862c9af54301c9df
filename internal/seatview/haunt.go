package seatview

import (
	"fmt"
	"slices"
	"strings"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/views"
)

// cardName names a card by id in lang; ids outside the box are shown as is.
func cardName(lang, id string) string {
	if c := catalog.Box().Card(id); c != nil {
		return c.Name.In(lang)
	}
	return id
}

func roomName(lang, id string) string {
	if r := catalog.Box().Room(id); r != nil {
		return r.Name.In(lang)
	}
	return id
}

// percent shows a chance; small ones keep a decimal so 1 in 729 isn't "0%".
// Only a certain chance reads 100% and only an impossible one 0%: one that
// would round to either reads ">99%" (5 dice for 1+: 99.6%) or "<0.1%" (8
// dice for 16: 0.015%). The roller's script shows these strings as they
// are (static/dice.js, updateOdds), in every language.
func percent(p float64) string {
	switch {
	case p >= 1:
		return "100%"
	case p <= 0:
		return "0%"
	case p < 0.1:
		if s := fmt.Sprintf("%.1f%%", p*100); s != "0.0%" {
			return s
		}
		return "<0.1%"
	}
	if s := fmt.Sprintf("%.0f%%", p*100); s != "100%" {
		return s
	}
	return ">99%"
}

// OmenOptions are the chart's omens, in lang, less those skip says to skip
// (nil: none).
func OmenOptions(lang string, skip func(string) bool) []views.Option {
	var opts []views.Option
	for _, id := range catalog.Chart().Omens {
		if skip == nil || !skip(id) {
			opts = append(opts, views.Option{ID: id, Label: cardName(lang, id)})
		}
	}
	return opts
}

// OmenRoomOptions are the chart's omen rooms, in lang.
func OmenRoomOptions(lang string) []views.Option {
	var opts []views.Option
	for _, id := range catalog.Chart().Rooms {
		opts = append(opts, views.Option{ID: id, Label: roomName(lang, id)})
	}
	return opts
}

// omenStatus is the omen count and the chance the haunt roll now owed, or
// the next one (after one more omen), starts the haunt.
func omenStatus(lang string, s *game.State) views.OmenStatus {
	o := views.OmenStatus{Count: len(s.Omens)}
	for _, d := range s.Omens {
		o.Drawn = append(o.Drawn, cardName(lang, d.Omen))
	}
	if s.Haunt != nil || s.Phase == game.PhaseHaunt {
		return o
	}
	if len(s.OwedHauntRolls) > 0 {
		o.Owed = seatName(s, s.Omens[s.OwedHauntRolls[0]].Seat)
		o.Chance = percent(game.ChanceBelow(game.HauntRollDice, len(s.Omens)))
	} else {
		o.Chance, o.Next = percent(game.ChanceBelow(game.HauntRollDice, len(s.Omens)+1)), true
	}
	return o
}

func hauntPrompt(lang string, s *game.State, seatID int) *views.HauntPrompt {
	if !s.OwesHauntRoll(seatID) {
		return nil
	}
	d := s.Omens[s.OwedHauntRolls[0]]
	return &views.HauntPrompt{
		Omen: cardName(lang, d.Omen), Room: roomName(lang, d.Room), OmenCount: len(s.Omens),
		Chance: percent(game.ChanceBelow(game.HauntRollDice, len(s.Omens))),
	}
}

// rollFacts is what a roll was for, as views.RollLine says it.
func rollFacts(lang string, l *views.RollLine, r game.RollRecord) {
	l.Purpose, l.Trait, l.Dice, l.OmenCount = r.Purpose, r.Trait, r.Dice, r.OmenCount
	switch r.Purpose {
	case "monster-move":
		l.Source, _ = strings.CutPrefix(r.Source, "monster:")
		l.Move = game.MoveOf(r)
	case "damage":
		if r.Source != "" {
			l.Source = sourceName(lang, r.Source)
		}
	}
	l.Stored = game.StoredDice(r.Purpose) > 0
}

func rollLine(lang string, s *game.State, r game.RollRecord) views.RollLine {
	mods := make([]string, 0, len(r.Modifiers))
	for _, m := range r.Modifiers {
		mods = append(mods, cardName(lang, m))
	}
	l := views.RollLine{
		Faces: r.Faces, Total: r.Total,
		Target: r.Target, Success: r.Success(), Manual: r.Manual, Mods: strings.Join(mods, ", "),
	}
	if r.Seat == 0 { // monsters roll without a seat
		l.Monsters = true
	} else {
		l.Who = seatName(s, r.Seat)
	}
	rollFacts(lang, &l, r)
	if r.Purpose == "haunt" {
		l.Target, l.Success = 0, false
	}
	for _, o := range s.RerollOptions(game.Actor{Seat: r.Seat}) {
		if o.Roll == r.Seq {
			// Any of its dice (Lucky Stone) or one (Rabbit's Foot), as the engine says.
			l.Rerolls = append(l.Rerolls, views.Reroll{Card: o.Card, Label: cardName(lang, o.Card), One: o.Dice == 1 && len(r.Faces) > 1})
		}
	}
	return l
}

// rollLimit bounds the roll log a page shows.
const rollLimit = 8

func rollLines(lang string, s *game.State) []views.RollLine {
	var lines []views.RollLine
	for i := len(s.Rolls) - 1; i >= 0 && len(lines) < rollLimit; i-- {
		l := rollLine(lang, s, s.Rolls[i])
		for _, e := range s.Events {
			if e.Seq == s.Rolls[i].Seq {
				l.Time = e.At.Local().Format("15:04")
			}
		}
		lines = append(lines, l)
	}
	return lines
}

// rollPurposes are the plain purposes the roller offers, a free roll
// ("") first.
var rollPurposes = []string{"", "event", "room", "item"}

// roller is the dice roller of seat, with opts what the engine says it may
// do now (its Options) and traits its board's rows (shared: not changed).
func roller(lang string, s *game.State, seat *game.Seat, opts game.Options, traits []views.TraitRow) views.Roller {
	r := views.Roller{Traits: traits, MaxDice: game.MaxDice, MaxNeed: game.MaxNeed}
	r.Stored, r.HasStored = s.MeantToBe[seat.ID]
	r.Purposes = append(r.Purposes, rollPurposes...)
	for _, m := range game.RollModifiers() {
		if game.StoredDice(m) > 0 { // its roll stores a result ahead (It Is Meant to Be)
			r.Purposes = append(r.Purposes, m)
		}
	}
	// The modifiers the engine allows now (game.Options): items held and
	// usable, room tokens on the board, a stored result when there is one.
	if opts.Roll != nil {
		for _, mo := range opts.Roll.Modifiers {
			r.Modifiers = append(r.Modifiers, views.Option{ID: mo.Card, Label: cardName(lang, mo.Card)})
			if c := catalog.Box().Card(mo.Card); c != nil && c.Modifier != nil {
				r.Choose = max(r.Choose, c.Modifier.Choose) // a result named instead of rolled
			}
		}
	}
	r.Odds = rollOdds(s, seat, &r)
	if last := s.LastRoll(seat.ID); last != nil {
		l := rollLine(lang, s, *last)
		r.Last = &l
		if len(l.Rerolls) > 0 {
			r.Reroll = &l
		}
	}
	return r
}

// traitorWhy is how the traitor was picked (views.TraitorWhy).
func traitorWhy(lang string, s *game.State, h *game.HauntState) views.TraitorWhy {
	d := h.Decision
	rule := d.Rule
	w := views.TraitorWhy{Named: d.Named, Kind: rule.Kind, Trait: rule.Trait, ExceptRevealer: rule.ExceptRevealer, TieBreak: d.TieBreak}
	if rule.Explorer != "" {
		w.Explorer = catalog.ExplorerByID(rule.Explorer).Name.In(lang)
		if d.Named {
			return w
		}
	}
	switch rule.Kind {
	case "hidden":
		w.TraitorShown = h.PublicTraitor() != 0
		for _, n := range h.Shown {
			w.ShownHeroes = append(w.ShownHeroes, n)
		}
		slices.Sort(w.ShownHeroes)
	case "highest_trait", "lowest_trait", "oldest_explorer", "youngest_explorer":
		for _, c := range d.Candidates {
			v := fmt.Sprintf("%s %d", seatName(s, c.Seat), c.Value)
			if slices.Contains(d.Tied, c.Seat) {
				w.Tied = append(w.Tied, v)
			}
			w.All = append(w.All, v)
		}
		if d.TieBreak == "left" {
			w.Left = seatName(s, d.Tied[0])
		}
	}
	return w
}

// reveal builds the haunt card for one screen. viewer is the seat id whose
// phone renders it, 0 for the table: only the viewer's own secret is used.
func reveal(lang string, s *game.State, viewer int) *views.Reveal {
	h := s.Haunt
	if h == nil {
		return nil
	}
	haunt := catalog.HauntByNumber(h.Number)
	r := &views.Reveal{
		Number: h.Number, Name: haunt.Name.In(lang), Revealer: seatName(s, h.Revealer),
		Why: traitorWhy(lang, s, h), Hidden: h.Hidden(),
	}
	if t := h.PublicTraitor(); t != 0 {
		r.Traitor = seatName(s, t)
	}
	seats := make([]int, 0, len(h.Shown))
	for _, seat := range s.Seats {
		if token, ok := h.Shown[seat.ID]; ok {
			seats = append(seats, seat.ID)
			r.Shown = append(r.Shown, views.ShownToken{Name: seat.Name, Token: token})
		}
	}
	if viewer == 0 {
		return r
	}
	switch {
	case h.Hidden() && h.PublicTraitor() == viewer && viewer != 0:
		// The token is face up: the secret is out, so "tell no one" is
		// wrong and the line needs no slot (the table knows who it is).
		r.Token, r.TokenShown = h.Tokens[viewer], true
		r.IsTraitor = true
		r.Role = "shown_traitor"
	case h.Hidden():
		// Only the secret slot depends on the token, and its length does not
		// (secret.go; web's TestSecretSizes checks it).
		r.Token = h.Tokens[viewer]
		_, r.TokenShown = h.Shown[viewer]
		r.Secret, r.Deal = true, game.MaxSeats
	case h.Traitor == viewer:
		r.IsTraitor = true
		r.Role = "traitor"
	case h.Traitor == 0:
		r.Role = "all_heroes"
	default:
		r.Role = "hero"
	}
	return r
}

// LookupHaunt is the haunt the chart gives for omen in room, in lang (the
// chart page's answer), or the error for an omen or room not on the chart.
func LookupHaunt(lang, omen, room string) (views.HauntResult, error) {
	if !catalog.IsOmen(omen) {
		return views.HauntResult{}, &game.Error{Kind: game.Invalid, Key: "err_unknown_omen", Args: []any{omen}}
	}
	if !catalog.IsOmenRoom(room) {
		return views.HauntResult{}, &game.Error{Kind: game.Invalid, Key: "err_unknown_omen_room", Args: []any{room}}
	}
	n := catalog.LookupHaunt(omen, room)
	h := catalog.HauntByNumber(n)
	return views.HauntResult{Number: n, Name: h.Name.In(lang), Traitor: traitorRule(lang, h.Traitor),
		Omen: cardName(lang, omen), Room: roomName(lang, room)}, nil
}

// traitorRule is a haunt's traitor rule, its explorer named in lang.
func traitorRule(lang string, r catalog.TraitorRule) views.TraitorRule {
	t := views.TraitorRule{Kind: r.Kind, Trait: r.Trait, ExceptRevealer: r.ExceptRevealer}
	if r.Explorer != "" {
		t.Explorer = catalog.ExplorerByID(r.Explorer).Name.In(lang)
	}
	return t
}

// reselectForm is "Select another haunt" as the engine allows it
// (game.Options.Reselect): the house's omen rooms that give another haunt,
// nearest the reveal first; the chart's only while the house records no
// room discovered (a table that doesn't record the house); the omens that
// give another haunt.
func reselectForm(lang string, s *game.State, r *game.ReselectOptions) *views.OmenForm {
	if r == nil {
		return nil
	}
	f := &views.OmenForm{}
	for _, o := range houseOmenRooms(lang, s, s.Haunt.Room) {
		if slices.Contains(r.Rooms, o.ID) {
			f.HouseRooms = append(f.HouseRooms, o)
		}
	}
	if len(s.Rooms) == 0 {
		for _, id := range r.Rooms {
			f.Rooms = append(f.Rooms, views.Option{ID: id, Label: roomName(lang, id)})
		}
	}
	for _, id := range r.Omens {
		f.Omens = append(f.Omens, views.Option{ID: id, Label: cardName(lang, id)})
	}
	return f
}
