package web_test

import (
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/i18n"
)

// page is a phone's or the table's page as text (HTML entities decoded).
func pageText(t *testing.T, a *testApp, path string, opts ...reqOpt) string {
	t.Helper()
	rec := a.do(http.MethodGet, path, "", opts...)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d", path, rec.Code)
	}
	return html.UnescapeString(rec.Body.String())
}

// TestPhoneExploreFlow: "I discovered a room" offers the stack's tiles by
// floor; the room just discovered offers its omen as buttons, drawn in that
// room, and the haunt roll follows; the table lists the house by floor.
func TestPhoneExploreFlow(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	me := "/g/" + g.code
	p := pageText(t, a, me, g.seatCookie(1))
	for _, want := range []string{`name="type" value="discover_room"`, `name="floor" value="upper"`, `name="room" value="gallery"`, i18n.T("en", "i_discovered")} {
		if !strings.Contains(p, want) {
			t.Errorf("seat 1's page lacks %s", want)
		}
	}
	if strings.Contains(pageText(t, a, me, g.seatCookie(2)), `value="discover_room"`) {
		t.Errorf("seat 2 is offered a tile on seat 1's turn")
	}
	version := strconv.Itoa(a.publicState(g).Version)
	if rec := a.form(me+"/act", url.Values{"type": {"discover_room"}, "as": {"seat"}, "version": {version}, "floor": {"upper"}, "room": {"gallery"}}, g.seatCookie(1)); rec.Code != http.StatusSeeOther {
		t.Fatalf("discover: %d %s", rec.Code, rec.Body)
	}
	p = pageText(t, a, me, g.seatCookie(1))
	if !strings.Contains(p, i18n.T("en", "discovered_room", "Gallery")) || !strings.Contains(p, `name="omen" value="girl"`) {
		t.Fatalf("after discovering the Gallery the page offers no omen buttons")
	}
	// The log says who discovered which room, in words (not the event's key).
	for _, lang := range []string{"en", "zh"} {
		want := i18n.T(lang, "log_room_discovered", "", catalog.Box().Room("gallery").Name.In(lang), i18n.T(lang, "floor_upper"))
		if lp := pageText(t, a, me, g.seatCookie(1), withCookie("lantern_lang", lang)); !strings.Contains(lp, strings.TrimSpace(want)) {
			t.Errorf("%s: the log lacks %q", lang, want)
		}
	}
	if strings.Contains(p, `name="room" value="gallery" class="pick tile"`) {
		t.Errorf("the Gallery is still offered as a tile")
	}
	version = strconv.Itoa(a.publicState(g).Version)
	if rec := a.form(me+"/act", url.Values{"type": {"draw_omen"}, "as": {"seat"}, "version": {version}, "room": {"gallery"}, "omen": {"girl"}}, g.seatCookie(1)); rec.Code != http.StatusSeeOther {
		t.Fatalf("omen: %d %s", rec.Code, rec.Body)
	}
	if st := a.state(g); jsonInt(st["haunt_roll_owed_by"]) != 1 {
		t.Errorf("no haunt roll owed after the omen")
	}
	if p := pageText(t, a, me, g.seatCookie(1)); !strings.Contains(p, `value="haunt_roll"`) {
		t.Errorf("no haunt roll button after the omen")
	}
	tbl := pageText(t, a, me+"/table", g.hostCookie())
	for _, want := range []string{i18n.T("en", "house_title"), "Upper Landing", "Gallery", "Basement Landing"} {
		if !strings.Contains(tbl, want) {
			t.Errorf("the table's house lacks %s", want)
		}
	}
}

