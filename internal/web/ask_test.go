package web_test

import (
	"html"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/i18n"
)

// whyQuestions are the questions issue 31 found unanswered, as players
// typed them, with the passages that answer each.
var whyQuestions = []struct {
	lang, q string
	answers []string
}{
	{"en", "can I use two weapons", []string{"attacks-3", "faq-30"}},
	{"en", "what happens when a trait reaches the skull before the haunt", []string{"damage-and-death-3", "faq-66"}},
	{"en", "who is the traitor when tied", []string{"the-haunt-3"}},
	{"en", "how many dice for an attack", []string{"attacks-2"}},
	{"en", "can the traitor use the mystic elevator", []string{"traitor-and-monsters-3", "faq-16", "faq-74"}},
	{"en", "can I trade items with another player", []string{"items-and-omens-3"}},
	{"en", "do monsters die", []string{"attacks-6", "traitor-and-monsters-5"}},
	{"en", "how far can I move", []string{"moving-1"}},
	{"en", "can I move after exploring a room", []string{"moving-4", "faq-54"}},
	{"zh", "两个武器", []string{"attacks-3", "faq-30"}},
	{"zh", "平手时谁是叛徒", []string{"the-haunt-3"}},
	{"zh", "怪物会死吗", []string{"attacks-6", "traitor-and-monsters-5"}},
}

// TestAskAnswersTheWhyQuestions: each question gets its answer first, in
// the language it was asked, whole, with its source and a link to the
// passage in its section — from the API and on the page.
func TestAskAnswersTheWhyQuestions(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	for _, w := range whyQuestions {
		t.Run(w.q, func(t *testing.T) {
			r := a.json(http.MethodGet, "/api/search?q="+url.QueryEscape(w.q), "", "", http.StatusOK, withLang(w.lang))
			results := r["results"].([]any)
			if len(results) == 0 {
				t.Fatalf("no answer")
			}
			top := results[0].(map[string]any)
			if !slices.Contains(w.answers, top["id"].(string)) {
				t.Fatalf("first answer %v %v, want one of %v", top["kind"], top["id"], w.answers)
			}
			ref, ok := catalog.Box().Passage(top["id"].(string))
			if !ok {
				t.Fatalf("%v is not a passage", top["id"])
			}
			if top["text"] != ref.Passage.Text.In(w.lang) {
				t.Errorf("text %q, want the whole passage in %s %q", top["text"], w.lang, ref.Passage.Text.In(w.lang))
			}
			wantURL := "/rules/" + ref.Section.ID + "#" + ref.Passage.ID
			if top["url"] != wantURL || top["section"] != ref.Section.ID || top["source"] == "" {
				t.Errorf("url %v section %v source %v, want %s", top["url"], top["section"], top["source"], wantURL)
			}
			body := htWantPage(t, a.do(http.MethodGet, "/search?q="+url.QueryEscape(w.q), "", withLang(w.lang)), http.StatusOK, w.lang, ref.Passage.Text.In(w.lang))
			// Shown whole, or (when the first answers score alike) first of
			// the choices, whole under its title.
			at := strings.Index(body, `class="answer top"`)
			if r["even"].(float64) > 1 {
				at = strings.Index(body, `class="more-answers choices"`)
			}
			if at < 0 {
				t.Fatalf("the page shows no answer (even %v): %.400s", r["even"], body)
			}
			answer := body[at:]
			if !strings.Contains(answer, `href="`+wantURL+`"`) || !strings.Contains(answer, html.EscapeString(ref.Passage.Text.In(w.lang))) {
				t.Errorf("the page's answer is not %s whole with its link: %.400s", ref.Passage.ID, answer)
			}
		})
	}
}

// TestRulePagePassageAnchors: a passage's link lands on it.
func TestRulePagePassageAnchors(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	for _, lang := range []string{"en", "zh"} {
		body := htWantPage(t, a.do(http.MethodGet, "/rules/attacks", "", withLang(lang)), http.StatusOK, lang, "")
		for _, p := range catalog.Box().Rule("attacks").Passages {
			if !strings.Contains(body, `id="`+p.ID+`"`) || !strings.Contains(body, html.EscapeString(p.Heading.In(lang))) {
				t.Errorf("%s: /rules/attacks lacks passage %s with its heading", lang, p.ID)
			}
		}
		faq := htWantPage(t, a.do(http.MethodGet, "/rules/faq", "", withLang(lang)), http.StatusOK, lang, "")
		ref, _ := catalog.Box().Passage("faq-30")
		if !strings.Contains(faq, `id="faq-30"`) || !strings.Contains(faq, html.EscapeString(ref.Passage.Question.In(lang))) {
			t.Errorf("%s: /rules/faq lacks faq-30 under its question", lang)
		}
	}
}

