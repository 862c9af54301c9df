package web

import (
	"lantern/internal/game"
	"lantern/internal/seatview"
	"lantern/internal/table"
)

// live.go's names for what moved to the seatview package, until live.go
// calls seatview itself; nothing else uses them.

type (
	PublicState = seatview.PublicState
	MeJSON      = seatview.MeJSON
)

func hiddenDeal(st *game.State) bool { return seatview.HiddenDeal(st) }

func publicCore(st *game.State) PublicState { return seatview.PublicCore(st) }

func logAfter(st *game.State, after int) []game.Event { return seatview.LogAfter(st, after) }

func meState(st *game.State, a table.Access) MeJSON { return seatview.Me(st, a.Actor()) }
