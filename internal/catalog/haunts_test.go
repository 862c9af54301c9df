package catalog_test

import (
	"encoding/csv"
	"strconv"
	"strings"
	"testing"

	"lantern/internal/catalog"
)

// chartCSV is /work/shared/data/haunt_chart.csv verbatim (the shared
// research's transcription of the Traitor's Tome haunt chart): one row per
// room, one column per omen.
const chartCSV = `room,Bite,Book,Crystal Ball,Dog,Girl,Holy Symbol,Madman,Mask,Medallion,Ring,Skull,Spear,Spirit Board
Abandoned Room,18,7,12,38,1,9,45,42,49,28,34,43,48
Balcony,24,7,32,5,16,6,11,25,49,20,47,39,2
Catacombs,4,7,23,46,1,13,10,25,49,41,37,43,48
Charred Room,24,33,23,38,30,13,31,48,44,20,47,15,8
Dining Room,24,3,27,5,16,6,45,42,21,20,37,39,40
Furnace Room,4,33,32,38,30,13,10,42,36,28,34,15,2
Gallery,18,3,19,19,19,22,10,25,36,41,37,15,8
Gymnasium,35,29,12,46,1,22,11,22,21,41,47,43,48
Junk Room,4,33,27,46,1,9,11,25,44,17,17,17,40
Kitchen,18,3,23,46,16,22,31,32,36,41,37,39,2
Master Bedroom,35,29,27,5,16,6,10,35,44,20,47,43,2
Pentagram Chamber,26,50,32,50,26,26,45,14,14,26,14,50,40
Servants' Quarters,35,29,12,5,30,9,31,42,21,28,34,15,8
`

// slug turns a printed name into the app's id: "Servants' Quarters" →
// "servants-quarters".
func slug(name string) string {
	name = strings.ToLower(strings.ReplaceAll(name, "'", ""))
	return strings.Join(strings.Fields(name), "-")
}

// wantHaunts is /work/shared/data/haunts.csv reduced to what the engine
// uses: number, English name, traitor rule kind (the fallback kind when an
// explorer is named), trait, named explorer id, and "except for the haunt
// revealer".
var wantHaunts = []struct {
	number         int
	name           string
	kind           string
	trait          string
	explorer       string
	exceptRevealer bool
}{
	{1, "The Mummy Walks", "revealer", "", "", false},
	{2, "The Séance", "revealer", "", "", false},
	{3, "Frog-Leg Stew", "lowest_trait", "knowledge", "", true},
	{4, "The Web of Destiny", "highest_trait", "might", "", true},
	{5, "I Was a Teenage Lycanthrope", "revealer", "", "", false},
	{6, "The Floating Eye", "lowest_trait", "sanity", "", false},
	{7, "Carnivorous Ivy", "highest_trait", "sanity", "father-rhinehardt", false},
	{8, "Wail of the Banshee", "revealer", "", "", false},
	{9, "The Dance of Death", "none_at_first", "", "", false},
	{10, "Family Gathering", "revealer", "", "", false},
	{11, "Let Them In", "revealer", "", "", false},
	{12, "Fleshwalkers", "none", "", "", false},
	{13, "Perchance to Dream", "lowest_trait", "sanity", "", true},
	{14, "The Stars Are Right", "revealer", "", "", false},
	{15, "Here There Be Dragons", "lowest_trait", "speed", "", true},
	{16, "The Phantom's Embrace", "left_of_revealer", "", "", false},
	{17, "A Breath of Wind", "left_of_revealer", "", "", false},
	{18, "United We Stand", "revealer", "", "", false},
	{19, "A Friend for the Ages", "left_of_revealer", "", "", false},
	{20, "Ghost Bride", "left_of_revealer", "", "vivian-lopez", false},
	{21, "House of the Living Dead", "oldest_explorer", "", "", true},
	{22, "The Abyss Gazes Back", "left_of_revealer", "", "", false},
	{23, "Tentacled Horror", "left_of_revealer", "", "", false},
	{24, "Fly Away Home", "lowest_trait", "speed", "brandon-jaspers", false},
	{25, "Voodoo", "highest_trait", "knowledge", "zoe-ingstrom", false},
	{26, "Pay the Piper", "left_of_revealer", "", "", false},
	{27, "Amok Flesh", "highest_trait", "knowledge", "", true},
	{28, "Ring of King Solomon", "highest_trait", "knowledge", "", true},
	{29, "Frankenstein's Legacy", "revealer", "", "", false},
	{30, "Tomb of Dracula", "revealer", "", "", false},
	{31, "Airborne", "none", "", "", false},
	{32, "Lost", "highest_trait", "sanity", "", false},
	{33, "An Invocation of Darkness", "revealer", "", "", false},
	{34, "Guillotines", "hidden", "", "", false},
	{35, "Small Change", "highest_trait", "knowledge", "", false},
	{36, "Better with Friends", "highest_trait", "speed", "missy-dubourde", false},
	{37, "Checkmate", "lowest_trait", "might", "", false},
	{38, "Hellbeasts", "lowest_trait", "knowledge", "", true},
	{39, "The Heir", "highest_trait", "speed", "", true},
	{40, "Buried Alive", "left_of_revealer", "", "", false},
	{41, "Invisible Traitor", "revealer", "", "", false},
	{42, "Comes the Hero", "highest_trait", "might", "", false},
	{43, "The Star Sickness", "hidden", "", "", false},
	{44, "Death Doth Find Us All", "youngest_explorer", "", "", true},
	{45, "Tick, Tick, Tick", "highest_trait", "knowledge", "", true},
	{46, "The Feast", "lowest_trait", "speed", "madame-zostra", false},
	{47, "Worm Ouroboros", "revealer", "", "", false},
	{48, "Stacked Like Cordwood", "left_of_revealer", "", "", false},
	{49, "You Wear It Well", "highest_trait", "knowledge", "heather-granville", false},
	{50, "Treasure Hunt", "none", "", "", false},
}

