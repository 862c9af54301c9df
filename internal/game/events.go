package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"time"
)

// An event is a fact that already passed the rules; Apply never fails on
// one, so replaying the log always rebuilds the same state. Each topic's
// file declares its events' data types and their type names.

// undoable lists the changes a player may take back.
var undoable = map[string]bool{EvTraitsChanged: true, EvPhaseSet: true, EvTurnEnded: true, EvOmenDrawn: true,
	EvCardDrawn: true, EvCardMoved: true, EvCardOffered: true, EvOfferClosed: true, EvCardUsed: true,
	EvEffectPending: true, EvRoomGain: true, EvRollApplied: true, EvAttackEnded: true, EvStealDeclined: true, EvStunned: true,
	EvMonstersAdded: true, EvTrackSet: true, EvSideChanged: true, EvGameEnded: true, EvRoomDiscovered: true,
	EvSourceRemoved: true, EvEffectApplied: true}

// barrier lists events that fix what came before them: undo stops there.
var barrier = map[string]bool{EvGameStarted: true, EvRolled: true, EvRerolled: true, EvHauntRevealed: true, EvTokenRevealed: true,
	EvAttacked: true, EvDefended: true}

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

// Event is one entry of a game's append-only log: who made it and when, its
// place in the log, and its Data, one small struct per type of event
// (TraitsChanged in seats.go, Rolled in rolls.go…), declared beside the
// fold that applies it and listed in that file's table (seatEvents). On
// the wire and in the store an event is one JSON object: the envelope's
// fields and its data's, side by side. Everything but Secret is public;
// Public() drops Secret, and only the store and the engine ever see it.
type Event struct {
	Seq   int
	Actor Actor
	At    time.Time
	// Group is the seq of the first event of a multi-event change; undo
	// takes back the whole group.
	Group  int
	Secret *EventSecret
	Data   EventData
}

// EventData is an event's own fields; its type names the event.
type EventData interface {
	EventType() string
}

// Type is the event's type name ("traits_changed"), "" for none.
func (e Event) Type() string {
	if e.Data == nil {
		return ""
	}
	return e.Data.EventType()
}

// eventTypes is every event's data type, by type name, gathered from the
// topics' tables.
var eventTypes, folds = gatherEvents(seatEvents, turnEvents, rollEvents, hauntEvents, cardEvents,
	effectEvents, attackEvents, monsterEvents, roomEvents, logEvents)

// eventTopic is one topic's events and the fold that applies them.
type eventTopic struct {
	fold   func(s *State, e Event) error
	events []EventData
}

// quiet is a fold that can't fail.
func quiet(fold func(s *State, e Event)) func(s *State, e Event) error {
	return func(s *State, e Event) error {
		fold(s, e)
		return nil
	}
}

// gatherEvents joins the topics' tables: every event's data type by its
// type name, and its fold by its data type.
func gatherEvents(topics ...eventTopic) (map[string]reflect.Type, map[reflect.Type]func(*State, Event) error) {
	types, folds := map[string]reflect.Type{}, map[reflect.Type]func(*State, Event) error{}
	for _, t := range topics {
		for _, d := range t.events {
			if _, dup := types[d.EventType()]; dup {
				panic("game: two events named " + d.EventType())
			}
			types[d.EventType()] = reflect.TypeOf(d)
			if t.fold != nil {
				folds[reflect.TypeOf(d)] = t.fold
			}
		}
	}
	return types, folds
}

// unknownEvent is the data of an event of a type this build doesn't know.
type unknownEvent string

func (u unknownEvent) EventType() string { return string(u) }

// seatFields is, for each type of event that has one, the index of its
// Seat field: the seat the event is about.
var seatFields = func() map[reflect.Type]int {
	out := map[reflect.Type]int{}
	for _, t := range eventTypes {
		if f, ok := t.FieldByName("Seat"); ok {
			out[t] = f.Index[0]
		}
	}
	return out
}()

// SeatOf is the stable seat id the event is about, 0 for an event about no
// seat (the phase, the monsters, the track).
func (e Event) SeatOf() int {
	if i, ok := seatFields[reflect.TypeOf(e.Data)]; ok {
		return int(reflect.ValueOf(e.Data).Field(i).Int())
	}
	return 0
}

// eventEnvelope is an event's own JSON fields, apart from its data's.
type eventEnvelope struct {
	Seq    int          `json:"seq"`
	Type   string       `json:"type"`
	Actor  Actor        `json:"actor"`
	At     time.Time    `json:"at"`
	Group  int          `json:"group,omitempty"`
	Secret *EventSecret `json:"secret,omitempty"`
}

