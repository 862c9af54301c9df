package game

import "slices"

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

// Roll modifiers, each named by the card that grants it.
const (
	ModCandle       = "candle"            // +1 die on event rolls
	ModMomentOfHope = "a-moment-of-hope"  // +1 die, heroes only
	ModDrip         = "drip-drip-drip"    // −1 die, never below 1
	ModAdrenaline   = "adrenaline-shot"   // +4 to the result, then discarded
	ModAngelFeather = "angel-feather"     // choose any result 0–8, then discarded
	ModMeantToBe    = "it-is-meant-to-be" // use the stored 4-dice result once
	ModLuckyStone   = "lucky-stone"       // reroll any dice once, then discarded
	ModRabbitsFoot  = "rabbits-foot"      // reroll one die
)

// RollModifiers lists the modifiers a roll may name, in the order the roller
// shows them.
var RollModifiers = []string{ModCandle, ModMomentOfHope, ModDrip, ModAdrenaline, ModAngelFeather, ModMeantToBe}

// RerollCards lists the cards that reroll after seeing the dice.
var RerollCards = []string{ModLuckyStone, ModRabbitsFoot}

// MeantToBeDice is how many dice "It Is Meant to Be" rolls to store.
const MeantToBeDice = 4

// HauntRollDice is the size of a haunt roll (seed 000, 作祟: 掷6颗游戏骰子).
const HauntRollDice = 6

// rollPlan is the dice to roll once modifiers are applied.
type rollPlan struct {
	dice, bonus int
	chosen      *int
	stored      *int
}

// planRoll applies modifiers to a base dice count, refusing ones that don't
// apply (seed 003: at most 8 dice; card texts for each modifier).
func (s *State) planRoll(seat *Seat, base int, purpose string, traitRoll bool, mods []string, choose *int) (rollPlan, error) {
	p := rollPlan{dice: base}
	seen := map[string]bool{}
	drip := false
	for _, m := range mods {
		if seen[m] {
			return p, refuse(Invalid, "err_modifier_twice", m)
		}
		seen[m] = true
		if itemModifier[m] && !s.Holds(seat.ID, m) {
			return p, refuse(Conflict, "err_not_holding", seat.Name)
		}
		if traitRollOnly[m] && !traitRoll {
			return p, refuse(Invalid, "err_trait_roll_only", m)
		}
		switch m {
		case ModCandle:
			if purpose != "event" {
				return p, refuse(Invalid, "err_candle_event_only")
			}
			p.dice++
		case ModMomentOfHope:
			// Judged on what the table knows: a hidden traitor's secret
			// must not show through a refusal (seed 002, 内奸).
			if s.Phase != PhaseHaunt || (s.Haunt != nil && s.Haunt.PublicTraitor() == seat.ID) || s.Sides[seat.ID] == SideTraitor {
				return p, refuse(Invalid, "err_hope_heroes_only")
			}
			p.dice++
		case ModDrip:
			drip = true
		case ModAdrenaline:
			p.bonus += 4
		case ModAngelFeather:
			if choose == nil || *choose < 0 || *choose > 8 {
				return p, refuse(Invalid, "err_angel_feather_choose")
			}
			p.chosen = choose
		case ModMeantToBe:
			v, ok := s.MeantToBe[seat.ID]
			if !ok {
				return p, refuse(Conflict, "err_no_stored_roll")
			}
			p.stored = &v
		default:
			return p, refuse(Invalid, "err_unknown_modifier", m)
		}
	}
	if p.chosen != nil && (p.stored != nil || p.bonus != 0) {
		return p, refuse(Invalid, "err_modifier_clash")
	}
	if drip { // −1 die after every other change, never below 1 (the card text)
		p.dice = max(p.dice-1, 1)
	}
	p.dice = min(p.dice, MaxDice)
	return p, nil
}

// itemModifier lists the roll cards a player must hold to use; the others
// are room tokens (A Moment of Hope, Drip…) or a stored result.
var itemModifier = map[string]bool{ModCandle: true, ModAdrenaline: true, ModAngelFeather: true, ModLuckyStone: true, ModRabbitsFoot: true}

// IsItemModifier reports whether a roll card must be held to be used.
func IsItemModifier(m string) bool { return itemModifier[m] }

// traitRollOnly lists modifiers whose card says "trait roll" (seed 002 FAQ:
// attacks and plain dice are not trait rolls).
var traitRollOnly = map[string]bool{ModCandle: true, ModMomentOfHope: true, ModDrip: true, ModAdrenaline: true}

// oneUse lists cards discarded once used (their card texts).
var oneUse = map[string]bool{ModAdrenaline: true, ModAngelFeather: true, ModLuckyStone: true}

