package web

import (
	"bytes"
	stdflate "compress/flate"
	"io"
	"math/rand/v2"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestAppendRepeat: the copy block inflates to the bytes it points back
// to, for every length class (3 to 258 and past it, with the shortest
// last copies) and distance class (1 to 32768), overlapping ones too.
func TestAppendRepeat(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	history := make([]byte, maxDistance+100)
	for i := range history {
		history[i] = byte(rng.IntN(256))
	}
	var prefix []byte
	for rest := history; len(rest) > 0; {
		k := min(len(rest), 0xffff)
		prefix = append(prefix, 0, byte(k), byte(k>>8), ^byte(k), ^byte(k>>8))
		prefix = append(prefix, rest[:k]...)
		rest = rest[k:]
	}
	lengths := []int{3, 4, 10, 11, 12, 13, 18, 19, 34, 35, 66, 67, 130, 131, 227, 257, 258, 259, 260, 261, 262, 516, 517, 1077, 5000}
	dists := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 17, 100, 1024, 1025, 4096, 4097, 16384, 16385, 32767, 32768}
	for _, n := range lengths {
		for _, d := range dists {
			z := appendRepeat(bytes.Clone(prefix), n, d)
			z = append(z, finalBlock...)
			got, err := io.ReadAll(stdflate.NewReader(bytes.NewReader(z)))
			if err != nil {
				t.Fatalf("n %d dist %d: does not inflate: %v", n, d, err)
			}
			want := bytes.Clone(history)
			for range n {
				want = append(want, want[len(want)-d])
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("n %d dist %d: inflates to other bytes", n, d)
			}
		}
	}
}

// TestSendPiecesRepeat: a piece marked again that is the stream's last such
// piece, byte for byte, goes out as a copy of it, a few bytes; other bytes
// (here too unlike them for a diff to pay: TestStreamViewDiffs), or the same
// ones beyond the inflater's window, are compressed as before;
// the whole stream still inflates to the messages, in order.
func TestSendPiecesRepeat(t *testing.T) {
	options := []byte(`"turn":{"seat":1,"doing":"exploring","mine":false},"rooms":[{"room":"attic","roll":true},{"room":"chapel","apply":true}]}` + "\n\n")
	other := []byte(`"turn":{"seat":2,"doing":"exploring","mine":true},"end_turn":true}` + "\n\n")
	z := func(b []byte) []byte {
		out, err := deflatePiece(b)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	filler := make([]byte, maxDistance)
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range filler {
		filler[i] = 'a' + byte(rng.IntN(26))
	}
	rec := httptest.NewRecorder()
	sw := &streamWriter{w: echo.NewResponse(rec, echo.New()), gzip: true}
	var want bytes.Buffer
	head := func(v string) piece {
		return piece{raw: []byte("event: view\ndata: {\"version\":" + v + ",\"options\":{")}
	}
	msgs := []struct {
		pieces []piece
		copied bool // the options went out as a copy
	}{
		{[]piece{head("1"), {raw: options, z: z(options), again: true}}, false},
		{[]piece{head("2"), {raw: options, z: z(options), again: true}}, true},
		{[]piece{{raw: []byte(": ping\n\n")}}, false},
		{[]piece{head("3"), {raw: options, z: z(options), again: true}}, true},
		{[]piece{head("4"), {raw: other, z: z(other), again: true}}, false},
		{[]piece{head("5"), {raw: options, z: z(options), again: true}}, false},
		{[]piece{{raw: filler}}, false},
		{[]piece{head("6"), {raw: options, z: z(options), again: true}}, false},
		{[]piece{head("7"), {raw: options, z: z(options), again: true}}, true},
	}
	for i, m := range msgs {
		before := sw.Out
		for _, p := range m.pieces {
			want.Write(p.raw)
		}
		if err := sw.sendPieces(m.pieces...); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasSuffix(rec.Body.Bytes(), []byte{0, 0, 0xff, 0xff}) {
			t.Fatalf("message %d does not end flushed", i+1)
		}
		if len(m.pieces) == 2 {
			sent, compressed := sw.Out-before, int64(len(m.pieces[0].raw)+5+len(m.pieces[1].z))
			if m.copied && sent >= compressed-int64(len(options)/2) {
				t.Errorf("message %d: %d bytes, not a copy (%d compressed)", i+1, sent, compressed)
			}
			if !m.copied && sent < compressed {
				t.Errorf("message %d: %d bytes, less than compressed (%d): copied", i+1, sent, compressed)
			}
		}
	}
	sw.close()
	sameAsInflated(t, rec.Body, want.Bytes())
}
