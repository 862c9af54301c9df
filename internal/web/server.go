// Package web serves Lantern over HTTP: the HTML pages, the JSON API and the
// live event streams. It knows the rules only through internal/table.
package web

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/internal/table"
	"lantern/views"
)

// Config is what the web layer needs from main.
type Config struct {
	Tables *table.Tables
	// LANURLs are base URLs phones can reach, e.g. http://192.168.1.20:8080,
	// used for join links when the host browses from localhost.
	LANURLs []string
	Now     func() time.Time
	Log     *slog.Logger
}

// Server holds the handlers' dependencies.
type Server struct {
	tables  *table.Tables
	lanURLs []string
	now     func() time.Time
	log     *slog.Logger
	// streams are the open event streams.
	streams *liveStreams
	// shared holds the phone pages' parts every seat sees alike.
	shared *sharedParts
}

// New builds the echo instance with every route.
func New(cfg Config) *echo.Echo {
	_, e := newServer(cfg)
	return e
}

// newServer is New and the server behind its routes.
func newServer(cfg Config) (*Server, *echo.Echo) {
	s := &Server{tables: cfg.Tables, lanURLs: cfg.LANURLs, now: cfg.Now, log: cfg.Log, streams: newLiveStreams(), shared: newSharedParts()}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = s.httpError
	s.routes(e)
	// The rules index is built now, in the background, so the first
	// question asked doesn't wait for it (a question asked before it is
	// ready waits, then is answered).
	go func() {
		if err := catalog.PrepareSearch(); err != nil {
			s.log.Error("rules search", "err", err)
		}
	}()
	return s, e
}

// statusOf maps a refusal to its HTTP status.
func statusOf(err error) int {
	var broken *table.BrokenGame
	if errors.As(err, &broken) || errors.Is(err, table.ErrShuttingDown) {
		return http.StatusServiceUnavailable
	}
	var ge *game.Error
	if !errors.As(err, &ge) {
		return http.StatusInternalServerError
	}
	switch ge.Kind {
	case game.Forbidden:
		return http.StatusForbidden
	case game.Conflict:
		return http.StatusConflict
	case game.NotFound:
		return http.StatusNotFound
	default:
		return http.StatusBadRequest
	}
}

// message translates an error for a person; server faults get a generic
// message and are logged, never shown. A request its phone gave up on (the
// page closed, the Wi-Fi dropped) is no fault of the server's.
func (s *Server) message(lang string, err error) string {
	var ge *game.Error
	if errors.As(err, &ge) {
		args := make([]any, len(ge.Args))
		for i, a := range ge.Args {
			args[i] = a
			if t, ok := a.(catalog.Text); ok { // a card's or room's name, in the reader's language
				args[i] = t.In(lang)
			}
		}
		return i18n.T(lang, ge.Key, args...)
	}
	if errors.Is(err, context.Canceled) {
		s.log.Debug("request abandoned by its phone", "err", err)
	} else {
		s.log.Error("request failed", "err", err)
	}
	return i18n.T(lang, "err_internal")
}

// httpError renders echo's own errors (404, 413, 429 …) in the user's language.
func (s *Server) httpError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, key := http.StatusInternalServerError, "err_internal"
	var he *echo.HTTPError
	if errors.As(err, &he) {
		status = he.Code
		switch he.Code {
		case http.StatusNotFound:
			key = "err_not_found"
		case http.StatusMethodNotAllowed:
			key = "err_method"
		case http.StatusRequestEntityTooLarge:
			key = "err_too_large"
		case http.StatusTooManyRequests:
			key = "err_too_many"
		case http.StatusForbidden:
			key = "err_cross_origin"
		case http.StatusBadRequest:
			key = "err_bad_json"
		}
	} else {
		s.log.Error("unhandled", "err", err, "path", c.Path())
	}
	lang := s.lang(c)
	var werr error
	if isAPI(c) {
		werr = c.JSON(status, map[string]string{"error": i18n.T(lang, key), "key": key})
	} else {
		werr = s.page(c, status, s.head(c, views.Key(key)), messagePage(s.head(c, views.Phrase{}), views.Key(key), views.Phrase{}))
	}
	if werr != nil { // the phone went, or the page failed to render: nothing more to answer
		s.log.Debug("error answer not sent", "err", werr, "status", status, "path", c.Path())
	}
}

func isAPI(c echo.Context) bool { return strings.HasPrefix(c.Request().URL.Path, "/api/") }

// baseURL is the address phones should use: the host's own address unless
// the host browses from this machine, where loopback would mean nothing to a
// phone; then the first LAN address.
func (s *Server) baseURL(c echo.Context) string {
	r := c.Request()
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host := r.Host
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	if ip := net.ParseIP(name); (name == "localhost" || (ip != nil && ip.IsLoopback())) && len(s.lanURLs) > 0 {
		return s.lanURLs[0]
	}
	return scheme + "://" + host
}
