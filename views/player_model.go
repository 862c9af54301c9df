package views

import "strings"

// A seat's page, laid out around now: its model (this file), its template
// (player.templ) and its words (player_words.go).

// The player page is built around *now*: the phone's own board first, a now
// bar in thumb reach, everyone else one line each, and the rest in sections
// and sheets. These are its view models; internal/seatview fills them from
// what the rules engine says this seat may do now.

// NowBar is the bar fixed at the bottom of a player page: what this phone
// must or can do at this moment, or whose turn it is.
type NowBar struct {
	// Text says what is going on (whose turn, what they are doing); Hint is a
	// second, quieter line (the odds of a haunt roll, what is awaited).
	Text Line
	Hint Line
	// Pending is damage a card or room dealt, said as Text is.
	Pending *PendingDamage
	// Urgent marks a bar that asks this phone for something (a haunt roll, a
	// defence, a damage split).
	Urgent  bool
	Actions []NowAction
	// HauntRoll is the haunt roll this phone owes; Defend, that it is
	// attacked and rolls its own defence.
	HauntRoll *HauntPrompt
	Defend    bool
	// Split, when set, is the damage split this phone must make, in the bar;
	// SplitAs the same damage taken as another kind a held card allows.
	Split   *DamageSplit
	SplitAs []DamageSplit
	// Later is a secondary action that appears after a wait (roll the
	// defence for a phone that does not answer).
	Later *LaterAction
	// Rolls is a card's roll this phone owes now (one per trait it may
	// choose) (an event just drawn, or
	// one every explorer rolls); Apply, the outcome of its last roll to
	// apply. Both stay in the bar until done, so nothing owed hides on a
	// tab.
	Rolls []GuidedRoll
	Apply *ApplyLine
}

// NowAction is one button of the now bar: a form post (Type and Fields) or,
// with Href, a link to a section or sheet of the page.
type NowAction struct {
	Label   Line
	Type    string
	Fields  []Field
	Href    string
	Primary bool
	Danger  bool
	// Open names a <details> the link opens in its section ("drew").
	Open string
	// Confirm, when set, asks before the form is sent.
	Confirm Line
}

// Field is one hidden form field.
type Field struct {
	Name  string
	Value string
}

// LaterAction is a secondary form that shows WaitSeconds after render (at
// once when 0): rolling the defence for a defender whose phone is quiet.
type LaterAction struct {
	NowAction
	WaitSeconds int
	Why         Line
}

// DamageSplit is damage to spread over two traits with −/+ per trait and
// one tap for all to one trait; the results and a killing split are shown
// before it is confirmed.
type DamageSplit struct {
	Type   string // resolve_damage | take_damage
	Kind   string // physical | mental
	Amount int
	Legend Line
	// Pending, when set, is said as the legend: the damage a card or room
	// dealt.
	Pending *PendingDamage
	Traits  [2]SplitTrait
	// Exact: the split must add up to Amount (an attack's damage, a pending
	// card or room effect); otherwise any amount up to it may be taken.
	Exact bool
}

// SplitTrait is one trait of a split: After[n] is its value text after n
// damage (from the engine's own loss rule), Kills[n] whether n kills.
type SplitTrait struct {
	ID    string // the trait
	Now   string
	After []string
	Kills []bool
	// AllLabel is the one-tap "all to this trait" button.
	AllLabel Phrase
}

// PlayerLine is another explorer in one line: tap to open the full board.
type PlayerLine struct {
	Seat    int
	Name    string
	Colour  string
	Values  []TraitValue
	Cards   int
	Dead    bool
	Traitor bool
	IsTurn  bool
}

// TraitValue is a trait and its current value text.
type TraitValue struct {
	Trait string
	Value string
}

// Phone is the player page's layout beyond the shared Player model.
type Phone struct {
	Now    NowBar
	Lines  []PlayerLine
	Attack *AttackSheet
	// HauntKey identifies the reveal, so each phone shows its sheet once.
	HauntKey string
	// Damage is the free damage split (an event or room said so).
	Damage []DamageSplit
}

