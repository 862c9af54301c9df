package game_test

import (
	"maps"
	"slices"
	"testing"

	"lantern/internal/game"
)

// The attack tests play on traitorBoard: seat 1 (Ox) is the traitor, seat
// 2 (Missy: speed 5, might 3, sanity 3, knowledge 4) plays first.

// zombie adds one monster "Zombie 1" (id zombie-1) with Might 4 and Speed 2
// and no Sanity or Knowledge.
func zombie(t testing.TB, s *game.State) {
	t.Helper()
	do(t, s, hostActor, game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{game.Might: 4, game.Speed: 2}})
}

func seatTarget(n int) game.Target { return game.Target{Seat: n} }

func TestAttack(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State)
		actor game.Actor
		act   game.Attack
		// want
		trait    string
		dice     int
		attacker int // seat id (default the actor's)
		cost     map[string]int
		err      string
		kind     game.ErrorKind
	}{
		{name: "Might by default", rule: "seed 000 袭击 l.203-207: 玩家进行袭击时，根据其人物力量Might的数值，掷相同数量的游戏骰子; seed 003 l.211",
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1)}, trait: game.Might, dice: 3},
		{name: "the host attacks for a seat", rule: "app: the host keeps the table for anyone",
			actor: hostActor, act: game.Attack{Seat: 3, Target: seatTarget(1)}, trait: game.Might, dice: 3, attacker: 3},
		{name: "a monster is a target", rule: "seed 000 袭击 l.203: 对同处同一房间的其他人物/怪物进行袭击",
			setup: zombie, actor: seatActor(2), act: game.Attack{Target: game.Target{Monster: "zombie-1"}}, trait: game.Might, dice: 3},
		{name: "the Axe adds a die", rule: "seed 000 l.619-625: 斧头 选择以力量作袭击时，可多掷1颗游戏骰(骰子数目最多8颗)",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "axe") },
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1), Weapon: "axe"}, trait: game.Might, dice: 4},
		{name: "the Spear adds two", rule: "seed 000 l.555-563: 长矛 可多掷2颗游戏骰",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "spear") },
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1), Weapon: "spear"}, trait: game.Might, dice: 5},
		{name: "the Blood Dagger adds three and costs 1 Speed", rule: "seed 000 l.649-657: 血剑 可多掷3颗游戏骰…其速度Speed亦即时下降1个级别",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "blood-dagger") },
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1), Weapon: "blood-dagger"}, trait: game.Might, dice: 6, cost: map[string]int{game.Speed: -1}},
		{name: "the Blood Dagger held but not used costs nothing", rule: "seed 002 l.73 FAQ: 如果你没有因BloodDagger多掷3个骰子那么你不会损失任何速度",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "blood-dagger") },
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1)}, trait: game.Might, dice: 3},
		{name: "never more than 8 dice", rule: "seed 000 l.653: (骰子数目最多8颗); seed 003: at most 8",
			setup: func(t testing.TB, s *game.State) {
				force(t, s, 2, map[string]game.TraitState{game.Might: pos(8)}) // Missy might 7
				give(t, s, 2, "blood-dagger")
			},
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1), Weapon: "blood-dagger"}, trait: game.Might, dice: 8, cost: map[string]int{game.Speed: -1}},
		{name: "Speed with the Revolver, +1 die", rule: "seed 000 l.807-811: 手枪 人物在其回合中可选择以速度Speed作袭击，可多掷1颗游戏骰",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "revolver") },
			actor: seatActor(2), act: game.Attack{Trait: game.Speed, Target: seatTarget(1), Weapon: "revolver"}, trait: game.Speed, dice: 6},
		{name: "the Revolver may fire from afar", rule: "seed 000 l.813-815: 持有手枪Revolver的人物可作长程袭击",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "revolver") },
			actor: seatActor(2), act: game.Attack{Trait: game.Speed, Target: seatTarget(1), Weapon: "revolver", Ranged: true}, trait: game.Speed, dice: 6},
		{name: "Sanity with the Ring", rule: "seed 000 l.539-545: 指环 人物在其回合中可选择以神志Sanity作袭击",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "ring") },
			actor: seatActor(2), act: game.Attack{Trait: game.Sanity, Target: seatTarget(1)}, trait: game.Sanity, dice: 3},

		{name: "Speed without the Revolver", rule: "seed 000 袭击 l.213-215: 某些卡片或游戏情节可能允许玩家以其他的能力进行袭击; seed 002 l.73 FAQ: 除非卡牌…特别注释所有的攻击都需要使用力量",
			actor: seatActor(2), act: game.Attack{Trait: game.Speed, Target: seatTarget(1)}, err: "err_attack_trait", kind: game.Invalid},
		{name: "Speed holding the Revolver but not using it", rule: "seed 000 l.811: the Revolver's attack is with it",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "revolver") },
			actor: seatActor(2), act: game.Attack{Trait: game.Speed, Target: seatTarget(1)}, err: "err_attack_trait", kind: game.Invalid},
		{name: "Sanity without the Ring", rule: "seed 000 l.543: only the Ring's holder",
			actor: seatActor(2), act: game.Attack{Trait: game.Sanity, Target: seatTarget(1)}, err: "err_attack_trait", kind: game.Invalid},
		{name: "Knowledge", rule: "seed 002 l.73 FAQ: 所有的攻击都需要使用力量 (unless a card says so: none does for Knowledge)",
			actor: seatActor(2), act: game.Attack{Trait: game.Knowledge, Target: seatTarget(1)}, err: "err_attack_trait", kind: game.Invalid},
		{name: "not a trait", rule: "seed 000 l.163: the four traits",
			actor: seatActor(2), act: game.Attack{Trait: "luck", Target: seatTarget(1)}, err: "err_bad_trait", kind: game.Invalid},
		{name: "the Axe with Speed", rule: "seed 000 l.623: 选择以力量Might作袭击时",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "axe") },
			actor: seatActor(2), act: game.Attack{Trait: game.Speed, Target: seatTarget(1), Weapon: "axe"}, err: "err_weapon_trait", kind: game.Invalid},
		{name: "the Revolver with Might", rule: "seed 000 l.811: 以速度Speed作袭击",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "revolver") },
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1), Weapon: "revolver"}, err: "err_weapon_trait", kind: game.Invalid},
		{name: "a weapon not held", rule: "seed 003 l.173: 武器只可在攻擊時拿來使用 — your own",
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1), Weapon: "axe"}, err: "err_card_not_held", kind: game.Conflict},
		{name: "not a weapon", rule: "seed 003 l.173: 武器",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "candle") },
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1), Weapon: "candle"}, err: "err_not_weapon", kind: game.Invalid},
		{name: "ranged without a gun", rule: "seed 000 l.813: 持有手枪Revolver的人物可作长程袭击",
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1), Ranged: true}, err: "err_not_ranged", kind: game.Invalid},
		{name: "ranged with the Axe", rule: "seed 000 l.813",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "axe") },
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1), Weapon: "axe", Ranged: true}, err: "err_not_ranged", kind: game.Invalid},
		{name: "a monster without Sanity", rule: "seed 000 袭击 l.235: 若某怪物并无某项能力，则玩家即不可以该项能力对该怪物进行袭击; seed 003 l.205",
			setup: func(t testing.TB, s *game.State) {
				zombie(t, s)
				give(t, s, 2, "ring")
			},
			actor: seatActor(2), act: game.Attack{Trait: game.Sanity, Target: game.Target{Monster: "zombie-1"}}, err: "err_target_lacks_trait", kind: game.Invalid},
		{name: "a monster without Speed", rule: "seed 000 l.813-815: 在面对没有速度Speed的目标时，这能力无效",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, hostActor, game.AddMonster{Kind: "Slime", Count: 1, Traits: map[string]int{game.Might: 3}})
				give(t, s, 2, "revolver")
			},
			actor: seatActor(2), act: game.Attack{Trait: game.Speed, Weapon: "revolver", Target: game.Target{Monster: "slime-1"}}, err: "err_target_lacks_trait", kind: game.Invalid},
		{name: "not your turn", rule: "seed 000 袭击 l.203: 每回合中，人物只可对一个目标进行一次袭击 — in your turn",
			actor: seatActor(3), act: game.Attack{Target: seatTarget(1)}, err: "err_not_your_turn", kind: game.Forbidden},
		{name: "for another seat", rule: "app: a seat attacks for itself",
			actor: seatActor(2), act: game.Attack{Seat: 3, Target: seatTarget(1)}, err: "err_other_seat", kind: game.Forbidden},
		{name: "yourself", rule: "seed 000 l.203: 其他人物",
			actor: seatActor(2), act: game.Attack{Target: seatTarget(2)}, err: "err_attack_self", kind: game.Invalid},
		{name: "nobody", rule: "app",
			actor: seatActor(2), act: game.Attack{}, err: "err_unknown_seat", kind: game.NotFound},
		{name: "an unknown monster", rule: "app",
			actor: seatActor(2), act: game.Attack{Target: game.Target{Monster: "ghost-1"}}, err: "err_unknown_monster", kind: game.NotFound},
		{name: "the dead", rule: "seed 000 袭击 l.225: 玩家立即出局",
			setup: func(t testing.TB, s *game.State) { kill(t, s, 3) },
			actor: seatActor(2), act: game.Attack{Target: seatTarget(3)}, err: "err_dead", kind: game.Conflict},
		{name: "a dead attacker", rule: "seed 000 袭击 l.225",
			setup: func(t testing.TB, s *game.State) { kill(t, s, 2) },
			actor: hostActor, act: game.Attack{Seat: 2, Target: seatTarget(1)}, err: "err_dead", kind: game.Conflict},
		{name: "once a turn", rule: "seed 000 袭击 l.203-205: 每回合中，人物只可对一个目标进行一次袭击; seed 003 l.203",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(2), game.Attack{Target: seatTarget(1), Total: intp(2)})
				do(t, s, seatActor(1), game.Defend{Total: intp(2)}) // a tie ends it
			},
			actor: seatActor(2), act: game.Attack{Target: seatTarget(3)}, err: "err_attacked_this_turn", kind: game.Conflict},
		{name: "one attack at a time", rule: "app: the attack in progress is resolved first",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(2), game.Attack{Target: seatTarget(1), Total: intp(2)})
			},
			actor: hostActor, act: game.Attack{Seat: 3, Target: seatTarget(1)}, err: "err_attack_in_progress", kind: game.Conflict},
		{name: "typed total beyond the dice", rule: "seed 001 l.1654: at most 2 a die",
			actor: seatActor(2), act: game.Attack{Target: seatTarget(1), Total: intp(7)}, err: "err_total_range", kind: game.Invalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := traitorBoard(t)
			if c.setup != nil {
				c.setup(t, s)
			}
			a := c.act
			if c.err != "" {
				refuseAll(t, s, c.actor, a, c.err, c.kind)
				return
			}
			attacker := c.attacker
			if attacker == 0 {
				attacker = c.actor.Seat
			}
			before := positions(s, attacker)
			r := facesRandom()
			s.SetRandom(r)
			evs := do(t, s, c.actor, a)
			checkGroup(t, c.rule, evs)
			at := s.Attack
			if evs[0].Type() != game.EvAttacked || at == nil || at.Attacker != seatTarget(attacker) || at.Trait != c.trait ||
				at.Attack.Dice != c.dice || at.Weapon != a.Weapon || at.Ranged != a.Ranged || at.Defense != nil || at.Done {
				t.Fatalf("%s: events %+v, attack %+v", c.rule, evs, at)
			}
			if len(r.asked) != c.dice || len(at.Attack.Faces) != c.dice || at.Attack.Purpose != "attack" {
				t.Errorf("%s: rolled %d dice (%v), want %d", c.rule, len(r.asked), at.Attack.Faces, c.dice)
			}
			if got := moved(before, positions(s, attacker)); !maps.Equal(got, c.cost) && !(len(got) == 0 && len(c.cost) == 0) {
				t.Errorf("%s: the attacker's clips moved %v, want %v", c.rule, got, c.cost)
			}
			weaponUsed := 0
			if a.Weapon != "" {
				weaponUsed = 1 // the weapon is marked used for the turn (seed 003 l.167)
			}
			if len(evs) != 1+weaponUsed+len(c.cost) {
				t.Errorf("%s: events %+v", c.rule, evs)
			}
			// An attack is a roll: it can't be undone.
			refuseAll(t, s, hostActor, game.Undo{}, "err_nothing_to_undo", game.Conflict)
		})
	}
	t.Run("before the haunt", func(t *testing.T) {
		const rule = "seed 000 袭击 l.203: 在后段游戏(作祟Haunt)时，玩家方可…进行袭击; seed 003 l.203"
		s := started(t, fourExplorers...)
		refuseAll(t, s, seatActor(1), game.Attack{Target: seatTarget(2)}, "err_attack_before_haunt", game.Conflict)
		do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
		if _, err := s.Decide(seatActor(1), game.Attack{Target: seatTarget(2), Total: intp(1)}, t0); err != nil {
			t.Errorf("%s: in the haunt the attack is refused: %v", rule, err)
		}
	})
}

