package web_test

// Comfort in a real browser (Chromium through chromedp): the manifest and
// its icons as Chrome sees them, keeping the screen awake with and without
// the Wake Lock API, haptics and sounds on events, text at 200%, and an
// accessibility audit with axe-core on every kind of page in both languages.
// They skip when Chromium is not installed; the audit also skips when npm
// can't fetch axe-core (it is installed per test run into a temporary
// folder, never committed).

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"lantern/internal/tlscert"
)

func TestBrowserManifestAndIcons(t *testing.T) {
	app := newTestApp(t)
	b := newTab(t, app.url(), 390, 844)
	b.open("/")

	// Chrome finds and parses the manifest the page links.
	ctx, cancel := context.WithTimeout(b.ctx, tabWait)
	defer cancel()
	res, err := chromedp.Call(ctx, page.GetAppManifest, page.GetAppManifestParams{})
	if err != nil {
		t.Fatalf("Page.getAppManifest: %v", err)
	}
	if res.URL != app.url()+"/manifest.webmanifest" {
		t.Errorf("manifest URL %q", res.URL)
	}
	for _, e := range res.Errors {
		if e.Critical != 0 {
			t.Errorf("manifest error: %s", e.Message)
		} else {
			t.Logf("manifest warning: %s", e.Message)
		}
	}
	if res.Manifest == nil || res.Manifest.StartURL != app.url()+"/app" || !strings.HasSuffix(strings.ToLower(res.Manifest.Display), "standalone") {
		t.Errorf("parsed manifest: %+v", res.Manifest)
	}
	inst, err := chromedp.Call(ctx, page.GetInstallabilityErrors, cdp.Empty{})
	if err != nil {
		t.Fatalf("Page.getInstallabilityErrors: %v", err)
	}
	for _, e := range inst.InstallabilityErrors {
		t.Errorf("Chrome says not installable: %s %v", e.ErrorID, e.ErrorArguments)
	}

	// Every icon loads as an image of its declared size, and is a PNG or the SVG.
	got := evalIn[string](b, `(async () => {
		const r = await fetch('/manifest.webmanifest');
		const m = await r.json();
		const out = [r.headers.get('Content-Type')];
		for (const ic of m.icons) {
			const res = await fetch(ic.src);
			const buf = new Uint8Array(await res.arrayBuffer());
			const png = buf[0] === 0x89 && buf[1] === 0x50 && buf[2] === 0x4e && buf[3] === 0x47;
			const img = new Image();
			img.src = ic.src;
			await img.decode();
			out.push(ic.src + " " + res.headers.get('Content-Type') + " " + (png ? "PNG" : "-") + " " + img.naturalWidth + "x" + img.naturalHeight + " " + ic.sizes + " " + ic.purpose);
		}
		return out.join("\n");
	})()`)
	lines := strings.Split(got, "\n")
	if lines[0] != "application/manifest+json" {
		t.Errorf("manifest Content-Type %q", lines[0])
	}
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		if len(f) != 6 {
			t.Errorf("icon line %q", l)
			continue
		}
		switch f[1] {
		case "image/png":
			if f[2] != "PNG" || f[3] != f[4] {
				t.Errorf("icon %s: %s, %s, manifest size %s", f[0], f[2], f[3], f[4])
			}
		case "image/svg+xml":
			if f[4] != "any" || f[3] == "0x0" {
				t.Errorf("svg icon: %q", l)
			}
		default:
			t.Errorf("icon %s has type %s", f[0], f[1])
		}
	}
	if len(lines) < 5 {
		t.Errorf("only %d icons: %q", len(lines)-1, got)
	}
	if got := evalIn[string](b, `document.querySelector('link[rel=apple-touch-icon]').href`); got != app.url()+"/apple-touch-icon.png" {
		t.Errorf("apple-touch-icon link %q", got)
	}
}

