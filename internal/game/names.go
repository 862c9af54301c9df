package game

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxNameLength bounds a player's name in characters.
const MaxNameLength = 24

// cleanName is the name a seat will carry: normalised (NFC, so "é" typed
// two ways is one name) and trimmed. It refuses what would fool the table:
// no visible character, control characters, and bidirectional overrides
// that would turn the text around them (in the log, on other phones).
func cleanName(raw string) (string, error) {
	if !utf8.ValidString(raw) {
		return "", refuse(Invalid, "err_bad_json")
	}
	name := strings.TrimSpace(norm.NFC.String(raw))
	if strings.IndexFunc(name, func(r rune) bool { return unicode.IsControl(r) || bidiControl(r) }) >= 0 {
		return "", refuse(Invalid, "err_name_control")
	}
	name = strings.TrimFunc(name, func(r rune) bool { return unicode.IsSpace(r) || invisible(r) })
	switch {
	case strings.TrimSpace(raw) == "":
		return "", refuse(Invalid, "err_name_empty")
	case strings.IndexFunc(name, visible) < 0:
		return "", refuse(Invalid, "err_name_invisible")
	case utf8.RuneCountInString(name) > MaxNameLength:
		return "", refuse(Invalid, "err_name_long", MaxNameLength)
	}
	return name, nil
}

// nameKey is what two names must not share to be told apart at the table:
// compatibility forms folded (ｆｕｌｌ width, ligatures), invisible
// characters and spaces dropped, case ignored. "Ann\u200b", "ANN" and
// "A n n" all read as "Ann".
func nameKey(name string) string {
	var b strings.Builder
	for _, r := range norm.NFKC.String(name) {
		if invisible(r) || unicode.IsSpace(r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// nameTakenBy is the seat whose name reads like name, if any.
func (s *State) nameTakenBy(name string) *Seat {
	key := nameKey(name)
	for i := range s.Seats {
		if nameKey(s.Seats[i].Name) == key {
			return &s.Seats[i]
		}
	}
	return nil
}

// visible: a letter, digit, punctuation mark or symbol that shows.
func visible(r rune) bool {
	return !invisible(r) && (unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsPunct(r) || unicode.IsSymbol(r))
}

// invisible characters draw nothing: format characters (zero-width space
// and joiners, soft hyphen, byte-order mark), variation selectors, the
// combining grapheme joiner, and the letters and symbols that render
// blank (Hangul fillers, the blank braille pattern).
func invisible(r rune) bool {
	switch {
	case unicode.Is(unicode.Cf, r), unicode.Is(unicode.Variation_Selector, r):
		return true
	}
	switch r {
	case '\u034f', '\u115f', '\u1160', '\u3164', '\uffa0', '\u2800', '\u17b4', '\u17b5', '\u180e':
		return true
	}
	return false
}

// bidiControl: the embeddings, overrides and isolates that reorder the text
// around them, and the directional marks.
func bidiControl(r rune) bool {
	return r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069' ||
		r == '\u200e' || r == '\u200f' || r == '\u061c'
}
