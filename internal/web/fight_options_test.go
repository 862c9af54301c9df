package web_test

import (
	"html"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"lantern/internal/catalog"
)

// formsOf lists the forms of a page by their action type, each with its
// hidden fields ("join_traitor seat=2"), in page order.
func formsOf(t *testing.T, body string) []string {
	t.Helper()
	var out []string
	for _, f := range regexp.MustCompile(`(?s)<form\b.*?</form>`).FindAllString(body, -1) {
		typ := regexp.MustCompile(`name="type" value="(\w+)"`).FindStringSubmatch(f)
		if typ == nil {
			continue
		}
		line := typ[1]
		for _, m := range regexp.MustCompile(`type="hidden" name="(seat|card|monster)" value="([^"]*)"`).FindAllStringSubmatch(f, -1) {
			line += " " + m[1] + "=" + m[2]
		}
		out = append(out, line)
	}
	return out
}

func tablePage(t *testing.T, a *testApp, g testGame) string {
	t.Helper()
	rec := a.do(http.MethodGet, "/g/"+g.code+"/table", "", g.hostCookie())
	if rec.Code != http.StatusOK {
		t.Fatalf("table page: %d", rec.Code)
	}
	return rec.Body.String()
}

// withPrefix keeps the entries that start with p.
func withPrefix(list []string, p string) []string {
	var out []string
	for _, x := range list {
		if strings.HasPrefix(x, p) {
			out = append(out, x)
		}
	}
	return out
}

// TestHostJoinTraitorFromOptions: the table's "joins the traitor" buttons
// are the engine's list (Options.JoinTraitor). In a haunt with no traitor
// at first (haunt 9, data/haunts.json traitor kind none_at_first) a living
// hero may turn during play (seed 003 l.747: 如果劇本一開始沒有叛徒的話…直到有英雄
// 變成叛徒); in one with a traitor, only the dead may join, as some haunts
// say (seed 001 l.1633: 有些劇本生存者被殺死後，會加入叛徒那一方).
func TestHostJoinTraitorFromOptions(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	crHaunt(t, a, g, "none_at_first")
	if got := withPrefix(formsOf(t, tablePage(t, a, g)), "join_traitor"); !slices.Equal(got, []string{"join_traitor seat=1", "join_traitor seat=2", "join_traitor seat=3"}) {
		t.Errorf("haunt 9: the host may turn any living hero: %v", got)
	}
	crAct(a, g, 0, map[string]any{"type": "join_traitor", "seat": 2})
	if got := withPrefix(formsOf(t, tablePage(t, a, g)), "join_traitor"); !slices.Equal(got, []string{"join_traitor seat=1", "join_traitor seat=3"}) {
		t.Errorf("haunt 9: who turned is no longer offered: %v", got)
	}

	// A haunt with a traitor: nobody while every hero lives.
	g = a.seatGame(true, [2]string{"Ann", "zoe-ingstrom"}, [2]string{"Bo", "ox-bellows"}, [2]string{"Cy", "vivian-lopez"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	if got := withPrefix(formsOf(t, tablePage(t, a, g)), "join_traitor"); len(got) != 0 {
		t.Errorf("seed 001 l.1633: no living hero joins a known traitor: %v", got)
	}
}

// TestFightFormsFollowOptions: through a fight, each phone offers a
// defence, a damage split and a theft at the stage the rules give them
// (seed 000 袭击 l.207-245: the defender rolls, the loser splits, the winner
// of 2+ physical damage may steal instead; the attacker may roll for a
// defender who doesn't answer, app), and exactly when its Options do; the
// table offers the host each of them while the fight waits for it.
func TestFightFormsFollowOptions(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Ann", "zoe-ingstrom"}, [2]string{"Bo", "ox-bellows"}, [2]string{"Cy", "vivian-lopez"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_card", "card": "bell"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0}) // Ann the traitor, Bo plays

	type offered struct{ defend, resolve, steal bool }
	// check: want[i] is what seat i+1's phone offers (Ann, Bo, Cy).
	check := func(stage string, want [3]offered, table offered) {
		t.Helper()
		for seat := 1; seat <= 3; seat++ {
			o := htOptions(a, g, seat)
			opts := offered{defend: o["defend"] != nil, steal: len(htStrings(o["steal"])) > 0}
			if d, ok := o["damage"].(map[string]any); ok && d["action"] == "resolve_damage" {
				opts.resolve = true
			}
			bar := strings.Split(nowBar(t, a, g, seat), " | ")
			got := offered{defend: slices.Contains(bar, "defend"), resolve: slices.Contains(bar, "resolve_damage"), steal: slices.Contains(bar, "steal")}
			if got != want[seat-1] || opts != want[seat-1] {
				t.Errorf("%s: seat %d's phone offers %+v, its Options %+v, want %+v", stage, seat, got, opts, want[seat-1])
			}
		}
		forms := formsOf(t, tablePage(t, a, g))
		got := offered{defend: len(withPrefix(forms, "defend")) > 0, resolve: len(withPrefix(forms, "resolve_damage")) > 0, steal: len(withPrefix(forms, "steal")) > 0}
		if got != table {
			t.Errorf("%s: the table offers %+v, want %+v", stage, got, table)
		}
	}
	none := [3]offered{}
	check("no fight", none, offered{})
	a.act(g, g.seats[1], map[string]any{"type": "attack", "target": map[string]any{"seat": 1}, "trait": "might", "total": 6})
	check("waiting for the defence", [3]offered{{defend: true}, {defend: true}, {}}, offered{defend: true})
	a.act(g, g.seats[0], map[string]any{"type": "defend", "total": 1})
	// The winner chooses first (seed 000 袭击 l.243-245): the loser waits.
	check("Ann lost 5 and holds the Bell", [3]offered{{}, {steal: true}, {}}, offered{steal: true})
	if got := withPrefix(formsOf(t, tablePage(t, a, g)), "steal"); !slices.Equal(got, []string{"steal card=bell"}) {
		t.Errorf("the host steals what the engine allows: %v", got)
	}
	if bar := nowBar(t, a, g, 2); !strings.Contains(bar, "deal_damage") {
		t.Errorf("Bo's now bar offers no choice of the damage: %s", bar)
	}
	a.act(g, g.seats[1], map[string]any{"type": "deal_damage"})
	check("Bo chose the damage", [3]offered{{resolve: true}, {}, {}}, offered{resolve: true})
	a.act(g, g.seats[0], map[string]any{"type": "resolve_damage", "split": map[string]int{"might": 2, "speed": 3}})
	check("the fight is settled", none, offered{})
}

