package web_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// lvMsg is one Server-Sent Events message.
type lvMsg struct {
	event, id, data string
}

// lvStream reads one event stream, gzip-compressed or not, message by
// message as they arrive.
type lvStream struct {
	t       testing.TB
	resp    *http.Response
	msgs    chan lvMsg
	wire    *lvCounter
	cancel  func()
	encoded string
}

type lvCounter struct {
	r io.Reader
	n int64
}

func (c *lvCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func lvOpen(t testing.TB, srv *httptest.Server, path string, opts ...reqOpt) *lvStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		o(req)
	}
	// Go's client would decompress by itself only when it asked for gzip;
	// the tests ask themselves and read the bytes on the wire.
	tr := &http.Transport{DisableCompression: true}
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		cancel()
		t.Fatalf("GET %s: %v", path, err)
	}
	s := &lvStream{t: t, resp: resp, msgs: make(chan lvMsg, 64), wire: &lvCounter{r: resp.Body}, cancel: cancel,
		encoded: resp.Header.Get("Content-Encoding")}
	t.Cleanup(func() { cancel(); resp.Body.Close(); tr.CloseIdleConnections() })
	if resp.StatusCode != http.StatusOK {
		close(s.msgs)
		return s
	}
	go func() {
		defer close(s.msgs)
		var body io.Reader = s.wire
		if s.encoded == "gzip" {
			zr, err := gzip.NewReader(body)
			if err != nil {
				return
			}
			body = zr
		}
		sc := bufio.NewScanner(body)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		var m lvMsg
		for sc.Scan() {
			line := sc.Text()
			if line == "" {
				if m.event != "" || m.data != "" {
					s.msgs <- m
				}
				m = lvMsg{}
				continue
			}
			field, value, _ := strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
			switch field {
			case "event":
				m.event = value
			case "id":
				m.id = value
			case "data":
				m.data += value
			}
		}
	}()
	return s
}

// next is the next message, or fails after 10 s; ok is false when the
// stream ended.
func (s *lvStream) next() (lvMsg, bool) {
	s.t.Helper()
	select {
	case m, ok := <-s.msgs:
		return m, ok
	case <-time.After(10 * time.Second):
		s.t.Fatal("no message within 10 s")
	}
	return lvMsg{}, false
}

func (s *lvStream) must(event string) lvMsg {
	s.t.Helper()
	m, ok := s.next()
	if !ok {
		s.t.Fatalf("stream ended, want %s", event)
	}
	if m.event != event {
		s.t.Fatalf("message %q %.200q, want %s", m.event, m.data, event)
	}
	return m
}

type lvHTML struct {
	V     int         `json:"v"`
	Base  *int        `json:"base"`
	Full  *string     `json:"full"`
	Parts [][2]string `json:"parts"`
}

func (s *lvStream) html() lvHTML {
	s.t.Helper()
	m := s.must("html")
	var h lvHTML
	if err := json.Unmarshal([]byte(m.data), &h); err != nil {
		s.t.Fatalf("html message: %v", err)
	}
	if m.id != strconv.Itoa(h.V) {
		s.t.Errorf("message id %q, version %d", m.id, h.V)
	}
	return h
}

func (h lvHTML) keys() []string {
	var k []string
	for _, p := range h.Parts {
		k = append(k, p[0])
	}
	return k
}

func (h lvHTML) part(key string) string {
	for _, p := range h.Parts {
		if p[0] == key {
			return p[1]
		}
	}
	return ""
}

