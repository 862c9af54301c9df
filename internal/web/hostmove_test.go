package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"lantern/internal/i18n"
)

// TestMoveTable: the host's one-time code moves the table view to another
// device: the new one hosts, the old one's stream says it is gone and its
// table page says where the table went; the code works once and only the
// host can make one.
func TestMoveTable(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	old := lvOpen(t, a.server(), g.api("/events"), withBearer(g.host))
	old.must("version")

	// Only the host makes a code.
	if rec := a.form("/g/"+g.code+"/table/move", url.Values{}, g.seatCookie(1)); rec.Code != http.StatusForbidden {
		t.Errorf("a phone's table move: %d", rec.Code)
	}
	a.json(http.MethodPost, g.api("/table/transfer"), "", g.seats[0], http.StatusForbidden)

	rec := a.form("/g/"+g.code+"/table/move", url.Values{}, g.hostCookie())
	loc := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(loc, "/g/"+g.code+"/table/move?k=") {
		t.Fatalf("table move: %d %q", rec.Code, loc)
	}
	key := strings.TrimPrefix(loc, "/g/"+g.code+"/table/move?k=")
	page := pageText(t, a, loc, g.hostCookie())
	if !strings.Contains(page, "/m/"+g.code+"?k="+key) || !strings.Contains(page, "data:image/png;base64,") {
		t.Fatal("the table-moving page shows no code")
	}
	// The claim page asks first; opening it uses nothing up.
	claim := pageText(t, a, "/m/"+g.code+"?k="+url.QueryEscape(key))
	if !strings.Contains(claim, i18n.T("en", "claim_table_button")) {
		t.Fatal("the claim page doesn't ask")
	}
	if rec := a.get("/m/" + g.code + "?k=wrong"); rec.Code != http.StatusForbidden {
		t.Errorf("a wrong code's claim page: %d", rec.Code)
	}
	rec = a.form("/m/"+g.code, url.Values{"k": {key}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/g/"+g.code+"/table" {
		t.Fatalf("claiming the table: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	var host string
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == "lantern_host_"+g.code {
			host = ck.Value
		}
	}
	if host == "" || host == g.host {
		t.Fatalf("the new screen's host token: %q", host)
	}
	// The new screen hosts; the old one can't, is told, and its page says why.
	if rec := a.get("/g/"+g.code+"/table", "lantern_host_"+g.code+"="+host); rec.Code != http.StatusOK {
		t.Errorf("the new screen's table: %d", rec.Code)
	}
	a.act(g, host, map[string]any{"type": "end_turn"})
	old.must("gone")
	rec = a.do(http.MethodGet, "/g/"+g.code+"/table", "", g.hostCookie())
	if rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), i18n.T("en", "table_moved_title")) {
		t.Errorf("the old screen's table: %d", rec.Code)
	}
	a.json(http.MethodPost, g.api("/actions"), `{"type": "end_turn"}`, g.host, http.StatusForbidden)
	// Once only; a used code's page sends the new table back to the table.
	if rec := a.form("/m/"+g.code, url.Values{"k": {key}}); rec.Code != http.StatusForbidden {
		t.Errorf("a second claim: %d", rec.Code)
	}
	if rec := a.get(loc, "lantern_host_"+g.code+"="+host); rec.Code != http.StatusSeeOther {
		t.Errorf("the used code's page: %d", rec.Code)
	}

	// The same through the API, in Chinese when refused.
	tr := a.json(http.MethodPost, g.api("/table/transfer"), "", host, http.StatusCreated)
	if !strings.HasSuffix(tr["transfer_url"].(string), "/m/"+g.code+"?k="+tr["transfer_key"].(string)) {
		t.Errorf("API table move: %v", tr)
	}
	r := a.json(http.MethodPost, g.api("/table/claim"), `{"key": "wrong"}`, "", http.StatusForbidden, withLang("zh"))
	if r["key"] != "err_bad_host_move" || r["error"] != i18n.T("zh", "err_bad_host_move") {
		t.Errorf("a wrong key: %v", r)
	}
	a.json(http.MethodPost, g.api("/table/claim"), `{"key": 1}`, "", http.StatusBadRequest)
	c := a.json(http.MethodPost, g.api("/table/claim"), jsonBody(map[string]any{"key": tr["transfer_key"]}), "", http.StatusOK)
	a.json(http.MethodGet, g.api(""), "", c["host_token"].(string), http.StatusOK)
	a.json(http.MethodPost, g.api("/actions"), `{"type": "end_turn"}`, host, http.StatusForbidden)
}
