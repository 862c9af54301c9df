package web_test

// Comfort without a browser: the manifest and icons, /app reopening a seat,
// the layout's links and notes, and serving HTTPS with the certificate
// internal/tlscert makes.

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lantern/internal/tlscert"
	"lantern/static"
)

func TestManifest(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	for _, lang := range []string{"en", "zh"} {
		rec := app.get("/manifest.webmanifest", "lantern_lang="+lang)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d", lang, rec.Code)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "application/manifest+json" {
			t.Errorf("%s: Content-Type %q, want application/manifest+json", lang, ct)
		}
		var m struct {
			ID              string `json:"id"`
			Name            string `json:"name"`
			ShortName       string `json:"short_name"`
			Description     string `json:"description"`
			Lang            string `json:"lang"`
			StartURL        string `json:"start_url"`
			Scope           string `json:"scope"`
			Display         string `json:"display"`
			BackgroundColor string `json:"background_color"`
			ThemeColor      string `json:"theme_color"`
			Icons           []struct{ Src, Sizes, Type, Purpose string }
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		if m.Name != "Lantern" || m.ShortName != "Lantern" || m.StartURL != "/app" || m.Scope != "/" ||
			m.Display != "standalone" || m.BackgroundColor != "#14121a" || m.ThemeColor != "#14121a" || m.ID != "/app" {
			t.Errorf("%s: manifest %+v", lang, m)
		}
		wantLang := map[string]string{"en": "en", "zh": "zh-Hans"}[lang]
		if m.Lang != wantLang || m.Description == "" {
			t.Errorf("%s: lang %q, description %q", lang, m.Lang, m.Description)
		}
		if lang == "zh" && !strings.Contains(m.Description, "山中小屋") {
			t.Errorf("zh description not in Chinese: %q", m.Description)
		}
		have := map[string]bool{}
		for _, ic := range m.Icons {
			have[ic.Sizes+" "+ic.Purpose] = true
			rec := app.get(ic.Src)
			if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != ic.Type {
				t.Errorf("icon %s: status %d, type %q, want %q", ic.Src, rec.Code, rec.Header().Get("Content-Type"), ic.Type)
				continue
			}
			if ic.Type != "image/png" {
				continue
			}
			img, err := png.Decode(bytes.NewReader(rec.Body.Bytes()))
			if err != nil {
				t.Errorf("icon %s: %v", ic.Src, err)
				continue
			}
			if got := img.Bounds().Dx(); ic.Sizes != itoa(got)+"x"+itoa(img.Bounds().Dy()) {
				t.Errorf("icon %s: %dx%d, manifest says %s", ic.Src, got, img.Bounds().Dy(), ic.Sizes)
			}
			checkIcon(t, ic.Src, img, ic.Purpose == "maskable")
		}
		for _, want := range []string{"192x192 any", "512x512 any", "512x512 maskable", "any any"} {
			if !have[want] {
				t.Errorf("%s: no icon %q in %v", lang, want, have)
			}
		}
	}
}

