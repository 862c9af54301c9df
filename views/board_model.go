package views

// The explorers' boards and the log: its model (this file), its template
// (board.templ) and its words (board_words.go and log_words.go).

// TraitRow is one trait track on a board.
type TraitRow struct {
	ID       string // its words are "trait_" + ID
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
	Seat     int
	Name     string
	Explorer string
	Colour   string // its words are "colour_" + Colour
	Alive    bool
	IsTurn   bool
	Traits   []TraitRow
	Hand     []Link
	// Editable shows the controls; Actor is "seat" or "host" for the forms.
	Editable bool
	Actor    string
	// Floor is the lowest position a control may reach (1 before the haunt).
	Floor int
}

// HandLine lists a seat's cards on boards other phones see.
type HandLine struct {
	Seat  int
	Cards []Link
}

// LogLine is one entry of the shared log: its time, what happened (Text:
// the phrases of log_words.go, as internal/seatview/log.go picks them for
// the event, with names in the page's language) and whether it was undone.
type LogLine struct {
	Time   string
	Text   Line
	Undone bool
}