// TestBrowserAppStart: the installed app's start URL reopens the seat.
func TestBrowserAppStart(t *testing.T) {
	app := newTestApp(t)
	g := app.newGame(2, true)
	b := newTab(t, app.url(), 390, 844)
	b.open("/app")
	b.waitUntil("the home page", `location.pathname === "/" && !!document.querySelector('form[action="/games"]')`)
	b.setCookie("lantern_seat_"+g.code, g.seats[1], false)
	b.open("/app")
	b.waitUntil("the seat's own page", `location.pathname === "/g/`+g.code+`" && !!document.querySelector('#live article.board')`)
}

// wakeStub replaces navigator.wakeLock with one that records requests.
const wakeStub = `(() => {
	window.__wake = [];
	const lock = {
		request(type) {
			const s = new EventTarget();
			s.type = type; s.released = false;
			s.release = () => { s.released = true; s.dispatchEvent(new Event('release')); return Promise.resolve(); };
			window.__wake.push(s);
			return Promise.resolve(s);
		}
	};
	Object.defineProperty(Navigator.prototype, 'wakeLock', { configurable: true, get() { return lock; } });
})();`

const noteVisible = `(() => { const n = document.getElementById('wake-note'); return !!n && !n.hidden && n.getBoundingClientRect().height > 0; })()`

func TestBrowserWakeLock(t *testing.T) {
	app := newTestApp(t)
	g := app.newGame(2, true)

	t.Run("available", func(t *testing.T) {
		b := newTab(t, app.url(), 390, 844)
		b.beforeScripts(wakeStub)
		// A page without a live game asks for nothing.
		b.open("/haunts")
		// The load event comes after the page's deferred script has run.
		b.waitUntil("the haunt chart loaded", `document.readyState === "complete"`)
		if n := evalIn[int](b, `window.__wake.length`); n != 0 {
			t.Errorf("the haunt chart requested %d wake locks", n)
		}
		b.setCookie("lantern_seat_"+g.code, g.seats[0], false)
		b.open("/g/" + g.code)
		b.waitUntil("a screen wake lock", `window.__wake.length === 1 && window.__wake[0].type === "screen" && document.documentElement.dataset.wakeLock === "held"`)
		if evalIn[bool](b, noteVisible) {
			t.Errorf("the note shows although the lock is held")
		}
		// The system releases it (the page was hidden); on return it is taken again.
		evalIn[bool](b, `window.__wake[0].release(), true`)
		b.waitUntil("the release to be seen", `document.documentElement.dataset.wakeLock === "released"`)
		evalIn[bool](b, `document.dispatchEvent(new Event('visibilitychange')), true`)
		b.waitUntil("a second wake lock after visibilitychange", `window.__wake.length === 2 && document.documentElement.dataset.wakeLock === "held"`)
		// Held already: another visibilitychange asks for nothing more.
		// dispatchEvent returns once every listener has run, and a request
		// is recorded as it is made.
		evalIn[bool](b, `document.dispatchEvent(new Event('visibilitychange')), true`)
		if n := evalIn[int](b, `window.__wake.length`); n != 2 {
			t.Errorf("%d requests while a lock is held, want 2", n)
		}
	})

	t.Run("missing", func(t *testing.T) {
		b := newTab(t, app.url(), 390, 844)
		b.beforeScripts(`delete Navigator.prototype.wakeLock;`)
		b.setCookie("lantern_seat_"+g.code, g.seats[0], false)
		b.open("/g/" + g.code)
		b.waitUntil("the wake-lock note", noteVisible)
		// In a secure context (127.0.0.1) the reason shown is the browser's, not HTTP.
		reason := evalIn[string](b, `[...document.querySelectorAll('#wake-note [data-why]')].filter(p => !p.hidden).map(p => p.dataset.why).join()`)
		if reason != "refused" {
			t.Errorf("reason shown %q, want refused", reason)
		}
		text := evalIn[string](b, `document.getElementById('wake-note').innerText`)
		if !strings.Contains(text, "Auto-Lock") {
			t.Errorf("the note lacks the phone-setting advice: %q", text)
		}
		// Dismissed, it stays away, also after a reload.
		b.do("dismiss", chromedp.Click(chromedp.CSS(`#wake-note button[data-dismiss]`)))
		b.waitUntil("the note to hide", `!(`+noteVisible+`)`)
		b.do("reload", chromedp.Reload())
		b.waitUntil("the reloaded page", `document.documentElement.dataset.wakeLock === "refused"`)
		if evalIn[bool](b, noteVisible) {
			t.Errorf("the dismissed note came back after a reload")
		}
	})

	t.Run("refused", func(t *testing.T) {
		b := newTab(t, app.url(), 390, 844)
		b.beforeScripts(`(() => {
			window.__asked = 0;
			const lock = { request() { window.__asked++; return Promise.reject(new DOMException('denied', 'NotAllowedError')); } };
			Object.defineProperty(Navigator.prototype, 'wakeLock', { configurable: true, get() { return lock; } });
		})();`)
		b.setCookie("lantern_seat_"+g.code, g.seats[0], false)
		b.setCookie("lantern_lang", "zh", false)
		b.open("/g/" + g.code)
		// Refused once: it waits for a tap and asks again before giving up.
		b.waitUntil("the first refusal", `window.__asked === 1 && document.documentElement.dataset.wakeLock === "waiting"`)
		if evalIn[bool](b, noteVisible) {
			t.Errorf("the note shows before the retry")
		}
		b.do("tap", chromedp.Click(chromedp.CSS(`#live .status`)))
		b.waitUntil("the note after the second refusal", `window.__asked === 2 && `+noteVisible)
		if text := evalIn[string](b, `document.getElementById('wake-note').innerText`); !strings.Contains(text, "屏幕") {
			t.Errorf("the Chinese page's note is not in Chinese: %q", text)
		}
	})
}

