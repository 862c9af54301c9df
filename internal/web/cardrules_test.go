package web_test

// Regression tests through the API for the card defects of issue 10: each
// card's printed limit holds, refused with the card named in the reader's
// language, and changes nothing.

import (
	"net/http"
	"strings"
	"testing"

	"lantern/internal/catalog"
)

// crAct posts an action as a seat (1-based) or the host (seat 0).
func crAct(a *testApp, g testGame, seat int, action map[string]any) int {
	a.t.Helper()
	tok := g.host
	if seat > 0 {
		tok = g.seats[seat-1]
	}
	return a.act(g, tok, action)
}

// crRefused posts an action that must be refused with key; the game must
// not change, and the message must name what it says (want, if given).
func crRefused(t *testing.T, a *testApp, g testGame, seat int, action map[string]any, status int, key, want string) {
	t.Helper()
	before := a.snapshot(g)
	tok := g.host
	if seat > 0 {
		tok = g.seats[seat-1]
	}
	rec := a.do(http.MethodPost, g.api("/actions"), jsonBody(action), withBearer(tok))
	body := decodeBody(t, rec)
	if rec.Code != status || body["key"] != key {
		t.Fatalf("%v: %d %v, want %d %s", action, rec.Code, body, status, key)
	}
	if want != "" && !strings.Contains(body["error"].(string), want) {
		t.Errorf("%s: %q doesn't name %q", key, body["error"], want)
	}
	if a.snapshot(g) != before {
		t.Errorf("%s: the refused %v changed the game", key, action)
	}
}

// crCell finds an omen and room whose haunt's traitor rule is kind.
func crCell(t *testing.T, kind string) (omen, room string) {
	t.Helper()
	c := catalog.Chart()
	for _, o := range c.Omens {
		for _, r := range c.Rooms {
			if o == "bite" {
				continue
			}
			if h := catalog.HauntByNumber(catalog.LookupHaunt(o, r)); h != nil && h.Traitor.Kind == kind {
				return o, r
			}
		}
	}
	t.Fatalf("no haunt with traitor rule %q", kind)
	return "", ""
}

// crHaunt has seat 1 draw an omen and reveal a haunt whose traitor rule is
// kind (seat 1 plays).
func crHaunt(t *testing.T, a *testApp, g testGame, kind string) {
	t.Helper()
	omen, room := crCell(t, kind)
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": omen, "room": room})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 0})
}

func crHand(a *testApp, g testGame, seat int) []string {
	a.t.Helper()
	var out []string
	cards, _ := htOptions(a, g, seat)["cards"].([]any)
	for _, c := range cards {
		out = append(out, c.(map[string]any)["card"].(string))
	}
	return out
}

func crHas(list []string, x string) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

// TestCardMask: seed 000 面具 — a Sanity roll of 0–3 means it can't go on or
// off this turn; 4+ puts it on.
func TestCardMask(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "mask", "room": "kitchen"})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 12})
	crRefused(t, a, g, 1, map[string]any{"type": "use_card", "card": "mask"}, http.StatusConflict, "err_card_roll_first", "Mask")
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "sanity", "source": "card:mask", "total": 1})
	crRefused(t, a, g, 1, map[string]any{"type": "use_card", "card": "mask"}, http.StatusConflict, "err_card_roll_low", "Mask")
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:mask"}) // 0–3: not this turn
	crRefused(t, a, g, 1, map[string]any{"type": "roll", "trait": "sanity", "source": "card:mask", "total": 4}, http.StatusConflict, "err_card_used_turn", "Mask")
	crAct(a, g, 1, map[string]any{"type": "end_turn"})
	crAct(a, g, 2, map[string]any{"type": "end_turn"})
	sanity, _, _ := htTrait(a.state(g), 1, "sanity")
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "sanity", "source": "card:mask", "total": 4})
	crAct(a, g, 1, map[string]any{"type": "use_card", "card": "mask"})
	if now, _, _ := htTrait(a.state(g), 1, "sanity"); now >= sanity {
		t.Errorf("seed 000 面具: on after 4+: sanity %d → %d", sanity, now)
	}
}

