package web_test

// Browser tests of the player page built around now, at 390×844 in English
// and Chinese, for a six-seat game: what a phone shows on its first screen,
// how tall its default view is, and how many taps the common things take.
// Taps are counted as clicks; typed real dice only make the outcome certain.

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// bnSix are six explorers, one from each double-sided card.
var bnSix = [][2]string{
	{"Alice", "zoe-ingstrom"}, {"Bob", "ox-bellows"}, {"Carol", "vivian-lopez"},
	{"Dan", "peter-akimoto"}, {"Erin", "professor-longfellow"}, {"Finn", "heather-granville"},
}

// bnTaps counts a phone's taps.
type bnTaps struct{ n int }

func (c *bnTaps) tap(d *tab, sel string) {
	d.t.Helper()
	c.n++
	d.tap(sel)
}

// bnScreen is how the page sits in the window: its height, the dock's top,
// and whether each of the own board's four traits is on the first screen
// and not under the dock.
const bnScreen = `(() => {
	const dock = document.querySelector('#live .dock');
	const dockTop = dock ? dock.getBoundingClientRect().top : innerHeight;
	const traits = [...document.querySelectorAll('#live > article.board [data-trait] .trait-value')]
		.filter(v => { const r = v.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= dockTop; }).length;
	const actions = [...document.querySelectorAll('#now button, #now a.button')]
		.filter(b => { const r = b.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }).length;
	return {height: document.documentElement.scrollHeight, screen: innerHeight, traits, actions, dockTop: Math.round(dockTop)};
})()`

type bnFit struct {
	Height  int `json:"height"`
	Screen  int `json:"screen"`
	Traits  int `json:"traits"`
	Actions int `json:"actions"`
	DockTop int `json:"dockTop"`
}

func bnCheckFirstScreen(t *testing.T, d *tab, what string, wantActions bool) {
	t.Helper()
	evalIn[bool](d, `(() => { window.scrollTo(0, 0); return true; })()`)
	fit := evalIn[bnFit](d, bnScreen)
	if fit.Traits != 4 {
		t.Errorf("%s, %s: %d of the four traits on the first screen above the now bar (dock at %d px); want 4", d.name, what, fit.Traits, fit.DockTop)
	}
	if wantActions && fit.Actions == 0 {
		t.Errorf("%s, %s: no now bar action on the first screen", d.name, what)
	}
	if fit.Height > 2*fit.Screen {
		t.Errorf("%s, %s: the default view is %d px tall; want at most two screens (%d px)", d.name, what, fit.Height, 2*fit.Screen)
	}
}

func bnViewShot(d *tab, dir, label string) {
	d.t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, tabWait)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		d.t.Errorf("%s: screenshot: %v", d.name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, label+".png"), png, 0o644); err != nil {
		d.t.Errorf("%s: save screenshot: %v", d.name, err)
	}
}

func TestBrowserPhoneAroundNow(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) { bnPhoneAroundNow(t, lang) })
	}
}

