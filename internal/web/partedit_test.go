package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"

	"lantern/internal/game"
)

// applyEdit is the page script's resolveParts for one edit.
func applyEdit(t *testing.T, old string, edit []byte) string {
	t.Helper()
	var pieces []json.RawMessage
	if err := json.Unmarshal(edit, &pieces); err != nil {
		t.Fatalf("edit %s: %v", edit, err)
	}
	units := utf16.Encode([]rune(old))
	var out strings.Builder
	for _, p := range pieces {
		var s string
		if json.Unmarshal(p, &s) == nil {
			out.WriteString(s)
			continue
		}
		var run [2]int
		if err := json.Unmarshal(p, &run); err != nil || run[0] < 0 || run[1] <= 0 || run[0]+run[1] > len(units) {
			t.Fatalf("bad run %s in %s (held %d units): %v", p, edit, len(units), err)
		}
		out.WriteString(string(utf16.Decode(units[run[0] : run[0]+run[1]])))
	}
	return out.String()
}

// TestAppendEdit: an edit applied to the old source gives the new one, for
// the changes a live page sees (a value in the middle, a line on top with
// the last gone, text with emoji and CJK) and for random ones.
func TestAppendEdit(t *testing.T) {
	line := func(i int) string {
		return "<li><time>20:0" + string(rune('0'+i%10)) + "</time> Ann: 力量 3 → 4 💀 line " + strings.Repeat("x", i%7) + "</li>"
	}
	var log, log2 strings.Builder
	for i := range 60 {
		log.WriteString(line(i))
	}
	log2.WriteString(line(99))
	for i := range 59 {
		log2.WriteString(line(i))
	}
	cases := []struct{ name, old, cur string }{
		{"same", "abc", "abc"},
		{"empty old", "", "new"},
		{"empty new", "old", ""},
		{"value", strings.Repeat("a", 100) + "3 💀" + strings.Repeat("b", 100), strings.Repeat("a", 100) + "4 🂠" + strings.Repeat("b", 100)},
		{"log", "<ol>" + log.String() + "</ol>", "<ol>" + log2.String() + "</ol>"},
		{"emoji edges", strings.Repeat("💀", 40) + "x" + strings.Repeat("🂠", 40), strings.Repeat("💀", 40) + "y" + strings.Repeat("🂠", 40)},
	}
	for _, c := range cases {
		got := applyEdit(t, c.old, appendEdit(nil, []byte(c.old), []byte(c.cur)))
		if got != c.cur {
			t.Errorf("%s: edit gives %q, want %q", c.name, got, c.cur)
		}
	}
	if e := appendEdit(nil, []byte("<ol>"+log.String()+"</ol>"), []byte("<ol>"+log2.String()+"</ol>")); len(e) > 200 {
		t.Errorf("a new log line on top is an edit of %d bytes: %s", len(e), e)
	}
	r := rand.New(rand.NewPCG(1, 2))
	rnd := randomText(r, "a", "b", "<li>", "</li>", "💀", "力", "é", "\"", "\\", "\n", strings.Repeat("q", 30))
	for i := range 2000 {
		old := rnd(r.IntN(200))
		cur := old
		for range r.IntN(4) + 1 {
			at := r.IntN(len(cur) + 1)
			for at < len(cur) && (cur[at]&0xC0) == 0x80 {
				at++
			}
			end := at + r.IntN(len(cur)-at+1)
			for end < len(cur) && (cur[end]&0xC0) == 0x80 {
				end++
			}
			cur = cur[:at] + rnd(r.IntN(20)) + cur[end:]
		}
		if got := applyEdit(t, old, appendEdit(nil, []byte(old), []byte(cur))); got != cur {
			t.Fatalf("random %d: edit of %q gives %q, want %q", i, old, got, cur)
		}
	}
}

