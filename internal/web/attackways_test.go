package web_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"lantern/internal/i18n"
)

// weaponHaunt is a two-seat game in the haunt where Alice holds weapon and
// it is her turn (Bob revealed the haunt with the Girl in the Catacombs).
func weaponHaunt(a *testApp, weapon string) testGame {
	g := a.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_card", "card": weapon})
	a.act(g, g.seats[0], map[string]any{"type": "end_turn"})
	a.act(g, g.seats[1], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[1], map[string]any{"type": "haunt_roll", "total": 0})
	return g
}

// TestAttackSheetWays (issue 23, section 2): the attack sheet offers only
// the ways the engine allows, a held weapon first and preset: a Revolver
// holder attacks with Speed and the Revolver (its card: "attack with
// Speed"; also from another room), never Speed without it; an Axe holder
// with Might and the Axe (its card: +1 die on Might attacks), or Might
// alone. The preset way is accepted.
func TestAttackSheetWays(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		weapon, preset string
		ways           []string
	}{
		{"revolver", "speed:revolver", []string{"speed:revolver", "speed:revolver:ranged", "might"}},
		{"axe", "might:axe", []string{"might:axe", "might"}},
	} {
		for _, lang := range []string{"en", "zh"} {
			a := newTestApp(t)
			g := weaponHaunt(a, tc.weapon)
			if st := a.publicState(g); st.Turn.Seat != 1 {
				t.Fatalf("%s: the turn is seat %d's, want Alice's", tc.weapon, st.Turn.Seat)
			}
			page := pageText(t, a, "/g/"+g.code, g.seatCookie(1), withCookie("lantern_lang", lang))
			i := strings.Index(page, `class="attack-form"`)
			if i < 0 {
				t.Fatalf("%s %s: no attack form", tc.weapon, lang)
			}
			form := page[i:]
			form = form[:strings.Index(form, "</form>")]
			var got []string
			for _, part := range strings.Split(form, `name="with" value="`)[1:] {
				got = append(got, part[:strings.Index(part, `"`)])
			}
			if strings.Join(got, " ") != strings.Join(tc.ways, " ") {
				t.Errorf("%s %s: ways %v, want %v", tc.weapon, lang, got, tc.ways)
			}
			if !strings.Contains(form, `value="`+tc.preset+`" checked`) {
				t.Errorf("%s %s: %s is not preset", tc.weapon, lang, tc.preset)
			}
			if strings.Contains(form, `name="trait"`) || strings.Contains(form, `name="weapon"`) {
				t.Errorf("%s %s: the sheet still offers trait and weapon apart", tc.weapon, lang)
			}
		}
		// Every way offered is one Decide accepts (each in a fresh game:
		// rolls can't be undone).
		for _, way := range tc.ways {
			a := newTestApp(t)
			g := weaponHaunt(a, tc.weapon)
			version := strconv.Itoa(a.publicState(g).Version)
			rec := a.form("/g/"+g.code+"/act", url.Values{"type": {"attack"}, "as": {"seat"}, "version": {version}, "with": {way}, "target": {"seat:2"}, "total": {"0"}}, g.seatCookie(1))
			if rec.Code != http.StatusSeeOther {
				t.Errorf("%s: the way %s is refused: %d %s", tc.weapon, way, rec.Code, rec.Body.String())
				continue
			}
			at := a.publicState(g).Attack
			trait, weapon, _ := strings.Cut(way, ":")
			weapon, ranged := strings.CutSuffix(weapon, ":ranged")
			if at == nil || at.Trait != trait || at.Weapon != weapon || at.Ranged != ranged {
				t.Errorf("%s: the way %s attacked as %+v", tc.weapon, way, at)
			}
		}
	}
}

// TestLoserToldWinnerChooses (issue 23, section 1): an attacker who lost
// and holds a card the winner may steal is told, in the now bar, that the
// winner is choosing between stealing and damage (seed 000 袭击: the winner
// may steal instead of dealing 2 or more damage), in English and Chinese.
func TestLoserToldWinnerChooses(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		a := newTestApp(t)
		g := weaponHaunt(a, "axe")
		a.act(g, g.seats[0], map[string]any{"type": "attack", "target": map[string]any{"seat": 2}, "trait": "might", "total": 0})
		a.act(g, g.seats[1], map[string]any{"type": "defend", "total": 6})
		st := a.publicState(g)
		if st.Attack == nil {
			t.Fatalf("no attack open")
		}
		want := map[string]string{"en": "Bob won and is choosing", "zh": "Bob 获胜，正在选择"}[lang]
		if now := nowBarHTML(t, a, g, 1, lang); !strings.Contains(now, want) {
			t.Errorf("%s: Alice's now bar doesn't say Bob is choosing:\n%s", lang, now)
		}
	}
}

// TestMonsterMoveRollShown (issue 23, section 1): the monsters' move roll is
// shown where the traitor moves them — the now bar and the haunt section —
// not only in the log, in English and Chinese.
func TestMonsterMoveRollShown(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Ann", "zoe-ingstrom"}, [2]string{"Bo", "ox-bellows"}, [2]string{"Cy", "vivian-lopez"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0}) // Ann the traitor
	crAct(a, g, 0, map[string]any{"type": "add_monster", "kind": "Zombie", "count": 1, "traits": map[string]int{"might": 4, "speed": 2}})
	for i := 0; i < 4 && a.publicState(g).Turn.Seat != 0; i++ {
		crAct(a, g, 0, map[string]any{"type": "end_turn"})
	}
	if st := a.publicState(g); st.Turn.Seat != 0 {
		t.Fatalf("not the monsters' turn: %+v", st.Turn)
	}
	crAct(a, g, 1, map[string]any{"type": "monster_move_roll", "kind": "Zombie", "total": 3})
	for _, lang := range []string{"en", "zh"} {
		want := i18n.T(lang, "roll_monster_move", "Zombie", 2, 3)
		if now := nowBarHTML(t, a, g, 1, lang); !strings.Contains(now, want) {
			t.Errorf("%s: the traitor's now bar lacks %q:\n%s", lang, want, now)
		}
		page := pageText(t, a, "/g/"+g.code, g.seatCookie(1), withCookie("lantern_lang", lang))
		if !strings.Contains(page, `<p class="move-roll">🎲 `+want) {
			t.Errorf("%s: the haunt section lacks the move roll", lang)
		}
	}
}
