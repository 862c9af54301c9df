package game

import (
	"fmt"
	"time"
)

// Event types. An event is a fact that already passed the rules; Apply never
// fails on one, so replaying the log always rebuilds the same state.
const (
	EvSeatJoined     = "seat_joined"
	EvSeatsReordered = "seats_reordered"
	EvGameStarted    = "game_started"
	EvTraitsChanged  = "traits_changed"
	EvPhaseSet       = "phase_set"
	EvTurnEnded      = "turn_ended"
	EvUndone         = "undone"
	EvSeatMoved      = "seat_moved"
)

// undoable lists the changes a player may take back.
var undoable = map[string]bool{EvTraitsChanged: true, EvPhaseSet: true, EvTurnEnded: true}

// Actor is who asked for a change: the host, or a seat (by stable id).
type Actor struct {
	Host bool `json:"host,omitempty"`
	Seat int  `json:"seat,omitempty"`
}

// TraitChange is one trait moving on one seat's board; From and To are whole
// states so replay never depends on arithmetic.
type TraitChange struct {
	Trait string     `json:"trait"`
	From  TraitState `json:"from"`
	To    TraitState `json:"to"`
}

// Event is one entry of a game's append-only log. Only the fields of its type
// are set. No event ever carries a secret: the log is shown to every seat.
type Event struct {
	Seq   int       `json:"seq"`
	Type  string    `json:"type"`
	Actor Actor     `json:"actor"`
	At    time.Time `json:"at"`

	Seat     int           `json:"seat,omitempty"` // stable seat id the event is about
	Name     string        `json:"name,omitempty"`
	Lang     string        `json:"lang,omitempty"`
	Explorer string        `json:"explorer,omitempty"`
	Cause    string        `json:"cause,omitempty"` // step, set, physical, mental, restore
	Changes  []TraitChange `json:"changes,omitempty"`
	Order    []int         `json:"order,omitempty"` // seat ids in seating order
	Phase    string        `json:"phase,omitempty"`
	Target   int           `json:"target,omitempty"` // seq an undo takes back
}

// Apply folds one event into the state. Events come from Decide or from the
// log, so they are trusted; an unknown type is a programming error.
func (s *State) Apply(e Event) error {
	if e.Seq != s.Version+1 {
		return fmt.Errorf("event %d applied at version %d", e.Seq, s.Version)
	}
	s.Events = append(s.Events, e)
	if e.Type == EvUndone {
		s.undone[e.Target] = true
		return s.rebuild()
	}
	if err := s.fold(e); err != nil {
		return err
	}
	s.Version = e.Seq
	return nil
}

// rebuild replays every event that is not undone. Undo always takes back the
// newest live change, so skipping it leaves every later event valid.
func (s *State) rebuild() error {
	events, undone := s.Events, s.undone
	*s = State{Code: s.Code, Phase: PhaseExploration, Events: events, undone: undone}
	for _, e := range events {
		if e.Type != EvUndone && !undone[e.Seq] {
			if err := s.fold(e); err != nil {
				return err
			}
		}
	}
	s.Version = events[len(events)-1].Seq
	return nil
}

func (s *State) fold(e Event) error {
	switch e.Type {
	case EvSeatJoined:
		ex := ExplorerOrNil(e.Explorer)
		if ex == nil {
			return fmt.Errorf("event %d: unknown explorer %q", e.Seq, e.Explorer)
		}
		seat := Seat{ID: e.Seat, Name: e.Name, Lang: e.Lang, Explorer: e.Explorer, Traits: map[string]TraitState{}, ChangedAt: e.Seq}
		for _, t := range Traits {
			seat.Traits[t] = TraitState{Position: ex.Traits[t].Start}
		}
		s.Seats = append(s.Seats, seat)
	case EvSeatsReordered:
		byID := make(map[int]Seat, len(s.Seats))
		for _, seat := range s.Seats {
			byID[seat.ID] = seat
		}
		s.Seats = s.Seats[:0]
		for _, id := range e.Order {
			seat := byID[id]
			seat.ChangedAt = e.Seq
			s.Seats = append(s.Seats, seat)
		}
	case EvGameStarted:
		s.Started, s.FirstSeat, s.Turn = true, e.Seat, e.Seat
	case EvTraitsChanged:
		seat := s.SeatByID(e.Seat)
		if seat == nil {
			return fmt.Errorf("event %d: unknown seat %d", e.Seq, e.Seat)
		}
		for _, c := range e.Changes {
			seat.Traits[c.Trait] = c.To
		}
		seat.ChangedAt = e.Seq
	case EvPhaseSet:
		s.Phase = e.Phase
		for i := range s.Seats {
			s.Seats[i].ChangedAt = e.Seq // the death rule changed for every board
		}
	case EvTurnEnded:
		s.Turn = e.Seat
	case EvSeatMoved:
		// The seat's phone changed; tokens live outside the game state.
	default:
		return fmt.Errorf("event %d: unknown type %q", e.Seq, e.Type)
	}
	return nil
}

// Replay rebuilds a game from its log.
func Replay(code string, events []Event) (*State, error) {
	s := New(code)
	for _, e := range events {
		if err := s.Apply(e); err != nil {
			return nil, err
		}
	}
	return s, nil
}
