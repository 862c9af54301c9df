package web_test

// Handler tests: the real echo handler over a real SQLite file, driven in
// process (httptest.NewRecorder) or, for the event stream, over a real
// listener, on the shared harness (harness_test.go).

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/internal/web"
)

// htLangCode is the language a htLang variant should be answered in.
func htLangCode(variant string) string {
	if strings.HasPrefix(variant, "zh") {
		return i18n.ZH
	}
	return i18n.EN
}

var htLangs = []string{"en", "zh", "zh-cookie"}

// htTrait is one trait of one seat (1-based) in a state answer.
func htTrait(st map[string]any, seat int, trait string) (position, value, overflow int) {
	s := st["seats"].([]any)[seat-1].(map[string]any)
	t := s["traits"].(map[string]any)[trait].(map[string]any)
	return jsonInt(t["position"]), jsonInt(t["value"]), jsonInt(t["overflow"])
}

func htHasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// htWantError checks a JSON refusal: status, key, and the message in the
// caller's language.
func htWantError(t *testing.T, rec *httptest.ResponseRecorder, status int, variant, key string, args ...any) map[string]any {
	t.Helper()
	if rec.Code != status {
		t.Fatalf("status %d, want %d: %s", rec.Code, status, rec.Body)
	}
	body := decodeBody(t, rec)
	if body["key"] != key {
		t.Errorf("key %v, want %s (%s)", body["key"], key, rec.Body)
	}
	lang := htLangCode(variant)
	msg, _ := body["error"].(string)
	if want := i18n.T(lang, key, args...); msg != want {
		t.Errorf("error %q, want %q", msg, want)
	}
	if msg == "" || msg == key {
		t.Errorf("error %q is no message", msg)
	}
	if htHasHan(msg) != (lang == i18n.ZH) {
		t.Errorf("error %q is not in %s", msg, lang)
	}
	return body
}

// checkStateShape checks a state answer against the public state in internal/web/API.md.
func htCheckStateShape(t *testing.T, st map[string]any, seats int) {
	t.Helper()
	for _, k := range []string{"code", "version", "started", "phase", "turn", "first_seat", "seats", "omen_count", "haunt_roll_owed_by", "log"} {
		if _, ok := st[k]; !ok {
			t.Errorf("state has no %q: %v", k, st)
		}
	}
	if p := st["phase"]; p != "exploration" && p != "haunt" && p != "over" {
		t.Errorf("phase %v", p)
	}
	if _, ok := st["turn"].(map[string]any)["seat"]; !ok {
		t.Errorf("turn has no seat: %v", st["turn"])
	}
	list := st["seats"].([]any)
	if len(list) != seats {
		t.Fatalf("%d seats, want %d", len(list), seats)
	}
	for i, s := range list {
		m := s.(map[string]any)
		if jsonInt(m["seat"]) != i+1 {
			t.Errorf("seat %d numbered %v", i+1, m["seat"])
		}
		for _, k := range []string{"name", "explorer", "alive", "traits"} {
			if _, ok := m[k]; !ok {
				t.Errorf("seat %d has no %q", i+1, k)
			}
		}
		traits := m["traits"].(map[string]any)
		if len(traits) != 4 {
			t.Errorf("seat %d traits %v", i+1, traits)
		}
		for _, tr := range []string{"speed", "might", "sanity", "knowledge"} {
			tm, ok := traits[tr].(map[string]any)
			if !ok {
				t.Fatalf("seat %d has no %s", i+1, tr)
			}
			for _, k := range []string{"position", "value", "overflow"} {
				if _, ok := tm[k].(float64); !ok {
					t.Errorf("seat %d %s.%s = %v", i+1, tr, k, tm[k])
				}
			}
			ex := catalog.ExplorerByID(m["explorer"].(string))
			if pos := jsonInt(tm["position"]); pos >= 1 && pos <= 8 && jsonInt(tm["value"]) != ex.Traits[tr].Track[pos-1] {
				t.Errorf("seat %d %s value %v at position %d, printed %d", i+1, tr, tm["value"], pos, ex.Traits[tr].Track[pos-1])
			}
		}
	}
	if _, ok := st["log"].([]any); !ok {
		t.Errorf("log is %T", st["log"])
	}
}

func TestAPIHappyPath(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)

	// Create.
	rec := a.do(http.MethodPost, "/api/games", "")
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	created := decodeBody(t, rec)
	for _, k := range []string{"code", "join_url", "join_key", "host_token"} {
		if s, _ := created[k].(string); s == "" {
			t.Fatalf("create: no %q in %v", k, created)
		}
	}
	if len(created) != 4 {
		t.Errorf("create answered %v, want exactly code, join_url, join_key, host_token", created)
	}
	g := testGame{code: created["code"].(string), key: created["join_key"].(string), host: created["host_token"].(string)}
	if ju := created["join_url"].(string); !strings.Contains(ju, "/j/"+g.code) || !strings.Contains(ju, "k="+url.QueryEscape(g.key)) {
		t.Errorf("join_url %q lacks the code or the key %q", ju, g.key)
	}

	// Join three seats.
	for i := range 3 {
		j := a.json(http.MethodPost, g.api("/seats"), jsonBody(map[string]string{
			"name": testNames[i], "explorer": testFirstSides[i], "key": g.key, "lang": []string{"en", "zh", "en"}[i]}), "", http.StatusCreated)
		if jsonInt(j["seat"]) != i+1 {
			t.Errorf("join %d: seat %v", i, j["seat"])
		}
		tok, _ := j["token"].(string)
		if tok == "" || tok == g.host || tok == g.key {
			t.Fatalf("join %d: token %q", i, tok)
		}
		for _, other := range g.seats {
			if other == tok {
				t.Fatalf("join %d: token reused", i)
			}
		}
		g.seats = append(g.seats, tok)
		g.explorers = append(g.explorers, testFirstSides[i])
	}
	st := a.state(g)
	htCheckStateShape(t, st, 3)
	if st["started"] != false || st["code"] != g.code {
		t.Errorf("lobby state: %v", st)
	}
	if _, ok := st["haunt"]; ok {
		t.Errorf("haunt before the haunt: %v", st["haunt"])
	}
	// Any token reads the state: the host's and every seat's.
	for _, tok := range g.seats {
		a.json(http.MethodGet, g.api(""), "", tok, http.StatusOK)
	}

	v := a.act(g, g.host, map[string]any{"type": "start_game", "first_seat": 2})
	st = a.state(g)
	if st["started"] != true || jsonInt(st["version"]) != v || jsonInt(st["first_seat"]) != 2 || jsonInt(st["turn"].(map[string]any)["seat"]) != 2 {
		t.Fatalf("after start: %v", st)
	}

	start := func(seat int, trait string) int {
		return catalog.ExplorerByID(g.explorers[seat-1]).Traits[trait].Start
	}
	type step struct {
		name   string
		token  func() string
		action map[string]any
		seat   int // the seat whose trait to check
		trait  string
		pos    int // expected position (overflow 0 unless ovf)
		ovf    int
	}
	steps := []step{
		{"seat steps own might", func() string { return g.seats[0] }, map[string]any{"type": "step_trait", "trait": "might", "delta": 1}, 1, "might", start(1, "might") + 1, 0},
		{"seat steps down", func() string { return g.seats[0] }, map[string]any{"type": "step_trait", "seat": 1, "trait": "might", "delta": -2}, 1, "might", start(1, "might") - 1, 0},
		{"seat sets own speed", func() string { return g.seats[1] }, map[string]any{"type": "set_trait", "trait": "speed", "position": 2}, 2, "speed", 2, 0},
		{"set to top", func() string { return g.seats[1] }, map[string]any{"type": "set_trait", "trait": "sanity", "position": 8}, 2, "sanity", 8, 0},
		{"gain past the top is remembered", func() string { return g.seats[1] }, map[string]any{"type": "step_trait", "trait": "sanity", "delta": 2}, 2, "sanity", 8, 2},
		{"loss takes the overflow first", func() string { return g.seats[1] }, map[string]any{"type": "step_trait", "trait": "sanity", "delta": -1}, 2, "sanity", 8, 1},
		{"host steps any seat", func() string { return g.host }, map[string]any{"type": "step_trait", "seat": 3, "trait": "knowledge", "delta": 1}, 3, "knowledge", start(3, "knowledge") + 1, 0},
		{"physical damage split", func() string { return g.seats[2] }, map[string]any{"type": "take_damage", "kind": "physical", "split": map[string]int{"might": 1, "speed": 1}}, 3, "might", start(3, "might") - 1, 0},
		{"mental damage", func() string { return g.seats[2] }, map[string]any{"type": "take_damage", "kind": "mental", "split": map[string]int{"sanity": 1}}, 3, "sanity", start(3, "sanity") - 1, 0},
		{"restore", func() string { return g.seats[2] }, map[string]any{"type": "restore_trait", "trait": "might"}, 3, "might", start(3, "might"), 0},
	}
	for _, s := range steps {
		before := jsonInt(a.state(g)["version"])
		v := a.act(g, s.token(), s.action)
		if v != before+1 {
			t.Errorf("%s: version %d, want %d", s.name, v, before+1)
		}
		st := a.state(g)
		htCheckStateShape(t, st, 3)
		if jsonInt(st["version"]) != v {
			t.Errorf("%s: state version %v, answer %d", s.name, st["version"], v)
		}
		pos, val, ovf := htTrait(st, s.seat, s.trait)
		if pos != s.pos || ovf != s.ovf {
			t.Errorf("%s: seat %d %s at %d+%d, want %d+%d", s.name, s.seat, s.trait, pos, ovf, s.pos, s.ovf)
		}
		if want := catalog.ExplorerByID(g.explorers[s.seat-1]).Traits[s.trait].Track[s.pos-1]; val != want {
			t.Errorf("%s: value %d, want printed %d", s.name, val, want)
		}
		log := st["log"].([]any)
		last := log[len(log)-1].(map[string]any)
		if jsonInt(last["seq"]) != v || last["type"] != "traits_changed" {
			t.Errorf("%s: last log entry %v", s.name, last)
		}
	}
	if pos, _, _ := htTrait(a.state(g), 3, "speed"); pos != start(3, "speed")-1 {
		t.Errorf("the split's speed part: position %d, want %d", pos, start(3, "speed")-1)
	}

	// /me: one seat's view.
	for i, tok := range g.seats {
		me := a.json(http.MethodGet, g.api("/me"), "", tok, http.StatusOK)
		htCheckStateShape(t, me, 3)
		m := me["me"].(map[string]any)
		if jsonInt(m["seat"]) != i+1 || m["traitor"] != false || m["owes_haunt_roll"] != false {
			t.Errorf("seat %d /me: %v", i+1, m)
		}
		if m["lang"] != []string{"en", "zh", "en"}[i] {
			t.Errorf("seat %d lang %v", i+1, m["lang"])
		}
		if _, ok := m["token"]; ok {
			t.Errorf("seat %d has a token before any haunt: %v", i+1, m)
		}
		if m["can_undo"] != (i == 2) {
			t.Errorf("seat %d can_undo %v; seat 3 made the last change", i+1, m["can_undo"])
		}
	}
	htWantError(t, a.do(http.MethodGet, g.api("/me"), "", withBearer(g.host)), http.StatusForbidden, "en", "err_not_authorized")

	// /log paging.
	version := jsonInt(a.state(g)["version"])
	cases := []struct {
		after string
		first int
		n     int
	}{{"", 1, version}, {"0", 1, version}, {strconv.Itoa(version - 2), version - 1, 2}, {strconv.Itoa(version), 0, 0}, {"99999", 0, 0}}
	for _, c := range cases {
		path := g.api("/log")
		if c.after != "" {
			path += "?after=" + c.after
		}
		l := a.json(http.MethodGet, path, "", g.seats[0], http.StatusOK)
		if jsonInt(l["version"]) != version || l["more"] != false {
			t.Errorf("log after %q: version %v more %v", c.after, l["version"], l["more"])
		}
		evs, ok := l["events"].([]any)
		if !ok || len(evs) != c.n {
			t.Fatalf("log after %q: %d events, want %d (%s)", c.after, len(evs), c.n, l["events"])
		}
		for i, e := range evs {
			if seq := jsonInt(e.(map[string]any)["seq"]); seq != c.first+i {
				t.Errorf("log after %q: event %d has seq %d", c.after, i, seq)
			}
		}
	}

	// Undo: by its maker, by the host; another seat may not.
	mightBefore, _, _ := htTrait(a.state(g), 1, "might")
	a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1})
	snap := a.snapshot(g)
	htWantError(t, a.do(http.MethodPost, g.api("/actions"), `{"type":"undo"}`, withBearer(g.seats[1])), http.StatusForbidden, "en", "err_undo_not_yours")
	if a.snapshot(g) != snap {
		t.Fatal("a refused undo changed the game")
	}
	if me := a.json(http.MethodGet, g.api("/me"), "", g.seats[1], http.StatusOK); me["me"].(map[string]any)["can_undo"] != false {
		t.Error("seat 2 may undo seat 1's change")
	}
	if me := a.json(http.MethodGet, g.api("/me"), "", g.seats[0], http.StatusOK); me["me"].(map[string]any)["can_undo"] != true {
		t.Error("seat 1 may not undo its own change")
	}
	a.act(g, g.seats[0], map[string]any{"type": "undo"})
	if pos, _, _ := htTrait(a.state(g), 1, "might"); pos != mightBefore {
		t.Errorf("undo by its maker: might %d, want %d", pos, mightBefore)
	}
	a.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "knowledge", "delta": 1})
	a.act(g, g.host, map[string]any{"type": "undo"})
	if pos, _, _ := htTrait(a.state(g), 2, "knowledge"); pos != start(2, "knowledge") {
		t.Errorf("undo by the host: knowledge %d, want %d", pos, start(2, "knowledge"))
	}
}