// usedUp discards one-use cards a roll just used.
func (s *State) usedUp(seat *Seat, mods []string) []Event {
	var evs []Event
	for _, m := range mods {
		if oneUse[m] && s.Holds(seat.ID, m) {
			evs = append(evs, Event{Type: EvCardMoved, Seat: seat.ID, Card: m, How: "discard"})
		}
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

func (s *State) decideRoll(actor Actor, a Action) ([]Event, error) {
	seat, err := s.actingSeat(actor, a, true)
	if err != nil {
		return nil, err
	}
	purpose := a.Purpose
	base := a.Dice
	switch {
	case purpose == ModMeantToBe:
		base = MeantToBeDice
	case a.Trait != "":
		if !validTrait(a.Trait) {
			return nil, refuse(Invalid, "err_bad_trait", a.Trait)
		}
		base = seat.Value(a.Trait)
		if purpose == "" {
			purpose = "trait"
		}
	case base < 1 || base > MaxDice:
		return nil, refuse(Invalid, "err_dice_count", MaxDice)
	}
	switch purpose {
	case "", "free", "trait", "event", "room", "item", "omen", "haunt-action", ModMeantToBe:
	default:
		return nil, refuse(Invalid, "err_bad_purpose", purpose)
	}
	if purpose == "" {
		purpose = "free"
	}
	if a.Need < 0 || a.Need > 2*MaxDice+4 {
		return nil, refuse(Invalid, "err_bad_target")
	}
	mods := a.Modifiers
	if purpose == ModMeantToBe && len(mods) > 0 {
		return nil, refuse(Invalid, "err_modifier_clash")
	}
	plan, err := s.planRoll(seat, base, purpose, a.Trait != "", mods, a.Choose)
	if err != nil {
		return nil, err
	}
	if a.Source != "" {
		if _, _, _, err := effectSource(a.Source); err != nil {
			return nil, err
		}
	}
	rec := RollRecord{Seat: seat.ID, Purpose: purpose, Trait: a.Trait, Target: a.Need, Modifiers: slices.Clone(mods), Source: a.Source}
	if err := s.resolveDice(&rec, plan, a.Faces, a.Total); err != nil {
		return nil, err
	}
	return append([]Event{{Type: EvRolled, Seat: seat.ID, Roll: &rec}}, s.usedUp(seat, mods)...), nil
}

func (s *State) foldRoll(e Event) {
	r := *e.Roll
	r.Seq = e.Seq
	s.Rolls = append(s.Rolls, r)
	if r.Purpose == ModMeantToBe {
		s.MeantToBe[r.Seat] = r.Total
	}
	if slices.Contains(r.Modifiers, ModMeantToBe) {
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

// LastRoll returns a seat's newest roll, or nil.
func (s *State) LastRoll(seatID int) *RollRecord {
	for i := len(s.Rolls) - 1; i >= 0; i-- {
		if s.Rolls[i].Seat == seatID {
			return &s.Rolls[i]
		}
	}
	return nil
}

// decideReroll rerolls dice of the seat's last roll with Lucky Stone (any
// dice, once) or Rabbit's Foot (one die). The haunt roll is not a trait roll
// and can't be rerolled.
func (s *State) decideReroll(actor Actor, a Action) ([]Event, error) {
	seat, err := s.actingSeat(actor, a, false)
	if err != nil {
		return nil, err
	}
	last := s.LastRoll(seat.ID)
	if last == nil || !Rerollable(*last) {
		return nil, refuse(Conflict, "err_nothing_to_reroll")
	}
	if a.Card != ModLuckyStone && a.Card != ModRabbitsFoot {
		return nil, refuse(Invalid, "err_unknown_modifier", a.Card)
	}
	if !s.Holds(seat.ID, a.Card) {
		return nil, refuse(Conflict, "err_not_holding", seat.Name)
	}
	if a.Card == ModRabbitsFoot && s.Turn != seat.ID {
		// "During your turn" (the card); only Angel Feather, Lucky Stone
		// and Skull work outside it (seed 002 FAQ).
		return nil, refuse(Conflict, "err_not_your_turn")
	}
	if slices.Contains(last.Modifiers, a.Card) {
		return nil, refuse(Conflict, "err_rerolled_already")
	}
	if s.Hands[seat.ID][s.heldIndex(seat.ID, a.Card)].Used {
		return nil, refuse(Conflict, "err_used_this_turn")
	}
	if len(a.Indexes) == 0 || (a.Card == ModRabbitsFoot && len(a.Indexes) != 1) {
		return nil, refuse(Invalid, "err_reroll_dice")
	}
	rec := *last
	rec.Faces = slices.Clone(last.Faces)
	rec.Modifiers = append(slices.Clone(last.Modifiers), a.Card)
	seen := map[int]bool{}
	for _, i := range a.Indexes {
		if i < 0 || i >= len(rec.Faces) || seen[i] {
			return nil, refuse(Invalid, "err_reroll_dice")
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
	evs := []Event{{Type: EvRerolled, Seat: seat.ID, Target: last.Seq, Roll: &rec}}
	if !oneUse[a.Card] { // Rabbit's Foot: once a turn (its card)
		evs = append(evs, Event{Type: EvCardUsed, Seat: seat.ID, Card: a.Card})
	}
	return append(evs, s.usedUp(seat, []string{a.Card})...), nil
}
