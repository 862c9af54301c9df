package views

// Omens, the haunt roll, the reveal and the haunt chart: its model (this
// file), its template (haunt.templ) and its words (haunt_words.go).

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
	Number   int
	Name     string
	Revealer string
	Traitor  string // empty when none or hidden
	Why      TraitorWhy
	// Private, per seat: the book to read (Role: shown_traitor, traitor,
	// all_heroes or hero; "" for none) and the hidden token.
	Role      string
	IsTraitor bool
	// Secret: this seat's line is its hidden token's, said as a slot of
	// the same length for every token (secretWords); it replaces Role's.
	Secret bool
	// Deal is the most tokens a hidden deal gives (game.MaxSeats): the
	// secret slot is as long as the longest of their lines.
	Deal       int
	Hidden     bool
	Token      int
	TokenShown bool
	Shown      []ShownToken // public: tokens turned face up
	// PlayedBefore counts the group's finished games with this haunt.
	PlayedBefore int
	// Reselect, on the table right after the reveal, picks another haunt.
	Reselect *OmenForm
}

// ShownToken is a seat's hidden token turned face up.
type ShownToken struct {
	Name  string
	Token int // 1 is the traitor's
}

// TraitorWhy is how the traitor was picked, as traitorWhyWords says it: the
// haunt's rule (Kind, its Trait, ExceptRevealer; Explorer when it names
// one, Named when that explorer plays), the hidden tokens turned up, and
// the candidates with their values ("Ann 5"), the tied ones and how the tie
// was broken (TieBreak; Left is the seat left of the revealer).
type TraitorWhy struct {
	Explorer       string
	Named          bool
	Kind, Trait    string
	ExceptRevealer bool
	TraitorShown   bool
	ShownHeroes    []int
	Tied, All      []string
	TieBreak, Left string
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

	// Played marks the haunts played to the end on this server, by
	// number (nights.go).
	Played map[int]Played
}

// Played is how often a haunt was played to the end on this server, when
// last (a date) and the side that won then ("nights_side_" + Winner).
type Played struct {
	Times  int
	Last   string
	Winner string
}

// HauntResult is one looked-up haunt.
type HauntResult struct {
	Number  int
	Name    string
	Traitor TraitorRule
	Omen    string
	Room    string
}

// TraitorRule is a haunt's rule for who the traitor is, as
// traitorRuleWords says it: its kind, its trait, whether the revealer is
// left out, and the explorer it names, if any.
type TraitorRule struct {
	Kind, Trait    string
	ExceptRevealer bool
	Explorer       string
}
