package game

import (
	"math/bits"
	"slices"
	"sync"

	"lantern/internal/catalog"
)

// Exploring: the rooms in the house. Discovering a room is recorded so the
// app knows which tiles are still in the stack, which omen rooms the house
// has (for the haunt chart and for selecting another haunt) and which deck
// the new room's symbol draws from.

// ActDiscoverRoom places a room tile from the stack: {"room", "floor"}.
const ActDiscoverRoom = "discover_room"

// EvRoomDiscovered is a tile placed in the house by a seat.
const EvRoomDiscovered = "room_discovered"

// Floors of the house, top to bottom.
const (
	FloorUpper    = "upper"
	FloorGround   = "ground"
	FloorBasement = "basement"
)

// Floors lists the floors top to bottom.
var Floors = []string{FloorUpper, FloorGround, FloorBasement}

// PlacedRoom is a room in the house. By is the stable id of the seat that
// discovered it; 0 for the starting rooms.
type PlacedRoom struct {
	Room  string `json:"room"`
	Floor string `json:"floor"`
	By    int    `json:"by,omitempty"`
}

// Discovery is a room the seat on turn discovered whose symbol's card has not
// been drawn yet: the next draw from Deck is the room's (seed 000, 探险: 新房间
// 摆放后根据房间是否印有预兆、物品或事件标记，玩家需翻开该种牌一张).
type Discovery struct {
	Seat int    `json:"seat"`
	Room string `json:"room"`
	Deck string `json:"deck"` // omen | item | event
}

// startingRooms are on the table before anyone moves: the Basement Landing,
// the Entrance Hall tile (Entrance Hall, Foyer, Grand Staircase) and the
// Upper Landing (seed 003, 放置起始房間; seed 002, 准备).
var startingRooms = []PlacedRoom{
	{Room: "upper-landing", Floor: FloorUpper},
	{Room: "entrance-hall", Floor: FloorGround},
	{Room: "foyer", Floor: FloorGround},
	{Room: "grand-staircase", Floor: FloorGround},
	{Room: "basement-landing", Floor: FloorBasement},
}

// House is every room in the house once the game has started: the starting
// rooms, then the discovered ones in the order they were placed.
func (s *State) House() []PlacedRoom {
	if !s.Started {
		return nil
	}
	return append(slices.Clone(startingRooms), s.Rooms...)
}

// InHouse reports whether a room is in the house.
func (s *State) InHouse(room string) bool {
	// House without its copy: the dry runs behind Options ask this often.
	is := func(p PlacedRoom) bool { return p.Room == room }
	return s.Started && (slices.ContainsFunc(startingRooms, is) || slices.ContainsFunc(s.Rooms, is))
}

