package game

import (
	"slices"

	"lantern/internal/catalog"
)

// When a card may be used, and when a card's or room's roll may be made:
// the printed limits the card data states as fields (catalog.Card: Use,
// Roll, Stuck, ImmuneRooms…) and the rules' own (seed 002: items on your
// own turn, once a turn; voluntary rolls once a turn). Refusals name the
// card or room.

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
	if h := s.Hands[seat.ID][i]; h.Used && h.Moved {
		return refuse(Conflict, "err_card_moved_turn", name)
	} else if h.Used {
		return refuse(Conflict, "err_card_used_turn", name)
	}
	if c.Deck == "event" {
		return nil // events held in front of you are resolved whenever they ask
	}
	if err := s.notStuck(seat); err != nil {
		return err
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

// mayRollFor checks a roll made for a card or room, beyond any roll's
// checks (Roll.decide):
//
//   - the source is not removed, and a held item or omen is within its
//     limits (mayUse); a room a held card shields from is never rolled for
//     (Medallion);
//   - a voluntary roll — a held item's or omen's, a barrier room's (the
//     Vault, the Chasm), or one for an item someone else holds (the
//     Dynamite thrown at you) — comes once a turn; an event's roll or a
//     room's entering or leaving roll is forced and may come again (seed
//     002 行动: 一回合中人物可进行多次能力考验，特别是强迫的能力考验): the
//     Collapsed Room rolls each time you enter; a room that moves
//     (movesOnceATurn: the Mystic Elevator) moves once a turn, whoever
//     rides it;
//   - the roll fits the card's own: one of its traits (Spider: Speed or
//     Sanity), each trait once and one at a time when it asks for a roll
//     per trait (Hanged Men), only while the card is on (Music Box), and a
//     rescue only on the rescuer's own turn (Webs).
func (s *State) mayRollFor(actor Actor, seat *Seat, a Roll) error {
	roll, room, card, err := effectSource(a.Source)
	if err != nil {
		return err
	}
	name := sourceName(room, card)
	if s.Removed[a.Source] {
		return refuse(Conflict, "err_source_removed", name)
	}
	roll, rescued := s.rollFor(seat.ID, a.Source, roll, card)
	voluntary, err := s.sourceMayRoll(actor, seat, roll, room, card)
	if err != nil {
		return err
	}
	if voluntary && len(s.sourceRollsThisTurn(seat.ID, a.Source)) > 0 {
		return refuse(Conflict, "err_roll_once_turn", name)
	}
	if room != nil && movesOnceATurn[room.ID] && s.roomMovedThisTurn(a.Source) {
		return refuse(Conflict, "err_elevator_once_turn", name)
	}
	if c := s.stuckBy(seat.ID); voluntary && c != nil && (card == nil || card.ID != c.ID) {
		// Held by Webs or Debris, trying to get free is the one roll you
		// may choose to make (seed 002 FAQ: 你唯一能做的就是尝试解救你自己).
		return refuse(Conflict, "err_stuck", c.Name)
	}
	if roll == nil {
		return nil
	}
	return s.rollFitsSource(actor, seat, a, roll, card, name, rescued)
}

// sourceMayRoll checks what the source's kind asks before a roll for it
// (a token placed, a held card within its limits and not thrown, a room
// not shielded from) and reports whether the roll is a voluntary one.
func (s *State) sourceMayRoll(actor Actor, seat *Seat, roll *catalog.Roll, room *catalog.Room, card *catalog.Card) (voluntary bool, err error) {
	voluntary = roll != nil && roll.Voluntary
	switch {
	case card != nil && roll != nil && roll.NotUse:
		// A roll the card asks of whoever it affects (Music Box): not a
		// use of it, and it may come again.
	case card != nil && card.Deck == "event":
		if card.StaysInRoom && !s.Gone[card.ID] {
			return false, refuse(Conflict, "err_token_not_placed", card.Name)
		}
	case card != nil:
		if s.Holds(seat.ID, card.ID) && card.Use != nil && card.Use.InsteadOfAttack {
			// Thrown instead of an attack (the Dynamite): those in the room
			// it lands in roll, never its thrower, who no longer holds it
			// once it is thrown (items.json: "Every explorer and monster
			// there … makes a Speed roll"; seed 000 炸药: 该房间中的所有人物/
			// 怪物皆需以速度进行能力考验).
			return false, refuse(Conflict, "err_roll_thrown", card.Name)
		}
		if s.Holds(seat.ID, card.ID) {
			if err := s.mayUse(actor, seat, card); err != nil {
				return false, err
			}
		}
		voluntary = true
	case room != nil:
		if c := s.shieldingCard(seat.ID, room.ID); c != nil {
			return false, refuse(Conflict, "err_card_shields", c.Name, room.Name)
		}
		voluntary = voluntary || room.Kind == "barrier"
	}
	return voluntary, nil
}

// rollFitsSource checks the roll against the card's or room's own: one of
// its traits, only while the card is on, a rescue on the rescuer's own
// turn, each trait once and one at a time for a roll per trait.
func (s *State) rollFitsSource(actor Actor, seat *Seat, a Roll, roll *catalog.Roll, card *catalog.Card, name catalog.Text, rescued int) error {
	if !rollTakesTrait(roll, a.Trait) && StoredDice(a.Purpose) == 0 {
		return refuse(Invalid, "err_roll_traits", name, TraitNames(roll.RollTraits()))
	}
	if card != nil && roll.WhileOn && !s.On[card.ID] {
		return refuse(Conflict, "err_card_off", name)
	}
	if rescued != 0 {
		if err := s.ownTurn(actor, seat); err != nil {
			return err
		}
		if err := s.notStuck(seat); err != nil {
			return err
		}
	}
	if roll.Each {
		for _, r := range s.sourceRollsThisTurn(seat.ID, a.Source) {
			if !r.Applied {
				return refuse(Conflict, "err_apply_first", name)
			}
			if r.Trait == a.Trait {
				return refuse(Conflict, "err_trait_rolled", name, TraitNames{a.Trait})
			}
		}
	}
	return nil
}

// rollTakesTrait reports whether a roll may be made with a trait: any,
// when the roll names none (roll.RollTraits, without making its list).
func rollTakesTrait(roll *catalog.Roll, trait string) bool {
	switch {
	case len(roll.Traits) > 0:
		return slices.Contains(roll.Traits, trait)
	case roll.Trait != "":
		return roll.Trait == trait
	}
	return true
}

// rollFor is the roll a seat makes for a source now, once the source is
// looked up (effectSource: its printed roll, and its card, nil for a
// room): the card's or room's roll, or the release roll of a lingering
// event once its holder applied a first roll, or when another explorer
// tries to free the holder (rescue: Webs, Debris). rescued is the seat
// being freed by someone else.
func (s *State) rollFor(seatID int, source string, roll *catalog.Roll, card *catalog.Card) (*catalog.Roll, int) {
	if card == nil || card.Release == nil {
		return roll, 0
	}
	holder := s.holderOf(card.ID)
	switch {
	case holder != 0 && holder != seatID && card.Release.Rescue && s.appliedRolls(holder, source) > 0:
		// Once the holder's first roll left them stuck.
		return card.Release, holder
	case s.appliedRolls(seatID, source) > 0:
		return card.Release, 0
	}
	return roll, 0
}

// RollOf is the roll a seat's roll for a source is read against now: the
// card's or room's, or a release roll (Webs), for the outcome's words.
func (s *State) RollOf(seatID int, source string) *catalog.Roll {
	roll, _, card, _ := effectSource(source)
	r, _ := s.rollFor(seatID, source, roll, card)
	return r
}

// rollsThisTurn are the rolls made this turn, everyone's: the end of Rolls,
// which are kept in the order made (by seq), so a long game's earlier
// rolls are not read again.
func (s *State) rollsThisTurn() []RollRecord {
	i := len(s.Rolls)
	for i > 0 && s.Rolls[i-1].Seq > s.TurnStart {
		i--
	}
	return s.Rolls[i:]
}

// sourceRollsThisTurn are the seat's rolls for a source this turn (not
// damage dice): a voluntary roll is tried once a turn (seed 002: 同一个回合
// 中每项自愿的能力考验仅可进行一次; FAQ: the Vault), a roll per trait takes
// each trait once (Hanged Men).
func (s *State) sourceRollsThisTurn(seatID int, source string) []RollRecord {
	var out []RollRecord
	for _, r := range s.rollsThisTurn() {
		if r.Seat == seatID && r.Source == source && r.Purpose != "damage" {
			out = append(out, r)
		}
	}
	return out
}

// movesOnceATurn are the rooms whose roll moves the room itself, once per
// turn whoever rides it: the Mystic Elevator (seed 000 升降梯: 每回合升降梯
// Mystic Elevator只会移动一次; seed 002: 升降梯每回合限1次，是指任何玩家/怪
// 物的回合中都只能用1次; rooms.csv: "Once per turn roll 2 dice"). Its roll
// is made on entering, so it is not voluntary, but it is not rolled again
// for a second ride in the same turn. (The room data has no field for
// this yet; the rule is kept here.)
var movesOnceATurn = map[string]bool{"mystic-elevator": true}

// roomMovedThisTurn reports whether anyone rolled for the room's move this
// turn (not its damage dice).
func (s *State) roomMovedThisTurn(source string) bool {
	for _, r := range s.rollsThisTurn() {
		if r.Source == source && r.Purpose != "damage" {
			return true
		}
	}
	return false
}

// appliedRolls counts the seat's applied rolls for a source; seat 0
// counts everyone's.
func (s *State) appliedRolls(seatID int, source string) int {
	n := 0
	for i := range s.Rolls { // by index: not a copy of each
		if r := &s.Rolls[i]; (seatID == 0 || r.Seat == seatID) && r.Source == source && r.Applied && r.Purpose != "damage" {
			n++
		}
	}
	return n
}

// stuckBy is a held event that leaves its holder able to do nothing else
// but try to get free (Webs, Debris: 被困住时不能做其他事), or nil.
func (s *State) stuckBy(seatID int) *catalog.Card {
	for _, h := range s.Hands[seatID] {
		if c := catalog.Box().Card(h.Card); c != nil && c.Stuck {
			return c
		}
	}
	return nil
}

// notStuck refuses what a stuck explorer may not do.
func (s *State) notStuck(seat *Seat) error {
	if c := s.stuckBy(seat.ID); c != nil {
		return refuse(Conflict, "err_stuck", c.Name)
	}
	return nil
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

// attackCancelled is a card whose applied outcome this turn cancels the
// seat's attack (Sacrificial Dagger 0–2: you can't attack this turn), or nil.
func (s *State) attackCancelled(seatID int) *catalog.Card {
	for _, r := range s.rollsThisTurn() {
		if r.Seat != seatID || !r.Applied {
			continue
		}
		if b, card := s.outcomeOf(r); b != nil && b.NoAttack {
			return card
		}
	}
	return nil
}

// gateRolled reports whether the seat made and applied the roll a gated
// weapon asks for this turn (Sacrificial Dagger: its Knowledge roll first).
func (s *State) gateRolled(seatID int, weapon *catalog.Card) bool {
	src := "card:" + weapon.ID
	return slices.ContainsFunc(s.rollsThisTurn(), func(r RollRecord) bool {
		return r.Seat == seatID && r.Applied && r.Source == src
	})
}

// goesByItself reports whether a held event may not be discarded by hand:
// it ends only by its printed conditions (Grave Dirt, Webs), not at the
// player's word, unless one of them is one the app can't see (by_hand).
func goesByItself(c *catalog.Card) bool {
	if c.Deck != "event" {
		return false
	}
	return c.Stuck || c.Release != nil || c.ClearedBy != nil && !c.ClearedBy.ByHand
}

// roomDice is what the room a roller names changes in a card's roll
// (Groundskeeper: 2 fewer dice in the Gardens); naming a room the card
// doesn't print is refused.
func (s *State) roomDice(seatID int, a Roll) (int, error) {
	if a.Source != "" {
		if r := s.RollOf(seatID, a.Source); r != nil {
			if n, ok := r.RoomDice[a.Room]; ok {
				return n, nil
			}
		}
	}
	return 0, refuse(Invalid, "err_roll_room", a.Room)
}