// TestAPILogPaging fills more than one page of the log.
func TestAPILogPaging(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(1, true)
	access, ok := a.tables.Authenticate(g.code, g.host)
	if !ok {
		t.Fatal("host token not accepted")
	}
	ctx := context.Background()
	for i := range 1000 {
		d := 1
		if i%2 == 1 {
			d = -1
		}
		if _, err := a.tables.Act(ctx, access, htStep(1, "speed", d)); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	version := jsonInt(a.state(g)["version"])
	first := a.json(http.MethodGet, g.api("/log"), "", g.seats[0], http.StatusOK)
	evs := first["events"].([]any)
	if len(evs) != 1000 || first["more"] != true {
		t.Fatalf("first page: %d events, more %v; version %d", len(evs), first["more"], version)
	}
	last := jsonInt(evs[len(evs)-1].(map[string]any)["seq"])
	second := a.json(http.MethodGet, g.api("/log?after="+strconv.Itoa(last)), "", g.seats[0], http.StatusOK)
	evs = second["events"].([]any)
	if len(evs) != version-1000 || second["more"] != false || jsonInt(evs[0].(map[string]any)["seq"]) != 1001 {
		t.Fatalf("second page: %d events from %v, more %v; version %d", len(evs), evs[0], second["more"], version)
	}
	// The state's own log is the newest 100.
	st := a.state(g)
	log := st["log"].([]any)
	if len(log) != 100 || jsonInt(log[99].(map[string]any)["seq"]) != version {
		t.Errorf("state log: %d entries ending at %v", len(log), log[len(log)-1])
	}
}

// htBadCase is one request that must be refused without changing anything.
type htBadCase struct {
	name   string
	method string
	path   string
	body   string
	token  string
	opts   []reqOpt
	status int
	key    string
	args   []any
}

func TestBadInputAPI(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	play := a.newGame(3, true)  // started
	open := a.newGame(2, false) // lobby with room
	full := a.newGame(6, false) // lobby, full

	// Move seat 3 of play to a new phone: its old token expires.
	tr := a.json(http.MethodPost, play.api("/seats/3/transfer"), "", play.host, http.StatusCreated)
	transferKey := tr["transfer_key"].(string)
	if !strings.Contains(tr["transfer_url"].(string), "/t/"+play.code) {
		t.Errorf("transfer_url %v", tr["transfer_url"])
	}
	claimed := a.json(http.MethodPost, play.api("/transfer"), jsonBody(map[string]string{"key": transferKey}), "", http.StatusOK)
	if jsonInt(claimed["seat"]) != 3 || claimed["token"] == play.seats[2] {
		t.Fatalf("claim: %v", claimed)
	}
	expired := play.seats[2]
	play.seats[2] = claimed["token"].(string)
	a.act(play, play.seats[2], map[string]any{"type": "step_trait", "trait": "might", "delta": 1}) // the new phone works

	step := `{"type":"step_trait","trait":"might","delta":1}`
	big := `{"type":"step_trait","trait":"might","delta":1,"name":"` + strings.Repeat("x", 70<<10) + `"}`
	join := func(name, explorer, key string) string {
		return jsonBody(map[string]string{"name": name, "explorer": explorer, "key": key})
	}
	cases := []htBadCase{
		{name: "unknown game state", method: "GET", path: "/api/games/ZZZZZ", token: play.host, status: 404, key: "err_unknown_game"},
		{name: "unknown game action", method: "POST", path: "/api/games/ZZZZZ/actions", body: step, token: play.host, status: 404, key: "err_unknown_game"},
		{name: "unknown game join", method: "POST", path: "/api/games/ZZZZZ/seats", body: join("Zed", "jenny-leclerc", play.key), status: 404, key: "err_unknown_game"},
		{name: "unknown game log", method: "GET", path: "/api/games/ZZZZZ/log", token: play.host, status: 404, key: "err_unknown_game"},
		{name: "bad trait", method: "POST", path: play.api("/actions"), body: `{"type":"step_trait","trait":"luck","delta":1}`, token: play.seats[0], status: 400, key: "err_bad_trait", args: []any{"luck"}},
		{name: "set bad trait", method: "POST", path: play.api("/actions"), body: `{"type":"set_trait","trait":"Might","position":3}`, token: play.seats[0], status: 400, key: "err_bad_trait", args: []any{"Might"}},
		{name: "position above 8", method: "POST", path: play.api("/actions"), body: `{"type":"set_trait","trait":"might","position":9}`, token: play.seats[0], status: 400, key: "err_bad_position", args: []any{1, 8}},
		{name: "position negative", method: "POST", path: play.api("/actions"), body: `{"type":"set_trait","trait":"might","position":-1}`, token: play.seats[0], status: 400, key: "err_bad_position", args: []any{1, 8}},
		{name: "skull before the haunt", method: "POST", path: play.api("/actions"), body: `{"type":"set_trait","trait":"might","position":0}`, token: play.seats[0], status: 400, key: "err_no_death_before_haunt"},
		{name: "no position", method: "POST", path: play.api("/actions"), body: `{"type":"set_trait","trait":"might"}`, token: play.seats[0], status: 400, key: "err_bad_position", args: []any{1, 8}},
		{name: "delta 0", method: "POST", path: play.api("/actions"), body: `{"type":"step_trait","trait":"might","delta":0}`, token: play.seats[0], status: 400, key: "err_bad_delta", args: []any{16, 16}},
		{name: "huge delta", method: "POST", path: play.api("/actions"), body: `{"type":"step_trait","trait":"might","delta":99999999999}`, token: play.seats[0], status: 400, key: "err_bad_delta", args: []any{16, 16}},
		{name: "delta overflowing int", method: "POST", path: play.api("/actions"), body: `{"type":"step_trait","trait":"might","delta":1e30}`, token: play.seats[0], status: 400, key: "err_bad_json"},
		{name: "damage to the wrong trait", method: "POST", path: play.api("/actions"), body: `{"type":"take_damage","kind":"physical","split":{"sanity":1}}`, token: play.seats[0], status: 400, key: "err_split_trait", args: []any{"sanity"}},
		{name: "damage kind", method: "POST", path: play.api("/actions"), body: `{"type":"take_damage","kind":"emotional","split":{"might":1}}`, token: play.seats[0], status: 400, key: "err_bad_damage_kind", args: []any{"emotional"}},
		{name: "malformed JSON", method: "POST", path: play.api("/actions"), body: `{"type":"step_trait",`, token: play.seats[0], status: 400, key: "err_bad_json"},
		{name: "two JSON values", method: "POST", path: play.api("/actions"), body: step + step, token: play.seats[0], status: 400, key: "err_bad_json"},
		{name: "JSON array", method: "POST", path: play.api("/actions"), body: `[1]`, token: play.seats[0], status: 400, key: "err_bad_json"},
		{name: "empty body", method: "POST", path: play.api("/actions"), body: ``, token: play.seats[0], status: 400, key: "err_bad_json"},
		{name: "unknown field", method: "POST", path: play.api("/actions"), body: `{"type":"step_trait","trait":"might","delta":1,"colour":"red"}`, token: play.seats[0], status: 400, key: "err_bad_json"},
		{name: "wrong type of field", method: "POST", path: play.api("/actions"), body: `{"type":"step_trait","trait":"might","delta":"1"}`, token: play.seats[0], status: 400, key: "err_bad_json"},
		{name: "no type", method: "POST", path: play.api("/actions"), body: `{}`, token: play.seats[0], status: 400, key: "err_no_type"},
		{name: "unknown type", method: "POST", path: play.api("/actions"), body: `{"type":"fly"}`, token: play.seats[0], status: 400, key: "err_unknown_action", args: []any{"fly"}},
		{name: "join through actions", method: "POST", path: play.api("/actions"), body: `{"type":"join","name":"X","explorer":"jenny-leclerc"}`, token: play.host, status: 400, key: "err_unknown_action", args: []any{"join"}},
		{name: "wrong seat", method: "POST", path: play.api("/actions"), body: `{"type":"step_trait","seat":2,"trait":"might","delta":1}`, token: play.seats[0], status: 403, key: "err_other_seat"},
		{name: "wrong seat set", method: "POST", path: play.api("/actions"), body: `{"type":"set_trait","seat":3,"trait":"might","position":2}`, token: play.seats[1], status: 403, key: "err_other_seat"},
		{name: "wrong seat damage", method: "POST", path: play.api("/actions"), body: `{"type":"take_damage","seat":1,"kind":"mental","split":{"sanity":1}}`, token: play.seats[1], status: 403, key: "err_other_seat"},
		{name: "no such seat", method: "POST", path: play.api("/actions"), body: `{"type":"step_trait","seat":9,"trait":"might","delta":1}`, token: play.host, status: 404, key: "err_unknown_seat", args: []any{9}},
		{name: "host only: phase", method: "POST", path: play.api("/actions"), body: `{"type":"set_phase","phase":"haunt"}`, token: play.seats[0], status: 403, key: "err_host_only"},
		{name: "host only: start", method: "POST", path: open.api("/actions"), body: `{"type":"start_game","first_seat":1}`, token: open.seats[0], status: 403, key: "err_host_only"},
		{name: "start twice", method: "POST", path: play.api("/actions"), body: `{"type":"start_game","first_seat":1}`, token: play.host, status: 409, key: "err_started"},
		{name: "not your turn", method: "POST", path: play.api("/actions"), body: `{"type":"end_turn"}`, token: play.seats[1], status: 403, key: "err_not_your_turn"},
		{name: "trait before the start", method: "POST", path: open.api("/actions"), body: step, token: open.seats[0], status: 409, key: "err_not_started"},
		{name: "no token", method: "POST", path: play.api("/actions"), body: step, status: 403, key: "err_not_authorized"},
		{name: "garbage token", method: "POST", path: play.api("/actions"), body: step, token: "not-a-token", status: 403, key: "err_not_authorized"},
		{name: "another game's host", method: "POST", path: play.api("/actions"), body: step, token: open.host, status: 403, key: "err_not_authorized"},
		{name: "another game's seat", method: "GET", path: play.api(""), token: open.seats[0], status: 403, key: "err_not_authorized"},
		{name: "join key as token", method: "GET", path: play.api(""), token: play.key, status: 403, key: "err_not_authorized"},
		{name: "no token state", method: "GET", path: play.api(""), status: 403, key: "err_not_authorized"},
		{name: "no token log", method: "GET", path: play.api("/log"), status: 403, key: "err_not_authorized"},
		{name: "expired seat acts", method: "POST", path: play.api("/actions"), body: step, token: expired, status: 403, key: "err_not_authorized"},
		{name: "expired seat reads", method: "GET", path: play.api("/me"), token: expired, status: 403, key: "err_not_authorized"},
		{name: "expired seat cookie", method: "POST", path: play.api("/actions"), body: step, opts: []reqOpt{withCookie("lantern_seat_"+play.code, expired)}, status: 403, key: "err_not_authorized"},
		{name: "transfer key used twice", method: "POST", path: play.api("/transfer"), body: jsonBody(map[string]string{"key": transferKey}), status: 403, key: "err_bad_transfer"},
		{name: "wrong transfer key", method: "POST", path: play.api("/transfer"), body: `{"key":"nope"}`, status: 403, key: "err_bad_transfer"},
		{name: "transfer by a seat", method: "POST", path: play.api("/seats/1/transfer"), token: play.seats[1], status: 403, key: "err_host_only"},
		{name: "transfer of no seat", method: "POST", path: play.api("/seats/7/transfer"), token: play.host, status: 404, key: "err_unknown_seat", args: []any{7}},
		{name: "me as host", method: "GET", path: play.api("/me"), token: play.host, status: 403, key: "err_not_authorized"},
		{name: "log after a word", method: "GET", path: play.api("/log?after=x"), token: play.host, status: 400, key: "err_bad_number"},
		{name: "log after negative", method: "GET", path: play.api("/log?after=-1"), token: play.host, status: 400, key: "err_bad_number"},
		{name: "taken explorer", method: "POST", path: open.api("/seats"), body: join("Zed", open.explorers[0], open.key), status: 409, key: "err_explorer_taken"},
		{name: "other side of a taken card", method: "POST", path: open.api("/seats"), body: join("Zed", catalog.ExplorerByID(open.explorers[1]).Pair, open.key), status: 409, key: "err_explorer_taken"},
		{name: "full game", method: "POST", path: full.api("/seats"), body: join("Gus", "jenny-leclerc", full.key), status: 409, key: "err_full", args: []any{6}},
		{name: "join a started game", method: "POST", path: play.api("/seats"), body: join("Gus", "jenny-leclerc", play.key), status: 409, key: "err_started"},
		{name: "wrong join key", method: "POST", path: open.api("/seats"), body: join("Zed", "jenny-leclerc", "wrong"), status: 403, key: "err_bad_join_key"},
		{name: "another game's join key", method: "POST", path: open.api("/seats"), body: join("Zed", "jenny-leclerc", full.key), status: 403, key: "err_bad_join_key"},
		{name: "no join key", method: "POST", path: open.api("/seats"), body: `{"name":"Zed","explorer":"jenny-leclerc"}`, status: 403, key: "err_bad_join_key"},
		{name: "empty name", method: "POST", path: open.api("/seats"), body: join("   ", "jenny-leclerc", open.key), status: 400, key: "err_name_empty"},
		{name: "long name", method: "POST", path: open.api("/seats"), body: join(strings.Repeat("名", 25), "jenny-leclerc", open.key), status: 400, key: "err_name_long", args: []any{24}},
		{name: "unknown explorer", method: "POST", path: open.api("/seats"), body: join("Zed", "nobody", open.key), status: 400, key: "err_unknown_explorer", args: []any{"nobody"}},
		{name: "join unknown field", method: "POST", path: open.api("/seats"), body: `{"name":"Zed","explorer":"jenny-leclerc","key":"` + open.key + `","age":3}`, status: 400, key: "err_bad_json"},
		{name: "join malformed", method: "POST", path: open.api("/seats"), body: `{"name":`, status: 400, key: "err_bad_json"},
		{name: "body over 64 KB", method: "POST", path: play.api("/actions"), body: big, token: play.seats[0], status: 413, key: "err_too_large"},
		{name: "join over 64 KB", method: "POST", path: open.api("/seats"), body: `{"name":"` + strings.Repeat("x", 70<<10) + `"}`, status: 413, key: "err_too_large"},
		{name: "unknown API path", method: "GET", path: "/api/nothing", status: 404, key: "err_not_found"},
		{name: "wrong method", method: "DELETE", path: play.api(""), token: play.host, status: 405, key: "err_method"},
	}
	games := []testGame{play, open, full}
	snaps := func() []string {
		var s []string
		for _, g := range games {
			s = append(s, a.snapshot(g))
		}
		return s
	}
	before := snaps()
	for _, c := range cases {
		for _, lang := range htLangs {
			t.Run(c.name+"/"+lang, func(t *testing.T) {
				opts := append([]reqOpt{withBearer(c.token), withLang(lang)}, c.opts...)
				htWantError(t, a.do(c.method, c.path, c.body, opts...), c.status, lang, c.key, c.args...)
				after := snaps()
				for i := range games {
					if after[i] != before[i] {
						t.Fatalf("game %d changed:\nbefore %s\nafter  %s", i, before[i], after[i])
					}
				}
			})
		}
	}
}

// TestBadInputChunkedBody sends an oversized body without a Content-Length,
// so only reading it finds out it is too large.
func TestBadInputChunkedBody(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(1, true)
	before := a.snapshot(g)
	for _, lang := range htLangs {
		t.Run(lang, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, g.api("/actions"),
				io.MultiReader(strings.NewReader(`{"type":"step_trait","trait":"might","delta":1,"name":"`), strings.NewReader(strings.Repeat("x", 70<<10)), strings.NewReader(`"}`)))
			req.ContentLength = -1
			req.Header.Set("Content-Type", "application/json")
			withBearer(g.seats[0])(req)
			withLang(lang)(req)
			rec := httptest.NewRecorder()
			a.h.ServeHTTP(rec, req)
			htWantError(t, rec, http.StatusRequestEntityTooLarge, lang, "err_too_large")
			if a.snapshot(g) != before {
				t.Fatal("the game changed")
			}
		})
	}
}

