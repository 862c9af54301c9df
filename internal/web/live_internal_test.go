package web

import (
	"bytes"
	stdflate "compress/flate"
	"context"
	"fmt"
	"slices"
	"strings"

	"compress/gzip"
	"encoding/json"
	"github.com/klauspost/compress/flate"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/views"
)

// TestAppendJSONString: what the hand-built stream messages hold decodes
// to what encoding/json would have written, and ends no line.
func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{"", `<p class="a">x & y</p>`, "quote \" back \\ slash", "tab\tnew\nline\rcr\x00\x1f",
		"中文 · 骰子 🎲", "line\u2028para\u2029end", "bad \xff\xfe utf-8 \xe4\xb8", "\u00e9\u0301"} {
		got := appendJSONString([]byte("x"), []byte(s))
		if got[0] != 'x' {
			t.Fatalf("%q: not appended", s)
		}
		if bytes.ContainsAny(got, "\n\r\u2028\u2029") {
			t.Errorf("%q: %q breaks a line", s, got)
		}
		var back, want string
		if err := json.Unmarshal(got[1:], &back); err != nil {
			t.Fatalf("%q: %q is not JSON: %v", s, got, err)
		}
		std, _ := json.Marshal(s)
		json.Unmarshal(std, &want)
		if back != want {
			t.Errorf("%q decodes to %q, want %q", s, back, want)
		}
	}
}

// TestSendPieces: a gzip stream of messages built from raw pieces and
// pieces deflated beforehand inflates to the messages, in order.
func TestSendPieces(t *testing.T) {
	shared := []byte(`"` + string(bytes.Repeat([]byte("the log, the same for every phone; "), 50)) + `"`)
	z, err := deflatePiece(shared)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	sw := &streamWriter{w: echo.NewResponse(rec, echo.New()), gzip: true}
	var want bytes.Buffer
	msgs := [][]piece{
		{{raw: []byte("retry: 1500\n\n")}},
		{{raw: []byte(`data: {"parts":[["log",`)}, {raw: shared, z: z}, {raw: []byte(`],["me",`)}, {raw: []byte(`"mine"`)}, {raw: []byte("]]}\n\n")}},
		{{raw: shared, z: z}, {raw: shared, z: z}},
		{{raw: []byte(": ping\n\n")}},
	}
	for _, m := range msgs {
		for _, p := range m {
			want.Write(p.raw)
		}
		if err := sw.sendPieces(m...); err != nil {
			t.Fatal(err)
		}
		// Each message ends with an empty stored block, as a flush does: an
		// inflater holds nothing of it back waiting for the next.
		if !bytes.HasSuffix(rec.Body.Bytes(), []byte{0, 0, 0xff, 0xff}) {
			t.Fatalf("message %q ends % x", want.Bytes(), rec.Body.Bytes()[max(0, rec.Body.Len()-8):])
		}
	}
	sw.close()
	sameAsInflated(t, rec.Body, want.Bytes())
	if sw.Raw != int64(want.Len()) {
		t.Errorf("Raw %d, sent %d", sw.Raw, want.Len())
	}
}

// TestDeflatedAcrossVersions: bytes deflated at one version and asked for
// again at the next are not deflated again; bytes not asked for at a
// version are forgotten after it; and a piece always inflates to its bytes.
func TestDeflatedAcrossVersions(t *testing.T) {
	sp := newSharedParts()
	a := []byte(`"options":{"rooms":["attic","chapel","vault"],"end_turn":false}}` + "\n\n")
	b := []byte(`"options":{"rooms":["attic"],"end_turn":true}}` + "\n\n")
	deflated := func(version int, raw []byte) []byte {
		t.Helper()
		z, err := sp.at("GAME1", version).deflated(bytes.Clone(raw))
		if err != nil {
			t.Fatal(err)
		}
		if got := inflate(t, z); !bytes.Equal(got, raw) {
			t.Fatalf("version %d: inflates to %q, want %q", version, got, raw)
		}
		return z
	}
	same := func(x, y []byte) bool { return &x[0] == &y[0] }
	a1 := deflated(1, a)
	if a2 := deflated(2, a); !same(a1, a2) {
		t.Error("the same bytes at the next version were deflated again")
	}
	b2 := deflated(2, b)
	if same(b2, a1) {
		t.Error("other bytes got the same piece")
	}
	if b3 := deflated(3, b); !same(b2, b3) {
		t.Error("bytes asked for at version 2 were deflated again at 3")
	}
	if a4 := deflated(4, a); same(a1, a4) {
		t.Error("bytes not asked for at version 3 were still kept at 4")
	}
	if a1again := deflated(1, a); same(a1, a1again) {
		t.Error("a stream behind the newest version shared the newest cache")
	}
}

