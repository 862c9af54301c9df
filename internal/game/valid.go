package game

import (
	"errors"
	"fmt"
)

// This file decides whether a state (and an event) is possible under the
// rules, asking each topic's checks (<topic>_check.go) in turn. Apply
// trusts its events, so a stored event that decodes but says something
// impossible (a trait position of 99, a haunt that is not on the chart, a
// token dealt twice) would otherwise become a state every read trips over
// (an index out of range per request). The server asks Check of every game
// it rebuilds from its log, and of every state an action leads to before
// that action is committed (internal/table); CheckEvent of every stored
// event before it is applied, so an event missing what its type needs
// never reaches fold.

// ErrImpossible wraps every answer of Check and CheckEvent.
var ErrImpossible = errors.New("impossible under the rules")

func impossible(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrImpossible}, args...)...)
}

// eventChecks are CheckEvent's per-topic checks: each judges the events of
// its topic and lets the others pass.
var eventChecks = []func(e *Event) error{
	checkSeatEvents,    // seats_check.go
	checkTraitEvents,   // traits_check.go
	checkTurnEvents,    // turns_check.go
	checkRollEvents,    // rolls_check.go
	checkAttackEvents,  // attack_check.go
	checkHauntEvents,   // haunt_check.go
	checkCardEvents,    // cards_check.go
	checkMonsterEvents, // monsters_check.go
	checkRoomEvents,    // rooms_check.go
}

// CheckEvent reports whether an event carries what its type needs, with
// values the rules allow, on its own (Check judges the state it leads to).
func CheckEvent(e *Event) error {
	for _, check := range eventChecks {
		if err := check(e); err != nil {
			return err
		}
	}
	return nil
}

// stateChecks are Check's per-topic checks, in the order they run: the
// first impossible thing found is the answer. Each is given the game's
// seat ids (checkSeats, which comes before any that reads them, checks the
// seats themselves).
var stateChecks = []func(s *State, seats seatIDs) error{
	(*State).checkPhase,    // turns_check.go
	(*State).checkVersion,  // here
	(*State).checkSeats,    // seats_check.go
	(*State).checkTurn,     // turns_check.go
	(*State).checkOmens,    // haunt_check.go
	(*State).checkHaunt,    // haunt_check.go
	(*State).checkCards,    // cards_check.go
	(*State).checkPending,  // effects_check.go
	(*State).checkRolls,    // rolls_check.go
	(*State).checkRooms,    // rooms_check.go
	(*State).checkMonsters, // monsters_check.go
	(*State).checkSides,    // monsters_check.go
	(*State).checkAttack,   // attack_check.go
}

// Check reports whether the state is possible under the rules: every id
// known, every position on its track, every reference pointing at
// something in the game, the hidden-traitor tokens dealt once each.
func (s *State) Check() error {
	seats := make(seatIDs, len(s.Seats))
	for i := range s.Seats {
		seats[s.Seats[i].ID] = true
	}
	for _, check := range stateChecks {
		if err := check(s, seats); err != nil {
			return err
		}
	}
	return nil
}

// seatIDs are the game's seat ids, as the checks ask about them.
type seatIDs map[int]bool

// has reports whether id is a seat's.
func (ids seatIDs) has(id int) bool { return ids[id] }

// hasOr0 reports whether id is a seat's or 0 (nobody: a starting room, a
// card's or the monsters' roll, no turn before the start).
func (ids seatIDs) hasOr0(id int) bool { return id == 0 || ids[id] }

// checkVersion checks the version: the last event's.
func (s *State) checkVersion(seatIDs) error {
	if n := len(s.Events); n > 0 && s.Events[n-1].Seq != s.Version {
		return impossible("version %d after event %d", s.Version, s.Events[n-1].Seq)
	}
	return nil
}

// checkDisplayText checks a text every phone shows: it must read as it
// was accepted (names.go's rules), so a stored one cannot smuggle in a
// control or a text-direction character.
func checkDisplayText(what, text string, most int) error {
	if text == "" {
		return nil
	}
	if err := displayTextError(text, most); err != nil {
		return impossible("%s %q: %v", what, text, err)
	}
	return nil
}
