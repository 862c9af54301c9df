package game

import (
	"slices"

	"lantern/internal/catalog"
)

// What Options offers about rooms: the tiles a seat may place and the rooms
// whose roll or effect it may use now. Each entry is found by a dry run of
// Decide (options.go).

// ExploreOptions are the tiles a seat may place now and the card its newest
// room still owes.
type ExploreOptions struct {
	// Floors lists, top to bottom, the tiles still in the stack that fit each
	// floor; a tile fitting several floors is under each of them.
	Floors []FloorTiles `json:"floors"`
	// Owed is the discovered room whose card is still to be drawn.
	Owed *Discovery `json:"owed,omitempty"`
}

// FloorTiles are the tiles that may go on one floor.
type FloorTiles struct {
	Floor string   `json:"floor"`
	Tiles []string `json:"tiles"`
}

// exploreOptions asks Decide about every tile and floor, so what is offered
// is what would be accepted.
func (s *State) exploreOptions(d *dryRun, me *Seat) *ExploreOptions {
	if !s.CanDiscover(d.actor, me) {
		return nil
	}
	o := &ExploreOptions{Owed: s.PendingDiscovery(me.ID)}
	stack := s.RoomStack()
	for _, floor := range Floors {
		var tiles []string
		for _, room := range stack {
			if slices.Contains(room.Floors, floor) && d.allows(DiscoverRoom{Room: room.ID, Floor: floor}) {
				tiles = append(tiles, room.ID)
			}
		}
		if len(tiles) > 0 {
			o.Floors = append(o.Floors, FloorTiles{Floor: floor, Tiles: tiles})
		}
	}
	if len(o.Floors) == 0 && o.Owed == nil {
		return nil
	}
	return o
}

// RoomOption is a room whose printed effect the seat may use now: its
// guided roll, or its effect applied (a once-per-explorer gain or its
// end-of-turn damage).
type RoomOption struct {
	Room  string `json:"room"`
	Roll  bool   `json:"roll"`
	Apply bool   `json:"apply"`
}

// roomOptions are the rooms with a guided roll, a once-per-explorer gain
// or end-of-turn damage the seat may use now, in box order: only those in
// the house (a tile still in the stack can't be stood in or rolled for),
// so no one filters this list again.
func (s *State) roomOptions(d *dryRun) []RoomOption {
	var out []RoomOption
	for i := range catalog.Box().Rooms {
		r := &catalog.Box().Rooms[i]
		if !s.InHouse(r.ID) {
			continue
		}
		ro := RoomOption{Room: r.ID}
		src := "room:" + r.ID
		if a, ok := guidedRollAction(r.Roll, src, "room"); ok {
			ro.Roll = d.allows(a)
		} else if len(r.OnceGain) > 0 || r.EndTurnDamage != nil {
			ro.Apply = s.applyAllowed(d, src)
		}
		if ro.Roll || ro.Apply {
			out = append(out, ro)
		}
	}
	return out
}
