package game

import (
	"maps"
	"slices"
	"strconv"

	"lantern/internal/catalog"
)

// Attacks, after the haunt only: the attack roll and the defence, the
// damage split or the item stolen instead, and a card's own attack (the
// Bite, Creepy Puppet).

// attackActions are the actions this file decides.
var attackActions = []Action{Attack{}, Defend{}, ResolveDamage{}, Steal{}, DealDamage{}}

// The type names of the actions this file decides.
const (
	ActAttack     = "attack"
	ActDefend     = "defend"
	ActResolveDmg = "resolve_damage"
	ActSteal      = "steal"
	ActDealDamage = "deal_damage" // the winner who may steal deals the damage instead
)

// Attack attacks a seat or a monster, by a seat or a monster.
type Attack struct {
	Basis
	Seat      int      `json:"seat,omitempty"`
	Target    Target   `json:"target,omitempty"`
	Trait     string   `json:"trait,omitempty"`
	Weapon    string   `json:"weapon,omitempty"`
	Ranged    bool     `json:"ranged,omitempty"`
	Modifiers []string `json:"modifiers,omitempty"`
	Choose    *int     `json:"choose,omitempty"`
	Total     *int     `json:"total,omitempty"`
	Faces     []int    `json:"faces,omitempty"`
	Monster   string   `json:"monster,omitempty"`
}

func (Attack) ActionType() string { return ActAttack }

// Defend rolls the defence of the open attack.
type Defend struct {
	Basis
	Modifiers []string `json:"modifiers,omitempty"`
	Choose    *int     `json:"choose,omitempty"`
	Total     *int     `json:"total,omitempty"`
	Faces     []int    `json:"faces,omitempty"`
}

func (Defend) ActionType() string { return ActDefend }

// ResolveDamage splits the damage the loser of an attack takes.
type ResolveDamage struct {
	Basis
	Seat  int            `json:"seat,omitempty"`
	Split map[string]int `json:"split,omitempty"`
	Kind  string         `json:"kind,omitempty"`
}

func (ResolveDamage) ActionType() string { return ActResolveDmg }

// Steal takes a card from the loser instead of damage.
type Steal struct {
	Basis
	Card string `json:"card,omitempty"`
}

func (Steal) ActionType() string { return ActSteal }

// DealDamage: the winner who may steal deals the damage instead.
type DealDamage struct {
	Basis
}

func (DealDamage) ActionType() string { return ActDealDamage }

// Target is who an attack is aimed at: a seat (stable id) or a monster.
type Target struct {
	Seat    int    `json:"seat,omitempty"`
	Monster string `json:"monster,omitempty"`
	// Card is a card that attacks the explorer who drew it (Bite).
	Card string `json:"card,omitempty"`
}

// AttackState is an attack in progress: rolled by the attacker, waiting for
// the defender's roll, then for the loser's split or the winner's theft.
type AttackState struct {
	Seq      int         `json:"seq"`
	Attacker Target      `json:"attacker"`
	Defender Target      `json:"defender"`
	Trait    string      `json:"trait"`
	Weapon   string      `json:"weapon,omitempty"`
	Ranged   bool        `json:"ranged,omitempty"`
	Attack   RollRecord  `json:"attack"`
	Defense  *RollRecord `json:"defense,omitempty"`
	// Set once both have rolled.
	Loser    Target `json:"loser,omitempty"`
	Damage   int    `json:"damage,omitempty"`
	Kind     string `json:"kind,omitempty"` // physical | mental
	CanSteal bool   `json:"can_steal,omitempty"`
	Done     bool   `json:"done,omitempty"`
}

// damageKind: Might and Speed hurt the body, Sanity and Knowledge the mind
// (seed 000, 袭击).
func damageKind(trait string) string {
	if trait == Might || trait == Speed {
		return "physical"
	}
	return "mental"
}

// attackTraitAllowed says which trait an explorer may attack with (seed
// 000, 袭击): Might, a weapon's own trait (the Revolver: Speed), or a trait
// a held card allows (the Ring: Sanity).
func (s *State) attackTraitAllowed(seatID int, trait string, weapon *catalog.Card) bool {
	if trait == Might || weapon != nil && weapon.Weapon != nil && weapon.Weapon.Trait == trait {
		return true
	}
	return slices.ContainsFunc(s.Hands[seatID], func(h HeldCard) bool {
		c := catalog.Box().Card(h.Card)
		return c != nil && slices.Contains(c.AttackTraits, trait)
	})
}

