package game

import (
	"maps"
	"slices"
	"sync"

	"lantern/internal/catalog"
)

// Dice: a roll of dice or of a trait, the cards that change it (modifiers,
// a stored result) and rerolls, its odds, and how it is judged.

// rollActions are the actions this file decides.
var rollActions = []Action{Roll{}, Reroll{}}

// The type names of the actions this file decides.
const (
	ActRoll   = "roll"
	ActReroll = "reroll"
)

// Roll rolls dice: a trait's or a number, for a purpose, a card's or a room's. Faces or Total carry real dice typed in; without them the server rolls.
type Roll struct {
	Basis
	Seat      int      `json:"seat,omitempty"`
	Dice      int      `json:"dice,omitempty"`
	Trait     string   `json:"trait,omitempty"`
	Purpose   string   `json:"purpose,omitempty"`
	Need      int      `json:"need,omitempty"`
	Modifiers []string `json:"modifiers,omitempty"`
	Choose    *int     `json:"choose,omitempty"`
	Source    string   `json:"source,omitempty"`
	Room      string   `json:"room,omitempty"`
	Faces     []int    `json:"faces,omitempty"`
	Total     *int     `json:"total,omitempty"`
	Card      string   `json:"card,omitempty"`
}

func (Roll) ActionType() string { return ActRoll }

// Reroll rerolls some dice of the seat's last roll with a card.
type Reroll struct {
	Basis
	Seat    int    `json:"seat,omitempty"`
	Card    string `json:"card,omitempty"`
	Indexes []int  `json:"indexes,omitempty"`
	Faces   []int  `json:"faces,omitempty"`
}

func (Reroll) ActionType() string { return ActReroll }

// RollRecord is one dice roll as the log shows it.
type RollRecord struct {
	Seq     int    `json:"seq"`
	Seat    int    `json:"seat"`              // stable seat id
	Purpose string `json:"purpose,omitempty"` // trait, event, room, item, haunt, it-is-meant-to-be, free
	Trait   string `json:"trait,omitempty"`
	Dice    int    `json:"dice"`
	Faces   []int  `json:"faces,omitempty"` // empty when a total was typed in or chosen
	Bonus   int    `json:"bonus,omitempty"` // added to the dice (Adrenaline Shot)
	Total   int    `json:"total"`
	Target  int    `json:"target,omitempty"` // "4+" means 4
	// Manual is set when the total came from real dice on the table.
	Manual    bool     `json:"manual,omitempty"`
	Modifiers []string `json:"modifiers,omitempty"` // card ids used
	// OmenCount is the omen count a haunt roll was made against.
	OmenCount int `json:"omen_count,omitempty"`
	// Source is the card or room the roll was for ("card:<id>").
	Source string `json:"source,omitempty"`
	// Applied is set once the roll's outcome was applied.
	Applied bool `json:"applied,omitempty"`
}

// Success reports whether the roll met its target (true without a target).
func (r RollRecord) Success() bool { return r.Target == 0 || r.Total >= r.Target }

// RollModifiers lists the cards a roll may name (each card whose data has a
// modifier), in the order the roller shows them: those that change the dice,
// then those that set the result (Angel Feather, It Is Meant to Be). The
// box never changes, so the list is made once (every phone's options ask).
func RollModifiers() []string { return slices.Clip(rollModifiers()) }

var rollModifiers = sync.OnceValue(func() []string {
	var dice, result []string
	for _, c := range catalog.Box().Cards {
		switch {
		case c.Modifier == nil:
		case c.Modifier.Choose > 0 || c.Modifier.Stored > 0:
			result = append(result, c.ID)
		default:
			dice = append(dice, c.ID)
		}
	}
	return append(dice, result...)
})

// modifierCard is a roll modifier as rollOptions tries it: its card,
// whether it must be held, and the modifiers list naming it alone.
type modifierCard struct {
	card  *catalog.Card
	item  bool
	named []string // never changed: decide reads it, a roll event clones it
}

// modifierCards are RollModifiers, made once.
var modifierCards = sync.OnceValue(func() []modifierCard {
	var out []modifierCard
	for _, m := range rollModifiers() {
		out = append(out, modifierCard{card: catalog.Box().Card(m), item: IsItemModifier(m), named: []string{m}})
	}
	return out
})

