// Package views renders Lantern's pages with templ. Components take plain
// view-model structs built by internal/seatview (a game's pages) and
// internal/web (the other pages); they never see the game state.
package views

// Head is what every page's layout needs.
type Head struct {
	Lang  string
	Title string
	// Path is the current page, for the language switch to come back to.
	Path string
	// Events is the SSE URL for live pages, empty for static ones.
	Events string
	// Secret says the page belongs to a game whose seats hold hidden
	// tokens: it goes uncompressed (internal/web/secret.go).
	Secret bool
	// Fragment is the URL that re-renders the live part of the page.
	Fragment string
	Version  int
	// Act is where this page's forms post actions.
	Act string
	// Secure is set when the page came over HTTPS (lantern -tls).
	Secure bool
	// TV is the table view's large type, for a screen read from across
	// the room (a cookie of that browser).
	TV bool
}

// T says a key's words in the page's language (internal/i18n's T).
func (h Head) T(key string, args ...any) string { return Say(h.Lang, key, args...) }

// OtherLang is the language the switch offers.
func (h Head) OtherLang() string {
	if h.Lang == "zh" {
		return "en"
	}
	return "zh"
}

// TraitRow is one trait track on a board.
type TraitRow struct {
	ID       string
	Label    string
	Values   [8]int
	Position int // 0 = skull
	Start    int
	Overflow int
	Value    int
	// Down and Up are the positions a step down or up leads to (the
	// engine's Lose and Gain): the phone shows the step at once, before the
	// server's answer confirms it.
	Down, Up int
}

// Board is one explorer's character board.
type Board struct {
	Seat       int
	Name       string
	Explorer   string
	Colour     string
	ColourName string
	Alive      bool
	IsTurn     bool
	Traits     []TraitRow
	Hand       []Link
	// Editable shows the controls; Actor is "seat" or "host" for the forms.
	Editable bool
	Actor    string
	// Floor is the lowest position a control may reach (1 before the haunt).
	Floor int
}

// LogLine is one entry of the shared log.
type LogLine struct {
	Time   string
	Text   string
	Undone bool
}

// Status is the shared line above every live page.
type Status struct {
	Code     string
	Phase    string // translated
	Haunt    bool
	Started  bool
	TurnName string
	// Yours: the turn is this phone's own explorer's, said as "Your turn"
	// (its own name would read as someone else's).
	Yours bool
	// MonstersTurn: the monsters move now (said as "the monsters' turn").
	MonstersTurn bool
	// Over: a side has won; nobody's turn any more.
	Over      bool
	Error     string
	ErrorCode int
}

// Player is a seat's private page.
type Player struct {
	Head
	Status
	// Next is the game this one's group plays next (nights.go), once there is one.
	Next *NextGame

	Me       Board
	Others   []Board
	Log      []LogLine
	CanUndo  bool
	UndoWhat string
	MyTurn   bool

	Roller      Roller
	Rolls       []RollLine
	Explore     *Explore
	HauntPrompt *HauntPrompt
	Reveal      *Reveal
	Omens       OmenStatus
	Cards       *Cards
	Fight       *Fight
	Summary     *Summary
	Buzz        []Buzz
	// Two-player variant: the seats this phone plays, and what it may do.
	Controls  []Option
	CanSecond bool
	Handover  []Option
	// Phone is the page's layout around now (now bar, lines, sheets).
	Phone Phone
}

// Option is one choice in a select.
type Option struct {
	ID    string
	Label string
}

// Roller is the dice roller on a phone.
type Roller struct {
	Traits []TraitRow
	// Purposes are what a roll may be for: a plain purpose, or a card's
	// stored result rolled ahead (It Is Meant to Be, from the card data).
	Purposes  []Option
	Modifiers []Option
	Stored    int
	HasStored bool
	// Choose is the highest result a card lets the seat name instead of
	// rolling (Angel Feather), 0 when none; MaxDice the most dice a roll
	// may have, MaxNeed the highest target.
	Choose  int
	MaxDice int
	MaxNeed int
	// Odds are the engine's odds of each choice the form offers, for the
	// script to pick from (seatview.rollOdds).
	Odds string
	// Reroll offers Lucky Stone / Rabbit's Foot on the seat's last roll.
	Reroll *RollLine
	// Last is the seat's newest roll, shown right under the buttons.
	Last *RollLine
}

