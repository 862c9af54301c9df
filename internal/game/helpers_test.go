package game_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// t0 is the fixed clock every test decides with.
var t0 = time.Date(2025, time.March, 1, 20, 0, 0, 0, time.UTC)

var hostActor = game.Actor{Host: true}

func seatActor(id int) game.Actor { return game.Actor{Seat: id} }

func intp(n int) *int { return &n }

// Explorers used by the helpers, one from each of six different cards.
var sixExplorers = []string{
	"ox-bellows",           // speed 5, might 3, sanity 3, knowledge 3
	"missy-dubourde",       // speed 3, might 4, sanity 3, knowledge 4
	"peter-akimoto",        // speed 4, might 3, sanity 4, knowledge 3
	"madame-zostra",        // speed 3, might 4, sanity 3, knowledge 4
	"professor-longfellow", // speed 4, might 3, sanity 3, knowledge 5
	"heather-granville",    // speed 3, might 3, sanity 3, knowledge 5
}

// start is the printed starting position of an explorer's trait.
func start(t testing.TB, explorer, trait string) int {
	t.Helper()
	ex := catalog.ExplorerByID(explorer)
	if ex == nil {
		t.Fatalf("unknown explorer %q", explorer)
	}
	return ex.Traits[trait].Start
}

// do decides and applies an action that must be accepted.
func do(t testing.TB, s *game.State, actor game.Actor, a game.Action) []game.Event {
	t.Helper()
	evs, err := decideRecorded(t, s, actor, a)
	if err != nil {
		t.Fatalf("%+v by %+v refused: %v", a, actor, err)
	}
	for _, e := range evs {
		if err := s.Apply(e); err != nil {
			t.Fatalf("apply %+v: %v", e, err)
		}
	}
	return evs
}

// refusal decides an action that must be refused and returns the refusal.
// Decide must leave the state untouched.
func refusal(t testing.TB, s *game.State, actor game.Actor, a game.Action) *game.Error {
	t.Helper()
	before := snapshot(s)
	evs, err := decideRecorded(t, s, actor, a)
	if err == nil {
		t.Fatalf("%+v by %+v accepted (%+v), want a refusal", a, actor, evs)
	}
	if evs != nil {
		t.Errorf("refusal came with events %+v", evs)
	}
	var ge *game.Error
	if !errors.As(err, &ge) {
		t.Fatalf("refusal %v (%T) is not a *game.Error", err, err)
	}
	if after := snapshot(s); !reflect.DeepEqual(before, after) {
		t.Errorf("Decide changed the state:\nbefore %+v\nafter  %+v", before, after)
	}
	return ge
}

// wantRefusal checks a refusal's key and kind.
func wantRefusal(t testing.TB, s *game.State, actor game.Actor, a game.Action, key string, kind game.ErrorKind) *game.Error {
	t.Helper()
	ge := refusal(t, s, actor, a)
	if ge.Key != key || ge.Kind != kind {
		t.Errorf("%+v by %+v: refused with %s (kind %d), want %s (kind %d)", a, actor, ge.Key, ge.Kind, key, kind)
	}
	return ge
}

// lobby is a game with one seat per explorer, not started. Seat ids are 1..n.
func lobby(t testing.TB, explorers ...string) *game.State {
	t.Helper()
	s := game.New("TEST1")
	for i, ex := range explorers {
		do(t, s, game.Actor{}, game.Join{Name: fmt.Sprintf("P%d", i+1), Explorer: ex})
	}
	return s
}

// started is a started game with one seat per explorer, seat 1 to play.
func started(t testing.TB, explorers ...string) *game.State {
	t.Helper()
	s := lobby(t, explorers...)
	do(t, s, hostActor, game.StartGame{FirstSeat: 1})
	return s
}

// haunted is a started game already in the haunt.
func haunted(t testing.TB, explorers ...string) *game.State {
	t.Helper()
	s := started(t, explorers...)
	do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
	return s
}

// force puts a seat's clips where a test needs them by applying a trusted
// event directly (Apply never re-checks rules).
func force(t testing.TB, s *game.State, seatID int, traits map[string]game.TraitState) {
	t.Helper()
	seat := s.SeatByID(seatID)
	if seat == nil {
		t.Fatalf("no seat %d", seatID)
	}
	var changes []game.TraitChange
	for _, tr := range game.Traits {
		if to, ok := traits[tr]; ok {
			changes = append(changes, game.TraitChange{Trait: tr, From: seat.Traits[tr], To: to})
		}
	}
	e := game.Event{Seq: s.Version + 1, Actor: hostActor, At: t0, Data: game.TraitsChanged{Seat: seatID, Cause: "set", Changes: changes}}
	if err := s.Apply(e); err != nil {
		t.Fatalf("force: %v", err)
	}
}

// stateView is everything observable about a state, for comparisons.
type stateView struct {
	Code      string
	Version   int
	Started   bool
	Phase     string
	FirstSeat int
	Turn      int
	Seats     []game.Seat
	Events    []game.Event
	Undone    []int
}

func snapshot(s *game.State) stateView {
	v := stateView{Code: s.Code, Version: s.Version, Started: s.Started, Phase: s.Phase, FirstSeat: s.FirstSeat, Turn: s.Turn}
	for _, seat := range s.Seats {
		c := seat
		c.Traits = make(map[string]game.TraitState, len(seat.Traits))
		for k, tr := range seat.Traits {
			c.Traits[k] = tr
		}
		v.Seats = append(v.Seats, c)
	}
	v.Events = append(v.Events, s.Events...)
	for _, e := range s.Events {
		if s.IsUndone(e.Seq) {
			v.Undone = append(v.Undone, e.Seq)
		}
	}
	return v
}

// sameState fails the test when two states differ in anything observable.
func sameState(t testing.TB, got, want *game.State) {
	t.Helper()
	g, w := snapshot(got), snapshot(want)
	if !reflect.DeepEqual(g, w) {
		t.Errorf("states differ:\ngot  %+v\nwant %+v", g, w)
	}
}

func traitsOf(s *game.State, seatID int) map[string]game.TraitState {
	return s.SeatByID(seatID).Traits
}