// damageReduction is what the seat's held cards take off each damage of a
// kind, and the first card that does (Armor: 1 off physical damage).
func (s *State) damageReduction(seatID int, kind string) (int, *catalog.Card) {
	n := 0
	var first *catalog.Card
	for _, h := range s.Hands[seatID] {
		if c := catalog.Box().Card(h.Card); c != nil && c.DamageReduction[kind] > 0 {
			n += c.DamageReduction[kind]
			if first == nil {
				first = c
			}
		}
	}
	return n, first
}

// traitValueOf is an attack or defence trait's value for a seat or monster;
// ok is false when the target lacks it ("you can't attack with a trait the
// target lacks", seed 003).
func (s *State) traitValueOf(t Target, trait string) (int, bool) {
	if t.Monster != "" {
		m := s.Monster(t.Monster)
		if m == nil {
			return 0, false
		}
		v, ok := m.Traits[trait]
		return v, ok && v > 0
	}
	seat := s.SeatByID(t.Seat)
	if seat == nil {
		return 0, false
	}
	return seat.Value(trait), true
}

func (s *State) targetName(t Target) string {
	if c := catalog.Box().Card(t.Card); c != nil {
		return c.Name.EN
	}
	if t.Monster != "" {
		if m := s.Monster(t.Monster); m != nil {
			return m.Name
		}
		return t.Monster
	}
	if seat := s.SeatByID(t.Seat); seat != nil {
		return seat.Name
	}
	return ""
}

// hauntStarted reports whether attacks are allowed (seed 000, 袭击: only in
// the haunt).
func (s *State) hauntStarted() bool { return s.Phase == PhaseHaunt }

// attackOpen reports an attack still waiting for a roll, a split or a
// theft; one whose loser has died since is over.
func (s *State) attackOpen() bool {
	at := s.Attack
	if at == nil || at.Done {
		return false
	}
	if at.Defense != nil && at.Loser.Seat != 0 {
		if seat := s.SeatByID(at.Loser.Seat); seat != nil && !s.Alive(seat) {
			return false
		}
	}
	return true
}

// decide starts an attack: the attacker rolls the trait's value in
// dice plus the weapon's, never more than 8 (seed 003; weapons only when
// attacking, one at a time). One attack per turn per explorer or monster.
// The attacker's side (attackerOf) and the defender's (defenderOf) are
// checked apart; the defence itself is Defend.decide.
func (a Attack) decide(s *State, actor Actor) ([]Event, error) {
	if !s.Started || !s.hauntStarted() {
		return nil, refuse(Conflict, "err_attack_before_haunt")
	}
	if s.attackOpen() {
		return nil, refuse(Conflict, "err_attack_in_progress")
	}
	trait := a.Trait
	if trait == "" {
		trait = Might
	}
	if !validTrait(trait) {
		return nil, refuse(Invalid, "err_bad_trait", trait)
	}
	attacker, dice, err := s.attackerOf(actor, a, trait)
	if err != nil {
		return nil, err
	}
	if s.AttackedThisTurn[attackerKey(attacker)] {
		return nil, refuse(Conflict, "err_attacked_this_turn")
	}
	defender, err := s.defenderOf(a, attacker, trait)
	if err != nil {
		return nil, err
	}
	return s.attackEvents(attacker, defender, trait, dice, a)
}

