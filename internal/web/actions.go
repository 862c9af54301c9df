package web

import (
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

// decodeForm turns a submitted form straight into its action: the form's
// type names the action's struct (game.ActionTypes) and every other field,
// named like the JSON API's, is set on it by its type. A field another
// action has is checked and ignored, and a field no action has refused,
// as the JSON API does (game.DecodeAction).
//
// Conventions a form can't avoid: a blank field is a field not given (an
// empty number box); a list (order, modifiers, indexes, faces) is its field
// repeated; a map or object field is "split.might" or "target.seat", or one
// field "target" whose value is "seat:2" or "monster:zombie-1" (one select
// choosing among kinds of target).
func decodeForm(form url.Values) (game.Action, error) {
	types := nonBlank(form["type"])
	if len(types) > 1 {
		return nil, errBadJSON
	}
	empty, err := game.NewAction(strings.Join(types, ""))
	if err != nil {
		return nil, err
	}
	d := formDecoder{v: reflect.New(reflect.TypeOf(empty)).Elem(), wire: game.WireFields()}
	d.fields = game.ActionFields(d.v.Type())
	for key, values := range form {
		switch key {
		case "type", formAs, formReal:
			continue
		case formWith:
			err = d.with(values)
		default:
			err = d.set(key, nonBlank(values))
		}
		if err != nil {
			return nil, err
		}
	}
	if form.Get(formReal) != "" && len(nonBlank(form["total"])) == 0 {
		return nil, errBadNumber
	}
	return d.v.Interface().(game.Action), nil
}

// formDecoder sets a form's fields on one action's struct.
type formDecoder struct {
	v      reflect.Value // the action's struct, settable
	fields map[string]reflect.StructField
	wire   map[string]reflect.Type // every action's fields
	nested map[string]bool         // "target.seat" fields set, so none is set twice
}

// set sets one form field: "name", or "name.sub" for a map's value or a
// struct's field.
func (d *formDecoder) set(key string, values []string) error {
	if len(values) == 0 {
		return nil
	}
	name, sub, nested := strings.Cut(key, ".")
	typ, ok := d.wire[name]
	if !ok {
		return errBadJSON
	}
	if !nested && (typ.Kind() == reflect.Struct || typ.Kind() == reflect.Map) {
		// "target=seat:2" is "target.seat=2".
		if len(values) != 1 {
			return errBadJSON
		}
		var value string
		if sub, value, nested = strings.Cut(values[0], ":"); !nested {
			return errBadJSON
		}
		values = []string{value}
	}
	f, mine := d.fields[name]
	if !nested {
		v, err := formValue(typ, values)
		if err == nil && mine {
			d.v.FieldByIndex(f.Index).Set(v)
		}
		return err
	}
	if d.nested[name+"."+sub] {
		return errBadJSON
	}
	if d.nested == nil {
		d.nested = map[string]bool{}
	}
	d.nested[name+"."+sub] = true
	elem, ok := memberType(typ, sub)
	if !ok {
		return errBadJSON
	}
	v, err := formValue(elem.Type, values)
	if err != nil || !mine {
		return err
	}
	field := d.v.FieldByIndex(f.Index)
	if typ.Kind() == reflect.Map {
		if field.IsNil() {
			field.Set(reflect.MakeMap(typ))
		}
		field.SetMapIndex(reflect.ValueOf(sub), v)
		return nil
	}
	field.FieldByIndex(elem.Index).Set(v)
	return nil
}

// with sets an attack's way (formWith) as its trait, weapon and ranged
// fields.
func (d *formDecoder) with(values []string) error {
	values = nonBlank(values)
	if len(values) != 1 {
		return errBadJSON
	}
	parts := strings.Split(values[0], ":")
	if len(parts) > 3 || len(parts) == 3 && parts[2] != "ranged" {
		return errBadJSON
	}
	for i, name := range []string{"trait", "weapon", "ranged"}[:len(parts)] {
		if i == 2 {
			parts[i] = "true"
		}
		if err := d.set(name, []string{parts[i]}); err != nil {
			return err
		}
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

// memberType is "name.sub" of a field of type typ: a map's values or a
// struct's field (with its index).
func memberType(typ reflect.Type, sub string) (reflect.StructField, bool) {
	switch typ.Kind() {
	case reflect.Map:
		return reflect.StructField{Type: typ.Elem()}, sub != ""
	case reflect.Struct:
		f, ok := game.ActionFields(typ)[sub]
		return f, ok
	}
	return reflect.StructField{}, false
}

// formValue converts a field's text to a value of its type. A number that
// isn't one says so in the person's language.
func formValue(typ reflect.Type, values []string) (reflect.Value, error) {
	if typ.Kind() == reflect.Pointer {
		v, err := formValue(typ.Elem(), values)
		if err != nil {
			return v, err
		}
		p := reflect.New(typ.Elem())
		p.Elem().Set(v)
		return p, nil
	}
	if typ.Kind() == reflect.Slice {
		out := reflect.MakeSlice(typ, len(values), len(values))
		for i, v := range values {
			x, err := formValue(typ.Elem(), []string{v})
			if err != nil {
				return x, err
			}
			out.Index(i).Set(x)
		}
		return out, nil
	}
	if len(values) != 1 {
		return reflect.Value{}, errBadJSON
	}
	switch typ.Kind() {
	case reflect.String:
		return reflect.ValueOf(values[0]).Convert(typ), nil
	case reflect.Int:
		n, err := strconv.Atoi(strings.TrimSpace(values[0]))
		if err != nil {
			return reflect.Value{}, errBadNumber
		}
		return reflect.ValueOf(n).Convert(typ), nil
	case reflect.Bool:
		return reflect.ValueOf(true), nil // a ticked checkbox; an unticked one sends nothing
	}
	return reflect.Value{}, errBadJSON
}
