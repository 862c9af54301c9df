package seatview

import (
	"strconv"
	"sync"

	"lantern/internal/game"
	"lantern/views"
)

// rollOdds is the roller's odds as the engine computes them
// (game.State.RollOdds: the roll's real dice, its modifiers chosen or
// stored), for every choice its form offers: each trait and dice count,
// each purpose, each set of the modifiers offered the engine accepts, each
// result chosen (Angel Feather). The script only picks the numbers its
// fields name (static/dice.js, updateOdds), in JSON:
//
//	{"k": {"<trait or dN>|<purpose>|<modifiers, comma-separated>": plan, or [plan for each chosen result]},
//	 "p": [[label, "<chance shown for each target 0..MaxNeed, space-separated>"], …]}
//
// A choice the engine refuses has no key: the form shows no odds for it.
func rollOdds(s *game.State, seat *game.Seat, r *views.Roller) string {
	o := oddsTable{s: s, actor: game.Actor{Seat: seat.ID}, plans: map[game.RollOdds]int{}}
	o.k = append(make([]byte, 0, 1024), `{"k":{`...)
	var a game.Roll
	named := make([]string, 0, len(r.Modifiers))
	for i := -len(r.Traits); i < r.MaxDice; i++ {
		if i < 0 {
			a = game.Roll{Trait: r.Traits[len(r.Traits)+i].ID}
		} else {
			a = game.Roll{Dice: i + 1}
		}
		for _, p := range r.Purposes {
			a.Purpose = p
			o.subsets(a, r.Modifiers, r.Choose, named)
		}
	}
	if o.k[len(o.k)-1] == ',' {
		o.k = o.k[:len(o.k)-1]
	}
	o.k = append(o.k, `},"p":[`...)
	o.k = append(o.k, o.p...)
	return string(append(o.k, "]}"...))
}

// oddsTable is rollOdds' JSON as it is written: the keys (k) and the
// plans (p), each plan once (plans: its index).
type oddsTable struct {
	s      *game.State
	actor  game.Actor
	k, p   []byte
	plans  map[game.RollOdds]int
	buf    [game.MaxNeed + 1]int // key's plans
	chosen int                   // the result a roll names (Action.Choose)
}

// subsets writes the key of roll a with the modifiers named, then of each
// set with one more of mods (in the form's order) the engine accepts: a
// set the engine refuses is refused with any more modifiers too, so none
// is tried.
func (o *oddsTable) subsets(a game.Roll, mods []views.Option, choose int, named []string) {
	if !o.key(a, named, choose) {
		return
	}
	for i, m := range mods {
		o.subsets(a, mods[i+1:], choose, append(named, m.ID)) // the engine keeps no modifiers list: one array serves
	}
}

// key writes the key of roll a with the modifiers named, and reports
// whether the engine accepts it. When the plan changes with the result the
// form's choose field names (Angel Feather: 0..choose), the key has a plan
// for each result.
func (o *oddsTable) key(a game.Roll, named []string, choose int) bool {
	a.Modifiers = named
	plans := o.buf[:0]
	if choose > 0 { // else no result may be chosen: none is named
		a.Choose = &o.chosen
	}
	for v := range min(choose, game.MaxNeed) + 1 {
		o.chosen = v
		odds, err := o.s.RollOdds(o.actor, a)
		switch {
		case err != nil && v == 0:
			return false
		case err != nil:
			plans = append(plans, -1)
		default:
			plans = append(plans, o.plan(odds))
		}
		if v == 1 && plans[0] == plans[1] {
			plans = plans[:1] // the field names no result here
			break
		}
	}
	o.k = append(o.k, '"')
	if a.Trait != "" {
		o.k = append(o.k, a.Trait...)
	} else {
		o.k = strconv.AppendInt(append(o.k, 'd'), int64(a.Dice), 10)
	}
	o.k = append(append(append(o.k, '|'), a.Purpose...), '|')
	for i, m := range named {
		if i > 0 {
			o.k = append(o.k, ',')
		}
		o.k = append(o.k, m...)
	}
	o.k = append(o.k, `":`...)
	if len(plans) > 1 {
		o.k = append(o.k, '[')
	}
	for i, p := range plans {
		if i > 0 {
			o.k = append(o.k, ',')
		}
		if p < 0 {
			o.k = append(o.k, "null"...)
		} else {
			o.k = strconv.AppendInt(o.k, int64(p), 10)
		}
	}
	if len(plans) > 1 {
		o.k = append(o.k, ']')
	}
	o.k = append(o.k, ',')
	return true
}

// plan is the index of odds among the plans written, writing it if new.
func (o *oddsTable) plan(odds game.RollOdds) int {
	if i, ok := o.plans[odds]; ok {
		return i
	}
	i := len(o.plans)
	o.plans[odds] = i
	if i > 0 {
		o.p = append(o.p, ',')
	}
	o.p = append(o.p, oddsPlan(odds)...)
	return i
}

// oddsPlans are the plans written so far, each the same for every game.
var oddsPlans sync.Map // game.RollOdds → string

// oddsPlan is a plan as rollOdds writes it: its label and its chance of
// each target 0..MaxNeed.
func oddsPlan(odds game.RollOdds) string {
	if p, ok := oddsPlans.Load(odds); ok {
		return p.(string)
	}
	label := "= " + strconv.Itoa(odds.Total)
	if !odds.Fixed {
		label = strconv.Itoa(odds.Dice) + " 🎲"
		if odds.Bonus != 0 {
			label += " + " + strconv.Itoa(odds.Bonus)
		}
	}
	p := strconv.AppendQuote([]byte{'['}, label)
	p = append(p, `,"`...)
	for need := range game.MaxNeed + 1 {
		if need > 0 {
			p = append(p, ' ')
		}
		p = append(p, percent(odds.Chance(need))...)
	}
	s := string(append(p, `"]`...))
	oddsPlans.Store(odds, s)
	return s
}
