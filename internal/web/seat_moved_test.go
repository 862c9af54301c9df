package web_test

// Issue 9: a phone whose seat moved was told to re-scan the join code,
// which answers "the game has already started": a dead end. These tests
// follow a seat from the host's "Move to a new phone" to the new phone and
// check every page on the way says how a seat comes back.

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"lantern/internal/i18n"
)

var transferLink = regexp.MustCompile(`/t/[A-Z0-9]+\?k=([A-Za-z0-9_-]+)`)

// startMove asks for seat's transfer code as the host, from the table's
// form, and returns the code and the QR page.
func (a *testApp) startMove(g testGame, seat string, lang string) (string, string) {
	a.t.Helper()
	rec := a.form("/g/"+g.code+"/transfer", url.Values{"seat": {seat}}, withCookie("lantern_host_"+g.code, g.host), withLang(lang))
	if rec.Code != http.StatusOK {
		a.t.Fatalf("start transfer: %d %s", rec.Code, rec.Body)
	}
	m := transferLink.FindStringSubmatch(rec.Body.String())
	if m == nil {
		a.t.Fatalf("no transfer link on the QR page")
	}
	return m[1], rec.Body.String()
}

func TestSeatMovedNoDeadEnd(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang, func(t *testing.T) {
			a := newTestApp(t)
			g := a.newGame(2, true) // Ann (Ox Bellows), Bo
			key, qrPage := a.startMove(g, "1", lang)
			tr := func(k string, args ...any) string { return html.EscapeString(i18n.T(lang, k, args...)) }
			if !strings.Contains(qrPage, tr("transfer_title", "Ann")) {
				t.Errorf("the QR page does not say whose seat it moves")
			}

			// The new phone's claim page says whose seat it takes, and
			// opening it does not use the code up.
			for range 2 {
				claim := a.do(http.MethodGet, "/t/"+g.code+"?k="+key, "", withLang(lang)).Body.String()
				if !strings.Contains(claim, tr("claim_title_seat", "Ann")) || !strings.Contains(claim, "Ox Bellows") && !strings.Contains(claim, "奥克斯") {
					t.Errorf("the claim page does not name Ann's seat and explorer:\n%s", claim)
				}
			}

			// While the code waits, the host's QR page stays; its live
			// part is the same code.
			host := withCookie("lantern_host_"+g.code, g.host)
			wait := a.do(http.MethodGet, "/g/"+g.code+"/transfer?k="+key, "", host, withLang(lang), withHeader("X-Lantern", "fetch"))
			if wait.Code != http.StatusOK || !strings.Contains(wait.Body.String(), key) {
				t.Errorf("waiting QR page: %d", wait.Code)
			}
			if a.do(http.MethodGet, "/g/"+g.code+"/transfer?k="+key, "", withLang(lang)).Code != http.StatusForbidden {
				t.Errorf("a stranger sees the waiting QR page")
			}

			rec := a.form("/t/"+g.code, url.Values{"k": {key}}, withLang(lang))
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("claim: %d %s", rec.Code, rec.Body)
			}
			// Claimed: the QR page goes back to the table.
			done := a.do(http.MethodGet, "/g/"+g.code+"/transfer?k="+key, "", host, withLang(lang), withHeader("X-Lantern", "fetch"))
			if done.Code != http.StatusSeeOther || done.Header().Get("Location") != "/g/"+g.code+"/table" {
				t.Errorf("the QR page after the claim: %d to %q, want back to the table", done.Code, done.Header().Get("Location"))
			}
			if strings.Contains(a.do(http.MethodGet, "/g/"+g.code+"/table", "", host, withLang(lang)).Body.String(), key) {
				t.Errorf("the table still shows the used code")
			}

			// The old phone is told how to get its seat back, not to
			// scan the join code.
			old := a.do(http.MethodGet, "/g/"+g.code, "", withCookie("lantern_seat_"+g.code, g.seats[0]), withLang(lang))
			body := old.Body.String()
			if old.Code != http.StatusForbidden || !strings.Contains(body, tr("seat_moved_title")) || !strings.Contains(body, tr("seat_moved_text")) {
				t.Errorf("old phone: %d\n%s", old.Code, body)
			}
			if !strings.Contains(body, tr("move_to_new_phone")) {
				t.Errorf("old phone: the page does not name the host's %q", i18n.T(lang, "move_to_new_phone"))
			}
			if strings.Contains(body, tr("err_not_authorized")) {
				t.Errorf("old phone: still told to scan the join code again")
			}
			// A phone with no seat at all, after the start, gets the same way back.
			none := a.do(http.MethodGet, "/g/"+g.code, "", withLang(lang)).Body.String()
			if !strings.Contains(none, tr("no_seat_started_title")) || !strings.Contains(none, tr("seat_moved_text")) {
				t.Errorf("a phone without a seat after the start:\n%s", none)
			}

			// The join code, scanned late, explains the way back too.
			late := a.do(http.MethodGet, "/j/"+g.code+"?k="+g.key, "", withCookie("lantern_seat_"+g.code, g.seats[0]), withLang(lang)).Body.String()
			if !strings.Contains(late, tr("err_started")) || !strings.Contains(late, tr("late_join_help")) || !strings.Contains(late, tr("move_to_new_phone")) {
				t.Errorf("the late join page is a dead end:\n%s", late)
			}
			// A used code's claim page says so.
			if rec := a.do(http.MethodGet, "/t/"+g.code+"?k="+key, "", withLang(lang)); rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), tr("err_bad_transfer")) {
				t.Errorf("claim page of a used code: %d", rec.Code)
			}
		})
	}
}

// TestBrowserTransferQRLeavesWhenClaimed: the host's QR page goes back to
// the table by itself once the new phone has taken the seat.
func TestBrowserTransferQRLeavesWhenClaimed(t *testing.T) {
	a := newTestApp(t)
	srv := a.server()
	g := a.seatGame(true, [2]string{"P1", "ox-bellows"}, [2]string{"P2", "zoe-ingstrom"})
	b := newTab(t, srv.URL, 1280, 900)
	b.setCookie("lantern_host_"+g.code, g.host, true)
	b.open("/g/" + g.code + "/table")
	b.waitUntil("table", `!!document.querySelector('.transfer-form button')`)
	b.do("move to a new phone", chromedp.Click(chromedp.CSS(`.transfer-form button`)))
	b.waitUntil("QR page", `!!document.querySelector('.transfer img.qr')`)
	link := evalIn[string](b, `document.querySelector('.transfer .url').textContent`)
	m := transferLink.FindStringSubmatch(link)
	if m == nil {
		t.Fatalf("no transfer link in %q", link)
	}
	b.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
	a.post("/api/games/"+g.code+"/transfer", "", map[string]any{"key": m[1]})
	b.waitUntil("back at the table", `location.pathname === "/g/`+g.code+`/table" && !!document.querySelector('.table-boards')`)
	if evalIn[bool](b, `document.body.innerHTML.includes(`+jsString(m[1])+`)`) {
		t.Errorf("the used code is still on the screen")
	}
}