// TestCardCrystalBall: only after the haunt, once per turn (its card).
func TestCardCrystalBall(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "crystal-ball", "room": "kitchen"})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 12})
	crRefused(t, a, g, 1, map[string]any{"type": "roll", "trait": "knowledge", "source": "card:crystal-ball", "total": 5},
		http.StatusConflict, "err_card_after_haunt", "Crystal Ball")
	crAct(a, g, 0, map[string]any{"type": "set_phase", "phase": "haunt"})
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "knowledge", "source": "card:crystal-ball", "total": 5})
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:crystal-ball"})
	crRefused(t, a, g, 1, map[string]any{"type": "roll", "trait": "knowledge", "source": "card:crystal-ball", "total": 5},
		http.StatusConflict, "err_card_used_turn", "Crystal Ball")
}

// TestCardUsedThroughItsRoll: an item used through its roll and Apply is
// used for the turn (seed 002 FAQ: once used it can't be handed over or
// dropped that turn); the Bottle waits for the haunt and is then discarded.
func TestCardUsedThroughItsRoll(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "medical-kit"})
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "bottle"})
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "knowledge", "source": "card:medical-kit", "total": 2})
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:medical-kit"})
	crRefused(t, a, g, 1, map[string]any{"type": "drop_card", "card": "medical-kit", "room": "kitchen"}, http.StatusConflict, "err_used_this_turn", "")
	crRefused(t, a, g, 1, map[string]any{"type": "roll", "dice": 3, "source": "card:bottle", "total": 4}, http.StatusConflict, "err_card_after_haunt", "Bottle")
	crAct(a, g, 0, map[string]any{"type": "set_phase", "phase": "haunt"})
	crAct(a, g, 1, map[string]any{"type": "roll", "dice": 3, "source": "card:bottle", "total": 4})
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:bottle"})
	if crHas(crHand(a, g, 1), "bottle") {
		t.Errorf("the Bottle's card: drunk once, then discarded")
	}
	crRefused(t, a, g, 1, map[string]any{"type": "roll", "dice": 3, "source": "card:bottle", "total": 4}, http.StatusConflict, "err_roll_once_turn", "Bottle")
}

// TestCardTraitorLosesLingeringEvents: becoming the traitor ends harmful
// events held (seed 002 FAQ: 当你变成奸徒之前存在的这些有害事件效果立即消失).
func TestCardTraitorLosesLingeringEvents(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "lights-out"})
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "webs"})
	if h := crHand(a, g, 1); !crHas(h, "lights-out") || !crHas(h, "webs") {
		t.Fatalf("Lights Out and Webs are kept: %v", h)
	}
	crHaunt(t, a, g, "revealer")
	if h := crHand(a, g, 1); crHas(h, "lights-out") || crHas(h, "webs") {
		t.Errorf("the traitor still holds %v", h)
	}
}

// TestCardLuckyStoneRerollsADefence: seed 002 FAQ — items usable outside
// your turn, e.g. when attacked: the Lucky Stone rerolls a defence.
func TestCardLuckyStoneRerollsADefence(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 2, "card": "lucky-stone"})
	crAct(a, g, 0, map[string]any{"type": "set_phase", "phase": "haunt"})
	crAct(a, g, 1, map[string]any{"type": "attack", "target": map[string]any{"seat": 2}, "total": 5})
	crAct(a, g, 2, map[string]any{"type": "defend"})
	opts := htOptions(a, g, 2)
	rerolls, _ := opts["rerolls"].([]any)
	if len(rerolls) != 1 || rerolls[0].(map[string]any)["card"] != "lucky-stone" {
		t.Fatalf("options offer the Lucky Stone on the defence: %v", opts["rerolls"])
	}
	dice := jsonInt(rerolls[0].(map[string]any)["dice"])
	idx, faces := []int{}, []int{}
	for i := range dice {
		idx, faces = append(idx, i), append(faces, 2)
	}
	crAct(a, g, 2, map[string]any{"type": "reroll", "card": "lucky-stone", "indexes": idx, "faces": faces})
	if 2*dice >= 5 && htOptions(a, g, 2)["damage"] != nil {
		t.Errorf("a defence of %d against 5 after the reroll still hurts", 2*dice)
	}
	if crHas(crHand(a, g, 2), "lucky-stone") {
		t.Errorf("the Lucky Stone is discarded once used")
	}
}

