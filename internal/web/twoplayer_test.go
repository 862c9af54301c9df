package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// cookieFrom returns the value a response set for a cookie, or "".
func cookieFrom(t *testing.T, rec interface{ Result() *http.Response }, name string) string {
	t.Helper()
	for _, c := range rec.Result().Cookies() {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// TestTwoPlayerVariant: one phone plays two explorers (seed 003, 雙人遊戲:
// 兩名玩家分別控制兩位探險者), switches between them, and at the reveal the
// traitor's player hands the other explorer to the other player, whose phone
// then plays three.
func TestTwoPlayerVariant(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, false) // Ann (seat 1) and Bo (seat 2), each on a phone
	annCookie := withCookie("lantern_seat_"+g.code, g.seats[0])

	// Ann's phone adds a second explorer without the join key.
	rec := a.do(http.MethodGet, "/g/"+g.code+"/second", "", annCookie)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `action="/g/`+g.code+`/second"`) {
		t.Fatalf("second explorer page: %d %s", rec.Code, rec.Body)
	}
	rec = a.form("/g/"+g.code+"/second", url.Values{"name": {"Ann"}, "explorer": {"jenny-leclerc"}}, annCookie)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("second explorer join: %d %s", rec.Code, rec.Body)
	}
	tokens := cookieFrom(t, rec, "lantern_seat_"+g.code)
	if parts := strings.Split(tokens, "."); len(parts) != 2 || parts[0] != g.seats[0] {
		t.Fatalf("the phone's seat cookie holds %q, want two tokens, the first seat's first", tokens)
	}
	if active := cookieFrom(t, rec, "lantern_active_"+g.code); active == "" {
		t.Errorf("the new explorer is not made the active one")
	}
	both := withCookie("lantern_seat_"+g.code, tokens)
	// A third is refused for a phone that already plays two.
	rec = a.form("/g/"+g.code+"/second", url.Values{"name": {"Ann"}, "explorer": {"vivian-lopez"}}, both)
	if rec.Code != http.StatusConflict {
		t.Errorf("third explorer: %d, want 409", rec.Code)
	}
	// A phone without a seat can't use the key-less path.
	if rec := a.form("/g/"+g.code+"/second", url.Values{"name": {"X"}, "explorer": {"vivian-lopez"}}); rec.Code != http.StatusForbidden {
		t.Errorf("a stranger adding an explorer: %d, want 403", rec.Code)
	}

	// The page offers a switch between the two; switching to seat 1 works,
	// to Bo's seat 2 is refused.
	page := a.do(http.MethodGet, "/g/"+g.code, "", both)
	if !strings.Contains(page.Body.String(), `action="/g/`+g.code+`/switch"`) {
		t.Fatalf("no switcher on a two-explorer phone")
	}
	rec = a.form("/g/"+g.code+"/switch", url.Values{"seat": {"1"}}, both)
	if rec.Code != http.StatusSeeOther || cookieFrom(t, rec, "lantern_active_"+g.code) == "" {
		t.Errorf("switch to seat 1: %d", rec.Code)
	}
	if rec := a.form("/g/"+g.code+"/switch", url.Values{"seat": {"2"}}, both); rec.Code != http.StatusForbidden {
		t.Errorf("switch to another phone's seat: %d, want 403", rec.Code)
	}

	// Handing over: only a seat this phone plays; the QR page for it works
	// and the claim moves the seat to Bo's phone.
	if rec := a.form("/g/"+g.code+"/handover", url.Values{"seat": {"2"}}, both); rec.Code != http.StatusForbidden {
		t.Errorf("handing over another phone's seat: %d, want 403", rec.Code)
	}
	rec = a.form("/g/"+g.code+"/handover", url.Values{"seat": {"3"}}, both)
	if rec.Code != http.StatusOK {
		t.Fatalf("handover of seat 3: %d %s", rec.Code, rec.Body)
	}
	body := rec.Body.String()
	if !strings.Contains(body, `src="data:image/png;base64,`) {
		t.Errorf("the handover page shows no QR image")
	}
	i := strings.Index(body, "/t/"+g.code+"?k=")
	if i < 0 {
		t.Fatalf("no transfer link on the handover page")
	}
	key := body[i+len("/t/"+g.code+"?k="):]
	key = key[:strings.IndexAny(key, "<\" ")]
	bo := withCookie("lantern_seat_"+g.code, g.seats[1])
	rec = a.form("/t/"+g.code, url.Values{"k": {key}}, bo)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("claim on Bo's phone: %d %s", rec.Code, rec.Body)
	}
	boTokens := cookieFrom(t, rec, "lantern_seat_"+g.code)
	if parts := strings.Split(boTokens, "."); len(parts) != 2 || parts[0] != g.seats[1] {
		t.Errorf("Bo's phone holds %q, want his own seat and the handed-over one", boTokens)
	}
	// Ann's phone lost seat 3 but kept seat 1.
	if rec := a.form("/g/"+g.code+"/switch", url.Values{"seat": {"3"}}, both); rec.Code != http.StatusForbidden {
		t.Errorf("Ann's phone still plays the handed-over seat: %d", rec.Code)
	}
	if rec := a.do(http.MethodGet, "/g/"+g.code, "", both); rec.Code != http.StatusOK {
		t.Errorf("Ann's phone lost its own seat: %d", rec.Code)
	}
}
