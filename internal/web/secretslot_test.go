package web

import (
	"bytes"
	stdflate "compress/flate"

	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"github.com/klauspost/compress/flate"
	"hash/crc32"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/internal/store"
	"lantern/internal/table"
	"lantern/views"
)

// Every hidden-traitor haunt's slot is the same length for every token in
// each language, and the same bytes inside a JSON string (nothing escaped),
// as the stream carries it.
func TestSecretRevealSlotLength(t *testing.T) {
	hidden := 0
	for number := 1; number <= 50; number++ {
		if catalog.HauntByNumber(number).Traitor.Kind != "hidden" {
			continue
		}
		hidden++
		for _, lang := range []string{i18n.EN, i18n.ZH} {
			want := len(secretRevealSlot(lang, number, 1))
			for token := 1; token <= game.MaxSeats; token++ {
				slot := secretRevealSlot(lang, number, token)
				if len(slot) != want {
					t.Errorf("haunt %d %s token %d: slot %d bytes, token 1's %d", number, lang, token, len(slot), want)
				}
				var b bytes.Buffer
				enc := json.NewEncoder(&b)
				enc.SetEscapeHTML(false) // as appendJSONString
				enc.Encode(slot)
				if got := strings.TrimSpace(b.String()); got != `"`+slot+`"` {
					t.Errorf("haunt %d %s token %d: JSON escapes the slot: %s", number, lang, token, got)
				}
			}
		}
	}
	if hidden == 0 {
		t.Fatal("no hidden-traitor haunt")
	}
}

// The "me" object: the same length for every token, and valid JSON with
// the same fields as before once the markers are gone.
func TestAppendMeSlot(t *testing.T) {
	width := -1
	for token := 1; token <= game.MaxSeats; token++ {
		me := MeJSON{Seat: 3, Lang: "zh", CanUndo: token%2 == 0, Token: token, Traitor: token == 1, OwesHauntRoll: true}
		b := appendMe(nil, &me)
		if width < 0 {
			width = len(b)
		}
		if len(b) != width+boolWidth(me.CanUndo)-boolWidth(false) {
			t.Errorf("token %d: %d bytes: %s", token, len(b), b)
		}
		segs, err := splitSlots(b)
		if err != nil {
			t.Fatal(err)
		}
		plain := joinSegments(segs)
		var got MeJSON
		if err := json.Unmarshal(plain, &got); err != nil || got != me {
			t.Errorf("token %d: %s decodes to %+v (%v), want %+v", token, plain, got, err, me)
		}
		if bytes.Contains(plain, []byte("lanternslot")) {
			t.Errorf("token %d: markers left in %s", token, plain)
		}
	}
	if b := appendMe(nil, &MeJSON{Seat: 1, Traitor: true}); bytes.Contains(b, []byte(slotOpen)) {
		t.Errorf("a known traitor's me has a slot: %s", b)
	}
}

func boolWidth(b bool) int { return len(fmt.Sprint(b)) }

// deflateSegments: the output decodes to the text, and its length does not
// depend on what the slots hold, for random texts at each level in use, also
// when a public segment after a slot holds 0xFF.
func TestDeflateSegmentsSizeIgnoresSlots(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"<div class=part>", "token", "traitor", "hero", "Your token is #", "haunt", " ", "\n", "你的标记", "\xff"}
	text := func(n int, ff bool) []byte {
		var b []byte
		for len(b) < n {
			w := words[rng.IntN(len(words))]
			if w == "\xff" && !ff {
				continue
			}
			b = append(b, w...)
		}
		return b[:n]
	}
	for _, level := range []int{flateLevel, slotFlateLevel, pageGzipLevel} {
		for trial := range 40 {
			nseg := 1 + 2*rng.IntN(3)
			ff := trial%4 == 0
			var public [][]byte
			lens := map[int]int{}
			for i := range nseg {
				if i%2 == 0 {
					public = append(public, text(rng.IntN(40000), ff))
				} else {
					lens[i] = rng.IntN(300)
				}
			}
			size := -1
			for variant := range 4 {
				segs := make([][]byte, nseg)
				for i := range nseg {
					if i%2 == 0 {
						segs[i] = public[i/2]
					} else {
						segs[i] = text(lens[i], variant == 3)
					}
				}
				fw, _ := flate.NewWriter(io.Discard, level)
				var out bytes.Buffer
				if err := deflateSegments(fw, &out, segs); err != nil {
					t.Fatal(err)
				}
				out.Write(finalBlock)
				if size < 0 {
					size = out.Len()
				} else if out.Len() != size {
					t.Errorf("level %d trial %d: %d bytes with other slot text, %d before", level, trial, out.Len(), size)
				}
				got, err := io.ReadAll(stdflate.NewReader(&out))
				if err != nil || !bytes.Equal(got, bytes.Join(segs, nil)) {
					t.Fatalf("level %d trial %d: does not decode to the text (%v)", level, trial, err)
				}
			}
		}
	}
}

