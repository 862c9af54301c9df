package web

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/internal/seatview"
	"lantern/internal/table"
	"lantern/views"
)

// answersShown is how many answers a question gets: the answer, and a few
// more under it.
const answersShown = 4

// asked answers a question for the page or the API: the result, or the
// refusal with its status (a bad question is the asker's, not a server
// error), as a phrase: the page's template says it, and the API answers it
// in the asker's language.
func (s *Server) asked(c echo.Context, q string, inPlay catalog.InPlay) (catalog.Result, views.Phrase, int, error) {
	res, err := catalog.Search(c.Request().Context(), q, inPlay, answersShown)
	switch {
	case errors.Is(err, catalog.ErrQuestionEmpty):
		return res, views.Key("search_empty"), http.StatusBadRequest, nil
	case errors.Is(err, catalog.ErrQuestionLong):
		return res, views.Key("search_long", catalog.MaxQuestionRunes), http.StatusBadRequest, nil
	case errors.Is(err, catalog.ErrQuestionNoWords):
		return res, views.Key("search_no_words"), http.StatusBadRequest, nil
	case err != nil:
		return res, views.Phrase{}, 0, err
	case len(res.Hits) == 0:
		return res, views.Key("search_none", strings.TrimSpace(q)), http.StatusOK, nil
	}
	return res, views.Phrase{}, http.StatusOK, nil
}

// unsureNote is why a result is no answer: the haunt's book that holds it
// (its name in lang), or that nothing in the box does; none when it is an
// answer.
func unsureNote(lang string, res catalog.Result, inPlay catalog.InPlay) views.Phrase {
	if res.Sure || len(res.Hits) == 0 {
		return views.Phrase{}
	}
	if h := catalog.HauntByNumber(res.Haunt); h != nil {
		key := "search_unsure_haunt"
		if res.Haunt == inPlay.Haunt {
			key = "search_unsure_in_haunt"
		}
		return views.Key(key, h.Number, h.Name.In(lang))
	}
	return views.Key("search_unsure")
}

// asker is the seat asking from a game's Rules tab (the game and seat the
// form names, if this phone plays that seat) and what it has in play: the
// cards it holds, and the room it discovered this turn. A question from
// anyone else is answered the same, without that order.
func (s *Server) asker(c echo.Context) (code string, seat int, inPlay catalog.InPlay) {
	code = c.QueryParam("game")
	seat, err := strconv.Atoi(c.QueryParam("seat"))
	if code == "" || err != nil {
		return "", 0, inPlay
	}
	access, err := s.controlledSeat(c, code, seat)
	if err != nil {
		return "", 0, inPlay
	}
	inPlay, err = table.Read(s.tables, code, func(st *game.State) (in catalog.InPlay) {
		for _, h := range st.Hands[access.Seat] {
			in.Cards = append(in.Cards, h.Card)
		}
		if n := len(st.Rooms); n > 0 && st.Turn == access.Seat && st.Rooms[n-1].By == access.Seat {
			in.Rooms = append(in.Rooms, st.Rooms[n-1].Room)
		}
		if st.Haunt != nil {
			in.Haunt = st.Haunt.Number
		}
		return in
	})
	if err != nil {
		// The game went since the seat was found: the question is
		// answered as anyone else's.
		return "", 0, catalog.InPlay{}
	}
	return code, seat, inPlay
}

// answerOf is a hit as shown: what it is (its source is said from that),
// its title, its whole text, and a link to the whole section (at the
// passage) or to the card's or room's page.
func answerOf(lang string, h catalog.Hit) views.Answer {
	a := views.Answer{ID: h.ID, Kind: h.Kind, Title: h.Title.In(lang), Paragraphs: paragraphs(h.Text.In(lang))}
	switch h.Kind {
	case "faq", "rule":
		a.Section = h.Section.Title.In(lang)
		a.URL = seatview.EntryURL("rule", h.Section.ID) + "#" + h.ID
	case "card":
		card := catalog.Box().Card(h.ID)
		a.Deck = card.Deck
		for _, b := range rollBrackets(lang, card.Roll) {
			a.Paragraphs = append(a.Paragraphs, b.Label+" · "+b.Value)
		}
		a.URL = seatview.EntryURL("card", h.ID)
	case "room":
		a.URL = seatview.EntryURL("room", h.ID)
	}
	return a
}

