package game

import (
	"maps"
	"slices"

	"lantern/internal/catalog"
)

// What an outcome does, as events: the traits it moves (a choice, a heal,
// gains, losses, damage to split), a drawn card's effect without a roll,
// the items it takes, puts or drops, and a card's own attack. effects.go
// decides which outcome applies; this file writes it down.

// chosenEvents are what an outcome asks the player to choose: a gain in a
// trait of their choice (Possession 4+), or the trait rolled dropping to
// its lowest value above the skull, another named trait if it is there
// already (Possession 0–3).
func (s *State) chosenEvents(seat *Seat, card catalog.Text, eff catalog.Effect, rolled string, a ApplyEffect) ([]Event, error) {
	var evs []Event
	if g := eff.GainChosen; g != nil {
		if !slices.Contains(g.Traits, a.Trait) {
			return nil, refuse(Invalid, "err_choose_trait", card)
		}
		if ch := s.traitDelta(seat, map[string]int{a.Trait: g.Amount}, maps.Clone(seat.Traits)); len(ch) > 0 {
			evs = append(evs, Event{Data: TraitsChanged{Seat: seat.ID, Cause: a.Source, Changes: ch}})
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
			evs = append(evs, Event{Data: TraitsChanged{Seat: seat.ID, Cause: a.Source, Changes: ch}})
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
		evs = append(evs, Event{Data: TraitsChanged{Seat: seat.ID, Cause: a.Source,
			Changes: []TraitChange{{Trait: t, From: seat.Traits[t], To: lowest}}}})
	}
	return evs, nil
}

// healEvents heal up to the outcome's points split between its traits,
// never above a trait's starting value: the split the player names (a
// "split", or all on one "trait"), or, when every point below the starting
// values fits, all of them without asking (Medical Kit).
func (s *State) healEvents(target *Seat, card catalog.Text, h *catalog.Heal, a ApplyEffect, cause string) ([]Event, error) {
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
	return []Event{{Data: TraitsChanged{Seat: target.ID, Cause: cause, Changes: ch}}}, nil
}

// withChanges is a copy of a seat with trait events applied, for an effect
// that follows them in the same batch.
func (s *State) withChanges(seat *Seat, evs []Event) *Seat {
	c := *seat
	c.Traits = maps.Clone(seat.Traits)
	for _, e := range evs {
		tc, _ := e.Data.(TraitsChanged)
		for _, ch := range tc.Changes {
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
		evs = append(evs, Event{Data: TraitsChanged{Seat: seat.ID, Cause: source, Changes: changes}})
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
			// Cannot fail: the server rolls, so no faces or total are
			// given to be checked.
			_ = s.resolveDice(&rec, rollPlan{dice: d.Dice}, nil, nil)
			evs = append(evs, Event{Data: Rolled{Seat: seat.ID, Roll: &rec}})
			amount = rec.Total
		}
		less, _ := s.damageReduction(seat.ID, d.Kind) // Armor: every time (seed 002 FAQ)
		amount = max(0, amount-less)
		if amount > 0 {
			pending = &PendingDamage{Kind: d.Kind, Amount: amount, Source: source, Then: pending}
		}
	}
	if pending != nil {
		evs = append(evs, Event{Data: DamagePending{Seat: seat.ID, Pending: pending}})
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
func (s *State) drawEffectEvents(actor Actor, seat *Seat, card *catalog.Card, a ApplyEffect) ([]Event, error) {
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
	evs := []Event{{Data: EffectApplied{Seat: seat.ID, Card: card.ID}}}
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
		evs = append(evs, Event{Data: CardMoved{Seat: seat.ID, Card: a.Card, How: how}})
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
			evs := []Event{{Data: CardMoved{Seat: holder.ID, Card: id, How: how}}}
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
func (s *State) takeItemEvents(seat *Seat, card *catalog.Card, a ApplyEffect) ([]Event, error) {
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
	evs := []Event{{Data: CardMoved{Seat: from.ID, To: seat.ID, Card: a.Card, How: "steal"}}}
	evs = append(evs, s.cardEffects(from, nil, []string{a.Card}, "card:"+a.Card)...)
	return append(evs, s.cardEffects(seat, []string{a.Card}, nil, "card:"+a.Card)...), nil
}

// putItemEvents put one of the roller's item cards, named in "card", on a
// room's pile (Shrieking Wind 0: the Entrance Hall); nothing without items.
func (s *State) putItemEvents(seat *Seat, name catalog.Text, room string, a ApplyEffect) ([]Event, error) {
	items := s.itemsHeld(seat.ID)
	if len(items) == 0 {
		return nil, nil
	}
	if !slices.Contains(items, a.Card) {
		return nil, refuse(Invalid, "err_name_item", name)
	}
	evs := []Event{{Data: CardMoved{Seat: seat.ID, Room: room, Card: a.Card, How: "drop"}}}
	return append(evs, s.cardEffects(seat, nil, []string{a.Card}, "card:"+a.Card)...), nil
}

// dropEvents drop a card its roller carries on the pile of the room named
// (Music Box 0–3: a mesmerised carrier drops it, and it stays open).
func (s *State) dropEvents(seat *Seat, card *catalog.Card, a ApplyEffect) ([]Event, error) {
	if !s.Holds(seat.ID, card.ID) {
		return nil, nil
	}
	if catalog.Box().Room(a.Room) == nil {
		return nil, refuse(Invalid, "err_drop_room", card.Name)
	}
	evs := []Event{{Data: CardMoved{Seat: seat.ID, Room: a.Room, Card: card.ID, How: "drop"}}}
	return append(evs, s.cardEffects(seat, nil, []string{card.ID}, "card:"+card.ID)...), nil
}

// cardAttackEvent is an attack a card makes on the seat that drew it: the
// player on the right rolls its dice (typed in, or the server's), and the
// seat defends as against a monster (seed 002 FAQ: 被咬就像是被怪物攻击).
func (s *State) cardAttackEvent(seat *Seat, card string, atk *catalog.CardAttack, faces []int, total *int) (Event, error) {
	rec := RollRecord{Purpose: "attack", Trait: atk.Trait, Source: "card:" + card}
	if err := s.resolveDice(&rec, rollPlan{dice: min(atk.Dice, MaxDice)}, faces, total); err != nil {
		return Event{}, err
	}
	return Event{Data: Attacked{Seat: seat.ID, Attack: &AttackState{
		Attacker: Target{Card: card}, Defender: Target{Seat: seat.ID}, Trait: atk.Trait, Attack: rec,
	}}}, nil
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
		return []Event{{Data: TraitsChanged{Seat: holder.ID, Cause: "card:" + c.ID, Changes: ch}}}
	}
	return nil
}
