// Package game is Lantern's rules engine: pure Go, no I/O. A game is a fold of
// events; Decide validates an action against the state and turns it into
// events, Apply folds one event into the state.
package game

import (
	"slices"
	"time"

	"lantern/internal/catalog"
)

// Trait ids, in the order the character card prints them.
const (
	Speed     = "speed"
	Might     = "might"
	Sanity    = "sanity"
	Knowledge = "knowledge"
)

// Traits lists the four traits in card order.
var Traits = []string{Speed, Might, Sanity, Knowledge}

// Phases of a started game. Before the haunt nobody dies (seed 000, 伤害 section).
const (
	PhaseExploration = "exploration"
	PhaseHaunt       = "haunt"
)

// MaxSeats is the most explorers the box supports.
const MaxSeats = 6

// TopPosition is the highest printed position on a track; 0 is the skull.
const TopPosition = 8

// TraitState is where the clip sits on one track. Overflow counts gains past
// the top that the rules ask us to remember and lose first (seed 003, 檢定).
type TraitState struct {
	Position int `json:"position"`
	Overflow int `json:"overflow,omitempty"`
}

// Seat is one player at the table. ID is stable for the life of the game (the
// join order); the seat number players see is the index in State.Seats + 1.
type Seat struct {
	ID       int
	Name     string
	Lang     string
	Explorer string
	Traits   map[string]TraitState
	// ChangedAt is the version of the last event that changed this seat, so a
	// stale action is refused only when what it was built on really changed.
	ChangedAt int
}

// State is a game's whole state, rebuilt from its events.
type State struct {
	Code      string
	Version   int
	Started   bool
	Phase     string
	FirstSeat int // seat ID of the start player
	Turn      int // seat ID whose turn it is
	// TurnStart is the seq of the event that began the current turn.
	TurnStart int
	Seats     []Seat
	Events    []Event
	undone    map[int]bool

	// Rolls are every dice roll made, oldest first.
	Rolls []RollRecord
	// Omens are the omen cards drawn, in order; their count drives the haunt
	// roll (seed 000, 作祟: 包括刚翻开的).
	Omens []OmenDraw
	// OwedHauntRolls are indexes into Omens of omens drawn this turn whose
	// haunt roll has not been made yet.
	OwedHauntRolls []int
	// MeantToBe holds a seat's stored "It Is Meant to Be" result.
	MeantToBe map[int]int
	// Haunt is set once the haunt has been revealed.
	Haunt *HauntState

	// Hands are the cards in front of each seat (seat id -> cards).
	Hands map[int][]HeldCard
	// Piles are item piles: room id, or RemainsPile(seat) where one died.
	Piles map[string][]string
	// Gone are cards no longer in their deck.
	Gone map[string]bool
	// Offers are cards handed over and not yet accepted.
	Offers []Offer
	// SetBonus is set while a seat enjoys the Bell–Book–Candle bonus;
	// SetBonusUsed once it has had it (it is given once).
	SetBonus, SetBonusUsed map[int]bool
	// Pending is damage a card or room dealt, waiting to be split.
	Pending map[int]*PendingDamage
	// RoomGains records the once-per-explorer rooms each seat has used.
	RoomGains map[int]map[string]bool
	// Removed are the sources ("card:<id>", "room:<id>") whose token an
	// outcome removed or whose room it emptied: no roll for them again.
	Removed map[string]bool
	// DrewBy is who drew each card; EffectDone the cards whose draw effect
	// (a card's effect without a roll) was applied.
	DrewBy     map[string]int
	EffectDone map[string]bool
	// Shares are, by roll seq, the seats that took their share of an
	// outcome every explorer takes (Footsteps 0), as roll_applied events
	// of a seat other than the roller's.
	Shares map[int][]int
	// On are the cards switched on, wherever they are (Music Box: open).
	On map[string]bool
	// OwedDraws are the cards a seat may draw from a deck even out of
	// turn: replacements (Jonah's Turn: seat id -> deck -> count).
	OwedDraws map[int]map[string]int
	// Rooms are the tiles discovered, in order (rooms.go); Discovery is the
	// newest one's card not yet drawn.
	Rooms     []PlacedRoom
	Discovery *Discovery

	// The haunt's second half: the attack in progress, who attacked this
	// turn, the monsters, the turn/damage track, sides and the ending.
	Attack           *AttackState
	AttackedThisTurn map[string]bool
	Monsters         []Monster
	MonsterTurns     int
	Track            *Track
	Sides            map[int]string
	Ended            *Ending

	// turnMarks are the cards drawn and the rolls made since the turn
	// began, oldest first, as fold folds them (nothing undone): what
	// Options reads to tell the card drawn and put back whose roll is
	// still to make (drawnOption), instead of the turn's whole log, most
	// of it trait steps in a long turn.
	turnMarks []turnMark

	rng Random
}

// turnMark is a card drawn or a roll made: who drew or rolled, the card
// and whether it was kept, the roll's source.
type turnMark struct {
	drawn  bool
	seat   int
	card   string
	keep   bool
	source string
}

// markOf is a card_drawn or rolled event as a turnMark.
func markOf(e *Event) turnMark {
	switch d := e.Data.(type) {
	case CardDrawn:
		return turnMark{drawn: true, seat: d.Seat, card: d.Card, keep: d.Keep}
	case Rolled:
		if d.Roll != nil {
			return turnMark{seat: d.Roll.Seat, source: d.Roll.Source}
		}
	}
	return turnMark{}
}

