package table_test

import (
	"fmt"
	"strings"
	"testing"
)

// Issue 24, defect 3: a stored event that decodes but says something the
// rules can't have produced sets its game aside at replay (503, one WARN
// line, actions refused) instead of panicking on every read; the other
// games start. Each body is stored as JSON, as a hand edit would leave it.
func TestImpossibleEventSetsGameAside(t *testing.T) {
	// Not parallel: swaps the default logger (captureLog).
	const hauntAt = `"type":"haunt_revealed","seat":1,"actor":{"seat":1},"at":"2025-03-01T20:00:00Z",`
	for name, body := range map[string]string{
		"trait position 99": `{"seq":SEQ,"type":"traits_changed","seat":1,"at":"2025-03-01T20:00:00Z","cause":"set",
			"changes":[{"trait":"might","from":{"position":3},"to":{"position":99}}]}`,
		"trait position 2^62": `{"seq":SEQ,"type":"traits_changed","seat":1,"at":"2025-03-01T20:00:00Z","cause":"set",
			"changes":[{"trait":"might","from":{"position":3},"to":{"position":4611686018427387904}}]}`,
		"trait position -5": `{"seq":SEQ,"type":"traits_changed","seat":1,"at":"2025-03-01T20:00:00Z","cause":"set",
			"changes":[{"trait":"might","from":{"position":3},"to":{"position":-5}}]}`,
		"overflow -1": `{"seq":SEQ,"type":"traits_changed","seat":1,"at":"2025-03-01T20:00:00Z","cause":"set",
			"changes":[{"trait":"might","from":{"position":3},"to":{"position":8,"overflow":-1}}]}`,
		"unknown trait": `{"seq":SEQ,"type":"traits_changed","seat":1,"at":"2025-03-01T20:00:00Z","cause":"set",
			"changes":[{"trait":"luck","from":{"position":3},"to":{"position":4}}]}`,
		"changes null": `{"seq":SEQ,"type":"traits_changed","seat":1,"at":"2025-03-01T20:00:00Z","cause":"set","changes":null}`,
		"haunt 999": `{"seq":SEQ,` + hauntAt + `"haunt":{"number":999,"omen":"girl","room":"catacombs","revealer":1,"omen_count":1,
			"decision":{"rule":{"kind":"highest","trait":"might"}}}}`,
		"haunt null":  `{"seq":SEQ,` + hauntAt + `"haunt":null}`,
		"roll null":   `{"seq":SEQ,"type":"rolled","seat":1,"at":"2025-03-01T20:00:00Z","roll":null}`,
		"track null":  `{"seq":SEQ,"type":"track_set","at":"2025-03-01T20:00:00Z","track":null}`,
		"attack null": `{"seq":SEQ,"type":"attacked","at":"2025-03-01T20:00:00Z","attack":null}`,
		"three seats hold token 1": `{"seq":SEQ,` + hauntAt + `"haunt":{"number":34,"omen":"girl","room":"catacombs","revealer":1,"omen_count":1,
			"decision":{"rule":{"kind":"hidden"}}},"secret":{"tokens":{"1":1,"2":1,"3":1}}}`,
		"token 7 of 3": `{"seq":SEQ,` + hauntAt + `"haunt":{"number":34,"omen":"girl","room":"catacombs","revealer":1,"omen_count":1,
			"decision":{"rule":{"kind":"hidden"}}},"secret":{"tokens":{"1":1,"2":2,"3":7}}}`,
		"unknown card": `{"seq":SEQ,"type":"card_drawn","seat":1,"at":"2025-03-01T20:00:00Z","card":"the-one-ring","keep":true}`,
		"unknown room": `{"seq":SEQ,"type":"room_discovered","seat":1,"at":"2025-03-01T20:00:00Z","room":"narnia","floor":"ground"}`,
		"monster kind with an override": `{"seq":SEQ,"type":"monsters_added","at":"2025-03-01T20:00:00Z",
			"monsters":[{"id":"bat-1","kind":"Bat\u202e","name":"Bat 1","traits":{"might":2}}]}`,
		"monster might 99": `{"seq":SEQ,"type":"monsters_added","at":"2025-03-01T20:00:00Z",
			"monsters":[{"id":"bat-1","kind":"Bat","name":"Bat 1","traits":{"might":99}}]}`,
	} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t)
			broken, _ := e.game(3, true)
			fine, seats := e.game(2, true)
			seq := e.state(broken.Code).Version + 1
			e.st.Close()
			execDB(t, e.path, `INSERT INTO events (game_code, seq, type, body) VALUES (?, ?, 'x', replace(?, 'SEQ', ?))`,
				broken.Code, seq, body, seq)
			// An event after it that changes nothing: the line still names
			// the one that broke the game.
			execDB(t, e.path, `INSERT INTO events (game_code, seq, type, body) VALUES (?, ?, 'seat_moved', ?)`,
				broken.Code, seq+1, fmt.Sprintf(`{"seq":%d,"type":"seat_moved","seat":1,"actor":{"host":true},"at":"2025-03-01T20:00:00Z"}`, seq+1))
			logs := captureLog(t)
			e.open() // never panics, never fails: the test fails otherwise
			wantSetAside(t, e, broken, "err_broken_game", logs, fine, seats[0].token)
			if !strings.Contains(logs.String(), fmt.Sprintf("event=%d ", seq)) {
				t.Errorf("the WARN line does not name event %d: %s", seq, logs)
			}
		})
	}
}