// RollLine is one roll in the shared roll log.
type RollLine struct {
	Time    string
	Who     string
	What    string
	Faces   []int
	Total   int
	Target  int
	Success bool
	Manual  bool
	Mods    string
	// Rerolls are the cards that may reroll it now (game.Options).
	Rerolls []Reroll
}

// Reroll is a card that may reroll dice of a roll: any of them (ticked), or
// One die.
type Reroll struct {
	Card  string
	Label string
	One   bool
}

// OmenForm records an omen drawn this turn.
type OmenForm struct {
	// HouseRooms are the omen rooms discovered in the house (newest first),
	// offered first when selecting another haunt.
	HouseRooms []Option
	Omens      []Option
	Rooms      []Option
}

// OmenStatus is the omen count and what it means for the next haunt roll.
type OmenStatus struct {
	Count  int
	Chance string // that the owed haunt roll (or, Next, the next omen's) starts the haunt
	Next   bool   // Chance is for the haunt roll after one more omen: none is owed
	Owed   string // who owes a haunt roll now, if anyone
	Drawn  []string
}

// HauntPrompt asks the seat for its owed haunt roll.
type HauntPrompt struct {
	Omen      string
	Room      string
	OmenCount int
	Chance    string
}

// Reveal is the haunt as one screen may see it.
type Reveal struct {
	Number      int
	Name        string
	Revealer    string
	Traitor     string // empty when none or hidden
	Explanation string
	// Private, per seat: the book to read and the hidden token.
	Message   string
	IsTraitor bool
	// Secret is this seat's hidden-traitor line as a fixed-length slot
	// (internal/seatview/secret.go), HTML; it replaces Message.
	Secret     string
	Hidden     bool
	Token      int
	TokenShown bool
	Shown      []string // public: tokens turned face up
	// PlayedBefore counts the group's finished games with this haunt.
	PlayedBefore int
	// Reselect, on the table right after the reveal, picks another haunt.
	Reselect *OmenForm
}

// SeatLine is one seat in the host's lobby list.
type SeatLine struct {
	Seat     int
	Name     string
	Explorer string
	Colour   string
	Birthday string
	Days     int
}

// Table is the host's shared screen.
type Table struct {
	Head
	Status
	// Next is the game this one's group plays next; CanAgain: the game is
	// over and has none yet (nights.go).
	Next     *NextGame
	CanAgain bool

	JoinURL   string
	QRPath    string
	LANURLs   []string
	Seats     []SeatLine
	Suggested int
	Boards    []Board
	Log       []LogLine
	CanUndo   bool
	UndoWhat  string
	Rolls     []RollLine
	Omens     OmenStatus
	Reveal    *Reveal
	Decks     []DeckCount
	Piles     []Pile
	Fight     *Fight
	Summary   *Summary
	House     []HouseFloor // the rooms in the house, by floor
	// EndTurnOwed is what End turn asks before ending a turn whose room's
	// card is still owed (only the host may), "" when none is.
	EndTurnOwed string
}

// Transfer is the one-time QR that moves a seat to a new phone.
type Transfer struct {
	Head
	Back    string
	Code    string
	Seat    int
	Name    string
	URL     string
	QRData  string // data: URL of the PNG
	Minutes int
}

// ExplorerChoice is one explorer on the join page.
type ExplorerChoice struct {
	ID         string
	Name       string
	Colour     string
	ColourName string
	Age        int
	Birthday   string
	Hobbies    string
	Traits     []TraitRow
	Taken      bool
}

