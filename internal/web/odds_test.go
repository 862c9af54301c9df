package web_test

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"lantern/internal/game"
)

// rollerOdds is the odds the phone's roller was sent (data-odds): each
// choice's key and the plans the keys point at.
type rollerOdds struct {
	K map[string]json.RawMessage `json:"k"`
	P [][2]json.RawMessage       `json:"p"`
}

var dataOdds = regexp.MustCompile(`class="roll-form" data-odds="([^"]*)"`)

func phoneOdds(t *testing.T, a *testApp, g testGame, seat int) rollerOdds {
	t.Helper()
	rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(seat))
	if rec.Code != http.StatusOK {
		t.Fatalf("phone page: %d", rec.Code)
	}
	m := dataOdds.FindStringSubmatch(rec.Body.String())
	if m == nil {
		t.Fatalf("no roll form with data-odds on the phone")
	}
	var o rollerOdds
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &o); err != nil {
		t.Fatalf("data-odds: %v", err)
	}
	return o
}

// shown is what the roller shows for key (and the result chosen, when the
// key has one per result) and target need, as updateOdds picks it: the
// plan's label and its chance; ok is false when the key has no odds.
func (o rollerOdds) shown(t *testing.T, key string, chosen, need int) (label, chance string, ok bool) {
	t.Helper()
	raw, found := o.K[key]
	if !found {
		return "", "", false
	}
	var plan *int
	var plans []*int
	if json.Unmarshal(raw, &plans) == nil {
		if chosen >= len(plans) {
			return "", "", false
		}
		plan = plans[chosen]
	} else if err := json.Unmarshal(raw, &plan); err != nil {
		t.Fatalf("key %s: %s", key, raw)
	}
	if plan == nil {
		return "", "", false
	}
	var chances string
	if err := json.Unmarshal(o.P[*plan][0], &label); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(o.P[*plan][1], &chances); err != nil {
		t.Fatal(err)
	}
	return label, strings.Fields(chances)[need], true
}

// TestRollerOdds: the roller's odds are the engine's for the roll each
// choice makes (issue 22): a trait's dice, Angel Feather's chosen result,
// It Is Meant to Be's stored result, a stored roll's own 4 dice; a choice
// the engine refuses has none; no card's numbers are left to the script.
func TestRollerOdds(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true) // Ann: Ox Bellows, might 5, sanity 3
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "angel-feather"})
	crAct(a, g, 1, map[string]any{"type": "roll", "purpose": "it-is-meant-to-be", "faces": []int{2, 2, 1, 0}}) // stores 5
	o := phoneOdds(t, a, g, 1)

	cases := []struct {
		name         string
		key          string
		chosen, need int
		label, want  string // want "" when no odds are shown
	}{
		{"might: 5 dice", "might||", 0, 6, "5 🎲", percentOf(game.ChanceAtLeast(5, 0, 6))},
		{"3 dice for an event", "d3|event|", 0, 4, "3 🎲", percentOf(game.ChanceAtLeast(3, 0, 4))},
		{"a stored roll rolls its card's 4 dice", "sanity|it-is-meant-to-be|", 0, 5, "4 🎲", percentOf(game.ChanceAtLeast(4, 0, 5))},
		{"angel feather: 6 chosen, 6 needed", "might||angel-feather", 6, 6, "= 6", "100%"},
		{"angel feather: 6 chosen, 7 needed", "might||angel-feather", 6, 7, "= 6", "0%"},
		{"angel feather on a plain roll", "d2|room|angel-feather", 8, 8, "= 8", "100%"},
		{"angel feather: nothing chosen past 8", "might||angel-feather", 9, 1, "", ""},
		{"it is meant to be: 5 stored, 5 needed", "d1||it-is-meant-to-be", 0, 5, "= 5", "100%"},
		{"it is meant to be: 5 stored, 6 needed", "knowledge|event|it-is-meant-to-be", 0, 6, "= 5", "0%"},
		{"angel feather and a stored result clash", "might||angel-feather,it-is-meant-to-be", 3, 3, "", ""},
		{"no modifier on a stored roll", "d2|it-is-meant-to-be|angel-feather", 3, 3, "", ""},
		{"no 9 dice", "d9||", 0, 3, "", ""},
	}
	for _, c := range cases {
		label, chance, ok := o.shown(t, c.key, c.chosen, c.need)
		if c.want == "" {
			if ok {
				t.Errorf("%s: %s shows %s → %s, want no odds (refused)", c.name, c.key, label, chance)
			}
			continue
		}
		if !ok || label != c.label || chance != c.want {
			t.Errorf("%s: %s (chosen %d) → %d+ shows %q %q (%v), want %q %q", c.name, c.key, c.chosen, c.need, label, chance, ok, c.label, c.want)
		}
	}

	// Seat 2 holds no feather and stored nothing.
	o2 := phoneOdds(t, a, g, 2)
	for k := range o2.K {
		if parts := strings.Split(k, "|"); len(parts) != 3 || strings.Contains(parts[2], "angel-feather") || strings.Contains(parts[2], "it-is-meant-to-be") {
			t.Errorf("seat 2 has odds for %s, a modifier it can't use", k)
		}
	}
}

