package game_test

import (
	"reflect"
	"slices"
	"testing"

	"lantern/internal/game"
)

func discover(room, floor string) game.Action {
	return game.DiscoverRoom{Room: room, Floor: floor}
}

// TestStartingRooms: the Basement Landing, the Entrance Hall tile (Entrance
// Hall, Foyer, Grand Staircase) and the Upper Landing are on the table from
// the start (seed 003, 放置起始房間; seed 002, 准备), and are not in the stack.
func TestStartingRooms(t *testing.T) {
	t.Parallel()
	s := lobby(t, sixExplorers[:2]...)
	if h := s.House(); h != nil {
		t.Errorf("before the start the house is %+v, want nothing", h)
	}
	do(t, s, hostActor, game.StartGame{FirstSeat: 1})
	want := []game.PlacedRoom{
		{Room: "upper-landing", Floor: "upper"}, {Room: "entrance-hall", Floor: "ground"},
		{Room: "foyer", Floor: "ground"}, {Room: "grand-staircase", Floor: "ground"},
		{Room: "basement-landing", Floor: "basement"},
	}
	if got := s.House(); !reflect.DeepEqual(got, want) {
		t.Errorf("house %+v, want %+v", got, want)
	}
	for _, r := range s.RoomStack() {
		if s.InHouse(r.ID) || r.Entrance {
			t.Errorf("%s is in the stack and in the house", r.ID)
		}
	}
	// rooms.json: 44 room tiles and the Entrance Hall tile's three rooms; the
	// two landings start on the table.
	if n := len(s.RoomStack()); n != 42 {
		t.Errorf("%d tiles in the stack, want 42", n)
	}
}

// TestDiscoverRoom: a tile from the stack goes on a floor it fits (seed 000,
// 探险: 若该房间的楼层和人物身处的楼层相符则玩家可翻开该房间); a tile fitting one
// floor needs no floor; its symbol's card is then owed by the discoverer.
func TestDiscoverRoom(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		room, flr  string
		wantFloor  string
		wantDeck   string
		wantRefuse string
	}{
		{name: "one floor, none given", room: "gallery", wantFloor: "upper", wantDeck: "omen"},
		{name: "one floor, given", room: "wine-cellar", flr: "basement", wantFloor: "basement", wantDeck: "item"},
		{name: "several floors, one chosen", room: "kitchen", flr: "basement", wantFloor: "basement", wantDeck: "omen"},
		{name: "three floors", room: "organ-room", flr: "upper", wantFloor: "upper", wantDeck: "event"},
		{name: "no symbol", room: "creaky-hallway", flr: "ground", wantFloor: "ground"},
		// The Vault's doorway has the event symbol; its items wait behind the
		// locked door (rooms.json, vault).
		{name: "the Vault draws its event", room: "vault", flr: "upper", wantFloor: "upper", wantDeck: "event"},
		{name: "several floors, none given", room: "kitchen", wantRefuse: "err_room_floor_needed"},
		{name: "a floor it can't go on", room: "gallery", flr: "basement", wantRefuse: "err_room_floor"},
		{name: "no such floor", room: "kitchen", flr: "attic", wantRefuse: "err_room_floor"},
		{name: "a starting room", room: "foyer", flr: "ground", wantRefuse: "err_room_in_house"},
		{name: "a landing", room: "upper-landing", wantRefuse: "err_room_in_house"},
		{name: "unknown tile", room: "ballroom-2", flr: "ground", wantRefuse: "err_unknown_room"},
		{name: "no tile", wantRefuse: "err_unknown_room"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, sixExplorers[:3]...)
			if c.wantRefuse != "" {
				ge := refusal(t, s, seatActor(1), discover(c.room, c.flr))
				if ge.Key != c.wantRefuse {
					t.Errorf("refused with %s, want %s", ge.Key, c.wantRefuse)
				}
				return
			}
			evs := do(t, s, seatActor(1), discover(c.room, c.flr))
			if len(evs) != 1 || evs[0].Type() != game.EvRoomDiscovered || evs[0].Data.(game.RoomDiscovered).Floor != c.wantFloor || evs[0].Data.(game.RoomDiscovered).Seat != 1 {
				t.Fatalf("events %+v", evs)
			}
			if got := s.Rooms; !reflect.DeepEqual(got, []game.PlacedRoom{{Room: c.room, Floor: c.wantFloor, By: 1}}) {
				t.Errorf("rooms %+v", got)
			}
			d := s.PendingDiscovery(1)
			switch {
			case c.wantDeck == "" && d != nil:
				t.Errorf("a room without a symbol owes %+v", d)
			case c.wantDeck != "" && (d == nil || d.Deck != c.wantDeck || d.Room != c.room):
				t.Errorf("owed card %+v, want the %s deck for %s", d, c.wantDeck, c.room)
			}
			for _, r := range s.RoomStack() {
				if r.ID == c.room {
					t.Errorf("%s is still in the stack", c.room)
				}
			}
		})
	}
}

