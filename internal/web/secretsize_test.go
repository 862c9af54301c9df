package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/internal/store"
	"lantern/internal/web"
	"lantern/static"
)

// A hidden traitor must not show in the size of what its phone receives
// (issue #11, defect 12: on a shared Wi-Fi even TLS lets anyone count
// bytes). The test plays one game up to the moment before the haunt, copies
// its database once per deal, and in each copy deals seat 3 a different
// token (1 = the traitor) and plays on the same way: seat 3's page, its
// fragment, its form post's answer, its /me and every message of its four
// event streams (HTML and JSON, gzip and plain) must be the same number of
// bytes in every copy, and each must decode to that seat's own token.
func TestSecretSizeHiddenTraitor(t *testing.T) {
	t.Parallel()
	const n, me, dies = 6, 3, 6 // seat 6 dies: its token is turned face up
	dir := t.TempDir()
	now := time.Date(2026, 12, 2, 20, 0, 0, 0, time.UTC)
	base := secretApp(t, filepath.Join(dir, "base.db"), now)
	g := base.newGame(n, true)
	omen, room, number := hiddenTraitorCell(t)
	base.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": omen, "room": room})

	var runs []secretRun
	for token := 1; token < n; token++ {
		path := filepath.Join(dir, fmt.Sprintf("deal%d.db", token))
		if _, err := store.Backup(context.Background(), filepath.Join(dir, "base.db"), path); err != nil {
			t.Fatal(err)
		}
		a := secretApp(t, path, now)
		// Seat 3 holds token; seat 6 always holds 6; the rest, the others.
		deal := []int{}
		for t := 1; t < n; t++ {
			if t != token {
				deal = append(deal, t)
			}
		}
		deal = slices.Insert(deal, me-1, token)
		deal = append(deal, n)
		// Nothing else draws at random before the deal: the haunt roll's
		// dice are real ones, given as a total.
		a.setRandom(g.code, shuffleTo(deal))
		runs = append(runs, secretScenario(t, a, g, me, dies, token, number))
	}

	for _, what := range slices.Sorted(maps.Keys(runs[0].sizes)) {
		t.Logf("%s: %v bytes", what, runs[0].sizes[what])
	}
	for _, r := range runs[1:] {
		for _, what := range slices.Sorted(maps.Keys(runs[0].sizes)) {
			if !slices.Equal(r.sizes[what], runs[0].sizes[what]) {
				t.Errorf("%s: seat %d holding token %d gets %v bytes, holding token %d %v bytes",
					what, me, r.token, r.sizes[what], runs[0].token, runs[0].sizes[what])
			}
		}
	}
}

// secretApp is the real handler over the database at path, with a fixed
// clock (pages say how long ago things happened).
func secretApp(t *testing.T, path string, now time.Time) *testApp {
	t.Helper()
	return openTestApp(t, path, web.Config{Now: func() time.Time { return now }})
}

// shuffleTo answers game.Shuffle's draws so that it deals perm.
func shuffleTo(perm []int) game.Random {
	p := make([]int, len(perm))
	for i := range p {
		p[i] = i + 1
	}
	var draws []int
	for i := len(p) - 1; i > 0; i-- {
		j := slices.Index(p[:i+1], perm[i])
		draws = append(draws, j)
		p[i], p[j] = p[j], p[i]
	}
	return &queueRandom{draws}
}

type queueRandom struct{ draws []int }

func (q *queueRandom) Intn(n int) int {
	if len(q.draws) == 0 {
		panic("the test's deal was drawn from more than once")
	}
	j := q.draws[0]
	q.draws = q.draws[1:]
	return j
}

// secretRun is what one deal's seat received: sizes on the wire by what.
type secretRun struct {
	token int
	sizes map[string][]int
}

