package game_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"lantern/internal/game"
)

// TestEventJSON: an event is one JSON object on the wire and in the store,
// its envelope's fields and its data's side by side, as when Event was one
// struct of every field.
func TestEventJSON(t *testing.T) {
	t.Parallel()
	e := game.Event{Seq: 4, Actor: game.Actor{Seat: 2}, At: t0, Group: 3,
		Data: game.TraitsChanged{Seat: 2, Cause: "step", Changes: []game.TraitChange{{Trait: game.Might, From: game.TraitState{Position: 3}, To: game.TraitState{Position: 4}}}}}
	raw, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var flat map[string]any
	if err := json.Unmarshal(raw, &flat); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"seq", "type", "actor", "at", "group", "seat", "cause", "changes"} {
		if _, ok := flat[key]; !ok {
			t.Errorf("%s has no %q", raw, key)
		}
	}
	if flat["type"] != game.EvTraitsChanged {
		t.Errorf("%s: type %v", raw, flat["type"])
	}
	var back game.Event
	if err := json.Unmarshal(raw, &back); err != nil || !reflect.DeepEqual(back, e) {
		t.Errorf("%s reads back as %+v (%v)", raw, back, err)
	}

	cases := []struct {
		raw  string
		want game.EventData
		err  string
	}{
		{raw: `{"seq":1,"type":"phase_set","actor":{"host":true},"at":"2025-03-01T20:00:00Z","phase":"haunt"}`, want: game.PhaseSet{Phase: game.PhaseHaunt}},
		// Another event's field: ignored, as it always was.
		{raw: `{"seq":1,"type":"phase_set","actor":{},"at":"2025-03-01T20:00:00Z","phase":"haunt","card":"axe"}`, want: game.PhaseSet{Phase: game.PhaseHaunt}},
		{raw: `{"seq":1,"type":"phase_set","actor":{},"at":"2025-03-01T20:00:00Z","card":7}`, err: "cannot unmarshal"},
		{raw: `{"seq":1,"type":"phase_set","actor":{},"at":"2025-03-01T20:00:00Z","colour":"red"}`, err: "unknown field"},
		{raw: `{"seq":1,"type":"teleport","actor":{},"at":"2025-03-01T20:00:00Z"}`, want: game.UnknownEvent("teleport")},
	}
	for _, c := range cases {
		var got game.Event
		err := json.Unmarshal([]byte(c.raw), &got)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want %s", c.raw, err, c.err)
		case c.err == "" && (err != nil || got.Data != c.want):
			t.Errorf("%s: %+v (%v), want %+v", c.raw, got.Data, err, c.want)
		}
	}
}

// TestEveryEventRoundTrips: every type of event the engine folds writes
// its type name and reads back to itself, each of its fields kept.
func TestEveryEventRoundTrips(t *testing.T) {
	t.Parallel()
	s := scriptedGame(t)
	seen := map[string]bool{}
	for _, e := range s.Events {
		seen[e.Type()] = true
	}
	if len(seen) < 5 {
		t.Fatalf("the scripted game has %d types of event", len(seen))
	}
	for _, typ := range game.EventTypes() {
		v := reflect.New(typ).Elem()
		for i := range v.NumField() {
			fill(v.Field(i))
		}
		e := game.Event{Seq: 9, Actor: game.Actor{Host: true}, At: t0.Add(time.Minute), Data: v.Interface().(game.EventData)}
		raw, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		var back game.Event
		if err := json.Unmarshal(raw, &back); err != nil || !reflect.DeepEqual(back, e) {
			t.Errorf("%s: %s reads back as %+v (%v)", e.Type(), raw, back, err)
		}
	}
}
