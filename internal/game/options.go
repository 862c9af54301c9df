package game

import (
	"slices"
	"sync"

	"lantern/internal/catalog"
)

// Options is the engine's one answer to "what may this seat do now". Every
// entry is found by running Decide on the candidate action (a dry run on a
// copy of the state with dice that always show blanks), so the answer can't
// drift from the rules: what Options offers, Decide accepts, and the other
// way round. Seats are 1-based seat numbers, as in actions and the API.
type Options struct {
	// Seat is the asking seat's number; 0 for the host.
	Seat int         `json:"seat"`
	Turn TurnOptions `json:"turn"`
	// EndTurn: this seat (or the host) may end the turn now.
	EndTurn bool `json:"end_turn"`
	// Roll is the dice this seat may roll now, nil when none.
	Roll *RollOptions `json:"roll,omitempty"`
	// Rerolls are the cards that may reroll the seat's last roll.
	Rerolls []RerollOption `json:"rerolls,omitempty"`
	// Draw lists the decks (omen, item, event) the seat may draw from;
	// DrawRefused the cards left in them that may not be drawn now all the
	// same (Creepy Puppet while another attack is open).
	Draw        []string `json:"draw,omitempty"`
	DrawRefused []string `json:"draw_refused,omitempty"`
	// HauntRoll is set when this seat owes the haunt roll now.
	HauntRoll *HauntRollOption `json:"haunt_roll,omitempty"`
	// Attack is set when the seat may attack: its targets and weapons.
	Attack *AttackOptions `json:"attack,omitempty"`
	// Defend is set when the seat may roll a defence now.
	Defend *DefendOption `json:"defend,omitempty"`
	// Damage is damage this seat must split now.
	Damage *DamageOption `json:"damage,omitempty"`
	// Steal lists the cards this seat may steal instead of dealing damage;
	// DealDamage, that it may choose the damage instead (the loser's split
	// waits for one or the other).
	Steal      []string `json:"steal,omitempty"`
	DealDamage bool     `json:"deal_damage,omitempty"`
	// Offers are cards handed to this seat, or by it, still open.
	Offers []OfferOption `json:"offers,omitempty"`
	// Cards are this seat's held cards with what each may do now.
	Cards []CardOption `json:"cards,omitempty"`
	// Monsters is set for whoever runs the monsters while they may act,
	// and for a living hero who may mark a monster stunned (Stun only).
	Monsters *MonsterOptions `json:"monsters,omitempty"`
	// RunMonsters: this seat (or the host) runs the monsters: adds them,
	// moves the track, rolls their moves and attacks.
	RunMonsters bool `json:"run_monsters,omitempty"`
	// JoinTraitor are the seats the asker may move to the traitor's side
	// now: dead heroes, and living ones in a haunt with no traitor at first
	// (haunt 9). Only the host may.
	JoinTraitor []int `json:"join_traitor,omitempty"`
	// Drawn is the event card this seat drew last, put back, whose roll it
	// may make now (the card area's "you drew…" line).
	Drawn string `json:"drawn,omitempty"`
	// DrawnTraits are the traits its roll may be made with now, when the
	// card lets the roller choose (Spider: Speed or Sanity; Possession:
	// any); empty for a roll of one trait or of dice.
	DrawnTraits []string `json:"drawn_traits,omitempty"`
	// DrawnRooms are the rooms in the house its roll may be made in for
	// other dice (Groundskeeper: 2 fewer in the Gardens; Footsteps: one
	// more in the Chapel); where the roller stands is theirs to say.
	DrawnRooms []string `json:"drawn_rooms,omitempty"`
	// Explore is set when the seat may place a room tile (rooms.go).
	Explore *ExploreOptions `json:"explore,omitempty"`
	// PickUp, Rooms and ApplyRoll: the card area's piles, rooms (only
	// rooms in the house: the game always records them, House) and the
	// last roll's outcome (the section at the end of this file).
	PickUp    []PickUpOption `json:"pick_up,omitempty"`
	Rooms     []RoomOption   `json:"rooms,omitempty"`
	ApplyRoll *ApplyRoll     `json:"apply_roll,omitempty"`
	// CardRolls are rolls for event cards the seat doesn't hold that it
	// may make now (cardRollOptions): a token in the house (the Closet Door),
	// freeing another explorer (Webs), the next trait of a card that asks
	// one roll per trait (Hanged Men).
	CardRolls []CardRollOption `json:"card_rolls,omitempty"`
	// EndTurnIn are the rooms end_turn may name to end a lingering event
	// the seat holds (Grave Dirt: ending a turn in the Balcony…).
	EndTurnIn []string `json:"end_turn_in,omitempty"`
	// DrawEffects are drawn cards whose effect (no roll) the seat may
	// apply now (Jonah's Turn, Whoops!).
	DrawEffects []DrawEffectOption `json:"draw_effects,omitempty"`
	// Share is another explorer's outcome every explorer takes that this
	// seat takes its own share of now (Footsteps 0), nil when none.
	Share *ShareOption `json:"share,omitempty"`
	// Reselect is, for the host just after a reveal, the omen rooms and
	// omens that select another haunt (rules: selecting another haunt),
	// each giving a haunt other than the one revealed.
	Reselect *ReselectOptions `json:"reselect,omitempty"`
}

// ReselectOptions are the chart's omen rooms and the omens still in the
// deck that reselect_haunt accepts now, in the chart's order.
type ReselectOptions struct {
	Rooms []string `json:"rooms,omitempty"`
	Omens []string `json:"omens,omitempty"`
}

// ShareOption is a share of another explorer's outcome: the roll (its seq,
// roller's seat number and total), the outcome it fell in (an index into
// the source's roll brackets) and the traits the seat may name.
type ShareOption struct {
	Source  string   `json:"source"`
	Roll    int      `json:"roll"`
	Seat    int      `json:"seat"`
	Total   int      `json:"total"`
	Bracket int      `json:"bracket"`
	Traits  []string `json:"traits"`
}

