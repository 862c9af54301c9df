package web_test

// Regression tests through the API for single cards' printed limits
// (issue 10): what a player does for them on the phone, each citing the
// card's text or the seed line it follows.

import (
	"net/http"
	"strings"
	"testing"
)

func clOptionCardRolls(a *testApp, g testGame, seat int) []map[string]any {
	a.t.Helper()
	var out []map[string]any
	rolls, _ := htOptions(a, g, seat)["card_rolls"].([]any)
	for _, r := range rolls {
		out = append(out, r.(map[string]any))
	}
	return out
}

func clCards(a *testApp, g testGame) map[string]any {
	a.t.Helper()
	return a.state(g)["cards"].(map[string]any)
}

// TestCardWebsRescue: webs — "Once per turn you or any explorer may roll
// Might 4+ to free you" (seed 001 絲網: 其他進入這房間的人物，可進行力量的能力考驗
// 來解救被困的人物); never discarded by hand.
func TestCardWebsRescue(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "webs"})
	crRefused(t, a, g, 1, map[string]any{"type": "roll", "trait": "speed", "source": "card:webs", "purpose": "event", "total": 0}, http.StatusBadRequest, "err_roll_traits", "Webs")
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "might", "source": "card:webs", "purpose": "event", "total": 0})
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:webs"})
	crRefused(t, a, g, 1, map[string]any{"type": "discard_card", "card": "webs"}, http.StatusConflict, "err_event_not_cleared", "Webs")
	crAct(a, g, 1, map[string]any{"type": "end_turn"})

	rolls := clOptionCardRolls(a, g, 2)
	if len(rolls) != 1 || rolls[0]["card"] != "webs" || jsonInt(rolls[0]["holder"]) != 1 || rolls[0]["trait"] != "might" {
		t.Fatalf("seat 2 is offered the rescue roll: %v", rolls)
	}
	if page := pageText(t, a, "/g/"+g.code, g.seatCookie(2)); !strings.Contains(page, `name="source" value="card:webs"`) {
		t.Errorf("seat 2's phone has no rescue roll for the Webs")
	}
	might := func() int { p, _, _ := htTrait(a.state(g), 2, "might"); return p }
	before := might()
	crAct(a, g, 2, map[string]any{"type": "roll", "trait": "might", "source": "card:webs", "purpose": "event", "total": 4})
	crAct(a, g, 2, map[string]any{"type": "apply_effect", "source": "card:webs"})
	if crHas(crHand(a, g, 1), "webs") || might() != before {
		t.Errorf("webs: a rescuer's 4+ frees the holder (no Might gain): held %v, Might %d → %d", crHand(a, g, 1), before, might())
	}
}

// TestCardHangedMen: hanged-men — "Make a roll for each of your four
// traits … If all four rolls are 2+, gain 1 in a trait of your choice"
// (seed 000 绞死者).
func TestCardHangedMen(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "hanged-men"})
	know := func() int { p, _, _ := htTrait(a.state(g), 1, "knowledge"); return p }
	before := know()
	trait := "speed"
	for i := range 4 {
		crAct(a, g, 1, map[string]any{"type": "roll", "trait": trait, "source": "card:hanged-men", "purpose": "event", "total": 2})
		if i == 3 {
			break
		}
		crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:hanged-men"})
		crRefused(t, a, g, 1, map[string]any{"type": "roll", "trait": trait, "source": "card:hanged-men", "purpose": "event", "total": 2},
			http.StatusConflict, "err_trait_rolled", "Hanged Men")
		rolls := clOptionCardRolls(a, g, 1)
		if len(rolls) != 1 || rolls[0]["card"] != "hanged-men" {
			t.Fatalf("roll %d: the next trait is offered: %v", i+2, rolls)
		}
		trait = rolls[0]["trait"].(string)
	}
	ar, _ := htOptions(a, g, 1)["apply_roll"].(map[string]any)
	if traits, _ := ar["traits"].([]any); len(traits) != 4 {
		t.Fatalf("all four 2+: the outcome asks for a trait: %v", ar)
	}
	if page := pageText(t, a, "/g/"+g.code, g.seatCookie(1)); !strings.Contains(page, `<select name="trait"`) {
		t.Errorf("the phone's Apply line has no trait to pick")
	}
	crRefused(t, a, g, 1, map[string]any{"type": "apply_effect", "source": "card:hanged-men"}, http.StatusBadRequest, "err_choose_trait", "Hanged Men")
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:hanged-men", "trait": "knowledge"})
	if know() != before+1 {
		t.Errorf("hanged-men: all four 2+: Knowledge %d → %d", before, know())
	}
}