// TestCardSkullAndMedallion: seed 000 颅骨 (mental damage as physical) and
// 徽章 (the Pentagram Chamber, Crypt and Graveyard have no effect).
func TestCardSkullAndMedallion(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "skull", "room": "kitchen"})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 12})
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "room:crypt"}) // 1 mental
	might, _, _ := htTrait(a.state(g), 1, "might")
	crAct(a, g, 1, map[string]any{"type": "take_damage", "kind": "physical", "split": map[string]int{"might": 1}})
	if now, _, _ := htTrait(a.state(g), 1, "might"); now >= might || htOptions(a, g, 1)["damage"] != nil {
		t.Errorf("the Skull: mental damage taken as physical: might %d → %d, pending %v", might, now, htOptions(a, g, 1)["damage"])
	}
	crAct(a, g, 1, map[string]any{"type": "end_turn"})
	crAct(a, g, 2, map[string]any{"type": "draw_omen", "omen": "medallion", "room": "kitchen"})
	crAct(a, g, 2, map[string]any{"type": "haunt_roll", "total": 12})
	for _, room := range []string{"crypt", "pentagram-chamber", "graveyard"} {
		crRefused(t, a, g, 2, map[string]any{"type": "apply_effect", "source": "room:" + room}, http.StatusConflict, "err_card_shields", "Medallion")
	}
	crRefused(t, a, g, 2, map[string]any{"type": "roll", "trait": "sanity", "source": "room:pentagram-chamber", "total": 1}, http.StatusConflict, "err_card_shields", "Medallion")
}

// TestCardBite: seed 000 噬咬, seed 002 FAQ: the bite is an attack on the
// drawer, defended with Might like a monster's; no death before the haunt.
func TestCardBite(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "bite", "room": "kitchen", "total": 6})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 12})
	crRefused(t, a, g, 1, map[string]any{"type": "end_turn"}, http.StatusConflict, "err_attack_in_progress", "")
	d := htOptions(a, g, 1)["defend"].(map[string]any)
	if d["mine"] != true || d["attacker"] != "Bite" || jsonInt(d["against"]) != 6 {
		t.Fatalf("the drawer defends against the Bite: %v", d)
	}
	crAct(a, g, 1, map[string]any{"type": "defend", "total": 2})
	dmg := htOptions(a, g, 1)["damage"].(map[string]any)
	if jsonInt(dmg["amount"]) != 4 || dmg["kind"] != "physical" {
		t.Fatalf("lost 6 to 2: 4 physical, got %v", dmg)
	}
	crAct(a, g, 1, map[string]any{"type": "resolve_damage", "split": map[string]int{"might": 2, "speed": 2}})
	crAct(a, g, 1, map[string]any{"type": "end_turn"})
}

