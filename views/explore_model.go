package views

// Exploring: its model (this file), its template (explore.templ) and its
// words (explore_words.go).

// Explore is the exploring flow of the seat on turn: the tiles still in the
// stack, by floor, and the card the room just discovered owes.
type Explore struct {
	Floors []ExploreFloor
	Just   *Discovered
}

// ExploreFloor is one floor and the tiles that may go on it.
type ExploreFloor struct {
	ID    string // upper, ground or basement: its words are "floor_title_" + ID
	Tiles []Tile
}

// Tile is a room tile as a button: its name and its card symbol (🐦 omen,
// 🐂 item, 🌀 event, or none). Names are every name the room has, in both
// languages, that the list's filter finds it by (a copy in the other
// language, a friend's word).
type Tile struct {
	ID, Label, Symbol string
	Names             string
}

// Discovered is the room this seat discovered this turn: the card its
// symbol owes (Deck set until drawn, with the cards still in that deck), its
// text, its roll and a once-per-explorer gain it offers.
type Discovered struct {
	Room, RoomLabel string
	Symbol          string
	Deck            string
	Cards           []Option
	Text            string
	Roll            *GuidedRoll
	Gain            *RoomGain
	// Drawn and Apply are the card drawn here and the outcome of the last
	// roll, shown where the card was drawn until they are done.
	Drawn *DrawnCard
	Apply *ApplyLine
}

// Draw is "I drew…": the cards still in each deck as buttons. An omen asks
// for its room, unless the room just discovered says it.
type Draw struct {
	Items, Events, Omens []Option
	OmenRooms            []Option // the house's omen rooms when known, else the chart's
	OmenRoom             string   // the room an omen is drawn in, when known
	CanOmen              bool
	// Kept holds the cards that go to the drawer's hand: the phone shows
	// one there at once when it is picked, before the game says so.
	Kept map[string]bool
}

// DrawnCard is a card just drawn that asks for a roll: its text, the roll
// in one tap, and (after the roll) its outcome to apply.
type DrawnCard struct {
	Name, Text string
	// Rolls is its roll, one per trait when the card lets the roller
	// choose (Spider: Speed or Sanity).
	Rolls []GuidedRoll
}

// HouseFloor is one floor of the house as the table lists it.
type HouseFloor struct {
	ID    string // its words are "floor_title_" + ID
	Rooms []Tile
}