// TestCardJonahsTurn: jonahs-turn — "If any explorer has the Puzzle Box,
// they discard it and draw a replacement item, and you gain 1 Sanity"
// (cards.csv); the public state shows the replacement owed.
func TestCardJonahsTurn(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 2, "card": "puzzle-box"})
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "jonahs-turn"})
	if eff, _ := htOptions(a, g, 1)["draw_effects"].([]any); len(eff) != 1 || eff[0].(map[string]any)["card"] != "jonahs-turn" {
		t.Errorf("the drawer may apply Jonah's Turn: %v", eff)
	}
	if page := pageText(t, a, "/g/"+g.code, g.seatCookie(1)); !strings.Contains(page, `name="source" value="card:jonahs-turn"`) {
		t.Errorf("the phone offers no Apply for Jonah's Turn")
	}
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:jonahs-turn"})
	cards := clCards(a, g)
	owed, _ := cards["owed_draws"].([]any)
	if len(owed) != 1 || jsonInt(owed[0].(map[string]any)["seat"]) != 2 || owed[0].(map[string]any)["deck"] != "item" {
		t.Fatalf("the replacement owed: %v", cards)
	}
	if drew := cards["drew_by"].(map[string]any); jsonInt(drew["jonahs-turn"]) != 1 || jsonInt(drew["puzzle-box"]) != 2 {
		t.Errorf("drew_by %v", drew)
	}
	if done, _ := cards["effects_done"].([]any); len(done) != 1 || done[0] != "jonahs-turn" {
		t.Errorf("effects_done %v", done)
	}
	if crHas(crHand(a, g, 2), "puzzle-box") {
		t.Errorf("the Puzzle Box is discarded")
	}
	crAct(a, g, 2, map[string]any{"type": "draw_card", "card": "axe"}) // on seat 1's turn
	crRefused(t, a, g, 2, map[string]any{"type": "draw_card", "card": "bell"}, http.StatusForbidden, "err_not_your_turn", "")
}

// TestCardMedicalKit: medical-kit — "heal yourself or another living
// explorer in your room, never above starting values … on 4–5 one point"
// (seed 000 医药包: 被医治的人物之能力不可高于基本值).
func TestCardMedicalKit(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "medical-kit"})
	crAct(a, g, 0, map[string]any{"type": "take_damage", "seat": 2, "kind": "physical", "split": map[string]any{"might": 2, "speed": 1}})
	might := func() int { p, _, _ := htTrait(a.state(g), 2, "might"); return p }
	before := might()
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "knowledge", "source": "card:medical-kit", "purpose": "item", "total": 4})
	ar, _ := htOptions(a, g, 1)["apply_roll"].(map[string]any)
	if to, _ := ar["to"].([]any); len(to) != 1 || jsonInt(to[0]) != 2 {
		t.Errorf("the kit may heal seat 2: %v", ar)
	}
	crRefused(t, a, g, 1, map[string]any{"type": "apply_effect", "source": "card:medical-kit", "to": 2}, http.StatusBadRequest, "err_heal_choose", "Medical Kit")
	crRefused(t, a, g, 1, map[string]any{"type": "apply_effect", "source": "card:medical-kit", "to": 2, "split": map[string]any{"might": 2}},
		http.StatusBadRequest, "err_heal_most", "Medical Kit")
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:medical-kit", "to": 2, "trait": "might"})
	if might() != before+1 {
		t.Errorf("medical-kit 4–5: one point: Might %d → %d", before, might())
	}
}