// TestBrowserWakeLockOverPlainHTTP opens the game as a phone on the Wi-Fi
// does by default: plain HTTP to an address that is not this machine's
// loopback (here a name mapped to 127.0.0.1), which browsers don't treat as
// a secure context. The real browser has no Wake Lock there, and the note
// says why and what to do.
func TestBrowserWakeLockOverPlainHTTP(t *testing.T) {
	app := newTestApp(t)
	g := app.newGame(2, true)
	_, port, _ := strings.Cut(strings.TrimPrefix(app.url(), "http://"), ":")
	base := "http://lantern.test:" + port
	b := newTab(t, base, 390, 844, chromedp.Flag("host-resolver-rules", "MAP lantern.test 127.0.0.1"))
	b.setCookie("lantern_seat_"+g.code, g.seats[0], false)
	b.open("/g/" + g.code)
	b.waitUntil("the player page", `!!document.querySelector('#live article.board')`)
	if evalIn[bool](b, `window.isSecureContext || 'wakeLock' in navigator`) {
		t.Fatalf("plain HTTP to lantern.test counts as secure here; the test can't show the insecure case")
	}
	b.waitUntil("the wake-lock note", noteVisible)
	text := evalIn[string](b, `[...document.querySelectorAll('#wake-note p')].filter(p => !p.hidden).map(p => p.innerText).join("\n")`)
	for _, want := range []string{"HTTPS", "lantern -tls", "Auto-Lock"} {
		if !strings.Contains(text, want) {
			t.Errorf("the note lacks %q:\n%s", want, text)
		}
	}
}

