package web_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestBrowserStepShowsAtOnce: a tap on a trait's + moves the clip before
// the server answers (where the server said it leads), and the answer
// confirms it; a tap that never got through puts the clip back and says the
// phone is offline, rather than showing a change that was not made.
func TestBrowserStepShowsAtOnce(t *testing.T) {
	app, g, alice := alicePhone(t)
	const clip = `[...document.querySelectorAll('#live .board [data-trait=might] .track .cell')].findIndex(c => c.classList.contains('on'))`
	const plus = `#live .board [data-trait=might] button.step[value="1"]`
	before := evalIn[int](alice, clip)

	// The post fails (no network): the clip goes back.
	app.dropPosts.Store(true)
	alice.tap(plus)
	alice.waitUntil("the offline note", `!document.getElementById('conn').hidden`)
	if got := evalIn[int](alice, clip); got != before {
		t.Errorf("a step never sent left the clip at %d, want it back at %d", got, before)
	}
	if evalIn[bool](alice, `document.querySelector(`+jsString(plus)+`).disabled`) {
		t.Error("the + button stayed disabled after a failed post")
	}

	// Sent: the clip moves at once and the answer confirms it.
	app.dropPosts.Store(false)
	v := evalIn[int](alice, `+document.getElementById('live').dataset.version`)
	alice.click(plus)
	if got := evalIn[int](alice, clip); got != before+1 {
		t.Errorf("right after the tap the clip is at %d, want %d", got, before+1)
	}
	alice.waitUntil("the answer", fmt.Sprintf(`+document.getElementById('live').dataset.version > %d`, v))
	st := app.publicState(g)
	if got, want := evalIn[int](alice, clip), st.Seats[0].Traits.Of("might").Position; got != want {
		t.Errorf("after the answer the clip is at %d, the server says %d", got, want)
	}

	// Another phone's change shows too: the one stream brings both.
	w := app.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
	alice.waitUntil("Bob's change", fmt.Sprintf(`+document.getElementById('live').dataset.version >= %d`, w))
	alice.checkNoExceptions()
}

// TestBrowserUnansweredTapLetsGo: a tap whose answer never comes (the Wi-Fi
// went quiet) holds neither its form nor the page. Other phones' changes
// show meanwhile (the stream is the page's one channel); after the wait
// (10 s) the post is given up, the page shows the game as it is (the step
// it showed at once was never made), the step shows if the post reaches
// the game after all, and the next tap goes through.
func TestBrowserUnansweredTapLetsGo(t *testing.T) {
	app := newTestApp(t)
	g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	alice := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
	alice.openSeat(g, 1, "en", "Alice")
	const clip = `[...document.querySelectorAll('#live .board [data-trait=might] .track .cell')].findIndex(c => c.classList.contains('on'))`
	const plus = `#live .board [data-trait=might] button.step[value="1"]`
	before := evalIn[int](alice, clip)

	alice.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
	app.holdPosts.Store(true)
	alice.click(plus)
	// Bob steps while Alice's post hangs: it shows at once.
	w := app.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
	alice.waitUntil("Bob's change", fmt.Sprintf(`+document.getElementById('live').dataset.version >= %d`, w))
	if got := evalIn[int](alice, clip); got != before+1 {
		t.Errorf("while the post hangs the clip is at %d; want the step shown, %d", got, before+1)
	}
	// Given up: the clip where the game has it, and no "not sent": it may
	// yet reach the game.
	alice.waitUntil("the clip where the game has it", fmt.Sprintf(`%s === %d`, clip, before))
	if !evalIn[bool](alice, `document.getElementById('toast').hidden`) {
		t.Error("a post given up on says it was not sent: it may have reached the game")
	}
	// The post reaches the game after all: the stream shows the step.
	app.holdPosts.Store(false)
	app.releasePosts()
	alice.waitUntil("the late step", fmt.Sprintf(`%s === %d`, clip, before+1))
	v := app.publicState(g).Version

	alice.tap(plus)
	alice.waitUntil("the tap's change", fmt.Sprintf(`+document.getElementById('live').dataset.version > %d`, v))
	if got, want := evalIn[int](alice, clip), app.publicState(g).Seats[0].Traits.Of("might").Position; got != want || got != before+2 {
		t.Errorf("after the next tap the clip is at %d; the game says %d, from %d", got, want, before+1)
	}
	alice.checkNoExceptions()
}

