package game_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"lantern/internal/game"
)

// playsFile holds golden plays: games recorded as the actions asked (in
// the JSON API's wire format) with what Decide answered to each, accepted
// or refused, and the dice it drew. TestGoldenPlays asks them again of this
// build: the same actions, decoded from the same bytes, must give the same
// events and the same refusals, so a change to how actions are typed,
// decoded or decided that changes behaviour, or the wire format, fails
// here. One play a line, gzipped: the tests' plays are about 9 MB of JSON.
const playsFile = "testdata/plays.jsonl.gz"

// goldenPlay is one recorded game: the events that set it up (replayed, not
// decided), then every action asked in order.
type goldenPlay struct {
	Name  string       `json:"name"` // the test and the state's number in it
	Code  string       `json:"code"`
	Setup []game.Event `json:"setup"`
	Steps []goldenStep `json:"steps"`
}

// goldenStep is one action asked and Decide's answer: its events, or the
// refusal's message key and arguments.
type goldenStep struct {
	Actor   game.Actor      `json:"actor"`
	Action  json.RawMessage `json:"action,omitempty"`
	Dice    []int           `json:"dice,omitempty"` // what the engine drew, in order
	Events  []game.Event    `json:"events,omitempty"`
	Refused *game.Refusal   `json:"refused,omitempty"`
	// Applied is an event the test applied itself (force), not decided.
	Applied *game.Event `json:"applied,omitempty"`
}

// TestRecordPlays records random walks as golden plays; with
// LANTERN_RECORD_PLAYS=1 every other test's plays are recorded too (their
// do and refusal helpers record through decideRecorded):
//
//	LANTERN_RECORD_PLAYS=1 go test ./internal/game
//
// Record them again only when a change is meant to change what actions
// do, and say so in its commit.
func TestRecordPlays(t *testing.T) {
	t.Parallel()
	if !recordingPlays {
		t.Skip("set LANTERN_RECORD_PLAYS=1 to record the golden plays")
	}
	for i, start := range walkStarts {
		for seed := uint64(1); seed <= 3; seed++ {
			s := start.make(t)
			s.SetRandom(newPCG(seed + 100*uint64(i)))
			r := rand.New(rand.NewPCG(seed, 7))
			for step := 0; step < 250 && s.Ended == nil; step++ {
				randomStep(t, s, r)
			}
		}
	}
}

