package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"lantern/internal/i18n"
)

// finish ends a started game: the haunt, then the heroes win.
func (a *testApp) finish(g testGame) {
	a.t.Helper()
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	a.act(g, g.host, map[string]any{"type": "declare_winner", "side": "heroes"})
}

// seatNames are the next game's seats as "name/explorer/lang", in seating order.
func seatNames(a *testApp, code, host string) []string {
	a.t.Helper()
	st := a.json(http.MethodGet, "/api/games/"+code, "", host, http.StatusOK)
	var names []string
	for _, s := range st["seats"].([]any) {
		m := s.(map[string]any)
		names = append(names, m["name"].(string)+"/"+m["explorer"].(string))
	}
	return names
}

// TestPlayAgainAPI: the host of a finished game starts the next one; the
// finished game only gains "next"; each of its seat tokens takes a seat in
// the next game without the join key, name and language kept, the seats
// in the order they sat; every wrong call is refused with its reason.
func TestPlayAgainAPI(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(4, true)
	again := g.api("/again")

	// Not over yet; not the host.
	r := a.json(http.MethodPost, again, "", g.host, http.StatusConflict)
	if r["key"] != "err_not_over" {
		t.Errorf("again before the end: %v", r)
	}
	r = a.json(http.MethodPost, again, "", g.host, http.StatusConflict, withLang("zh"))
	if r["error"] != i18n.T("zh", "err_not_over") {
		t.Errorf("again before the end, in Chinese: %v", r)
	}
	a.finish(g)
	a.json(http.MethodPost, again, "", g.seats[0], http.StatusForbidden)
	a.json(http.MethodPost, again, "", "", http.StatusForbidden)
	a.json(http.MethodPost, "/api/games/ZZZZZ/again", "", g.host, http.StatusNotFound)

	before := a.publicState(g)
	created := a.json(http.MethodPost, again, "", g.host, http.StatusCreated)
	next := testGame{code: created["code"].(string), key: created["join_key"].(string), host: created["host_token"].(string)}
	if next.code == "" || next.code == g.code || next.key == "" || next.host == "" {
		t.Fatalf("again: %v", created)
	}
	after := a.publicState(g)
	if after.Next != next.code {
		t.Errorf("the finished game's next: %q, want %q", after.Next, next.code)
	}
	after.Next = ""
	if jsonBody(after) != jsonBody(before) {
		t.Errorf("play again changed the finished game:\n%s\n%s", jsonBody(before), jsonBody(after))
	}
	if me := a.json(http.MethodGet, g.api("/me"), "", g.seats[1], http.StatusOK); me["next"] != next.code {
		t.Errorf("GET /me of the finished game: next %v", me["next"])
	}
	if r := a.json(http.MethodPost, again, "", g.host, http.StatusConflict); r["key"] != "err_next_exists" {
		t.Errorf("a second again: %v", r)
	}

	// The seats come back out of order; the next game seats them as they sat.
	seats := next.api("/seats")
	join := func(from, explorer string, want int) map[string]any {
		t.Helper()
		return a.json(http.MethodPost, seats, jsonBody(map[string]string{"from": from, "explorer": explorer}), "", want)
	}
	join(g.seats[2], g.explorers[2], http.StatusCreated)
	join(g.seats[0], g.explorers[0], http.StatusCreated)
	join(g.seats[3], "vivian-lopez", http.StatusCreated) // another explorer than last time
	if got, want := strings.Join(seatNames(a, next.code, next.host), " "),
		"Ann/ox-bellows Cy/peter-akimoto Dee/vivian-lopez"; got != want {
		t.Errorf("the next game's seats: %s, want %s", got, want)
	}
	// Bad input: a seat that already came, the host's token, a token of
	// no game, an explorer taken, no explorer, a game that follows none.
	if r := join(g.seats[0], "father-rhinehardt", http.StatusConflict); r["key"] != "err_name_taken" {
		t.Errorf("the same seat twice: %v", r)
	}
	if r := join(g.host, "father-rhinehardt", http.StatusForbidden); r["key"] != "err_bad_from" {
		t.Errorf("the host token as a seat: %v", r)
	}
	join("nonsense", "father-rhinehardt", http.StatusForbidden)
	if r := join(g.seats[1], g.explorers[0], http.StatusConflict); r["key"] != "err_explorer_taken" {
		t.Errorf("a taken explorer: %v", r)
	}
	join(g.seats[1], "", http.StatusBadRequest)
	other := a.newGame(1, false)
	if r := a.json(http.MethodPost, other.api("/seats"), jsonBody(map[string]string{"from": g.seats[1], "explorer": "vivian-lopez"}), "", http.StatusNotFound); r["key"] != "err_not_next" {
		t.Errorf("from in a game that follows none: %v", r)
	}
	a.json(http.MethodPost, seats, `{"from": 7}`, "", http.StatusBadRequest)

	j := join(g.seats[1], g.explorers[1], http.StatusCreated)
	if jsonInt(j["seat"]) != 2 {
		t.Errorf("Bo came back at seat %v, want 2", j["seat"])
	}
	// The new seat token plays the next game; the join key still works
	// for someone new, who sits after the group.
	me := a.json(http.MethodGet, next.api("/me"), "", j["token"].(string), http.StatusOK)
	if me["me"].(map[string]any)["lang"] != "en" {
		t.Errorf("the next game's seat lost its language: %v", me["me"])
	}
	a.json(http.MethodPost, seats, jsonBody(map[string]string{"name": "Zed", "explorer": "jenny-leclerc", "key": next.key}), "", http.StatusCreated)
	if got := seatNames(a, next.code, next.host); len(got) != 5 || got[4] != "Zed/jenny-leclerc" {
		t.Errorf("a newcomer's seat: %v", got)
	}
	// The old game is as it was.
	if a.publicState(g).Version != before.Version {
		t.Errorf("the finished game's version moved")
	}
}

