package table_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"lantern/internal/game"
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
		var got []byte
		var merr error
		err := e.tab.Read(code, func(s *game.State) {
			st := *s
			st.Events, st.Code = nil, r.Code
			got, merr = json.Marshal(st)
		})
		if err = errors.Join(err, merr); err != nil {
			t.Errorf("%s (%s): %v", r.Code, code, err)
			continue
		}
		var want bytes.Buffer
		if err := json.Compact(&want, r.State); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want.Bytes()) {
			i := 0
			for i < len(got) && i < want.Len() && got[i] == want.Bytes()[i] {
				i++
			}
			from := max(i-200, 0)
			t.Errorf("game recorded as %s replays differently, from byte %d:\n got  …%s\n want …%s",
				r.Code, i, got[from:min(i+200, len(got))], want.Bytes()[from:min(i+200, want.Len())])
		}
	}
}