// TestAskBadInput: an empty, overlong, wordless or right-to-left-override
// question is refused with a message in the asker's language, never a 5xx.
func TestAskBadInput(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	cases := []struct {
		name, q, key string
		args         []any
	}{
		{"empty", "", "search_empty", nil},
		{"blank", "   ", "search_empty", nil},
		{"rlo only", "\u202e", "search_empty", nil},
		{"10 KB", strings.Repeat("weapon ", 1500), "search_long", []any{catalog.MaxQuestionRunes}},
		{"punctuation", "?!…。！？", "search_no_words", nil},
	}
	for _, lang := range []string{"en", "zh"} {
		for _, c := range cases {
			t.Run(lang+"/"+c.name, func(t *testing.T) {
				want := i18n.T(lang, c.key, c.args...)
				r := a.json(http.MethodGet, "/api/search?q="+url.QueryEscape(c.q), "", "", http.StatusBadRequest, withLang(lang))
				if r["error"] != want {
					t.Errorf("API error %q, want %q", r["error"], want)
				}
				htWantPage(t, a.do(http.MethodGet, "/search?q="+url.QueryEscape(c.q), "", withLang(lang)), http.StatusBadRequest, lang, want)
			})
		}
	}
	// A right-to-left override inside a question is ignored: it is answered.
	r := a.json(http.MethodGet, "/api/search?q="+url.QueryEscape("\u202eDog\u202c"), "", "", http.StatusOK)
	if res := r["results"].([]any); len(res) == 0 || res[0].(map[string]any)["id"] != "dog" {
		t.Errorf("RLO around a name: %v", r["results"])
	}
	// A question nothing answers says so, and is not an error.
	r = a.json(http.MethodGet, "/api/search?q=xylophone", "", "", http.StatusOK, withLang("zh"))
	if r["message"] != i18n.T("zh", "search_none", "xylophone") {
		t.Errorf("no answer: %v", r)
	}
	// The page opened without a question is the form, with no refusal.
	htWantPage(t, a.do(http.MethodGet, "/search", "", withLang("en")), http.StatusOK, "en", i18n.T("en", "search_title"))
}

// TestAskInPlayFirst: asked from a seat's Rules tab, a question about what
// that seat holds puts the held card's ruling first; another phone naming
// the seat gets the plain order.
func TestAskInPlayFirst(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(2, true)
	a.act(g, g.seats[0], map[string]any{"type": "draw_card", "card": "armor"})
	q := "/search?q=" + url.QueryEscape("can i hand it over") + "&game=" + g.code + "&seat=1"
	first := func(body string) string {
		i := strings.Index(body, `data-answer="`)
		if i < 0 {
			t.Fatalf("no answer: %.300s", body)
		}
		rest := body[i+len(`data-answer="`):]
		return rest[:strings.IndexByte(rest, '"')]
	}
	mine := htWantPage(t, a.do(http.MethodGet, q, "", withLang("en"), g.seatCookie(1)), http.StatusOK, "en", "")
	aboutArmor := func(id string) bool {
		ref, ok := catalog.Box().Passage(id)
		return ok && slices.Contains(ref.Passage.Cards, "armor")
	}
	if got := first(mine); !aboutArmor(got) {
		t.Errorf("seat 1 holding the Armor: first answer %s, which is not about the Armor", got)
	}
	if !strings.Contains(mine, `name="game" value="`+g.code+`"`) {
		t.Errorf("the answer's form doesn't keep asking as seat 1")
	}
	other := htWantPage(t, a.do(http.MethodGet, q, "", withLang("en"), g.seatCookie(2)), http.StatusOK, "en", "")
	if got := first(other); aboutArmor(got) {
		t.Errorf("seat 2's phone naming seat 1 got seat 1's order")
	}
}

// TestAskOnlyTheHauntsBookAnswers: a question about a haunt's own rules is
// answered with the haunt's book and number, in the asker's language, the
// nearest passages only as choices; asked from a phone during a haunt, a
// question the box doesn't cover names the game's haunt.
func TestAskOnlyTheHauntsBookAnswers(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	mummy := catalog.HauntByNumber(1)
	for _, lang := range []string{"en", "zh"} {
		r := a.json(http.MethodGet, "/api/search?q="+url.QueryEscape("how do we kill the mummy"), "", "", http.StatusOK, withLang(lang))
		if r["sure"] != false || jsonInt(r["haunt"]) != 1 || !strings.Contains(r["note"].(string), mummy.Name.In(lang)) {
			t.Errorf("%s: sure %v haunt %v note %q; want not sure, haunt 1 named", lang, r["sure"], r["haunt"], r["note"])
		}
		body := htWantPage(t, a.do(http.MethodGet, "/search?q="+url.QueryEscape("木乃伊怎麼殺"), "", withLang(lang)), http.StatusOK, lang, html.EscapeString(mummy.Name.In(lang)))
		if strings.Contains(body, `class="answer top"`) || !strings.Contains(body, i18n.T(lang, "search_nearest")) {
			t.Errorf("%s: the page shows a passage as the answer, or no nearest passages: %.600s", lang, body)
		}
	}
	g := a.newGame(2, true)
	crHaunt(t, a, g, "revealer")
	haunt := a.state(g)["haunt"].(map[string]any)
	n := jsonInt(haunt["number"])
	q := "/api/search?q=" + url.QueryEscape("can we burn the zombie lord's coffin") + "&game=" + g.code + "&seat=1"
	r := a.json(http.MethodGet, q, "", "", http.StatusOK, withLang("en"), g.seatCookie(1))
	if r["sure"] != false || jsonInt(r["haunt"]) != n {
		t.Errorf("during haunt %d: sure %v haunt %v note %q; want the game's haunt", n, r["sure"], r["haunt"], r["note"])
	}
}