// The edges of deflateSegments: a slot longer than one stored block
// (65,535 bytes), an empty first or last public segment, empty slots, 0xFF
// right after a slot. Each decodes to the text, and the size does not
// depend on the slot's bytes.
func TestDeflateSegmentsEdges(t *testing.T) {
	big := func(b byte, n int) []byte { return bytes.Repeat([]byte{b}, n) }
	cases := map[string]func(slot byte) [][]byte{
		"slot over a stored block": func(c byte) [][]byte { return [][]byte{[]byte("a<p>"), big(c, 70000), []byte("</p>b")} },
		"empty first segment":      func(c byte) [][]byte { return [][]byte{nil, big(c, 10), []byte("after the slot")} },
		"empty last segment":       func(c byte) [][]byte { return [][]byte{[]byte("before"), big(c, 10), nil} },
		"empty slot":               func(byte) [][]byte { return [][]byte{[]byte("before"), nil, []byte("after")} },
		"0xFF after a slot":        func(c byte) [][]byte { return [][]byte{[]byte("x"), big(c, 30), []byte("\xff\xff before the fill")} },
		"two slots": func(c byte) [][]byte {
			return [][]byte{[]byte("a"), big(c, 5), []byte("b"), big(c, 70000), []byte("c")}
		},
	}
	for name, segsOf := range cases {
		for _, level := range []int{flateLevel, slotFlateLevel, pageGzipLevel} {
			size := -1
			for _, c := range []byte("12") {
				segs := segsOf(c)
				fw, _ := flate.NewWriter(io.Discard, level)
				var out bytes.Buffer
				if err := deflateSegments(fw, &out, segs); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				out.Write(finalBlock)
				if size >= 0 && out.Len() != size {
					t.Errorf("%s level %d: %d bytes, %d with other slot bytes", name, level, out.Len(), size)
				}
				size = out.Len()
				got, err := io.ReadAll(stdflate.NewReader(&out))
				if err != nil || !bytes.Equal(got, bytes.Join(segs, nil)) {
					t.Errorf("%s level %d: does not decode to the text (%v)", name, level, err)
				}
			}
		}
	}
}

// A slot's marker never reaches a phone: an unclosed slot is an error, not
// text (reviewer finding S2), and a page with a slot on a route echo's gzip
// compresses is refused rather than sent with the slot compressed (S1).
func TestSlotsFailClosed(t *testing.T) {
	if _, err := splitSlots([]byte("a" + slotOpen + "secret")); err == nil {
		t.Error("an unclosed slot split without an error")
	}
	body := []byte("<p>" + slotOpen + "traitor" + slotClose + "</p>")
	e := echo.New()
	for path, secret := range map[string]bool{"/g/:code": true, "/g/:code/table": false, "/search": false} {
		rec := httptest.NewRecorder()
		c := e.NewContext(httptest.NewRequest(http.MethodGet, "/", nil), rec)
		c.SetPath(path)
		err := secretBlob(c, http.StatusOK, echo.MIMETextHTMLCharsetUTF8, body)
		switch {
		case secret && (err != nil || rec.Body.String() != "<p>traitor</p>"):
			t.Errorf("%s: %v %q", path, err, rec.Body.String())
		case !secret && (err == nil || rec.Body.Len() != 0):
			t.Errorf("%s: a slot off the secret routes was sent: %v %q", path, err, rec.Body.String())
		}
	}
}