// What the player whose turn it is is doing (TurnOptions.Doing).
const (
	DoingLobby     = "lobby"      // the game hasn't started
	DoingOver      = "over"       // a side has won
	DoingHauntRoll = "haunt_roll" // they owe the haunt roll
	DoingAttack    = "attack"     // an attack waits for a defence, a split or a theft
	DoingDamage    = "damage"     // someone has damage to split
	DoingMonsters  = "monsters"   // the monsters' turn
	DoingExploring = "exploring"  // an ordinary turn before the haunt
	DoingHaunt     = "haunt"      // an ordinary turn in the haunt
)

// TurnOptions says whose turn it is and what is going on.
type TurnOptions struct {
	Seat     int    `json:"seat"` // 0 before the start and on the monsters' turn
	Monsters bool   `json:"monsters,omitempty"`
	Doing    string `json:"doing"`
	// Mine is true when it is the asking seat's turn (or, for whoever runs
	// them, the monsters').
	Mine bool `json:"mine"`
}

// RollOptions are the trait rolls and roll modifiers allowed now.
type RollOptions struct {
	// Traits are the traits the seat may make a trait roll with.
	Traits    []string         `json:"traits"`
	Modifiers []ModifierOption `json:"modifiers,omitempty"`
}

// ModifierOption is one roll modifier and the rolls it may be named on now.
type ModifierOption struct {
	Card string `json:"card"`
	// Held is true for an item the seat holds; false for a room or event
	// token or a stored result, which the table tracks.
	Held      bool `json:"held"`
	TraitRoll bool `json:"trait_roll"`
	EventRoll bool `json:"event_roll"`
	PlainRoll bool `json:"plain_roll"`
}

// RerollOption is a card that may reroll dice of the seat's last roll.
type RerollOption struct {
	Card string `json:"card"`
	Roll int    `json:"roll"` // the roll's seq
	Dice int    `json:"dice"` // how many of its dice may be rerolled
}

// HauntRollOption is the haunt roll owed: 6 dice against the omen count.
type HauntRollOption struct {
	Dice      int `json:"dice"`
	OmenCount int `json:"omen_count"`
	// Chance is the exact chance that the haunt begins (seed 000, 作祟).
	Chance float64 `json:"chance"`
}

// AttackOptions are the opponents this seat may attack and how.
type AttackOptions struct {
	Targets []AttackTarget `json:"targets"`
	Weapons []WeaponOption `json:"weapons,omitempty"`
	// Plain are the traits an attack may use without a weapon, in board
	// order; a weapon's own trait may be allowed only with it (Revolver:
	// Speed).
	Plain []string `json:"plain,omitempty"`
	// Dice is how many dice the attack rolls with each trait the targets
	// allow, without a weapon (a typed total may be 0 to twice that).
	Dice map[string]int `json:"dice"`
}

// AttackTarget is one opponent and the traits it may be attacked with.
type AttackTarget struct {
	Seat    int      `json:"seat,omitempty"` // seat number
	Monster string   `json:"monster,omitempty"`
	Name    string   `json:"name"`
	Traits  []string `json:"traits"`
}

// WeaponOption is a held weapon that may be used in an attack now.
type WeaponOption struct {
	Card   string `json:"card"`
	Trait  string `json:"trait"`
	Dice   int    `json:"dice"` // the dice the card adds
	Ranged bool   `json:"ranged,omitempty"`
	// Rolls is how many dice the attack rolls with it.
	Rolls int `json:"rolls"`
}

// DefendOption is an attack waiting for this seat's defence roll (or one it
// may roll for another, Defender naming whom).
type DefendOption struct {
	Attack   int    `json:"attack"` // the attack's seq
	Attacker string `json:"attacker"`
	Defender string `json:"defender"`
	Mine     bool   `json:"mine"` // the seat defends itself
	Trait    string `json:"trait"`
	Dice     int    `json:"dice"`
	Against  int    `json:"against"` // the attack roll's total
}

// DamageOption is damage to split: which traits may take it and where each
// stands, so a split that kills can be told before it is sent.
type DamageOption struct {
	// Seat is the seat number that takes it: the asker, or for the host
	// the attack's loser.
	Seat int `json:"seat"`
	// Action is the action that takes it: resolve_damage (an attack lost)
	// or take_damage (a card or room).
	Action string `json:"action"`
	Source string `json:"source,omitempty"`
	Amount int    `json:"amount"`
	Kind   string `json:"kind"` // physical | mental | any
	// As are other kinds a held card lets it be taken as (Skull: physical).
	As     []string      `json:"as,omitempty"`
	Traits []DamageTrait `json:"traits"`
}

// DamageTrait is one trait damage may go to. Lethal is the least damage on
// this trait alone that puts it on the skull; 0 when it can't (before the
// haunt nobody dies).
type DamageTrait struct {
	Trait    string `json:"trait"`
	Position int    `json:"position"`
	Overflow int    `json:"overflow,omitempty"`
	Lethal   int    `json:"lethal,omitempty"`
}

// Kills reports whether a split of damage would kill.
func (d DamageOption) Kills(split map[string]int) bool {
	return slices.ContainsFunc(d.Traits, func(t DamageTrait) bool { return t.Lethal > 0 && split[t.Trait] >= t.Lethal })
}

// OfferOption is an open offer to or from this seat.
type OfferOption struct {
	Offer   int    `json:"offer"`
	Card    string `json:"card"`
	From    int    `json:"from"`
	To      int    `json:"to"`
	Accept  bool   `json:"accept"`
	Decline bool   `json:"decline"`
}

// Card is what may be done now with the held card id, or nil when the
// seat holds none.
func (o Options) Card(id string) *CardOption {
	for i := range o.Cards {
		if o.Cards[i].Card == id {
			return &o.Cards[i]
		}
	}
	return nil
}

// CardOption is a held card and what may be done with it now.
type CardOption struct {
	Card    string `json:"card"`
	Use     bool   `json:"use"`
	Apply   bool   `json:"apply"` // apply its effect (its roll's outcome, or the effect of a card without a roll)
	Give    []int  `json:"give,omitempty"`
	Drop    bool   `json:"drop"`
	Discard bool   `json:"discard"`
	// Roll: its guided roll may be made now; Refused says why each of
	// these it may not (cardAreaOptions, at the end of this file).
	Roll    bool               `json:"roll"`
	Refused map[string]Refusal `json:"refused,omitempty"`
	// Why is why the card's own action — its guided roll, its effect
	// applied, or a use its data gives it — can't be taken now; nil when
	// it can, or when the card has none (Armor, an event that acts by
	// itself).
	Why *Refusal `json:"why,omitempty"`
	// Take: the explorers (seat numbers) and items applying it may take
	// from (Pickpocket's Gloves).
	Take []TakeOption `json:"take,omitempty"`
}

