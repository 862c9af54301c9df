package web

import (
	"bytes"
	"encoding/json"
	"html"
	"net/http"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/i18n"
)

// A seat's hidden-traitor token must not show in the size of what its phone
// receives: on a shared Wi-Fi even TLS lets anyone count bytes, and a page
// 10 bytes longer for the traitor says who it is.
//
// So in a hidden-traitor haunt everything that depends on the token is one
// slot of the same width for every token (padded with spaces), everything
// around it is the same bytes whatever the token, and the answers and stream
// messages of that game's seats go uncompressed: different text compresses
// to different sizes, equal lengths don't. TestSecretSizes deals every token
// to every seat and compares the sizes.

// hiddenDeal reports a game whose seats hold hidden-traitor tokens: its
// seats' answers go uncompressed.
func hiddenDeal(st *game.State) bool { return st.Haunt != nil && st.Haunt.Hidden() }

// secretRevealSlot is the seat's own line of a hidden-traitor haunt card:
// its token, whether it is the traitor (data-secret, for tests and scripts;
// the stylesheet must not colour it, or the phone would tell the table from
// across the room), padded to the longest line any token would give.
func secretRevealSlot(lang string, number, token int) string {
	line := secretRevealLine(lang, number, token)
	width := 0
	for t := 1; t <= game.MaxSeats; t++ {
		width = max(width, len(secretRevealLine(lang, number, t)))
	}
	return line + strings.Repeat(" ", width-len(line))
}

// secretRevealLine uses unquoted attributes and entities for quotes and
// backslashes: nothing that JSON escapes, so the line is as long inside a
// stream message as in the page.
func secretRevealLine(lang string, number, token int) string {
	key, side := "you_hidden_hero", "hero"
	if token == 1 {
		key, side = "you_hidden_traitor", "traitor"
	}
	text := strings.ReplaceAll(html.EscapeString(i18n.T(lang, key, token, number)), `\`, "&#92;")
	return "<p class=book data-secret=" + side + ">" + text + "</p>"
}

// MarshalJSON writes me as its fields say, but in a hidden-traitor haunt its
// token and traitor fields go last, followed by "pad": spaces that make the
// three as long whatever the token (encoding/json compacts what a
// MarshalJSON writes, so the spaces go in a string).
func (me MeJSON) MarshalJSON() ([]byte, error) {
	type plain MeJSON // without this method
	if me.Token == 0 {
		return json.Marshal(plain(me))
	}
	token, traitor := me.Token, me.Traitor
	me.Token, me.Traitor = 0, false
	b, err := json.Marshal(struct {
		plain
		Traitor *bool `json:"traitor,omitempty"` // hides plain's: written in the slot
	}{plain: plain(me)})
	if err != nil {
		return nil, err
	}
	slot := meSecret(token, traitor)
	b = append(b[:len(b)-1], ',')
	b = append(b, slot...)
	b = append(b, strings.Repeat(" ", meSecretWidth-len(slot))...)
	return append(b, `"}`...), nil
}

func meSecret(token int, traitor bool) string {
	return `"token":` + strconv.Itoa(token) + `,"traitor":` + strconv.FormatBool(traitor) + `,"pad":"`
}

// meSecretWidth is the longest meSecret any token gives.
var meSecretWidth = func() int {
	width := 0
	for t := 1; t <= game.MaxSeats; t++ {
		width = max(width, len(meSecret(t, t == 1)))
	}
	return width
}()

// marshalJSON is json.Marshal without escaping <, > and & (pages' HTML
// goes in stream messages: escaped, a secret slot's line would change
// length with its text) and without the trailing newline.
func marshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Pages and JSON answers are compressed at pageGzipLevel once they reach
// pageGzipMin bytes, by echo's middleware or, on the routes that may hold a
// secret, by answer.
const (
	pageGzipLevel = 5
	pageGzipMin   = 1024
)

// secretRoute reports the routes whose answers may hold a seat's secret:
// the seat's page (also the answer to its form posts) and its JSON. echo's
// gzip middleware skips them; answer compresses them unless secret.
func secretRoute(c echo.Context) bool {
	switch c.Path() {
	case "/g/:code", "/g/:code/act", "/api/games/:code/me":
		return true
	}
	return false
}

// answer writes body, gzip-compressed on a secret route when the client
// takes gzip and the body holds no secret (or plain, when secret).
func answer(c echo.Context, status int, contentType string, body []byte, secret bool) error {
	h := c.Response().Header()
	if !secretRoute(c) {
		return c.Blob(status, contentType, body)
	}
	h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	if secret || !acceptsGzip(c.Request()) || len(body) < pageGzipMin {
		h.Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
		return c.Blob(status, contentType, body)
	}
	var out bytes.Buffer
	zw, err := gzip.NewWriterLevel(&out, pageGzipLevel)
	if err != nil {
		return err
	}
	zw.Write(body)
	if err := zw.Close(); err != nil {
		return err
	}
	h.Set(echo.HeaderContentEncoding, "gzip")
	h.Set(echo.HeaderContentLength, strconv.Itoa(out.Len()))
	return c.Blob(status, contentType, out.Bytes())
}

// acceptsGzip reports whether the request takes gzip (q=0, 0.0… refuses it).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) != "gzip" {
			continue
		}
		weight, isQ := strings.CutPrefix(strings.ReplaceAll(q, " ", ""), "q=")
		if w, err := strconv.ParseFloat(weight, 64); !isQ || err != nil || w > 0 {
			return true
		}
	}
	return false
}
