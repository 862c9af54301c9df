package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestBrowserPlayAgain: a finished game's Play again on the table brings
// its four phones (390×844) into the next game's seating, by themselves:
// no QR code scanned, at most two taps per phone, names and languages
// kept, the seats in the order they sat, the start player suggested by the
// birthday rule again.
func TestBrowserPlayAgain(t *testing.T) {
	a := newTestApp(t)
	g := a.newGame(4, true)
	a.finish(g)
	tabs := newTabs(t, a.url(), map[string][2]int{
		"table": tableSize(), "p1": phoneSize(), "p2": phoneSize(), "p3": phoneSize(), "p4": phoneSize(),
	})
	tbl := tabs["table"]
	tbl.openTable(g, 4)
	phones := make([]*tab, 4)
	for i := range phones {
		phones[i] = tabs[fmt.Sprintf("p%d", i+1)]
		phones[i].openSeat(g, i+1, "en", testNames[i])
		phones[i].waitUntil("the stream", `document.getElementById('live').dataset.stream === 'open'`)
	}

	tbl.tap(`[data-again]`)
	tbl.waitUntil("the next game's table", `location.pathname.endsWith('/table') && !location.pathname.includes(`+jsString(g.code)+`)`)
	next := a.tables.Next(g.code)
	if next == "" || evalIn[string](tbl, `location.pathname`) != "/g/"+next+"/table" {
		t.Fatalf("the table is not on the next game (%q)", next)
	}

	// The phones join in another order than they sat.
	for _, i := range []int{2, 0, 3, 1} {
		p := phones[i]
		taps := &bnTaps{}
		p.waitUntil("the next game's offer", jsHas(`#next-game[data-code="`+next+`"] [data-next-join]`))
		if i == 2 {
			p.screenshot(shotDir(t), "play-again-phone")
			// The offer is on the first screen, in thumb reach without scrolling.
			if !evalIn[bool](p, `(() => { const r = document.querySelector('#next-game [data-next-join]').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()`) {
				t.Errorf("%s: the next game's offer is off the first screen", p.name)
			}
		}
		taps.tap(p, `#next-game [data-next-join]`)
		p.waitUntil("the next game's page", `location.pathname === `+jsString("/g/"+next))
		p.waitText("own board", jsOwnName, testNames[i])
		if taps.n > 2 {
			t.Errorf("%s took %d taps into the next game", p.name, taps.n)
		}
	}

	tbl.waitUntil("four seats on the next table", `document.querySelectorAll('#live ol.seats li').length === 4`)
	got := evalIn[string](tbl, `[...document.querySelectorAll('#live ol.seats li strong')].map(s => s.textContent.trim()).join(' ')`)
	if want := strings.Join(testNames[:4], " "); got != want {
		t.Errorf("the next game's seating: %q, want %q", got, want)
	}
	st := a.publicState(testGame{code: next, host: hostOf(t, tbl, next)})
	for i, s := range st.Seats {
		if s.Explorer != g.explorers[i] {
			t.Errorf("seat %d plays %s, want its last explorer %s", i+1, s.Explorer, g.explorers[i])
		}
	}
	if !strings.Contains(evalIn[string](tbl, jsText(`#live form.start select option[selected]`)), "(") {
		t.Errorf("no start player suggested by the rule on the next table")
	}
	for _, d := range append(phones, tbl) {
		d.checkNoExceptions()
	}
}

// hostOf reads the host cookie (HttpOnly) the table's browser got for a game.
func hostOf(t *testing.T, d *tab, code string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(d.ctx, tabWait)
	defer cancel()
	res, err := chromedp.Call(ctx, network.GetCookies, network.GetCookiesParams{URLs: []string{d.base + "/"}})
	if err != nil {
		t.Fatalf("cookies: %v", err)
	}
	for _, ck := range res.Cookies {
		if ck.Name == "lantern_host_"+code {
			return ck.Value
		}
	}
	t.Fatalf("the table holds no host cookie for %s", code)
	return ""
}

// TestBrowserMoveTable: the table moves to another screen by its one-time
// code: the new screen hosts, and the old one is told and leaves.
func TestBrowserMoveTable(t *testing.T) {
	a := newTestApp(t)
	g := a.newGame(3, true)
	tabs := newTabs(t, a.url(), map[string][2]int{"laptop": tableSize(), "tv": tableSize()})
	laptop, tv := tabs["laptop"], tabs["tv"]
	laptop.openTable(g, 3)
	laptop.tap(`[data-move-table]`)
	laptop.waitUntil("the table-moving code", jsHas(`.host-move img.qr`))
	laptop.waitUntil("its stream", `document.getElementById('live').dataset.stream === 'open'`)
	u := evalIn[string](laptop, jsText(`.host-move .url`))
	tv.navigate(u)
	tv.click(`main form button[type=submit]`)
	tv.waitUntil("the table on the TV", `location.pathname === `+jsString("/g/"+g.code+"/table")+` && document.querySelectorAll('#live .table-boards .board').length === 3`)
	laptop.waitText("the old screen told", jsText(`main h1`), "The table moved to another screen")
	laptop.open("/g/" + g.code + "/table")
	laptop.waitText("the old screen can't host", jsText(`main h1`), "The table moved to another screen")
	tv.checkNoExceptions()
	laptop.checkNoExceptions()
}
