package web_test

// A whole game night as one browser test (issue 41, item 5): a table view
// and four phones at 390×844 play a game from the QR code's link to the
// winner, then Play again with three phones in 简体中文 (a hidden-traitor
// haunt), Export this game, Import a game on another Lantern, Move the
// table to another screen, and /nights. Everything is done through the
// pages, with taps on the now bar, the sheets and the forms; dice are the
// real dice a player types into the page's own "Real total" fields, so the
// night is the same on every run. The only JSON the test reads is checks:
// the game's state and each phone's /me, fetched from the pages themselves.
//
// At each step every screen is looked at as a player would: no page wider
// than its screen, the now bar holding the step owed, no English word on a
// Chinese page, and a screenshot (LANTERN_SCREENSHOTS keeps them).
// TestNight runs in Chromium; TestNightWebKit plays its first game in
// WebKit, the engine of every iPhone browser.

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	qrcode "github.com/skip2/go-qrcode"

	"lantern/internal/catalog"
	"lantern/internal/i18n"
	"lantern/internal/seatview"
)

// nightScreen is one browser page of the night, Chromium's or WebKit's:
// what a test needs to drive it as a person would.
type nightScreen interface {
	// open goes to an address, as a QR code scanned or a link typed.
	open(u string)
	// tap taps an element once the page has settled, scrolled clear of
	// the sticky header and the now bar.
	tap(sel string)
	// tapConfirm taps a button whose form asks first, and answers OK.
	tapConfirm(sel string)
	typeInto(sel, text string)
	// pick picks an option of a select.
	pick(sel, value string)
	waitUntil(what, expr string)
	waitText(what, expr, want string)
	// eval evaluates an expression (a promise is awaited) into out.
	eval(expr string, out any)
	shot(dir, label string)
	checkNoExceptions()
	fatalf(format string, args ...any)
}

// ---- Chromium --------------------------------------------------------------

type cdpScreen struct {
	d *tab
	// confirms counts the confirmations the page asked for; each is
	// answered OK, as the person tapping would.
	confirms atomic.Int64
}

