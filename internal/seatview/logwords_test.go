package seatview

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"lantern/internal/game"
)

// rawKey is a message key or event type shown as it is: no words found.
var rawKey = regexp.MustCompile(`^[a-z0-9_]+$|(^|[ :])[a-z]+_[a-z_]+($|[ .])`)

// TestLogWordsEveryEvent: every event of the recorded games (every kind
// the engine writes, from random play to the end) reads as words in the
// log, in both languages: never the event's type, a message key, or a
// formatting error.
func TestLogWordsEveryEvent(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "table", "testdata", "recorded", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no recorded games: %v", err)
	}
	kinds := map[string]bool{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			Code   string       `json:"code"`
			Events []game.Event `json:"events"`
		}
		if err := json.Unmarshal(raw, &r); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		st, err := game.Replay(r.Code, r.Events)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, e := range r.Events {
			kinds[e.Type()] = true
			for _, lang := range []string{"en", "zh"} {
				line := describe(lang, st, e).In(lang)
				if line == "" || line == e.Type() || rawKey.MatchString(line) || strings.Contains(line, "%!") {
					t.Errorf("%s, event %d (%s), %s: the log says %q", filepath.Base(f), e.Seq, e.Type(), lang, line)
				}
			}
		}
	}
	for _, kind := range []string{game.EvEffectApplied, game.EvSourceRemoved} {
		if !kinds[kind] {
			t.Errorf("no recorded game holds a %s event: this test no longer sees it", kind)
		}
	}
}
