package game

import (
	"maps"
	"sync"

	"lantern/internal/catalog"
)

// effectSource finds the roll and once-per-explorer data of "card:<id>" or
// "room:<id>".
func effectSource(source string) (roll *catalog.Roll, room *catalog.Room, card *catalog.Card, err error) {
	if e, ok := effectSources()[source]; ok {
		return e.roll, e.room, e.card, nil
	}
	return nil, nil, nil, refuse(Invalid, "err_unknown_source", source)
}

// effectSourceEntry is what effectSource answers for a source.
type effectSourceEntry struct {
	roll *catalog.Roll
	room *catalog.Room
	card *catalog.Card
}

// effectSources are every card ("card:<id>") and room ("room:<id>") of the
// box by source name, made once: Options' dry runs ask often.
var effectSources = sync.OnceValue(func() map[string]effectSourceEntry {
	box := catalog.Box()
	out := make(map[string]effectSourceEntry, len(box.Cards)+len(box.Rooms))
	for i := range box.Cards {
		c := box.Card(box.Cards[i].ID)
		out["card:"+c.ID] = effectSourceEntry{roll: c.Roll, card: c}
	}
	for i := range box.Rooms {
		r := box.Room(box.Rooms[i].ID)
		out["room:"+r.ID] = effectSourceEntry{roll: r.Roll, room: r}
	}
	return out
})

// decideApplyEffect applies what a card or room does, in one tap: the
// outcome of the seat's last roll for that source (guided roll), a room's
// once-per-explorer gain (Chapel, Gymnasium, Larder, Library), or a room's
// end-of-turn damage (Crypt, Furnace Room). Gains and restores are applied;
// damage waits for the player's split. A room's effect also ends the
// lingering events it clears (Lights Out in the Furnace Room).
func (s *State) decideApplyEffect(actor Actor, a Action) ([]Event, error) {
	evs, err := s.applyEffect(actor, a)
	if err != nil {
		return nil, err
	}
	if _, room, _, _ := effectSource(a.Source); room != nil {
		// evs may be empty (a gain at the trait's cap): the seat comes
		// from the action, as applyEffect found it.
		seat, err := s.actingSeat(actor, a, true)
		if err != nil {
			return nil, err
		}
		evs = append(evs, s.roomClearings(seat, room.ID)...)
	}
	return evs, nil
}

