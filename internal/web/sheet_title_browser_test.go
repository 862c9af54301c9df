package web_test

import (
	"testing"

	"lantern/internal/i18n"
)

// TestBrowserAnswerSheetOneTitle (issue 41, 3): the answer to a question
// asked in the Rules tab opens in the reading sheet over the game, whose
// head names it; "Ask Lantern" shows there once, not again as the answer
// page's own heading under it. In both languages, at 390×844.
func TestBrowserAnswerSheetOneTitle(t *testing.T) {
	app := newTestApp(t)
	g := app.newGame(2, true)
	phone := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
	for _, c := range []struct{ lang, q string }{{"en", "can I use two weapons"}, {"zh", "平手时谁是叛徒"}} {
		phone.openSeat(g, 1, c.lang, "Ann")
		phone.section("rules")
		phone.typeInto(`#s-rules input[name=q]`, c.q)
		phone.tap(`#s-rules form[data-sheet-search] button[type=submit]`)
		phone.waitUntil("the answer in the sheet", `!!document.querySelector('#read.open .answer.top')`)
		title := i18n.T(c.lang, "search_title")
		shown := evalIn[int](phone, `[...document.querySelectorAll('#read *')].filter(e => e.checkVisibility() && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() === `+jsString(title)+`)).length`)
		if shown != 1 {
			t.Errorf("%s: the answer sheet shows %q %d times, want once", c.lang, title, shown)
		}
		if got := evalIn[string](phone, jsText(`#read .sheet-head strong`)); got != title {
			t.Errorf("%s: the sheet's head reads %q, want %q", c.lang, got, title)
		}
		phone.screenshot(shotDir(t), "ask-sheet-"+c.lang)
		phone.tap(`#read [data-close]`)
		phone.waitUntil("the sheet closed", `!document.querySelector('#read.open')`)
		phone.checkNoExceptions()
	}
}
