package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"lantern/internal/catalog"
	"lantern/internal/seatview"
	"lantern/views"
)

// chartPage is the public haunt chart: no game, no token needed.
func (s *Server) chartPage(c echo.Context) error {
	lang := s.lang(c)
	h := s.head(c, views.Key("chart_title"))
	ch := catalog.Chart()
	vm := views.ChartPage{Head: h, Omens: seatview.OmenOptions(lang, nil), Rooms: seatview.OmenRoomOptions(lang), Cells: ch.Chart,
		Omen: c.QueryParam("omen"), Room: c.QueryParam("room"), Played: s.playedHaunts(c)}
	status := http.StatusOK
	if vm.Omen != "" || vm.Room != "" {
		result, err := seatview.LookupHaunt(lang, vm.Omen, vm.Room)
		if err != nil {
			status, vm.Error = statusOf(err), s.message(lang, err)
		} else {
			vm.Result = &result
		}
	}
	return s.page(c, status, h, views.ChartView(vm))
}

func (s *Server) apiHauntLookup(c echo.Context) error {
	lang := s.lang(c)
	result, err := seatview.LookupHaunt(lang, c.QueryParam("omen"), c.QueryParam("room"))
	if err != nil {
		return s.apiError(c, "", err)
	}
	return c.JSON(http.StatusOK, map[string]any{"haunt": result.Number, "name": result.Name, "traitor_rule": views.TraitorRuleWords(lang, result.Traitor)})
}