// TestBadInputPages checks refusals that are pages: in the right language,
// with the right status, as HTML.
func TestBadInputPages(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	before := a.snapshot(g)
	cases := []struct {
		name   string
		method string
		path   string
		opts   []reqOpt
		status int
		key    string
	}{
		{"unknown page", "GET", "/no/such/page", nil, 404, "err_not_found"},
		{"unknown static file", "GET", "/static/nope.js", nil, 404, "err_not_found"},
		{"unknown game page", "GET", "/g/ZZZZZ", nil, 404, "err_unknown_game"},
		{"unknown game table", "GET", "/g/ZZZZZ/table", nil, 404, "err_unknown_game"},
		{"player page without a seat (started: the way back is the host's Move to a new phone)", "GET", "/g/" + g.code, nil, 403, "seat_moved_text"},
		{"table without the host cookie", "GET", "/g/" + g.code + "/table", []reqOpt{withCookie("lantern_seat_"+g.code, g.seats[0])}, 403, "err_host_only"},
		{"join page with a wrong key", "GET", "/j/" + g.code + "?k=wrong", nil, 403, "err_bad_join_key"},
		{"join page of no game", "GET", "/j/ZZZZZ?k=" + g.key, nil, 404, "err_unknown_game"},
		{"QR without the host", "GET", "/g/" + g.code + "/qr.png", nil, 403, "err_host_only"},
		{"unknown card", "GET", "/cards/nope", nil, 404, "err_not_found"},
		{"unknown room", "GET", "/rooms/nope", nil, 404, "err_not_found"},
		{"unknown rule", "GET", "/rules/nope", nil, 404, "err_not_found"},
	}
	for _, c := range cases {
		for _, lang := range htLangs {
			t.Run(c.name+"/"+lang, func(t *testing.T) {
				rec := a.do(c.method, c.path, "", append([]reqOpt{withLang(lang)}, c.opts...)...)
				htWantPage(t, rec, c.status, htLangCode(lang), i18n.T(htLangCode(lang), c.key))
				if a.snapshot(g) != before {
					t.Fatal("the game changed")
				}
			})
		}
	}
}

