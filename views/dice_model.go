package views

// The dice roller and the roll log: its model (this file), its template
// (dice.templ) and its words (dice_words.go).

// Roller is the dice roller on a phone.
type Roller struct {
	Traits []TraitRow
	// Purposes are what a roll may be for (their ids; purposeWords says
	// them): a plain purpose, or a card's
	// stored result rolled ahead (It Is Meant to Be, from the card data).
	Purposes []string
	// Modifiers are the cards that may change the roll now: their ids and
	// names ("mod_" + ID says what each does).
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
	Time     string
	Who      string // the seat's name; "" for the monsters (Monsters)
	Monsters bool
	// What it was for, said by rollWords: its purpose, trait and dice, a
	// haunt roll's omens, the name of what a damage roll is for (Source) or
	// a monster's kind and move, It Is Meant to Be's roll (Stored).
	Purpose   string
	Trait     string
	Dice      int
	OmenCount int
	Source    string
	Move      int
	Stored    bool
	Faces     []int
	Total     int
	Target    int
	Success   bool
	Manual    bool
	Mods      string
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