// MarshalJSON writes the envelope's fields, then the data's, as one object.
func (e Event) MarshalJSON() ([]byte, error) {
	head, err := json.Marshal(eventEnvelope{Seq: e.Seq, Type: e.Type(), Actor: e.Actor, At: e.At, Group: e.Group, Secret: e.Secret})
	if err != nil || e.Data == nil {
		return head, err
	}
	data, err := json.Marshal(e.Data)
	if err != nil {
		return nil, err
	}
	if len(data) <= 2 { // {}
		return head, nil
	}
	out := append(head[:len(head)-1:len(head)-1], ',')
	return append(out, data[1:]...), nil
}

// wireEvent is the envelope's fields and every event's, as one struct: it
// keeps the JSON as it was when Event was one struct of every field. A
// field no event has is an error; a field of another event is checked for
// its type and ignored.
var wireEvent = unionStruct(reflect.VisibleFields(reflect.TypeFor[eventEnvelope]()), eventTypes)

// UnmarshalJSON reads the envelope, then the data its type names. An
// unknown type reads as an unknownEvent, which no topic folds: the log
// that holds it is refused when it is replayed, as an impossible game, not
// a damaged file.
func (e *Event) UnmarshalJSON(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(reflect.New(wireEvent).Interface()); err != nil {
		return err
	}
	var env eventEnvelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return err
	}
	*e = Event{Seq: env.Seq, Actor: env.Actor, At: env.At, Group: env.Group, Secret: env.Secret}
	if env.Type == "" {
		return nil
	}
	t, ok := eventTypes[env.Type]
	if !ok {
		e.Data = unknownEvent(env.Type)
		return nil
	}
	v := reflect.New(t)
	if err := json.Unmarshal(raw, v.Interface()); err != nil {
		return fmt.Errorf("event %d (%s): %w", env.Seq, env.Type, err)
	}
	e.Data = v.Elem().Interface().(EventData)
	return nil
}

// EventSecret is the part of an event no browser may see: the hidden
// traitor's token deal (seat id -> token number).
type EventSecret struct {
	Tokens map[int]int `json:"tokens,omitempty"`
}

// Public returns the event without its secret part, for any log a phone sees.
func (e Event) Public() Event {
	e.Secret = nil
	return e
}

// Apply folds one event into the state. Events come from Decide or from the
// log, so they are trusted; an unknown type is a programming error.
func (s *State) Apply(e Event) error {
	if e.Seq != s.Version+1 {
		return fmt.Errorf("event %d applied at version %d", e.Seq, s.Version)
	}
	s.Events = append(s.Events, e)
	if u, ok := e.Data.(Undone); ok {
		s.undone[u.Target] = true
		if g := s.groupOf(u.Target); g != 0 {
			for _, x := range s.Events {
				if x.Group == g {
					s.undone[x.Seq] = true
				}
			}
		}
		if err := s.rebuild(); err != nil {
			return err
		}
		// The undone change moved boards back: actions built on what they
		// showed before the undo are stale now.
		for i := range s.Seats {
			if u.Seat == 0 || s.Seats[i].ID == u.Seat {
				s.Seats[i].ChangedAt = e.Seq
			}
		}
		return nil
	}
	if err := s.fold(e); err != nil {
		return err
	}
	s.Version = e.Seq
	return nil
}

// groupOf is the group of the event with that seq, or 0.
func (s *State) groupOf(seq int) int {
	for _, e := range s.Events {
		if e.Seq == seq {
			return e.Group
		}
	}
	return 0
}

// rebuild replays every event that is not undone. Undo always takes back the
// newest live change, so skipping it leaves every later event valid.
func (s *State) rebuild() error {
	events, undone := s.Events, s.undone
	s.reset()
	for _, e := range events {
		if e.Type() != EvUndone && !undone[e.Seq] {
			if err := s.fold(e); err != nil {
				return err
			}
		}
	}
	s.Version = events[len(events)-1].Seq
	return nil
}

// fold applies one trusted event. Each topic folds its own events next to
// the code that decides them (its eventTopic); fold only routes an event to
// its topic.
func (s *State) fold(e Event) error {
	fold, ok := folds[reflect.TypeOf(e.Data)]
	if !ok {
		return fmt.Errorf("event %d: unknown type %q", e.Seq, e.Type())
	}
	if err := fold(s, e); err != nil {
		return err
	}
	switch e.Data.(type) {
	case TurnEnded:
		// A new array, not the old one cut back: a copy of the state
		// (Options' dry runs) may still read it.
		s.turnMarks = nil
	case Rolled, CardDrawn:
		s.turnMarks = append(s.turnMarks, markOf(&e))
	}
	s.settleDiscovery(e)
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

// logEvents are the events this file folds, Apply takes an undo back itself.
var logEvents = eventTopic{fold: nil, events: []EventData{Undone{}}}

// The type names of the events this file folds.
const (
	EvUndone = "undone"
)

// Undone: a change (Target) was taken back.
type Undone struct {
	Target int `json:"target,omitempty"` // the seq it refers to
	Seat   int `json:"seat,omitempty"`   // stable seat id the event is about
}

func (Undone) EventType() string { return EvUndone }
