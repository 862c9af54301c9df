package seatview

import (
	"fmt"
	"strconv"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/views"
)

func traitRows(seat *game.Seat, floor int) []views.TraitRow {
	ex := seat.ExplorerData()
	rows := make([]views.TraitRow, 0, len(game.Traits))
	for _, t := range game.Traits {
		ts := seat.Traits[t]
		rows = append(rows, views.TraitRow{
			ID: t, Values: ex.Traits[t].Track,
			Position: ts.Position, Start: ex.Traits[t].Start, Overflow: ts.Overflow, Value: seat.Value(t),
			Down: game.Lose(ts, 1, floor).Position, Up: game.Gain(ts, 1).Position,
		})
	}
	return rows
}

func board(lang string, s *game.State, seat *game.Seat, editable bool, actor string) views.Board {
	ex := seat.ExplorerData()
	return views.Board{
		Seat: s.SeatNumber(seat.ID), Name: seat.Name, Explorer: ex.Name.In(lang),
		Colour: ex.Colour,
		Alive:  s.Alive(seat), IsTurn: s.Started && s.Turn == seat.ID,
		Traits: traitRows(seat, s.Floor()), Editable: editable, Actor: actor, Floor: s.Floor(),
		Hand: handLinks(lang, s, seat.ID),
	}
}

func statusLine(s *game.State) views.Status {
	st := views.Status{Code: s.Code, Started: s.Started, Haunt: s.Phase == game.PhaseHaunt}
	switch {
	case s.Ended != nil:
		st.Phase = "over"
	case !s.Started:
		st.Phase = "lobby"
	case st.Haunt:
		st.Phase = game.PhaseHaunt
	default:
		st.Phase = game.PhaseExploration
	}
	if s.Ended != nil {
		st.Over = true
		return st
	}
	if seat := s.SeatByID(s.Turn); seat != nil {
		st.TurnName = seat.Name
	} else if s.Turn == game.MonstersTurn {
		st.MonstersTurn = true
	}
	return st
}

// valueText reads a position off the seat's track for the log ("5", "8 (+1)", "💀").
func valueText(seat *game.Seat, trait string, ts game.TraitState) string {
	if ts.Position <= 0 {
		return "💀"
	}
	v := seat.ExplorerData().Traits[trait].Track[ts.Position-1]
	if ts.Overflow > 0 {
		return fmt.Sprintf("%d (+%d)", v, ts.Overflow)
	}
	return strconv.Itoa(v)
}

// Birthday is an explorer's birthday, as the join page and the table say
// it (views.Date).
func Birthday(ex *catalog.Explorer) views.Date {
	return views.Date{Month: ex.Birthday.Month, Day: ex.Birthday.Day}
}