func TestLiveHTML(t *testing.T) {
	a := newTestApp(t)
	srv := a.server()
	g := a.newGame(3, true)
	seat2 := withCookie("lantern_seat_"+g.code, g.seats[1])
	for _, gz := range []bool{false, true} {
		t.Run("gzip="+strconv.FormatBool(gz), func(t *testing.T) {
			opts := []reqOpt{seat2, withLang("en")}
			if gz {
				opts = append(opts, withHeader("Accept-Encoding", "gzip, deflate, br"))
			}
			s := lvOpen(t, srv, g.api("/events?view=html"), opts...)
			if s.resp.StatusCode != http.StatusOK || (s.encoded == "gzip") != gz {
				t.Fatalf("status %d, Content-Encoding %q", s.resp.StatusCode, s.encoded)
			}
			v0 := jsonInt(a.state(g)["version"])
			first := s.html()
			page := a.do(http.MethodGet, "/g/"+g.code, "", seat2, withLang("en"), withHeader("X-Lantern", "fetch"))
			if first.V != v0 || first.Full == nil || *first.Full != page.Body.String() {
				t.Fatalf("first message: version %d (want %d), whole page equal to the fragment: %v", first.V, v0, first.Full != nil && *first.Full == page.Body.String())
			}
			// Seat 1 moves its Might: seat 2 gets seat 1's board, the log
			// and the undo line (now someone else's), not its own board.
			v1 := a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1})
			m := s.html()
			if m.V != v1 || m.Base == nil || *m.Base != v0 || m.Full != nil {
				t.Fatalf("after an action: %+v", m)
			}
			keys := strings.Join(m.keys(), " ")
			for _, want := range []string{"board-1", "log"} {
				if !strings.Contains(" "+keys+" ", " "+want+" ") {
					t.Errorf("changed parts %q lack %s", keys, want)
				}
			}
			for _, not := range []string{"me", "board-3", "roller"} {
				if strings.Contains(" "+keys+" ", " "+not+" ") {
					t.Errorf("changed parts %q hold the unchanged %s", keys, not)
				}
			}
			// The parts put together are the page the phone would fetch.
			page = a.do(http.MethodGet, "/g/"+g.code, "", seat2, withLang("en"), withHeader("X-Lantern", "fetch"))
			for _, p := range m.Parts {
				if !strings.Contains(page.Body.String(), `<div class="part" data-part="`+p[0]+`">`+p[1]+`</div>`) {
					t.Errorf("part %s is not the page's", p[0])
				}
			}
			// Seat 2's own change reaches its own board.
			v2 := a.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "speed", "delta": -1})
			m = s.html()
			if m.V != v2 || *m.Base != v1 || m.part("me") == "" {
				t.Errorf("own change: version %d base %v parts %q", m.V, m.Base, m.keys())
			}
			a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": -1})
			v3 := a.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
			// A stream that falls behind sends only the newest version.
			for m.V < v3 {
				m = s.html()
			}
		})
	}

	t.Run("page already current", func(t *testing.T) {
		v := jsonInt(a.state(g)["version"])
		s := lvOpen(t, srv, g.api("/events?view=html&v="+strconv.Itoa(v)), seat2)
		if m := s.html(); m.V != v || m.Full != nil || m.Parts != nil {
			t.Errorf("first message to a current page: %+v", m)
		}
		// An older page gets it all.
		s = lvOpen(t, srv, g.api("/events?view=html"), seat2, withHeader("Last-Event-ID", strconv.Itoa(v-1)))
		if m := s.html(); m.V != v || m.Full == nil {
			t.Errorf("first message to an older page: %+v", m)
		}
	})

	t.Run("host gets the table", func(t *testing.T) {
		s := lvOpen(t, srv, g.api("/events?view=html"), withCookie("lantern_host_"+g.code, g.host))
		m := s.html()
		if m.Full == nil || !strings.Contains(*m.Full, "host-controls") {
			t.Fatalf("host's first message is not the table page")
		}
	})

	t.Run("bad view", func(t *testing.T) {
		for _, lang := range htLangs {
			rec := a.do(http.MethodGet, g.api("/events?view=xml"), "", withBearer(g.seats[0]), withLang(lang))
			htWantError(t, rec, http.StatusBadRequest, lang, "err_bad_view")
		}
	})
}

