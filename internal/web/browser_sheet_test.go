package web_test

// Browser tests of the phone's sheets: what a person sees inside a sheet
// that covers the page.

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserAttackSheetDiceAndRefusal: the attack sheet says how many
// dice each trait rolls (the engine's Options: attack.dice), and a real
// total beyond them is refused where the player is looking — inside the
// sheet, with the toast above it — not only in the status line under it.
func TestBrowserAttackSheetDiceAndRefusal(t *testing.T) {
	app := newTestApp(t)
	g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	app.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	app.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	st := app.publicState(g)
	if st.Turn.Seat != 2 {
		t.Fatalf("after the reveal the turn is seat %d's; want Bob's (2)", st.Turn.Seat)
	}
	_, might := traitOf(t, st, "Bob", "might")
	dice := max(min(might.Value, 8), 1)

	bob := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
	bob.openSeat(g, 2, "en", "Bob")
	bob.tap(`#now a[href="#sheet-attack"]`)
	bob.waitUntil("the attack sheet", `!!document.querySelector('#sheet-attack.open')`)
	want := fmt.Sprintf("🎲 With Might: %d dice, a total of 0 to %d.", dice, 2*dice)
	if got := evalIn[string](bob, jsText(`#sheet-attack .attack-dice li`)); got != want {
		t.Errorf("the attack sheet's dice: %q; want %q", got, want)
	}

	bob.typeInto(`#sheet-attack input[name=total]`, fmt.Sprint(2*dice+1))
	bob.tap(`#sheet-attack button[name=target][value="seat:1"]`)
	refusal := fmt.Sprintf("The total must be between 0 and %d.", 2*dice)
	bob.waitText("the refusal inside the sheet", jsText(`#sheet-attack.open .sheet-error`), refusal)
	// The toast is on top: the point at its middle is the toast itself.
	onTop := `(() => { const t = document.getElementById('toast'); if (t.hidden) return false;
		const r = t.getBoundingClientRect(); const el = document.elementFromPoint(r.left + r.width/2, r.top + r.height/2);
		return !!el && t.contains(el); })()`
	bob.waitUntil("the toast above the sheet", onTop)
	if got := evalIn[string](bob, `document.querySelector('#sheet-attack input[name=total]').value`); got != fmt.Sprint(2*dice+1) {
		t.Errorf("after the refusal the typed total is %q; want it kept to correct", got)
	}
	bob.screenshot(shotDir(t), "attack-refused-in-sheet")

	// A good total clears it: the attack is made.
	bob.setValue(`#sheet-attack input[name=total]`, fmt.Sprint(dice)) // the wrong digits deleted and retyped
	bob.tap(`#sheet-attack button[name=target][value="seat:1"]`)
	bob.waitUntil("the attack made", `/Waiting for Alice/.test(document.querySelector("#live .attack-status")?.textContent || "")`)
	if evalIn[bool](bob, jsHas(`#live .sheet-error`)) {
		t.Errorf("the refusal stays in the sheet after the attack was made")
	}
}

// TestBrowserOmenWithoutRoomShowsTheField: tapping an omen before its room
// is chosen is refused by the browser, which points at the room field:
// that field is brought to the middle of the screen, clear of the sticky
// header and the now bar, so the note beside it is seen.
func TestBrowserOmenWithoutRoomShowsTheField(t *testing.T) {
	app := newTestApp(t)
	g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	alice := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
	alice.openSeat(g, 1, "en", "Alice")
	alice.section("cards")
	alice.tap(`#live details.drew > summary`)
	alice.waitUntil("the omen picker", jsHas(`#live form.omen-pick button[value=girl]`))
	// Scroll so the room field is above the screen, as after reading down.
	alice.do("scroll to the omens", chromedp.ScrollIntoView(`#live form.omen-pick button[value=girl]`))
	alice.click(`#live form.omen-pick button[value=girl]`)
	alice.waitUntil("the room field on screen, clear of the header and the now bar", `(() => {
		const f = document.querySelector('#live form.omen-pick fieldset.room-pick').getBoundingClientRect();
		const head = document.querySelector('header.bar');
		const top = head ? head.getBoundingClientRect().bottom : 0;
		const dock = document.querySelector('.dock');
		const bottom = dock ? dock.getBoundingClientRect().top : innerHeight;
		return f.top >= top && f.top < bottom - 20;
	})()`)
	if st := app.publicState(g); len(st.Omens) != 0 {
		t.Errorf("an omen without its room was recorded: %v", st.Omens)
	}
}

// TestBrowserRefusalToldOnceWhenSeen: a refusal shown in the status line
// where the person can see it is not told again in a toast over the now
// bar; scrolled out of sight, it is.
func TestBrowserRefusalToldOnceWhenSeen(t *testing.T) {
	app := newTestApp(t)
	g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	refuse := func(d *tab) (seen, toast bool) {
		t.Helper()
		// The page acts on a version the game has left: a stale page.
		v := app.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
		d.waitUntil("Alice's step", fmt.Sprintf(`document.querySelector('#live input[name=version]').value === "%d"`, v))
		// Tapped where the page is scrolled to: its top on a tall screen,
		// its end on a short one; all at once, so no update comes between.
		evalIn[bool](d, `(() => { document.querySelectorAll('#live input[name=version]').forEach(e => e.value = '1');
			window.scrollTo(0, document.body.scrollHeight);
			const b = document.querySelector('#live .board [data-trait=sanity] button[value="1"]'); b.form.requestSubmit(b); return true; })()`)
		d.waitText("the refusal", jsText(`#live .error[role=alert]`), "The table changed while you were deciding. Here is the current board; try again.")
		d.settle()
		return evalIn[bool](d, `(() => { const r = document.querySelector('#live .error[role=alert]').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`),
			!evalIn[bool](d, `document.getElementById('toast').hidden`)
	}
	tall := newTab(t, app.url(), 390, 2400)
	tall.openSeat(g, 2, "en", "Bob")
	if seen, toast := refuse(tall); !seen || toast {
		t.Errorf("a phone that shows the whole page: refusal in view %v, toast %v; want in view and no toast", seen, toast)
	}
	// On a short screen, scrolled down, the status line is out of sight.
	short := newTab(t, app.url(), 390, 480)
	short.openSeat(g, 2, "en", "Bob")
	if seen, toast := refuse(short); seen || !toast {
		t.Errorf("a phone scrolled down: refusal in view %v, toast %v; want out of view and a toast", seen, toast)
	}
}
