package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/i18n"
)

// nowBarHTML is the now bar of a seat's phone page, in lang.
func nowBarHTML(t *testing.T, a *testApp, g testGame, seat int, lang string) string {
	t.Helper()
	page := pageText(t, a, "/g/"+g.code, g.seatCookie(seat), withCookie("lantern_lang", lang))
	i := strings.Index(page, `id="now"`)
	if i < 0 {
		t.Fatalf("seat %d's phone has no now bar", seat)
	}
	page = page[i:]
	if j := strings.Index(page, `<nav class="tabs"`); j >= 0 {
		page = page[:j]
	}
	return page
}

// TestFootstepsShareOnEachPhone: Footsteps 0 — "every explorer loses 1 from
// a trait of their choice" (its card): once the roller applied it, each
// other explorer's now bar asks for their own trait and takes it, once, in
// English and Chinese.
func TestFootstepsShareOnEachPhone(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		a := newTestApp(t)
		g := a.newGame(3, true)
		crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "footsteps"})
		crAct(a, g, 1, map[string]any{"type": "roll", "dice": 1, "source": "card:footsteps", "purpose": "event", "total": 0})
		crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:footsteps", "trait": "speed"})
		for _, seat := range []int{2, 3} {
			now := nowBarHTML(t, a, g, seat, lang)
			if !strings.Contains(now, `value="card:footsteps"`) || !strings.Contains(now, `<select name="trait"`) {
				t.Errorf("%s: seat %d's now bar has no trait to lose for Footsteps:\n%s", lang, seat, now)
			}
		}
		before, _, _ := htTrait(a.state(g), 2, "knowledge")
		crAct(a, g, 2, map[string]any{"type": "apply_effect", "source": "card:footsteps", "trait": "knowledge"})
		if after, _, _ := htTrait(a.state(g), 2, "knowledge"); after != before-1 {
			t.Errorf("%s: seat 2's Knowledge %d → %d, want one less", lang, before, after)
		}
		if now := nowBarHTML(t, a, g, 2, lang); strings.Contains(now, `value="card:footsteps"`) {
			t.Errorf("%s: seat 2 is asked again after taking its share", lang)
		}
		if now := nowBarHTML(t, a, g, 3, lang); !strings.Contains(now, `value="card:footsteps"`) {
			t.Errorf("%s: seat 3's share went with seat 2's", lang)
		}
	}
}

// TestSpiderOffersSpeedOrSanity: Spider — "Make a Speed roll to brush it
// off or a Sanity roll to stay still" (its card): the now bar offers both
// rolls, in English and Chinese, and the Sanity one is accepted.
func TestSpiderOffersSpeedOrSanity(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		a := newTestApp(t)
		g := a.newGame(2, true)
		crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "spider"})
		now := nowBarHTML(t, a, g, 1, lang)
		for _, trait := range []string{"speed", "sanity"} {
			if !strings.Contains(now, `name="trait" value="`+trait+`"`) {
				t.Errorf("%s: the now bar has no %s roll for the Spider", lang, trait)
			}
		}
		crAct(a, g, 1, map[string]any{"type": "roll", "trait": "sanity", "source": "card:spider", "purpose": "event"})
		if now := nowBarHTML(t, a, g, 1, lang); !strings.Contains(now, `value="apply_effect"`) {
			t.Errorf("%s: no Apply in the now bar after the Sanity roll", lang)
		}
	}
}

// TestTraitorTokenWaitsForOwed (issue 23, section 1): when a hidden traitor
// turns their token up, a phone that owes something now (here a drawn
// event's roll) keeps its reveal sheet shut — the once-key is unchanged —
// and its now bar says who the traitor is in a line; once nothing is owed
// the sheet's key changes and it opens.
func TestTraitorTokenWaitsForOwed(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g, traitor := a.hiddenTraitorGame(t, 3)
	hero := a.publicState(g).Turn.Seat
	if hero == traitor {
		a.act(g, g.seats[hero-1], map[string]any{"type": "end_turn"})
		hero = a.publicState(g).Turn.Seat
	}
	a.act(g, g.seats[hero-1], map[string]any{"type": "draw_card", "card": "rotten"})
	a.act(g, g.seats[traitor-1], map[string]any{"type": "reveal_token"})
	key := fmt.Sprintf(`-traitor%d"`, traitor)
	for _, lang := range []string{"en", "zh"} {
		page := pageText(t, a, "/g/"+g.code, g.seatCookie(hero), withCookie("lantern_lang", lang))
		if strings.Contains(page, key) {
			t.Errorf("%s: the reveal sheet reopens over the owed roll", lang)
		}
		if now := nowBarHTML(t, a, g, hero, lang); !strings.Contains(now, i18n.T(lang, "traitor_is", testNames[traitor-1])) {
			t.Errorf("%s: the now bar doesn't say who the traitor is", lang)
		}
	}
	a.act(g, g.seats[hero-1], map[string]any{"type": "roll", "trait": "sanity", "source": "card:rotten", "purpose": "event", "total": 5})
	a.act(g, g.seats[hero-1], map[string]any{"type": "apply_effect", "source": "card:rotten"})
	if page := pageText(t, a, "/g/"+g.code, g.seatCookie(hero)); !strings.Contains(page, key) {
		t.Errorf("the reveal sheet's key is unchanged once nothing is owed")
	}
}

