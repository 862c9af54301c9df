package game

import (
	"maps"
	"slices"
	"sync"

	"lantern/internal/catalog"
)

// What applying a card's or room's effect does, in one tap: the outcome
// of the seat's last roll for that source, an effect without a roll
// (Healing Salve), a drawn card's effect (Jonah's Turn), a room's
// once-per-explorer gain or its end-of-turn damage. Each outcome is the
// card's or room's data (catalog.Effect); this file turns it into events.

// effectActions are the actions this file decides.
var effectActions = map[string]decider{
	ActApplyEffect: (*State).decideApplyEffect,
}

// effectSource finds the roll and once-per-explorer data of "card:<id>" or
// "room:<id>".
func effectSource(source string) (roll *catalog.Roll, room *catalog.Room, card *catalog.Card, err error) {
	if e, ok := effectSources()[source]; ok {
		return e.roll, e.room, e.card, nil
	}
	return nil, nil, nil, refuse(Invalid, "err_unknown_source", source)
}

// effectSourceEntry is what effectSource answers for a source.
type effectSourceEntry struct {
	roll *catalog.Roll
	room *catalog.Room
	card *catalog.Card
}

// effectSources are every card ("card:<id>") and room ("room:<id>") of the
// box by source name, made once: Options' dry runs ask often.
var effectSources = sync.OnceValue(func() map[string]effectSourceEntry {
	box := catalog.Box()
	out := make(map[string]effectSourceEntry, len(box.Cards)+len(box.Rooms))
	for i := range box.Cards {
		c := box.Card(box.Cards[i].ID)
		out["card:"+c.ID] = effectSourceEntry{roll: c.Roll, card: c}
	}
	for i := range box.Rooms {
		r := box.Room(box.Rooms[i].ID)
		out["room:"+r.ID] = effectSourceEntry{roll: r.Roll, room: r}
	}
	return out
})

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

// decideApplyEffect applies what a card or room does, in one tap: the
// outcome of the seat's last roll for that source (guided roll), a room's
// once-per-explorer gain (Chapel, Gymnasium, Larder, Library), or a room's
// end-of-turn damage (Crypt, Furnace Room). Gains and restores are applied;
// damage waits for the player's split. A room's effect also ends the
// lingering events it clears (Lights Out in the Furnace Room).
func (s *State) decideApplyEffect(actor Actor, a Action) ([]Event, error) {
	evs, err := s.applyEffect(actor, a)
	if err != nil {
		return nil, err
	}
	if _, room, _, _ := effectSource(a.Source); room != nil {
		// evs may be empty (a gain at the trait's cap): the seat comes
		// from the action, as applyEffect found it.
		seat, err := s.actingSeat(actor, a, true)
		if err != nil {
			return nil, err
		}
		evs = append(evs, s.roomClearings(seat, room.ID)...)
	}
	return evs, nil
}

