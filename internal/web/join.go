package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/internal/seatview"
	"lantern/internal/table"
	"lantern/views"
)

func (s *Server) joinPage(c echo.Context) error {
	code := code(c)
	key := c.QueryParam("k")
	if err := s.tables.CheckJoinKey(code, key); err != nil {
		return s.messageError(c, err)
	}
	// A phone that already holds a seat here goes straight back to it, so a
	// rescan or reload never loses the seat.
	if _, ok := s.access(c, code, asSeat); ok {
		return c.Redirect(http.StatusSeeOther, "/g/"+code)
	}
	return s.renderJoin(c, code, key, http.StatusOK, "", "", s.lang(c))
}

func (s *Server) renderJoin(c echo.Context, code, key string, status int, errText, name, lang string) error {
	h := s.head(c, views.Key("join_title", code))
	h.Lang = lang
	vm := views.Join{Head: h, Code: code, Key: key, Name: name, Error: errText, Action: "/j/" + code}
	if key == "" { // a seated phone adding its second explorer
		vm.Second, vm.Action = true, "/g/"+code+"/second"
	}
	vm, err := table.Read(s.tables, code, func(st *game.State) views.Join {
		v := vm // a copy, filled in under the read lock
		v.Started = st.Started
		v.Full = len(st.Seats) >= game.MaxSeats
		for _, ex := range catalog.Explorers() {
			choice := views.ExplorerChoice{
				ID: ex.ID, Name: ex.Name.In(lang), Colour: ex.Colour,
				Age: ex.Age, Birthday: seatview.Birthday(&ex), Hobbies: strings.Join(ex.HobbiesIn(lang), " · "),
				Taken: st.ExplorerTaken(ex.ID),
			}
			for _, t := range game.Traits {
				tr := ex.Traits[t]
				choice.Traits = append(choice.Traits, views.TraitRow{ID: t, Value: tr.Track[tr.Start-1]})
			}
			v.Explorers = append(v.Explorers, choice)
		}
		return v
	})
	if err != nil {
		return s.messageError(c, err)
	}
	return s.page(c, status, h, views.JoinPage(vm))
}

func (s *Server) join(c echo.Context) error {
	code := code(c)
	lang := i18n.Normalize(c.FormValue("lang"))
	if c.FormValue("lang") == "" {
		lang = s.lang(c)
	}
	key, name := c.FormValue("k"), c.FormValue("name")
	if _, ok := s.access(c, code, asSeat); ok {
		return c.Redirect(http.StatusSeeOther, "/g/"+code)
	}
	seatID, token, err := s.tables.Join(c.Request().Context(), code, key,
		game.Join{Name: name, Lang: lang, Explorer: c.FormValue("explorer")})
	if err != nil {
		if s.tables.CheckJoinKey(code, key) != nil {
			return s.messageError(c, err)
		}
		return s.renderJoin(c, code, key, statusOf(err), s.message(lang, err), name, lang)
	}
	s.addSeatToken(c, code, token, seatID)
	setCookie(c, langCookie, lang, false)
	return c.Redirect(http.StatusSeeOther, "/g/"+code)
}

// secondPage lets a seated phone pick a second explorer, for the two-player
// variant (seed 003, 雙人遊戲: 兩名玩家分別控制兩位探險者).
func (s *Server) secondPage(c echo.Context) error {
	code := code(c)
	seats := s.controlled(c, code)
	if len(seats) == 0 {
		return s.messageError(c, errNotAuthorized)
	}
	name, err := table.Read(s.tables, code, func(st *game.State) string {
		if seat := st.SeatByID(seats[0].Seat); seat != nil {
			return secondName(seat.Name, len(seats)+1)
		}
		return ""
	})
	if err != nil {
		return s.messageError(c, err)
	}
	return s.renderJoin(c, code, "", http.StatusOK, "", name, s.lang(c))
}

func (s *Server) joinSecond(c echo.Context) error {
	code := code(c)
	seats := s.controlled(c, code)
	if len(seats) == 0 {
		return s.messageError(c, errNotAuthorized)
	}
	lang := s.lang(c)
	if len(seats) >= 2 {
		return s.renderJoin(c, code, "", http.StatusConflict, i18n.T(lang, "err_two_already"), c.FormValue("name"), lang)
	}
	// The seat token stands in for the join key: this phone is at the table.
	key, err := s.tables.JoinKey(code)
	if err != nil {
		return s.messageError(c, err)
	}
	// The same player's own name is numbered: every seat's name must read
	// differently on the table (game/names.go).
	name, err := table.Read(s.tables, code, func(st *game.State) string {
		name := c.FormValue("name")
		if seat := st.SeatByID(seats[0].Seat); seat != nil && strings.TrimSpace(name) == seat.Name {
			return secondName(seat.Name, len(seats)+1)
		}
		return name
	})
	if err != nil {
		return s.messageError(c, err)
	}
	seatID, token, err := s.tables.Join(c.Request().Context(), code, key,
		game.Join{Name: name, Lang: lang, Explorer: c.FormValue("explorer")})
	if err != nil {
		return s.renderJoin(c, code, "", statusOf(err), s.message(lang, err), c.FormValue("name"), lang)
	}
	s.addSeatToken(c, code, token, seatID)
	return c.Redirect(http.StatusSeeOther, "/g/"+code)
}

// secondName is a player's name for their nth explorer ("Ann 2"), cut so
// the number always fits the name's length limit.
func secondName(name string, n int) string {
	suffix := " " + strconv.Itoa(n)
	runes := []rune(name)
	if keep := game.MaxNameLength - len(suffix); len(runes) > keep {
		runes = runes[:keep]
	}
	return string(runes) + suffix
}

// switchSeat makes another of this phone's seats the one it plays.
func (s *Server) switchSeat(c echo.Context) error {
	code := code(c)
	a, _, err := s.formSeat(c, code)
	if err != nil {
		return s.messageError(c, err)
	}
	setCookie(c, activeCookie(code), strconv.Itoa(a.Seat), false)
	return c.Redirect(http.StatusSeeOther, "/g/"+code)
}

// noSeat answers a phone without a seat in a game. Once the game has
// started the join code can't help (it answers "already started"), so the
// page says how a seat comes back: the host's "Move to a new phone".
func (s *Server) noSeat(c echo.Context, code string) error {
	started, err := table.Read(s.tables, code, func(st *game.State) bool { return st.Started })
	if err != nil {
		return s.messageError(c, err)
	}
	if !started {
		return s.messageError(c, errNotAuthorized)
	}
	h := s.head(c, views.Key("no_seat_started_title"))
	if len(seatTokens(c, code)) > 0 { // it held a seat here: the seat moved away
		h.Title = views.Key("seat_moved_title")
	}
	return s.page(c, http.StatusForbidden, h, messagePage(h, h.Title, views.Key("seat_moved_text")))
}
