package web_test

// The one test harness of internal/web, shared by handler and browser
// tests: the real app (a SQLite file in t.TempDir(), the tables, the echo
// handler) driven in process or over a real listener, games set up through
// the JSON API so the test knows every secret, and Chromium tabs.

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"lantern/internal/catalog"
	"lantern/internal/seatview"
	"lantern/internal/store"
	"lantern/internal/table"
	"lantern/internal/web"
)

// testApp is the real handler over a fresh database file.
type testApp struct {
	t      testing.TB
	h      http.Handler
	tables *table.Tables
	n      atomic.Int64 // numbers the default client address of each request

	once sync.Once
	srv  *httptest.Server

	// dropPosts makes the server lose every POST before it is read: the
	// connection closes without an answer, as when a phone's Wi-Fi drops.
	dropPosts atomic.Bool
	// holdPosts makes the server hold every POST, read but not handled,
	// until releasePosts: a Wi-Fi gone quiet. A held post is then handled
	// even if the phone gave up on it (its answer is lost with the
	// connection), as when it reached the server just before.
	holdPosts   atomic.Bool
	release     chan struct{}
	releaseOnce sync.Once
}

// releasePosts lets the posts held so far be handled.
func (a *testApp) releasePosts() { a.releaseOnce.Do(func() { close(a.release) }) }

func newTestApp(t testing.TB) *testApp {
	t.Helper()
	return newTestAppAt(t, time.Now)
}

// newTestAppAt is newTestApp on the clock now.
func newTestAppAt(t testing.TB, now func() time.Time) *testApp {
	t.Helper()
	return newTestAppConfig(t, web.Config{Now: now})
}

// newTestAppConfig is newTestApp with cfg (a clock, a logger; the tables
// are the harness's).
func newTestAppConfig(t testing.TB, cfg web.Config) *testApp {
	t.Helper()
	return openTestApp(t, filepath.Join(t.TempDir(), "lantern.db"), cfg)
}

// openTestApp is the real app over the database file at path, which may
// hold games already: the start (table.Open) replays them. cfg.Now, if
// set, is the clock of both.
func openTestApp(t testing.TB, path string, cfg web.Config) *testApp {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	tb, err := table.Open(ctx, st, now)
	if err != nil {
		t.Fatalf("table.Open: %v", err)
	}
	cfg.Tables = tb
	return &testApp{t: t, h: web.New(cfg), tables: tb, release: make(chan struct{})}
}

// server is the app on a real listener (for browsers and event streams),
// started on first use.
func (a *testApp) server() *httptest.Server {
	a.once.Do(func() {
		a.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost && a.holdPosts.Load() {
				body, _ := io.ReadAll(r.Body)
				<-a.release
				r = r.WithContext(context.WithoutCancel(r.Context()))
				r.Body = io.NopCloser(bytes.NewReader(body))
			}
			if r.Method == http.MethodPost && a.dropPosts.Load() {
				panic(http.ErrAbortHandler) // the connection closes, unanswered
			}
			a.h.ServeHTTP(w, r)
		}))
		// Registered after the store, so it runs before it; tabs and streams
		// register later still, so they are gone before the server waits.
		a.t.Cleanup(func() {
			a.releasePosts()
			a.srv.CloseClientConnections()
			a.srv.Close()
		})
	})
	return a.srv
}

// url is the base URL of the app's real listener.
func (a *testApp) url() string { return a.server().URL }

// reqOpt changes a request before it is served.
type reqOpt func(*http.Request)

func withBearer(token string) reqOpt {
	return func(r *http.Request) {
		if token != "" {
			r.Header.Set("Authorization", "Bearer "+token)
		}
	}
}

func withCookie(name, value string) reqOpt {
	return func(r *http.Request) { r.AddCookie(&http.Cookie{Name: name, Value: value}) }
}

// withContext serves the request under ctx (a phone that went away).
func withContext(ctx context.Context) reqOpt {
	return func(r *http.Request) { *r = *r.WithContext(ctx) }
}

func withHeader(k, v string) reqOpt { return func(r *http.Request) { r.Header.Set(k, v) } }

// withAddr fixes the client address (the rate limiter's key).
func withAddr(addr string) reqOpt { return func(r *http.Request) { r.RemoteAddr = addr } }

