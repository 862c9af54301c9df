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
	// next few. Message says why there is no answer (in the page's language).
	Answer  *Answer
	More    []Answer
	Message string
	// Choices are answers shown by their titles first, one tap opening
	// each: answers about alike, or (with Note) only the nearest
	// passages. ChoicesTitle says which.
	Choices      []Answer
	ChoicesTitle string
	// Note says why there is no sure answer: the haunt's book that holds
	// it, or that nothing in the box does.
	Note string
}

// RulePassage is one paragraph or ruling of a rule section's page.
type RulePassage struct {
	ID         string
	Heading    string
	Paragraphs []string
}

// Answer is one passage, card or room that answers a question.
type Answer struct {
	ID         string // the passage's anchor, or the card's or room's id
	Source     string // where it comes from: "FAQ ruling", "Rules · Attacks", "Item card"
	Title      string // the ruling's question, the paragraph's heading, the name
	Paragraphs []string
	URL        string // the whole section at this passage, or the entry's page
	LinkLabel  string
}

// Fact is one labelled detail of a card or room.
type Fact struct {
	Label string
	Value string
}

// EntryPage is a card, room or rule section on its own page.
type EntryPage struct {
	Head
	KindLabel  string
	Title      string
	Other      string // the name in the other language
	Paragraphs []string
	// Passages are a rule section's paragraphs and rulings, each under its
	// heading (a ruling's question) and with its id as its anchor.
	Passages   []RulePassage
	Facts      []Fact
	Brackets   []Fact // roll outcomes: "4+" → what happens
	RollLabel  string
	Related    []Link
	SourceNote string
}

// BoxPage lists everything in the box.
type BoxPage struct {
	Head
	Groups []LinkGroup
}

// LinkGroup is a titled list of links.
type LinkGroup struct {
	Title string
	Links []Link
}
