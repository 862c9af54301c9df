package game

import (
	"encoding/json"
	"fmt"
	"reflect"
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
	EvRolled         = "rolled"
	EvRerolled       = "rerolled"
	EvOmenDrawn      = "omen_drawn"
	EvHauntRevealed  = "haunt_revealed"
	EvTokenRevealed  = "token_revealed"
	EvCardDrawn      = "card_drawn"
	EvCardMoved      = "card_moved"
	EvCardOffered    = "card_offered"
	EvOfferClosed    = "offer_closed"
	EvCardUsed       = "card_used"
	EvEffectPending  = "damage_pending"
	EvRoomGain       = "room_gain"
	EvRollApplied    = "roll_applied"
	EvAttacked       = "attacked"
	EvDefended       = "defended"
	EvAttackEnded    = "attack_ended"
	// EvStealDeclined: the winner who could steal chose the damage.
	EvStealDeclined = "steal_declined"
	EvStunned       = "stunned"
	EvMonstersAdded = "monsters_added"
	EvTrackSet      = "track_set"
	EvGameEnded     = "game_ended"
	EvSideChanged   = "side_changed"
	EvOmenReplaced  = "omen_replaced"
	// EvSourceRemoved: an outcome removed a token (Card) or emptied a room
	// (Room).
	EvSourceRemoved = "source_removed"
	// EvEffectApplied: a card's draw effect (no roll) was applied.
	EvEffectApplied = "effect_applied"
)

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
var eventTypes = func() map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, t := range [][]EventData{seatEvents, turnEvents, rollEvents, hauntEvents, cardEvents,
		effectEvents, attackEvents, monsterEvents, roomEvents, logEvents} {
		for _, d := range t {
			if _, dup := out[d.EventType()]; dup {
				panic("game: two events named " + d.EventType())
			}
			out[d.EventType()] = reflect.TypeOf(d)
		}
	}
	return out
}()

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

// UnmarshalJSON reads the envelope, then the data its type names. An
// unknown type is an error: it would mean nothing to fold.
func (e *Event) UnmarshalJSON(raw []byte) error {
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
		return fmt.Errorf("event %d: unknown type %q", env.Seq, env.Type)
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

// fold applies one trusted event. Each feature folds its own events next to
// the code that decides them; fold only routes an event to its feature.
func (s *State) fold(e Event) error {
	switch e.Data.(type) {
	case SeatJoined, SeatsReordered, GameStarted, TraitsChanged, SeatMoved:
		if err := s.foldSeats(e); err != nil {
			return err
		}
	case PhaseSet, TurnEnded:
		s.foldTurns(e)
	case CardDrawn, CardMoved, CardOffered, OfferClosed, CardUsed:
		s.foldCards(e)
	case DamagePending, RollApplied, RoomGain, SourceRemoved, EffectApplied:
		s.foldEffects(e)
	case Rolled, Rerolled:
		s.foldRolls(e)
	case Attacked, Defended, AttackEnded, StealDeclined:
		s.foldAttack(e)
	case Stunned, MonstersAdded, TrackSet, GameEnded, SideChanged:
		s.foldMonsters(e)
	case OmenDrawn, HauntRevealed, TokenRevealed, OmenReplaced:
		s.foldHaunt(e)
	case RoomDiscovered:
		s.foldRoomDiscovered(e.Data.(RoomDiscovered))
	default:
		return fmt.Errorf("event %d: unknown type %q", e.Seq, e.Type())
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

// logEvents are the events this file folds.
var logEvents = []EventData{Undone{}}

// Undone: a change (Target) was taken back.
type Undone struct {
	Target int `json:"target,omitempty"` // the seq it refers to
	Seat   int `json:"seat,omitempty"`   // stable seat id the event is about
}

func (Undone) EventType() string { return EvUndone }
