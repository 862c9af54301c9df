package game

import (
	"fmt"

	"lantern/internal/catalog"
)

// checkSeats checks the seats: at most six, ids unique, explorers known
// and never both sides of one card, every trait on its track, names and
// languages as joining accepts them.
func (s *State) checkSeats(seatIDs) error {
	if len(s.Seats) > MaxSeats {
		return impossible("%d seats", len(s.Seats))
	}
	seat := map[int]bool{}
	explorers := map[string]bool{}
	for i := range s.Seats {
		st := &s.Seats[i]
		if st.ID <= 0 || seat[st.ID] {
			return impossible("seat id %d", st.ID)
		}
		seat[st.ID] = true
		ex := catalog.ExplorerByID(st.Explorer)
		if ex == nil || explorers[st.Explorer] || (ex.Pair != "" && explorers[ex.Pair]) {
			return impossible("seat %d: explorer %q", st.ID, st.Explorer)
		}
		explorers[st.Explorer] = true
		if len(st.Traits) != len(Traits) {
			return impossible("seat %d: %d traits", st.ID, len(st.Traits))
		}
		for t, ts := range st.Traits {
			if err := checkTrait(t, ts); err != nil {
				return fmt.Errorf("seat %d: %w", st.ID, err)
			}
		}
		if err := checkDisplayText("name", st.Name, MaxNameLength); err != nil {
			return fmt.Errorf("seat %d: %w", st.ID, err)
		}
		if st.Lang != "en" && st.Lang != "zh" { // Join.decide keeps only these
			return impossible("seat %d: language %q", st.ID, st.Lang)
		}
	}
	return nil
}

// checkSeatEvents checks the seats' events: a seat joined with an id, a
// known explorer and a name as joining accepts it.
func checkSeatEvents(e *Event) error {
	d, ok := e.Data.(SeatJoined)
	if !ok {
		return nil
	}
	if d.Seat <= 0 || catalog.ExplorerByID(d.Explorer) == nil {
		return impossible("event %d: a seat %d joined as explorer %q", e.Seq, d.Seat, d.Explorer)
	}
	if err := checkDisplayText("name", d.Name, MaxNameLength); err != nil {
		return fmt.Errorf("event %d: %w", e.Seq, err)
	}
	return nil
}
