package views

// The Cards tab: its model (this file), its template (cards.templ) and its
// words (cards_words.go). internal/seatview/cards.go fills the model with
// data only, names already in the reader's language; the template chooses
// every word.

// Cards is a seat's card area on its phone.
type Cards struct {
	Hand []HandCard
	// NotKept are the cards this seat drew this turn that never stay in a
	// hand (the Bite), listed under it for the turn so the player reads why
	// there is nothing to hold, trade or drop.
	NotKept   []HandCard
	Rooms     []Option   // every room, for drops and room effects
	Draw      Draw       // "I drew…" (explore.templ)
	Drawn     *DrawnCard // a card just drawn that asks for a roll
	Offers    []OfferLine
	Piles     []Pile
	Pending   *PendingDamage
	Apply     *ApplyLine
	RoomRolls []GuidedRoll
	// CardRolls are rolls for event cards not held: a token in the house,
	// freeing another explorer, the next trait of a roll per trait.
	CardRolls []GuidedRoll
	// DrawEffects are drawn cards whose effect (no roll) may be applied
	// now, with the items the effect may take.
	DrawEffects []DrawEffect
	RoomGains   []RoomGain
	RoomHurts   []Option
	Decks       []DeckCount
}

// PendingDamage is damage a card or room dealt the seat, to be split in
// the damage form: "Take 2 physical damage (Crypt)".
type PendingDamage struct {
	Amount int
	Kind   string // physical, mental or any
	Source string // the card's or room's name
}

// RoomGain is a room that gives a trait once (the Gymnasium), with what it
// gives.
type RoomGain struct {
	ID   string // "room:<id>"
	Name string
	Gain []TraitChange
}

// DeckCount is how many cards are left in a deck (omen, item, event).
type DeckCount struct {
	Deck  string
	Count int
}

// HandCard is one card in front of a player.
type HandCard struct {
	ID   string
	Name string
	URL  string
	Deck string
	Used bool
	// Moved: it came into the hand this turn and rests (not used).
	Moved bool
	Worn  bool
	// Actions the owner may take on it now (game.Options): the seats it
	// may be handed to, drop, use, discard.
	GiveTo                      []Option
	CanDrop, CanUse, CanDiscard bool
	// Wears: using it is putting it on or taking it off (the Mask);
	// Toggles: switching it on or off (the Music Box).
	Wears, Toggles bool
	// Roll, when set, is a one-tap guided roll for this card; ApplySource,
	// for a card whose effect needs no roll (Healing Salve).
	Roll        *GuidedRoll
	ApplySource string
	// Why is why its own action (roll, apply, use) can't be taken now.
	Why *Phrase
	// LossCost, when set, is asked about before giving or dropping the
	// card: losing it costs traits (the Amulet of the Ages).
	LossCost []TraitChange
	// Text is an event card's own words, shown while it is held (Debris,
	// Webs): what it does is the reason it is still there.
	Text string
	// On: switched on (Music Box: open); EndIn: the rooms an end of turn
	// may name to end this lingering card (Grave Dirt).
	On    bool
	EndIn []Option
	// Take: one form per explorer it may take an item from (Gloves).
	Take []TakeFrom
	// Gist is an item's or omen's effect in two short lines, made from its
	// data: what it gives (a weapon's dice, what holding it raises), then
	// when it can be used and what can't be done with it (a companion is
	// never traded); nil for an event. Mid-turn nobody opens a card to
	// recall what it does; Full, its whole text, opens under them with a tap.
	Gist *Gist
	Full string
}

// Gist is a held card's two lines as data, each line's parts (phrases of
// cards_gist_words.go, names in both languages), made once per card from
// its data by internal/seatview/gist.go; gistWords says them.
type Gist struct {
	Gives []Line // what it gives, a clause a part
	When  []Line // when it can be used, then what can't be done with it
}

// TakeFrom is an explorer a card may take an item from, and the items.
type TakeFrom struct {
	Seat  string
	Name  string
	Items []Option
}

// GuidedRoll is a roll a card or room asks for, preset in a form.
type GuidedRoll struct {
	Source  string
	Name    string // the card's or room's name
	Trait   string
	Dice    int
	Purpose string
	// Room is the room it is rolled in when that changes its dice
	// (Groundskeeper in the Gardens), and its name.
	Room, RoomName string
}

// DrawEffect is a drawn card's effect applied in one tap.
type DrawEffect struct {
	Source string
	Name   string
	Text   string
	Items  []Option
}

// OfferLine is a card another seat hands this one.
type OfferLine struct {
	Seq  int
	Mine bool   // offered by this seat (can be withdrawn)
	Who  string // the other seat's name
	Card string
}

// Pile is an item pile in a room or where someone died.
type Pile struct {
	ID   string
	Name string // the room's
	// Remains, when set, is the seat where this pile is: where it died.
	Remains string
	Cards   []PileCard
}

// PileCard is a card on a pile; CanPickUp when this seat may take it now.
type PileCard struct {
	ID        string
	Label     string
	CanPickUp bool
}

// ApplyLine offers to apply the outcome of the seat's last guided roll.
type ApplyLine struct {
	Source string
	// Said is how it reads: "" the seat's roll (Name: you rolled Total.
	// Outcome), "share" another's outcome the seat shares (Who rolled Total
	// for Name. Outcome), "effect" a drawn card's effect (Name: Outcome).
	Said    string
	Name    string
	Who     string
	Total   int
	Outcome string
	// Traits the outcome asks the player to pick from; To the other
	// explorers it may be applied to (game.ApplyRoll).
	Traits []string
	To     []Option
	// Items: one of the seat's items to name; Rooms: the room to name.
	Items []Option
	Rooms []Option
	// Split: traits a heal may be split between, SplitMost points in all
	// (Medical Kit); left blank, the trait picked takes them all.
	Split     []string
	SplitMost int
}