// attackerOf checks who attacks and counts their dice: a monster the
// traitor (or host) runs, on the monsters' turn, with its Might; or the explorer whose turn it is,
// with the trait and the weapon's extra dice.
func (s *State) attackerOf(actor Actor, a Attack, trait string) (Target, int, error) {
	if a.Monster != "" {
		m := s.Monster(a.Monster)
		if m == nil {
			return Target{}, 0, refuse(NotFound, "err_unknown_monster", a.Monster)
		}
		if !s.controlsMonsters(actor) {
			return Target{}, 0, refuse(Forbidden, "err_not_traitor")
		}
		if m.Stunned {
			return Target{}, 0, refuse(Conflict, "err_monster_stunned", m.Name)
		}
		// Monsters act on their own turn, after the traitor's (seed 000
		// l.347; seed 003 l.329) — the host too: the host stands in for a
		// player, not for the rules.
		if s.Turn != MonstersTurn {
			return Target{}, 0, refuse(Conflict, "err_not_monsters_turn", m.Name)
		}
		if trait != Might {
			return Target{}, 0, refuse(Invalid, "err_monster_might_only")
		}
		return Target{Monster: m.ID}, m.Traits[Might], nil
	}
	seat, err := s.targetSeat(actor, a.Seat)
	if err != nil {
		return Target{}, 0, err
	}
	if !s.Alive(seat) {
		return Target{}, 0, refuse(Conflict, "err_dead", seat.Name)
	}
	if !actor.Host && s.Turn != seat.ID {
		return Target{}, 0, errNotYourTurn
	}
	if err := s.notStuck(seat); err != nil {
		return Target{}, 0, err
	}
	if c := s.attackCancelled(seat.ID); c != nil {
		return Target{}, 0, refuse(Conflict, "err_attack_cancelled", c.Name)
	}
	dice := 0
	var w *catalog.Card
	if a.Weapon != "" {
		w = catalog.Box().Card(a.Weapon)
		if w == nil || w.Weapon == nil {
			return Target{}, 0, refuse(Invalid, "err_not_weapon", a.Weapon)
		}
		if err := s.mayUse(actor, seat, w); err != nil {
			return Target{}, 0, err
		}
		if w.Weapon.Trait != trait {
			return Target{}, 0, refuse(Invalid, "err_weapon_trait")
		}
		if a.Ranged && !w.Weapon.Ranged {
			return Target{}, 0, refuse(Invalid, "err_not_ranged")
		}
		if w.Weapon.Gated && !s.gateRolled(seat.ID, w) {
			return Target{}, 0, refuse(Conflict, "err_card_roll_first", w.Name)
		}
		dice += w.Weapon.Dice
	} else if a.Ranged {
		return Target{}, 0, refuse(Invalid, "err_not_ranged")
	}
	if !s.attackTraitAllowed(seat.ID, trait, w) {
		return Target{}, 0, refuse(Invalid, "err_attack_trait", TraitNames{trait})
	}
	return Target{Seat: seat.ID}, dice + seat.Value(trait), nil
}

// attackDice is how many dice an explorer's attack rolls with the trait
// and weapon (nil: none) before roll cards: attackerOf's count as
// attackEvents rolls it (at least 1, at most MaxDice).
func attackDice(seat *Seat, trait string, w *catalog.Card) int {
	n := seat.Value(trait)
	if w != nil && w.Weapon != nil {
		n += w.Weapon.Dice
	}
	return min(max(n, 1), MaxDice)
}

// defenderOf checks who is attacked: a monster, or a living explorer, on
// the other side, who has the trait.
func (s *State) defenderOf(a Attack, attacker Target, trait string) (Target, error) {
	var defender Target
	if a.Target.Monster != "" {
		if s.Monster(a.Target.Monster) == nil {
			return Target{}, refuse(NotFound, "err_unknown_monster", a.Target.Monster)
		}
		defender = Target{Monster: a.Target.Monster}
	} else {
		seat := s.SeatAt(a.Target.Seat)
		if seat == nil {
			return Target{}, refuse(NotFound, "err_unknown_seat", a.Target.Seat)
		}
		if !s.Alive(seat) {
			return Target{}, refuse(Conflict, "err_dead", seat.Name)
		}
		defender = Target{Seat: seat.ID}
	}
	if defender == attacker {
		return Target{}, refuse(Invalid, "err_attack_self")
	}
	if !s.opponents(attacker, defender) {
		return Target{}, refuse(Conflict, "err_attack_ally", s.targetName(defender))
	}
	if _, ok := s.traitValueOf(defender, trait); !ok {
		return Target{}, refuse(Invalid, "err_target_lacks_trait", s.targetName(defender))
	}
	return defender, nil
}

