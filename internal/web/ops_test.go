package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/internal/store"
	"lantern/internal/table"
	"lantern/internal/web"
)

// Issue 11, defect 1: a game whose log no longer replays is answered, on
// its pages and in the API, with a clear error in the phone's language; the
// other games are served as usual.
func TestBrokenGameAnswersWithAnError(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.Open(ctx, st, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	broken, err := tb.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	fine, err := tb.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AppendEvents(ctx, broken.Code, []game.Event{{Seq: 1, Data: teleported{}, At: time.Now()}}, nil, 0); err != nil {
		t.Fatal(err)
	}
	st.Close()

	// The start (table.Open) must not stop at the broken game.
	a := openTestApp(t, path, web.Config{})

	for _, lang := range []string{"en", "zh"} {
		want := i18n.T(htLangCode(lang), "err_broken_game", broken.Code, 1)
		host := withCookie("lantern_host_"+broken.Code, broken.HostToken)
		for _, target := range []string{"/g/" + broken.Code + "/table", "/g/" + broken.Code, "/j/" + broken.Code + "?k=" + broken.JoinKey} {
			rec := a.do(http.MethodGet, target, "", host, withLang(lang))
			if rec.Code != http.StatusServiceUnavailable || !strings.Contains(html.UnescapeString(rec.Body.String()), want) {
				t.Errorf("%s %s: %d, want 503 with %q", lang, target, rec.Code, want)
			}
		}
		for _, target := range []string{"/api/games/" + broken.Code, "/api/games/" + broken.Code + "/events"} {
			rec := a.do(http.MethodGet, target, "", withBearer(broken.HostToken), withLang(lang))
			var body map[string]any
			json.Unmarshal(rec.Body.Bytes(), &body)
			if rec.Code != http.StatusServiceUnavailable || body["error"] != want || body["key"] != "err_broken_game" || body["state"] != nil {
				t.Errorf("%s %s: %d %s", lang, target, rec.Code, rec.Body)
			}
		}
		rec := a.do(http.MethodPost, "/api/games/"+broken.Code+"/actions", `{"type":"start_game","first_seat":1}`, withBearer(broken.HostToken), withLang(lang))
		if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "err_broken_game") {
			t.Errorf("%s action on the broken game: %d %s", lang, rec.Code, rec.Body)
		}
	}
	rec := a.do(http.MethodGet, "/g/"+fine.Code+"/table", "", withCookie("lantern_host_"+fine.Code, fine.HostToken))
	if rec.Code != http.StatusOK {
		t.Errorf("the other game's table: %d", rec.Code)
	}
}

// Issue 9: a phone that closes the page while it renders is not a server
// error: nothing is logged at ERROR.
func TestClosedPhoneIsNotAnError(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	a := newTestAppConfig(t, web.Config{Log: slog.New(slog.NewTextHandler(&logs, nil))})
	created, err := a.tables.Create(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"/", "/haunts", "/g/" + created.Code + "/table"} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		a.do(http.MethodGet, target, "", withCookie("lantern_host_"+created.Code, created.HostToken), withContext(ctx))
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Errorf("a closed phone logged an error:\n%s", logs.String())
	}
}

// teleported is an event type the engine doesn't know: a log that holds
// one can't be replayed.
type teleported struct{}

func (teleported) EventType() string { return "teleport" }
