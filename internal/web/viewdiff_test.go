package web

import (
	"bytes"
	stdflate "compress/flate"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
)

// randomView is a JSON-like view of about n bytes.
func randomView(rng *rand.Rand, n int) []byte {
	words := []string{`{"seat":`, `"traits":{"might":{"position":`, `,"value":`, `},"hand":[]`, `"log":[{"seq":`, `"type":"traits_changed"`, `,"at":"2026-12-03T12:19:18.304908948Z"`, "中文", "\xff", `"`, ","}
	var b []byte
	for len(b) < n {
		if rng.IntN(3) == 0 {
			b = fmt.Append(b, rng.IntN(1000))
		} else {
			b = append(b, words[rng.IntN(len(words))]...)
		}
	}
	return b
}

// mutateView is v with a few spots changed, cut or grown, as a new version
// of a view changes it.
func mutateView(rng *rand.Rand, v []byte) []byte {
	out := bytes.Clone(v)
	for range rng.IntN(6) {
		at := rng.IntN(len(out) + 1)
		switch rng.IntN(3) {
		case 0: // new bytes
			out = append(out[:at:at], append(randomView(rng, rng.IntN(200)), out[at:]...)...)
		case 1: // bytes gone
			end := min(len(out), at+rng.IntN(100))
			out = append(out[:at:at], out[end:]...)
		default: // a number changed
			out = append(out[:at:at], append(fmt.Append(nil, rng.IntN(100)), out[at:]...)...)
		}
	}
	return out
}

// stored is b as deflate stored blocks, not final.
func stored(b []byte) []byte {
	var out []byte
	for len(b) > 0 {
		k := min(len(b), 0xffff)
		out = append(out, 0, byte(k), byte(k>>8), ^byte(k), ^byte(k>>8))
		out = append(out, b[:k]...)
		b = b[k:]
	}
	return out
}

// TestAppendDiff: a diff's block inflates to the new view after a history
// holding the old one at any distance that keeps the new view within the
// window, for random views and versions of them (also wholly new ones and
// empty ones).
func TestAppendDiff(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 400 {
		old := randomView(rng, rng.IntN(6000))
		new := mutateView(rng, old)
		switch i % 20 {
		case 0:
			new = randomView(rng, 3000)
		case 1:
			new = nil
		case 2:
			old = nil
		}
		d := diffViews(old, new)
		maxGap := maxDistance - len(old) - len(new)
		if maxGap < 0 {
			continue
		}
		for _, gap := range []int{0, 1, rng.IntN(maxGap + 1), maxGap} {
			history := append(randomView(rng, rng.IntN(100)), old...)
			history = append(history, randomView(rng, gap)[:gap]...)
			z := d.appendTo(stored(history), new, len(old)+gap)
			got, err := io.ReadAll(stdflate.NewReader(bytes.NewReader(append(z, finalBlock...))))
			if err != nil {
				t.Fatalf("view %d, gap %d: does not inflate: %v", i, gap, err)
			}
			if !bytes.Equal(got[len(history):], new) || !bytes.Equal(got[:len(history)], history) {
				t.Fatalf("view %d, gap %d: inflates to other bytes", i, gap)
			}
		}
	}
}

// TestDiffIsShort: a view one trait and one log line away from the last
// goes as a diff of a few dozen bytes, and a wholly new one not as a diff.
func TestDiffIsShort(t *testing.T) {
	s, phones := benchGame(t, true)
	p := phones[1]
	before := p.out.Out
	if _, err := s.tables.Act(context.Background(), phones[0].access, game.Action{Type: "step_trait", Trait: "might", Delta: -1}); err != nil {
		t.Fatal(err)
	}
	p.push(t, s)
	if sent := p.out.Out - before; sent > 400 {
		t.Errorf("the next version's message: %d bytes", sent)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	if d := diffViews(randomView(rng, 3000), randomView(rng, 3000)); d.worth(3000) {
		t.Errorf("a diff of unrelated views, %d bits, is sent", d.bits)
	}
}

// TestStreamViewDiffs: a stream of JSON views, each followed by pieces of
// its own of any length and a seat's piece sent again (the same, changed a
// little, or not at all), pings, and once more than the inflater's window,
// inflates to its messages, each view going as a diff when its last view is
// within the window and deflated whole when not.
func TestStreamViewDiffs(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	rec := httptest.NewRecorder()
	sw := &streamWriter{w: echo.NewResponse(rec, echo.New()), gzip: true}
	var want bytes.Buffer
	view, seat := randomView(rng, 3000), randomView(rng, 1500)
	for i := range 60 {
		view = mutateView(rng, view)
		if i%3 > 0 {
			seat = mutateView(rng, seat)
		}
		e := &sharedEntry{json: view}
		msg := []piece{{raw: view, view: e}, {raw: randomView(rng, rng.IntN(300))}, {raw: seat, again: true}}
		far := i == 30
		if far {
			msg = append(msg, piece{raw: randomView(rng, maxDistance)})
		}
		before := sw.Out
		if err := sw.sendPieces(msg...); err != nil {
			t.Fatal(err)
		}
		for _, p := range msg {
			want.Write(p.raw)
		}
		if i%7 == 0 {
			if err := sw.send([]byte(": ping\n\n")); err != nil {
				t.Fatal(err)
			}
			want.WriteString(": ping\n\n")
		}
		z, err := e.deflatedView()
		if err != nil {
			t.Fatal(err)
		}
		if sent := sw.Out - before; i > 0 && !far && i != 31 && sent >= int64(len(z)) {
			t.Errorf("message %d: %d bytes, no diff (%d deflated)", i, sent, len(z))
		}
		if i == 31 && !bytes.Contains(rec.Body.Bytes()[before:], z) {
			t.Errorf("message %d, after more than the window: not the view deflated", i)
		}
	}
	sw.close()
	sameAsInflated(t, rec.Body, want.Bytes())
}

// BenchmarkViewCompress is one version's shared JSON view compressed for
// six phones: as a diff from the last version's view (found once, each
// phone's block written), or deflated once on its own.
func BenchmarkViewCompress(b *testing.B) {
	s, phones := benchGame(b, true)
	var views [][]byte
	for range 2 {
		if _, err := s.tables.Act(context.Background(), phones[0].access, game.Action{Type: "step_trait", Trait: "might", Delta: -1}); err != nil {
			b.Fatal(err)
		}
		s.tables.Read(phones[0].access.Code, func(st *game.State) {
			views = append(views, s.shared.jsonView(st, st.Version-1).json)
		})
	}
	old, new := views[0], views[1]
	b.Run("diff", func(b *testing.B) {
		b.ReportAllocs()
		var out []byte
		for b.Loop() {
			e := &sharedEntry{json: new}
			for i := range phones {
				if d := e.diffFrom(old); d != nil {
					out = d.appendTo(out[:0], new, len(old)+1200+i%2)
				}
			}
		}
		b.ReportMetric(float64(len(out)), "B/phone")
	})
	b.Run("deflate", func(b *testing.B) {
		b.ReportAllocs()
		var out []byte
		for b.Loop() {
			e := &sharedEntry{json: new}
			for range phones {
				z, err := e.deflatedView()
				if err != nil {
					b.Fatal(err)
				}
				out = append(out[:0], z...)
			}
		}
		b.ReportMetric(float64(len(out)), "B/phone")
	})
}