// TestCardEventsFromTheRoll: outcomes from the roll's own data (Spider with
// Sanity raises Sanity; Hanged Men rolls each trait; Angry Being 0–1 deals
// both its damage dice).
func TestCardEventsFromTheRoll(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	sanity, _, _ := htTrait(a.state(g), 1, "sanity")
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "spider"})
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "sanity", "purpose": "event", "source": "card:spider", "total": 5})
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:spider"})
	if now, _, _ := htTrait(a.state(g), 1, "sanity"); now <= sanity {
		t.Errorf("Spider rolled with Sanity: sanity %d → %d", sanity, now)
	}
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "hanged-men"})
	knowledge, _, _ := htTrait(a.state(g), 1, "knowledge")
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "knowledge", "purpose": "event", "source": "card:hanged-men", "total": 0})
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:hanged-men"})
	if now, _, _ := htTrait(a.state(g), 1, "knowledge"); now >= knowledge {
		t.Errorf("Hanged Men's Knowledge roll of 0: knowledge %d → %d", knowledge, now)
	}
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "angry-being"})
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "speed", "purpose": "event", "source": "card:angry-being", "total": 0})
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:angry-being"})
	// The server rolled both damage dice; whatever shows, the mental comes
	// first and the physical is kept for after it.
	st := a.state(g)
	rolls := 0
	for _, e := range st["log"].([]any) {
		ev := e.(map[string]any)
		if r, ok := ev["roll"].(map[string]any); ok && r["purpose"] == "damage" && r["source"] == "card:angry-being" {
			rolls++
		}
	}
	if rolls != 2 {
		t.Errorf("Angry Being 0–1: 1 die mental and 1 die physical, %d damage rolls", rolls)
	}
}

// TestCardIdolAndSmoke: both change the dice of a roll when named.
func TestCardIdolAndSmoke(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "idol"})
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "might", "modifiers": []string{"idol"}, "faces": []int{1, 1, 1, 1, 1, 1, 1}[:htFaces(a, g, 1, "might")+2]})
	crRefused(t, a, g, 1, map[string]any{"type": "roll", "trait": "might", "modifiers": []string{"idol"}, "total": 1}, http.StatusConflict, "err_card_used_turn", "Idol")
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "speed", "modifiers": []string{"smoke"}, "faces": []int{1, 1, 1, 1, 1, 1, 1}[:max(htFaces(a, g, 1, "speed")-2, 1)]})
}

// htFaces is a seat's trait value: the dice it rolls.
func htFaces(a *testApp, g testGame, seat int, trait string) int {
	_, v, _ := htTrait(a.state(g), seat, trait)
	return v
}

// TestCardHauntNineTurnsALivingHero: haunt 9 has no traitor at first; a
// living hero can turn traitor during play (its text).
func TestCardHauntNineTurnsALivingHero(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	crHaunt(t, a, g, "none_at_first")
	crAct(a, g, 0, map[string]any{"type": "join_traitor", "seat": 2})
	crRefused(t, a, g, 0, map[string]any{"type": "join_traitor", "seat": 2}, http.StatusConflict, "err_not_dead_hero", "")
}

// TestCardsOutOfTurn: drawing a card and picking an item up happen on your
// own turn (seed 000 玩家行动).
func TestCardsOutOfTurn(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crRefused(t, a, g, 2, map[string]any{"type": "draw_card", "card": "axe"}, http.StatusForbidden, "err_not_your_turn", "")
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "axe"})
	crAct(a, g, 1, map[string]any{"type": "drop_card", "card": "axe", "room": "kitchen"})
	crRefused(t, a, g, 2, map[string]any{"type": "pick_up", "card": "axe", "room": "kitchen"}, http.StatusForbidden, "err_not_your_turn", "")
}

// TestCardRefusalInChinese: the refusal names the card in the reader's
// language.
func TestCardRefusalInChinese(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "crystal-ball", "room": "kitchen"})
	body := decodeBody(t, a.do(http.MethodPost, g.api("/actions"), jsonBody(map[string]any{"type": "roll", "trait": "knowledge", "source": "card:crystal-ball", "total": 5}),
		withBearer(g.seats[0]), withLang("zh")))
	if !strings.Contains(body["error"].(string), "水晶球") {
		t.Errorf("the refusal doesn't name the card in Chinese: %v", body["error"])
	}
}
