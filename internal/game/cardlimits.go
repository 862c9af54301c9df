package game

import (
	"maps"
	"slices"
	"sync"

	"lantern/internal/catalog"
)

// Printed limits of single cards that the card data states as fields
// (data/README in the top README, "Card data"): a roll made with the card's
// own traits, one roll per trait (Hanged Men), another explorer's rescue
// roll (Webs, Debris), an effect that depends on who holds a card (Jonah's
// Turn), a heal capped at starting values on any living explorer (Medical
// Kit, the salves), a reward for a card's attack (Creepy Puppet), a card
// switched on and off (Music Box) and the rooms a turn ends in (Grave
// Dirt). Where a card's text depends on where explorers stand, the app
// records no positions: the table says it (a room named, a seat named).

// holderOf is the seat holding a card, or 0.
func (s *State) holderOf(card string) int {
	for _, seat := range s.Seats {
		if s.Holds(seat.ID, card) {
			return seat.ID
		}
	}
	return 0
}

// sourceRoll is the roll a seat makes for a source now: the card's or
// room's roll, or the release roll of a lingering event once its holder
// made the first roll, or when another explorer tries to free the holder
// (rescue: Webs, Debris). rescued is the seat being freed by someone else.
func (s *State) sourceRoll(seatID int, source string) (roll *catalog.Roll, rescued int) {
	roll, _, card, _ := effectSource(source)
	return s.rollFor(seatID, source, roll, card)
}

// rollFor is sourceRoll for a source already looked up (effectSource):
// its printed roll, and its card (nil for a room).
func (s *State) rollFor(seatID int, source string, roll *catalog.Roll, card *catalog.Card) (*catalog.Roll, int) {
	if card == nil || card.Release == nil {
		return roll, 0
	}
	holder := s.holderOf(card.ID)
	switch {
	case holder != 0 && holder != seatID && card.Release.Rescue && s.rolledBefore(holder, source):
		// Once the holder's first roll left them stuck.
		return card.Release, holder
	case s.rolledBefore(seatID, source):
		return card.Release, 0
	}
	return roll, 0
}

