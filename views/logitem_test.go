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
	h := Head{Lang: "en"}
	for _, l := range []LogLine{
		{Time: "20:01", Text: Line{Lit(`Ann <script>alert("x")</script> & 力量 3 → 4 💀`)}},
		{Time: "20:02", Text: Line{Lit("Bob ended the turn")}, Undone: true},
		{Time: "20:02", Text: Line{Lit("Bob ended the turn")}},
	} {
		var want bytes.Buffer
		if err := logItemHTML(logSaid{Time: l.Time, Text: l.Text.In(h.Lang), Undone: l.Undone}).Render(context.Background(), &want); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			var got bytes.Buffer
			if err := logItem(h, l).Render(context.Background(), &got); err != nil {
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

// twoLangs is a name in both languages, as the catalog's are.
type twoLangs struct{ en, zh string }

func (n twoLangs) In(lang string) string {
	if lang == "zh" {
		return n.zh
	}
	return n.en
}

// TestLogItemCachedPerLanguage: the cache keeps a line by its words as
// said, so the same line shows in each page's own language.
func TestLogItemCachedPerLanguage(t *testing.T) {
	t.Parallel()
	l := LogLine{Time: "20:03", Text: Line{Of(twoLangs{"Axe", "斧头"})}}
	for range 2 {
		for lang, want := range map[string]string{"en": "Axe", "zh": "斧头"} {
			var got bytes.Buffer
			if err := logItem(Head{Lang: lang}, l).Render(context.Background(), &got); err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(got.Bytes(), []byte(want)) {
				t.Errorf("%s: the line renders %q, want %q in it", lang, got.String(), want)
			}
		}
	}
}
