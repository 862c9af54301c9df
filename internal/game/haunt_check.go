package game

import (
	"lantern/internal/catalog"
)

// checkOmens checks the omens drawn (known omens, by a seat, in a known
// room) and the haunt rolls owed for them.
func (s *State) checkOmens(seats seatIDs) error {
	for _, o := range s.Omens {
		if !catalog.IsOmen(o.Omen) || !seats.hasOr0(o.Seat) || (o.Room != "" && catalog.Box().Room(o.Room) == nil) {
			return impossible("omen %q drawn by %d in %q", o.Omen, o.Seat, o.Room)
		}
	}
	for _, i := range s.OwedHauntRolls {
		if i < 0 || i >= len(s.Omens) {
			return impossible("a haunt roll owed for omen %d of %d", i, len(s.Omens))
		}
	}
	return nil
}

// checkHaunt checks the haunt: on the chart, its people seated, the
// hidden-traitor tokens dealt once each.
func (s *State) checkHaunt(seats seatIDs) error {
	h := s.Haunt
	if h == nil {
		return nil
	}
	if catalog.HauntByNumber(h.Number) == nil {
		return impossible("haunt %d is not on the chart", h.Number)
	}
	if h.Omen != "" && !catalog.IsOmen(h.Omen) || h.Room != "" && catalog.Box().Room(h.Room) == nil {
		return impossible("haunt revealed by %q in %q", h.Omen, h.Room)
	}
	if h.Revealer != 0 && !seats.has(h.Revealer) || h.Traitor != 0 && !seats.has(h.Traitor) {
		return impossible("haunt revealer %d, traitor %d", h.Revealer, h.Traitor)
	}
	dealt := map[int]bool{}
	for id, token := range h.Tokens {
		if !seats.has(id) || token < 1 || token > len(s.Seats) || dealt[token] {
			return impossible("token %d dealt to seat %d", token, id)
		}
		dealt[token] = true
	}
	if len(h.Tokens) > 0 && !dealt[1] {
		return impossible("hidden-traitor tokens without the traitor's")
	}
	for id, token := range h.Shown {
		if !seats.has(id) || h.Tokens[id] != token {
			return impossible("seat %d shows token %d", id, token)
		}
	}
	return nil
}

// checkHauntEvents checks the haunt's events: a reveal carries its haunt,
// an omen drawn or replaced is an omen.
func checkHauntEvents(e *Event) error {
	switch d := e.Data.(type) {
	case HauntRevealed:
		if d.Haunt == nil {
			return impossible("event %d: a haunt revealed without its haunt", e.Seq)
		}
	case OmenDrawn:
		if !catalog.IsOmen(d.Omen) {
			return impossible("event %d: omen %q", e.Seq, d.Omen)
		}
	case OmenReplaced:
		if !catalog.IsOmen(d.Omen) || !catalog.IsOmen(d.Card) {
			return impossible("event %d: omen %q", e.Seq, d.Omen+d.Card)
		}
	}
	return nil
}
