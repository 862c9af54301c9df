package web_test

import (
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTVMode: the table's large type is the host's switch, remembered by
// that browser; in it the boards are for reading, not editing.
func TestTVMode(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	host := withCookie("lantern_host_"+g.code, g.host)
	normal := a.do(http.MethodGet, "/g/"+g.code+"/table", "", host).Body.String()
	if !strings.Contains(normal, `action="/g/`+g.code+`/tv"`) || strings.Contains(normal, `<html lang="en" class="tv"`) {
		t.Fatalf("the table offers no large-type switch, or starts in it")
	}
	if rec := a.form("/g/"+g.code+"/tv", url.Values{"tv": {"on"}}, withCookie("lantern_seat_"+g.code, g.seats[0])); rec.Code != http.StatusForbidden {
		t.Errorf("a seat switched the table's large type: %d", rec.Code)
	}
	rec := a.form("/g/"+g.code+"/tv", url.Values{"tv": {"on"}}, host)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/g/"+g.code+"/table" {
		t.Fatalf("switch on: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	ck := cookieFrom(t, rec, "lantern_tv")
	if ck != "on" {
		t.Fatalf("the choice is not remembered: cookie %q", ck)
	}
	tv := a.do(http.MethodGet, "/g/"+g.code+"/table", "", host, withCookie("lantern_tv", ck)).Body.String()
	if !strings.Contains(tv, `<html lang="en" class="tv"`) {
		t.Errorf("large type not on after the switch")
	}
	if strings.Contains(tv, `name="delta"`) || strings.Contains(tv, `name="position"`) {
		t.Errorf("the TV's boards carry trait controls")
	}
	// The table may have moved to the TV: once the game is over, it is
	// where the host starts the next one.
	a.finish(g)
	over := a.do(http.MethodGet, "/g/"+g.code+"/table", "", host, withCookie("lantern_tv", ck)).Body.String()
	if !strings.Contains(over, `action="/g/`+g.code+`/again"`) {
		t.Errorf("the TV's table of a finished game offers no Play again")
	}
	off := a.form("/g/"+g.code+"/tv", url.Values{"tv": {"off"}}, host, withCookie("lantern_tv", ck))
	if cookieFrom(t, off, "lantern_tv") != "off" {
		t.Errorf("switching off is not remembered")
	}
}

// TestBrowserTVMode shows a six-explorer haunt with a track, rolls and
// omens on a 1920×1080 TV in large type, both languages: everything fits
// the screen, nothing scrolls sideways, and the numbers are big enough to
// read from across a room.
func TestBrowserTVMode(t *testing.T) {
	a := newTestApp(t)
	srv := a.server()
	chromiumPath(t)
	g := a.seatGame(false, [2]string{"P1", "ox-bellows"}, [2]string{"P2", "zoe-ingstrom"}, [2]string{"P3", "peter-akimoto"}, [2]string{"P4", "vivian-lopez"}, [2]string{"P5", "father-rhinehardt"}, [2]string{"P6", "heather-granville"})
	api := "/api/games/" + g.code + "/actions"
	a.post(api, g.host, map[string]any{"type": "start_game", "first_seat": 1})
	a.post(api, g.seats[0], map[string]any{"type": "roll", "dice": 4, "purpose": "trait", "trait": "speed", "need": 3})
	a.post(api, g.seats[0], map[string]any{"type": "draw_omen", "omen": "bite", "room": "abandoned-room"})
	// Hands under every board, as late in a game.
	for i, c := range []string{"axe", "revolver", "angel-feather", "dynamite", "amulet-of-the-ages", "candle"} {
		a.post(api, g.host, map[string]any{"type": "draw_card", "seat": i + 1, "card": c})
	}
	a.post(api, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	for i := range 3 {
		a.post(api, g.seats[0], map[string]any{"type": "roll", "dice": 3 + i})
	}
	shots := os.Getenv("LANTERN_SCREENSHOTS")
	for _, lang := range []string{"en", "zh"} {
		b := newTab(t, srv.URL, 1920, 1080)
		b.setCookie("lantern_lang", lang, false)
		b.setCookie("lantern_host_"+g.code, g.host, true)
		b.open("/g/" + g.code + "/table")
		b.waitUntil("table", `!!document.querySelector('.tv-toggle button')`)
		b.do("large type", chromedp.Click(chromedp.CSS(`.tv-toggle button`)))
		b.waitUntil("large type", `document.documentElement.classList.contains('tv') && !!document.querySelector('.table-boards')`)
		// Sizes are read once the style sheets and fonts are in.
		b.waitUntil("the page loaded", `document.readyState === "complete" && document.fonts.status === "loaded"`)
		px := func(sel string) float64 {
			return evalIn[float64](b, `parseFloat(getComputedStyle(document.querySelector(`+jsString(sel)+`)).fontSize)`)
		}
		// On a 55-inch 1080p TV a pixel is 0.63 mm: running text of 26 px
		// is a 16 mm line, the values 47 mm high.
		for sel, min := range map[string]float64{
			"#live .turn-name": 36, "#live .omens": 32, "#live .trait-value": 72, "#live .rolls li": 26, "#live .board header strong": 26,
		} {
			if got := px(sel); got < min {
				t.Errorf("%s: %s is %.0f px, want at least %.0f px to read from across a room", lang, sel, got, min)
			}
		}
		if n := evalIn[int](b, `document.querySelectorAll('#live .board').length`); n != 6 {
			t.Errorf("%s: %d boards on the TV, want 6", lang, n)
		}
		// One screen: the document is no larger than the TV either way.
		if size := evalIn[[]int](b, `[document.documentElement.scrollWidth, document.documentElement.scrollHeight]`); size[0] > 1920 || size[1] > 1080 {
			t.Errorf("%s: the TV page is %d×%d px, more than the 1920×1080 screen: it scrolls", lang, size[0], size[1])
		}
		// No text under 24 px anywhere on the screen: every element that
		// shows text of its own (not the screen readers' 1-px heading).
		small := evalIn[[]string](b, `[...document.body.querySelectorAll('*')].filter(el => {
			if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() !== "")) return false;
			const r = el.getBoundingClientRect();
			if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === "hidden") return false;
			return parseFloat(getComputedStyle(el).fontSize) < 24;
		}).map(el => el.tagName.toLowerCase() + "." + el.className + " " + getComputedStyle(el).fontSize + " " + JSON.stringify(el.textContent.trim().slice(0, 40)))`)
		for _, s := range small {
			t.Errorf("%s: text under 24 px on the TV: %s", lang, s)
		}
		// Turn, omens, every board and the newest rolls on the one screen.
		for _, sel := range []string{"#live .status", "#live .omens", "#live .table-boards", "#live .rolls li"} {
			if bottom := evalIn[float64](b, `document.querySelector(`+jsString(sel)+`).getBoundingClientRect().bottom`); bottom > 1080 {
				t.Errorf("%s: %s ends at %.0f px, below the 1080 px screen", lang, sel, bottom)
			}
		}
		if shots != "" {
			b.screenshot(shots, "table-tv-1920-"+lang)
		}
		// Remembered: the next visit is large too.
		b.open("/g/" + g.code + "/table")
		b.waitUntil("table again", `!!document.querySelector('.tv-toggle button')`)
		if !evalIn[bool](b, `document.documentElement.classList.contains('tv')`) {
			t.Errorf("%s: large type forgotten on the next visit", lang)
		}
	}
}
