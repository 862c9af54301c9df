package web_test

// WebKit tests: the core flows of a phone in WebKitGTK's MiniBrowser (the
// engine of every iPhone browser) at 390×844, driven over WebDriver
// (webdriver_test.go) against the real app from the shared harness. They
// check what a person sees in the page, never how the page got it, and skip
// when WebKitWebDriver or Xvfb is not installed.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// wkTab is a phone: one WebKit browser on the app at base.
type wkTab struct {
	t    *testing.T
	name string
	base string
	s    *wdSession
	errs []string
}

// newWebKitPhone starts a WebKit browser whose page is phone size.
func newWebKitPhone(t *testing.T, base, name string) *wkTab {
	t.Helper()
	d := &wkTab{t: t, name: name, base: base, s: newWebKit(t)}
	size := phoneSize()
	// The window holds the browser's toolbar too: size it so that the page
	// itself is a phone's.
	if _, _, err := d.s.setWindowRect(size[0], size[1]); err != nil {
		t.Fatalf("%s: set window rect: %v", name, err)
	}
	// The page learns its new size a moment after the window.
	var inner [2]int
	pageSize := func(done func() bool) {
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if err := d.s.execute(`return [innerWidth, innerHeight]`, &inner); err != nil {
				t.Fatalf("%s: page size: %v", name, err)
			}
			if done() || time.Now().After(deadline) {
				return
			}
		}
	}
	pageSize(func() bool { return inner[0] == size[0] })
	if inner != size {
		w, h := size[0]+size[0]-inner[0], size[1]+size[1]-inner[1]
		if _, _, err := d.s.setWindowRect(w, h); err != nil {
			t.Fatalf("%s: set window rect: %v", name, err)
		}
		pageSize(func() bool { return inner == size })
	}
	if inner != size {
		t.Logf("%s: the page is %d×%d, not %d×%d", name, inner[0], inner[1], size[0], size[1])
	}
	return d
}

// wkWatch is prefixed to every probe: it records the page's uncaught
// errors (from the first probe of each page on).
const wkWatch = `if (!window.__wkErrors) {
	window.__wkErrors = [];
	addEventListener("error", e => window.__wkErrors.push(e.message + " at " + e.filename + ":" + e.lineno));
	addEventListener("unhandledrejection", e => window.__wkErrors.push("unhandled rejection: " + e.reason));
}
`

// eval evaluates a JavaScript expression in the page; promises are awaited.
func wkEval[T any](d *wkTab, expr string) (T, error) {
	var v T
	err := d.s.execute(wkWatch+"return ("+expr+");", &v)
	return v, err
}

func wkIn[T any](d *wkTab, expr string) T {
	d.t.Helper()
	v, err := wkEval[T](d, expr)
	if err != nil {
		d.fatalf("evaluate %.200s: %v", expr, err)
	}
	return v
}

// harvest keeps the page's uncaught errors before the page goes away.
func (d *wkTab) harvest() {
	var errs []string
	if err := d.s.execute(`return window.__wkErrors ? window.__wkErrors.splice(0) : [];`, &errs); err == nil {
		d.errs = append(d.errs, errs...)
	}
}

// checkNoExceptions fails the test if a page threw an uncaught exception.
func (d *wkTab) checkNoExceptions() {
	d.t.Helper()
	d.harvest()
	for _, e := range d.errs {
		d.t.Errorf("%s: uncaught JavaScript exception: %s", d.name, e)
	}
	d.errs = nil
}

func (d *wkTab) open(path string) {
	d.t.Helper()
	d.harvest()
	if err := d.s.navigate(d.base + path); err != nil {
		d.fatalf("navigate to %s: %v", path, err)
	}
}

// waitUntil evaluates a boolean expression until it holds. Errors while a
// page loads count as "not yet".
func (d *wkTab) waitUntil(what, expr string) {
	d.t.Helper()
	pollPage(d.t, d.fatalf, what, func() (bool, error) { return wkEval[bool](d, expr) }, func(ok bool) bool { return ok })
}

