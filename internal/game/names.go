package game

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/unicode/runenames"
)

// MaxNameLength bounds a player's name in characters.
const MaxNameLength = 24

// MaxLabelLength bounds the haunt track's label in characters.
const MaxLabelLength = 80

// cleanName is the name a seat will carry: normalised (NFC, so "é" typed
// two ways is one name) and trimmed. It refuses what would fool the table:
// no visible character, control characters, and bidirectional overrides
// that would turn the text around them (in the log, on other phones), and
// anything else the PRECIS Nickname profile (RFC 8266, over RFC 8264's
// FreeformClass) refuses.
func cleanName(raw string) (string, error) { return cleanText(raw, MaxNameLength) }

// cleanLabel is cleanText for a text that is not a name (a monster kind,
// the track's label), refused with key when empty or too long, and with
// its own words for a control or another character PRECIS refuses. An
// empty text is returned as "" without an error: the caller says whether
// it may be.
func cleanLabel(raw string, most int, key string) (string, error) {
	text, err := cleanText(raw, most)
	var ge *Error
	if err == nil || !errors.As(err, &ge) {
		return text, err
	}
	switch ge.Key {
	case "err_name_empty", "err_name_invisible": // nothing that shows: as if left empty
		return "", nil
	case "err_name_control":
		return "", refuse(Invalid, "err_text_control")
	case "err_name_disallowed":
		return "", refuse(Invalid, "err_text_disallowed")
	}
	return "", refuse(Invalid, key)
}

// cleanText is what every text a phone shows (a player's name, a monster
// kind, the track's label) must be: valid UTF-8, NFC, trimmed, invisible
// characters inside dropped (they draw nothing, and a zero-width space in
// a name only hides a look-alike), no control or text-direction character,
// at most most characters, and accepted by the PRECIS Nickname profile.
func cleanText(raw string, most int) (string, error) {
	if !utf8.ValidString(raw) {
		return "", refuse(Invalid, "err_bad_json")
	}
	text := strings.TrimSpace(norm.NFC.String(raw))
	if strings.IndexFunc(text, func(r rune) bool { return unicode.IsControl(r) || bidiControl(r) }) >= 0 {
		return "", refuse(Invalid, "err_name_control")
	}
	// The joiners stay: an emoji sequence (👩‍🚀) and some scripts need them;
	// PRECIS below says where they may stand.
	text = strings.Map(func(r rune) rune {
		if invisible(r) && r != zwnj && r != zwj {
			return -1
		}
		return r
	}, text)
	text = strings.TrimFunc(text, func(r rune) bool { return unicode.IsSpace(r) || invisible(r) })
	switch {
	case strings.TrimSpace(raw) == "":
		return "", refuse(Invalid, "err_name_empty")
	case strings.IndexFunc(text, visible) < 0:
		return "", refuse(Invalid, "err_name_invisible")
	case utf8.RuneCountInString(text) > most:
		return "", refuse(Invalid, "err_name_long", most)
	}
	if _, err := precis.Nickname.String(withoutEmojiJoiners(text)); err != nil {
		return "", refuse(Invalid, "err_name_disallowed")
	}
	return text, nil
}

const (
	zwnj = '\u200c'
	zwj  = '\u200d'
)

// withoutEmojiJoiners drops each zero-width joiner that stands between two
// symbols, for the PRECIS check only: RFC 8264 allows a joiner only after a
// virama (its rule predates emoji sequences), and an emoji sequence such
// as 👩‍🚀 is one picture, not a hidden character.
func withoutEmojiJoiners(s string) string {
	if !strings.ContainsRune(s, zwj) {
		return s
	}
	rs := []rune(s)
	out := rs[:0:0]
	for i, r := range rs {
		if r == zwj && i > 0 && i+1 < len(rs) && symbol(rs[i-1]) && symbol(rs[i+1]) {
			continue
		}
		out = append(out, r)
	}
	return string(out)
}

func symbol(r rune) bool { return unicode.In(r, unicode.So, unicode.Sk) || r == '\ufe0f' }

// displayTextError says what makes a stored text (a name, a kind, a label
// read back from a game's log) unfit to show: invalid UTF-8, a control or
// text-direction character, or more than most characters. It is narrower
// than cleanText on purpose: a game stored before a rule was added to
// cleanText still replays, unless its text could turn the page around it.
func displayTextError(text string, most int) error {
	switch {
	case !utf8.ValidString(text):
		return errors.New("not UTF-8")
	case strings.IndexFunc(text, func(r rune) bool { return unicode.IsControl(r) || bidiControl(r) }) >= 0:
		return errors.New("a control or text-direction character")
	case utf8.RuneCountInString(text) > most:
		return fmt.Errorf("longer than %d characters", most)
	}
	return nil
}

// nameKey is what two names must not share to be told apart at the table.
// Compatibility forms are folded (ｆｕｌｌ width, ligatures), invisible
// characters and spaces dropped, case ignored: "Ann\u200b", "ANN" and
// "A n n" all read as "Ann". Then look-alikes: the name's Unicode TR39
// skeleton (the kept confusables table of github.com/mtibben/confusables)
// maps letters of other scripts that look like Latin ones to them, so the
// Cyrillic "Аnn", the Greek "Αnn" and the Armenian "Anո" read as "Ann".
//
// The skeleton alone misses two kinds of look-alike, handled before it:
//   - combining marks: TR39 maps only characters that have a confusable
//     prototype and leaves most marks where they are, so "Ann̲" (a low
//     line under the n), "Anṅ" (a dot above) and "Aͅnn" (a Greek
//     ypogegrammeni under the A) keep a skeleton of their own although on
//     a phone they read as "Ann" with a speck. Every nonspacing and
//     enclosing mark is dropped after canonical decomposition, so the
//     base letters alone are compared ("José" is then "Jose": alike
//     enough at a glance not to share a table).
//   - small capitals: "Aɴɴ" is the same word in smaller type, and TR39
//     maps ɴ to nothing. A letter Unicode names "LATIN LETTER SMALL
//     CAPITAL X" is read as X, from the Unicode name itself
//     (x/text/unicode/runenames), not from a table of ours.
func nameKey(name string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(norm.NFKC.String(name)) {
		if invisible(r) || unicode.IsSpace(r) || unicode.In(r, unicode.Mn, unicode.Me) {
			continue
		}
		b.WriteRune(unicode.ToLower(smallCapital(r)))
	}
	// Lower case before and after: the skeleton's prototypes keep the case
	// of what they map (Cyrillic а → a, А → A).
	return strings.ToLower(confusables.Skeleton(b.String()))
}

// smallCapital reads a Latin small capital letter as its capital.
func smallCapital(r rune) rune {
	if r < 0x0250 || r > 0x1dff && (r < 0xa700 || r > 0xa7ff) {
		return r // small capitals live in the IPA, phonetic and Latin Extended-D blocks
	}
	name := runenames.Name(r)
	if rest, ok := strings.CutPrefix(name, "LATIN LETTER SMALL CAPITAL "); ok && len(rest) == 1 {
		return rune(rest[0])
	}
	return r
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