func TestLiveJSON(t *testing.T) {
	a := newTestApp(t)
	srv := a.server()
	g := a.newGame(3, true)
	for range 30 {
		a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "sanity", "delta": 1})
		a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "sanity", "delta": -1})
	}
	view := func(s *lvStream) map[string]any {
		t.Helper()
		m := s.must("view")
		var v map[string]any
		if err := json.Unmarshal([]byte(m.data), &v); err != nil {
			t.Fatalf("view: %v in %.300s", err, m.data)
		}
		if m.id != strconv.Itoa(jsonInt(v["version"])) {
			t.Errorf("id %s, version %v", m.id, v["version"])
		}
		return v
	}
	// sameAsMe compares a pushed view with GET /me, all but the log.
	sameAsMe := func(got map[string]any, token string) {
		t.Helper()
		want := a.json(http.MethodGet, g.api("/me"), "", token, http.StatusOK)
		delete(want, "log")
		log := got["log"]
		delete(got, "log")
		if !reflect.DeepEqual(got, want) {
			gj, _ := json.Marshal(got)
			wj, _ := json.Marshal(want)
			t.Errorf("pushed view differs from /me:\n got %s\nwant %s", gj, wj)
		}
		got["log"] = log
	}
	seqs := func(v map[string]any) []int {
		var out []int
		for _, e := range v["log"].([]any) {
			out = append(out, jsonInt(e.(map[string]any)["seq"]))
		}
		return out
	}
	s := lvOpen(t, srv, g.api("/events?view=json"), withBearer(g.seats[1]), withHeader("Accept-Encoding", "gzip"))
	v0 := jsonInt(a.state(g)["version"])
	first := view(s)
	sameAsMe(first, g.seats[1])
	if got := seqs(first); len(got) != 20 || got[19] != v0 {
		t.Errorf("first message's log: %v, want the last 20 events up to %d", got, v0)
	}
	v1 := a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "might", "delta": 1})
	next := view(s)
	sameAsMe(next, g.seats[1])
	if got := seqs(next); !reflect.DeepEqual(got, []int{v1}) {
		t.Errorf("second message's log %v, want only event %d", got, v1)
	}
	// A reconnecting script gets the log since what it saw.
	s2 := lvOpen(t, srv, g.api("/events?view=json"), withBearer(g.seats[2]), withHeader("Last-Event-ID", strconv.Itoa(v0-2)))
	if got := seqs(view(s2)); !reflect.DeepEqual(got, []int{v0 - 1, v0, v1}) {
		t.Errorf("reconnected log %v", got)
	}
	// The host gets the public state.
	s3 := lvOpen(t, srv, g.api("/events?view=json"), withBearer(g.host))
	hv := view(s3)
	if _, ok := hv["me"]; ok || jsonInt(hv["version"]) != v1 {
		t.Errorf("host view: %v", hv)
	}
}

// TestLiveSeatMoved: after a seat moves to a new phone, the old phone's
// streams end (issue 11, item 7) and the new phone's go on.
func TestLiveSeatMoved(t *testing.T) {
	a := newTestApp(t)
	srv := a.server()
	g := a.newGame(2, true)
	var old []*lvStream
	for _, view := range []string{"", "?view=html", "?view=json"} {
		old = append(old, lvOpen(t, srv, g.api("/events"+view), withBearer(g.seats[0])))
		old = append(old, lvOpen(t, srv, g.api("/events"+view), withCookie("lantern_seat_"+g.code, g.seats[0])))
	}
	other := lvOpen(t, srv, g.api("/events?view=json"), withBearer(g.seats[1]))
	for _, s := range old {
		s.next()
	}
	other.must("view")
	tr := a.json(http.MethodPost, g.api("/seats/1/transfer"), "", g.host, http.StatusCreated)
	claimed := a.json(http.MethodPost, g.api("/transfer"), jsonBody(map[string]string{"key": tr["transfer_key"].(string)}), "", http.StatusOK)
	for i, s := range old {
		m, ok := s.next()
		if !ok || m.event != "gone" {
			t.Errorf("stream %d: %q %v, want gone", i, m.event, ok)
		}
		if m, ok := s.next(); ok {
			t.Errorf("stream %d goes on after gone: %q", i, m.event)
		}
	}
	other.must("view")
	s := lvOpen(t, srv, g.api("/events?view=json"), withBearer(claimed["token"].(string)))
	s.must("view")
	if s := lvOpen(t, srv, g.api("/events?view=json"), withBearer(g.seats[0])); s.resp.StatusCode != http.StatusForbidden {
		t.Errorf("the old token opens a stream: %d", s.resp.StatusCode)
	}
}