// RerollCards lists the cards that reroll after seeing the dice (each card
// whose data has a reroll), made once like RollModifiers.
func RerollCards() []string { return slices.Clip(rerollCards()) }

var rerollCards = sync.OnceValue(func() []string {
	var out []string
	for _, c := range catalog.Box().Cards {
		if c.Reroll != nil {
			out = append(out, c.ID)
		}
	}
	return out
})

// StoredDice is how many dice a roll made for a card's stored result rolls
// (purpose: the card's id; It Is Meant to Be: 4), or 0 for any other
// purpose.
func StoredDice(purpose string) int {
	for _, c := range storedCards() {
		if c.ID == purpose {
			return c.Modifier.Stored
		}
	}
	return 0
}

// storedCards are the cards whose stored result is rolled ahead, made
// once: every roll's purpose is looked for among them (one card in the
// box), and a string compared with one or two is cheaper than a map.
var storedCards = sync.OnceValue(func() []*catalog.Card {
	var out []*catalog.Card
	for _, c := range catalog.Box().Cards {
		if c := catalog.Box().Card(c.ID); c.Modifier != nil && c.Modifier.Stored > 0 {
			out = append(out, c)
		}
	}
	return out
})

// namesStored reports whether a roll used a stored result.
func namesStored(mods []string) bool {
	return slices.ContainsFunc(mods, func(m string) bool { return StoredDice(m) > 0 })
}

// HauntRollDice is the size of a haunt roll (seed 000, 作祟: 掷6颗游戏骰子).
const HauntRollDice = 6

// rollPlan is the dice to roll once modifiers are applied.
type rollPlan struct {
	dice, bonus int
	chosen      *int
	stored      *int
}

// modifierFits reports whether a modifier may be named on this roll: "any"
// roll, a "trait" roll, a trait roll an "event" asks for, an "attack" or a
// "defend" (seed 002 FAQ: attacks are not trait rolls).
func modifierFits(on []string, purpose string, traitRoll bool) bool {
	fight := purpose == "attack" || purpose == "defend"
	return slices.Contains(on, "any") || slices.Contains(on, purpose) && fight ||
		traitRoll && !fight && (slices.Contains(on, "trait") || slices.Contains(on, "event") && purpose == "event")
}

// planRoll applies modifiers to a base dice count, refusing ones that don't
// apply (seed 003: at most 8 dice; each card's modifier data, from its text).
// seat is nil for a monster's roll, which names none.
func (s *State) planRoll(seat *Seat, base int, purpose string, traitRoll bool, mods []string, choose *int) (rollPlan, error) {
	p := rollPlan{dice: base}
	fewer := 0
	for i, m := range mods {
		if slices.Contains(mods[:i], m) {
			return p, refuse(Invalid, "err_modifier_twice", m)
		}
		c := catalog.Box().Card(m)
		if seat == nil || c == nil || c.Modifier == nil {
			return p, refuse(Invalid, "err_unknown_modifier", m)
		}
		if c.Deck != "event" {
			if err := s.mayUse(Actor{}, seat, c); err != nil {
				if !s.Holds(seat.ID, m) {
					return p, refuse(Conflict, "err_not_holding", seat.Name)
				}
				return p, err
			}
		}
		mod := c.Modifier
		switch {
		case mod.Choose > 0: // a result named instead of rolled (Angel Feather: any roll)
			if choose == nil || *choose < 0 || *choose > mod.Choose {
				return p, refuse(Invalid, "err_choose_result", c.Name, mod.Choose)
			}
			p.chosen = choose
			continue
		case mod.Stored > 0: // a result rolled ahead (It Is Meant to Be)
			v, ok := s.MeantToBe[seat.ID]
			if !ok {
				return p, refuse(Conflict, "err_no_stored_roll")
			}
			p.stored = &v
			continue
		}
		if !modifierFits(mod.On, purpose, traitRoll) {
			if traitRoll && slices.Equal(mod.On, []string{"event"}) {
				return p, refuse(Invalid, "err_modifier_event_only", c.Name)
			}
			return p, refuse(Invalid, "err_trait_roll_only", c.Name)
		}
		if mod.HeroesOnly && !s.knownHero(seat) {
			return p, refuse(Invalid, "err_modifier_heroes_only", c.Name)
		}
		if mod.Dice < 0 {
			fewer -= mod.Dice
		} else {
			p.dice += mod.Dice
		}
		p.bonus += mod.Bonus
	}
	if p.chosen != nil && (p.stored != nil || p.bonus != 0) {
		return p, refuse(Invalid, "err_modifier_clash")
	}
	if fewer > 0 { // fewer dice after every other change, never below 1 (Drip, Smoke)
		p.dice = max(p.dice-fewer, 1)
	}
	p.dice = min(p.dice, MaxDice)
	return p, nil
}

