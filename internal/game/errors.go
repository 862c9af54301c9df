package game

import "fmt"

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