// TestCardSaysWhyNot: a card whose own action the engine refuses now says
// why under it, in the reader's language (seed 002 FAQ: items are used on
// their holder's own turn; the Medical Kit, as the Bell's roll waits for
// the haunt).
func TestCardSaysWhyNot(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "end_turn"})
	crAct(a, g, 2, map[string]any{"type": "draw_card", "card": "medical-kit"})
	page := func(lang string) string {
		rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(2), withLang(lang))
		if rec.Code != http.StatusOK {
			t.Fatalf("seat 2 page: %d", rec.Code)
		}
		return rec.Body.String()
	}
	if strings.Contains(page("en"), `class="hint why"`) {
		t.Errorf("on its holder's turn the Medical Kit may be used: no reason shown")
	}
	crAct(a, g, 2, map[string]any{"type": "end_turn"})
	for lang, want := range map[string]string{"en": "The Medical Kit can only be used on your own turn.", "zh": "只能在你自己的回合使用"} {
		why := regexp.MustCompile(`<p class="hint why">([^<]*)</p>`).FindStringSubmatch(page(lang))
		if why == nil || !strings.Contains(why[1], want) {
			t.Errorf("%s: the Medical Kit's reason %v, want %q", lang, why, want)
		}
	}
}

// TestSkullSplitAsPhysical: the Skull's holder may take mental damage as
// physical (seed 000 颅骨); the phone offers that split beside the mental
// one, from Options.Damage.As, and the engine takes it.
func TestSkullSplitAsPhysical(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "skull", "room": "kitchen"})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 12})
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "room:crypt"}) // 1 mental damage
	rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1))
	body := rec.Body.String()
	now := body[strings.Index(body, `<section id="now"`):]
	now = now[:strings.Index(now, `<nav class="tabs"`)]
	kinds := regexp.MustCompile(`type="hidden" name="kind" value="(\w+)"`).FindAllStringSubmatch(now, -1)
	if len(kinds) != 2 || kinds[0][1] != "mental" || kinds[1][1] != "physical" {
		t.Fatalf("seed 000 颅骨: the now bar's splits take %v, want mental then physical", kinds)
	}
	if !strings.Contains(now, `name="split.might"`) || !strings.Contains(now, `name="split.sanity"`) {
		t.Errorf("the physical split lays out Might and Speed, the mental Sanity and Knowledge")
	}
	crAct(a, g, 1, map[string]any{"type": "take_damage", "kind": "physical", "split": map[string]int{"might": 1}})
	if o := htOptions(a, g, 1); o["damage"] != nil {
		t.Errorf("the damage taken as physical settles it: %v", o["damage"])
	}
}

