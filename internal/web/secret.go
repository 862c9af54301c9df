package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/labstack/echo/v4"

	"lantern/internal/seatview"
	"lantern/internal/table"
)

// A seat's hidden-traitor token must not show in the size of what its phone
// receives: on a shared Wi-Fi even TLS lets anyone count bytes, and a page
// 10 bytes longer for the traitor says who it is.
//
// So in a hidden-traitor haunt everything that depends on the token is one
// slot of the same width for every token (padded with spaces; seatview's
// secret.go makes the slots), everything around it is the same bytes
// whatever the token, and the answers and stream messages of that game's
// seats go uncompressed: different text compresses to different sizes,
// equal lengths don't. This file holds the web side of the rule: answers
// (answer: pages, a plain form post's page and /me; a script's post is
// answered with its version only) and streams (streamMayCompress).
// TestSecretSizes deals every token to every seat and compares the sizes.

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
	if _, err := zw.Write(body); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	h.Set(echo.HeaderContentEncoding, "gzip")
	h.Set(echo.HeaderContentLength, strconv.Itoa(out.Len()))
	return c.Blob(status, contentType, out.Bytes())
}

// streamMayCompress reports whether a new HTML or JSON stream of the game
// may be compressed: not while hidden tokens are dealt, nor when the game
// can't be read (it might hold them: the decision fails closed). A
// compressed stream that sees them dealt ends, and the phone reconnects
// uncompressed (live.go).
func (s *Server) streamMayCompress(c echo.Context, code string) bool {
	if !acceptsGzip(c.Request()) {
		return false
	}
	secret, err := table.Read(s.tables, code, seatview.HiddenDeal)
	return err == nil && !secret
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