// TestBrowserHTTPSWakeLock serves the real handler with the certificate
// internal/tlscert makes, goes through Chromium's one-time warning as a
// person would, and checks that the page is then a secure context where the
// browser's own Wake Lock (not a stub) is held, and that the join page
// explains the warning.
func TestBrowserHTTPSWakeLock(t *testing.T) {
	chromiumPath(t)
	app := newTestApp(t)
	g := app.newGame(2, true)
	lobby := app.newGame(1, false)
	dir := t.TempDir()
	certFile, keyFile := tlscert.Paths(filepath.Join(dir, "lantern.db"))
	cert, err := tlscert.Ensure(certFile, keyFile, tlscert.For(nil), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(app.h)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert.TLS}}
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the browser's refused first handshake
	srv.StartTLS()
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	b := newTab(t, srv.URL, 390, 844)
	b.setCookie("lantern_seat_"+g.code, g.seats[0], false)

	// The warning page: its load never completes as a page does, so the
	// navigation is only sent, and the page polled.
	ctx, cancel := context.WithTimeout(b.ctx, tabWait)
	_, err = chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: srv.URL + "/j/" + lobby.code + "?k=" + url.QueryEscape(lobby.key)})
	cancel()
	if err != nil {
		t.Fatalf("navigate: %v", err)
	}
	b.waitUntil("Chromium's certificate warning", `!!document.getElementById('proceed-link')`)
	evalIn[bool](b, `document.getElementById('details-button').click(), document.getElementById('proceed-link').click(), true`)
	b.waitUntil("the join page over HTTPS", `location.protocol === "https:" && !!document.querySelector('form.join')`)
	if note := evalIn[string](b, `(document.querySelector('.tls-note') || {innerText: ""}).innerText`); !strings.Contains(note, "certificate") {
		t.Errorf("the join page over HTTPS does not explain the warning: %q", note)
	}

	b.open("/g/" + g.code)
	b.waitUntil("the player page", `!!document.querySelector('#live article.board')`)
	if !evalIn[bool](b, `window.isSecureContext && 'wakeLock' in navigator`) {
		t.Fatalf("after the warning the page is not a secure context with Wake Lock")
	}
	b.waitUntil("the browser's own wake lock", `document.documentElement.dataset.wakeLock === "held"`)
	if evalIn[bool](b, noteVisible) {
		t.Errorf("the wake-lock note shows over HTTPS")
	}
	if evalIn[bool](b, `!!document.querySelector('.tls-note')`) {
		t.Errorf("the player page repeats the certificate note")
	}
}

// TestBrowserSeatMovedShowsWhy: when the seat moves to another phone, the
// old phone's page reloads by itself and shows the explanation, instead of
// reconnecting for ever.
func TestBrowserSeatMovedShowsWhy(t *testing.T) {
	app := newTestApp(t)
	g := app.newGame(2, true)
	b := newTab(t, app.url(), 390, 844)
	b.setCookie("lantern_seat_"+g.code, g.seats[0], false)
	b.open("/g/" + g.code)
	b.waitUntil("the live page", `!!document.querySelector('#live article.board')`)
	b.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
	started := app.post("/api/games/"+g.code+"/seats/1/transfer", g.host, nil)
	app.post("/api/games/"+g.code+"/transfer", "", map[string]any{"key": started["transfer_key"]})
	// Any change makes the old phone fetch its view: refused, it reloads.
	app.post("/api/games/"+g.code+"/actions", g.host, map[string]any{"type": "step_trait", "seat": 2, "trait": "might", "delta": 1})
	b.waitUntil("the explanation page", `!document.getElementById('live').dataset.events && !document.querySelector('#live article.board') && document.querySelector('main').innerText.trim() !== ""`)
	if evalIn[bool](b, `!document.getElementById('conn').hidden`) {
		t.Errorf("the explanation page still says it is reconnecting")
	}
}

