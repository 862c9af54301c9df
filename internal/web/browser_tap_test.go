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
	// What the page hears from its sender worker: answers to posts, and
	// the stream's messages (static/send.js).
	alice.beforeScripts(`(() => {
		const Real = window.Worker;
		window.__fromWorker = { answers: 0, stream: 0 };
		window.Worker = function (url) {
			const w = new Real(url);
			w.addEventListener('message', e => { if (e.data.stream) window.__fromWorker.stream++; else if (e.data.id) window.__fromWorker.answers++; });
			return w;
		};
	})()`)
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

	// The posts and the stream went through the worker, not the page.
	w := app.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
	alice.waitUntil("Bob's change", fmt.Sprintf(`+document.getElementById('live').dataset.version >= %d`, w))
	if got := evalIn[map[string]int](alice, `window.__fromWorker`); got["answers"] < 2 || got["stream"] < 2 {
		t.Errorf("from the sender worker: %v; want the two posts' answers and the stream's messages", got)
	}
	alice.checkNoExceptions()
}

// TestBrowserWithoutSenderWorker: where the sender worker can't start (its
// script missing) or can't hold a stream (a browser without EventSource in
// workers), the page posts and follows the game itself: a tap lands, and
// another phone's change shows.
func TestBrowserWithoutSenderWorker(t *testing.T) {
	for name, stub := range map[string]string{
		// The worker's script is not found: its error event.
		"no script": `(() => { const Real = window.Worker; window.Worker = function () { return new Real('/static/no-such-sender.js'); }; })()`,
		// The worker runs but answers every stream it is asked for with
		// "unheld", as send.js does where workers have no EventSource.
		"no stream": `(() => {
			const Real = window.Worker;
			window.Worker = function (url) {
				const w = new Real(url), send = w.postMessage.bind(w);
				w.postMessage = m => {
					if (m && m.open) { setTimeout(() => w.dispatchEvent(new MessageEvent('message', { data: { stream: 'unheld', no: m.no } })), 0); return; }
					send(m);
				};
				return w;
			};
		})()`,
	} {
		t.Run(name, func(t *testing.T) {
			app := newTestApp(t)
			g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
			alice := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
			alice.beforeScripts(stub)
			alice.openSeat(g, 1, "en", "Alice")
			if !evalIn[bool](alice, `window.Worker.toString().indexOf('[native code]') < 0`) {
				t.Fatal("the page's Worker is the browser's own, not the test's")
			}
			alice.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
			v := evalIn[int](alice, `+document.getElementById('live').dataset.version`)
			alice.tap(`#live .board [data-trait=might] button.step[value="1"]`)
			alice.waitUntil("the tap's answer", fmt.Sprintf(`+document.getElementById('live').dataset.version > %d`, v))
			if got := app.publicState(g).Version; got != v+1 {
				t.Errorf("after one tap the game is at version %d, want %d", got, v+1)
			}
			w := app.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
			alice.waitUntil("Bob's change", fmt.Sprintf(`+document.getElementById('live').dataset.version >= %d`, w))
			alice.checkNoExceptions()
		})
	}
}

// TestBrowserUnansweredTapLetsGo: a tap whose answer never comes (the Wi-Fi
// went quiet) holds neither its form nor the page. After the wait the page
// shows the game as it is (the step it showed at once was never made),
// other phones' changes show again, the step shows if the post reaches the
// game after all, and the next tap goes through. A
// sender worker that never starts is let go after the same wait: the page
// then sends and follows the game itself.
func TestBrowserUnansweredTapLetsGo(t *testing.T) {
	for name, stub := range map[string]string{
		"worker": ``,
		"page":   `window.Worker = undefined;`,
		// A worker the browser never starts: no message, no error.
		"worker never starts": `window.Worker = function () { return { postMessage() {}, terminate() {} }; };`,
	} {
		t.Run(name, func(t *testing.T) {
			app := newTestApp(t)
			g := app.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
			alice := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
			alice.beforeScripts(`window.lanternAnswerWait = 1500;` + stub)
			alice.openSeat(g, 1, "en", "Alice")
			const clip = `[...document.querySelectorAll('#live .board [data-trait=might] .track .cell')].findIndex(c => c.classList.contains('on'))`
			const plus = `#live .board [data-trait=might] button.step[value="1"]`
			before := evalIn[int](alice, clip)
			v := evalIn[int](alice, `+document.getElementById('live').dataset.version`)

			if name != "worker never starts" { // that page follows the game itself once it lets the worker go
				alice.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
				app.holdPosts.Store(true)
				alice.click(plus)
				// Bob steps while Alice's post hangs: it shows once her page lets
				// the post go, with her clip where the game has it.
				w := app.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
				alice.waitUntil("Bob's change", fmt.Sprintf(`+document.getElementById('live').dataset.version >= %d`, w))
				alice.waitUntil("the clip where the game has it", fmt.Sprintf(`%s === %d`, clip, before))
				if !evalIn[bool](alice, `document.getElementById('toast').hidden`) {
					t.Error("a post given up on says it was not sent: it may have reached the game")
				}
				// The post reaches the game after all: its answer is lost, and the
				// page shows the step by its stream.
				app.holdPosts.Store(false)
				app.releasePosts()
				alice.waitUntil("the late step", fmt.Sprintf(`%s === %d`, clip, before+1))
				before++
				v = app.publicState(g).Version
			}
			alice.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
			alice.tap(plus)
			alice.waitUntil("the tap's answer", fmt.Sprintf(`+document.getElementById('live').dataset.version > %d`, v))
			if got, want := evalIn[int](alice, clip), app.publicState(g).Seats[0].Traits.Of("might").Position; got != want || got != before+1 {
				t.Errorf("after the next tap the clip is at %d; the game says %d, from %d", got, want, before)
			}
			alice.checkNoExceptions()
		})
	}
}