// TestCardMusicBox: music-box — "Once per turn you may open or close the
// Music Box. While it is open, any explorer … must make a Sanity roll of
// 4+ or end its turn, mesmerised; a mesmerised carrier drops the box,
// which stays open" (cards.csv).
func TestCardMusicBox(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "music-box"})
	crRefused(t, a, g, 1, map[string]any{"type": "roll", "trait": "sanity", "source": "card:music-box", "purpose": "item", "total": 0},
		http.StatusConflict, "err_card_off", "Music Box")
	crAct(a, g, 1, map[string]any{"type": "use_card", "card": "music-box"})
	if on, _ := clCards(a, g)["on"].([]any); len(on) != 1 || on[0] != "music-box" {
		t.Fatalf("open after use: %v", on)
	}
	crRefused(t, a, g, 1, map[string]any{"type": "use_card", "card": "music-box"}, http.StatusConflict, "err_card_used_turn", "Music Box")
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "sanity", "source": "card:music-box", "purpose": "item", "total": 0})
	crRefused(t, a, g, 1, map[string]any{"type": "apply_effect", "source": "card:music-box"}, http.StatusBadRequest, "err_drop_room", "Music Box")
	if ar, _ := htOptions(a, g, 1)["apply_roll"].(map[string]any); ar["room"] != true {
		t.Errorf("the outcome asks where the box is dropped: %v", ar)
	}
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:music-box", "room": "kitchen"})
	st := a.publicState(g)
	if st.Turn.Seat != 2 || len(st.Piles) != 1 || st.Piles[0].Cards[0] != "music-box" || len(st.Cards.On) != 1 {
		t.Errorf("mesmerised: turn %d, piles %v, on %v", st.Turn.Seat, st.Piles, st.Cards.On)
	}
}

// TestCardGraveDirtEndsInItsRooms: grave-dirt — "Discard it when … you end
// a turn in the Balcony, Gardens, Graveyard, Gymnasium, Larder, Patio or
// Tower" (seed 000 墓土); the phone offers the rooms on the card.
func TestCardGraveDirtEndsInItsRooms(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	// Drawn for the Gardens: the phone offers only the card's rooms in
	// the house (issue 23), the engine all seven.
	crAct(a, g, 1, map[string]any{"type": "discover_room", "room": "gardens", "floor": "ground"})
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "grave-dirt"})
	crRefused(t, a, g, 1, map[string]any{"type": "discard_card", "card": "grave-dirt"}, http.StatusConflict, "err_event_not_cleared", "Grave Dirt")
	if in, _ := htOptions(a, g, 1)["end_turn_in"].([]any); len(in) != 7 {
		t.Errorf("end_turn_in %v", in)
	}
	page := pageText(t, a, "/g/"+g.code, g.seatCookie(1))
	if !strings.Contains(page, `<option value="gardens">`) {
		t.Errorf("the phone doesn't offer ending the turn in the Gardens")
	}
	if strings.Contains(page, `<option value="balcony">`) {
		t.Errorf("the phone offers ending the turn in the Balcony, not in the house")
	}
	crAct(a, g, 1, map[string]any{"type": "end_turn", "room": "gardens"})
	if crHas(crHand(a, g, 1), "grave-dirt") {
		t.Errorf("grave-dirt: ending a turn in the Gardens discards it")
	}
}

// TestCardCreepyPuppetRewardsTheSpear: creepy-puppet — "If you take any
// damage, the explorer holding the Spear gains 2 Might, unless that
// explorer is you" (seed 000 凶邪玩偶).
func TestCardCreepyPuppetRewardsTheSpear(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 0, map[string]any{"type": "draw_omen", "seat": 2, "omen": "spear", "room": "kitchen"})
	crAct(a, g, 0, map[string]any{"type": "haunt_roll", "seat": 2, "total": 12})
	might := func() int { p, _, _ := htTrait(a.state(g), 2, "might"); return p }
	before := might()
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "creepy-puppet", "total": 6})
	crAct(a, g, 1, map[string]any{"type": "defend", "total": 0})
	crAct(a, g, 1, map[string]any{"type": "resolve_damage", "split": map[string]any{"speed": 3, "might": 3}})
	if might() != before+2 {
		t.Errorf("creepy-puppet: the Spear's holder gains 2 Might: %d → %d", before, might())
	}
}

// TestCardPickpocketsGloves: pickpockets-gloves — "discard the Gloves to
// take any one item that explorer is carrying" (cards.csv); the phone
// offers one form per explorer with items.
func TestCardPickpocketsGloves(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "pickpockets-gloves"})
	crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 2, "card": "axe"})
	if page := pageText(t, a, "/g/"+g.code, g.seatCookie(1)); !strings.Contains(page, `name="to" value="2"`) || !strings.Contains(page, `<option value="axe">`) {
		t.Errorf("the phone offers no take from seat 2")
	}
	crRefused(t, a, g, 1, map[string]any{"type": "use_card", "card": "pickpockets-gloves"}, http.StatusBadRequest, "err_take_from", "Pickpocket")
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:pickpockets-gloves", "to": 2, "card": "axe"})
	if h := crHand(a, g, 1); !crHas(h, "axe") || crHas(h, "pickpockets-gloves") {
		t.Errorf("pickpockets-gloves: seat 1 holds %v", h)
	}
}
