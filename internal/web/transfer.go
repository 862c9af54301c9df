package web

import (
	"encoding/base64"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/i18n"
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
	code := access.Code
	token, err := s.tables.StartTransfer(c.Request().Context(), access, number)
	if err != nil {
		return s.messageError(c, err)
	}
	h := s.head(c, i18n.T(s.lang(c), "move_to_new_phone"))
	vm := views.Transfer{Head: h, Code: code, Seat: number, Back: pagePath(access), URL: s.baseURL(c) + "/t/" + code + "?k=" + token,
		Minutes: int(table.TransferLifetime.Minutes())}
	s.tables.Read(code, func(st *game.State) {
		if seat := st.SeatAt(number); seat != nil {
			vm.Name = seat.Name
		}
	})
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
	h := s.head(c, i18n.T(s.lang(c), "claim_title"))
	return s.page(c, http.StatusOK, h, views.MessagePage(views.Message{
		Head: h, Heading: i18n.T(h.Lang, "claim_title"), Text: i18n.T(h.Lang, "claim_text"),
		FormURL: "/t/" + code, FormButton: i18n.T(h.Lang, "claim_button"), FormKey: c.QueryParam("k"),
	}))
}

func (s *Server) claimTransfer(c echo.Context) error {
	code := code(c)
	seatID, token, err := s.tables.ClaimTransfer(c.Request().Context(), code, c.FormValue("k"))
	if err != nil {
		return s.messageError(c, err)
	}
	s.addSeatToken(c, code, token, seatID)
	s.tables.Read(code, func(st *game.State) {
		if seat := st.SeatByID(seatID); seat != nil { // the new phone speaks the seat's language
			setCookie(c, langCookie, seat.Lang, false)
		}
	})
	return c.Redirect(http.StatusSeeOther, "/g/"+code)
}
