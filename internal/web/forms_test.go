package web_test

import (
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"lantern/internal/game"
	"lantern/internal/web"
)

// pageForm is one way to send one action form of a page: its fields plus
// the button pressed.
type pageForm struct {
	typ    string
	values url.Values
}

// actionForms reads every action form of a page (those posting to
// /g/{code}/act), once per submit button, with the values a browser sends.
func actionForms(t *testing.T, body string) []pageForm {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatalf("parse page: %v", err)
	}
	attr := func(n *html.Node, key string) (string, bool) {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val, true
			}
		}
		return "", false
	}
	var forms []pageForm
	var walk func(n *html.Node, fn func(*html.Node))
	walk = func(n *html.Node, fn func(*html.Node)) {
		fn(n)
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, fn)
		}
	}
	walk(doc, func(f *html.Node) {
		if f.Type != html.ElementNode || f.Data != "form" {
			return
		}
		// A live page's forms name its language: /g/CODE/act?lang=en.
		action, _ := attr(f, "action")
		if u, err := url.Parse(action); err != nil || !strings.HasSuffix(u.Path, "/act") {
			return
		}
		base := url.Values{}
		var buttons []*html.Node
		walk(f, func(n *html.Node) {
			if n.Type != html.ElementNode {
				return
			}
			name, named := attr(n, "name")
			_, disabled := attr(n, "disabled")
			switch n.Data {
			case "input":
				typ, _ := attr(n, "type")
				val, _ := attr(n, "value")
				_, checked := attr(n, "checked")
				if named && !disabled && (typ != "checkbox" && typ != "radio" || checked) {
					base.Add(name, val)
				}
			case "select":
				var first, chosen string
				var have bool
				walk(n, func(o *html.Node) {
					if o.Type == html.ElementNode && o.Data == "option" {
						v, _ := attr(o, "value")
						if _, sel := attr(o, "selected"); sel || !have {
							if sel {
								chosen = v
							} else {
								first = v
							}
						}
						have = true
					}
				})
				if chosen == "" {
					chosen = first
				}
				if named && !disabled {
					base.Add(name, chosen)
				}
			case "button":
				if !disabled {
					buttons = append(buttons, n)
				}
			}
		})
		for _, b := range buttons {
			v := url.Values{}
			for k, x := range base {
				v[k] = append([]string(nil), x...)
			}
			if name, ok := attr(b, "name"); ok {
				val, _ := attr(b, "value")
				v.Add(name, val)
				if name == "real" {
					v.Set("total", "3") // the real-dice button goes with a typed total
				}
			}
			forms = append(forms, pageForm{typ: base.Get("type"), values: v})
		}
	})
	return forms
}

// TestEveryFormDecodes: each action form the pages render, with each of its
// buttons, decodes through the API's decoder to the action it names, and
// carries the version its page was built on.
func TestEveryFormDecodes(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	g := a.newGame(3, false)
	host := withCookie("lantern_host_"+g.code, g.host)
	check := func(stage, path string, opts ...reqOpt) {
		t.Helper()
		rec := a.do(http.MethodGet, path, "", opts...)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s %s: %d", stage, path, rec.Code)
		}
		version := a.state(g)["version"]
		forms := actionForms(t, rec.Body.String())
		if len(forms) == 0 {
			t.Fatalf("%s %s: no action forms", stage, path)
		}
		for _, f := range forms {
			act, err := web.DecodeForm(f.values)
			if err != nil {
				t.Errorf("%s %s: form %v: %v", stage, path, f.values, err)
				continue
			}
			if act.ActionType() != f.typ || f.typ == "" {
				t.Errorf("%s %s: form %v decodes to type %q", stage, path, f.values, act.ActionType())
			}
			if v, _ := reflect.ValueOf(act).FieldByName("Version").Interface().(*int); v == nil || float64(*v) != version {
				t.Errorf("%s %s: form %v: version %v, want %v", stage, path, f.values, v, version)
			}
			// Every field the form sends is its action's own: a field the
			// action doesn't have would be ignored.
			own := game.ActionFields(reflect.TypeOf(act))
			for name := range f.values {
				name, _, _ = strings.Cut(name, ".")
				if _, ok := own[name]; !ok && name != "type" && name != "as" && name != "real" && name != "with" {
					t.Errorf("%s %s: form %v sends %q, which %s doesn't have", stage, path, f.values, name, f.typ)
				}
			}
		}
	}
	check("lobby", "/g/"+g.code+"/table", host)

	a.act(g, g.host, map[string]any{"type": "start_game", "first_seat": 1})
	a.act(g, g.seats[0], map[string]any{"type": "draw_card", "card": "revolver"})
	a.act(g, g.seats[0], map[string]any{"type": "draw_card", "card": "lucky-stone"})
	a.act(g, g.seats[0], map[string]any{"type": "roll", "dice": 3})
	a.act(g, g.seats[0], map[string]any{"type": "draw_omen", "omen": "dog", "room": "gallery"})
	for i := range g.seats {
		check("exploring", "/g/"+g.code, withCookie("lantern_seat_"+g.code, g.seats[i]))
	}
	check("exploring", "/g/"+g.code+"/table", host)

	a.act(g, g.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	for i := range g.seats {
		check("haunt", "/g/"+g.code, withCookie("lantern_seat_"+g.code, g.seats[i]))
	}
	check("haunt", "/g/"+g.code+"/table", host)
}