// fight has seat 2 attack seat `target` (seat number) with a typed total,
// and the defender answer with another; it returns the state of the
// attack afterwards.
func fight(t testing.TB, s *game.State, attack game.Attack, defendTotal int) *game.AttackState {
	t.Helper()
	do(t, s, seatActor(2), attack)
	do(t, s, hostActor, game.Defend{Total: intp(defendTotal)})
	return s.Attack
}

func TestDefend(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 袭击 l.207-209: 被袭击的玩家，同样地根据其人物力量Might的数值，掷相同数量的游戏骰子; seed 002 l.73 FAQ: 持有武器的人物只有在攻击时方可使用武器的加成被动防御时不能使用武器"
	s := traitorBoard(t)
	give(t, s, 1, "axe") // the defender's Axe adds nothing
	do(t, s, seatActor(2), game.Attack{Target: seatTarget(1), Total: intp(3)})
	refuseAll(t, s, seatActor(3), game.Defend{}, "err_other_seat", game.Forbidden)
	refuseAll(t, s, seatActor(1), game.Defend{Total: intp(11)}, "err_total_range", game.Invalid)
	refuseAll(t, s, seatActor(1), game.Defend{Faces: []int{1, 1}}, "err_faces_count", game.Invalid)
	r := facesRandom(1, 1, 0, 0, 0)
	s.SetRandom(r)
	evs := do(t, s, seatActor(1), game.Defend{})
	at := s.Attack
	if evs[0].Type() != game.EvDefended || at.Defense == nil || at.Defense.Dice != 5 || at.Defense.Trait != game.Might || at.Defense.Purpose != "defend" || len(r.asked) != 5 {
		t.Fatalf("%s: events %+v, defense %+v", rule, evs, at.Defense)
	}
	if at.Defense.Total != 2 || at.Loser != seatTarget(1) || at.Damage != 1 {
		t.Errorf("seed 000 袭击 l.209-211: 3 against 2: %+v", at)
	}
	refuseAll(t, s, seatActor(1), game.Defend{}, "err_no_attack", game.Conflict)

	// The attacker may roll for a defender who doesn't answer.
	s = traitorBoard(t)
	do(t, s, seatActor(2), game.Attack{Target: seatTarget(1), Total: intp(3)})
	do(t, s, seatActor(2), game.Defend{Total: intp(3)})
	if at := s.Attack; at.Defense == nil || at.Defense.Dice != 5 || !at.Done {
		t.Errorf("app: the attacker rolled the defence: %+v", at)
	}
	// Nothing to defend.
	refuseAll(t, s, seatActor(1), game.Defend{}, "err_no_attack", game.Conflict)
	s = traitorBoard(t)
	refuseAll(t, s, seatActor(1), game.Defend{}, "err_no_attack", game.Conflict)
}

