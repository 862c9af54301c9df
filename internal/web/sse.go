package web

import (
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// pingEvery keeps idle streams alive through Wi-Fi access points and proxies
// that drop silent connections.
const pingEvery = 20 * time.Second

// events streams the game's version: first the current one, then one per
// change. It carries nothing else, so no seat's secret can leak through it;
// each phone fetches its own view when the version moves.
func (s *Server) events(c echo.Context) error {
	code := code(c)
	if _, err := s.apiAccess(c, code, asAny); err != nil {
		return s.apiError(c, code, err)
	}
	versions, stop, err := s.tables.Subscribe(code)
	if err != nil {
		return s.apiError(c, code, err)
	}
	defer stop()

	w := c.Response()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w.Writer)
	// A stream outlives the server's read and write timeouts.
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 1500\n\n")
	w.Flush()

	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	ctx := c.Request().Context()
	for {
		select {
		case <-ctx.Done():
			return nil
		case v, open := <-versions:
			if !open {
				return nil // the server is stopping
			}
			if _, err := fmt.Fprintf(w, "event: version\ndata: %d\n\n", v); err != nil {
				return nil
			}
		case <-ping.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return nil
			}
		}
		w.Flush()
	}
}