// buzzStubs record vibrations and tones, and let the test add the server's
// data-buzz marks to every fetched live fragment (the contract with the
// player page: <span data-buzz="ID" data-buzz-kind="act|haunt" hidden>).
const buzzStubs = `(() => {
	window.__vibes = [];
	Navigator.prototype.vibrate = function (p) { window.__vibes.push(JSON.stringify(p)); return true; };
	window.__tones = [];
	class FakeParam { setValueAtTime(v) { this.v = v; } exponentialRampToValueAtTime(v) { this.to = v; } }
	class FakeAudio {
		constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
		resume() { return Promise.resolve(); }
		createGain() { return { gain: new FakeParam(), connect() {} }; }
		createOscillator() {
			const o = { frequency: new FakeParam(), connect() {}, start() { window.__tones.push(o.type + " " + o.frequency.v + "→" + (o.frequency.to || o.frequency.v)); }, stop() {} };
			return o;
		}
	}
	window.AudioContext = FakeAudio;
	window.__inject = "";
	// The marks reach the page in the stream's HTML (the buzz part) or, on
	// a catch-up, in a fetched live part.
	const RealES = window.EventSource;
	window.EventSource = function (url, opts) {
		const es = new RealES(url, opts);
		const add = es.addEventListener.bind(es);
		es.addEventListener = function (type, fn, o) {
			if (type !== "html") return add(type, fn, o);
			return add(type, function (e) {
				if (!window.__inject) return fn.call(this, e);
				const m = JSON.parse(e.data);
				if (typeof m.full === "string") m.full += window.__inject;
				else if (m.parts) m.parts = m.parts.filter(p => p[0] !== "buzz").concat([["buzz", window.__inject]]);
				fn.call(this, new MessageEvent("html", { data: JSON.stringify(m), lastEventId: e.lastEventId }));
			}, o);
		};
		return es;
	};
	window.EventSource.CLOSED = RealES.CLOSED;
	const realFetch = window.fetch;
	window.fetch = function (u, o) {
		return realFetch.apply(this, arguments).then(r => {
			// A fetched live part (not a post's answer, which holds no HTML).
			if (!window.__inject || !o || !o.headers || o.headers["X-Lantern"] !== "fetch" || o.method === "POST") return r;
			return r.text().then(t => new Response(t + window.__inject, { status: r.status, headers: r.headers }));
		});
	};
})();`

func TestBrowserHapticsAndSound(t *testing.T) {
	app := newTestApp(t)
	g := app.newGame(2, true)
	b := newTab(t, app.url(), 390, 844)
	b.beforeScripts(buzzStubs)
	b.setCookie("lantern_seat_"+g.code, g.seats[0], false)
	b.open("/g/" + g.code)
	b.waitUntil("the roller", `!!document.querySelector('#live form.roll-form button.primary')`)

	// The sound toggle: off by default, remembered per phone.
	if got := evalIn[string](b, `(() => { const s = document.getElementById('sound'); return s.hidden + " " + s.getAttribute('aria-pressed') + " " + s.getAttribute('aria-label'); })()`); got != "false false Sounds" {
		t.Errorf("sound toggle: %q, want visible, not pressed, labelled", got)
	}

	// Your own dice land: a short pattern; no tone while sounds are off.
	b.section("dice")
	b.do("roll", chromedp.Click(chromedp.CSS(`#live form.roll-form button.primary`)))
	b.waitUntil("the dice vibration", `window.__vibes.includes("[30,50,30]")`)
	if n := evalIn[int](b, `window.__tones.length`); n != 0 {
		t.Errorf("%d tones with sounds off", n)
	}

	// Someone acts on you: the server marks it; a new mark buzzes once.
	host := func(delta int) int {
		r := app.post("/api/games/"+g.code+"/actions", g.host,
			map[string]any{"type": "step_trait", "seat": 1, "trait": "might", "delta": delta})
		return jsonInt(r["version"])
	}
	evalIn[bool](b, `window.__vibes = [], window.__inject = '<span data-buzz="e1" data-buzz-kind="act" hidden></span>', true`)
	host(1)
	b.waitUntil("the act vibration", `window.__vibes.join() === "[60]"`)
	v := host(-1) // the same mark again: no new buzz
	// The page marks the version it shows after the swap has buzzed or not.
	b.waitUntil("the next refresh", fmt.Sprintf(`document.getElementById('live').dataset.version === "%d" && document.querySelectorAll('#live [data-buzz]').length === 1`, v))
	if got := evalIn[string](b, `window.__vibes.join(" ")`); got != "[60]" {
		t.Errorf("vibrations after a seen mark: %q, want only [60]", got)
	}

	// Sounds on: the haunt buzzes its own pattern with a low falling tone.
	b.do("sound on", chromedp.Click(chromedp.CSS(`#sound`)))
	if got := evalIn[string](b, `document.getElementById('sound').getAttribute('aria-pressed') + " " + localStorage.getItem('lantern_sound')`); got != "true on" {
		t.Errorf("after the toggle: %q", got)
	}
	evalIn[bool](b, `window.__vibes = [], window.__tones = [], window.__inject = '<span data-buzz="e1" data-buzz-kind="act" hidden></span><span data-buzz="h1" data-buzz-kind="haunt" hidden></span>', true`)
	host(1)
	b.waitUntil("the haunt vibration", `window.__vibes.join(" ") === "[200,100,200,100,400]"`)
	tones := evalIn[string](b, `window.__tones.join(", ")`)
	if !strings.Contains(tones, "triangle 220→55") {
		t.Errorf("haunt tones %q, want a low descending one", tones)
	}

	// A reload in the same tab remembers what it has seen: no buzz again.
	b.do("reload", chromedp.Reload())
	b.waitUntil("the reloaded page", `!!document.querySelector('#live form.roll-form')`)
	// The stream opens after the script has looked at the page's marks.
	b.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
	if got := evalIn[string](b, `window.__vibes.join(" ")`); got != "" {
		t.Errorf("vibrations after a reload: %q", got)
	}
	if got := evalIn[string](b, `sessionStorage.getItem("lantern_buzz:/g/`+g.code+`")`); !strings.Contains(got, `"h1"`) {
		t.Errorf("seen marks %q", got)
	}
}