func TestAttackOutcome(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		rule    string
		setup   func(t testing.TB, s *game.State)
		attack  game.Attack // by seat 2
		defense int
		// want
		loser    game.Target
		damage   int
		kind     string
		canSteal bool
		done     bool
		stunned  string
	}{
		{name: "the higher total hits for the difference", rule: "seed 000 袭击 l.209-211: 掷得点数较多者击中对方…其所受到伤害即两者掷得点数的差额",
			attack: game.Attack{Target: seatTarget(1), Total: intp(6)}, defense: 2, loser: seatTarget(1), damage: 4, kind: "physical"},
		{name: "the defender can win", rule: "seed 000 袭击 l.209: 掷得点数较多者击中对方",
			attack: game.Attack{Target: seatTarget(1), Total: intp(1)}, defense: 4, loser: seatTarget(2), damage: 3, kind: "physical"},
		{name: "a tie hurts nobody", rule: "seed 000 袭击 l.209: 相同点数则无人受伤",
			attack: game.Attack{Target: seatTarget(1), Total: intp(3)}, defense: 3, done: true},
		{name: "Speed hurts the body", rule: "seed 000 袭击 l.213-215: 以力量Might、或速度Speed作比拼，败方所受到伤害即为肉体损伤",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 2, "revolver") },
			attack: game.Attack{Trait: game.Speed, Weapon: "revolver", Target: seatTarget(1), Total: intp(7)}, defense: 5, loser: seatTarget(1), damage: 2, kind: "physical"},
		{name: "Sanity hurts the mind", rule: "seed 000 袭击 l.215-217: 以神志Sanity、或知识Knowledge作比拼，败方所受到伤害即为精神损伤; l.543",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 2, "ring") },
			attack: game.Attack{Trait: game.Sanity, Target: seatTarget(1), Total: intp(5)}, defense: 2, loser: seatTarget(1), damage: 3, kind: "mental"},
		{name: "the Armor takes 1 off", rule: "seed 000 l.611-615: 铠甲 每当人物受到肉体损伤时，其损伤可获减低1点",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 1, "armor") },
			attack: game.Attack{Target: seatTarget(1), Total: intp(4)}, defense: 1, loser: seatTarget(1), damage: 2, kind: "physical"},
		{name: "the Armor turns 1 into nothing", rule: "seed 000 l.615",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 1, "armor") },
			attack: game.Attack{Target: seatTarget(1), Total: intp(3)}, defense: 2, loser: seatTarget(1), damage: 0, kind: "physical", done: true},
		{name: "the Armor does nothing against the mind", rule: "seed 000 l.615: 肉体损伤 only",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 1, "armor"); give(t, s, 2, "ring") },
			attack: game.Attack{Trait: game.Sanity, Target: seatTarget(1), Total: intp(3)}, defense: 2, loser: seatTarget(1), damage: 1, kind: "mental"},
		{name: "a ranged attacker who loses takes nothing", rule: "seed 000 袭击 l.241-243: 若长程袭击失败，人物亦无需承受损伤; seed 003 l.223",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 2, "revolver") },
			attack: game.Attack{Trait: game.Speed, Weapon: "revolver", Ranged: true, Target: seatTarget(1), Total: intp(1)}, defense: 6, done: true},
		{name: "a ranged attacker who wins deals damage, no theft", rule: "seed 000 袭击 l.245: 长程袭击不可进行偷窃; seed 003 l.217",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 2, "revolver"); give(t, s, 1, "candle") },
			attack: game.Attack{Trait: game.Speed, Weapon: "revolver", Ranged: true, Target: seatTarget(1), Total: intp(8)}, defense: 2, loser: seatTarget(1), damage: 6, kind: "physical"},
		{name: "a revolver shot in the same room that loses hurts", rule: "seed 000 l.813-815: 若目标与人物并非同处一室，则纵然长程袭击失败，人物亦无需承受损伤 — only from afar",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 2, "revolver") },
			attack: game.Attack{Trait: game.Speed, Weapon: "revolver", Target: seatTarget(1), Total: intp(1)}, defense: 3, loser: seatTarget(2), damage: 2, kind: "physical", canSteal: true},
		{name: "2 or more lets the winner steal", rule: "seed 000 袭击 l.243-245: 每当人物成功造成2点或以上的损伤时，玩家可选择偷窃对方身上的一件物件(这物件必须可以转交); seed 003 l.217",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 1, "candle") },
			attack: game.Attack{Target: seatTarget(1), Total: intp(4)}, defense: 2, loser: seatTarget(1), damage: 2, kind: "physical", canSteal: true},
		{name: "1 is not enough to steal", rule: "seed 000 袭击 l.243: 2点或以上",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 1, "candle") },
			attack: game.Attack{Target: seatTarget(1), Total: intp(3)}, defense: 2, loser: seatTarget(1), damage: 1, kind: "physical"},
		{name: "nothing stealable: companions and the Armor", rule: "seed 000 l.187 (脏狗Dog、女孩Girl、疯汉Madman除外) + l.617 (铠甲 不可能遭偷窃)",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 1, "armor") }, // and the Girl from the reveal
			attack: game.Attack{Target: seatTarget(1), Total: intp(6)}, defense: 2, loser: seatTarget(1), damage: 3, kind: "physical"},
		{name: "the Armor doesn't stop a theft", rule: "seed 002 l.73 FAQ: 如果战斗中他人对你造成2点以上的伤害从而偷去你的物品这时它也不能保护你",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 1, "armor", "candle") },
			attack: game.Attack{Target: seatTarget(1), Total: intp(4)}, defense: 2, loser: seatTarget(1), damage: 1, kind: "physical", canSteal: true},
		{name: "a winning defender may steal too", rule: "seed 000 袭击 l.243: 每当人物成功造成2点或以上的损伤时",
			setup:  func(t testing.TB, s *game.State) { give(t, s, 2, "candle") },
			attack: game.Attack{Target: seatTarget(1), Total: intp(0)}, defense: 3, loser: seatTarget(2), damage: 3, kind: "physical", canSteal: true},
		{name: "a monster that loses is stunned", rule: "seed 000 袭击 l.233-235: 人物击中怪物monster只会造成昏迷stunned效果; 怪物 l.387-389",
			setup:  zombie,
			attack: game.Attack{Target: game.Target{Monster: "zombie-1"}, Total: intp(5)}, defense: 1, loser: game.Target{Monster: "zombie-1"}, damage: 4, kind: "physical", done: true, stunned: "zombie-1"},
		{name: "a monster that wins hurts, and steals nothing", rule: "seed 000 怪物 l.395: 怪物Monster不可进行偷窃",
			setup:  func(t testing.TB, s *game.State) { zombie(t, s); give(t, s, 2, "candle") },
			attack: game.Attack{Target: game.Target{Monster: "zombie-1"}, Total: intp(0)}, defense: 4, loser: seatTarget(2), damage: 4, kind: "physical"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := traitorBoard(t)
			if c.setup != nil {
				c.setup(t, s)
			}
			at := fight(t, s, c.attack, c.defense)
			if at.Defense == nil || at.Defense.Trait != at.Trait {
				t.Errorf("seed 000 袭击 l.207 + l.213: the defence rolls the attack's trait: %+v", at.Defense)
			}
			if at.Loser != c.loser || at.Damage != c.damage || at.CanSteal != c.canSteal || at.Done != c.done || (c.kind != "" && at.Kind != c.kind) {
				t.Errorf("%s: attack %+v\nwant loser %+v damage %d kind %s steal %v done %v", c.rule, at, c.loser, c.damage, c.kind, c.canSteal, c.done)
			}
			if c.stunned != "" {
				if m := s.Monster(c.stunned); m == nil || !m.Stunned {
					t.Errorf("%s: %s not stunned: %+v", c.rule, c.stunned, m)
				}
			}
			for _, m := range s.Monsters {
				if m.ID != c.stunned && m.Stunned {
					t.Errorf("%s: %s stunned", c.rule, m.ID)
				}
			}
			if c.done {
				// Nothing left to do: the turn can end.
				refuseAll(t, s, hostActor, game.ResolveDamage{Split: map[string]int{game.Might: 1}}, "err_no_attack", game.Conflict)
				do(t, s, hostActor, game.EndTurn{})
				return
			}
			// The loser splits exactly the damage, of the right kind.
			loser := c.loser.Seat
			pair := map[string][2]string{"physical": {game.Might, game.Speed}, "mental": {game.Sanity, game.Knowledge}}[c.kind]
			other := map[string]string{"physical": "mental", "mental": "physical"}[c.kind]
			if c.canSteal {
				// The winner chooses first: theft or damage (seed 000 袭击 l.243-245).
				refuseAll(t, s, seatActor(loser), game.ResolveDamage{Split: map[string]int{pair[0]: c.damage}}, "err_winner_chooses", game.Conflict)
				refuseAll(t, s, seatActor(loser), game.DealDamage{}, "err_other_seat", game.Forbidden)
				do(t, s, hostActor, game.DealDamage{})
			}
			refuseAll(t, s, hostActor, game.ResolveDamage{Split: map[string]int{pair[0]: c.damage + 1}}, "err_split_total", game.Invalid)
			if c.damage > 1 {
				refuseAll(t, s, hostActor, game.ResolveDamage{Split: map[string]int{pair[0]: c.damage - 1}}, "err_split_total", game.Invalid)
			}
			refuseAll(t, s, hostActor, game.ResolveDamage{Kind: other, Split: map[string]int{pair[0]: c.damage}}, "err_bad_damage_kind", game.Invalid)
			wrong := map[string]string{"physical": game.Sanity, "mental": game.Might}[c.kind]
			refuseAll(t, s, hostActor, game.ResolveDamage{Split: map[string]int{wrong: c.damage}}, "err_split_trait", game.Invalid)
			for _, id := range []int{1, 2, 3, 4} {
				if id != loser {
					refuseAll(t, s, seatActor(id), game.ResolveDamage{Split: map[string]int{pair[0]: c.damage}}, "err_other_seat", game.Forbidden)
				}
			}
			refuseAll(t, s, hostActor, game.EndTurn{}, "err_attack_in_progress", game.Conflict)
			before := positions(s, loser)
			split := map[string]int{pair[0]: c.damage - c.damage/2}
			if c.damage/2 > 0 {
				split[pair[1]] = c.damage / 2
			}
			evs := do(t, s, seatActor(loser), game.ResolveDamage{Split: split})
			checkGroup(t, c.rule, evs)
			if evs[0].Type() != game.EvAttackEnded || !s.Attack.Done {
				t.Errorf("%s: resolve events %+v", c.rule, evs)
			}
			want := map[string]int{}
			for tr, n := range split {
				want[tr] = -n
			}
			if got := moved(before, positions(s, loser)); !maps.Equal(got, want) {
				t.Errorf("seed 000 袭击 l.217-221 (损伤的分配由败方决定): %s moved %v, want %v", c.rule, got, want)
			}
			refuseAll(t, s, seatActor(loser), game.ResolveDamage{Split: split}, "err_no_attack", game.Conflict)
			// Taking the damage is undoable; the rolls before it are not.
			do(t, s, seatActor(loser), game.Undo{})
			if !maps.Equal(positions(s, loser), before) || s.Attack.Done {
				t.Errorf("app: undo of the damage: %v, attack %+v", positions(s, loser), s.Attack)
			}
			if c.canSteal { // then the winner's choice of the damage
				do(t, s, hostActor, game.Undo{})
				if !s.Attack.CanSteal {
					t.Errorf("app: undo of the choice of damage leaves the theft open again: %+v", s.Attack)
				}
			}
			refuseAll(t, s, hostActor, game.Undo{}, "err_nothing_to_undo", game.Conflict)
			replaysTheSame(t, s)
		})
	}
}