func bnPhoneAroundNow(t *testing.T, lang string) {
	app := newTestApp(t)
	base := app.url()
	devs := newTabs(t, base, map[string][2]int{"alice": phoneSize(), "bob": phoneSize()})
	alice, bob := devs["alice"], devs["bob"]
	shots := shotDir(t)
	g := app.seatGame(true, bnSix...)

	// Exploration: Alice's turn. Her now bar offers what a turn holds.
	alice.openSeat(g, 1, lang, "Alice")
	bob.openSeat(g, 2, lang, "Bob")
	alice.waitUntil("the now bar's end turn", jsHas(`#now form.now-end_turn button`))
	bnCheckFirstScreen(t, alice, "exploring, on turn", true)
	bnViewShot(alice, shots, "phone-"+lang+"-explore-turn")
	bnCheckFirstScreen(t, bob, "exploring, waiting", false)
	if got := evalIn[string](bob, jsText(`#now .now-text`)); !strings.Contains(got, "Alice") {
		t.Errorf("bob: now bar %q; want whose turn it is (Alice)", got)
	}
	bnViewShot(bob, shots, "phone-"+lang+"-explore-waiting")

	// An omen: the haunt roll owed is one tap on the now bar.
	app.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	alice.waitUntil("the haunt roll in the now bar", jsHas(`#now section.haunt-roll button.primary`))
	bnCheckFirstScreen(t, alice, "a haunt roll owed", true)
	bnViewShot(alice, shots, "phone-"+lang+"-haunt-roll")
	// Real dice make it certain: 0 starts haunt 1, Alice the traitor.
	alice.typeInto(`#now section.haunt-roll input[name=total]`, "0")
	alice.tap(`#now section.haunt-roll button[name=real]`)

	// The reveal opens once as a sheet; one tap closes it; the chip reopens it.
	for _, d := range []*tab{alice, bob} {
		d.waitUntil("the reveal sheet", `!!document.querySelector('#sheet-haunt.open')`)
		bnViewShot(d, shots, "phone-"+lang+"-reveal-"+d.name)
		d.tap(`#sheet-haunt.open [data-close]`)
		d.waitUntil("the reveal sheet closed", `!document.querySelector('#sheet-haunt.open')`)
	}
	bob.tap(`#live .haunt-chip`)
	bob.waitUntil("the reveal reopened", `!!document.querySelector('#sheet-haunt.open')`)
	if got := evalIn[string](bob, jsText(`#sheet-haunt .reveal .hint`)); got == "" {
		t.Errorf("bob: the reopened reveal has no explanation of the traitor")
	}
	bob.tap(`#sheet-haunt.open [data-close]`)
	bob.waitUntil("the reveal sheet closed", `!document.querySelector('#sheet-haunt.open')`)
	bob.do("reload", chromedp.Reload())
	bob.waitUntil("the page again", jsHas(`#now`))
	if evalIn[bool](bob, `!!document.querySelector('#sheet-haunt.open')`) {
		t.Errorf("bob: the reveal sheet opened again after a reload; want it shown once")
	}

	// Everyone else in one line each, with the traitor marked.
	if n := evalIn[int](bob, `document.querySelectorAll('#live .plines a.pline').length`); n != 5 {
		t.Errorf("bob: %d one-line boards; want 5", n)
	}
	if !evalIn[bool](bob, jsHas(`#live .plines .part:first-child a.pline .traitor-mark`)) {
		t.Errorf("bob: Alice's line lacks the traitor mark")
	}
	bnCheckFirstScreen(t, bob, "in the haunt, on turn", true)
	bnCheckFirstScreen(t, alice, "in the haunt, the traitor waiting", false)
	bnViewShot(bob, shots, "phone-"+lang+"-haunt-turn")
	bob.screenshot(shots, "phone-"+lang+"-haunt-turn-full")

	// The attack, counted across the phones: Bob opens the attack (1) and
	// taps Alice (2); Alice's phone defends (3); she loses 2 and puts it
	// all on Might (4) and takes it (5).
	var taps bnTaps
	taps.tap(bob, `#now a[href="#sheet-attack"]`)
	bob.waitUntil("the attack sheet", `!!document.querySelector('#sheet-attack.open')`)
	targets := evalIn[string](bob, `[...document.querySelectorAll('#sheet-attack .targets button')].map(b => b.value).join(",")`)
	if targets != "seat:1" {
		t.Errorf("bob: attack targets %q; want only the traitor (s:1)", targets)
	}
	bnViewShot(bob, shots, "phone-"+lang+"-attack-sheet")
	bob.typeInto(`#sheet-attack input[name=total]`, "4")
	taps.tap(bob, `#sheet-attack .targets button[value="seat:1"]`)
	alice.waitUntil("the defence in the now bar", jsHas(`#now form.defend button.primary`))
	bnCheckFirstScreen(t, alice, "attacked", true)
	bnViewShot(alice, shots, "phone-"+lang+"-defend")
	if evalIn[bool](bob, `!!document.querySelector('#now .later:not([hidden])')`) {
		t.Errorf("bob: rolling the defence for Alice is offered at once; want it after a wait")
	}
	alice.typeInto(`#now form.defend input[name=total]`, "2")
	taps.tap(alice, `#now form.defend button[name=real]`)
	alice.waitUntil("the split in the now bar", jsHas(`#now form.split [data-split-all=might]`))
	bnCheckFirstScreen(t, alice, "splitting damage", true)
	bnViewShot(alice, shots, "phone-"+lang+"-split")
	mightBefore := evalIn[string](alice, jsTrait("Alice", "might"))
	taps.tap(alice, `#now form.split [data-split-all=might]`)
	after := evalIn[string](alice, jsText(`#now form.split .split-row:first-of-type output`))
	if !strings.Contains(after, "→") {
		t.Errorf("alice: the split shows %q for Might; want the value before → after", after)
	}
	taps.tap(alice, `#now form.split button.split-take`)
	alice.waitUntil("the split taken", `!document.querySelector('#now form.split')`)
	if taps.n > 5 {
		t.Errorf("an attack to the loser's split took %d taps across the phones; want at most 5", taps.n)
	}
	t.Logf("%s: attack to split in %d taps", lang, taps.n)
	if got := evalIn[string](alice, jsTrait("Alice", "might")); got == mightBefore {
		t.Errorf("alice: Might still %s after taking 2 damage on it", got)
	}

	// The sections: dice keep their settings after a roll.
	bob.tap(`#live .tabs a[data-tab=dice]`)
	bob.waitUntil("the dice section", `getComputedStyle(document.getElementById('s-dice')).display !== 'none'`)
	bnCheckFirstScreen(t, bob, "dice section", true)
	bob.pick(`#live .roll-form select[name=trait]`, "")
	bob.typeInto(`#live .roll-form input[name=dice]`, "3")
	bob.typeInto(`#live .roll-form input[name=need]`, "4")
	bob.tap(`#live form.roll-form button.primary`)
	bob.waitUntil("the roll", jsHas(`#live .roller .last-roll`))
	bob.settle()
	if got := evalIn[string](bob, `(f => f.dice.value + "/" + f.need.value)(document.querySelector('#live form.roll-form'))`); got != "3/4" {
		t.Errorf("bob: after a roll the roller holds dice/target %q; want 3/4 kept", got)
	}
	bnViewShot(bob, shots, "phone-"+lang+"-dice")
	for _, d := range []*tab{alice, bob} {
		d.checkNoExceptions()
	}
}

