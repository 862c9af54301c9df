package web_test

import (
	"testing"
)

// TestBrowserExploreTaps: on a 390×844 phone, in English and Chinese,
// drawing an item takes at most 3 taps without the keyboard, and
// discovering a room with an omen symbol through to the haunt roll at most
// 5 (issue 9). Screenshots of each step go to LANTERN_SCREENSHOTS.
func TestBrowserExploreTaps(t *testing.T) {
	app := newTestApp(t)
	tabs := newTabs(t, app.url(), map[string][2]int{"en": phoneSize(), "zh": phoneSize()})
	shots := shotDir(t)
	for _, lang := range []string{"en", "zh"} {
		d := tabs[lang]
		g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
		d.openSeat(g, 1, lang, "Alice")
		taps := 0
		tap := func(sel string) {
			t.Helper()
			d.waitUntil(sel, jsHas(sel))
			d.tap(sel)
			taps++
		}

		// Draw an item: "I drew…" on the now bar, tap the Bell.
		before := app.publicState(g).Version
		tap(`#live .now-actions a[data-open=drew]`)
		d.screenshot(shots, "explore-"+lang+"-1-drew-open")
		tap(`#live details.drew .draw button.pick[value=bell]`)
		app.stateAfter(g, before)
		d.waitUntil("the Bell in Alice's hand", `[...document.querySelectorAll('#live ul.hand > li > a')].some(a => a.getAttribute('href').endsWith('/bell'))`)
		if taps > 3 {
			t.Errorf("%s: drawing an item took %d taps, want at most 3", lang, taps)
		}
		d.screenshot(shots, "explore-"+lang+"-2-item-drawn")

		// Discover the Gallery (an omen room), draw the Girl there, roll
		// for the haunt.
		taps = 0
		tap(`#live .now-actions a[data-open=discover]`)
		d.screenshot(shots, "explore-"+lang+"-3-tiles")
		tap(`#live form.tiles[data-floor=upper] button[value=gallery]`)
		d.waitUntil("the Gallery's omen buttons", jsHas(`#live .discovered form.owed button[value=girl]`))
		d.screenshot(shots, "explore-"+lang+"-4-discovered")
		tap(`#live .discovered form.owed button[value=girl]`)
		d.waitUntil("the haunt roll", jsHas(`#live section.haunt-roll button.primary`))
		d.screenshot(shots, "explore-"+lang+"-5-haunt-roll")
		st := app.publicState(g)
		if st.OmenCount != 1 || st.HauntRollOwedBy != 1 {
			t.Fatalf("%s: after the omen: %d omens, haunt roll owed by %d", lang, st.OmenCount, st.HauntRollOwedBy)
		}
		tap(`#live section.haunt-roll button.primary`)
		st = app.stateAfter(g, st.Version)
		if st.HauntRollOwedBy != 0 {
			t.Errorf("%s: the haunt roll is still owed", lang)
		}
		if taps > 5 {
			t.Errorf("%s: discovering an omen room through the haunt roll took %d taps, want at most 5", lang, taps)
		}
		var found bool
		for _, r := range st.Rooms {
			found = found || r.Room == "gallery" && r.Floor == "upper" && r.By == 1
		}
		if !found {
			t.Errorf("%s: the Gallery is not in the house: %+v", lang, st.Rooms)
		}
		d.screenshot(shots, "explore-"+lang+"-6-after-roll")
		d.checkNoExceptions()
	}
}
