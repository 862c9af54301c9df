package web_test

// The public JSON state shows everything the table page shows (issue 10,
// item 4): each field is checked against a game played through the API.

import (
	"encoding/json"
	"net/http"
	"testing"
)

// psGet is the public state as one viewer's token gets it.
func psGet(t *testing.T, a *testApp, g testGame, token string) map[string]any {
	t.Helper()
	return a.json(http.MethodGet, g.api(""), "", token, http.StatusOK)
}

// psJSON is v re-encoded, to compare a field with what it should be.
func psJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func psWant(t *testing.T, st map[string]any, field, want string) {
	t.Helper()
	if got := psJSON(st[field]); got != want {
		t.Errorf("%s = %s, want %s", field, got, want)
	}
}

func psSeat(st map[string]any, seat int) map[string]any {
	return st["seats"].([]any)[seat-1].(map[string]any)
}

func TestPublicStateTable(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	st := a.state(g)
	for _, f := range []string{"omens", "piles", "offers", "rolls", "monsters"} {
		psWant(t, st, f, "[]")
	}
	for _, f := range []string{"track", "attack", "winner", "turn_order"} {
		if v, ok := st[f]; ok {
			t.Errorf("%s = %v before the haunt", f, v)
		}
	}
	for i := 1; i <= 3; i++ {
		if h := psJSON(psSeat(st, i)["hand"]); h != "[]" {
			t.Errorf("seat %d starts with %s", i, h)
		}
		if side, ok := psSeat(st, i)["side"]; ok {
			t.Errorf("seat %d has a side before the haunt: %v", i, side)
		}
	}
	decks := st["decks"].(map[string]any)

	// Hands and decks: a drawn card is in front of its seat, out of its deck.
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "axe"})
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "medical-kit"})
	st = a.state(g)
	if h := psJSON(psSeat(st, 1)["hand"]); h != `[{"card":"axe","used":false,"worn":false},{"card":"medical-kit","used":false,"worn":false}]` {
		t.Errorf("seat 1's hand after drawing the Axe and the Medical Kit: %s", h)
	}
	if now := st["decks"].(map[string]any); jsonInt(now["item"]) != jsonInt(decks["item"])-2 || jsonInt(now["omen"]) != jsonInt(decks["omen"]) {
		t.Errorf("decks %v → %v after two items", decks, now)
	}

	// Offers: a card handed over waits for the other seat.
	crAct(a, g, 1, map[string]any{"type": "give_card", "card": "axe", "to": 2})
	st = a.state(g)
	offers := st["offers"].([]any)
	if len(offers) != 1 {
		t.Fatalf("offers %v", offers)
	}
	offer := offers[0].(map[string]any)
	if offer["card"] != "axe" || jsonInt(offer["from"]) != 1 || jsonInt(offer["to"]) != 2 {
		t.Errorf("offer %v", offer)
	}
	crAct(a, g, 2, map[string]any{"type": "decline_card", "offer": jsonInt(offer["offer"])})
	psWant(t, a.state(g), "offers", "[]")

	// Item piles: dropped in a room.
	crAct(a, g, 1, map[string]any{"type": "drop_card", "card": "axe", "room": "kitchen"})
	st = a.state(g)
	psWant(t, st, "piles", `[{"cards":["axe"],"pile":"kitchen"}]`)
	if h := psJSON(psSeat(st, 1)["hand"]); h != `[{"card":"medical-kit","used":false,"worn":false}]` {
		t.Errorf("seat 1's hand after dropping the Axe: %s", h)
	}

	// Recent rolls: what was rolled, by whom, against what.
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "might", "need": 4, "total": 3})
	st = a.state(g)
	rolls := st["rolls"].([]any)
	last := rolls[len(rolls)-1].(map[string]any)
	if jsonInt(last["seat"]) != 1 || last["trait"] != "might" || jsonInt(last["total"]) != 3 || jsonInt(last["target"]) != 4 ||
		last["success"] != false || last["manual"] != true {
		t.Errorf("the might roll of 3 against 4+: %v", last)
	}

	// The haunt: omens drawn, sides and the turn order (Girl in the
	// Catacombs: haunt 1, the revealer is the traitor).
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 0})
	st = a.state(g)
	psWant(t, st, "omens", `[{"omen":"girl","room":"catacombs","seat":1}]`)
	rolls = st["rolls"].([]any)
	if h := rolls[len(rolls)-1].(map[string]any); h["purpose"] != "haunt" || h["success"] != false || jsonInt(h["omen_count"]) != 1 {
		t.Errorf("the haunt roll: %v", h)
	}
	for i, want := range []string{"traitor", "heroes", "heroes"} {
		if side := psSeat(st, i+1)["side"]; side != want {
			t.Errorf("seat %d side %v, want %s", i+1, side, want)
		}
	}
	// Heroes from the traitor's left, then the traitor (seed 000, 作祟),
	// starting from the turn now.
	if order := psJSON(st["turn_order"]); order != "[2,3,1]" {
		t.Errorf("turn order %s, want [2,3,1]", order)
	}

	// Monsters (kinds, traits, stunned) and the track with its label.
	crAct(a, g, 0, map[string]any{"type": "add_monster", "kind": "Bat", "count": 2, "traits": map[string]int{"speed": 6, "might": 2}})
	st = a.state(g)
	monsters := st["monsters"].([]any)
	if len(monsters) != 2 {
		t.Fatalf("monsters %v", monsters)
	}
	bat := monsters[1].(map[string]any)
	crAct(a, g, 0, map[string]any{"type": "stun", "monster": bat["id"]})
	crAct(a, g, 0, map[string]any{"type": "set_track", "value": 3, "label": "Turns left"})
	st = a.state(g)
	for i, m := range st["monsters"].([]any) {
		m := m.(map[string]any)
		if m["kind"] != "Bat" || psJSON(m["traits"]) != `{"might":2,"speed":6}` || m["stunned"] != (i == 1) || m["name"] == "" {
			t.Errorf("monster %d: %v", i, m)
		}
	}
	psWant(t, st, "track", `{"label":"Turns left","value":3}`)
	// Then the monsters (0).
	psWant(t, st, "turn_order", "[2,3,1,0]")

	// The fight: an attack waits for the defence, then for the loser's split.
	crAct(a, g, 2, map[string]any{"type": "attack", "target": map[string]any{"seat": 1}, "trait": "might", "total": 6})
	at := a.state(g)["attack"].(map[string]any)
	if psJSON(at["attacker"]) != `{"seat":2}` || psJSON(at["defender"]) != `{"seat":1}` || at["trait"] != "might" ||
		jsonInt(at["attack"].(map[string]any)["total"]) != 6 || at["defense"] != nil || at["done"] != false {
		t.Errorf("the attack before the defence: %v", at)
	}
	crAct(a, g, 1, map[string]any{"type": "defend", "total": 2})
	at = a.state(g)["attack"].(map[string]any)
	if jsonInt(at["defense"].(map[string]any)["total"]) != 2 || psJSON(at["loser"]) != `{"seat":1}` ||
		jsonInt(at["damage"]) != 4 || at["kind"] != "physical" || at["done"] != false {
		t.Errorf("the attack after a defence of 2 against 6: %v", at)
	}
	if at["can_steal"] == true { // the winner chooses first (seed 000 袭击 l.243-245)
		crAct(a, g, 2, map[string]any{"type": "deal_damage"})
		if at = a.state(g)["attack"].(map[string]any); at["can_steal"] != false || at["done"] != false {
			t.Errorf("the attack once the winner chose the damage: %v", at)
		}
	}
	crAct(a, g, 1, map[string]any{"type": "resolve_damage", "split": map[string]int{"might": 2, "speed": 2}})
	if at = a.state(g)["attack"].(map[string]any); at["done"] != true {
		t.Errorf("the attack once the damage is taken: %v", at)
	}
	// The table's line clears when the turn ends.
	crAct(a, g, 2, map[string]any{"type": "end_turn"})
	if v, ok := a.state(g)["attack"]; ok {
		t.Errorf("the finished attack still shows after the turn: %v", v)
	}

	// The end: phase "over" and the side that won.
	crAct(a, g, 0, map[string]any{"type": "declare_winner", "side": "heroes"})
	st = a.state(g)
	if st["phase"] != "over" || st["winner"] != "heroes" {
		t.Errorf("after declare_winner: phase %v, winner %v", st["phase"], st["winner"])
	}
	htCheckStateShape(t, st, 3)

	// Every viewer gets the same public state; a seat's /me carries it too.
	pub := a.snapshot(g)
	for i, tok := range g.seats {
		if rec := a.do(http.MethodGet, g.api(""), "", withBearer(tok)); rec.Body.String() != pub {
			t.Errorf("seat %d gets another public state", i+1)
		}
		me := a.json(http.MethodGet, g.api("/me"), "", tok, http.StatusOK)
		for _, f := range []string{"seats", "piles", "monsters", "track", "rolls", "omens", "decks", "winner", "phase"} {
			if psJSON(me[f]) != psJSON(st[f]) {
				t.Errorf("seat %d /me %s = %s, public %s", i+1, f, psJSON(me[f]), psJSON(st[f]))
			}
		}
	}
}