// TestAmuletGiveAwayWarns: the Amulet of the Ages — "If you lose it, lose 3
// from each of those traits" (its card): giving it away or dropping it asks
// first, saying what it costs, in English and Chinese; a card that only
// takes back its own gain (the Bell) asks nothing.
func TestAmuletGiveAwayWarns(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		a := newTestApp(t)
		g := a.newGame(2, true)
		crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "amulet-of-the-ages"})
		crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "bell"})
		page := pageText(t, a, "/g/"+g.code, g.seatCookie(1), withCookie("lantern_lang", lang))
		warn := map[string]string{"en": "Losing the Amulet of the Ages costs you", "zh": "失去护符会令你"}[lang]
		if n := strings.Count(page, `data-confirm="`+warn); n != 2 {
			t.Errorf("%s: %d give or drop forms warn of the Amulet's cost, want 2", lang, n)
		}
		// The warning asked, not the Bell's own text (its whole text is in
		// the hand, and says what losing it takes back).
		if strings.Contains(page, `data-confirm="`+map[string]string{"en": "Losing the Bell", "zh": "失去手铃"}[lang]) {
			t.Errorf("%s: giving the Bell away warns, though it only takes back its own gain", lang)
		}
	}
}

// TestCardHandedOverNotCalledUsed: a card handed over rests in its new
// hand for the turn (seed 002 FAQ: one action per item per turn), and the
// phone says it is new this turn, not that it was used.
func TestCardHandedOverNotCalledUsed(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		a := newTestApp(t)
		g := a.newGame(2, true)
		crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "revolver"})
		crAct(a, g, 1, map[string]any{"type": "end_turn"})
		crAct(a, g, 2, map[string]any{"type": "draw_card", "card": "candle"})
		crAct(a, g, 2, map[string]any{"type": "give_card", "card": "candle", "to": 1})
		offers, _ := a.state(g)["offers"].([]any)
		if len(offers) != 1 {
			t.Fatalf("offers %v", offers)
		}
		crAct(a, g, 1, map[string]any{"type": "accept_card", "offer": jsonInt(offers[0].(map[string]any)["offer"])})
		page := pageText(t, a, "/g/"+g.code, g.seatCookie(1), withCookie("lantern_lang", lang))
		if !strings.Contains(page, i18n.T(lang, "moved_here")) || strings.Contains(page, `<span class="badge">`+i18n.T(lang, "used")+`</span>`) {
			t.Errorf("%s: the Candle handed over isn't shown as new this turn (or is called used)", lang)
		}
	}
}

// TestGroundskeeperInTheGardens: Groundskeeper — "roll 2 fewer dice in the
// Gardens" (its card): drawn for the Gardens, the now bar offers the roll
// there too, and it rolls 2 fewer dice.
func TestGroundskeeperInTheGardens(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		a := newTestApp(t)
		g := a.newGame(2, true)
		crAct(a, g, 1, map[string]any{"type": "discover_room", "room": "gardens", "floor": "ground"})
		crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "groundskeeper"})
		now := nowBarHTML(t, a, g, 1, lang)
		if !strings.Contains(now, `name="room" value="gardens"`) || !strings.Contains(now, map[string]string{"en": "in the Gardens", "zh": "（在庭院）"}[lang]) {
			t.Errorf("%s: the now bar has no Groundskeeper roll in the Gardens:\n%s", lang, now)
		}
		_, know, _ := htTrait(a.state(g), 1, "knowledge")
		crAct(a, g, 1, map[string]any{"type": "roll", "trait": "knowledge", "source": "card:groundskeeper", "purpose": "event", "room": "gardens"})
		rolls := a.publicState(g).Rolls
		if last := rolls[len(rolls)-1]; last.Dice != max(know-2, 1) {
			t.Errorf("%s: %d dice in the Gardens with Knowledge %d", lang, last.Dice, know)
		}
	}
}

