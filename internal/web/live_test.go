package web_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestLiveHTML(t *testing.T) {
	t.Parallel()
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
			for _, not := range []string{"me", "me-might", "board-3", "roller"} {
				if strings.Contains(" "+keys+" ", " "+not+" ") {
					t.Errorf("changed parts %q hold the unchanged %s", keys, not)
				}
			}
			// The parts put together are the page the phone would fetch.
			page = a.do(http.MethodGet, "/g/"+g.code, "", seat2, withLang("en"), withHeader("X-Lantern", "fetch"))
			for _, p := range m.Parts {
				if !strings.Contains(page.Body.String(), `<div class="part" data-part="`+p.key+`">`+p.html+`</div>`) {
					t.Errorf("part %s is not the page's", p.key)
				}
			}
			// Seat 2's own change reaches its own board: that trait's row.
			v2 := a.act(g, g.seats[1], map[string]any{"type": "step_trait", "trait": "speed", "delta": -1})
			m = s.html()
			if m.V != v2 || *m.Base != v1 || m.part("me-speed") == "" {
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
		// A page in English on a phone switched to Chinese (in another
		// tab) stays in English: its stream names its language.
		s = lvOpen(t, srv, g.api("/events?view=html&lang=en&v="+strconv.Itoa(v)), seat2, withLang("zh"))
		if m := s.html(); m.V != v || m.Full != nil || m.Parts != nil {
			t.Errorf("first message to a current page in English on a Chinese phone: %+v", m)
		}
		v2 := a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "speed", "delta": 1})
		m := s.html()
		if tail := m.part("logtail"); m.V != v2 || !strings.Contains(tail, ": Speed 4 → 5") || strings.Contains(tail, "速度") {
			t.Errorf("the English page's stream, on a Chinese phone: version %d, log tail %q", m.V, tail)
		}
		a.act(g, g.seats[0], map[string]any{"type": "step_trait", "trait": "speed", "delta": -1})
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
	t.Parallel()
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
	} // More versions, this seat's own part changing or not (its undo): each
	// message, a copy or diff of the stream's last ones, is still /me.
	for i, by := range []int{1, 0, 1, 1, 0} {
		a.act(g, g.seats[by], map[string]any{"type": "step_trait", "trait": "sanity", "delta": 1 - 2*(i%2)})
		sameAsMe(view(s), g.seats[1])
	}
}

// TestLiveSeatMoved: after a seat moves to a new phone, the old phone's
// streams end (issue 11, item 7) and the new phone's go on.
func TestLiveSeatMoved(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	srv := a.server()
	g := a.newGame(2, true)
	var old []*lvStream
	// Four streams, as many as a seat keeps open (streams.go).
	for _, view := range []string{"", "?view=html", "?view=json"} {
		old = append(old, lvOpen(t, srv, g.api("/events"+view), withBearer(g.seats[0])))
	}
	old = append(old, lvOpen(t, srv, g.api("/events?view=html"), withCookie("lantern_seat_"+g.code, g.seats[0])))
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

// lvPage is a phone's live part as the page script keeps it: the whole
// part from a full message, then each changed part swapped in, and every
// version field moved to the message's version.
type lvPage struct {
	html string
	v    int
}

var lvVersionField = regexp.MustCompile(`name="version" value="\d*"`)

func (p *lvPage) apply(t *testing.T, what string, m lvHTML) {
	t.Helper()
	switch {
	case m.Full != nil:
		p.html = *m.Full
	case m.Base != nil:
		if *m.Base != p.v {
			t.Fatalf("%s: parts on version %d, the page shows %d", what, *m.Base, p.v)
		}
		for _, part := range m.Parts {
			html := part.html
			start, end := lvPartAt(p.html, part.key)
			if start < 0 {
				t.Fatalf("%s: part %s is not on the page", what, part.key)
			}
			p.html = p.html[:start] + html + p.html[end:]
		}
	}
	p.v = m.V
	p.html = lvVersionField.ReplaceAllString(p.html, fmt.Sprintf(`name="version" value="%d"`, m.V))
}

// lvPartAt is where part key's content lies in page, or -1.
func lvPartAt(page, key string) (int, int) {
	open := `<div class="part" data-part="` + key + `">`
	i := strings.Index(page, open)
	if i < 0 || strings.Count(page, open) != 1 {
		return -1, -1
	}
	start := i + len(open)
	depth := 1
	for at := start; at < len(page); {
		o := strings.Index(page[at:], "<div")
		c := strings.Index(page[at:], "</div>")
		if c < 0 {
			break
		}
		if o >= 0 && o < c {
			depth++
			at += o + len("<div")
			continue
		}
		depth--
		if depth == 0 {
			return start, at + c
		}
		at += c + len("</div>")
	}
	return -1, -1
}

// lvFetch is the live part as the page script fetches it, over the same
// listener as the streams (the table's join link names the host asked).
func lvFetch(t *testing.T, srv *httptest.Server, path string, opts ...reqOpt) string {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		o(req)
	}
	req.Header.Set("X-Lantern", "fetch")
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", path, resp.StatusCode, err)
	}
	return string(b)
}

