package web

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/table"
	"lantern/views"
)

// startTransfer shows the host a one-time QR that moves a seat to another
// phone (the old phone dies or runs flat). It is its own page, not part of
// the live table, so a change elsewhere can't wipe the code off the screen.
func (s *Server) startTransfer(c echo.Context) error {
	code := code(c)
	access, ok := s.access(c, code, asHost)
	if !ok {
		return s.messageError(c, &game.Error{Kind: game.Forbidden, Key: "err_host_only"})
	}
	number, err := strconv.Atoi(c.FormValue("seat"))
	if err != nil {
		return s.messageError(c, errBadNumber)
	}
	return s.showTransfer(c, access, number)
}

// handover shows the QR that gives one of this phone's explorers to the
// other player: at the reveal in a two-player game, the traitor's player
// hands over their other explorer (seed 003, 雙人遊戲).
func (s *Server) handover(c echo.Context) error {
	a, number, err := s.formSeat(c, code(c))
	if err != nil {
		return s.messageError(c, err)
	}
	return s.showTransfer(c, a, number)
}

func (s *Server) showTransfer(c echo.Context, access table.Access, number int) error {
	token, err := s.tables.StartTransfer(c.Request().Context(), access, number)
	if err != nil {
		return s.messageError(c, err)
	}
	return s.renderTransfer(c, access, token)
}

// transferStatus is the QR page's live part: the same code while it waits,
// and once the new phone has claimed the seat, back to where the code was
// asked for (the table, or the handing-over phone's page), so no used code
// stays on a screen.
func (s *Server) transferStatus(c echo.Context) error {
	code := code(c)
	access, ok := s.access(c, code, asHost)
	if !ok {
		if access, ok = s.access(c, code, asSeat); !ok {
			return s.messageError(c, errNotAuthorized)
		}
	}
	token := c.QueryParam("k")
	if _, err := s.tables.PendingTransfer(c.Request().Context(), code, token); err != nil {
		return c.Redirect(http.StatusSeeOther, pagePath(access))
	}
	return s.renderTransfer(c, access, token)
}

func (s *Server) renderTransfer(c echo.Context, access table.Access, token string) error {
	code := access.Code
	seatID, err := s.tables.PendingTransfer(c.Request().Context(), code, token)
	if err != nil {
		return s.messageError(c, err)
	}
	h := s.head(c, views.Key("move_to_new_phone"))
	h.Path = "/g/" + code + "/transfer?k=" + url.QueryEscape(token)
	h.Events = "/api/games/" + code + "/events"
	h.Fragment = h.Path
	vm := views.Transfer{Head: h, Code: code, Back: pagePath(access), URL: s.baseURL(c) + "/t/" + code + "?k=" + token,
		Minutes: int(table.TransferLifetime.Minutes())}
	vm, err = table.Read(s.tables, code, func(st *game.State) views.Transfer {
		v := vm // a copy, filled in under the read lock
		v.Head.Version = st.Version
		if seat := st.SeatByID(seatID); seat != nil {
			v.Seat, v.Name = st.SeatNumber(seatID), seat.Name
		}
		return v
	})
	if err != nil {
		return s.messageError(c, err)
	}
	h = vm.Head
	png, err := qrPNG(vm.URL, 384)
	if err != nil {
		return s.messageError(c, err)
	}
	vm.QRData = "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
	return s.page(c, http.StatusOK, h, views.TransferPage(vm))
}

// transferPage asks before claiming: link previews and prefetchers open
// URLs too, and must not use up the one-time code.
func (s *Server) transferPage(c echo.Context) error {
	code := code(c)
	if err := s.tables.Find(code); err != nil {
		return s.messageError(c, err)
	}
	key := c.QueryParam("k")
	seatID, err := s.tables.PendingTransfer(c.Request().Context(), code, key)
	if err != nil {
		return s.messageError(c, err)
	}
	h := s.head(c, views.Key("claim_title"))
	m := views.Message{Head: h, FormURL: "/t/" + code, FormButton: views.Key("claim_button"), FormKey: key}
	// Say whose seat this is, so nobody takes over the wrong explorer.
	m, err = table.Read(s.tables, code, func(st *game.State) views.Message {
		msg := m // a copy, filled in under the read lock
		if seat := st.SeatByID(seatID); seat != nil {
			msg.Heading = views.Key("claim_title_seat", seat.Name)
			msg.Text = views.Key("claim_text_seat", seat.Name, seat.ExplorerData().Name.In(h.Lang))
		}
		return msg
	})
	if err != nil {
		return s.messageError(c, err)
	}
	h.Title = m.Heading
	m.Head = h
	return s.page(c, http.StatusOK, h, views.MessagePage(m))
}

func (s *Server) claimTransfer(c echo.Context) error {
	code := code(c)
	seatID, token, err := s.tables.ClaimTransfer(c.Request().Context(), code, c.FormValue("k"))
	if err != nil {
		return s.messageError(c, err)
	}
	s.addSeatToken(c, code, token, seatID)
	lang, err := table.Read(s.tables, code, func(st *game.State) string {
		if seat := st.SeatByID(seatID); seat != nil {
			return seat.Lang
		}
		return ""
	})
	if err != nil {
		return s.messageError(c, err)
	}
	if lang != "" { // the new phone speaks the seat's language
		setCookie(c, langCookie, lang, false)
	}
	return c.Redirect(http.StatusSeeOther, "/g/"+code)
}
