package web_test

import (
	"fmt"
	"testing"
)

// TestBrowserStepShowsAtOnce: a tap on a trait's + moves the clip before
// the server answers (where the server said it leads), and the answer
// confirms it; a tap that never got through puts the clip back and says the
// phone is offline, rather than showing a change that was not made.
func TestBrowserStepShowsAtOnce(t *testing.T) {
	app := newTestApp(t)
	g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	alice := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
	alice.openSeat(g, 1, "en", "Alice")
	alice.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
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
	alice.checkNoExceptions()
}
