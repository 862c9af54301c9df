package game

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"lantern/internal/catalog"
)

// Cards in hands, decks and piles: what a player does with a card (draw
// it, give, drop, pick up, discard or use it) and how each move folds into
// the state. What a card does is its data (catalog.Card, data/*.json); when
// it may be used or rolled for is cardlimits.go; what applying its effect
// does is effects.go.

// cardActions are the actions this file decides.
var cardActions = []Action{DrawCard{}, GiveCard{}, AcceptCard{}, DeclineCard{}, DropCard{}, PickUp{}, DiscardCard{}, UseCard{}}

// The type names of the actions this file decides.
const (
	ActDrawCard    = "draw_card"
	ActGiveCard    = "give_card"
	ActAcceptCard  = "accept_card"
	ActDeclineCard = "decline_card"
	ActDropCard    = "drop_card"
	ActPickUp      = "pick_up"
	ActDiscardCard = "discard_card"
	ActUseCard     = "use_card"
)

// DrawCard draws an item or event card.
type DrawCard struct {
	Basis
	Seat  int    `json:"seat,omitempty"`
	Card  string `json:"card,omitempty"`
	Total *int   `json:"total,omitempty"`
	Faces []int  `json:"faces,omitempty"`
}

func (DrawCard) ActionType() string { return ActDrawCard }

// GiveCard offers a held card to another seat.
type GiveCard struct {
	Basis
	Seat int    `json:"seat,omitempty"`
	Card string `json:"card,omitempty"`
	To   int    `json:"to,omitempty"`
}

func (GiveCard) ActionType() string { return ActGiveCard }

// AcceptCard takes a card offered.
type AcceptCard struct {
	Basis
	Offer int `json:"offer,omitempty"`
}

func (AcceptCard) ActionType() string { return ActAcceptCard }

// DeclineCard refuses a card offered, or takes an offer back.
type DeclineCard struct {
	Basis
	Offer int `json:"offer,omitempty"`
}

func (DeclineCard) ActionType() string { return ActDeclineCard }

// DropCard drops a held item in a room.
type DropCard struct {
	Basis
	Seat int    `json:"seat,omitempty"`
	Card string `json:"card,omitempty"`
	Room string `json:"room,omitempty"`
}

func (DropCard) ActionType() string { return ActDropCard }

// PickUp picks up an item from a room's pile.
type PickUp struct {
	Basis
	Seat int    `json:"seat,omitempty"`
	Card string `json:"card,omitempty"`
	Room string `json:"room,omitempty"`
}

func (PickUp) ActionType() string { return ActPickUp }

// DiscardCard discards a held card.
type DiscardCard struct {
	Basis
	Seat int    `json:"seat,omitempty"`
	Card string `json:"card,omitempty"`
}

func (DiscardCard) ActionType() string { return ActDiscardCard }

// UseCard uses a held card (or puts it on or off).
type UseCard struct {
	Basis
	Seat int    `json:"seat,omitempty"`
	Card string `json:"card,omitempty"`
}

func (UseCard) ActionType() string { return ActUseCard }

// HeldCard is a card in front of a player (hands are public, as in the box).
type HeldCard struct {
	Card string `json:"card"`
	// Used is set when the card was used this turn: it can't then be traded
	// or dropped until the turn ends (seed 002 FAQ: 每件物品在一回合中只能使用、
	// 转交、丢弃、偷窃或捡拾其中一项).
	Used bool `json:"used,omitempty"`
	// Moved is set when the card came into this hand this turn (handed
	// over, stolen or picked up): it rests, Used, without having been
	// used, and is told so.
	Moved bool `json:"moved,omitempty"`
	// Worn is set while the Mask is on.
	Worn bool `json:"worn,omitempty"`
}

// Offer is a card one seat hands another; it moves when the other accepts.
type Offer struct {
	Seq  int    `json:"seq"`
	From int    `json:"from"`
	To   int    `json:"to"`
	Card string `json:"card"`
}

// RemainsPile names the item pile where an explorer died: their cards drop
// there and companions wait for the first explorer to come by (seed 000, 伤害).
func RemainsPile(seatID int) string { return fmt.Sprintf("remains-%d", seatID) }