// sameAsInflated fails t unless the gzip stream gz inflates to want: every
// message as sent, whatever was copied or diffed on the wire.
func sameAsInflated(t *testing.T, gz io.Reader, want []byte) {
	t.Helper()
	zr, err := gzip.NewReader(gz)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("the stream does not inflate: %v", err)
	}
	if !bytes.Equal(got, want) {
		at := 0
		for at < min(len(got), len(want)) && got[at] == want[at] {
			at++
		}
		t.Errorf("the stream inflates to other bytes than the messages, from byte %d of %d (%d)", at, len(want), len(got))
	}
}

func inflate(t *testing.T, z []byte) []byte {
	t.Helper()
	out, err := io.ReadAll(stdflate.NewReader(io.MultiReader(bytes.NewReader(z), bytes.NewReader(finalBlock))))
	if err != nil {
		t.Fatalf("does not inflate: %v", err)
	}
	return out
}

// TestStreamBufferKeptSmall: a stream reuses its message buffer, but not one
// grown by a whole page, so 360 idle phones don't each hold one.
func TestStreamBufferKeptSmall(t *testing.T) {
	rec := httptest.NewRecorder()
	sw := &streamWriter{w: echo.NewResponse(rec, echo.New())}
	page := bytes.Repeat([]byte("<div class=board>a whole page</div>\n"), 2*keepBuffer/36)
	for i, msg := range [][]byte{[]byte("retry: 1500\n\n"), page, []byte(": ping\n\n"), []byte(": ping\n\n")} {
		if err := sw.sendPieces(piece{raw: msg}); err != nil {
			t.Fatal(err)
		}
		if i == 1 && cap(sw.buf.b) < len(page) {
			t.Fatal("the page was not encoded in the stream's buffer")
		}
	}
	if cap(sw.buf.b) > keepBuffer {
		t.Errorf("buffer of %d bytes kept after small messages", cap(sw.buf.b))
	}
}

// TestWriterPool: a compressor comes back ready for a new destination, and
// no more are kept idle than the pool was made for.
func TestWriterPool(t *testing.T) {
	p := newWriterPool(flate.BestSpeed, 2)
	var ws []*flate.Writer
	for range 4 {
		ws = append(ws, p.Get())
	}
	for _, fw := range ws {
		var out bytes.Buffer
		fw.Reset(&out)
		fw.Write([]byte("some bytes"))
		fw.Flush()
		p.Put(fw)
		if got := inflate(t, out.Bytes()); string(got) != "some bytes" {
			t.Fatalf("inflates to %q", got)
		}
	}
	if len(p.idle) != 2 {
		t.Errorf("%d idle, want 2", len(p.idle))
	}
	fw := p.Get()
	var out bytes.Buffer
	fw.Reset(&out)
	fw.Write([]byte("again"))
	fw.Flush()
	if got := inflate(t, out.Bytes()); string(got) != "again" {
		t.Fatalf("a kept compressor inflates to %q", got)
	}
}

