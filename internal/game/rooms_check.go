package game

import (
	"lantern/internal/catalog"
)

// checkRooms checks the house: known rooms on known floors, and a
// discovery's room and seat.
func (s *State) checkRooms(seats seatIDs) error {
	for _, r := range s.Rooms {
		if catalog.Box().Room(r.Room) == nil || (r.Floor != FloorUpper && r.Floor != FloorGround && r.Floor != FloorBasement) || !seats.hasOr0(r.By) {
			return impossible("room %q on floor %q by %d", r.Room, r.Floor, r.By)
		}
	}
	if d := s.Discovery; d != nil && (!seats.has(d.Seat) || catalog.Box().Room(d.Room) == nil) {
		return impossible("a discovery of %q by %d", d.Room, d.Seat)
	}
	return nil
}

// checkRoomEvents checks the rooms' events: a room discovered is known.
func checkRoomEvents(e *Event) error {
	if d, ok := e.Data.(RoomDiscovered); ok && catalog.Box().Room(d.Room) == nil {
		return impossible("event %d: room %q", e.Seq, d.Room)
	}
	return nil
}