func TestSteal(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 袭击 l.243-245: 玩家可选择偷窃对方身上的一件物件(这物件必须可以转交)，但对方即无需扣减其能力; seed 003 l.217"
	setup := func(t *testing.T) *game.State {
		s := traitorBoard(t)
		give(t, s, 1, "bell", "armor", "candle")
		at := fight(t, s, game.Attack{Target: seatTarget(1), Total: intp(5)}, 2) // 3 damage
		if !at.CanSteal {
			t.Fatalf("no theft: %+v", at)
		}
		return s
	}
	s := setup(t)
	refuseAll(t, s, seatActor(1), game.Steal{Card: "bell"}, "err_other_seat", game.Forbidden)
	refuseAll(t, s, seatActor(3), game.Steal{Card: "bell"}, "err_other_seat", game.Forbidden)
	refuseAll(t, s, seatActor(2), game.Steal{Card: "armor"}, "err_not_stealable", game.Conflict)
	refuseAll(t, s, seatActor(2), game.Steal{Card: "girl"}, "err_not_stealable", game.Conflict)
	refuseAll(t, s, seatActor(2), game.Steal{Card: "axe"}, "err_not_stealable", game.Conflict)
	thief, victim := positions(s, 2), positions(s, 1)
	evs := do(t, s, seatActor(2), game.Steal{Card: "bell"})
	checkGroup(t, rule, evs)
	if evs[0].Type() != game.EvAttackEnded || evs[1].Type() != game.EvCardMoved || evs[1].Data.(game.CardMoved).How != "steal" || evs[1].Data.(game.CardMoved).Seat != 1 || evs[1].Data.(game.CardMoved).To != 2 || evs[1].Data.(game.CardMoved).Card != "bell" {
		t.Fatalf("%s: events %+v", rule, evs)
	}
	if !s.Holds(2, "bell") || s.Holds(1, "bell") || !s.Attack.Done {
		t.Errorf("%s: hands %v / %v, attack %+v", rule, hand(s, 1), hand(s, 2), s.Attack)
	}
	// No damage: only what the Bell itself gives and takes.
	if got := moved(victim, positions(s, 1)); !maps.Equal(got, map[string]int{game.Sanity: -1}) {
		t.Errorf("%s: the victim moved %v, want only the Bell's −1 Sanity", rule, got)
	}
	if got := moved(thief, positions(s, 2)); !maps.Equal(got, map[string]int{game.Sanity: 1}) {
		t.Errorf("%s: the thief moved %v", rule, got)
	}
	refuseAll(t, s, seatActor(2), game.Steal{Card: "candle"}, "err_no_steal", game.Conflict)
	refuseAll(t, s, seatActor(1), game.ResolveDamage{Split: map[string]int{game.Might: 2}}, "err_no_attack", game.Conflict)
	// Undo gives the Bell back and leaves the choice open again.
	do(t, s, seatActor(2), game.Undo{})
	if !s.Holds(1, "bell") || s.Attack.Done || !s.Attack.CanSteal {
		t.Errorf("app: undo of the theft: %v, %+v", hand(s, 1), s.Attack)
	}
	// Or the damage instead (3, Armor −1): the winner chooses it first
	// (seed 000 袭击 l.243-245: 可选择偷窃…但对方即无需扣减其能力).
	refuseAll(t, s, seatActor(1), game.ResolveDamage{Split: map[string]int{game.Might: 2}}, "err_winner_chooses", game.Conflict)
	do(t, s, seatActor(2), game.DealDamage{})
	refuseAll(t, s, seatActor(2), game.DealDamage{}, "err_no_steal", game.Conflict)
	do(t, s, seatActor(1), game.ResolveDamage{Split: map[string]int{game.Might: 2}})
	refuseAll(t, s, seatActor(2), game.Steal{Card: "bell"}, "err_no_steal", game.Conflict)
	replaysTheSame(t, s)

	// No theft without an attack.
	s = traitorBoard(t)
	refuseAll(t, s, seatActor(2), game.Steal{Card: "girl"}, "err_no_steal", game.Conflict)
}