// traitorKinds are the rule kinds the engine knows (catalog.TraitorRule doc;
// game.State.SelectTraitor).
var traitorKinds = map[string]bool{
	"revealer": true, "left_of_revealer": true, "highest_trait": true, "lowest_trait": true,
	"oldest_explorer": true, "youngest_explorer": true, "none": true, "none_at_first": true, "hidden": true,
}

var traitIDs = map[string]bool{"speed": true, "might": true, "sanity": true, "knowledge": true}

func TestHauntsAreNumberedAndNamed(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 作祟 l.267-275: the Traitor's Tome numbers its haunts (2nd edition: 50); data/haunts.csv"
	hs := catalog.Haunts()
	if len(hs) != 50 {
		t.Fatalf("%s: %d haunts, want 50", rule, len(hs))
	}
	seenEN := map[string]int{}
	for i, h := range hs {
		if h.Number != i+1 {
			t.Errorf("%s: entry %d has number %d", rule, i+1, h.Number)
		}
		if strings.TrimSpace(h.Name.EN) == "" || strings.TrimSpace(h.Name.ZH) == "" {
			t.Errorf("%s: haunt %d name %+v lacks a language", rule, h.Number, h.Name)
		}
		if h.Name.In("zh") != h.Name.ZH || h.Name.In("en") != h.Name.EN {
			t.Errorf("haunt %d: Text.In does not pick the language", h.Number)
		}
		if strings.TrimSpace(h.TraitorRule.EN) == "" {
			t.Errorf("%s: haunt %d has no printed traitor rule", rule, h.Number)
		}
		if prev, dup := seenEN[h.Name.EN]; dup {
			t.Errorf("haunts %d and %d share the name %q", prev, h.Number, h.Name.EN)
		}
		seenEN[h.Name.EN] = h.Number
		if got := catalog.HauntByNumber(h.Number); got == nil || got.Number != h.Number {
			t.Errorf("HauntByNumber(%d) = %+v", h.Number, got)
		}
	}
	for _, n := range []int{-1, 0, 51, 100} {
		if got := catalog.HauntByNumber(n); got != nil {
			t.Errorf("HauntByNumber(%d) = %+v, want nil", n, got)
		}
	}
}

