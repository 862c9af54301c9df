package web

// Installing Lantern on a phone's home screen: the web app manifest, the
// app's icons (drawn here, in Go, from the same shapes as static/icon.svg)
// and /app, the manifest's start URL, which reopens the phone's seat.

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"

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

// icons are drawn once, on first request.
var icons = map[string]struct {
	size     int
	maskable bool
}{
	"icon-192.png":     {192, false},
	"icon-512.png":     {512, false},
	"maskable-192.png": {192, true},
	"maskable-512.png": {512, true},
	"apple-touch.png":  {180, true}, // iOS rounds the corners itself
	"favicon.png":      {48, false},
}

var (
	iconMu    sync.Mutex
	iconCache = map[string][]byte{}
)

func iconPNG(name string) ([]byte, bool) {
	spec, ok := icons[name]
	if !ok {
		return nil, false
	}
	iconMu.Lock()
	defer iconMu.Unlock()
	if b, ok := iconCache[name]; ok {
		return b, true
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, drawIcon(spec.size, spec.maskable)); err != nil {
		return nil, false
	}
	iconCache[name] = buf.Bytes()
	return buf.Bytes(), true
}

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
	b, ok := iconPNG(name)
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.Blob(http.StatusOK, "image/png", b)
}

// The icon as shapes on a 512×512 canvas, the same as static/icon.svg.
// Everything of the lantern lies within 192 of the centre, inside the
// maskable safe zone (a circle of radius 0.4 × 512 ≈ 205).

type iconRGBA struct{ r, g, b, a float64 } // straight alpha, 0..1

func iconHex(s string, alpha float64) iconRGBA {
	var v [3]float64
	for i := range v {
		var n int
		for _, ch := range s[1+2*i : 3+2*i] {
			n *= 16
			switch {
			case ch >= '0' && ch <= '9':
				n += int(ch - '0')
			default:
				n += int(ch-'a') + 10
			}
		}
		v[i] = float64(n) / 255
	}
	return iconRGBA{v[0], v[1], v[2], alpha}
}

func iconLerp(a, b iconRGBA, t float64) iconRGBA {
	return iconRGBA{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t, a.a + (b.a-a.a)*t}
}

// iconGradient interpolates between stops at the given offsets.
func iconGradient(t float64, offsets []float64, colours []iconRGBA) iconRGBA {
	if t <= offsets[0] {
		return colours[0]
	}
	for i := 1; i < len(offsets); i++ {
		if t <= offsets[i] {
			return iconLerp(colours[i-1], colours[i], (t-offsets[i-1])/(offsets[i]-offsets[i-1]))
		}
	}
	return colours[len(colours)-1]
}

type iconLayer struct {
	in     func(x, y float64) bool
	colour func(x, y float64) iconRGBA
}

func iconSolid(c iconRGBA) func(x, y float64) iconRGBA {
	return func(float64, float64) iconRGBA { return c }
}

func iconCircle(cx, cy, r float64) func(x, y float64) bool {
	return func(x, y float64) bool { return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r }
}

func iconEllipse(cx, cy, rx, ry float64) func(x, y float64) bool {
	return func(x, y float64) bool {
		dx, dy := (x-cx)/rx, (y-cy)/ry
		return dx*dx+dy*dy <= 1
	}
}

// iconRing is a stroked circle or ellipse of width w.
func iconRing(cx, cy, rx, ry, w float64) func(x, y float64) bool {
	outer, inner := iconEllipse(cx, cy, rx+w/2, ry+w/2), iconEllipse(cx, cy, rx-w/2, ry-w/2)
	return func(x, y float64) bool { return outer(x, y) && !inner(x, y) }
}

func iconRoundRect(x0, y0, w, h, r float64) func(x, y float64) bool {
	return func(x, y float64) bool {
		if x < x0 || y < y0 || x > x0+w || y > y0+h {
			return false
		}
		// Distance into the nearest corner's square.
		dx := math.Max(math.Max(x0+r-x, x-(x0+w-r)), 0)
		dy := math.Max(math.Max(y0+r-y, y-(y0+h-r)), 0)
		return dx*dx+dy*dy <= r*r
	}
}

