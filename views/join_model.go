package views

// The join page: its model (this file), its template (join.templ) and its
// words (join_words.go).

// ExplorerChoice is one explorer on the join page.
type ExplorerChoice struct {
	ID       string
	Name     string
	Colour   string
	Age      int
	Birthday Date
	Hobbies  string
	Traits   []TraitRow
	Taken    bool
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
