package web_test

// Browser tests: real Chromium windows (a table and several phones, each a
// separate browser with its own profile and cookies) against the real
// handler, store and tables. They check what unit tests can't: the app's
// script, live updates over SSE, the reconnecting banner, and what a page's
// HTML gives away. They skip when Chromium is not installed. The app and
// the tabs come from the shared harness (harness_test.go).

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"lantern/internal/game"
	"lantern/internal/table"
)

func TestBrowserTableAndThreePhones(t *testing.T) {
	app := newTestApp(t)
	devs := newTabs(t, app.url(), map[string][2]int{
		"table": tableSize(), "phone1": phoneSize(), "phone2": phoneSize(), "phone3": phoneSize(),
	})
	tbl, p1, p2, p3 := devs["table"], devs["phone1"], devs["phone2"], devs["phone3"]
	shots := shotDir(t)

	// The table creates a game from the home page.
	tbl.navigate(app.url() + "/")
	tbl.click(`form[action="/games"] button.primary`)
	tbl.waitUntil("the table page", `/^\/g\/[A-Z0-9]+\/table$/.test(location.pathname) && !!document.querySelector('#live .url a')`)
	joinURL := evalIn[string](tbl, `document.querySelector('#live .url a').href`)
	path := evalIn[string](tbl, `location.pathname`)
	code := strings.TrimSuffix(strings.TrimPrefix(path, "/g/"), "/table")
	ju, err := url.Parse(joinURL)
	if err != nil || ju.Path != "/j/"+code || ju.Query().Get("k") == "" {
		t.Fatalf("join URL %q: want %s/j/%s?k=KEY (err %v)", joinURL, app.url(), code, err)
	}
	joinKey := ju.Query().Get("k")
	if !strings.HasPrefix(joinURL, app.url()+"/") {
		t.Errorf("join URL %q does not point at the server %s", joinURL, app.url())
	}
	tbl.waitUntil("the QR image to load", `(() => { const i = document.querySelector('#live img.qr'); return !!i && i.complete && i.naturalWidth > 0; })()`)
	if c := evalIn[string](tbl, `document.cookie`); strings.Contains(c, "lantern_host_") {
		t.Errorf("table: host cookie readable by script: %q", c)
	}
	tbl.waitUntil("the table's live stream", `!!document.getElementById('live').dataset.events`)
	tbl.markPage()

	// joinAs fills the join form on a phone and lands on its player page.
	joinAs := func(d *tab, name, explorer, lang string) {
		t.Helper()
		d.waitUntil("the join form", `!!document.querySelector('form.join input[name=name]')`)
		d.setValue(`form.join input[name=name]`, name)
		if lang != "" {
			d.click(`form.join input[name=lang][value="` + lang + `"]`)
		}
		d.click(`form.join input[name=explorer][value="` + explorer + `"]`)
		d.click(`form.join button.primary`)
		d.waitText("own board after joining", `location.pathname === "/g/`+code+`" ? `+jsOwnName+` : ""`, name)
	}

	p1.navigate(joinURL)
	joinAs(p1, "Alice", "ox-bellows", "en")
	if c := evalIn[string](p1, `document.cookie`); strings.Contains(c, "lantern_seat_") {
		t.Errorf("phone1: seat cookie readable by script: %q", c)
	}

	p2.navigate(joinURL)
	if !evalIn[bool](p2, `document.querySelector('input[name=explorer][value=darrin-williams]').disabled`) {
		t.Errorf("phone2 join page: darrin-williams (other side of ox-bellows, taken) is not disabled")
	}
	joinAs(p2, "Bob", "missy-dubourde", "en")

	// The Chinese phone picks its language with the header's switch first.
	p3.navigate(app.url() + "/lang/zh?next=" + url.QueryEscape("/j/"+code+"?k="+joinKey))
	p3.waitUntil("the join page in Chinese", `location.pathname === "/j/`+code+`" && document.documentElement.lang === "zh-Hans"`)
	for _, id := range []string{"ox-bellows", "darrin-williams", "missy-dubourde", "zoe-ingstrom"} {
		if !evalIn[bool](p3, `document.querySelector('input[name=explorer][value=`+id+`]').disabled`) {
			t.Errorf("phone3 join page: %s is taken (or its other side is) but not disabled", id)
		}
	}
	if evalIn[bool](p3, `document.querySelector('input[name=explorer][value=peter-akimoto]').disabled`) {
		t.Errorf("phone3 join page: peter-akimoto is free but disabled")
	}
	if !evalIn[bool](p3, `document.querySelector('input[name=lang][value=zh]').checked`) {
		t.Errorf("phone3 join page: 简体中文 not preselected after /lang/zh")
	}
	joinAs(p3, "小明", "peter-akimoto", "")

	// The table's lobby shows all three without a reload.
	tbl.waitUntil("the lobby to list all three seats", `(() => {
		const names = [...document.querySelectorAll('#live ol.seats li strong')].map(s => s.textContent.trim());
		return names.join("|") === "Alice|Bob|小明";
	})()`)
	if !evalIn[bool](tbl, tbl.stillMarked()) {
		t.Fatalf("table: the page reloaded to show the seats; want a live update")
	}
	tbl.screenshot(shots, "table-lobby")

	// The host starts the game.
	tbl.click(`#live .start button.primary`)
	tbl.waitUntil("the started table with three boards", `document.querySelectorAll('#live .table-boards .board').length === 3`)
	for _, d := range []*tab{p1, p2, p3} {
		d.markPage()
		d.waitUntil("own controls after the start", `!!document.querySelector('#live > article.board [data-trait=sanity] button[value="-1"]')`)
	}

	// Phone 1 taps Sanity −; everyone else sees it live.
	before := evalIn[string](p1, jsTrait("Alice", "sanity"))
	p1.click(`#live > article.board [data-trait=sanity] button[value="-1"]`)
	p1.waitUntil("Alice's sanity to change from "+before+" after tapping −", jsTrait("Alice", "sanity")+` !== `+jsString(before))
	after := evalIn[string](p1, jsTrait("Alice", "sanity"))
	if strings.HasPrefix(after, "no ") {
		p1.fatalf("after tapping −: %s", after)
	}
	for _, d := range []*tab{p2, p3, tbl} {
		d.waitText("Alice's new sanity", jsTrait("Alice", "sanity"), after)
		if !evalIn[bool](d, d.stillMarked()) {
			t.Errorf("%s: the page reloaded to show the change; want a live update", d.name)
		}
	}

	// The Chinese phone shows Chinese trait names.
	if got := evalIn[string](p3, `document.querySelector('#live > article.board [data-trait=speed] .trait-name').textContent.trim()`); got != "速度" {
		t.Errorf("phone3 (zh): speed trait named %q, want 速度", got)
	}

	// Phone 1 reloads and keeps its seat.
	p1.do("reload phone1", chromedp.Reload())
	p1.waitText("own board after reload", jsOwnName, "Alice")
	if got := evalIn[string](p1, jsTrait("Alice", "sanity")); got != after {
		t.Errorf("phone1 after reload: sanity %q, want %q", got, after)
	}

	// Phone 2 has no controls on anyone else's board …
	if n := evalIn[int](p2, `document.querySelectorAll('#live .others .board').length`); n != 2 {
		t.Errorf("phone2: %d other boards, want 2", n)
	}
	if n := evalIn[int](p2, `document.querySelectorAll('#live .others .board :is(form, button, input, select)').length`); n != 0 {
		t.Errorf("phone2: %d controls on other players' boards, want 0", n)
	}
	if n := evalIn[int](p2, `document.querySelectorAll('#live > article.board button').length`); n == 0 {
		t.Errorf("phone2: no controls on its own board")
	}

	// … and a forged post from its browser is refused and changes nothing.
	stateOfAlice := `fetch('/api/games/` + code + `', {credentials: 'same-origin'}).then(r => r.json()).then(j => JSON.stringify([j.version, j.seats[0].name, j.seats[0].traits]))`
	aliceBefore := evalIn[string](p1, stateOfAlice)
	mightBefore := evalIn[string](p1, jsTrait("Alice", "might"))
	forged := []struct{ what, expr string }{
		{"form post as seat", `fetch('/g/` + code + `/act', {method: 'POST', credentials: 'same-origin',
			body: new URLSearchParams({type: 'step_trait', as: 'seat', seat: '1', trait: 'might', delta: '1'})}).then(r => r.status)`},
		{"form post as host", `fetch('/g/` + code + `/act', {method: 'POST', credentials: 'same-origin',
			body: new URLSearchParams({type: 'step_trait', as: 'host', seat: '1', trait: 'might', delta: '1'})}).then(r => r.status)`},
		{"API action", `fetch('/api/games/` + code + `/actions', {method: 'POST', credentials: 'same-origin',
			headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({type: 'step_trait', seat: 1, trait: 'might', delta: 1})}).then(r => r.status)`},
	}
	for _, f := range forged {
		if status := evalIn[int](p2, f.expr); status != http.StatusForbidden {
			t.Errorf("phone2 %s on Alice's might: status %d, want 403", f.what, status)
		}
	}
	if got := evalIn[string](p1, stateOfAlice); got != aliceBefore {
		t.Errorf("Alice's state changed after phone2's forged posts:\nbefore %s\nafter  %s", aliceBefore, got)
	}
	if got := evalIn[string](p1, jsTrait("Alice", "might")); got != mightBefore {
		t.Errorf("phone1 shows might %q after phone2's forged posts, want %q", got, mightBefore)
	}

	// A phone's page never holds the join key.
	for _, d := range []*tab{p1, p2, p3} {
		if html := evalIn[string](d, `document.documentElement.outerHTML`); strings.Contains(html, joinKey) {
			t.Errorf("%s: player page contains the join key", d.name)
		}
	}

	tbl.screenshot(shots, "table-started")
	p1.screenshot(shots, "phone1")
	p2.screenshot(shots, "phone2")
	p3.screenshot(shots, "phone3-zh")
	for _, d := range []*tab{tbl, p1, p2, p3} {
		d.checkNoExceptions()
	}
}

