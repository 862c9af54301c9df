package web_test

import (
	"bytes"
	stdflate "compress/flate"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/internal/store"
	"lantern/internal/table"
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
		a.tables.Read(g.code, func(st *game.State) { st.SetRandom(shuffleTo(deal)) })
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
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("store.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	clock := func() time.Time { return now }
	tb, err := table.Open(context.Background(), st, clock)
	if err != nil {
		t.Fatalf("table.Open: %v", err)
	}
	return &testApp{t: t, h: web.New(web.Config{Tables: tb, Now: clock}), tables: tb}
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

	streams := map[string]*chunkStream{}
	for _, view := range []string{"html", "json"} {
		for _, enc := range []string{"gzip", "identity"} {
			streams[view+" "+enc] = openChunkStream(t, a, g.api("/events?view="+view), withBearer(tok), withLang("en"), withHeader("Accept-Encoding", enc))
		}
	}
	waitAll := func(version int) {
		t.Helper()
		for what, s := range streams {
			s.waitFor(t, what, version)
		}
	}
	version := jsonInt(a.state(g)["version"])
	waitAll(version)
	version = a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
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
		checkText(what, "en", wireBody(t, what, rec, enc), true)
		run.sizes[what] = []int{rec.Body.Len()}
	}
	version++
	waitAll(version)

	for what, s := range streams {
		run.sizes["stream "+what] = s.close(t)
		text := s.text(t, what)
		if strings.Contains(text, "lanternslot") {
			t.Errorf("token %d, stream %s: a slot marker reached the phone", token, what)
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

// wireBody checks an answer and decodes it: a gzip body must decode whole,
// its checksum and length right.
func wireBody(t *testing.T, what string, rec *httptest.ResponseRecorder, enc string) string {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: %d %s", what, rec.Code, rec.Body)
	}
	got := rec.Header().Get("Content-Encoding")
	if enc == "identity" {
		if got != "" {
			t.Fatalf("%s: Content-Encoding %q without asking", what, got)
		}
		return rec.Body.String()
	}
	if got != "gzip" {
		t.Fatalf("%s: Content-Encoding %q, want gzip", what, got)
	}
	if cl := rec.Header().Get("Content-Length"); cl != "" && cl != strconv.Itoa(rec.Body.Len()) {
		t.Errorf("%s: Content-Length %s for %d bytes", what, cl, rec.Body.Len())
	}
	zr, err := gzip.NewReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	b, err := io.ReadAll(zr) // checks the CRC and length at the end
	if err != nil {
		t.Fatalf("%s: gzip: %v", what, err)
	}
	return string(b)
}

// chunkStream is an event stream served in process, recorded flush by
// flush: each flush is one message, as it goes on the wire.
type chunkStream struct {
	rec    *chunkRecorder
	cancel func()
	done   chan struct{}
	gzip   bool
}

type chunkRecorder struct {
	hdr    http.Header
	mu     sync.Mutex
	cur    bytes.Buffer
	chunks [][]byte
}

func (r *chunkRecorder) Header() http.Header { return r.hdr }
func (r *chunkRecorder) WriteHeader(int)     {}
func (r *chunkRecorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.cur.Write(p)
}
func (r *chunkRecorder) Flush() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur.Len() > 0 {
		r.chunks = append(r.chunks, bytes.Clone(r.cur.Bytes()))
		r.cur.Reset()
	}
}

func (r *chunkRecorder) snapshot() [][]byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.chunks)
}

func openChunkStream(t *testing.T, a *testApp, target string, opts ...reqOpt) *chunkStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req := httptest.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	for _, o := range opts {
		o(req)
	}
	s := &chunkStream{rec: &chunkRecorder{hdr: http.Header{}}, cancel: cancel, done: make(chan struct{}),
		gzip: req.Header.Get("Accept-Encoding") == "gzip"}
	go func() {
		defer close(s.done)
		a.h.ServeHTTP(s.rec, req)
	}()
	t.Cleanup(func() { cancel(); <-s.done })
	return s
}

// messages decodes each flush, skipping pings. A message may copy bytes
// of an earlier one (repeat.go), so each is what the stream so far
// inflates to beyond what the messages before it did.
func (s *chunkStream) messages(t *testing.T, chunks [][]byte) (msgs []string, sizes []int) {
	t.Helper()
	var stream []byte
	inflated := 0
	for i, c := range chunks {
		m := c
		if s.gzip {
			stream = append(stream, c...)
			d, err := io.ReadAll(stdflate.NewReader(bytes.NewReader(stream[10:]))) // after the gzip header
			if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
				t.Fatalf("stream message %d: %v", i, err)
			}
			m, inflated = d[inflated:], len(d)
		}
		if string(m) == ": ping\n\n" {
			continue
		}
		msgs, sizes = append(msgs, string(m)), append(sizes, len(c))
	}
	return msgs, sizes
}

// waitFor waits until the stream has sent the message of version.
func (s *chunkStream) waitFor(t *testing.T, what string, version int) {
	t.Helper()
	want := fmt.Sprintf("\nid: %d\n", version)
	deadline := time.Now().Add(tabWait)
	for {
		msgs, _ := s.messages(t, s.rec.snapshot())
		for _, m := range msgs {
			if strings.Contains(m, want) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: no message of version %d in %q", what, version, msgs)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// close ends the stream and returns the size of each flush but pings:
// every message, then the gzip trailer.
func (s *chunkStream) close(t *testing.T) []int {
	t.Helper()
	s.cancel()
	<-s.done
	_, sizes := s.messages(t, s.rec.snapshot())
	return sizes
}

// text is the whole stream decoded as a phone would: one gzip member, its
// checksum checked at the end.
func (s *chunkStream) text(t *testing.T, what string) string {
	t.Helper()
	all := bytes.Join(s.rec.snapshot(), nil)
	if !s.gzip {
		return string(all)
	}
	zr, err := gzip.NewReader(bytes.NewReader(all))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: gzip: %v", what, err)
	}
	return string(b)
}

// A hidden traitor's phone must look like a hero's from across the table
// (found by a play test: the traitor's haunt card was red, the heroes'
// gold). The stylesheet may not style the secret slot by its side.
func TestStylesheetIgnoresTheSecretSide(t *testing.T) {
	css, err := fs.ReadFile(static.Files, "app.css")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(css), "data-secret") {
		t.Error("app.css selects on data-secret: a hidden traitor's page would look different from a hero's")
	}
}