// TestDrawnEventWithRoll: drawing an event that asks for a roll (Angry
// Being) shows its text and a one-tap roll; after the roll, Apply.
func TestDrawnEventWithRoll(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	a.act(g, g.seats[0], map[string]any{"type": "draw_card", "card": "angry-being"})
	card := catalog.Box().Card("angry-being")
	p := pageText(t, a, "/g/"+g.code, g.seatCookie(1))
	if !strings.Contains(p, card.Text.EN) {
		t.Errorf("the drawn Angry Being's text is not shown")
	}
	if !strings.Contains(p, `name="source" value="card:angry-being"`) {
		t.Fatalf("no one-tap roll for the Angry Being")
	}
	a.act(g, g.seats[0], map[string]any{"type": "roll", "trait": "speed", "purpose": "event", "source": "card:angry-being", "total": 5})
	p = pageText(t, a, "/g/"+g.code, g.seatCookie(1))
	if !strings.Contains(p, `value="apply_effect"`) || !strings.Contains(p, i18n.T("en", "apply")) {
		t.Errorf("no Apply after the Angry Being's roll")
	}
}

// TestTrackPlusKeepsLabel: one tap on "+" beside the turn/damage track
// (a value, no label) still shows the track's name.
func TestTrackPlusKeepsLabel(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	a.act(g, g.host, map[string]any{"type": "set_track", "value": 1})
	tbl := pageText(t, a, "/g/"+g.code+"/table", g.hostCookie())
	i := strings.Index(tbl, `small-number">1</span>`)
	if i < 0 || !strings.Contains(tbl[i:min(len(tbl), i+200)], i18n.T("en", "track")) {
		t.Errorf("after one tap on + the track shows no label")
	}
}

// TestGameOverNoEndTurn: after the game is over the table offers no "End
// ‹name›'s turn" (with a blank name).
func TestGameOverNoEndTurn(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	a.act(g, g.host, map[string]any{"type": "declare_winner", "side": "heroes"})
	tbl := pageText(t, a, "/g/"+g.code+"/table", g.hostCookie())
	if strings.Contains(tbl, `value="end_turn"`) || strings.Contains(tbl, i18n.T("en", "end_turn_for", "")) {
		t.Errorf("the table offers to end a turn after the game is over")
	}
}

// TestUndoOmenLabel: undo after an omen names the omen and the haunt roll
// it owes, not the trait change the omen made.
func TestUndoOmenLabel(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "gallery"})
	for _, lang := range []string{"en", "zh"} {
		p := html.UnescapeString(a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1), withCookie("lantern_lang", lang)).Body.String())
		want := i18n.T(lang, "undo", i18n.T(lang, "undo_omen_roll", catalog.Box().Card("girl").Name.In(lang), catalog.Box().Room("gallery").Name.In(lang)))
		if !strings.Contains(p, want) {
			t.Errorf("%s: undo label is not %q", lang, want)
		}
	}
}

// TestReselectLogAndRooms: the host's Select another haunt is logged as the
// host's, not the revealer's; it offers the house's omen rooms.
func TestReselectLogAndRooms(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	a.act(g, g.seats[0], map[string]any{"type": "discover_room", "room": "kitchen", "floor": "ground"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl"})
	a.act(g, g.seats[0], map[string]any{"type": "discover_room", "room": "gallery"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	tbl := pageText(t, a, "/g/"+g.code+"/table", g.hostCookie())
	if !strings.Contains(tbl, `name="room" value="gallery" class="pick"`) {
		t.Errorf("Select another haunt does not offer the house's Gallery")
	}
	a.act(g, g.host, map[string]any{"type": "reselect_haunt", "room": "gallery"})
	n := catalog.LookupHaunt("girl", "gallery")
	tbl = pageText(t, a, "/g/"+g.code+"/table", g.hostCookie())
	if !strings.Contains(tbl, i18n.T("en", "log_haunt_reselected", n, catalog.HauntByNumber(n).Name.EN)) {
		t.Errorf("the log does not credit the host's selection")
	}
	if strings.Contains(tbl, i18n.T("en", "log_haunt", "Ann", n, catalog.HauntByNumber(n).Name.EN)) {
		t.Errorf("the log credits the host's selection to the revealer")
	}
}