// Holds reports whether a seat holds a card.
func (s *State) Holds(seatID int, card string) bool { return s.heldIndex(seatID, card) >= 0 }

func (s *State) heldIndex(seatID int, card string) int {
	return slices.IndexFunc(s.Hands[seatID], func(h HeldCard) bool { return h.Card == card })
}

// holderOf is the seat holding a card, or 0.
func (s *State) holderOf(card string) int {
	for _, seat := range s.Seats {
		if s.Holds(seat.ID, card) {
			return seat.ID
		}
	}
	return 0
}

// itemsHeld are the item cards (not omens) a seat holds.
func (s *State) itemsHeld(seatID int) []string {
	var out []string
	for _, h := range s.Hands[seatID] {
		if c := catalog.Box().Card(h.Card); c != nil && c.Deck == "item" {
			out = append(out, c.ID)
		}
	}
	return out
}

// InDeck reports whether a card is still in its deck (not yet drawn).
func (s *State) InDeck(card string) bool { return !s.Gone[card] }

// DeckCount is how many cards of a deck are still to be drawn.
func (s *State) DeckCount(deck string) int {
	n := 0
	for _, c := range catalog.Box().Cards {
		if c.Deck == deck && !s.Gone[c.ID] {
			n++
		}
	}
	return n
}

// Kept reports whether a drawn card stays in front of its drawer (every
// item and omen but Bite; events marked keep unless they stay in a room).
func Kept(c *catalog.Card) bool {
	if c.Deck == "event" {
		return c.Keep && !c.StaysInRoom
	}
	return !c.NotKept
}

// keptID is kept for a card id.
func keptID(id string) bool {
	c := catalog.Box().Card(id)
	return c != nil && Kept(c)
}

// Discardable tells cards a player may throw away: events that stay with
// them (cleared), and items and omens that may be dropped or are one-use;
// never the Dog, Girl, Madman or Blood Dagger.
func Discardable(c *catalog.Card) bool {
	return c.Deck == "event" || c.Droppable || c.DiscardAfterUse
}

func (s *State) cardOrRefuse(id string) (*catalog.Card, error) {
	c := catalog.Box().Card(id)
	if c == nil {
		return nil, refuse(Invalid, "err_unknown_card", id)
	}
	return c, nil
}

func (s *State) heldOrRefuse(seat *Seat, card string) (*HeldCard, error) {
	i := s.heldIndex(seat.ID, card)
	if i < 0 {
		return nil, refuse(Conflict, "err_not_holding", seat.Name)
	}
	return &s.Hands[seat.ID][i], nil
}

// ownTurn refuses what a seat may only do on its own turn: drawing a card
// when it discovers a room, picking an item up (seed 000, 玩家行动: a turn's
// moves and actions are the player's own); the host may record it for them.
func (s *State) ownTurn(actor Actor, seat *Seat) error {
	if !actor.Host && s.Turn != seat.ID {
		return errNotYourTurn
	}
	return nil
}

// owesDraw reports whether a seat may draw a card of a deck out of turn: a
// replacement owed (Jonah's Turn).
func (s *State) owesDraw(seatID int, deck string) bool { return s.OwedDraws[seatID][deck] > 0 }

// decide records "I drew…": the card leaves its deck; items and
// omens go to the hand with what they give; events that stay with the
// player (Debris, Lights Out, Grave Dirt, Webs) too; other events are
// resolved and discarded. Omens are drawn with draw_omen (they need the room
// for the haunt roll); Bite counts as an omen but isn't kept.
func (a DrawCard) decide(s *State, actor Actor) ([]Event, error) {
	seat, err := s.actingSeat(actor, a.Seat, true)
	if err != nil {
		return nil, err
	}
	card, err := s.cardOrRefuse(a.Card)
	if err != nil {
		return nil, err
	}
	if card.Deck == "omen" {
		return nil, refuse(Invalid, "err_omen_needs_room")
	}
	if err := s.ownTurn(actor, seat); err != nil && !s.owesDraw(seat.ID, card.Deck) {
		return nil, err // a replacement owed may be drawn out of turn (Jonah's Turn)
	}
	if !s.InDeck(card.ID) {
		return nil, refuse(Conflict, "err_card_not_in_deck")
	}
	if a.stale(seat.ChangedAt) {
		return nil, refuse(Conflict, "err_stale")
	}
	keep := Kept(card)
	evs := []Event{{Data: CardDrawn{Seat: seat.ID, Card: card.ID, Keep: keep}}}
	if keep {
		evs = append(evs, s.cardEffects(seat, []string{card.ID}, nil, "card:"+card.ID)...)
	}
	return s.withCardAttack(evs, seat, card, a.Faces, a.Total)
}

