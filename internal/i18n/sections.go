package i18n

import "lantern/views"

// The screen sections' words live beside their models and templates, in
// views (views/cards_words.go …); they are registered here with the rest,
// so every check of this package reads them, and the templates say them
// through T.
var _ = registerAll(views.SectionWords())

func registerAll(ws []views.Words) bool {
	for _, w := range ws {
		register(w)
	}
	views.Say = T
	return true
}
