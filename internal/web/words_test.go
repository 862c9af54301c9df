package web_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// wordsText is a page's visible words: tags gone, spaces collapsed, as a
// person reads the line.
func wordsText(t *testing.T, a *testApp, path string, opts ...reqOpt) string {
	t.Helper()
	s := pageText(t, a, path, opts...)
	s = regexp.MustCompile(`(?s)<script.*?</script>|<[^>]*>`).ReplaceAllString(s, "")
	return strings.Join(strings.Fields(s), " ")
}

// TestWordsLog: the log and the attack line say what happened (issue 23,
// section 5): an attack's number is its roll, a ranged attack says so, the
// defender's own phone says "you", an offer says whether it was accepted
// or declined, and a damage die says what it is for.
func TestWordsLog(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Ann", "zoe-ingstrom"}, [2]string{"Bo", "ox-bellows"}, [2]string{"Cy", "vivian-lopez"})
	table := func(lang string) string {
		return wordsText(t, a, "/g/"+g.code+"/table", g.hostCookie(), withLang(lang))
	}
	phone := func(seat int, lang string) string {
		return wordsText(t, a, "/g/"+g.code, g.seatCookie(seat), withLang(lang))
	}
	// An offer accepted and one declined.
	crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 1, "card": "axe"})
	crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 1, "card": "candle"})
	crAct(a, g, 1, map[string]any{"type": "give_card", "card": "axe", "to": 2})
	offers := a.state(g)["offers"].([]any)
	crAct(a, g, 2, map[string]any{"type": "accept_card", "offer": jsonInt(offers[0].(map[string]any)["offer"])})
	crAct(a, g, 1, map[string]any{"type": "give_card", "card": "candle", "to": 3})
	offers = a.state(g)["offers"].([]any)
	crAct(a, g, 3, map[string]any{"type": "decline_card", "offer": jsonInt(offers[0].(map[string]any)["offer"])})
	// A damage die: the Skeletons' 1 die of mental damage.
	crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 1, "card": "skeletons"})
	crAct(a, g, 1, map[string]any{"type": "apply_effect", "source": "card:skeletons"})
	en, zh := table("en"), table("zh")
	for _, want := range []string{"Bo accepted the Axe", "Cy declined the Candle", "damage from Skeletons, 1 dice"} {
		if !strings.Contains(en, want) {
			t.Errorf("the log lacks %q", want)
		}
	}
	for _, want := range []string{"Bo 接受了斧头", "Cy 拒绝了蜡烛", "造成的损伤，1 颗骰子"} {
		if !strings.Contains(zh, want) {
			t.Errorf("the Chinese log lacks %q", want)
		}
	}
	if strings.Contains(en, "accepted or declined") {
		t.Errorf("the log still says an offer was accepted or declined")
	}

	// The haunt: Ann the traitor; Bo (the Revolver) shoots her at range.
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 2, "card": "revolver"})
	a.act(g, g.seats[1], map[string]any{"type": "attack", "target": map[string]any{"seat": 1}, "trait": "speed", "weapon": "revolver", "ranged": true, "total": 4})
	for _, c := range []struct {
		seat       int
		lang, want string
	}{
		{2, "en", "Bo shoots at Ann from range with Speed and rolls 4. (Revolver) Waiting for Ann to defend."},
		{1, "en", "Bo shoots at you from range with Speed and rolls 4. (Revolver) Roll your defence."},
		{3, "zh", "Bo 以速度远程袭击 Ann，掷出 4 点。（手枪）等待 Ann 防御。"},
		{1, "zh", "Bo 以速度远程袭击你，掷出 4 点。（手枪）轮到你掷骰防御。"},
	} {
		if got := phone(c.seat, c.lang); !strings.Contains(got, c.want) {
			t.Errorf("seat %d (%s): the attack line is not %q", c.seat, c.lang, c.want)
		}
	}
	// One "Turn/damage track" on the traitor's haunt tab: the value's line;
	// the form that sets it is named for what it does.
	if n := strings.Count(phone(1, "en"), "Turn/damage track"); n != 1 {
		t.Errorf("the traitor's page says Turn/damage track %d times, want 1", n)
	}
}

// TestWordsPages: the home page's title, the house list's separators, the
// FAQ link in Chinese and the Image in the Mirror's sides in the FAQ.
func TestWordsPages(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	for lang, want := range map[string]string{"en": "<title>Lantern</title>", "zh": "<title>Lantern 灯笼</title>"} {
		if body := pageText(t, a, "/", withLang(lang)); !strings.Contains(body, want) {
			t.Errorf("%s: the home page's title is not %s", lang, want)
		}
		if body := pageText(t, a, "/box", withLang(lang)); strings.Contains(body, "<title>Lantern · Lantern") {
			t.Errorf("%s: a page titled Lantern · Lantern", lang)
		}
	}
	if body := wordsText(t, a, "/", withLang("zh")); strings.Contains(body, "FAQ") || !strings.Contains(body, "常见问题") {
		t.Errorf("the Chinese home page does not translate FAQ")
	}
	faq := wordsText(t, a, "/rules/faq", withLang("zh"))
	for _, want := range []string{"镜中影像（反相，", "镜中影像（正相，"} {
		if !strings.Contains(faq, want) {
			t.Errorf("the Chinese FAQ does not name the mirror's side %q as the cards do", want)
		}
	}
	g := a.newGame(3, true)
	if got := wordsText(t, a, "/g/"+g.code+"/table", g.hostCookie(), withLang("en")); !strings.Contains(got, "Entrance Hall · Foyer") {
		t.Errorf("the house list runs its rooms together: %q", got[:min(len(got), 400)])
	}
	if rec := a.do(http.MethodGet, "/", "", withLang("en")); rec.Code != http.StatusOK {
		t.Fatalf("home: %d", rec.Code)
	}
}

// TestWordsHiddenTokenTurned: once the traitor's token is face up, the
// reveal no longer says only they know (issue 23).
func TestWordsHiddenTokenTurned(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g, traitor := a.hiddenTraitorGame(t, 4)
	hero := traitor%4 + 1
	before := wordsText(t, a, "/g/"+g.code, g.seatCookie(hero), withLang("zh"))
	if !strings.Contains(before, "只有本人知道") {
		t.Fatalf("before any token is turned the reveal does not say only the traitor knows")
	}
	a.act(g, g.seats[traitor-1], map[string]any{"type": "reveal_token"})
	for _, lang := range []string{"en", "zh"} {
		after := wordsText(t, a, "/g/"+g.code, g.seatCookie(hero), withLang(lang))
		if strings.Contains(after, "only they know") || strings.Contains(after, "只有本人知道") {
			t.Errorf("%s: after the traitor's token is turned the reveal still says only they know", lang)
		}
	}
}
