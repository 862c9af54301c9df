package web_test

import (
	"fmt"
	"strings"
	"testing"
)

// lvBrowserDiff compares, in the page, each part the stream keeps up
// (edits applied by static/swap.js) with the same part of a fresh fetch of
// the live part, both as the browser's DOM serializes them, version fields
// aside; it returns the keys that differ.
const lvBrowserDiff = `(async () => {
	const blank = s => s.replace(/value="\d*" name="version"|name="version" value="\d*"/g, "");
	const r = await fetch(location.pathname, { headers: { "X-Lantern": "fetch" }, credentials: "same-origin" });
	const tpl = document.createElement("template");
	tpl.innerHTML = await r.text();
	const fresh = {};
	tpl.content.querySelectorAll("[data-part]").forEach(el => { fresh[el.dataset.part] = blank(el.innerHTML); });
	const differ = [];
	document.querySelectorAll("#live [data-part]").forEach(el => {
		const k = el.dataset.part;
		if (KEYS.includes(k) && fresh[k] !== blank(el.innerHTML)) differ.push(k);
	});
	return differ.join(" ");
})()`

// TestBrowserLiveEdits: parts that come as edits of what the phone holds
// (another's board, the log, the log's tail, another's line, the phone's
// own board) put together by the page script are the parts a fresh fetch
// renders, after every one of a run of changes, in both languages.
func TestBrowserLiveEdits(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) {
			app := newTestApp(t)
			g := app.seatGame(true, bnSix[:3]...)
			bob := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
			bob.openSeat(g, 2, lang, "Bob")
			diff := strings.ReplaceAll(lvBrowserDiff, "KEYS", `["me", "me-might", "me-speed", "me-sanity", "me-knowledge", "me-hand", "board-1", "board-3", "line-1", "line-3", "log", "logtail"]`)
			steps := []struct {
				seat  int
				trait string
				delta int
			}{{1, "might", 1}, {1, "might", -1}, {2, "speed", 1}, {3, "sanity", -1}, {1, "knowledge", 1}, {2, "speed", -1}, {2, "might", 1}, {1, "might", 1}}
			for i, s := range steps {
				v := app.act(g, g.seats[s.seat-1], map[string]any{"type": "step_trait", "trait": s.trait, "delta": s.delta})
				// The page marks the version it shows once the stream's
				// message is in place, and the parts it holds back while
				// hidden (data-held) until they are.
				bob.waitUntil(fmt.Sprintf("version %d shown", v), fmt.Sprintf(`(l => l.dataset.version === "%d" && !l.dataset.held)(document.getElementById('live'))`, v))
				if got := evalIn[string](bob, diff); got != "" {
					t.Fatalf("after step %d (%+v), parts unlike a fresh page's: %s", i+1, s, got)
				}
			}
			bob.checkNoExceptions()
		})
	}
}

// TestBrowserHeldPartsShownOnOpen: a part in a closed sheet (another
// explorer's board) is put in place after the frame that shows the rest
// (#live[data-held]); a tap that opens the sheet before then finds it
// current, in both languages.
func TestBrowserHeldPartsShownOnOpen(t *testing.T) {
	app := newTestApp(t)
	bob := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
	for _, lang := range []string{"en", "zh"} {
		g := app.seatGame(true, bnSix[:3]...)
		bob.openSeat(g, 2, lang, "Bob")
		bob.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
		v := app.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1})
		want, _ := traitOf(t, app.publicState(g), "Alice", "might")
		// In one go, so the held part's own timer can't come first: the
		// version shown, Alice's line tapped at once.
		got := evalIn[map[string]any](bob, fmt.Sprintf(`new Promise(resolve => {
			const live = document.getElementById('live');
			const tap = () => {
				if (live.dataset.version !== "%d") { setTimeout(tap, 0); return; }
				const held = !!live.dataset.held;
				live.querySelector('a[href="#sheet-seat-1"]').click();
				const row = document.querySelector('#sheet-seat-1.open [data-trait=might]');
				const cells = row ? [...row.querySelectorAll('.track .cell')] : [];
				resolve({held, might: row ? row.querySelector('.trait-value').textContent.trim() + "@" + cells.findIndex(c => c.classList.contains('on')) : "no sheet"});
			};
			tap();
		})`, v))
		if got["held"] != true {
			t.Errorf("%s: Alice's board was not held back while its sheet was closed (data-held unset)", lang)
		}
		if got["might"] != want {
			t.Errorf("%s: Alice's board opened right after her step shows Might %v; want %s", lang, got["might"], want)
		}
		// The sheet open, her next step is put in it at once: an open sheet
		// is never held back.
		v = app.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1})
		want, _ = traitOf(t, app.publicState(g), "Alice", "might")
		got = evalIn[map[string]any](bob, fmt.Sprintf(`new Promise(resolve => {
			const live = document.getElementById('live');
			const look = () => {
				if (live.dataset.version !== "%d") { setTimeout(look, 0); return; }
				const row = document.querySelector('#sheet-seat-1.open [data-trait=might]');
				const cells = row ? [...row.querySelectorAll('.track .cell')] : [];
				resolve({might: row ? row.querySelector('.trait-value').textContent.trim() + "@" + cells.findIndex(c => c.classList.contains('on')) : "no sheet"});
			};
			look();
		})`, v))
		if got["might"] != want {
			t.Errorf("%s: with Alice's sheet open, her step shows Might %v; want %s at once", lang, got["might"], want)
		}
		bob.closeSheet()
		bob.checkNoExceptions()
	}
}