// TestHTMLPartGoesBack: a private part that goes back to what it was
// before its last change (a trait stepped up, then down again) is written
// from the source held then, not rendered again, and is the very part a
// fresh rendering of the page holds.
func TestHTMLPartGoesBack(t *testing.T) {
	s, phones := benchGame(t, false)
	p := phones[0]
	at := slices.Index(p.ls.keys, "me-might")
	if at < 0 {
		t.Fatalf("no me-might part among %q", p.ls.keys)
	}
	step := func(delta int) {
		t.Helper()
		if _, err := s.tables.Act(context.Background(), p.access, game.Action{Type: "step_trait", Trait: "might", Delta: delta}); err != nil {
			t.Fatal(err)
		}
		p.push(t, s)
	}
	step(1)
	up := string(p.ls.held[at])
	step(-1)
	down := string(p.ls.held[at])
	reused := p.ls.reused
	step(1)
	if got := string(p.ls.held[at]); got != up || p.ls.reused == reused {
		t.Errorf("the part back as it was is not the source held before (%d reused)", p.ls.reused-reused)
	}
	reused = p.ls.reused
	step(-1)
	if got := string(p.ls.held[at]); got != down || p.ls.reused == reused {
		t.Errorf("the part back as it was is not the source held before (%d reused)", p.ls.reused-reused)
	}
	// It is what the page renders now.
	vm, err := s.playerView(p.c, p.access)
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := views.PlayerPage(vm).Render(context.Background(), &page); err != nil {
		t.Fatal(err)
	}
	blank := fmt.Appendf(nil, `name="version" value="%d"`, vm.Head.Version)
	fresh := appendBlanked(nil, page.Bytes(), blank)
	if want := `<div class="part" data-part="me-might">` + string(p.ls.held[at]) + `</div>`; !strings.Contains(string(fresh), want) {
		t.Errorf("the part held is not the page's:\n%s", p.ls.held[at])
	}
}

// TestSharedPartTakenOver: a shared part two versions back rendered from
// the same inputs (a trait stepped up, down and up again) is taken over,
// not rendered again, and is what the page renders.
func TestSharedPartTakenOver(t *testing.T) {
	s, phones := benchGame(t, false)
	board := func() *sharedEntry {
		t.Helper()
		var version int
		s.tables.Read(phones[0].access.Code, func(st *game.State) { version = st.Version })
		vp := s.shared.at(phones[0].access.Code, version)
		vp.mu.Lock()
		defer vp.mu.Unlock()
		for k, e := range vp.parts {
			if k.kind == partHTML && k.key == "board-1" {
				return e
			}
		}
		t.Fatal("no board-1 in the cache")
		return nil
	}
	var seen []*sharedEntry
	for _, delta := range []int{1, -1, 1} {
		if _, err := s.tables.Act(context.Background(), phones[0].access, game.Action{Type: "step_trait", Trait: "speed", Delta: delta}); err != nil {
			t.Fatal(err)
		}
		for _, p := range phones {
			p.push(t, s)
		}
		seen = append(seen, board())
	}
	if seen[2] != seen[0] || seen[1] == seen[0] {
		t.Errorf("board-1 up again is not the entry of two versions before")
	}
	// A page rendered without the cache holds the same board.
	vm, err := s.playerView(phones[1].c, phones[1].access)
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := views.PlayerPage(vm).Render(context.Background(), &page); err != nil {
		t.Fatal(err)
	}
	if want := `<div class="part" data-part="board-1">` + string(seen[2].b) + `</div>`; !strings.Contains(page.String(), want) {
		t.Errorf("the board taken over is not the page's")
	}
}

// TestAcceptsGzip: a phone gets a compressed stream unless it says no to
// gzip, with a weight of zero however written (RFC 9110 12.4.2).
func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"":                     false,
		"gzip":                 true,
		"gzip, deflate, br":    true,
		"br;q=1.0, gzip;q=0.8": true,
		"gzip;q=0":             false,
		"gzip; q=0":            false,
		"gzip;q=0.0":           false,
		"gzip;q=0.000":         false,
		"gzip;q=0.001":         true,
		"deflate, gzip;q=0":    false,
		"identity":             false,
		"x-gzip":               false,
	} {
		req := httptest.NewRequest("GET", "/", nil)
		req.Header.Set("Accept-Encoding", header)
		if got := acceptsGzip(req); got != want {
			t.Errorf("Accept-Encoding %q: gzip %v, want %v", header, got, want)
		}
	}
}
