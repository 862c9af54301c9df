package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/seatview"
)

// TestAPIDiscoverRoom: discover_room through the API (internal/web/API.md): the
// public state lists the house's rooms with who discovered them, undo takes
// one back, and bad requests are refused in the caller's language, changing
// nothing.
func TestAPIDiscoverRoom(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	st := a.publicState(g)
	if len(st.Rooms) != 5 || st.Rooms[0].Room != "upper-landing" || st.Rooms[0].By != 0 {
		t.Fatalf("starting rooms %+v", st.Rooms)
	}
	a.act(g, g.seats[0], map[string]any{"type": "discover_room", "room": "kitchen", "floor": "basement"})
	a.act(g, g.seats[0], map[string]any{"type": "discover_room", "room": "gallery"})
	st = a.publicState(g)
	if n := len(st.Rooms); n != 7 || st.Rooms[5] != (seatview.RoomJSON{Room: "kitchen", Floor: "basement", By: 1}) || st.Rooms[6] != (seatview.RoomJSON{Room: "gallery", Floor: "upper", By: 1}) {
		t.Errorf("rooms %+v", st.Rooms)
	}
	// The omen drawn next is drawn in the Gallery, the room just discovered.
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "dog"})
	if st := a.state(g); jsonInt(st["haunt_roll_owed_by"]) != 1 {
		t.Errorf("no haunt roll owed after the omen: %v", st["haunt_roll_owed_by"])
	}
	a.act(g, g.seats[0], map[string]any{"type": "undo"})
	a.act(g, g.seats[0], map[string]any{"type": "undo"})
	if st := a.publicState(g); len(st.Rooms) != 6 {
		t.Errorf("after undoing the omen and the Gallery: rooms %+v", st.Rooms)
	}

	gallery := catalog.Box().Room("gallery").Name
	kitchen := catalog.Box().Room("kitchen").Name
	cases := []struct {
		name   string
		token  string
		body   string
		status int
		key    string
		args   []any
	}{
		{"already in the house", g.seats[0], `{"type":"discover_room","room":"kitchen","floor":"ground"}`, 409, "err_room_in_house", []any{kitchen}},
		{"a starting room", g.seats[0], `{"type":"discover_room","room":"foyer","floor":"ground"}`, 409, "err_room_in_house", []any{catalog.Box().Room("foyer").Name}},
		{"wrong floor", g.seats[0], `{"type":"discover_room","room":"gallery","floor":"basement"}`, 400, "err_room_floor", []any{gallery}},
		{"floor needed", g.seats[0], `{"type":"discover_room","room":"chapel"}`, 400, "err_room_floor_needed", []any{catalog.Box().Room("chapel").Name}},
		{"unknown room", g.seats[0], `{"type":"discover_room","room":"moon","floor":"upper"}`, 404, "err_unknown_room", []any{"moon"}},
		{"not your turn", g.seats[1], `{"type":"discover_room","room":"gallery"}`, 403, "err_not_your_turn", nil},
		{"a misspelt field", g.seats[0], `{"type":"discover_room","room":"gallery","flor":"upper"}`, 400, "err_bad_json", nil},
	}
	for _, c := range cases {
		for _, lang := range htLangs {
			t.Run(c.name+"/"+lang, func(t *testing.T) {
				before := a.snapshot(g)
				rec := a.do(http.MethodPost, g.api("/actions"), c.body, withBearer(c.token), withLang(lang))
				htWantError(t, rec, c.status, lang, c.key, c.args...)
				if after := a.snapshot(g); after != before {
					t.Errorf("the refusal changed the state")
				}
			})
		}
	}

	// The host records a tile for the seat on turn or any other.
	a.act(g, g.host, map[string]any{"type": "discover_room", "seat": 2, "room": "chapel", "floor": "upper"})
	if st := a.publicState(g); st.Rooms[len(st.Rooms)-1] != (seatview.RoomJSON{Room: "chapel", Floor: "upper", By: 2}) {
		t.Errorf("host's record: %+v", st.Rooms)
	}

	// A phone's form goes through the same decoder.
	version := strconv.Itoa(a.publicState(g).Version)
	rec := a.form("/g/"+g.code+"/act", url.Values{"type": {"discover_room"}, "as": {"seat"}, "version": {version}, "room": {"vault"}, "floor": {"basement"}}, g.seatCookie(1))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("form: %d %s", rec.Code, rec.Body)
	}
	if st := a.publicState(g); st.Rooms[len(st.Rooms)-1] != (seatview.RoomJSON{Room: "vault", Floor: "basement", By: 1}) {
		t.Errorf("form's tile: %+v", st.Rooms)
	}
}

// TestAPIHostDiscoversForTheCurrentSeat (issue 33, 3): the host records a
// discovered room without naming a seat, for the seat on turn (internal/web/API.md:
// discover_room is for "the current seat (or host)"; seed 000 探险: the
// explorer on turn places the tile); naming no seat was refused as "There
// is no seat 0".
func TestAPIHostDiscoversForTheCurrentSeat(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	rec := a.do(http.MethodPost, g.api("/actions"), `{"type":"discover_room","room":"gallery"}`, withBearer(g.host))
	if rec.Code != http.StatusOK {
		t.Fatalf("host's discover_room: %d %s", rec.Code, rec.Body)
	}
	if st := a.publicState(g); st.Rooms[len(st.Rooms)-1] != (seatview.RoomJSON{Room: "gallery", Floor: "upper", By: 1}) {
		t.Errorf("the host's tile is not the seat on turn's: %+v", st.Rooms)
	}
	a.act(g, g.host, map[string]any{"type": "end_turn"})
	a.act(g, g.host, map[string]any{"type": "discover_room", "room": "chapel", "floor": "ground"})
	if st := a.publicState(g); st.Rooms[len(st.Rooms)-1] != (seatview.RoomJSON{Room: "chapel", Floor: "ground", By: 2}) {
		t.Errorf("after the turn passed, the host's tile is not seat 2's: %+v", st.Rooms)
	}
}
