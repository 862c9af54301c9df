package game

import (
	"slices"
)

// The four traits' clips: set, stepped, damaged and restored, gains past
// the top remembered as overflow, and the floor a loss stops at.

// traitActions are the actions this file decides.
var traitActions = []Action{SetTrait{}, StepTrait{}, TakeDamage{}, RestoreTrait{}}

// The type names of the actions this file decides.
const (
	ActSetTrait     = "set_trait"
	ActStepTrait    = "step_trait"
	ActTakeDamage   = "take_damage"
	ActRestoreTrait = "restore_trait"
)

// SetTrait puts a seat's clip on a position.
type SetTrait struct {
	Basis
	Seat     int    `json:"seat,omitempty"`
	Trait    string `json:"trait,omitempty"`
	Position *int   `json:"position,omitempty"`
}

func (SetTrait) ActionType() string { return ActSetTrait }

// StepTrait moves a seat's clip up or down.
type StepTrait struct {
	Basis
	Seat  int    `json:"seat,omitempty"`
	Trait string `json:"trait,omitempty"`
	Delta int    `json:"delta,omitempty"`
}

func (StepTrait) ActionType() string { return ActStepTrait }

// TakeDamage splits damage of a kind between its two traits.
type TakeDamage struct {
	Basis
	Seat  int            `json:"seat,omitempty"`
	Kind  string         `json:"kind,omitempty"`
	Split map[string]int `json:"split,omitempty"`
}

func (TakeDamage) ActionType() string { return ActTakeDamage }

// RestoreTrait puts a clip below its start back on it.
type RestoreTrait struct {
	Basis
	Seat  int    `json:"seat,omitempty"`
	Trait string `json:"trait,omitempty"`
}

func (RestoreTrait) ActionType() string { return ActRestoreTrait }

func validTrait(t string) bool { return slices.Contains(Traits, t) }

// damageTraits says which traits a kind of damage may be split between
// (seed 000, 伤害 section: 肉体损伤 → 力量/速度, 精神损伤 → 神志/知识).
var damageTraits = map[string][2]string{
	"physical": {Might, Speed},
	"mental":   {Sanity, Knowledge},
}

// DamageTraits are the two traits a kind of damage (physical, mental) may
// be split between, for screens that lay out a split.
func DamageTraits(kind string) [2]string { return damageTraits[kind] }

// MaxDamage bounds one take_damage: nobody can lose more than a whole track
// twice over in one hit, and it keeps arithmetic far from overflow.
const MaxDamage = 16

func (a SetTrait) decide(s *State, actor Actor) ([]Event, error) {
	return s.moveTraits(actor, a.Basis, a.Seat, func(seat *Seat, floor int) (traitMove, error) { return setTrait(seat, a, floor) })
}

func (a StepTrait) decide(s *State, actor Actor) ([]Event, error) {
	return s.moveTraits(actor, a.Basis, a.Seat, func(seat *Seat, floor int) (traitMove, error) { return stepTrait(seat, a, floor) })
}

func (a RestoreTrait) decide(s *State, actor Actor) ([]Event, error) {
	return s.moveTraits(actor, a.Basis, a.Seat, func(seat *Seat, _ int) (traitMove, error) { return restoreTrait(seat, a) })
}

func (a TakeDamage) decide(s *State, actor Actor) ([]Event, error) {
	var taken traitMove
	evs, err := s.moveTraits(actor, a.Basis, a.Seat, func(seat *Seat, floor int) (traitMove, error) {
		m, err := takeDamage(seat, a, floor)
		taken = m
		return m, err
	})
	if err != nil {
		return nil, err
	}
	id := evs[0].Data.(TraitsChanged).Seat
	if p := s.Pending[id]; p != nil && (slices.Contains(s.damageKinds(id, p.Kind), a.Kind) || p.Kind == "any") && taken.damage == p.Amount {
		evs = append(evs, Event{Data: DamagePending{Seat: id}}) // the card's damage is taken
	}
	return evs, nil
}

// moveTraits is what the four trait actions share: the acting seat, alive
// and not changed since the action's version, and the clips move makes
// move.
func (s *State) moveTraits(actor Actor, basis Basis, number int, move func(seat *Seat, floor int) (traitMove, error)) ([]Event, error) {
	seat, err := s.actingSeat(actor, number, true)
	if err != nil {
		return nil, err
	}
	if basis.stale(seat.ChangedAt) {
		return nil, refuse(Conflict, "err_stale")
	}
	m, err := move(seat, s.Floor())
	if err != nil {
		return nil, err
	}
	if len(m.changes) == 0 {
		return nil, refuse(Conflict, "err_no_change")
	}
	return []Event{{Data: TraitsChanged{Seat: seat.ID, Cause: m.cause, Changes: m.changes}}}, nil
}

// traitMove is what one trait action does to a seat's clips: its cause,
// the clips it moves, and for damage the points taken.
type traitMove struct {
	cause   string
	changes []TraitChange
	damage  int
}

