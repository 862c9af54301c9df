package web

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
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
	alphabet := []string{"a", "b", "<li>", "</li>", "💀", "力", "é", "\"", "\\", "\n", strings.Repeat("q", 30)}
	r := rand.New(rand.NewPCG(1, 2))
	rnd := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
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
