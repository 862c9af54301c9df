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
var effectActions = []Action{ApplyEffect{}}

// The type names of the actions this file decides.
const (
	ActApplyEffect = "apply_effect"
)

// ApplyEffect applies a card's or a room's outcome.
type ApplyEffect struct {
	Basis
	Seat    int            `json:"seat,omitempty"`
	Source  string         `json:"source,omitempty"`
	Trait   string         `json:"trait,omitempty"`
	Card    string         `json:"card,omitempty"`
	To      int            `json:"to,omitempty"`
	Split   map[string]int `json:"split,omitempty"`
	Room    string         `json:"room,omitempty"`
	Bracket *int           `json:"bracket,omitempty"`
	Total   *int           `json:"total,omitempty"`
	Faces   []int          `json:"faces,omitempty"`
}

func (ApplyEffect) ActionType() string { return ActApplyEffect }

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
func sourceOf(e SourceRemoved) string {
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
		return Event{Data: SourceRemoved{Seat: seat.ID, Card: card.ID}}
	}
	return Event{Data: SourceRemoved{Seat: seat.ID, Room: room.ID}}
}

// decide applies what a card or room does, in one tap: the
// outcome of the seat's last roll for that source (guided roll), a room's
// once-per-explorer gain (Chapel, Gymnasium, Larder, Library), or a room's
// end-of-turn damage (Crypt, Furnace Room). Gains and restores are applied;
// damage waits for the player's split. A room's effect also ends the
// lingering events it clears (Lights Out in the Furnace Room).
func (a ApplyEffect) decide(s *State, actor Actor) ([]Event, error) {
	evs, err := s.applyEffect(actor, a)
	if err != nil {
		return nil, err
	}
	if _, room, _, _ := effectSource(a.Source); room != nil {
		// evs may be empty (a gain at the trait's cap): the seat comes
		// from the action, as applyEffect found it.
		seat, err := s.actingSeat(actor, a.Seat, true)
		if err != nil {
			return nil, err
		}
		evs = append(evs, s.roomClearings(seat, room.ID)...)
	}
	return evs, nil
}

func (s *State) applyEffect(actor Actor, a ApplyEffect) ([]Event, error) {
	seat, err := s.actingSeat(actor, a.Seat, true)
	if err != nil {
		return nil, err
	}
	roll, room, card, err := effectSource(a.Source)
	if err != nil {
		return nil, err
	}
	held, err := s.mayApply(actor, seat, a.Source, roll, room, card)
	if err != nil {
		return nil, err
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
		return s.applyWithoutRoll(seat, card, held, roll, a)
	case roll != nil && len(roll.Brackets) > 0:
		return s.applyRolled(seat, room, card, held, roll, a)
	case room != nil && len(room.OnceGain) > 0:
		if s.RoomGains[seat.ID][room.ID] {
			return nil, refuse(Conflict, "err_room_gain_used")
		}
		evs := []Event{{Data: RoomGain{Seat: seat.ID, Room: room.ID}}}
		return append(evs, s.effectEvents(seat, catalog.Effect{Gain: room.OnceGain}, a.Source, "")...), nil
	case room != nil && room.EndTurnDamage != nil:
		return s.applyEndTurnDamage(seat, room, a)
	}
	return nil, refuse(Conflict, "err_no_effect")
}

// mayApply checks what may stop a source's effect whatever it is: the
// source removed, a room that would hurt a traitor immune to it or that a
// held card shields from, a held item or omen beyond its limits. held
// reports whether the seat applies a card it holds, as a use of it (a
// roll the card asks of whoever it affects, Music Box, is no use of it).
func (s *State) mayApply(actor Actor, seat *Seat, source string, roll *catalog.Roll, room *catalog.Room, card *catalog.Card) (held bool, err error) {
	if s.Removed[source] {
		return false, refuse(Conflict, "err_source_removed", sourceName(room, card))
	}
	if room != nil && s.immuneToRooms(seat.ID) && (room.EndTurnDamage != nil || roomRollHurts(room)) {
		// The traitor ignores room effects that would hurt them (seed 002 FAQ).
		return false, refuse(Conflict, "err_traitor_immune")
	}
	if room != nil {
		if c := s.shieldingCard(seat.ID, room.ID); c != nil {
			return false, refuse(Conflict, "err_card_shields", c.Name, room.Name)
		}
	}
	// A held item or omen is used by its holder, within its limits; one
	// not held may still hurt or help another (Dynamite thrown at you).
	held = card != nil && card.Deck != "event" && s.Holds(seat.ID, card.ID) && (roll == nil || !roll.NotUse)
	if held {
		if err := s.mayUse(actor, seat, card); err != nil {
			return false, err
		}
	}
	return held, nil
}

