package web_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"lantern/internal/game"
	"lantern/internal/i18n"
)

// playedGame is a started game with a haunt revealed and a few changes.
func playedGame(a *testApp) testGame {
	a.t.Helper()
	g := a.newGame(3, true)
	a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": -1})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	return g
}

// exportOf is a game's export document, decoded.
func exportOf(a *testApp, g testGame) map[string]any {
	a.t.Helper()
	rec := a.do(http.MethodGet, g.api("/export"), "", withBearer(g.host))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Content-Disposition"), "lantern-"+g.code+".json") {
		a.t.Fatalf("export: %d %q %s", rec.Code, rec.Header().Get("Content-Disposition"), rec.Body)
	}
	return decodeBody(a.t, rec)
}

// TestExportImport: a game exported from one server and imported into a
// fresh one resumes at the same version with the same public state; each
// seat's one-time transfer code gives a phone that seat, whose view then
// equals the seat's view on the first server.
func TestExportImport(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := playedGame(a)
	a.json(http.MethodGet, g.api("/export"), "", g.seats[0], http.StatusForbidden)
	a.json(http.MethodGet, g.api("/export"), "", "", http.StatusForbidden)
	a.json(http.MethodGet, "/api/games/ZZZZZ/export", "", g.host, http.StatusNotFound)
	doc := exportOf(a, g)
	if doc["lantern_export"] != 1.0 || doc["data_version"] != float64(game.DataVersion) || doc["code"] != g.code {
		t.Errorf("export header: %v %v %v", doc["lantern_export"], doc["data_version"], doc["code"])
	}

	b := newTestApp(t)
	im := b.json(http.MethodPost, "/api/games/import", jsonBody(doc), "", http.StatusCreated)
	h := testGame{code: im["code"].(string), host: im["host_token"].(string), key: im["join_key"].(string)}
	orig, got := a.publicState(g), b.publicState(h)
	if got.Version != orig.Version {
		t.Fatalf("imported at version %d, exported at %d", got.Version, orig.Version)
	}
	got.Code = orig.Code
	if jsonBody(got) != jsonBody(orig) {
		t.Errorf("the imported game's state differs:\n%s\n%s", jsonBody(orig), jsonBody(got))
	}
	seats := im["seats"].([]any)
	if len(seats) != 3 {
		t.Fatalf("seats: %v", seats)
	}
	for i, s := range seats {
		m := s.(map[string]any)
		if jsonInt(m["seat"]) != i+1 || m["name"] != testNames[i] || !strings.Contains(m["transfer_url"].(string), "/t/"+h.code+"?k=") {
			t.Errorf("seat %d: %v", i+1, m)
		}
		c := b.json(http.MethodPost, h.api("/transfer"), jsonBody(map[string]string{"key": m["transfer_key"].(string)}), "", http.StatusOK)
		h.seats = append(h.seats, c["token"].(string))
		// One time only.
		b.json(http.MethodPost, h.api("/transfer"), jsonBody(map[string]string{"key": m["transfer_key"].(string)}), "", http.StatusForbidden)
	}
	for i := range 3 {
		want := a.json(http.MethodGet, g.api("/me"), "", g.seats[i], http.StatusOK)
		have := b.json(http.MethodGet, h.api("/me"), "", h.seats[i], http.StatusOK)
		for _, k := range []string{"seats", "options", "haunt", "rooms"} {
			if jsonBody(want[k]) != jsonBody(have[k]) {
				t.Errorf("seat %d's %s differs after import:\n%s\n%s", i+1, k, jsonBody(want[k]), jsonBody(have[k]))
			}
		}
	}
	// The imported game plays on.
	b.act(h, h.host, map[string]any{"type": "declare_winner", "side": "traitor"})
}