// TestMedicalKitSplitOnThePhone: Medical Kit 6–7 — "Regain up to 2 points
// split between Might and Speed" (its card): the phone's Apply offers the
// split, and a split sent from the form heals both traits of the explorer
// named, in English and Chinese.
func TestMedicalKitSplitOnThePhone(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		a := newTestApp(t)
		g := a.newGame(2, true)
		crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "medical-kit"})
		crAct(a, g, 0, map[string]any{"type": "take_damage", "seat": 2, "kind": "physical", "split": map[string]any{"might": 2, "speed": 1}})
		crAct(a, g, 1, map[string]any{"type": "roll", "trait": "knowledge", "source": "card:medical-kit", "purpose": "item", "total": 6})
		page := pageText(t, a, "/g/"+g.code, g.seatCookie(1), withCookie("lantern_lang", lang))
		if !strings.Contains(page, `name="split.might"`) || !strings.Contains(page, `name="split.speed"`) || !strings.Contains(page, i18n.T(lang, "heal_split", 2)) {
			t.Fatalf("%s: the Medical Kit's Apply offers no split", lang)
		}
		might, _, _ := htTrait(a.state(g), 2, "might")
		speed, _, _ := htTrait(a.state(g), 2, "speed")
		version := strconv.Itoa(a.publicState(g).Version)
		rec := a.form("/g/"+g.code+"/act", url.Values{"type": {"apply_effect"}, "as": {"seat"}, "version": {version}, "source": {"card:medical-kit"},
			"trait": {"might"}, "to": {"2"}, "split.might": {"1"}, "split.speed": {"1"}}, g.seatCookie(1))
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("%s: the split was refused: %d %s", lang, rec.Code, rec.Body.String())
		}
		m2, _, _ := htTrait(a.state(g), 2, "might")
		s2, _, _ := htTrait(a.state(g), 2, "speed")
		if m2 != might+1 || s2 != speed+1 {
			t.Errorf("%s: Might %d → %d, Speed %d → %d; want one each", lang, might, m2, speed, s2)
		}
	}
}

// TestCryptEndOfTurnInNowBar: the Crypt — "take 1 mental damage if you end
// your turn here" (its tile, end_turn_damage): once in the house, the now
// bar offers its damage in one tap before End my turn, in English and
// Chinese, and the tap asks for the split.
func TestCryptEndOfTurnInNowBar(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		a := newTestApp(t)
		g := a.newGame(2, true)
		if now := nowBarHTML(t, a, g, 1, lang); strings.Contains(now, `value="room:crypt"`) {
			t.Errorf("%s: the Crypt's damage offered before it is in the house", lang)
		}
		crAct(a, g, 1, map[string]any{"type": "discover_room", "room": "crypt", "floor": "basement"})
		crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "what-the"})
		now := nowBarHTML(t, a, g, 1, lang)
		if !strings.Contains(now, `value="room:crypt"`) || !strings.Contains(now, i18n.T(lang, "phone_end_in_room", roomNameIn(lang, "crypt"))) {
			t.Fatalf("%s: the now bar doesn't offer the Crypt's end-of-turn damage:\n%s", lang, now)
		}
		crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "room:crypt"})
		if now := nowBarHTML(t, a, g, 1, lang); !strings.Contains(now, `class="damage split"`) {
			t.Errorf("%s: no split after the Crypt's damage", lang)
		}
	}
}

func roomNameIn(lang, id string) string { return catalog.Box().Room(id).Name.In(lang) }

// TestDrawEffectInNowBar: Skeletons — "Put the Skeletons token here and
// take 1 die of mental damage" (its card's draw effect, no roll): the now
// bar offers it in one tap until it is applied.
func TestDrawEffectInNowBar(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh"} {
		a := newTestApp(t)
		g := a.newGame(2, true)
		crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "skeletons"})
		if now := nowBarHTML(t, a, g, 1, lang); !strings.Contains(now, `name="source" value="card:skeletons"`) {
			t.Fatalf("%s: the now bar doesn't offer the Skeletons' effect:\n%s", lang, now)
		}
		crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:skeletons"})
		if now := nowBarHTML(t, a, g, 1, lang); strings.Contains(now, `name="source" value="card:skeletons"`) {
			t.Errorf("%s: the Skeletons' effect is offered again after it was applied", lang)
		}
	}
}