// rollFits checks a roll made for a card or room against the card's own
// roll: one of its traits (Spider: Speed or Sanity), each trait once and
// one at a time when it asks for a roll per trait (Hanged Men), only while
// the card is on (Music Box), and a rescue only on the rescuer's own turn.
// roll, room and card are effectSource's answer for a.Source.
func (s *State) rollFits(actor Actor, seat *Seat, a *Action, roll *catalog.Roll, room *catalog.Room, card *catalog.Card) error {
	roll, rescued := s.rollFor(seat.ID, a.Source, roll, card)
	name := sourceName(room, card)
	if roll == nil {
		return nil
	}
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
		for _, r := range s.turnRolls(seat.ID, a.Source) {
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

// turnRolls are the seat's rolls for a source this turn (not damage dice).
func (s *State) turnRolls(seatID int, source string) []RollRecord {
	var out []RollRecord
	for _, r := range s.turnsRolls() {
		if r.Seat == seatID && r.Source == source && r.Purpose != "damage" {
			out = append(out, r)
		}
	}
	return out
}

// allPassed reports whether, with the roll being applied, the seat has
// rolled this turn with every trait a roll-per-trait card asks for, each
// reaching the all-pass minimum (Hanged Men: all four 2+).
func (s *State) allPassed(seatID int, roll *catalog.Roll, last RollRecord) bool {
	if !roll.Each || roll.AllPass == nil {
		return false
	}
	done := map[string]bool{}
	for _, r := range s.turnRolls(seatID, last.Source) {
		if r.Seq != last.Seq && !r.Applied {
			continue
		}
		if !roll.AllPass.Covers(r.Total) {
			return false
		}
		done[r.Trait] = true
	}
	for _, t := range roll.RollTraits() {
		if !done[t] {
			return false
		}
	}
	return true
}

// withBonus is an outcome with what an all-pass adds to it (Hanged Men:
// gain 1 in a trait of your choice).
func withBonus(eff, bonus catalog.Effect) catalog.Effect {
	if bonus.GainChosen != nil {
		eff.GainChosen = bonus.GainChosen
	}
	if len(bonus.Gain) > 0 {
		g := maps.Clone(eff.Gain)
		if g == nil {
			g = map[string]int{}
		}
		for t, n := range bonus.Gain {
			g[t] += n
		}
		eff.Gain = g
	}
	return eff
}

// effectTarget is the explorer an outcome is applied to: the roller, or
// another living explorer named in "to" when the card allows (Medical Kit,
// Healing Salve: "yourself or another living explorer in your room"; the
// room is the table's to judge).
func (s *State) effectTarget(seat *Seat, card *catalog.Card, eff catalog.Effect, a Action) (*Seat, error) {
	if a.To == 0 || s.SeatAt(a.To) == seat {
		return seat, nil
	}
	name := catalog.Text{}
	if card != nil {
		name = card.Name
	}
	if !eff.Others {
		return nil, refuse(Invalid, "err_effect_self", name)
	}
	to := s.SeatAt(a.To)
	if to == nil {
		return nil, refuse(NotFound, "err_unknown_seat", a.To)
	}
	if !s.Alive(to) {
		return nil, refuse(Conflict, "err_dead", to.Name)
	}
	return to, nil
}

// healEvents heal up to the outcome's points split between its traits,
// never above a trait's starting value: the split the player names (a
// "split", or all on one "trait"), or, when every point below the starting
// values fits, all of them without asking (Medical Kit).
func (s *State) healEvents(target *Seat, card catalog.Text, h *catalog.Heal, a Action, cause string) ([]Event, error) {
	below := func(t string) int {
		return max(0, target.ExplorerData().Traits[t].Start-target.Traits[t].Position)
	}
	split := map[string]int{}
	switch {
	case len(a.Split) > 0:
		total := 0
		for t, n := range a.Split {
			if !slices.Contains(h.Traits, t) || n < 0 {
				return nil, refuse(Invalid, "err_heal_traits", card, TraitNames(h.Traits))
			}
			if n > below(t) {
				return nil, refuse(Invalid, "err_heal_above_start", card, TraitNames{t})
			}
			total += n
			split[t] = n
		}
		if total > h.Amount {
			return nil, refuse(Invalid, "err_heal_most", card, h.Amount)
		}
	case a.Trait != "":
		if !slices.Contains(h.Traits, a.Trait) {
			return nil, refuse(Invalid, "err_heal_traits", card, TraitNames(h.Traits))
		}
		split[a.Trait] = min(h.Amount, below(a.Trait))
	default:
		total := 0
		for _, t := range h.Traits {
			split[t] = below(t)
			total += below(t)
		}
		if total > h.Amount {
			return nil, refuse(Invalid, "err_heal_choose", card, h.Amount, TraitNames(h.Traits))
		}
	}
	var ch []TraitChange
	for _, t := range h.Traits {
		if n := split[t]; n > 0 {
			from := target.Traits[t]
			ch = append(ch, TraitChange{Trait: t, From: from, To: TraitState{Position: from.Position + n}})
		}
	}
	if len(ch) == 0 {
		return nil, nil
	}
	return []Event{{Type: EvTraitsChanged, Seat: target.ID, Cause: cause, Changes: ch}}, nil
}

// ifHeldEvents resolve an effect that depends on a card any explorer holds
// (Jonah's Turn: whoever has the Puzzle Box discards it and may draw a
// replacement item, and the drawer gains 1 Sanity; if no one has it, the
// drawer takes 1 die of mental damage).
func (s *State) ifHeldEvents(seat *Seat, card *catalog.Card, h *catalog.IfHeld) []Event {
	for _, seatAt := range s.Seats {
		for _, id := range h.Cards {
			if !s.Holds(seatAt.ID, id) {
				continue
			}
			how := "discard"
			if h.Replace {
				how = howReplace
			}
			holder := s.SeatByID(seatAt.ID)
			evs := []Event{{Type: EvCardMoved, Seat: holder.ID, Card: id, How: how}}
			evs = append(evs, s.cardEffects(holder, nil, []string{id}, "card:"+id)...)
			drawer := seat
			if holder.ID == seat.ID {
				drawer = s.withChanges(seat, evs)
			}
			return append(evs, s.effectEvents(drawer, h.Then, "card:"+card.ID, "")...)
		}
	}
	return s.effectEvents(seat, h.Else, "card:"+card.ID, "")
}

// howReplace is a card discarded for a replacement its holder may draw
// from the same deck, even out of turn (card_moved).
const howReplace = "replace"

// owesDraw reports whether a seat may draw a card of a deck out of turn: a
// replacement owed (Jonah's Turn).
func (s *State) owesDraw(seatID int, deck string) bool { return s.OwedDraws[seatID][deck] > 0 }

// rewardEvents are what a card's attack gives when it damages the drawer
// (Creepy Puppet: the Spear's holder gains 2 Might, unless that is you).
func (s *State) rewardEvents(at *AttackState) []Event {
	c := catalog.Box().Card(at.Attacker.Card)
	if c == nil || c.Attack == nil || c.Attack.Reward == nil || at.Damage <= 0 {
		return nil
	}
	r := c.Attack.Reward
	holder := s.SeatByID(s.holderOf(r.Card))
	if holder == nil || holder.ID == at.Defender.Seat || !s.Alive(holder) {
		return nil
	}
	if ch := s.traitDelta(holder, r.Gain, maps.Clone(holder.Traits)); len(ch) > 0 {
		return []Event{{Type: EvTraitsChanged, Seat: holder.ID, Cause: "card:" + c.ID, Changes: ch}}
	}
	return nil
}

// endTurnClearings discard the lingering events the seat ending its turn
// holds whose text ends them in the room it names (Grave Dirt: the
// Balcony, Gardens, …; where the explorer stands is the table's to say).
func (s *State) endTurnClearings(seatID int, room string) []Event {
	var evs []Event
	for _, h := range s.Hands[seatID] {
		if c := catalog.Box().Card(h.Card); c != nil && c.ClearedBy != nil && slices.Contains(c.ClearedBy.EndTurnIn, room) {
			evs = append(evs, Event{Type: EvCardMoved, Seat: seatID, Card: c.ID, How: "discard"})
		}
	}
	return evs
}

// EndTurnRooms are the rooms whose naming at the end of the seat's turn
// would end a lingering event it holds (Options.EndTurnIn).
func (s *State) EndTurnRooms(seatID int) []string {
	var out []string
	for _, h := range s.Hands[seatID] {
		if c := catalog.Box().Card(h.Card); c != nil && c.ClearedBy != nil {
			for _, r := range c.ClearedBy.EndTurnIn {
				if !slices.Contains(out, r) {
					out = append(out, r)
				}
			}
		}
	}
	return out
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

// dropEvents drop a card its roller carries on the pile of the room named
// (Music Box 0–3: a mesmerised carrier drops it, and it stays open).
func (s *State) dropEvents(seat *Seat, card *catalog.Card, a Action) ([]Event, error) {
	if !s.Holds(seat.ID, card.ID) {
		return nil, nil
	}
	if catalog.Box().Room(a.Room) == nil {
		return nil, refuse(Invalid, "err_drop_room", card.Name)
	}
	evs := []Event{{Type: EvCardMoved, Seat: seat.ID, Room: a.Room, Card: card.ID, How: "drop"}}
	return append(evs, s.cardEffects(seat, nil, []string{card.ID}, "card:"+card.ID)...), nil
}

// CardRollOption is a roll for an event card the seat may make now: Trait,
// or Dice for a plain roll; Holder is the seat number it frees (a rescue).
type CardRollOption struct {
	Card   string `json:"card"`
	Trait  string `json:"trait,omitempty"`
	Dice   int    `json:"dice,omitempty"`
	Holder int    `json:"holder,omitempty"`
}

// cardRollOptions are the rolls for event cards the seat doesn't hold that
// Decide accepts now: a token in the house not removed, another explorer's
// lingering event it may free them from, or the next trait of a card drawn
// that asks one roll per trait.
func (s *State) cardRollOptions(d *dryRun, me *Seat) []CardRollOption {
	var out []CardRollOption
	for _, r := range eventRolls() {
		c, src := r.card, r.source
		if s.Holds(me.ID, c.ID) {
			continue
		}
		roll, rescued := s.rollFor(me.ID, src, c.Roll, c)
		token := c.StaysInRoom && s.Gone[c.ID] && !s.Removed[src]
		each := roll.Each && s.DrewBy[c.ID] == me.ID && len(s.turnRolls(me.ID, src)) > 0
		if !token && rescued == 0 && !each {
			continue
		}
		try := []Action{{Dice: roll.Dice}}
		if traits := roll.RollTraits(); traits != nil {
			try = nil
			for _, t := range traits {
				try = append(try, Action{Trait: t})
			}
		}
		for _, a := range try {
			a.Type, a.Source, a.Purpose, a.Total = ActRoll, src, "event", &zeroTotal
			if d.allows(a) {
				out = append(out, CardRollOption{Card: c.ID, Trait: a.Trait, Dice: a.Dice, Holder: s.SeatNumber(rescued)})
				break
			}
		}
	}
	return out
}

// sourcedCard is a card and its source name ("card:<id>").
type sourcedCard struct {
	card   *catalog.Card
	source string
}

// eventRolls lists once the event cards with a roll that cardRollOptions
// may offer one not holding them, so that, asked for every seat's view, it
// builds no source names and reads nothing of the others: a token that
// stays in its room, a card one may be freed from (a release roll), or a
// roll per trait. (Without a release roll, the roll read is the card's.)
var eventRolls = sync.OnceValue(func() (out []sourcedCard) {
	for i := range catalog.Box().Cards {
		c := &catalog.Box().Cards[i]
		if c.Deck == "event" && c.Roll != nil && (c.StaysInRoom || c.Release != nil || c.Roll.Each) {
			out = append(out, sourcedCard{card: c, source: "card:" + c.ID})
		}
	}
	return out
})

// applyChoices fills in what applying a roll's outcome asks the player to
// choose: the traits it takes when it takes no plain Apply, and the other
// seats it may be applied to.
func (s *State) applyChoices(d *dryRun, me *Seat, ar *ApplyRoll) {
	plain := Action{Type: ActApplyEffect, Source: ar.Source}
	if !d.allows(plain) {
		for _, item := range s.itemsHeld(me.ID) {
			if d.allows(Action{Type: ActApplyEffect, Source: ar.Source, Card: item}) {
				ar.Items = append(ar.Items, item)
			}
		}
		ar.Room = d.allows(Action{Type: ActApplyEffect, Source: ar.Source, Room: catalog.Box().Rooms[0].ID})
		for _, t := range Traits {
			a := plain
			a.Trait = t
			if d.allows(a) {
				ar.Traits = append(ar.Traits, t)
			}
		}
	}
	for _, other := range s.Seats {
		n := s.SeatNumber(other.ID)
		if other.ID == me.ID {
			continue
		}
		a := plain
		a.To = n
		ok := d.allows(a)
		for _, t := range Traits {
			a.Trait = t
			ok = ok || d.allows(a)
		}
		if ok {
			ar.To = append(ar.To, n)
		}
	}
}

// RollOf is the roll a seat's roll for a source is read against now: the
// card's or room's, or a release roll (Webs), for the outcome's words.
func (s *State) RollOf(seatID int, source string) *catalog.Roll {
	r, _ := s.sourceRoll(seatID, source)
	return r
}

// takeItemEvents take one item card (not an omen) another living explorer
// holds: "to" names them, "card" the item (Pickpocket's Gloves; the room is
// the table's to judge).
func (s *State) takeItemEvents(seat *Seat, card *catalog.Card, a Action) ([]Event, error) {
	from := s.SeatAt(a.To)
	if from == nil || from.ID == seat.ID {
		return nil, refuse(Invalid, "err_take_from", card.Name)
	}
	if !s.Alive(from) {
		return nil, refuse(Conflict, "err_dead", from.Name)
	}
	if !slices.Contains(s.itemsHeld(from.ID), a.Card) {
		return nil, refuse(Invalid, "err_take_item", card.Name, from.Name)
	}
	evs := []Event{{Type: EvCardMoved, Seat: from.ID, To: seat.ID, Card: a.Card, How: "steal"}}
	evs = append(evs, s.cardEffects(from, nil, []string{a.Card}, "card:"+a.Card)...)
	return append(evs, s.cardEffects(seat, []string{a.Card}, nil, "card:"+a.Card)...), nil
}

// putItemEvents put one of the roller's item cards, named in "card", on a
// room's pile (Shrieking Wind 0: the Entrance Hall); nothing without items.
func (s *State) putItemEvents(seat *Seat, name catalog.Text, room string, a Action) ([]Event, error) {
	items := s.itemsHeld(seat.ID)
	if len(items) == 0 {
		return nil, nil
	}
	if !slices.Contains(items, a.Card) {
		return nil, refuse(Invalid, "err_name_item", name)
	}
	evs := []Event{{Type: EvCardMoved, Seat: seat.ID, Room: room, Card: a.Card, How: "drop"}}
	return append(evs, s.cardEffects(seat, nil, []string{a.Card}, "card:"+a.Card)...), nil
}

// roomDice is what the room a roller names changes in a card's roll
// (Groundskeeper: 2 fewer dice in the Gardens); naming a room the card
// doesn't print is refused.
func (s *State) roomDice(seatID int, a Action) (int, error) {
	if a.Source != "" {
		if r := s.RollOf(seatID, a.Source); r != nil {
			if n, ok := r.RoomDice[a.Room]; ok {
				return n, nil
			}
		}
	}
	return 0, refuse(Invalid, "err_roll_room", a.Room)
}

// DrawEffectOption is a drawn card's effect (no roll) the seat may apply
// now; Items are the items it may name when the effect takes one.
type DrawEffectOption struct {
	Card  string   `json:"card"`
	Items []string `json:"items,omitempty"`
}

// drawEffectOptions are the draw effects Decide accepts from the seat now
// (Jonah's Turn, Skeletons' damage, Whoops!, Image in the Mirror B).
func (s *State) drawEffectOptions(d *dryRun, me *Seat) []DrawEffectOption {
	var out []DrawEffectOption
	for _, e := range effectCards() {
		c := e.card
		if !s.Gone[c.ID] || s.EffectDone[c.ID] {
			continue
		}
		a := Action{Type: ActApplyEffect, Source: e.source}
		opt := DrawEffectOption{Card: c.ID}
		if c.Effect.GiveBack || c.Effect.DiscardItem {
			for _, item := range s.itemsHeld(me.ID) {
				if a.Card = item; d.allows(a) {
					opt.Items = append(opt.Items, item)
				}
			}
			a.Card = ""
		}
		if len(opt.Items) > 0 || d.allows(a) {
			out = append(out, opt)
		}
	}
	return out
}

// effectCards are the cards with an effect on drawing them, with their
// source names, listed once: every seat's view looks for them.
var effectCards = sync.OnceValue(func() (out []sourcedCard) {
	for i := range catalog.Box().Cards {
		if c := &catalog.Box().Cards[i]; c.Effect != nil {
			out = append(out, sourcedCard{card: c, source: "card:" + c.ID})
		}
	}
	return out
})

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
			if d.allows(Action{Type: ActApplyEffect, Source: "card:" + card.ID, To: t.From, Card: item}) {
				t.Items = append(t.Items, item)
			}
		}
		if len(t.Items) > 0 {
			out = append(out, t)
		}
	}
	return out
}
