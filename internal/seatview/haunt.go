package seatview

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
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

func rollWhat(lang string, r game.RollRecord) string {
	switch {
	case r.Purpose == "haunt":
		return i18n.T(lang, "roll_haunt", r.OmenCount)
	case r.Purpose == "monster-move":
		kind, _ := strings.CutPrefix(r.Source, "monster:")
		return i18n.T(lang, "roll_monster_move", kind, r.Dice, game.MoveOf(r))
	case r.Purpose == "damage": // a damage die says what it is for
		if r.Source == "" {
			return i18n.T(lang, "roll_damage_plain", r.Dice)
		}
		return i18n.T(lang, "roll_damage", sourceName(lang, r.Source), r.Dice)
	case r.Purpose == "attack" || r.Purpose == "defend":
		return i18n.T(lang, "roll_"+r.Purpose, i18n.T(lang, "trait_"+r.Trait), r.Dice)
	case r.Trait != "":
		return i18n.T(lang, "roll_trait", i18n.T(lang, "trait_"+r.Trait), r.Dice) + purposeSuffix(lang, r.Purpose)
	case game.StoredDice(r.Purpose) > 0:
		return i18n.T(lang, "roll_meant", r.Dice)
	default:
		return i18n.T(lang, "roll_plain_n", r.Dice) + purposeSuffix(lang, r.Purpose)
	}
}

func purposeSuffix(lang, purpose string) string {
	switch purpose {
	case "event", "room", "item":
		return " · " + i18n.T(lang, "purpose_"+purpose)
	}
	return ""
}

