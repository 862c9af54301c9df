package game

import (
	"maps"
	"slices"

	"lantern/internal/catalog"
)

// Card rules read from the card data (data/*.json, catalog.Card): when a
// card may be used, what wearing it changes, what it converts, which rooms
// it shields from and the attacks it makes. Refusals name the card.

// kept reports whether a drawn card stays in front of its drawer (every
// item and omen but Bite; events marked keep unless they stay in a room).
func kept(c *catalog.Card) bool {
	if c.Deck == "event" {
		return c.Keep && !c.StaysInRoom
	}
	return !c.NotKept
}

// keptID is kept for a card id.
func keptID(id string) bool {
	c := catalog.Box().Card(id)
	return c != nil && kept(c)
}

// mayUse checks a card's printed limits before a use of any kind: direct,
// through its roll and Apply, as a roll modifier or reroll, or as a weapon.
// Items are used on your own turn, once per turn (seed 002 FAQ: 每件物品在一
// 回合中只能使用、转交、丢弃、偷窃或捡拾其中一项; 回合之外能使用的只有 Angel
// Feather, Lucky Stone 和 Skull); some only after the haunt.
func (s *State) mayUse(_ Actor, seat *Seat, c *catalog.Card) error {
	name := c.Name
	i := s.heldIndex(seat.ID, c.ID)
	if i < 0 {
		return refuse(Conflict, "err_card_not_held", name)
	}
	if s.Hands[seat.ID][i].Used {
		return refuse(Conflict, "err_card_used_turn", name)
	}
	if c.Deck == "event" {
		return nil // events held in front of you are resolved whenever they ask
	}
	use := c.Use
	if use == nil {
		use = &catalog.Use{}
	}
	if use.AfterHaunt && s.Haunt == nil && s.Phase != PhaseHaunt {
		return refuse(Conflict, "err_card_after_haunt", name)
	}
	if !use.OutOfTurn && s.Turn != seat.ID {
		return refuse(Conflict, "err_card_own_turn", name)
	}
	return nil
}

// rolledThisTurn reports whether the seat already made a roll for this
// source this turn: each voluntary trait roll may be tried once per turn
// (seed 002: 同一个回合中每项自愿的能力考验仅可进行一次; FAQ: the Vault).
func (s *State) rolledThisTurn(seatID int, source string) bool {
	for _, r := range s.Rolls {
		if r.Seq > s.TurnStart && r.Seat == seatID && r.Source == source && r.Purpose != "damage" {
			return true
		}
	}
	return false
}

// mayRollFor checks a roll made for a card or room: a held item or omen
// within its limits, a room a held card shields from (Medallion: never
// roll for them), and a voluntary roll — a held item's or omen's, or a
// room's special or barrier roll (the Vault, the Chasm) — once per turn,
// and so is one for an item someone else holds (the Dynamite thrown at
// you). An event's roll or a room's leaving roll is forced and may come
// again.
func (s *State) mayRollFor(actor Actor, seat *Seat, source string) error {
	_, room, card, err := effectSource(source)
	if err != nil {
		return err
	}
	voluntary := false
	switch {
	case card != nil && card.Deck != "event":
		if s.Holds(seat.ID, card.ID) {
			if err := s.mayUse(actor, seat, card); err != nil {
				return err
			}
		}
		voluntary = true
	case room != nil:
		if c := s.shieldingCard(seat.ID, room.ID); c != nil {
			return refuse(Conflict, "err_card_shields", c.Name, room.Name)
		}
		voluntary = room.Kind == "special" || room.Kind == "barrier"
	}
	if voluntary && s.rolledThisTurn(seat.ID, source) {
		var name catalog.Text
		if card != nil {
			name = card.Name
		} else {
			name = room.Name
		}
		return refuse(Conflict, "err_roll_once_turn", name)
	}
	return nil
}

// wearEvents put a card on or take it off: what wearing it changes, or the
// reverse (the Mask's card text).
func (s *State) wearEvents(seat *Seat, c *catalog.Card) []Event {
	i := s.heldIndex(seat.ID, c.ID)
	m := c.Worn
	if i >= 0 && s.Hands[seat.ID][i].Worn {
		m = negate(c.Worn)
	}
	evs := []Event{{Type: EvCardUsed, Seat: seat.ID, Card: c.ID, Wear: true}}
	if ch := s.traitDelta(seat, m, maps.Clone(seat.Traits)); len(ch) > 0 {
		evs = append(evs, Event{Type: EvTraitsChanged, Seat: seat.ID, Cause: "card:" + c.ID, Changes: ch})
	}
	return evs
}

// damageKinds are the kinds a seat may take damage of kind as: the kind
// itself, and what a held card converts it to (Skull: mental as physical).
func (s *State) damageKinds(seatID int, kind string) []string {
	kinds := []string{kind}
	for _, h := range s.Hands[seatID] {
		if c := catalog.Box().Card(h.Card); c != nil && c.DamageAs[kind] != "" && !slices.Contains(kinds, c.DamageAs[kind]) {
			kinds = append(kinds, c.DamageAs[kind])
		}
	}
	return kinds
}

// shieldingCard is a held card whose text says a room has no effect on its
// holder (Medallion: Pentagram Chamber, Crypt, Graveyard), or nil.
func (s *State) shieldingCard(seatID int, room string) *catalog.Card {
	for _, h := range s.Hands[seatID] {
		if c := catalog.Box().Card(h.Card); c != nil && slices.Contains(c.ImmuneRooms, room) {
			return c
		}
	}
	return nil
}

// cardAttackEvent is an attack a card makes on the seat that drew it: the
// player on the right rolls its dice (typed in, or the server's), and the
// seat defends as against a monster (seed 002 FAQ: 被咬就像是被怪物攻击).
func (s *State) cardAttackEvent(seat *Seat, card string, atk *catalog.CardAttack, a Action) (Event, error) {
	rec := RollRecord{Purpose: "attack", Trait: atk.Trait, Source: "card:" + card}
	if err := s.resolveDice(&rec, rollPlan{dice: min(atk.Dice, MaxDice)}, a.Faces, a.Total); err != nil {
		return Event{}, err
	}
	return Event{Type: EvAttacked, Seat: seat.ID, Attack: &AttackState{
		Attacker: Target{Card: card}, Defender: Target{Seat: seat.ID}, Trait: atk.Trait, Attack: rec,
	}}, nil
}

// endLingering clears the harmful events a seat holds when it becomes the
// traitor (seed 002 FAQ: 当你变成奸徒之前存在的这些有害事件效果立即消失).
func (s *State) endLingering(seatID int) {
	s.Hands[seatID] = slices.DeleteFunc(s.Hands[seatID], func(h HeldCard) bool {
		c := catalog.Box().Card(h.Card)
		return c != nil && c.EndsOnTraitor
	})
}