// withLang asks in a language the way a browser or phone does: "en" and
// "zh" by Accept-Language, "zh-cookie" by the lantern_lang cookie against
// an English browser.
func withLang(lang string) reqOpt {
	return func(r *http.Request) {
		switch lang {
		case "zh":
			r.Header.Set("Accept-Language", "zh-CN,zh;q=0.9,en;q=0.5")
		case "zh-cookie":
			r.Header.Set("Accept-Language", "en-US,en;q=0.9")
			r.AddCookie(&http.Cookie{Name: "lantern_lang", Value: "zh"})
		default:
			r.Header.Set("Accept-Language", "en-US,en;q=0.9")
		}
	}
}

// do serves one request in process. Each request comes from its own address
// unless withAddr says otherwise, so the rate limiter only bites where a
// test wants.
func (a *testApp) do(method, target, body string, opts ...reqOpt) *httptest.ResponseRecorder {
	a.t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	n := a.n.Add(1)
	req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:40000", (n>>16)&255, (n>>8)&255, n&255)
	for _, o := range opts {
		o(req)
	}
	rec := httptest.NewRecorder()
	a.h.ServeHTTP(rec, req)
	return rec
}

// get serves a GET; cookies are name=value pairs.
func (a *testApp) get(target string, cookies ...string) *httptest.ResponseRecorder {
	a.t.Helper()
	var opts []reqOpt
	for _, c := range cookies {
		name, value, _ := strings.Cut(c, "=")
		opts = append(opts, withCookie(name, value))
	}
	return a.do(http.MethodGet, target, "", opts...)
}

// form posts a form as a browser without the app's script does.
func (a *testApp) form(target string, v url.Values, opts ...reqOpt) *httptest.ResponseRecorder {
	a.t.Helper()
	return a.do(http.MethodPost, target, v.Encode(),
		append([]reqOpt{withHeader("Content-Type", "application/x-www-form-urlencoded")}, opts...)...)
}

func decodeBody(t testing.TB, rec *httptest.ResponseRecorder) map[string]any {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q, want JSON: %s", ct, rec.Body)
	}
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("decode %s: %v", rec.Body, err)
	}
	return m
}

// json serves a JSON request that must answer status want.
func (a *testApp) json(method, target, body, token string, want int, opts ...reqOpt) map[string]any {
	a.t.Helper()
	rec := a.do(method, target, body, append([]reqOpt{withBearer(token)}, opts...)...)
	if rec.Code != want {
		a.t.Fatalf("%s %s %s: status %d, want %d: %s", method, target, body, rec.Code, want, rec.Body)
	}
	return decodeBody(a.t, rec)
}