// TestDiscoverRoomRefusals: a tile already in the house, another seat's turn
// (the host may correct the record), a dead explorer, a game not started or
// over, a stale phone.
func TestDiscoverRoomRefusals(t *testing.T) {
	t.Parallel()
	s := started(t, sixExplorers[:3]...)
	do(t, s, seatActor(1), discover("kitchen", "ground"))
	wantRefusal(t, s, seatActor(1), discover("kitchen", "basement"), "err_room_in_house", game.Conflict)
	wantRefusal(t, s, hostActor, game.DiscoverRoom{Seat: 2, Room: "kitchen", Floor: "ground"}, "err_room_in_house", game.Conflict)
	// Seat 2 is not on turn; seat 1 can't record for seat 2.
	wantRefusal(t, s, seatActor(2), discover("chapel", "upper"), "err_not_your_turn", game.Forbidden)
	wantRefusal(t, s, seatActor(1), game.DiscoverRoom{Seat: 2, Room: "chapel", Floor: "upper"}, "err_other_seat", game.Forbidden)
	// The host may record it for seat 2.
	do(t, s, hostActor, game.DiscoverRoom{Seat: 2, Room: "chapel", Floor: "upper"})
	if got := s.Rooms[1]; got != (game.PlacedRoom{Room: "chapel", Floor: "upper", By: 2}) {
		t.Errorf("host's record %+v", got)
	}
	// A stale phone: built before the host's change.
	wantRefusal(t, s, seatActor(1), game.DiscoverRoom{Basis: game.Basis{Version: intp(s.Version - 1)}, Room: "attic"}, "err_stale", game.Conflict)

	lob := lobby(t, sixExplorers[:2]...)
	wantRefusal(t, lob, hostActor, game.DiscoverRoom{Seat: 1, Room: "attic"}, "err_not_started", game.Conflict)

	// A dead explorer explores no more (seed 000, 伤害: 该人物即已死亡).
	h := haunted(t, sixExplorers[:3]...)
	force(t, h, 1, map[string]game.TraitState{game.Might: pos(0)})
	wantRefusal(t, h, seatActor(1), discover("attic", ""), "err_dead", game.Conflict)
}

// TestDiscoveredOmenRoom: an omen drawn right after discovering an omen room
// is drawn there (seed 000, 探险: 新房间摆放后……需翻开预兆牌), and the haunt roll
// follows for it; the room need not be repeated.
func TestDiscoveredOmenRoom(t *testing.T) {
	t.Parallel()
	s := started(t, sixExplorers[:3]...)
	do(t, s, seatActor(1), discover("gallery", ""))
	do(t, s, seatActor(1), game.DrawOmen{Omen: "girl"})
	if len(s.Omens) != 1 || s.Omens[0].Room != "gallery" {
		t.Fatalf("omens %+v, want the Girl in the Gallery", s.Omens)
	}
	if s.PendingDiscovery(1) != nil {
		t.Errorf("the room's card is still owed after the omen: %+v", s.Discovery)
	}
	if !s.OwesHauntRoll(1) {
		t.Errorf("no haunt roll owed after the omen")
	}
	// Without a pending omen room, the room is still needed.
	wantRefusal(t, s, seatActor(1), game.DrawOmen{Omen: "dog"}, "err_unknown_omen_room", game.Invalid)
}

// TestDiscoveryOwedCard: the owed card ends with a draw from its deck, the
// end of the turn or the next discovery; another deck's card leaves it.
func TestDiscoveryOwedCard(t *testing.T) {
	t.Parallel()
	s := started(t, sixExplorers[:3]...)
	do(t, s, seatActor(1), discover("bloody-room", "upper")) // item symbol
	do(t, s, seatActor(1), game.DrawCard{Card: "angry-being"})
	if d := s.PendingDiscovery(1); d == nil || d.Deck != "item" {
		t.Fatalf("an event card settled the room's item: %+v", d)
	}
	do(t, s, seatActor(1), game.DrawCard{Card: "axe"})
	if s.Discovery != nil {
		t.Errorf("still owed after drawing the item: %+v", s.Discovery)
	}
	do(t, s, seatActor(1), discover("chapel", "ground"))
	do(t, s, seatActor(1), discover("gardens", ""))
	if d := s.PendingDiscovery(1); d == nil || d.Room != "gardens" {
		t.Errorf("the newest discovery is not the one owed: %+v", d)
	}
	// Only the host may end the turn with it owed
	// (TestEndTurnWaitsForTheRoomsCard).
	do(t, s, hostActor, game.EndTurn{})
	if s.Discovery != nil {
		t.Errorf("still owed after the turn ended: %+v", s.Discovery)
	}
}

