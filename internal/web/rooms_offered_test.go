package web_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"lantern/internal/catalog"
)

// TestReselectOffersOnlyAnotherHaunt (issue 23, section 2): Select another
// haunt offers the house's omen rooms and the omens that give a haunt other
// than the one revealed (rules: selecting another haunt; reselect_haunt
// refuses the same haunt, err_same_haunt), and no room select from the
// chart once the house is recorded. The Girl in the Kitchen and in the
// Dining Room are the same haunt; in the Gallery another.
func TestReselectOffersOnlyAnotherHaunt(t *testing.T) {
	t.Parallel()
	same, other := catalog.LookupHaunt("girl", "dining-room"), catalog.LookupHaunt("girl", "gallery")
	if revealed := catalog.LookupHaunt("girl", "kitchen"); same != revealed || other == revealed {
		t.Fatalf("the chart changed: kitchen %d, dining room %d, gallery %d", revealed, same, other)
	}
	a := newTestApp(t)
	g := a.newGame(3, true)
	for _, act := range []map[string]any{
		{"type": "discover_room", "room": "kitchen", "floor": "ground"},
		{"type": "draw_omen", "omen": "girl"},
		{"type": "discover_room", "room": "gallery"},
		{"type": "discover_room", "room": "dining-room"},
		{"type": "haunt_roll", "total": 0},
	} {
		a.act(g, g.seats[0], act) // must succeed

	}
	for _, lang := range []string{"en", "zh"} {
		tbl := pageText(t, a, "/g/"+g.code+"/table", g.hostCookie(), withCookie("lantern_lang", lang))
		if !strings.Contains(tbl, `name="room" value="gallery" class="pick"`) {
			t.Errorf("%s: Select another haunt does not offer the Gallery", lang)
		}
		if strings.Contains(tbl, `name="room" value="dining-room"`) {
			t.Errorf("%s: Select another haunt offers the Dining Room, which gives the same haunt", lang)
		}
		if strings.Contains(tbl, `<select name="room"`) {
			t.Errorf("%s: a room select from the whole chart while the house is recorded", lang)
		}
		for _, omen := range catalog.Chart().Omens {
			offered := strings.Contains(tbl, `<option value="`+omen+`"`)
			if gives := catalog.LookupHaunt(omen, "kitchen") != same && omen != "girl"; offered != gives {
				t.Errorf("%s: the omen %s offered %v, gives another haunt %v", lang, omen, offered, gives)
			}
		}
	}
}

// TestRoomPickersListTheHouse (issue 23, section 2): the phone's room
// pickers — where to drop a card, the rooms' effects — list only rooms in
// the house: at the start the five starting tiles; the Chapel's gain once
// the Chapel is discovered.
func TestRoomPickersListTheHouse(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "bell"})
	page := pageText(t, a, "/g/"+g.code, g.seatCookie(1))
	i := strings.Index(page, `<select name="room"`)
	if i < 0 {
		t.Fatalf("no room to drop the Bell in")
	}
	drop := page[i : i+strings.Index(page[i:], "</select>")]
	for _, r := range catalog.Box().Rooms {
		in := r.ID == "entrance-hall" || r.ID == "foyer" || r.ID == "grand-staircase" || r.ID == "basement-landing" || r.ID == "upper-landing"
		if got := strings.Contains(drop, `<option value="`+r.ID+`"`); got != in {
			t.Errorf("drop in %s offered %v; in the house %v", r.ID, got, in)
		}
	}
	if strings.Contains(page, `"room:chapel"`) {
		t.Errorf("the Chapel's gain is offered before the Chapel is in the house")
	}
	crAct(a, g, 1, map[string]any{"type": "discover_room", "room": "chapel", "floor": "ground"})
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "what-the"})
	if page := pageText(t, a, "/g/"+g.code, g.seatCookie(1)); !strings.Contains(page, `"room:chapel"`) {
		t.Errorf("the Chapel's gain isn't offered once it is in the house")
	}
}

// TestAPIMeRoomsInTheHouse (issue 33, 2): GET /api/games/{code}/me's
// options list the rooms' rolls and effects only for rooms in the house
// (seed 000 探险: a tile is in play once placed; seed 000 礼拜堂: 当人物完结
// 其游戏回合时仍留在这房间，其神志Sanity即上升1个级别): none of the box's
// rooms with a roll or an effect while the house is the starting tiles, the
// Chapel alone once it is discovered.
func TestAPIMeRoomsInTheHouse(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	rooms := func() []string {
		t.Helper()
		me := a.json(http.MethodGet, g.api("/me"), "", g.seats[0], http.StatusOK)
		var out []string
		if rs, ok := me["options"].(map[string]any)["rooms"].([]any); ok {
			for _, r := range rs {
				out = append(out, r.(map[string]any)["room"].(string))
			}
		}
		return out
	}
	if got := rooms(); len(got) != 0 {
		t.Errorf("only the starting tiles in the house; /me offers %v", got)
	}
	a.act(g, g.seats[0], map[string]any{"type": "discover_room", "room": "chapel", "floor": "ground"})
	if got := rooms(); !slices.Equal(got, []string{"chapel"}) {
		t.Errorf("the starting tiles and the Chapel in the house; /me offers %v, want [chapel]", got)
	}
}