func iconLayers(maskable bool) []iconLayer {
	bgRadius := 112.0
	if maskable {
		bgRadius = 0 // full bleed: the launcher cuts its own shape
	}
	amber := iconHex("#f2b84b", 1)
	capColour := iconSolid(iconHex("#c2832a", 1))
	tassel := iconSolid(iconHex("#e5534b", 1))
	ribs := iconSolid(iconHex("#b8741f", .7))
	return []iconLayer{
		{iconRoundRect(0, 0, 512, 512, bgRadius), iconSolid(iconHex(themeColour, 1))},
		{iconCircle(256, 272, 200), func(x, y float64) iconRGBA {
			t := math.Hypot(x-256, y-272) / 200
			return iconGradient(t, []float64{0, 1}, []iconRGBA{{amber.r, amber.g, amber.b, .45}, {amber.r, amber.g, amber.b, 0}})
		}},
		{iconRing(256, 118, 46, 46, 14), iconSolid(iconHex("#8f86a3", 1))},
		{iconEllipse(256, 272, 132, 118), func(x, y float64) iconRGBA {
			t := math.Hypot((x-256)/132, (y-272)/118)
			return iconGradient(t, []float64{0, .45, 1}, []iconRGBA{iconHex("#fff3cf", 1), iconHex("#f7c968", 1), iconHex("#d98a26", 1)})
		}},
		{iconRing(256, 272, 44, 118, 7), ribs},
		{iconRing(256, 272, 92, 118, 7), ribs},
		{iconRoundRect(192, 138, 128, 34, 10), capColour},
		{iconRoundRect(202, 372, 108, 30, 10), capColour},
		{iconRoundRect(249, 400, 14, 42, 4), tassel},
		{iconCircle(256, 408, 10), tassel},
	}
}

// drawIcon renders the icon at size×size. A pixel whose corners all lie in
// the same shapes gets one sample; a pixel on an edge gets 4×4.
func drawIcon(size int, maskable bool) *image.NRGBA {
	layers := iconLayers(maskable)
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	scale := 512 / float64(size)
	mask := func(x, y float64) uint32 {
		var m uint32
		for i, l := range layers {
			if l.in(x, y) {
				m |= 1 << i
			}
		}
		return m
	}
	// corners[i] are the masks of the pixel corners on row py and py+1.
	above := make([]uint32, size+1)
	below := make([]uint32, size+1)
	for px := 0; px <= size; px++ {
		above[px] = mask(float64(px)*scale, 0)
	}
	sample := func(x, y float64) iconRGBA { // premultiplied
		var c iconRGBA
		for _, l := range layers {
			if !l.in(x, y) {
				continue
			}
			s := l.colour(x, y)
			c = iconRGBA{s.r*s.a + c.r*(1-s.a), s.g*s.a + c.g*(1-s.a), s.b*s.a + c.b*(1-s.a), s.a + c.a*(1-s.a)}
		}
		return c
	}
	const n = 4
	for py := 0; py < size; py++ {
		for px := 0; px <= size; px++ {
			below[px] = mask(float64(px)*scale, float64(py+1)*scale)
		}
		for px := 0; px < size; px++ {
			var sum iconRGBA
			if m := above[px]; m == above[px+1] && m == below[px] && m == below[px+1] {
				sum = sample((float64(px)+.5)*scale, (float64(py)+.5)*scale)
			} else {
				for sy := 0; sy < n; sy++ {
					for sx := 0; sx < n; sx++ {
						c := sample((float64(px)+(float64(sx)+.5)/n)*scale, (float64(py)+(float64(sy)+.5)/n)*scale)
						sum = iconRGBA{sum.r + c.r/(n*n), sum.g + c.g/(n*n), sum.b + c.b/(n*n), sum.a + c.a/(n*n)}
					}
				}
			}
			if sum.a <= 0 {
				continue
			}
			img.SetNRGBA(px, py, color.NRGBA{
				R: iconByte(sum.r / sum.a), G: iconByte(sum.g / sum.a), B: iconByte(sum.b / sum.a), A: iconByte(sum.a),
			})
		}
		above, below = below, above
	}
	return img
}

func iconByte(v float64) uint8 { return uint8(math.Round(math.Min(math.Max(v, 0), 1) * 255)) }
