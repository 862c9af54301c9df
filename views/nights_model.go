package views

// Game nights: its model (this file), its template (nights.templ) and its
// words (nights_words.go).

// NextGame is the game a finished game's group plays next, as a phone or
// the table sees it from the finished game.
type NextGame struct {
	Code string
	// A phone's: where its join posts, its name kept, its last explorer
	// first when still free (nil when taken), the other free explorers,
	// and whether it already plays there or the game started without it.
	Action  string
	Leave   string
	Name    string
	Last    *Option
	Others  []Option
	Joined  bool
	Started bool
}

// Imported is the page an imported game's table shows once: each seat's
// one-time QR code, which the seat's phone scans to take it back.
type Imported struct {
	Head
	Code    string
	Minutes int
	Seats   []ImportedSeat
}

// ImportedSeat is one seat's QR code.
type ImportedSeat struct {
	Seat   int
	Name   string
	URL    string
	QRData string
}

// Nights is the house's memory: this server's finished games, newest first.
type Nights struct {
	Head
	Games []NightGame
}

// NightGame is one finished game: when, who played whom, the haunt, the
// traitor as the table knew them, and the side that won.
type NightGame struct {
	Code      string
	Date      string
	Explorers []string
	Haunt     string
	Traitor   string
	Winner    string // the side that won: its words are "nights_side_" + Winner
	Next      string // the game the group played next, if any
}