// knownHero reports whether the table knows the seat for a hero: the haunt
// has begun and the seat is no known traitor. Judged on what the table
// knows: a hidden traitor's secret must not show through a refusal (seed
// 002, 内奸).
func (s *State) knownHero(seat *Seat) bool {
	return s.Phase == PhaseHaunt && (s.Haunt == nil || s.Haunt.PublicTraitor() != seat.ID) && s.Sides[seat.ID] != SideTraitor
}

// IsItemModifier reports whether a roll card must be held to be used (an
// item or omen; event tokens lie in rooms, a stored result is the seat's).
func IsItemModifier(m string) bool {
	c := catalog.Box().Card(m)
	return c != nil && c.Deck != "event"
}

// usedUp are what naming held cards on a roll does to them: a one-use card
// is discarded, another is used for the turn unless it helps every roll
// (the Candle), and a cost is paid (the Idol's Sanity).
func (s *State) usedUp(seat *Seat, mods []string) []Event {
	var evs []Event
	cost := map[string]int{}
	for _, m := range mods {
		c := catalog.Box().Card(m)
		if c == nil || !s.Holds(seat.ID, m) {
			continue
		}
		switch {
		case c.DiscardAfterUse:
			evs = append(evs, Event{Data: CardMoved{Seat: seat.ID, Card: m, How: "discard"}})
			evs = append(evs, s.cardEffects(seat, nil, []string{m}, "card:"+m)...)
		case c.Modifier != nil && !c.Modifier.EveryRoll:
			evs = append(evs, Event{Data: CardUsed{Seat: seat.ID, Card: m}})
		}
		if c.Modifier != nil {
			for t, n := range c.Modifier.Cost {
				cost[t] += n
			}
		}
	}
	if len(cost) == 0 {
		return evs
	}
	if ch := s.traitDelta(seat, cost, maps.Clone(seat.Traits)); len(ch) > 0 {
		evs = append(evs, Event{Data: TraitsChanged{Seat: seat.ID, Cause: "modifier", Changes: ch}})
	}
	return evs
}

// resolveDice turns a plan into faces and a total: typed-in real dice (faces
// or a total) when given, else the server rolls.
func (s *State) resolveDice(rec *RollRecord, p rollPlan, faces []int, total *int) error {
	rec.Dice, rec.Bonus = p.dice, p.bonus
	switch {
	case p.chosen != nil:
		rec.Dice, rec.Total = 0, *p.chosen
		return nil
	case p.stored != nil:
		rec.Dice, rec.Total = 0, *p.stored+p.bonus
		return nil
	case faces != nil:
		if len(faces) != p.dice {
			return refuse(Invalid, "err_faces_count", p.dice)
		}
		for _, f := range faces {
			if f < 0 || f > 2 {
				return refuse(Invalid, "err_face_value")
			}
		}
		rec.Faces, rec.Manual = slices.Clone(faces), true
	case total != nil:
		if *total < 0 || *total > 2*p.dice {
			return refuse(Invalid, "err_total_range", 2*p.dice)
		}
		rec.Total, rec.Manual = *total+p.bonus, true
		return nil
	default:
		rec.Faces = RollDice(s.random(), p.dice)
	}
	sum := 0
	for _, f := range rec.Faces {
		sum += f
	}
	rec.Total = sum + p.bonus
	return nil
}

