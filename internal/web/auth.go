package web

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/internal/table"
)

const (
	langCookie = "lantern_lang"
	cookieLife = 30 * 24 * time.Hour
)

func hostCookie(code string) string { return "lantern_host_" + code }
func seatCookie(code string) string { return "lantern_seat_" + code }

// setCookie stores a token: HttpOnly so no script can read it, SameSite=Lax
// so another site can't post with it but a scanned QR link still works.
func setCookie(c echo.Context, name, value string, httpOnly bool) {
	c.SetCookie(&http.Cookie{
		Name: name, Value: value, Path: "/", MaxAge: int(cookieLife.Seconds()),
		HttpOnly: httpOnly, SameSite: http.SameSiteLaxMode, Secure: c.Request().TLS != nil,
	})
}

func cookieValue(c echo.Context, name string) string {
	ck, err := c.Cookie(name)
	if err != nil {
		return ""
	}
	return ck.Value
}

func bearer(c echo.Context) string {
	h := c.Request().Header.Get("Authorization")
	if token, ok := strings.CutPrefix(h, "Bearer "); ok {
		return strings.TrimSpace(token)
	}
	return ""
}

// Roles a request may ask to act as.
const (
	asAny  = ""
	asHost = "host"
	asSeat = "seat"
)

// access finds what the request may do in a game: a Bearer token first, then
// the cookie of the asked-for role (a browser may hold both a host and a
// seat cookie for one game).
func (s *Server) access(c echo.Context, code, as string) (table.Access, bool) {
	if token := bearer(c); token != "" {
		a, ok := s.tables.Authenticate(code, token)
		if !ok || (as == asHost && !a.Host) || (as == asSeat && a.Host) {
			return table.Access{}, false
		}
		return a, true
	}
	if as != asHost {
		if a, ok := s.tables.Authenticate(code, cookieValue(c, seatCookie(code))); ok {
			return a, true
		}
	}
	if as != asSeat {
		if a, ok := s.tables.Authenticate(code, cookieValue(c, hostCookie(code))); ok {
			return a, true
		}
	}
	return table.Access{}, false
}

var errNotAuthorized = &game.Error{Kind: game.Forbidden, Key: "err_not_authorized"}

// lang is the phone's language: its own choice (cookie), else the browser's.
func (s *Server) lang(c echo.Context) string {
	if l := cookieValue(c, langCookie); l != "" {
		return i18n.Normalize(l)
	}
	return i18n.FromAcceptLanguage(c.Request().Header.Get("Accept-Language"))
}

// sameOrigin refuses cross-site form posts (CSRF) using the browser's
// Sec-Fetch-Site and Origin headers; API clients send neither and use Bearer
// tokens, which a foreign page can't attach.
func (s *Server) sameOrigin(next echo.HandlerFunc) echo.HandlerFunc {
	cop := http.NewCrossOriginProtection()
	return func(c echo.Context) error {
		if err := cop.Check(c.Request()); err != nil {
			return echo.NewHTTPError(http.StatusForbidden)
		}
		return next(c)
	}
}

func (s *Server) setLang(c echo.Context) error {
	setCookie(c, langCookie, i18n.Normalize(c.Param("lang")), false)
	next := c.QueryParam("next")
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.Contains(next, "\\") {
		next = "/"
	}
	return c.Redirect(http.StatusSeeOther, next)
}
