package game

import (
	"maps"
	"strings"

	"lantern/internal/catalog"
)

// ArmorReduction is what the Armor takes off each physical damage (its card
// text; seed 002 FAQ: every time, not once a turn).
const ArmorReduction = 1

// effectSource finds the roll and once-per-explorer data of "card:<id>" or
// "room:<id>".
func effectSource(source string) (roll *catalog.Roll, room *catalog.Room, card *catalog.Card, err error) {
	kind, id, _ := strings.Cut(source, ":")
	box := catalog.Box()
	switch kind {
	case "card":
		if card = box.Card(id); card != nil {
			return card.Roll, nil, card, nil
		}
	case "room":
		if room = box.Room(id); room != nil {
			return room.Roll, room, nil, nil
		}
	}
	return nil, nil, nil, refuse(Invalid, "err_unknown_source", source)
}

// decideApplyEffect applies what a card or room does, in one tap: the
// outcome of the seat's last roll for that source (guided roll), a room's
// once-per-explorer gain (Chapel, Gymnasium, Larder, Library), or a room's
// end-of-turn damage (Crypt, Furnace Room). Gains and restores are applied;
// damage waits for the player's split.
func (s *State) decideApplyEffect(actor Actor, a Action) ([]Event, error) {
	seat, err := s.actingSeat(actor, a, true)
	if err != nil {
		return nil, err
	}
	roll, room, card, err := effectSource(a.Source)
	if err != nil {
		return nil, err
	}
	if room != nil && s.immuneToRooms(seat.ID) && (room.EndTurnDamage != nil || roomRollHurts(room)) {
		// The traitor ignores room effects that would hurt them (seed 002 FAQ).
		return nil, refuse(Conflict, "err_traitor_immune")
	}
	switch {
	case roll != nil && roll.Trait == "" && roll.Dice == 0 && len(roll.Brackets) > 0:
		// No roll at all (Healing Salve, Smelling Salts): the effect applies.
		if card != nil && card.Deck != "event" && !s.Holds(seat.ID, card.ID) {
			return nil, refuse(Conflict, "err_not_holding", seat.Name)
		}
		evs := s.effectEvents(seat, roll.Brackets[0].Effect, a.Source)
		if card != nil {
			evs = append(evs, s.afterUse(seat, card)...)
		}
		if len(evs) == 0 {
			return nil, refuse(Conflict, "err_no_effect")
		}
		return evs, nil
	case roll != nil && len(roll.Brackets) > 0:
		last := s.LastRoll(seat.ID)
		if last == nil || last.Source != a.Source || last.Applied {
			return nil, refuse(Conflict, "err_roll_first")
		}
		for _, b := range roll.Brackets {
			if b.Covers(last.Total) {
				evs := []Event{{Type: EvRollApplied, Seat: seat.ID, Target: last.Seq}}
				return append(evs, s.effectEvents(seat, b.Effect, a.Source)...), nil
			}
		}
		return nil, refuse(Conflict, "err_no_outcome")
	case room != nil && len(room.OnceGain) > 0:
		if s.RoomGains[seat.ID][room.ID] {
			return nil, refuse(Conflict, "err_room_gain_used")
		}
		evs := []Event{{Type: EvRoomGain, Seat: seat.ID, Room: room.ID}}
		return append(evs, s.effectEvents(seat, catalog.Effect{Gain: room.OnceGain}, a.Source)...), nil
	case room != nil && room.EndTurnDamage != nil:
		evs := s.effectEvents(seat, catalog.Effect{Damage: room.EndTurnDamage}, a.Source)
		if len(evs) == 0 {
			return nil, refuse(Conflict, "err_armor_stops")
		}
		return evs, nil
	}
	return nil, refuse(Conflict, "err_no_effect")
}

// immuneToRooms: the known traitor (and monsters) ignore harmful room texts.
func (s *State) immuneToRooms(seatID int) bool {
	return s.Haunt != nil && seatID != 0 && (s.Haunt.PublicTraitor() == seatID || s.Sides[seatID] == SideTraitor)
}

func roomRollHurts(r *catalog.Room) bool {
	if r.Roll == nil {
		return false
	}
	for _, b := range r.Roll.Brackets {
		if b.Damage != nil {
			return true
		}
		for _, n := range b.Gain {
			if n < 0 {
				return true
			}
		}
	}
	return false
}

// afterUse marks a card used this turn and discards a one-use card.
func (s *State) afterUse(seat *Seat, card *catalog.Card) []Event {
	evs := []Event{{Type: EvCardUsed, Seat: seat.ID, Card: card.ID}}
	if card.DiscardAfterUse {
		evs = append(evs, Event{Type: EvCardMoved, Seat: seat.ID, Card: card.ID, How: "discard"})
		evs = append(evs, s.cardEffects(seat, nil, []string{card.ID}, "card:"+card.ID)...)
	}
	return evs
}

// effectEvents turns an outcome into events: trait gains and losses, traits
// restored to their starting value, and damage to split (dice rolled now).
func (s *State) effectEvents(seat *Seat, eff catalog.Effect, source string) []Event {
	var evs []Event
	traits := maps.Clone(seat.Traits)
	changes := s.traitDelta(seat, eff.Gain, traits)
	for _, t := range eff.Restore {
		start := seat.ExplorerData().Traits[t].Start
		if from := traits[t]; from.Position < start {
			to := TraitState{Position: start}
			changes = append(changes, TraitChange{Trait: t, From: from, To: to})
			traits[t] = to
		}
	}
	if len(changes) > 0 {
		evs = append(evs, Event{Type: EvTraitsChanged, Seat: seat.ID, Cause: source, Changes: changes})
	}
	if d := eff.Damage; d != nil {
		amount := d.Amount
		if d.Dice > 0 {
			// Applied: this roll settles the effect; it is not a new roll
			// for the card to be applied again.
			rec := RollRecord{Seat: seat.ID, Purpose: "damage", Source: source, Dice: d.Dice, Applied: true}
			s.resolveDice(&rec, rollPlan{dice: d.Dice}, nil, nil)
			evs = append(evs, Event{Type: EvRolled, Seat: seat.ID, Roll: &rec})
			amount = rec.Total
		}
		if d.Kind == "physical" && s.Holds(seat.ID, "armor") {
			amount = max(0, amount-ArmorReduction)
		}
		if amount > 0 {
			evs = append(evs, Event{Type: EvEffectPending, Seat: seat.ID,
				Pending: &PendingDamage{Kind: d.Kind, Amount: amount, Source: source}})
		}
	}
	return evs
}
