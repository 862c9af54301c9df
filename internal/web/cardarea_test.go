package web_test

// The phone's card area follows the engine's options (issue 10, item 3):
// each card's buttons, the pile's pick-ups and the rooms' effects are
// exactly what GET /me's "options" allow, never worked out again.

import (
	"regexp"
	"strings"
	"testing"
)

// caHandForms finds, in a phone page, the actions each hand card offers
// (card id -> action types of its forms).
func caHandForms(t *testing.T, page string) map[string]map[string]bool {
	t.Helper()
	i := strings.Index(page, `<ul class="hand">`)
	if i < 0 {
		return map[string]map[string]bool{}
	}
	hand := page[i:]
	hand = hand[:strings.Index(hand, "</ul>")]
	out := map[string]map[string]bool{}
	card := regexp.MustCompile(`<a href="/cards/([a-z0-9-]+)"`)
	typ := regexp.MustCompile(`name="type" value="([a-z_]+)"`)
	for _, li := range strings.Split(hand, "<li ")[1:] {
		m := card.FindStringSubmatch(li)
		if m == nil {
			t.Fatalf("a hand card without its link: %s", li)
		}
		forms := map[string]bool{}
		for _, f := range typ.FindAllStringSubmatch(li, -1) {
			forms[f[1]] = true
		}
		out[m[1]] = forms
	}
	return out
}

// caCheck compares one seat's phone with its options.
func caCheck(t *testing.T, a *testApp, g testGame, seat int, what string) map[string]any {
	t.Helper()
	opts := htOptions(a, g, seat)
	page := pageText(t, a, "/g/"+g.code, g.seatCookie(seat))
	forms := caHandForms(t, page)
	cards, _ := opts["cards"].([]any)
	if len(cards) != len(forms) {
		t.Errorf("%s: seat %d's phone shows %d cards, options %d", what, seat, len(forms), len(cards))
	}
	applyRoll, _ := opts["apply_roll"].(map[string]any)
	for _, c := range cards {
		c := c.(map[string]any)
		id := c["card"].(string)
		f := forms[id]
		give, _ := c["give"].([]any)
		oneTap := c["apply"] == true && (applyRoll == nil || applyRoll["source"] != "card:"+id)
		want := map[string]bool{
			"give_card":    len(give) > 0,
			"drop_card":    c["drop"] == true,
			"discard_card": c["discard"] == true,
			"roll":         c["roll"] == true,
			// A card applied without a roll offers that instead of Use.
			"apply_effect": oneTap,
			"use_card":     c["use"] == true && !oneTap,
		}
		for typ, w := range want {
			if f[typ] != w {
				t.Errorf("%s: seat %d's %s: %s form %v, options say %v (%v)", what, seat, id, typ, f[typ], w, c)
			}
		}
	}
	// Pick-ups: a button for each card the options allow, none for the rest.
	pick := regexp.MustCompile(`name="type" value="pick_up"[^<]*>(?:<input type="hidden" name="(?:as|version)" value="[a-z0-9]+"[^<]*>)*<input type="hidden" name="room" value="([a-z0-9-]+)"[^<]*><input type="hidden" name="card" value="([a-z0-9-]+)"`)
	shown := map[string]bool{}
	for _, m := range pick.FindAllStringSubmatch(page, -1) {
		shown[m[1]+"/"+m[2]] = true
	}
	allowed := map[string]bool{}
	pu, _ := opts["pick_up"].([]any)
	for _, p := range pu {
		p := p.(map[string]any)
		allowed[p["pile"].(string)+"/"+p["card"].(string)] = true
	}
	if len(shown) != len(allowed) {
		t.Errorf("%s: seat %d's pick-ups %v, options %v", what, seat, shown, allowed)
	}
	for k := range allowed {
		if !shown[k] {
			t.Errorf("%s: seat %d may pick up %s but the phone has no button", what, seat, k)
		}
	}
	return opts
}