// withCardAttack adds the attack a drawn card makes on its drawer (Bite,
// Creepy Puppet), refused while another attack is under way.
func (s *State) withCardAttack(evs []Event, seat *Seat, card *catalog.Card, faces []int, total *int) ([]Event, error) {
	if card.Attack == nil {
		return evs, nil
	}
	if s.attackOpen() {
		return nil, refuse(Conflict, "err_attack_in_progress")
	}
	at, err := s.cardAttackEvent(seat, card.ID, card.Attack, faces, total)
	if err != nil {
		return nil, err
	}
	return append(evs, at), nil
}

// omenEvents are what drawing an omen adds beyond the omen count: the card
// goes to the hand with its gains, except one not kept (Bite).
func (s *State) omenEvents(seat *Seat, omen string) []Event {
	if !keptID(omen) {
		return nil
	}
	return s.cardEffects(seat, []string{omen}, nil, "card:"+omen)
}

// decide offers one card to another seat; it moves when they accept
// (seed 000, 物件: 可将1张卡牌转交给同处一室的其他人物; companions never).
func (a GiveCard) decide(s *State, actor Actor) ([]Event, error) {
	seat, err := s.actingSeat(actor, a.Seat, false)
	if err != nil {
		return nil, err
	}
	to := s.SeatAt(a.To)
	if to == nil || to.ID == seat.ID {
		return nil, refuse(NotFound, "err_unknown_seat", a.To)
	}
	if !s.Alive(seat) || !s.Alive(to) {
		return nil, refuse(Conflict, "err_dead", to.Name)
	}
	// A trade is part of a turn: the explorer whose turn it is trades with
	// another in the same room (seed 003 l.149-151: 當在玩家的回合時…在同個房間
	// 跟其他玩家交易一樣物品(雙方都接受的情況下); seed 000 l.187, among 玩家行动).
	// So one of the two is the one whose turn it is; the host may correct.
	if !actor.Host && s.Turn != seat.ID && s.Turn != to.ID {
		return nil, refuse(Conflict, "err_trade_turn")
	}
	held, err := s.heldOrRefuse(seat, a.Card)
	if err != nil {
		return nil, err
	}
	card, _ := s.cardOrRefuse(a.Card)
	if err := s.notStuck(seat); err != nil && card.Tradeable {
		return nil, err
	}
	if !card.Tradeable {
		return nil, refuse(Conflict, "err_not_tradeable")
	}
	if held.Used {
		return nil, usedRefusal(held)
	}
	for _, o := range s.Offers {
		if o.Card == a.Card {
			return nil, refuse(Conflict, "err_already_offered")
		}
	}
	return []Event{{Data: CardOffered{Seat: seat.ID, To: to.ID, Card: a.Card}}}, nil
}

// decide accepts an offer made to the actor's seat.
func (a AcceptCard) decide(s *State, actor Actor) ([]Event, error) {
	return s.decideAnswerOffer(actor, a.Offer, true)
}

// decide declines an offer made to the actor's seat, or takes back one the
// actor made.
func (a DeclineCard) decide(s *State, actor Actor) ([]Event, error) {
	return s.decideAnswerOffer(actor, a.Offer, false)
}

