package web

// Installing Lantern on a phone's home screen: the web app manifest, the
// app's icons (static/icons: static/icon.svg drawn at each size, the
// maskable ones on a full background) and /app, the manifest's start URL,
// which reopens the phone's seat.

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"lantern/internal/i18n"
	"lantern/static"
)

// themeColour is the dark theme's background (--bg in app.css).
const themeColour = "#14121a"

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose"`
}

type webManifest struct {
	ID              string         `json:"id"`
	Name            string         `json:"name"`
	ShortName       string         `json:"short_name"`
	Description     string         `json:"description"`
	Lang            string         `json:"lang"`
	Dir             string         `json:"dir"`
	StartURL        string         `json:"start_url"`
	Scope           string         `json:"scope"`
	Display         string         `json:"display"`
	BackgroundColor string         `json:"background_color"`
	ThemeColor      string         `json:"theme_color"`
	Categories      []string       `json:"categories"`
	Icons           []manifestIcon `json:"icons"`
}

// manifest serves /manifest.webmanifest in the phone's language.
func (s *Server) manifest(c echo.Context) error {
	lang := s.lang(c)
	m := webManifest{
		ID: "/app", Name: "Lantern", ShortName: "Lantern",
		Description: i18n.T(lang, "comfort_manifest_description"),
		Lang:        manifestLang(lang), Dir: "ltr",
		StartURL: "/app", Scope: "/", Display: "standalone",
		BackgroundColor: themeColour, ThemeColor: themeColour,
		Categories: []string{"games", "utilities"},
		Icons: []manifestIcon{
			{Src: static.URL("icon.svg"), Sizes: "any", Type: "image/svg+xml", Purpose: "any"},
			{Src: "/icons/icon-192.png", Sizes: "192x192", Type: "image/png", Purpose: "any"},
			{Src: "/icons/icon-512.png", Sizes: "512x512", Type: "image/png", Purpose: "any"},
			{Src: "/icons/maskable-192.png", Sizes: "192x192", Type: "image/png", Purpose: "maskable"},
			{Src: "/icons/maskable-512.png", Sizes: "512x512", Type: "image/png", Purpose: "maskable"},
		},
	}
	body, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Cookie, Accept-Language")
	return c.Blob(http.StatusOK, "application/manifest+json", body)
}

func manifestLang(lang string) string {
	if lang == i18n.ZH {
		return "zh-Hans"
	}
	return "en"
}

// appStart is where an installed Lantern opens: a phone that holds exactly
// one valid seat goes back to it; a screen that holds no seat and exactly
// one game as host goes back to its table; anyone else to the home page.
func (s *Server) appStart(c echo.Context) error {
	var seats, hosts []string
	for _, ck := range c.Cookies() {
		code, host := "", false
		if rest, ok := strings.CutPrefix(ck.Name, "lantern_seat_"); ok {
			code = rest
		} else if rest, ok := strings.CutPrefix(ck.Name, "lantern_host_"); ok {
			code, host = rest, true
		}
		if !pwaCode.MatchString(code) {
			continue
		}
		if !host {
			if len(s.controlled(c, code)) > 0 && !slices.Contains(seats, code) {
				seats = append(seats, code) // one or more seats (two-player) in one game
			}
			continue
		}
		a, ok := s.tables.Authenticate(code, ck.Value)
		if !ok || !a.Host {
			continue // a cookie of a game that is gone
		}
		if host {
			hosts = append(hosts, code)
		} else if !slices.Contains(seats, code) {
			seats = append(seats, code)
		}
	}
	target := "/"
	switch {
	case len(seats) == 1:
		target = "/g/" + seats[0]
	case len(seats) == 0 && len(hosts) == 1:
		target = "/g/" + hosts[0] + "/table"
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Redirect(http.StatusSeeOther, target)
}

// pwaCode keeps anything but a plausible code out of the redirect.
var pwaCode = regexp.MustCompile(`^[A-Z0-9]{1,16}$`)

// icon serves /icons/<name>: the manifest's icons.
func (s *Server) icon(c echo.Context) error {
	name := c.Param("name")
	if name == "apple-touch.png" || name == "favicon.png" {
		return echo.NewHTTPError(http.StatusNotFound) // served under their well-known paths
	}
	return serveIcon(c, name)
}

// appleTouchIcon is the icon iOS puts on the home screen.
func (s *Server) appleTouchIcon(c echo.Context) error { return serveIcon(c, "apple-touch.png") }

// favicon answers the browsers that ask for /favicon.ico (a PNG inside).
func (s *Server) favicon(c echo.Context) error { return serveIcon(c, "favicon.png") }

func serveIcon(c echo.Context, name string) error {
	b, err := fs.ReadFile(static.Icons, "icons/"+name)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.Blob(http.StatusOK, "image/png", b)
}
