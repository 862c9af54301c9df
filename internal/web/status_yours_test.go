package web_test

import (
	"regexp"
	"testing"

	"lantern/internal/i18n"
)

// TestStatusLineYourTurn (issue 41, 3): the status line says whose turn it
// is by name on every other phone and the table, and "Your turn" on the
// phone of the explorer whose turn it is (it named them to themselves), in
// both languages.
func TestStatusLineYourTurn(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	turn := regexp.MustCompile(`<span class="turn-name">([^<]*)</span>`)
	for _, lang := range []string{"en", "zh"} {
		for seat, want := range map[int]string{
			1: i18n.T(lang, "phone_your_turn"),
			2: i18n.T(lang, "turn_of", testNames[0]),
			3: i18n.T(lang, "turn_of", testNames[0]),
		} {
			page := pageText(t, a, "/g/"+g.code, g.seatCookie(seat), withCookie("lantern_lang", lang))
			m := turn.FindStringSubmatch(page)
			if m == nil || m[1] != want {
				t.Errorf("%s: seat %d's status line says %q, want %q", lang, seat, m, want)
			}
		}
		tbl := pageText(t, a, "/g/"+g.code+"/table", g.hostCookie(), withCookie("lantern_lang", lang))
		if m := turn.FindStringSubmatch(tbl); m == nil || m[1] != i18n.T(lang, "turn_of", testNames[0]) {
			t.Errorf("%s: the table's status line says %q", lang, m)
		}
	}
	// The turn passes: now seat 2's own phone says so.
	a.act(g, g.seats[0], map[string]any{"type": "end_turn"})
	page := pageText(t, a, "/g/"+g.code, g.seatCookie(2), withCookie("lantern_lang", "en"))
	if m := turn.FindStringSubmatch(page); m == nil || m[1] != i18n.T("en", "phone_your_turn") {
		t.Errorf("seat 2's status line on its turn says %q", m)
	}
}