// decideAnswerOffer accepts or declines the offer of seq.
func (s *State) decideAnswerOffer(actor Actor, seq int, accept bool) ([]Event, error) {
	var offer *Offer
	for i := range s.Offers {
		if s.Offers[i].Seq == seq {
			offer = &s.Offers[i]
		}
	}
	if offer == nil {
		return nil, refuse(NotFound, "err_no_offer")
	}
	from, to := s.SeatByID(offer.From), s.SeatByID(offer.To)
	if !actor.Host && actor.Seat != to.ID && !(actor.Seat == from.ID && !accept) {
		return nil, refuse(Forbidden, "err_other_seat")
	}
	if !accept || !s.Holds(from.ID, offer.Card) {
		return []Event{{Data: OfferClosed{Seat: offer.To, Target: offer.Seq}}}, nil
	}
	evs := []Event{{Data: OfferClosed{Seat: offer.To, Target: offer.Seq}},
		{Data: CardMoved{Seat: from.ID, To: to.ID, Card: offer.Card, How: "give"}}}
	evs = append(evs, s.cardEffects(from, nil, []string{offer.Card}, "card:"+offer.Card)...)
	return append(evs, s.cardEffects(to, []string{offer.Card}, nil, "card:"+offer.Card)...), nil
}

// decide leaves a card on an item pile in a room (seed 000, 物件).
func (a DropCard) decide(s *State, actor Actor) ([]Event, error) {
	seat, err := s.actingSeat(actor, a.Seat, false)
	if err != nil {
		return nil, err
	}
	if catalog.Box().Room(a.Room) == nil {
		return nil, refuse(Invalid, "err_unknown_room", a.Room)
	}
	held, err := s.heldOrRefuse(seat, a.Card)
	if err != nil {
		return nil, err
	}
	card, _ := s.cardOrRefuse(a.Card)
	if err := s.notStuck(seat); err != nil && card.Droppable {
		return nil, err
	}
	if !card.Droppable {
		return nil, refuse(Conflict, "err_not_droppable")
	}
	if held.Used {
		return nil, usedRefusal(held)
	}
	evs := []Event{{Data: CardMoved{Seat: seat.ID, Room: a.Room, Card: a.Card, How: "drop"}}}
	return append(evs, s.cardEffects(seat, nil, []string{a.Card}, "card:"+a.Card)...), nil
}

// decide takes a card from a pile (a room's, or where someone died:
// companions follow the first explorer to arrive).
func (a PickUp) decide(s *State, actor Actor) ([]Event, error) {
	seat, err := s.actingSeat(actor, a.Seat, true)
	if err != nil {
		return nil, err
	}
	if err := s.ownTurn(actor, seat); err != nil {
		return nil, err
	}
	if err := s.notStuck(seat); err != nil {
		return nil, err
	}
	if !slices.Contains(s.Piles[a.Room], a.Card) {
		return nil, refuse(Conflict, "err_not_in_pile")
	}
	evs := []Event{{Data: CardMoved{To: seat.ID, Room: a.Room, Card: a.Card, How: "pick_up"}}}
	return append(evs, s.cardEffects(seat, []string{a.Card}, nil, "card:"+a.Card)...), nil
}

// decide discards a held card: one used up, or an event cleared.
func (a DiscardCard) decide(s *State, actor Actor) ([]Event, error) {
	seat, err := s.actingSeat(actor, a.Seat, false)
	if err != nil {
		return nil, err
	}
	if _, err := s.heldOrRefuse(seat, a.Card); err != nil {
		return nil, err
	}
	card, _ := s.cardOrRefuse(a.Card)
	if !Discardable(card) {
		return nil, refuse(Conflict, "err_not_droppable")
	}
	if goesByItself(card) {
		// Ended only by what its text prints (Grave Dirt, Webs).
		return nil, refuse(Conflict, "err_event_not_cleared", card.Name)
	}
	evs := []Event{{Data: CardMoved{Seat: seat.ID, Card: a.Card, How: "discard"}}}
	return append(evs, s.cardEffects(seat, nil, []string{a.Card}, "card:"+a.Card)...), nil
}

