package game

import (
	"maps"
	"slices"
	"strings"

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

// rolledThisTurn reports whether the seat already made a roll for this
// source this turn: each voluntary trait roll may be tried once per turn
// (seed 002: 同一个回合中每项自愿的能力考验仅可进行一次; FAQ: the Vault).
func (s *State) rolledThisTurn(seatID int, source string) bool {
	rolls := s.turnsRolls()
	for i := range rolls {
		if r := &rolls[i]; r.Seat == seatID && r.Source == source && r.Purpose != "damage" {
			return true
		}
	}
	return false
}

// turnsRolls are the rolls made this turn, everyone's: the end of Rolls,
// which are kept in the order made (by seq), so a long game's earlier
// rolls are not read again.
func (s *State) turnsRolls() []RollRecord {
	i := len(s.Rolls)
	for i > 0 && s.Rolls[i-1].Seq > s.TurnStart {
		i--
	}
	return s.Rolls[i:]
}

// mayRollFor checks a roll made for a card or room: a held item or omen
// within its limits, a room a held card shields from (Medallion: never
// roll for them), and a voluntary roll — a held item's or omen's, or a
// barrier room's (the Vault, the Chasm) — once per turn, and so is one for
// an item someone else holds (the Dynamite thrown at you). An event's roll
// or a room's entering or leaving roll is forced and may come again (seed
// 002 行动: 一回合中人物可进行多次能力考验，特别是强迫的能力考验): the
// Collapsed Room and the Mystic Elevator roll each time you enter. roll, room and card are effectSource's answer for the source
// (sourceRollFits looks it up once for this and rollFits).
func (s *State) mayRollFor(actor Actor, seat *Seat, source string, roll *catalog.Roll, room *catalog.Room, card *catalog.Card) error {
	if s.Removed[source] {
		return refuse(Conflict, "err_source_removed", sourceName(room, card))
	}
	roll, _ = s.rollFor(seat.ID, source, roll, card)
	voluntary := roll != nil && roll.Voluntary
	switch {
	case card != nil && roll != nil && roll.NotUse:
		// A roll the card asks of whoever it affects (Music Box): not a
		// use of it, and it may come again.
	case card != nil && card.Deck == "event":
		if card.StaysInRoom && !s.Gone[card.ID] {
			return refuse(Conflict, "err_token_not_placed", card.Name)
		}
	case card != nil:
		if s.Holds(seat.ID, card.ID) && card.Use != nil && card.Use.InsteadOfAttack {
			// Thrown instead of an attack (the Dynamite): those in the room
			// it lands in roll, never its thrower, who no longer holds it
			// once it is thrown (items.json: "Every explorer and monster
			// there … makes a Speed roll"; seed 000 炸药: 该房间中的所有人物/
			// 怪物皆需以速度进行能力考验).
			return refuse(Conflict, "err_roll_thrown", card.Name)
		}
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
		voluntary = voluntary || room.Kind == "barrier"
	}
	if voluntary && s.rolledThisTurn(seat.ID, source) {
		return refuse(Conflict, "err_roll_once_turn", sourceName(room, card))
	}
	if c := s.stuckBy(seat.ID); voluntary && c != nil && (card == nil || card.ID != c.ID) {
		// Held by Webs or Debris, trying to get free is the one roll you
		// may choose to make (seed 002 FAQ: 你唯一能做的就是尝试解救你自己).
		return refuse(Conflict, "err_stuck", c.Name)
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

// howDeck is how a card moved back into its deck (card_moved).
const howDeck = "deck"

// sourceOf is the source an event names: "card:<id>" or "room:<id>".
func sourceOf(e Event) string {
	if e.Room != "" {
		return "room:" + e.Room
	}
	return "card:" + e.Card
}

// sourceName is the name of a card or room source, for refusals.
func sourceName(room *catalog.Room, card *catalog.Card) catalog.Text {
	if card != nil {
		return card.Name
	}
	return room.Name
}

// removedEvent records a token an outcome removed, or a room it emptied.
func removedEvent(seat *Seat, room *catalog.Room, card *catalog.Card) Event {
	if card != nil {
		return Event{Type: EvSourceRemoved, Seat: seat.ID, Card: card.ID}
	}
	return Event{Type: EvSourceRemoved, Seat: seat.ID, Room: room.ID}
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

// turnDamageEvents are the damage the held cards of the seat whose turn
// begins deal (Grave Dirt: 1 physical damage at the start of each of your
// turns), added to any damage still to split.
func (s *State) turnDamageEvents(seatID int) []Event {
	seat := s.SeatByID(seatID)
	if seat == nil || !s.Alive(seat) {
		return nil
	}
	var evs []Event
	for _, h := range s.Hands[seatID] {
		c := catalog.Box().Card(h.Card)
		if c != nil && c.TurnDamage != nil {
			evs = append(evs, s.effectEvents(seat, catalog.Effect{Damage: c.TurnDamage}, "card:"+c.ID, "")...)
		}
		// Every try counts, the holder's and rescuers' (Webs: 3 failed tries).
		if c != nil && c.Release != nil && c.Release.Tries > 0 && s.appliedRolls(0, "card:"+c.ID)-1 >= c.Release.Tries {
			// Free after so many failed tries (Webs, Debris: 3).
			evs = append(evs, Event{Type: EvCardMoved, Seat: seatID, Card: c.ID, How: "discard"})
		}
	}
	return evs
}

// rolledBefore reports whether the seat already applied a roll for this
// source: the next is a release roll (Webs).
func (s *State) rolledBefore(seatID int, source string) bool {
	return s.appliedRolls(seatID, source) > 0
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

// roomClearings discard the lingering events a room's effect ends for the
// seat applying it (Lights Out: ending a turn in the Furnace Room).
func (s *State) roomClearings(seat *Seat, room string) []Event {
	var evs []Event
	for _, h := range s.Hands[seat.ID] {
		if c := catalog.Box().Card(h.Card); c != nil && c.ClearedBy != nil && slices.Contains(c.ClearedBy.Rooms, room) {
			evs = append(evs, Event{Type: EvCardMoved, Seat: seat.ID, Card: c.ID, How: "discard"})
		}
	}
	return evs
}

// clearings discard the lingering events a batch of events ends: one held
// with a card that clears it (Lights Out with the Candle), or an item
// raising a trait of its holder (Grave Dirt).
func (s *State) clearings(evs []Event) []Event {
	var out []Event
	for _, seat := range s.Seats {
		held := s.handAfter(seat.ID, evs)
		// Whether an item raised a trait of the seat's: read only for a
		// card an item's gain clears (most batches change no such hand).
		raised := func() bool {
			return slices.ContainsFunc(evs, func(e Event) bool {
				if e.Type != EvTraitsChanged || e.Seat != seat.ID {
					return false
				}
				id, isCard := strings.CutPrefix(e.Cause, "card:")
				c := catalog.Box().Card(strings.TrimSuffix(strings.TrimSuffix(id, "+set"), "-set"))
				return isCard && c != nil && c.Deck == "item" &&
					slices.ContainsFunc(e.Changes, func(ch TraitChange) bool { return ch.To.Position > ch.From.Position })
			})
		}
		for _, id := range held {
			c := catalog.Box().Card(id)
			if c == nil || c.ClearedBy == nil {
				continue
			}
			if c.ClearedBy.ItemGain && raised() || slices.ContainsFunc(c.ClearedBy.Cards, func(x string) bool { return slices.Contains(held, x) }) {
				out = append(out, Event{Type: EvCardMoved, Seat: seat.ID, Card: id, How: "discard"})
			}
		}
	}
	return out
}

// handAfter is a seat's hand once a batch of events has moved its cards.
func (s *State) handAfter(seatID int, batch []Event) []string {
	var hand []string
	for _, h := range s.Hands[seatID] {
		hand = append(hand, h.Card)
	}
	for _, e := range batch {
		switch {
		case e.Type == EvCardMoved && e.Seat == seatID:
			hand = slices.DeleteFunc(hand, func(c string) bool { return c == e.Card })
		case e.Type == EvCardMoved && e.To == seatID, e.Type == EvCardDrawn && e.Keep && e.Seat == seatID:
			hand = append(hand, e.Card)
		case e.Type == EvOmenDrawn && e.Seat == seatID && keptID(e.Omen):
			hand = append(hand, e.Omen)
		}
	}
	return hand
}

// attackCancelled is a card whose applied outcome this turn cancels the
// seat's attack (Sacrificial Dagger 0–2: you can't attack this turn), or nil.
func (s *State) attackCancelled(seatID int) *catalog.Card {
	for _, r := range s.turnsRolls() {
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
	src := cardSource(weapon.ID)
	return slices.ContainsFunc(s.turnsRolls(), func(r RollRecord) bool {
		return r.Seat == seatID && r.Applied && r.Source == src
	})
}

// outcomeOf is the bracket a roll for a card fell in, with its card.
func (s *State) outcomeOf(r RollRecord) (*catalog.Bracket, *catalog.Card) {
	roll, _, card, err := effectSource(r.Source)
	if err != nil || card == nil || roll == nil {
		return nil, nil
	}
	return bracketFor(roll, r), card
}

// bracketFor is the outcome a roll falls in: its total, or its total less
// the omen count when rolled (Disquieting Sounds), or nil.
func bracketFor(roll *catalog.Roll, r RollRecord) *catalog.Bracket {
	if i := bracketIndex(roll, r); i >= 0 {
		return &roll.Brackets[i]
	}
	return nil
}

// bracketIndex is bracketFor as an index into roll.Brackets, or -1.
func bracketIndex(roll *catalog.Roll, r RollRecord) int {
	total := r.Total
	if roll.VsOmens {
		total -= r.OmenCount
	}
	return slices.IndexFunc(roll.Brackets, func(b catalog.Bracket) bool { return b.Covers(total) })
}

// resolverOf is who resolves a drawn card's effect: its drawer, or when it
// takes an item the drawer doesn't have, the next explorer to the left who
// has one (Image in the Mirror B); 0 when nobody has one.
func (s *State) resolverOf(card *catalog.Card) int {
	drawer := s.DrewBy[card.ID]
	if drawer == 0 || !card.Effect.GiveBack {
		return drawer
	}
	start := s.SeatNumber(drawer) - 1
	for i := range s.Seats {
		seat := &s.Seats[(start+i)%len(s.Seats)]
		if s.Alive(seat) && len(s.itemsHeld(seat.ID)) > 0 {
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

// drawEffectEvents apply what a card drawn without a roll does, once: its
// gain or damage, an item of the player's naming put back into its deck
// (Image in the Mirror B) or discarded (Whoops!).
func (s *State) drawEffectEvents(actor Actor, seat *Seat, card *catalog.Card, a Action) ([]Event, error) {
	eff := *card.Effect
	if s.EffectDone[card.ID] {
		return nil, refuse(Conflict, "err_effect_done", card.Name)
	}
	if !s.Gone[card.ID] {
		return nil, refuse(Conflict, "err_card_not_drawn", card.Name)
	}
	if who := s.resolverOf(card); who != 0 && who != seat.ID && !actor.Host {
		return nil, refuse(Conflict, "err_card_resolver", card.Name, s.SeatByID(who).Name)
	}
	evs := []Event{{Type: EvEffectApplied, Seat: seat.ID, Card: card.ID}}
	if eff.GiveBack || eff.DiscardItem {
		items := s.itemsHeld(seat.ID)
		switch {
		case len(items) == 0:
			return evs, nil // nobody has one: the card is discarded (its text)
		case !slices.Contains(items, a.Card):
			return nil, refuse(Invalid, "err_name_item", card.Name)
		}
		how := "discard"
		if eff.GiveBack {
			how = howDeck
		}
		evs = append(evs, Event{Type: EvCardMoved, Seat: seat.ID, Card: a.Card, How: how})
		evs = append(evs, s.cardEffects(seat, nil, []string{a.Card}, "card:"+a.Card)...)
	}
	if eff.IfHeld != nil {
		evs = append(evs, s.ifHeldEvents(seat, card, eff.IfHeld)...)
	}
	return append(evs, s.effectEvents(seat, eff, "card:"+card.ID, "")...), nil
}

// chosenEvents are what an outcome asks the player to choose: a gain in a
// trait of their choice (Possession 4+), or the trait rolled dropping to
// its lowest value above the skull, another named trait if it is there
// already (Possession 0–3).
func (s *State) chosenEvents(seat *Seat, card catalog.Text, eff catalog.Effect, rolled string, a Action) ([]Event, error) {
	var evs []Event
	if g := eff.GainChosen; g != nil {
		if !slices.Contains(g.Traits, a.Trait) {
			return nil, refuse(Invalid, "err_choose_trait", card)
		}
		if ch := s.traitDelta(seat, map[string]int{a.Trait: g.Amount}, maps.Clone(seat.Traits)); len(ch) > 0 {
			evs = append(evs, Event{Type: EvTraitsChanged, Seat: seat.ID, Cause: a.Source, Changes: ch})
		}
	}
	if eff.LowestAll {
		var ch []TraitChange
		for _, t := range Traits {
			if lowest := (TraitState{Position: 1}); seat.Traits[t] != lowest {
				ch = append(ch, TraitChange{Trait: t, From: seat.Traits[t], To: lowest})
			}
		}
		if len(ch) > 0 {
			evs = append(evs, Event{Type: EvTraitsChanged, Seat: seat.ID, Cause: a.Source, Changes: ch})
		}
	}
	if eff.LowestRolled && validTrait(rolled) {
		t := rolled
		lowest := TraitState{Position: 1}
		if seat.Traits[t] == lowest {
			if !validTrait(a.Trait) || a.Trait == t || seat.Traits[a.Trait] == lowest {
				return nil, refuse(Invalid, "err_choose_other_trait", card)
			}
			t = a.Trait
		}
		evs = append(evs, Event{Type: EvTraitsChanged, Seat: seat.ID, Cause: a.Source,
			Changes: []TraitChange{{Trait: t, From: seat.Traits[t], To: lowest}}})
	}
	return evs, nil
}

// withChanges is a copy of a seat with trait events applied, for an effect
// that follows them in the same batch.
func (s *State) withChanges(seat *Seat, evs []Event) *Seat {
	c := *seat
	c.Traits = maps.Clone(seat.Traits)
	for _, e := range evs {
		for _, ch := range e.Changes {
			c.Traits[ch.Trait] = ch.To
		}
	}
	return &c
}
