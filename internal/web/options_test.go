package web_test

import (
	"net/http"
	"slices"
	"testing"
)

// htOptions is a seat's "options" from GET /me.
func htOptions(a *testApp, g testGame, seat int) map[string]any {
	a.t.Helper()
	me := a.json(http.MethodGet, g.api("/me"), "", g.seats[seat-1], http.StatusOK)
	o, ok := me["options"].(map[string]any)
	if !ok {
		a.t.Fatalf("seat %d /me has no options: %v", seat, me)
	}
	return o
}

func htStrings(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// TestAPIOptions: GET /me carries what the seat may do now, as the engine
// decides it (seed 000 游玩: the player whose turn it is draws and ends it).
func TestAPIOptions(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	mine := htOptions(a, g, 1)
	turn := mine["turn"].(map[string]any)
	if turn["doing"] != "exploring" || jsonInt(turn["seat"]) != 1 || turn["mine"] != true || mine["end_turn"] != true {
		t.Errorf("seat 1 on its turn: %v", mine)
	}
	if got := htStrings(mine["draw"]); !slices.Equal(got, []string{"omen", "item", "event"}) {
		t.Errorf("seat 1 draws from %v", got)
	}
	other := htOptions(a, g, 2)
	if other["end_turn"] != false || other["draw"] != nil || other["turn"].(map[string]any)["mine"] != false {
		t.Errorf("seat 2 on seat 1's turn: %v", other)
	}
	// What Options refuses, the action endpoint refuses too.
	htWantError(t, a.do(http.MethodPost, g.api("/actions"), jsonBody(map[string]any{"type": "draw_card", "card": "armor"}), withBearer(g.seats[1])),
		http.StatusForbidden, "en", "err_not_your_turn")

	a.act(g, g.seats[0], map[string]any{"type": "draw_card", "card": "armor"})
	cards, _ := htOptions(a, g, 1)["cards"].([]any)
	if len(cards) != 1 || cards[0].(map[string]any)["card"] != "armor" || cards[0].(map[string]any)["drop"] != true {
		t.Errorf("seat 1's Armor: %v", cards)
	}
}
