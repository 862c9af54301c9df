package game

import (
	"fmt"

	"lantern/internal/catalog"
)

// Who sits where, and the game's start: joining (a name, a language, an
// explorer), the seating order and the first player, and which seat an
// action is about.

// seatActions are the actions this file decides.
var seatActions = []Action{Join{}, ReorderSeats{}, StartGame{}}

// The type names of the actions this file decides.
const (
	ActJoin         = "join"
	ActReorderSeats = "reorder_seats"
	ActStartGame    = "start_game"
)

// Join seats a new explorer (anyone with the join link).
type Join struct {
	Basis
	Name     string `json:"name,omitempty"`
	Lang     string `json:"lang,omitempty"`
	Explorer string `json:"explorer,omitempty"`
}

func (Join) ActionType() string { return ActJoin }

// ReorderSeats sets the seating order before the start (host).
type ReorderSeats struct {
	Basis
	Order []int `json:"order,omitempty"`
}

func (ReorderSeats) ActionType() string { return ActReorderSeats }

// StartGame starts the game with the seat that plays first (host).
type StartGame struct {
	Basis
	FirstSeat int `json:"first_seat,omitempty"`
}

func (StartGame) ActionType() string { return ActStartGame }

// ExplorerOrNil looks an explorer up in the catalog.
func ExplorerOrNil(id string) *catalog.Explorer { return catalog.ExplorerByID(id) }

func (a Join) decide(s *State, _ Actor) ([]Event, error) {
	switch {
	case s.Started:
		return nil, refuse(Conflict, "err_started")
	case len(s.Seats) >= MaxSeats:
		return nil, refuse(Conflict, "err_full", MaxSeats)
	}
	name, err := cleanName(a.Name)
	if err != nil {
		return nil, err
	}
	if other := s.nameTakenBy(name); other != nil {
		return nil, refuse(Conflict, "err_name_taken", other.Name)
	}
	switch {
	case ExplorerOrNil(a.Explorer) == nil:
		return nil, refuse(Invalid, "err_unknown_explorer", a.Explorer)
	case s.ExplorerTaken(a.Explorer):
		return nil, refuse(Conflict, "err_explorer_taken")
	}
	lang := a.Lang
	if lang != "zh" {
		lang = "en"
	}
	id := 1
	for _, seat := range s.Seats {
		if seat.ID >= id {
			id = seat.ID + 1
		}
	}
	return []Event{{Data: SeatJoined{Seat: id, Name: name, Lang: lang, Explorer: a.Explorer}}}, nil
}

func (a ReorderSeats) decide(s *State, actor Actor) ([]Event, error) {
	if !actor.Host {
		return nil, refuse(Forbidden, "err_host_only")
	}
	if s.Started {
		return nil, refuse(Conflict, "err_started")
	}
	if a.stale(s.Version) {
		return nil, refuse(Conflict, "err_stale")
	}
	if len(a.Order) != len(s.Seats) {
		return nil, refuse(Invalid, "err_bad_order")
	}
	seen := map[int]bool{}
	ids := make([]int, 0, len(a.Order))
	for _, n := range a.Order {
		seat := s.SeatAt(n)
		if seat == nil || seen[n] {
			return nil, refuse(Invalid, "err_bad_order")
		}
		seen[n] = true
		ids = append(ids, seat.ID)
	}
	return []Event{{Data: SeatsReordered{Order: ids}}}, nil
}

func (a StartGame) decide(s *State, actor Actor) ([]Event, error) {
	if !actor.Host {
		return nil, refuse(Forbidden, "err_host_only")
	}
	if s.Started {
		return nil, refuse(Conflict, "err_started")
	}
	if len(s.Seats) == 0 {
		return nil, refuse(Conflict, "err_no_seats")
	}
	if a.stale(s.Version) {
		return nil, refuse(Conflict, "err_stale")
	}
	seat := s.SeatAt(a.FirstSeat)
	if seat == nil {
		return nil, refuse(NotFound, "err_unknown_seat", a.FirstSeat)
	}
	return []Event{{Data: GameStarted{Seat: seat.ID}}}, nil
}

// actingSeat resolves the seat an action is about in a started game; alive
// asks for a living explorer too.
func (s *State) actingSeat(actor Actor, number int, alive bool) (*Seat, error) {
	if !s.Started {
		return nil, refuse(Conflict, "err_not_started")
	}
	seat, err := s.targetSeat(actor, number)
	if err != nil {
		return nil, err
	}
	if alive && !s.Alive(seat) {
		return nil, refuse(Conflict, "err_dead", seat.Name)
	}
	return seat, nil
}