// TestPublicStateRemains: where an explorer died their cards lie in a pile
// named for them, with their seat number.
func TestPublicStateRemains(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "axe"})
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 0})
	crAct(a, g, 0, map[string]any{"type": "set_trait", "seat": 1, "trait": "sanity", "position": 0})
	st := a.state(g)
	if psSeat(st, 1)["alive"] != false {
		t.Fatalf("seat 1 at the skull lives: %v", psSeat(st, 1))
	}
	var pile string
	for _, p := range st["piles"].([]any) {
		if p := p.(map[string]any); jsonInt(p["seat"]) == 1 {
			pile = p["pile"].(string)
			if cards := psJSON(p["cards"]); cards != `["axe","girl"]` && cards != `["girl","axe"]` {
				t.Errorf("seat 1's remains hold %s", cards)
			}
		}
	}
	if pile == "" {
		t.Fatalf("no pile where seat 1 died: %s", psJSON(st["piles"]))
	}
	// The pile id is what pick_up takes.
	turn := jsonInt(st["turn"].(map[string]any)["seat"])
	crAct(a, g, turn, map[string]any{"type": "pick_up", "card": "axe", "room": pile})
	st = a.state(g)
	// Picked up, it is used for this turn (seed 002 FAQ: one action per item).
	if h := psJSON(psSeat(st, turn)["hand"]); h != `[{"card":"axe","used":true,"worn":false}]` {
		t.Errorf("seat %d picked up the Axe: hand %s", turn, h)
	}
}
