package web_test

// Security tests from issue 11: host pages need the host's own token, the
// language switch keeps the whole query, every answer carries the security
// headers, and static files are named by their content.

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"lantern/internal/i18n"
	"lantern/static"
)

// TestHostCookieRefusesSeatToken: a seat token in the host cookie opens no
// host page (issue 11, item 4).
func TestHostCookieRefusesSeatToken(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	asHost := func(token string) reqOpt { return withCookie("lantern_host_"+g.code, token) }
	for _, tc := range []struct {
		name   string
		method string
		path   string
	}{
		{"table", http.MethodGet, "/g/" + g.code + "/table"},
		{"join QR", http.MethodGet, "/g/" + g.code + "/qr.png"},
		{"seat transfer", http.MethodPost, "/g/" + g.code + "/transfer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			do := func(token string) int {
				if tc.method == http.MethodPost {
					return a.form(tc.path, url.Values{"seat": {"1"}}, asHost(token), withLang("en")).Code
				}
				return a.do(tc.method, tc.path, "", asHost(token), withLang("en")).Code
			}
			if got := do(g.seats[0]); got != http.StatusForbidden {
				t.Errorf("seat 1's token as the host cookie: status %d, want 403", got)
			}
			if got := do(g.host); got != http.StatusOK {
				t.Errorf("the host's token: status %d, want 200", got)
			}
		})
	}
	// Seat 1 still plays from its own phone.
	if rec := a.do(http.MethodGet, g.api("/me"), "", withBearer(g.seats[0])); rec.Code != http.StatusOK {
		t.Errorf("seat 1 after the tries: %d", rec.Code)
	}
}

var htLangLink = regexp.MustCompile(`<a class="lang" href="([^"]*)"`)

// TestLangSwitchKeepsQuery: the language switch comes back to the same
// page with its whole query (issue 11, item 11).
func TestLangSwitchKeepsQuery(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	for _, page := range []string{
		"/haunts?omen=skull&room=kitchen",
		"/search?q=" + url.QueryEscape("a&b=c d#e"),
		"/box",
	} {
		rec := a.do(http.MethodGet, page, "", withLang("en"))
		m := htLangLink.FindStringSubmatch(rec.Body.String())
		if m == nil {
			t.Fatalf("%s: no language link", page)
		}
		sw := html.UnescapeString(m[1])
		back := a.do(http.MethodGet, sw, "")
		if back.Code != http.StatusSeeOther {
			t.Fatalf("%s: %s answered %d", page, sw, back.Code)
		}
		if loc := back.Header().Get("Location"); loc != page {
			t.Errorf("%s: the switch %s comes back to %q", page, sw, loc)
		}
	}
}

// TestSecurityHeaders: every answer (pages, errors, API, static files, the
// event stream's refusal) carries the CSP and its companions (issue 11,
// item 6).
func TestSecurityHeaders(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	seat := withCookie("lantern_seat_"+g.code, g.seats[0])
	host := withCookie("lantern_host_"+g.code, g.host)
	for _, tc := range []struct {
		path string
		opt  reqOpt
	}{
		{"/", nil}, {"/g/" + g.code, seat}, {"/g/" + g.code + "/table", host},
		{"/j/" + g.code + "?k=" + g.key, nil}, {"/haunts", nil}, {"/search?q=lamp", nil}, {"/box", nil},
		{"/cards/ring", nil}, {"/nope", nil}, {"/g/NOPE", nil}, {"/api/games/" + g.code, nil},
		{"/api/search?q=x", nil}, {static.URL("app.js"), nil}, {"/static/app.css", nil},
		{"/manifest.webmanifest", nil}, {"/healthz", nil},
	} {
		opts := []reqOpt{}
		if tc.opt != nil {
			opts = append(opts, tc.opt)
		}
		rec := a.do(http.MethodGet, tc.path, "", opts...)
		hd := rec.Header()
		csp := hd.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s (%d): CSP %q lacks %s", tc.path, rec.Code, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s: CSP %q allows inline code", tc.path, csp)
		}
		if got := hd.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", tc.path, got)
		}
		if got := hd.Get("Referrer-Policy"); got != "no-referrer" {
			t.Errorf("%s: Referrer-Policy %q", tc.path, got)
		}
	}
}

// inlineMarkup finds what the CSP would block in a page: event-handler
// attributes, style attributes, <style> blocks and javascript: URLs.
var inlineMarkup = regexp.MustCompile(`(?i)\son[a-z]+\s*=|\sstyle\s*=|<style[\s>]|javascript:`)

