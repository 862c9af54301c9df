package web

import (
	"net/http"
	"slices"
	"strconv"
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

// activeCookie says which of the phone's seats it is playing now, when it
// controls more than one (the two-player variant).
func activeCookie(code string) string { return "lantern_active_" + code }

// maxSeatsPerPhone bounds the seats one phone controls: in the two-player
// variant one player ends up with three heroes (seed 003, 雙人遊戲).
const maxSeatsPerPhone = 3

// seatTokens are the seat tokens this phone holds for a game, in the order
// it got them; the cookie joins them with dots (tokens are base64url).
func seatTokens(c echo.Context, code string) []string {
	v := cookieValue(c, seatCookie(code))
	if v == "" {
		return nil
	}
	return strings.Split(v, ".")
}

// controlled lists the seats this phone may play, dropping tokens that no
// longer work (a seat moved to another phone).
func (s *Server) controlled(c echo.Context, code string) []table.Access {
	var seats []table.Access
	for _, tok := range seatTokens(c, code) {
		if a, ok := s.tables.Authenticate(code, tok); ok && !a.Host {
			seats = append(seats, a)
		}
	}
	return seats
}

// formSeat reads the "seat" field of a form and finds it among this phone's
// seats.
func (s *Server) formSeat(c echo.Context, code string) (table.Access, int, error) {
	number, err := strconv.Atoi(c.FormValue("seat"))
	if err != nil {
		return table.Access{}, 0, errBadNumber
	}
	a, err := s.controlledSeat(c, code, number)
	if err != nil {
		return table.Access{}, 0, err
	}
	return a, number, nil
}

var errOtherSeat = &game.Error{Kind: game.Forbidden, Key: "err_other_seat"}

// controlledSeat finds the seat with that number among this phone's seats:
// errOtherSeat when none has it, or why the game can't be read.
func (s *Server) controlledSeat(c echo.Context, code string, number int) (table.Access, error) {
	seats := s.controlled(c, code)
	if len(seats) == 0 { // no read: a phone without seats is refused as before
		return table.Access{}, errOtherSeat
	}
	i, err := table.Read(s.tables, code, func(st *game.State) int {
		return slices.IndexFunc(seats, func(a table.Access) bool { return st.SeatNumber(a.Seat) == number })
	})
	switch {
	case err != nil:
		return table.Access{}, err
	case i < 0:
		return table.Access{}, errOtherSeat
	}
	return seats[i], nil
}

// addSeatToken gives this phone one more seat and makes it the active one.
func (s *Server) addSeatToken(c echo.Context, code, token string, seatID int) {
	var keep []string
	for _, tok := range seatTokens(c, code) {
		if a, ok := s.tables.Authenticate(code, tok); ok && !a.Host && tok != token {
			keep = append(keep, tok)
		}
	}
	keep = append(keep, token)
	if len(keep) > maxSeatsPerPhone {
		keep = keep[len(keep)-maxSeatsPerPhone:]
	}
	setCookie(c, seatCookie(code), strings.Join(keep, "."), true)
	setCookie(c, activeCookie(code), strconv.Itoa(seatID), false)
}

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
		if seats := s.controlled(c, code); len(seats) > 0 {
			active := cookieValue(c, activeCookie(code))
			for _, a := range seats {
				if strconv.Itoa(a.Seat) == active {
					return a, true
				}
			}
			return seats[0], true
		}
	}
	if as != asSeat {
		// Only the host's own token opens host pages: a seat token pasted
		// into the host cookie is refused like any wrong key.
		if a, ok := s.tables.Authenticate(code, cookieValue(c, hostCookie(code))); ok && a.Host {
			return a, true
		}
	}
	return table.Access{}, false
}

var errNotAuthorized = &game.Error{Kind: game.Forbidden, Key: "err_not_authorized"}

// lang is the phone's language: its own choice (cookie), else the browser's.
// A live page's own requests (its stream, its refresh and its posts) name
// the language it was rendered in (?lang=): one switched in another tab
// never mixes into it; the page itself follows on its next load.
func (s *Server) lang(c echo.Context) string {
	if l := c.QueryParam("lang"); l != "" {
		return i18n.Normalize(l)
	}
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
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.ContainsAny(next, "\\\t\r\n") ||
		strings.IndexFunc(next, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0 {
		next = "/"
	}
	return c.Redirect(http.StatusSeeOther, next)
}
