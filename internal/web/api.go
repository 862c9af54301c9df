package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/seatview"
	"lantern/internal/table"
)

// apiError answers a refusal as {"error", "key"} in the caller's language.
// A stale action also gets the fresh public state, so the client can redo
// its decision without another round trip.
func (s *Server) apiError(c echo.Context, code string, err error) error {
	if err == errTooLarge {
		return c.JSON(http.StatusRequestEntityTooLarge, map[string]any{"error": s.message(s.lang(c), err), "key": "err_too_large"})
	}
	body := map[string]any{"error": s.message(s.lang(c), err)}
	var ge *game.Error
	if errors.As(err, &ge) {
		body["key"] = ge.Key
		if ge.Key == "err_stale" {
			// Without the state when the game can't be read: the refusal
			// stands, and the client asks for the state itself.
			if st, err := table.Read(s.tables, code, seatview.Public); err == nil {
				body["state"] = st
			}
		}
	}
	return c.JSON(statusOf(err), body)
}

func (s *Server) apiCreateGame(c echo.Context) error {
	created, err := s.tables.Create(c.Request().Context())
	if err != nil {
		return s.apiError(c, "", err)
	}
	return c.JSON(http.StatusCreated, map[string]string{
		"code": created.Code, "join_key": created.JoinKey, "host_token": created.HostToken,
		"join_url": s.joinURL(c, created.Code, created.JoinKey),
	})
}

var errBadJSON = &game.Error{Kind: game.Invalid, Key: "err_bad_json"}

// errTooLarge is a body over the limit (echo's BodyLimit stops the read).
var errTooLarge = &game.Error{Kind: game.Invalid, Key: "err_too_large"}

// readBody reads a request body, telling an oversized one from a broken one.
func readBody(c echo.Context) ([]byte, error) {
	raw, err := io.ReadAll(c.Request().Body)
	var he *echo.HTTPError
	switch {
	case errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge:
		return nil, errTooLarge
	case err != nil:
		return nil, errBadJSON
	}
	return raw, nil
}

// decodeJSON reads a request body strictly: unknown fields are refused.
func decodeJSON(c echo.Context, v any) error {
	raw, err := readBody(c)
	if err != nil {
		return err
	}
	return strictUnmarshal(raw, v)
}

func strictUnmarshal(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil || dec.More() {
		return errBadJSON
	}
	return nil
}

func (s *Server) apiJoin(c echo.Context) error {
	code := code(c)
	var req struct {
		Name     string `json:"name"`
		Explorer string `json:"explorer"`
		Key      string `json:"key"`
		Lang     string `json:"lang"`
		// From is a seat token of the game this one follows (play
		// again): it stands in for the key, the name and the language.
		From string `json:"from"`
	}
	if err := decodeJSON(c, &req); err != nil {
		return s.apiError(c, code, err)
	}
	if req.Lang == "" {
		req.Lang = s.lang(c)
	}
	var seatID int
	var token string
	var err error
	if req.From != "" {
		seatID, token, err = s.tables.JoinFrom(c.Request().Context(), code, req.From, req.Explorer)
	} else {
		seatID, token, err = s.tables.Join(c.Request().Context(), code, req.Key,
			game.Join{Name: req.Name, Explorer: req.Explorer, Lang: req.Lang})
	}
	if err != nil {
		return s.apiError(c, code, err)
	}
	number, err := seatNumber(s.tables, code, seatID)
	if err != nil {
		return s.apiError(c, code, err)
	}
	return c.JSON(http.StatusCreated, map[string]any{"seat": number, "token": token})
}

func (s *Server) apiState(c echo.Context) error {
	code := code(c)
	if _, err := s.apiAccess(c, code, asAny); err != nil {
		return s.apiError(c, code, err)
	}
	body, err := table.Read(s.tables, code, seatview.Public)
	if err != nil {
		return s.apiError(c, code, err)
	}
	body.Next = s.tables.Next(code)
	return c.JSON(http.StatusOK, body)
}

// apiAccess is what the caller may do in a game, or the refusal to answer:
// an unknown game, or a token that doesn't open it.
func (s *Server) apiAccess(c echo.Context, code, as string) (table.Access, error) {
	if err := s.tables.Find(code); err != nil {
		return table.Access{}, err
	}
	access, ok := s.access(c, code, as)
	if !ok {
		return table.Access{}, errNotAuthorized
	}
	return access, nil
}

// logPage bounds one answer of the log endpoint.
const logPage = 1000

