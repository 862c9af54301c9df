package game

import (
	"slices"

	"lantern/internal/catalog"
)

// What Options offers about attacks: the opponents a seat may attack and
// how, a defence to roll, damage to split (an attack's or a card's) and the
// items the winner may steal instead. Each entry is found by a dry run of
// Decide (options.go).

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
func allowedTargets(d *dryRun, base Attack, cands []AttackTarget, traits []string) []AttackTarget {
	var out []AttackTarget
	for _, t := range cands {
		t.Traits = nil
		for _, tr := range traits {
			a := base
			a.Trait, a.Target, a.Total = tr, Target{Seat: t.Seat, Monster: t.Monster}, &zeroTotal
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
	targets := allowedTargets(d, Attack{}, cands, Traits)
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
		with := allowedTargets(d, Attack{Weapon: w.ID}, cands, []string{w.Weapon.Trait})
		if len(with) == 0 {
			continue
		}
		targets = mergeTargets(targets, with)
		wo := WeaponOption{Card: w.ID, Trait: w.Weapon.Trait, Dice: w.Weapon.Dice, Rolls: attackDice(me, w.Weapon.Trait, w)}
		wo.Ranged = len(allowedTargets(d, Attack{Weapon: w.ID, Ranged: true}, with, []string{w.Weapon.Trait})) > 0
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
	if at == nil || !d.allows(Defend{Total: &zeroTotal}) {
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
	if !d.allows(ResolveDamage{Split: map[string]int{pair[0]: at.Damage}}) {
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
		if d.allows(Steal{Card: h.Card}) {
			out = append(out, h.Card)
		}
	}
	return out
}