// applyWithoutRoll applies a card whose effect needs no roll at all
// (Healing Salve, Smelling Salts): the holder's card applies.
func (s *State) applyWithoutRoll(seat *Seat, card *catalog.Card, held bool, roll *catalog.Roll, a ApplyEffect) ([]Event, error) {
	if card != nil && card.Deck != "event" && !held {
		return nil, refuse(Conflict, "err_card_not_held", card.Name)
	}
	eff := roll.Brackets[0].Effect
	var evs []Event
	if eff.TakeItem { // Pickpocket's Gloves: "to" names whom it takes from
		var err error
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
}

// applyRolled applies the outcome of the seat's last roll for the source,
// or its share of another explorer's outcome every explorer takes.
func (s *State) applyRolled(seat *Seat, room *catalog.Room, card *catalog.Card, held bool, roll *catalog.Roll, a ApplyEffect) ([]Event, error) {
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
}

// applyEndTurnDamage applies a room's end-of-turn damage (the Crypt, the
// Furnace Room).
func (s *State) applyEndTurnDamage(seat *Seat, room *catalog.Room, a ApplyEffect) ([]Event, error) {
	evs := s.effectEvents(seat, catalog.Effect{Damage: room.EndTurnDamage}, a.Source, "")
	if len(evs) == 0 {
		if _, c := s.damageReduction(seat.ID, room.EndTurnDamage.Kind); c != nil {
			return nil, refuse(Conflict, "err_damage_reduced", c.Name)
		}
		return nil, refuse(Conflict, "err_no_effect")
	}
	return evs, nil
}

// afterUse marks a card used this turn and discards a one-use card.
func (s *State) afterUse(seat *Seat, card *catalog.Card) []Event {
	evs := []Event{{Data: CardUsed{Seat: seat.ID, Card: card.ID}}}
	if card.DiscardAfterUse {
		evs = append(evs, Event{Data: CardMoved{Seat: seat.ID, Card: card.ID, How: "discard"}})
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
func (s *State) outcomeEvents(seat *Seat, room *catalog.Room, card *catalog.Card, held bool, eff catalog.Effect, roll RollRecord, a ApplyEffect) ([]Event, error) {
	evs := []Event{{Data: RollApplied{Seat: seat.ID, Target: roll.Seq}}}
	target, err := s.effectTarget(seat, card, eff, a)
	if err != nil {
		return nil, err
	}
	moved, err := s.outcomeTraits(seat, target, sourceName(room, card), eff, roll, a)
	if err != nil {
		return nil, err
	}
	evs = append(evs, moved...)
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
	evs = append(evs, s.outcomeCard(seat, card, held, eff)...)
	after, err := s.outcomeAfter(seat, card, eff, a)
	if err != nil {
		return nil, err
	}
	return append(evs, after...), nil
}

// outcomeTraits are what an outcome does to the clips of the explorer it
// is applied to: for another explorer (Medical Kit) only what it gives
// them; for the roller, what they choose (a trait, a heal's split), then
// the effect from the clips the choice moved.
func (s *State) outcomeTraits(seat, target *Seat, name catalog.Text, eff catalog.Effect, roll RollRecord, a ApplyEffect) ([]Event, error) {
	var evs []Event
	if target != seat {
		// Applied to another explorer (Medical Kit): only what the outcome
		// gives them; the roller's card is used as usual (outcomeCard).
		if eff.Heal != nil {
			healed, err := s.healEvents(target, name, eff.Heal, a, a.Source)
			if err != nil {
				return nil, err
			}
			evs = append(evs, healed...)
		}
		return append(evs, s.effectEvents(target, eff, a.Source, roll.Trait)...), nil
	}
	chosen, err := s.chosenEvents(seat, name, eff, roll.Trait, a)
	if err != nil {
		return nil, err
	}
	if eff.Heal != nil {
		healed, err := s.healEvents(seat, name, eff.Heal, a, a.Source)
		if err != nil {
			return nil, err
		}
		chosen = append(chosen, healed...)
	}
	evs = append(evs, chosen...)
	if len(chosen) > 0 { // the choice moved the clips the effect starts from
		return append(evs, s.effectEvents(s.withChanges(seat, chosen), eff, a.Source, roll.Trait)...), nil
	}
	return append(evs, s.effectEvents(seat, eff, a.Source, roll.Trait)...), nil
}

// outcomeCard is what an outcome does to the card rolled for: a held item
// or omen used for the turn (worn, or discarded when one-use; a gated
// weapon's roll leaves it for the attack), an event it ends discarded.
func (s *State) outcomeCard(seat *Seat, card *catalog.Card, held bool, eff catalog.Effect) []Event {
	switch {
	case held && card.Weapon != nil && card.Weapon.Gated && !eff.Discard:
	case held && eff.Wear:
		return s.wearEvents(seat, card)
	case held && eff.Discard:
		evs := []Event{{Data: CardUsed{Seat: seat.ID, Card: card.ID}},
			{Data: CardMoved{Seat: seat.ID, Card: card.ID, How: "discard"}}}
		return append(evs, s.cardEffects(seat, nil, []string{card.ID}, "card:"+card.ID)...)
	case held:
		return s.afterUse(seat, card)
	case card != nil && card.Deck == "event" && eff.Discard && s.holderOf(card.ID) != 0:
		// An event the outcome ends, held by the roller or by the explorer
		// a rescuer freed (Webs, Debris).
		return []Event{{Data: CardMoved{Seat: s.holderOf(card.ID), Card: card.ID, How: "discard"}}}
	}
	return nil
}

// outcomeAfter is what an outcome does last: the card dropped (Music Box),
// the turn ended, an attack the card makes begun.
func (s *State) outcomeAfter(seat *Seat, card *catalog.Card, eff catalog.Effect, a ApplyEffect) ([]Event, error) {
	var evs []Event
	if eff.Drop && card != nil {
		dropped, err := s.dropEvents(seat, card, a)
		if err != nil {
			return nil, err
		}
		evs = append(evs, dropped...)
	}
	if eff.EndTurn && s.Turn == seat.ID {
		ended, err := EndTurn{}.decide(s, Actor{Host: true})
		if err != nil {
			return nil, err
		}
		evs = append(evs, ended...)
	}
	if eff.Attack != nil && card != nil {
		if s.attackOpen() {
			return nil, refuse(Conflict, "err_attack_in_progress")
		}
		at, err := s.cardAttackEvent(seat, card.ID, eff.Attack, nil, nil)
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
func (s *State) effectTarget(seat *Seat, card *catalog.Card, eff catalog.Effect, a ApplyEffect) (*Seat, error) {
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

// foldEffects applies what guided effects record: damage still to split, a
// roll's outcome applied, a room's one-time gain, a token or room used up,
// a card's draw effect done.
func (s *State) foldEffects(e Event) {
	switch d := e.Data.(type) {
	case DamagePending:
		if p := s.Pending[d.Seat]; d.Pending == nil && p != nil && p.Then != nil {
			s.Pending[d.Seat] = p.Then // the outcome's further damage comes next
		} else if d.Pending == nil {
			delete(s.Pending, d.Seat)
		} else {
			p := *d.Pending
			s.Pending[d.Seat] = &p
		}
	case RollApplied:
		for i := range s.Rolls {
			if s.Rolls[i].Seq != d.Target {
				continue
			}
			if s.Rolls[i].Seat != d.Seat { // another explorer's share of it
				s.Shares[d.Target] = append(s.Shares[d.Target], d.Seat)
			}
			s.Rolls[i].Applied = true
		}
	case RoomGain:
		if s.RoomGains[d.Seat] == nil {
			s.RoomGains[d.Seat] = map[string]bool{}
		}
		s.RoomGains[d.Seat][d.Room] = true
	case SourceRemoved:
		s.Removed[sourceOf(d)] = true
	case EffectApplied:
		s.EffectDone[d.Card] = true
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
func (s *State) shareEvents(seat *Seat, card *catalog.Card, b *catalog.Bracket, shared *RollRecord, a ApplyEffect) ([]Event, error) {
	name := catalog.Text{}
	if card != nil {
		name = card.Name
	}
	chosen, err := s.chosenEvents(seat, name, catalog.Effect{GainChosen: b.GainChosen}, "", a)
	if err != nil {
		return nil, err
	}
	return append([]Event{{Data: RollApplied{Seat: seat.ID, Target: shared.Seq}}}, chosen...), nil
}

// effectEvents are the events this file folds, with the fold that applies them.
var effectEvents = eventTopic{fold: quiet((*State).foldEffects), events: []EventData{DamagePending{}, RoomGain{}, RollApplied{}, SourceRemoved{}, EffectApplied{}}}

// The type names of the events this file folds.
const (
	EvEffectPending = "damage_pending"
	EvRoomGain      = "room_gain"
	EvRollApplied   = "roll_applied"
	EvSourceRemoved = "source_removed"
	EvEffectApplied = "effect_applied"
)

// DamagePending: damage a card or room gave is owed (nil Pending: it was taken).
type DamagePending struct {
	Seat    int            `json:"seat,omitempty"` // stable seat id the event is about
	Pending *PendingDamage `json:"pending,omitempty"`
}

func (DamagePending) EventType() string { return EvEffectPending }

// RoomGain: a room's once-per-explorer gain was taken.
type RoomGain struct {
	Seat int    `json:"seat,omitempty"` // stable seat id the event is about
	Room string `json:"room,omitempty"`
}

func (RoomGain) EventType() string { return EvRoomGain }

// RollApplied: the outcome of a roll (Target) was applied.
type RollApplied struct {
	Seat   int `json:"seat,omitempty"`   // stable seat id the event is about
	Target int `json:"target,omitempty"` // the seq it refers to
}

func (RollApplied) EventType() string { return EvRollApplied }

// SourceRemoved: an outcome removed a token (Card) or emptied a room (Room).
type SourceRemoved struct {
	Seat int    `json:"seat,omitempty"` // stable seat id the event is about
	Card string `json:"card,omitempty"`
	Room string `json:"room,omitempty"`
}

func (SourceRemoved) EventType() string { return EvSourceRemoved }

// EffectApplied: a card's draw effect (no roll) was applied.
type EffectApplied struct {
	Seat int    `json:"seat,omitempty"` // stable seat id the event is about
	Card string `json:"card,omitempty"`
}

func (EffectApplied) EventType() string { return EvEffectApplied }