// htWantPage checks a whole HTML page in lang carrying text.
func htWantPage(t *testing.T, rec *httptest.ResponseRecorder, status int, lang, text string) string {
	t.Helper()
	body := rec.Body.String()
	if rec.Code != status {
		t.Fatalf("status %d, want %d: %.300s", rec.Code, status, body)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("Content-Type %q", ct)
	}
	htmlLang := map[string]string{i18n.EN: `<html lang="en"`, i18n.ZH: `<html lang="zh-Hans"`}[lang]
	if !strings.Contains(body, htmlLang) {
		t.Errorf("page is not marked %s (%s): %.200s", lang, htmlLang, body)
	}
	if text != "" && !strings.Contains(body, html.EscapeString(text)) {
		t.Errorf("page lacks %q", text)
	}
	return body
}

func TestAPIStale(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	v0 := jsonInt(a.state(g)["version"])
	// Another seat's change does not make seat 1's view stale.
	a.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "might", "delta": 1})
	v2 := a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1, "version": v0})
	// The host changes seat 1: an action built before that is stale.
	v3 := a.act(g, g.host, map[string]any{"type": "step_trait", "seat": 1, "trait": "speed", "delta": 1, "version": v2})

	cases := []struct {
		name   string
		token  string
		action map[string]any
	}{
		{"step on an old version", g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1, "version": v2}},
		{"set on an old version", g.seats[0], map[string]any{"type": "set_trait", "trait": "sanity", "position": 2, "version": v0}},
		{"damage on an old version", g.seats[0], map[string]any{"type": "take_damage", "kind": "physical", "split": map[string]int{"might": 1}, "version": v2}},
		{"host on an old version", g.host, map[string]any{"type": "step_trait", "seat": 1, "trait": "knowledge", "delta": 1, "version": v3 - 1}},
		{"undo on an old version", g.host, map[string]any{"type": "undo", "version": v3 - 1}},
	}
	for _, c := range cases {
		for _, lang := range htLangs {
			t.Run(c.name+"/"+lang, func(t *testing.T) {
				before := a.snapshot(g)
				body := htWantError(t, a.do(http.MethodPost, g.api("/actions"), jsonBody(c.action), withBearer(c.token), withLang(lang)),
					http.StatusConflict, lang, "err_stale")
				st, ok := body["state"].(map[string]any)
				if !ok {
					t.Fatalf("stale answer has no state: %v", body)
				}
				htCheckStateShape(t, st, 3)
				if jsonInt(st["version"]) != v3 {
					t.Errorf("stale state at version %v, want %d", st["version"], v3)
				}
				if a.snapshot(g) != before {
					t.Fatal("a stale action changed the game")
				}
			})
		}
	}
	// Still fine: on the current version, and for another seat on an old one.
	a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1, "version": v3})
	a.act(g, g.seats[2], map[string]any{"type": "step_trait", "trait": "might", "delta": 1, "version": v0})
}

