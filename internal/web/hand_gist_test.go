package web_test

import (
	"html"
	"net/http"
	"strings"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/i18n"
)

// handItem is the hand's entry for a card on a phone page: its <li>, found
// by the link to the card.
func handItem(page, card string) string {
	i := strings.Index(page, `<ul class="hand">`)
	if i < 0 {
		return ""
	}
	ul := page[i:]
	ul = ul[:strings.Index(ul, "</ul>")]
	for _, li := range strings.Split(ul, "<li ")[1:] {
		if strings.Contains(li, `href="/cards/`+card+`"`) {
			return li
		}
	}
	return ""
}

// TestHandSaysWhatCardsDo (issue 41, item 1): on the Cards tab each held
// item and omen says what it does in the reader's language — the Axe its
// dice in the game's words, the Dog that it can't be traded, a card used
// this turn that it was — and the Bite drawn this turn that it is no
// object; each card's whole text is under its lines. A hand is its own
// seat's: the other phone and the table gain none of it.
func TestHandSaysWhatCardsDo(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "axe"})
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "medical-kit"})
	crAct(a, g, 1, map[string]any{"type": "use_card", "card": "medical-kit"})
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "dog", "room": "catacombs"})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 12})
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "bite", "room": "abandoned-room"})

	want := map[string]map[string][]string{
		"en": {
			"axe":         {"Weapon: attack with Might +1 die", "In your attacks, after the haunt"},
			"dog":         {"Companion: can't be traded, dropped or stolen", "Might +1, Sanity +1 while you have it"},
			"bite":        {"Not an item: it isn't kept, traded or dropped", "a 4-dice Might attack"},
			"medical-kit": {`<span class="badge">used this turn</span>`},
		},
		"zh": {
			"axe":         {"武器：以力量袭击 +1 颗骰子", "作祟开始后，在你的袭击中使用"},
			"dog":         {"同伴：不能转交、丢下或被偷窃", "持有期间力量 +1、神志 +1"},
			"bite":        {"不是物品：不会留在手上，不能转交或丢下", "4 颗骰子的力量袭击"},
			"medical-kit": {`<span class="badge">本回合已使用</span>`},
		},
	}
	for lang, cards := range want {
		page := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1), withLang(lang)).Body.String()
		for card, lines := range cards {
			li := handItem(page, card)
			if li == "" {
				t.Errorf("%s: the hand doesn't list the %s", lang, card)
				continue
			}
			text := html.UnescapeString(li)
			for _, w := range lines {
				if !strings.Contains(text, w) {
					t.Errorf("%s: the %s in the hand lacks %q:\n%s", lang, card, w, text)
				}
			}
			if full := catalog.Box().Card(card).Text.In(lang); !strings.Contains(text, full) {
				t.Errorf("%s: the %s's whole text isn't one tap away in the hand", lang, card)
			}
		}
		if li := handItem(page, "axe"); strings.Contains(li, i18n.T(lang, "used")) {
			t.Errorf("%s: the Axe, not used, says it was", lang)
		}
		// Seat 1's hand is seat 1's: seat 2's phone and the table show its
		// cards by name (hands are public) and no more.
		for who, opt := range map[string]reqOpt{"seat 2": g.seatCookie(2), "the table": g.hostCookie()} {
			path := "/g/" + g.code
			if who == "the table" {
				path += "/table"
			}
			other := html.UnescapeString(a.do(http.MethodGet, path, "", opt, withLang(lang)).Body.String())
			if strings.Contains(other, `class="gist"`) || strings.Contains(other, want[lang]["axe"][0]) || strings.Contains(other, want[lang]["bite"][0]) {
				t.Errorf("%s: %s's page shows seat 1's hand lines", lang, who)
			}
		}
	}
}