// TestBrowserHauntBuzz uses the server's own marks: the other phone buzzes
// the haunt's pattern when the haunt begins, once; a page opened after it
// began stays still.
func TestBrowserHauntBuzz(t *testing.T) {
	app := newTestApp(t)
	g := app.newGame(2, true)
	b := newTab(t, app.url(), 390, 844)
	b.beforeScripts(buzzStubs)
	b.setCookie("lantern_seat_"+g.code, g.seats[1], false)
	b.open("/g/" + g.code)
	b.waitUntil("the live page", `!!document.getElementById('live').dataset.events && !!document.querySelector('#live article.board')`)
	b.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
	act := func(body map[string]any) int {
		r := app.post("/api/games/"+g.code+"/actions", g.seats[0], body)
		return jsonInt(r["version"])
	}
	act(map[string]any{"type": "draw_omen", "omen": "bite", "room": "abandoned-room"})
	v := act(map[string]any{"type": "haunt_roll", "total": 0})
	b.waitUntil("the haunt's vibration", `window.__vibes.includes("[200,100,200,100,400]")`)
	b.waitUntil("the reveal", `!!document.querySelector('#live .reveal')`)
	// The page shows the last version: everything that came is handled.
	b.waitUntil("the last version shown", fmt.Sprintf(`document.getElementById('live').dataset.version === "%d"`, v))
	if got := evalIn[string](b, `window.__vibes.join(" ")`); got != "[200,100,200,100,400]" {
		t.Errorf("vibrations: %q, want the haunt's once", got)
	}

	// A fresh tab (another browser) opening the page after the haunt began: no buzz.
	late := newTab(t, app.url(), 390, 844)
	late.beforeScripts(buzzStubs)
	late.setCookie("lantern_seat_"+g.code, g.seats[1], false)
	late.open("/g/" + g.code)
	late.waitUntil("the page with the haunt's mark", `document.querySelectorAll('#live [data-buzz][data-buzz-kind=haunt]').length === 1`)
	// The stream opens after the script has looked at the page's marks.
	late.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
	if got := evalIn[string](late, `window.__vibes.join(" ")`); got != "" {
		t.Errorf("a page opened after the haunt began buzzed: %q", got)
	}
}

