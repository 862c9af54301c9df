package catalog

import (
	"fmt"
	"regexp"
	"sort"
	"testing"
)

var kebab = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

var traitIDs = map[string]bool{"speed": true, "might": true, "sanity": true, "knowledge": true}

// hauntChartRooms are the 13 rooms of the first column of
// shared/data/haunt_chart.csv (Abandoned Room … Servants' Quarters), as ids.
var hauntChartRooms = []string{
	"abandoned-room",
	"balcony",
	"catacombs",
	"charred-room",
	"dining-room",
	"furnace-room",
	"gallery",
	"gymnasium",
	"junk-room",
	"kitchen",
	"master-bedroom",
	"pentagram-chamber",
	"servants-quarters",
}

func loadBox(t *testing.T) *Content {
	t.Helper()
	c, err := LoadBox()
	if err != nil {
		t.Fatalf("LoadBox: %v", err)
	}
	return c
}

func TestContentCounts(t *testing.T) {
	t.Parallel()
	c := loadBox(t)
	decks := map[string]int{}
	for _, card := range c.Cards {
		decks[card.Deck]++
	}
	want := map[string]int{"omen": 13, "item": 22, "event": 45}
	for deck, n := range want {
		if decks[deck] != n {
			t.Errorf("%s cards: got %d, want %d", deck, decks[deck], n)
		}
	}
	for deck, n := range decks {
		if _, ok := want[deck]; !ok {
			t.Errorf("%d card(s) with unknown deck %q", n, deck)
		}
	}

	if len(c.Rooms) != 47 {
		t.Errorf("rooms: got %d, want 47", len(c.Rooms))
	}
	entrance := 0
	for _, r := range c.Rooms {
		if r.Entrance {
			entrance++
		}
	}
	if entrance != 3 {
		t.Errorf("entrance rooms: got %d, want 3", entrance)
	}
	if tiles := len(c.Rooms) - entrance; tiles != 44 {
		t.Errorf("room tiles: got %d, want 44", tiles)
	}

	if n := len(Explorers()); n != 12 {
		t.Errorf("explorers: got %d, want 12", n)
	}
}

// checkIDs reports ids that are empty, not kebab-case or repeated.
func checkIDs(t *testing.T, kind string, ids []string) {
	t.Helper()
	seen := map[string]bool{}
	for _, id := range ids {
		if !kebab.MatchString(id) {
			t.Errorf("%s id %q is not lowercase kebab-case", kind, id)
		}
		if seen[id] {
			t.Errorf("%s id %q is used more than once", kind, id)
		}
		seen[id] = true
	}
}

func TestContentIDs(t *testing.T) {
	t.Parallel()
	c := loadBox(t)

	byDeck := map[string][]string{}
	var all []string
	for _, card := range c.Cards {
		byDeck[card.Deck] = append(byDeck[card.Deck], card.ID)
		all = append(all, card.ID)
	}
	decks := make([]string, 0, len(byDeck))
	for d := range byDeck {
		decks = append(decks, d)
	}
	sort.Strings(decks)
	for _, d := range decks {
		checkIDs(t, d+" card", byDeck[d])
	}
	// Content.Card looks cards up by id across all decks, so ids must not
	// clash between decks either.
	seen := map[string]string{}
	for _, card := range c.Cards {
		if other, ok := seen[card.ID]; ok && other != card.Deck {
			t.Errorf("card id %q is used by both a %s and a %s card", card.ID, other, card.Deck)
		}
		seen[card.ID] = card.Deck
	}

	var rooms, rules, explorers []string
	for _, r := range c.Rooms {
		rooms = append(rooms, r.ID)
	}
	for _, r := range c.Rules {
		rules = append(rules, r.ID)
	}
	for _, e := range Explorers() {
		explorers = append(explorers, e.ID)
	}
	checkIDs(t, "room", rooms)
	checkIDs(t, "rule", rules)
	checkIDs(t, "explorer", explorers)
}

func checkText(t *testing.T, what, field string, x Text) {
	t.Helper()
	if x.EN == "" {
		t.Errorf("%s: %s.en is empty", what, field)
	}
	if x.ZH == "" {
		t.Errorf("%s: %s.zh is empty", what, field)
	}
}