// MonsterOptions is what whoever runs the monsters may do with them now.
type MonsterOptions struct {
	// Attack lists the monsters that may still attack this turn, each with
	// the heroes they may attack.
	Attack []MonsterAttack `json:"attack,omitempty"`
	// Move lists the kinds whose movement may be rolled.
	Move []string `json:"move,omitempty"`
	// Stun lists the monsters that may be marked stunned.
	Stun []string `json:"stun,omitempty"`
}

// MonsterAttack is one monster that may attack and its targets.
type MonsterAttack struct {
	Monster string         `json:"monster"`
	Targets []AttackTarget `json:"targets"`
}

// blankDice rolls blanks: a dry run must not draw from the game's dice.
type blankDice struct{}

func (blankDice) Intn(int) int { return 0 }

// dryRun asks Decide about candidate actions without changing anything:
// Decide never changes its state, and the copy's dice show blanks, so the
// game's own dice are never drawn from.
type dryRun struct {
	s     State
	actor Actor
}

func newDryRun(s *State, actor Actor) *dryRun {
	d := &dryRun{s: *s, actor: actor}
	d.s.rng = blankDice{}
	return d
}

// err is Decide's answer to a candidate action: nil when it is allowed.
func (d *dryRun) err(a Action) error {
	_, err := d.s.decide(d.actor, a)
	return err
}

func (d *dryRun) allows(a Action) bool { return d.err(a) == nil }

// why is Decide's refusal of a candidate action, nil when it is allowed.
func (d *dryRun) why(a Action) *Refusal { return refusalOf(d.err(a)) }

// zeroTotal is the typed total candidate rolls are asked with: no dice
// count refuses it.
var zeroTotal = 0

// Options computes what the actor may do now. A seat gets its own options;
// the host gets the turn, ending it, the defence it may roll for anyone and
// the monsters.
func (s *State) Options(actor Actor) Options {
	d := newDryRun(s, actor)
	o := Options{Turn: s.turnOptions(actor)}
	me := s.SeatByID(actor.Seat)
	if actor.Host {
		me = nil
	} else if me == nil {
		return o
	}
	if !s.Started {
		return o
	}
	o.EndTurn = d.allows(Action{Type: ActEndTurn})
	o.Defend = s.defendOption(d, me)
	o.Monsters = s.monsterOptions(d)
	o.RunMonsters = s.Phase == PhaseHaunt && d.allows(Action{Type: ActSetTrack, Value: &zeroTotal})
	for i := range s.Seats {
		if n := i + 1; d.allows(Action{Type: ActJoinTraitor, Seat: n}) {
			o.JoinTraitor = append(o.JoinTraitor, n)
		}
	}
	if actor.Host {
		o.Reselect = s.reselectOptions(d)
	}
	if me == nil && s.Ended == nil {
		// The host may settle a fight for its loser or winner.
		if at := s.Attack; at != nil && at.Loser.Seat != 0 {
			if loser := s.SeatByID(at.Loser.Seat); loser != nil {
				o.Damage = s.attackDamage(d, loser)
			}
		}
		o.Steal = s.stealOptions(d)
		o.DealDamage = d.allows(Action{Type: ActDealDamage})
	}
	if me == nil || s.Ended != nil {
		return o
	}
	o.Seat = s.SeatNumber(me.ID)
	o.Roll = s.rollOptions(d, me)
	o.Rerolls = s.rerollOptions(d, me)
	o.Draw, o.DrawRefused = s.drawOptions(d)
	if d.allows(Action{Type: ActHauntRoll, Total: &zeroTotal}) {
		o.HauntRoll = &HauntRollOption{Dice: HauntRollDice, OmenCount: len(s.Omens), Chance: ChanceBelow(HauntRollDice, len(s.Omens))}
	}
	o.Attack = s.attackOptions(d, me)
	o.Damage = s.damageOption(d, me)
	o.Steal = s.stealOptions(d)
	o.DealDamage = d.allows(Action{Type: ActDealDamage})
	o.Offers = s.offerOptions(d, me)
	o.Cards = s.cardOptions(d, me)
	o.Explore = s.exploreOptions(d, me)
	s.cardAreaOptions(d, me, &o)
	o.Drawn = s.drawnOption(d, me)
	o.DrawnTraits = drawnTraits(d, o.Drawn)
	o.DrawnRooms = s.drawnRooms(d, o.Drawn)
	o.CardRolls = s.cardRollOptions(d, me)
	o.DrawEffects = s.drawEffectOptions(d, me)
	o.Share = s.shareOption(d, me)
	if o.EndTurn {
		o.EndTurnIn = s.EndTurnRooms(me.ID)
	}
	return o
}

func (s *State) turnOptions(actor Actor) TurnOptions {
	t := TurnOptions{Seat: s.SeatNumber(s.Turn), Monsters: s.Turn == MonstersTurn}
	t.Mine = s.Started && !actor.Host && actor.Seat == s.Turn || t.Monsters && s.controlsMonsters(actor)
	switch {
	case !s.Started:
		t.Doing = DoingLobby
	case s.Ended != nil:
		t.Doing = DoingOver
	case s.Haunt == nil && len(s.OwedHauntRolls) > 0:
		t.Doing = DoingHauntRoll
	case s.attackOpen():
		t.Doing = DoingAttack
	case len(s.Pending) > 0:
		t.Doing = DoingDamage
	case t.Monsters:
		t.Doing = DoingMonsters
	case s.Phase == PhaseHaunt:
		t.Doing = DoingHaunt
	default:
		t.Doing = DoingExploring
	}
	return t
}