// AttackSheet is the attack as this seat may make it: each opponent is one
// button that rolls the attack with the trait and weapon chosen above.
type AttackSheet struct {
	Targets []Option
	// Ways are the trait, weapon and range together, as the engine allows
	// them ("might:axe", "speed:revolver:ranged", "might"), the held
	// weapons first: the first is chosen already.
	Ways []Way
	// Dice says how many dice each trait (and weapon) rolls, so a real
	// total typed in can be checked by the player before it is sent.
	Dice []Phrase
}

// Way is one way to attack, and its words.
type Way struct {
	ID    string
	Label Phrase
}

func joinBar(after []string) string { return strings.Join(after, "|") }

func joinKills(kills []bool) string {
	var b strings.Builder
	for _, k := range kills {
		if k {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

// The inputs of the player page's private parts (PartOf): each holds
// exactly what its part is rendered from.

// myHead is the own board's header part (MyBoard).
type myHead struct {
	Seat                   int
	Name, Explorer, Colour string
	Alive, IsTurn          bool
}

// myTrait is one trait row of the own board, with what its controls read.
type myTrait struct {
	Seat            int
	Actor           string
	Editable, Alive bool
	Floor           int
	Trait           TraitRow
}

type statusPart struct {
	Status Status
	Haunt  int // the revealed haunt's number, 0 before the reveal
}

func (p Player) statusPart() statusPart { return statusPart{p.Status, hauntNumber(p.Reveal)} }

type undoPart struct {
	CanUndo  bool
	UndoWhat Line
}

// damagePart is the free damage and the restores: a part of its own, as it
// changes with the seat's traits and the undo line with each of its moves.
type damagePart struct {
	Damage []DamageSplit
	Traits []TraitRow
}

func (p Player) damagePart() damagePart {
	return damagePart{Damage: p.Phone.Damage, Traits: p.Me.Traits}
}

// hasDice: the dice section is there while the seat may roll.
func (p Player) hasDice() bool { return p.Started && p.Me.Alive && p.Summary == nil }

type sheetsPart struct {
	Reveal   *Reveal
	HauntKey string
	Attack   *AttackSheet
}

func (p Player) sheetsPart() sheetsPart {
	return sheetsPart{Reveal: p.Reveal, HauntKey: p.Phone.HauntKey, Attack: p.Phone.Attack}
}

type tabsPart struct{ Dice, Cards, Fight bool }

func (p Player) tabsPart() tabsPart { return tabsPart{p.hasDice(), p.Cards != nil, p.Fight != nil} }

// hauntNumber is the revealed haunt's number, 0 before the reveal.
func hauntNumber(r *Reveal) int {
	if r == nil {
		return 0
	}
	return r.Number
}

// cardCount reads how many cards an explorer holds ("1 card", "3 cards").
func cardCount(h Head, n int) string {
	if n == 1 {
		return h.T("phone_cards_1")
	}
	return h.T("phone_cards_n", n)
}

// Player is a seat's private page.
type Player struct {
	Head
	Status
	// Next is the game this one's group plays next (nights.go), once there is one.
	Next *NextGame

	Me       Board
	Others   []Board
	Log      []LogLine
	CanUndo  bool
	UndoWhat Line // what undo would take back, a logged change's line
	MyTurn   bool

	Roller      Roller
	Rolls       []RollLine
	Explore     *Explore
	HauntPrompt *HauntPrompt
	Reveal      *Reveal
	Omens       OmenStatus
	Cards       *Cards
	Fight       *Fight
	Summary     *Summary
	Buzz        []Buzz
	// Two-player variant: the seats this phone plays, and what it may do.
	Controls  []Option
	CanSecond bool
	Handover  []Option
	// Phone is the page's layout around now (now bar, lines, sheets).
	Phone Phone
}

// Buzz marks an event that concerns this phone, for the script's haptics.
type Buzz struct {
	ID   string
	Kind string // act | haunt
}
