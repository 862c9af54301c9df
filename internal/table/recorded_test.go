package table_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"lantern/internal/game"
	"lantern/internal/table"
)

// Old games replay the same. Card and room data are read while a log is
// replayed, so an edit to data/ or to the engine could silently change a
// game already stored. testdata/recorded holds games played with an earlier
// build (their logs and the state each replayed to; regenerate with
// LANTERN_RECORD=1 go test ./internal/game -run TestRecordGames, see
// there): each is stored in a database, loaded the way the server loads a
// game (store, then table's replay with its checks) and must come back as
// it was recorded, byte for byte as JSON.
//
// When this fails, the change altered how old games replay. If that is
// meant (a rule was wrong), do not just regenerate: version the event or
// the data it used (a new event type or field, the old card text kept
// under its own id) so that games stored before keep their meaning, and
// record new games beside the old ones.
func TestRecordedGamesReplay(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "recorded", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no recorded games: %v", err)
	}
	type recorded struct {
		Code   string          `json:"code"`
		Events []game.Event    `json:"events"`
		State  json.RawMessage `json:"state"`
	}
	e := newEnv(t)
	games := map[string]recorded{}
	for i, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var r recorded
		if err := json.Unmarshal(raw, &r); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		// A code of the server's alphabet, so a finished game loads too.
		code := "RPLA" + string("ABCDEFGHJKLMNPQRSTUVWXYZ"[i])
		if err := e.st.CreateGame(ctx, code, "key", []byte("host"), e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if err := e.st.AppendEvents(ctx, code, r.Events, nil, 0); err != nil {
			t.Fatalf("%s: store: %v", f, err)
		}
		games[code] = r
		t.Logf("%s: %d events as %s", filepath.Base(f), len(r.Events), code)
	}
	e.restart()
	for code, r := range games {
		var merr error
		got, err := table.Read(e.tab, code, func(s *game.State) []byte {
			st := *s
			st.Events, st.Code = nil, r.Code
			b, err := json.Marshal(st)
			merr = err
			return b
		})
		if err = errors.Join(err, merr); err != nil {
			t.Errorf("%s (%s): %v", r.Code, code, err)
			continue
		}
		// Every field the recording holds must replay the same; a field it
		// lacks is state a later build derives from the same events (a
		// card's "moved" mark, say), which an old game gains on replay.
		var gotV, wantV any
		if err := json.Unmarshal(got, &gotV); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(r.State, &wantV); err != nil {
			t.Fatal(err)
		}
		if path, ok := covers(wantV, gotV, "state"); !ok {
			w, _ := json.Marshal(wantV)
			t.Errorf("game recorded as %s replays differently at %s (recorded state %d bytes)", r.Code, path, len(w))
		}
	}
}

// covers reports whether got holds everything want holds: the same scalars,
// lists of the same length, and every key of want's objects (got may hold
// more keys); path says where it first does not.
func covers(want, got any, path string) (string, bool) {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return path, false
		}
		for _, k := range slices.Sorted(maps.Keys(w)) {
			if p, ok := covers(w[k], g[k], path+"."+k); !ok {
				return p, false
			}
		}
		return "", true
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return path, false
		}
		for i := range w {
			if p, ok := covers(w[i], g[i], fmt.Sprintf("%s[%d]", path, i)); !ok {
				return p, false
			}
		}
		return "", true
	}
	return path, reflect.DeepEqual(want, got)
}
