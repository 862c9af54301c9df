package web_test

import (
	"net/http"
	"os"
	"strings"
	"testing"
)

// overflowingText lists running text that reaches past the screen's right
// edge, outside the one thing allowed to scroll sideways (the haunt grid).
const overflowingText = `(() => {
	const out = [], w = document.documentElement.clientWidth;
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		if (!n.textContent.trim() || n.parentElement.closest('.chart th, .chart td, [hidden], .sr-only, datalist, option, select')) continue;
		const r = document.createRange();
		r.selectNodeContents(n);
		for (const box of r.getClientRects()) {
			if (box.width > 0 && (box.right > w + 0.5 || box.left < -0.5)) {
				out.push(n.textContent.trim().slice(0, 40) + " [" + Math.round(box.left) + "…" + Math.round(box.right) + " of " + w + "]");
				break;
			}
		}
	}
	if (document.documentElement.scrollWidth > w) out.push("the page scrolls sideways: " + document.documentElement.scrollWidth + " > " + w);
	return out;
})()`

// TestBrowserHauntChartOnPhone: on a 390 px phone no text of /haunts runs
// past the screen's edge, in either language; only the grid scrolls
// sideways (issue 9: the caption was cut off).
func TestBrowserHauntChartOnPhone(t *testing.T) {
	srv := newTestApp(t).server()
	chromiumPath(t)
	shots := os.Getenv("LANTERN_SCREENSHOTS")
	for _, lang := range []string{"en", "zh"} {
		b := newTab(t, srv.URL, 390, 844)
		b.setCookie("lantern_lang", lang, false)
		for _, path := range []string{"/haunts", "/haunts?omen=skull&room=kitchen"} {
			b.open(path)
			b.waitUntil("chart", `document.readyState === "complete" && !!document.querySelector('.chart td')`)
			for _, o := range evalIn[[]string](b, overflowingText) {
				t.Errorf("%s %s: text past the screen's edge: %s", lang, path, o)
			}
			if !evalIn[bool](b, `(() => { const w = document.querySelector('.chart-wrap'); return w.scrollWidth > w.clientWidth && w.getBoundingClientRect().right <= document.documentElement.clientWidth; })()`) {
				t.Errorf("%s %s: the grid is not the part that scrolls sideways", lang, path)
			}
		}
		if shots != "" {
			b.open("/haunts")
			b.waitUntil("chart", `!!document.querySelector('.chart td')`)
			b.screenshot(shots, "haunts-390-"+lang)
		}
	}
}

// TestOmenLineSaysWhichRoll: the omen line's chance is the owed haunt
// roll's when one is owed, and otherwise says it is for the next omen's
// roll (with no omen drawn, "chance the haunt roll starts the haunt: 0.1%"
// read as if a roll were due). Seed 002: a haunt roll follows each omen,
// and starts the haunt when the total of 6 dice is below the omens drawn.
func TestOmenLineSaysWhichRoll(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	omens := func(lang string) string {
		t.Helper()
		page := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(2), withLang(lang)).Body.String()
		at := strings.Index(page, `<p class="omens">`)
		if at < 0 {
			t.Fatalf("%s: no omen line", lang)
		}
		end := strings.Index(page[at:], "</p>")
		return strings.Join(strings.Fields(page[at+len(`<p class="omens">`):at+end]), " ")
	}
	for _, step := range []struct {
		lang, want string
	}{
		{"en", "chance the next omen&#39;s haunt roll starts the haunt: 0.1%"},
		{"zh", "翻出下一张预兆时，作祟掷骰揭露真相的机会：0.1%"},
	} {
		if got := omens(step.lang); !strings.Contains(got, step.want) {
			t.Errorf("%s, no omen drawn: %q, want %q in it", step.lang, got, step.want)
		}
	}
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	for _, step := range []struct {
		lang, want, not string
	}{
		{"en", "chance the haunt roll starts the haunt: 0.1%", "next omen"},
		{"zh", "作祟掷骰揭露真相的机会：0.1%", "下一张预兆"},
	} {
		if got := omens(step.lang); !strings.Contains(got, step.want) || strings.Contains(got, step.not) {
			t.Errorf("%s, a haunt roll owed: %q, want %q in it and not %q", step.lang, got, step.want, step.not)
		}
	}
}