// checkIcon looks at a few pixels: a maskable icon is full bleed (opaque
// corners, the theme colour), the other one has rounded transparent corners;
// both have the lantern's amber in the middle.
func checkIcon(t *testing.T, name string, img image.Image, maskable bool) {
	t.Helper()
	size := img.Bounds().Dx()
	_, _, _, cornerA := img.At(0, 0).RGBA()
	if maskable && cornerA != 0xffff {
		t.Errorf("%s: maskable icon has a transparent corner", name)
	}
	if !maskable && cornerA != 0 {
		t.Errorf("%s: corner alpha %d, want transparent (rounded)", name, cornerA)
	}
	r, g, b, a := img.At(size/2, size*272/512).RGBA()
	if a != 0xffff || r < 0xd000 || g < 0xa000 || b > g {
		t.Errorf("%s: centre is %x %x %x %x, want the lantern's warm light", name, r, g, b, a)
	}
	r, g, b, _ = img.At(size/2, size*490/512).RGBA()
	if r > 0x3000 || g > 0x3000 || b > 0x3000 {
		t.Errorf("%s: below the lantern is %x %x %x, want the dark theme", name, r, g, b)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestIconsAndTheirPaths(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	for path, size := range map[string]int{"/apple-touch-icon.png": 180, "/favicon.ico": 48, "/icons/icon-192.png": 192} {
		rec := app.get(path)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
			t.Errorf("%s: %d %q", path, rec.Code, rec.Header().Get("Content-Type"))
			continue
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(rec.Body.Bytes()))
		if err != nil || cfg.Width != size || cfg.Height != size {
			t.Errorf("%s: %dx%d (%v), want %d", path, cfg.Width, cfg.Height, err, size)
		}
	}
	for _, path := range []string{"/icons/nope.png", "/icons/apple-touch.png", "/icons/..%2fstatic.go"} {
		if rec := app.get(path); rec.Code != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", path, rec.Code)
		}
	}
	rec := app.get("/static/icon.svg")
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "image/svg+xml") ||
		!strings.Contains(rec.Body.String(), "<svg") {
		t.Errorf("/static/icon.svg: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
}

func TestAppReopensTheSeat(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	// The lower-case case below needs a code with a letter in it; about one
	// code in a thousand is all digits, and its lower case is itself.
	g := app.newGame(2, false)
	for !strings.ContainsAny(g.code, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		g = app.newGame(2, false)
	}
	other := app.newGame(1, false)
	seat := func(g testGame, i int) string { return "lantern_seat_" + g.code + "=" + g.seats[i] }
	host := func(g testGame) string { return "lantern_host_" + g.code + "=" + g.host }

	cases := []struct {
		name    string
		cookies []string
		want    string
	}{
		{"no cookies", nil, "/"},
		{"one seat", []string{seat(g, 0)}, "/g/" + g.code},
		{"one seat and its game's host", []string{host(g), seat(g, 1)}, "/g/" + g.code},
		{"one seat, another game's host", []string{seat(other, 0), host(g)}, "/g/" + other.code},
		{"two seats", []string{seat(g, 0), seat(other, 0)}, "/"},
		{"only a host", []string{host(g)}, "/g/" + g.code + "/table"},
		{"two hosts", []string{host(g), host(other)}, "/"},
		{"seat token of another game", []string{"lantern_seat_" + g.code + "=" + other.seats[0]}, "/"},
		{"stale seat, one valid", []string{"lantern_seat_ZZZZZ=nope", seat(g, 0)}, "/g/" + g.code},
		{"host token in a seat cookie", []string{"lantern_seat_" + g.code + "=" + g.host}, "/"},
		{"lower-case code", []string{"lantern_seat_" + strings.ToLower(g.code) + "=" + g.seats[0]}, "/"},
		{"language cookie only", []string{"lantern_lang=zh"}, "/"},
	}
	for _, c := range cases {
		rec := app.get("/app", c.cookies...)
		if rec.Code != http.StatusSeeOther {
			t.Errorf("%s: status %d, want 303", c.name, rec.Code)
			continue
		}
		if got := rec.Header().Get("Location"); got != c.want {
			t.Errorf("%s: /app → %q, want %q", c.name, got, c.want)
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s: Cache-Control %q", c.name, cc)
		}
	}
	// The home page itself stays the home page for everyone.
	if rec := app.get("/", seat(g, 0)); rec.Code != http.StatusOK {
		t.Errorf("/ with a seat cookie: status %d, want 200", rec.Code)
	}
}

func TestLayoutComfort(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	g := app.newGame(1, false)
	home := app.get("/").Body.String()
	for _, want := range []string{
		`<link rel="manifest" href="/manifest.webmanifest">`,
		`<link rel="apple-touch-icon" href="/apple-touch-icon.png">`,
		`<link rel="icon" href="` + static.URL("icon.svg") + `" type="image/svg+xml">`,
		`<meta name="theme-color" content="#14121a">`,
	} {
		if !strings.Contains(home, want) {
			t.Errorf("home page lacks %s", want)
		}
	}
	if strings.Contains(home, `id="wake-note"`) || strings.Contains(home, `id="sound"`) {
		t.Errorf("home page (not live) has the wake-lock note or the sound toggle")
	}
	table := app.get("/g/"+g.code+"/table", "lantern_host_"+g.code+"="+g.host).Body.String()
	if !strings.Contains(table, `id="wake-note"`) || strings.Contains(table, `id="sound"`) {
		t.Errorf("table page: want the wake-lock note (it is live) and no sound toggle (it has no events of its own)")
	}
	for _, lang := range []string{"en", "zh"} {
		player := app.get("/g/"+g.code, "lantern_seat_"+g.code+"="+g.seats[0], "lantern_lang="+lang).Body.String()
		i := strings.Index(player, `id="wake-note"`)
		if i < 0 {
			t.Fatalf("%s: player page has no wake-lock note", lang)
		}
		note := player[strings.LastIndex(player[:i], "<"):]
		note = note[:strings.Index(note, "</section>")]
		if !strings.Contains(note[:strings.Index(note, ">")], "hidden") {
			t.Errorf("%s: the wake-lock note is not hidden by default", lang)
		}
		want := map[string]string{"en": "HTTPS", "zh": "屏幕"}[lang]
		if !strings.Contains(note, want) || !strings.Contains(note, "lantern -tls") {
			t.Errorf("%s: wake-lock note %q lacks %q or the -tls advice", lang, note, want)
		}
		if !strings.Contains(player, `id="sound"`) {
			t.Errorf("%s: player page has no sound toggle", lang)
		}
		if strings.Contains(player, "tls-note") {
			t.Errorf("%s: plain HTTP page shows the certificate note", lang)
		}
	}
}

// TestServesHTTPS serves the real handler with the certificate tlscert
// makes; a client that trusts exactly that certificate gets /healthz, the
// join page explains the warning and cookies are Secure.
func TestServesHTTPS(t *testing.T) {
	t.Parallel()
	app := newTestApp(t)
	dir := t.TempDir()
	certFile, keyFile := tlscert.Paths(filepath.Join(dir, "lantern.db"))
	cert, err := tlscert.Ensure(certFile, keyFile, tlscert.For(nil), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(app.h)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert.TLS}}
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	defer srv.Close()

	pool := x509.NewCertPool()
	pool.AddCert(cert.Leaf)
	client := &http.Client{
		Transport:     &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	get := func(path string) (*http.Response, string) {
		t.Helper()
		resp, err := client.Get(srv.URL + path)
		if err != nil {
			t.Fatalf("GET %s over HTTPS: %v", path, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	if resp, body := get("/healthz"); resp.StatusCode != http.StatusOK || body != "ok" || resp.TLS == nil {
		t.Fatalf("/healthz over HTTPS: %d %q", resp.StatusCode, body)
	}
	// An untrusting client is refused: the certificate really is the one served.
	if _, err := (&http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: x509.NewCertPool()}}}).Get(srv.URL + "/healthz"); err == nil {
		t.Errorf("a client without the certificate connected")
	}

	created := map[string]string{}
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/games", nil)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&created)
	resp.Body.Close()
	if !strings.HasPrefix(created["join_url"], "https://") {
		t.Errorf("join URL over HTTPS is %q", created["join_url"])
	}
	_, join := get("/j/" + created["code"] + "?k=" + created["join_key"])
	if !strings.Contains(join, "tls-note") || !strings.Contains(join, "certificate") {
		t.Errorf("the join page over HTTPS does not explain the certificate warning")
	}
	if _, home := get("/"); strings.Contains(home, "tls-note") {
		t.Errorf("the home page shows the join page's certificate note")
	}

	// Creating a game from a browser sets a Secure host cookie.
	req, _ = http.NewRequest(http.MethodPost, srv.URL+"/games", nil)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var secure bool
	for _, c := range resp.Cookies() {
		if strings.HasPrefix(c.Name, "lantern_host_") {
			secure = c.Secure
			tableResp, _ := func() (*http.Response, error) {
				r, _ := http.NewRequest(http.MethodGet, srv.URL+resp.Header.Get("Location"), nil)
				r.AddCookie(c)
				return client.Do(r)
			}()
			if tableResp != nil {
				b, _ := io.ReadAll(tableResp.Body)
				tableResp.Body.Close()
				if !strings.Contains(string(b), "tls-note") {
					t.Errorf("the table page over HTTPS does not tell the host about the warning")
				}
			}
		}
	}
	if !secure {
		t.Errorf("host cookie over HTTPS is not Secure")
	}
}
