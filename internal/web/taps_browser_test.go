package web_test

import (
	"fmt"
	"testing"
)

// tapTargets lists every visible button, link, summary and field in the
// live part of the page smaller than 44×44 px, the size a thumb hits
// (issue 23, section 5). A radio or checkbox is measured by its label,
// which is what takes the tap.
const tapTargets = `(() => {
	const small = [];
	for (const el of document.querySelectorAll('#live :is(button, a, summary, input:not([type=hidden]), select, textarea)')) {
		let box = el;
		if (el.matches('input[type=radio], input[type=checkbox]') && el.closest('label')) box = el.closest('label');
		const rects = [...box.getClientRects()];
		if (rects.length === 0 || getComputedStyle(box).visibility === 'hidden') continue;
		const r = box.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) continue;
		if (rects.length > 1) { // a link broken over lines: each line must be big enough
			if (rects.every(q => q.height >= 44)) continue;
		} else if (r.height >= 43.5 && r.width >= 43.5) continue;
		const where = el.closest('[id]');
		small.push(el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).replace(/ /g, '.') : '') +
			' "' + (el.textContent || el.value || el.name || '').replace(/\s+/g, ' ').trim().slice(0, 30) + '" ' +
			Math.round(r.width) + '×' + Math.round(r.height) + ' in #' + (where ? where.id : ''));
	}
	return small;
})()`

// TestBrowserTapTargets: on a phone at 390×844, in both languages,
// exploring and in the haunt, every visible tap target of every section
// is at least 44 px each way: trait cells, card buttons, "All N to X", card
// links, summaries.
func TestBrowserTapTargets(t *testing.T) {
	a := newTestApp(t)
	srv := a.server()
	chromiumPath(t)
	g := a.seatGame(true, bnSix[:4]...)
	// Alice holds cards, owes a split (the Skeletons' mental die), and has
	// a roll in the log.
	for _, c := range []string{"axe", "candle", "dynamite", "medical-kit"} {
		crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 1, "card": c})
	}
	crAct(a, g, 1, map[string]any{"type": "roll", "dice": 4, "purpose": "trait", "trait": "speed", "need": 3})
	crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 1, "card": "skeletons"})
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:skeletons", "total": 2})
	shots := shotDir(t)
	check := func(phase string) {
		for _, lang := range []string{"en", "zh"} {
			d := newTab(t, srv.URL, phoneSize()[0], phoneSize()[1])
			d.openSeat(g, 1, lang, "Alice")
			for _, sec := range []string{"board", "dice", "cards", "haunt", "rules"} {
				if !evalIn[bool](d, jsHas(`#live .tabs a[data-tab=`+sec+`]`)) {
					continue
				}
				d.section(sec)
				for _, s := range evalIn[[]string](d, tapTargets) {
					t.Errorf("%s, %s, %s section: tap target under 44 px: %s", phase, lang, sec, s)
				}
				d.screenshot(shots, fmt.Sprintf("taps-%s-%s-%s", phase, sec, lang))
			}
		}
	}
	check("exploring")
	// The haunt, Alice's split still owed.
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 0})
	check("haunt")
}
