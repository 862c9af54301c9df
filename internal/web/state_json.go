package web

import (
	"bytes"
	"encoding/json"
	"fmt"

	"lantern/internal/catalog"

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
	FirstSeat int        `json:"first_seat"`
	Seats     []SeatJSON `json:"seats"`
	OmenCount int        `json:"omen_count"`
	// HauntRollOwedBy is the seat that must make a haunt roll now, or 0.
	HauntRollOwedBy int        `json:"haunt_roll_owed_by"`
	Haunt           *HauntJSON `json:"haunt,omitempty"`
	// Rooms are the rooms in the house: the starting rooms (by 0), then the
	// discovered ones in the order they were placed.
	Rooms []RoomJSON   `json:"rooms"`
	Log   []game.Event `json:"log"`
}

// RoomJSON is one room in the house: its tile, its floor and the seat that
// discovered it (0 for the starting rooms).
type RoomJSON struct {
	Room  string `json:"room"`
	Floor string `json:"floor"`
	By    int    `json:"by"`
}

// HauntJSON is the revealed haunt as everyone may see it.
type HauntJSON struct {
	Number   int    `json:"number"`
	Name     string `json:"name"`
	Omen     string `json:"omen"`
	Room     string `json:"room"`
	Revealer int    `json:"revealer"`
	// Traitor is the traitor's seat, 0 when none or hidden (until revealed).
	Traitor int            `json:"traitor"`
	Hidden  bool           `json:"hidden"`
	Shown   map[string]int `json:"shown_tokens,omitempty"` // seat -> token turned face up
}

// PrivateState is one seat's view: the public state plus what only that
// seat may know.
type PrivateState struct {
	PublicState
	Me MeJSON `json:"me"`
	// Options is what this seat may do now: the engine's answer
	// (game.State.Options), the same one the phone's buttons follow.
	Options game.Options `json:"options"`
}

// MeJSON is what only the calling seat may know.
type MeJSON struct {
	Seat    int    `json:"seat"`
	Lang    string `json:"lang"`
	CanUndo bool   `json:"can_undo"`
	// Token is this seat's hidden-traitor token; only this seat sees it.
	Token int `json:"token,omitempty"`
	// Traitor is true when this seat is the traitor, hidden or not.
	Traitor bool `json:"traitor"`
	// OwesHauntRoll is true when this seat must roll for the haunt now.
	OwesHauntRoll bool `json:"owes_haunt_roll"`
}

func publicState(st *game.State) PublicState {
	p := publicCore(st)
	p.Log = logEvents(st)
	return p
}

// publicCore is the public state with an empty log: the part every seat's
// JSON view shares at one version (live.go caches it).
func publicCore(st *game.State) PublicState {
	p := PublicState{Code: st.Code, Version: st.Version, Started: st.Started, Phase: st.Phase,
		FirstSeat: st.SeatNumber(st.FirstSeat), Seats: []SeatJSON{}, Log: []game.Event{}}
	p.Turn.Seat = st.SeatNumber(st.Turn)
	p.Rooms = []RoomJSON{}
	for _, r := range st.House() {
		p.Rooms = append(p.Rooms, RoomJSON{Room: r.Room, Floor: r.Floor, By: st.SeatNumber(r.By)})
	}
	p.OmenCount = len(st.Omens)
	if len(st.OwedHauntRolls) > 0 && st.Haunt == nil {
		p.HauntRollOwedBy = st.SeatNumber(st.Omens[st.OwedHauntRolls[0]].Seat)
	}
	if h := st.Haunt; h != nil {
		p.Haunt = &HauntJSON{Number: h.Number, Name: catalog.HauntByNumber(h.Number).Name.EN, Omen: h.Omen, Room: h.Room,
			Revealer: st.SeatNumber(h.Revealer), Traitor: st.SeatNumber(h.PublicTraitor()), Hidden: h.Hidden()}
		for seatID, token := range h.Shown {
			if p.Haunt.Shown == nil {
				p.Haunt.Shown = map[string]int{}
			}
			p.Haunt.Shown[fmt.Sprint(st.SeatNumber(seatID))] = token
		}
	}
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

// apiLogLimit bounds the log in state answers, so a phone polling the JSON
// during a long night doesn't fetch an ever-growing list.
const apiLogLimit = 100

// logEvents is the newest part of the public event log: each event without
// its secret part (the hidden traitor's deal).
func logEvents(st *game.State) []game.Event {
	return logAfter(st, max(0, st.Version-apiLogLimit))
}

// logAfter is the public log after event after, at most the newest
// apiLogLimit events (older ones are paged with the log endpoint).
func logAfter(st *game.State, after int) []game.Event {
	from := len(st.Events)
	for from > 0 && st.Events[from-1].Seq > after && len(st.Events)-from < apiLogLimit {
		from--
	}
	out := make([]game.Event, 0, len(st.Events)-from)
	for _, e := range st.Events[from:] {
		out = append(out, e.Public())
	}
	return out
}

func privateState(st *game.State, a table.Access) PrivateState {
	return PrivateState{PublicState: publicState(st), Me: meState(st, a), Options: st.Options(a.Actor())}
}

func meState(st *game.State, a table.Access) MeJSON {
	var me MeJSON
	seat := st.SeatByID(a.Seat)
	me.Seat = st.SeatNumber(a.Seat)
	if seat != nil {
		me.Lang = seat.Lang
	}
	last := st.LastUndoable()
	me.CanUndo = last != nil && last.Actor == a.Actor()
	me.OwesHauntRoll = st.OwesHauntRoll(a.Seat)
	if h := st.Haunt; h != nil {
		me.Traitor = h.IsTraitor(a.Seat)
		if h.Hidden() {
			me.Token = h.Tokens[a.Seat]
		}
	}
	return me
}

func strictUnmarshal(raw []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil || dec.More() {
		return errBadJSON
	}
	return nil
}
