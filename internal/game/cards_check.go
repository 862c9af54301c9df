package game

import (
	"fmt"
	"strings"

	"lantern/internal/catalog"
)

// checkCards checks where the cards are: known cards, held by seats or on
// known piles, and none in two places at once.
func (s *State) checkCards(seats seatIDs) error {
	where := map[string]string{}
	put := func(card, place string) error {
		if catalog.Box().Card(card) == nil {
			return impossible("card %q in %s", card, place)
		}
		if other, ok := where[card]; ok {
			return impossible("card %q both in %s and in %s", card, other, place)
		}
		where[card] = place
		return nil
	}
	for id, hand := range s.Hands {
		if len(hand) > 0 && !seats.has(id) {
			return impossible("a hand of seat %d", id)
		}
		for _, c := range hand {
			if err := put(c.Card, fmt.Sprintf("seat %d's hand", id)); err != nil {
				return err
			}
		}
	}
	for pile, cards := range s.Piles {
		if seatID, ok := remainsOf(pile); ok {
			if !seats.has(seatID) {
				return impossible("pile %q", pile)
			}
		} else if catalog.Box().Room(pile) == nil {
			return impossible("pile %q", pile)
		}
		for _, c := range cards {
			if err := put(c, "pile "+pile); err != nil {
				return err
			}
		}
	}
	for _, o := range s.Offers {
		if !seats.has(o.From) || !seats.has(o.To) || catalog.Box().Card(o.Card) == nil {
			return impossible("card %q offered by %d to %d", o.Card, o.From, o.To)
		}
	}
	for card, id := range s.DrewBy {
		if catalog.Box().Card(card) == nil || !seats.has(id) {
			return impossible("card %q drawn by %d", card, id)
		}
	}
	return nil
}

// remainsOf reads RemainsPile back: the seat id of a pile where one died.
func remainsOf(pile string) (int, bool) {
	var id int
	if rest, ok := strings.CutPrefix(pile, "remains-"); ok {
		if _, err := fmt.Sscanf(rest, "%d", &id); err == nil && RemainsPile(id) == pile {
			return id, true
		}
	}
	return 0, false
}

// checkCardEvents checks the cards' events: each names a known card.
func checkCardEvents(e *Event) error {
	var card string
	switch d := e.Data.(type) {
	case CardDrawn:
		card = d.Card
	case CardMoved:
		card = d.Card
	case CardOffered:
		card = d.Card
	case CardUsed:
		card = d.Card
	default:
		return nil
	}
	if catalog.Box().Card(card) == nil {
		return impossible("event %d: card %q", e.Seq, card)
	}
	return nil
}
