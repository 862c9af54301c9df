package web_test

// The Content-Security-Policy in a real browser: every page the app has is
// opened in headless Chromium and any CSP violation it reports (an inline
// script, handler or style, an image or fetch from elsewhere) fails the
// test. Other helpers keep writing templates: this is the net under them.

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// cspListener records every violation the page reports, before the page's
// own script runs.
const cspListener = `(() => {
	window.__csp = [];
	document.addEventListener("securitypolicyviolation", e => {
		window.__csp.push(e.violatedDirective + " blocked " + (e.blockedURI || "inline") + " at " + (e.sourceFile || location.pathname) + ":" + e.lineNumber + " " + (e.sample || ""));
	});
})();`

// cspCanary is the host of an image no page may load: the violation a
// check makes itself, to know the page's own have all arrived.
const cspCanary = "csp-canary.invalid"

func cspViolations(b *tab) []string {
	b.t.Helper()
	return evalIn[[]string](b, `window.__csp || ["no CSP listener in this page"]`)
}

func TestBrowserNoCSPViolations(t *testing.T) {
	a := newTestApp(t)
	srv := a.server()
	chromiumPath(t)
	lobby := a.seatGame(false, [2]string{"P1", "ox-bellows"})
	g := a.seatGame(true, [2]string{"P1", "ox-bellows"}, [2]string{"P2", "zoe-ingstrom"})
	// A game in the haunt, with a reveal card on both the table and phones.
	haunted := a.seatGame(true, [2]string{"P1", "ox-bellows"}, [2]string{"P2", "zoe-ingstrom"})
	a.post("/api/games/"+haunted.code+"/actions", haunted.seats[0], map[string]any{"type": "draw_omen", "omen": "bite", "room": "abandoned-room"})
	a.post("/api/games/"+haunted.code+"/actions", haunted.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	seat := func(g testGame, i int) string { return "lantern_seat_" + g.code + "=" + g.seats[i] }
	host := func(g testGame) string { return "lantern_host_" + g.code + "=" + g.host }

	pages := []struct{ name, path, cookie string }{
		{"home", "/", ""},
		{"join", "/j/" + lobby.code + "?k=" + url.QueryEscape(lobby.key), ""},
		{"lobby table", "/g/" + lobby.code + "/table", host(lobby)},
		{"second explorer", "/g/" + lobby.code + "/second", seat(lobby, 0)},
		{"late join", "/j/" + g.code + "?k=" + url.QueryEscape(g.key), ""},
		{"player", "/g/" + g.code, seat(g, 0)},
		{"table", "/g/" + g.code + "/table", host(g)},
		{"player in the haunt", "/g/" + haunted.code, seat(haunted, 0)},
		{"other player in the haunt", "/g/" + haunted.code, seat(haunted, 1)},
		{"table in the haunt", "/g/" + haunted.code + "/table", host(haunted)},
		{"claim a seat", "/t/" + g.code + "?k=nothing", ""},
		{"haunt chart", "/haunts", ""},
		{"haunt chart looked up", "/haunts?omen=skull&room=kitchen", ""},
		{"search", "/search?q=dog", ""},
		{"box", "/box", ""},
		{"card", "/cards/angel-feather", ""},
		{"room", "/rooms/vault", ""},
		{"rule", "/rules/faq", ""},
		{"not found", "/nope", ""},
	}
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) {
			b := newTab(t, srv.URL, 390, 844)
			b.beforeScripts(cspListener)
			b.setCookie("lantern_lang", lang, false)
			check := func(what string) {
				t.Helper()
				// Violations are reported asynchronously, in the order they
				// happen: one made now (an image from elsewhere) arrives after
				// every earlier one.
				evalIn[bool](b, `(new Image().src = "https://`+cspCanary+`/canary.png", true)`)
				b.waitUntil("the canary violation", `!window.__csp || window.__csp.some(v => v.includes("`+cspCanary+`"))`)
				for _, v := range cspViolations(b) {
					if !strings.Contains(v, cspCanary) {
						t.Errorf("%s (%s): CSP violation: %s", what, lang, v)
					}
				}
			}
			for _, p := range pages {
				if p.cookie != "" {
					name, value, _ := strings.Cut(p.cookie, "=")
					b.setCookie(name, value, true)
				}
				b.open(p.path)
				b.waitUntil(p.name, `document.readyState === "complete"`)
				check(p.name)
			}
			// A live update swaps fresh HTML into the page.
			b.open("/g/" + g.code)
			b.waitUntil("player", `!!document.querySelector('#live article.board')`)
			v := jsonInt(a.post("/api/games/"+g.code+"/actions", g.host, map[string]any{"type": "step_trait", "seat": 1, "trait": "might", "delta": 1})["version"])
			b.waitUntil("the live update", fmt.Sprintf(`document.getElementById('live').dataset.version === "%d" && !!document.querySelector('#live article.board')`, v))
			check("player after a live update")
			// The seat-transfer page with its inline QR (a data: image).
			b.open("/g/" + g.code + "/table")
			b.waitUntil("table", `!!document.querySelector('.transfer-form button')`)
			b.do("move to a new phone", chromedp.Click(chromedp.CSS(`.transfer-form button`)))
			b.waitUntil("transfer page", `!!document.querySelector('.transfer img.qr') && document.querySelector('.transfer img.qr').complete && document.querySelector('.transfer img.qr').naturalWidth > 0`)
			check("seat transfer")
		})
	}
}