func (s *State) applyEffect(actor Actor, a Action) ([]Event, error) {
	seat, err := s.actingSeat(actor, a, true)
	if err != nil {
		return nil, err
	}
	roll, room, card, err := effectSource(a.Source)
	if err != nil {
		return nil, err
	}
	if s.Removed[a.Source] {
		return nil, refuse(Conflict, "err_source_removed", sourceName(room, card))
	}
	if room != nil && s.immuneToRooms(seat.ID) && (room.EndTurnDamage != nil || roomRollHurts(room)) {
		// The traitor ignores room effects that would hurt them (seed 002 FAQ).
		return nil, refuse(Conflict, "err_traitor_immune")
	}
	if room != nil {
		if c := s.shieldingCard(seat.ID, room.ID); c != nil {
			return nil, refuse(Conflict, "err_card_shields", c.Name, room.Name)
		}
	}
	// A held item or omen is used by its holder, within its limits; one
	// not held may still hurt or help another (Dynamite thrown at you).
	// A roll the card asks of whoever it affects (Music Box) is no use of it.
	held := card != nil && card.Deck != "event" && s.Holds(seat.ID, card.ID) && (roll == nil || !roll.NotUse)
	if held {
		if err := s.mayUse(actor, seat, card); err != nil {
			return nil, err
		}
	}
	// Trying to get free, or freeing another (Webs: only the first roll
	// grants the Might).
	roll, _ = s.rollFor(seat.ID, a.Source, roll, card)
	if card != nil && card.Effect != nil {
		// A card's effect on drawing it, before any roll (Skeletons). The
		// seat's last roll is looked for only here: a room's effect, asked
		// of in every seat's options, needs none.
		if last := s.LastRoll(seat.ID); last == nil || last.Source != a.Source || last.Applied {
			return s.drawEffectEvents(actor, seat, card, a)
		}
	}
	switch {
	case roll != nil && roll.RollTraits() == nil && roll.Dice == 0 && len(roll.Brackets) > 0:
		// No roll at all (Healing Salve, Smelling Salts): the holder's
		// card applies.
		if card != nil && card.Deck != "event" && !held {
			return nil, refuse(Conflict, "err_card_not_held", card.Name)
		}
		eff := roll.Brackets[0].Effect
		var evs []Event
		if eff.TakeItem { // Pickpocket's Gloves: "to" names whom it takes from
			if evs, err = s.takeItemEvents(seat, card, a); err != nil {
				return nil, err
			}
		} else {
			target, err := s.effectTarget(seat, card, eff, a)
			if err != nil {
				return nil, err
			}
			evs = s.effectEvents(target, eff, a.Source, "")
		}
		if held {
			evs = append(evs, s.afterUse(seat, card)...)
		}
		if len(evs) == 0 {
			return nil, refuse(Conflict, "err_no_effect")
		}
		return evs, nil
	case roll != nil && len(roll.Brackets) > 0:
		last := s.LastRoll(seat.ID)
		if last == nil || last.Source != a.Source || last.Applied {
			if shared, b := s.ShareOwed(seat.ID, a.Source); shared != nil {
				return s.shareEvents(seat, card, b, shared, a)
			}
			return nil, refuse(Conflict, "err_roll_first")
		}
		if b := bracketFor(roll, *last); b != nil {
			eff := b.Effect
			if s.allPassed(seat.ID, roll, *last) { // Hanged Men: all four 2+
				eff = withBonus(eff, roll.AllPass.Effect)
			}
			return s.outcomeEvents(seat, room, card, held, eff, *last, a)
		}
		return nil, refuse(Conflict, "err_no_outcome")
	case room != nil && len(room.OnceGain) > 0:
		if s.RoomGains[seat.ID][room.ID] {
			return nil, refuse(Conflict, "err_room_gain_used")
		}
		evs := []Event{{Type: EvRoomGain, Seat: seat.ID, Room: room.ID}}
		return append(evs, s.effectEvents(seat, catalog.Effect{Gain: room.OnceGain}, a.Source, "")...), nil
	case room != nil && room.EndTurnDamage != nil:
		evs := s.effectEvents(seat, catalog.Effect{Damage: room.EndTurnDamage}, a.Source, "")
		if len(evs) == 0 {
			if _, c := s.damageReduction(seat.ID, room.EndTurnDamage.Kind); c != nil {
				return nil, refuse(Conflict, "err_damage_reduced", c.Name)
			}
			return nil, refuse(Conflict, "err_no_effect")
		}
		return evs, nil
	}
	return nil, refuse(Conflict, "err_no_effect")
}

// afterUse marks a card used this turn and discards a one-use card.
func (s *State) afterUse(seat *Seat, card *catalog.Card) []Event {
	evs := []Event{{Type: EvCardUsed, Seat: seat.ID, Card: card.ID}}
	if card.DiscardAfterUse {
		evs = append(evs, Event{Type: EvCardMoved, Seat: seat.ID, Card: card.ID, How: "discard"})
		evs = append(evs, s.cardEffects(seat, nil, []string{card.ID}, "card:"+card.ID)...)
	}
	return evs
}