func TestFormActions(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	seat1 := withCookie("lantern_seat_"+g.code, g.seats[0])
	host := withCookie("lantern_host_"+g.code, g.host)
	version := func() int { return jsonInt(a.state(g)["version"]) }
	might := func(seat int) int { p, _, _ := htTrait(a.state(g), seat, "might"); return p }
	trait := func(extra url.Values) url.Values {
		v := url.Values{"type": {"step_trait"}, "as": {"seat"}, "seat": {"1"}, "trait": {"might"}, "version": {strconv.Itoa(version())}}
		if extra.Has("position") {
			v.Set("type", "set_trait")
		}
		for k, x := range extra {
			v[k] = x
		}
		return v
	}

	// Plain form post: post/redirect/get.
	m := might(1)
	rec := a.form("/g/"+g.code+"/act", trait(url.Values{"delta": {"1"}}), seat1)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/g/"+g.code {
		t.Fatalf("form post: %d to %q: %s", rec.Code, rec.Header().Get("Location"), rec.Body)
	}
	if might(1) != m+1 {
		t.Fatalf("form post: might %d, want %d", might(1), m+1)
	}
	// A value button sets.
	rec = a.form("/g/"+g.code+"/act", trait(url.Values{"position": {"2"}}), seat1)
	if rec.Code != http.StatusSeeOther || might(1) != 2 {
		t.Fatalf("set by form: %d, might %d", rec.Code, might(1))
	}
	// The app's script: only the outcome, the new version (the change
	// itself comes by the page's stream).
	rec = a.form("/g/"+g.code+"/act", trait(url.Values{"delta": {"1"}}), seat1, withHeader("X-Lantern", "fetch"))
	if rec.Code != http.StatusOK {
		t.Fatalf("fetch post: %d %s", rec.Code, rec.Body)
	}
	if got, want := strings.TrimSpace(rec.Body.String()), fmt.Sprintf(`{"version":%d}`, version()); got != want {
		t.Errorf("fetch post answered %s, want %s", got, want)
	}
	if might(1) != 3 {
		t.Errorf("fetch post: might %d, want 3", might(1))
	}
	// A body that isn't a form: the script gets the reason as JSON too.
	before := version()
	rec = a.do(http.MethodPost, "/g/"+g.code+"/act", "type=step_trait&trait=%zz", seat1,
		withHeader("Content-Type", "application/x-www-form-urlencoded"), withHeader("X-Lantern", "fetch"))
	if rec.Code != http.StatusBadRequest || decodeBody(t, rec)["error"] == "" || version() != before {
		t.Errorf("malformed fetch post: %d %s (version %d, was %d)", rec.Code, rec.Body, version(), before)
	}
	// The host's form goes back to the table.
	rec = a.form("/g/"+g.code+"/act", url.Values{"type": {"step_trait"}, "as": {"host"}, "seat": {"2"}, "trait": {"might"}, "delta": {"1"}}, host)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/g/"+g.code+"/table" {
		t.Fatalf("host form: %d to %q", rec.Code, rec.Header().Get("Location"))
	}
	// Same-origin browsers are let through.
	for _, h := range [][2]string{{"Sec-Fetch-Site", "same-origin"}, {"Origin", "http://example.com"}} {
		rec = a.form("/g/"+g.code+"/act", trait(url.Values{"delta": {"-1"}}), seat1, withHeader(h[0], h[1]))
		if rec.Code != http.StatusSeeOther {
			t.Errorf("same-origin post with %s: %d %s", h[0], rec.Code, rec.Body)
		}
	}

	// Refusals re-render the page with the message and change nothing.
	stale := strconv.Itoa(version() - 1)
	a.act(g, g.host, map[string]any{"type": "step_trait", "seat": 1, "trait": "speed", "delta": 1})
	cases := []struct {
		name   string
		values url.Values
		opts   []reqOpt
		status int
		key    string
	}{
		{"other seat", trait(url.Values{"seat": {"2"}, "delta": {"1"}}), []reqOpt{seat1}, 403, "err_other_seat"},
		{"stale", trait(url.Values{"delta": {"1"}, "version": {stale}}), []reqOpt{seat1}, 409, "err_stale"},
		{"bad number", trait(url.Values{"delta": {"lots"}}), []reqOpt{seat1}, 400, "err_bad_number"},
		{"unknown field", trait(url.Values{"delta": {"1"}, "dir": {"up"}}), []reqOpt{seat1}, 400, "err_bad_json"},
		{"two values for one field", trait(url.Values{"delta": {"1", "-1"}}), []reqOpt{seat1}, 400, "err_bad_json"},
		{"skull before the haunt", trait(url.Values{"position": {"0"}}), []reqOpt{seat1}, 400, "err_no_death_before_haunt"},
		{"no seat cookie", trait(url.Values{"delta": {"1"}}), nil, 403, "err_not_authorized"},
		{"seat cookie posing as host", trait(url.Values{"as": {"host"}, "delta": {"1"}}), []reqOpt{seat1}, 403, "err_not_authorized"},
		{"host only", url.Values{"type": {"set_phase"}, "as": {"seat"}, "phase": {"haunt"}}, []reqOpt{seat1}, 403, "err_host_only"},
		{"cross-site (Sec-Fetch-Site)", trait(url.Values{"delta": {"1"}}), []reqOpt{seat1, withHeader("Sec-Fetch-Site", "cross-site")}, 403, "err_cross_origin"},
		{"cross-site (Origin)", trait(url.Values{"delta": {"1"}}), []reqOpt{seat1, withHeader("Origin", "http://evil.example")}, 403, "err_cross_origin"},
		{"cross-site host post", url.Values{"type": {"set_phase"}, "as": {"host"}, "phase": {"haunt"}}, []reqOpt{host, withHeader("Origin", "http://evil.example")}, 403, "err_cross_origin"},
		{"cross-site join", url.Values{"name": {"Mallory"}, "explorer": {"jenny-leclerc"}, "k": {g.key}}, []reqOpt{withHeader("Sec-Fetch-Site", "cross-site")}, 403, "err_cross_origin"},
	}
	for _, c := range cases {
		for _, lang := range htLangs {
			for _, fetch := range []bool{false, true} {
				name := c.name + "/" + lang
				if fetch {
					name += "/fetch"
				}
				t.Run(name, func(t *testing.T) {
					before := a.snapshot(g)
					opts := append([]reqOpt{withLang(lang)}, c.opts...)
					if fetch {
						opts = append(opts, withHeader("X-Lantern", "fetch"))
					}
					path := "/g/" + g.code + "/act"
					if c.name == "cross-site join" {
						path = "/j/" + g.code
					}
					rec := a.form(path, c.values, opts...)
					body := rec.Body.String()
					if rec.Code != c.status {
						t.Fatalf("status %d, want %d: %.300s", rec.Code, c.status, body)
					}
					msg := i18n.T(htLangCode(lang), c.key)
					switch ct := rec.Header().Get("Content-Type"); {
					case fetch && !strings.HasPrefix(c.name, "cross-site"):
						// The script gets the refusal alone, in the phone's language.
						var got map[string]string
						if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got["error"] != msg || !strings.HasPrefix(ct, "application/json") {
							t.Errorf("fetch refusal %q (%s), want {error: %q}", body, ct, msg)
						}
					default:
						if !strings.HasPrefix(ct, "text/html") {
							t.Errorf("Content-Type %q", ct)
						}
						if !strings.Contains(body, html.EscapeString(msg)) {
							t.Errorf("answer lacks %q: %.500s", msg, body)
						}
						if whole := strings.Contains(body, "<html"); whole == fetch && !strings.HasPrefix(c.name, "cross-site") {
							t.Errorf("fetch %v but whole page %v", fetch, whole)
						}
					}
					if a.snapshot(g) != before {
						t.Fatal("a refused form changed the game")
					}
				})
			}
		}
	}
}

func TestSSE(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	srv := a.server()
	g := a.newGame(2, true)
	other := a.newGame(1, true)
	cases := []struct {
		name string
		opts []reqOpt
	}{
		{"seat bearer", []reqOpt{withBearer(g.seats[0])}},
		{"host bearer", []reqOpt{withBearer(g.host)}},
		{"seat cookie", []reqOpt{withCookie("lantern_seat_"+g.code, g.seats[1])}},
		{"host cookie", []reqOpt{withCookie("lantern_host_"+g.code, g.host)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := lvOpen(t, srv, g.api("/events"), c.opts...)
			if s.resp.StatusCode != http.StatusOK || !strings.HasPrefix(s.resp.Header.Get("Content-Type"), "text/event-stream") {
				t.Fatalf("status %d, Content-Type %q", s.resp.StatusCode, s.resp.Header.Get("Content-Type"))
			}
			if v, want := s.version(), jsonInt(a.state(g)["version"]); v != want {
				t.Fatalf("first version %d, want %d", v, want)
			}
			// A change to another game says nothing here.
			a.act(other, other.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1})
			for range 2 {
				want := a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1})
				if v := s.version(); v != want {
					t.Fatalf("after an action: version %d, want %d", v, want)
				}
			}
			want := a.act(g, g.seats[0], map[string]any{"type": "undo"})
			if v := s.version(); v != want {
				t.Fatalf("after undo: version %d, want %d", v, want)
			}
		})
	}
	refusals := []struct {
		name   string
		path   string
		opts   []reqOpt
		status int
		key    string
	}{
		{"no token", g.api("/events"), nil, 403, "err_not_authorized"},
		{"wrong token", g.api("/events"), []reqOpt{withBearer(other.seats[0])}, 403, "err_not_authorized"},
		{"unknown game", "/api/games/ZZZZZ/events", []reqOpt{withBearer(g.host)}, 404, "err_unknown_game"},
	}
	for _, c := range refusals {
		for _, lang := range htLangs {
			t.Run(c.name+"/"+lang, func(t *testing.T) {
				s := lvOpen(t, srv, c.path, append([]reqOpt{withLang(lang)}, c.opts...)...)
				raw := s.body
				rec := httptest.NewRecorder()
				for k, v := range s.resp.Header {
					rec.Header()[k] = v
				}
				rec.WriteHeader(s.resp.StatusCode)
				rec.Write(raw)
				htWantError(t, rec, c.status, lang, c.key)
			})
		}
	}
}

// htWalk calls fn for every object key in a decoded JSON value.
func htWalk(v any, path string, fn func(path, key string, parent map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			fn(path, k, x)
			htWalk(val, path+"."+k, fn)
		}
	case []any:
		for i, val := range x {
			htWalk(val, fmt.Sprintf("%s[%d]", path, i), fn)
		}
	}
}

