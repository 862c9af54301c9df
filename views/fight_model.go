package views

// The haunt's second half: attacks, monsters, the track and the ending: its
// model (this file), its template (fight.templ) and its words
// (fight_words.go).

// ResolveAlt is an attack's damage taken as another kind: Kind (sent with
// the split), the legend saying so, Pair the two traits it goes to.
type ResolveAlt struct {
	Kind string
	Pair [2]string // the two traits
}

// Fight is the haunt's second half as one screen sees it.
type Fight struct {
	// Attack form for this seat (its turn, after the haunt).
	CanAttack bool
	Targets   []Option
	Traits    []AttackTrait
	Weapons   []Option
	// The attack in progress (attackWords says it), and what this screen
	// may do about it.
	Attack      *Attack
	Defend      bool   // this screen rolls the defence
	DefendFor   string // the defender's name when rolling for them
	Resolve     int    // damage this seat must split (0 = none)
	ResolveKind string
	ResolvePair [2]string // the two traits
	// ResolveAs: the same damage as another kind a held card allows
	// (Skull: mental as physical), one form each.
	ResolveAs []ResolveAlt
	StealFrom []Option // cards the winner may steal instead
	// DealDamage: the winner may choose the damage instead of a theft.
	DealDamage bool
	// Monsters and the track; Moves are this turn's monster move rolls.
	Monsters    []MonsterLine
	Moves       []RollLine
	Kinds       []Option
	RunMonsters bool // the traitor's phone or the table
	Track       *TrackLine
	// TurnOrder is the haunt's turn order by name, "" for the monsters'
	// turn; Reminders: the traitor's phone lists the traitor's reminders.
	TurnOrder   []string
	Reminders   bool
	CanEnd      bool
	JoinTraitor []Option // heroes the host may move to the traitor's side now
	// Attackers are the monsters that may still attack, Heroes their
	// targets; EndMonsters ends the monsters' turn.
	Attackers   []Option
	Heroes      []Option
	EndMonsters bool
}

// AttackTrait is a trait an attack may be made with, and the weapons held
// for it (a weapon's trait names the weapon).
type AttackTrait struct {
	ID      string
	Weapons []string
}

// Attack is the attack in progress as one screen reads it: who attacks whom
// (ToYou: this phone's seat is attacked), with what and what it rolled; the
// defence when rolled, and how it came out (Outcome: tie, ranged_miss,
// stunned, done, armor or loses, with the loser, the damage and a theft);
// MayStealWinner names a winner who may steal instead.
type Attack struct {
	Attacker, Defender string
	ToYou              bool
	Trait              string
	Ranged             bool
	Total              int
	Weapon             string
	Defended           bool
	Defense            int
	Outcome            string
	Loser              string
	LoserYou           bool
	Damage             int
	Kind               string
	Stolen             *Theft
	MayStealWinner     string
}

// Theft is a card stolen: by whom, what, from whom.
type Theft struct {
	By, Card, From string
}

// MonsterLine is one monster token.
type MonsterLine struct {
	ID      string
	Name    string
	Traits  []TraitChange // its values
	Stunned bool
	CanStun bool // this screen may mark it stunned
}

// TrackLine is the haunt's turn/damage track.
type TrackLine struct {
	Value int
	Label string // the players' own, "" for none
}

// Summary is the end of the game.
type Summary struct {
	Winner   string // the side: its words are "won_" + Winner
	Haunt    string
	Traitor  string
	Dead     []string
	Rolls    int
	Duration string
}
