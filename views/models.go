// Package views renders Lantern's pages with templ. Components take plain
// view-model structs built by internal/seatview (a game's pages) and
// internal/web (the other pages); they never see the game state.
//
// Each screen section is in one place, three files side by side: its
// model (cards_model.go), its template (cards.templ) and its words
// (cards_words.go, registered by internal/i18n). This file holds the
// shapes every section uses.
package views

// Option is one choice in a select.
type Option struct {
	ID    string
	Label string
}

// Link is a labelled URL.
type Link struct {
	Label string
	URL   string
	// Hint is said after the link (what it opens: a rule, the table view).
	Hint Phrase
	// Worn: a card worn (the Mask), said after its name on a hand line.
	Worn bool
}
