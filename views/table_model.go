package views

// The table's screen: its model (this file), its template (table.templ) and
// its words (table_words.go).

// SeatLine is one seat in the host's lobby list.
type SeatLine struct {
	Seat     int
	Name     string
	Explorer string
	Colour   string
	Birthday Date
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
	UndoWhat  Line // what undo would take back, a logged change's line
	Rolls     []RollLine
	Omens     OmenStatus
	Reveal    *Reveal
	Decks     []DeckCount
	Piles     []Pile
	Fight     *Fight
	Summary   *Summary
	House     []HouseFloor // the rooms in the house, by floor
	// EndTurnOwed is the card a turn's room still owes, which End turn
	// asks about before ending it (only the host may); nil when none is.
	EndTurnOwed *OwedCard
}

// OwedCard is a room's card not drawn yet: who owes it, its deck and the
// room.
type OwedCard struct {
	Who, Deck, Room string
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