// scriptTag finds every script element; each must load a file and hold
// nothing inline.
var scriptTag = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script>`)

// TestNoInlineCodeInPages renders the app's pages and refuses any inline
// script, handler or style, which the CSP would block.
func TestNoInlineCodeInPages(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	seat := withCookie("lantern_seat_"+g.code, g.seats[0])
	host := withCookie("lantern_host_"+g.code, g.host)
	for _, lang := range []string{"en", "zh"} {
		for _, tc := range []struct {
			path string
			opt  reqOpt
		}{
			{"/", nil}, {"/g/" + g.code, seat}, {"/g/" + g.code + "/table", host},
			{"/j/" + g.code + "?k=" + g.key, nil}, {"/haunts?omen=skull&room=kitchen", nil}, {"/search?q=lamp", nil},
			{"/box", nil}, {"/cards/ring", nil}, {"/rules/faq", nil}, {"/nope", nil},
		} {
			opts := []reqOpt{withLang(lang)}
			if tc.opt != nil {
				opts = append(opts, tc.opt)
			}
			body := a.do(http.MethodGet, tc.path, "", opts...).Body.String()
			for _, m := range scriptTag.FindAllStringSubmatch(body, -1) {
				if !strings.Contains(m[1], "src=") || strings.TrimSpace(m[2]) != "" {
					t.Errorf("%s %s: inline script %q", lang, tc.path, m[0])
				}
			}
			if m := inlineMarkup.FindString(body); m != "" {
				i := strings.Index(body, m)
				t.Errorf("%s %s: inline code the CSP blocks: %q", lang, tc.path, body[max(0, i-80):min(len(body), i+80)])
			}
		}
	}
}

// TestStaticHashedURLs: pages link the static files by content hash, served
// for a year; the old plain names still answer, briefly cached (issue 11,
// item 13).
func TestStaticHashedURLs(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	page := a.do(http.MethodGet, "/", "").Body.String()
	for _, name := range []string{"app.js", "app.css", "icon.svg"} {
		hashed := static.URL(name)
		if !regexp.MustCompile(`^/static/[a-z]+\.[0-9a-f]{12}\.[a-z]+$`).MatchString(hashed) {
			t.Errorf("static.URL(%s) = %s", name, hashed)
		}
		if !strings.Contains(page, `"`+hashed+`"`) {
			t.Errorf("the home page does not link %s", hashed)
		}
		if strings.Contains(page, `"/static/`+name+`"`) {
			t.Errorf("the home page links the unhashed /static/%s", name)
		}
		cur := a.do(http.MethodGet, hashed, "")
		plain := a.do(http.MethodGet, "/static/"+name, "")
		stale := a.do(http.MethodGet, regexp.MustCompile(`[0-9a-f]{12}`).ReplaceAllString(hashed, "0123456789ab"), "")
		for _, r := range []struct {
			what  string
			code  int
			cache string
		}{{"hashed", cur.Code, cur.Header().Get("Cache-Control")},
			{"plain", plain.Code, plain.Header().Get("Cache-Control")},
			{"older build", stale.Code, stale.Header().Get("Cache-Control")}} {
			if r.code != http.StatusOK {
				t.Errorf("%s %s: status %d", r.what, name, r.code)
			}
			immutable := strings.Contains(r.cache, "immutable") && strings.Contains(r.cache, "max-age=31536000")
			if immutable != (r.what == "hashed") {
				t.Errorf("%s %s: Cache-Control %q", r.what, name, r.cache)
			}
		}
		if cur.Body.String() != plain.Body.String() || cur.Body.String() != stale.Body.String() {
			t.Errorf("%s: the hashed, plain and older names serve different files", name)
		}
	}
	if rec := a.do(http.MethodGet, "/static/nope.0123456789ab.js", ""); rec.Code != http.StatusNotFound {
		t.Errorf("unknown hashed file: %d", rec.Code)
	}
}

// TestJoinNameLookAlike: a name that reads like another seat's is refused
// by the join form and the API in the phone's language, and nothing joins
// (issue 11, item 5).
func TestJoinNameLookAlike(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(1, false) // Ann
	for _, variant := range htLangs {
		for _, name := range []string{"Ann\u200b", "ANN", "\u202eAnn", "\u200b"} {
			key := map[string]string{"Ann\u200b": "err_name_taken", "ANN": "err_name_taken", "\u202eAnn": "err_name_control", "\u200b": "err_name_invisible"}[name]
			lang := htLangCode(variant)
			var args []any
			if key == "err_name_taken" {
				args = []any{"Ann"}
			}
			want := i18n.T(lang, key, args...)
			rec := a.form("/j/"+g.code, url.Values{"k": {g.key}, "name": {name}, "explorer": {"zoe-ingstrom"}, "lang": {lang}}, withLang(variant))
			if rec.Code == http.StatusSeeOther || !strings.Contains(html.UnescapeString(rec.Body.String()), want) {
				t.Errorf("%s: join form with %q: %d, want the message %q", variant, name, rec.Code, want)
			}
			rec = a.do(http.MethodPost, g.api("/seats"), jsonBody(map[string]string{"name": name, "explorer": "zoe-ingstrom", "key": g.key, "lang": "en"}), withLang(variant))
			status := http.StatusBadRequest
			if key == "err_name_taken" {
				status = http.StatusConflict
			}
			htWantError(t, rec, status, variant, key, args...)
		}
	}
	if n := len(a.state(g)["seats"].([]any)); n != 1 {
		t.Errorf("%d seats after the refusals, want 1", n)
	}
	// The two-player variant: the same phone's second explorer takes the
	// player's name, numbered.
	rec := a.form("/g/"+g.code+"/second", url.Values{"name": {"Ann"}, "explorer": {"jenny-leclerc"}}, withCookie("lantern_seat_"+g.code, g.seats[0]))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("second explorer: %d %s", rec.Code, rec.Body)
	}
	if name := a.state(g)["seats"].([]any)[1].(map[string]any)["name"]; name != "Ann 2" {
		t.Errorf("the second explorer is called %q, want Ann 2", name)
	}
}