func (s *State) rollOptions(d *dryRun, me *Seat) *RollOptions {
	r := &RollOptions{Traits: []string{}}
	for _, t := range Traits {
		if d.allows(Action{Type: ActRoll, Trait: t, Total: &zeroTotal}) {
			r.Traits = append(r.Traits, t)
		}
	}
	trait := Might
	if len(r.Traits) > 0 {
		trait = r.Traits[0]
	}
	for _, m := range modifierCards() {
		held := m.item && s.Holds(me.ID, m.card.ID)
		mod := m.card.Modifier
		try := func(a Action) bool {
			a.Type, a.Modifiers, a.Choose = ActRoll, m.named, &zeroTotal
			if mod.Choose == 0 {
				a.Choose = nil
				a.Total = &zeroTotal
			}
			return d.allows(a)
		}
		mo := ModifierOption{Card: m.card.ID, Held: held,
			TraitRoll: try(Action{Trait: trait, Purpose: "trait"}),
			EventRoll: try(Action{Trait: trait, Purpose: "event"}),
			PlainRoll: try(Action{Dice: 1, Purpose: "free"})}
		if mo.TraitRoll || mo.EventRoll || mo.PlainRoll {
			r.Modifiers = append(r.Modifiers, mo)
		}
	}
	if len(r.Traits) == 0 && len(r.Modifiers) == 0 && !d.allows(Action{Type: ActRoll, Dice: 1, Total: &zeroTotal}) {
		return nil
	}
	return r
}

// RerollOptions are the cards that may reroll the seat's last roll now
// (Options.Rerolls on its own, for the roll log's buttons).
func (s *State) RerollOptions(actor Actor) []RerollOption {
	me := s.SeatByID(actor.Seat)
	if actor.Host || me == nil {
		return nil
	}
	return s.rerollOptions(newDryRun(s, actor), me)
}

func (s *State) rerollOptions(d *dryRun, me *Seat) []RerollOption {
	last := s.LastRoll(me.ID)
	if last == nil {
		return nil
	}
	var out []RerollOption
	for _, c := range RerollCards() {
		if d.allows(Action{Type: ActReroll, Card: c, Indexes: []int{0}, Faces: []int{0}}) {
			n := len(last.Faces)
			if most := catalog.Box().Card(c).Reroll.Dice; most > 0 {
				n = min(n, most)
			}
			out = append(out, RerollOption{Card: c, Roll: last.Seq, Dice: n})
		}
	}
	return out
}

// drawOptions are the decks the seat may draw from now and, in those, the
// cards Decide refuses all the same (Creepy Puppet or the Bite, whose
// attack waits while another is open), so the "I drew…" picker lists only
// what Decide accepts. A deck is offered when any card left in it may be
// drawn.
func (s *State) drawOptions(d *dryRun) (decks, refused []string) {
	room := catalog.Chart().Rooms[0]
	for _, deck := range drawDecks {
		var allowed bool
		var no []string
		for i := range catalog.Box().Cards {
			c := &catalog.Box().Cards[i]
			if c.Deck != deck || !s.InDeck(c.ID) {
				continue
			}
			a := Action{Type: ActDrawCard, Card: c.ID}
			if deck == "omen" {
				a = Action{Type: ActDrawOmen, Omen: c.ID, Room: room}
			}
			if d.allows(a) {
				allowed = true
			} else {
				no = append(no, c.ID)
			}
		}
		if allowed {
			decks = append(decks, deck)
			refused = append(refused, no...)
		}
	}
	return decks, refused
}

// drawDecks are the decks in the order Options lists them.
var drawDecks = [3]string{"omen", "item", "event"}

// targets are every other seat and every monster, as attack candidates.
func (s *State) targets(except Target) []AttackTarget {
	var out []AttackTarget
	for _, seat := range s.Seats {
		if seat.ID != except.Seat {
			out = append(out, AttackTarget{Seat: s.SeatNumber(seat.ID), Name: seat.Name})
		}
	}
	for _, m := range s.Monsters {
		if m.ID != except.Monster {
			out = append(out, AttackTarget{Monster: m.ID, Name: m.Name})
		}
	}
	return out
}

// allowedTargets keeps the candidates an attack may be aimed at, each with
// the traits it may be attacked with.
func allowedTargets(d *dryRun, base Action, cands []AttackTarget, traits []string) []AttackTarget {
	var out []AttackTarget
	for _, t := range cands {
		t.Traits = nil
		for _, tr := range traits {
			a := base
			a.Type, a.Trait, a.Target, a.Total = ActAttack, tr, Target{Seat: t.Seat, Monster: t.Monster}, &zeroTotal
			if d.allows(a) {
				if t.Traits == nil {
					t.Traits = make([]string, 0, len(traits))
				}
				t.Traits = append(t.Traits, tr)
			}
		}
		if len(t.Traits) > 0 {
			if out == nil {
				out = make([]AttackTarget, 0, len(cands))
			}
			out = append(out, t)
		}
	}
	return out
}

func (s *State) attackOptions(d *dryRun, me *Seat) *AttackOptions {
	if s.Phase != PhaseHaunt {
		return nil
	}
	cands := s.targets(Target{Seat: me.ID})
	targets := allowedTargets(d, Action{}, cands, Traits)
	var plain []string
	for _, tr := range Traits {
		if slices.ContainsFunc(targets, func(t AttackTarget) bool { return slices.Contains(t.Traits, tr) }) {
			plain = append(plain, tr)
		}
	}
	var weapons []WeaponOption
	for _, h := range s.Hands[me.ID] {
		w := catalog.Box().Card(h.Card)
		if w == nil || w.Weapon == nil {
			continue
		}
		with := allowedTargets(d, Action{Weapon: w.ID}, cands, []string{w.Weapon.Trait})
		if len(with) == 0 {
			continue
		}
		targets = mergeTargets(targets, with)
		wo := WeaponOption{Card: w.ID, Trait: w.Weapon.Trait, Dice: w.Weapon.Dice, Rolls: attackDice(me, w.Weapon.Trait, w)}
		wo.Ranged = len(allowedTargets(d, Action{Weapon: w.ID, Ranged: true}, with, []string{w.Weapon.Trait})) > 0
		weapons = append(weapons, wo)
	}
	if len(targets) == 0 {
		return nil
	}
	dice := map[string]int{}
	for _, t := range targets {
		for _, tr := range t.Traits {
			dice[tr] = attackDice(me, tr, nil)
		}
	}
	return &AttackOptions{Targets: targets, Weapons: weapons, Plain: plain, Dice: dice}
}

