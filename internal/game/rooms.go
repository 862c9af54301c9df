package game

import (
	"slices"

	"lantern/internal/catalog"
)

// Exploring: the rooms in the house. Discovering a room is recorded so the
// app knows which tiles are still in the stack, which omen rooms the house
// has (for the haunt chart and for selecting another haunt) and which deck
// the new room's symbol draws from.

// roomActions are the actions this file decides.
var roomActions = []Action{DiscoverRoom{}}

// DiscoverRoom places a room tile from the stack.
type DiscoverRoom struct {
	Basis
	Seat  int    `json:"seat,omitempty"`
	Room  string `json:"room,omitempty"`
	Floor string `json:"floor,omitempty"`
}

func (DiscoverRoom) ActionType() string { return ActDiscoverRoom }

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
	// House without its copy: Options' dry runs ask this often.
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

// CauseCardSkipped, followed by the deck, marks a turn_ended that left the
// room's card undrawn (Event.Room names the room): the host ended the turn
// anyway, or a card's outcome ended it, and the log says so.
const CauseCardSkipped = "card_skipped:"

// OwedCard is the card the seat on turn must draw before its turn may end:
// the symbol of the room it discovered this turn (seed 000, 2. 探险: 新房间
// 摆放后……玩家需翻开预兆牌、物品牌或事件牌一张), or nil. A dead explorer
// draws nothing, and an empty deck can't be drawn from, so neither holds
// the turn up. A room the host placed for another seat out of turn (to
// correct the record) doesn't hold up the turn of the seat playing.
func (s *State) OwedCard() *Discovery {
	d := s.PendingDiscovery(s.Turn)
	if d == nil {
		return nil
	}
	if seat := s.SeatByID(d.Seat); seat == nil || !s.Alive(seat) || s.DeckCount(d.Deck) == 0 {
		return nil
	}
	return d
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

// decide places a tile from the stack on one of its floors (seed
// 000, 探险: the tile must match the floor the explorer is on; a tile that fits
// several floors goes on the one it was drawn for). A tile already in the
// house, a floor the tile can't go on, or another seat's turn is refused;
// the host may record it for anyone, and naming no seat records it for the
// seat on turn (internal/web/API.md: "the current seat (or host)").
func (a DiscoverRoom) decide(s *State, actor Actor) ([]Event, error) {
	if actor.Host && a.Seat == 0 && s.Started {
		if n := s.SeatNumber(s.Turn); n > 0 { // not on the monsters' turn
			a.Seat = n
		}
	}
	seat, err := s.actingSeat(actor, a.Seat, false)
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
	if a.stale(s.Version) {
		return nil, refuse(Conflict, "err_stale")
	}
	return []Event{{Data: RoomDiscovered{Seat: seat.ID, Room: room.ID, Floor: floor}}}, nil
}

// foldRoomDiscovered places the tile; a symbol's card is now owed by that
// seat, in place of any earlier one not drawn.
func (s *State) foldRoomDiscovered(ev Event) {
	e := ev.Data.(RoomDiscovered)
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
	switch ev := e.Data.(type) {
	case TurnEnded, HauntRevealed:
		s.Discovery = nil
	case OmenDrawn:
		if ev.Seat == d.Seat && d.Deck == "omen" {
			s.Discovery = nil
		}
	case CardDrawn:
		if c := catalog.Box().Card(ev.Card); c != nil && ev.Seat == d.Seat && c.Deck == d.Deck {
			s.Discovery = nil
		}
	}
}

// ---- Room effects: who they spare ----

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

// roomEvents are the events this file folds, with the fold that applies them.
var roomEvents = eventTopic{fold: quiet((*State).foldRoomDiscovered), events: []EventData{RoomDiscovered{}}}

// RoomDiscovered: a room tile was placed.
type RoomDiscovered struct {
	Seat  int    `json:"seat,omitempty"` // stable seat id the event is about
	Room  string `json:"room,omitempty"`
	Floor string `json:"floor,omitempty"`
}

func (RoomDiscovered) EventType() string { return EvRoomDiscovered }