func rollLine(lang string, s *game.State, r game.RollRecord) views.RollLine {
	mods := make([]string, 0, len(r.Modifiers))
	for _, m := range r.Modifiers {
		mods = append(mods, cardName(lang, m))
	}
	who := seatName(s, r.Seat)
	if r.Seat == 0 { // monsters roll without a seat
		who = i18n.T(lang, "monsters")
	}
	l := views.RollLine{
		Who: who, What: rollWhat(lang, r), Faces: r.Faces, Total: r.Total,
		Target: r.Target, Success: r.Success(), Manual: r.Manual, Mods: strings.Join(mods, ", "),
	}
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
	for _, p := range rollPurposes {
		r.Purposes = append(r.Purposes, views.Option{ID: p, Label: i18n.T(lang, "purpose_"+cmp.Or(p, "free"))})
	}
	for _, m := range game.RollModifiers() {
		if game.StoredDice(m) > 0 { // its roll stores a result ahead (It Is Meant to Be)
			r.Purposes = append(r.Purposes, views.Option{ID: m, Label: i18n.T(lang, "purpose_meant")})
		}
	}
	// The modifiers the engine allows now (game.Options): items held and
	// usable, room tokens on the board, a stored result when there is one.
	if opts.Roll != nil {
		for _, mo := range opts.Roll.Modifiers {
			r.Modifiers = append(r.Modifiers, views.Option{ID: mo.Card, Label: cardName(lang, mo.Card) + " — " + i18n.T(lang, "mod_"+mo.Card)})
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

// explainTraitor says in words how the traitor was picked.
func explainTraitor(lang string, s *game.State, h *game.HauntState) string {
	d := h.Decision
	rule := d.Rule
	var parts []string
	if rule.Explorer != "" {
		name := catalog.ExplorerByID(rule.Explorer).Name.In(lang)
		if d.Named {
			return i18n.T(lang, "why_named", name)
		}
		parts = append(parts, i18n.T(lang, "why_named_absent", name))
	}
	switch rule.Kind {
	case "revealer":
		parts = append(parts, i18n.T(lang, "why_revealer"))
	case "left_of_revealer":
		parts = append(parts, i18n.T(lang, "why_left"))
	case "none":
		parts = append(parts, i18n.T(lang, "why_none"))
	case "none_at_first":
		parts = append(parts, i18n.T(lang, "why_none_at_first"))
	case "hidden":
		// Once a token is face up, "only they know" is no longer true.
		switch {
		case h.PublicTraitor() != 0:
			parts = append(parts, i18n.T(lang, "why_hidden_shown"))
		case len(h.Shown) > 0:
			shown := make([]int, 0, len(h.Shown))
			for _, n := range h.Shown {
				shown = append(shown, n)
			}
			slices.Sort(shown)
			nums := make([]string, len(shown))
			for i, n := range shown {
				nums[i] = "#" + strconv.Itoa(n)
			}
			parts = append(parts, i18n.T(lang, "why_hidden_heroes", strings.Join(nums, ", ")))
		default:
			parts = append(parts, i18n.T(lang, "why_hidden"))
		}
	case "highest_trait", "lowest_trait", "oldest_explorer", "youngest_explorer":
		what := i18n.T(lang, "why_"+rule.Kind)
		if rule.Trait != "" {
			what = i18n.T(lang, "why_"+rule.Kind, i18n.T(lang, "trait_"+rule.Trait))
		}
		if rule.ExceptRevealer {
			what += i18n.T(lang, "why_except_revealer")
		}
		var tied []string
		for _, c := range d.Candidates {
			if slices.Contains(d.Tied, c.Seat) {
				tied = append(tied, fmt.Sprintf("%s %d", seatName(s, c.Seat), c.Value))
			}
		}
		switch d.TieBreak {
		case "revealer":
			parts = append(parts, what+": "+i18n.T(lang, "why_tie_revealer", strings.Join(tied, ", ")))
		case "left":
			parts = append(parts, what+": "+i18n.T(lang, "why_tie_left", strings.Join(tied, ", "), seatName(s, d.Tied[0])))
		default:
			var all []string
			for _, c := range d.Candidates {
				all = append(all, fmt.Sprintf("%s %d", seatName(s, c.Seat), c.Value))
			}
			parts = append(parts, what+": "+strings.Join(all, ", "))
		}
	}
	return strings.Join(parts, " ")
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
		Explanation: explainTraitor(lang, s, h), Hidden: h.Hidden(),
	}
	if t := h.PublicTraitor(); t != 0 {
		r.Traitor = seatName(s, t)
	}
	seats := make([]int, 0, len(h.Shown))
	for _, seat := range s.Seats {
		if token, ok := h.Shown[seat.ID]; ok {
			seats = append(seats, seat.ID)
			if token == 1 {
				r.Shown = append(r.Shown, i18n.T(lang, "traitor_shown", seat.Name, seat.Name))
			} else {
				r.Shown = append(r.Shown, i18n.T(lang, "token_shown", seat.Name, token))
			}
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
		r.Message = i18n.T(lang, "you_shown_traitor", h.Number)
	case h.Hidden():
		// Only the secret slot depends on the token, and its length does not
		// (secret.go; web's TestSecretSizes checks it).
		r.Token = h.Tokens[viewer]
		_, r.TokenShown = h.Shown[viewer]
		r.Secret = secretRevealSlot(lang, h.Number, r.Token)
	case h.Traitor == viewer:
		r.IsTraitor = true
		r.Message = i18n.T(lang, "you_traitor", h.Number)
	case h.Traitor == 0:
		r.Message = i18n.T(lang, "you_all_heroes", h.Number)
	default:
		r.Message = i18n.T(lang, "you_hero", h.Number)
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
	return views.HauntResult{Number: n, Name: h.Name.In(lang), Traitor: traitorRuleText(lang, h.Traitor),
		Omen: cardName(lang, omen), Room: roomName(lang, room)}, nil
}

// traitorRuleText states a haunt's traitor rule in lang.
func traitorRuleText(lang string, r catalog.TraitorRule) string {
	text := i18n.T(lang, "rule_"+r.Kind)
	if r.Trait != "" {
		text = i18n.T(lang, "rule_"+r.Kind, i18n.T(lang, "trait_"+r.Trait))
	}
	if r.ExceptRevealer {
		text += i18n.T(lang, "why_except_revealer")
	}
	if r.Explorer != "" {
		text = i18n.T(lang, "rule_named", catalog.ExplorerByID(r.Explorer).Name.In(lang), text)
	}
	return text
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