// RoomStack lists the room tiles not yet in the house, in catalog order: the
// tiles a discovery may place.
func (s *State) RoomStack() []*catalog.Room {
	out := make([]*catalog.Room, 0, len(catalog.Box().Rooms))
	for i := range catalog.Box().Rooms {
		r := &catalog.Box().Rooms[i]
		if r.Entrance || isStartingRoom(r.ID) || s.InHouse(r.ID) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// stackTile is a tile a discovery may place while it is not in the house:
// its index in the box's rooms and the floors it fits, as bits of Floors.
type stackTile struct {
	room   *catalog.Room
	index  int
	floors uint
}

// stackTiles are the box's rooms but the entrance's and the starting ones,
// in box order (RoomStack at the start), made once.
var stackTiles = sync.OnceValue(func() []stackTile {
	var out []stackTile
	for i := range catalog.Box().Rooms {
		r := &catalog.Box().Rooms[i]
		if r.Entrance || isStartingRoom(r.ID) {
			continue
		}
		t := stackTile{room: r, index: i}
		for f, floor := range Floors {
			if slices.Contains(r.Floors, floor) {
				t.floors |= 1 << f
			}
		}
		out = append(out, t)
	}
	return out
})

// roomIndex is each box room's index in the box's rooms, made once.
var roomIndex = sync.OnceValue(func() map[string]int {
	out := map[string]int{}
	for i, r := range catalog.Box().Rooms {
		out[r.ID] = i
	}
	return out
})

func isStartingRoom(id string) bool {
	return slices.ContainsFunc(startingRooms, func(p PlacedRoom) bool { return p.Room == id })
}

// HouseOmenRooms lists the discovered rooms with an omen symbol, in the order
// they were placed: the rooms the haunt chart can name (seed 000, 故事挑选).
func (s *State) HouseOmenRooms() []string {
	var out []string
	for _, p := range s.House() {
		if catalog.IsOmenRoom(p.Room) {
			out = append(out, p.Room)
		}
	}
	return out
}

// DiscoveryDeck is the deck a newly discovered room draws from, or "" for a
// room without a symbol. The Vault draws its doorway's event; its two items
// wait behind the locked door (rooms.json, vault).
func DiscoveryDeck(r *catalog.Room) string {
	switch {
	case r.Symbols.Omen > 0:
		return "omen"
	case r.Symbols.Event > 0:
		return "event"
	case r.Symbols.Item > 0:
		return "item"
	}
	return ""
}

// PendingDiscovery is the seat's discovered room still waiting for its card,
// or nil.
func (s *State) PendingDiscovery(seatID int) *Discovery {
	if d := s.Discovery; d != nil && d.Seat == seatID {
		return d
	}
	return nil
}

// CanDiscover reports whether the actor may place a tile for the seat now:
// the seat on turn, alive, in a started game that has not ended; the host
// for any living seat (to correct the record).
func (s *State) CanDiscover(actor Actor, seat *Seat) bool {
	if !s.Started || s.Ended != nil || seat == nil || !s.Alive(seat) {
		return false
	}
	return actor.Host || (actor.Seat == seat.ID && s.Turn == seat.ID)
}

// decideDiscoverRoom places a tile from the stack on one of its floors (seed
// 000, 探险: the tile must match the floor the explorer is on; a tile that fits
// several floors goes on the one it was drawn for). A tile already in the
// house, a floor the tile can't go on, or another seat's turn is refused;
// the host may record it for anyone.
func (s *State) decideDiscoverRoom(actor Actor, a Action) ([]Event, error) {
	seat, err := s.actingSeat(actor, a, false)
	if err != nil {
		return nil, err
	}
	if !actor.Host && seat.ID != s.Turn {
		return nil, errNotYourTurn
	}
	if !s.Alive(seat) {
		return nil, refuse(Conflict, "err_dead", seat.Name)
	}
	if err := s.notStuck(seat); err != nil {
		return nil, err
	}
	room := catalog.Box().Room(a.Room)
	if room == nil {
		return nil, refuse(NotFound, "err_unknown_room", a.Room)
	}
	if room.Entrance || isStartingRoom(room.ID) || s.InHouse(room.ID) {
		return nil, refuse(Conflict, "err_room_in_house", room.Name)
	}
	floor := a.Floor
	if floor == "" && len(room.Floors) == 1 {
		floor = room.Floors[0]
	}
	if floor == "" {
		return nil, refuse(Invalid, "err_room_floor_needed", room.Name)
	}
	if !slices.Contains(room.Floors, floor) {
		return nil, refuse(Invalid, "err_room_floor", room.Name)
	}
	if stale(a, s.Version) {
		return nil, refuse(Conflict, "err_stale")
	}
	if s.dry {
		return dryRunEvents, nil
	}
	return []Event{{Type: EvRoomDiscovered, Seat: seat.ID, Room: room.ID, Floor: floor}}, nil
}

// foldRoomDiscovered places the tile; a symbol's card is now owed by that
// seat, in place of any earlier one not drawn.
func (s *State) foldRoomDiscovered(e Event) {
	s.Rooms = append(s.Rooms, PlacedRoom{Room: e.Room, Floor: e.Floor, By: e.Seat})
	s.Discovery = nil
	if deck := DiscoveryDeck(catalog.Box().Room(e.Room)); deck != "" {
		s.Discovery = &Discovery{Seat: e.Seat, Room: e.Room, Deck: deck}
	}
}

// settleDiscovery clears the owed card once the seat draws from its deck, and
// at the end of the turn.
func (s *State) settleDiscovery(e Event) {
	d := s.Discovery
	if d == nil {
		return
	}
	switch e.Type {
	case EvTurnEnded, EvHauntRevealed:
		s.Discovery = nil
	case EvOmenDrawn:
		if e.Seat == d.Seat && d.Deck == "omen" {
			s.Discovery = nil
		}
	case EvCardDrawn:
		if c := catalog.Box().Card(e.Card); c != nil && e.Seat == d.Seat && c.Deck == d.Deck {
			s.Discovery = nil
		}
	}
}

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
	// The stack (RoomStack) as a mark per box room placed: the tiles
	// are stackTiles less those.
	var buf [128]bool
	placed := buf[:]
	if n := len(catalog.Box().Rooms); n > len(buf) {
		placed = make([]bool, n)
	}
	for _, p := range s.Rooms {
		if i, ok := roomIndex()[p.Room]; ok {
			placed[i] = true
		}
	}
	if !shortcuts() { // the tests' plain runs take the stack from RoomStack
		clear(placed)
		for _, t := range stackTiles() {
			placed[t.index] = !slices.Contains(s.RoomStack(), t.room)
		}
	}
	// Every tile of the stack on a floor it fits gets the same verdict:
	// all decideDiscoverRoom reads of the tile (in the box, not in the
	// house, its floors) the stack and the floor check settle. So Decide
	// is asked once, but for the tests' plain runs.
	verdict := 0 // 1 allowed, -1 refused, 0 not asked
	allows := func(room, floor string) bool {
		if verdict == 0 || !shortcuts() {
			verdict = -1 // the action is built only here: it is large
			if d.allows(Action{Type: ActDiscoverRoom, Room: room, Floor: floor}) {
				verdict = 1
			}
		}
		return verdict > 0
	}
	// One list holds every floor's tiles, each floor a piece of it.
	fits := 0
	for _, t := range stackTiles() {
		if !placed[t.index] {
			fits += bits.OnesCount(t.floors)
		}
	}
	tiles := make([]string, 0, fits)
	for f, floor := range Floors {
		from := len(tiles)
		for _, t := range stackTiles() {
			onFloor := t.floors&(1<<f) != 0
			if !shortcuts() {
				onFloor = slices.Contains(t.room.Floors, floor)
			}
			if !placed[t.index] && onFloor && allows(t.room.ID, floor) {
				tiles = append(tiles, t.room.ID)
			}
		}
		if len(tiles) > from {
			if o.Floors == nil {
				o.Floors = make([]FloorTiles, 0, len(Floors))
			}
			o.Floors = append(o.Floors, FloorTiles{Floor: floor, Tiles: tiles[from:len(tiles):len(tiles)]})
		}
	}
	if len(o.Floors) == 0 && o.Owed == nil {
		return nil
	}
	return o
}
