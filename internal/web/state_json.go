package web

import (
	"bytes"
	"encoding/json"

	"lantern/internal/game"
	"lantern/internal/table"
)

// TraitJSON is one trait in the API.
type TraitJSON struct {
	Position int `json:"position"`
	Value    int `json:"value"`
	Overflow int `json:"overflow"`
}

// SeatJSON is one seat's public board.
type SeatJSON struct {
	Seat     int                  `json:"seat"`
	Name     string               `json:"name"`
	Explorer string               `json:"explorer"`
	Alive    bool                 `json:"alive"`
	Traits   map[string]TraitJSON `json:"traits"`
}

// PublicState is what every seat and the host may see.
type PublicState struct {
	Code    string `json:"code"`
	Version int    `json:"version"`
	Started bool   `json:"started"`
	Phase   string `json:"phase"`
	Turn    struct {
		Seat int `json:"seat"`
	} `json:"turn"`
	FirstSeat int          `json:"first_seat"`
	Seats     []SeatJSON   `json:"seats"`
	Log       []game.Event `json:"log"`
}

// PrivateState is one seat's view: the public state plus what only that
// seat may know.
type PrivateState struct {
	PublicState
	Me struct {
		Seat    int    `json:"seat"`
		Lang    string `json:"lang"`
		CanUndo bool   `json:"can_undo"`
	} `json:"me"`
}

func publicState(st *game.State) PublicState {
	p := PublicState{Code: st.Code, Version: st.Version, Started: st.Started, Phase: st.Phase,
		FirstSeat: st.SeatNumber(st.FirstSeat), Seats: []SeatJSON{}, Log: logEvents(st)}
	p.Turn.Seat = st.SeatNumber(st.Turn)
	for i := range st.Seats {
		seat := &st.Seats[i]
		sj := SeatJSON{Seat: i + 1, Name: seat.Name, Explorer: seat.Explorer, Alive: st.Alive(seat), Traits: map[string]TraitJSON{}}
		for _, t := range game.Traits {
			ts := seat.Traits[t]
			sj.Traits[t] = TraitJSON{Position: ts.Position, Value: seat.Value(t), Overflow: ts.Overflow}
		}
		p.Seats = append(p.Seats, sj)
	}
	return p
}

// logEvents is the public event log. Events never carry secrets (tokens and
// keys live outside the game state), so each is shown as it is.
func logEvents(st *game.State) []game.Event {
	out := make([]game.Event, len(st.Events))
	copy(out, st.Events)
	return out
}

func privateState(st *game.State, a table.Access) PrivateState {
	p := PrivateState{PublicState: publicState(st)}
	seat := st.SeatByID(a.Seat)
	p.Me.Seat = st.SeatNumber(a.Seat)
	if seat != nil {
		p.Me.Lang = seat.Lang
	}
	last := st.LastUndoable()
	p.Me.CanUndo = last != nil && last.Actor == a.Actor()
	return p
}

func strictUnmarshal(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil || dec.More() {
		return errBadJSON
	}
	return nil
}
