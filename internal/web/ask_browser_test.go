package web_test

// Browser test of Ask Lantern: a question typed in the Rules tab is
// answered in the reading sheet over the game.

import (
	"slices"
	"strings"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/i18n"
)

// TestBrowserAskInTheRulesTab (issue 31): at phone size, in both
// languages, a player scrolled down the Rules tab types a question as
// players type it; the answer shows first in the sheet, whole; Close
// returns to the same tab at the same spot. A wordless question gets its
// message in the sheet.
func TestBrowserAskInTheRulesTab(t *testing.T) {
	app := newTestApp(t)
	g := app.newGame(2, true)
	app.act(g, g.seats[0], map[string]any{"type": "draw_card", "card": "armor"})
	for _, c := range []struct {
		lang, q string
		answers []string
	}{
		{"en", "can I use two weapons", []string{"attacks-3", "faq-30"}},
		{"zh", "平手时谁是叛徒", []string{"the-haunt-3"}},
	} {
		t.Run(c.lang, func(t *testing.T) {
			phone := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
			phone.openSeat(g, 1, c.lang, "Ann")
			phone.section("rules")
			// Scrolled a little, as a thumb leaves it.
			evalIn[bool](phone, `(window.scrollTo(0, 120), true)`)
			y := evalIn[float64](phone, `window.scrollY`)

			phone.typeInto(`#s-rules input[name=q]`, c.q)
			phone.tap(`#s-rules form[data-sheet-search] button[type=submit]`)
			phone.waitUntil("the answer in the sheet", `!!document.querySelector('#read.open .answer.top')`)
			id := evalIn[string](phone, `document.querySelector('#read .answer.top').dataset.answer`)
			if !slices.Contains(c.answers, id) {
				t.Errorf("first answer %s; want one of %v", id, c.answers)
			}
			ref, _ := catalog.Box().Passage(id)
			shown := evalIn[string](phone, jsText(`#read .answer.top`))
			if want := strings.Join(strings.Fields(ref.Passage.Text.In(c.lang)), " "); !strings.Contains(shown, want) {
				t.Errorf("the answer shows %q; want the whole passage %q", shown, want)
			}
			if !evalIn[bool](phone, `(() => { const r = document.querySelector('#read .answer.top').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; })()`) {
				t.Errorf("the answer is not on screen when the sheet opens")
			}
			phone.screenshot(shotDir(t), "ask-"+c.lang)

			phone.tap(`#read [data-close]`)
			phone.waitUntil("the sheet closed", `!document.querySelector('#read.open')`)
			if got := evalIn[string](phone, `document.body.dataset.tab`); got != "rules" {
				t.Errorf("after Close the tab is %q; want rules", got)
			}
			if got := evalIn[float64](phone, `window.scrollY`); got != y {
				t.Errorf("after Close the page is at %v; want where it was, %v", got, y)
			}

			// Punctuation only: the sheet says why, in the phone's language.
			phone.setValue(`#s-rules input[name=q]`, "?!")
			phone.tap(`#s-rules form[data-sheet-search] button[type=submit]`)
			phone.waitText("the refusal in the sheet", jsText(`#read.open [role=status]`), i18n.T(c.lang, "search_no_words"))
		})
	}
}