// mergeTargets adds the traits a weapon opens to the targets list.
func mergeTargets(into, more []AttackTarget) []AttackTarget {
	for _, m := range more {
		i := slices.IndexFunc(into, func(t AttackTarget) bool { return t.Seat == m.Seat && t.Monster == m.Monster })
		if i < 0 {
			into = append(into, m)
			continue
		}
		for _, tr := range m.Traits {
			if !slices.Contains(into[i].Traits, tr) {
				into[i].Traits = append(into[i].Traits, tr)
			}
		}
	}
	return into
}

func (s *State) defendOption(d *dryRun, me *Seat) *DefendOption {
	at := s.Attack
	if at == nil || !d.allows(Action{Type: ActDefend, Total: &zeroTotal}) {
		return nil
	}
	dice, _ := s.traitValueOf(at.Defender, at.Trait)
	return &DefendOption{Attack: at.Seq, Attacker: s.targetName(at.Attacker), Defender: s.targetName(at.Defender),
		Mine: me != nil && at.Defender.Seat == me.ID, Trait: at.Trait, Dice: min(max(dice, 1), MaxDice), Against: at.Attack.Total}
}

func (s *State) damageOption(d *dryRun, me *Seat) *DamageOption {
	if opt := s.attackDamage(d, me); opt != nil {
		return opt
	}
	if p := s.Pending[me.ID]; p != nil {
		return s.damageTraits(me, &DamageOption{Action: ActTakeDamage, Source: p.Source, Amount: p.Amount, Kind: p.Kind})
	}
	return nil
}

// attackDamage is an attack's damage the seat lost, when the asker may
// split it for them now.
func (s *State) attackDamage(d *dryRun, loser *Seat) *DamageOption {
	at := s.Attack
	if at == nil || at.Loser.Seat != loser.ID || at.Damage <= 0 {
		return nil
	}
	pair := damageTraits[at.Kind]
	if !d.allows(Action{Type: ActResolveDmg, Split: map[string]int{pair[0]: at.Damage}}) {
		return nil
	}
	return s.damageTraits(loser, &DamageOption{Action: ActResolveDmg, Source: "attack", Amount: at.Damage, Kind: at.Kind})
}

// damageTraits fills in who takes the damage, the kinds it may be taken
// as, and the traits it may go to with where each stands.
func (s *State) damageTraits(me *Seat, opt *DamageOption) *DamageOption {
	opt.Seat = s.SeatNumber(me.ID)
	opt.As = s.damageKinds(me.ID, opt.Kind)[1:]
	traits := Traits
	if pair, ok := damageTraits[opt.Kind]; ok {
		traits = pair[:]
	}
	for _, t := range traits {
		ts := me.Traits[t]
		dt := DamageTrait{Trait: t, Position: ts.Position, Overflow: ts.Overflow}
		if s.Phase == PhaseHaunt {
			dt.Lethal = ts.Position + ts.Overflow
		}
		opt.Traits = append(opt.Traits, dt)
	}
	return opt
}

func (s *State) stealOptions(d *dryRun) []string {
	at := s.Attack
	if at == nil || at.Loser.Seat == 0 {
		return nil
	}
	var out []string
	for _, h := range s.Hands[at.Loser.Seat] {
		if d.allows(Action{Type: ActSteal, Card: h.Card}) {
			out = append(out, h.Card)
		}
	}
	return out
}

func (s *State) offerOptions(d *dryRun, me *Seat) []OfferOption {
	var out []OfferOption
	for _, of := range s.Offers {
		if of.To != me.ID && of.From != me.ID {
			continue
		}
		o := OfferOption{Offer: of.Seq, Card: of.Card, From: s.SeatNumber(of.From), To: s.SeatNumber(of.To),
			Accept:  of.To == me.ID && d.allows(Action{Type: ActAcceptCard, Offer: of.Seq}),
			Decline: d.allows(Action{Type: ActDeclineCard, Offer: of.Seq})}
		out = append(out, o)
	}
	return out
}

func (s *State) cardOptions(d *dryRun, me *Seat) []CardOption {
	hand := s.Hands[me.ID]
	if len(hand) == 0 {
		return nil
	}
	out := make([]CardOption, 0, len(hand))
	anyRoom := catalog.Box().Rooms[0].ID
	for _, h := range hand {
		c := CardOption{Card: h.Card, Apply: s.applyAllowed(d, "card:"+h.Card)}
		c.Use = c.refuse("use", d.why(Action{Type: ActUseCard, Card: h.Card}))
		c.Drop = c.refuse("drop", d.why(Action{Type: ActDropCard, Card: h.Card, Room: anyRoom}))
		c.Discard = c.refuse("discard", d.why(Action{Type: ActDiscardCard, Card: h.Card}))
		var give *Refusal // why it can't go to the first other seat
		for i, other := range s.Seats {
			if other.ID == me.ID {
				continue
			}
			r := d.why(Action{Type: ActGiveCard, Card: h.Card, To: i + 1})
			if r == nil {
				c.Give = append(c.Give, i+1)
			} else if give == nil {
				give = r
			}
		}
		if len(c.Give) == 0 {
			c.refuse("give", give)
		}
		out = append(out, c)
	}
	return out
}

// refuse notes why one of the card's actions (a key of Refused) is
// refused, and reports whether it is allowed (r is nil).
func (c *CardOption) refuse(action string, r *Refusal) bool {
	if r == nil {
		return true
	}
	if c.Refused == nil {
		c.Refused = map[string]Refusal{}
	}
	c.Refused[action] = *r
	return false
}

// applyAllowed reports whether a source's effect may be applied now, with
// the trait its outcome asks the player to choose if it asks for one.
func (s *State) applyAllowed(d *dryRun, source string) bool {
	return d.allows(Action{Type: ActApplyEffect, Source: source}) ||
		slices.ContainsFunc(Traits, func(t string) bool { return d.allows(Action{Type: ActApplyEffect, Source: source, Trait: t}) }) ||
		// or with the room or the item it names (Music Box, Shrieking Wind)
		d.allows(Action{Type: ActApplyEffect, Source: source, Room: catalog.Box().Rooms[0].ID}) ||
		slices.ContainsFunc(s.itemsHeld(d.actor.Seat), func(c string) bool { return d.allows(Action{Type: ActApplyEffect, Source: source, Card: c}) })
}