// TestDiscoverRoomUndoAndReplay: undo takes the tile back to the stack (and
// the owed card with it); the log rebuilds the same house.
func TestDiscoverRoomUndoAndReplay(t *testing.T) {
	t.Parallel()
	s := started(t, sixExplorers[:3]...)
	do(t, s, seatActor(1), discover("kitchen", "basement"))
	do(t, s, seatActor(1), discover("gallery", ""))
	last := s.LastUndoable()
	if last == nil || last.Type() != game.EvRoomDiscovered || last.Data.(game.RoomDiscovered).Room != "gallery" {
		t.Fatalf("undo would take back %+v, want the Gallery", last)
	}
	do(t, s, seatActor(1), game.Undo{})
	if s.InHouse("gallery") || !s.InHouse("kitchen") {
		t.Errorf("after undo the house is %+v", s.House())
	}
	if d := s.PendingDiscovery(1); d == nil || d.Room != "kitchen" {
		t.Errorf("after undo the owed card is %+v, want the Kitchen's omen", d)
	}
	// Another seat can't take back seat 1's tile.
	do(t, s, seatActor(1), discover("gallery", ""))
	wantRefusal(t, s, seatActor(2), game.Undo{}, "err_undo_not_yours", game.Forbidden)

	replayed, err := game.Replay(s.Code, s.Events)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(replayed.House(), s.House()) || !reflect.DeepEqual(replayed.Discovery, s.Discovery) {
		t.Errorf("replay: house %+v owed %+v, want %+v owed %+v", replayed.House(), replayed.Discovery, s.House(), s.Discovery)
	}
}

// TestHouseOmenRooms lists the discovered omen rooms in the order placed:
// what selecting another haunt chooses from (seed 000, 故事挑选).
func TestHouseOmenRooms(t *testing.T) {
	t.Parallel()
	s := started(t, sixExplorers[:3]...)
	do(t, s, seatActor(1), discover("kitchen", "ground"))
	do(t, s, seatActor(1), discover("organ-room", "upper"))
	do(t, s, seatActor(1), discover("gymnasium", "basement"))
	if got := s.HouseOmenRooms(); !reflect.DeepEqual(got, []string{"kitchen", "gymnasium"}) {
		t.Errorf("omen rooms %v", got)
	}
}

// TestExploreOptions: the seat on turn is offered every tile of the stack
// under each floor it fits, and what its newest room owes; others nothing.
func TestExploreOptions(t *testing.T) {
	t.Parallel()
	s := started(t, sixExplorers[:3]...)
	o := s.Options(seatActor(1)).Explore
	if o == nil || len(o.Floors) != 3 {
		t.Fatalf("seat 1's explore options %+v", o)
	}
	count := 0
	for _, f := range o.Floors {
		count += len(f.Tiles)
		for _, id := range f.Tiles {
			if evs, err := s.Decide(seatActor(1), discover(id, f.Floor), t0); err != nil || len(evs) != 1 {
				t.Errorf("offered %s on %s, Decide says %v", id, f.Floor, err)
			}
		}
	}
	if o.Floors[0].Floor != "upper" || o.Floors[2].Floor != "basement" {
		t.Errorf("floors not top to bottom: %+v", o.Floors)
	}
	if s.Options(seatActor(2)).Explore != nil {
		t.Errorf("seat 2 may explore on seat 1's turn")
	}
	do(t, s, seatActor(1), discover("gallery", ""))
	o = s.Options(seatActor(1)).Explore
	if o.Owed == nil || o.Owed.Room != "gallery" || o.Owed.Deck != "omen" {
		t.Errorf("owed %+v, want the Gallery's omen", o.Owed)
	}
	for _, f := range o.Floors {
		if slices.Contains(f.Tiles, "gallery") {
			t.Errorf("the Gallery is still offered on %s", f.Floor)
		}
	}
	if h := s.Options(hostActor); h.Explore != nil {
		t.Errorf("the host's own options explore: %+v", h.Explore)
	}
}