// TestRollerNoScriptRules: the roll form carries no card's numbers for the
// script to add up, the purposes come from the view model.
func TestRollerNoScriptRules(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "adrenaline-shot"})
	page := pageText(t, a, "/g/"+g.code, g.seatCookie(1))
	form := page[strings.Index(page, `class="roll-form"`):]
	form = form[:strings.Index(form, "</form>")]
	for _, not := range []string{"data-dice", "data-bonus", "data-max-dice"} {
		if strings.Contains(form, not) {
			t.Errorf("the roll form still has %s for the script", not)
		}
	}
	if !strings.Contains(form, `<option value="it-is-meant-to-be">`) {
		t.Errorf("the roll form offers no stored roll")
	}
	o := phoneOdds(t, a, g, 1)
	if label, chance, ok := o.shown(t, "sanity||adrenaline-shot", 0, 7); !ok || label != "3 🎲 + 4" || chance != percentOf(game.ChanceAtLeast(3, 4, 7)) {
		t.Errorf("adrenaline: %q %q %v, want 3 🎲 + 4 and %s", label, chance, ok, percentOf(game.ChanceAtLeast(3, 4, 7)))
	}
}

// percentOf is a chance as the phone shows it.
func percentOf(c float64) string { return fmt.Sprintf("%.0f%%", c*100) }

// TestRollerOddsNeverCertain (issue 33, 4): the roller, in either language,
// shows ">99%" for 5 dice making 1+ (DESIGN.md: dice faces 0,0,1,1,2,2:
// 1 − (1/3)^5 = 99.6%) and "<0.1%" for 8 dice making 16 ((1/3)^8), never
// 100% or 0% for what is neither certain nor impossible.
func TestRollerOddsNeverCertain(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	for _, lang := range []string{"en", "zh"} {
		rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1), withCookie("lantern_lang", lang))
		m := dataOdds.FindStringSubmatch(rec.Body.String())
		if rec.Code != http.StatusOK || m == nil {
			t.Fatalf("%s: phone page %d without a roll form's odds", lang, rec.Code)
		}
		var o rollerOdds
		if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &o); err != nil {
			t.Fatalf("%s: data-odds: %v", lang, err)
		}
		for _, c := range []struct {
			key   string
			need  int
			label string
			want  string
		}{
			{"d5||", 1, "5 🎲", ">99%"},
			{"d8||", 16, "8 🎲", "<0.1%"},
			{"d8||", 0, "8 🎲", "100%"},
			{"d1||", 3, "1 🎲", "0%"},
		} {
			if label, chance, ok := o.shown(t, c.key, 0, c.need); !ok || label != c.label || chance != c.want {
				t.Errorf("%s: %s → %d+ shows %q %q (%v), want %q %q", lang, c.key, c.need, label, chance, ok, c.label, c.want)
			}
		}
	}
}
