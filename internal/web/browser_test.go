package web_test

// Browser tests: real Chromium windows (a table and several phones, each a
// separate browser with its own profile and cookies) against the real
// handler, store and tables. They check what unit tests can't: the app's
// script, live updates over SSE, the reconnecting banner, and what a page's
// HTML gives away. They skip when Chromium is not installed.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/store"
	"lantern/internal/table"
	"lantern/internal/web"
)

// btWait bounds every wait for the page; it is generous for slow CI
// machines and never part of what a test asserts.
const btWait = 20 * time.Second

// btApp is the real handler over a fresh database.
type btApp struct {
	srv     *httptest.Server
	tables  *table.Tables
	handler http.Handler
}

func btStartApp(t *testing.T) *btApp {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "lantern.db"))
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	tables, err := table.Open(ctx, st, time.Now)
	if err != nil {
		t.Fatalf("table.Open: %v", err)
	}
	h := web.New(web.Config{Tables: tables, Now: time.Now})
	srv := httptest.NewServer(h)
	// Registered after the store, so it runs before it; browsers register
	// later still, so they are gone before the server waits for its streams.
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	return &btApp{srv: srv, tables: tables, handler: h}
}

// btDevice is one browser: the table's screen or a phone.
type btDevice struct {
	t    *testing.T
	name string
	ctx  context.Context

	mu         sync.Mutex
	exceptions []string
}

func btChromium(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium not installed; CI installs it with apt-get install -y chromium")
	}
	return p
}

// btOpenDevices starts one browser per name, in parallel, each with its own
// profile directory, so no two share cookies.
func btOpenDevices(t *testing.T, sizes map[string][2]int) map[string]*btDevice {
	t.Helper()
	path := btChromium(t)
	devs := map[string]*btDevice{}
	errs := make(chan error, len(sizes))
	var wg sync.WaitGroup
	for name, size := range sizes {
		opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]),
			chromedp.ExecPath(path),
			chromedp.UserDataDir(t.TempDir()),
			chromedp.WindowSize(size[0], size[1]),
			chromedp.Headless,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("lang", "en-US"),
		)
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(allocCtx)
		t.Cleanup(func() {
			cancel()
			cancelAlloc()
		})
		d := &btDevice{t: t, name: name, ctx: ctx}
		devs[name] = d
		wg.Go(func() {
			// The first Do starts the browser; it gets no timeout, as a
			// timeout here would bound the browser's whole life.
			if err := chromedp.Do(ctx); err != nil {
				errs <- fmt.Errorf("start %s: %w", name, err)
				return
			}
			// Headless windows have a minimum width; the viewport is exact.
			vctx, cancel := context.WithTimeout(ctx, btWait)
			defer cancel()
			if err := chromedp.Do(vctx, chromedp.EmulateViewport(int64(size[0]), int64(size[1]))); err != nil {
				errs <- fmt.Errorf("viewport of %s: %w", name, err)
				return
			}
			console := chromedp.Console(ctx)
			go func() {
				for m, err := range console {
					if err != nil {
						return
					}
					if m.IsException() {
						d.mu.Lock()
						d.exceptions = append(d.exceptions, m.String())
						d.mu.Unlock()
					}
				}
			}()
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return devs
}

func btPhoneSize() [2]int { return [2]int{390, 844} }
func btTableSize() [2]int { return [2]int{1280, 900} }

// checkNoExceptions fails the test if a page threw an uncaught exception.
func (d *btDevice) checkNoExceptions() {
	d.t.Helper()
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, e := range d.exceptions {
		d.t.Errorf("%s: uncaught JavaScript exception: %s", d.name, e)
	}
}

func (d *btDevice) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, btWait)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		d.fatalf("%s: %v", what, err)
	}
}

func (d *btDevice) navigate(u string) {
	d.t.Helper()
	d.do("navigate to "+u, chromedp.Navigate(u))
}

func (d *btDevice) click(sel string) {
	d.t.Helper()
	d.do("click "+sel, chromedp.Click(chromedp.CSS(sel)))
}

func (d *btDevice) setValue(sel, value string) {
	d.t.Helper()
	d.do("set "+sel, chromedp.SetValue(chromedp.CSS(sel), value))
}

