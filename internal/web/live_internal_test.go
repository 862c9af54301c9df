package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"
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
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("the stream does not inflate: %v", err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("inflated %q\nwant %q", got, want.Bytes())
	}
	if sw.Raw != int64(want.Len()) {
		t.Errorf("Raw %d, sent %d", sw.Raw, want.Len())
	}
}
