package game

import (
	"slices"
)

// What Options offers about the monsters: attacks, movement rolls and
// stuns. Each entry is found by a dry run of Decide (options.go).

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

// monsterOptions is what the asker may do with the monsters: whoever runs
// them attacks, moves and stuns; a living hero may only mark one stunned
// (Stun.decide), so a hero's phone gets just Stun.
func (s *State) monsterOptions(d *dryRun) *MonsterOptions {
	if len(s.Monsters) == 0 {
		return nil
	}
	if !s.controlsMonsters(d.actor) {
		mo := &MonsterOptions{}
		for _, m := range s.Monsters {
			if d.allows(Stun{Monster: m.ID}) {
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
		targets := allowedTargets(d, Attack{Monster: m.ID}, s.targets(Target{Monster: m.ID}), []string{Might})
		if len(targets) > 0 {
			mo.Attack = append(mo.Attack, MonsterAttack{Monster: m.ID, Targets: targets})
		}
		if !slices.Contains(mo.Move, m.Kind) && d.allows(MonsterMoveRoll{Kind: m.Kind, Total: &zeroTotal}) {
			mo.Move = append(mo.Move, m.Kind)
		}
		if d.allows(Stun{Monster: m.ID}) {
			mo.Stun = append(mo.Stun, m.ID)
		}
	}
	if len(mo.Attack) == 0 && len(mo.Move) == 0 && len(mo.Stun) == 0 {
		return nil
	}
	return mo
}