// btEvalErr runs an expression in the page and decodes its result; promises
// are awaited.
func btEvalErr[T any](d *btDevice, expr string) (T, error) {
	ctx, cancel := context.WithTimeout(d.ctx, btWait)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

func btEval[T any](d *btDevice, expr string) T {
	d.t.Helper()
	v, err := btEvalErr[T](d, expr)
	if err != nil {
		d.fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// waitUntil evaluates a boolean expression until it holds. Errors while a
// page loads count as "not yet".
func (d *btDevice) waitUntil(what, expr string) {
	d.t.Helper()
	deadline := time.Now().Add(btWait)
	for {
		ok, err := btEvalErr[bool](d, expr)
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			d.fatalf("timed out waiting for %s (last error: %v)", what, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitText evaluates a string expression until it equals want.
func (d *btDevice) waitText(what, expr, want string) {
	d.t.Helper()
	deadline := time.Now().Add(btWait)
	var got string
	for {
		v, err := btEvalErr[string](d, expr)
		if err == nil {
			got = v
			if v == want {
				return
			}
		}
		if time.Now().After(deadline) {
			d.fatalf("timed out waiting for %s: got %q, want %q (last error: %v)", what, got, want, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// fatalf stops the test, saving a screenshot and the page text first so a
// CI failure can be understood.
func (d *btDevice) fatalf(format string, args ...any) {
	d.t.Helper()
	msg := fmt.Sprintf(format, args...)
	ctx, cancel := context.WithTimeout(d.ctx, 5*time.Second)
	defer cancel()
	if text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + "\n" + (document.body ? document.body.innerText : "")`)); err == nil {
		msg += "\n--- " + d.name + " page ---\n" + text
	}
	if dir := os.Getenv("LANTERN_SCREENSHOTS"); dir != "" {
		if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
			os.WriteFile(filepath.Join(dir, "failed-"+d.name+".png"), png, 0o644)
		}
	}
	d.t.Fatalf("%s: %s", d.name, msg)
}

// screenshot saves a full-page PNG. Pixels are never asserted; the files
// are for people (set LANTERN_SCREENSHOTS to a folder to keep them).
func (d *btDevice) screenshot(dir, label string) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, btWait)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		d.t.Errorf("%s: screenshot: %v", d.name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, label+".png"), png, 0o644); err != nil {
		d.t.Errorf("%s: save screenshot: %v", d.name, err)
	}
}

func btShotDir(t *testing.T) string {
	if dir := os.Getenv("LANTERN_SCREENSHOTS"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err == nil {
			return dir
		}
	}
	return t.TempDir()
}

// markPage leaves a mark in the page's JavaScript globals; a reload wipes it.
func (d *btDevice) markPage() {
	d.t.Helper()
	btEval[bool](d, `(window.__lanternMark = true)`)
}

func (d *btDevice) stillMarked() string { return `window.__lanternMark === true` }

// setCookie gives the browser a cookie as the server would set it: tokens
// HttpOnly, the language cookie not.
func (d *btDevice) setCookie(base, name, value string, httpOnly bool) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, btWait)
	defer cancel()
	_, err := chromedp.Call(ctx, network.SetCookie, network.SetCookieParams{
		Name: name, Value: value, URL: base + "/", Path: "/",
		HTTPOnly: new(httpOnly), SameSite: network.CookieSameSiteLax,
	})
	if err != nil {
		d.fatalf("set cookie %s: %v", name, err)
	}
}

func btJS(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// btTrait reads a trait on the board of the named player as "value@position":
// tracks repeat values, so a step can leave the value as it was.
func btTrait(player, trait string) string {
	return fmt.Sprintf(`(() => {
		const b = [...document.querySelectorAll('#live .board')].find(b => b.querySelector('header strong').textContent.trim() === %s);
		if (!b) return "no board";
		const row = b.querySelector('[data-trait=%s]');
		const v = row && row.querySelector('.trait-value');
		if (!v) return "no trait";
		const cells = [...row.querySelectorAll('.track .cell')];
		return v.textContent.trim() + "@" + cells.findIndex(c => c.classList.contains('on'));
	})()`, btJS(player), trait)
}

// btOwnName is the name on the first board of a player page: its own.
const btOwnName = `(document.querySelector('#live > .part > article.board header strong') || {textContent: ""}).textContent.trim()`

func TestBrowserTableAndThreePhones(t *testing.T) {
	app := btStartApp(t)
	devs := btOpenDevices(t, map[string][2]int{
		"table": btTableSize(), "phone1": btPhoneSize(), "phone2": btPhoneSize(), "phone3": btPhoneSize(),
	})
	tbl, p1, p2, p3 := devs["table"], devs["phone1"], devs["phone2"], devs["phone3"]
	shots := btShotDir(t)

	// The table creates a game from the home page.
	tbl.navigate(app.srv.URL + "/")
	tbl.click(`form[action="/games"] button.primary`)
	tbl.waitUntil("the table page", `/^\/g\/[A-Z0-9]+\/table$/.test(location.pathname) && !!document.querySelector('#live .url a')`)
	joinURL := btEval[string](tbl, `document.querySelector('#live .url a').href`)
	path := btEval[string](tbl, `location.pathname`)
	code := strings.TrimSuffix(strings.TrimPrefix(path, "/g/"), "/table")
	ju, err := url.Parse(joinURL)
	if err != nil || ju.Path != "/j/"+code || ju.Query().Get("k") == "" {
		t.Fatalf("join URL %q: want %s/j/%s?k=KEY (err %v)", joinURL, app.srv.URL, code, err)
	}
	joinKey := ju.Query().Get("k")
	if !strings.HasPrefix(joinURL, app.srv.URL+"/") {
		t.Errorf("join URL %q does not point at the server %s", joinURL, app.srv.URL)
	}
	tbl.waitUntil("the QR image to load", `(() => { const i = document.querySelector('#live img.qr'); return !!i && i.complete && i.naturalWidth > 0; })()`)
	if c := btEval[string](tbl, `document.cookie`); strings.Contains(c, "lantern_host_") {
		t.Errorf("table: host cookie readable by script: %q", c)
	}
	tbl.waitUntil("the table's live stream", `!!document.getElementById('live').dataset.events`)
	tbl.markPage()

	// joinAs fills the join form on a phone and lands on its player page.
	joinAs := func(d *btDevice, name, explorer, lang string) {
		t.Helper()
		d.waitUntil("the join form", `!!document.querySelector('form.join input[name=name]')`)
		d.setValue(`form.join input[name=name]`, name)
		if lang != "" {
			d.click(`form.join input[name=lang][value="` + lang + `"]`)
		}
		d.click(`form.join input[name=explorer][value="` + explorer + `"]`)
		d.click(`form.join button.primary`)
		d.waitText("own board after joining", `location.pathname === "/g/`+code+`" ? `+btOwnName+` : ""`, name)
	}

	p1.navigate(joinURL)
	joinAs(p1, "Alice", "ox-bellows", "en")
	if c := btEval[string](p1, `document.cookie`); strings.Contains(c, "lantern_seat_") {
		t.Errorf("phone1: seat cookie readable by script: %q", c)
	}

	p2.navigate(joinURL)
	if !btEval[bool](p2, `document.querySelector('input[name=explorer][value=darrin-williams]').disabled`) {
		t.Errorf("phone2 join page: darrin-williams (other side of ox-bellows, taken) is not disabled")
	}
	joinAs(p2, "Bob", "missy-dubourde", "en")

	// The Chinese phone picks its language with the header's switch first.
	p3.navigate(app.srv.URL + "/lang/zh?next=" + url.QueryEscape("/j/"+code+"?k="+joinKey))
	p3.waitUntil("the join page in Chinese", `location.pathname === "/j/`+code+`" && document.documentElement.lang === "zh-Hans"`)
	for _, id := range []string{"ox-bellows", "darrin-williams", "missy-dubourde", "zoe-ingstrom"} {
		if !btEval[bool](p3, `document.querySelector('input[name=explorer][value=`+id+`]').disabled`) {
			t.Errorf("phone3 join page: %s is taken (or its other side is) but not disabled", id)
		}
	}
	if btEval[bool](p3, `document.querySelector('input[name=explorer][value=peter-akimoto]').disabled`) {
		t.Errorf("phone3 join page: peter-akimoto is free but disabled")
	}
	if !btEval[bool](p3, `document.querySelector('input[name=lang][value=zh]').checked`) {
		t.Errorf("phone3 join page: 简体中文 not preselected after /lang/zh")
	}
	joinAs(p3, "小明", "peter-akimoto", "")

	// The table's lobby shows all three without a reload.
	tbl.waitUntil("the lobby to list all three seats", `(() => {
		const names = [...document.querySelectorAll('#live ol.seats li strong')].map(s => s.textContent.trim());
		return names.join("|") === "Alice|Bob|小明";
	})()`)
	if !btEval[bool](tbl, tbl.stillMarked()) {
		t.Fatalf("table: the page reloaded to show the seats; want a live update")
	}
	tbl.screenshot(shots, "table-lobby")

	// The host starts the game.
	tbl.click(`#live .start button.primary`)
	tbl.waitUntil("the started table with three boards", `document.querySelectorAll('#live .table-boards .board').length === 3`)
	for _, d := range []*btDevice{p1, p2, p3} {
		d.markPage()
		d.waitUntil("own controls after the start", `!!document.querySelector('#live > .part > article.board [data-trait=sanity] button[value="-1"]')`)
	}

	// Phone 1 taps Sanity −; everyone else sees it live.
	before := btEval[string](p1, btTrait("Alice", "sanity"))
	p1.click(`#live > .part > article.board [data-trait=sanity] button[value="-1"]`)
	deadline := time.Now().Add(btWait)
	after := before
	for after == before {
		if time.Now().After(deadline) {
			p1.fatalf("Alice's sanity still %s after tapping −", before)
		}
		time.Sleep(100 * time.Millisecond)
		after = btEval[string](p1, btTrait("Alice", "sanity"))
	}
	if strings.HasPrefix(after, "no ") {
		p1.fatalf("after tapping −: %s", after)
	}
	for _, d := range []*btDevice{p2, p3, tbl} {
		d.waitText("Alice's new sanity", btTrait("Alice", "sanity"), after)
		if !btEval[bool](d, d.stillMarked()) {
			t.Errorf("%s: the page reloaded to show the change; want a live update", d.name)
		}
	}

	// The Chinese phone shows Chinese trait names.
	if got := btEval[string](p3, `document.querySelector('#live > .part > article.board [data-trait=speed] .trait-name').textContent.trim()`); got != "速度" {
		t.Errorf("phone3 (zh): speed trait named %q, want 速度", got)
	}

	// Phone 1 reloads and keeps its seat.
	p1.do("reload phone1", chromedp.Reload())
	p1.waitText("own board after reload", btOwnName, "Alice")
	if got := btEval[string](p1, btTrait("Alice", "sanity")); got != after {
		t.Errorf("phone1 after reload: sanity %q, want %q", got, after)
	}

	// Phone 2 has no controls on anyone else's board …
	if n := btEval[int](p2, `document.querySelectorAll('#live .others .board').length`); n != 2 {
		t.Errorf("phone2: %d other boards, want 2", n)
	}
	if n := btEval[int](p2, `document.querySelectorAll('#live .others .board :is(form, button, input, select)').length`); n != 0 {
		t.Errorf("phone2: %d controls on other players' boards, want 0", n)
	}
	if n := btEval[int](p2, `document.querySelectorAll('#live > .part > article.board button').length`); n == 0 {
		t.Errorf("phone2: no controls on its own board")
	}

	// … and a forged post from its browser is refused and changes nothing.
	stateOfAlice := `fetch('/api/games/` + code + `', {credentials: 'same-origin'}).then(r => r.json()).then(j => JSON.stringify([j.version, j.seats[0].name, j.seats[0].traits]))`
	aliceBefore := btEval[string](p1, stateOfAlice)
	mightBefore := btEval[string](p1, btTrait("Alice", "might"))
	forged := []struct{ what, expr string }{
		{"form post as seat", `fetch('/g/` + code + `/act', {method: 'POST', credentials: 'same-origin',
			body: new URLSearchParams({type: 'trait', as: 'seat', seat: '1', trait: 'might', delta: '1'})}).then(r => r.status)`},
		{"form post as host", `fetch('/g/` + code + `/act', {method: 'POST', credentials: 'same-origin',
			body: new URLSearchParams({type: 'trait', as: 'host', seat: '1', trait: 'might', delta: '1'})}).then(r => r.status)`},
		{"API action", `fetch('/api/games/` + code + `/actions', {method: 'POST', credentials: 'same-origin',
			headers: {'Content-Type': 'application/json'},
			body: JSON.stringify({type: 'step_trait', seat: 1, trait: 'might', delta: 1})}).then(r => r.status)`},
	}
	for _, f := range forged {
		if status := btEval[int](p2, f.expr); status != http.StatusForbidden {
			t.Errorf("phone2 %s on Alice's might: status %d, want 403", f.what, status)
		}
	}
	if got := btEval[string](p1, stateOfAlice); got != aliceBefore {
		t.Errorf("Alice's state changed after phone2's forged posts:\nbefore %s\nafter  %s", aliceBefore, got)
	}
	if got := btEval[string](p1, btTrait("Alice", "might")); got != mightBefore {
		t.Errorf("phone1 shows might %q after phone2's forged posts, want %q", got, mightBefore)
	}

	// A phone's page never holds the join key.
	for _, d := range []*btDevice{p1, p2, p3} {
		if html := btEval[string](d, `document.documentElement.outerHTML`); strings.Contains(html, joinKey) {
			t.Errorf("%s: player page contains the join key", d.name)
		}
	}

	tbl.screenshot(shots, "table-started")
	p1.screenshot(shots, "phone1")
	p2.screenshot(shots, "phone2")
	p3.screenshot(shots, "phone3-zh")
	for _, d := range []*btDevice{tbl, p1, p2, p3} {
		d.checkNoExceptions()
	}
}

// btGame is a game set up through the JSON API, so the test knows every
// secret: the join key, the host token and each seat's token.
type btGame struct {
	code, joinKey, hostToken string
	seatTokens               []string
}

func btPost(t *testing.T, u, bearer string, body any, want int) map[string]any {
	t.Helper()
	var buf bytes.Buffer
	if body != nil {
		json.NewEncoder(&buf).Encode(body)
	}
	req, err := http.NewRequest(http.MethodPost, u, &buf)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", u, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		t.Fatalf("POST %s: status %d, want %d: %s", u, resp.StatusCode, want, raw)
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("POST %s: %v in %s", u, err, raw)
	}
	return out
}

// btNewGame creates a game, seats the named explorers and, if start is
// set, starts it with seat 1 first.
func btNewGame(t *testing.T, base string, start bool, seats ...[2]string) btGame {
	t.Helper()
	created := btPost(t, base+"/api/games", "", nil, http.StatusCreated)
	g := btGame{code: created["code"].(string), joinKey: created["join_key"].(string), hostToken: created["host_token"].(string)}
	for _, s := range seats {
		joined := btPost(t, base+"/api/games/"+g.code+"/seats", "",
			map[string]string{"name": s[0], "explorer": s[1], "key": g.joinKey, "lang": "en"}, http.StatusCreated)
		g.seatTokens = append(g.seatTokens, joined["token"].(string))
	}
	if start {
		btPost(t, base+"/api/games/"+g.code+"/actions", g.hostToken,
			map[string]any{"type": "start_game", "first_seat": 1}, http.StatusOK)
	}
	return g
}

func TestBrowserReconnect(t *testing.T) {
	app := btStartApp(t)
	devs := btOpenDevices(t, map[string][2]int{"phone": btPhoneSize()})
	p := devs["phone"]
	base := app.srv.URL
	addr := app.srv.Listener.Addr().String()
	g := btNewGame(t, base, true, [2]string{"Alice", "ox-bellows"}, [2]string{"Bob", "zoe-ingstrom"})

	p.setCookie(base, "lantern_seat_"+g.code, g.seatTokens[0], true)
	p.navigate(base + "/g/" + g.code)
	p.waitText("own board", btOwnName, "Alice")
	p.markPage()
	const banner = `(() => { const c = document.getElementById('conn'); return !!c && !c.hidden && getComputedStyle(c).display !== 'none' && c.textContent.trim() !== ''; })()`
	if btEval[bool](p, banner) {
		t.Errorf("the reconnecting banner shows while the server is up")
	}

	// A change by the host shows up live: the stream is connected.
	might := func(delta int) {
		btPost(t, base+"/api/games/"+g.code+"/actions", g.hostToken,
			map[string]any{"type": "step_trait", "seat": 1, "trait": "might", "delta": delta}, http.StatusOK)
	}
	m0 := btEval[string](p, btTrait("Alice", "might"))
	might(1)
	p.waitUntil("the host's change to show", btTrait("Alice", "might")+` !== `+btJS(m0))
	m1 := btEval[string](p, btTrait("Alice", "might"))

	// The server goes away: no new connections, open ones cut.
	app.srv.Listener.Close()
	app.srv.CloseClientConnections()
	p.waitUntil("the reconnecting banner", banner)
	p.screenshot(btShotDir(t), "phone-reconnecting")

	// Meanwhile the game moves on, and the server comes back at the same
	// address; the phone reconnects, hides the banner and catches up.
	if _, err := app.tables.Act(context.Background(), table.Access{Code: g.code, Host: true},
		game.Action{Type: game.ActStepTrait, Seat: 1, Trait: game.Might, Delta: 1}); err != nil {
		t.Fatalf("act while offline: %v", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Logf("cannot listen on %s again (%v); the recovery half is not checked", addr, err)
		p.checkNoExceptions()
		return
	}
	again := &httptest.Server{Listener: ln, Config: &http.Server{Handler: app.handler}}
	again.Start()
	// This cleanup runs before the browser's: cut its stream so Close
	// doesn't wait for it.
	t.Cleanup(func() {
		again.CloseClientConnections()
		again.Close()
	})
	p.waitUntil("the banner to hide after reconnecting", `!(`+banner+`)`)
	p.waitUntil("the missed change to show", btTrait("Alice", "might")+` !== `+btJS(m1))
	if !btEval[bool](p, p.stillMarked()) {
		t.Errorf("the phone reloaded to catch up; want a live update")
	}
	p.checkNoExceptions()
}

func TestBrowserSecrets(t *testing.T) {
	app := btStartApp(t)
	devs := btOpenDevices(t, map[string][2]int{"table": btTableSize(), "phone2": btPhoneSize()})
	tbl, p2 := devs["table"], devs["phone2"]
	base := app.srv.URL
	g := btNewGame(t, base, true,
		[2]string{"Alice", "ox-bellows"}, [2]string{"Bob", "zoe-ingstrom"}, [2]string{"Carol", "vivian-lopez"})

	p2.setCookie(base, "lantern_seat_"+g.code, g.seatTokens[1], true)
	p2.setCookie(base, "lantern_lang", "en", false)
	p2.navigate(base + "/g/" + g.code)
	p2.waitText("own board", btOwnName, "Bob")
	p2.waitUntil("all boards", `document.querySelectorAll('#live .board').length === 3`)

	tbl.setCookie(base, "lantern_host_"+g.code, g.hostToken, true)
	tbl.setCookie(base, "lantern_lang", "en", false)
	tbl.navigate(base + "/g/" + g.code + "/table")
	tbl.waitUntil("the table's boards", `document.querySelectorAll('#live .table-boards .board').length === 3`)

	secrets := map[string]string{
		"seat 1 token": g.seatTokens[0], "seat 2 token": g.seatTokens[1], "seat 3 token": g.seatTokens[2],
		"host token": g.hostToken, "join key": g.joinKey,
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

	check("phone2 player page", btEval[string](p2, `document.documentElement.outerHTML`))
	check("phone2 live fragment", btEval[string](p2, `fetch('/g/`+g.code+`', {headers: {'X-Lantern': 'fetch'}}).then(r => r.text())`))
	check("phone2 GET /api/games/CODE", btEval[string](p2, `fetch('/api/games/`+g.code+`').then(async r => r.status + " " + await r.text())`))
	check("phone2 GET /api/games/CODE/me", btEval[string](p2, `fetch('/api/games/`+g.code+`/me').then(async r => r.status + " " + await r.text())`))
	// The event stream: read until the first version arrives, then hang up.
	stream := btEval[string](p2, `(async () => {
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
	check("table page", btEval[string](tbl, `document.documentElement.outerHTML`), "join key")
	check("table live fragment", btEval[string](tbl, `fetch('/g/`+g.code+`/table', {headers: {'X-Lantern': 'fetch'}}).then(r => r.text())`), "join key")

	// A hidden-traitor haunt deals every seat a secret token; each phone
	// learns only its own. The host records an omen in a room whose haunt
	// has a hidden traitor, and a haunt roll of 0 (real dice) starts it.
	omen, room := btHiddenCell(t)
	p2.markPage()
	btPost(t, base+"/api/games/"+g.code+"/actions", g.hostToken,
		map[string]any{"type": "draw_omen", "seat": 1, "omen": omen, "room": room}, http.StatusOK)
	btPost(t, base+"/api/games/"+g.code+"/actions", g.hostToken,
		map[string]any{"type": "haunt_roll", "seat": 1, "total": 0}, http.StatusOK)
	p2.waitUntil("the haunt to be revealed live", `!!document.querySelector('#live .reveal')`)
	if !btEval[bool](p2, p2.stillMarked()) {
		t.Errorf("phone2: the page reloaded to reveal the haunt; want a live update")
	}
	var me struct {
		Me struct {
			Seat  int `json:"seat"`
			Token int `json:"token"`
		} `json:"me"`
	}
	meJSON := btEval[string](p2, `fetch('/api/games/`+g.code+`/me').then(r => r.text())`)
	if err := json.Unmarshal([]byte(meJSON), &me); err != nil || me.Me.Seat != 2 || me.Me.Token < 1 || me.Me.Token > 3 {
		t.Fatalf("phone2 /me after a hidden-traitor reveal: %s (err %v); want seat 2 with a token 1..3", meJSON, err)
	}
	tbl.waitUntil("the table to show the haunt", `!!document.querySelector('#live .reveal')`)
	page := btEval[string](p2, `document.getElementById('live').innerText`)
	if n := strings.Count(page, "Your token is #"); n != 1 || !strings.Contains(page, fmt.Sprintf("Your token is #%d:", me.Me.Token)) {
		t.Errorf("phone2 page: want exactly its own token #%d, got %d token messages in:\n%s", me.Me.Token, n, page)
	}
	for what, text := range map[string]string{
		"phone2 player page":             btEval[string](p2, `document.documentElement.outerHTML`),
		"phone2 GET /api/games/CODE":     btEval[string](p2, `fetch('/api/games/`+g.code+`').then(r => r.text())`),
		"phone2 GET /api/games/CODE/log": btEval[string](p2, `fetch('/api/games/`+g.code+`/log').then(r => r.text())`),
		"phone2 GET /api/games/CODE/me":  meJSON,
		"table page":                     btEval[string](tbl, `document.documentElement.outerHTML`),
		"table GET /api/games/CODE/log":  btEval[string](tbl, `fetch('/api/games/`+g.code+`/log').then(r => r.text())`),
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

	shots := btShotDir(t)
	tbl.screenshot(shots, "secrets-table")
	p2.screenshot(shots, "secrets-phone2")
	tbl.checkNoExceptions()
	p2.checkNoExceptions()
}

// btHiddenCell finds an omen and a room whose haunt has a hidden
// traitor.
func btHiddenCell(t *testing.T) (omen, room string) {
	t.Helper()
	ch := catalog.Chart()
	for r, row := range ch.Chart {
		for o, number := range row {
			if h := catalog.HauntByNumber(number); h != nil && h.Traitor.Kind == "hidden" {
				return ch.Omens[o], ch.Rooms[r]
			}
		}
	}
	t.Fatal("no haunt on the chart has a hidden traitor")
	return "", ""
}
