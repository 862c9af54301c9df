package game

import (
	"slices"

	"lantern/internal/catalog"
)

// Turns: the phase, ending a turn, undo, and who plays next (before the
// traitor is known, to the left; after, heroes, the traitor, the monsters).

// turnActions are the actions this file decides.
var turnActions = []Action{SetPhase{}, EndTurn{}, Undo{}}

// The type names of the actions this file decides.
const (
	ActSetPhase = "set_phase"
	ActEndTurn  = "end_turn"
	ActUndo     = "undo"
)

// SetPhase sets the phase (host); the haunt roll does it by itself.
type SetPhase struct {
	Basis
	Phase string `json:"phase,omitempty"`
}

func (SetPhase) ActionType() string { return ActSetPhase }

// EndTurn ends the turn, in a room the table names when a held event asks.
type EndTurn struct {
	Basis
	Room string `json:"room,omitempty"`
}

func (EndTurn) ActionType() string { return ActEndTurn }

// Undo takes back the last change, by its maker or the host.
type Undo struct {
	Basis
}

func (Undo) ActionType() string { return ActUndo }

func (a SetPhase) decide(s *State, actor Actor) ([]Event, error) {
	if !actor.Host {
		return nil, refuse(Forbidden, "err_host_only")
	}
	if !s.Started {
		return nil, refuse(Conflict, "err_not_started")
	}
	if a.Phase != PhaseExploration && a.Phase != PhaseHaunt {
		return nil, refuse(Invalid, "err_bad_phase", a.Phase)
	}
	if a.Phase == s.Phase {
		return nil, refuse(Conflict, "err_no_change")
	}
	if a.stale(s.Version) {
		return nil, refuse(Conflict, "err_stale")
	}
	if a.Phase == PhaseExploration {
		for _, seat := range s.Seats {
			for _, t := range Traits {
				if seat.Traits[t].Position == 0 {
					return nil, refuse(Conflict, "err_dead_back_to_exploration", seat.Name)
				}
			}
		}
	}
	return []Event{{Data: PhaseSet{Phase: a.Phase}}}, nil
}

// decide passes the turn to the left, the next seat in seating order
// (seed 000, 游玩: 轮至其左方的玩家), skipping the dead.
func (a EndTurn) decide(s *State, actor Actor) ([]Event, error) {
	if !s.Started {
		return nil, refuse(Conflict, "err_not_started")
	}
	if !actor.Host && actor.Seat != s.Turn && !(s.Turn == MonstersTurn && s.controlsMonsters(actor)) {
		return nil, errNotYourTurn
	}
	if a.stale(s.Version) {
		return nil, refuse(Conflict, "err_stale")
	}
	if s.Haunt == nil && len(s.OwedHauntRolls) > 0 {
		return nil, refuse(Conflict, "err_haunt_roll_owed", s.SeatByID(s.Omens[s.OwedHauntRolls[0]].Seat).Name)
	}
	// The room's card is owed first, as the haunt roll is; checked here,
	// when an end of turn is asked for, never when one is applied, so a log
	// recorded before the rule still replays. The host may end the turn
	// anyway (a table that went wrong must go on), marked for the log.
	owed := s.OwedCard()
	if owed != nil && !actor.Host {
		return nil, refuse(Conflict, "err_card_owed_"+owed.Deck, catalog.Box().Room(owed.Room).Name)
	}
	if s.attackOpen() {
		return nil, refuse(Conflict, "err_attack_in_progress")
	}
	alive := false
	for i := range s.Seats {
		alive = alive || s.Alive(&s.Seats[i])
	}
	if !alive {
		return nil, refuse(Conflict, "err_no_change")
	}
	var evs []Event
	if a.Room != "" {
		// Where the turn ends, as the table says: it ends the lingering
		// events whose text names that room (Grave Dirt).
		if catalog.Box().Room(a.Room) == nil {
			return nil, refuse(Invalid, "err_unknown_room", a.Room)
		}
		evs = s.endTurnClearings(s.Turn, a.Room)
	}
	next := s.nextTurn()
	end := TurnEnded{Seat: next}
	if owed != nil {
		end.Room, end.Cause = owed.Room, CauseCardSkipped+owed.Deck
	}
	evs = append(evs, Event{Data: end})
	return append(evs, s.turnDamageEvents(next)...), nil
}

func (a Undo) decide(s *State, actor Actor) ([]Event, error) {
	last := s.LastUndoable()
	if last == nil {
		return nil, refuse(Conflict, "err_nothing_to_undo")
	}
	if a.stale(last.Seq) {
		return nil, refuse(Conflict, "err_stale")
	}
	if !actor.Host && last.Actor != actor {
		return nil, refuse(Forbidden, "err_undo_not_yours")
	}
	return []Event{{Data: Undone{Target: last.Seq, Seat: last.SeatOf()}}}, nil
}

// TurnTraitor is the seat that takes the traitor's turn, after which the
// monsters move (seed 000 l.343-347; seed 003 l.329): the traitor; in a
// haunt with no traitor at first (haunt 9), the first seat in play order
// (from the first player) that has joined the traitor's side, so the
// monsters get their turn once somebody turns; 0 while there is none or
// the traitor is hidden.
func (s *State) TurnTraitor() int {
	if s.Haunt == nil {
		return 0
	}
	if s.Haunt.Traitor != 0 || s.Haunt.Decision.Rule.Kind != "none_at_first" {
		return s.Haunt.Traitor
	}
	first := s.SeatNumber(s.FirstSeat)
	for i := range len(s.Seats) {
		id := s.Seats[(max(first, 1)-1+i)%len(s.Seats)].ID
		if s.Sides[id] == SideTraitor {
			return id
		}
	}
	return 0
}