func newCdpScreen(d *tab) *cdpScreen {
	c := &cdpScreen{d: d}
	dialogs := chromedp.Events(d.ctx, page.JavascriptDialogOpening)
	go func() {
		for _, err := range dialogs {
			if err != nil {
				return
			}
			c.confirms.Add(1)
			// The dialog blocks the tap that opened it: answer from here.
			chromedp.Call(d.ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
		}
	}()
	return c
}

func (c *cdpScreen) open(u string) { c.d.t.Helper(); c.d.navigate(u) }

func (c *cdpScreen) tap(sel string) {
	c.d.t.Helper()
	c.d.waitUntil(sel, jsHas(sel))
	c.d.settle()
	evalIn[bool](c.d, jsCenter(sel))
	c.d.tap(sel)
}

func (c *cdpScreen) tapConfirm(sel string) {
	c.d.t.Helper()
	before := c.confirms.Load()
	c.tap(sel)
	pollPage(c.d.t, c.d.fatalf, "the confirmation of "+sel, func() (bool, error) { return c.confirms.Load() > before, nil },
		func(ok bool) bool { return ok })
}

func (c *cdpScreen) typeInto(sel, text string) { c.d.t.Helper(); c.d.typeInto(sel, text) }

func (c *cdpScreen) pick(sel, value string) {
	c.d.t.Helper()
	c.d.waitUntil(sel, jsHas(sel))
	c.d.pick(sel, value)
}

func (c *cdpScreen) waitUntil(what, expr string) { c.d.t.Helper(); c.d.waitUntil(what, expr) }
func (c *cdpScreen) waitText(what, expr, want string) {
	c.d.t.Helper()
	c.d.waitText(what, expr, want)
}

func (c *cdpScreen) eval(expr string, out any) {
	c.d.t.Helper()
	s := evalIn[string](c.d, jsJSON(expr))
	if err := json.Unmarshal([]byte(s), out); err != nil {
		c.d.fatalf("decode %.200s: %v: %.200s", expr, err, s)
	}
}

func (c *cdpScreen) shot(dir, label string) {
	c.d.t.Helper()
	viewportShot(c.d, dir, label)
}

func (c *cdpScreen) checkNoExceptions()                { c.d.t.Helper(); c.d.checkNoExceptions() }
func (c *cdpScreen) fatalf(format string, args ...any) { c.d.t.Helper(); c.d.fatalf(format, args...) }

// ---- WebKit ----------------------------------------------------------------

type wkScreen struct{ d *wkTab }

// newWebKitTable is a WebKit browser the size of a table's screen.
func newWebKitTable(t *testing.T, base, name string) *wkTab {
	t.Helper()
	d := &wkTab{t: t, name: name, base: base, s: newWebKit(t)}
	size := tableSize()
	if _, _, err := d.s.setWindowRect(size[0], size[1]); err != nil {
		t.Fatalf("%s: set window rect: %v", name, err)
	}
	return d
}

func (w *wkScreen) open(u string) {
	w.d.t.Helper()
	w.d.harvest()
	if err := w.d.s.navigate(u); err != nil {
		w.d.fatalf("navigate to %s: %v", u, err)
	}
}

func (w *wkScreen) tap(sel string) {
	w.d.t.Helper()
	w.d.waitUntil(sel, jsHas(sel))
	w.d.tap(sel)
}

func (w *wkScreen) tapConfirm(sel string) {
	w.d.t.Helper()
	w.tap(sel)
	// The driver leaves the page's confirmation open: OK, as a person would.
	pollPage(w.d.t, w.d.fatalf, "the confirmation of "+sel, func() (bool, error) {
		return true, w.d.s.cmd("POST", "/alert/accept", map[string]any{}, nil)
	}, func(ok bool) bool { return ok })
}

func (w *wkScreen) typeInto(sel, text string) {
	w.d.t.Helper()
	w.d.waitUntil(sel, jsHas(sel))
	w.d.typeInto(sel, text)
}

func (w *wkScreen) pick(sel, value string) {
	w.d.t.Helper()
	w.d.waitUntil(sel, jsHas(sel))
	w.d.settle()
	got := wkIn[string](w.d, `(() => { const s = document.querySelector(`+jsString(sel)+`); s.value = `+jsString(value)+`;
		s.dispatchEvent(new Event('input', {bubbles: true})); s.dispatchEvent(new Event('change', {bubbles: true})); return s.value; })()`)
	if got != value {
		w.d.fatalf("select %s: value %q after picking %q (no such option?)", sel, got, value)
	}
}

func (w *wkScreen) waitUntil(what, expr string) { w.d.t.Helper(); w.d.waitUntil(what, expr) }
func (w *wkScreen) waitText(what, expr, want string) {
	w.d.t.Helper()
	w.d.waitText(what, expr, want)
}

func (w *wkScreen) eval(expr string, out any) {
	w.d.t.Helper()
	s := wkIn[string](w.d, jsJSON(expr))
	if err := json.Unmarshal([]byte(s), out); err != nil {
		w.d.fatalf("decode %.200s: %v: %.200s", expr, err, s)
	}
}

func (w *wkScreen) shot(dir, label string)            { w.d.t.Helper(); w.d.screenshot(dir, label) }
func (w *wkScreen) checkNoExceptions()                { w.d.t.Helper(); w.d.checkNoExceptions() }
func (w *wkScreen) fatalf(format string, args ...any) { w.d.t.Helper(); w.d.fatalf(format, args...) }

// jsJSON is an expression's value (a promise awaited) as JSON text.
func jsJSON(expr string) string {
	return `(async () => JSON.stringify(await (` + expr + `)))()`
}

// jsCenter scrolls an element to the middle of the screen, clear of the
// fixed now bar a long page may put over it, as a thumb would.
func jsCenter(sel string) string {
	return `(() => { const el = document.querySelector(` + jsString(sel) + `); if (el) el.scrollIntoView({block: "center", behavior: "instant"}); return true; })()`
}

// ---- The night ---------------------------------------------------------------

// nightView is one screen of the night and what it shows: a phone's
// player, or the table; in which language.
type nightView struct {
	s     nightScreen
	name  string // the player's name; "" for a screen that is no phone
	label string // in screenshots' names
	lang  string
}

type night struct {
	t      *testing.T
	app    *testApp
	shots  string
	engine string // "chromium" or "webkit"
	table  *nightView
	phones []*nightView // Ann, Bo, Cy, Dee
	others []*nightView // screens that join later (the TV, another Lantern)
	code   string       // the game being played
	codes  []string     // every game of the night, in order
	steps  int
	start  time.Time
	last   time.Time
}

// The night's players: name and explorer, in the order they sit.
var nightPlayers = [][2]string{
	{"Ann", "ox-bellows"}, {"Bo", "missy-dubourde"}, {"Cy", "peter-akimoto"}, {"Dee", "madame-zostra"},
}

func (n *night) phone(name string) *nightView {
	for _, p := range n.phones {
		if p.name == name {
			return p
		}
	}
	n.t.Fatalf("no phone of %s", name)
	return nil
}

// state is the game's public state as the table's host may read it,
// fetched from the table's own page.
func (n *night) state() seatview.PublicState {
	n.t.Helper()
	var st seatview.PublicState
	n.table.s.eval(`fetch('/api/games/`+n.code+`', {credentials: 'same-origin'}).then(r => r.json())`, &st)
	return st
}

// seatOf is the seat number of a player.
func (n *night) seatOf(st seatview.PublicState, name string) int {
	n.t.Helper()
	for _, s := range st.Seats {
		if s.Name == name {
			return s.Seat
		}
	}
	n.t.Fatalf("no seat named %s", name)
	return 0
}

func seatJSON(st seatview.PublicState, name string) seatview.SeatJSON {
	for _, s := range st.Seats {
		if s.Name == name {
			return s
		}
	}
	return seatview.SeatJSON{}
}

// nightLook is what a screen shows: where its text runs past the screen's
// edge (overflowingText), its language, its Latin words (for a Chinese
// page: visible text and placeholders), its version and its now bar.
const nightLook = `(() => {
	const visible = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
	let text = document.body.innerText;
	for (const f of document.querySelectorAll('input[placeholder], textarea[placeholder]'))
		if (visible(f) && !f.value) text += "\n" + f.placeholder;
	const words = text.match(/[A-Za-z0-9]+(?:[-'’][A-Za-z0-9]+)*/g) || [];
	const live = document.getElementById('live');
	const now = document.getElementById('now');
	return {
		blank: location.href === 'about:blank',
		path: location.pathname,
		over: ` + overflowingText + `,
		lang: document.documentElement.lang,
		latin: words.filter(w => /[A-Za-z]/.test(w)),
		version: live && live.dataset.version ? +live.dataset.version : -1,
		now: now ? now.innerText.replace(/\s+/g, " ").trim() : "",
		nowBottom: now ? Math.round(now.getBoundingClientRect().bottom) : 0,
		height: innerHeight,
	};
})()`

type nightSeen struct {
	Blank     bool     `json:"blank"`
	Path      string   `json:"path"`
	Over      []string `json:"over"`
	Lang      string   `json:"lang"`
	Latin     []string `json:"latin"`
	Version   int      `json:"version"`
	Now       string   `json:"now"`
	NowBottom int      `json:"nowBottom"`
	Height    int      `json:"height"`
}

// zhAllowed are the Latin words a Chinese page may show, each on purpose:
//   - Lantern: the app's name (the header's brand, 问 Lantern, Lantern 灯笼);
//   - English: the language switch names the other language in its own script;
//   - Wi-Fi: written so in Chinese too (the join box);
//   - the game codes (CODE), on the status line and in links;
//   - the players' names, as they typed them (Ann, Bo, Cy, Dee).
//
// Digits and dice faces are no words and pass.
func (n *night) zhAllowed() map[string]bool {
	ok := map[string]bool{"Lantern": true, "English": true, "Wi-Fi": true}
	for _, c := range n.codes {
		ok[c] = true
	}
	for _, p := range nightPlayers {
		ok[p[0]] = true
	}
	return ok
}

// look checks every screen as a player would look at it once the step is
// done, and saves a screenshot of each. now holds, per player, what its
// now bar must hold (a selector inside #now); a phone not named must show
// whatever the game owes it, and the tests name those that matter.
func (n *night) look(label string, now map[string]string) {
	n.t.Helper()
	n.steps++
	name := fmt.Sprintf("night-%s-%02d-%s", n.engine, n.steps, label)
	version := -1
	if n.code != "" {
		version = n.state().Version
	}
	allowed := n.zhAllowed()
	views := append(append([]*nightView{n.table}, n.phones...), n.others...)
	for _, v := range views {
		if v == nil || v.s == nil {
			continue
		}
		var seen nightSeen
		v.s.eval(nightLook, &seen)
		if seen.Blank { // a phone not yet used
			continue
		}
		// A live page of this game shows the game as it now is.
		live := seen.Path == "/g/"+n.code || seen.Path == "/g/"+n.code+"/table"
		if live && seen.Version >= 0 && version >= 0 && seen.Version < version {
			v.s.waitUntil(fmt.Sprintf("%s: the page at version %d", label, version),
				fmt.Sprintf(`(document.getElementById('live').dataset.version|0) >= %d`, version))
			v.s.eval(nightLook, &seen)
		}
		for _, o := range seen.Over {
			n.t.Errorf("%s, %s: wider than the screen: %s", label, v.label, o)
		}
		want := map[string]string{"en": "en", "zh": "zh-Hans"}[v.lang]
		if seen.Lang != want {
			n.t.Errorf("%s, %s: the page is in %q, want %q", label, v.label, seen.Lang, want)
		}
		if v.lang == "zh" {
			var english []string
			for _, w := range seen.Latin {
				if !allowed[w] {
					english = append(english, w)
				}
			}
			if len(english) > 0 {
				n.t.Errorf("%s, %s: English on a Chinese page: %q", label, v.label, english)
			}
		}
		if sel, ok := now[v.name]; ok && v.name != "" {
			v.s.waitUntil(label+": the now bar holds "+sel, jsHas("#now "+sel))
			if seen.NowBottom > seen.Height {
				n.t.Errorf("%s, %s: the now bar ends at %d px, below the screen (%d px)", label, v.label, seen.NowBottom, seen.Height)
			}
		}
		v.s.shot(n.shots, name+"-"+v.label)
	}
	now2 := time.Now()
	n.t.Logf("%s %s: %v (%v in all)", n.engine, label, now2.Sub(n.last).Round(time.Millisecond), now2.Sub(n.start).Round(time.Second))
	n.last = now2
}

// nowText is the now bar's text.
const nowText = `(document.getElementById('now') || {innerText: ""}).innerText.replace(/\s+/g, " ").trim()`

// owes waits until the phone's now bar holds sel.
func (n *night) owes(p *nightView, what, sel string) {
	n.t.Helper()
	p.s.waitUntil(p.name+"'s now bar to hold "+what, jsHas("#now "+sel))
}

// turnOf waits until every phone's status line says whose turn it is.
func (n *night) turnOf(name string) {
	n.t.Helper()
	for _, p := range n.phones {
		want := i18n.T(p.lang, "turn_of", name)
		if p.name == name {
			want = i18n.T(p.lang, "phone_your_turn")
		}
		p.s.waitText(p.name+"'s status line", jsText(`#live .status .turn-name`), want)
	}
}

// discover is a turn's room: "I discovered a room" on the now bar, the
// room's tile; the now bar then holds the room's card owed and not the
// end of the turn.
func (n *night) discover(p *nightView, room string) {
	n.t.Helper()
	p.s.tap(`#now .now-actions a[data-open=discover]`)
	p.s.tap(`#live form.tiles button[value="` + room + `"]`)
	n.owes(p, "the room's card", `.now-actions a[href="#s-board"].primary`)
	var endTurn bool
	p.s.eval(jsHas(`#now form.now-end_turn`), &endTurn)
	if endTurn {
		n.t.Errorf("%s: the now bar offers End my turn with the room's card undrawn", p.name)
	}
}

// endTurn ends the phone's turn from its now bar.
func (n *night) endTurn(p *nightView) {
	n.t.Helper()
	n.owes(p, "End my turn", `form.now-end_turn button`)
	p.s.tap(`#now form.now-end_turn button`)
}

// joinByQR has a phone follow the join link the table's QR code encodes,
// type its name, pick English and its explorer and join.
func (n *night) joinByQR(p *nightView, joinURL, explorer string) {
	n.t.Helper()
	p.s.open(joinURL)
	p.s.waitUntil("the join form", jsHas(`form.join input[name=name]`))
	p.s.typeInto(`form.join input[name=name]`, p.name)
	p.s.tap(`form.join input[name=lang][value=en]`)
	p.s.tap(`form.join input[name=explorer][value="` + explorer + `"]`)
	p.s.tap(`form.join button.primary`)
	p.s.waitText("own board after joining", `location.pathname === "/g/`+n.code+`" ? `+jsOwnName+` : ""`, p.name)
	p.s.waitUntil("the live stream", `!!document.getElementById('live').dataset.events`)
}

// closeReveal closes the haunt's reveal, which opens once by itself.
func closeReveal(p *nightView) {
	p.s.tap(`#sheet-haunt.open [data-close]`)
	p.s.waitUntil("the reveal to close", `!document.querySelector('#sheet-haunt.open')`)
}

// firstGame is the night's first game, in English: from creating it on the
// table and joining by the QR code's link to the winner.
func (n *night) firstGame() {
	t := n.t
	tbl := n.table
	ann, bo, cy, dee := n.phone("Ann"), n.phone("Bo"), n.phone("Cy"), n.phone("Dee")

	// The host creates the game; the table shows the QR code.
	tbl.s.open(n.app.url() + "/")
	tbl.s.tap(`form[action="/games"] button.primary`)
	tbl.s.waitUntil("the table's lobby", `/^\/g\/[A-Z0-9]+\/table$/.test(location.pathname) && !!document.querySelector('#live .url a')`)
	var path string
	tbl.s.eval(`location.pathname`, &path)
	n.code = strings.TrimSuffix(strings.TrimPrefix(path, "/g/"), "/table")
	n.codes = append(n.codes, n.code)
	var joinURL string
	tbl.s.eval(`document.querySelector('#live .url a').href`, &joinURL)
	// The QR code encodes exactly the link shown beside it: the image the
	// table shows is the one the server draws of that link.
	tbl.s.waitUntil("the QR code", `(() => { const i = document.querySelector('#live img.qr'); return !!i && i.complete && i.naturalWidth > 0; })()`)
	var qrB64 string
	tbl.s.eval(`fetch(document.querySelector('#live img.qr').src, {credentials: 'same-origin'}).then(r => r.arrayBuffer()).then(b => {
		let s = ""; for (const c of new Uint8Array(b)) s += String.fromCharCode(c); return btoa(s); })`, &qrB64)
	shown, err := base64.StdEncoding.DecodeString(qrB64)
	if err != nil {
		t.Fatalf("the QR code's image: %v", err)
	}
	want, err := qrcode.Encode(joinURL, qrcode.Medium, 512)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(shown, want) {
		t.Fatalf("the table's QR code does not encode the join link shown beside it (%s)", joinURL)
	}
	if u, err := url.Parse(joinURL); err != nil || u.Path != "/j/"+n.code || u.Query().Get("k") == "" {
		t.Fatalf("join link %q: want /j/%s?k=KEY", joinURL, n.code)
	}
	n.look("lobby", nil)

	// Four phones scan it and join, Dee before Cy.
	explorer := map[string]string{}
	for _, p := range nightPlayers {
		explorer[p[0]] = p[1]
	}
	for _, p := range []*nightView{ann, bo, dee, cy} {
		n.joinByQR(p, joinURL, explorer[p.name])
	}
	seating := `[...document.querySelectorAll('#live ol.seats li strong')].map(s => s.textContent.trim()).join("|")`
	tbl.s.waitText("the lobby's seats", seating, "Ann|Bo|Dee|Cy")
	n.look("joined", nil)

	// The table puts the seats in the order they sit: Cy up, before Dee;
	// Ann starts.
	tbl.s.tap(`#live ol.seats button[aria-label="` + i18n.T("en", "move_up", "Cy") + `"]`)
	tbl.s.waitText("the seats in the order they sit", seating, "Ann|Bo|Cy|Dee")
	st := n.state()
	tbl.s.pick(`#live form.start select[name=first_seat]`, strconv.Itoa(n.seatOf(st, "Ann")))
	tbl.s.tap(`#live form.start button.primary`)
	tbl.s.waitUntil("the started table", `document.querySelectorAll('#live .table-boards .board').length === 4`)
	n.turnOf("Ann")
	for _, p := range n.phones {
		p.s.waitUntil("own controls", jsHas(`#live > article.board [data-trait=might] button[value="1"]`))
	}
	n.look("started", map[string]string{"Ann": `form.now-end_turn`})

	// Ann discovers the Storeroom: its item is owed; she draws the Axe,
	// and her Cards tab says what it gives.
	n.discover(ann, "storeroom")
	n.look("ann-storeroom", map[string]string{"Ann": `.now-actions a[href="#s-board"].primary`})
	ann.s.tap(`#live .discovered form.owed button[value=axe]`)
	ann.s.waitUntil("the Axe in Ann's hand", `[...document.querySelectorAll('#live ul.hand > li > a')].some(a => a.getAttribute('href').endsWith('/axe'))`)
	ann.s.tap(`#live .tabs a[data-tab=cards]`)
	axe := `#live .cards ul.hand > li:has(a[href$="/axe"]) .gist .gives`
	ann.s.waitUntil("the Axe's lines", jsHas(axe))
	var gives string
	ann.s.eval(jsText(axe), &gives)
	if !strings.Contains(gives, "Might") || !strings.Contains(gives, "die") {
		t.Errorf("ann: the Axe in her hand says %q; want the weapon's trait and dice", gives)
	}
	n.look("ann-axe", map[string]string{"Ann": `form.now-end_turn`})
	ann.s.tap(`#live .tabs a[data-tab=board]`)
	n.endTurn(ann)
	n.turnOf("Bo")

	// Bo discovers the Dining Room and draws the Dog there: the haunt roll
	// is owed, with its odds, and everyone sees it. His real dice: 4, not
	// less than the one omen drawn.
	n.discover(bo, "dining-room")
	bo.s.tap(`#live .discovered form.owed button[value=dog]`)
	n.owes(bo, "the haunt roll", `section.haunt-roll button[name=real]`)
	for _, p := range n.phones {
		p.s.waitUntil("the owed haunt roll on "+p.name+"'s phone", `document.querySelector('#live .omens').textContent.includes(`+jsString(i18n.T(p.lang, "owes_haunt_roll", "Bo"))+`)`)
	}
	var boNow string
	bo.s.eval(nowText, &boNow)
	if !strings.Contains(boNow, "%") {
		t.Errorf("bo: the haunt roll in the now bar shows no odds: %q", boNow)
	}
	n.look("bo-dog-haunt-roll", map[string]string{"Bo": `section.haunt-roll button[name=real]`})
	bo.s.typeInto(`#now section.haunt-roll input[name=total]`, "4")
	bo.s.tap(`#now section.haunt-roll button[name=real]`)
	bo.s.waitUntil("the haunt roll made", `!document.querySelector('#now section.haunt-roll')`)
	if st := n.state(); st.Haunt != nil || st.HauntRollOwedBy != 0 || st.OmenCount != 1 {
		t.Fatalf("after Bo's haunt roll of 4 with 1 omen: haunt %+v, owed by %d, %d omens; want no haunt", st.Haunt, st.HauntRollOwedBy, st.OmenCount)
	}
	n.look("bo-no-haunt", map[string]string{"Bo": `form.now-end_turn`})
	n.endTurn(bo)
	n.turnOf("Cy")

	// Cy discovers the Bedroom and draws the event Night View: its roll
	// and then its Apply are in his now bar. The roll is the server's (the
	// page offers no real dice for it): whatever it comes to, Night View
	// only changes Cy's Knowledge, which nothing later depends on.
	n.discover(cy, "bedroom")
	cy.s.tap(`#live .discovered form.owed button[value=night-view]`)
	n.owes(cy, "the event's roll", `.now-roll button.primary`)
	n.look("cy-night-view", map[string]string{"Cy": `.now-roll button.primary`})
	cy.s.tap(`#now .now-roll button.primary`)
	n.owes(cy, "the roll's outcome to apply", `.now-apply form.apply button`)
	n.look("cy-rolled", map[string]string{"Cy": `.now-apply form.apply button`})
	cy.s.tap(`#now .now-apply form.apply button`)
	cy.s.waitUntil("the event settled", `!document.querySelector('#now .now-roll') && !document.querySelector('#now .now-apply')`)
	n.endTurn(cy)
	n.turnOf("Dee")

	// Dee discovers the Abandoned Room and draws the Girl: the second
	// omen's haunt roll, real dice 1, less than 2: haunt 1, The Mummy
	// Walks, whose traitor is the revealer.
	n.discover(dee, "abandoned-room")
	dee.s.tap(`#live .discovered form.owed button[value=girl]`)
	n.owes(dee, "the haunt roll", `section.haunt-roll button[name=real]`)
	n.look("dee-girl-haunt-roll", map[string]string{"Dee": `section.haunt-roll button[name=real]`})
	dee.s.typeInto(`#now section.haunt-roll input[name=total]`, "1")
	dee.s.tap(`#now section.haunt-roll button[name=real]`)

	// The reveal opens on every phone, each with its own secret.
	for _, p := range n.phones {
		p.s.waitUntil("the reveal on "+p.name+"'s phone", `!!document.querySelector('#sheet-haunt.open .reveal')`)
	}
	st = n.state()
	if st.Haunt == nil || st.Haunt.Number != 1 || st.Phase != "haunt" || st.Haunt.Traitor != n.seatOf(st, "Dee") {
		t.Fatalf("after Dee's Girl in the Abandoned Room and a haunt roll of 1: haunt %+v, phase %q; want haunt 1 with Dee the traitor", st.Haunt, st.Phase)
	}
	traitorMsg := i18n.T("en", "you_traitor", 1)
	heroMsg := i18n.T("en", "you_hero", 1)
	for _, p := range n.phones {
		var title, book, html string
		p.s.eval(jsText(`#sheet-haunt .reveal h2`), &title)
		p.s.eval(jsText(`#sheet-haunt .reveal .book`), &book)
		p.s.eval(`document.documentElement.outerHTML`, &html)
		if title != "Haunt 1: The Mummy Walks" {
			t.Errorf("%s: the reveal is titled %q", p.name, title)
		}
		mine, theirs := heroMsg, traitorMsg
		if p.name == "Dee" {
			mine, theirs = traitorMsg, heroMsg
		}
		if book != mine {
			t.Errorf("%s: the reveal says %q; want %q", p.name, book, mine)
		}
		if strings.Contains(html, theirs) || strings.Contains(html, "Traitor's Tome") != (p.name == "Dee") {
			t.Errorf("%s: the page holds another seat's secret", p.name)
		}
	}
	var tableHTML, traitorIs string
	tbl.s.waitUntil("the reveal on the table", jsHas(`#live .reveal`))
	tbl.s.eval(`document.documentElement.outerHTML`, &tableHTML)
	tbl.s.eval(jsText(`#live .reveal strong`), &traitorIs)
	if strings.Contains(tableHTML, traitorMsg) || strings.Contains(tableHTML, heroMsg) || strings.Contains(tableHTML, `class="book"`) {
		t.Errorf("table: the table's page holds a seat's book message")
	}
	if traitorIs != i18n.T("en", "traitor_is", "Dee") {
		t.Errorf("table: the reveal says %q, want %q", traitorIs, i18n.T("en", "traitor_is", "Dee"))
	}
	n.look("reveal", nil)
	for _, p := range n.phones {
		closeReveal(p)
	}
	// The heroes play first, from the traitor's left: Ann.
	n.turnOf("Ann")

	// Ann attacks Dee: the attack sheet presets Might and her Axe and
	// offers only the traitor. Her real dice: 5 (6 dice: Might 5 and the
	// Axe's one).
	deeSeat := n.seatOf(st, "Dee")
	target := fmt.Sprintf(`#sheet-attack button[name=target][value="seat:%d"]`, deeSeat)
	n.owes(ann, "the attack", `a[href="#sheet-attack"]`)
	n.look("haunt-ann-turn", map[string]string{"Ann": `a[href="#sheet-attack"]`})
	ann.s.tap(`#now a[href="#sheet-attack"]`)
	ann.s.waitUntil("the attack sheet", `!!document.querySelector('#sheet-attack.open')`)
	var sheet string
	var targets []string
	ann.s.eval(`document.querySelector('#sheet-attack').innerText`, &sheet)
	ann.s.eval(`[...document.querySelectorAll('#sheet-attack .targets button')].map(b => b.value)`, &targets)
	if !strings.Contains(sheet, "Axe") || !strings.Contains(sheet, "Might") {
		t.Errorf("ann: the attack sheet does not preset Might and the Axe:\n%s", sheet)
	}
	if !slices.Equal(targets, []string{fmt.Sprintf("seat:%d", deeSeat)}) {
		t.Errorf("ann: the attack's targets are %q; want only the traitor, Dee", targets)
	}
	n.look("ann-attack-sheet", nil)
	ann.s.typeInto(`#sheet-attack input[name=total]`, "5")
	ann.s.tap(target)
	n.owes(dee, "the defence", `form.defend button[name=real]`)
	if at := n.state().Attack; at == nil || at.Weapon != "axe" || at.Trait != "might" {
		t.Errorf("Ann's attack is %+v; want Might with the Axe", at)
	}

	// Dee's phone rolls the defence: real dice 3. Dee loses by 2 and
	// splits the 2 physical damage, 1 each on Might and Speed.
	n.owes(dee, "the defence", `form.defend button[name=real]`)
	n.look("dee-defends", map[string]string{"Dee": `form.defend button[name=real]`})
	before := seatJSON(n.state(), "Dee").Traits
	dee.s.typeInto(`#now form.defend input[name=total]`, "3")
	dee.s.tap(`#now form.defend button[name=real]`)
	n.owes(dee, "the damage split", `form.split button.split-take`)
	var legend string
	dee.s.eval(jsText(`#now form.split legend`), &legend)
	if !strings.Contains(legend, "2 physical damage") {
		t.Errorf("dee: the split says %q; want 2 physical damage", legend)
	}
	n.look("dee-split", map[string]string{"Dee": `form.split button.split-take`})
	dee.s.tap(`#now form.split .split-row:has(input[name="split.might"]) button[data-split="1"]`)
	dee.s.tap(`#now form.split .split-row:has(input[name="split.speed"]) button[data-split="1"]`)
	dee.s.tap(`#now form.split button.split-take`)
	dee.s.waitUntil("the split taken", `!document.querySelector('#now form.split')`)
	after := seatJSON(n.state(), "Dee").Traits
	if after.Might.Position != before.Might.Position-1 || after.Speed.Position != before.Speed.Position-1 {
		t.Errorf("Dee's Might %d → %d, Speed %d → %d; want one step down each", before.Might.Position, after.Might.Position, before.Speed.Position, after.Speed.Position)
	}
	n.look("dee-split-taken", map[string]string{"Ann": `form.now-end_turn`})
	n.endTurn(ann)
	n.turnOf("Bo")

	// Bo attacks Dee with Might, real dice 6; Dee defends with 0 and puts
	// all 6 on Might: the split says it kills, and Dee dies.
	n.owes(bo, "the attack", `a[href="#sheet-attack"]`)
	bo.s.tap(`#now a[href="#sheet-attack"]`)
	bo.s.waitUntil("the attack sheet", `!!document.querySelector('#sheet-attack.open')`)
	bo.s.typeInto(`#sheet-attack input[name=total]`, "6")
	bo.s.tap(target)
	n.owes(dee, "the defence", `form.defend button[name=real]`)
	dee.s.typeInto(`#now form.defend input[name=total]`, "0")
	dee.s.tap(`#now form.defend button[name=real]`)
	n.owes(dee, "the damage split", `form.split [data-split-all=might]`)
	dee.s.tap(`#now form.split [data-split-all=might]`)
	dee.s.waitUntil("the split's warning that it kills", `!document.querySelector('#now form.split .kill').hidden`)
	n.look("dee-split-kills", map[string]string{"Dee": `form.split .kill`})
	dee.s.tap(`#now form.split button.split-take`)
	dee.s.waitUntil("the split taken", `!document.querySelector('#now form.split')`)
	if s := seatJSON(n.state(), "Dee"); s.Alive {
		t.Fatalf("Dee took 6 on Might %d and is alive", s.Traits.Might.Position)
	}
	for _, p := range []*nightView{ann, bo, cy} {
		p.s.waitUntil("Dee dead on "+p.name+"'s phone", jsHas(`#live .plines a.pline.dead`))
	}
	n.look("dee-dead", nil)

	// The table records the winner: the heroes.
	tbl.s.tap(`#live .fight details.end-game > summary`)
	tbl.s.tapConfirm(`#live .fight details.end-game form:has(input[name=side][value=heroes]) button`)
	for _, v := range append([]*nightView{tbl}, n.phones...) {
		v.s.waitText("the winner", jsText(`#live .summary h2`), "🏁 "+i18n.T(v.lang, "won_heroes"))
	}
	if st := n.state(); st.Winner != "heroes" {
		t.Errorf("the game's winner is %q, want heroes", st.Winner)
	}
	n.look("heroes-won", nil)
}

// secondGame is Play again with Bo, Cy and Dee in 简体中文, a hidden-traitor
// haunt, its end, Export, Import on another Lantern, Move the table to
// another screen and /nights (Chromium only: the file chooser and the
// download are Chromium's).
func (n *night) secondGame(tv, laptop *tab, other *testApp) {
	t := n.t
	tbl := n.table
	first := n.code

	// The table's Play again; three phones switch to 简体中文 on the
	// header's switch, and every phone plays its explorer again.
	tbl.s.tap(`#live [data-again]`)
	tbl.s.waitUntil("the next game's table", `location.pathname.endsWith('/table') && !location.pathname.includes(`+jsString(first)+`)`)
	var path string
	tbl.s.eval(`location.pathname`, &path)
	n.code = strings.TrimSuffix(strings.TrimPrefix(path, "/g/"), "/table")
	n.codes = append(n.codes, n.code)
	for _, p := range n.phones {
		p.s.waitUntil("the next game's offer", jsHas(`#next-game[data-code="`+n.code+`"] [data-next-join]`))
		if p.name != "Ann" {
			p.s.tap(`header.bar a.lang`)
			p.s.waitUntil("the page in Chinese", `document.documentElement.lang === "zh-Hans" && !!document.querySelector('#next-game [data-next-join]')`)
			p.lang = "zh"
		}
	}
	n.look("play-again-offer", nil)
	for _, p := range n.phones {
		p.s.tap(`#next-game [data-next-join]`)
		p.s.waitText("own board in the next game", `location.pathname === "/g/`+n.code+`" ? `+jsOwnName+` : ""`, p.name)
		p.s.waitUntil("the live stream", `!!document.getElementById('live').dataset.events`)
	}
	tbl.s.waitText("the next game's seats", `[...document.querySelectorAll('#live ol.seats li strong')].map(s => s.textContent.trim()).join("|")`, "Ann|Bo|Cy|Dee")
	n.look("play-again-seated", nil)
	tbl.s.tap(`#live form.start button.primary`)
	tbl.s.waitUntil("the started table", `document.querySelectorAll('#live .table-boards .board').length === 4`)
	st := n.state()
	var first2 *nightView
	for _, s := range st.Seats {
		if s.Seat == st.Turn.Seat {
			first2 = n.phone(s.Name)
		}
	}
	n.turnOf(first2.name)
	n.look("second-started", map[string]string{first2.name: `form.now-end_turn`})

	// The first player discovers an omen room and draws the omen whose
	// haunt there deals hidden tokens; real dice 0.
	omen, room, number := hiddenTraitorCell(t)
	n.discover(first2, room)
	first2.s.tap(`#live .discovered form.owed button[value="` + omen + `"]`)
	n.owes(first2, "the haunt roll", `section.haunt-roll button[name=real]`)
	n.look("second-haunt-roll", map[string]string{first2.name: `section.haunt-roll button[name=real]`})
	first2.s.typeInto(`#now section.haunt-roll input[name=total]`, "0")
	first2.s.tap(`#now section.haunt-roll button[name=real]`)

	// Each phone's reveal tells its own token and no other.
	tokens := map[int]string{}
	for _, p := range n.phones {
		p.s.waitUntil("the reveal on "+p.name+"'s phone", `!!document.querySelector('#sheet-haunt.open .reveal')`)
		var me struct {
			Me struct {
				Token int `json:"token"`
			} `json:"me"`
		}
		p.s.eval(`fetch('/api/games/`+n.code+`/me', {credentials: 'same-origin'}).then(r => r.json())`, &me)
		k := me.Me.Token
		if k < 1 || k > 4 || tokens[k] != "" {
			t.Fatalf("%s: token %d (tokens so far %v)", p.name, k, tokens)
		}
		tokens[k] = p.name
		var title, html, sheet string
		p.s.eval(jsText(`#sheet-haunt .reveal h2`), &title)
		p.s.eval(`document.documentElement.outerHTML`, &html)
		p.s.eval(`document.querySelector('#sheet-haunt').innerText`, &sheet)
		if want := i18n.T(p.lang, "haunt_title", number, catalog.HauntByNumber(number).Name.In(p.lang)); title != want {
			t.Errorf("%s: the reveal is titled %q, want %q", p.name, title, want)
		}
		mine := i18n.T(p.lang, "you_hidden_hero", k, number)
		if k == 1 {
			mine = i18n.T(p.lang, "you_hidden_traitor", k, number)
		}
		if !strings.Contains(sheet, mine) {
			t.Errorf("%s: the reveal does not tell its own token #%d:\n%s", p.name, k, sheet)
		}
		for j := 1; j <= 4; j++ {
			for _, lang := range []string{"en", "zh"} {
				for _, key := range []string{"you_hidden_hero", "you_hidden_traitor"} {
					if s := i18n.T(lang, key, j, number); s != mine && strings.Contains(html, s) {
						t.Errorf("%s (token #%d): the page holds another token's message %q", p.name, k, s)
					}
				}
			}
		}
	}
	var tableHTML string
	tbl.s.waitUntil("the reveal on the table", jsHas(`#live .reveal`))
	tbl.s.eval(`document.documentElement.outerHTML`, &tableHTML)
	for j := 1; j <= 4; j++ {
		if strings.Contains(tableHTML, i18n.T("en", "you_hidden_hero", j, number)) || strings.Contains(tableHTML, i18n.T("en", "you_hidden_traitor", j, number)) {
			t.Errorf("table: the table's page holds token #%d's message", j)
		}
	}
	n.look("second-reveal", nil)
	for _, p := range n.phones {
		closeReveal(p)
	}

	// A Chinese phone looks through its tabs: dice, cards, the fight, rules.
	cy := n.phone("Cy")
	for _, tab := range []string{"dice", "cards", "haunt", "rules", "board"} {
		cy.s.tap(`#live .tabs a[data-tab=` + tab + `]`)
		cy.s.waitUntil("the "+tab+" tab", `document.body.dataset.tab === `+jsString(tab))
		if tab != "board" {
			n.look("cy-tab-"+tab, nil)
		}
	}

	// The table records the winner: the traitor.
	tbl.s.tap(`#live .fight details.end-game > summary`)
	tbl.s.tapConfirm(`#live .fight details.end-game form:has(input[name=side][value=traitor]) button`)
	for _, v := range append([]*nightView{tbl}, n.phones...) {
		v.s.waitText("the winner", jsText(`#live .summary h2`), "🏁 "+i18n.T(v.lang, "won_traitor"))
	}
	n.look("traitor-won", nil)

	// Export this game: the table's link saves the game as a file.
	downloads := t.TempDir()
	ctx, cancel := context.WithTimeout(tbl.s.(*cdpScreen).d.ctx, tabWait)
	_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads,
		BrowserContextID: chromedp.FromContext(tbl.s.(*cdpScreen).d.ctx).BrowserContextID,
	})
	cancel()
	if err != nil {
		t.Fatalf("let the table's browser save files: %v", err)
	}
	tbl.s.tap(`#live details.take-along > summary`)
	tbl.s.tap(`#live details.take-along a[data-export]`)
	var file string
	var exported struct {
		Code string `json:"code"`
	}
	pollPage(t, t.Fatalf, "the exported file", func() (bool, error) {
		files, _ := filepath.Glob(filepath.Join(downloads, "*.json"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err == nil && json.Unmarshal(b, &exported) == nil {
				file = f
				return true, nil
			}
		}
		return false, nil
	}, func(ok bool) bool { return ok })
	if exported.Code != n.code {
		t.Errorf("the exported file is of game %q, want %q", exported.Code, n.code)
	}
	n.look("exported", nil)

	// Import a game: another Lantern's home page takes the file.
	lap := &nightView{s: newCdpScreen(laptop), label: "other-lantern", lang: "en"}
	n.others = append(n.others, lap)
	lap.s.open(other.url() + "/")
	lap.s.tap(`details.take-along > summary`)
	laptop.do("choose the file", chromedp.SetUploadFiles(`details.take-along input[name=file]`, []string{file}))
	lap.s.tap(`details.take-along button[data-import]`)
	lap.s.waitUntil("every seat's code", `document.querySelectorAll('.imported-seat').length === 4`)
	var names []string
	lap.s.eval(`[...document.querySelectorAll('.imported-seat h2')].map(h => h.textContent.replace(/\s+/g, " ").trim())`, &names)
	if want := []string{"1 · Ann", "2 · Bo", "3 · Cy", "4 · Dee"}; !slices.Equal(slices.Sorted(slices.Values(names)), want) {
		t.Errorf("the imported game's seats: %q, want %q", names, want)
	}
	n.look("imported", nil)
	lap.s.tap(`main a.button.primary`)
	lap.s.waitUntil("the imported game's table", `location.pathname.endsWith('/table') && document.querySelectorAll('#live .table-boards .board').length === 4`)
	lap.s.waitText("the imported game's winner", jsText(`#live .summary h2`), "🏁 "+i18n.T("en", "won_traitor"))
	n.look("imported-table", nil)

	// Move the table to another screen: the TV takes it by its code.
	tvv := &nightView{s: newCdpScreen(tv), label: "tv", lang: "en"}
	tbl.s.tap(`#live [data-move-table]`)
	tbl.s.waitUntil("the table-moving code", jsHas(`.host-move img.qr`))
	var moveURL string
	tbl.s.eval(jsText(`.host-move .url`), &moveURL)
	n.look("move-code", nil)
	tvv.s.open(moveURL)
	tvv.s.tap(`main form button[type=submit]`)
	tvv.s.waitUntil("the table on the TV", `location.pathname === `+jsString("/g/"+n.code+"/table")+` && document.querySelectorAll('#live .table-boards .board').length === 4`)
	tbl.s.waitText("the old screen told", jsText(`main h1`), i18n.T("en", "table_moved_title"))
	old := n.table
	n.table = tvv
	n.others = append(n.others, old)
	n.look("table-moved", nil)

	// /nights lists both games, on the TV and on a Chinese phone.
	n.others = n.others[:len(n.others)-1] // the old screen has nothing more to show
	tvv.s.open(n.app.url() + "/nights")
	bo := n.phone("Bo")
	bo.s.open(n.app.url() + "/nights")
	for _, v := range []*nightView{tvv, bo} {
		v.s.waitUntil("the nights", jsHas(`.nights-table`))
		var rows [][]string
		v.s.eval(`[...document.querySelectorAll('.nights-table tbody tr')].map(r => [r.dataset.game, ...[...r.cells].map(c => c.innerText.replace(/\s+/g, " ").trim())])`, &rows)
		got := map[string][]string{}
		for _, r := range rows {
			got[r[0]] = r
		}
		for i, c := range n.codes {
			r := got[c]
			haunt := []int{1, number}[i]
			winner := []string{"heroes", "traitor"}[i]
			if len(r) != 6 {
				t.Errorf("%s: /nights has no row of game %s: %q", v.label, c, rows)
				continue
			}
			if want := fmt.Sprintf("%d · %s", haunt, catalog.HauntByNumber(haunt).Name.In(v.lang)); r[3] != want {
				t.Errorf("%s: /nights game %s haunt %q, want %q", v.label, c, r[3], want)
			}
			if want := i18n.T(v.lang, "nights_side_"+winner); r[5] != want {
				t.Errorf("%s: /nights game %s winner %q, want %q", v.label, c, r[5], want)
			}
			for _, p := range nightPlayers {
				if !strings.Contains(r[2], p[0]+" · ") {
					t.Errorf("%s: /nights game %s lacks %s: %q", v.label, c, p[0], r[2])
				}
			}
		}
		if len(rows) != 2 {
			t.Errorf("%s: /nights lists %d games, want the night's 2", v.label, len(rows))
		}
	}
	n.code = ""
	n.look("nights", nil)
}