// TestPlayAgainPages: the table's Play again makes the screen the next
// game's table; a phone of the finished game is offered its last explorer
// in one tap (another explorer a tap further) and follows with its seat;
// a phone that won't play again leaves.
func TestPlayAgainPages(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	a.finish(g)
	tbl := pageText(t, a, "/g/"+g.code+"/table", g.hostCookie())
	if !strings.Contains(tbl, `action="/g/`+g.code+`/again"`) {
		t.Fatalf("the finished game's table offers no Play again")
	}
	if rec := a.form("/g/"+g.code+"/again", url.Values{}, g.seatCookie(1)); rec.Code != http.StatusForbidden {
		t.Errorf("a phone's Play again: %d", rec.Code)
	}
	rec := a.form("/g/"+g.code+"/again", url.Values{}, g.hostCookie())
	loc := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(loc, "/table") {
		t.Fatalf("Play again: %d %q", rec.Code, loc)
	}
	next := strings.TrimSuffix(strings.TrimPrefix(loc, "/g/"), "/table")
	var host string
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == "lantern_host_"+next {
			host = ck.Value
		}
	}
	if host == "" || a.get(loc, "lantern_host_"+next+"="+host).Code != http.StatusOK {
		t.Fatalf("the screen is not the next game's table (cookie %q)", host)
	}
	// A second tap (or another screen) goes to the same next game.
	if rec := a.form("/g/"+g.code+"/again", url.Values{}, g.hostCookie()); rec.Header().Get("Location") != loc {
		t.Errorf("a second Play again: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	if tbl := pageText(t, a, "/g/"+g.code+"/table", g.hostCookie()); !strings.Contains(tbl, `href="/g/`+next+`/table"`) {
		t.Errorf("the finished table doesn't lead to the next one")
	}

	// Bo's phone: one tap on its last explorer.
	phone := pageText(t, a, "/g/"+g.code, g.seatCookie(2))
	if !strings.Contains(phone, i18n.T("en", "next_game_join_as", "Missy Dubourde")) || !strings.Contains(phone, `data-code="`+next+`"`) {
		t.Fatalf("the phone's page offers no next game with its explorer")
	}
	rec = a.form("/g/"+g.code+"/next", url.Values{"explorer": {g.explorers[1]}}, g.seatCookie(2))
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/g/"+next {
		t.Fatalf("following: %d %q %s", rec.Code, rec.Header().Get("Location"), rec.Body)
	}
	var seat string
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == "lantern_seat_"+next {
			seat = ck.Value
		}
	}
	if got := pageText(t, a, "/g/"+next, withCookie("lantern_seat_"+next, seat)); !strings.Contains(got, "Bo") {
		t.Errorf("Bo's phone in the next game doesn't show Bo")
	}
	if got := pageText(t, a, "/g/"+g.code, g.seatCookie(2), withCookie("lantern_seat_"+next, seat)); !strings.Contains(got, `href="/g/`+next+`"`) {
		t.Errorf("once followed, the finished game's page doesn't lead to the next")
	}
	// Ann's explorer was taken by nobody: Cy takes Ann's, which Ann's
	// phone then no longer offers first.
	if rec := a.form("/g/"+g.code+"/next", url.Values{"explorer": {g.explorers[0]}}, g.seatCookie(3)); rec.Code != http.StatusSeeOther {
		t.Fatalf("Cy following with Ann's explorer: %d", rec.Code)
	}
	phone = pageText(t, a, "/g/"+g.code, g.seatCookie(1))
	if strings.Contains(phone, "data-next-join") || !strings.Contains(phone, `<details class="next-others" open`) {
		t.Errorf("Ann's phone offers a taken explorer first, or hides the others")
	}
	// A refused follow (the explorer taken) stays on the finished game's page, saying why.
	if rec := a.form("/g/"+g.code+"/next", url.Values{"explorer": {g.explorers[0]}}, g.seatCookie(1)); rec.Code != http.StatusConflict ||
		!strings.Contains(rec.Body.String(), i18n.T("en", "err_explorer_taken")) {
		t.Errorf("a taken explorer: %d", rec.Code)
	}
	// Ann leaves: her phone forgets the finished game.
	rec = a.form("/g/"+g.code+"/leave", url.Values{}, g.seatCookie(1))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Set-Cookie"), "lantern_seat_"+g.code+"=;") {
		t.Errorf("leaving: %d %q", rec.Code, rec.Header().Values("Set-Cookie"))
	}
	if got := seatNames(a, next, host); strings.Join(got, " ") != "Bo/missy-dubourde Cy/ox-bellows" {
		t.Errorf("the next game's seats: %v", got)
	}
}
