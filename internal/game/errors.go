package game

import (
	"fmt"
	"strings"
)

// ErrorKind says what sort of refusal an Error is, so callers can map it to a
// status without parsing text.
type ErrorKind int

const (
	Invalid   ErrorKind = iota // the request itself is wrong
	Forbidden                  // the actor may not do this
	Conflict                   // the table changed, or the rules refuse it now
	NotFound                   // an unknown seat or id
)

// Error is a refusal a person caused. Key names a message in every language
// (internal/i18n); Args fill its blanks.
type Error struct {
	Kind ErrorKind
	Key  string
	Args []any
}

func (e *Error) Error() string { return fmt.Sprintf("%s %v", e.Key, e.Args) }

func refuse(kind ErrorKind, key string, args ...any) *Error {
	return &Error{Kind: kind, Key: key, Args: args}
}

// TraitNames are traits as a refusal names them. i18n.T reads any argument
// with an In method in the reader's language, so a message reads "Speed,
// Sanity" or "速度、神志", never the ids; the names match i18n's trait_*.
type TraitNames []string

var traitText = map[string][2]string{
	Speed: {"Speed", "速度"}, Might: {"Might", "力量"}, Sanity: {"Sanity", "神志"}, Knowledge: {"Knowledge", "知识"},
}

// In joins the names in lang ("zh", or anything else for English).
func (t TraitNames) In(lang string) string {
	sep, i := ", ", 0
	if lang == "zh" {
		sep, i = "、", 1
	}
	names := make([]string, len(t))
	for k, id := range t {
		names[k] = id
		if n, ok := traitText[id]; ok {
			names[k] = n[i]
		}
	}
	return strings.Join(names, sep)
}

func (t TraitNames) String() string { return t.In("en") }

// Refusals without arguments that every phone's options meet in their dry
// runs, each a candidate refused to most seats most of the time (not the
// seat's turn, no fight to settle, no haunt roll owed). Made once: an
// *Error is never changed once made, so one value may answer every time
// and spare the allocation.
var (
	errNotYourTurn     = refuse(Forbidden, "err_not_your_turn")
	errNoSteal         = refuse(Conflict, "err_no_steal")
	errNoHauntRollOwed = refuse(Conflict, "err_no_haunt_roll_owed")
)
