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

	"github.com/klauspost/compress/gzip"

	"lantern/internal/game"
	"lantern/internal/procstat"
	"lantern/internal/store"
	"lantern/internal/table"
)

// benchPhone is one phone's stream, driven without a network.
type benchPhone struct {
	c      echo.Context
	access table.Access
	ls     *liveStream
	out    *streamWriter
	wire   *countingWriter
}

// countingWriter is a phone's connection: it counts the bytes sent.
type countingWriter struct {
	h http.Header
	n int64
}

func (d *countingWriter) Header() http.Header         { return d.h }
func (d *countingWriter) Write(p []byte) (int, error) { d.n += int64(len(p)); return len(p), nil }
func (d *countingWriter) WriteHeader(int)             {}
func (d *countingWriter) Flush()                      {}

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
	s := &Server{tables: tb, now: time.Now, streams: newLiveStreams(), shared: newSharedParts()}
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
		view := "html"
		if asJSON {
			view = "json"
		}
		req := httptest.NewRequest(http.MethodGet, "/api/games/"+created.Code+"/events?view="+view, nil)
		req.Header.Set("Authorization", "Bearer "+j["token"].(string))
		req.Header.Set("Accept-Language", "en-US,en;q=0.9")
		w := &countingWriter{h: http.Header{}}
		ec := e.NewContext(req, w)
		ec.SetParamNames("code")
		ec.SetParamValues(created.Code)
		access, ok := s.access(ec, created.Code, asSeat)
		if !ok {
			b.Fatal("no access")
		}
		gz, _ := gzip.NewWriterLevel(ec.Response(), streamGzipLevel)
		phones = append(phones, &benchPhone{c: ec, access: access, wire: w,
			ls:  &liveStream{view: view, access: access, sent: -1, known: -1},
			out: &streamWriter{w: ec.Response(), gz: gz}})
	}
	call("/api/games/"+created.Code+"/actions", created.HostToken, map[string]any{"type": "start_game", "first_seat": 1}, nil)
	for _, p := range phones {
		p.push(b, s)
	}
	return s, phones
}

func (p *benchPhone) push(b testing.TB, s *Server) {
	msg, _, err := s.liveMessage(p.c, p.ls)
	if err != nil {
		b.Fatal(err)
	}
	if err := p.out.send(msg); err != nil {
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
	traits := []string{"might", "speed", "sanity", "knowledge"}
	b.ReportAllocs()
	var wire int64
	cpu0 := procstat.CPU()
	for i := 0; b.Loop(); i++ {
		delta := 1 - 2*(i%2)
		actor := phones[(i/2)%len(phones)]
		if _, err := s.tables.Act(context.Background(), actor.access, game.StepTrait{
			Trait: traits[(i/12)%len(traits)], Delta: delta}); err != nil {
			b.Fatal(err)
		}
		for _, p := range phones {
			before := p.wire.n
			p.push(b, s)
			wire += p.wire.n - before
		}
	}
	// The process's CPU time, which a busy machine inflates far less than
	// the time on the clock.
	b.ReportMetric(float64(procstat.CPU()-cpu0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(wire)/float64(b.N*len(phones)), "wire-B/phone")
}