// TestLiveSharedPiecesOnce: after a seat's trait step, every other phone's
// message holds only what changed (no part of its own), and the shared
// parts in it (whole the first time, then as edits of what each phone
// holds) are the very same deflated bytes for every phone: made once per
// version, not per phone; the log goes as an edit of a few hundred bytes.
func TestLiveSharedPiecesOnce(t *testing.T) {
	s, phones := benchGame(t, false)
	for round := range 4 {
		if _, err := s.tables.Act(context.Background(), phones[0].access, game.Action{
			Type: "step_trait", Trait: "knowledge", Delta: 1 - 2*(round%2)}); err != nil {
			t.Fatal(err)
		}
		var first []piece
		for i, p := range phones[1:] {
			msg, err := s.htmlMessage(p.c, p.access, p.ls)
			if err != nil {
				t.Fatal(err)
			}
			var shared []piece
			var raw []byte
			for _, pc := range msg {
				raw = append(raw, pc.raw...)
				if pc.z != nil {
					shared = append(shared, pc)
				}
			}
			for _, own := range []string{`["me",`, `["me-knowledge",`, `["undo",`, `["damage",`, `["now",`, `["cards",`, `["status",`} {
				if bytes.Contains(raw, []byte(own)) {
					t.Errorf("round %d, phone %d: an unchanged part of its own is sent: %s", round, i+2, own)
				}
			}
			if len(shared) == 0 {
				t.Fatalf("round %d, phone %d: no shared part in %s", round, i+2, raw)
			}
			if round > 0 && !bytes.Contains(raw, []byte(`["log",[`)) {
				t.Errorf("round %d, phone %d: the log does not go as an edit: %.300s", round, i+2, raw)
			}
			if i == 0 {
				first = shared
				continue
			}
			if len(shared) != len(first) {
				t.Fatalf("round %d: phone %d got %d shared pieces, phone 2 %d", round, i+2, len(shared), len(first))
			}
			for j := range shared {
				if &shared[j].z[0] != &first[j].z[0] {
					t.Errorf("round %d, phone %d: shared piece %d deflated apart from phone 2's", round, i+2, j)
				}
			}
		}
		if _, err := s.htmlMessage(phones[0].c, phones[0].access, phones[0].ls); err != nil {
			t.Fatal(err)
		}
	}
}

// TestAppendOps: the server's own ops (a stream's earlier sources) make the
// old source out of the new one, byte for byte, and a trait row stepped
// back is a few dozen bytes of them.
func TestAppendOps(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	rnd := randomText(r, "a", "b", "<li>", "</li>", "💀", "力", strings.Repeat("q", 30))
	for i := range 3000 {
		cur := rnd(r.IntN(200))
		old := cur
		for range r.IntN(4) + 1 {
			at := r.IntN(len(old) + 1)
			end := at + r.IntN(len(old)-at+1)
			old = old[:at] + rnd(r.IntN(20)) + old[end:]
		}
		got, err := applyOps([]byte(cur), appendOps(nil, []byte(cur), []byte(old)))
		if err != nil || string(got) != old {
			t.Fatalf("random %d: ops from %q give %q (%v), want %q", i, cur, got, err, old)
		}
	}
	row := func(on int) string {
		var b strings.Builder
		for i := 1; i <= 8; i++ {
			fmt.Fprintf(&b, `<button type="submit" name="position" value="%d" class="cell%s" aria-pressed="%v">%d</button>`, i, map[bool]string{true: " on"}[i == on], i == on, i+2)
		}
		return b.String()
	}
	if ops := appendOps(nil, []byte(row(4)), []byte(row(5))); len(ops) > 80 {
		t.Errorf("a step back is %d bytes of ops", len(ops))
	}
	if _, err := applyOps([]byte("abc"), []byte{9, 9}); err == nil {
		t.Errorf("ops reaching past their source are taken")
	}
}

// randomText makes strings of n pieces drawn from alphabet, for sources
// the edits are tried on.
func randomText(r *rand.Rand, alphabet ...string) func(n int) string {
	return func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
}
