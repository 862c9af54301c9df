package web

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"

	"lantern/static"
)

// routes lists every route of the app in one place.
func (s *Server) routes(e *echo.Echo) {
	e.Use(securityHeaders)
	e.Use(middleware.Recover())
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{Limit: "64K", Skipper: importRoute}))
	// Phones on a busy Wi-Fi get pages, CSS and script compressed; the event
	// stream is left alone, since gzip would buffer its messages, and so are
	// the answers that may hold a seat's secret (secret.go).
	e.Use(middleware.GzipWithConfig(middleware.GzipConfig{
		Level: pageGzipLevel, MinLength: pageGzipMin,
		Skipper: func(c echo.Context) bool {
			return strings.HasSuffix(c.Request().URL.Path, "/events") || secretRoute(c)
		},
	}))
	e.Use(s.sameOrigin)

	joinLimit := perAddress(1, 10)
	// A page opens its stream when it loads and again when it comes back
	// into view; a phone opening them in a loop is refused past a burst
	// (each new stream renders its page once), so it can't take the CPU
	// from other tables (streams.go caps how many stay open).
	streamLimit := perAddress(streamOpensPerSecond, streamOpensBurst)

	// Pages.
	e.GET("/", s.home)
	e.POST("/games", s.createGame, joinLimit)
	e.GET("/lang/:lang", s.setLang)
	e.GET("/j/:code", s.joinPage)
	e.POST("/j/:code", s.join, joinLimit)
	e.GET("/g/:code", s.playerPage)
	e.GET("/g/:code/table", s.tablePage)
	e.GET("/g/:code/qr.png", s.joinQR)
	e.POST("/g/:code/tv", s.setTV)
	e.POST("/g/:code/act", s.formAction)
	e.POST("/g/:code/transfer", s.startTransfer)
	e.GET("/g/:code/transfer", s.transferStatus)
	e.POST("/g/:code/handover", s.handover)
	e.GET("/g/:code/second", s.secondPage)
	e.POST("/g/:code/second", s.joinSecond, joinLimit)
	e.POST("/g/:code/switch", s.switchSeat)
	e.POST("/g/:code/again", s.again)
	e.POST("/g/:code/next", s.followNext, joinLimit)
	e.POST("/g/:code/leave", s.leaveNight)
	e.GET("/g/:code/export", s.tableExport)
	e.POST("/g/:code/table/move", s.startHostMove)
	e.GET("/g/:code/table/move", s.hostMovePage)
	e.GET("/m/:code", s.claimHostMovePage)
	e.POST("/m/:code", s.claimHostMove, joinLimit)
	e.POST("/import", s.importForm, joinLimit, middleware.BodyLimit(importLimit))
	e.GET("/t/:code", s.transferPage)
	e.POST("/t/:code", s.claimTransfer, joinLimit)
	e.GET("/static/*", s.static(static.Files))
	e.GET("/haunts", s.chartPage)
	e.GET("/nights", s.nightsPage)
	e.GET("/search", s.searchPage)
	e.GET("/box", s.boxPage)
	e.GET("/cards/:id", s.cardPage)
	e.GET("/rooms/:id", s.roomPage)
	e.GET("/rules/:id", s.rulePage)
	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })

	// Installing to the home screen (pwa.go).
	e.GET("/manifest.webmanifest", s.manifest)
	e.GET("/app", s.appStart)
	e.GET("/icons/:name", s.icon)
	e.GET("/apple-touch-icon.png", s.appleTouchIcon)
	e.GET("/favicon.ico", s.favicon)

	// JSON API (internal/web/API.md).
	e.POST("/api/games", s.apiCreateGame, joinLimit)
	e.POST("/api/games/:code/seats", s.apiJoin, joinLimit)
	e.GET("/api/games/:code", s.apiState)
	e.GET("/api/games/:code/me", s.apiMe)
	e.GET("/api/games/:code/log", s.apiLog)
	e.POST("/api/games/:code/actions", s.apiAction)
	e.POST("/api/games/:code/seats/:seat/transfer", s.apiStartTransfer)
	e.POST("/api/games/:code/transfer", s.apiClaimTransfer, joinLimit)
	e.POST("/api/games/:code/again", s.apiAgain)
	e.GET("/api/games/:code/export", s.apiExport)
	e.POST("/api/games/import", s.apiImport, joinLimit, middleware.BodyLimit(importLimit))
	e.POST("/api/games/:code/table/transfer", s.apiStartHostMove)
	e.POST("/api/games/:code/table/claim", s.apiClaimHostMove, joinLimit)
	e.GET("/api/games/:code/events", s.events, streamLimit)
	e.GET("/api/haunts/lookup", s.apiHauntLookup)
	e.GET("/api/search", s.apiSearch)
}

// perAddress refuses an address's requests past burst, then past perSecond
// (429).
func perAddress(perSecond float64, burst int) echo.MiddlewareFunc {
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Store: middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
			Rate: rate.Limit(perSecond), Burst: burst, ExpiresIn: 10 * time.Minute,
		}),
		IdentifierExtractor: func(c echo.Context) (string, error) { return c.RealIP(), nil },
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			return echo.NewHTTPError(http.StatusTooManyRequests)
		},
	})
}