// waitText evaluates a string expression until it equals want.
func (d *wkTab) waitText(what, expr, want string) {
	d.t.Helper()
	pollPage(d.t, d.fatalf, what+" to read "+jsString(want), func() (string, error) { return wkEval[string](d, expr) },
		func(got string) bool { return got == want })
}

// settle waits until the page has settled as tab.settle does (settledJS),
// so a tap lands on the page as it now is.
func (d *wkTab) settle() {
	d.t.Helper()
	d.waitUntil("the page to settle", settledJS)
}

// tap clicks an element as a person would, once the page has settled: it
// is scrolled to the middle of the screen (clear of the sticky header and
// the now bar, which the driver's own scrolling may leave over it) and the
// driver clicks its middle.
func (d *wkTab) tap(sel string) {
	d.t.Helper()
	d.settle()
	d.harvest()
	el, err := d.s.find(sel)
	if err == nil {
		err = d.s.execute(`arguments[0].scrollIntoView({block: "center", inline: "center"});`, nil, map[string]string{wdElementKey: el})
	}
	if err == nil {
		err = d.s.click(el)
	}
	if err != nil {
		var top string
		d.s.execute(`const el = document.querySelector(arguments[0]); if (!el) return "no element";
			const r = el.getBoundingClientRect(), at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			return "at " + JSON.stringify([r.left, r.top, r.width, r.height, scrollY]) + " the top element is " + (at ? at.outerHTML.slice(0, 200) : "none");`, &top, sel)
		d.fatalf("tap %s: %v (%s)", sel, err, top)
	}
}

// typeInto clears a field and types text into it.
func (d *wkTab) typeInto(sel, text string) {
	d.t.Helper()
	d.settle()
	el, err := d.s.find(sel)
	if err == nil {
		err = d.s.clear(el)
	}
	if err == nil {
		err = d.s.sendKeys(el, text)
	}
	if err != nil {
		d.fatalf("type into %s: %v", sel, err)
	}
}

// markPage leaves a mark in the page's JavaScript globals; a reload wipes it.
func (d *wkTab) markPage() {
	d.t.Helper()
	wkIn[bool](d, `(window.__lanternMark = true)`)
}

// checkStillMarked fails the test if the page reloaded since markPage.
func (d *wkTab) checkStillMarked(what string) {
	d.t.Helper()
	if !wkIn[bool](d, `window.__lanternMark === true`) {
		d.t.Errorf("%s: the page reloaded to show %s; want a live update", d.name, what)
	}
}

// screenshot saves a PNG of the page; pixels are never asserted.
func (d *wkTab) screenshot(dir, label string) {
	d.t.Helper()
	png, err := d.s.screenshot()
	if err != nil {
		d.t.Errorf("%s: screenshot: %v", d.name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, label+".png"), png, 0o644); err != nil {
		d.t.Errorf("%s: save screenshot: %v", d.name, err)
	}
}

// fatalf stops the test, saving the page text (and with LANTERN_SCREENSHOTS
// a screenshot) first so a failure can be understood.
func (d *wkTab) fatalf(format string, args ...any) {
	d.t.Helper()
	msg := fmt.Sprintf(format, args...)
	var text string
	if err := d.s.execute(`return location.href + "\n" + (document.body ? document.body.innerText.slice(0, 4000) : "");`, &text); err == nil {
		msg += "\n--- " + d.name + " page ---\n" + text
	}
	if dir := os.Getenv("LANTERN_SCREENSHOTS"); dir != "" {
		if png, err := d.s.screenshot(); err == nil {
			os.WriteFile(filepath.Join(dir, "failed-webkit-"+d.name+".png"), png, 0o644)
		}
	}
	d.t.Fatalf("%s: %s", d.name, msg)
}

// wkStep runs one flow as a subtest and stops the whole test when it fails:
// the flows follow one game on one phone.
func wkStep(t *testing.T, name string, f func(t *testing.T)) {
	t.Helper()
	start := time.Now()
	if !t.Run(name, f) {
		t.FailNow()
	}
	t.Logf("%s: %v", name, time.Since(start).Round(time.Millisecond))
}