// lvPartKeys are the part keys of a page, in order.
var lvPartKey = regexp.MustCompile(`<div class="part" data-part="([^"]+)">`)

// TestLiveHTMLEqualsFreshPage is the proof that skipping parts is safe:
// through a game of varied actions (steps, cards, rolls, turns, undo,
// damage, the haunt, an attack), after every message each phone's page,
// put together from the parts it was sent, is exactly the live part a
// fresh fetch renders for that seat at that version.
func TestLiveHTMLEqualsFreshPage(t *testing.T) {
	t.Parallel()
	clock := time.Date(2026, 3, 14, 20, 0, 0, 0, time.UTC)
	a := newTestAppAt(t, func() time.Time { return clock })
	srv := a.server()
	const n = 4
	g := a.newGame(n, true)
	omen, room, _ := hiddenTraitorCell(t)

	type phone struct {
		name string
		opts []reqOpt
		path string
		s    *lvStream
		page lvPage
		sent map[string]int // how often each part came alone
		full int            // how many whole pages came
	}
	var phones []*phone
	add := func(name, path string, query string, opts ...reqOpt) {
		phones = append(phones, &phone{name: name, opts: opts, path: path, sent: map[string]int{},
			s: lvOpen(t, srv, g.api("/events?view=html"+query), opts...)})
	}
	for i := range n {
		add(fmt.Sprintf("seat %d en", i+1), "/g/"+g.code, "", g.seatCookie(i+1), withLang("en"), withHeader("Accept-Encoding", "gzip"))
	}
	add("seat 2 zh", "/g/"+g.code, "", g.seatCookie(2), withLang("zh"))
	add("host", "/g/"+g.code+"/table", "", g.hostCookie(), withLang("en"))
	// A phone whose page already shows the newest version starts from it.
	v0 := jsonInt(a.state(g)["version"])
	cur := &phone{name: "seat 3 current", opts: []reqOpt{g.seatCookie(3), withLang("en")}, path: "/g/" + g.code, sent: map[string]int{}}
	cur.page = lvPage{html: lvFetch(t, srv, cur.path, cur.opts...), v: v0}
	cur.s = lvOpen(t, srv, g.api("/events?view=html&v="+strconv.Itoa(v0)), cur.opts...)
	phones = append(phones, cur)

	check := func(step string, version int) {
		t.Helper()
		for _, p := range phones {
			for p.page.v < version {
				m := p.s.html()
				p.page.apply(t, p.name+" "+step, m)
				if m.Full != nil {
					p.full++
				}
				if m.Base != nil {
					for _, part := range m.Parts {
						p.sent[part.key]++
					}
				}
			}
			fresh := lvFetch(t, srv, p.path, p.opts...)
			if p.page.html == fresh {
				continue
			}
			// Say which parts differ.
			var differ []string
			for _, k := range lvPartKey.FindAllStringSubmatch(fresh, -1) {
				s1, e1 := lvPartAt(fresh, k[1])
				s2, e2 := lvPartAt(p.page.html, k[1])
				if s2 < 0 || fresh[s1:e1] != p.page.html[s2:e2] {
					differ = append(differ, k[1])
				}
			}
			for _, k := range differ {
				s1, e1 := lvPartAt(fresh, k)
				s2, e2 := lvPartAt(p.page.html, k)
				t.Logf("part %s held:\n%s\nfresh:\n%s", k, p.page.html[s2:e2], fresh[s1:e1])
			}
			t.Fatalf("after %s (version %d), %s holds a page unlike a fresh one; parts differing: %v",
				step, version, p.name, differ)
		}
	}
	check("the start", v0)

	turn := func() int { return jsonInt(a.state(g)["turn"].(map[string]any)["seat"]) }
	var target int
	type step func() (seat int, action map[string]any) // seat 0: the host
	by := func(seat int, action map[string]any) step {
		return func() (int, map[string]any) { return seat, action }
	}
	steps := []step{
		by(1, map[string]any{"type": "step_trait", "trait": "might", "delta": 1}),
		by(2, map[string]any{"type": "step_trait", "trait": "speed", "delta": -1}),
		by(1, map[string]any{"type": "draw_card", "card": "medical-kit"}),
		by(1, map[string]any{"type": "roll", "trait": "knowledge", "source": "card:medical-kit", "total": 2}),
		by(1, map[string]any{"type": "apply_effect", "source": "card:medical-kit"}),
		by(1, map[string]any{"type": "draw_card", "card": "bottle"}),
		by(1, map[string]any{"type": "undo"}),
		by(1, map[string]any{"type": "end_turn"}),
		by(2, map[string]any{"type": "apply_effect", "source": "room:crypt"}),
		by(2, map[string]any{"type": "take_damage", "kind": "mental", "split": map[string]int{"sanity": 1}}),
		by(0, map[string]any{"type": "draw_card", "seat": 3, "card": "lucky-stone"}),
		by(2, map[string]any{"type": "end_turn"}),
		by(3, map[string]any{"type": "draw_omen", "omen": omen, "room": room}),
		by(3, map[string]any{"type": "haunt_roll", "total": 0}),
		func() (int, map[string]any) {
			// Whoever's turn it is now attacks the first seat it may.
			seat := turn()
			targets := htOptions(a, g, seat)["attack"].(map[string]any)["targets"].([]any)
			target = jsonInt(targets[0].(map[string]any)["seat"])
			trait := targets[0].(map[string]any)["traits"].([]any)[0]
			return seat, map[string]any{"type": "attack", "target": map[string]any{"seat": target}, "trait": trait, "total": 5}
		},
		func() (int, map[string]any) { return target, map[string]any{"type": "defend", "total": 1} },
		// The winner may steal (the loser holds an item): they choose the
		// damage, and the loser's split follows (seed 000 袭击 l.243-245).
		func() (int, map[string]any) { return turn(), map[string]any{"type": "deal_damage"} },
		func() (int, map[string]any) {
			d := htOptions(a, g, target)["damage"].(map[string]any)
			split := map[string]int{}
			for i, tr := range d["traits"].([]any) {
				if i < 2 {
					split[tr.(map[string]any)["trait"].(string)] = jsonInt(d["amount"]) / 2
				}
			}
			return target, map[string]any{"type": d["action"], "split": split}
		},
		func() (int, map[string]any) { return turn(), map[string]any{"type": "end_turn"} },
		by(4, map[string]any{"type": "step_trait", "trait": "sanity", "delta": -1}),
		// A death in the haunt takes sections away: a new outline.
		by(0, map[string]any{"type": "set_trait", "seat": 4, "trait": "might", "position": 0}),
		by(2, map[string]any{"type": "step_trait", "trait": "knowledge", "delta": 1}),
	}
	for i, next := range steps {
		seat, action := next()
		token := g.host
		if seat > 0 {
			token = g.seats[seat-1]
		}
		what := fmt.Sprintf("step %d (%v by seat %d)", i+1, action["type"], seat)
		rec := a.do(http.MethodPost, g.api("/actions"), jsonBody(action), withBearer(token))
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", what, rec.Code, rec.Body)
		}
		check(what, jsonInt(decodeBody(t, rec)["version"]))
	}
	// Seat 4's death changed its page's outline: it got the whole page again.
	if phones[3].full < 2 {
		t.Errorf("seat 4 got %d whole pages, want the first and one after its death", phones[3].full)
	}
	// The script moves every private part of a phone at least once, so the
	// checks above covered sending each of them.
	for _, key := range []string{"status", "me", "me-might", "line-2", "undo", "damage", "roller", "rolls", "cards", "fight", "sheets", "now", "logtail", "log"} {
		if phones[0].sent[key] == 0 {
			t.Errorf("seat 1 was never sent part %s alone: %v", key, phones[0].sent)
		}
	}
}
