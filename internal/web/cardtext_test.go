package web_test

import (
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/i18n"
)

// TestHeldEventShowsText: an event card kept in the hand (Debris buries
// you until you are freed) shows its own words there, in the reader's
// language, as a drawn card with a roll does — the card is the rule.
func TestHeldEventShowsText(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "debris"})
	for _, lang := range []string{"en", "zh"} {
		rec := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1), withLang(lang))
		want := html.EscapeString(catalog.Box().Card("debris").Text.In(lang))
		if i := strings.Index(rec.Body.String(), `class="hand"`); i < 0 || !strings.Contains(rec.Body.String()[i:], want) {
			t.Errorf("%s: the hand holding the Debris lacks its text %q", lang, want)
		}
	}
}

// TestPileAndFloorLabels: a pile lists its cards apart ("Axe · Bell", not
// "AxeBell"), and the discover picker heads each floor with its name as a
// heading, capitalised, in both languages.
func TestPileAndFloorLabels(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "axe"})
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "bell"})
	crAct(a, g, 1, map[string]any{"type": "drop_card", "card": "axe", "room": "kitchen"})
	crAct(a, g, 1, map[string]any{"type": "drop_card", "card": "bell", "room": "kitchen"})
	for lang, floor := range map[string]string{"en": "<h3>Ground floor</h3>", "zh": "<h3>地面层</h3>"} {
		box := catalog.Box()
		sep := box.Card("axe").Name.In(lang) + " · " + box.Card("bell").Name.In(lang)
		rec := a.do(http.MethodGet, "/g/"+g.code+"/table", "", g.hostCookie(), withLang(lang))
		text := strings.Join(strings.Fields(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(rec.Body.String(), "")), " ")
		if !strings.Contains(text, sep) {
			t.Errorf("%s: the table's pile doesn't list the Axe and the Bell apart (want %q)", lang, sep)
		}
		phone := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1), withLang(lang)).Body.String()
		if !strings.Contains(phone, floor) {
			t.Errorf("%s: the discover picker lacks the floor heading %q", lang, floor)
		}
	}
}

// TestGiveOnTheTradersTurn: a card changes hands on the turn of the giver
// or the receiver (seed 003 l.149-151: 當在玩家的回合時…在同個房間跟其他玩家
// 交易一樣物品), so off-turn a phone offers Give only to the explorer whose
// turn it is; and a card used this turn says why its Give went.
func TestGiveOnTheTradersTurn(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, true)
	crAct(a, g, 1, map[string]any{"type": "draw_card", "card": "medical-kit"})
	crAct(a, g, 1, map[string]any{"type": "end_turn"})
	// Seat 2's turn: seat 1 may give only to seat 2.
	var give []any
	for _, c := range htOptions(a, g, 1)["cards"].([]any) {
		if c := c.(map[string]any); c["card"] == "medical-kit" {
			give, _ = c["give"].([]any)
		}
	}
	if len(give) != 1 || jsonInt(give[0]) != 2 {
		t.Errorf("seat 1 off-turn may give the Medical Kit to %v; want only seat 2, whose turn it is", give)
	}
	rec := a.do(http.MethodPost, g.api("/actions"), `{"type":"give_card","card":"medical-kit","to":3}`, withBearer(g.seats[0]))
	htWantError(t, rec, http.StatusConflict, "en", "err_trade_turn")

	// On seat 1's own turn the used kit's Give is gone, and it says why.
	crAct(a, g, 2, map[string]any{"type": "end_turn"})
	crAct(a, g, 3, map[string]any{"type": "end_turn"})
	crAct(a, g, 1, map[string]any{"type": "use_card", "card": "medical-kit"})
	for _, lang := range []string{"en", "zh"} {
		page := a.do(http.MethodGet, "/g/"+g.code, "", g.seatCookie(1), withLang(lang)).Body.String()
		if want := html.EscapeString(i18n.T(lang, "err_used_this_turn")); !strings.Contains(page, want) {
			t.Errorf("%s: the used Medical Kit doesn't say why it can't be given: want %q", lang, want)
		}
	}
}

// TestLogWordsAStepThatKeepsItsValue: tracks repeat values, so a step can
// leave a trait's value as it was; the log says so in words, in both
// languages, not with track positions in brackets.
func TestLogWordsAStepThatKeepsItsValue(t *testing.T) {
	t.Parallel()
	var explorer, trait string
	var value int
	for _, e := range catalog.Explorers() {
		for tr, tt := range e.Traits {
			if tt.Start < 8 && tt.Track[tt.Start-1] == tt.Track[tt.Start] && explorer == "" {
				explorer, trait, value = e.ID, tr, tt.Track[tt.Start]
			}
		}
	}
	if explorer == "" {
		t.Skip("no explorer starts beside a repeated value")
	}
	a := newTestApp(t)
	other := ""
	for _, e := range catalog.Explorers() {
		if mine := catalog.ExplorerByID(explorer); other == "" && e.ID != explorer && e.ID != mine.Pair && e.Pair != explorer {
			other = e.ID
		}
	}
	g := a.seatGame(true, [2]string{"Ann", explorer}, [2]string{"Bo", other})
	crAct(a, g, 1, map[string]any{"type": "step_trait", "trait": trait, "delta": 1})
	for _, lang := range []string{"en", "zh"} {
		page := html.UnescapeString(a.do(http.MethodGet, "/g/"+g.code+"/table", "", g.hostCookie(), withLang(lang)).Body.String())
		want := i18n.T(lang, "log_trait_step_up", i18n.T(lang, "trait_"+trait), fmt.Sprint(value))
		if !strings.Contains(page, want) {
			t.Errorf("%s: the log lacks %q", lang, want)
		}
		if strings.Contains(page, fmt.Sprintf("%d [", value)) {
			t.Errorf("%s: the log still shows a track position in brackets", lang)
		}
	}
}

// TestRemainsPileTitle: the pile where an explorer died is titled as a
// label that starts a line ("Where Bob died"), and lists its cards apart.
func TestRemainsPileTitle(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.seatGame(true, [2]string{"Alice", "zoe-ingstrom"}, [2]string{"Bob", "ox-bellows"}, [2]string{"Carol", "vivian-lopez"})
	crAct(a, g, 1, map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	crAct(a, g, 1, map[string]any{"type": "haunt_roll", "total": 0})
	crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 2, "card": "axe"})
	crAct(a, g, 0, map[string]any{"type": "draw_card", "seat": 2, "card": "bell"})
	crAct(a, g, 0, map[string]any{"type": "set_trait", "seat": 2, "trait": "might", "position": 0})
	for lang, want := range map[string]string{"en": "Where Bob died: Axe · Bell", "zh": "Bob 死亡之处: 斧头 · 手铃"} {
		page := a.do(http.MethodGet, "/g/"+g.code+"/table", "", g.hostCookie(), withLang(lang)).Body.String()
		text := strings.Join(strings.Fields(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(html.UnescapeString(page), "")), " ")
		if !strings.Contains(text, want) {
			t.Errorf("%s: the table lacks the pile %q", lang, want)
		}
	}
}
