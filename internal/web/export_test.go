package web

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"time"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/table"
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

// bareServer is the app's server over cfg's tables, without routes.
func bareServer(cfg Config) *Server {
	return &Server{tables: cfg.Tables, now: time.Now, log: slog.Default(), streams: newLiveStreams(), shared: newSharedParts()}
}

// StreamMayCompress tells whether a new event stream of the game with code,
// opened by a phone that takes gzip, would be compressed (secret.go).
func StreamMayCompress(cfg Config, code string) bool {
	req := httptest.NewRequest(http.MethodGet, "/api/games/"+code+"/events?view=html", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	return bareServer(cfg).streamMayCompress(echo.New().NewContext(req, httptest.NewRecorder()), code)
}

// MeAnswer is GET /me's answer, in lang, to a seat the route's check let
// in (access), whatever became of its game since: the second step alone.
func MeAnswer(cfg Config, access table.Access, lang string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, "/api/games/"+access.Code+"/me?lang="+lang, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	c := echo.New().NewContext(req, rec)
	c.SetPath("/api/games/:code/me") // a secret route (secret.go)
	c.SetParamNames("code")
	c.SetParamValues(access.Code)
	if err := bareServer(cfg).meAnswer(c, access); err != nil {
		c.Error(err)
	}
	return rec
}