// TestMain writes the recorded plays when recording, after every test.
func TestMain(m *testing.M) {
	code := m.Run()
	if recordingPlays && code == 0 {
		if err := writePlays(); err != nil {
			fmt.Fprintln(os.Stderr, "golden plays:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// writePlays writes every recorded play, in the order of their names.
func writePlays() error {
	playsMu.Lock()
	defer playsMu.Unlock()
	var plays []goldenPlay
	for _, rec := range playsOf {
		if len(rec.play.Steps) > 0 {
			plays = append(plays, rec.play)
		}
	}
	slices.SortFunc(plays, func(a, b goldenPlay) int { return strings.Compare(a.Name, b.Name) })
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	enc := json.NewEncoder(zw)
	for _, p := range plays {
		if err := enc.Encode(p); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(playsFile, out.Bytes(), 0o644)
}

// readPlays reads the recorded plays.
func readPlays(t *testing.T) []goldenPlay {
	t.Helper()
	f, err := os.Open(playsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var plays []goldenPlay
	dec := json.NewDecoder(zr)
	for dec.More() {
		var p goldenPlay
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("%s: %v", playsFile, err)
		}
		plays = append(plays, p)
	}
	return plays
}

// TestGoldenPlays asks every recorded action again, decoded from its
// recorded bytes, and wants the recorded answer.
func TestGoldenPlays(t *testing.T) {
	t.Parallel()
	if recordingPlays {
		t.Skip("recording the golden plays")
	}
	plays := readPlays(t)
	if len(plays) < 1000 {
		t.Fatalf("%d golden plays in %s", len(plays), playsFile)
	}
	types := map[string]int{}
	for _, p := range plays {
		s, err := game.Replay(p.Code, p.Setup)
		if err != nil {
			t.Fatalf("%s: setup: %v", p.Name, err)
		}
		name := p.Name
		for i, st := range p.Steps {
			if st.Applied != nil {
				if err := s.Apply(*st.Applied); err != nil {
					t.Fatalf("%s step %d: apply: %v", name, i, err)
				}
				continue
			}
			s.SetRandom(&recordedRandom{drawn: st.Dice})
			a, err := game.DecodeAction(st.Action)
			if err != nil {
				// Only an action of no type or an unknown one may no longer
				// decode, and only if it was refused: it is refused now
				// before the game is looked at (err_unknown_action where a
				// game over said err_game_over first).
				if r := game.RefusalOf(err); st.Refused == nil || r.Key != "err_unknown_action" && r.Key != "err_no_type" {
					t.Fatalf("%s step %d: %s no longer decodes: %v", name, i, st.Action, err)
				}
				continue
			}
			evs, err := s.Decide(st.Actor, a, t0)
			got, _ := json.Marshal(game.RefusalOf(err))
			want, _ := json.Marshal(st.Refused)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s step %d: %s by %+v: refused %s, recorded %s", name, i, st.Action, st.Actor, got, want)
			}
			if err != nil {
				continue
			}
			types[actionType(st.Action)]++
			gotJSON, _ := json.Marshal(evs)
			wantJSON, _ := json.Marshal(st.Events)
			if !bytes.Equal(gotJSON, wantJSON) {
				t.Fatalf("%s step %d: %s by %+v:\n got %s\nwant %s", name, i, st.Action, st.Actor, gotJSON, wantJSON)
			}
			for _, e := range evs {
				if err := s.Apply(e); err != nil {
					t.Fatalf("%s step %d: apply: %v", name, i, err)
				}
			}
		}
	}
	t.Logf("%d plays; accepted actions by type: %v", len(plays), types)
}

// actionType is a recorded action's type.
func actionType(raw json.RawMessage) string {
	var a struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(raw, &a)
	return a.Type
}

// Recording every test's plays: with LANTERN_RECORD=1, the tests' do and
// refusal helpers record each state's actions (decideRecorded), and each
// play is written when every test has run (TestMain). What a test changed
// by applying events itself (force) is recorded as events applied.
var (
	recordingPlays = os.Getenv("LANTERN_RECORD_PLAYS") != ""
	playsMu        sync.Mutex
	playsOf        = map[*game.State]*playRecorder{}
	playsNamed     = map[string]int{}
)

type playRecorder struct {
	play    goldenPlay
	version int // the state's version after the last recorded step
}

// decideRecorded is s.Decide with the clock every test uses, recorded when
// recording.
func decideRecorded(t testing.TB, s *game.State, actor game.Actor, a game.Action) ([]game.Event, error) {
	if !recordingPlays || a == nil {
		return s.Decide(actor, a, t0) // no action has no wire bytes to record
	}
	rec := recorderOf(t, s)
	for _, e := range s.Events {
		if e.Seq > rec.version {
			rec.play.Steps = append(rec.play.Steps, goldenStep{Applied: &e})
		}
	}
	dice := &recordingRandom{inner: s.Random()}
	if dice.inner == nil {
		dice.inner = game.CryptoRandom{}
	}
	s.SetRandom(dice)
	evs, err := s.Decide(actor, a, t0)
	s.SetRandom(dice.inner)
	raw, merr := game.EncodeAction(a)
	if merr != nil {
		t.Fatal(merr)
	}
	if again, derr := game.DecodeAction(raw); derr != nil || !reflect.DeepEqual(again, a) {
		// The wire can't carry it exactly (a name that isn't UTF-8, an
		// empty list that reads back as none): what it did is recorded as
		// events applied.
		for i := range evs {
			rec.play.Steps = append(rec.play.Steps, goldenStep{Applied: &evs[i]})
		}
		if len(evs) > 0 {
			rec.version = evs[len(evs)-1].Seq
		}
		return evs, err
	}
	st := goldenStep{Actor: actor, Action: raw, Events: evs, Dice: dice.drawn}
	if err != nil {
		st.Refused = game.RefusalOf(err)
	}
	rec.play.Steps = append(rec.play.Steps, st)
	rec.version = s.Version
	if len(evs) > 0 {
		rec.version = evs[len(evs)-1].Seq
	}
	return evs, err
}

// recorderOf is the state's recorder, made at its first recorded step with
// what the state already holds as its setup.
func recorderOf(t testing.TB, s *game.State) *playRecorder {
	playsMu.Lock()
	defer playsMu.Unlock()
	if rec, ok := playsOf[s]; ok {
		return rec
	}
	name := strings.NewReplacer("/", "-", " ", "_").Replace(t.Name())
	playsNamed[name]++
	rec := &playRecorder{version: s.Version, play: goldenPlay{
		Name: fmt.Sprintf("%s-%d", name, playsNamed[name]), Code: s.Code, Setup: slices.Clone(s.Events)}}
	playsOf[s] = rec
	return rec
}

// recordingRandom records the dice the engine drew for one step.
type recordingRandom struct {
	inner game.Random
	drawn []int
}

func (r *recordingRandom) Intn(n int) int {
	v := r.inner.Intn(n)
	r.drawn = append(r.drawn, v)
	return v
}

// recordedRandom gives back a step's recorded dice.
type recordedRandom struct {
	drawn []int
	n     int
}

func (r *recordedRandom) Intn(int) int {
	if r.n >= len(r.drawn) {
		r.n++
		return 0
	}
	r.n++
	return r.drawn[r.n-1]
}