func TestHauntsMatchTheResearch(t *testing.T) {
	t.Parallel()
	const rule = "data/haunts.csv (Traitor's Tome traitor table); seed 000, 作祟 l.277-293"
	for _, w := range wantHaunts {
		h := catalog.HauntByNumber(w.number)
		if h == nil {
			t.Errorf("%s: haunt %d missing", rule, w.number)
			continue
		}
		if h.Name.EN != w.name {
			t.Errorf("%s: haunt %d named %q, want %q", rule, w.number, h.Name.EN, w.name)
		}
		want := catalog.TraitorRule{Kind: w.kind, Trait: w.trait, Explorer: w.explorer, ExceptRevealer: w.exceptRevealer}
		if h.Traitor != want {
			t.Errorf("%s: haunt %d (%s) traitor rule %+v, want %+v", rule, w.number, w.name, h.Traitor, want)
		}
	}
}

func TestTraitorRulesAreWellFormed(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 作祟 l.281-293: a named explorer, else the revealer, the highest/lowest of a trait, the revealer's left, or none"
	explorers := map[string]bool{}
	for _, ex := range catalog.Explorers() {
		explorers[ex.ID] = true
	}
	for _, h := range catalog.Haunts() {
		r := h.Traitor
		if !traitorKinds[r.Kind] {
			t.Errorf("%s: haunt %d has unknown rule kind %q", rule, h.Number, r.Kind)
		}
		switch r.Kind {
		case "highest_trait", "lowest_trait":
			if !traitIDs[r.Trait] {
				t.Errorf("%s: haunt %d compares unknown trait %q", rule, h.Number, r.Trait)
			}
		default:
			if r.Trait != "" {
				t.Errorf("%s: haunt %d (%s) names trait %q it can't use", rule, h.Number, r.Kind, r.Trait)
			}
		}
		if r.ExceptRevealer {
			switch r.Kind {
			case "highest_trait", "lowest_trait", "oldest_explorer", "youngest_explorer":
			default:
				t.Errorf("%s: haunt %d excepts the revealer from a %s rule", rule, h.Number, r.Kind)
			}
		}
		if r.Explorer != "" {
			if !explorers[r.Explorer] {
				t.Errorf("%s: haunt %d names %q, not in catalog.Explorers()", rule, h.Number, r.Explorer)
			}
			if catalog.ExplorerByID(r.Explorer) == nil {
				t.Errorf("ExplorerByID(%q) = nil", r.Explorer)
			}
			switch r.Kind {
			case "none", "none_at_first", "hidden":
				t.Errorf("%s: haunt %d names an explorer but has no fallback (%s)", rule, h.Number, r.Kind)
			}
		}
	}
}

func TestHauntChartShape(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 作祟 l.263-273: the chart crosses the omen drawn with the room it was drawn in"
	c := catalog.Chart()
	if len(c.Omens) != 13 || len(c.Rooms) != 13 || len(c.Chart) != 13 {
		t.Fatalf("%s: %d omens, %d rooms, %d rows; want 13×13", rule, len(c.Omens), len(c.Rooms), len(c.Chart))
	}
	used := map[int]bool{}
	for r, row := range c.Chart {
		if len(row) != 13 {
			t.Errorf("%s: row %d (%s) has %d cells", rule, r, c.Rooms[r], len(row))
		}
		for o, n := range row {
			if n < 1 || n > 50 {
				t.Errorf("%s: %s × %s = %d, not a haunt", rule, c.Rooms[r], c.Omens[o], n)
			}
			used[n] = true
		}
	}
	for n := 1; n <= 50; n++ {
		if !used[n] {
			t.Errorf("%s: haunt %d is on no cell of the chart", rule, n)
		}
	}
	for _, list := range [][]string{c.Omens, c.Rooms} {
		seen := map[string]bool{}
		for _, id := range list {
			if id == "" || seen[id] || id != slug(id) {
				t.Errorf("chart id %q empty, repeated or not a slug", id)
			}
			seen[id] = true
		}
	}
}