func jsonBody(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// testGame is a game set up through the API, with every secret known.
type testGame struct {
	code, key, host string
	seats           []string // seats[i] is the token of seat i+1
	explorers       []string
}

func (g testGame) api(rest string) string { return "/api/games/" + g.code + rest }

// seatCookie is what a phone holding seat n (1-based) sends.
func (g testGame) seatCookie(n int) reqOpt {
	return withCookie("lantern_seat_"+g.code, g.seats[n-1])
}

// hostCookie is what the table's browser sends.
func (g testGame) hostCookie() reqOpt { return withCookie("lantern_host_"+g.code, g.host) }

var testNames = []string{"Ann", "Bo", "Cy", "Dee", "Eve", "Flo", "Gus"}

// testFirstSides is one side of each of the six explorer cards.
var testFirstSides = []string{"ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra", "professor-longfellow", "heather-granville"}

// newGame creates a game and seats n explorers (Ann, Bo, …, one side of each
// card, English phones); start starts it with seat 1 first.
func (a *testApp) newGame(n int, start bool) testGame {
	a.t.Helper()
	seats := make([][2]string, n)
	for i := range seats {
		seats[i] = [2]string{testNames[i], testFirstSides[i]}
	}
	return a.seatGame(start, seats...)
}

// seatGame creates a game, seats each {name, explorer} (English phones) and,
// if start is set, starts it with seat 1 first.
func (a *testApp) seatGame(start bool, seats ...[2]string) testGame {
	a.t.Helper()
	c := a.json(http.MethodPost, "/api/games", "", "", http.StatusCreated)
	g := testGame{code: c["code"].(string), key: c["join_key"].(string), host: c["host_token"].(string)}
	for i, s := range seats {
		j := a.json(http.MethodPost, g.api("/seats"), jsonBody(map[string]string{
			"name": s[0], "explorer": s[1], "key": g.key, "lang": "en"}), "", http.StatusCreated)
		if jsonInt(j["seat"]) != i+1 {
			a.t.Fatalf("join %d: seat %v", i+1, j["seat"])
		}
		g.seats = append(g.seats, j["token"].(string))
		g.explorers = append(g.explorers, s[1])
	}
	if start {
		a.act(g, g.host, map[string]any{"type": "start_game", "first_seat": 1})
	}
	return g
}

// act posts an action that must succeed and returns the new version.
func (a *testApp) act(g testGame, token string, action map[string]any) int {
	a.t.Helper()
	r := a.json(http.MethodPost, g.api("/actions"), jsonBody(action), token, http.StatusOK)
	return jsonInt(r["version"])
}

// snapshot is the game's whole public state as the host's JSON sees it.
func (a *testApp) snapshot(g testGame) string {
	a.t.Helper()
	rec := a.do(http.MethodGet, g.api(""), "", withBearer(g.host))
	if rec.Code != http.StatusOK {
		a.t.Fatalf("state: %d %s", rec.Code, rec.Body)
	}
	return rec.Body.String()
}

func (a *testApp) state(g testGame) map[string]any {
	a.t.Helper()
	return a.json(http.MethodGet, g.api(""), "", g.host, http.StatusOK)
}

// publicState is the state as the API's typed answer.
func (a *testApp) publicState(g testGame) seatview.PublicState {
	a.t.Helper()
	var st seatview.PublicState
	if err := json.Unmarshal([]byte(a.snapshot(g)), &st); err != nil {
		a.t.Fatalf("state: %v", err)
	}
	return st
}

// stateAfter waits until the game's version passes after: a tap in a
// browser only sends the post, so a test waits for it to be committed.
func (a *testApp) stateAfter(g testGame, after int) seatview.PublicState {
	a.t.Helper()
	deadline := time.Now().Add(tabWait)
	for {
		st := a.publicState(g)
		if st.Version > after {
			return st
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("timed out waiting for the server to pass version %d (at %d)", after, st.Version)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func jsonInt(v any) int {
	f, ok := v.(float64)
	if !ok {
		panic(fmt.Sprintf("not a number: %#v", v))
	}
	return int(f)
}

// ---- Chromium ------------------------------------------------------------

// tabWait bounds every wait for a page; it is generous for slow machines and
// never part of what a test asserts.
const tabWait = 20 * time.Second

func phoneSize() [2]int { return [2]int{390, 844} }
func tableSize() [2]int { return [2]int{1280, 900} }

// tab is one tab of a test's browser (a table's screen or a phone), in a
// browser context of its own (newTabs), so no two share cookies or storage.
type tab struct {
	t    testing.TB
	name string
	base string
	ctx  context.Context

	mu         sync.Mutex
	exceptions []string
}

func chromiumPath(t testing.TB) string {
	t.Helper()
	for _, p := range []string{"chromium", "/usr/bin/chromium", "chromium-browser"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	t.Skip("Chromium not installed (apt-get install -y chromium); skipping browser test")
	return ""
}

// newTab opens one browser of the given size on the app at base. Tests
// that open browsers (Chromium here, WebKit in webkit_test.go) don't run in
// parallel: on two cores parallel browsers starve each other's pages.
func newTab(t testing.TB, base string, width, height int, extra ...chromedp.ExecAllocatorOption) *tab {
	t.Helper()
	return newTabs(t, base, map[string][2]int{"browser": {width, height}}, extra...)["browser"]
}

// newTabs starts one browser with a tab per name, each in its own browser
// context (its own cookies and storage, as separate phones have). One
// browser, not one per phone, leaves the machine's cores to the pages.
func newTabs(t testing.TB, base string, sizes map[string][2]int, extra ...chromedp.ExecAllocatorOption) map[string]*tab {
	t.Helper()
	path := chromiumPath(t)
	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]),
		chromedp.ExecPath(path),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("lang", "en-US"),
	)
	opts = append(opts, extra...)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	browserCtx, cancelBrowser := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc()
	})
	// The first Do starts the browser; it gets no timeout, as a timeout
	// here would bound the browser's whole life.
	if err := chromedp.Do(browserCtx); err != nil {
		t.Fatalf("start the browser: %v", err)
	}
	tabs := map[string]*tab{}
	for i, name := range slices.Sorted(maps.Keys(sizes)) {
		size := sizes[name]
		// The first tab is the browser's own (a profile a browser may
		// install an app into); the others each get a context of their own.
		ctx := browserCtx
		if i > 0 {
			var cancel context.CancelFunc
			ctx, cancel = chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
			t.Cleanup(cancel)
		}
		d := &tab{t: t, name: name, base: base, ctx: ctx}
		tabs[name] = d
		if err := chromedp.Do(ctx); err != nil {
			t.Fatalf("open %s: %v", name, err)
		}
		// The viewport is exact, whatever the window.
		vctx, cancelView := context.WithTimeout(ctx, tabWait)
		err := chromedp.Do(vctx, chromedp.EmulateViewport(int64(size[0]), int64(size[1])))
		cancelView()
		if err != nil {
			t.Fatalf("viewport of %s: %v", name, err)
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
	}
	return tabs
}

// checkNoExceptions fails the test if a page threw an uncaught exception.
func (d *tab) checkNoExceptions() {
	d.t.Helper()
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, e := range d.exceptions {
		d.t.Errorf("%s: uncaught JavaScript exception: %s", d.name, e)
	}
}

func (d *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, tabWait)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		d.fatalf("%s: %v", what, err)
	}
}

