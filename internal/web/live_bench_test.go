package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/procstat"
	"lantern/internal/store"
	"lantern/internal/table"
)

// benchPhone is one phone's HTML stream, driven without a network.
type benchPhone struct {
	c      echo.Context
	access table.Access
	ls     *liveStream
	out    *streamWriter
	json   bool // the JSON view, not the HTML
}

type discardFlusher struct{ h http.Header }

func (d *discardFlusher) Header() http.Header         { return d.h }
func (d *discardFlusher) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardFlusher) WriteHeader(int)             {}
func (d *discardFlusher) Flush()                      {}

// benchGame is a started game of six seats on a fresh server, and each
// seat's phone with its stream (HTML, or JSON when json is set) already
// sent the first, whole message.
func benchGame(b testing.TB, asJSON bool) (*Server, []*benchPhone) {
	b.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "lantern.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	tb, err := table.Open(ctx, st, time.Now)
	if err != nil {
		b.Fatal(err)
	}
	s := &Server{tables: tb, now: time.Now, shared: newSharedParts()}
	e := echo.New()
	s.routes(e)
	call := func(path, token string, body any, out any) {
		raw, _ := json.Marshal(body)
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(string(raw)))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code >= 300 {
			b.Fatalf("POST %s: %d %s", path, rec.Code, rec.Body)
		}
		if out != nil {
			json.Unmarshal(rec.Body.Bytes(), out)
		}
	}
	var created struct {
		Code, JoinKey, HostToken string
	}
	var c map[string]any
	call("/api/games", "", map[string]any{}, &c)
	created.Code, created.JoinKey, created.HostToken = c["code"].(string), c["join_key"].(string), c["host_token"].(string)
	explorers := []string{"ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra", "professor-longfellow", "heather-granville"}
	var phones []*benchPhone
	for i, ex := range explorers {
		var j map[string]any
		call("/api/games/"+created.Code+"/seats", "", map[string]string{
			"name": "Phone " + string(rune('1'+i)), "explorer": ex, "key": created.JoinKey, "lang": "en"}, &j)
		req := httptest.NewRequest(http.MethodGet, "/api/games/"+created.Code+"/events?view=html", nil)
		req.Header.Set("Authorization", "Bearer "+j["token"].(string))
		req.Header.Set("Accept-Language", "en-US,en;q=0.9")
		w := &discardFlusher{h: http.Header{}}
		ec := e.NewContext(req, w)
		ec.SetParamNames("code")
		ec.SetParamValues(created.Code)
		access, ok := s.access(ec, created.Code, asSeat)
		if !ok {
			b.Fatal("no access")
		}
		phones = append(phones, &benchPhone{c: ec, access: access, ls: &liveStream{sent: -1, known: -1, gzip: true},
			out: &streamWriter{w: ec.Response(), gzip: true}, json: asJSON})
	}
	call("/api/games/"+created.Code+"/actions", created.HostToken, map[string]any{"type": "start_game", "first_seat": 1}, nil)
	for _, p := range phones {
		p.push(b, s)
	}
	return s, phones
}

func (p *benchPhone) push(b testing.TB, s *Server) {
	var msg []piece
	var err error
	if p.json {
		msg, err = s.jsonMessage(p.c, p.access, p.ls)
	} else {
		msg, err = s.htmlMessage(p.c, p.access, p.ls)
	}
	if err != nil {
		b.Fatal(err)
	}
	if err := p.out.sendPieces(msg...); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkLiveHTML is one version pushed to six phones' HTML streams: a
// seat steps a trait (the load program's burst workload), then every phone
// gets its message, built and compressed.
func BenchmarkLiveHTML(b *testing.B) { benchLive(b, false) }

// BenchmarkLiveJSON is the same for the JSON view (?view=json).
func BenchmarkLiveJSON(b *testing.B) { benchLive(b, true) }

func benchLive(b *testing.B, asJSON bool) {
	s, phones := benchGame(b, asJSON)
	noComparing(b)
	traits := []string{"might", "speed", "sanity", "knowledge"}
	b.ReportAllocs()
	var wire, raw int64
	cpu0 := procstat.CPU()
	for i := 0; b.Loop(); i++ {
		delta := 1 - 2*(i%2)
		actor := phones[(i/2)%len(phones)]
		if _, err := s.tables.Act(context.Background(), actor.access, game.Action{
			Type: "step_trait", Trait: traits[(i/12)%len(traits)], Delta: delta}); err != nil {
			b.Fatal(err)
		}
		for _, p := range phones {
			before, rawBefore := p.out.Out, p.out.Raw
			p.push(b, s)
			wire += p.out.Out - before
			raw += p.out.Raw - rawBefore
		}
	}
	// The process's CPU time, which a busy machine inflates far less than
	// the time on the clock.
	b.ReportMetric(float64(procstat.CPU()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(wire)/float64(b.N*len(phones)), "wire-B/phone")
	b.ReportMetric(float64(raw)/float64(b.N*len(phones)), "raw-B/phone")
}

// noComparing turns TestMain's check of the messages made without
// rendering off for a benchmark: it renders each of them again.
func noComparing(b *testing.B) {
	check := checkUnchanged.Swap(nil)
	b.Cleanup(func() { checkUnchanged.Store(check) })
}

// BenchmarkJSONMessageBuild is the JSON view's work for one new version in
// a six-seat game, apart from the engine (each seat's options are asked
// for once, before the loop) and the database: the shared view (public
// state, the log since the last version), then each phone's "me" and
// options encoded and its message compressed onto its stream. The shared
// view is built anew each op; the streams keep what they keep (their last
// view and own piece, their buffers), and every op is the same version
// again, so each view goes as a diff and each own piece as a copy: the
// cheapest case (BenchmarkLiveJSON has real changes).
func BenchmarkJSONMessageBuild(b *testing.B) {
	s, phones := benchGame(b, true)
	if _, err := s.tables.Act(context.Background(), phones[0].access, game.Action{
		Type: "step_trait", Trait: "might", Delta: -1}); err != nil {
		b.Fatal(err)
	}
	mes := make([]MeJSON, len(phones))
	options := make([]game.Options, len(phones))
	var st *game.State
	s.tables.Read(phones[0].access.Code, func(state *game.State) {
		st = state // only this goroutine uses the game from here on
		for i, p := range phones {
			mes[i], options[i] = meState(st, p.access), st.Options(p.access.Actor())
		}
	})
	b.ReportAllocs()
	var wire int64
	bufs := make([][2][]byte, len(phones)) // each stream's two, in turn
	for op := 0; b.Loop(); op++ {
		sp := newSharedParts()
		view := sp.jsonView(st, st.Version-1)
		if view.err != nil {
			b.Fatal(view.err)
		}
		vp := sp.at(st.Code, st.Version)
		for i, p := range phones {
			msg, buf, err := appendSeatPieces([]piece{{raw: view.json, view: view}}, vp, mes[i], options[i], bufs[i][op%2])
			bufs[i][op%2] = buf
			if err != nil {
				b.Fatal(err)
			}
			before := p.out.Out
			if _, err := p.out.encode(msg...); err != nil {
				b.Fatal(err)
			}
			wire += p.out.Out - before
		}
	}
	b.ReportMetric(float64(wire)/float64(b.N*len(phones)), "wire-B/phone")
}
