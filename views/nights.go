package views

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
