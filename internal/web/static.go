package web

import (
	"io/fs"
	"mime"
	"net/http"
	"path"

	"github.com/labstack/echo/v4"

	"lantern/static"
)

// static serves the embedded assets. Pages link them by content hash
// (static.URL), so those answers never change and are cached for a year.
// The plain names, and hashes of older builds, still answer for a page that
// was loaded before an upgrade, but only with a short cache.
func (s *Server) static(files fs.FS) echo.HandlerFunc {
	return func(c echo.Context) error {
		name, current := static.Lookup(path.Clean(c.Param("*")))
		data, err := fs.ReadFile(files, name)
		if err != nil {
			return echo.NewHTTPError(http.StatusNotFound)
		}
		cache := "public, max-age=300"
		if current {
			cache = "public, max-age=31536000, immutable"
		}
		c.Response().Header().Set("Cache-Control", cache)
		return c.Blob(http.StatusOK, mime.TypeByExtension(path.Ext(name)), data)
	}
}
