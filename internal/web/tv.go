package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
)

// tvCookie remembers, per browser, that its table view is on a TV.
const tvCookie = "lantern_tv"

func tvMode(c echo.Context) bool { return cookieValue(c, tvCookie) == "on" }

// setTV turns the table view's large type on or off for this browser.
func (s *Server) setTV(c echo.Context) error {
	code := code(c)
	if _, ok := s.access(c, code, asHost); !ok {
		return s.messageError(c, &game.Error{Kind: game.Forbidden, Key: "err_host_only"})
	}
	value := "off"
	if c.FormValue("tv") == "on" {
		value = "on"
	}
	setCookie(c, tvCookie, value, true)
	return c.Redirect(http.StatusSeeOther, "/g/"+code+"/table")
}