// TestBrowserCardShowsInHandAtOnce: a card picked from a deck that the
// server marked as kept (data-hand) shows in the phone's hand line in the
// tap's own frame; a post that fails takes it out again, and the game's
// answer keeps it. A card not kept (most events) is not marked.
func TestBrowserCardShowsInHandAtOnce(t *testing.T) {
	app, _, alice := alicePhone(t)
	const hand = `document.querySelector('#live [data-part="me-hand"]').textContent`
	const tapIdol = `(document.querySelector('#live form.picks button.pick[value="idol"]').click(), ` + hand + `)`
	if !evalIn[bool](alice, `document.querySelector('#live form.picks button.pick[value="idol"]').hasAttribute('data-hand')`) {
		t.Fatal("the Idol (an item, kept) is not marked data-hand")
	}
	if n := evalIn[int](alice, `document.querySelectorAll('#live form.picks button.pick:not([data-hand])').length`); n == 0 {
		t.Error("every card in the picker is marked data-hand; events that are not kept must not be")
	}

	// The post fails (no network): the card leaves the hand line again.
	app.dropPosts.Store(true)
	if got := evalIn[string](alice, tapIdol); !strings.Contains(got, "Idol") {
		t.Errorf("right after the tap the hand line reads %q, want the Idol in it", got)
	}
	alice.waitUntil("the offline note", `!document.getElementById('conn').hidden`)
	if got := evalIn[string](alice, hand); strings.Contains(got, "Idol") {
		t.Errorf("a card never sent stayed in the hand line: %q", got)
	}

	// Sent: it shows at once and the game's answer keeps it.
	app.dropPosts.Store(false)
	v := evalIn[int](alice, `+document.getElementById('live').dataset.version`)
	if got := evalIn[string](alice, tapIdol); !strings.Contains(got, "Idol") {
		t.Errorf("right after the tap the hand line reads %q, want the Idol in it", got)
	}
	alice.waitUntil("the answer", fmt.Sprintf(`+document.getElementById('live').dataset.version > %d`, v))
	if got := evalIn[string](alice, hand); !strings.Contains(got, "Idol") {
		t.Errorf("after the answer the hand line reads %q, want the Idol in it", got)
	}
	alice.checkNoExceptions()
}

// TestBrowserDoubleTapSteps: two quick taps on + are two steps, as on the
// clip: the second waits for the first's change to reach the page (the
// game refuses a step from an older version of the seat), then goes.
func TestBrowserDoubleTapSteps(t *testing.T) {
	app, g, alice := alicePhone(t)
	might := func() int { return app.publicState(g).Seats[0].Traits.Of("might").Position }
	before := might()
	v := app.publicState(g).Version
	// + + at once, then − − 40 ms apart: four steps, back where it was.
	for i, tap := range []struct{ delta, pause int }{{1, 0}, {-1, 40}} {
		step := jsString(fmt.Sprintf(`#live .board [data-trait=might] button.step[value="%d"]`, tap.delta))
		evalIn[bool](alice, fmt.Sprintf(`new Promise(done => { document.querySelector(%s).click(); setTimeout(() => { document.querySelector(%s).click(); done(true); }, %d); })`, step, step, tap.pause))
		want := v + 2*(i+1)
		app.stateAfter(g, want-1)
		alice.waitUntil("the phone caught up", fmt.Sprintf(`+document.getElementById('live').dataset.version >= %d && document.getElementById('live').dataset.sync === 'live'`, want))
		if i == 0 && might() != before+2 {
			t.Errorf("two quick taps on + moved Might from %d to %d, want %d", before, might(), before+2)
		}
	}
	if got := might(); got != before {
		t.Errorf("+ + − − left Might at %d, want %d", got, before)
	}
	if n := evalIn[int](alice, `document.querySelectorAll('#live .error[role=alert]').length`); n != 0 {
		t.Errorf("the page shows %d refusals after quick taps", n)
	}
	alice.checkNoExceptions()
}