// Every cell of the embedded chart equals the shared research's CSV.
func TestHauntChartMatchesTheResearch(t *testing.T) {
	t.Parallel()
	const rule = "data/haunt_chart.csv; seed 000, 作祟 l.271: Catacombs × Girl = 1"
	rows, err := csv.NewReader(strings.NewReader(chartCSV)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	c := catalog.Chart()
	header := rows[0][1:]
	for i, name := range header {
		if i >= len(c.Omens) || c.Omens[i] != slug(name) {
			t.Errorf("%s: omen column %d is %v, want %q", rule, i, c.Omens, slug(name))
		}
	}
	cells := 0
	for r, row := range rows[1:] {
		room := slug(row[0])
		if r >= len(c.Rooms) || c.Rooms[r] != room {
			t.Errorf("%s: room row %d is not %q", rule, r, room)
		}
		for i, cell := range row[1:] {
			want, err := strconv.Atoi(cell)
			if err != nil {
				t.Fatal(err)
			}
			omen := slug(header[i])
			if got := catalog.LookupHaunt(omen, room); got != want {
				t.Errorf("%s: LookupHaunt(%q, %q) = %d, want %d", rule, omen, room, got, want)
			}
			cells++
		}
	}
	if cells != 169 {
		t.Errorf("checked %d cells, want 169", cells)
	}
}

func TestLookupHaunt(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, rule string
		omen, room string
		want       int
	}{
		{"rulebook example", "seed 000, 作祟 l.271: 陵墓Catacombs及女孩Girl…依表查出数字1", "girl", "catacombs", 1},
		{"same example in the FAQ text", "seed 002 l.73, 作祟: 陵墓Catacombs及女孩Girl…Haunt#木乃伊横行TheMummyWalks", "girl", "catacombs", 1},
		{"Bite is an omen on the chart", "seed 000 l.183: 预兆牌…(噬咬Bite除外) — Bite is an omen card, just not an object", "bite", "gymnasium", 35},
		{"Skull in the Abandoned Room: hidden traitor", "data/haunt_chart.csv", "skull", "abandoned-room", 34},
		{"Pentagram Chamber × Book", "data/haunt_chart.csv", "book", "pentagram-chamber", 50},
		{"Servants' Quarters × Spirit Board", "data/haunt_chart.csv", "spirit-board", "servants-quarters", 8},
		{"unknown omen", "seed 000, 作祟 l.263: only omen cards start the haunt", "armor", "catacombs", 0},
		{"item named like nothing", "seed 000, 作祟 l.263", "", "catacombs", 0},
		{"unknown room", "seed 000, 作祟 l.265: only the chart's rooms", "girl", "entrance-hall", 0},
		{"empty room", "seed 000, 作祟 l.265", "girl", "", 0},
		{"both empty", "seed 000, 作祟 l.263-265", "", "", 0},
		{"printed names are not ids", "app: ids are slugs", "Girl", "Catacombs", 0},
		{"arguments swapped", "app: omen first, room second", "catacombs", "girl", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := catalog.LookupHaunt(c.omen, c.room); got != c.want {
				t.Errorf("%s: LookupHaunt(%q, %q) = %d, want %d", c.rule, c.omen, c.room, got, c.want)
			}
		})
	}
}

func TestIsOmenAndIsOmenRoom(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 作祟 l.263-265: the chart lists the 13 omens and the 13 omen rooms"
	c := catalog.Chart()
	for _, o := range c.Omens {
		if !catalog.IsOmen(o) || catalog.IsOmenRoom(o) {
			t.Errorf("%s: omen %q: IsOmen=%v IsOmenRoom=%v", rule, o, catalog.IsOmen(o), catalog.IsOmenRoom(o))
		}
	}
	for _, r := range c.Rooms {
		if !catalog.IsOmenRoom(r) || catalog.IsOmen(r) {
			t.Errorf("%s: room %q: IsOmenRoom=%v IsOmen=%v", rule, r, catalog.IsOmenRoom(r), catalog.IsOmen(r))
		}
	}
	for _, id := range []string{"", "armor", "Girl", "girl ", "entrance-hall", "attic", "foyer"} {
		if catalog.IsOmen(id) || catalog.IsOmenRoom(id) {
			t.Errorf("%s: %q accepted", rule, id)
		}
	}
}

// The chart's ids name real cards and rooms of the box, when the box data
// is complete enough to load.
func TestChartIDsAreInTheBox(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.183: the omen deck; rooms with the omen symbol"
	box, err := catalog.LoadBox()
	if err != nil {
		t.Skipf("box data does not load yet: %v", err)
	}
	c := catalog.Chart()
	for _, o := range c.Omens {
		if card := box.Card(o); card == nil || card.Deck != "omen" {
			t.Errorf("%s: chart omen %q is %+v, want an omen card", rule, o, card)
		}
	}
	for _, r := range c.Rooms {
		if box.Room(r) == nil {
			t.Errorf("%s: chart room %q is not a room of the box", rule, r)
		}
	}
}
