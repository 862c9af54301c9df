package web

import (
	"net/url"

	"lantern/internal/game"
)

// DecodeForm lets the external tests decode the forms the pages render.
func DecodeForm(form url.Values) (game.Action, error) { return decodeForm(form) }
