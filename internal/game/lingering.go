package game

import (
	"slices"
	"strings"

	"lantern/internal/catalog"
)

// Lingering events: event cards that stay in front of their drawer (Webs,
// Debris, Grave Dirt, Lights Out) until what their text prints ends them —
// a room, another card, an item's gain, the end of a turn somewhere, or
// turning traitor — and the damage some deal at each turn's start.

// endLingering clears the harmful events a seat holds when it becomes the
// traitor (seed 002 FAQ: 当你变成奸徒之前存在的这些有害事件效果立即消失).
func (s *State) endLingering(seatID int) {
	s.Hands[seatID] = slices.DeleteFunc(s.Hands[seatID], func(h HeldCard) bool {
		c := catalog.Box().Card(h.Card)
		return c != nil && c.EndsOnTraitor
	})
}

// turnDamageEvents are the damage the held cards of the seat whose turn
// begins deal (Grave Dirt: 1 physical damage at the start of each of your
// turns), added to any damage still to split.
func (s *State) turnDamageEvents(seatID int) []Event {
	seat := s.SeatByID(seatID)
	if seat == nil || !s.Alive(seat) {
		return nil
	}
	var evs []Event
	for _, h := range s.Hands[seatID] {
		c := catalog.Box().Card(h.Card)
		if c != nil && c.TurnDamage != nil {
			evs = append(evs, s.effectEvents(seat, catalog.Effect{Damage: c.TurnDamage}, "card:"+c.ID, "")...)
		}
		// Every try counts, the holder's and rescuers' (Webs: 3 failed tries).
		if c != nil && c.Release != nil && c.Release.Tries > 0 && s.appliedRolls(0, "card:"+c.ID)-1 >= c.Release.Tries {
			// Free after so many failed tries (Webs, Debris: 3).
			evs = append(evs, Event{Data: CardMoved{Seat: seatID, Card: c.ID, How: "discard"}})
		}
	}
	return evs
}

// clearings discard the lingering events a batch of events ends: one held
// with a card that clears it (Lights Out with the Candle), or an item
// raising a trait of its holder (Grave Dirt).
func (s *State) clearings(evs []Event) []Event {
	var out []Event
	for _, seat := range s.Seats {
		held := s.handAfter(seat.ID, evs)
		// Whether an item raised a trait of the seat's: read only for a
		// card an item's gain clears (most batches change no such hand).
		raised := func() bool {
			return slices.ContainsFunc(evs, func(e Event) bool {
				tc, ok := e.Data.(TraitsChanged)
				if !ok || tc.Seat != seat.ID {
					return false
				}
				id, isCard := strings.CutPrefix(tc.Cause, "card:")
				c := catalog.Box().Card(strings.TrimSuffix(strings.TrimSuffix(id, "+set"), "-set"))
				return isCard && c != nil && c.Deck == "item" &&
					slices.ContainsFunc(tc.Changes, func(ch TraitChange) bool { return ch.To.Position > ch.From.Position })
			})
		}
		for _, id := range held {
			c := catalog.Box().Card(id)
			if c == nil || c.ClearedBy == nil {
				continue
			}
			if c.ClearedBy.ItemGain && raised() || slices.ContainsFunc(c.ClearedBy.Cards, func(x string) bool { return slices.Contains(held, x) }) {
				out = append(out, Event{Data: CardMoved{Seat: seat.ID, Card: id, How: "discard"}})
			}
		}
	}
	return out
}

// roomClearings discard the lingering events a room's effect ends for the
// seat applying it (Lights Out: ending a turn in the Furnace Room).
func (s *State) roomClearings(seat *Seat, room string) []Event {
	var evs []Event
	for _, h := range s.Hands[seat.ID] {
		if c := catalog.Box().Card(h.Card); c != nil && c.ClearedBy != nil && slices.Contains(c.ClearedBy.Rooms, room) {
			evs = append(evs, Event{Data: CardMoved{Seat: seat.ID, Card: c.ID, How: "discard"}})
		}
	}
	return evs
}

// endTurnClearings discard the lingering events the seat ending its turn
// holds whose text ends them in the room it names (Grave Dirt: the
// Balcony, Gardens, …; where the explorer stands is the table's to say).
func (s *State) endTurnClearings(seatID int, room string) []Event {
	var evs []Event
	for _, h := range s.Hands[seatID] {
		if c := catalog.Box().Card(h.Card); c != nil && c.ClearedBy != nil && slices.Contains(c.ClearedBy.EndTurnIn, room) {
			evs = append(evs, Event{Data: CardMoved{Seat: seatID, Card: c.ID, How: "discard"}})
		}
	}
	return evs
}

// EndTurnRooms are the rooms whose naming at the end of the seat's turn
// would end a lingering event it holds (Options.EndTurnIn).
func (s *State) EndTurnRooms(seatID int) []string {
	var out []string
	for _, h := range s.Hands[seatID] {
		if c := catalog.Box().Card(h.Card); c != nil && c.ClearedBy != nil {
			for _, r := range c.ClearedBy.EndTurnIn {
				if !slices.Contains(out, r) {
					out = append(out, r)
				}
			}
		}
	}
	return out
}