func TestPhoneCardAreaFollowsOptions(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "mask", "room": "kitchen"})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 12})
	for _, c := range []string{"medical-kit", "healing-salve", "lights-out", "axe"} {
		crAct(a, g, 1, map[string]any{"type": "draw_card", "card": c})
	}
	opts := caCheck(t, a, g, 1, "hand drawn")
	caCheck(t, a, g, 2, "hand drawn")
	forms := caHandForms(t, pageText(t, a, "/g/"+g.code, g.seatCookie(1)))
	// Seed 000 面具: the Mask needs its Sanity roll first: no Use yet.
	if forms["mask"]["use_card"] || !forms["mask"]["roll"] {
		t.Errorf("the Mask before its roll: %v", forms["mask"])
	}
	// A lingering event acts by itself: nothing to use (the old phone
	// offered no Use either).
	if forms["lights-out"]["use_card"] {
		t.Errorf("Lights Out offers Use: %v", forms["lights-out"])
	}
	for _, c := range opts["cards"].([]any) {
		if c := c.(map[string]any); c["card"] == "mask" {
			if r, _ := c["refused"].(map[string]any)["use"].(map[string]any); r["key"] != "err_card_roll_first" {
				t.Errorf("options say why the Mask can't be used: %v", c["refused"])
			}
		}
	}

	// A Sanity roll of 1: not this turn, and the roll was this turn's try.
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "sanity", "source": "card:mask", "purpose": "omen", "total": 1})
	caCheck(t, a, g, 1, "after the Mask's roll of 1")
	page := pageText(t, a, "/g/"+g.code, g.seatCookie(1))
	if forms := caHandForms(t, page); forms["mask"]["use_card"] || forms["mask"]["roll"] {
		t.Errorf("the Mask after a roll of 1: %v", forms["mask"])
	}
	if !strings.Contains(page, `name="source" value="card:mask"`) {
		t.Errorf("no Apply for the Mask's roll of 1")
	}

	// Used items can't be handed over or dropped; piles offer pick-ups only
	// on one's own turn.
	crAct(a, g, 1, map[string]any{"type": "use_card", "card": "medical-kit"})
	crAct(a, g, 1, map[string]any{"type": "drop_card", "card": "axe", "room": "kitchen"})
	caCheck(t, a, g, 1, "after using the kit and dropping the axe")
	if forms := caHandForms(t, pageText(t, a, "/g/"+g.code, g.seatCookie(1))); forms["medical-kit"]["give_card"] || forms["medical-kit"]["drop_card"] {
		t.Errorf("the used Medical Kit: %v", forms["medical-kit"])
	}
	caCheck(t, a, g, 2, "someone else's turn")
	if strings.Contains(pageText(t, a, "/g/"+g.code, g.seatCookie(2)), `value="pick_up"`) {
		t.Errorf("seat 2 is offered a pick-up on seat 1's turn")
	}
	crAct(a, g, 1, map[string]any{"type": "end_turn"})
	if o := caCheck(t, a, g, 2, "seat 2's turn"); o["pick_up"] == nil {
		t.Errorf("seat 2 may pick up the Axe on its turn: %v", o["pick_up"])
	}
}

// TestPhoneRoomEffectsFollowOptions: the rooms' rolls and gains on the
// phone are the ones the engine allows now.
func TestPhoneRoomEffectsFollowOptions(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	// Only rooms in the house are offered (issue 23): the Chapel and the
	// Vault are discovered first, each drawing its event.
	for _, act := range []map[string]any{
		{"type": "discover_room", "room": "chapel", "floor": "ground"},
		{"type": "draw_card", "card": "what-the"},
		{"type": "discover_room", "room": "vault", "floor": "upper"},
		{"type": "draw_card", "card": "smoke"},
	} {
		crAct(a, g, 1, act)
	}
	// A room's roll is a form of its own; its gain an option of the
	// gains' list.
	has := func(source string) bool {
		p := pageText(t, a, "/g/"+g.code, g.seatCookie(1))
		return strings.Contains(p, `name="source" value="`+source+`"`) || strings.Contains(p, `<option value="`+source+`"`)
	}
	if !has("room:chapel") || !has("room:vault") {
		t.Fatalf("the Chapel's gain and the Vault's roll are offered at first")
	}
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "room:chapel"})
	if has("room:chapel") {
		t.Errorf("seed 000 礼拜堂: the Chapel's gain is offered again")
	}
	rollForm := regexp.MustCompile(`name="type" value="roll"[^<]*>(?:<input type="hidden" name="(?:as|version)" value="[a-z0-9]+"[^<]*>)*<input type="hidden" name="source" value="room:vault"`)
	if !rollForm.MatchString(pageText(t, a, "/g/"+g.code, g.seatCookie(1))) {
		t.Fatalf("no roll form for the Vault")
	}
	crAct(a, g, 1, map[string]any{"type": "roll", "trait": "knowledge", "purpose": "room", "source": "room:vault", "total": 1})
	// The Vault's outcome may still be applied; its roll not tried again.
	page := pageText(t, a, "/g/"+g.code, g.seatCookie(1))
	if rollForm.MatchString(page) {
		t.Errorf("seed 002 FAQ (the Vault): a voluntary roll once per turn; the phone offers it again")
	}
	if !strings.Contains(page, `name="source" value="room:vault"`) {
		t.Errorf("the Vault's roll of 1 has no Apply")
	}
}