// monsterOptions is what the asker may do with the monsters: whoever runs
// them attacks, moves and stuns; a living hero may only mark one stunned
// (decideStun), so a hero's phone gets just Stun.
func (s *State) monsterOptions(d *dryRun) *MonsterOptions {
	if len(s.Monsters) == 0 {
		return nil
	}
	if !s.controlsMonsters(d.actor) {
		mo := &MonsterOptions{}
		for _, m := range s.Monsters {
			if d.allows(Action{Type: ActStun, Monster: m.ID}) {
				mo.Stun = append(mo.Stun, m.ID)
			}
		}
		if len(mo.Stun) == 0 {
			return nil
		}
		return mo
	}
	mo := &MonsterOptions{}
	for _, m := range s.Monsters {
		targets := allowedTargets(d, Action{Monster: m.ID}, s.targets(Target{Monster: m.ID}), []string{Might})
		if len(targets) > 0 {
			mo.Attack = append(mo.Attack, MonsterAttack{Monster: m.ID, Targets: targets})
		}
		if !slices.Contains(mo.Move, m.Kind) && d.allows(Action{Type: ActMonsterMove, Kind: m.Kind, Total: &zeroTotal}) {
			mo.Move = append(mo.Move, m.Kind)
		}
		if d.allows(Action{Type: ActStun, Monster: m.ID}) {
			mo.Stun = append(mo.Stun, m.ID)
		}
	}
	if len(mo.Attack) == 0 && len(mo.Move) == 0 && len(mo.Stun) == 0 {
		return nil
	}
	return mo
}

// ---- The card area: each card's refusals and roll, piles, rooms ----------
//
// What the phone's card area offers, so the web and the phone's script ask
// here instead of reading card fields themselves (issue 10, item 3). Kept
// in its own section: card-rule work changes the code above.

// Refusal is why an action is refused now: the message key and its
// arguments, exactly as the action itself would be answered.
type Refusal struct {
	Key  string `json:"key"`
	Args []any  `json:"args,omitempty"`
}

// PickUpOption is a card on an item pile the seat may pick up now.
type PickUpOption struct {
	Pile string `json:"pile"` // the room id, or a RemainsPile
	Card string `json:"card"`
}

// RoomOption is a room whose printed effect the seat may use now: its
// guided roll, or its effect applied (a once-per-explorer gain or its
// end-of-turn damage).
type RoomOption struct {
	Room  string `json:"room"`
	Roll  bool   `json:"roll"`
	Apply bool   `json:"apply"`
}

// ApplyRoll is the seat's last roll whose outcome may be applied now.
type ApplyRoll struct {
	Source string `json:"source"` // card:<id> or room:<id>
	Roll   int    `json:"roll"`   // the roll's seq
	// Bracket is the outcome it falls in: an index into the brackets of
	// the source's roll, or of the card's release roll when Release (Webs:
	// trying to get free); read against the total less the omens for a
	// roll that says so (Disquieting Sounds).
	Bracket int  `json:"bracket"`
	Release bool `json:"release,omitempty"`
	// Traits: the outcome asks for a trait and takes one of these
	// (Possession, Hanged Men's bonus; Medical Kit: all on one trait).
	Traits []string `json:"traits,omitempty"`
	// To: other seats (numbers) it may be applied to (Medical Kit).
	To []int `json:"to,omitempty"`
	// Items: the outcome names one of these of the seat's items
	// (Shrieking Wind 0); Room: it names the room it happens in (Music
	// Box 0–3: where the box is dropped).
	Items []string `json:"items,omitempty"`
	Room  bool     `json:"room,omitempty"`
	// Heal: the outcome heals points the player may split between these
	// traits, up to Most in all (Medical Kit 6+: Might and Speed).
	Heal *HealSplit `json:"heal,omitempty"`
}

// HealSplit is a heal to split: apply_effect's "split" over Traits, at
// most Most points in all.
type HealSplit struct {
	Traits []string `json:"traits"`
	Most   int      `json:"most"`
}

// refusalOf is a refusal as Options tells it, nil for none.
func refusalOf(err error) *Refusal {
	if err == nil {
		return nil
	}
	if ge, ok := err.(*Error); ok {
		return &Refusal{Key: ge.Key, Args: ge.Args}
	}
	return &Refusal{Key: "err_internal"}
}

// guidedRollAction is the roll a card or room asks for, as the phone's
// one-tap form sends it; ok is false when it asks for none.
func guidedRollAction(r *catalog.Roll, source, purpose string) (Action, bool) {
	if r == nil || len(r.Brackets) == 0 {
		return Action{}, false
	}
	a := Action{Type: ActRoll, Source: source, Purpose: purpose, Total: &zeroTotal}
	switch {
	case r.Trait != "":
		a.Trait = r.Trait
	case len(r.Traits) > 0:
		a.Trait = r.Traits[0]
	case r.Dice > 0:
		a.Dice = r.Dice
	default:
		return Action{}, false // applied without a roll (Healing Salve)
	}
	return a, true
}

