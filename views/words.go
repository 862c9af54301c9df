package views

import (
	"fmt"
	"strings"
)

// Words are a screen section's texts, key → {English, 简体中文}. Each
// section keeps them beside its model and its template (cards_words.go
// beside cards_model.go and cards.templ), and its template says them
// (h.T): the words of a page are chosen here, in the templates, from the
// data the view models carry.
//
// internal/i18n registers every section's words (SectionWords) with its
// own and checks them all alike (both languages, the same verbs, every
// key a template says); views imports no i18n, so that i18n may import it.
type Words = map[string][2]string

var sectionWords []Words

// words adds a section's texts; each section's file calls it as the
// package starts.
func words(w Words) bool {
	sectionWords = append(sectionWords, w)
	return true
}

// SectionWords are every section's texts, for internal/i18n to register.
func SectionWords() []Words { return sectionWords }

// Say is internal/i18n's T, which sets it as it starts: a key's words in
// lang, filled with args. Before that (this package's own tests) a key
// says itself.
var Say = func(lang, key string, args ...any) string { return key }

// Phrase is words by key and args, said in the page's language (In): the
// engine's refusal (a game.Error's key and args), a now bar's line. An arg
// may be a Phrase itself, or a name in both languages. A Phrase with no key
// says its args as they are (Lit: a name, words already said).
type Phrase struct {
	Key  string
	Args []any
}

// Lit is words already said: a name, a card's text.
func Lit(s string) Phrase { return Phrase{Args: []any{s}} }

// Of is words x says in the page's language: a name in both languages (a
// card's catalog text), a sentence made of several words (LogRoll).
func Of(x interface{ In(lang string) string }) Phrase { return Phrase{Args: []any{x}} }

// Key is the words of key, with args, for a template to say.
func Key(key string, args ...any) Phrase { return Phrase{Key: key, Args: args} }

// Empty says whether the phrase says nothing at all (no key, no words).
func (p Phrase) Empty() bool { return p.Key == "" && len(p.Args) == 0 }

// In says the phrase in lang.
func (p Phrase) In(lang string) string {
	if p.Key == "" {
		if len(p.Args) == 1 {
			if n, ok := p.Args[0].(interface{ In(lang string) string }); ok {
				return n.In(lang) // Of's
			}
		}
		return fmt.Sprint(p.Args...)
	}
	return Say(lang, p.Key, p.Args...)
}

// Line is phrases said one after the other ("🎲 " and "Roll"); nil says
// nothing.
type Line []Phrase

// In says the line in lang.
func (l Line) In(lang string) string {
	if len(l) == 1 {
		return l[0].In(lang)
	}
	var b strings.Builder
	for _, p := range l {
		b.WriteString(p.In(lang))
	}
	return b.String()
}

// TraitChange is what a card or room does to one trait: Might +1.
type TraitChange struct {
	Trait string
	N     int
}

// changes says trait changes: "Might +1, Speed -1".
func changes(h Head, cs []TraitChange) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %+d", h.T("trait_"+c.Trait), c.N)
	}
	return b.String()
}

// Date is a day of the year: an explorer's birthday.
type Date struct {
	Month, Day int
}

var monthNames = [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

// dateWords says a day of the year: "March 5", "3月5日".
func dateWords(h Head, d Date) string {
	if h.Lang == "zh" {
		return fmt.Sprintf("%d月%d日", d.Month, d.Day)
	}
	return fmt.Sprintf("%s %d", monthNames[d.Month-1], d.Day)
}