func TestContentBothLanguages(t *testing.T) {
	t.Parallel()
	c := loadBox(t)
	for _, card := range c.Cards {
		what := fmt.Sprintf("%s card %q", card.Deck, card.ID)
		checkText(t, what, "name", card.Name)
		checkText(t, what, "text", card.Text)
	}
	for _, r := range c.Rooms {
		what := fmt.Sprintf("room %q", r.ID)
		checkText(t, what, "name", r.Name)
		checkText(t, what, "text", r.Text)
	}
	for _, r := range c.Rules {
		what := fmt.Sprintf("rule %q", r.ID)
		checkText(t, what, "title", r.Title)
		if len(r.Passages) == 0 {
			t.Errorf("%s has no passages", what)
		}
		for _, p := range r.Passages {
			checkText(t, what+" passage "+p.ID, "text", p.Text)
			if r.FAQ {
				checkText(t, what+" passage "+p.ID, "question", p.Question)
			}
		}
	}
}

func TestHauntChartRoomsHaveOmens(t *testing.T) {
	t.Parallel()
	c := loadBox(t)
	if len(hauntChartRooms) != 13 {
		t.Fatalf("haunt chart list has %d rooms, want 13", len(hauntChartRooms))
	}
	for _, id := range hauntChartRooms {
		r := c.Room(id)
		if r == nil {
			t.Errorf("haunt chart room %q is missing", id)
			continue
		}
		if r.Symbols.Omen < 1 {
			t.Errorf("haunt chart room %q has no omen symbol", id)
		}
	}
}

func TestContentLinksResolve(t *testing.T) {
	t.Parallel()
	c := loadBox(t)
	for _, r := range c.Rules {
		for _, id := range r.Cards {
			if c.Card(id) == nil {
				t.Errorf("rule %q links to unknown card %q", r.ID, id)
			}
		}
		for _, id := range r.Rooms {
			if c.Room(id) == nil {
				t.Errorf("rule %q links to unknown room %q", r.ID, id)
			}
		}
	}
	for _, card := range c.Cards {
		for _, id := range card.Rules {
			if c.Rule(id) == nil {
				t.Errorf("%s card %q links to unknown rule %q", card.Deck, card.ID, id)
			}
		}
	}
	for _, r := range c.Rooms {
		for _, id := range r.Rules {
			if c.Rule(id) == nil {
				t.Errorf("room %q links to unknown rule %q", r.ID, id)
			}
		}
	}
}

// checkBrackets reports a roll with no brackets, a bracket whose top is below
// its bottom, and two brackets that both cover some total (Bracket.Covers
// would then be ambiguous).
func checkBrackets(t *testing.T, what string, roll *Roll) {
	t.Helper()
	if roll == nil {
		return
	}
	if len(roll.Brackets) == 0 {
		t.Errorf("%s has a roll with no brackets", what)
		return
	}
	top := func(b Bracket) int {
		if b.Max == nil {
			return 1 << 30
		}
		return *b.Max
	}
	for i, a := range roll.Brackets {
		if top(a) < a.Min {
			t.Errorf("%s roll bracket %d: max %d is below min %d", what, i, top(a), a.Min)
		}
		for j := i + 1; j < len(roll.Brackets); j++ {
			b := roll.Brackets[j]
			if a.Min <= top(b) && b.Min <= top(a) {
				t.Errorf("%s roll brackets %d and %d overlap", what, i, j)
			}
		}
	}
}

func TestContentRollsHaveBrackets(t *testing.T) {
	t.Parallel()
	c := loadBox(t)
	for _, card := range c.Cards {
		checkBrackets(t, fmt.Sprintf("%s card %q", card.Deck, card.ID), card.Roll)
	}
	for _, r := range c.Rooms {
		checkBrackets(t, fmt.Sprintf("room %q", r.ID), r.Roll)
	}
}

// checkTraits reports map keys that are not one of the four trait ids.
func checkTraits(t *testing.T, what string, m map[string]int) {
	t.Helper()
	for k := range m {
		if !traitIDs[k] {
			t.Errorf("%s uses %q, not a trait (speed, might, sanity, knowledge)", what, k)
		}
	}
}

func checkRollTraits(t *testing.T, what string, roll *Roll) {
	t.Helper()
	if roll == nil {
		return
	}
	for i, b := range roll.Brackets {
		checkTraits(t, fmt.Sprintf("%s roll bracket %d gain", what, i), b.Gain)
	}
}

func TestContentTraitMaps(t *testing.T) {
	t.Parallel()
	c := loadBox(t)
	for _, card := range c.Cards {
		what := fmt.Sprintf("%s card %q", card.Deck, card.ID)
		checkTraits(t, what+" on_gain", card.OnGain)
		checkTraits(t, what+" on_lose", card.OnLose)
		if card.Weapon != nil {
			checkTraits(t, what+" weapon cost", card.Weapon.Cost)
		}
		checkRollTraits(t, what, card.Roll)
	}
	for _, r := range c.Rooms {
		what := fmt.Sprintf("room %q", r.ID)
		checkTraits(t, what+" once_gain", r.OnceGain)
		checkRollTraits(t, what, r.Roll)
	}
}
