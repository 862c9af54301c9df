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

// Event is one entry of a game's append-only log. Only the fields of its type
// are set. Everything but Secret is public; Public() drops Secret, and only
// the store and the engine ever see it.
type Event struct {
	Seq   int       `json:"seq"`
	Type  string    `json:"type"`
	Actor Actor     `json:"actor"`
	At    time.Time `json:"at"`

	Seat     int           `json:"seat,omitempty"` // stable seat id the event is about
	Name     string        `json:"name,omitempty"`
	Lang     string        `json:"lang,omitempty"`
	Explorer string        `json:"explorer,omitempty"`
	Cause    string        `json:"cause,omitempty"` // step, set, physical, mental, restore; turn_ended: CauseCardSkipped
	Changes  []TraitChange `json:"changes,omitempty"`
	Order    []int         `json:"order,omitempty"` // seat ids in seating order
	Phase    string        `json:"phase,omitempty"`
	Target   int           `json:"target,omitempty"` // seq an undo or reroll refers to
	Roll     *RollRecord   `json:"roll,omitempty"`
	Omen     string        `json:"omen,omitempty"`
	Room     string        `json:"room,omitempty"`
	Floor    string        `json:"floor,omitempty"`
	Haunt    *HauntReveal  `json:"haunt,omitempty"`
	Token    int           `json:"token,omitempty"`
	Secret   *EventSecret  `json:"secret,omitempty"`

	// Group is the seq of the first event of a multi-event change; undo
	// takes back the whole group.
	Group   int            `json:"group,omitempty"`
	Card    string         `json:"card,omitempty"`
	Keep    bool           `json:"keep,omitempty"`
	Wear    bool           `json:"wear,omitempty"` // card_used: put on or taken off
	To      int            `json:"to,omitempty"`   // receiving seat id
	How     string         `json:"how,omitempty"`  // give, drop, pick_up, steal, discard, death
	Pending *PendingDamage `json:"pending,omitempty"`

	Attack   *AttackState `json:"attack,omitempty"`
	Monster  string       `json:"monster,omitempty"`
	Monsters []Monster    `json:"monsters,omitempty"`
	Track    *Track       `json:"track,omitempty"`
	Side     string       `json:"side,omitempty"`
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
	if e.Type == EvUndone {
		s.undone[e.Target] = true
		if g := s.groupOf(e.Target); g != 0 {
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
			if e.Seat == 0 || s.Seats[i].ID == e.Seat {
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
		if e.Type != EvUndone && !undone[e.Seq] {
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
	switch e.Type {
	case EvSeatJoined, EvSeatsReordered, EvGameStarted, EvTraitsChanged, EvSeatMoved:
		if err := s.foldSeats(e); err != nil {
			return err
		}
	case EvPhaseSet, EvTurnEnded:
		s.foldTurns(e)
	case EvCardDrawn, EvCardMoved, EvCardOffered, EvOfferClosed, EvCardUsed:
		s.foldCards(e)
	case EvEffectPending, EvRollApplied, EvRoomGain, EvSourceRemoved, EvEffectApplied:
		s.foldEffects(e)
	case EvRolled, EvRerolled:
		s.foldRolls(e)
	case EvAttacked, EvDefended, EvAttackEnded, EvStealDeclined:
		s.foldAttack(e)
	case EvStunned, EvMonstersAdded, EvTrackSet, EvGameEnded, EvSideChanged:
		s.foldMonsters(e)
	case EvOmenDrawn, EvHauntRevealed, EvTokenRevealed, EvOmenReplaced:
		s.foldHaunt(e)
	case EvRoomDiscovered:
		s.foldRoomDiscovered(e)
	default:
		return fmt.Errorf("event %d: unknown type %q", e.Seq, e.Type)
	}
	switch e.Type {
	case EvTurnEnded:
		// A new array, not the old one cut back: a copy of the state
		// (Options' dry runs) may still read it.
		s.turnMarks = nil
	case EvRolled, EvCardDrawn:
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