// nextTurn is who plays after the current turn. Before the traitor is known
// play passes to the left; after, heroes from the traitor's left, then the
// traitor, then the monsters (seed 000 l.343-347, 作祟). Dead heroes are
// skipped; a dead traitor still takes turns to run the monsters (seed 002
// FAQ). Other living seats on the traitor's side (haunt 9: heroes who
// turned) play after the traitor, before the monsters.
func (s *State) nextTurn() int {
	traitor := s.TurnTraitor()
	if traitor == 0 {
		n := s.SeatNumber(s.Turn)
		if s.Turn == MonstersTurn {
			n = 0
		}
		for i := 1; i <= len(s.Seats); i++ {
			next := &s.Seats[(n-1+i+len(s.Seats))%len(s.Seats)]
			if s.Alive(next) {
				return next.ID
			}
		}
		return s.Turn
	}
	// Each turn's place in the round: heroes (0), the traitor (1), others
	// on the traitor's side (2), the monsters (3); within a group, from the
	// traitor's left. Every seat has a place, dead or alive: a hero who
	// dies on their own turn still passes it on from their place.
	type place struct{ group, at int }
	placeOf := func(id int) place {
		switch {
		case id == MonstersTurn:
			return place{3, 0}
		case id == traitor:
			return place{1, 0}
		}
		at := slices.Index(s.leftOf(traitor), id)
		if s.SideOf(id) == SideTraitor && s.Alive(s.SeatByID(id)) {
			return place{2, at}
		}
		return place{0, at}
	}
	less := func(a, b place) bool { return a.group < b.group || a.group == b.group && a.at < b.at }
	// A dead traitor keeps the turn only to run the monsters (seed 002
	// FAQ: 死去的奸徒在其回合仍可移动怪物; seed 003 l.333); without
	// monsters a dead traitor is out like anyone (seed 000 l.223-225:
	// 该人物即已死亡，玩家立即出局).
	var cands []int
	if s.Alive(s.SeatByID(traitor)) || len(s.Monsters) > 0 {
		cands = append(cands, traitor)
	}
	if len(s.Monsters) > 0 {
		cands = append(cands, MonstersTurn)
	}
	for _, seat := range s.Seats {
		if seat.ID != traitor && s.Alive(&seat) {
			cands = append(cands, seat.ID)
		}
	}
	slices.SortFunc(cands, func(a, b int) int {
		if less(placeOf(a), placeOf(b)) {
			return -1
		}
		return 1
	})
	if len(cands) == 0 {
		return s.Turn
	}
	now := placeOf(s.Turn)
	for _, id := range cands {
		if less(now, placeOf(id)) {
			return id
		}
	}
	return cands[0]
}

// TurnOrder is one round of turns from the current one on, as end_turn
// passes them (nextTurn): the screens show it, never work it out again.
func (s *State) TurnOrder() []int {
	c := *s
	var order []int
	for len(order) <= len(s.Seats)+1 && !slices.Contains(order, c.Turn) {
		order = append(order, c.Turn)
		c.Turn = c.nextTurn()
	}
	return order
}

// foldTurns applies the turns' own events: the phase and the turn passing
// on.
func (s *State) foldTurns(e Event) {
	switch d := e.Data.(type) {
	case PhaseSet:
		s.Phase = d.Phase
		if d.Phase == PhaseHaunt {
			s.OwedHauntRolls = nil
		}
		for i := range s.Seats {
			s.Seats[i].ChangedAt = e.Seq // the death rule changed for every board
		}
	case TurnEnded:
		if s.Turn == MonstersTurn {
			s.foldMonsterTurnEnd()
		}
		s.Turn, s.TurnStart = d.Seat, e.Seq
		if d.Seat == MonstersTurn {
			s.MonsterTurns++
		}
		s.OwedHauntRolls = nil
		s.AttackedThisTurn = map[string]bool{}
		for _, hand := range s.Hands {
			for i := range hand {
				hand[i].Used, hand[i].Moved = false, false
			}
		}
	}
}

// turnEvents are the events this file folds, with the fold that applies them.
var turnEvents = eventTopic{fold: quiet((*State).foldTurns), events: []EventData{PhaseSet{}, TurnEnded{}}}

// The type names of the events this file folds.
const (
	EvPhaseSet  = "phase_set"
	EvTurnEnded = "turn_ended"
)

// PhaseSet: the host set the phase.
type PhaseSet struct {
	Phase string `json:"phase,omitempty"`
}

func (PhaseSet) EventType() string { return EvPhaseSet }

// TurnEnded: a turn ended, in a room the table named (Cause: CauseCardSkipped when the host ended it owing a card).
type TurnEnded struct {
	Seat  int    `json:"seat,omitempty"` // stable seat id the event is about
	Cause string `json:"cause,omitempty"`
	Room  string `json:"room,omitempty"`
}

func (TurnEnded) EventType() string { return EvTurnEnded }