func TestBrowserReconnect(t *testing.T) {
	app := newTestApp(t)
	devs := newTabs(t, app.url(), map[string][2]int{"phone": phoneSize()})
	p := devs["phone"]
	base := app.url()
	addr := app.server().Listener.Addr().String()
	g := app.seatGame(true, [2]string{"Alice", "ox-bellows"}, [2]string{"Bob", "zoe-ingstrom"})

	p.setCookie("lantern_seat_"+g.code, g.seats[0], true)
	p.navigate(base + "/g/" + g.code)
	p.waitText("own board", jsOwnName, "Alice")
	p.markPage()
	const banner = `(() => { const c = document.getElementById('conn'); return !!c && !c.hidden && getComputedStyle(c).display !== 'none' && c.textContent.trim() !== ''; })()`
	if evalIn[bool](p, banner) {
		t.Errorf("the reconnecting banner shows while the server is up")
	}

	// A change by the host shows up live: the stream is connected.
	might := func(delta int) {
		app.act(g, g.host,
			map[string]any{"type": "step_trait", "seat": 1, "trait": "might", "delta": delta})
	}
	m0 := evalIn[string](p, jsTrait("Alice", "might"))
	might(1)
	p.waitUntil("the host's change to show", jsTrait("Alice", "might")+` !== `+jsString(m0))
	m1 := evalIn[string](p, jsTrait("Alice", "might"))

	// The server goes away: no new connections, open ones cut.
	app.server().Listener.Close()
	app.server().CloseClientConnections()
	p.waitUntil("the reconnecting banner", banner)
	p.screenshot(shotDir(t), "phone-reconnecting")

	// Meanwhile the game moves on, and the server comes back at the same
	// address; the phone reconnects, hides the banner and catches up.
	if _, err := app.tables.Act(context.Background(), table.Access{Code: g.code, Host: true}, game.StepTrait{Seat: 1, Trait: game.Might, Delta: 1}); err != nil {
		t.Fatalf("act while offline: %v", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Logf("cannot listen on %s again (%v); the recovery half is not checked", addr, err)
		p.checkNoExceptions()
		return
	}
	again := &httptest.Server{Listener: ln, Config: &http.Server{Handler: app.h}}
	again.Start()
	// This cleanup runs before the browser's: cut its stream so Close
	// doesn't wait for it.
	t.Cleanup(func() {
		again.CloseClientConnections()
		again.Close()
	})
	p.waitUntil("the banner to hide after reconnecting", `!(`+banner+`)`)
	p.waitUntil("the missed change to show", jsTrait("Alice", "might")+` !== `+jsString(m1))
	if !evalIn[bool](p, p.stillMarked()) {
		t.Errorf("the phone reloaded to catch up; want a live update")
	}
	p.checkNoExceptions()
}

func TestBrowserSecrets(t *testing.T) {
	app := newTestApp(t)
	devs := newTabs(t, app.url(), map[string][2]int{"table": tableSize(), "phone2": phoneSize()})
	tbl, p2 := devs["table"], devs["phone2"]
	base := app.url()
	g := app.seatGame(true,
		[2]string{"Alice", "ox-bellows"}, [2]string{"Bob", "zoe-ingstrom"}, [2]string{"Carol", "vivian-lopez"})

	p2.setCookie("lantern_seat_"+g.code, g.seats[1], true)
	p2.setCookie("lantern_lang", "en", false)
	p2.navigate(base + "/g/" + g.code)
	p2.waitText("own board", jsOwnName, "Bob")
	p2.waitUntil("all boards", `document.querySelectorAll('#live .board').length === 3`)

	tbl.setCookie("lantern_host_"+g.code, g.host, true)
	tbl.setCookie("lantern_lang", "en", false)
	tbl.navigate(base + "/g/" + g.code + "/table")
	tbl.waitUntil("the table's boards", `document.querySelectorAll('#live .table-boards .board').length === 3`)

	secrets := map[string]string{
		"seat 1 token": g.seats[0], "seat 2 token": g.seats[1], "seat 3 token": g.seats[2],
		"host token": g.host, "join key": g.key,
	}
	check := func(where, text string, allowed ...string) {
		t.Helper()
		if len(text) < 100 {
			t.Errorf("%s: suspiciously short (%d bytes): %q", where, len(text), text)
		}
		for what, secret := range secrets {
			if strings.Contains(text, secret) && !slices.Contains(allowed, what) {
				t.Errorf("%s contains the %s", where, what)
			}
		}
	}

	check("phone2 player page", evalIn[string](p2, `document.documentElement.outerHTML`))
	check("phone2 live fragment", evalIn[string](p2, `fetch('/g/`+g.code+`', {headers: {'X-Lantern': 'fetch'}}).then(r => r.text())`))
	check("phone2 GET /api/games/CODE", evalIn[string](p2, `fetch('/api/games/`+g.code+`').then(async r => r.status + " " + await r.text())`))
	check("phone2 GET /api/games/CODE/me", evalIn[string](p2, `fetch('/api/games/`+g.code+`/me').then(async r => r.status + " " + await r.text())`))
	// The event stream: read until the first version arrives, then hang up.
	stream := evalIn[string](p2, `(async () => {
		const ctl = new AbortController();
		const r = await fetch('/api/games/`+g.code+`/events', {signal: ctl.signal});
		const reader = r.body.getReader(), dec = new TextDecoder();
		let text = r.status + " " + r.headers.get('Content-Type') + "\n";
		const stop = new Promise(res => setTimeout(() => res({done: true}), 10000));
		while (!text.includes('event: version')) {
			const {value, done} = await Promise.race([reader.read(), stop]);
			if (done) break;
			text += dec.decode(value, {stream: true});
		}
		ctl.abort();
		return text;
	})()`)
	if !strings.Contains(stream, "event: version") || !strings.HasPrefix(stream, "200 text/event-stream") {
		t.Errorf("phone2 event stream: got %q, want a 200 text/event-stream with a version event", stream)
	}
	for what, secret := range secrets {
		if strings.Contains(stream, secret) {
			t.Errorf("phone2 event stream contains the %s", what)
		}
	}

	// The table shows the join key (for the QR) and nothing else secret.
	check("table page", evalIn[string](tbl, `document.documentElement.outerHTML`), "join key")
	check("table live fragment", evalIn[string](tbl, `fetch('/g/`+g.code+`/table', {headers: {'X-Lantern': 'fetch'}}).then(r => r.text())`), "join key")

	// A hidden-traitor haunt deals every seat a secret token; each phone
	// learns only its own. The host records an omen in a room whose haunt
	// has a hidden traitor, and a haunt roll of 0 (real dice) starts it.
	omen, room, _ := hiddenTraitorCell(t)
	p2.markPage()
	app.act(g, g.host,
		map[string]any{"type": "draw_omen", "seat": 1, "omen": omen, "room": room})
	app.act(g, g.host,
		map[string]any{"type": "haunt_roll", "seat": 1, "total": 0})
	p2.waitUntil("the haunt to be revealed live", `!!document.querySelector('#live .reveal')`)
	if !evalIn[bool](p2, p2.stillMarked()) {
		t.Errorf("phone2: the page reloaded to reveal the haunt; want a live update")
	}
	var me struct {
		Me struct {
			Seat  int `json:"seat"`
			Token int `json:"token"`
		} `json:"me"`
	}
	meJSON := evalIn[string](p2, `fetch('/api/games/`+g.code+`/me').then(r => r.text())`)
	if err := json.Unmarshal([]byte(meJSON), &me); err != nil || me.Me.Seat != 2 || me.Me.Token < 1 || me.Me.Token > 3 {
		t.Fatalf("phone2 /me after a hidden-traitor reveal: %s (err %v); want seat 2 with a token 1..3", meJSON, err)
	}
	tbl.waitUntil("the table to show the haunt", `!!document.querySelector('#live .reveal')`)
	page := evalIn[string](p2, `document.getElementById('live').innerText`)
	if n := strings.Count(page, "Your token is #"); n != 1 || !strings.Contains(page, fmt.Sprintf("Your token is #%d:", me.Me.Token)) {
		t.Errorf("phone2 page: want exactly its own token #%d, got %d token messages in:\n%s", me.Me.Token, n, page)
	}
	for what, text := range map[string]string{
		"phone2 player page":             evalIn[string](p2, `document.documentElement.outerHTML`),
		"phone2 GET /api/games/CODE":     evalIn[string](p2, `fetch('/api/games/`+g.code+`').then(r => r.text())`),
		"phone2 GET /api/games/CODE/log": evalIn[string](p2, `fetch('/api/games/`+g.code+`/log').then(r => r.text())`),
		"phone2 GET /api/games/CODE/me":  meJSON,
		"table page":                     evalIn[string](tbl, `document.documentElement.outerHTML`),
		"table GET /api/games/CODE/log":  evalIn[string](tbl, `fetch('/api/games/`+g.code+`/log').then(r => r.text())`),
	} {
		if strings.Contains(text, `"tokens"`) || strings.Contains(text, `"secret"`) {
			t.Errorf("%s holds the hidden-traitor deal", what)
		}
		for token := 1; token <= 3; token++ {
			if token != me.Me.Token || !strings.HasPrefix(what, "phone2") {
				if strings.Contains(text, fmt.Sprintf("Your token is #%d", token)) {
					t.Errorf("%s shows token #%d, which is not its own", what, token)
				}
			}
		}
	}

	shots := shotDir(t)
	tbl.screenshot(shots, "secrets-table")
	p2.screenshot(shots, "secrets-phone2")
	tbl.checkNoExceptions()
	p2.checkNoExceptions()
}
