package web

import (
	"io/fs"
	"mime"
	"net/http"
	"path"

	"github.com/labstack/echo/v4"
)

// static serves the embedded assets. They change only with the binary, so
// phones may cache them for an hour.
func (s *Server) static(files fs.FS) echo.HandlerFunc {
	return func(c echo.Context) error {
		name := path.Clean(c.Param("*"))
		data, err := fs.ReadFile(files, name)
		if err != nil {
			return echo.NewHTTPError(http.StatusNotFound)
		}
		c.Response().Header().Set("Cache-Control", "public, max-age=3600")
		return c.Blob(http.StatusOK, mime.TypeByExtension(path.Ext(name)), data)
	}
}
