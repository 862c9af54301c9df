package web

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"lantern/internal/game"
)

// TestAppendOptions holds appendOptions to json.Marshal: the zero value,
// random options with every field (and every field of what they hold)
// filled, and each seat's options in a started game. A field added to
// game.Options, or to a type it holds, and not to appendOptions makes the
// random values differ.
func TestAppendOptions(t *testing.T) {
	check := func(o game.Options) {
		t.Helper()
		got, err := appendOptions(nil, &o)
		sameAsMarshal(t, o, got, err)
	}
	check(game.Options{})
	check(game.Options{Roll: &game.RollOptions{}, HauntRoll: &game.HauntRollOption{}, Attack: &game.AttackOptions{},
		Defend: &game.DefendOption{}, Damage: &game.DamageOption{}, Monsters: &game.MonsterOptions{},
		Explore: &game.ExploreOptions{Owed: &game.Discovery{}}, ApplyRoll: &game.ApplyRoll{},
		Cards: []game.CardOption{{Why: &game.Refusal{}, Refused: map[string]game.Refusal{}}}})
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		var o game.Options
		fillRandom(rng, reflect.ValueOf(&o).Elem())
		check(o)
	}
	s, phones := benchGame(t, true)
	s.tables.Read(phones[0].access.Code, func(st *game.State) {
		for _, p := range phones {
			o := st.Options(p.access.Actor())
			check(o)
			// The stream's pieces after the public view: the same bytes.
			me := meState(st, p.access)
			msg, _, err := appendSeatPieces(nil, nil, me, o, nil)
			if err != nil {
				t.Fatal(err)
			}
			meJSON := appendMe(nil, &me)
			optionsJSON, _ := json.Marshal(o)
			want := `,"me":` + string(meJSON) + `,"options":` + string(optionsJSON) + "}\n\n"
			// One piece, sent again as a copy or a diff.
			if len(msg) != 1 || !msg[0].again {
				t.Fatalf("seat %d: %d pieces", o.Seat, len(msg))
			}
			if got := string(msg[0].raw); got != want {
				t.Errorf("seat %d's pieces:\n%s\nwant\n%s", o.Seat, got, want)
			}
			// With a hidden traitor's token, "me" holds a secret slot and is
			// a piece of its own, never copied; the options after the seat
			// number another.
			me.Token = 2
			msg, _, err = appendSeatPieces(nil, nil, me, o, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(msg) != 2 || msg[0].again || !bytes.Contains(msg[0].raw, slotOpenBytes) ||
				!msg[1].again || !bytes.HasPrefix(msg[1].raw, []byte(`"turn":`)) {
				t.Fatalf("seat %d with a token: %d pieces", o.Seat, len(msg))
			}
		}
		check(st.Options(game.Actor{}))
	})
}

func TestAppendOptionsRefusesWhatJSONRefuses(t *testing.T) {
	for _, o := range []game.Options{
		{HauntRoll: &game.HauntRollOption{Chance: math.NaN()}},
		{Cards: []game.CardOption{{Why: &game.Refusal{Args: []any{func() {}}}}}},
	} {
		if _, err := json.Marshal(o); err == nil {
			t.Fatalf("json.Marshal(%+v) took it", o)
		}
		if _, err := appendOptions(nil, &o); err == nil {
			t.Errorf("appendOptions(%+v) took it", o)
		}
	}
}

// BenchmarkOptionsJSON is one seat's options in a started six-seat game
// (the seat whose turn it is) encoded by hand and by encoding/json.
func BenchmarkOptionsJSON(b *testing.B) {
	s, phones := benchGame(b, true)
	var o game.Options
	s.tables.Read(phones[0].access.Code, func(st *game.State) { o = st.Options(phones[0].access.Actor()) })
	b.Run("hand", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf, _ = appendOptions(buf[:0], &o)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			json.Marshal(o)
		}
	})
}
