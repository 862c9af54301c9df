package views

import (
	"bytes"
	"context"
	"testing"
)

// TestLogItemCached: a log line from the cache is the same bytes as the
// line rendered afresh, escaping and all, the first time and after.
func TestLogItemCached(t *testing.T) {
	t.Parallel()
	for _, l := range []LogLine{
		{Time: "20:01", Text: `Ann <script>alert("x")</script> & 力量 3 → 4 💀`},
		{Time: "20:02", Text: "Bob ended the turn", Undone: true},
		{Time: "20:02", Text: "Bob ended the turn"},
	} {
		var want bytes.Buffer
		if err := logItemHTML(l).Render(context.Background(), &want); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			var got bytes.Buffer
			if err := logItem(l).Render(context.Background(), &got); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("cached %q, fresh %q", got.String(), want.String())
			}
		}
		if bytes.Contains(want.Bytes(), []byte("<script>")) {
			t.Errorf("a log line's text is not escaped: %s", want.String())
		}
	}
}
