package game

import (
	"slices"

	"lantern/internal/catalog"
)

// What Options offers about cards: the decks to draw from, offers, each
// held card's use, give, drop and discard with why each is refused, the
// piles' cards to pick up, the event drawn whose roll is owed. The phone's
// card area asks here instead of reading card fields itself (issue 10,
// item 3). Each entry is found by a dry run of Decide (options.go).

// drawOptions are the decks the seat may draw from now and, in those, the
// cards Decide refuses all the same (Creepy Puppet or the Bite, whose
// attack waits while another is open), so the "I drew…" picker lists only
// what Decide accepts. A deck is offered when any card left in it may be
// drawn.
func (s *State) drawOptions(d *dryRun) (decks, refused []string) {
	room := catalog.Chart().Rooms[0]
	for _, deck := range drawDecks {
		var allowed bool
		var no []string
		for i := range catalog.Box().Cards {
			c := &catalog.Box().Cards[i]
			if c.Deck != deck || !s.InDeck(c.ID) {
				continue
			}
			var a Action = DrawCard{Card: c.ID}
			if deck == "omen" {
				a = DrawOmen{Omen: c.ID, Room: room}
			}
			if d.allows(a) {
				allowed = true
			} else {
				no = append(no, c.ID)
			}
		}
		if allowed {
			decks = append(decks, deck)
			refused = append(refused, no...)
		}
	}
	return decks, refused
}

// drawDecks are the decks in the order Options lists them.
var drawDecks = [3]string{"omen", "item", "event"}

// OfferOption is an open offer to or from this seat.
type OfferOption struct {
	Offer   int    `json:"offer"`
	Card    string `json:"card"`
	From    int    `json:"from"`
	To      int    `json:"to"`
	Accept  bool   `json:"accept"`
	Decline bool   `json:"decline"`
}

func (s *State) offerOptions(d *dryRun, me *Seat) []OfferOption {
	var out []OfferOption
	for _, of := range s.Offers {
		if of.To != me.ID && of.From != me.ID {
			continue
		}
		o := OfferOption{Offer: of.Seq, Card: of.Card, From: s.SeatNumber(of.From), To: s.SeatNumber(of.To),
			Accept:  of.To == me.ID && d.allows(AcceptCard{Offer: of.Seq}),
			Decline: d.allows(DeclineCard{Offer: of.Seq})}
		out = append(out, o)
	}
	return out
}

// Card is what may be done now with the held card id, or nil when the
// seat holds none.
func (o Options) Card(id string) *CardOption {
	for i := range o.Cards {
		if o.Cards[i].Card == id {
			return &o.Cards[i]
		}
	}
	return nil
}

// CardOption is a held card and what may be done with it now.
type CardOption struct {
	Card    string `json:"card"`
	Use     bool   `json:"use"`
	Apply   bool   `json:"apply"` // apply its effect (its roll's outcome, or the effect of a card without a roll)
	Give    []int  `json:"give,omitempty"`
	Drop    bool   `json:"drop"`
	Discard bool   `json:"discard"`
	// Roll: its guided roll may be made now; Refused says why each of
	// these it may not (cardAreaOptions).
	Roll    bool               `json:"roll"`
	Refused map[string]Refusal `json:"refused,omitempty"`
	// Why is why the card's own action — its guided roll, its effect
	// applied, or a use its data gives it — can't be taken now; nil when
	// it can, or when the card has none (Armor, an event that acts by
	// itself).
	Why *Refusal `json:"why,omitempty"`
	// Take: the explorers (seat numbers) and items applying it may take
	// from (Pickpocket's Gloves).
	Take []TakeOption `json:"take,omitempty"`
}

func (s *State) cardOptions(d *dryRun, me *Seat) []CardOption {
	hand := s.Hands[me.ID]
	if len(hand) == 0 {
		return nil
	}
	out := make([]CardOption, 0, len(hand))
	anyRoom := catalog.Box().Rooms[0].ID
	for _, h := range hand {
		c := CardOption{Card: h.Card, Apply: s.applyAllowed(d, "card:"+h.Card)}
		c.Use = c.refuse("use", d.why(UseCard{Card: h.Card}))
		c.Drop = c.refuse("drop", d.why(DropCard{Card: h.Card, Room: anyRoom}))
		c.Discard = c.refuse("discard", d.why(DiscardCard{Card: h.Card}))
		var give *Refusal // why it can't go to the first other seat
		for i, other := range s.Seats {
			if other.ID == me.ID {
				continue
			}
			r := d.why(GiveCard{Card: h.Card, To: i + 1})
			if r == nil {
				c.Give = append(c.Give, i+1)
			} else if give == nil {
				give = r
			}
		}
		if len(c.Give) == 0 {
			c.refuse("give", give)
		}
		out = append(out, c)
	}
	return out
}