func (s *State) cardAreaOptions(d *dryRun, me *Seat, o *Options) {
	for i := range o.Cards {
		c := &o.Cards[i]
		card := catalog.Box().Card(c.Card)
		src := "card:" + c.Card
		if !c.Apply {
			c.refuse("apply", d.why(Action{Type: ActApplyEffect, Source: src}))
		}
		c.Take = s.takeOptions(d, me, card)
		a, rollable := guidedRollAction(card.Roll, src, card.Deck)
		if rollable {
			c.Roll = c.refuse("roll", d.why(a))
		}
		why := func(action string) *Refusal {
			if r, ok := c.Refused[action]; ok {
				return &r
			}
			return nil
		}
		// The card's own action, as the card area offers it: its roll (or
		// the outcome of one made), its effect without a roll (Healing
		// Salve), or a use its data gives it (a window, wearing it, used
		// up). A card that only acts while held (Armor, the Dog), in a
		// fight or on a roll has no action of its own to explain.
		switch {
		case c.Roll || c.Apply || c.Use || len(c.Take) > 0:
			// The take forms name the explorers: nothing to explain.
		case card.Roll != nil && len(card.Roll.Brackets) > 0 && card.Roll.Brackets[0].TakeItem:
			c.Why = s.takeWhy(d, me, card)
		case rollable:
			c.Why = why("roll")
		case card.Roll != nil && len(card.Roll.Brackets) > 0:
			c.Why = why("apply")
		case card.Use != nil || card.Worn != nil || card.DiscardAfterUse:
			c.Why = why("use")
		}
	}
	// The piles with cards on, in order of their names.
	var piles []string
	for pile, cards := range s.Piles {
		if len(cards) > 0 {
			piles = append(piles, pile)
		}
	}
	slices.Sort(piles)
	for _, pile := range piles {
		for _, card := range s.Piles[pile] {
			if d.allows(Action{Type: ActPickUp, Card: card, Room: pile}) {
				o.PickUp = append(o.PickUp, PickUpOption{Pile: pile, Card: card})
			}
		}
	}
	// The rooms with a guided roll, a once-per-explorer gain or
	// end-of-turn damage, in box order: only those in the house (a tile
	// still in the stack can't be stood in or rolled for), so no one
	// filters this list again.
	for i := range catalog.Box().Rooms {
		r := &catalog.Box().Rooms[i]
		if !s.InHouse(r.ID) {
			continue
		}
		ro := RoomOption{Room: r.ID}
		src := "room:" + r.ID
		if a, ok := guidedRollAction(r.Roll, src, "room"); ok {
			ro.Roll = d.allows(a)
		} else if len(r.OnceGain) > 0 || r.EndTurnDamage != nil {
			ro.Apply = s.applyAllowed(d, src)
		}
		if ro.Roll || ro.Apply {
			o.Rooms = append(o.Rooms, ro)
		}
	}
	if last := s.LastRoll(me.ID); last != nil && last.Source != "" && s.applyAllowed(d, last.Source) {
		ar := &ApplyRoll{Source: last.Source, Roll: last.Seq, Bracket: -1}
		// The roll applyEffect reads, as it reads it (a release roll: the
		// holder's later ones, or a rescuer's).
		roll := s.RollOf(me.ID, last.Source)
		_, _, card, _ := effectSource(last.Source)
		ar.Release = card != nil && roll != nil && roll == card.Release
		if roll != nil {
			ar.Bracket = bracketIndex(roll, *last)
		}
		o.ApplyRoll = ar
		s.applyChoices(d, me, o.ApplyRoll)
	}
}

// takeWhy is why a card that takes an item (Pickpocket's Gloves) offers no
// explorer to take from: Decide's refusal of taking an item a living
// explorer holds, or, when none holds one, err_take_nobody — unless
// something else refuses it first (not the holder's turn, used already).
func (s *State) takeWhy(d *dryRun, me *Seat, card *catalog.Card) *Refusal {
	src := "card:" + card.ID
	other := 0
	for _, seat := range s.Seats {
		if seat.ID == me.ID || !s.Alive(&seat) {
			continue
		}
		other = s.SeatNumber(seat.ID)
		for _, item := range s.itemsHeld(seat.ID) {
			if r := d.why(Action{Type: ActApplyEffect, Source: src, To: other, Card: item}); r != nil {
				return r
			}
		}
	}
	r := d.why(Action{Type: ActApplyEffect, Source: src, To: other})
	if r == nil || r.Key == "err_take_from" || r.Key == "err_take_item" {
		return &Refusal{Key: "err_take_nobody", Args: []any{card.Name}}
	}
	return r
}

// drawnOption is the event card the seat drew last this turn and put back
// (not kept), when its roll is not made yet and may be made now. It reads
// the turn's draws and rolls (turnMarks) newest first.
func (s *State) drawnOption(d *dryRun, me *Seat) string {
	for i := len(s.turnMarks) - 1; i >= 0; i-- {
		if card, done := s.drawnFrom(d, me, &s.turnMarks[i]); done {
			return card
		}
	}
	return "" // the turn's start, or the game's
}

// drawnFrom is drawnOption's answer at one of the turn's draws or rolls,
// newest first: done once it is known.
func (s *State) drawnFrom(d *dryRun, me *Seat, m *turnMark) (card string, done bool) {
	if !m.drawn { // a roll
		// Its roll is made: the outcome is offered to apply.
		return "", m.seat == me.ID && m.source != ""
	}
	c := catalog.Box().Card(m.card)
	if m.seat != me.ID || m.keep || c == nil {
		return "", true
	}
	if a, ok := guidedRollAction(c.Roll, "card:"+c.ID, "event"); ok && d.allows(a) {
		return c.ID, true
	}
	return "", true
}

// ---- Card options: rolls for cards not held, outcome choices, draw
// effects, items to take ----

// CardRollOption is a roll for an event card the seat may make now: Trait,
// or Dice for a plain roll; Holder is the seat number it frees (a rescue).
// Owed marks a roll the card drawn asks of the seat, not one it may choose
// to try: every explorer's roll (Hideous Shriek) or the next trait of a
// roll per trait (Hanged Men).
type CardRollOption struct {
	Card   string `json:"card"`
	Trait  string `json:"trait,omitempty"`
	Dice   int    `json:"dice,omitempty"`
	Holder int    `json:"holder,omitempty"`
	Owed   bool   `json:"owed,omitempty"`
}