// nightChromium opens the night's Chromium screens.
func nightChromium(t *testing.T, app *testApp, names ...string) map[string]*tab {
	sizes := map[string][2]int{}
	for _, name := range names {
		if name == "table" || name == "tv" || name == "laptop" {
			sizes[name] = tableSize()
		} else {
			sizes[name] = phoneSize()
		}
	}
	return newTabs(t, app.url(), sizes)
}

// TestNight is a whole game night in Chromium.
func TestNight(t *testing.T) {
	app := newTestApp(t)
	other := newTestApp(t) // another Lantern, to import the game on
	tabs := nightChromium(t, app, "table", "ann", "bo", "cy", "dee", "tv", "laptop")
	n := &night{t: t, app: app, shots: shotDir(t), engine: "chromium", start: time.Now()}
	n.last = n.start
	n.table = &nightView{s: newCdpScreen(tabs["table"]), label: "table", lang: "en"}
	for _, p := range nightPlayers {
		label := strings.ToLower(p[0])
		n.phones = append(n.phones, &nightView{s: newCdpScreen(tabs[label]), name: p[0], label: label, lang: "en"})
	}
	n.firstGame()
	n.secondGame(tabs["tv"], tabs["laptop"], other)
	for _, d := range tabs {
		d.checkNoExceptions()
	}
	t.Logf("the whole night in Chromium: %d steps, %v", n.steps, time.Since(n.start).Round(time.Second))
}

// TestNightWebKit is the night's first game with the table and the four
// phones in WebKit.
func TestNightWebKit(t *testing.T) {
	app := newTestApp(t)
	base := app.url()
	n := &night{t: t, app: app, shots: shotDir(t), engine: "webkit", start: time.Now()}
	n.table = &nightView{s: &wkScreen{d: newWebKitTable(t, base, "table")}, label: "table", lang: "en"}
	for _, p := range nightPlayers {
		label := strings.ToLower(p[0])
		n.phones = append(n.phones, &nightView{s: &wkScreen{d: newWebKitPhone(t, base, label)}, name: p[0], label: label, lang: "en"})
	}
	n.last = time.Now()
	t.Logf("five WebKit browsers started in %v", n.last.Sub(n.start).Round(time.Millisecond))
	n.firstGame()
	for _, v := range append([]*nightView{n.table}, n.phones...) {
		v.s.checkNoExceptions()
	}
	t.Logf("the first game in WebKit: %d steps, %v", n.steps, time.Since(n.start).Round(time.Second))
}
