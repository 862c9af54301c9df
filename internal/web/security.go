package web

import (
	"github.com/labstack/echo/v4"
)

// contentSecurityPolicy allows only the app's own files: no inline script
// or style, no plugins, no other site in a frame or a form's target.
// img-src also allows data: URLs for one reason: the seat-transfer page
// carries its one-time QR inline (transfer.go), since the code inside it
// is minted by that POST and must not live at a URL of its own.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; " +
	"form-action 'self'; frame-ancestors 'none'"

// securityHeaders go on every answer, error pages and static files too.
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY") // frame-ancestors for browsers that predate it
		return next(c)
	}
}
