package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/table"
)

var errBadNumber = &game.Error{Kind: game.Invalid, Key: "err_bad_number"}

// formAction takes an action from a plain HTML form on the player or table
// page. Without the app's script it answers with a redirect (post/redirect/
// get); with it, with the fresh live part of the page. A refusal re-renders
// the page with the message and a 4xx status, so the person sees why and
// what the table looks like now.
func (s *Server) formAction(c echo.Context) error {
	code := code(c)
	as := c.FormValue("as")
	if as != asHost {
		as = asSeat
	}
	access, ok := s.access(c, code, as)
	if !ok {
		return s.messageError(c, errNotAuthorized)
	}
	if _, err := c.FormParams(); err != nil {
		var he *echo.HTTPError
		if errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge {
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		return s.messageError(c, errBadJSON)
	}
	a, err := s.parseForm(c, access)
	if err == nil {
		_, err = s.tables.Act(c.Request().Context(), access, a)
	}
	if err == nil && !isFetch(c) {
		return c.Redirect(http.StatusSeeOther, pagePath(access))
	}
	status, text := http.StatusOK, ""
	if err != nil {
		status, text = statusOf(err), s.message(s.lang(c), err)
	}
	if access.Host {
		return s.renderTable(c, access, status, text)
	}
	return s.renderPlayer(c, access, status, text)
}

func pagePath(a table.Access) string {
	if a.Host {
		return "/g/" + a.Code + "/table"
	}
	return "/g/" + a.Code
}

// formInt reads an optional integer field; ok is false when it is absent.
func formInt(c echo.Context, name string) (n int, ok bool, err error) {
	v := c.FormValue(name)
	if v == "" {
		return 0, false, nil
	}
	n, err = strconv.Atoi(v)
	if err != nil {
		return 0, false, errBadNumber
	}
	return n, true, nil
}

func (s *Server) parseForm(c echo.Context, access table.Access) (game.Action, error) {
	a := game.Action{Type: c.FormValue("type"), Trait: c.FormValue("trait"), Kind: c.FormValue("kind"), Phase: c.FormValue("phase")}
	ints := map[string]*int{}
	for _, name := range []string{"v", "seat", "delta", "position", "first_seat", game.Might, game.Speed, game.Sanity, game.Knowledge,
		"dice", "choose", "total", "to", "offer", "count", "value"} {
		n, ok, err := formInt(c, name)
		if err != nil {
			return a, err
		}
		if ok {
			ints[name] = &n
		}
	}
	a.Version = ints["v"]
	if p := ints["seat"]; p != nil {
		a.Seat = *p
	}
	if p := ints["first_seat"]; p != nil {
		a.FirstSeat = *p
	}
	switch a.Type {
	case "trait": // one form per trait: a value button sets, − and + step
		if p := ints["position"]; p != nil {
			a.Type, a.Position = game.ActSetTrait, p
		} else {
			a.Type = game.ActStepTrait
			if p := ints["delta"]; p != nil {
				a.Delta = *p
			}
		}
	case game.ActTakeDamage:
		a.Split = map[string]int{}
		for _, t := range game.Traits {
			if p := ints[t]; p != nil && *p != 0 {
				a.Split[t] = *p
			}
		}
	case game.ActRoll, game.ActHauntRoll:
		a.Purpose, a.Source = c.FormValue("purpose"), c.FormValue("source")
		if p := ints["dice"]; p != nil && a.Trait == "" {
			a.Dice = *p
		}
		if v := c.FormValue("target"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return a, errBadNumber
			}
			a.Need = n
		}
		a.Choose = ints["choose"]
		if form, err := c.FormParams(); err == nil {
			a.Modifiers = form["mod"]
		}
		if err := realDice(c, ints, &a); err != nil {
			return a, err
		}
	case game.ActReroll:
		a.Card = c.FormValue("card")
		if form, err := c.FormParams(); err == nil {
			for _, d := range form["die"] {
				i, err := strconv.Atoi(d)
				if err != nil {
					return a, errBadNumber
				}
				a.Indexes = append(a.Indexes, i)
			}
		}
	case game.ActDrawOmen, game.ActReselect:
		a.Omen, a.Room = c.FormValue("omen"), c.FormValue("room")
	case game.ActDrawCard:
		a.Card = cardByName(c.FormValue("card_name"))
	case game.ActGiveCard, game.ActDropCard, game.ActPickUp, game.ActDiscardCard, game.ActUseCard:
		a.Card, a.Room = c.FormValue("card"), c.FormValue("room")
		if p := ints["to"]; p != nil {
			a.To = *p
		}
	case game.ActAcceptCard, game.ActDeclineCard:
		if p := ints["offer"]; p != nil {
			a.Offer = *p
		}
	case game.ActApplyEffect:
		a.Source = c.FormValue("source")
	case game.ActAttack, game.ActDefend:
		a.Weapon, a.Ranged, a.Monster = c.FormValue("weapon"), c.FormValue("ranged") != "", c.FormValue("monster")
		if t := c.FormValue("target"); t != "" {
			kind, id, _ := strings.Cut(t, ":")
			switch kind {
			case "m":
				a.Target.Monster = id
			default:
				n, err := strconv.Atoi(id)
				if err != nil {
					return a, errBadNumber
				}
				a.Target.Seat = n
			}
		}
		if err := realDice(c, ints, &a); err != nil {
			return a, err
		}
	case game.ActResolveDmg:
		a.Split = map[string]int{}
		for _, t := range game.Traits {
			if p := ints[t]; p != nil && *p != 0 {
				a.Split[t] = *p
			}
		}
	case game.ActSteal:
		a.Card = c.FormValue("card")
	case game.ActAddMonster:
		a.Kind = c.FormValue("kind")
		a.Traits = map[string]int{}
		for _, t := range game.Traits {
			if v := c.FormValue("m_" + t); v != "" {
				n, err := strconv.Atoi(v)
				if err != nil {
					return a, errBadNumber
				}
				a.Traits[t] = n
			}
		}
		if p := ints["count"]; p != nil {
			a.Count = *p
		}
	case game.ActMonsterMove:
		a.Kind = c.FormValue("kind")
	case game.ActStun:
		a.Monster = c.FormValue("monster")
	case game.ActSetTrack:
		a.Value, a.Label = ints["value"], c.FormValue("label")
	case game.ActDeclareWin:
		a.Side = c.FormValue("side")
	case "move_seat": // ▲/▼ in the lobby become a whole new seating order
		a.Type = game.ActReorderSeats
		err := s.tables.Read(access.Code, func(st *game.State) {
			a.Order = make([]int, len(st.Seats))
			for i := range a.Order {
				a.Order[i] = i + 1
			}
			i := a.Seat - 1
			j := i - 1
			if c.FormValue("dir") == "down" {
				j = i + 1
			}
			if i >= 0 && i < len(a.Order) && j >= 0 && j < len(a.Order) {
				a.Order[i], a.Order[j] = a.Order[j], a.Order[i]
			}
		})
		if err != nil {
			return a, err
		}
	}
	return a, nil
}

// realDice takes a total typed in from real dice. A typed total means real
// dice whichever button sent the form (a phone's Go key presses the first
// one); the "record real dice" button without a total is a mistake to say.
func realDice(c echo.Context, ints map[string]*int, a *game.Action) error {
	if ints["total"] != nil {
		a.Total = ints["total"]
		return nil
	}
	if c.FormValue("real") != "" {
		return errBadNumber
	}
	return nil
}
