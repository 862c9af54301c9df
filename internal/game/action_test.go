package game_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"lantern/internal/game"
)

// TestDecodeActionWire: the wire is the one the JSON API documents
// (internal/web/API.md), the same as when Action was one struct of every
// field: a type names its struct; a field no action has is refused; a
// field of another action is checked for its type and ignored.
func TestDecodeActionWire(t *testing.T) {
	t.Parallel()
	three := 3
	cases := []struct {
		raw  string
		want game.Action
		err  string
	}{
		{raw: `{"type":"step_trait","trait":"might","delta":-2,"seat":2}`, want: game.StepTrait{Seat: 2, Trait: game.Might, Delta: -2}},
		{raw: `{"type":"undo","version":3}`, want: game.Undo{Basis: game.Basis{Version: &three}}},
		{raw: `{"type":"attack","target":{"seat":2},"weapon":"axe","total":3}`, want: game.Attack{Target: game.Target{Seat: 2}, Weapon: "axe", Total: &three}},
		{raw: `{"type":"take_damage","kind":"physical","split":{"might":2}}`, want: game.TakeDamage{Kind: "physical", Split: map[string]int{game.Might: 2}}},
		// Another action's field: ignored, as it always was.
		{raw: `{"type":"end_turn","seat":1,"target":{}}`, want: game.EndTurn{}},
		// encoding/json matches names regardless of case, as it did.
		{raw: `{"TYPE":"undo"}`, want: game.Undo{}},
		{raw: `{"type":"end_turn","seat":"one"}`, err: "err_bad_json"},
		{raw: `{"type":"end_turn","sit":1}`, err: "err_bad_json"},
		{raw: `{"type":"step_trait","delta":"1"}`, err: "err_bad_json"},
		{raw: `{"type":"undo"} {"type":"undo"}`, err: "err_bad_json"},
		{raw: `not json`, err: "err_bad_json"},
		{raw: `{}`, err: "err_no_type"},
		{raw: `null`, err: "err_no_type"},
		{raw: `{"type":"roll_dice"}`, err: "err_unknown_action"},
	}
	for _, c := range cases {
		got, err := game.DecodeAction([]byte(c.raw))
		var ge *game.Error
		switch {
		case c.err != "" && (!errors.As(err, &ge) || ge.Key != c.err || ge.Kind != game.Invalid):
			t.Errorf("%s: %v, want %s", c.raw, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.raw, err)
		case c.err == "" && !reflect.DeepEqual(got, c.want):
			t.Errorf("%s: %#v, want %#v", c.raw, got, c.want)
		}
	}
}

// TestEveryActionRoundTrips: every registered action type encodes with its
// type name and decodes back to itself, and its fields are named as the
// wire names them.
func TestEveryActionRoundTrips(t *testing.T) {
	t.Parallel()
	types := game.ActionTypes()
	if len(types) != 37 {
		t.Errorf("%d action types", len(types))
	}
	wire := game.WireFields()
	for name, typ := range types {
		v := reflect.New(typ).Elem()
		for json, f := range game.ActionFields(typ) {
			if wire[json] != f.Type {
				t.Errorf("%s.%s: %v on the wire, %v here", name, json, wire[json], f.Type)
			}
			fill(v.FieldByIndex(f.Index))
		}
		a := v.Interface().(game.Action)
		if a.ActionType() != name {
			t.Errorf("%s is registered as %s", a.ActionType(), name)
		}
		raw, err := game.EncodeAction(a)
		if err != nil {
			t.Fatal(err)
		}
		var head struct{ Type string }
		if err := json.Unmarshal(raw, &head); err != nil || head.Type != name {
			t.Errorf("%s encodes as %s", name, raw)
		}
		back, err := game.DecodeAction(raw)
		if err != nil || !reflect.DeepEqual(back, a) {
			t.Errorf("%s: %s decodes to %#v (%v)", name, raw, back, err)
		}
	}
}

// fill sets a field to a value that isn't its zero, so a field lost on the
// way shows.
func fill(v reflect.Value) { fillDepth(v, 4) }

// fillDepth is fill down to depth levels (some types hold their own kind).
func fillDepth(v reflect.Value, depth int) {
	if depth == 0 || !v.CanSet() {
		return
	}
	fill := func(v reflect.Value) { fillDepth(v, depth-1) }
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case reflect.String:
		v.SetString("x")
	case reflect.Int:
		v.SetInt(2)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0))
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		key, val := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(key)
		fill(val)
		v.SetMapIndex(key, val)
	case reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i))
		}
	}
}