// OmenDraw is one omen card drawn in a room.
type OmenDraw struct {
	Seq  int    `json:"seq"`
	Seat int    `json:"seat"`
	Omen string `json:"omen"`
	Room string `json:"room"`
}

// SetRandom sets the source of dice and token deals; tests use a fixed one.
func (s *State) SetRandom(r Random) { s.rng = r }

// Random is the source set with SetRandom, or nil for crypto/rand.
func (s *State) Random() Random { return s.rng }

func (s *State) random() Random {
	if s.rng == nil {
		return CryptoRandom{}
	}
	return s.rng
}

// New returns an empty game waiting for players.
func New(code string) *State {
	s := &State{Code: code, undone: map[int]bool{}}
	s.reset()
	return s
}

// reset empties everything events build, keeping the log and undo marks.
func (s *State) reset() {
	*s = State{Code: s.Code, Events: s.Events, undone: s.undone, rng: s.rng, Phase: PhaseExploration,
		MeantToBe: map[int]int{}, Hands: map[int][]HeldCard{}, Piles: map[string][]string{}, Gone: map[string]bool{},
		SetBonus: map[int]bool{}, SetBonusUsed: map[int]bool{}, Pending: map[int]*PendingDamage{},
		RoomGains: map[int]map[string]bool{}, Removed: map[string]bool{}, DrewBy: map[string]int{}, EffectDone: map[string]bool{}, Shares: map[int][]int{},
		On: map[string]bool{}, OwedDraws: map[int]map[string]int{},
		AttackedThisTurn: map[string]bool{}, Sides: map[int]string{}}
}

// SeatByID returns the seat with that stable id, or nil.
func (s *State) SeatByID(id int) *Seat {
	for i := range s.Seats {
		if s.Seats[i].ID == id {
			return &s.Seats[i]
		}
	}
	return nil
}

// SeatNumber is the 1-based seating position of a seat id, or 0.
func (s *State) SeatNumber(id int) int {
	for i := range s.Seats {
		if s.Seats[i].ID == id {
			return i + 1
		}
	}
	return 0
}

// SeatAt returns the seat at a 1-based seating position, or nil.
func (s *State) SeatAt(number int) *Seat {
	if number < 1 || number > len(s.Seats) {
		return nil
	}
	return &s.Seats[number-1]
}

// Explorer returns the catalog entry of the seat's explorer.
func (seat *Seat) ExplorerData() *catalog.Explorer { return catalog.ExplorerByID(seat.Explorer) }

// Value is the printed value under the clip; 0 at the skull. Overflow reads as
// the top value (seed 003).
func (seat *Seat) Value(trait string) int {
	p := seat.Traits[trait].Position
	if p <= 0 {
		return 0
	}
	return seat.ExplorerData().Traits[trait].Track[p-1]
}

// Alive reports whether the explorer lives: only after the haunt does a
// skull kill (seed 000, 伤害 section).
func (s *State) Alive(seat *Seat) bool {
	if s.Phase != PhaseHaunt {
		return true
	}
	for _, t := range Traits {
		if seat.Traits[t].Position <= 0 {
			return false
		}
	}
	return true
}

// IsUndone reports whether the event with that sequence number was undone.
func (s *State) IsUndone(seq int) bool { return s.undone[seq] }

// LastUndoable is the newest change that undo would take back, or nil. Dice
// rolls and the reveal can't be undone, and nothing before them can either:
// a roll was made on the state as it stood.
func (s *State) LastUndoable() *Event {
	for i := len(s.Events) - 1; i >= 0; i-- {
		e := &s.Events[i]
		if s.undone[e.Seq] || e.Type() == EvUndone {
			continue
		}
		if undoable[e.Type()] {
			if e.Group != 0 && s.groupHasBarrier(e.Group) {
				return nil
			}
			return e
		}
		if barrier[e.Type()] {
			return nil
		}
	}
	return nil
}

// groupHasBarrier reports whether a group of events holds one undo can't
// take back (a roll, the reveal).
func (s *State) groupHasBarrier(group int) bool {
	for i := range s.Events { // by index: an Event is large to copy
		if x := &s.Events[i]; x.Group == group && barrier[x.Type()] {
			return true
		}
	}
	return false
}

// ExplorerTaken reports whether an explorer, or the other side of its card,
// is already in play.
func (s *State) ExplorerTaken(id string) bool {
	ex := catalog.ExplorerByID(id)
	return slices.ContainsFunc(s.Seats, func(seat Seat) bool {
		return seat.Explorer == id || (ex != nil && seat.Explorer == ex.Pair)
	})
}

// SuggestedFirstSeat is the seat whose explorer's birthday comes soonest on
// or after today (seed 000, 游玩: 生日最近的人物先开始). Ties go to the earlier seat.
func (s *State) SuggestedFirstSeat(today time.Time) int {
	best, bestDays := 0, 400
	for _, seat := range s.Seats {
		d := DaysUntilBirthday(today, seat.ExplorerData().Birthday.Month, seat.ExplorerData().Birthday.Day)
		if d < bestDays {
			best, bestDays = seat.ID, d
		}
	}
	return best
}

// DaysUntilBirthday counts days from today to the next month/day (0 = today).
// A 29 February birthday would fall on 1 March in other years; none of the
// explorers has one.
func DaysUntilBirthday(today time.Time, month, day int) int {
	t := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	b := time.Date(t.Year(), time.Month(month), day, 0, 0, 0, 0, time.UTC)
	if b.Before(t) {
		b = time.Date(t.Year()+1, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	}
	return int(b.Sub(t).Hours() / 24)
}
