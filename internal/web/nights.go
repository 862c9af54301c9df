package web

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/table"
	"lantern/views"
)

// Play again (README "A game night"): the host of a finished game starts
// the next one; its phones follow by their seat in the finished game.

func (s *Server) apiAgain(c echo.Context) error {
	code := code(c)
	access, err := s.apiAccess(c, code, asHost)
	if err != nil {
		return s.apiError(c, code, err)
	}
	created, err := s.tables.Again(c.Request().Context(), access)
	if err != nil {
		return s.apiError(c, code, err)
	}
	return c.JSON(http.StatusCreated, map[string]string{
		"code": created.Code, "join_key": created.JoinKey, "host_token": created.HostToken,
		"join_url": s.joinURL(c, created.Code, created.JoinKey),
	})
}

// again is the table's Play again: the screen becomes the next game's table.
func (s *Server) again(c echo.Context) error {
	code := code(c)
	access, ok := s.access(c, code, asHost)
	if !ok {
		return s.messageError(c, &game.Error{Kind: game.Forbidden, Key: "err_host_only"})
	}
	created, err := s.tables.Again(c.Request().Context(), access)
	if errors.Is(err, table.ErrNextExists) {
		// A second tap, or another screen of the same table, was first.
		return c.Redirect(http.StatusSeeOther, "/g/"+s.tables.Next(code)+"/table")
	}
	if err != nil {
		return s.messageError(c, err)
	}
	setCookie(c, hostCookie(created.Code), created.HostToken, true)
	return c.Redirect(http.StatusSeeOther, "/g/"+created.Code+"/table")
}

// followNext is a phone of the finished game taking its seat in the next
// one: its seat token there stands in for the join key.
func (s *Server) followNext(c echo.Context) error {
	code := code(c)
	access, ok := s.access(c, code, asSeat)
	if !ok {
		return s.messageError(c, errNotAuthorized)
	}
	next := s.tables.Next(code)
	if next == "" {
		return s.messageError(c, table.ErrNotNext)
	}
	if len(s.controlled(c, next)) > 0 { // a second tap: it plays there already
		return c.Redirect(http.StatusSeeOther, "/g/"+next)
	}
	seatID, token, err := s.tables.JoinFrom(c.Request().Context(), next, s.seatToken(c, access), c.FormValue("explorer"))
	if err != nil {
		return s.renderPlayer(c, access, statusOf(err), s.message(s.lang(c), err))
	}
	s.addSeatToken(c, next, token, seatID)
	return c.Redirect(http.StatusSeeOther, "/g/"+next)
}

// leaveNight is a phone that won't play again: it forgets its seat in the
// finished game, so nothing offers it the group's next games.
func (s *Server) leaveNight(c echo.Context) error {
	code := code(c)
	c.SetCookie(&http.Cookie{Name: seatCookie(code), Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	c.SetCookie(&http.Cookie{Name: activeCookie(code), Value: "", Path: "/", MaxAge: -1, SameSite: http.SameSiteLaxMode})
	h := s.head(c, views.Key("left_title"))
	return s.page(c, http.StatusOK, h, messagePage(h, h.Title, views.Key("left_text")))
}

// seatToken is the token this phone plays access's seat with.
func (s *Server) seatToken(c echo.Context, access table.Access) string {
	if token := bearer(c); token != "" {
		return token
	}
	for _, tok := range seatTokens(c, access.Code) {
		if a, ok := s.tables.Authenticate(access.Code, tok); ok && a == access {
			return tok
		}
	}
	return ""
}

// nextForPhone is the next game as a phone of the finished game sees it.
func (s *Server) nextForPhone(c echo.Context, access table.Access, lang string) *views.NextGame {
	next := s.tables.Next(access.Code)
	if next == "" {
		return nil
	}
	n := &views.NextGame{Code: next, Action: "/g/" + access.Code + "/next", Leave: "/g/" + access.Code + "/leave",
		Joined: len(s.controlled(c, next)) > 0}
	f, err := s.tables.From(next, s.seatToken(c, access))
	if err != nil {
		return nil
	}
	n.Name = f.Name
	read, err := table.Read(s.tables, next, func(st *game.State) views.NextGame {
		m := *n
		m.Started = st.Started
		for _, ex := range catalog.Explorers() {
			if st.ExplorerTaken(ex.ID) {
				continue
			}
			o := views.Option{ID: ex.ID, Label: ex.Name.In(lang)}
			if ex.ID == f.Explorer {
				m.Last = &o
				continue
			}
			m.Others = append(m.Others, o)
		}
		return m
	})
	if err != nil {
		// A next game that can't be read is offered as none, like one
		// this phone can't follow (From above); the finished game's page
		// still shows.
		return nil
	}
	return &read
}

// nextForTable is the table's end of a finished game: Play again, or the
// next game's table. A TV in large type offers it too: the table may have
// moved to the TV's browser, the only screen that can start the next game.
func (s *Server) nextForTable(st *game.State, vm *views.Table) {
	if next := s.tables.Next(st.Code); next != "" {
		vm.Next = &views.NextGame{Code: next}
		return
	}
	vm.CanAgain = st.Ended != nil
}

// nightsShown bounds the house's memory page: the newest games.
const nightsShown = 200

// nightsPage is the house's memory: each finished game on this server.
func (s *Server) nightsPage(c echo.Context) error {
	h := s.head(c, views.Key("nights_title"))
	vm := views.Nights{Head: h}
	nights, err := s.tables.Nights(c.Request().Context(), nightsShown)
	if err != nil {
		return s.messageError(c, err)
	}
	for _, n := range nights {
		vm.Games = append(vm.Games, nightGame(h.Lang, n))
	}
	return s.page(c, http.StatusOK, h, views.NightsPage(vm))
}

func nightGame(lang string, n table.Night) views.NightGame {
	g := views.NightGame{Code: n.Code, Date: nightDate(n.Created), Haunt: "—", Traitor: "—",
		Winner: n.Winner}
	for _, seat := range n.Seats {
		g.Explorers = append(g.Explorers, seat.Name+" · "+seat.ExplorerData().Name.In(lang))
	}
	if h := catalog.HauntByNumber(n.Haunt); h != nil {
		g.Haunt = fmt.Sprintf("%d · %s", n.Haunt, h.Name.In(lang))
	}
	if n.Traitor != "" {
		g.Traitor = n.Traitor
	}
	return g
}

// nightDate is a game night's date and time on the server's clock.
func nightDate(t time.Time) string { return t.Local().Format("2006-01-02 15:04") }

// playedHaunts are the chart's marks: each haunt played to the end here,
// how often, and when last and who won then.
func (s *Server) playedHaunts(c echo.Context) map[int]views.Played {
	nights, err := s.tables.Nights(c.Request().Context(), nightsShown)
	if err != nil {
		if c.Request().Context().Err() == nil { // a phone that left is no fault
			s.log.Error("game nights", "err", err)
		}
		return nil
	}
	count := map[int]int{}
	last := map[int]table.Night{} // nights come newest first
	for _, n := range nights {
		if n.Haunt == 0 {
			continue
		}
		if count[n.Haunt]++; count[n.Haunt] == 1 {
			last[n.Haunt] = n
		}
	}
	played := make(map[int]views.Played, len(count))
	for h, k := range count {
		played[h] = views.Played{Times: k, Last: nightDate(last[h].Created), Winner: last[h].Winner}
	}
	return played
}