func (a Roll) decide(s *State, actor Actor) ([]Event, error) {
	seat, purpose, plan, err := s.rollPlanOf(actor, a)
	if err != nil {
		return nil, err
	}
	rec := RollRecord{Seat: seat.ID, Purpose: purpose, Trait: a.Trait, Target: a.Need, Source: a.Source}
	if err := s.resolveDice(&rec, plan, a.Faces, a.Total); err != nil {
		return nil, err
	}
	if roll, _, _, _ := effectSource(a.Source); roll != nil && roll.VsOmens {
		rec.OmenCount = len(s.Omens) // read against the omens revealed now (Disquieting Sounds)
	}
	rec.Modifiers = slices.Clone(a.Modifiers)
	return append([]Event{{Data: Rolled{Seat: seat.ID, Roll: &rec}}}, s.usedUp(seat, a.Modifiers)...), nil
}

// MaxNeed is the highest target a roll may name: 8 dice of 2 and a bonus
// of 4 (Adrenaline Shot).
const MaxNeed = 2*MaxDice + 4

// RollOdds is what a roll would roll, asked before it is made: Dice dice
// plus Bonus, or, when Fixed, the result Total without dice (a result
// chosen, Angel Feather, or stored, It Is Meant to Be, with its bonus).
type RollOdds struct {
	Dice, Bonus int
	Fixed       bool
	Total       int
}

// Chance is the exact chance that the roll totals need or more: the dice
// law (ChanceAtLeast) for dice, certain or hopeless for a fixed result.
func (o RollOdds) Chance(need int) float64 {
	switch {
	case !o.Fixed:
		return ChanceAtLeast(o.Dice, o.Bonus, need)
	case o.Total >= need:
		return 1
	}
	return 0
}

// RollOdds says what roll action a would roll if actor made it now, with
// the modifiers it names, or why Decide would refuse it. Its target is
// read as Decide reads it; typed faces or a total are not (the odds are
// asked before the dice are known).
func (s *State) RollOdds(actor Actor, a Roll) (RollOdds, error) {
	a.Faces, a.Total = nil, nil
	if err := s.admits(actor, a); err != nil {
		return RollOdds{}, err
	}
	_, _, p, err := s.rollPlanOf(actor, a)
	switch {
	case err != nil:
		return RollOdds{}, err
	case p.chosen != nil:
		return RollOdds{Fixed: true, Total: *p.chosen}, nil
	case p.stored != nil:
		return RollOdds{Fixed: true, Total: *p.stored + p.bonus}, nil
	}
	return RollOdds{Dice: p.dice, Bonus: p.bonus}, nil
}

// rollPlanOf is Roll.decide's checks of a roll before any die: the seat that
// rolls, the roll's purpose and the dice to roll.
func (s *State) rollPlanOf(actor Actor, a Roll) (*Seat, string, rollPlan, error) {
	seat, err := s.actingSeat(actor, a.Seat, true)
	if err != nil {
		return nil, "", rollPlan{}, err
	}
	purpose := a.Purpose
	base := a.Dice
	stored := StoredDice(purpose)
	switch {
	case stored > 0:
		base = stored
	case a.Trait != "":
		if !validTrait(a.Trait) {
			return nil, "", rollPlan{}, refuse(Invalid, "err_bad_trait", a.Trait)
		}
		base = seat.Value(a.Trait)
		if purpose == "" {
			purpose = "trait"
		}
	case base < 1 || base > MaxDice:
		return nil, "", rollPlan{}, refuse(Invalid, "err_dice_count", MaxDice)
	}
	if a.Room != "" { // the room the roller names changes the dice (Groundskeeper in the Gardens)
		n, err := s.roomDice(seat.ID, a)
		if err != nil {
			return nil, "", rollPlan{}, err
		}
		base = min(max(base+n, 1), MaxDice)
	}
	if !plainPurpose(purpose) && stored == 0 {
		return nil, "", rollPlan{}, refuse(Invalid, "err_bad_purpose", purpose)
	}
	if purpose == "" {
		purpose = "free"
	}
	if a.Need < 0 || a.Need > MaxNeed {
		return nil, "", rollPlan{}, refuse(Invalid, "err_bad_target")
	}
	if stored > 0 && len(a.Modifiers) > 0 {
		return nil, "", rollPlan{}, refuse(Invalid, "err_modifier_clash")
	}
	plan, err := s.planRoll(seat, base, purpose, a.Trait != "", a.Modifiers, a.Choose)
	if err != nil {
		return nil, "", rollPlan{}, err
	}
	if a.Source != "" {
		if err := s.mayRollFor(actor, seat, a); err != nil {
			return nil, "", rollPlan{}, err
		}
	}
	return seat, purpose, plan, nil
}

