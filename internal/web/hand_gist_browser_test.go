package web_test

import (
	"testing"
)

// TestBrowserHandSaysWhatCardsDo (issue 41, item 1): at 390×844, in both
// languages, a phone holding four cards shows on its Cards tab what each
// does in two lines under its name, the whole page within two screens;
// one tap on the lines opens the card's whole text in place.
func TestBrowserHandSaysWhatCardsDo(t *testing.T) {
	app := newTestApp(t)
	chromiumPath(t)
	shots := shotDir(t)
	devs := newTabs(t, app.url(), map[string][2]int{"en": phoneSize(), "zh": phoneSize()})
	for _, lang := range []string{"en", "zh"} {
		g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
		for _, card := range []string{"axe", "medical-kit", "amulet-of-the-ages"} {
			app.act(g, g.seats[0], map[string]any{"type": "draw_card", "card": card})
		}
		app.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "dog", "room": "catacombs"})
		app.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 12})

		d := devs[lang]
		d.openSeat(g, 1, lang, "Alice")
		d.section("cards")
		d.settle()
		type fit struct {
			Cards  int `json:"cards"`
			Lines  int `json:"lines"`
			Height int `json:"height"`
			Screen int `json:"screen"`
			Wide   int `json:"wide"`
			Width  int `json:"width"`
		}
		got := evalIn[fit](d, `(() => {
			window.scrollTo(0, 0);
			const cards = document.querySelectorAll('#live .cards ul.hand > li');
			// A line counts when it shows: on the tab, with words in it.
			const lines = [...document.querySelectorAll('#live .cards ul.hand > li .gist > summary > .lines > span')]
				.filter(s => s.getClientRects().length && s.textContent.trim()).length;
			const de = document.documentElement;
			return {cards: cards.length, lines, height: de.scrollHeight, screen: innerHeight, wide: de.scrollWidth, width: de.clientWidth};
		})()`)
		if got.Cards != 4 || got.Lines != 8 {
			t.Errorf("%s: %d cards in the hand with %d lines showing; want 4 cards, two lines each", lang, got.Cards, got.Lines)
		}
		if got.Height > 2*got.Screen {
			t.Errorf("%s: the Cards tab with four cards is %d px tall; want at most two screens (%d px)", lang, got.Height, 2*got.Screen)
		}
		if got.Wide > got.Width {
			t.Errorf("%s: the Cards tab is %d px wide on a %d px screen", lang, got.Wide, got.Width)
		}
		t.Logf("%s: the Cards tab with four cards is %d px tall (two screens: %d)", lang, got.Height, 2*got.Screen)
		d.screenshot(shots, "hand-"+lang)

		// One tap on the Axe's lines shows its whole text, on the page.
		axe := `#live .cards ul.hand > li:has(a[href="/cards/axe"]) details.gist`
		d.tap(axe + ` > summary`)
		d.waitUntil("the Axe's whole text", `(() => { const p = document.querySelector('`+axe+` > .card-text'); return !!p && p.getClientRects().length > 0 && p.textContent.length > 40; })()`)
		d.screenshot(shots, "hand-"+lang+"-axe-open")
		d.checkNoExceptions()
	}
}
