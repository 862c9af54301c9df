package web_test

import (
	"fmt"
	"strings"
	"testing"
)

// lvBrowserDiff compares, in the page, each part the stream keeps up
// (edits applied by static/app.js) with the same part of a fresh fetch of
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