// axeSource installs axe-core with npm into a temporary folder, once for
// the test that needs it, and returns the script.
func axeSource(t *testing.T) string {
	t.Helper()
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm not installed; the accessibility audit needs axe-core from npm")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, npm, "install", "--prefix", dir, "--no-audit", "--no-fund", "--silent", "axe-core@4")
	cmd.Env = append(os.Environ(), "npm_config_update_notifier=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("npm install axe-core failed (offline?): %v\n%s", err, out)
	}
	src, err := os.ReadFile(filepath.Join(dir, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Skipf("axe-core not where npm should have put it: %v", err)
	}
	return string(src)
}

// axeResult is the part of a violation a failure message needs.
type axeResult struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
	Summary string   `json:"summary"`
}

func TestBrowserAccessibility(t *testing.T) {
	app := newTestApp(t)
	chromiumPath(t)
	axe := axeSource(t)
	g := app.newGame(2, true)
	lobby := app.newGame(1, false) // its join page still takes explorers
	// A game in the haunt: seat 1 draws an omen and rolls 0 on the haunt roll.
	haunted := app.newGame(2, true)
	app.post("/api/games/"+haunted.code+"/actions", haunted.seats[0], map[string]any{"type": "draw_omen", "omen": "bite", "room": "abandoned-room"})
	app.post("/api/games/"+haunted.code+"/actions", haunted.seats[0], map[string]any{"type": "haunt_roll", "total": 0})

	pages := []struct{ name, path, cookie string }{
		{"home", "/", ""},
		{"join", "/j/" + lobby.code + "?k=" + url.QueryEscape(lobby.key), ""},
		{"player", "/g/" + g.code, "lantern_seat_" + g.code + "=" + g.seats[0]},
		{"table", "/g/" + g.code + "/table", "lantern_host_" + g.code + "=" + g.host},
		{"player in the haunt (revealer)", "/g/" + haunted.code, "lantern_seat_" + haunted.code + "=" + haunted.seats[0]},
		{"player in the haunt (other)", "/g/" + haunted.code, "lantern_seat_" + haunted.code + "=" + haunted.seats[1]},
		{"table in the haunt", "/g/" + haunted.code + "/table", "lantern_host_" + haunted.code + "=" + haunted.host},
		{"haunt chart", "/haunts", ""},
		{"card", "/cards/angel-feather", ""},
		{"search", "/search?q=dog", ""},
	}
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) {
			b := newTab(t, app.url(), 390, 844)
			b.setCookie("lantern_lang", lang, false)
			for _, p := range pages {
				if p.cookie != "" {
					name, value, _ := strings.Cut(p.cookie, "=")
					b.setCookie(name, value, false)
				}
				b.open(p.path)
				b.waitUntil(p.name+" page", `document.readyState === "complete" && document.documentElement.lang === `+map[string]string{"en": `"en"`, "zh": `"zh-Hans"`}[lang])
				if strings.Contains(p.name, "in the haunt") && !evalIn[bool](b, `!!document.querySelector('#live .reveal')`) {
					t.Errorf("%s: the haunt has not begun", p.name)
				}
				if evalIn[bool](b, `!!document.querySelector('main .error, main.message, section.message')`) {
					t.Errorf("%s: the page is an error page: %s", p.name, evalIn[string](b, `document.querySelector('main').innerText`))
				}
				// The notes the script reveals are audited too.
				evalIn[bool](b, `(() => { const n = document.getElementById('wake-note'); if (n) { n.hidden = false; n.querySelectorAll('[data-why]').forEach(p => p.hidden = false); } return true; })()`)
				evalIn[bool](b, axe+"\n;true")
				raw := evalIn[string](b, `axe.run(document).then(r => JSON.stringify({
					passed: r.passes.map(p => p.id),
					violations: r.violations.map(v => ({
						id: v.id, impact: v.impact, help: v.help,
						targets: v.nodes.slice(0, 5).map(n => n.target.join(" ")),
						summary: (v.nodes[0] && v.nodes[0].failureSummary || "").slice(0, 300),
					})),
				}))`)
				var found struct {
					Passed     []string    `json:"passed"`
					Violations []axeResult `json:"violations"`
				}
				if err := json.Unmarshal([]byte(raw), &found); err != nil {
					t.Fatalf("%s: axe result %.300q: %v", p.name, raw, err)
				}
				// The audit really ran: labels and contrast were checked.
				for _, rule := range []string{"color-contrast", "html-has-lang"} {
					if !slices.Contains(found.Passed, rule) && !slices.ContainsFunc(found.Violations, func(v axeResult) bool { return v.ID == rule }) {
						t.Errorf("%s (%s): axe did not check %s", p.name, lang, rule)
					}
				}
				for _, v := range found.Violations {
					if v.Impact == "serious" || v.Impact == "critical" {
						t.Errorf("%s (%s): %s %s: %s at %v\n%s", p.name, lang, v.Impact, v.ID, v.Help, v.Targets, v.Summary)
					} else {
						t.Logf("%s (%s): %s %s: %s at %v", p.name, lang, v.Impact, v.ID, v.Help, v.Targets)
					}
				}
			}
		})
	}
}