// TestWebKitPhone follows one iPhone-like phone through a game in WebKit:
// it joins on the join page, plays a turn (a trait's − and +, a dice roll),
// sees another phone's change live, gets the haunt's reveal with its own
// hidden-traitor token, and switches English ↔ 简体中文.
func TestWebKitPhone(t *testing.T) {
	app := newTestApp(t)
	base := app.url()
	phone := newWebKitPhone(t, base, "iphone")
	shots := shotDir(t)

	// The game: made on the API, Alice's seat left to the phone.
	c := app.json(http.MethodPost, "/api/games", "", "", http.StatusCreated)
	g := testGame{code: c["code"].(string), key: c["join_key"].(string), host: c["host_token"].(string)}

	wkStep(t, "join", func(t *testing.T) {
		phone.t = t
		phone.open("/j/" + g.code + "?k=" + g.key)
		phone.waitUntil("the join form", jsHas(`form.join input[name=name]`))
		phone.typeInto(`form.join input[name=name]`, "Alice")
		phone.tap(`form.join input[name=lang][value=en]`)
		phone.tap(`form.join input[name=explorer][value=zoe-ingstrom]`)
		if !wkIn[bool](phone, `document.querySelector('form.join input[name=explorer][value=zoe-ingstrom]').checked`) {
			phone.fatalf("tapping Zoe Ingstrom did not pick her")
		}
		phone.tap(`form.join button.primary`)
		phone.waitText("own board after joining", `location.pathname === "/g/`+g.code+`" ? `+jsOwnName+` : ""`, "Alice")
		phone.waitUntil("the phone's script", `document.documentElement.classList.contains('js')`)
		if c := wkIn[string](phone, `document.cookie`); strings.Contains(c, "lantern_seat_") {
			t.Errorf("the seat cookie is readable by script: %q", c)
		}
		if me := wkMe(phone, g.code); me.Seat != 1 {
			t.Fatalf("the phone joined as seat %d, want 1", me.Seat)
		}
		phone.screenshot(shots, "webkit-joined")
	})

	// Two more phones join (on the API) and the host starts the game: the
	// WebKit phone sees them and its controls come without a reload.
	wkStep(t, "start live", func(t *testing.T) {
		phone.t = t
		phone.waitUntil("the live stream", `!!document.getElementById('live').dataset.events`)
		phone.markPage()
		for i, s := range [][2]string{{"Bob", "ox-bellows"}, {"Carol", "vivian-lopez"}} {
			j := app.json(http.MethodPost, g.api("/seats"), jsonBody(map[string]string{
				"name": s[0], "explorer": s[1], "key": g.key, "lang": "en"}), "", http.StatusCreated)
			if jsonInt(j["seat"]) != i+2 {
				t.Fatalf("join %s: seat %v", s[0], j["seat"])
			}
			g.seats = append(g.seats, j["token"].(string))
		}
		app.act(g, g.host, map[string]any{"type": "start_game", "first_seat": 1})
		phone.waitUntil("own controls after the start", jsHas(`#live > article.board [data-trait=sanity] button[value="-1"]`))
		for _, name := range []string{"Bob", "Carol"} {
			phone.waitUntil(name+"'s board", `!`+jsBoardText(name)+`.startsWith("no ")`)
		}
		phone.checkStillMarked("the start")
	})

	wkStep(t, "turn", func(t *testing.T) {
		phone.t = t
		phone.markPage()
		// Sanity − then +: the page shows each new value, as the server has it.
		for _, step := range []string{"-1", "1"} {
			before := wkIn[string](phone, jsTrait("Alice", "sanity"))
			v := app.publicState(g).Version
			phone.tap(`#live > article.board [data-trait=sanity] button[value="` + step + `"]`)
			want, _ := traitOf(t, app.stateAfter(g, v), "Alice", "sanity")
			if want == before {
				t.Fatalf("sanity %s: the server still has %s", step, want)
			}
			phone.waitText("Alice's sanity after "+step, jsTrait("Alice", "sanity"), want)
		}

		// A roll of three dice in the Dice section.
		phone.tap(`#live .tabs a[data-tab=dice]`)
		phone.waitUntil("the dice section", `document.body.dataset.tab === "dice" && getComputedStyle(document.getElementById('s-dice')).display !== 'none'`)
		phone.typeInto(`#live .roll-form input[name=dice]`, "3")
		phone.tap(`#live form.roll-form button.primary`)
		phone.waitUntil("the roll", jsHas(`#live .roller .last-roll .total`))
		total := wkIn[string](phone, jsText(`#live .roller .last-roll .total`))
		if !regexp.MustCompile(`^= [0-6]$`).MatchString(total) {
			t.Errorf("the roll of 3 dice shows %q; want = 0…6", total)
		}
		log := app.json(http.MethodGet, g.api("/log"), "", g.host, http.StatusOK)
		if b, _ := json.Marshal(log); !strings.Contains(string(b), "roll") {
			t.Errorf("the server's log holds no roll: %s", b)
		}
		phone.screenshot(shots, "webkit-roll")

		// The turn ends with the now bar's button; Bob is next.
		phone.tap(`#live .tabs a[data-tab=board]`)
		phone.tap(`#now form.now-end_turn button`)
		phone.waitUntil("Bob's turn in the now bar", `(document.querySelector('#now .now-text') || {textContent: ""}).textContent.includes("Bob")`)
		phone.checkStillMarked("the turn")
	})

	// Bob's phone changes his Might: the WebKit phone shows it live.
	wkStep(t, "live update", func(t *testing.T) {
		phone.t = t
		phone.markPage()
		before := wkIn[string](phone, jsBoardText("Bob"))
		trait, value := wkStepShown(app, g, g.seats[0], "Bob")
		phone.waitUntil("Bob's new "+trait+" ("+value+")", jsBoardText("Bob")+` !== `+jsString(before))
		if got := wkIn[string](phone, jsBoardText("Bob")); !strings.Contains(got, value) {
			t.Errorf("Bob's line reads %q after his %s went to %s", got, trait, value)
		}
		phone.checkStillMarked("Bob's change")
	})

	// A hidden-traitor haunt: the reveal opens by itself as a sheet, with
	// this phone's own token and nobody else's.
	wkStep(t, "haunt reveal", func(t *testing.T) {
		phone.t = t
		phone.markPage()
		omen, room, number := hiddenTraitorCell(t)
		app.act(g, g.host, map[string]any{"type": "draw_omen", "seat": 2, "omen": omen, "room": room})
		app.act(g, g.host, map[string]any{"type": "haunt_roll", "seat": 2, "total": 0})
		phone.waitUntil("the reveal sheet", `!!document.querySelector('#sheet-haunt.open .reveal')`)
		phone.checkStillMarked("the haunt")
		if got := wkIn[string](phone, jsText(`#sheet-haunt .reveal h2`)); !strings.HasPrefix(got, fmt.Sprintf("Haunt %d:", number)) {
			t.Errorf("reveal title %q, want haunt %d", got, number)
		}
		me := wkMe(phone, g.code)
		if me.Token < 1 || me.Token > 3 {
			t.Fatalf("the phone's /me after a hidden-traitor reveal: token %d, want 1…3", me.Token)
		}
		sheet := wkIn[string](phone, `document.querySelector('#sheet-haunt').innerText`)
		if !strings.Contains(sheet, fmt.Sprintf("Your token is #%d:", me.Token)) || strings.Count(sheet, "Your token is #") != 1 {
			t.Errorf("the reveal sheet should tell exactly this phone's token #%d:\n%s", me.Token, sheet)
		}
		phone.screenshot(shots, "webkit-reveal")

		// One tap closes it; the haunt chip opens it again.
		phone.tap(`#sheet-haunt.open [data-close]`)
		phone.waitUntil("the sheet to close", `!document.querySelector('#sheet-haunt.open')`)
		phone.tap(`#live .haunt-chip`)
		phone.waitUntil("the sheet again", `!!document.querySelector('#sheet-haunt.open')`)
		phone.tap(`#sheet-haunt.open [data-close]`)
		phone.waitUntil("the sheet to close", `!document.querySelector('#sheet-haunt.open')`)
	})

	// The header's switch: to 简体中文 and back, on the same page; the page
	// in Chinese still gets live updates.
	wkStep(t, "language", func(t *testing.T) {
		phone.t = t
		phone.tap(`header.bar a.lang`)
		phone.waitUntil("the page in Chinese", `document.documentElement.lang === "zh-Hans" && location.pathname === "/g/`+g.code+`" && !!document.querySelector('#live > article.board')`)
		phone.waitText("the switch back", jsText(`header.bar a.lang`), "English")
		phone.waitUntil("the phone's script", `document.documentElement.classList.contains('js')`)
		phone.waitText("speed in Chinese", `(document.querySelector('#live > article.board [data-trait=speed] .trait-name') || {textContent: ""}).textContent.trim()`, "速度")
		if got := wkIn[string](phone, jsText(`#sheet-haunt .reveal h2`)); !strings.HasPrefix(got, "作祟 ") {
			t.Errorf("the reveal in Chinese is titled %q", got)
		}
		phone.waitUntil("the live stream", `!!document.getElementById('live').dataset.events`)
		phone.markPage()
		before := wkIn[string](phone, jsBoardText("Carol"))
		wkStepShown(app, g, g.seats[1], "Carol")
		phone.waitUntil("Carol's change in Chinese", jsBoardText("Carol")+` !== `+jsString(before))
		phone.checkStillMarked("Carol's change")
		phone.screenshot(shots, "webkit-zh")

		phone.tap(`header.bar a.lang`)
		phone.waitUntil("the page in English", `document.documentElement.lang === "en" && location.pathname === "/g/`+g.code+`" && !!document.querySelector('#live > article.board')`)
		phone.waitText("the switch to Chinese", jsText(`header.bar a.lang`), "中文")
		phone.waitText("speed in English", `(document.querySelector('#live > article.board [data-trait=speed] .trait-name') || {textContent: ""}).textContent.trim()`, "Speed")
	})
	phone.t = t
	phone.checkNoExceptions()
}