// change adds the move of a trait's clip to to, unless it is there already.
func (m *traitMove) change(seat *Seat, trait string, to TraitState) {
	if from := seat.Traits[trait]; from != to {
		m.changes = append(m.changes, TraitChange{Trait: trait, From: from, To: to})
	}
}

// setTrait puts a clip on a position (set_trait).
func setTrait(seat *Seat, a SetTrait, floor int) (traitMove, error) {
	m := traitMove{cause: "set"}
	if !validTrait(a.Trait) {
		return m, refuse(Invalid, "err_bad_trait", a.Trait)
	}
	if a.Position == nil || *a.Position < floor || *a.Position > TopPosition {
		if a.Position != nil && *a.Position == 0 {
			return m, refuse(Invalid, "err_no_death_before_haunt")
		}
		return m, refuse(Invalid, "err_bad_position", floor, TopPosition)
	}
	m.change(seat, a.Trait, TraitState{Position: *a.Position})
	return m, nil
}

// stepTrait moves a clip up or down (step_trait).
func stepTrait(seat *Seat, a StepTrait, floor int) (traitMove, error) {
	m := traitMove{cause: "step"}
	if !validTrait(a.Trait) {
		return m, refuse(Invalid, "err_bad_trait", a.Trait)
	}
	if a.Delta == 0 || a.Delta > MaxDamage || a.Delta < -MaxDamage {
		return m, refuse(Invalid, "err_bad_delta", MaxDamage, MaxDamage)
	}
	from := seat.Traits[a.Trait]
	if a.Delta > 0 {
		m.change(seat, a.Trait, Gain(from, a.Delta))
	} else {
		to := Lose(from, -a.Delta, floor)
		if to == from {
			return m, refuse(Conflict, "err_at_floor")
		}
		m.change(seat, a.Trait, to)
	}
	return m, nil
}

// takeDamage splits damage of a kind between its two traits (take_damage).
func takeDamage(seat *Seat, a TakeDamage, floor int) (traitMove, error) {
	m := traitMove{cause: a.Kind}
	pair, ok := damageTraits[a.Kind]
	if !ok {
		return m, refuse(Invalid, "err_bad_damage_kind", a.Kind)
	}
	total := 0
	for t, n := range a.Split {
		if t != pair[0] && t != pair[1] {
			return m, refuse(Invalid, "err_split_trait", t)
		}
		if n < 0 || n > MaxDamage {
			return m, refuse(Invalid, "err_bad_damage", MaxDamage)
		}
		total += n
	}
	if total == 0 || total > MaxDamage {
		return m, refuse(Invalid, "err_bad_damage", MaxDamage)
	}
	m.damage = total
	for _, t := range pair {
		if n := a.Split[t]; n > 0 {
			m.change(seat, t, Lose(seat.Traits[t], n, floor))
		}
	}
	return m, nil
}

// restoreTrait puts a clip below its start back on it (restore_trait).
func restoreTrait(seat *Seat, a RestoreTrait) (traitMove, error) {
	m := traitMove{cause: "restore"}
	if !validTrait(a.Trait) {
		return m, refuse(Invalid, "err_bad_trait", a.Trait)
	}
	start := seat.ExplorerData().Traits[a.Trait].Start
	if seat.Traits[a.Trait].Position >= start {
		return m, refuse(Conflict, "err_not_below_start")
	}
	m.change(seat, a.Trait, TraitState{Position: start})
	return m, nil
}

// Gain moves a clip up n steps; steps past the top are remembered as overflow
// (seed 003, 檢定: 超出的部份使用紙筆記錄).
func Gain(t TraitState, n int) TraitState {
	t.Position += n
	if t.Position > TopPosition {
		t.Overflow += t.Position - TopPosition
		t.Position = TopPosition
	}
	return t
}

// Lose moves a clip down n steps, taking overflow first (seed 003), never
// below floor: 1 before the haunt, 0 (the skull) after (seed 000, 伤害).
func Lose(t TraitState, n, floor int) TraitState {
	fromOverflow := min(n, t.Overflow)
	t.Overflow -= fromOverflow
	t.Position = max(t.Position-(n-fromOverflow), floor)
	return t
}

// traitDelta turns signed trait changes into clip moves for one seat: gains
// climb (past the top into overflow), losses take overflow first and stop at
// the floor (seed 003, 檢定; l.169 for items).
func (s *State) traitDelta(seat *Seat, m map[string]int, traits map[string]TraitState) []TraitChange {
	floor := s.Floor()
	var out []TraitChange
	for _, t := range Traits {
		n, ok := m[t]
		if !ok || n == 0 {
			continue
		}
		from := traits[t]
		to := from
		if n > 0 {
			to = Gain(from, n)
		} else {
			to = Lose(from, -n, floor)
		}
		traits[t] = to
		if to != from {
			out = append(out, TraitChange{Trait: t, From: from, To: to})
		}
	}
	return out
}

// Floor is the lowest position a loss can reach now: 1 before the haunt,
// 0 (the skull) after (seed 000, 伤害).
func (s *State) Floor() int {
	if s.Phase == PhaseHaunt {
		return 0
	}
	return 1
}
