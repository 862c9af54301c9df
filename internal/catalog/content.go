package catalog

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"

	"lantern/data"
)

// Damage is damage a card or room deals: a fixed Amount, or Dice to roll.
type Damage struct {
	Kind   string `json:"kind"` // physical | mental | any (the player picks traits freely)
	Amount int    `json:"amount,omitempty"`
	Dice   int    `json:"dice,omitempty"`
}

// Effect is what happens to the explorer: trait changes (+ gains, − losses),
// damage, traits restored to their starting value, and the words for it.
type Effect struct {
	Gain    map[string]int `json:"gain,omitempty"`
	Damage  *Damage        `json:"damage,omitempty"`
	Restore []string       `json:"restore,omitempty"`
	Text    Text           `json:"text"`
}

// Bracket is one outcome of a roll: totals from Min to Max; no Max means no
// upper bound (a pointer, so "exactly 0" stays expressible).
type Bracket struct {
	Min int  `json:"min"`
	Max *int `json:"max,omitempty"`
	Effect
}

// Covers reports whether a roll total falls in the bracket.
func (b Bracket) Covers(total int) bool {
	return total >= b.Min && (b.Max == nil || total <= *b.Max)
}

// Roll is a trait roll a card or room asks for. Dice 0 means "dice equal to
// the trait's current value"; Trait "" with Dice n means a plain n-dice roll.
type Roll struct {
	Trait    string    `json:"trait,omitempty"`
	Dice     int       `json:"dice,omitempty"`
	Brackets []Bracket `json:"brackets"`
}

// Weapon says what a weapon adds when its holder attacks (never on defence).
type Weapon struct {
	Trait  string         `json:"trait"`
	Dice   int            `json:"dice"`
	Ranged bool           `json:"ranged,omitempty"`
	Cost   map[string]int `json:"cost,omitempty"` // trait cost per use, e.g. Blood Dagger: speed -1
}

// Card is one omen, item or event card.
type Card struct {
	ID      string `json:"id"`
	Deck    string `json:"deck"` // omen | item | event
	Copies  int    `json:"copies,omitempty"`
	Name    Text   `json:"name"`
	Text    Text   `json:"text"`
	Subtype string `json:"subtype,omitempty"` // companion | weapon | …

	OnGain map[string]int `json:"on_gain,omitempty"`
	OnLose map[string]int `json:"on_lose,omitempty"`
	Roll   *Roll          `json:"roll,omitempty"`
	Weapon *Weapon        `json:"weapon,omitempty"`

	DiscardAfterUse bool `json:"discard_after_use,omitempty"`
	Tradeable       bool `json:"tradeable"`
	Droppable       bool `json:"droppable"`
	Stealable       bool `json:"stealable"`
	Companion       bool `json:"companion,omitempty"`
	// Keep marks events that stay in front of the player until cleared.
	Keep bool `json:"keep,omitempty"`

	Rules      []string `json:"rules,omitempty"`
	SourceNote string   `json:"source_note,omitempty"`
}

// Symbols counts the card symbols printed on a room tile.
type Symbols struct {
	Omen  int `json:"omen"`
	Item  int `json:"item"`
	Event int `json:"event"`
}

// Room is one room tile, or one of the three rooms on the Entrance Hall tile.
type Room struct {
	ID       string   `json:"id"`
	Name     Text     `json:"name"`
	Text     Text     `json:"text"`
	Floors   []string `json:"floors"` // upper | ground | basement
	Symbols  Symbols  `json:"symbols"`
	Entrance bool     `json:"entrance,omitempty"` // part of the Entrance Hall tile
	// Kind groups room rules: end_turn_damage, once_gain, leave_roll,
	// barrier, special, or "" for none.
	Kind          string         `json:"kind,omitempty"`
	Roll          *Roll          `json:"roll,omitempty"`
	OnceGain      map[string]int `json:"once_gain,omitempty"`
	EndTurnDamage *Damage        `json:"end_turn_damage,omitempty"`
	Rules         []string       `json:"rules,omitempty"`
	SourceNote    string         `json:"source_note,omitempty"`
}

// RuleSection is one section of the rule book, in our own words.
type RuleSection struct {
	ID    string   `json:"id"`
	Title Text     `json:"title"`
	Body  Text     `json:"body"` // paragraphs separated by blank lines
	Cards []string `json:"cards,omitempty"`
	Rooms []string `json:"rooms,omitempty"`
	FAQ   bool     `json:"faq,omitempty"`
}

// Content is everything in the box besides the explorers.
type Content struct {
	Cards []Card
	Rooms []Room
	Rules []RuleSection

	cardByID map[string]*Card
	roomByID map[string]*Room
	ruleByID map[string]*RuleSection
}

var (
	contentOnce sync.Once
	content     *Content
	contentErr  error
)

func readJSON(name string, v any) error {
	raw, err := fs.ReadFile(data.Files, name)
	if err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("parse %s: %w", name, err)
	}
	return nil
}

func loadContent() (*Content, error) {
	c := &Content{}
	for _, deck := range []string{"omens.json", "items.json", "events.json"} {
		var cards []Card
		if err := readJSON(deck, &cards); err != nil {
			return nil, err
		}
		c.Cards = append(c.Cards, cards...)
	}
	if err := readJSON("rooms.json", &c.Rooms); err != nil {
		return nil, err
	}
	if err := readJSON("rules.json", &c.Rules); err != nil {
		return nil, err
	}
	c.cardByID = map[string]*Card{}
	for i := range c.Cards {
		c.cardByID[c.Cards[i].ID] = &c.Cards[i]
	}
	c.roomByID = map[string]*Room{}
	for i := range c.Rooms {
		c.roomByID[c.Rooms[i].ID] = &c.Rooms[i]
	}
	c.ruleByID = map[string]*RuleSection{}
	for i := range c.Rules {
		c.ruleByID[c.Rules[i].ID] = &c.Rules[i]
	}
	return c, nil
}

// Box returns the embedded cards, rooms and rules. The data is embedded,
// so a failure is a build defect and panics (a test loads it).
func Box() *Content {
	contentOnce.Do(func() { content, contentErr = loadContent() })
	if contentErr != nil {
		panic(contentErr)
	}
	return content
}

// LoadBox is Box without the panic, for tests.
func LoadBox() (*Content, error) {
	contentOnce.Do(func() { content, contentErr = loadContent() })
	return content, contentErr
}

// Card returns the card with that id, or nil.
func (c *Content) Card(id string) *Card { return c.cardByID[id] }

// Room returns the room with that id, or nil.
func (c *Content) Room(id string) *Room { return c.roomByID[id] }

// Rule returns the rule section with that id, or nil.
func (c *Content) Rule(id string) *RuleSection { return c.ruleByID[id] }
