package views

// The dice roller and the roll log: its model (this file), its template
// (dice.templ) and its words (dice_words.go).

// Roller is the dice roller on a phone.
type Roller struct {
	Traits []TraitRow
	// Purposes are what a roll may be for: a plain purpose, or a card's
	// stored result rolled ahead (It Is Meant to Be, from the card data).
	Purposes  []Option
	Modifiers []Option
	Stored    int
	HasStored bool
	// Choose is the highest result a card lets the seat name instead of
	// rolling (Angel Feather), 0 when none; MaxDice the most dice a roll
	// may have, MaxNeed the highest target.
	Choose  int
	MaxDice int
	MaxNeed int
	// Odds are the engine's odds of each choice the form offers, for the
	// script to pick from (seatview.rollOdds).
	Odds string
	// Reroll offers Lucky Stone / Rabbit's Foot on the seat's last roll.
	Reroll *RollLine
	// Last is the seat's newest roll, shown right under the buttons.
	Last *RollLine
}

// RollLine is one roll in the shared roll log.
type RollLine struct {
	Time    string
	Who     string
	What    string
	Faces   []int
	Total   int
	Target  int
	Success bool
	Manual  bool
	Mods    string
	// Rerolls are the cards that may reroll it now (game.Options).
	Rerolls []Reroll
}

// Reroll is a card that may reroll dice of a roll: any of them (ticked), or
// One die.
type Reroll struct {
	Card  string
	Label string
	One   bool
}
