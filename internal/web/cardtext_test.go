package web_test

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"lantern/internal/catalog"
)

// TestHeldEventShowsText: an event card kept in the hand (Debris buries
// you until you are freed) shows its own words there, in the reader's
// language, as a drawn card with a roll does — the card is the rule.
func TestHeldEventShowsText(t *testing.T) {
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "debris"})
	for _, lang := range []string{"en", "zh"} {
		rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1), withLang(lang))
		want := html.EscapeString(catalog.Box().Card("debris").Text.In(lang))
		if i := strings.Index(rec.Body.String(), `class="hand"`); i < 0 || !strings.Contains(rec.Body.String()[i:], want) {
			t.Errorf("%s: the hand holding the Debris lacks its text %q", lang, want)
		}
	}
}

// TestPileAndFloorLabels: a pile lists its cards apart ("Axe · Bell", not
// "AxeBell"), and the discover picker heads each floor with its name as a
// heading, capitalised, in both languages.
func TestPileAndFloorLabels(t *testing.T) {
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "axe"})
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "bell"})
	crAct(a, g, 1, map[string]any{"type": "drop_card", "card": "axe", "room": "kitchen"})
	crAct(a, g, 1, map[string]any{"type": "drop_card", "card": "bell", "room": "kitchen"})
	for lang, floor := range map[string]string{"en": "<h3>Ground floor</h3>", "zh": "<h3>地面层</h3>"} {
		box := catalog.Box()
		sep := box.Card("axe").Name.In(lang) + " · " + box.Card("bell").Name.In(lang)
		rec := a.do(http.MethodGet, "/g/"+g.code+"/table", "", g.hostCookie(), withLang(lang))
		text := strings.Join(strings.Fields(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(rec.Body.String(), "")), " ")
		if !strings.Contains(text, sep) {
			t.Errorf("%s: the table's pile doesn't list the Axe and the Bell apart (want %q)", lang, sep)
		}
		phone := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1), withLang(lang)).Body.String()
		if !strings.Contains(phone, floor) {
			t.Errorf("%s: the discover picker lacks the floor heading %q", lang, floor)
		}
	}
}
