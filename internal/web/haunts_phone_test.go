package web_test

import (
	"os"
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