func (d *tab) navigate(u string) {
	d.t.Helper()
	d.do("navigate to "+u, chromedp.Navigate(u))
}

// open navigates to a path of the app.
func (d *tab) open(path string) {
	d.t.Helper()
	d.navigate(d.base + path)
}

func (d *tab) click(sel string) {
	d.t.Helper()
	d.do("click "+sel, chromedp.Click(chromedp.CSS(sel)))
}

func (d *tab) setValue(sel, value string) {
	d.t.Helper()
	d.do("set "+sel, chromedp.SetValue(chromedp.CSS(sel), value))
}

// evalErr runs an expression in the page and decodes its result; promises
// are awaited.
func evalErr[T any](d *tab, expr string) (T, error) {
	ctx, cancel := context.WithTimeout(d.ctx, tabWait)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

func evalIn[T any](d *tab, expr string) T {
	d.t.Helper()
	v, err := evalErr[T](d, expr)
	if err != nil {
		d.fatalf("evaluate %.200s: %v", expr, err)
	}
	return v
}

// waitUntil evaluates a boolean expression until it holds. Errors while a
// page loads count as "not yet".
func (d *tab) waitUntil(what, expr string) {
	d.t.Helper()
	pollPage(d.t, d.fatalf, what, func() (bool, error) { return evalErr[bool](d, expr) }, func(ok bool) bool { return ok })
}

// waitText evaluates a string expression until it equals want.
func (d *tab) waitText(what, expr, want string) {
	d.t.Helper()
	pollPage(d.t, d.fatalf, what+" to read "+jsString(want), func() (string, error) { return evalErr[string](d, expr) },
		func(got string) bool { return got == want })
}

// pollPage asks a browser page (Chromium's or WebKit's) for a value every
// 50 ms until done says it is the one awaited, failing after tabWait with
// the last value and error.
func pollPage[T any](t testing.TB, fatalf func(string, ...any), what string, eval func() (T, error), done func(T) bool) {
	t.Helper()
	deadline := time.Now().Add(tabWait)
	var last T
	for {
		v, err := eval()
		if err == nil {
			last = v
			if done(v) {
				return
			}
		}
		if time.Now().After(deadline) {
			fatalf("timed out waiting for %s: last %v (last error: %v)", what, last, err)
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// fatalf stops the test, saving the page text (and with LANTERN_SCREENSHOTS
// a screenshot) first so a failure can be understood.
func (d *tab) fatalf(format string, args ...any) {
	d.t.Helper()
	msg := fmt.Sprintf(format, args...)
	ctx, cancel := context.WithTimeout(d.ctx, 5*time.Second)
	defer cancel()
	if text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + "\n" + (document.body ? document.body.innerText.slice(0, 4000) : "")`)); err == nil {
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
func (d *tab) screenshot(dir, label string) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, tabWait)
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

// shotDir is where screenshots go: LANTERN_SCREENSHOTS, or a temporary
// folder.
func shotDir(t testing.TB) string {
	if dir := os.Getenv("LANTERN_SCREENSHOTS"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err == nil {
			return dir
		}
	}
	return t.TempDir()
}

// markPage leaves a mark in the page's JavaScript globals; a reload wipes it.
func (d *tab) markPage() {
	d.t.Helper()
	evalIn[bool](d, `(window.__lanternMark = true)`)
}

func (d *tab) stillMarked() string { return `window.__lanternMark === true` }

// setCookie gives the browser a cookie as the server would set it: tokens
// HttpOnly, the language cookie not.
func (d *tab) setCookie(name, value string, httpOnly bool) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, tabWait)
	defer cancel()
	_, err := chromedp.Call(ctx, network.SetCookie, network.SetCookieParams{
		Name: name, Value: value, URL: d.base + "/", Path: "/",
		HTTPOnly: new(httpOnly), SameSite: network.CookieSameSiteLax,
	})
	if err != nil {
		d.fatalf("set cookie %s: %v", name, err)
	}
}

// beforeScripts runs js in every new document of this tab before the
// page's own script: stubs for browser APIs.
func (d *tab) beforeScripts(js string) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, tabWait)
	defer cancel()
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: js}); err != nil {
		d.fatalf("add script: %v", err)
	}
}

// streamSpy wraps the page's EventSource so that once the page's own
// handler of an html or version message has returned, window.__streamSeen
// is the newest version it has handled: a change the page holds back (or
// ignores) leaves no other mark to wait for.
const streamSpy = `(() => {
	const RealES = window.EventSource;
	window.__streamSeen = 0;
	function Spied(url, opts) {
		const es = new RealES(url, opts);
		const add = es.addEventListener.bind(es);
		es.addEventListener = function (type, fn, o) {
			if (type !== "html" && type !== "version") return add(type, fn, o);
			return add(type, function (e) {
				try { return fn.call(this, e); } finally {
					const v = parseInt(type === "html" ? e.lastEventId : e.data, 10);
					if (v > window.__streamSeen) window.__streamSeen = v;
				}
			}, o);
		};
		return es;
	}
	Spied.prototype = RealES.prototype;
	Spied.CONNECTING = RealES.CONNECTING; Spied.OPEN = RealES.OPEN; Spied.CLOSED = RealES.CLOSED;
	window.EventSource = Spied;
})();`

// spyStream installs streamSpy in every new document of the tab; call it
// before opening the page.
func (d *tab) spyStream() {
	d.t.Helper()
	d.beforeScripts(streamSpy)
}

// waitStreamSeen waits until the page (with spyStream) has handled the
// stream's message of version v, whatever it did with it.
func (d *tab) waitStreamSeen(v int) {
	d.t.Helper()
	d.waitUntil(fmt.Sprintf("the page to handle the stream's version %d", v), fmt.Sprintf(`window.__streamSeen >= %d`, v))
}

// jsString quotes a Go value for a JavaScript expression.
func jsString(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// openSeat gives a phone its seat cookie and language and opens its page.
func (d *tab) openSeat(g testGame, seat int, lang, name string) {
	d.t.Helper()
	d.setCookie("lantern_seat_"+g.code, g.seats[seat-1], true)
	d.setCookie("lantern_lang", lang, false)
	d.open("/g/" + g.code)
	d.waitText("own board", jsOwnName, name)
	d.waitUntil("the live stream", `!!document.getElementById('live').dataset.events`)
	d.closeSheet()
}

// closeSheet closes a sheet that opened by itself (the haunt's reveal is
// shown once on each phone), as a person would: one tap.
func (d *tab) closeSheet() {
	d.t.Helper()
	d.waitUntil("the phone's script", `document.documentElement.classList.contains('js')`)
	if evalIn[bool](d, `!!document.querySelector('.sheet.open')`) {
		d.click(`.sheet.open [data-close]`)
		d.waitUntil("the sheet to close", `!document.querySelector('.sheet.open')`)
	}
}

// section opens a section of the player page from its tabs.
func (d *tab) section(name string) {
	d.t.Helper()
	d.tap(`#live .tabs a[data-tab=` + name + `]`)
	d.waitUntil("the "+name+" section", `document.body.dataset.tab === `+jsString(name))
}

// openTable gives the table its host cookie and opens the table page.
func (d *tab) openTable(g testGame, boards int) {
	d.t.Helper()
	d.setCookie("lantern_host_"+g.code, g.host, true)
	d.setCookie("lantern_lang", "en", false)
	d.open("/g/" + g.code + "/table")
	d.waitUntil("the table's boards", fmt.Sprintf(`document.querySelectorAll('#live .table-boards .board').length === %d`, boards))
}

// settle waits until nothing in the live part of the page has been replaced
// and the page has not scrolled for 400 ms, with no parts held back, so a
// tap lands on the page as it now is and not on one a live update or a
// smooth scroll is about to move.
func (d *tab) settle() {
	d.t.Helper()
	d.waitUntil("the page to settle", settledJS)
}

// settledJS is true once the live part of the page has not changed for
// 400 ms and holds no held tap: the one settle of both browser drivers
// (Chromium's tab.settle and WebKit's wkTab.settle).
const settledJS = `(() => {
	const live = document.getElementById('live');
	if (!live) return false;
	if (window.__settleObserved !== live) {
		window.__settleObserved = live;
		window.__settleLast = performance.now();
		// A live update (a part replaced deep inside) or a scroll (a
		// prompt scrolled into view smoothly) moves what a tap aims at.
		const moved = () => { window.__settleLast = performance.now(); };
		new MutationObserver(moved).observe(live, {childList: true, subtree: true});
		addEventListener('scroll', moved, true);
	}
	return performance.now() - window.__settleLast > 400 && !live.dataset.held;
})()`

// tap taps an element once the page has settled.
func (d *tab) tap(sel string) {
	d.t.Helper()
	d.settle()
	d.click(sel)
}

// typeInto types into a field as a person would: it is cleared, focused and
// the keys are sent.
func (d *tab) typeInto(sel, text string) {
	d.t.Helper()
	d.settle()
	d.do("type into "+sel,
		chromedp.ScrollIntoView(chromedp.CSS(sel)),
		chromedp.Clear(chromedp.CSS(sel)),
		chromedp.SendKeys(chromedp.CSS(sel), text))
}

// pick picks an option of a select.
func (d *tab) pick(sel, value string) {
	d.t.Helper()
	d.settle()
	d.do("select "+value+" in "+sel, chromedp.SetValue(chromedp.CSS(sel), value))
	if got := evalIn[string](d, `document.querySelector(`+jsString(sel)+`).value`); got != value {
		d.fatalf("select %s: value %q after picking %q (no such option?)", sel, got, value)
	}
}

// jsHas is an expression: whether the page has an element matching sel.
func jsHas(sel string) string { return `!!document.querySelector(` + jsString(sel) + `)` }

// jsText is an expression: the text of the first element matching sel.
func jsText(sel string) string {
	return `(document.querySelector(` + jsString(sel) + `) || {textContent: ""}).textContent.replace(/\s+/g, " ").trim()`
}

// post posts JSON with a token (or none) and wants a success.
func (a *testApp) post(target, token string, body any) map[string]any {
	a.t.Helper()
	raw := ""
	if body != nil {
		raw = jsonBody(body)
	}
	rec := a.do(http.MethodPost, target, raw, withBearer(token))
	if rec.Code >= 300 {
		a.t.Fatalf("POST %s: %d %s", target, rec.Code, rec.Body)
	}
	return decodeBody(a.t, rec)
}

// ---- Event streams ------------------------------------------------------

// The one reader of the app's event streams (lvOpen) for every test that
// reads one over the wire.

// lvMsg is one Server-Sent Events message.
type lvMsg struct {
	event, id, data string
	// size is the message's length as sent, before compression; gzip says
	// it came compressed.
	size int
	gzip bool
}

// lvStream reads one event stream, gzip-compressed or not, message by
// message as they arrive. Like a browser's EventSource, it reconnects with
// Last-Event-ID when the server ends a stream without saying it is gone
// (a compressed stream ends when hidden tokens are dealt, secret.go).
type lvStream struct {
	t       testing.TB
	resp    *http.Response
	msgs    chan lvMsg
	wire    *lvCounter
	cancel  func()
	encoded string
	// body is the answer when the stream was refused (status not 200).
	body []byte
}

type lvCounter struct {
	r io.Reader
	n int64
}

func (c *lvCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func lvOpen(t testing.TB, srv *httptest.Server, path string, opts ...reqOpt) *lvStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	// Go's client would decompress by itself only when it asked for gzip;
	// the tests ask themselves and read the bytes on the wire.
	tr := &http.Transport{DisableCompression: true}
	get := func(lastID string) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+path, nil)
		if err != nil {
			return nil, err
		}
		for _, o := range opts {
			o(req)
		}
		if lastID != "" {
			req.Header.Set("Last-Event-ID", lastID)
		}
		return (&http.Client{Transport: tr}).Do(req)
	}
	resp, err := get("")
	if err != nil {
		cancel()
		t.Fatalf("GET %s: %v", path, err)
	}
	s := &lvStream{t: t, resp: resp, msgs: make(chan lvMsg, 64), wire: &lvCounter{r: resp.Body}, cancel: cancel,
		encoded: resp.Header.Get("Content-Encoding")}
	t.Cleanup(func() { cancel(); tr.CloseIdleConnections() })
	if resp.StatusCode != http.StatusOK {
		s.body, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		close(s.msgs)
		return s
	}
	go func() {
		defer close(s.msgs)
		lastID := ""
		for {
			gone := lvRead(s, resp, &lastID)
			resp.Body.Close()
			if gone || ctx.Err() != nil {
				return
			}
			if resp, err = get(lastID); err != nil || resp.StatusCode != http.StatusOK {
				return
			}
			s.wire.r = resp.Body
		}
	}()
	return s
}

// lvRead passes one connection's messages on, and says whether the stream
// said its seat is gone.
func lvRead(s *lvStream, resp *http.Response, lastID *string) (gone bool) {
	var body io.Reader = s.wire
	compressed := resp.Header.Get("Content-Encoding") == "gzip"
	if compressed {
		zr, err := gzip.NewReader(body)
		if err != nil {
			return false
		}
		body = zr
	}
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	var m lvMsg
	for sc.Scan() {
		line := sc.Text()
		m.size += len(line) + 1
		if line == "" {
			if m.event != "" || m.data != "" {
				m.gzip = compressed
				if m.id != "" {
					*lastID = m.id
				}
				s.msgs <- m
				if m.event == "gone" || m.event == "closed" {
					return true
				}
			}
			m = lvMsg{}
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			m.event = value
		case "id":
			m.id = value
		case "data":
			m.data += value
		}
	}
	return false
}

// next is the next message, or fails after 10 s; ok is false when the
// stream ended.
func (s *lvStream) next() (lvMsg, bool) {
	s.t.Helper()
	select {
	case m, ok := <-s.msgs:
		return m, ok
	case <-time.After(10 * time.Second):
		s.t.Fatal("no message within 10 s")
	}
	return lvMsg{}, false
}

func (s *lvStream) must(event string) lvMsg {
	s.t.Helper()
	m, ok := s.next()
	if !ok {
		s.t.Fatalf("stream ended, want %s", event)
	}
	if m.event != event {
		s.t.Fatalf("message %q %.200q, want %s", m.event, m.data, event)
	}
	return m
}

type lvHTML struct {
	V     int      `json:"v"`
	Base  *int     `json:"base"`
	Full  *string  `json:"full"`
	Parts []lvPart `json:"parts"`
}

// lvPart is one changed part: its key and whole HTML.
type lvPart struct{ key, html string }

func (p *lvPart) UnmarshalJSON(b []byte) error {
	var pair [2]string
	if err := json.Unmarshal(b, &pair); err != nil {
		return err
	}
	p.key, p.html = pair[0], pair[1]
	return nil
}

func (s *lvStream) html() lvHTML {
	s.t.Helper()
	m := s.must("html")
	var h lvHTML
	if err := json.Unmarshal([]byte(m.data), &h); err != nil {
		s.t.Fatalf("html message: %v", err)
	}
	if m.id != strconv.Itoa(h.V) {
		s.t.Errorf("message id %q, version %d", m.id, h.V)
	}
	return h
}

// lvIsVersion says whether m is exactly a version message: the event, a
// number and no id (the plain stream says only the version).
func lvIsVersion(m lvMsg) bool {
	n, err := strconv.Atoi(m.data)
	return m.event == "version" && m.id == "" && err == nil && n >= 0 && strconv.Itoa(n) == m.data
}

// version is the next message, which must be exactly a version; it is the
// number.
func (s *lvStream) version() int {
	s.t.Helper()
	m := s.must("version")
	if !lvIsVersion(m) {
		s.t.Fatalf("message %q id %q data %q is not exactly a version", m.event, m.id, m.data)
	}
	n, _ := strconv.Atoi(m.data)
	return n
}

func (h lvHTML) keys() []string {
	var k []string
	for _, p := range h.Parts {
		k = append(k, p.key)
	}
	return k
}

func (h lvHTML) part(key string) string {
	for _, p := range h.Parts {
		if p.key == key {
			return p.html
		}
	}
	return ""
}

// ---- Reading the game's pages -------------------------------------------

// hiddenTraitorCell finds an omen and room whose haunt has a hidden traitor.
func hiddenTraitorCell(t testing.TB) (omen, room string, number int) {
	t.Helper()
	ch := catalog.Chart()
	for _, o := range ch.Omens {
		for _, r := range ch.Rooms {
			n := catalog.LookupHaunt(o, r)
			if (n == 34 || n == 43) && catalog.HauntByNumber(n).Traitor.Kind == "hidden" {
				return o, r, n
			}
		}
	}
	t.Fatal("no hidden-traitor haunt on the chart")
	return
}

// hiddenTraitorGame starts an n-seat game and reveals a hidden-traitor
// haunt from seat 1's omen; it returns the game and the traitor's seat, as
// that seat's own /me says.
func (a *testApp) hiddenTraitorGame(t testing.TB, n int) (testGame, int) {
	t.Helper()
	g := a.newGame(n, true)
	omen, room, _ := hiddenTraitorCell(t)
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": omen, "room": room})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	traitor := 0
	for i, tok := range g.seats {
		if me := a.json(http.MethodGet, g.api("/me"), "", tok, http.StatusOK); me["me"].(map[string]any)["traitor"] == true {
			traitor = i + 1
		}
	}
	return g, traitor
}

// btTrait reads a trait on the board of the named player as "value@position":
// tracks repeat values, so a step can leave the value as it was.
func jsTrait(player, trait string) string {
	return fmt.Sprintf(`(() => {
		const b = [...document.querySelectorAll('#live .board')].find(b => b.querySelector('header strong').textContent.trim() === %s);
		if (!b) return "no board";
		const row = b.querySelector('[data-trait=%s]');
		const v = row && row.querySelector('.trait-value');
		if (!v) return "no trait";
		const cells = [...row.querySelectorAll('.track .cell')];
		return v.textContent.trim() + "@" + cells.findIndex(c => c.classList.contains('on'));
	})()`, jsString(player), trait)
}

// jsOwnName is the name on the first board of a player page: its own.
const jsOwnName = `(document.querySelector('#live > article.board header strong') || {textContent: ""}).textContent.trim()`

// bpTraitOf is a trait as btTrait reads it from a page ("value@position"),
// taken from the server's state.
func traitOf(t testing.TB, st seatview.PublicState, name, trait string) (string, seatview.TraitJSON) {
	t.Helper()
	for _, s := range st.Seats {
		if s.Name == name {
			tr := *s.Traits.Of(trait)
			v := fmt.Sprint(tr.Value)
			if tr.Position == 0 {
				v = "💀"
			}
			if tr.Overflow > 0 {
				v += fmt.Sprintf("+%d", tr.Overflow)
			}
			return fmt.Sprintf("%s@%d", v, tr.Position), tr
		}
	}
	t.Fatalf("no seat named %q in the state", name)
	return "", seatview.TraitJSON{}
}

// jsLog is the page's shared log, one line per entry, without the times.
const jsLog = `[...document.querySelectorAll('#live section.log li')].map(li => li.textContent.replace(/\s+/g, " ").trim().replace(/^\d\d:\d\d /, "")).join("\n")`

// bpHandLine is the hand shown under the named player's board.
func jsHandLine(player string) string {
	return fmt.Sprintf(`(() => {
		const b = [...document.querySelectorAll('#live .board')].find(b => b.querySelector('header strong').textContent.trim() === %s);
		if (!b) return "no board";
		const h = b.querySelector('.hand-line');
		return h ? [...h.querySelectorAll('a')].map(a => a.textContent.trim()).join("|") : "";
	})()`, jsString(player))
}