// plainPurpose reports whether a roll may be made for this purpose by
// anyone (a card's stored result rolls for its id: StoredDice).
func plainPurpose(purpose string) bool {
	switch purpose {
	case "", "free", "trait", "event", "room", "item", "omen", "haunt-action":
		return true
	}
	return false
}

// rerolledEvents are a reroll's event and, for a fight's roll, the fight
// judged again: a monster that loses it now is stunned.
func (s *State) rerolledEvents(r Rerolled, fight bool) []Event {
	if !fight {
		return []Event{{Data: r}}
	}
	r.Attack = s.rejudge(*r.Roll)
	evs := []Event{{Data: r}}
	if l := r.Attack.Loser; l.Monster != "" && r.Attack.Damage > 0 {
		evs = append(evs, Event{Data: Stunned{Monster: l.Monster}})
	}
	return evs
}

// foldRolls applies a roll or a reroll. A rerolled fight roll carries the
// fight judged again.
func (s *State) foldRolls(e Event) {
	if d, ok := e.Data.(Rerolled); ok {
		for i := range s.Rolls {
			if s.Rolls[i].Seq == d.Target {
				s.Rolls[i] = *d.Roll
			}
		}
		if StoredDice(d.Roll.Purpose) > 0 {
			s.MeantToBe[d.Roll.Seat] = d.Roll.Total
		}
		if d.Attack != nil {
			at := *d.Attack
			s.Attack = &at
		}
		return
	}
	r := *e.Data.(Rolled).Roll
	r.Seq = e.Seq
	s.Rolls = append(s.Rolls, r)
	if StoredDice(r.Purpose) > 0 {
		s.MeantToBe[r.Seat] = r.Total
	}
	if namesStored(r.Modifiers) {
		delete(s.MeantToBe, r.Seat)
	}
	if r.Purpose == "haunt" && len(s.OwedHauntRolls) > 0 {
		s.OwedHauntRolls = s.OwedHauntRolls[1:]
	}
}

// Rerollable reports whether reroll cards may change a roll: server dice of
// a roll that settled nothing else yet (not the haunt roll, a fight's rolls,
// damage dice or a monster's move).
func Rerollable(r RollRecord) bool {
	switch r.Purpose {
	case "haunt", "attack", "defend", "damage", "monster-move":
		return false
	}
	return len(r.Faces) > 0 && !r.Manual && !r.Applied
}

// fightRoll reports whether a roll is the attack or defence of the attack
// in progress, while nothing it decided has been taken yet: no damage split,
// no theft, no monster stunned (a tie or a miss settles nothing).
func (s *State) fightRoll(r RollRecord) bool {
	at := s.Attack
	if at == nil || (r.Purpose != "attack" && r.Purpose != "defend") || r.Seq < at.Seq {
		return false
	}
	return !at.Done || at.Damage == 0 && at.Loser.Monster == "" && at.Loser.Card == ""
}

// rejudge is the attack in progress with one of its rolls rerolled: the
// totals are compared again (seed 000, 袭击).
func (s *State) rejudge(r RollRecord) *AttackState {
	res := *s.Attack
	res.Loser, res.Damage, res.Kind, res.CanSteal, res.Done = Target{}, 0, "", false, false
	if r.Purpose == "attack" {
		res.Attack = r
	} else {
		d := r
		res.Defense = &d
	}
	if res.Defense != nil {
		s.resolveAttack(&res)
	}
	return &res
}

// LastRoll returns a seat's newest roll, or nil.
func (s *State) LastRoll(seatID int) *RollRecord {
	for i := len(s.Rolls) - 1; i >= 0; i-- {
		if s.Rolls[i].Seat == seatID {
			return &s.Rolls[i]
		}
	}
	return nil
}