// attackEvents rolls the attack and records what it used: the weapon's
// action this turn, one-use modifiers, a weapon's cost.
func (s *State) attackEvents(attacker, defender Target, trait string, dice int, a Attack) ([]Event, error) {
	rec := RollRecord{Seat: attacker.Seat, Purpose: "attack", Trait: trait}
	roller := s.SeatByID(attacker.Seat)
	plan, err := s.planRoll(roller, max(dice, 1), "attack", false, a.Modifiers, a.Choose)
	if err != nil {
		return nil, err
	}
	if err := s.resolveDice(&rec, plan, a.Faces, a.Total); err != nil {
		return nil, err
	}
	rec.Modifiers = slices.Clone(a.Modifiers)
	evs := []Event{{Data: Attacked{Seat: attacker.Seat, Attack: &AttackState{
		Attacker: attacker, Defender: defender, Trait: trait, Weapon: a.Weapon, Ranged: a.Ranged, Attack: rec,
	}}}}
	if a.Weapon != "" { // the weapon had its action this turn (seed 003 l.167)
		evs = append(evs, Event{Data: CardUsed{Seat: attacker.Seat, Card: a.Weapon}})
	}
	if roller != nil {
		evs = append(evs, s.usedUp(roller, a.Modifiers)...)
	}
	if w := catalog.Box().Card(a.Weapon); w != nil && w.Weapon != nil && len(w.Weapon.Cost) > 0 {
		// Blood Dagger: its extra dice cost Speed (its card text).
		seat := s.SeatByID(attacker.Seat)
		traits := maps.Clone(seat.Traits)
		if ch := s.traitDelta(seat, w.Weapon.Cost, traits); len(ch) > 0 {
			evs = append(evs, Event{Data: TraitsChanged{Seat: seat.ID, Cause: "card:" + w.ID, Changes: ch}})
		}
	}
	return evs, nil
}

// opponents reports whether two fighters are on opposite sides: the traitor
// and the monsters against the heroes (seed 000, 作祟: 敌对双方…可对另一方的人物
// 怪物进行袭击). While the sides aren't known — a hidden traitor who hasn't
// shown their token, or no haunt recorded — any explorer may attack any
// other (seed 002, 内奸: 任何探险者都可以主动攻击另外一名探险者).
func (s *State) opponents(a, b Target) bool {
	if a.Monster != "" && b.Monster != "" {
		return false
	}
	if s.Haunt == nil || (s.Haunt.Hidden() && s.Haunt.PublicTraitor() == 0) {
		return true
	}
	side := func(t Target) string {
		if t.Monster != "" {
			return SideTraitor
		}
		return s.SideOf(t.Seat)
	}
	return side(a) != side(b)
}

func attackerKey(t Target) string {
	if t.Card != "" {
		return "c:" + t.Card
	}
	if t.Monster != "" {
		return "m:" + t.Monster
	}
	return "s:" + strconv.Itoa(t.Seat)
}

// controlsMonsters: the traitor's phone runs the monsters, and the host can.
func (s *State) controlsMonsters(actor Actor) bool {
	if actor.Host {
		return true
	}
	// Judged on public knowledge only: a hidden traitor who hasn't shown
	// their token can't be given away by what they may do (seed 002, 内奸).
	return s.Haunt != nil && (s.Haunt.PublicTraitor() == actor.Seat && actor.Seat != 0 || s.Sides[actor.Seat] == SideTraitor)
}

// decide rolls the defence: the same trait, no weapon (seed 002 FAQ:
// weapons only when attacking). The defender rolls; when they don't answer,
// the attacker or the host may roll for them.
func (a Defend) decide(s *State, actor Actor) ([]Event, error) {
	at := s.Attack
	if at == nil || at.Done || at.Defense != nil {
		return nil, refuse(Conflict, "err_no_attack")
	}
	allowed := actor.Host ||
		(at.Defender.Seat != 0 && actor.Seat == at.Defender.Seat) ||
		(at.Attacker.Seat != 0 && actor.Seat == at.Attacker.Seat) ||
		(at.Defender.Monster != "" && s.controlsMonsters(actor)) ||
		(at.Attacker.Monster != "" && s.controlsMonsters(actor))
	if !allowed {
		return nil, refuse(Forbidden, "err_other_seat")
	}
	dice, _ := s.traitValueOf(at.Defender, at.Trait)
	rec := RollRecord{Seat: at.Defender.Seat, Purpose: "defend", Trait: at.Trait, Modifiers: slices.Clone(a.Modifiers)}
	// The defender's own cards only (the Idol, the Angel Feather).
	defender := s.SeatByID(at.Defender.Seat)
	if len(a.Modifiers) > 0 && (defender == nil || !actor.Host && actor.Seat != defender.ID) {
		return nil, refuse(Invalid, "err_unknown_modifier", a.Modifiers[0])
	}
	plan, err := s.planRoll(defender, max(dice, 1), "defend", false, a.Modifiers, a.Choose)
	if err != nil {
		return nil, err
	}
	if err := s.resolveDice(&rec, plan, a.Faces, a.Total); err != nil {
		return nil, err
	}
	res := *at
	res.Defense = &rec
	s.resolveAttack(&res)
	evs := []Event{{Data: Defended{Seat: at.Defender.Seat, Attack: &res}}}
	if defender != nil {
		evs = append(evs, s.usedUp(defender, a.Modifiers)...)
	}
	if res.Loser.Monster != "" && res.Damage > 0 {
		evs = append(evs, Event{Data: Stunned{Monster: res.Loser.Monster}})
	}
	return evs, nil
}