func TestOneAttackPerTurn(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 袭击 l.203-205: 每回合中，人物只可对一个目标进行一次袭击; seed 003 l.203"
	s := traitorBoard(t)
	fight(t, s, game.Attack{Target: seatTarget(1), Total: intp(2)}, 2)
	if !s.AttackedThisTurn["s:2"] {
		t.Fatalf("%s: %v", rule, s.AttackedThisTurn)
	}
	refuseAll(t, s, seatActor(2), game.Attack{Target: seatTarget(3)}, "err_attacked_this_turn", game.Conflict)
	refuseAll(t, s, hostActor, game.Attack{Seat: 2, Target: seatTarget(3)}, "err_attacked_this_turn", game.Conflict)
	// Another explorer (the host rolling for them) may still attack.
	do(t, s, hostActor, game.Attack{Seat: 3, Target: seatTarget(1), Total: intp(1)})
	do(t, s, hostActor, game.Defend{Total: intp(1)})
	// A new turn clears it.
	for {
		endTurn(t, s)
		if len(s.AttackedThisTurn) != 0 {
			t.Fatalf("%s: end_turn kept %v", rule, s.AttackedThisTurn)
		}
		if s.Turn == 2 {
			break
		}
	}
	do(t, s, seatActor(2), game.Attack{Target: seatTarget(1), Total: intp(0)})
}

