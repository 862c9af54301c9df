package web_test

import (
	"net/http"
	"strings"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/i18n"
)

// TestEndTurnWaitsForTheRoomsCard (issue 41, 2): after discovering the
// Dining Room (an omen symbol: seed 000, 2. 探险, 新房间……印有预兆标记，玩家
// 需翻开预兆牌一张) the seat's end_turn is refused with 409 in the phone's
// language naming the card owed, its options don't offer it, and its now
// bar shows the draw and I drew… only. The host may still end the turn,
// and the log says the card was left undrawn.
func TestEndTurnWaitsForTheRoomsCard(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	a.act(g, g.seats[0], map[string]any{"type": "discover_room", "room": "dining-room"})
	room := catalog.Box().Room("dining-room").Name
	for _, lang := range htLangs {
		before := a.snapshot(g)
		rec := a.do(http.MethodPost, g.api("/actions"), `{"type":"end_turn"}`, withBearer(g.seats[0]), withLang(lang))
		htWantError(t, rec, http.StatusConflict, lang, "err_card_owed_omen", room)
		if after := a.snapshot(g); after != before {
			t.Errorf("%s: the refusal changed the state", lang)
		}
	}
	if o := htOptions(a, g, 1); o["end_turn"] != false {
		t.Errorf("options offer end_turn with the omen owed: %v", o["end_turn"])
	}
	for _, lang := range []string{"en", "zh"} {
		now := nowBarHTML(t, a, g, 1, lang)
		if strings.Contains(now, `value="end_turn"`) || strings.Contains(now, i18n.T(lang, "end_turn")) {
			t.Errorf("%s: the now bar offers End my turn with the omen owed:\n%s", lang, now)
		}
		for _, want := range []string{i18n.T(lang, "phone_draw_owed", i18n.T(lang, "deck_omen")), i18n.T(lang, "i_drew")} {
			if !strings.Contains(now, want) {
				t.Errorf("%s: the now bar lacks %q:\n%s", lang, want, now)
			}
		}
	}

	// The host ends it all the same, asked first; the log says what was
	// skipped.
	for _, lang := range []string{"en", "zh"} {
		tbl := pageText(t, a, "/g/"+g.code+"/table", g.hostCookie(), withCookie("lantern_lang", lang))
		if want := i18n.T(lang, "table_end_turn_owed", testNames[0], i18n.T(lang, "deck_omen"), room.In(lang)); !strings.Contains(tbl, `data-confirm="`+want+`"`) {
			t.Errorf("%s: the table's End turn doesn't ask %q", lang, want)
		}
	}
	a.act(g, g.host, map[string]any{"type": "end_turn"})
	for _, lang := range []string{"en", "zh"} {
		tbl := pageText(t, a, "/g/"+g.code+"/table", g.hostCookie(), withCookie("lantern_lang", lang))
		want := i18n.T(lang, "log_turn_card_skipped", i18n.T(lang, "deck_omen"), room.In(lang), testNames[1])
		if !strings.Contains(tbl, want) {
			t.Errorf("%s: the table's log lacks %q", lang, want)
		}
	}
}