// TestBrowserTextAt200 sets the text to 200% on a 390 px phone: no page
// may need sideways scrolling, and every control stays on screen.
func TestBrowserTextAt200(t *testing.T) {
	app := newTestApp(t)
	g := app.newGame(2, true)
	lobby := app.newGame(1, false)
	haunted := app.newGame(2, true)
	app.post("/api/games/"+haunted.code+"/actions", haunted.seats[0], map[string]any{"type": "draw_omen", "omen": "bite", "room": "abandoned-room"})
	app.post("/api/games/"+haunted.code+"/actions", haunted.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	b := newTab(t, app.url(), 390, 844)
	// 200% of the default text size, as a phone's accessibility setting does.
	b.beforeScripts(`document.addEventListener('DOMContentLoaded', () => {
		document.documentElement.style.fontSize = '200%';
		setTimeout(() => dispatchEvent(new Event('resize')), 0); // as if it had been so from the start
	});`)
	for _, lang := range []string{"en", "zh"} {
		b.setCookie("lantern_lang", lang, false)
		b.setCookie("lantern_seat_"+g.code, g.seats[0], false)
		b.setCookie("lantern_host_"+g.code, g.host, false)
		b.setCookie("lantern_seat_"+haunted.code, haunted.seats[0], false)
		for _, path := range []string{"/", "/j/" + lobby.code + "?k=" + url.QueryEscape(lobby.key), "/g/" + g.code, "/g/" + g.code + "/table",
			"/g/" + haunted.code, "/haunts", "/cards/angel-feather", "/search?q=dog"} {
			b.open(path)
			b.waitUntil("the page at 200%", `document.readyState === "complete" && getComputedStyle(document.body).fontSize === "32px"`)
			over := evalIn[string](b, `(() => {
				const w = document.documentElement.clientWidth, out = [];
				if (document.documentElement.scrollWidth > w + 1) out.push("page scrolls sideways: " + document.documentElement.scrollWidth + " > " + w);
				for (const el of document.querySelectorAll('button, a[href], input:not([type=hidden]), select, summary')) {
					if (el.closest('[hidden], .chart-wrap, .qresults') || !el.getClientRects().length) continue;
					const r = el.getBoundingClientRect();
					if (r.right > w + 1 || r.left < -1) out.push((el.id || el.name || el.textContent.trim().slice(0, 30) || el.tagName) + " at " + Math.round(r.left) + ".." + Math.round(r.right));
				}
				if (out.length) {
					const wide = [...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > w + 1 && !e.closest(".chart-wrap"));
					out.push("too wide: " + wide.slice(0, 8).map(e => e.tagName + (e.className ? "." + e.className : "")).join(" "));
				}
				return out.slice(0, 10).join("; ");
			})()`)
			if over != "" {
				t.Errorf("%s (%s) at 200%% text: %s", path, lang, over)
			}
			// A header that grew with the text must not stay stuck over a quarter of the screen.
			b.waitUntil("the header to fit", `(() => { const h = document.querySelector('header.bar'); return getComputedStyle(h).position !== 'sticky' || h.offsetHeight <= innerHeight / 4; })()`)
		}
	}
}