// bnAliceLost is three seats in haunt 1 (Alice the traitor) where Bob's
// attack of attack beat Alice's defence of defence, and a phone for Alice.
func bnAliceLost(t *testing.T, attack, defence int) (*testApp, testGame, *tab) {
	t.Helper()
	app := newTestApp(t)
	alice := newTabs(t, app.url(), map[string][2]int{"alice": phoneSize()})["alice"]
	g := app.seatGame(true, bnSix[:3]...)
	app.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	app.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	app.act(g, g.seats[1], map[string]any{"type": "attack", "target": map[string]any{"seat": 1}, "trait": "might", "total": attack})
	app.act(g, g.seats[0], map[string]any{"type": "defend", "total": defence})
	return app, g, alice
}

// TestBrowserPhoneSplitKills: a split that kills says so before it is taken.
func TestBrowserPhoneSplitKills(t *testing.T) {
	// Bob attacks Alice (the traitor) and wins by 10: more than her Speed.
	_, g, alice := bnAliceLost(t, 10, 0)
	alice.openSeat(g, 1, "en", "Alice")
	alice.waitUntil("the split", jsHas(`#now form.split [data-split-all=speed]`))
	if evalIn[bool](alice, `!document.querySelector('#now form.split .kill').hidden`) {
		t.Errorf("alice: the kill warning shows before any damage is set")
	}
	alice.tap(`#now form.split [data-split-all=speed]`)
	if evalIn[bool](alice, `document.querySelector('#now form.split .kill').hidden`) {
		t.Errorf("alice: all the damage on Speed kills, and the split does not say so: %s", evalIn[string](alice, `document.querySelector('#now form.split').outerHTML`))
	}
	if got := evalIn[string](alice, jsText(`#now form.split .kill`)); !strings.Contains(got, "kills") {
		t.Errorf("alice: kill warning %q", got)
	}
	alice.checkNoExceptions()
}

// TestBrowserPhoneWithoutScript: with JavaScript off the player page is
// plain forms: every section shows, a sheet opens as a link's target, and
// the damage split is typed and taken with a normal post.
func TestBrowserPhoneWithoutScript(t *testing.T) {
	app, g, alice := bnAliceLost(t, 4, 2)
	st := app.publicState(g)
	_, might0 := traitOf(t, st, "Alice", "might")

	ctx, cancel := context.WithTimeout(alice.ctx, tabWait)
	defer cancel()
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatalf("turn scripts off: %v", err)
	}
	alice.setCookie("lantern_seat_"+g.code, g.seats[0], true)
	alice.setCookie("lantern_lang", "en", false)
	alice.open("/g/" + g.code)
	alice.waitText("own board", jsOwnName, "Alice")
	if evalIn[bool](alice, `document.documentElement.classList.contains('js')`) {
		t.Fatalf("the page's script ran; want it off")
	}
	for _, id := range []string{"s-board", "s-dice", "s-cards", "s-haunt", "s-rules"} {
		if evalIn[string](alice, `getComputedStyle(document.getElementById(`+jsString(id)+`)).display`) == "none" {
			t.Errorf("without the script the section %s is hidden; want every section shown", id)
		}
	}
	if evalIn[int](alice, `document.querySelector('#now form.split [data-split-all]').getClientRects().length`) != 0 {
		t.Errorf("without the script the split's one-tap buttons show, and would do nothing")
	}
	// A one-line board opens its full board as the link's target.
	alice.click(`#live .plines a.pline`)
	alice.waitUntil("the board sheet as a target", `getComputedStyle(document.getElementById('sheet-seat-2')).display === 'block'`)
	alice.click(`#sheet-seat-2 [data-close]`)
	alice.waitUntil("the sheet closed", `getComputedStyle(document.getElementById('sheet-seat-2')).display === 'none'`)

	alice.typeInto(`#now form.split input[name="split.might"]`, "2")
	alice.click(`#now form.split button.split-take`)
	st = app.stateAfter(g, st.Version)
	if _, might1 := traitOf(t, st, "Alice", "might"); might1.Position != might0.Position-2 {
		t.Errorf("server: Alice's might position %d → %d after a typed split of 2; want −2", might0.Position, might1.Position)
	}
	alice.waitUntil("the page after the post", `!document.querySelector('#now form.split')`)
}