// seatRef is what /api/games/CODE/me tells a phone of itself.
type seatRef struct {
	Seat  int `json:"seat"`
	Token int `json:"token"`
}

// wkMe asks the server, from the phone's page, who the phone is.
func wkMe(d *wkTab, code string) seatRef {
	d.t.Helper()
	raw := wkIn[string](d, `fetch('/api/games/`+code+`/me', {credentials: 'same-origin'}).then(r => r.text())`)
	var me struct {
		Me seatRef `json:"me"`
	}
	if err := json.Unmarshal([]byte(raw), &me); err != nil {
		d.fatalf("/me: %v: %s", err, raw)
	}
	return me.Me
}

// jsBoardText is an expression: the text of what the page shows of another
// player (a one-line board or a full one), whitespace squeezed.
func jsBoardText(player string) string {
	return fmt.Sprintf(`(() => {
		const name = %s;
		const all = [...document.querySelectorAll('#live .plines a.pline, #live .others .board')];
		const el = all.find(e => e.textContent.includes(name));
		return el ? el.textContent.replace(/\s+/g, " ").trim() : "no " + name;
	})()`, jsString(player))
}

// wkStepShown steps one of a player's traits (with the player's token) so
// that the value shown changes (tracks repeat values, so a step may not):
// it returns the trait and its new value.
func wkStepShown(app *testApp, g testGame, token, player string) (trait, value string) {
	app.t.Helper()
	for _, trait := range []string{"might", "speed", "sanity", "knowledge"} {
		for _, delta := range []int{1, -1} {
			before, _ := traitOf(app.t, app.publicState(g), player, trait)
			app.act(g, token, map[string]any{"type": "step_trait", "trait": trait, "delta": delta})
			after, _ := traitOf(app.t, app.publicState(g), player, trait)
			b, _, _ := strings.Cut(before, "@")
			a, _, _ := strings.Cut(after, "@")
			if a != b {
				return trait, a
			}
		}
	}
	app.t.Fatalf("no step of %s's traits changes a value shown", player)
	return "", ""
}