func TestSecretsHiddenTraitor(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	srv := a.server()
	const n = 4
	g := a.newGame(n, true)
	omen, room, number := hiddenTraitorCell(t)
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": omen, "room": room})
	st := a.state(g)
	if jsonInt(st["omen_count"]) != 1 || jsonInt(st["haunt_roll_owed_by"]) != 1 {
		t.Fatalf("after the omen: count %v, owed by %v", st["omen_count"], st["haunt_roll_owed_by"])
	}
	// Streams open before the reveal carry it as it happens: each phone's
	// own HTML (both languages, compressed or not) and JSON view.
	type pushed struct {
		seat int // 0 = host
		lang string
		s    *lvStream
	}
	var streams []pushed
	for seat := 0; seat <= n; seat++ {
		token, cookie := g.host, withCookie("lantern_host_"+g.code, g.host)
		if seat > 0 {
			token, cookie = g.seats[seat-1], withCookie("lantern_seat_"+g.code, g.seats[seat-1])
		}
		for i, lang := range []string{"en", "zh"} {
			gz := withHeader("Accept-Encoding", []string{"identity", "gzip"}[i])
			streams = append(streams, pushed{seat, lang, lvOpen(t, srv, g.api("/events?view=html"), cookie, withLang(lang), gz)})
		}
		streams = append(streams, pushed{seat, "json", lvOpen(t, srv, g.api("/events?view=json"), withBearer(token))})
	}
	for _, p := range streams {
		p.s.next()
	}
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	st = a.state(g)
	h, ok := st["haunt"].(map[string]any)
	if !ok || jsonInt(h["number"]) != number || h["hidden"] != true || st["phase"] != "haunt" {
		t.Fatalf("haunt did not start as haunt %d: %v", number, st["haunt"])
	}
	if jsonInt(h["traitor"]) != 0 {
		t.Errorf("public state names the hidden traitor: seat %v", h["traitor"])
	}
	if _, ok := h["shown_tokens"]; ok {
		t.Errorf("tokens shown before anyone turned one: %v", h["shown_tokens"])
	}

	// Each seat's own token, from its own /me.
	tokens := make([]int, n)
	traitor := 0
	seen := map[int]bool{}
	for i, tok := range g.seats {
		me := a.json(http.MethodGet, g.api("/me"), "", tok, http.StatusOK)
		m := me["me"].(map[string]any)
		tokens[i] = jsonInt(m["token"])
		if tokens[i] < 1 || tokens[i] > n || seen[tokens[i]] {
			t.Fatalf("seat %d token %d (dealt %v)", i+1, tokens[i], tokens)
		}
		seen[tokens[i]] = true
		if (tokens[i] == 1) != (m["traitor"] == true) {
			t.Errorf("seat %d token %d but traitor %v", i+1, tokens[i], m["traitor"])
		}
		if tokens[i] == 1 {
			traitor = i + 1
		}
	}
	if traitor == 0 {
		t.Fatalf("nobody holds token 1: %v", tokens)
	}

	// secretsOf are the strings viewer (0 = host) must never receive.
	// Not even a viewer's own token is ever sent back: it lives in an
	// HttpOnly cookie or the client's memory.
	secretsOf := func(viewer int) map[string]string {
		m := map[string]string{"host token": g.host}
		if viewer != 0 {
			m["join key"] = g.key // the table shows the join QR; nobody else gets it
		}
		for i, tok := range g.seats {
			m[fmt.Sprintf("seat %d token", i+1)] = tok
		}
		return m
	}
	noSecrets := func(t *testing.T, what string, viewer int, body string) {
		t.Helper()
		for name, s := range secretsOf(viewer) {
			if strings.Contains(body, s) {
				t.Errorf("%s carries the %s", what, name)
			}
		}
	}
	// publicSeen is the public state (without the log) the first viewer got
	// at each version, which every other viewer must get alike.
	publicSeen := map[int]string{}
	// checkJSON: no "tokens" or "secret" anywhere, no "token" except the
	// viewer's own in "me" (and none at all for others), traitor hidden.
	checkJSON := func(t *testing.T, what string, viewer int, raw []byte) {
		t.Helper()
		if strings.Contains(string(raw), `"tokens"`) || strings.Contains(string(raw), `"secret"`) {
			t.Errorf("%s carries the deal: %s", what, raw)
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		htWalk(v, "", func(path, key string, parent map[string]any) {
			switch {
			case key == "token" && path == ".me":
				if viewer == 0 || jsonInt(parent["token"]) != tokens[viewer-1] {
					t.Errorf("%s: me.token %v for viewer %d", what, parent["token"], viewer)
				}
			case key == "token":
				t.Errorf("%s: token at %s.%s", what, path, key)
			case key == "traitor" && path == ".me":
				if parent["traitor"] != (viewer == traitor) {
					t.Errorf("%s: me.traitor %v for seat %d", what, parent["traitor"], viewer)
				}
			case key == "traitor":
				if x, ok := parent["traitor"].(float64); ok && x != 0 {
					t.Errorf("%s: %s.traitor = %v", what, path, x)
				}
			case key == "side" && parent["side"] != "heroes":
				// Every seat reads as a hero until the traitor shows the token.
				t.Errorf("%s: %s.side = %v", what, path, parent["side"])
			case key == "turn_order":
				// The order would put the traitor last.
				t.Errorf("%s: %s.turn_order = %v", what, path, parent["turn_order"])
			}
		})
		// The public part is the same whoever asks.
		var pub map[string]any
		json.Unmarshal(raw, &pub)
		delete(pub, "me")
		delete(pub, "options")
		delete(pub, "log")
		b, _ := json.Marshal(pub)
		if _, state := pub["seats"]; !state { // the log
		} else if seen, ok := publicSeen[jsonInt(pub["version"])]; !ok {
			publicSeen[jsonInt(pub["version"])] = string(b)
		} else if string(b) != seen {
			t.Errorf("%s: the public state differs from another viewer's:\n%s\n%s", what, b, seen)
		}
		noSecrets(t, what, viewer, string(raw))
	}
	traitorText := func(lang string) []string {
		return []string{i18n.T(lang, "you_hidden_traitor", 1, number), map[string]string{i18n.EN: "you are the hidden traitor", i18n.ZH: "你就是隐藏的奸徒"}[lang],
			i18n.T(lang, "traitor_is", testNames[traitor-1]), `data-secret=traitor`, `class="card reveal traitor"`}
	}
	checkHTML := func(t *testing.T, what string, viewer int, lang, body string) {
		t.Helper()
		noSecrets(t, what, viewer, body)
		if viewer == traitor {
			for _, s := range []string{i18n.T(lang, "you_hidden_traitor", 1, number), `data-secret=traitor`} {
				if !strings.Contains(body, s) {
					t.Errorf("%s: the traitor's own page lacks %q", what, s)
				}
			}
			return
		}
		for _, s := range traitorText(lang) {
			if strings.Contains(body, s) || strings.Contains(body, html.EscapeString(s)) {
				t.Errorf("%s reveals the traitor: contains %q", what, s)
			}
		}
		if viewer != 0 {
			if want := i18n.T(lang, "you_hidden_hero", tokens[viewer-1], number); !strings.Contains(body, want) {
				t.Errorf("%s lacks the seat's own token message %q", what, want)
			}
		}
		for i, tok := range tokens {
			if i+1 == viewer {
				continue
			}
			// No other seat's private line: "Your token is #k".
			for _, l := range []string{i18n.EN, i18n.ZH} {
				if s := i18n.T(l, "you_hidden_hero", tok, number); strings.Contains(body, s) {
					t.Errorf("%s shows seat %d's token line %q", what, i+1, s)
				}
			}
		}
	}

	type viewer struct {
		name   string
		seat   int // 0 = host
		token  string
		cookie reqOpt
		page   string
	}
	viewers := []viewer{{name: "host", token: g.host, cookie: withCookie("lantern_host_"+g.code, g.host), page: "/g/" + g.code + "/table"}}
	for i, tok := range g.seats {
		viewers = append(viewers, viewer{name: fmt.Sprintf("seat %d", i+1), seat: i + 1, token: tok,
			cookie: withCookie("lantern_seat_"+g.code, tok), page: "/g/" + g.code})
	}
	for _, v := range viewers {
		t.Run(v.name, func(t *testing.T) {
			for _, path := range []string{"", "/log", "/log?after=0"} {
				rec := a.do(http.MethodGet, g.api(path), "", withBearer(v.token))
				if rec.Code != http.StatusOK {
					t.Fatalf("GET %s: %d", path, rec.Code)
				}
				checkJSON(t, "GET "+g.api(path), v.seat, rec.Body.Bytes())
			}
			if v.seat != 0 {
				rec := a.do(http.MethodGet, g.api("/me"), "", withBearer(v.token))
				checkJSON(t, "GET /me", v.seat, rec.Body.Bytes())
			}
			for _, lang := range []string{"en", "zh"} {
				for _, fetch := range []bool{false, true} {
					opts := []reqOpt{v.cookie, withLang(lang)}
					what := v.page + " " + lang
					if fetch {
						opts = append(opts, withHeader("X-Lantern", "fetch"))
						what += " fragment"
					}
					rec := a.do(http.MethodGet, v.page, "", opts...)
					if rec.Code != http.StatusOK {
						t.Fatalf("%s: %d", what, rec.Code)
					}
					checkHTML(t, what, v.seat, htLangCode(lang), rec.Body.String())
				}
			}
			// The stream says only the version.
			s := lvOpen(t, srv, g.api("/events"), withBearer(v.token))
			m, _ := s.next()
			if !lvIsVersion(m) {
				t.Errorf("first stream message %q %q %q", m.event, m.id, m.data)
			}
			noSecrets(t, "stream", v.seat, m.data)
			// A stream opened now starts with the whole page or view.
			for _, lang := range []string{"en", "zh"} {
				full := lvOpen(t, srv, g.api("/events?view=html"), v.cookie, withLang(lang), withHeader("Accept-Encoding", "gzip")).html()
				if full.Full == nil {
					t.Fatalf("first html message is not whole")
				}
				checkHTML(t, "pushed html "+lang, v.seat, lang, *full.Full)
			}
			jm := lvOpen(t, srv, g.api("/events?view=json"), withBearer(v.token)).must("view")
			checkJSON(t, "pushed view", v.seat, []byte(jm.data))
		})
	}

	// What the streams pushed while the haunt began: no message to one phone
	// carries another's secret or, to anyone but the traitor, who it is.
	version := jsonInt(a.state(g)["version"])
	for _, p := range streams {
		for seen := 0; seen < version; {
			m := p.s.must(map[bool]string{true: "view", false: "html"}[p.lang == "json"])
			seen, _ = strconv.Atoi(m.id)
			what := fmt.Sprintf("message %d pushed to viewer %d (%s)", seen, p.seat, p.lang)
			if p.lang == "json" {
				checkJSON(t, what, p.seat, []byte(m.data))
				continue
			}
			noSecrets(t, what, p.seat, m.data)
			if p.seat == traitor {
				continue
			}
			var body lvHTML
			json.Unmarshal([]byte(m.data), &body)
			text := ""
			if body.Full != nil {
				text = *body.Full
			}
			for _, part := range body.Parts {
				text += part.html
			}
			for _, s := range traitorText(p.lang) {
				if strings.Contains(text, s) || strings.Contains(text, html.EscapeString(s)) {
					t.Errorf("%s reveals the traitor: contains %q", what, s)
				}
			}
		}
	}

	// The parts rendered once for every seat are the same for every seat.
	for _, lang := range []string{"en", "zh"} {
		shared := map[string]string{}
		for i, tok := range g.seats {
			parts, err := web.SharedPartsOf(web.Config{Tables: a.tables}, g.code, tok, lang)
			if err != nil || len(parts) == 0 {
				t.Fatalf("shared parts of seat %d: %v %v", i+1, len(parts), err)
			}
			for k, v := range parts {
				if prev, ok := shared[k]; ok && prev != v {
					t.Errorf("shared part %s (%s) differs for seat %d", k, lang, i+1)
				}
				shared[k] = v
			}
		}
	}

	// No refusal is an oracle: the host, or a seat naming another seat,
	// gets the same answer whoever holds token 1.
	snap := a.snapshot(g)
	for target := 1; target <= n; target++ {
		reveal := jsonBody(map[string]any{"type": "reveal_token", "seat": target})
		htWantError(t, a.do(http.MethodPost, g.api("/actions"), reveal, withBearer(g.host)), http.StatusForbidden, "en", "err_other_seat")
		other := g.seats[target%n]
		htWantError(t, a.do(http.MethodPost, g.api("/actions"), reveal, withBearer(other)), http.StatusForbidden, "en", "err_other_seat")
	}
	if a.snapshot(g) != snap {
		t.Fatal("a refused reveal changed the game")
	}
	// A living hero may not turn their token; the traitor may, and then
	// everyone knows.
	hero := traitor%n + 1
	htWantError(t, a.do(http.MethodPost, g.api("/actions"), `{"type":"reveal_token"}`, withBearer(g.seats[hero-1])), http.StatusConflict, "en", "err_hero_token")
	a.act(g, g.seats[traitor-1], map[string]any{"type": "reveal_token"})
	h = a.state(g)["haunt"].(map[string]any)
	if jsonInt(h["traitor"]) != traitor || fmt.Sprint(h["shown_tokens"]) != fmt.Sprintf("map[%d:1]", traitor) {
		t.Errorf("after the traitor turned the token: %v", h)
	}
	rec := a.do(http.MethodGet, "/g/"+g.code, "", withCookie("lantern_seat_"+g.code, g.seats[hero-1]), withLang("en"))
	if want := html.EscapeString(i18n.T("en", "traitor_is", testNames[traitor-1])); !strings.Contains(rec.Body.String(), want) {
		t.Errorf("a hero's page lacks %q once the traitor showed the token", want)
	}
	// Every phone is told (the reveal opens again: a new once-key) in both
	// languages, and the traitor's own card stops saying "tell no one".
	name := testNames[traitor-1]
	for _, lang := range []string{"en", "zh"} {
		heroPage := a.do(http.MethodGet, "/g/"+g.code, "", withCookie("lantern_seat_"+g.code, g.seats[hero-1]), withLang(lang)).Body.String()
		if want := html.EscapeString(i18n.T(lang, "traitor_shown", name, name)); !strings.Contains(heroPage, want) {
			t.Errorf("%s: a hero's reveal lacks %q", lang, want)
		}
		if !strings.Contains(heroPage, fmt.Sprintf(`-traitor%d"`, traitor)) {
			t.Errorf("%s: the reveal's once-key is unchanged after the token was turned up: the sheet won't open again", lang)
		}
		own := a.do(http.MethodGet, "/g/"+g.code, "", withCookie("lantern_seat_"+g.code, g.seats[traitor-1]), withLang(lang)).Body.String()
		if bad := html.EscapeString(i18n.T(lang, "you_hidden_traitor", 1, number)); strings.Contains(own, bad) {
			t.Errorf("%s: the traitor's card still says %q after turning the token up", lang, bad)
		}
		if want := html.EscapeString(i18n.T(lang, "you_shown_traitor", number)); !strings.Contains(own, want) {
			t.Errorf("%s: the traitor's card lacks %q", lang, want)
		}
	}
}

func TestHauntChart(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	for _, lang := range htLangs {
		t.Run("lookup/"+lang, func(t *testing.T) {
			r := a.json(http.MethodGet, "/api/haunts/lookup?omen=girl&room=catacombs", "", "", http.StatusOK, withLang(lang))
			if jsonInt(r["haunt"]) != 1 {
				t.Errorf("girl in the catacombs: haunt %v, want 1", r["haunt"])
			}
			if name := r["name"].(string); name != catalog.HauntByNumber(1).Name.In(htLangCode(lang)) {
				t.Errorf("name %q", name)
			}
			if rule, _ := r["traitor_rule"].(string); rule == "" || htHasHan(rule) != (htLangCode(lang) == i18n.ZH) {
				t.Errorf("traitor_rule %q", rule)
			}
			cases := []struct {
				query string
				key   string
				arg   string
			}{
				{"omen=nope&room=catacombs", "err_unknown_omen", "nope"},
				{"room=catacombs", "err_unknown_omen", ""},
				{"omen=girl&room=vault", "err_unknown_omen_room", "vault"},
				{"omen=girl", "err_unknown_omen_room", ""},
			}
			for _, c := range cases {
				htWantError(t, a.do(http.MethodGet, "/api/haunts/lookup?"+c.query, "", withLang(lang)), http.StatusBadRequest, lang, c.key, c.arg)
			}
			body := htWantPage(t, a.do(http.MethodGet, "/haunts", "", withLang(lang)), http.StatusOK, htLangCode(lang), i18n.T(htLangCode(lang), "chart_title"))
			if !strings.Contains(body, `value="girl"`) || !strings.Contains(body, `value="catacombs"`) {
				t.Errorf("/haunts lacks the omen and room choices")
			}
			htWantPage(t, a.do(http.MethodGet, "/haunts?omen=girl&room=catacombs", "", withLang(lang)), http.StatusOK, htLangCode(lang),
				catalog.HauntByNumber(1).Name.In(htLangCode(lang)))
			htWantPage(t, a.do(http.MethodGet, "/haunts?omen=nope&room=catacombs", "", withLang(lang)), http.StatusBadRequest, htLangCode(lang),
				i18n.T(htLangCode(lang), "err_unknown_omen", "nope"))
		})
	}
}

func TestSearchAndPages(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	r := a.json(http.MethodGet, "/api/search?q=dog", "", "", http.StatusOK)
	found := false
	for _, x := range r["results"].([]any) {
		m := x.(map[string]any)
		if m["kind"] == "card" && m["id"] == "dog" && m["url"] == "/cards/dog" {
			found = true
		}
	}
	if !found {
		t.Errorf("search for dog: %v", r["results"])
	}
	// Chinese names are found too, and named in Chinese.
	zhName := catalog.Box().Card("dog").Name.ZH
	r = a.json(http.MethodGet, "/api/search?q="+url.QueryEscape(zhName), "", "", http.StatusOK, withLang("zh"))
	found = false
	for _, x := range r["results"].([]any) {
		if m := x.(map[string]any); m["url"] == "/cards/dog" && m["title"] == zhName {
			found = true
		}
	}
	if !found {
		t.Errorf("search for %s: %v", zhName, r["results"])
	}
	if r := a.json(http.MethodGet, "/api/search?q=", "", "", http.StatusBadRequest); len(r["results"].([]any)) != 0 || r["error"] == "" {
		t.Errorf("empty search: %v", r)
	}
	for _, lang := range []string{"en", "zh"} {
		for _, p := range []struct {
			path string
			want string
		}{
			{"/cards/dog", catalog.Box().Card("dog").Name.In(lang)},
			{"/rooms/vault", catalog.Box().Room("vault").Name.In(lang)},
			{"/rules/faq", catalog.Box().Rule("faq").Title.In(lang)},
			{"/search?q=dog", "/cards/dog"},
			{"/box", "/rules/faq"},
			{"/", ""},
		} {
			t.Run(p.path+"/"+lang, func(t *testing.T) {
				htWantPage(t, a.do(http.MethodGet, p.path, "", withLang(lang)), http.StatusOK, lang, p.want)
			})
		}
	}
	htWantPage(t, a.do(http.MethodGet, "/cards/nope", "", withLang("en")), http.StatusNotFound, "en", i18n.T("en", "err_not_found"))
}

func TestRateLimit(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	const addr = "203.0.113.7:5555"
	// untilLimited repeats a request from addr until it is refused; the
	// limiter lets 10 through at once and then one a second.
	untilLimited := func(t *testing.T, method, path, body string, opts ...reqOpt) (*httptest.ResponseRecorder, int) {
		t.Helper()
		for ok := 0; ok < 20; ok++ {
			rec := a.do(method, path, body, append([]reqOpt{withAddr(addr)}, opts...)...)
			if rec.Code == http.StatusTooManyRequests {
				return rec, ok
			}
		}
		t.Fatalf("%s %s from one address: never limited", method, path)
		return nil, 0
	}
	rec, ok := untilLimited(t, http.MethodPost, "/api/games", "", withLang("zh"))
	if ok < 10 {
		t.Errorf("limited after %d creations; 10 quick ones are allowed", ok)
	}
	htWantError(t, rec, http.StatusTooManyRequests, "zh", "err_too_many")
	for _, lang := range htLangs {
		t.Run(lang, func(t *testing.T) {
			rec, _ := untilLimited(t, http.MethodPost, "/api/games", "", withLang(lang))
			htWantError(t, rec, http.StatusTooManyRequests, lang, "err_too_many")
			// A forwarding header doesn't make a new address.
			rec, _ = untilLimited(t, http.MethodPost, "/api/games", "", withLang(lang), withHeader("X-Forwarded-For", "198.51.100.1"), withHeader("X-Real-IP", "198.51.100.2"))
			htWantError(t, rec, http.StatusTooManyRequests, lang, "err_too_many")
			// The HTML form is limited too, as a page.
			rec, _ = untilLimited(t, http.MethodPost, "/games", "", withLang(lang))
			htWantPage(t, rec, http.StatusTooManyRequests, htLangCode(lang), i18n.T(htLangCode(lang), "err_too_many"))
		})
	}
	// Another address is not.
	a.json(http.MethodPost, "/api/games", "", "", http.StatusCreated, withAddr("203.0.113.8:5555"))
	// Joins from the limited address are limited as well.
	g := a.newGame(0, false)
	rec, _ = untilLimited(t, http.MethodPost, g.api("/seats"), jsonBody(map[string]string{"name": "Zed", "explorer": "jenny-leclerc", "key": g.key}))
	htWantError(t, rec, http.StatusTooManyRequests, "en", "err_too_many")
}

// htStep is a step_trait action, for driving the table directly.
func htStep(seat int, trait string, delta int) game.Action {
	return game.StepTrait{Seat: seat, Trait: trait, Delta: delta}
}

// TestSecretsHiddenTraitorMonsters: only the traitor (or the host) runs the
// monsters, so whatever the hidden traitor does for them must not name the
// traitor's seat to anyone else.
func TestSecretsHiddenTraitorMonsters(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	const n = 3
	g, traitor := a.hiddenTraitorGame(t, n)
	revealed := jsonInt(a.state(g)["version"])
	if traitor == 0 {
		t.Fatal("no hidden traitor")
	}
	monsterActions := []string{
		`{"type":"add_monster","kind":"Bat","count":1,"traits":{"speed":3,"might":2}}`,
		`{"type":"set_track","value":3,"label":"x"}`,
	}
	// Heroes are all refused alike.
	var refusal string
	for i, tok := range g.seats {
		if i+1 == traitor {
			continue
		}
		for _, body := range monsterActions {
			rec := a.do(http.MethodPost, g.api("/actions"), body, withBearer(tok))
			if rec.Code == http.StatusOK {
				t.Fatalf("hero seat %d ran the monsters: %s", i+1, body)
			}
			if refusal == "" {
				refusal = rec.Body.String()
			} else if rec.Body.String() != refusal {
				t.Errorf("heroes refused differently: %s vs %s", rec.Body, refusal)
			}
		}
	}
	var accepted []string
	for _, body := range monsterActions {
		if rec := a.do(http.MethodPost, g.api("/actions"), body, withBearer(g.seats[traitor-1])); rec.Code == http.StatusOK {
			accepted = append(accepted, body)
		}
	}
	if len(accepted) == 0 { // the host runs them
		for _, body := range monsterActions {
			a.do(http.MethodPost, g.api("/actions"), body, withBearer(g.host))
		}
	}
	// The public state shows the monsters and the track, the same to
	// everyone, every seat still a hero and no turn order that would put
	// the traitor last.
	pub := a.snapshot(g)
	for i, tok := range append([]string{g.host}, g.seats...) {
		if rec := a.do(http.MethodGet, g.api(""), "", withBearer(tok)); rec.Body.String() != pub {
			t.Errorf("viewer %d gets another public state: %s", i, rec.Body)
		}
	}
	st := a.state(g)
	for _, s := range st["seats"].([]any) {
		if side := s.(map[string]any)["side"]; side != "heroes" {
			t.Errorf("seat %v reads as %v while the traitor is hidden", s.(map[string]any)["seat"], side)
		}
	}
	if _, ok := st["turn_order"]; ok {
		t.Errorf("turn order while the traitor is hidden: %v", st["turn_order"])
	}
	if m, _ := st["monsters"].([]any); len(m) != 1 || st["track"] == nil {
		t.Errorf("monsters %v, track %v", st["monsters"], st["track"])
	}
	if len(accepted) == 0 {
		return // the hidden traitor doesn't run monsters: nothing to leak
	}
	// Another seat's log must not tie those changes to the traitor's seat.
	hero := g.seats[traitor%n]
	l := a.json(http.MethodGet, g.api("/log?after="+strconv.Itoa(revealed)), "", hero, http.StatusOK)
	var leaks []string
	for _, e := range l["events"].([]any) {
		ev := e.(map[string]any)
		if actor, _ := ev["actor"].(map[string]any); actor != nil && actor["seat"] != nil && jsonInt(actor["seat"]) == traitor {
			leaks = append(leaks, fmt.Sprintf("%v by seat %d", ev["type"], traitor))
		}
	}
	if len(leaks) > 0 {
		t.Errorf("hidden traitor exposed through the public log: %v", leaks)
	}
}

// TestBadInputLangRedirect: the language switch sends the browser back only
// within this site.
func TestBadInputLangRedirect(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	cases := []struct{ next, want string }{
		{"/g/ABCDE", "/g/ABCDE"},
		{"/haunts?omen=girl", "/haunts?omen=girl"},
		{"", "/"},
		{"https://evil.example/", "/"},
		{"//evil.example", "/"},
		{"/\\evil.example", "/"},
		{"\\evil.example", "/"},
		{"javascript:alert(1)", "/"},
		{"/\t/evil.example", ""}, // browsers drop tabs and newlines from URLs
		{"/\n/evil.example", ""},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%q", c.next), func(t *testing.T) {
			rec := a.do(http.MethodGet, "/lang/zh?next="+url.QueryEscape(c.next), "")
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("status %d", rec.Code)
			}
			if ck := rec.Header().Get("Set-Cookie"); !strings.HasPrefix(ck, "lantern_lang=zh") {
				t.Errorf("Set-Cookie %q", ck)
			}
			loc := rec.Header().Get("Location")
			if c.want != "" && loc != c.want {
				t.Errorf("Location %q, want %q", loc, c.want)
			}
			// What a browser makes of it: net/http turns CR and LF in a
			// header into spaces, and the browser's URL parser drops tabs.
			seen := strings.NewReplacer("\r", " ", "\n", " ", "\t", "").Replace(loc)
			if !strings.HasPrefix(seen, "/") || strings.HasPrefix(seen, "//") || strings.HasPrefix(seen, "/\\") {
				t.Errorf("/lang/zh?next=%q redirects to %q, which a browser reads as %q (another site)", c.next, loc, seen)
			}
		})
	}
}