func (s *State) applyEffect(actor Actor, a Action) ([]Event, error) {
	seat, err := s.actingSeat(actor, a, true)
	if err != nil {
		return nil, err
	}
	roll, room, card, err := effectSource(a.Source)
	if err != nil {
		return nil, err
	}
	if s.Removed[a.Source] {
		return nil, refuse(Conflict, "err_source_removed", sourceName(room, card))
	}
	if room != nil && s.immuneToRooms(seat.ID) && (room.EndTurnDamage != nil || roomRollHurts(room)) {
		// The traitor ignores room effects that would hurt them (seed 002 FAQ).
		return nil, refuse(Conflict, "err_traitor_immune")
	}
	if room != nil {
		if c := s.shieldingCard(seat.ID, room.ID); c != nil {
			return nil, refuse(Conflict, "err_card_shields", c.Name, room.Name)
		}
	}
	// A held item or omen is used by its holder, within its limits; one
	// not held may still hurt or help another (Dynamite thrown at you).
	// A roll the card asks of whoever it affects (Music Box) is no use of it.
	held := card != nil && card.Deck != "event" && s.Holds(seat.ID, card.ID) && (roll == nil || !roll.NotUse)
	if held {
		if err := s.mayUse(actor, seat, card); err != nil {
			return nil, err
		}
	}
	// Trying to get free, or freeing another (Webs: only the first roll
	// grants the Might).
	roll, _ = s.rollFor(seat.ID, a.Source, roll, card)
	if card != nil && card.Effect != nil {
		// A card's effect on drawing it, before any roll (Skeletons). The
		// seat's last roll is looked for only here: a room's effect, asked
		// of in every seat's options, needs none.
		if last := s.LastRoll(seat.ID); last == nil || last.Source != a.Source || last.Applied {
			return s.drawEffectEvents(actor, seat, card, a)
		}
	}
	switch {
	case roll != nil && roll.RollTraits() == nil && roll.Dice == 0 && len(roll.Brackets) > 0:
		// No roll at all (Healing Salve, Smelling Salts): the holder's
		// card applies.
		if card != nil && card.Deck != "event" && !held {
			return nil, refuse(Conflict, "err_card_not_held", card.Name)
		}
		eff := roll.Brackets[0].Effect
		var evs []Event
		if eff.TakeItem { // Pickpocket's Gloves: "to" names whom it takes from
			if evs, err = s.takeItemEvents(seat, card, a); err != nil {
				return nil, err
			}
		} else {
			target, err := s.effectTarget(seat, card, eff, a)
			if err != nil {
				return nil, err
			}
			evs = s.effectEvents(target, eff, a.Source, "")
		}
		if held {
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
		if b := bracketFor(roll, *last); b != nil {
			eff := b.Effect
			if s.allPassed(seat.ID, roll, *last) { // Hanged Men: all four 2+
				eff = withBonus(eff, roll.AllPass.Effect)
			}
			return s.outcomeEvents(seat, room, card, held, eff, *last, a)
		}
		return nil, refuse(Conflict, "err_no_outcome")
	case room != nil && len(room.OnceGain) > 0:
		if s.RoomGains[seat.ID][room.ID] {
			return nil, refuse(Conflict, "err_room_gain_used")
		}
		evs := []Event{{Type: EvRoomGain, Seat: seat.ID, Room: room.ID}}
		return append(evs, s.effectEvents(seat, catalog.Effect{Gain: room.OnceGain}, a.Source, "")...), nil
	case room != nil && room.EndTurnDamage != nil:
		evs := s.effectEvents(seat, catalog.Effect{Damage: room.EndTurnDamage}, a.Source, "")
		if len(evs) == 0 {
			if _, c := s.damageReduction(seat.ID, room.EndTurnDamage.Kind); c != nil {
				return nil, refuse(Conflict, "err_damage_reduced", c.Name)
			}
			return nil, refuse(Conflict, "err_no_effect")
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

// outcomeEvents apply a roll's outcome: the roll is marked applied, the
// effect follows from the roll's own data (the trait rolled) and the
// player's choice of trait where it asks for one, a held item or omen is
// used for the turn (worn, or discarded when one-use; a gated weapon's roll
// leaves it for the attack), an event the outcome ends is discarded, a
// token it removes or a room it empties can't be rolled for again, and an
// attack it makes begins.
func (s *State) outcomeEvents(seat *Seat, room *catalog.Room, card *catalog.Card, held bool, eff catalog.Effect, roll RollRecord, a Action) ([]Event, error) {
	evs := []Event{{Type: EvRollApplied, Seat: seat.ID, Target: roll.Seq}}
	target, err := s.effectTarget(seat, card, eff, a)
	if err != nil {
		return nil, err
	}
	if target != seat {
		// Applied to another explorer (Medical Kit): only what the outcome
		// gives them; the roller's card is used as usual below.
		if eff.Heal != nil {
			healed, err := s.healEvents(target, sourceName(room, card), eff.Heal, a, a.Source)
			if err != nil {
				return nil, err
			}
			evs = append(evs, healed...)
		}
		evs = append(evs, s.effectEvents(target, eff, a.Source, roll.Trait)...)
	} else {
		chosen, err := s.chosenEvents(seat, sourceName(room, card), eff, roll.Trait, a)
		if err != nil {
			return nil, err
		}
		if eff.Heal != nil {
			healed, err := s.healEvents(seat, sourceName(room, card), eff.Heal, a, a.Source)
			if err != nil {
				return nil, err
			}
			chosen = append(chosen, healed...)
		}
		evs = append(evs, chosen...)
		if len(chosen) > 0 { // the choice moved the clips the effect starts from
			evs = append(evs, s.effectEvents(s.withChanges(seat, chosen), eff, a.Source, roll.Trait)...)
		} else {
			evs = append(evs, s.effectEvents(seat, eff, a.Source, roll.Trait)...)
		}
	}
	if eff.PutItem != "" {
		put, err := s.putItemEvents(seat, sourceName(room, card), eff.PutItem, a)
		if err != nil {
			return nil, err
		}
		evs = append(evs, put...)
	}
	if eff.Remove {
		evs = append(evs, removedEvent(seat, room, card))
	}
	switch {
	case held && card.Weapon != nil && card.Weapon.Gated && !eff.Discard:
	case held && eff.Wear:
		evs = append(evs, s.wearEvents(seat, card)...)
	case held && eff.Discard:
		evs = append(evs, Event{Type: EvCardUsed, Seat: seat.ID, Card: card.ID},
			Event{Type: EvCardMoved, Seat: seat.ID, Card: card.ID, How: "discard"})
		evs = append(evs, s.cardEffects(seat, nil, []string{card.ID}, "card:"+card.ID)...)
	case held:
		evs = append(evs, s.afterUse(seat, card)...)
	case card != nil && card.Deck == "event" && eff.Discard && s.holderOf(card.ID) != 0:
		// An event the outcome ends, held by the roller or by the explorer
		// a rescuer freed (Webs, Debris).
		evs = append(evs, Event{Type: EvCardMoved, Seat: s.holderOf(card.ID), Card: card.ID, How: "discard"})
	}
	if eff.Drop && card != nil {
		dropped, err := s.dropEvents(seat, card, a)
		if err != nil {
			return nil, err
		}
		evs = append(evs, dropped...)
	}
	if eff.EndTurn && s.Turn == seat.ID {
		ended, err := s.decideEndTurn(Actor{Host: true}, Action{})
		if err != nil {
			return nil, err
		}
		evs = append(evs, ended...)
	}
	if eff.Attack != nil && card != nil {
		if s.attackOpen() {
			return nil, refuse(Conflict, "err_attack_in_progress")
		}
		at, err := s.cardAttackEvent(seat, card.ID, eff.Attack, Action{})
		if err != nil {
			return nil, err
		}
		evs = append(evs, at)
	}
	return evs, nil
}

// effectEvents turns an outcome into events: trait gains and losses (in the
// trait rolled, when the outcome says so), traits restored to their starting
// value, and damage to split (dice rolled now), one kind after the other.
func (s *State) effectEvents(seat *Seat, eff catalog.Effect, source, rolled string) []Event {
	var evs []Event
	var traits map[string]TraitState // the clips as the changes move them
	if len(eff.Gain) > 0 || eff.GainRolled != 0 || len(eff.Restore) > 0 {
		traits = maps.Clone(seat.Traits)
	}
	gain := eff.Gain
	if eff.GainRolled != 0 && validTrait(rolled) {
		gain = maps.Clone(eff.Gain)
		if gain == nil {
			gain = map[string]int{}
		}
		gain[rolled] += eff.GainRolled
	}
	changes := s.traitDelta(seat, gain, traits)
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
	var pending *PendingDamage
	for _, d := range []*catalog.Damage{eff.MoreDamage, eff.Damage} { // the last taken first
		if d == nil {
			continue
		}
		amount := d.Amount
		if d.Dice > 0 {
			// Applied: this roll settles the effect; it is not a new roll
			// for the card to be applied again.
			rec := RollRecord{Seat: seat.ID, Purpose: "damage", Source: source, Dice: d.Dice, Applied: true}
			s.resolveDice(&rec, rollPlan{dice: d.Dice}, nil, nil)
			evs = append(evs, Event{Type: EvRolled, Seat: seat.ID, Roll: &rec})
			amount = rec.Total
		}
		less, _ := s.damageReduction(seat.ID, d.Kind) // Armor: every time (seed 002 FAQ)
		amount = max(0, amount-less)
		if amount > 0 {
			pending = &PendingDamage{Kind: d.Kind, Amount: amount, Source: source, Then: pending}
		}
	}
	if pending != nil {
		evs = append(evs, Event{Type: EvEffectPending, Seat: seat.ID, Pending: pending})
	}
	return evs
}

// foldEffects applies what guided effects record: damage still to split, a
// roll's outcome applied, a room's one-time gain, a token or room used up,
// a card's draw effect done.
func (s *State) foldEffects(e Event) {
	switch e.Type {
	case EvEffectPending:
		if p := s.Pending[e.Seat]; e.Pending == nil && p != nil && p.Then != nil {
			s.Pending[e.Seat] = p.Then // the outcome's further damage comes next
		} else if e.Pending == nil {
			delete(s.Pending, e.Seat)
		} else {
			p := *e.Pending
			s.Pending[e.Seat] = &p
		}
	case EvRollApplied:
		for i := range s.Rolls {
			if s.Rolls[i].Seq == e.Target {
				s.Rolls[i].Applied = true
			}
		}
	case EvRoomGain:
		if s.RoomGains[e.Seat] == nil {
			s.RoomGains[e.Seat] = map[string]bool{}
		}
		s.RoomGains[e.Seat][e.Room] = true
	case EvSourceRemoved:
		s.Removed[sourceOf(e)] = true
	case EvEffectApplied:
		s.EffectDone[e.Card] = true
	}
}
