package web_test

import (
	"fmt"
	"slices"
	"testing"

	"lantern/internal/i18n"
)

// TestBrowserRoomFilter (issue 41, 3): *I discovered a room* lists about 45
// tiles; typing narrows them by any name the room has, in either language
// (its English and Chinese names, rooms.json), with the deck filter's
// mechanism (dice.js): "画廊"'s room on an English phone, "Dining" on a
// Chinese one. A floor left without a tile hides its heading, and a filter
// that matches nothing says so in the page's language. The text typed stays
// when the list is drawn anew.
func TestBrowserRoomFilter(t *testing.T) {
	app := newTestApp(t)
	d := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
	shots := shotDir(t)
	const filter = `#live details.discover input.pick-filter`
	shown := `[...document.querySelectorAll('#live details.discover button.tile')].filter(b => !b.hidden).map(b => b.value)`
	floors := `[...document.querySelectorAll('#live details.discover form.tiles')].filter(f => !f.hidden).map(f => f.dataset.floor)`
	none := `#live details.discover .pick-none`
	// retype empties the filter as a person would (its input event and
	// all) and types text into it.
	retype := func(text string) {
		t.Helper()
		evalIn[bool](d, `(() => { const f = document.querySelector(`+jsString(filter)+`); f.value = ''; f.dispatchEvent(new Event('input', {bubbles: true})); return true; })()`)
		if text != "" {
			d.typeInto(filter, text)
		}
		if got := evalIn[string](d, `document.querySelector(`+jsString(filter)+`).value`); got != text {
			t.Fatalf("the filter reads %q, want %q", got, text)
		}
	}
	for _, tc := range []struct {
		lang, other, want string
		floors            []string
	}{
		{"en", "楼座", "gallery", []string{"upper"}},
		{"zh", "Dining", "dining-room", []string{"ground"}},
	} {
		g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
		d.openSeat(g, 1, tc.lang, "Alice")
		d.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
		d.tap(`#live .now-actions a[data-open=discover]`)
		d.waitUntil("the room list open", jsHas(`#live details.discover[open]`))
		if n := evalIn[int](d, shown+`.length`); n < 40 {
			t.Fatalf("%s: %d tiles before filtering, want the stack's ~45", tc.lang, n)
		}
		if !evalIn[bool](d, jsHas(filter)) {
			t.Fatalf("%s: the room list has no filter", tc.lang)
		}
		// The room's name in the other language finds it.
		retype(tc.other)
		if got := evalIn[[]string](d, shown); !slices.Equal(got, []string{tc.want}) {
			t.Errorf("%s: %q shows %q, want %s", tc.lang, tc.other, got, tc.want)
		}
		if got := evalIn[[]string](d, floors); !slices.Equal(got, tc.floors) {
			t.Errorf("%s: floors shown for %q: %q, want %q", tc.lang, tc.other, got, tc.floors)
		}
		if evalIn[bool](d, jsHas(none+`:not([hidden])`)) {
			t.Errorf("%s: 'nothing matches' shown while a room does", tc.lang)
		}
		d.screenshot(shots, "room-filter-"+tc.lang+"-found")
		// Kept through an update from another phone.
		v := app.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
		d.waitUntil("Bob's change", fmt.Sprintf(`+document.getElementById('live').dataset.version >= %d`, v))
		if got := evalIn[[]string](d, shown); !slices.Equal(got, []string{tc.want}) {
			t.Errorf("%s: after an update %q shows %q, want %s", tc.lang, tc.other, got, tc.want)
		}
		// Nothing matches: said so, in the page's language.
		retype("zzq")
		if got := evalIn[[]string](d, shown); len(got) != 0 {
			t.Errorf("%s: 'zzq' shows %q", tc.lang, got)
		}
		if got, want := evalIn[string](d, jsText(none+`:not([hidden])`)), i18n.T(tc.lang, "rooms_filter_none"); got != want {
			t.Errorf("%s: with nothing matching the list says %q, want %q", tc.lang, got, want)
		}
		d.screenshot(shots, "room-filter-"+tc.lang+"-none")
		// Cleared: every tile again.
		retype("")
		if n := evalIn[int](d, shown+`.length`); n < 40 || evalIn[bool](d, jsHas(none+`:not([hidden])`)) {
			t.Errorf("%s: %d tiles once the filter is cleared", tc.lang, n)
		}
		d.checkNoExceptions()
	}
}
