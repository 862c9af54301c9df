package web

import (
	"encoding/json"
	"errors"
	"net/url"
	"reflect"
	"testing"

	"lantern/internal/game"
)

// TestDecodeForm: a form's fields decode to the same action as the JSON the
// API takes (internal/web/API.md), through the same decoder.
func TestDecodeForm(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		form url.Values
		json string
	}{
		{"step", url.Values{"type": {"step_trait"}, "as": {"seat"}, "version": {"7"}, "seat": {"1"}, "trait": {"might"}, "delta": {"-1"}},
			`{"type":"step_trait","version":7,"seat":1,"trait":"might","delta":-1}`},
		{"set to the skull", url.Values{"type": {"set_trait"}, "trait": {"speed"}, "position": {"0"}},
			`{"type":"set_trait","trait":"speed","position":0}`},
		{"damage split, a blank box not given", url.Values{"type": {"take_damage"}, "kind": {"physical"}, "split.might": {"2"}, "split.speed": {""}},
			`{"type":"take_damage","kind":"physical","split":{"might":2}}`},
		{"roll with modifiers and a typed total", url.Values{"type": {"roll"}, "trait": {"sanity"}, "need": {"4"}, "modifiers": {"candle", "drip-drip-drip"}, "total": {"5"}, "real": {"1"}},
			`{"type":"roll","trait":"sanity","need":4,"modifiers":["candle","drip-drip-drip"],"total":5}`},
		{"reroll dice", url.Values{"type": {"reroll"}, "card": {"lucky-stone"}, "indexes": {"0", "2"}},
			`{"type":"reroll","card":"lucky-stone","indexes":[0,2]}`},
		{"attack a seat from one select", url.Values{"type": {"attack"}, "target": {"seat:2"}, "trait": {"might"}, "ranged": {"1"}},
			`{"type":"attack","target":{"seat":2},"trait":"might","ranged":true}`},
		{"attack a monster", url.Values{"type": {"attack"}, "target.monster": {"zombie-1"}, "trait": {"might"}},
			`{"type":"attack","target":{"monster":"zombie-1"},"trait":"might"}`},
		{"monsters", url.Values{"type": {"add_monster"}, "kind": {"Zombie"}, "count": {"2"}, "traits.might": {"4"}, "traits.speed": {"2"}},
			`{"type":"add_monster","kind":"Zombie","count":2,"traits":{"might":4,"speed":2}}`},
		{"seating order", url.Values{"type": {"reorder_seats"}, "as": {"host"}, "order": {"2", "1", "3"}},
			`{"type":"reorder_seats","order":[2,1,3]}`},
		{"draw a card", url.Values{"type": {"draw_card"}, "card": {"angry-being"}},
			`{"type":"draw_card","card":"angry-being"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := decodeForm(c.form)
			if err != nil {
				t.Fatalf("decodeForm: %v", err)
			}
			want, err := game.DecodeAction([]byte(c.json))
			if err != nil {
				t.Fatalf("DecodeAction: %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				g, _ := json.Marshal(got)
				t.Errorf("form decodes to %s, want %s", g, c.json)
			}
		})
	}

	refusals := []struct {
		name string
		form url.Values
		key  string
	}{
		{"unknown field", url.Values{"type": {"step_trait"}, "dir": {"up"}}, "err_bad_json"},
		{"a misspelt member", url.Values{"type": {"attack"}, "target.sea": {"2"}}, "err_bad_json"},
		{"a target without its kind", url.Values{"type": {"attack"}, "target": {"2"}}, "err_bad_json"},
		{"two values for one number", url.Values{"type": {"step_trait"}, "delta": {"1", "2"}}, "err_bad_json"},
		{"not a number", url.Values{"type": {"step_trait"}, "delta": {"lots"}}, "err_bad_number"},
		{"not a number in a list", url.Values{"type": {"reroll"}, "indexes": {"x"}}, "err_bad_number"},
		{"real dice without a total", url.Values{"type": {"roll"}, "dice": {"2"}, "real": {"1"}, "total": {""}}, "err_bad_number"},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			_, err := decodeForm(c.form)
			var ge *game.Error
			if !errors.As(err, &ge) || ge.Key != c.key {
				t.Errorf("error %v, want %s", err, c.key)
			}
		})
	}
}
