package web

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
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
	h := s.head(c, i18n.T(lang, "join_title", code))
	h.Lang = lang
	vm := views.Join{Head: h, Code: code, Key: key, Name: name, Error: errText}
	err := s.tables.Read(code, func(st *game.State) {
		vm.Started = st.Started
		vm.Full = len(st.Seats) >= game.MaxSeats
		for _, ex := range catalog.Explorers() {
			choice := views.ExplorerChoice{
				ID: ex.ID, Name: ex.Name.In(lang), Colour: ex.Colour, ColourName: i18n.T(lang, "colour_"+ex.Colour),
				Age: ex.Age, Birthday: birthdayText(lang, &ex), Hobbies: strings.Join(ex.HobbiesIn(lang), " · "),
				Taken: st.ExplorerTaken(ex.ID),
			}
			for _, t := range game.Traits {
				tr := ex.Traits[t]
				choice.Traits = append(choice.Traits, views.TraitRow{ID: t, Label: i18n.T(lang, "trait_"+t), Value: tr.Track[tr.Start-1]})
			}
			vm.Explorers = append(vm.Explorers, choice)
		}
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
	_, token, err := s.tables.Join(c.Request().Context(), code, key,
		game.Action{Name: name, Lang: lang, Explorer: c.FormValue("explorer")})
	if err != nil {
		if s.tables.CheckJoinKey(code, key) != nil {
			return s.messageError(c, err)
		}
		return s.renderJoin(c, code, key, statusOf(err), s.message(lang, err), name, lang)
	}
	setCookie(c, seatCookie(code), token, true)
	setCookie(c, langCookie, lang, false)
	return c.Redirect(http.StatusSeeOther, "/g/"+code)
}
