package web_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/internal/table"
	"lantern/internal/web"
)

// A read of a game can fail: the game can go between two steps of a
// request (a route checks the token, then reads the state). These tests
// take the second step alone, for a game that is not there.

// gone is a code no game has: the game a token opened, gone since.
const gone = "ZZZZZ"

// TestStreamCompressionFailsClosed: whether a new stream may be compressed
// is a secret decision (a hidden traitor must not show in sizes), so a game
// that can't be read gets an uncompressed stream. Before Read returned its
// error, a failed read allowed compression.
func TestStreamCompressionFailsClosed(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	cfg := web.Config{Tables: a.tables}
	plain := a.newGame(2, true)
	if !web.StreamMayCompress(cfg, plain.code) {
		t.Error("a game without hidden tokens: stream not compressed")
	}
	hidden, _ := a.hiddenTraitorGame(t, 3)
	if web.StreamMayCompress(cfg, hidden.code) {
		t.Error("a game with hidden tokens dealt: stream compressed")
	}
	if web.StreamMayCompress(cfg, gone) {
		t.Error("a game that can't be read: stream compressed")
	}
}

// TestMeOfGoneGame: GET /me for a seat whose game can't be read answers the
// unknown game's 404 in the phone's language, uncompressed, and no seat's
// view. Before, it answered 200 with a zero-valued view.
func TestMeOfGoneGame(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	cfg := web.Config{Tables: a.tables}
	g := a.newGame(2, true)
	seat, ok := a.tables.Authenticate(g.code, g.seats[0])
	if !ok {
		t.Fatal("seat 1's token refused")
	}
	if rec := web.MeAnswer(cfg, seat, i18n.EN); rec.Code != http.StatusOK {
		t.Fatalf("the game there: %d %s", rec.Code, rec.Body)
	}
	seat.Code = gone
	for _, lang := range []string{i18n.EN, i18n.ZH} {
		rec := web.MeAnswer(cfg, seat, lang)
		var body map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatalf("%s: %d %q: %v", lang, rec.Code, rec.Body, err)
		}
		want := i18n.T(lang, "err_unknown_game")
		if rec.Code != http.StatusNotFound || body["error"] != want || body["key"] != "err_unknown_game" || body["me"] != nil {
			t.Errorf("%s: %d %s, want 404 with %q", lang, rec.Code, rec.Body, want)
		}
		if enc := rec.Header().Get("Content-Encoding"); enc != "" {
			t.Errorf("%s: the refusal is sent %s", lang, enc)
		}
	}
}

// setRandom makes the game's dice and shuffles come from r, as a test
// needs them.
func (a *testApp) setRandom(code string, r game.Random) {
	a.t.Helper()
	if _, err := table.Read(a.tables, code, func(st *game.State) any { st.SetRandom(r); return nil }); err != nil {
		a.t.Fatal(err)
	}
}