// Join is the page a phone opens from the QR code.
type Join struct {
	Head
	// Action is where the form posts; Second marks a phone adding its
	// second explorer (two-player variant), which needs no join key.
	Action    string
	Second    bool
	Code      string
	Key       string
	Name      string
	Explorers []ExplorerChoice
	Seated    int
	Error     string
	Started   bool
	Full      bool
}

// Home is the start page.
type Home struct {
	Head
	// Games are the games this browser plays or hosts, to go back to.
	Games []Link
}

// ChartPage is the public haunt chart with its lookup.
type ChartPage struct {
	Head
	Omens  []Option
	Rooms  []Option
	Cells  [][]int // [room][omen]
	Omen   string
	Room   string
	Result *HauntResult
	Error  string

	// Played marks the haunts played to the end on this server: how
	// often, when last and who won then (nights.go).
	Played map[int]string
}

// HauntResult is one looked-up haunt.
type HauntResult struct {
	Number  int
	Name    string
	Traitor string
	Omen    string
	Room    string
}

// Message is a simple page with one message and an optional link.
type Message struct {
	Head
	Heading  string
	Text     string
	LinkURL  string
	LinkText string
	// Form, when set, shows one button that posts to it (e.g. claim a seat).
	FormURL    string
	FormButton string
	FormKey    string
}

// Link is a labelled URL.
type Link struct {
	Label string
	URL   string
	Hint  string
	// Worn: a card worn (the Mask), said after its name on a hand line.
	Worn bool
}

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

// HandLine lists a seat's cards on boards other phones see.
type HandLine struct {
	Seat  int
	Cards []Link
}

// ResolveAlt is an attack's damage taken as another kind: Kind (sent with
// the split), the legend saying so, Pair the two traits it goes to.
type ResolveAlt struct {
	Kind   string
	Legend string
	Pair   [2]Option
}

// Fight is the haunt's second half as one screen sees it.
type Fight struct {
	// Attack form for this seat (its turn, after the haunt).
	CanAttack bool
	Targets   []Option
	Traits    []Option
	Weapons   []Option
	// The attack in progress, in words, and what this screen may do about it.
	Status      string
	Defend      bool   // this screen rolls the defence
	DefendFor   string // the defender's name when rolling for them
	Resolve     int    // damage this seat must split (0 = none)
	ResolveKind string
	ResolvePair [2]Option
	// ResolveAs: the same damage as another kind a held card allows
	// (Skull: mental as physical), one form each.
	ResolveAs []ResolveAlt
	StealFrom []Option // cards the winner may steal instead
	// DealDamage: the winner may choose the damage instead of a theft.
	DealDamage bool
	// Monsters and the track; Moves are this turn's monster move rolls.
	Monsters    []MonsterLine
	Moves       []string
	Kinds       []Option
	RunMonsters bool // the traitor's phone or the table
	Track       *TrackLine
	TurnOrder   string
	Reminders   []string
	CanEnd      bool
	JoinTraitor []Option // heroes the host may move to the traitor's side now
	// Attackers are the monsters that may still attack, Heroes their
	// targets; EndMonsters ends the monsters' turn.
	Attackers   []Option
	Heroes      []Option
	EndMonsters bool
}

// MonsterLine is one monster token.
type MonsterLine struct {
	ID      string
	Name    string
	Traits  string
	Stunned bool
	CanStun bool // this screen may mark it stunned
}

// TrackLine is the haunt's turn/damage track.
type TrackLine struct {
	Value int
	Label string
}

// Summary is the end of the game.
type Summary struct {
	Winner   string
	Haunt    string
	Traitor  string
	Dead     []string
	Rolls    int
	Duration string
}

// Buzz marks an event that concerns this phone, for the script's haptics.
type Buzz struct {
	ID   string
	Kind string // act | haunt
}

// SwappedOrder is the seating order 1..n with the seats at indexes i and j
// swapped: what a lobby's ▲/▼ sends.
func SwappedOrder(n, i, j int) []int {
	order := make([]int, n)
	for k := range order {
		order[k] = k + 1
	}
	order[i], order[j] = order[j], order[i]
	return order
}
