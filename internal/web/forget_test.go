package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"lantern/internal/store"
	"lantern/internal/table"
)

// TestUnloadedGamesLeaveTheViewCache: a server left running for months
// keeps in memory only the games the tables hold. Once the tables drop an
// idle game, its cached views go too, and a game asked for again is
// served as before, its cache made anew.
func TestUnloadedGamesLeaveTheViewCache(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "lantern.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var clock atomic.Int64
	clock.Store(time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC).UnixNano())
	now := func() time.Time { return time.Unix(0, clock.Load()).UTC() }
	tb, err := table.Open(ctx, st, now)
	if err != nil {
		t.Fatal(err)
	}
	s, e := newServer(Config{Tables: tb, Now: now})
	cached := func() int {
		s.shared.mu.Lock()
		defer s.shared.mu.Unlock()
		return len(s.shared.games)
	}
	// view is one message of the host's JSON stream, as the table page's
	// stream would make it: it fills the game's cache.
	view := func(code, token string) {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, "/api/games/"+code+"/events?view=json", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		c := e.NewContext(req, httptest.NewRecorder())
		c.SetParamNames("code")
		c.SetParamValues(code)
		access, ok := s.access(c, code, asHost)
		if !ok {
			t.Fatal("the host has no access")
		}
		if _, err := s.jsonMessage(c, access, &liveStream{sent: -1, known: -1}); err != nil {
			t.Fatal(err)
		}
	}
	var games []table.Created
	for range 20 {
		created, err := tb.Create(ctx)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, created)
		view(created.Code, created.HostToken)
	}
	if n := cached(); n != 20 {
		t.Fatalf("%d games cached after 20 were shown", n)
	}
	clock.Add(int64(table.IdleAfter + time.Hour))
	if n := tb.UnloadIdle(); n != 20 || tb.Loaded() != 0 {
		t.Fatalf("unloaded %d, %d still loaded", n, tb.Loaded())
	}
	if n := cached(); n != 0 {
		t.Errorf("the view cache still holds %d games the tables unloaded", n)
	}
	view(games[3].Code, games[3].HostToken)
	if n := cached(); n != 1 {
		t.Errorf("%d games cached after one came back, want 1", n)
	}
}