// decide marks a card used this turn; one-use cards are discarded,
// and using the Mask puts it on or takes it off.
func (a UseCard) decide(s *State, actor Actor) ([]Event, error) {
	seat, err := s.actingSeat(actor, a.Seat, true)
	if err != nil {
		return nil, err
	}
	card, err := s.cardOrRefuse(a.Card)
	if err != nil {
		return nil, err
	}
	if err := s.mayUse(actor, seat, card); err != nil {
		return nil, err
	}
	if card.Use != nil && card.Use.InsteadOfAttack && s.AttackedThisTurn[attackerKey(Target{Seat: seat.ID})] {
		return nil, refuse(Conflict, "err_attacked_instead", card.Name)
	}
	if r := card.Roll; r != nil && r.RollTraits() == nil && r.Dice == 0 && len(r.Brackets) > 0 {
		// Its use is its effect, with no roll (Healing Salve, Pickpocket's
		// Gloves): the same as applying it.
		return ApplyEffect{Basis: a.Basis, Seat: a.Seat, Card: a.Card, Source: "card:" + card.ID}.decide(s, actor)
	}
	if card.Weapon != nil && card.Use == nil && card.Roll == nil && s.Phase != PhaseHaunt {
		// A weapon's use is an attack (seed 000 武器), and there are none
		// before the haunt: marking it used would mean nothing.
		return nil, refuse(Conflict, "err_weapon_before_haunt", card.Name)
	}
	if card.Deck == "event" && !card.DiscardAfterUse {
		// An event held in front of you acts as its card prints, through
		// its roll or while held: use_card has nothing to mark (the phone
		// offered no Use for it either).
		return nil, refuse(Conflict, "err_card_acts_itself", card.Name)
	}
	evs := []Event{{Data: CardUsed{Seat: seat.ID, Card: a.Card}}}
	if card.Use != nil && card.Use.Need > 0 {
		// Used through its roll (the Mask: Sanity 4+, else not this turn).
		last := s.LastRoll(seat.ID)
		if last == nil || last.Source != "card:"+card.ID || last.Applied {
			return nil, refuse(Conflict, "err_card_roll_first", card.Name)
		}
		if last.Total < card.Use.Need {
			return nil, refuse(Conflict, "err_card_roll_low", card.Name, last.Total, card.Use.Need)
		}
		evs = []Event{{Data: RollApplied{Seat: seat.ID, Target: last.Seq}}}
		if card.Worn != nil {
			return append(evs, s.wearEvents(seat, card)...), nil
		}
		evs = append(evs, Event{Data: CardUsed{Seat: seat.ID, Card: a.Card}})
	} else if card.Worn != nil {
		return s.wearEvents(seat, card), nil
	} else if card.Toggle { // switched on or off (Music Box: opened or shut)
		return []Event{{Data: CardUsed{Seat: seat.ID, Card: a.Card, Wear: true}}}, nil
	}
	if card.DiscardAfterUse {
		evs = append(evs, Event{Data: CardMoved{Seat: seat.ID, Card: a.Card, How: "discard"}})
		evs = append(evs, s.cardEffects(seat, nil, []string{a.Card}, "card:"+a.Card)...)
	}
	return evs, nil
}

// wearEvents put a card on or take it off: what wearing it changes, or the
// reverse (the Mask's card text).
func (s *State) wearEvents(seat *Seat, c *catalog.Card) []Event {
	i := s.heldIndex(seat.ID, c.ID)
	m := c.Worn
	if i >= 0 && s.Hands[seat.ID][i].Worn {
		m = negate(c.Worn)
	}
	evs := []Event{{Data: CardUsed{Seat: seat.ID, Card: c.ID, Wear: true}}}
	if ch := s.traitDelta(seat, m, maps.Clone(seat.Traits)); len(ch) > 0 {
		evs = append(evs, Event{Data: TraitsChanged{Seat: seat.ID, Cause: "card:" + c.ID, Changes: ch}})
	}
	return evs
}