// resolveAttack compares the totals: the higher deals the difference, a tie
// does nothing (seed 000, 袭击); a ranged attacker who loses takes nothing
// (seed 000, 手枪); a held card takes damage off (Armor: 1 off physical
// damage, damage_reduction); with 2 or more
// damage (not ranged) the winning explorer may steal instead (seed 000).
func (s *State) resolveAttack(at *AttackState) {
	diff := at.Attack.Total - at.Defense.Total
	at.Kind = damageKind(at.Trait)
	switch {
	case diff > 0:
		at.Loser, at.Damage = at.Defender, diff
	case diff < 0 && !at.Ranged:
		at.Loser, at.Damage = at.Attacker, -diff
	default:
		at.Done = true
		return
	}
	winner := at.Attacker
	if at.Loser == at.Attacker {
		winner = at.Defender
	}
	if at.Loser.Monster != "" || at.Loser.Card != "" {
		at.Done = true // monsters are stunned, not hurt (seed 000, 怪物); a card takes nothing
		return
	}
	if m := s.Monster(winner.Monster); m != nil && m.Stunned {
		// A stunned monster still rolls to defend, but a hero who loses
		// against it takes nothing (seed 002 FAQ).
		at.Damage, at.Done = 0, true
		return
	}
	// Theft needs 2+ physical damage, not ranged (seed 002/003).
	at.CanSteal = at.Damage >= 2 && at.Kind == "physical" && !at.Ranged && winner.Seat != 0 && s.hasStealable(at.Loser.Seat)
	if less, _ := s.damageReduction(at.Loser.Seat, at.Kind); less > 0 {
		at.Damage = max(0, at.Damage-less)
		if at.Damage == 0 && !at.CanSteal {
			at.Done = true
		}
	}
}

func (s *State) hasStealable(seatID int) bool {
	return slices.ContainsFunc(s.Hands[seatID], func(h HeldCard) bool {
		c := catalog.Box().Card(h.Card)
		return c != nil && c.Stealable
	})
}

// decide takes an attack's damage, split by the loser.
func (a ResolveDamage) decide(s *State, actor Actor) ([]Event, error) {
	at := s.Attack
	if at == nil || at.Done || at.Defense == nil || at.Loser.Seat == 0 {
		return nil, refuse(Conflict, "err_no_attack")
	}
	seat := s.SeatByID(at.Loser.Seat)
	if !actor.Host && actor.Seat != seat.ID {
		return nil, refuse(Forbidden, "err_other_seat")
	}
	if !s.Alive(seat) { // died of something else meanwhile: nothing left to take
		return []Event{{Data: AttackEnded{Seat: seat.ID}}}, nil
	}
	kind := a.Kind
	if kind == "" {
		kind = at.Kind
	}
	if !slices.Contains(s.damageKinds(seat.ID, at.Kind), kind) {
		return nil, refuse(Invalid, "err_bad_damage_kind", kind)
	}
	total := 0
	for _, n := range a.Split {
		total += n
	}
	if total != at.Damage {
		return nil, refuse(Invalid, "err_split_total", at.Damage)
	}
	if at.CanSteal {
		// The winner chooses first: a theft instead of the damage (seed 000
		// 袭击 l.243-245: 可选择偷窃对方身上的一件物件…但对方即无需扣减其能力).
		return nil, refuse(Conflict, "err_winner_chooses", s.targetName(at.winner()))
	}
	evs, err := (TakeDamage{Seat: s.SeatNumber(seat.ID), Kind: kind, Split: a.Split}).decide(s, Actor{Host: true})
	if err != nil {
		return nil, err
	}
	evs = append(evs, s.rewardEvents(at)...) // Creepy Puppet: the Spear's holder
	return append([]Event{{Data: AttackEnded{Seat: seat.ID}}}, evs...), nil
}

// winner is the side of a judged fight that did not lose.
func (at *AttackState) winner() Target {
	if at.Loser == at.Attacker {
		return at.Defender
	}
	return at.Attacker
}