// phonePage is a seat's phone page, in English.
func phonePage(t *testing.T, a *testApp, g testGame, seat int) string {
	t.Helper()
	rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(seat))
	if rec.Code != http.StatusOK {
		t.Fatalf("seat %d page: %d", seat, rec.Code)
	}
	return rec.Body.String()
}

// TestHeroPhoneStuns: a hero whose card beat a monster outside a fight
// marks it stunned from their own phone (seed 002 FAQ, Dynamite: a monster
// failing the roll is beaten as in a fight; seed 000 l.725 炸药: 怪物则陷入昏迷),
// as the engine's Options.Monsters.Stun offers it.
func TestHeroPhoneStuns(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Ann", "zoe-ingstrom"}, [2]string{"Bo", "ox-bellows"}, [2]string{"Cy", "vivian-lopez"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0}) // Ann the traitor, Bo plays
	crAct(a, g, 0, map[string]any{"type": "add_monster", "kind": "Zombie", "count": 1, "traits": map[string]int{"might": 4, "speed": 2}})
	for seat := 2; seat <= 3; seat++ {
		if got := withPrefix(formsOf(t, phonePage(t, a, g, seat)), "stun"); !slices.Equal(got, []string{"stun monster=zombie-1"}) {
			t.Errorf("seat %d (a hero): the stun control: %v", seat, got)
		}
	}
	crAct(a, g, 3, map[string]any{"type": "stun", "monster": "zombie-1"})
	if got := withPrefix(formsOf(t, phonePage(t, a, g, 2)), "stun"); len(got) != 0 {
		t.Errorf("a stunned monster isn't stunned again: %v", got)
	}
}

// TestGlovesSayWhy: Pickpocket's Gloves ("discard the Gloves to take any
// one item that explorer is carrying", its card text) shows one take form
// per explorer with items and no reason under them; with nobody to take
// from, it says so in the reader's language.
func TestGlovesSayWhy(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "pickpockets-gloves"})
	for lang, want := range map[string]string{"en": "no other living explorer holds an item to take", "zh": "没有其他在世的人物持有可拿取的物品"} {
		if page := pageText(t, a, "/g/"+g.code, g.seatCookie(1), withLang(lang)); !strings.Contains(page, want) {
			t.Errorf("%s: nobody holds an item: the Gloves don't say so", lang)
		}
	}
	crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 2, "card": "axe"})
	page := pageText(t, a, "/g/"+g.code, g.seatCookie(1))
	if !strings.Contains(page, `name="to" value="2"`) || strings.Contains(page, `class="hint why"`) {
		t.Errorf("with a take form the Gloves explain nothing")
	}
}