// refuse notes why one of the card's actions (a key of Refused) is
// refused, and reports whether it is allowed (r is nil).
func (c *CardOption) refuse(action string, r *Refusal) bool {
	if r == nil {
		return true
	}
	if c.Refused == nil {
		c.Refused = map[string]Refusal{}
	}
	c.Refused[action] = *r
	return false
}

// PickUpOption is a card on an item pile the seat may pick up now.
type PickUpOption struct {
	Pile string `json:"pile"` // the room id, or a RemainsPile
	Card string `json:"card"`
}

// cardAreaOptions fills in the card area: each held card's refusals, roll
// and items to take, the piles' cards that may be picked up, the rooms
// whose effect may be used (rooms_options.go) and the last roll's outcome
// to apply (effects_options.go).
func (s *State) cardAreaOptions(d *dryRun, me *Seat, o *Options) {
	for i := range o.Cards {
		s.heldCardArea(d, me, &o.Cards[i])
	}
	o.PickUp = s.pickUpOptions(d)
	o.Rooms = s.roomOptions(d)
	o.ApplyRoll = s.applyRollOption(d, me)
}

// heldCardArea adds to a held card's options its refusals, its roll and
// the items it may take, and why its own action can't be taken now.
func (s *State) heldCardArea(d *dryRun, me *Seat, c *CardOption) {
	card := catalog.Box().Card(c.Card)
	src := "card:" + c.Card
	if !c.Apply {
		c.refuse("apply", d.why(ApplyEffect{Source: src}))
	}
	c.Take = s.takeOptions(d, me, card)
	a, rollable := guidedRollAction(card.Roll, src, card.Deck)
	if rollable {
		c.Roll = c.refuse("roll", d.why(a))
	}
	why := func(action string) *Refusal {
		if r, ok := c.Refused[action]; ok {
			return &r
		}
		return nil
	}
	// The card's own action, as the card area offers it: its roll (or
	// the outcome of one made), its effect without a roll (Healing
	// Salve), or a use its data gives it (a window, wearing it, used
	// up). A card that only acts while held (Armor, the Dog), in a
	// fight or on a roll has no action of its own to explain.
	switch {
	case c.Roll || c.Apply || c.Use || len(c.Take) > 0:
		// The take forms name the explorers: nothing to explain.
	case card.Roll != nil && len(card.Roll.Brackets) > 0 && card.Roll.Brackets[0].TakeItem:
		c.Why = s.takeWhy(d, me, card)
	case rollable:
		c.Why = why("roll")
	case card.Roll != nil && len(card.Roll.Brackets) > 0:
		c.Why = why("apply")
	case card.Use != nil || card.Worn != nil || card.DiscardAfterUse:
		c.Why = why("use")
	}
}

// pickUpOptions are the cards on the piles the seat may pick up now, the
// piles in order of their names.
func (s *State) pickUpOptions(d *dryRun) []PickUpOption {
	var piles []string
	for pile, cards := range s.Piles {
		if len(cards) > 0 {
			piles = append(piles, pile)
		}
	}
	slices.Sort(piles)
	var out []PickUpOption
	for _, pile := range piles {
		for _, card := range s.Piles[pile] {
			if d.allows(PickUp{Card: card, Room: pile}) {
				out = append(out, PickUpOption{Pile: pile, Card: card})
			}
		}
	}
	return out
}

