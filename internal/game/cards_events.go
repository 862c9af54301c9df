package game

// The cards' events: their data, and how they fold into the hands, the
// piles and the offers.

import (
	"slices"

	"lantern/internal/catalog"
)

// howDeck is how a card moved back into its deck (card_moved).
const howDeck = "deck"

// howReplace is a card discarded for a replacement its holder may draw
// from the same deck, even out of turn (card_moved).
const howReplace = "replace"

// foldCards applies the cards' own events: drawn, moved, offered and used.
func (s *State) foldCards(e Event) {
	switch d := e.Data.(type) {
	case CardDrawn:
		s.foldCardDrawn(d)
	case CardMoved:
		s.foldCardMoved(d)
	case CardOffered:
		s.Offers = append(s.Offers, Offer{Seq: e.Seq, From: d.Seat, To: d.To, Card: d.Card})
	case OfferClosed:
		s.Offers = slices.DeleteFunc(s.Offers, func(o Offer) bool { return o.Seq == d.Target })
	case CardUsed:
		s.foldCardUsed(d)
	}
}

func (s *State) foldCardDrawn(e CardDrawn) {
	s.Gone[e.Card] = true
	s.DrewBy[e.Card] = e.Seat
	if deck := catalog.Box().Card(e.Card).Deck; s.OwedDraws[e.Seat][deck] > 0 {
		s.OwedDraws[e.Seat][deck]-- // the replacement owed is drawn
	}
	if e.Keep {
		s.Hands[e.Seat] = append(s.Hands[e.Seat], HeldCard{Card: e.Card})
		s.updateSetBonus(e.Seat)
	}
}

func (s *State) foldCardMoved(e CardMoved) {
	var held HeldCard
	if e.Seat != 0 { // out of a hand
		if i := s.heldIndex(e.Seat, e.Card); i >= 0 {
			held = s.Hands[e.Seat][i]
			s.Hands[e.Seat] = slices.Delete(s.Hands[e.Seat], i, i+1)
		}
		s.updateSetBonus(e.Seat)
	} else if i := slices.Index(s.Piles[e.Room], e.Card); i >= 0 { // out of a pile
		s.Piles[e.Room] = slices.Delete(s.Piles[e.Room], i, i+1)
	}
	held.Worn = false
	switch {
	case e.To != 0:
		// One action per item per turn (seed 002 FAQ): a card handed over,
		// stolen or picked up rests in its new hand until the turn ends.
		held.Card, held.Used, held.Moved = e.Card, true, true
		s.Hands[e.To] = append(s.Hands[e.To], held)
		s.updateSetBonus(e.To)
	case e.Room != "":
		s.Piles[e.Room] = append(s.Piles[e.Room], e.Card)
	case e.How == howDeck: // back into its deck (Image in the Mirror B)
		delete(s.Gone, e.Card)
	case e.How == howReplace: // discarded for a replacement (Jonah's Turn)
		deck := catalog.Box().Card(e.Card).Deck
		if s.OwedDraws[e.Seat] == nil {
			s.OwedDraws[e.Seat] = map[string]int{}
		}
		s.OwedDraws[e.Seat][deck]++
	}
	for i := len(s.Offers) - 1; i >= 0; i-- {
		if s.Offers[i].Card == e.Card {
			s.Offers = slices.Delete(s.Offers, i, i+1)
		}
	}
}

func (s *State) foldCardUsed(e CardUsed) {
	if c := catalog.Box().Card(e.Card); c.Use != nil && c.Use.InsteadOfAttack {
		s.AttackedThisTurn[attackerKey(Target{Seat: e.Seat})] = true // it was the turn's attack (Dynamite)
	}
	if i := s.heldIndex(e.Seat, e.Card); i >= 0 {
		h := &s.Hands[e.Seat][i]
		h.Used = true
		if e.Wear && catalog.Box().Card(e.Card).Toggle {
			s.On[e.Card] = !s.On[e.Card] // it stays so wherever it goes
		} else if e.Wear {
			h.Worn = !h.Worn
		}
	}
}

// cardEvents are the events this file folds, with the fold that applies them.
var cardEvents = eventTopic{fold: quiet((*State).foldCards), events: []EventData{CardDrawn{}, CardMoved{}, CardOffered{}, OfferClosed{}, CardUsed{}}}

// The type names of the events this file folds.
const (
	EvCardDrawn   = "card_drawn"
	EvCardMoved   = "card_moved"
	EvCardOffered = "card_offered"
	EvOfferClosed = "offer_closed"
	EvCardUsed    = "card_used"
)

// CardDrawn: a card was drawn (Keep: held, not put back).
type CardDrawn struct {
	Seat int    `json:"seat,omitempty"` // stable seat id the event is about
	Card string `json:"card,omitempty"`
	Keep bool   `json:"keep,omitempty"`
}

func (CardDrawn) EventType() string { return EvCardDrawn }

// CardMoved: a card changed hands or went to a room's pile.
type CardMoved struct {
	Seat int    `json:"seat,omitempty"` // stable seat id the event is about
	Room string `json:"room,omitempty"`
	Card string `json:"card,omitempty"`
	How  string `json:"how,omitempty"` // give, drop, pick_up, steal, discard, death
	To   int    `json:"to,omitempty"`  // receiving seat id
}

func (CardMoved) EventType() string { return EvCardMoved }

// CardOffered: a card was offered to another seat.
type CardOffered struct {
	Seat int    `json:"seat,omitempty"` // stable seat id the event is about
	Card string `json:"card,omitempty"`
	To   int    `json:"to,omitempty"` // receiving seat id
}

func (CardOffered) EventType() string { return EvCardOffered }

// OfferClosed: an offer (Target) was accepted, declined or taken back.
type OfferClosed struct {
	Seat   int `json:"seat,omitempty"`   // stable seat id the event is about
	Target int `json:"target,omitempty"` // the seq it refers to
}

func (OfferClosed) EventType() string { return EvOfferClosed }

// CardUsed: a held card was used, or put on or taken off.
type CardUsed struct {
	Seat int    `json:"seat,omitempty"` // stable seat id the event is about
	Card string `json:"card,omitempty"`
	Wear bool   `json:"wear,omitempty"` // put on or taken off
}

func (CardUsed) EventType() string { return EvCardUsed }