// alicePhone is a two-seat game on Alice's turn with Alice's phone (390×844,
// English) open and its stream connected.
func alicePhone(t *testing.T) (*testApp, testGame, *tab) {
	t.Helper()
	app := newTestApp(t)
	g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	alice := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
	alice.openSeat(g, 1, "en", "Alice")
	alice.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
	return app, g, alice
}

// TestBrowserDeckFilterKept: what a player typed in a deck's filter (*I
// drew…*; the filter has no form) stays when the cards part is drawn anew
// (here the host draws a card for them): the text, the deck narrowed by it,
// the focus and the caret.
func TestBrowserDeckFilterKept(t *testing.T) {
	app, g, alice := alicePhone(t)
	alice.section("cards")
	evalIn[bool](alice, `(document.querySelector('#live details.drew').open = true)`)
	const filter = `#live .draw:has(button.pick[value="idol"]) input.pick-filter`
	alice.typeInto(filter, "ido")
	v := app.act(g, g.host, map[string]any{"type": "draw_card", "seat": 1, "card": "bell"})
	alice.waitUntil("the host's card", fmt.Sprintf(`+document.getElementById('live').dataset.version >= %d`, v))
	alice.waitUntil("the bell in the hand", `document.querySelector('#live [data-part="me-hand"]').textContent.includes('Bell')`)
	if got := evalIn[string](alice, `document.querySelector('`+filter+`').value`); got != "ido" {
		t.Errorf("the filter reads %q after the update, want %q", got, "ido")
	}
	if got := evalIn[[]string](alice, `[...document.querySelector('`+filter+`').parentNode.querySelectorAll('.pick')].filter(b => !b.hidden).map(b => b.value)`); !slices.Equal(got, []string{"idol"}) {
		t.Errorf("the deck shows %q after the update, want only the Idol", got)
	}
	if !evalIn[bool](alice, `document.activeElement === document.querySelector('`+filter+`')`) {
		t.Error("the filter lost the focus")
	}
	if got := evalIn[int](alice, `document.querySelector('`+filter+`').selectionStart`); got != 3 {
		t.Errorf("the caret is at %d after the update, want 3 (the end of what was typed)", got)
	}
	alice.checkNoExceptions()
}

// TestBrowserPickedListCloses: a list a pick was made from (the room tiles
// of *I discovered a room*, a deck of *I drew…*) closes once the game took
// the pick: the room's or card's text shows, not the 40 tiles under it.
// A list open on another phone's change stays open.
func TestBrowserPickedListCloses(t *testing.T) {
	app, g, alice := alicePhone(t)
	const open = `!!document.querySelector('#live details.discover[open]')`
	evalIn[bool](alice, `(document.querySelector('#live details.discover').open = true)`)
	w := app.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
	alice.waitUntil("Bob's change", fmt.Sprintf(`+document.getElementById('live').dataset.version >= %d`, w))
	if !evalIn[bool](alice, open) {
		t.Error("another phone's change closed the room list Alice had open")
	}
	v := evalIn[int](alice, `+document.getElementById('live').dataset.version`)
	evalIn[bool](alice, `(document.querySelector("#live details.discover form.tiles button.tile").click(), true)`)
	alice.waitUntil("the room placed", fmt.Sprintf(`+document.getElementById('live').dataset.version > %d`, v))
	if evalIn[bool](alice, open) {
		t.Error("the room list stays open after the room was placed")
	}
	alice.checkNoExceptions()
}