func TestAttackToTheDeath(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 袭击 l.223-229: 若无可避免地人物的某项能力下降到骷髅图案，则该人物即已死亡…其保有的物件皆会掉在其死处"
	s := traitorBoard(t)
	give(t, s, 3, "armor", "dog")
	force(t, s, 3, map[string]game.TraitState{game.Might: pos(1), game.Speed: pos(1)})
	do(t, s, hostActor, game.Attack{Seat: 1, Target: seatTarget(3), Total: intp(6)}) // the traitor's might 5
	do(t, s, seatActor(3), game.Defend{Total: intp(3)})
	if s.Attack.Damage != 2 { // 3, Armor −1
		t.Fatalf("%s: %+v", rule, s.Attack)
	}
	evs := do(t, s, seatActor(3), game.ResolveDamage{Split: map[string]int{game.Might: 1, game.Speed: 1}})
	checkGroup(t, rule, evs)
	if s.Alive(s.SeatByID(3)) || len(hand(s, 3)) != 0 || !slices.Equal(s.Piles[game.RemainsPile(3)], []string{"armor", "dog"}) {
		t.Errorf("%s: alive %v, hand %v, remains %v", rule, s.Alive(s.SeatByID(3)), hand(s, 3), s.Piles[game.RemainsPile(3)])
	}
	replaysTheSame(t, s)
}