// TestImportRefused: a damaged document, one from a newer version and one
// whose log is impossible are refused with their reason, in the caller's
// language, and store nothing.
func TestImportRefused(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := playedGame(a)
	doc := exportOf(a, g)
	events := doc["events"].([]any)
	with := func(change func(d map[string]any)) string {
		var d map[string]any
		json.Unmarshal([]byte(jsonBody(doc)), &d)
		change(d)
		return jsonBody(d)
	}
	event := func(d map[string]any, i int) map[string]any { return d["events"].([]any)[i].(map[string]any) }
	for _, c := range []struct {
		name, body, key string
		status          int
	}{
		{"not JSON", `{"lantern_export": 1, "events": [`, "err_import_damaged", 400},
		{"another document", `{"code": "ABCDE", "seats": []}`, "err_import_damaged", 400},
		{"no events", with(func(d map[string]any) { d["events"] = []any{} }), "err_import_damaged", 400},
		{"newer data", with(func(d map[string]any) { d["data_version"] = game.DataVersion + 1 }), "err_import_newer", 400},
		{"newer format", with(func(d map[string]any) { d["lantern_export"] = 2 }), "err_import_newer", 400},
		{"a gap in the log", with(func(d map[string]any) { d["events"] = append(d["events"].([]any)[:2:2], d["events"].([]any)[3:]...) }), "err_import_impossible", 400},
		{"an unknown event", with(func(d map[string]any) { event(d, 4)["type"] = "teleported" }), "err_import_impossible", 400},
		{"an unknown explorer", with(func(d map[string]any) { event(d, 1)["explorer"] = "dracula" }), "err_import_impossible", 400},
		{"a name twice", with(func(d map[string]any) { event(d, 1)["name"] = event(d, 0)["name"] }), "err_import_impossible", 400},
		{"a trait off its track", with(func(d map[string]any) {
			for _, e := range d["events"].([]any) {
				if m := e.(map[string]any); m["type"] == "traits_changed" {
					m["changes"].([]any)[0].(map[string]any)["to"] = map[string]any{"position": 42}
					return
				}
			}
		}), "err_import_impossible", 400},
		{"a haunt off the chart", with(func(d map[string]any) {
			for _, e := range d["events"].([]any) {
				if m := e.(map[string]any); m["type"] == "haunt_revealed" {
					m["haunt"].(map[string]any)["number"] = 999
				}
			}
		}), "err_import_impossible", 400},
	} {
		rec := a.do(http.MethodPost, "/api/games/import", c.body, withLang("zh"))
		if rec.Code != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.name, rec.Code, c.status, rec.Body)
			continue
		}
		m := decodeBody(t, rec)
		if m["key"] != c.key || !strings.ContainsAny(m["error"].(string), "导入损坏版本事件") {
			t.Errorf("%s: %v, want %s in Chinese", c.name, m, c.key)
		}
	}
	if len(events) < 5 {
		t.Fatalf("the played game has only %d events", len(events))
	}
	huge := `{"lantern_export": 1, "data_version": 1, "code": "` + strings.Repeat("A", 5<<20) + `", "events": []}`
	if rec := a.do(http.MethodPost, "/api/games/import", huge); rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a document over the limit: %d", rec.Code)
	}
	if got := i18n.T("en", "err_import_newer", 2, 1); !strings.Contains(got, "newer") {
		t.Errorf("the English refusal: %q", got)
	}
}

// TestExportImportPages: the table's Export saves the game as a file; its
// Import makes the browser the imported game's table and shows one
// one-time seat QR code per seat.
func TestExportImportPages(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := playedGame(a)
	tbl := pageText(t, a, "/g/"+g.code+"/table", g.hostCookie())
	if !strings.Contains(tbl, `href="/g/`+g.code+`/export"`) || !strings.Contains(tbl, `action="/import"`) {
		t.Fatal("the table has no Export and Import")
	}
	if rec := a.do(http.MethodGet, "/g/"+g.code+"/export", "", g.seatCookie(1)); rec.Code != http.StatusForbidden {
		t.Errorf("a phone's export: %d", rec.Code)
	}
	rec := a.do(http.MethodGet, "/g/"+g.code+"/export", "", g.hostCookie())
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Disposition"), "attachment") {
		t.Fatalf("the table's export: %d %q", rec.Code, rec.Header().Get("Content-Disposition"))
	}
	upload := func(file []byte) *httptest.ResponseRecorder {
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		fw, _ := w.CreateFormFile("file", "lantern.json")
		fw.Write(file)
		w.Close()
		return a.do(http.MethodPost, "/import", body.String(), withHeader("Content-Type", w.FormDataContentType()))
	}
	up := upload(rec.Body.Bytes())
	if up.Code != http.StatusCreated || strings.Count(up.Body.String(), `class="card imported-seat"`) != 3 ||
		strings.Count(up.Body.String(), `src="data:image/png;base64,`) != 3 {
		t.Fatalf("import page: %d %s", up.Code, up.Body)
	}
	var host string
	for _, ck := range up.Result().Cookies() {
		if strings.HasPrefix(ck.Name, "lantern_host_") {
			host = ck.Name + "=" + ck.Value
		}
	}
	code := strings.TrimPrefix(strings.Split(host, "=")[0], "lantern_host_")
	if host == "" || a.get("/g/"+code+"/table", host).Code != http.StatusOK {
		t.Errorf("the browser is not the imported game's table (%q)", host)
	}
	if bad := upload([]byte("not a game")); bad.Code != http.StatusBadRequest || !strings.Contains(bad.Body.String(), i18n.T("en", "err_import_damaged")) {
		t.Errorf("importing a damaged file: %d", bad.Code)
	}
}
