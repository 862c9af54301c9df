package web

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"net/url"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/views"
)

// DecodeForm lets the external tests decode the forms the pages render.
func DecodeForm(form url.Values) (game.Action, error) { return decodeForm(form) }

// SharedPartsOf renders the player page of the seat holding token in lang,
// and returns its shared parts by key.
func SharedPartsOf(cfg Config, code, token, lang string) (map[string]string, error) {
	s := &Server{tables: cfg.Tables, now: cfg.Now, log: cfg.Log, streams: newLiveStreams()}
	e := echo.New()
	req := httptest.NewRequest(http.MethodGet, "/g/"+code, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	req.AddCookie(&http.Cookie{Name: langCookie, Value: lang})
	c := e.NewContext(req, httptest.NewRecorder())
	access, ok := s.access(c, code, asSeat)
	if !ok {
		return nil, errNotAuthorized
	}
	vm, err := s.playerView(c, access)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	rec := &views.PartRecorder{Buf: &buf}
	if err := views.PlayerPage(vm).Render(views.WithParts(req.Context(), rec), &buf); err != nil {
		return nil, err
	}
	parts := map[string]string{}
	for _, sp := range rec.Spans {
		if sp.Shared {
			parts[sp.Key] = buf.String()[sp.Start:sp.End]
		}
	}
	return parts, nil
}