// takeWhy is why a card that takes an item (Pickpocket's Gloves) offers no
// explorer to take from: Decide's refusal of taking an item a living
// explorer holds, or, when none holds one, err_take_nobody — unless
// something else refuses it first (not the holder's turn, used already).
func (s *State) takeWhy(d *dryRun, me *Seat, card *catalog.Card) *Refusal {
	src := "card:" + card.ID
	other := 0
	for _, seat := range s.Seats {
		if seat.ID == me.ID || !s.Alive(&seat) {
			continue
		}
		other = s.SeatNumber(seat.ID)
		for _, item := range s.itemsHeld(seat.ID) {
			if r := d.why(ApplyEffect{Source: src, To: other, Card: item}); r != nil {
				return r
			}
		}
	}
	r := d.why(ApplyEffect{Source: src, To: other})
	if r == nil || r.Key == "err_take_from" || r.Key == "err_take_item" {
		return &Refusal{Key: "err_take_nobody", Args: []any{card.Name}}
	}
	return r
}

// drawnOption is the event card the seat drew last this turn and put back
// (not kept), when its roll is not made yet and may be made now. It reads
// the turn's draws and rolls (turnMarks) newest first.
func (s *State) drawnOption(d *dryRun, me *Seat) string {
	for i := len(s.turnMarks) - 1; i >= 0; i-- {
		if card, done := s.drawnFrom(d, me, &s.turnMarks[i]); done {
			return card
		}
	}
	return "" // the turn's start, or the game's
}

// drawnFrom is drawnOption's answer at one of the turn's draws or rolls,
// newest first: done once it is known.
func (s *State) drawnFrom(d *dryRun, me *Seat, m *turnMark) (card string, done bool) {
	if !m.drawn { // a roll
		// Its roll is made: the outcome is offered to apply.
		return "", m.seat == me.ID && m.source != ""
	}
	c := catalog.Box().Card(m.card)
	if m.seat != me.ID || m.keep || c == nil {
		return "", true
	}
	if a, ok := guidedRollAction(c.Roll, "card:"+c.ID, "event"); ok && d.allows(a) {
		return c.ID, true
	}
	return "", true
}

// drawnTraits are the traits Decide accepts for the drawn card's roll when
// its card offers a choice of them (not one roll per trait, Hanged Men).
func drawnTraits(d *dryRun, card string) []string {
	c := catalog.Box().Card(card)
	if c == nil || c.Roll == nil || c.Roll.Each || len(c.Roll.Traits) < 2 {
		return nil
	}
	var out []string
	for _, t := range c.Roll.Traits {
		if d.allows(Roll{Source: "card:" + card, Purpose: "event", Trait: t, Total: &zeroTotal}) {
			out = append(out, t)
		}
	}
	return out
}

// drawnRooms are the house's rooms Decide accepts the drawn card's roll in,
// for the dice its card gives there (roll.room_dice), in box order.
func (s *State) drawnRooms(d *dryRun, card string) []string {
	c := catalog.Box().Card(card)
	if c == nil || c.Roll == nil || len(c.Roll.RoomDice) == 0 {
		return nil
	}
	a, ok := guidedRollAction(c.Roll, "card:"+card, "event")
	if !ok {
		return nil
	}
	var out []string
	for i := range catalog.Box().Rooms {
		r := catalog.Box().Rooms[i].ID
		if _, gives := c.Roll.RoomDice[r]; !gives || !s.InHouse(r) {
			continue
		}
		if a.Room = r; d.allows(a) {
			out = append(out, r)
		}
	}
	return out
}

// TakeOption is an explorer a held card may take items from, and which.
type TakeOption struct {
	From  int      `json:"from"`
	Items []string `json:"items"`
}

// takeOptions are what applying a held card that takes an item accepts now
// (Pickpocket's Gloves): each other explorer with the items it may take.
func (s *State) takeOptions(d *dryRun, me *Seat, card *catalog.Card) []TakeOption {
	if card.Roll == nil || len(card.Roll.Brackets) == 0 || !card.Roll.Brackets[0].TakeItem {
		return nil
	}
	var out []TakeOption
	for _, other := range s.Seats {
		if other.ID == me.ID {
			continue
		}
		t := TakeOption{From: s.SeatNumber(other.ID)}
		for _, item := range s.itemsHeld(other.ID) {
			if d.allows(ApplyEffect{Source: "card:" + card.ID, To: t.From, Card: item}) {
				t.Items = append(t.Items, item)
			}
		}
		if len(t.Items) > 0 {
			out = append(out, t)
		}
	}
	return out
}
