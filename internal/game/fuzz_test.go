package game_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"lantern/internal/game"
	"lantern/internal/i18n"
)

// fuzzActors are who may send a fuzzed action: the host, each of the three
// seats, and a stranger.
var fuzzActors = []game.Actor{hostActor, seatActor(1), seatActor(2), seatActor(3), seatActor(42)}

// FuzzDecideAction feeds arbitrary JSON actions to a started 3-seat game.
// Each input is up to 8 newline-separated actions; the n-th is sent by
// fuzzActors[actors>>(3n) % 5], so sequences reach deeper states (haunt,
// deaths, undo chains). For every action: no panic; a refusal is a
// *game.Error with a known message key and leaves the state untouched; an
// accepted action's events apply cleanly and keep every clip on its track.
// At the end the log replays to the live state.
func FuzzDecideAction(f *testing.F) {
	seeds := []string{
		`{"type":"step_trait","trait":"might","delta":1}`,
		`{"type":"step_trait","trait":"speed","delta":-16}`,
		`{"type":"step_trait","seat":2,"trait":"sanity","delta":5,"version":4}`,
		`{"type":"set_trait","seat":1,"trait":"knowledge","position":0}`,
		`{"type":"set_trait","trait":"knowledge","position":8}`,
		`{"type":"set_trait","trait":"knowledge","position":9}`,
		`{"type":"take_damage","seat":3,"kind":"physical","split":{"might":2,"speed":1}}`,
		`{"type":"take_damage","kind":"mental","split":{"sanity":16}}`,
		`{"type":"take_damage","kind":"mental","split":{"might":1}}`,
		`{"type":"take_damage","kind":"physical","split":{"might":-3,"speed":4}}`,
		`{"type":"restore_trait","trait":"might"}`,
		`{"type":"set_phase","phase":"haunt"}`,
		`{"type":"set_phase","phase":"exploration","version":1}`,
		`{"type":"end_turn"}`,
		`{"type":"undo"}`,
		`{"type":"undo","version":0}`,
		`{"type":"join","name":"Eve","explorer":"zoe-ingstrom"}`,
		`{"type":"reorder_seats","order":[3,2,1]}`,
		`{"type":"start_game","first_seat":2}`,
		`{"type":"fly"}`,
		`{}`,
		`null`,
		`[]`,
		`{"type":"step_trait","bogus":1}`,
		`{"type":"step_trait"} {"type":"undo"}`,
		`{"type":"step_trait","delta":99999999999999999999}`,
		`{"type":"step_trait","trait":"might","delta":-9223372036854775808}`,
		`{"type":"set_trait","trait":"might","position":-9223372036854775808}`,
		`{"type":"take_damage","kind":"physical","split":{"might":9223372036854775807,"speed":9223372036854775807}}`,
		`{"type":"step_trait","seat":-1,"trait":"might","delta":1}`,
		`{"type":"step_trait","seat":9223372036854775807,"trait":"might","delta":1}`,
		`{"type":"join","name":"\u0000\ud800","explorer":"ox-bellows"}`,
		"\xff\xfe",
		`{"type":"set_phase","phase":"haunt"}` + "\n" + `{"type":"take_damage","seat":2,"kind":"physical","split":{"might":9}}` + "\n" + `{"type":"end_turn"}` + "\n" + `{"type":"undo"}` + "\n" + `{"type":"undo"}` + "\n" + `{"type":"set_phase","phase":"exploration"}`,
		`{"type":"step_trait","trait":"speed","delta":16}` + "\n" + `{"type":"step_trait","trait":"speed","delta":-3}` + "\n" + `{"type":"undo"}`,
	}
	for i, s := range seeds {
		f.Add([]byte(s), uint64(0))            // all as host
		f.Add([]byte(s), uint64(1+i%4))        // first as a seat or stranger
		f.Add([]byte(s), uint64(0x1249249249)) // alternating seat 1 and host
	}
	f.Fuzz(func(t *testing.T, data []byte, actors uint64) {
		s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
		lines := bytes.Split(data, []byte("\n"))
		if len(lines) > 8 {
			lines = lines[:8]
		}
		for i, line := range lines {
			actor := fuzzActors[int((actors>>(3*i))&7)%len(fuzzActors)]
			a, err := game.DecodeAction(line)
			if err != nil {
				checkRefusal(t, err)
				continue
			}
			before := snapshot(s)
			evs, err := s.Decide(actor, a, t0)
			if err != nil {
				checkRefusal(t, err)
				if after := snapshot(s); !reflect.DeepEqual(before, after) {
					t.Fatalf("refused %+v changed the state", a)
				}
				if s.Version != before.Version {
					t.Fatalf("refusal moved the version %d -> %d", before.Version, s.Version)
				}
				continue
			}
			if len(evs) == 0 {
				t.Fatalf("accepted %+v with no events", a)
			}
			for _, e := range evs {
				if err := s.Apply(e); err != nil {
					t.Fatalf("apply %+v from %+v: %v", e, a, err)
				}
			}
			if s.Version != before.Version+len(evs) {
				t.Fatalf("version %d after %d events from %d", s.Version, len(evs), before.Version)
			}
			checkBoards(t, s)
		}
		replayed, err := game.Replay(s.Code, s.Events)
		if err != nil {
			t.Fatalf("replay: %v", err)
		}
		if !reflect.DeepEqual(snapshot(replayed), snapshot(s)) {
			t.Fatalf("replay differs from live state")
		}
	})
}

func checkRefusal(t *testing.T, err error) {
	t.Helper()
	var ge *game.Error
	if !errors.As(err, &ge) {
		t.Fatalf("refusal %v (%T) is not a *game.Error", err, err)
	}
	if !i18n.Has(ge.Key) {
		t.Fatalf("refusal key %q has no message", ge.Key)
	}
}

func checkBoards(t *testing.T, s *game.State) {
	t.Helper()
	if len(s.Seats) > game.MaxSeats {
		t.Fatalf("%d seats", len(s.Seats))
	}
	if s.Phase != game.PhaseExploration && s.Phase != game.PhaseHaunt {
		t.Fatalf("phase %q", s.Phase)
	}
	if s.SeatByID(s.Turn) == nil {
		t.Fatalf("turn belongs to missing seat %d", s.Turn)
	}
	for _, seat := range s.Seats {
		for _, tr := range game.Traits {
			ts := seat.Traits[tr]
			if ts.Position < 0 || ts.Position > game.TopPosition || ts.Overflow < 0 {
				t.Fatalf("seat %d %s off the track: %+v", seat.ID, tr, ts)
			}
			if ts.Overflow > 0 && ts.Position != game.TopPosition {
				t.Fatalf("seat %d %s has overflow below the top: %+v", seat.ID, tr, ts)
			}
			if ts.Position == 0 && s.Phase != game.PhaseHaunt {
				t.Fatalf("seat %d %s on the skull before the haunt", seat.ID, tr)
			}
		}
	}
}
