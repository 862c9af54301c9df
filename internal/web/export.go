package web

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/table"
	"lantern/views"
)

// A game to take along (README "A game night"): the host exports a game as
// one JSON document; another Lantern imports it under a new code and shows
// one one-time seat QR code per seat, as "Move to a new phone" does.

// importLimit bounds an imported document: a long game's log with every
// roll is a few hundred kilobytes; the other routes keep their 64K.
const importLimit = "4M"

// importRoute tells the routes whose bodies are documents, not forms.
func importRoute(c echo.Context) bool {
	return c.Path() == "/api/games/import" || c.Path() == "/import"
}

func (s *Server) apiExport(c echo.Context) error {
	code := code(c)
	access, err := s.apiAccess(c, code, asHost)
	if err != nil {
		return s.apiError(c, code, err)
	}
	return s.export(c, access)
}

// tableExport is the table's Export button: the same document, saved as a file.
func (s *Server) tableExport(c echo.Context) error {
	code := code(c)
	access, ok := s.access(c, code, asHost)
	if !ok {
		return s.messageError(c, &game.Error{Kind: game.Forbidden, Key: "err_host_only"})
	}
	return s.export(c, access)
}

func (s *Server) export(c echo.Context, access table.Access) error {
	doc, err := s.tables.Export(access)
	if err != nil {
		return s.apiError(c, access.Code, err)
	}
	b, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Content-Disposition", `attachment; filename="lantern-`+access.Code+`.json"`)
	h.Set("Cache-Control", "private, no-store")
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, append(b, '\n'))
}

// decodeExport reads an export document; anything else is damaged.
func decodeExport(r io.Reader) (table.Export, error) {
	var doc table.Export
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil || dec.More() {
		return table.Export{}, table.ErrImportDamaged
	}
	return doc, nil
}

// readImport reads the request's document, telling one over the limit.
func readImport(c echo.Context, r io.Reader) (table.Export, error) {
	raw, err := io.ReadAll(r)
	var he *echo.HTTPError
	if errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge {
		return table.Export{}, errTooLarge
	}
	if err != nil {
		return table.Export{}, table.ErrImportDamaged
	}
	return decodeExport(bytes.NewReader(raw))
}

func (s *Server) apiImport(c echo.Context) error {
	doc, err := readImport(c, c.Request().Body)
	if err != nil {
		return s.apiError(c, "", err)
	}
	im, err := s.tables.Import(c.Request().Context(), doc)
	if err != nil {
		return s.apiError(c, "", err)
	}
	type seat struct {
		Seat        int    `json:"seat"`
		Name        string `json:"name"`
		TransferKey string `json:"transfer_key"`
		TransferURL string `json:"transfer_url"`
	}
	seats := []seat{}
	for _, st := range im.Seats {
		seats = append(seats, seat{st.Seat, st.Name, st.Transfer, s.transferURL(c, im.Code, st.Transfer)})
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"code": im.Code, "join_key": im.JoinKey, "host_token": im.HostToken,
		"join_url": s.joinURL(c, im.Code, im.JoinKey), "seats": seats,
	})
}

func (s *Server) transferURL(c echo.Context, code, token string) string {
	return s.baseURL(c) + "/t/" + code + "?k=" + token
}

// importForm is the table's Import button: the browser becomes the
// imported game's table and shows each seat's one-time QR code once.
func (s *Server) importForm(c echo.Context) error {
	fh, err := c.FormFile("file")
	if err != nil {
		return s.messageError(c, table.ErrImportDamaged)
	}
	f, err := fh.Open()
	if err != nil {
		return s.messageError(c, table.ErrImportDamaged)
	}
	defer f.Close()
	doc, err := decodeExport(f)
	if err != nil {
		return s.messageError(c, err)
	}
	im, err := s.tables.Import(c.Request().Context(), doc)
	if err != nil {
		return s.messageError(c, err)
	}
	setCookie(c, hostCookie(im.Code), im.HostToken, true)
	h := s.head(c, views.Key("imported_title", im.Code))
	vm := views.Imported{Head: h, Code: im.Code, Minutes: int(table.TransferLifetime.Minutes())}
	for _, st := range im.Seats {
		u := s.transferURL(c, im.Code, st.Transfer)
		png, err := qrPNG(u, 256)
		if err != nil {
			return s.messageError(c, err)
		}
		vm.Seats = append(vm.Seats, views.ImportedSeat{Seat: st.Seat, Name: st.Name, URL: u,
			QRData: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)})
	}
	c.Response().Header().Set("Cache-Control", "private, no-store")
	return s.page(c, http.StatusCreated, h, views.ImportedPage(vm))
}