func secretScenario(t *testing.T, a *testApp, g testGame, me, dies, token, number int) secretRun {
	t.Helper()
	run := secretRun{token: token, sizes: map[string][]int{}}
	tok := g.seats[me-1]
	own := func(lang string) string {
		if token == 1 {
			return i18n.T(lang, "you_hidden_traitor", 1, number)
		}
		return i18n.T(lang, "you_hidden_hero", token, number)
	}
	// checkText: the seat's own line once, no other token's, no slot marker.
	checkText := func(what, lang, text string, once bool) {
		t.Helper()
		if strings.Contains(text, "lanternslot") {
			t.Errorf("token %d, %s: a slot marker reached the phone", token, what)
		}
		for other := 1; other <= len(g.seats); other++ {
			line := i18n.T(lang, "you_hidden_hero", other, number)
			if other == 1 {
				line = i18n.T(lang, "you_hidden_traitor", 1, number)
			}
			if other != token && strings.Contains(text, line) {
				t.Errorf("token %d, %s: holds token %d's line", token, what, other)
			}
		}
		if n := strings.Count(text, own(lang)); n == 0 || once && n != 1 {
			t.Errorf("token %d, %s: its own line %q %d times", token, what, own(lang), n)
		}
	}

	type stream struct {
		s    *lvStream
		msgs []lvMsg
	}
	streams := map[string]*stream{}
	for _, view := range []string{"html", "json"} {
		for _, enc := range []string{"gzip", "identity"} {
			streams[view+" "+enc] = &stream{s: lvOpen(t, a.server(), g.api("/events?view="+view), withBearer(tok), withLang("en"), withHeader("Accept-Encoding", enc))}
		}
	}
	waitAll := func(version int) {
		t.Helper()
		for _, s := range streams {
			for len(s.msgs) == 0 || s.msgs[len(s.msgs)-1].id != strconv.Itoa(version) {
				m, ok := s.s.next()
				if !ok {
					t.Fatalf("stream ended before version %d", version)
				}
				s.msgs = append(s.msgs, m)
			}
		}
	}
	version := jsonInt(a.state(g)["version"])
	waitAll(version)
	version = a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	dealt := version
	waitAll(version)

	// The page, whole and as the live fragment, in both languages.
	for _, lang := range []string{"en", "zh"} {
		for _, enc := range []string{"gzip", "identity"} {
			for _, fetch := range []bool{false, true} {
				what := "page " + lang + " " + enc
				opts := []reqOpt{withBearer(tok), withLang(lang), withHeader("Accept-Encoding", enc)}
				if fetch {
					what += " fragment"
					opts = append(opts, withHeader("X-Lantern", "fetch"))
				}
				rec := a.do(http.MethodGet, "/g/"+g.code, "", opts...)
				body := wireBody(t, what, rec, enc)
				checkText(what, htLangCode(lang), body, true)
				run.sizes[what] = []int{rec.Body.Len()}
			}
		}
	}
	for _, enc := range []string{"gzip", "identity"} {
		what := "/me " + enc
		rec := a.do(http.MethodGet, g.api("/me"), "", withBearer(tok), withHeader("Accept-Encoding", enc))
		var body struct {
			Me struct {
				Token   int  `json:"token"`
				Traitor bool `json:"traitor"`
			} `json:"me"`
		}
		if err := json.Unmarshal([]byte(wireBody(t, what, rec, enc)), &body); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if body.Me.Token != token || body.Me.Traitor != (token == 1) {
			t.Errorf("%s: token %d traitor %v, want %d", what, body.Me.Token, body.Me.Traitor, token)
		}
		run.sizes[what] = []int{rec.Body.Len()}
	}

	// Seat 6 dies (its token turns face up: the haunt card changes); then
	// seat 3 posts a form from its page's script.
	version = a.act(g, g.seats[dies-1], map[string]any{"type": "set_trait", "trait": "sanity", "position": 0})
	waitAll(version)
	form := url.Values{"type": {"step_trait"}, "as": {"seat"}, "seat": {strconv.Itoa(me)}, "trait": {"might"},
		"delta": {"1"}, "version": {strconv.Itoa(version)}}
	for _, enc := range []string{"gzip"} {
		what := "form post " + enc
		rec := a.form("/g/"+g.code+"/act", form, withBearer(tok), withLang("en"), withHeader("X-Lantern", "fetch"), withHeader("Accept-Encoding", enc))
		// The answer is the outcome alone: no token's line, not even its own.
		if body := wireBody(t, what, rec, enc); body != fmt.Sprintf("{\"version\":%d}\n", version+1) {
			t.Errorf("token %d, %s: %q, want the new version alone", token, what, body)
		}
		run.sizes[what] = []int{rec.Body.Len()}
	}
	version++
	waitAll(version)

	for what, s := range streams {
		// From the deal on, every message goes uncompressed: its size on
		// the wire is its length.
		var text string
		for _, m := range s.msgs {
			if v, _ := strconv.Atoi(m.id); v < dealt {
				continue
			}
			if m.gzip {
				t.Errorf("token %d, stream %s: message %s came compressed after the deal", token, what, m.id)
			}
			run.sizes["stream "+what] = append(run.sizes["stream "+what], m.size)
			text += m.data
		}
		if strings.HasPrefix(what, "json") {
			if want := fmt.Sprintf(`"token":%d,"traitor":%t`, token, token == 1); !strings.Contains(text, want) {
				t.Errorf("token %d, stream %s: lacks %s", token, what, want)
			}
			continue
		}
		checkText("stream "+what, "en", text, false)
	}
	return run
}

// wireBody checks an answer: in a hidden-traitor haunt it goes uncompressed
// even when gzip is asked for (secret.go), so its size is its length.
func wireBody(t *testing.T, what string, rec *httptest.ResponseRecorder, enc string) string {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: %d %s", what, rec.Code, rec.Body)
	}
	if got := rec.Header().Get("Content-Encoding"); got != "" {
		t.Fatalf("%s: Content-Encoding %q (asked %s): a compressed secret's size tells its text", what, got, enc)
	}
	return rec.Body.String()
}

// A hidden traitor's phone must look like a hero's from across the table
// (found by a play test: the traitor's haunt card was red, the heroes'
// gold). The stylesheet may not style the secret slot by its side.
func TestStylesheetIgnoresTheSecretSide(t *testing.T) {
	t.Parallel()
	css, err := fs.ReadFile(static.Files, "app.css")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(css), "data-secret") {
		t.Error("app.css selects on data-secret: a hidden traitor's page would look different from a hero's")
	}
}
