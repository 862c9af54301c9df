package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// viewportShot saves what the screen shows (the dock where a thumb finds
// it), where a full-page shot would move the fixed parts.
func viewportShot(d *tab, dir, label string) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, tabWait)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		d.t.Errorf("%s: screenshot: %v", d.name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, label+".png"), png, 0o644); err != nil {
		d.t.Errorf("%s: save screenshot: %v", d.name, err)
	}
}

// nowLabelsWrapped lists the now bar's labels (buttons, links, fields'
// labels) whose words take more than one line.
const nowLabelsWrapped = `(() => {
	const bad = [];
	for (const el of document.querySelectorAll('#now :is(button, a.button, label, summary)')) {
		if (el.getClientRects().length === 0) continue;
		// Lines of its words (a field inside a label is not a line of it).
		const tops = new Set();
		const words = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
		for (let n = words.nextNode(); n; n = words.nextNode()) {
			const range = document.createRange();
			range.selectNodeContents(n);
			for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) tops.add(Math.round(r.top / 4));
		}
		if (tops.size > 1 || el.scrollWidth > el.clientWidth + 1)
			bad.push('"' + el.textContent.replace(/\s+/g, ' ').trim() + '" (' + tops.size + ' lines, ' + Math.round(el.getBoundingClientRect().width) + ' px)');
	}
	return bad;
})()`

// omenRoomsInRows lists the omen's room radios whose label does not read as
// one row: the radio beside its room's name, the name on at most two lines.
const omenRoomsInRows = `(() => {
	const bad = [];
	for (const label of document.querySelectorAll('#live .room-pick label.pick')) {
		if (label.getClientRects().length === 0) continue;
		const input = label.querySelector('input').getBoundingClientRect();
		const range = document.createRange();
		range.selectNodeContents(label);
		const text = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0 && r.left >= input.right - 1);
		const tops = new Set(text.map(r => Math.round(r.top / 4)));
		const side = text.length > 0 && text[0].top < input.bottom && text[0].bottom > input.top;
		if (!side || tops.size > 2 || input.width > 32) bad.push('"' + label.textContent.trim() + '" ' + Math.round(label.getBoundingClientRect().width) + ' px, ' + tops.size + ' lines');
	}
	return bad;
})()`

// TestBrowserNowBarOneLine: at 390 px in both languages the now bar's
// labels each fit on one line, in every state it takes on a turn (exploring,
// the haunt roll, the traitor's and the heroes' turns, a defence, a split),
// and the omen's room radios read in rows.
func TestBrowserNowBarOneLine(t *testing.T) {
	a := newTestApp(t)
	srv := a.server()
	chromiumPath(t)
	g := a.seatGame(true, bnSix[:3]...)
	shots := os.Getenv("LANTERN_SCREENSHOTS")
	tabs := newTabs(t, srv.URL, map[string][2]int{"en": phoneSize(), "zh": phoneSize(), "en2": phoneSize(), "zh2": phoneSize()})
	tabs["en"].openSeat(g, 1, "en", "Alice")
	tabs["zh"].openSeat(g, 1, "zh", "Alice")
	tabs["en2"].openSeat(g, 2, "en", "Bob")
	tabs["zh2"].openSeat(g, 2, "zh", "Bob")
	check := func(state string, after int) {
		t.Helper()
		for name, d := range tabs {
			d.waitUntil("version "+fmt.Sprint(after), `+document.getElementById('live').dataset.version >= `+fmt.Sprint(after))
			d.settle()
			d.closeSheet() // the haunt's reveal opens once by itself
			for _, s := range evalIn[[]string](d, nowLabelsWrapped) {
				t.Errorf("%s, %s: a now bar label takes more than one line: %s", state, name, s)
			}
			if shots != "" {
				viewportShot(d, shots, "now-"+state+"-"+name)
			}
		}
	}
	check("exploring", a.publicState(g).Version)
	// The omen's room radios, in the cards section's "I drew…".
	for _, lang := range []string{"en", "zh"} {
		d := tabs[lang]
		d.section("cards")
		d.tap(`#live details.drew > summary`)
		d.waitUntil("the omen rooms", `[...document.querySelectorAll('#live .room-pick label.pick')].some(l => l.getClientRects().length > 0)`)
		for _, s := range evalIn[[]string](d, omenRoomsInRows) {
			t.Errorf("%s: an omen room radio does not read in a row: %s", lang, s)
		}
		if shots != "" {
			evalIn[bool](d, `(document.querySelector('#live .room-pick').scrollIntoView(), true)`)
			viewportShot(d, shots, "omen-rooms-"+lang)
		}
		d.section("board")
	}
	check("haunt-roll", crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"}))
	check("haunt", crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 0}))
	check("attacked", crAct(a, g, 2, map[string]any{"type": "attack", "target": map[string]any{"seat": 1}, "trait": "might", "total": 6}))
	check("split", crAct(a, g, 1, map[string]any{"type": "defend", "total": 0}))
}
