package web

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"lantern/internal/i18n"
	"lantern/views"
)

// isFetch tells a request from the app's script, which wants only the live
// part of a page, from a plain browser navigation or form post.
func isFetch(c echo.Context) bool { return c.Request().Header.Get("X-Lantern") == "fetch" }

// page renders a whole page, or only its live part for the app's script,
// into a buffer first so a render error becomes a 500 and never half a page.
func (s *Server) page(c echo.Context, status int, h views.Head, body templ.Component) error {
	var buf bytes.Buffer
	comp := body
	if !isFetch(c) {
		comp = views.Layout(h, body)
	}
	if err := comp.Render(c.Request().Context(), &buf); err != nil {
		if c.Request().Context().Err() != nil {
			return nil // the phone left (page closed, Wi-Fi lost): nobody to answer
		}
		s.log.Error("render", "err", err, "path", c.Path())
		return c.String(http.StatusInternalServerError, i18n.T(h.Lang, "err_internal"))
	}
	hd := c.Response().Header()
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Lantern-Version", strconv.Itoa(h.Version))
	hd.Set("Content-Language", h.Lang)
	return answer(c, status, echo.MIMETextHTMLCharsetUTF8, buf.Bytes(), h.Secret)
}

// head is a page's head, titled by title (the page's words, or a name).
func (s *Server) head(c echo.Context, title views.Phrase) views.Head {
	return views.Head{Lang: s.lang(c), Title: title, Path: c.Request().URL.RequestURI(), Secure: c.Request().TLS != nil}
}

// messagePage is a page of one message, its heading and text, and the way
// home.
func messagePage(h views.Head, heading, text views.Phrase) templ.Component {
	return views.MessagePage(views.Message{Head: h, Heading: heading, Text: text, Home: true})
}

// messageError renders a refusal as a page in the user's language: the
// refusal's text, the one kind of words chosen outside the templates (the
// JSON API answers it too).
func (s *Server) messageError(c echo.Context, err error) error {
	h := s.head(c, views.Lit("Lantern"))
	return s.page(c, statusOf(err), h, messagePage(h, views.Lit(s.message(h.Lang, err)), views.Phrase{}))
}
