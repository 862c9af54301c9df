package game

// What Options says about the turn: whose it is and what is going on.

// What the player whose turn it is is doing (TurnOptions.Doing).
const (
	DoingLobby     = "lobby"      // the game hasn't started
	DoingOver      = "over"       // a side has won
	DoingHauntRoll = "haunt_roll" // they owe the haunt roll
	DoingAttack    = "attack"     // an attack waits for a defence, a split or a theft
	DoingDamage    = "damage"     // someone has damage to split
	DoingMonsters  = "monsters"   // the monsters' turn
	DoingExploring = "exploring"  // an ordinary turn before the haunt
	DoingHaunt     = "haunt"      // an ordinary turn in the haunt
)

// TurnOptions says whose turn it is and what is going on.
type TurnOptions struct {
	Seat     int    `json:"seat"` // 0 before the start and on the monsters' turn
	Monsters bool   `json:"monsters,omitempty"`
	Doing    string `json:"doing"`
	// Mine is true when it is the asking seat's turn (or, for whoever runs
	// them, the monsters').
	Mine bool `json:"mine"`
}

func (s *State) turnOptions(actor Actor) TurnOptions {
	t := TurnOptions{Seat: s.SeatNumber(s.Turn), Monsters: s.Turn == MonstersTurn}
	t.Mine = s.Started && !actor.Host && actor.Seat == s.Turn || t.Monsters && s.controlsMonsters(actor)
	switch {
	case !s.Started:
		t.Doing = DoingLobby
	case s.Ended != nil:
		t.Doing = DoingOver
	case s.Haunt == nil && len(s.OwedHauntRolls) > 0:
		t.Doing = DoingHauntRoll
	case s.attackOpen():
		t.Doing = DoingAttack
	case len(s.Pending) > 0:
		t.Doing = DoingDamage
	case t.Monsters:
		t.Doing = DoingMonsters
	case s.Phase == PhaseHaunt:
		t.Doing = DoingHaunt
	default:
		t.Doing = DoingExploring
	}
	return t
}
