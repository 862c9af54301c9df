package views

// Every page's frame: the head, the status line, the home and message
// pages: its model (this file), its template (layout.templ) and its words
// (layout_words.go).

// Head is what every page's layout needs.
type Head struct {
	Lang string
	// Title is the page's title, said by the layout: the page's words
	// (a key), or a name (Lit); none titles the page as Lantern alone.
	Title Phrase
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

// Status is the shared line above every live page.
type Status struct {
	Code     string
	Phase    string // over, lobby, exploration or haunt: its words are "phase_" + Phase
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

// Message is a simple page with one message and an optional way home:
// its words are phrases (which page it is, a seat's name, or a refusal's
// text), said by its template.
type Message struct {
	Head
	Heading Phrase
	Text    Phrase
	// Home shows the link back to the home page.
	Home bool
	// Form, when set, shows one button that posts to it (e.g. claim a seat).
	FormURL    string
	FormButton Phrase
	FormKey    string
}

// Home is the start page.
type Home struct {
	Head
	// Games are the games this browser plays or hosts, to go back to.
	Games []Link
}