// BenchmarkSecretPage measures what the slots cost a seat in a hidden
// haunt: its real page (en) compressed as echo's middleware does for every
// other page, and as secretBlob does; and the page as one stream message,
// as a stream without slots compresses it and as one with slots does.
// bytes/op is the size on the wire.
func BenchmarkSecretPage(b *testing.B) {
	body := hiddenSeatPage(b)
	segs, err := splitSlots(body)
	if err != nil || len(segs) != 3 {
		b.Fatalf("the page has %d segments, want one slot", len(segs))
	}
	plain := joinSegments(segs)
	run := func(name string, compress func(out *bytes.Buffer)) {
		b.Run(name, func(b *testing.B) {
			var out bytes.Buffer
			for b.Loop() {
				out.Reset()
				compress(&out)
			}
			b.ReportMetric(float64(out.Len()), "bytes/op")
		})
	}
	zw, _ := gzip.NewWriterLevel(io.Discard, pageGzipLevel)
	run("page/gzip-middleware", func(out *bytes.Buffer) {
		zw.Reset(out)
		zw.Write(plain)
		zw.Close()
	})
	run("page/slots", func(out *bytes.Buffer) {
		fw := pageFlatePool.Get()
		deflateSegments(fw, out, segs)
		pageFlatePool.Put(fw)
		out.Write(finalBlock)
		crc32.ChecksumIEEE(plain)
	})
	run("stream/no-slots", func(out *bytes.Buffer) {
		fw := flatePool.Get()
		deflateSegments(fw, out, [][]byte{plain})
		flatePool.Put(fw)
	})
	run("stream/slots", func(out *bytes.Buffer) {
		pool := streamFlatePool(segs)
		fw := pool.Get()
		deflateSegments(fw, out, segs)
		pool.Put(fw)
	})
}

// hiddenSeatPage is seat 1's whole page, slot markers in, right after a
// hidden-traitor haunt began in a six-seat game.
func hiddenSeatPage(b *testing.B) []byte {
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
	created, err := tb.Create(ctx)
	if err != nil {
		b.Fatal(err)
	}
	code := created.Code
	var seats []string
	for i, ex := range []string{"ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra", "professor-longfellow", "heather-granville"} {
		_, tok, err := tb.Join(ctx, code, created.JoinKey, game.Action{Name: fmt.Sprintf("Player %d", i+1), Explorer: ex, Lang: "en"})
		if err != nil {
			b.Fatal(err)
		}
		seats = append(seats, tok)
	}
	act := func(token, action string) {
		access, ok := tb.Authenticate(code, token)
		var a game.Action
		if err := json.Unmarshal([]byte(action), &a); !ok || err != nil {
			b.Fatalf("%s: %v %v", action, ok, err)
		}
		if _, err := tb.Act(ctx, access, a); err != nil {
			b.Fatalf("%s: %v", action, err)
		}
	}
	omen, room := "", ""
	ch := catalog.Chart()
	for _, o := range ch.Omens {
		for _, r := range ch.Rooms {
			if catalog.HauntByNumber(catalog.LookupHaunt(o, r)).Traitor.Kind == "hidden" {
				omen, room = o, r
			}
		}
	}
	act(created.HostToken, `{"type":"start_game","first_seat":1}`)
	act(seats[0], fmt.Sprintf(`{"type":"draw_omen","omen":%q,"room":%q}`, omen, room))
	act(seats[0], `{"type":"haunt_roll","total":0}`)

	s := &Server{tables: tb, now: time.Now, log: slog.Default(), shared: newSharedParts()}
	req := httptest.NewRequest(http.MethodGet, "/g/"+code, nil)
	req.Header.Set("Authorization", "Bearer "+seats[0])
	c := echo.New().NewContext(req, httptest.NewRecorder())
	access, ok := s.access(c, code, asSeat)
	if !ok {
		b.Fatal("no access")
	}
	vm, err := s.playerView(c, access)
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err := views.Layout(vm.Head, views.PlayerPage(vm)).Render(ctx, &buf); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}
