package views

// The box's pages: search, cards, rooms and rules: its model (this file),
// its template (box.templ) and its words (box_words.go).

// SearchPage answers a question: the best passage whole, a few more under it.
type SearchPage struct {
	Head
	Query string
	// Game and Seat are who asks from a game's Rules tab: what that seat
	// holds ranks first. Empty on the plain search page.
	Game string
	Seat int
	// Answer is the passage that answers best, shown whole; More are the
	// next few. Message says why there is no answer (the search's refusal:
	// the API answers it too).
	Answer  *Answer
	More    []Answer
	Message Phrase
	// Choices are answers shown by their titles first, one tap opening
	// each: answers about alike (Sure), or (with Note) only the nearest
	// passages.
	Choices []Answer
	Sure    bool
	// Note says why there is no sure answer: the haunt's book that holds
	// it, or that nothing in the box does (the API answers it too).
	Note Phrase
}

// RulePassage is one paragraph or ruling of a rule section's page.
type RulePassage struct {
	ID         string
	Heading    string
	Paragraphs []string
}

// Answer is one passage, card or room that answers a question.
type Answer struct {
	ID string // the passage's anchor, or the card's or room's id
	// Kind is what answers: faq, rule, card or room; Deck is a card's
	// (omen, item, event) and Section a passage's section title. Its
	// source is said from them (answerSource: "FAQ ruling", "Rules ·
	// Attacks", "Item card").
	Kind       string
	Deck       string
	Section    string
	Title      string // the ruling's question, the paragraph's heading, the name
	Paragraphs []string
	URL        string // the whole section at this passage, or the entry's page
}

// Fact is one labelled detail of a card or room, or a roll's outcome.
type Fact struct {
	Label string
	Value string
}

// EntryPage is a card, room or rule section on its own page.
type EntryPage struct {
	Head
	// Kind is card, room or rule; Deck is a card's (omen, item, event).
	Kind       string
	Deck       string
	Title      string
	Other      string // the name in the other language
	Paragraphs []string
	// Passages are a rule section's paragraphs and rulings, each under its
	// heading (a ruling's question) and with its id as its anchor.
	Passages []RulePassage
	// Card and Room are a card's or a room's details (entryFacts says them).
	Card *CardFacts
	Room *RoomFacts
	// Brackets are the roll's outcomes ("4+" → what happens); the roll is
	// of RollDice dice, or of RollTrait when it names one.
	Brackets   []Fact
	RollDice   int
	RollTrait  string
	Related    []Link
	SourceNote string
}

// CardFacts are what a card does beside its text.
type CardFacts struct {
	OnGain, OnLose []TraitChange
	// Weapon is a weapon's attack trait and extra dice.
	Weapon *Weapon
	// Keeps: a card kept in a hand (not an event), whose trading,
	// dropping and stealing are said.
	Keeps                           bool
	Tradeable, Droppable, Stealable bool
	DiscardAfterUse                 bool
}

// Weapon is a weapon's attack: its trait, and the dice it adds.
type Weapon struct {
	Trait string
	Dice  int
}

// RoomFacts are a room's details: its floors (ids), the card symbols it
// holds, what it gives once and what ending a turn there costs.
type RoomFacts struct {
	Floors        []string
	Symbols       []Symbol
	OnceGain      []TraitChange
	EndTurnDamage *Damage
}

// Symbol is how many of one card symbol (omen, item, event) a room holds.
type Symbol struct {
	Kind string
	N    int
}

// Damage is an amount of damage of a kind (its words are "cause_" + Kind).
type Damage struct {
	Amount int
	Kind   string
}

// BoxPage lists everything in the box.
type BoxPage struct {
	Head
	Groups []LinkGroup
}

// LinkGroup is a list of links under its group's title: Group is rule,
// omen, item, event or room (its words are "group_" + Group).
type LinkGroup struct {
	Group string
	Links []Link
}