// TestTableResolveAsPhysical: the Skull's holder may take mental damage as
// physical (seed 000 颅骨); when the table settles a lost fight it offers
// that split beside the mental one, as the phone does (Options.Damage.As).
func TestTableResolveAsPhysical(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Ann", "zoe-ingstrom"}, [2]string{"Bo", "ox-bellows"}, [2]string{"Cy", "vivian-lopez"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "skull", "room": "kitchen"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 12})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0}) // Ann the traitor, Bo plays
	crAct(a, g, 0, map[string]any{"type": "draw_omen", "seat": 2, "omen": "ring", "room": "kitchen"})
	a.act(g, g.seats[1], map[string]any{"type": "attack", "target": map[string]any{"seat": 1}, "trait": "sanity", "total": 4})
	a.act(g, g.seats[0], map[string]any{"type": "defend", "total": 1}) // Ann loses 3 mental
	page := tablePage(t, a, g)
	var splits []string
	for _, f := range regexp.MustCompile(`(?s)<form\b.*?</form>`).FindAllString(page, -1) {
		if strings.Contains(f, `value="resolve_damage"`) {
			splits = append(splits, strings.Join(regexp.MustCompile(`name="kind" value="\w+"|name="split\.(\w+)"`).FindAllString(f, -1), " "))
		}
	}
	want := []string{`name="split.sanity" name="split.knowledge"`, `name="kind" value="physical" name="split.might" name="split.speed"`}
	if !slices.Equal(splits, want) {
		t.Errorf("seed 000 颅骨: the table's splits %q, want the mental one then the physical one", splits)
	}
	crAct(a, g, 0, map[string]any{"type": "resolve_damage", "kind": "physical", "split": map[string]int{"might": 3}})
	if o := htOptions(a, g, 1); o["damage"] != nil {
		t.Errorf("the damage taken as physical settles the fight: %v", o["damage"])
	}
}

// TestDrawPickerFollowsDecide: while an attack waits for its defence, the
// phone's "I drew…" list leaves out Creepy Puppet (its card text: it
// attacks its drawer; app: one attack at a time), which the engine would
// refuse, and keeps the event deck's other cards.
func TestDrawPickerFollowsDecide(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Ann", "zoe-ingstrom"}, [2]string{"Bo", "ox-bellows"}, [2]string{"Cy", "vivian-lopez"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0}) // Ann the traitor, Bo plays
	if page := phonePage(t, a, g, 2); !strings.Contains(page, `value="creepy-puppet"`) {
		t.Fatalf("no attack open: Creepy Puppet may be drawn")
	}
	a.act(g, g.seats[1], map[string]any{"type": "attack", "target": map[string]any{"seat": 1}, "trait": "might", "total": 3})
	page := phonePage(t, a, g, 2)
	if strings.Contains(page, `value="creepy-puppet"`) || !strings.Contains(page, `value="angry-being"`) {
		t.Errorf("while the attack waits: Creepy Puppet left out, the other events kept")
	}
	crRefused(t, a, g, 2, map[string]any{"type": "draw_card", "card": "creepy-puppet"}, http.StatusConflict, "err_attack_in_progress", "")
}

// TestStealToldToLoser: the winner of 2+ physical damage may steal instead
// of dealing it (seed 000 袭击 l.243-245: 可选择偷窃对方身上的一件物件…但对方
// 即无需扣减其能力). While they may, the loser's screen says so; once they
// steal, the loser's screen says what was taken, in both languages — not
// only that the attack is over.
func TestStealToldToLoser(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Ann", "zoe-ingstrom"}, [2]string{"Bo", "ox-bellows"}, [2]string{"Cy", "vivian-lopez"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_card", "card": "bell"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0}) // Ann the traitor, Bo plays
	a.act(g, g.seats[1], map[string]any{"type": "attack", "target": map[string]any{"seat": 1}, "trait": "might", "total": 6})
	a.act(g, g.seats[0], map[string]any{"type": "defend", "total": 1})
	page := func(lang string) string {
		rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1), withLang(lang))
		if rec.Code != http.StatusOK {
			t.Fatalf("Ann's page: %d", rec.Code)
		}
		return html.UnescapeString(rec.Body.String())
	}
	for lang, want := range map[string]string{"en": "Waiting for Bo to choose: steal an item or deal the damage.", "zh": "等待 Bo 选择：偷取一件物品，还是造成损伤。"} {
		if p := page(lang); !strings.Contains(p, want) {
			t.Errorf("%s: while Bo may steal, Ann's page lacks %q", lang, want)
		}
	}
	a.act(g, g.seats[1], map[string]any{"type": "steal", "card": "bell"})
	for lang, want := range map[string]string{
		"en": "Bo stole the " + catalog.Box().Card("bell").Name.In("en") + " from Ann instead of dealing damage.",
		"zh": "Bo 偷走了 Ann 的" + catalog.Box().Card("bell").Name.In("zh") + "，代替造成损伤。",
	} {
		if p := page(lang); !strings.Contains(p, want) {
			t.Errorf("%s: after the theft, Ann's page lacks %q", lang, want)
		}
	}
}