// targetSeat resolves the seat an action is about: a seat acts on itself by
// default and only on itself; the host names any seat.
func (s *State) targetSeat(actor Actor, number int) (*Seat, error) {
	if number == 0 && !actor.Host {
		return s.SeatByID(actor.Seat), nil
	}
	seat := s.SeatAt(number)
	if seat == nil {
		return nil, refuse(NotFound, "err_unknown_seat", number)
	}
	if !actor.Host && seat.ID != actor.Seat {
		return nil, refuse(Forbidden, "err_other_seat")
	}
	return seat, nil
}

// foldSeats applies the seats' own events: who sits where, the game's
// start, trait clips (the phase and the turn passing on: foldTurns).
func (s *State) foldSeats(e Event) error {
	switch d := e.Data.(type) {
	case SeatJoined:
		ex := ExplorerOrNil(d.Explorer)
		if ex == nil {
			return fmt.Errorf("event %d: unknown explorer %q", e.Seq, d.Explorer)
		}
		seat := Seat{ID: d.Seat, Name: d.Name, Lang: d.Lang, Explorer: d.Explorer, Traits: map[string]TraitState{}, ChangedAt: e.Seq}
		for _, t := range Traits {
			seat.Traits[t] = TraitState{Position: ex.Traits[t].Start}
		}
		s.Seats = append(s.Seats, seat)
	case SeatsReordered:
		byID := make(map[int]Seat, len(s.Seats))
		for _, seat := range s.Seats {
			byID[seat.ID] = seat
		}
		s.Seats = s.Seats[:0]
		for _, id := range d.Order {
			seat := byID[id]
			seat.ChangedAt = e.Seq
			s.Seats = append(s.Seats, seat)
		}
	case GameStarted:
		s.Started, s.FirstSeat, s.Turn, s.TurnStart = true, d.Seat, d.Seat, e.Seq
	case TraitsChanged:
		seat := s.SeatByID(d.Seat)
		if seat == nil {
			return fmt.Errorf("event %d: unknown seat %d", e.Seq, d.Seat)
		}
		for _, c := range d.Changes {
			seat.Traits[c.Trait] = c.To
		}
		seat.ChangedAt = e.Seq
	case SeatMoved:
		// The seat's phone changed; tokens live outside the game state.
	}
	return nil
}

// seatEvents are the events this file folds, with the fold that applies them.
var seatEvents = eventTopic{fold: (*State).foldSeats, events: []EventData{SeatJoined{}, SeatsReordered{}, GameStarted{}, TraitsChanged{}, SeatMoved{}}}

// The type names of the events this file folds.
const (
	EvSeatJoined     = "seat_joined"
	EvSeatsReordered = "seats_reordered"
	EvGameStarted    = "game_started"
	EvTraitsChanged  = "traits_changed"
	EvSeatMoved      = "seat_moved"
)

// SeatJoined: a seat joined the game.
type SeatJoined struct {
	Seat     int    `json:"seat,omitempty"` // stable seat id the event is about
	Name     string `json:"name,omitempty"`
	Lang     string `json:"lang,omitempty"`
	Explorer string `json:"explorer,omitempty"`
}

func (SeatJoined) EventType() string { return EvSeatJoined }

// SeatsReordered: the host set the seating order.
type SeatsReordered struct {
	Order []int `json:"order,omitempty"` // seat ids in seating order
}

func (SeatsReordered) EventType() string { return EvSeatsReordered }

// GameStarted: the game started with this seat to play first.
type GameStarted struct {
	Seat int `json:"seat,omitempty"` // stable seat id the event is about
}

func (GameStarted) EventType() string { return EvGameStarted }

// TraitsChanged: a seat's clips moved (Cause: step, set, physical, mental, restore).
type TraitsChanged struct {
	Seat    int           `json:"seat,omitempty"` // stable seat id the event is about
	Cause   string        `json:"cause,omitempty"`
	Changes []TraitChange `json:"changes,omitempty"`
}

func (TraitsChanged) EventType() string { return EvTraitsChanged }

// SeatMoved: a seat moved to another phone.
type SeatMoved struct {
	Seat int `json:"seat,omitempty"` // stable seat id the event is about
}

func (SeatMoved) EventType() string { return EvSeatMoved }