// cardEffects are the trait events that follow a card changing hands: what
// holding it gives or takes, the Mask if worn, and the Bell–Book–Candle set.
// gained and lost list the cards the seat gains and loses in this step.
func (s *State) cardEffects(seat *Seat, gained, lost []string, cause string) []Event {
	traits := maps.Clone(seat.Traits)
	total := map[string]int{}
	add := func(m map[string]int) {
		for k, v := range m {
			total[k] += v
		}
	}
	box := catalog.Box()
	for _, id := range gained {
		add(box.Card(id).OnGain)
	}
	for _, id := range lost {
		add(box.Card(id).OnLose)
		if i := s.heldIndex(seat.ID, id); i >= 0 && s.Hands[seat.ID][i].Worn {
			add(negate(box.Card(id).Worn)) // taken off as it goes
		}
	}
	// The set bonus (a card's set: the Candle's Bell, Book and Candle),
	// given once per explorer and taken back when the set breaks.
	holds := func(id string) bool {
		return (s.Holds(seat.ID, id) || slices.Contains(gained, id)) && !slices.Contains(lost, id)
	}
	if set := completeSet(holds); set != nil && !s.SetBonus[seat.ID] && !s.SetBonusUsed[seat.ID] {
		add(set.Gain)
		cause += "+set"
	} else if old := completeSet(s.holder(seat.ID)); set == nil && s.SetBonus[seat.ID] && old != nil {
		add(negate(old.Gain))
		cause += "-set"
	}
	changes := s.traitDelta(seat, total, traits)
	if len(changes) == 0 && !strings.Contains(cause, "set") {
		return nil
	}
	return []Event{{Data: TraitsChanged{Seat: seat.ID, Cause: cause, Changes: changes}}}
}

func negate(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = -v
	}
	return out
}

// completeSet is the set bonus a hand completes (a card with a set, held
// with every card its set names), or nil.
func completeSet(holds func(string) bool) *catalog.CardSet {
	for i := range catalog.Box().Cards {
		if c := &catalog.Box().Cards[i]; c.Set != nil && holds(c.ID) && !slices.ContainsFunc(c.Set.With, func(id string) bool { return !holds(id) }) {
			return c.Set
		}
	}
	return nil
}

// holder is Holds for one seat, as a function of the card.
func (s *State) holder(seatID int) func(string) bool {
	return func(card string) bool { return s.Holds(seatID, card) }
}

// updateSetBonus follows a card set (Bell, Book and Candle) after a hand
// changed.
func (s *State) updateSetBonus(seatID int) {
	has := completeSet(s.holder(seatID)) != nil
	switch {
	case has && !s.SetBonusUsed[seatID]:
		s.SetBonus[seatID], s.SetBonusUsed[seatID] = true, true
	case !has:
		s.SetBonus[seatID] = false
	}
}

// deathEvents drop everything a dying explorer holds where they died: the
// hand as it is once the batch that kills them has moved its cards.
func (s *State) deathEvents(seat *Seat, batch []Event) []Event {
	var evs []Event
	for _, card := range s.handAfter(seat.ID, batch) {
		evs = append(evs, Event{Data: CardMoved{Seat: seat.ID, Room: RemainsPile(seat.ID), Card: card, How: "death"}})
	}
	return evs
}

// handAfter is a seat's hand once a batch of events has moved its cards.
func (s *State) handAfter(seatID int, batch []Event) []string {
	var hand []string
	for _, h := range s.Hands[seatID] {
		hand = append(hand, h.Card)
	}
	for _, e := range batch {
		switch d := e.Data.(type) {
		case CardMoved:
			if d.Seat == seatID {
				hand = slices.DeleteFunc(hand, func(c string) bool { return c == d.Card })
			} else if d.To == seatID {
				hand = append(hand, d.Card)
			}
		case CardDrawn:
			if d.Keep && d.Seat == seatID {
				hand = append(hand, d.Card)
			}
		case OmenDrawn:
			if d.Seat == seatID && keptID(d.Omen) {
				hand = append(hand, d.Omen)
			}
		}
	}
	return hand
}

// usedRefusal is why a card resting this turn can't be traded or dropped:
// used, or come into the hand this turn (not used: it only rests).
func usedRefusal(held *HeldCard) error {
	if held.Moved {
		return refuse(Conflict, "err_moved_this_turn")
	}
	return refuse(Conflict, "err_used_this_turn")
}