// cardRollOptions are the rolls for event cards the seat doesn't hold that
// Decide accepts now: a token in the house not removed, another explorer's
// lingering event it may free them from, the next trait of a card drawn
// that asks one roll per trait, or the roll of a card another explorer drew
// this turn that every explorer makes (each their own, not yet made).
func (s *State) cardRollOptions(d *dryRun, me *Seat) []CardRollOption {
	var out []CardRollOption
	for i := range catalog.Box().Cards {
		c := &catalog.Box().Cards[i]
		// An event's roll one not holding it may make: a token that stays
		// in its room, a card one may free another from (a release roll),
		// or a roll per trait.
		if c.Deck != "event" || c.Roll == nil || !c.StaysInRoom && c.Release == nil && !c.Roll.Each && !c.EveryExplorer || s.Holds(me.ID, c.ID) {
			continue
		}
		src := "card:" + c.ID
		roll, rescued := s.rollFor(me.ID, src, c.Roll, c)
		token := c.StaysInRoom && s.Gone[c.ID] && !s.Removed[src]
		each := roll.Each && s.DrewBy[c.ID] == me.ID && len(s.sourceRollsThisTurn(me.ID, src)) > 0
		every := c.EveryExplorer && s.drawnThisTurnByOther(me.ID, c.ID) && len(s.sourceRollsThisTurn(me.ID, src)) == 0
		if !token && rescued == 0 && !each && !every {
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
				out = append(out, CardRollOption{Card: c.ID, Trait: a.Trait, Dice: a.Dice, Holder: s.SeatNumber(rescued), Owed: each || every})
				break
			}
		}
	}
	return out
}

// drawnThisTurnByOther reports whether another seat drew the card this
// turn. An every-explorer roll is owed while the turn it was drawn in
// lasts: the table rolls it at once (its card: every explorer makes the
// roll), and the turn's end closes it.
func (s *State) drawnThisTurnByOther(seatID int, card string) bool {
	return slices.ContainsFunc(s.turnMarks, func(m turnMark) bool { return m.drawn && m.card == card && m.seat != seatID })
}

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
	ar.Heal = s.healSplit(d, me, ar)
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
	for i := range catalog.Box().Cards {
		c := &catalog.Box().Cards[i]
		if c.Effect == nil || !s.Gone[c.ID] || s.EffectDone[c.ID] {
			continue
		}
		a := Action{Type: ActApplyEffect, Source: "card:" + c.ID}
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

// sharedCards are the cards with an outcome every explorer takes a share
// of (a bracket marked every_explorer), made once: every phone asks.
var sharedCards = sync.OnceValue(func() []string {
	var out []string
	for _, c := range catalog.Box().Cards {
		if c.Roll != nil && slices.ContainsFunc(c.Roll.Brackets, func(b catalog.Bracket) bool { return b.EveryExplorer }) {
			out = append(out, c.ID)
		}
	}
	return out
})

// shareOption is the share of another's outcome the seat owes now, with
// the traits Decide lets it name.
func (s *State) shareOption(d *dryRun, me *Seat) *ShareOption {
	for _, c := range sharedCards() {
		src := "card:" + c
		r, _ := s.ShareOwed(me.ID, src)
		if r == nil {
			continue
		}
		o := &ShareOption{Source: src, Roll: r.Seq, Seat: s.SeatNumber(r.Seat), Total: r.Total, Bracket: bracketIndex(catalog.Box().Card(c).Roll, *r)}
		for _, t := range Traits {
			if d.allows(Action{Type: ActApplyEffect, Source: src, Trait: t}) {
				o.Traits = append(o.Traits, t)
			}
		}
		if len(o.Traits) > 0 {
			return o
		}
	}
	return nil
}

// reselectOptions are the rooms and omens the host may name to select
// another haunt now; nil when none (no haunt just revealed).
func (s *State) reselectOptions(d *dryRun) *ReselectOptions {
	if s.Haunt == nil || !s.JustRevealed() {
		return nil
	}
	r := &ReselectOptions{}
	for _, room := range catalog.Chart().Rooms {
		if d.allows(Action{Type: ActReselect, Room: room}) {
			r.Rooms = append(r.Rooms, room)
		}
	}
	for _, omen := range catalog.Chart().Omens {
		if d.allows(Action{Type: ActReselect, Omen: omen}) {
			r.Omens = append(r.Omens, omen)
		}
	}
	if len(r.Rooms) == 0 && len(r.Omens) == 0 {
		return nil
	}
	return r
}

// drawnTraits are the traits Decide accepts for the drawn card's roll when
// its card offers a choice of them (not one roll per trait, Hanged Men).
func drawnTraits(d *dryRun, card string) []string {
	c := catalog.Box().Card(card)
	if c == nil || c.Roll == nil || c.Roll.Each || len(c.Roll.Traits) < 2 {
		return nil
	}
	var out []string
	for _, t := range c.Roll.Traits {
		if d.allows(Action{Type: ActRoll, Source: "card:" + card, Purpose: "event", Trait: t, Total: &zeroTotal}) {
			out = append(out, t)
		}
	}
	return out
}

// drawnRooms are the house's rooms Decide accepts the drawn card's roll in,
// for the dice its card gives there (roll.room_dice), in box order.
func (s *State) drawnRooms(d *dryRun, card string) []string {
	c := catalog.Box().Card(card)
	if c == nil || c.Roll == nil || len(c.Roll.RoomDice) == 0 {
		return nil
	}
	a, ok := guidedRollAction(c.Roll, "card:"+card, "event")
	if !ok {
		return nil
	}
	var out []string
	for i := range catalog.Box().Rooms {
		r := catalog.Box().Rooms[i].ID
		if _, gives := c.Roll.RoomDice[r]; !gives || !s.InHouse(r) {
			continue
		}
		if a.Room = r; d.allows(a) {
			out = append(out, r)
		}
	}
	return out
}

// healSplit is the heal an outcome lets the player split (Medical Kit),
// when Decide accepts a split of it now; nil otherwise.
func (s *State) healSplit(d *dryRun, me *Seat, ar *ApplyRoll) *HealSplit {
	roll := s.RollOf(me.ID, ar.Source)
	if roll == nil || ar.Bracket < 0 || ar.Bracket >= len(roll.Brackets) {
		return nil
	}
	h := roll.Brackets[ar.Bracket].Heal
	if h == nil || h.Amount < 2 || len(h.Traits) < 2 {
		return nil // one point, or one trait: nothing to split
	}
	// The roller, or another explorer it may be applied to.
	for _, to := range append([]int{0}, ar.To...) {
		for _, t := range h.Traits {
			if d.allows(Action{Type: ActApplyEffect, Source: ar.Source, To: to, Split: map[string]int{t: 1}}) {
				return &HealSplit{Traits: h.Traits, Most: h.Amount}
			}
		}
	}
	return nil
}
