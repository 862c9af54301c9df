package web

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"lantern/internal/game"
)

// TestAppendPublicState: the hand-written encoder writes what json.Marshal
// writes, byte for byte, for public states with every field filled at
// random (nil, empty and full lists and maps, strings JSON must escape),
// for the empty state, and for a real game's.
func TestAppendPublicState(t *testing.T) {
	check := func(p PublicState) {
		t.Helper()
		got, err := appendPublicState(nil, &p)
		sameAsMarshal(t, p, got, err)
	}
	check(PublicState{})
	check(PublicState{Log: []game.Event{}})
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		var p PublicState
		fillRandom(rng, reflect.ValueOf(&p).Elem())
		p.Log = []game.Event{{Seq: 3, Type: "traits_changed", Seat: 1}}
		check(p)
	}
	s, phones := benchGame(t, true)
	s.tables.Read(phones[0].access.Code, func(st *game.State) { check(publicState(st)) })
	// TraitsJSON has every trait of the engine.
	var ts TraitsJSON
	for _, tr := range game.Traits {
		if ts.Of(tr) == nil {
			t.Errorf("TraitsJSON has no %s", tr)
		}
	}
}

// TestAppendEvent: the log's events are what encoding/json writes, for
// random events with and without the fields it hands to encoding/json,
// at times in any zone and precision; a time encoding/json refuses is
// refused too.
func TestAppendEvent(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	zones := []*time.Location{time.UTC, time.FixedZone("", 8*3600), time.FixedZone("X", -(3*3600 + 30*60))}
	var log []game.Event
	for i := range 2000 {
		var e game.Event
		fillRandom(rng, reflect.ValueOf(&e).Elem())
		if i%4 > 0 { // the events written by hand
			e.Roll, e.Haunt, e.Secret, e.Pending, e.Attack, e.Monsters, e.Track = nil, nil, nil, nil, nil, nil, nil
		}
		if i%5 > 0 {
			e.At = time.Unix(rng.Int64N(4e9), rng.Int64N(1e9)*int64(rng.IntN(2))).In(zones[rng.IntN(len(zones))])
		}
		got, err := appendEvent(nil, &e)
		sameAsMarshal(t, e, got, err)
		log = append(log, e)
	}
	got, err := appendEvents(nil, log)
	sameAsMarshal(t, log, got, err)
	got, err = appendEvents(nil, nil)
	sameAsMarshal(t, []game.Event(nil), got, err)
	late := game.Event{At: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}
	if _, err := json.Marshal(late); err == nil {
		t.Fatal("encoding/json writes the year 10000")
	}
	if _, err := appendEvent(nil, &late); err == nil {
		t.Error("appendEvent writes the year 10000")
	}
}

// Without a hidden-traitor token, "me" is what encoding/json writes
// (with one, its secret slot: TestAppendMeSlot).
func TestAppendMe(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 500 {
		var me MeJSON
		fillRandom(rng, reflect.ValueOf(&me).Elem())
		me.Token = 0
		sameAsMarshal(t, me, appendMe(nil, &me), nil)
	}
}

var awkward = []string{"", "attic", `<b>"Ox" & 'Missy'</b>`, "tab\tnew\nline\r\b\f\x00\x1f\\", "中文 · 骰子 🎲",
	"line\u2028para\u2029end", "bad \xff\xfe utf-8 \xe4\xb8", "\u00e9\u0301\x7f"}

// awkwardFloats are numbers encoding/json writes in each of its forms.
var awkwardFloats = []float64{0, 1, 0.5, -0.25, 1.0 / 3, 0.000001, 9.99e-7, 1e-9, 5e-324, 123456.789, 1e20, 1e21, 1.5e300, -2e-10}

// awkwardArgs are a refusal's arguments: what the engine gives, and
// others.
var awkwardArgs = []any{nil, "attic", `<b>"Ox" & 'Missy'</b>`, "中文 ", 0, 7, -3, true, 2.5, []string{"a<b"}, map[string]int{"z": 1, "a": 2}}

// fillRandom fills v, and everything it holds, with random values.
func fillRandom(rng *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(awkward[rng.IntN(len(awkward))])
	case reflect.Int:
		v.SetInt([]int64{0, 0, 1, 7, -3, 123456}[rng.IntN(6)])
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 1)
	case reflect.Float64:
		v.SetFloat(awkwardFloats[rng.IntN(len(awkwardFloats))])
	case reflect.Interface: // a refusal's arguments
		if a := awkwardArgs[rng.IntN(len(awkwardArgs))]; a != nil {
			v.Set(reflect.ValueOf(a))
		}
	case reflect.Pointer:
		if rng.IntN(3) > 0 {
			v.Set(reflect.New(v.Type().Elem()))
			fillRandom(rng, v.Elem())
		}
	case reflect.Slice:
		if n := rng.IntN(5) - 1; n >= 0 {
			v.Set(reflect.MakeSlice(v.Type(), n, n))
			for i := range n {
				fillRandom(rng, v.Index(i))
			}
		}
	case reflect.Map:
		if n := rng.IntN(5) - 1; n >= 0 {
			v.Set(reflect.MakeMap(v.Type()))
			for range n {
				k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
				fillRandom(rng, k)
				fillRandom(rng, e)
				v.SetMapIndex(k, e)
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillRandom(rng, v.Field(i))
			}
		}
	default:
		panic("fillRandom: no filler for " + v.Type().String())
	}
}

// BenchmarkPublicJSON is the public state of a started six-seat game
// encoded once, as each version's JSON view does: by hand and, for
// comparison, by encoding/json.
func BenchmarkPublicJSON(b *testing.B) {
	s, phones := benchGame(b, true)
	var p PublicState
	s.tables.Read(phones[0].access.Code, func(st *game.State) { p = publicCore(st) })
	b.Run("hand", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf, _ = appendPublicState(buf[:0], &p)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			json.Marshal(p)
		}
	})
}

// sameAsMarshal fails the test unless got (and no error) is what
// json.Marshal writes for v, showing where they part.
func sameAsMarshal(t *testing.T, v any, got []byte, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		at := 0
		for at < min(len(got), len(want)) && got[at] == want[at] {
			at++
		}
		t.Fatalf("differs from json.Marshal at byte %d:\n got %s\nwant %s", at, got[max(0, at-80):min(len(got), at+80)], want[max(0, at-80):min(len(want), at+80)])
	}
}
