package views

// The haunt's second half: attacks, monsters, the track and the ending: its
// model (this file), its template (fight.templ) and its words
// (fight_words.go).

// ResolveAlt is an attack's damage taken as another kind: Kind (sent with
// the split), the legend saying so, Pair the two traits it goes to.
type ResolveAlt struct {
	Kind   string
	Legend string
	Pair   [2]Option
}

// Fight is the haunt's second half as one screen sees it.
type Fight struct {
	// Attack form for this seat (its turn, after the haunt).
	CanAttack bool
	Targets   []Option
	Traits    []Option
	Weapons   []Option
	// The attack in progress, in words, and what this screen may do about it.
	Status      string
	Defend      bool   // this screen rolls the defence
	DefendFor   string // the defender's name when rolling for them
	Resolve     int    // damage this seat must split (0 = none)
	ResolveKind string
	ResolvePair [2]Option
	// ResolveAs: the same damage as another kind a held card allows
	// (Skull: mental as physical), one form each.
	ResolveAs []ResolveAlt
	StealFrom []Option // cards the winner may steal instead
	// DealDamage: the winner may choose the damage instead of a theft.
	DealDamage bool
	// Monsters and the track; Moves are this turn's monster move rolls.
	Monsters    []MonsterLine
	Moves       []string
	Kinds       []Option
	RunMonsters bool // the traitor's phone or the table
	Track       *TrackLine
	TurnOrder   string
	Reminders   []string
	CanEnd      bool
	JoinTraitor []Option // heroes the host may move to the traitor's side now
	// Attackers are the monsters that may still attack, Heroes their
	// targets; EndMonsters ends the monsters' turn.
	Attackers   []Option
	Heroes      []Option
	EndMonsters bool
}

// MonsterLine is one monster token.
type MonsterLine struct {
	ID      string
	Name    string
	Traits  string
	Stunned bool
	CanStun bool // this screen may mark it stunned
}

// TrackLine is the haunt's turn/damage track.
type TrackLine struct {
	Value int
	Label string
}

// Summary is the end of the game.
type Summary struct {
	Winner   string
	Haunt    string
	Traitor  string
	Dead     []string
	Rolls    int
	Duration string
}
