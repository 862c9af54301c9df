package web_test

import (
	"testing"
)

// jsRollerGaps is an expression: the vertical gaps of 20 px or more between
// one painted thing of the Dice tab's roller (a line of text, a field, a
// button, a disclosure) and the next below it, as "N px above <what>".
const jsRollerGaps = `(() => {
	const card = document.querySelector('#s-dice .roller'), boxes = [];
	const w = document.createTreeWalker(card, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
	for (let n = w.currentNode; n; n = w.nextNode()) {
		if (n.nodeType === 3) {
			if (!n.textContent.trim() || !n.parentElement.checkVisibility()) continue;
			const rg = document.createRange();
			rg.selectNodeContents(n);
			for (const r of rg.getClientRects()) boxes.push([r.top, r.bottom, JSON.stringify(n.textContent.trim().slice(0, 30))]);
		} else if (/^(INPUT|SELECT|BUTTON|SUMMARY)$/.test(n.tagName) && n.checkVisibility()) {
			const r = n.getBoundingClientRect();
			boxes.push([r.top, r.bottom, n.tagName.toLowerCase() + (n.name ? '[' + n.name + ']' : '')]);
		}
	}
	boxes.sort((a, b) => a[0] - b[0]);
	const gaps = [];
	let bottom = boxes.length ? boxes[0][1] : 0;
	for (const b of boxes) {
		if (b[0] - bottom >= 20) gaps.push(Math.round(b[0] - bottom) + ' px above ' + b[2]);
		bottom = Math.max(bottom, b[1]);
	}
	return gaps;
})()`

// TestBrowserDiceTabNoGap (issue 41, 3): at 390×844, in both languages, the
// Dice tab's roller has no empty band in it: the odds line took its height
// (about 40 px with its margins, under "Cards that change the roll") while
// it had nothing to say, before any target was typed. It shows once a
// target gives it a chance to tell.
func TestBrowserDiceTabNoGap(t *testing.T) {
	app := newTestApp(t)
	d := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
	shots := shotDir(t)
	for _, lang := range []string{"en", "zh"} {
		g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
		d.openSeat(g, 1, lang, "Alice")
		d.section("dice")
		d.settle()
		if gaps := evalIn[[]string](d, jsRollerGaps); len(gaps) > 0 {
			t.Errorf("%s: the Dice tab has empty bands: %q", lang, gaps)
		}
		d.screenshot(shots, "dice-"+lang)
		// A target typed: the odds say the chance, between the cards and Roll.
		d.typeInto(`#live form.roll-form input[name=need]`, "3")
		d.waitUntil("the odds shown", `(() => { const o = document.querySelector('#live form.roll-form .odds'); return o.checkVisibility() && o.textContent.includes('3+'); })()`)
		if gaps := evalIn[[]string](d, jsRollerGaps); len(gaps) > 0 {
			t.Errorf("%s: with the odds shown the Dice tab has empty bands: %q", lang, gaps)
		}
		d.screenshot(shots, "dice-odds-"+lang)
		d.checkNoExceptions()
	}
}