// decide rerolls dice of the seat's last roll with a card's reroll
// (Lucky Stone: any dice, once; Rabbit's Foot: one die). The haunt roll is
// not a trait roll and can't be rerolled.
func (a Reroll) decide(s *State, actor Actor) ([]Event, error) {
	seat, err := s.actingSeat(actor, a.Seat, false)
	if err != nil {
		return nil, err
	}
	last := s.LastRoll(seat.ID)
	card := catalog.Box().Card(a.Card)
	if card == nil || card.Reroll == nil {
		return nil, refuse(Invalid, "err_unknown_modifier", a.Card)
	}
	// The Lucky Stone rerolls any roll, a fight's too (its card; seed 002
	// FAQ: usable outside your turn, e.g. when attacked).
	fight := last != nil && card.Reroll.Fights && s.fightRoll(*last)
	if last == nil || !Rerollable(*last) && !fight {
		return nil, refuse(Conflict, "err_nothing_to_reroll")
	}
	if !s.Holds(seat.ID, a.Card) {
		return nil, refuse(Conflict, "err_card_not_held", card.Name)
	}
	if slices.Contains(last.Modifiers, a.Card) {
		return nil, refuse(Conflict, "err_rerolled_already")
	}
	if err := s.mayUse(actor, seat, card); err != nil {
		return nil, err
	}
	if len(a.Indexes) == 0 {
		return nil, refuse(Invalid, "err_reroll_dice", card.Name)
	}
	if most := card.Reroll.Dice; most > 0 && len(a.Indexes) > most {
		return nil, refuse(Invalid, "err_reroll_most", card.Name, most)
	}
	rec := *last
	rec.Faces = slices.Clone(last.Faces)
	rec.Modifiers = append(slices.Clone(last.Modifiers), a.Card)
	seen := map[int]bool{}
	for _, i := range a.Indexes {
		if i < 0 || i >= len(rec.Faces) || seen[i] {
			return nil, refuse(Invalid, "err_reroll_dice", card.Name)
		}
		seen[i] = true
	}
	if a.Faces != nil && len(a.Faces) != len(a.Indexes) {
		return nil, refuse(Invalid, "err_faces_count", len(a.Indexes))
	}
	fresh := a.Faces
	if fresh == nil {
		fresh = RollDice(s.random(), len(a.Indexes))
	}
	for k, i := range a.Indexes {
		if fresh[k] < 0 || fresh[k] > 2 {
			return nil, refuse(Invalid, "err_face_value")
		}
		rec.Faces[i] = fresh[k]
	}
	rec.Total = rec.Bonus
	for _, f := range rec.Faces {
		rec.Total += f
	}
	evs := s.rerolledEvents(Rerolled{Seat: seat.ID, Target: last.Seq, Roll: &rec}, fight)
	if !card.DiscardAfterUse { // Rabbit's Foot: once a turn (its card)
		evs = append(evs, Event{Data: CardUsed{Seat: seat.ID, Card: a.Card}})
	}
	return append(evs, s.usedUp(seat, []string{a.Card})...), nil
}

// rollEvents are the events this file folds, with the fold that applies them.
var rollEvents = eventTopic{fold: quiet((*State).foldRolls), events: []EventData{Rolled{}, Rerolled{}}}

// The type names of the events this file folds.
const (
	EvRolled   = "rolled"
	EvRerolled = "rerolled"
)

// Rolled: dice were rolled.
type Rolled struct {
	Seat int         `json:"seat,omitempty"` // stable seat id the event is about
	Roll *RollRecord `json:"roll,omitempty"`
}

func (Rolled) EventType() string { return EvRolled }

// Rerolled: some dice of a roll (Target) were rolled again.
type Rerolled struct {
	Seat   int         `json:"seat,omitempty"`   // stable seat id the event is about
	Target int         `json:"target,omitempty"` // the seq it refers to
	Roll   *RollRecord `json:"roll,omitempty"`
	// Attack is the fight judged again when the roll was a fight's.
	Attack *AttackState `json:"attack,omitempty"`
}

func (Rerolled) EventType() string { return EvRerolled }
