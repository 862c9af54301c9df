package web_test

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// nowBar is the now bar of a seat's player page, as its text with the
// values of its buttons' forms: "text | type … | type …".
func nowBar(t *testing.T, a *testApp, g testGame, seat int) string {
	t.Helper()
	rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(seat))
	if rec.Code != http.StatusOK {
		t.Fatalf("seat %d page: %d", seat, rec.Code)
	}
	body := rec.Body.String()
	start := strings.Index(body, `<section id="now"`)
	if start < 0 {
		t.Fatalf("seat %d: no now bar", seat)
	}
	end := strings.Index(body[start:], `<nav class="tabs"`)
	bar := body[start : start+end]
	var parts []string
	for _, m := range regexp.MustCompile(`name="type" value="(\w+)"|href="(#[\w-]+)"|<p class="now-text">([^<]*)<`).FindAllStringSubmatch(bar, -1) {
		parts = append(parts, html.UnescapeString(m[1]+m[2]+m[3]))
	}
	return strings.Join(parts, " | ")
}

// TestNowBar: each phone's now bar offers what the engine's Options allow
// this seat now, the most pressing first (issue 9, "What a player sees").
func TestNowBar(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Ann", "zoe-ingstrom"}, [2]string{"Bo", "ox-bellows"}, [2]string{"Cy", "vivian-lopez"})
	check := func(seat int, want string) {
		t.Helper()
		if got := nowBar(t, a, g, seat); got != want {
			t.Errorf("seat %d now bar:\n got %s\nwant %s", seat, got, want)
		}
	}
	// Exploring: the player on turn discovers a room, draws, ends; the others see whose turn.
	check(1, "Your turn | #s-board | #s-cards | end_turn")
	check(2, "Ann's turn · exploring")
	// An omen: the haunt roll is owed, one tap, and nothing else.
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	check(1, "Make the haunt roll | haunt_roll")
	check(2, "Ann's turn · owes the haunt roll")
	// The haunt: Ann the traitor, Bo's turn: attack, roll, end.
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	check(2, "Your turn | #sheet-attack | #s-board | end_turn")
	// Bo attacks Ann: Ann's phone defends; Bo's offers to roll for her later.
	a.act(g, g.seats[1], map[string]any{"type": "attack", "target": map[string]any{"seat": 1}, "trait": "might", "total": 4})
	check(1, "Bo attacks you with Might and rolls 4. Roll your defence. | defend")
	check(2, "Bo attacks Ann with Might and rolls 4. Waiting for Ann to defend. | defend")
	if rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(2)); !strings.Contains(rec.Body.String(), `class="later" data-wait="`) {
		t.Errorf("Bo's roll for Ann is not held back for the wait")
	}
	check(3, "Bo's turn · an attack is on")
	// Ann loses by 2: her phone splits, in the now bar.
	a.act(g, g.seats[0], map[string]any{"type": "defend", "total": 2})
	check(1, "resolve_damage")
	a.act(g, g.seats[0], map[string]any{"type": "resolve_damage", "split": map[string]int{"might": 2}})
	check(2, "Your turn | #s-board | #s-cards | end_turn")
	// The attack's line stays for the turn and clears when it ends.
	if rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(3)); !strings.Contains(rec.Body.String(), "The attack is over.") {
		t.Errorf("the finished attack's line is gone before the turn ended")
	}
	a.act(g, g.seats[1], map[string]any{"type": "end_turn"})
	if rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(3)); strings.Contains(rec.Body.String(), "The attack is over.") {
		t.Errorf("the finished attack's line is still shown after the turn ended")
	}
}

// TestAttackSheetOpponentsOnly: a hero's attack lists the traitor only, the
// traitor's the heroes only (issue 9, item 8).
func TestAttackSheetOpponentsOnly(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Ann", "zoe-ingstrom"}, [2]string{"Bo", "ox-bellows"}, [2]string{"Cy", "vivian-lopez"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	targets := func(seat int) string {
		rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(seat))
		var out []string
		for _, m := range regexp.MustCompile(`name="target" value="([\w:-]+)"`).FindAllStringSubmatch(rec.Body.String(), -1) {
			out = append(out, m[1])
		}
		return strings.Join(out, ",")
	}
	if got := targets(2); got != "seat:1" {
		t.Errorf("Bo (a hero) may attack %q; want only the traitor seat:1", got)
	}
	a.act(g, g.seats[1], map[string]any{"type": "end_turn"})
	a.act(g, g.seats[2], map[string]any{"type": "end_turn"})
	if got := targets(1); got != "seat:2,seat:3" {
		t.Errorf("Ann (the traitor) may attack %q; want the heroes seat:2,seat:3", got)
	}
}

// TestNowBarShowsMyRoll: a roll made from the now bar (the haunt roll) is
// answered there: the bar says what this phone rolled for the rest of its
// turn, on whatever tab it shows; the others' bars and the next turn don't.
func TestNowBarShowsMyRoll(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Ann", "zoe-ingstrom"}, [2]string{"Bo", "ox-bellows"})
	hint := func(seat int) string {
		t.Helper()
		body := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(seat)).Body.String()
		m := regexp.MustCompile(`<section id="now"[\s\S]*?<p class="now-hint">([^<]*)<`).FindStringSubmatch(body)
		if m == nil {
			return ""
		}
		return html.UnescapeString(m[1])
	}
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 5}) // 5 ≥ 1 omen: no haunt
	if got := hint(1); !strings.Contains(got, "haunt roll") || !strings.Contains(got, "5") {
		t.Errorf("Ann's now bar after her haunt roll says %q, want her roll and its total 5", got)
	}
	if got := hint(2); strings.Contains(got, "haunt roll") {
		t.Errorf("Bo's now bar shows Ann's roll as his: %q", got)
	}
	a.act(g, g.seats[0], map[string]any{"type": "end_turn"})
	a.act(g, g.seats[1], map[string]any{"type": "end_turn"})
	if got := hint(1); strings.Contains(got, "haunt roll") {
		t.Errorf("Ann's now bar still shows last turn's roll on her next turn: %q", got)
	}
}
