package web_test

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// BenchmarkTapLatency is what a player feels when they tap: real Chromium at
// phone size (390×844), three phones of a six-seat game in exploring (cards
// in hands, a long log) open, one of them slowed as a cheap phone (Chrome's
// own throttling, 6× unless LANTERN_CPU_SLOWDOWN says otherwise). The ops
// take turns: a tap on − or + of the first phone's Might, and a card drawn
// from its *I drew…* list (the host then undoes it), each timed once on the
// tapping phone (slowed; the others at full speed) and once on a watching
// phone (slowed, in turn; the tapper at full speed). One page is slowed at a
// time because the throttle spins a core per slowed page: on two cores, more
// would measure the machine. A tap is made once every phone shows the last
// one and a person's glance later (tapPause); the pages note the times
// themselves and the harness reads them only once the tap settled. A − / +
// is a trusted tap in the button's middle (input.DispatchMouseEvent); the
// deck's list lies on the Cards tab, so a script's click stands for a card's
// tap. Every time runs from the tap event's own time. It reports p50 and
// p95 of tap → the tapping phone's screen (own-step: the frame painted
// after the tap, as Chrome's Event Timing measures it for INP, the step's
// preview in it; own-card: the card's version shown, then a frame drawn)
// and tap → the watching phone's (others-*: its version marker moved, then
// a frame).
//
//	go test -run '^$' -bench TapLatency -benchtime 80x ./internal/web/
func BenchmarkTapLatency(b *testing.B) {
	slowdown := 6.0
	if v, err := strconv.ParseFloat(os.Getenv("LANTERN_CPU_SLOWDOWN"), 64); err == nil && v >= 1 {
		slowdown = v
	}
	app := newTestApp(b)
	g := app.seatGame(true,
		[2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"}, [2]string{"Carol", "vivian-lopez"},
		[2]string{"Dan", "father-rhinehardt"}, [2]string{"Eve", "peter-akimoto"}, [2]string{"Finn", "heather-granville"})
	for i, card := range []string{"bell", "revolver", "candle", "lucky-stone", "armor", "axe"} {
		app.act(g, g.host, map[string]any{"type": "draw_card", "seat": i + 1, "card": card})
	}
	for i := range 120 { // the log's length the pages show, and more
		app.act(g, g.host, map[string]any{"type": "step_trait", "seat": i%3 + 4, "trait": "knowledge", "delta": 1 - 2*(i/3%2)})
	}

	names := []string{"Alice", "Bob", "Carol"}
	sizes := map[string][2]int{}
	for _, n := range names {
		sizes[n] = phoneSize()
	}
	tabs := newTabs(b, app.url(), sizes)
	phones := make([]*tab, len(names))
	for i, n := range names {
		d := tabs[n]
		d.openSeat(g, i+1, "en", n)
		d.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
		// shown[v] is when version v was on the screen: the page's marker
		// moved, then the frame after it was drawn.
		// The page notes the times itself and answers one awaited call per
		// wait: the harness never polls a slowed page (each poll would be
		// work on its main thread, in the way of what is measured).
		evalIn[bool](d, `(() => {
			const live = document.getElementById('live');
			let waiting = [];
			const note = () => { waiting = waiting.filter(w => !w()); };
			// __when(test) resolves with test's value once it has one.
			window.__when = test => new Promise(resolve => {
				const w = () => { const v = test(); if (v) resolve(v); return !!v; };
				if (!w()) waiting.push(w);
			});
			window.__shown = {};
			new MutationObserver(() => {
				const v = live.dataset.version;
				requestAnimationFrame(() => setTimeout(() => { if (!(v in window.__shown)) window.__shown[v] = Date.now(); note(); }, 0));
			}).observe(live, {attributes: true, attributeFilter: ['data-version']});
			// tapAt holds when each tap happened (its event's time), and
			// painted the time from each trusted tap to the next frame
			// painted after it, as Chrome's Event Timing (INP) measures it:
			// only taps of 16 ms or more are reported, the rest count 16.
			window.__tapAt = [];
			document.addEventListener('click', e => { window.__tapAt.push(performance.timeOrigin + e.timeStamp); }, true);
			window.__painted = [];
			new PerformanceObserver(list => {
				for (const e of list.getEntries()) if (e.name === 'click') window.__painted.push(e.duration);
				note();
			}).observe({type: 'event', durationThreshold: 16});
			return true;
		})()`)
		phones[i] = d
	}

	throttle := func(d *tab, rate float64) {
		if _, err := chromedp.Call(d.ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate}); err != nil {
			b.Fatalf("slow the CPU: %v", err)
		}
	}
	rates := make([]float64, len(phones))
	times := map[string][]float64{}
	delta := 1
	b.ResetTimer()
	for op := 0; b.Loop(); op++ {
		card := op/2%2 == 1 // a card drawn, else a − / +
		slowed := 0         // the tapping phone: own
		if op%2 == 1 {
			slowed = 1 + op/4%2 // a watching phone, in turn: others
		}
		for i, d := range phones {
			rate := 1.0
			if i == slowed {
				rate = slowdown
			}
			if rates[i] != rate {
				rates[i] = rate
				throttle(d, rate)
			}
		}
		version := app.publicState(g).Version
		// The tapper's screen: the Board tab for a − / +, the Cards tab
		// (the deck's list, its button in the middle) for a card.
		tabName, sel := "cards", `#live form.picks button.pick[value="idol"]`
		if !card {
			delta = -delta
			tabName, sel = "board", fmt.Sprintf(`#live .board [data-trait=might] button.step[value="%d"]`, delta)
		}
		evalIn[bool](phones[0], `(() => { if (document.body.dataset.tab !== `+jsString(tabName)+`) document.querySelector('#live .tabs a[data-tab=`+tabName+`]').click(); const drew = document.querySelector('#live details.drew'); if (drew && `+jsString(tabName)+` === 'cards') drew.open = true; return true; })()`)
		for _, d := range phones {
			d.waitUntil("the phone caught up", fmt.Sprintf(`+document.getElementById('live').dataset.version >= %d`, version))
		}
		// A person taps again after seeing the last tap land; the phones'
		// work for it (the parts held back while hidden) is done by then.
		time.Sleep(tapPause)
		painted := evalIn[int](phones[0], `window.__painted.length`)
		taps := evalIn[int](phones[0], `window.__tapAt.length`)
		// A trusted tap in the middle of the button, as a finger's (the
		// button scrolled to the screen's middle first).
		at := evalIn[[]float64](phones[0], `(() => { const b = document.querySelector(`+jsString(sel)+`); b.scrollIntoView({block: "center"}); const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`)
		for _, kind := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
			if _, err := chromedp.Call(phones[0].ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: kind, X: at[0], Y: at[1], Button: input.MouseButtonLeft, Buttons: 1, ClickCount: 1}); err != nil {
				b.Fatalf("tap: %v", err)
			}
		}
		start := evalIn[float64](phones[0], fmt.Sprintf(`window.__when(() => window.__tapAt[%d])`, taps))
		next := strconv.Itoa(version + 1)
		kind := "step"
		if card {
			kind = "card"
		}
		switch {
		case slowed == 0:
			times["own-"+kind] = append(times["own-"+kind], waitPainted(phones[0], painted))
			if card { // the card's text too: the game's answer, by the stream
				times["own-card-answered"] = append(times["own-card-answered"], waitShown(phones[0], next)-start)
			}
		default:
			times["others-"+kind] = append(times["others-"+kind], waitShown(phones[slowed], next)-start)
		}
		for _, d := range phones {
			waitShown(d, next)
		}
		if card {
			app.act(g, g.host, map[string]any{"type": "undo"})
		}
	}
	b.StopTimer()
	for _, d := range phones {
		d.checkNoExceptions()
	}
	for _, name := range []string{"own-step", "others-step", "own-card", "own-card-answered", "others-card"} {
		ms := times[name]
		if len(ms) == 0 {
			continue
		}
		slices.Sort(ms)
		at := func(q float64) float64 { return ms[min(len(ms)-1, int(q*float64(len(ms))))] }
		b.ReportMetric(at(0.50), name+"-p50-ms")
		b.ReportMetric(at(0.95), name+"-p95-ms")
	}
	b.ReportMetric(slowdown, "cpu-slowdown")
}

// tapPause is how long a person looks at the table before tapping again.
const tapPause = 300 * time.Millisecond

// waitPainted is the duration of the tap after the first seen ones (16 ms
// when Chrome reported none: it reports 16 ms and more).
func waitPainted(d *tab, seen int) float64 {
	d.t.Helper()
	return evalIn[float64](d, fmt.Sprintf(`new Promise(done => { window.__when(() => window.__painted[%d]).then(done); setTimeout(() => done(16), 2000); })`, seen))
}

// waitShown is when the phone showed version v (Date.now() in ms).
func waitShown(d *tab, v string) float64 {
	d.t.Helper()
	return evalIn[float64](d, `window.__when(() => window.__shown[`+jsString(v)+`])`)
}