// DealDamage.decide is the winner's other choice: the damage, not a theft
// (seed 000 袭击 l.243-245); the loser splits it then. Damage the Armor took
// to nothing ends the fight.
func (DealDamage) decide(s *State, actor Actor) ([]Event, error) {
	at := s.Attack
	if at == nil || at.Done || !at.CanSteal {
		return nil, errNoSteal
	}
	winner := at.winner()
	if !actor.Host && actor.Seat != winner.Seat {
		return nil, refuse(Forbidden, "err_other_seat")
	}
	evs := []Event{{Data: StealDeclined{Seat: winner.Seat}}}
	if at.Damage == 0 {
		evs = append(evs, Event{Data: AttackEnded{Seat: winner.Seat}})
	}
	return evs, nil
}

// decide takes one tradeable item from the loser instead of damage.
func (a Steal) decide(s *State, actor Actor) ([]Event, error) {
	at := s.Attack
	if at == nil || at.Done || !at.CanSteal {
		return nil, errNoSteal
	}
	winner := at.Attacker
	if at.Loser == at.Attacker {
		winner = at.Defender
	}
	if !actor.Host && actor.Seat != winner.Seat {
		return nil, refuse(Forbidden, "err_other_seat")
	}
	card := catalog.Box().Card(a.Card)
	if card == nil || !card.Stealable || !s.Holds(at.Loser.Seat, a.Card) {
		return nil, refuse(Conflict, "err_not_stealable")
	}
	loser, thief := s.SeatByID(at.Loser.Seat), s.SeatByID(winner.Seat)
	evs := []Event{{Data: AttackEnded{Seat: winner.Seat}},
		{Data: CardMoved{Seat: loser.ID, To: thief.ID, Card: a.Card, How: "steal"}}}
	evs = append(evs, s.cardEffects(loser, nil, []string{a.Card}, "card:"+a.Card)...)
	evs = append(evs, s.cardEffects(thief, []string{a.Card}, nil, "card:"+a.Card)...)
	if card.TheftDamage != nil {
		// Whoever has it stolen is hurt (the Blood Dagger's card text).
		evs = append(evs, s.effectEvents(loser, catalog.Effect{Damage: card.TheftDamage}, "card:"+card.ID, "")...)
	}
	return evs, nil
}

// foldAttack applies a fight's steps: the attack rolled, the defence
// rolled (the fight judged), the fight over.
func (s *State) foldAttack(e Event) {
	switch d := e.Data.(type) {
	case Attacked:
		at := *d.Attack
		at.Seq = e.Seq
		s.Attack = &at
		s.AttackedThisTurn[attackerKey(at.Attacker)] = true
		s.Rolls = append(s.Rolls, withSeq(at.Attack, e.Seq))
	case Defended:
		at := *d.Attack
		s.Attack = &at
		s.Rolls = append(s.Rolls, withSeq(*at.Defense, e.Seq))
	case AttackEnded:
		if s.Attack != nil {
			s.Attack.Done = true
		}
	case StealDeclined:
		if s.Attack != nil {
			s.Attack.CanSteal = false
		}
	}
}

func withSeq(r RollRecord, seq int) RollRecord {
	r.Seq = seq
	return r
}

// attackEvents are the events this file folds, with the fold that applies them.
var attackEvents = eventTopic{fold: quiet((*State).foldAttack), events: []EventData{Attacked{}, Defended{}, AttackEnded{}, StealDeclined{}}}

// The type names of the events this file folds.
const (
	EvAttacked      = "attacked"
	EvDefended      = "defended"
	EvAttackEnded   = "attack_ended"
	EvStealDeclined = "steal_declined"
)

// Attacked: an attack was rolled.
type Attacked struct {
	Seat   int          `json:"seat,omitempty"` // stable seat id the event is about
	Attack *AttackState `json:"attack,omitempty"`
}

func (Attacked) EventType() string { return EvAttacked }

// Defended: the defence was rolled.
type Defended struct {
	Seat   int          `json:"seat,omitempty"` // stable seat id the event is about
	Attack *AttackState `json:"attack,omitempty"`
}

func (Defended) EventType() string { return EvDefended }

// AttackEnded: the attack was settled.
type AttackEnded struct {
	Seat int `json:"seat,omitempty"` // stable seat id the event is about
}

func (AttackEnded) EventType() string { return EvAttackEnded }

// StealDeclined: the winner who could steal chose the damage.
type StealDeclined struct {
	Seat int `json:"seat,omitempty"` // stable seat id the event is about
}

func (StealDeclined) EventType() string { return EvStealDeclined }