func (s *Server) searchPage(c echo.Context) error {
	lang := s.lang(c)
	h := s.head(c, views.Key("search_title"))
	vm := views.SearchPage{Head: h, Query: strings.TrimSpace(c.QueryParam("q"))}
	var inPlay catalog.InPlay
	vm.Game, vm.Seat, inPlay = s.asker(c)
	status := http.StatusOK
	// The page opened with no question is the empty form, not a refusal.
	if c.QueryParams().Has("q") {
		res, msg, code, err := s.asked(c, c.QueryParam("q"), inPlay)
		if err != nil {
			return err
		}
		vm.Message, status = msg, code
		vm.Note = unsureNote(lang, res, inPlay)
		// A sure answer standing out is shown whole; answers about alike,
		// or only the nearest passages, are titles to pick from.
		for i, hit := range res.Hits {
			a := answerOf(lang, hit)
			switch {
			case res.Sure && res.Even == 1 && i == 0:
				vm.Answer = &a
			case !res.Sure || i < res.Even:
				vm.Choices = append(vm.Choices, a)
			default:
				vm.More = append(vm.More, a)
			}
		}
		vm.Sure = res.Sure
	}
	return s.page(c, status, h, views.SearchView(vm))
}

func (s *Server) apiSearch(c echo.Context) error {
	lang := s.lang(c)
	type result struct {
		Kind    string `json:"kind"` // rule | faq | card | room
		ID      string `json:"id"`
		Section string `json:"section,omitempty"` // a passage's section id
		Title   string `json:"title"`
		Source  string `json:"source"` // where it comes from, in the caller's language
		Text    string `json:"text"`   // the whole passage
		URL     string `json:"url"`
	}
	_, _, inPlay := s.asker(c)
	res, msg, status, err := s.asked(c, c.QueryParam("q"), inPlay)
	if err != nil {
		return err
	}
	results := []result{}
	for _, h := range res.Hits {
		a := answerOf(lang, h)
		r := result{Kind: h.Kind, ID: h.ID, Title: a.Title, Source: views.AnswerSource(lang, a), Text: strings.Join(a.Paragraphs, "\n\n"), URL: a.URL}
		if h.Section != nil {
			r.Section = h.Section.ID
		}
		results = append(results, r)
	}
	body := map[string]any{"results": results}
	if len(res.Hits) > 0 {
		// sure: the first result answers; even: how many of the first
		// are about alike; note: why there is no answer (sure false),
		// naming the haunt's book when one holds it.
		body["sure"], body["even"] = res.Sure, res.Even
		if note := unsureNote(lang, res, inPlay); !note.Empty() {
			body["note"] = note.In(lang)
		}
		if res.Haunt > 0 && !res.Sure {
			body["haunt"] = res.Haunt
		}
	}
	if !msg.Empty() {
		body["message"] = msg.In(lang)
		if status != http.StatusOK {
			body = map[string]any{"error": msg.In(lang), "results": results}
		}
	}
	return c.JSON(status, body)
}

var errNotFound = &game.Error{Kind: game.NotFound, Key: "err_not_found"}

func (s *Server) boxPage(c echo.Context) error {
	lang := s.lang(c)
	box := catalog.Box()
	h := s.head(c, views.Key("box_title"))
	groups := map[string]*views.LinkGroup{}
	var order []*views.LinkGroup
	group := func(key string) *views.LinkGroup {
		if g, ok := groups[key]; ok {
			return g
		}
		g := &views.LinkGroup{Group: key}
		groups[key] = g
		order = append(order, g)
		return g
	}
	group("rule")
	for _, r := range box.Rules {
		groups["rule"].Links = append(groups["rule"].Links, views.Link{Label: r.Title.In(lang), URL: seatview.EntryURL("rule", r.ID)})
	}
	for _, card := range box.Cards {
		g := group(card.Deck)
		g.Links = append(g.Links, views.Link{Label: card.Name.In(lang), URL: seatview.EntryURL("card", card.ID)})
	}
	g := group("room")
	for _, r := range box.Rooms {
		g.Links = append(g.Links, views.Link{Label: r.Name.In(lang), URL: seatview.EntryURL("room", r.ID)})
	}
	vm := views.BoxPage{Head: h}
	for _, g := range order {
		vm.Groups = append(vm.Groups, *g)
	}
	return s.page(c, http.StatusOK, h, views.BoxView(vm))
}

func otherLang(lang string, t catalog.Text) string {
	if lang == i18n.ZH {
		return t.EN
	}
	return t.ZH
}

