package web

import (
	"encoding/base64"
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/table"
	"lantern/views"
)

// The table on another screen (README "A game night"): the host's one-time
// QR code moves the table view to another device, as a seat's moves it to
// a new phone. The old screen's stream then says it is gone, and its page
// says where the table went.

func errHostOnly() error { return &game.Error{Kind: game.Forbidden, Key: "err_host_only"} }

// startHostMove makes the code and shows it on its own page (after a
// redirect, so the page reloads without posting again).
func (s *Server) startHostMove(c echo.Context) error {
	code := code(c)
	access, ok := s.access(c, code, asHost)
	if !ok {
		return s.messageError(c, errHostOnly())
	}
	token, err := s.tables.StartHostMove(c.Request().Context(), access)
	if err != nil {
		return s.messageError(c, err)
	}
	return c.Redirect(http.StatusSeeOther, "/g/"+code+"/table/move?k="+url.QueryEscape(token))
}

// hostMovePage shows the code while it can be used; the page follows the
// host's stream, which says "gone" once another screen took the table.
func (s *Server) hostMovePage(c echo.Context) error {
	code := code(c)
	access, ok := s.access(c, code, asHost)
	if !ok {
		return s.tableGone(c, code)
	}
	token := c.QueryParam("k")
	if err := s.tables.PendingHostMove(c.Request().Context(), code, token); err != nil {
		return c.Redirect(http.StatusSeeOther, "/g/"+code+"/table")
	}
	h := s.head(c, views.Key("move_table_title"))
	h.Events = "/api/games/" + code + "/events"
	h.Fragment = h.Path
	vm := views.Transfer{Head: h, Code: code, Back: pagePath(access), URL: s.baseURL(c) + "/m/" + code + "?k=" + token,
		Minutes: int(table.TransferLifetime.Minutes())}
	version, err := table.Read(s.tables, code, func(st *game.State) int { return st.Version })
	if err != nil {
		return s.messageError(c, err)
	}
	vm.Head.Version = version
	png, err := qrPNG(vm.URL, 384)
	if err != nil {
		return s.messageError(c, err)
	}
	vm.QRData = "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
	c.Response().Header().Set("Cache-Control", "private, no-store")
	return s.page(c, http.StatusOK, vm.Head, views.HostMovePage(vm))
}

// claimHostMovePage asks before claiming: link previews and prefetchers
// open URLs too, and must not use up the one-time code.
func (s *Server) claimHostMovePage(c echo.Context) error {
	code := code(c)
	key := c.QueryParam("k")
	if err := s.tables.PendingHostMove(c.Request().Context(), code, key); err != nil {
		return s.messageError(c, err)
	}
	h := s.head(c, views.Key("claim_table_title", code))
	m := views.Message{Head: h, Heading: h.Title, Text: views.Key("claim_table_text"),
		FormURL: "/m/" + code, FormButton: views.Key("claim_table_button"), FormKey: key}
	return s.page(c, http.StatusOK, h, views.MessagePage(m))
}

func (s *Server) claimHostMove(c echo.Context) error {
	code := code(c)
	host, err := s.tables.ClaimHostMove(c.Request().Context(), code, c.FormValue("k"))
	if err != nil {
		return s.messageError(c, err)
	}
	setCookie(c, hostCookie(code), host, true)
	return c.Redirect(http.StatusSeeOther, "/g/"+code+"/table")
}

// tableGone answers a screen whose host cookie no longer opens the table:
// it moved elsewhere (or never was the host).
func (s *Server) tableGone(c echo.Context, code string) error {
	if cookieValue(c, hostCookie(code)) == "" {
		return s.messageError(c, errHostOnly())
	}
	h := s.head(c, views.Key("table_moved_title"))
	return s.page(c, http.StatusForbidden, h, messagePage(h, h.Title, views.Key("table_moved_text", code)))
}

func (s *Server) apiStartHostMove(c echo.Context) error {
	code := code(c)
	access, err := s.apiAccess(c, code, asHost)
	if err != nil {
		return s.apiError(c, code, err)
	}
	token, err := s.tables.StartHostMove(c.Request().Context(), access)
	if err != nil {
		return s.apiError(c, code, err)
	}
	return c.JSON(http.StatusCreated, map[string]string{
		"transfer_key": token, "transfer_url": s.baseURL(c) + "/m/" + code + "?k=" + token,
	})
}

func (s *Server) apiClaimHostMove(c echo.Context) error {
	code := code(c)
	var req struct {
		Key string `json:"key"`
	}
	if err := decodeJSON(c, &req); err != nil {
		return s.apiError(c, code, err)
	}
	host, err := s.tables.ClaimHostMove(c.Request().Context(), code, req.Key)
	if err != nil {
		return s.apiError(c, code, err)
	}
	return c.JSON(http.StatusOK, map[string]string{"host_token": host})
}
