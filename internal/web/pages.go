package web

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/seatview"
	"lantern/internal/table"
	"lantern/views"
)

func (s *Server) home(c echo.Context) error {
	h := s.head(c, views.Phrase{}) // the layout titles an untitled page as Lantern alone
	return s.page(c, http.StatusOK, h, views.HomePage(views.Home{Head: h, Games: s.myGames(c, h.Lang)}))
}

// myGames are the games this browser holds a seat or the host's key for,
// so a phone that wandered off to a rule page finds its way back.
func (s *Server) myGames(c echo.Context, lang string) []views.Link {
	var links []views.Link
	for _, ck := range c.Cookies() {
		if code, ok := strings.CutPrefix(ck.Name, "lantern_host_"); ok {
			if _, ok := s.access(c, code, asHost); ok {
				links = append(links, views.Link{Label: code, URL: "/g/" + code + "/table", Hint: views.Key("table_title")})
			}
		}
		if code, ok := strings.CutPrefix(ck.Name, "lantern_seat_"); ok {
			if a, ok := s.access(c, code, asSeat); ok {
				name, err := table.Read(s.tables, code, func(st *game.State) string {
					if seat := st.SeatByID(a.Seat); seat != nil {
						return code + " · " + seat.Name
					}
					return code
				})
				if err != nil {
					// Gone since the token opened it: still the way
					// back, by its code, to a page that says what
					// became of the game.
					name = code
				}
				links = append(links, views.Link{Label: name, URL: "/g/" + code})
			}
		}
	}
	return links
}

func (s *Server) createGame(c echo.Context) error {
	created, err := s.tables.Create(c.Request().Context())
	if err != nil {
		return s.messageError(c, err)
	}
	setCookie(c, hostCookie(created.Code), created.HostToken, true)
	return c.Redirect(http.StatusSeeOther, "/g/"+created.Code+"/table")
}

// code normalises the game code from the URL: codes are upper case, but a
// person typing one may not be.
func code(c echo.Context) string { return strings.ToUpper(c.Param("code")) }

func (s *Server) playerPage(c echo.Context) error {
	code := code(c)
	if err := s.tables.Find(code); err != nil {
		return s.messageError(c, err)
	}
	access, ok := s.access(c, code, asSeat)
	if !ok {
		if _, host := s.access(c, code, asHost); host && !isFetch(c) {
			return c.Redirect(http.StatusSeeOther, "/g/"+code+"/table")
		}
		return s.noSeat(c, code)
	}
	return s.renderPlayer(c, access, http.StatusOK, "")
}

func (s *Server) renderPlayer(c echo.Context, access table.Access, status int, errText string) error {
	vm, err := s.playerView(c, access)
	if err != nil {
		return s.messageError(c, err)
	}
	vm.Error, vm.ErrorCode = errText, status
	return s.page(c, status, vm.Head, views.PlayerPage(vm))
}

// playerView is a seat's page as that seat may see it now.
func (s *Server) playerView(c echo.Context, access table.Access) (views.Player, error) {
	h := s.head(c, views.Phrase{})
	h.Path = "/g/" + access.Code
	// The page's own requests name its language (auth.go lang).
	h.Events = "/api/games/" + access.Code + "/events?view=html&lang=" + h.Lang
	h.Fragment = h.Path + "?lang=" + h.Lang
	h.Act = h.Path + "/act?lang=" + h.Lang
	played := s.tables.PlayedHaunts(access.Code)
	var mine []int // the seats this phone plays
	for _, a := range s.controlled(c, access.Code) {
		mine = append(mine, a.Seat)
	}
	now := time.Now()
	if s.now != nil { // a server built bare (tests) has no clock of its own
		now = s.now()
	}
	vm, err := table.Read(s.tables, access.Code, func(st *game.State) views.Player {
		return seatview.Player(h, st, access.Actor(), mine, played, now)
	})
	if err != nil {
		return views.Player{Head: h}, err
	}
	vm.Next = s.nextForPhone(c, access, h.Lang)
	return vm, nil
}

func (s *Server) tablePage(c echo.Context) error {
	code := code(c)
	if err := s.tables.Find(code); err != nil {
		return s.messageError(c, err)
	}
	access, ok := s.access(c, code, asHost)
	if !ok {
		return s.tableGone(c, code)
	}
	return s.renderTable(c, access, http.StatusOK, "")
}

func (s *Server) renderTable(c echo.Context, access table.Access, status int, errText string) error {
	vm, err := s.tableView(c, access)
	if err != nil {
		return s.messageError(c, err)
	}
	vm.Error, vm.ErrorCode = errText, status
	return s.page(c, status, vm.Head, views.TablePage(vm))
}

// tableView is the host's table page now.
func (s *Server) tableView(c echo.Context, access table.Access) (views.Table, error) {
	h := s.head(c, views.Key("table_title"))
	h.Path = "/g/" + access.Code + "/table"
	h.Events = "/api/games/" + access.Code + "/events?view=html&lang=" + h.Lang
	h.Fragment = h.Path + "?lang=" + h.Lang
	h.Act = "/g/" + access.Code + "/act?lang=" + h.Lang
	h.TV = tvMode(c)
	key, err := s.tables.JoinKey(access.Code)
	if err != nil {
		return views.Table{}, err
	}
	played := s.tables.PlayedHaunts(access.Code)
	vm, err := table.Read(s.tables, access.Code, func(st *game.State) views.Table {
		v := seatview.Table(h.Lang, st, access.Actor(), played, h.TV, s.now())
		s.nextForTable(st, &v)
		v.Head = h
		v.Head.Version = st.Version
		return v
	})
	if err != nil {
		return views.Table{Head: h}, err
	}
	vm.JoinURL, vm.QRPath, vm.LANURLs = s.joinURL(c, access.Code, key), "/g/"+access.Code+"/qr.png", s.lanURLs
	return vm, nil
}

func (s *Server) joinURL(c echo.Context, code, key string) string {
	return s.baseURL(c) + "/j/" + code + "?k=" + key
}

func (s *Server) joinQR(c echo.Context) error {
	code := code(c)
	if _, ok := s.access(c, code, asHost); !ok {
		return s.messageError(c, &game.Error{Kind: game.Forbidden, Key: "err_host_only"})
	}
	key, err := s.tables.JoinKey(code)
	if err != nil {
		return s.messageError(c, err)
	}
	png, err := qrPNG(s.joinURL(c, code, key), 512)
	if err != nil {
		return s.messageError(c, err)
	}
	c.Response().Header().Set("Cache-Control", "private, no-store")
	return c.Blob(http.StatusOK, "image/png", png)
}