// apiLog pages through the whole public event log: events after ?after=N.
func (s *Server) apiLog(c echo.Context) error {
	code := code(c)
	if _, err := s.apiAccess(c, code, asAny); err != nil {
		return s.apiError(c, code, err)
	}
	after := 0
	if v := c.QueryParam("after"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return s.apiError(c, code, errBadNumber)
		}
		after = n
	}
	type page struct {
		Version int          `json:"version"`
		Events  []game.Event `json:"events"`
		More    bool         `json:"more"`
	}
	body, err := table.Read(s.tables, code, func(st *game.State) page {
		body := page{Version: st.Version, Events: []game.Event{}}
		for _, e := range st.Events {
			if e.Seq <= after {
				continue
			}
			if len(body.Events) == logPage {
				body.More = true
				break
			}
			body.Events = append(body.Events, e.Public())
		}
		return body
	})
	if err != nil {
		return s.apiError(c, code, err)
	}
	return c.JSON(http.StatusOK, body)
}

func (s *Server) apiMe(c echo.Context) error {
	code := code(c)
	access, err := s.apiAccess(c, code, asSeat)
	if err != nil {
		return s.apiError(c, code, err)
	}
	return s.meAnswer(c, access)
}

// meAnswer is GET /me's answer to a seat its caller let in. The game is
// read again, a step after the token opened it: it may be gone by then.
func (s *Server) meAnswer(c echo.Context, access table.Access) error {
	code := access.Code
	type me struct {
		body   seatview.PrivateState
		secret bool
	}
	m, err := table.Read(s.tables, code, func(st *game.State) me {
		return me{seatview.Private(st, access.Actor()), seatview.HiddenDeal(st)}
	})
	if err != nil {
		// No answer for a game that can't be read: a zero body would
		// pass for the seat's view (secret.go: a secret decision fails
		// closed).
		return s.apiError(c, code, err)
	}
	body, secret := m.body, m.secret
	body.Next = s.tables.Next(code)
	b, err := marshalJSON(body)
	if err != nil {
		return err
	}
	return answer(c, http.StatusOK, echo.MIMEApplicationJSON, append(b, '\n'), secret)
}

func (s *Server) apiAction(c echo.Context) error {
	code := code(c)
	access, err := s.apiAccess(c, code, asAny)
	if err != nil {
		return s.apiError(c, code, err)
	}
	raw, err := readBody(c)
	if err != nil {
		return s.apiError(c, code, err)
	}
	a, err := game.DecodeAction(raw)
	if err != nil {
		return s.apiError(c, code, err)
	}
	version, err := s.tables.Act(c.Request().Context(), access, a)
	if err != nil {
		return s.apiError(c, code, err)
	}
	// What c.JSON would write, without reflection on every action.
	b := strconv.AppendInt(append(make([]byte, 0, 24), `{"version":`...), int64(version), 10)
	return c.JSONBlob(http.StatusOK, append(b, '}', '\n'))
}

func (s *Server) apiStartTransfer(c echo.Context) error {
	code := code(c)
	access, ok := s.access(c, code, asHost)
	if !ok {
		return s.apiError(c, code, &game.Error{Kind: game.Forbidden, Key: "err_host_only"})
	}
	number, err := strconv.Atoi(c.Param("seat"))
	if err != nil {
		return s.apiError(c, code, errBadNumber)
	}
	token, err := s.tables.StartTransfer(c.Request().Context(), access, number)
	if err != nil {
		return s.apiError(c, code, err)
	}
	return c.JSON(http.StatusCreated, map[string]string{
		"transfer_key": token, "transfer_url": s.baseURL(c) + "/t/" + code + "?k=" + token,
	})
}

func (s *Server) apiClaimTransfer(c echo.Context) error {
	code := code(c)
	var req struct {
		Key string `json:"key"`
	}
	if err := decodeJSON(c, &req); err != nil {
		return s.apiError(c, code, err)
	}
	seatID, token, err := s.tables.ClaimTransfer(c.Request().Context(), code, req.Key)
	if err != nil {
		return s.apiError(c, code, err)
	}
	number, err := seatNumber(s.tables, code, seatID)
	if err != nil {
		return s.apiError(c, code, err)
	}
	return c.JSON(http.StatusOK, map[string]any{"seat": number, "token": token})
}

// seatNumber is the seat's place at the table (1 …), which the API speaks
// in, where the tables speak in stable seat ids.
func seatNumber(tables *table.Tables, code string, seatID int) (int, error) {
	return table.Read(tables, code, func(st *game.State) int { return st.SeatNumber(seatID) })
}