// Weapons are used when attacking; a used card can't change hands that
// turn.
func TestWeaponUsedInAnAttackStaysForTheTurn(t *testing.T) {
	t.Parallel()
	const rule = "seed 003 l.159-167: 在玩家的回合中，一張牌只能做其中一種動作…如：你有一張匕首，攻擊完怪物後不可以交易給其他玩家; seed 000 l.197"
	s := traitorBoard(t)
	give(t, s, 2, "axe")
	fight(t, s, game.Attack{Target: seatTarget(1), Weapon: "axe", Total: intp(2)}, 2)
	if _, err := s.Decide(seatActor(2), game.GiveCard{Card: "axe", To: 3}, t0); err == nil {
		t.Errorf("attack.go Attack.decide does not mark the weapon used (HeldCard.Used), so the Axe that just attacked can be given or dropped the same turn; want err_used_this_turn (%s)", rule)
	}
}

// A stolen Blood Dagger still hurts the one it was taken from.
func TestStolenBloodDaggerHurts(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.657-659: 血剑 若这物品遭到偷窃，失主需掷骰2颗，其点数总和即人物受到的肉体损伤; seed 002 l.73 FAQ: 当它被偷走你还是要掷2个骰子来决定要承受的肉体伤害"
	s := traitorBoard(t)
	give(t, s, 1, "blood-dagger")
	fight(t, s, game.Attack{Target: seatTarget(1), Total: intp(6)}, 2)
	s.SetRandom(facesRandom(2, 1))
	evs := do(t, s, seatActor(2), game.Steal{Card: "blood-dagger"})
	rolled := false
	for _, e := range evs {
		rolled = rolled || (e.Type() == game.EvRolled && e.Data.(game.Rolled).Seat == 1 && e.Data.(game.Rolled).Roll != nil && e.Data.(game.Rolled).Roll.Dice == 2)
	}
	if !rolled && s.Pending[1] == nil {
		t.Errorf("attack.go Steal.decide: stealing the Blood Dagger from seat 1 rolls no 2 dice of physical damage for them (events %v) (%s)", evs, rule)
	}
}

// A stunned monster still defends, but beating its attacker does it no
// harm.
func TestStunnedMonsterDealsNoDamage(t *testing.T) {
	t.Parallel()
	const rule = "seed 003 l.243: 如果被震懾的怪物被攻擊但是它擊敗對手的話，它也不會造成任何傷害; seed 002 l.73 FAQ: 晕眩的怪物仍需掷骰子来防御但是如果发起攻击的英雄输了该英雄不承受伤害"
	s := traitorBoard(t)
	zombie(t, s)
	do(t, s, hostActor, game.Stun{Monster: "zombie-1"})
	at := fight(t, s, game.Attack{Target: game.Target{Monster: "zombie-1"}, Total: intp(0)}, 4)
	if at.Defense == nil || at.Defense.Dice != 4 {
		t.Errorf("%s: the stunned monster defends with its Might: %+v", rule, at.Defense)
	}
	if at.Damage != 0 || !at.Done {
		t.Errorf("attack.go resolveAttack: hero 2 attacking stunned zombie-1 and losing 0–4 takes %d damage (loser %+v, done %v); want none (%s)", at.Damage, at.Loser, at.Done, rule)
	}
}
