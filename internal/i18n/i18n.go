// Package i18n says every user-facing string in English and 简体中文, using
// the seeds' terms (预兆, 作祟, 肉体损伤 …). It holds the refusals (the
// engine's and the server's, messages.go and ui_*.go); each screen
// section's words live beside its model and template in views
// (views/cards_words.go …) and are registered here (sections.go), so that
// one table and one set of checks hold them all.
package i18n

import (
	"fmt"
	"strings"
)

// Languages the app speaks.
const (
	EN = "en"
	ZH = "zh"
)

// Normalize maps anything but "zh" to English.
func Normalize(lang string) string {
	if lang == ZH {
		return ZH
	}
	return EN
}

// FromAcceptLanguage picks the first supported language a browser asks for.
func FromAcceptLanguage(header string) string {
	for _, part := range strings.Split(header, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		switch {
		case strings.HasPrefix(tag, "zh"):
			return ZH
		case strings.HasPrefix(tag, "en"):
			return EN
		}
	}
	return EN
}

// T returns the message for key in lang, filled with args. A missing key is
// shown as itself so it is noticed, and a test checks none is missing.
func T(lang, key string, args ...any) string {
	m, ok := messages[key]
	if !ok {
		return key
	}
	s := m[0]
	if lang == ZH {
		s = m[1]
	}
	if len(args) > 0 {
		local := make([]any, len(args))
		for i, a := range args {
			local[i] = a
			if t, ok := a.(interface{ In(lang string) string }); ok {
				local[i] = t.In(lang) // a name in both languages, e.g. a room's
			}
		}
		return fmt.Sprintf(s, local...)
	}
	return s
}

// Has reports whether a message exists, for tests.
func Has(key string) bool { _, ok := messages[key]; return ok }
