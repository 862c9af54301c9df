package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/table"
)

var errBadNumber = &game.Error{Kind: game.Invalid, Key: "err_bad_number"}

// formAction takes an action from a plain HTML form on the player or table
// page. Without the app's script it answers with a redirect (post/redirect/
// get), and a refusal re-renders the page with the message and a 4xx
// status, so the person sees why and what the table looks like now. With
// the script (X-Lantern: fetch) it answers only with the outcome: the new
// version, or the refusal in the user's language; the page learns the
// change from its event stream (live.go).
func (s *Server) formAction(c echo.Context) error {
	code := code(c)
	as := c.FormValue("as")
	if as != asHost {
		as = asSeat
	}
	access, ok := s.access(c, code, as)
	if !ok && isFetch(c) {
		return s.refusedPost(c, errNotAuthorized)
	}
	if !ok {
		return s.messageError(c, errNotAuthorized)
	}
	form, err := c.FormParams()
	if err != nil {
		var he *echo.HTTPError
		if errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge {
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		if isFetch(c) {
			return s.refusedPost(c, errBadJSON)
		}
		return s.messageError(c, errBadJSON)
	}
	a, err := decodeForm(form)
	version := 0
	if err == nil {
		version, err = s.tables.Act(c.Request().Context(), access, a)
	}
	switch {
	case isFetch(c) && err == nil:
		c.Response().Header().Set("Cache-Control", "no-store")
		return c.JSON(http.StatusOK, map[string]int{"version": version})
	case isFetch(c):
		return s.refusedPost(c, err)
	case err == nil:
		return c.Redirect(http.StatusSeeOther, pagePath(access))
	}
	status, text := statusOf(err), s.message(s.lang(c), err)
	if access.Host {
		return s.renderTable(c, access, status, text)
	}
	return s.renderPlayer(c, access, status, text)
}

// refusedPost answers the page's script with why its post was refused, in
// the user's language (sync.js shows it where the page shows refusals).
func (s *Server) refusedPost(c echo.Context, err error) error {
	body := map[string]string{"error": s.message(s.lang(c), err)}
	var ge *game.Error
	if errors.As(err, &ge) {
		body["key"] = ge.Key
	}
	return c.JSON(statusOf(err), body)
}

func pagePath(a table.Access) string {
	if a.Host {
		return "/g/" + a.Code + "/table"
	}
	return "/g/" + a.Code
}

// Form fields that are about the request, not the action: which page sent
// it (the host's table or a seat's phone), and the "record real dice"
// button, which needs a typed total.
const (
	formAs   = "as"
	formReal = "real"
	// formWith is one choice of an attack's way, "trait", "trait:weapon"
	// or "trait:weapon:ranged" (one radio group on the attack sheet, so
	// only the ways the engine allows are offered, never a mix of a trait
	// and a weapon it refuses).
	formWith = "with"
)

// actionFields maps each JSON field name of game.Action to its type, so a
// form's fields (named like the JSON API's) are decoded by the same rules.
var actionFields = func() map[string]reflect.Type {
	fields := map[string]reflect.Type{}
	t := reflect.TypeFor[game.Action]()
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			fields[name] = f.Type
		}
	}
	return fields
}()

// decodeForm turns a submitted form into an action through the same
// decoding as POST /api/games/{code}/actions: the form's fields carry the
// JSON field names, are converted to JSON by the field's type and decoded
// with game.DecodeAction, so an unknown field is refused the same way.
//
// Conventions a form can't avoid: a blank field is a field not given (an
// empty number box); a list (order, modifiers, indexes, faces) is its field
// repeated; a map or object field is "split.might" or "target.seat", or one
// field "target" whose value is "seat:2" or "monster:zombie-1" (one select
// choosing among kinds of target).
func decodeForm(form url.Values) (game.Action, error) {
	obj := map[string]any{}
	for key, values := range form {
		if key == formAs || key == formReal {
			continue
		}
		if key == formWith {
			if err := decodeWith(values, obj); err != nil {
				return game.Action{}, err
			}
			continue
		}
		values = nonBlank(values)
		if len(values) == 0 {
			continue
		}
		name, sub, nested := strings.Cut(key, ".")
		typ, ok := actionFields[name]
		if !ok {
			return game.Action{}, errBadJSON
		}
		if !nested && (typ.Kind() == reflect.Struct || typ.Kind() == reflect.Map) {
			// "target=seat:2" is "target.seat=2".
			if len(values) != 1 {
				return game.Action{}, errBadJSON
			}
			sub, values[0], nested = strings.Cut(values[0], ":")
			if !nested {
				return game.Action{}, errBadJSON
			}
		}
		if !nested {
			v, err := formValue(typ, values)
			if err != nil {
				return game.Action{}, err
			}
			obj[name] = v
			continue
		}
		elem, ok := memberType(typ, sub)
		if !ok {
			return game.Action{}, errBadJSON
		}
		v, err := formValue(elem, values)
		if err != nil {
			return game.Action{}, err
		}
		inner, _ := obj[name].(map[string]any)
		if inner == nil {
			inner = map[string]any{}
			obj[name] = inner
		}
		if _, dup := inner[sub]; dup {
			return game.Action{}, errBadJSON
		}
		inner[sub] = v
	}
	if form.Get(formReal) != "" && obj["total"] == nil {
		return game.Action{}, errBadNumber
	}
	raw, err := json.Marshal(obj)
	if err != nil {
		return game.Action{}, errBadJSON
	}
	return game.DecodeAction(raw)
}

// decodeWith puts an attack's way (formWith) into the action's trait,
// weapon and ranged fields.
func decodeWith(values []string, obj map[string]any) error {
	values = nonBlank(values)
	if len(values) != 1 {
		return errBadJSON
	}
	parts := strings.Split(values[0], ":")
	if len(parts) > 3 || len(parts) == 3 && parts[2] != "ranged" {
		return errBadJSON
	}
	obj["trait"] = parts[0]
	if len(parts) > 1 {
		obj["weapon"] = parts[1]
	}
	if len(parts) > 2 {
		obj["ranged"] = true
	}
	return nil
}

func nonBlank(values []string) []string {
	out := values[:0:0]
	for _, v := range values {
		if strings.TrimSpace(v) != "" {
			out = append(out, v)
		}
	}
	return out
}

// memberType is the type of "name.sub": a map's values or a struct's field.
func memberType(typ reflect.Type, sub string) (reflect.Type, bool) {
	switch typ.Kind() {
	case reflect.Map:
		return typ.Elem(), sub != ""
	case reflect.Struct:
		for i := range typ.NumField() {
			f := typ.Field(i)
			if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name == sub {
				return f.Type, true
			}
		}
	}
	return nil, false
}

// formValue converts a field's text to the JSON value its type wants. A
// number that isn't one says so in the person's language.
func formValue(typ reflect.Type, values []string) (any, error) {
	if typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	if typ.Kind() == reflect.Slice {
		out := make([]any, len(values))
		for i, v := range values {
			x, err := formValue(typ.Elem(), []string{v})
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	}
	if len(values) != 1 {
		return nil, errBadJSON
	}
	v := strings.TrimSpace(values[0])
	switch typ.Kind() {
	case reflect.String:
		return values[0], nil
	case reflect.Int:
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, errBadNumber
		}
		return n, nil
	case reflect.Bool:
		return true, nil // a ticked checkbox; an unticked one sends nothing
	}
	return nil, errBadJSON
}