// TestEndTurnWaitsForTheRoomsCard: a room placed with a symbol owes its card
// before the turn may end, as the haunt roll owed does (seed 000, 2. 探险:
// 新房间摆放后，因应房间是否印有预兆(乌鸦)、物品(牛头)或事件(旋涡)标记，玩家需翻开
// 预兆牌、物品牌或事件牌一张; 在翻过卡片并完成牌上的指示后……该人物在这回合中亦不可
// 再移动). Its seat's end_turn is refused naming the card, Options don't offer
// it; the host may still end the turn (a table that went wrong goes on), and
// the event says what was left undrawn. A log from before the rule replays.
func TestEndTurnWaitsForTheRoomsCard(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 2. 探险: 新房间摆放后……玩家需翻开预兆牌、物品牌或事件牌一张"
	for _, tc := range []struct{ room, floor, deck, card string }{
		{"gallery", "", "omen", "girl"},
		{"bloody-room", "upper", "item", "axe"},
		{"gardens", "", "event", "angry-being"},
	} {
		t.Run(tc.room, func(t *testing.T) {
			s := started(t, sixExplorers[:3]...)
			do(t, s, seatActor(1), discover(tc.room, tc.floor))
			ge := wantRefusal(t, s, seatActor(1), game.EndTurn{}, "err_card_owed_"+tc.deck, game.Conflict)
			if len(ge.Args) != 1 {
				t.Errorf("%s: refusal %+v does not name the room", rule, ge)
			}
			if o := s.Options(seatActor(1)); o.EndTurn {
				t.Errorf("%s: Options offer end_turn with the %s card owed", rule, tc.deck)
			}
			if o := s.Options(hostActor); !o.EndTurn {
				t.Errorf("the host's Options don't offer end_turn")
			}
			var draw game.Action = game.DrawCard{Card: tc.card}
			if tc.deck == "omen" {
				draw = game.DrawOmen{Omen: tc.card}
			}
			do(t, s, seatActor(1), draw)
			if tc.deck == "omen" {
				do(t, s, seatActor(1), game.HauntRoll{Total: intp(6)})
			}
			if o := s.Options(seatActor(1)); !o.EndTurn {
				t.Errorf("%s: end_turn not offered once the %s card is drawn", rule, tc.deck)
			}
			evs := do(t, s, seatActor(1), game.EndTurn{})
			if e := evs[len(evs)-1]; e.Data.(game.TurnEnded).Room != "" || e.Data.(game.TurnEnded).Cause != "" {
				t.Errorf("an ordinary end of turn is marked skipped: %+v", e)
			}
		})
	}

	// The host ends a turn with the card owed: allowed, and marked.
	s := started(t, sixExplorers[:3]...)
	do(t, s, seatActor(1), discover("gallery", ""))
	evs := do(t, s, hostActor, game.EndTurn{})
	if e := evs[len(evs)-1]; e.Type() != game.EvTurnEnded || e.Data.(game.TurnEnded).Room != "gallery" || e.Data.(game.TurnEnded).Cause != game.CauseCardSkipped+"omen" {
		t.Errorf("the host's end of turn with the Gallery's omen owed: %+v", e)
	}
	if s.Turn != 2 || s.Discovery != nil {
		t.Errorf("turn %d, owed %+v after the host ended it", s.Turn, s.Discovery)
	}
	// Another seat's turn is not held up by a room the host placed for
	// seat 1 out of turn (correcting the record).
	do(t, s, hostActor, game.DiscoverRoom{Seat: 1, Room: "kitchen", Floor: "ground"})
	do(t, s, seatActor(2), game.EndTurn{})

	// A log recorded before the rule, whose seat ended its turn with a
	// card owed, still replays: the rule is Decide's, never Apply's.
	old := started(t, sixExplorers[:3]...)
	do(t, old, seatActor(1), discover("gallery", ""))
	next := game.Event{Seq: old.Version + 1, Actor: seatActor(1), At: t0, Data: game.TurnEnded{Seat: 2}}
	replayed, err := game.Replay(old.Code, append(slices.Clone(old.Events), next))
	if err != nil {
		t.Fatalf("an old log ending a turn with a card owed: %v", err)
	}
	if replayed.Turn != 2 || replayed.Discovery != nil {
		t.Errorf("an old log ending a turn with a card owed: turn %d, owed %+v", replayed.Turn, replayed.Discovery)
	}
}