// outcomeEvents apply a roll's outcome: the roll is marked applied, the
// effect follows from the roll's own data (the trait rolled) and the
// player's choice of trait where it asks for one, a held item or omen is
// used for the turn (worn, or discarded when one-use; a gated weapon's roll
// leaves it for the attack), an event the outcome ends is discarded, a
// token it removes or a room it empties can't be rolled for again, and an
// attack it makes begins.
func (s *State) outcomeEvents(seat *Seat, room *catalog.Room, card *catalog.Card, held bool, eff catalog.Effect, roll RollRecord, a Action) ([]Event, error) {
	evs := []Event{{Type: EvRollApplied, Seat: seat.ID, Target: roll.Seq}}
	target, err := s.effectTarget(seat, card, eff, a)
	if err != nil {
		return nil, err
	}
	if target != seat {
		// Applied to another explorer (Medical Kit): only what the outcome
		// gives them; the roller's card is used as usual below.
		if eff.Heal != nil {
			healed, err := s.healEvents(target, sourceName(room, card), eff.Heal, a, a.Source)
			if err != nil {
				return nil, err
			}
			evs = append(evs, healed...)
		}
		evs = append(evs, s.effectEvents(target, eff, a.Source, roll.Trait)...)
	} else {
		chosen, err := s.chosenEvents(seat, sourceName(room, card), eff, roll.Trait, a)
		if err != nil {
			return nil, err
		}
		if eff.Heal != nil {
			healed, err := s.healEvents(seat, sourceName(room, card), eff.Heal, a, a.Source)
			if err != nil {
				return nil, err
			}
			chosen = append(chosen, healed...)
		}
		evs = append(evs, chosen...)
		if len(chosen) > 0 { // the choice moved the clips the effect starts from
			evs = append(evs, s.effectEvents(s.withChanges(seat, chosen), eff, a.Source, roll.Trait)...)
		} else {
			evs = append(evs, s.effectEvents(seat, eff, a.Source, roll.Trait)...)
		}
	}
	if eff.PutItem != "" {
		put, err := s.putItemEvents(seat, sourceName(room, card), eff.PutItem, a)
		if err != nil {
			return nil, err
		}
		evs = append(evs, put...)
	}
	if eff.Remove {
		evs = append(evs, removedEvent(seat, room, card))
	}
	switch {
	case held && card.Weapon != nil && card.Weapon.Gated && !eff.Discard:
	case held && eff.Wear:
		evs = append(evs, s.wearEvents(seat, card)...)
	case held && eff.Discard:
		evs = append(evs, Event{Type: EvCardUsed, Seat: seat.ID, Card: card.ID},
			Event{Type: EvCardMoved, Seat: seat.ID, Card: card.ID, How: "discard"})
		evs = append(evs, s.cardEffects(seat, nil, []string{card.ID}, "card:"+card.ID)...)
	case held:
		evs = append(evs, s.afterUse(seat, card)...)
	case card != nil && card.Deck == "event" && eff.Discard && s.holderOf(card.ID) != 0:
		// An event the outcome ends, held by the roller or by the explorer
		// a rescuer freed (Webs, Debris).
		evs = append(evs, Event{Type: EvCardMoved, Seat: s.holderOf(card.ID), Card: card.ID, How: "discard"})
	}
	if eff.Drop && card != nil {
		dropped, err := s.dropEvents(seat, card, a)
		if err != nil {
			return nil, err
		}
		evs = append(evs, dropped...)
	}
	if eff.EndTurn && s.Turn == seat.ID {
		ended, err := s.decideEndTurn(Actor{Host: true}, Action{})
		if err != nil {
			return nil, err
		}
		evs = append(evs, ended...)
	}
	if eff.Attack != nil && card != nil {
		if s.attackOpen() {
			return nil, refuse(Conflict, "err_attack_in_progress")
		}
		at, err := s.cardAttackEvent(seat, card.ID, eff.Attack, Action{})
		if err != nil {
			return nil, err
		}
		evs = append(evs, at)
	}
	return evs, nil
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

// outcomeOf is the bracket a roll for a card fell in, with its card.
func (s *State) outcomeOf(r RollRecord) (*catalog.Bracket, *catalog.Card) {
	roll, _, card, err := effectSource(r.Source)
	if err != nil || card == nil || roll == nil {
		return nil, nil
	}
	return bracketFor(roll, r), card
}

// allPassed reports whether, with the roll being applied, the seat has
// rolled this turn with every trait a roll-per-trait card asks for, each
// reaching the all-pass minimum (Hanged Men: all four 2+).
func (s *State) allPassed(seatID int, roll *catalog.Roll, last RollRecord) bool {
	if !roll.Each || roll.AllPass == nil {
		return false
	}
	done := map[string]bool{}
	for _, r := range s.sourceRollsThisTurn(seatID, last.Source) {
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

// effectEvents turns an outcome into events: trait gains and losses (in the
// trait rolled, when the outcome says so), traits restored to their starting
// value, and damage to split (dice rolled now), one kind after the other.
func (s *State) effectEvents(seat *Seat, eff catalog.Effect, source, rolled string) []Event {
	var evs []Event
	var traits map[string]TraitState // the clips as the changes move them
	if len(eff.Gain) > 0 || eff.GainRolled != 0 || len(eff.Restore) > 0 {
		traits = maps.Clone(seat.Traits)
	}
	gain := eff.Gain
	if eff.GainRolled != 0 && validTrait(rolled) {
		gain = maps.Clone(eff.Gain)
		if gain == nil {
			gain = map[string]int{}
		}
		gain[rolled] += eff.GainRolled
	}
	changes := s.traitDelta(seat, gain, traits)
	for _, t := range eff.Restore {
		start := seat.ExplorerData().Traits[t].Start
		if from := traits[t]; from.Position < start {
			to := TraitState{Position: start}
			changes = append(changes, TraitChange{Trait: t, From: from, To: to})
			traits[t] = to
		}
	}
	if len(changes) > 0 {
		evs = append(evs, Event{Type: EvTraitsChanged, Seat: seat.ID, Cause: source, Changes: changes})
	}
	var pending *PendingDamage
	for _, d := range []*catalog.Damage{eff.MoreDamage, eff.Damage} { // the last taken first
		if d == nil {
			continue
		}
		amount := d.Amount
		if d.Dice > 0 {
			// Applied: this roll settles the effect; it is not a new roll
			// for the card to be applied again.
			rec := RollRecord{Seat: seat.ID, Purpose: "damage", Source: source, Dice: d.Dice, Applied: true}
			s.resolveDice(&rec, rollPlan{dice: d.Dice}, nil, nil)
			evs = append(evs, Event{Type: EvRolled, Seat: seat.ID, Roll: &rec})
			amount = rec.Total
		}
		less, _ := s.damageReduction(seat.ID, d.Kind) // Armor: every time (seed 002 FAQ)
		amount = max(0, amount-less)
		if amount > 0 {
			pending = &PendingDamage{Kind: d.Kind, Amount: amount, Source: source, Then: pending}
		}
	}
	if pending != nil {
		evs = append(evs, Event{Type: EvEffectPending, Seat: seat.ID, Pending: pending})
	}
	return evs
}

// PendingDamage is damage a card or room dealt that the player still has to
// split between two traits.
type PendingDamage struct {
	Kind   string `json:"kind"`
	Amount int    `json:"amount"`
	Source string `json:"source"`
	// Then is further damage of another kind the same outcome dealt,
	// split once this is taken.
	Then *PendingDamage `json:"then,omitempty"`
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

// foldEffects applies what guided effects record: damage still to split, a
// roll's outcome applied, a room's one-time gain, a token or room used up,
// a card's draw effect done.
func (s *State) foldEffects(e Event) {
	switch e.Type {
	case EvEffectPending:
		if p := s.Pending[e.Seat]; e.Pending == nil && p != nil && p.Then != nil {
			s.Pending[e.Seat] = p.Then // the outcome's further damage comes next
		} else if e.Pending == nil {
			delete(s.Pending, e.Seat)
		} else {
			p := *e.Pending
			s.Pending[e.Seat] = &p
		}
	case EvRollApplied:
		for i := range s.Rolls {
			if s.Rolls[i].Seq != e.Target {
				continue
			}
			if s.Rolls[i].Seat != e.Seat { // another explorer's share of it
				s.Shares[e.Target] = append(s.Shares[e.Target], e.Seat)
			}
			s.Rolls[i].Applied = true
		}
	case EvRoomGain:
		if s.RoomGains[e.Seat] == nil {
			s.RoomGains[e.Seat] = map[string]bool{}
		}
		s.RoomGains[e.Seat][e.Room] = true
	case EvSourceRemoved:
		s.Removed[sourceOf(e)] = true
	case EvEffectApplied:
		s.EffectDone[e.Card] = true
	}
}

// ShareOwed is another explorer's roll this turn for source whose applied
// outcome every explorer takes (Footsteps 0: every explorer loses 1 from a
// trait of their choice) and the seat hasn't taken its share of yet, with
// that outcome; nil when none.
func (s *State) ShareOwed(seatID int, source string) (*RollRecord, *catalog.Bracket) {
	roll, _, _, err := effectSource(source)
	if err != nil || roll == nil {
		return nil, nil
	}
	rolls := s.rollsThisTurn()
	for i := len(rolls) - 1; i >= 0; i-- {
		r := &rolls[i]
		if r.Source != source || r.Seat == seatID || !r.Applied || slices.Contains(s.Shares[r.Seq], seatID) {
			continue
		}
		if b := bracketFor(roll, *r); b != nil && b.EveryExplorer {
			return r, b
		}
	}
	return nil, nil
}

// shareEvents take the seat's share of another's outcome: its chosen gain
// or loss, in the trait the seat names, marked as the seat's roll_applied
// of that roll so it is taken once.
func (s *State) shareEvents(seat *Seat, card *catalog.Card, b *catalog.Bracket, shared *RollRecord, a Action) ([]Event, error) {
	name := catalog.Text{}
	if card != nil {
		name = card.Name
	}
	chosen, err := s.chosenEvents(seat, name, catalog.Effect{GainChosen: b.GainChosen}, "", a)
	if err != nil {
		return nil, err
	}
	return append([]Event{{Type: EvRollApplied, Seat: seat.ID, Target: shared.Seq}}, chosen...), nil
}