func paragraphs(text string) []string {
	var out []string
	for _, p := range strings.Split(text, "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// rollBrackets are a roll's outcomes: "4+" and what happens then, in lang.
func rollBrackets(lang string, r *catalog.Roll) []views.Fact {
	if r == nil || len(r.Brackets) == 0 {
		return nil
	}
	var facts []views.Fact
	for _, b := range r.Brackets {
		rng := fmt.Sprintf("%d+", b.Min)
		if b.Max != nil {
			rng = fmt.Sprintf("%d–%d", b.Min, *b.Max)
			if *b.Max == b.Min {
				rng = strconv.Itoa(b.Min)
			}
		}
		facts = append(facts, views.Fact{Label: rng, Value: b.Text.In(lang)})
	}
	return facts
}

// roll is an entry's roll: its outcomes, and the dice or the trait rolled.
func roll(vm *views.EntryPage, lang string, r *catalog.Roll) {
	if vm.Brackets = rollBrackets(lang, r); vm.Brackets != nil {
		vm.RollDice, vm.RollTrait = r.Dice, r.Trait
	}
}

// entryLink is a link to a box entry, with its kind said after it.
func entryLink(kind, id, label string) views.Link {
	return views.Link{Label: label, URL: seatview.EntryURL(kind, id), Hint: views.Key("kind_" + kind)}
}

func ruleLinks(lang string, ids []string) []views.Link {
	var links []views.Link
	for _, id := range ids {
		if r := catalog.Box().Rule(id); r != nil {
			links = append(links, entryLink("rule", id, r.Title.In(lang)))
		}
	}
	return links
}

func (s *Server) cardPage(c echo.Context) error {
	lang := s.lang(c)
	card := catalog.Box().Card(c.Param("id"))
	if card == nil {
		return s.messageError(c, errNotFound)
	}
	h := s.head(c, views.Lit(card.Name.In(lang)))
	vm := views.EntryPage{Head: h, Kind: "card", Deck: card.Deck, Title: card.Name.In(lang),
		Other: otherLang(lang, card.Name), Paragraphs: paragraphs(card.Text.In(lang)), SourceNote: card.SourceNote}
	vm.Card = &views.CardFacts{OnGain: seatview.TraitChanges(card.OnGain), OnLose: seatview.TraitChanges(card.OnLose),
		Keeps: card.Deck != "event", Tradeable: card.Tradeable, Droppable: card.Droppable, Stealable: card.Stealable,
		DiscardAfterUse: card.DiscardAfterUse}
	if w := card.Weapon; w != nil {
		vm.Card.Weapon = &views.Weapon{Trait: w.Trait, Dice: w.Dice}
	}
	roll(&vm, lang, card.Roll)
	vm.Related = ruleLinks(lang, card.Rules)
	return s.page(c, http.StatusOK, h, views.EntryView(vm))
}

func (s *Server) roomPage(c echo.Context) error {
	lang := s.lang(c)
	room := catalog.Box().Room(c.Param("id"))
	if room == nil {
		return s.messageError(c, errNotFound)
	}
	h := s.head(c, views.Lit(room.Name.In(lang)))
	vm := views.EntryPage{Head: h, Kind: "room", Title: room.Name.In(lang),
		Other: otherLang(lang, room.Name), Paragraphs: paragraphs(room.Text.In(lang)), SourceNote: room.SourceNote}
	vm.Room = &views.RoomFacts{Floors: room.Floors, OnceGain: seatview.TraitChanges(room.OnceGain)}
	for _, sym := range []views.Symbol{{Kind: "omen", N: room.Symbols.Omen}, {Kind: "item", N: room.Symbols.Item}, {Kind: "event", N: room.Symbols.Event}} {
		if sym.N > 0 {
			vm.Room.Symbols = append(vm.Room.Symbols, sym)
		}
	}
	if d := room.EndTurnDamage; d != nil {
		vm.Room.EndTurnDamage = &views.Damage{Amount: d.Amount, Kind: d.Kind}
	}
	roll(&vm, lang, room.Roll)
	vm.Related = ruleLinks(lang, room.Rules)
	return s.page(c, http.StatusOK, h, views.EntryView(vm))
}

func (s *Server) rulePage(c echo.Context) error {
	lang := s.lang(c)
	box := catalog.Box()
	rule := box.Rule(c.Param("id"))
	if rule == nil {
		return s.messageError(c, errNotFound)
	}
	h := s.head(c, views.Lit(rule.Title.In(lang)))
	vm := views.EntryPage{Head: h, Kind: "rule", Title: rule.Title.In(lang),
		Other: otherLang(lang, rule.Title)}
	for _, p := range rule.Passages {
		ps := views.RulePassage{ID: p.ID, Heading: p.Heading.In(lang), Paragraphs: paragraphs(p.Text.In(lang))}
		if rule.FAQ {
			ps.Heading = p.Question.In(lang)
		}
		vm.Passages = append(vm.Passages, ps)
	}
	seen := map[string]bool{}
	add := func(kind, id string, name catalog.Text) {
		if !seen[kind+id] {
			seen[kind+id] = true
			vm.Related = append(vm.Related, entryLink(kind, id, name.In(lang)))
		}
	}
	// Links the section names, then the cards and rooms that point back to it.
	for _, id := range rule.Cards {
		if card := box.Card(id); card != nil {
			add("card", id, card.Name)
		}
	}
	for _, id := range rule.Rooms {
		if room := box.Room(id); room != nil {
			add("room", id, room.Name)
		}
	}
	for _, card := range box.Cards {
		if slices.Contains(card.Rules, rule.ID) {
			add("card", card.ID, card.Name)
		}
	}
	for _, room := range box.Rooms {
		if slices.Contains(room.Rules, rule.ID) {
			add("room", room.ID, room.Name)
		}
	}
	return s.page(c, http.StatusOK, h, views.EntryView(vm))
}
