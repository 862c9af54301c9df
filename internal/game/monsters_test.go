package game_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"lantern/internal/game"
)

// The monster tests play on traitorBoard: seat 1 (Ox) is the traitor,
// seat 2 plays first; heroes 2, 3, 4, then the traitor, then the monsters.

func TestAddMonster(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State)
		actor game.Actor
		act   game.AddMonster
		// want
		ids    []string
		names  []string
		traits map[string]int
		err    string
		kind   game.ErrorKind
	}{
		{name: "the traitor places monsters", rule: "seed 000 作祟 l.327-329: 布局Right Now…这包括放置怪物; l.347: 所有怪物皆交由充当奸徒的玩家控制",
			actor: seatActor(1), act: game.AddMonster{Kind: "Zombie", Count: 3, Traits: map[string]int{game.Might: 4, game.Speed: 2}},
			ids: []string{"zombie-1", "zombie-2", "zombie-3"}, names: []string{"Zombie 1", "Zombie 2", "Zombie 3"}, traits: map[string]int{game.Might: 4, game.Speed: 2}},
		{name: "the host too", rule: "app: the host keeps the table for anyone",
			actor: hostActor, act: game.AddMonster{Kind: "Giant Bat", Count: 1, Traits: map[string]int{game.Speed: 6, game.Might: 2}},
			ids: []string{"giant-bat-1"}, names: []string{"Giant Bat 1"}, traits: map[string]int{game.Speed: 6, game.Might: 2}},
		{name: "a trait at 0 is one it lacks", rule: "seed 000 袭击 l.235: 若某怪物并无某项能力; seed 003 l.205",
			actor: seatActor(1), act: game.AddMonster{Kind: "Slime", Count: 1, Traits: map[string]int{game.Might: 3, game.Sanity: 0}},
			ids: []string{"slime-1"}, names: []string{"Slime 1"}, traits: map[string]int{game.Might: 3}},
		{name: "numbering goes on", rule: "app: every token has its own id",
			setup: func(t testing.TB, s *game.State) { zombie(t, s) },
			actor: seatActor(1), act: game.AddMonster{Kind: "Zombie", Count: 2, Traits: map[string]int{game.Might: 4}},
			ids: []string{"zombie-2", "zombie-3"}, names: []string{"Zombie 2", "Zombie 3"}, traits: map[string]int{game.Might: 4}},
		{name: "a kind that slugs the same gets other ids", rule: "app: ids are unique",
			setup: func(t testing.TB, s *game.State) { zombie(t, s) },
			actor: seatActor(1), act: game.AddMonster{Kind: "ZOMBIE", Count: 1, Traits: map[string]int{game.Might: 4}},
			ids: []string{"zombie-101"}, names: []string{"ZOMBIE 1"}, traits: map[string]int{game.Might: 4}},
		{name: "a name in Chinese", rule: "app: kinds are what the haunt book prints",
			actor: seatActor(1), act: game.AddMonster{Kind: "木乃伊", Count: 1, Traits: map[string]int{game.Might: 8, game.Speed: 3}},
			ids: []string{"monster-1"}, names: []string{"木乃伊 1"}, traits: map[string]int{game.Might: 8, game.Speed: 3}},
		{name: "twelve at once", rule: "app: MaxMonsters",
			actor: seatActor(1), act: game.AddMonster{Kind: "Rat", Count: 12, Traits: map[string]int{game.Speed: 4}},
			traits: map[string]int{game.Speed: 4}},

		{name: "a hero", rule: "seed 000 作祟 l.347: 所有怪物皆交由充当奸徒的玩家控制",
			actor: seatActor(2), act: game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{game.Might: 4}}, err: "err_not_traitor", kind: game.Forbidden},
		{name: "no kind", rule: "app",
			actor: seatActor(1), act: game.AddMonster{Kind: "  ", Count: 1, Traits: map[string]int{game.Might: 4}}, err: "err_monster_kind", kind: game.Invalid},
		{name: "a kind too long", rule: "app: MaxNameLength",
			actor: seatActor(1), act: game.AddMonster{Kind: strings.Repeat("骨", game.MaxNameLength+1), Count: 1, Traits: map[string]int{game.Might: 4}}, err: "err_monster_kind", kind: game.Invalid},
		{name: "none", rule: "app",
			actor: seatActor(1), act: game.AddMonster{Kind: "Zombie", Traits: map[string]int{game.Might: 4}}, err: "err_monster_count", kind: game.Invalid},
		{name: "thirteen", rule: "app: MaxMonsters",
			actor: seatActor(1), act: game.AddMonster{Kind: "Zombie", Count: 13, Traits: map[string]int{game.Might: 4}}, err: "err_monster_count", kind: game.Invalid},
		{name: "not a trait", rule: "seed 000 l.163: the four traits",
			actor: seatActor(1), act: game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{"luck": 4}}, err: "err_bad_trait", kind: game.Invalid},
		{name: "a trait above 12", rule: "app",
			actor: seatActor(1), act: game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{game.Might: 13}}, err: "err_monster_trait", kind: game.Invalid},
		{name: "a negative trait", rule: "app",
			actor: seatActor(1), act: game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{game.Might: -1}}, err: "err_monster_trait", kind: game.Invalid},
		{name: "no traits at all", rule: "app: a monster needs something to move or fight with",
			actor: seatActor(1), act: game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{game.Might: 0}}, err: "err_monster_trait", kind: game.Invalid},
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
			n := len(s.Monsters)
			evs := do(t, s, c.actor, a)
			if len(evs) != 1 || evs[0].Type() != game.EvMonstersAdded || len(evs[0].Data.(game.MonstersAdded).Monsters) != a.Count || len(s.Monsters) != n+a.Count {
				t.Fatalf("%s: events %+v, monsters %+v", c.rule, evs, s.Monsters)
			}
			seen := map[string]bool{}
			for i, m := range s.Monsters[n:] {
				if c.ids != nil && (m.ID != c.ids[i] || m.Name != c.names[i]) {
					t.Errorf("%s: monster %d is %q %q, want %q %q", c.rule, i, m.ID, m.Name, c.ids[i], c.names[i])
				}
				if m.Kind != strings.TrimSpace(a.Kind) || !maps.Equal(m.Traits, c.traits) || m.Stunned {
					t.Errorf("%s: %+v", c.rule, m)
				}
				if seen[m.ID] || s.Monster(m.ID) == nil {
					t.Errorf("%s: id %q twice or not found", c.rule, m.ID)
				}
				seen[m.ID] = true
			}
			// Undo takes them off the board.
			do(t, s, c.actor, game.Undo{})
			if len(s.Monsters) != n {
				t.Errorf("app: undo left %d monsters", len(s.Monsters))
			}
		})
	}
	t.Run("before the haunt", func(t *testing.T) {
		s := started(t, fourExplorers...)
		refuseAll(t, s, hostActor, game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{game.Might: 4}}, "err_attack_before_haunt", game.Conflict)
	})
	t.Run("a hidden traitor keeps the secret", func(t *testing.T) {
		const rule = "seed 002 l.73 内奸: 谁拿到编号为1的标记即知道自己为奸徒但其他人都不清楚"
		s, _ := hiddenGame(t) // seat 4 holds token 1
		a := game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{game.Might: 4}}
		for _, id := range []int{1, 4} {
			refuseAll(t, s, seatActor(id), a, "err_not_traitor", game.Forbidden)
		}
		do(t, s, seatActor(4), game.RevealToken{})
		do(t, s, seatActor(4), a)
		if len(s.Monsters) != 1 {
			t.Errorf("%s: the shown traitor could not add a monster", rule)
		}
	})
}

func TestMonsterMoveRoll(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 怪物 l.383-387: 奸徒需为每种怪物掷骰决定其步数。怪物的每1点速度Speed掷骰一颗…若掷得的点数是0，怪物仍最少可移动1个房间; seed 003 l.39-41"
	cases := []struct {
		name   string
		traits map[string]int
		act    game.MonsterMoveRoll
		dice   int
		faces  []int
		total  int
		move   int
	}{
		{name: "dice equal to Speed", traits: map[string]int{game.Might: 4, game.Speed: 3}, dice: 3, faces: []int{2, 1, 0}, total: 3, move: 3},
		{name: "a 0 still moves 1", traits: map[string]int{game.Speed: 2}, dice: 2, faces: []int{0, 0}, total: 0, move: 1},
		{name: "no Speed: 1 die", traits: map[string]int{game.Might: 6}, dice: 1, faces: []int{2}, total: 2, move: 2},
		{name: "never more than 8 dice", traits: map[string]int{game.Speed: 10}, dice: 8, faces: []int{1, 1, 1, 1, 1, 1, 1, 1}, total: 8, move: 8},
		{name: "typed-in total", traits: map[string]int{game.Speed: 4}, act: game.MonsterMoveRoll{Total: intp(0)}, dice: 4, total: 0, move: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := traitorBoard(t)
			do(t, s, seatActor(1), game.AddMonster{Kind: "Zombie", Count: 2, Traits: c.traits})
			turnTo(t, s, game.MonstersTurn)
			a := c.act
			a.Kind = "Zombie"
			r := facesRandom(c.faces...)
			s.SetRandom(r)
			evs := do(t, s, seatActor(1), a)
			roll := evs[0].Data.(game.Rolled).Roll
			if len(evs) != 1 || evs[0].Type() != game.EvRolled || roll == nil || roll.Purpose != "monster-move" || roll.Seat != 0 || roll.Source != "monster:Zombie" {
				t.Fatalf("%s: events %+v", rule, evs)
			}
			if roll.Dice != c.dice || roll.Total != c.total || game.MoveOf(*roll) != c.move {
				t.Errorf("%s: rolled %+v (moves %d), want %d dice total %d moves %d", rule, roll, game.MoveOf(*roll), c.dice, c.total, c.move)
			}
			if c.faces != nil && len(r.asked) != c.dice {
				t.Errorf("%s: the server rolled %d dice", rule, len(r.asked))
			}
			if got := s.Rolls[len(s.Rolls)-1]; got.Seq != evs[0].Seq {
				t.Errorf("%s: roll not recorded: %+v", rule, got)
			}
		})
	}
	if game.MoveOf(game.RollRecord{Total: 0}) != 1 || game.MoveOf(game.RollRecord{Total: 5}) != 5 {
		t.Errorf("%s: MoveOf", rule)
	}
	s := traitorBoard(t)
	zombie(t, s)
	turnTo(t, s, game.MonstersTurn)
	refuseAll(t, s, seatActor(2), game.MonsterMoveRoll{Kind: "Zombie"}, "err_not_traitor", game.Forbidden)
	refuseAll(t, s, seatActor(1), game.MonsterMoveRoll{Kind: "Ghost"}, "err_unknown_monster", game.NotFound)
	refuseAll(t, s, seatActor(1), game.MonsterMoveRoll{Kind: "zombie-1"}, "err_unknown_monster", game.NotFound)
	refuseAll(t, s, seatActor(1), game.MonsterMoveRoll{Kind: "Zombie", Total: intp(5)}, "err_total_range", game.Invalid)
	do(t, s, hostActor, game.MonsterMoveRoll{Kind: "Zombie", Total: intp(4)})
}

func TestStunAndRecovery(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 怪物 l.387-391: 被击昏的怪物将丧失其游戏回合; seed 002 l.73: 当该怪物下回合结束后将其标记翻转回平常状态; seed 003 l.241: 在怪物的回合結束時將它翻回正面"
	setup := func(t *testing.T) *game.State {
		s := traitorBoard(t)
		do(t, s, seatActor(1), game.AddMonster{Kind: "Zombie", Count: 2, Traits: map[string]int{game.Might: 4, game.Speed: 2}})
		return s
	}
	stunned := func(s *game.State, id string) bool { return s.Monster(id).Stunned }
	attack := func(monster string) game.Action {
		return game.Attack{Monster: monster, Target: seatTarget(2), Total: intp(1)}
	}

	t.Run("stunned in the heroes' turns: loses the next monsters' turn", func(t *testing.T) {
		s := setup(t)
		fight(t, s, game.Attack{Target: game.Target{Monster: "zombie-1"}, Total: intp(6)}, 0) // seat 2 beats zombie-1
		if !stunned(s, "zombie-1") || stunned(s, "zombie-2") {
			t.Fatalf("%s: %+v", rule, s.Monsters)
		}
		for _, want := range []int{3, 4, 1, game.MonstersTurn} {
			if got := endTurn(t, s); got != want || !stunned(s, "zombie-1") {
				t.Fatalf("%s: turn %d (want %d), stunned %v", rule, got, want, stunned(s, "zombie-1"))
			}
		}
		// Its lost turn: it can't attack; the other can.
		refuseAll(t, s, seatActor(1), attack("zombie-1"), "err_monster_stunned", game.Conflict)
		do(t, s, seatActor(1), attack("zombie-2"))
		do(t, s, seatActor(2), game.Defend{Total: intp(1)})
		endTurn(t, s) // the monsters' turn ends: it stands up
		if stunned(s, "zombie-1") || s.Turn != 2 {
			t.Errorf("%s: after its lost turn: stunned %v, turn %d", rule, stunned(s, "zombie-1"), s.Turn)
		}
		replaysTheSame(t, s)
	})
	t.Run("stunned in the monsters' own turn: loses the next one", func(t *testing.T) {
		s := setup(t)
		for s.Turn != game.MonstersTurn {
			endTurn(t, s)
		}
		do(t, s, seatActor(1), attack("zombie-2"))
		do(t, s, seatActor(2), game.Defend{Total: intp(4)}) // the hero wins: zombie-2 stunned
		if !stunned(s, "zombie-2") {
			t.Fatalf("%s: %+v", rule, s.Attack)
		}
		for _, want := range []int{2, 3, 4, 1, game.MonstersTurn} {
			if got := endTurn(t, s); got != want || !stunned(s, "zombie-2") {
				t.Fatalf("%s: turn %d (want %d), stunned %v", rule, got, want, stunned(s, "zombie-2"))
			}
		}
		endTurn(t, s)
		if stunned(s, "zombie-2") {
			t.Errorf("%s: still stunned after its lost turn", rule)
		}
	})
	t.Run("the stun action", func(t *testing.T) {
		const rule = "seed 000 l.705-711 (饰物: 房间内的怪物全数陷入昏迷) and 炸药 l.725 (怪物则陷入昏迷): cards stun monsters too"
		s := setup(t)
		evs := do(t, s, seatActor(3), game.Stun{Monster: "zombie-2"}) // any explorer in the haunt
		if len(evs) != 1 || evs[0].Type() != game.EvStunned || evs[0].Data.(game.Stunned).Monster != "zombie-2" || !stunned(s, "zombie-2") {
			t.Fatalf("%s: events %+v", rule, evs)
		}
		refuseAll(t, s, seatActor(1), game.Stun{Monster: "zombie-2"}, "err_no_change", game.Conflict)
		refuseAll(t, s, seatActor(1), game.Stun{Monster: "ghost-1"}, "err_unknown_monster", game.NotFound)
		refuseAll(t, s, seatActor(9), game.Stun{Monster: "zombie-1"}, "err_not_seated", game.Forbidden)
		do(t, s, seatActor(3), game.Undo{})
		if stunned(s, "zombie-2") {
			t.Errorf("app: undo of a stun")
		}
	})
	t.Run("before the haunt", func(t *testing.T) {
		s := started(t, fourExplorers...)
		refuseAll(t, s, seatActor(1), game.Stun{Monster: "zombie-1"}, "err_not_traitor", game.Forbidden)
	})
}

func TestMonsterAttacks(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 l.73 怪物: 怪物Monster每回合只能以力量Might攻击一次; seed 000 作祟 l.347: 所有怪物皆交由充当奸徒的玩家控制"
	s := traitorBoard(t)
	do(t, s, seatActor(1), game.AddMonster{Kind: "Zombie", Count: 2, Traits: map[string]int{game.Might: 4, game.Speed: 2}})
	do(t, s, seatActor(1), game.AddMonster{Kind: "Wisp", Count: 1, Traits: map[string]int{game.Speed: 4, game.Sanity: 3}})
	refuseAll(t, s, seatActor(2), game.Attack{Monster: "zombie-1", Target: seatTarget(3)}, "err_not_traitor", game.Forbidden)
	// Monsters act on their own turn, after the traitor's (seed 000 l.347;
	// seed 003 l.329): not on a hero's, nor for the host.
	for _, who := range []game.Actor{seatActor(1), hostActor} {
		refuseAll(t, s, who, game.Attack{Monster: "zombie-1", Target: seatTarget(3)}, "err_not_monsters_turn", game.Conflict)
	}
	if m := s.Options(hostActor).Monsters; m == nil || len(m.Attack) != 0 {
		t.Errorf("seed 000 l.347: no monster attack offered on seat 2's turn: %+v", m)
	}
	turnTo(t, s, game.MonstersTurn)
	refuseAll(t, s, seatActor(1), game.Attack{Monster: "zombie-1", Trait: game.Speed, Target: seatTarget(3)}, "err_monster_might_only", game.Invalid)
	refuseAll(t, s, seatActor(1), game.Attack{Monster: "ghost-1", Target: seatTarget(3)}, "err_unknown_monster", game.NotFound)
	refuseAll(t, s, seatActor(1), game.Attack{Monster: "zombie-1", Target: seatTarget(3), Total: intp(9)}, "err_total_range", game.Invalid)

	r := facesRandom()
	s.SetRandom(r)
	evs := do(t, s, seatActor(1), game.Attack{Monster: "zombie-1", Target: seatTarget(3)})
	at := s.Attack
	if evs[0].Type() != game.EvAttacked || at.Attacker != (game.Target{Monster: "zombie-1"}) || at.Defender != seatTarget(3) || at.Attack.Dice != 4 || at.Trait != game.Might || len(r.asked) != 4 {
		t.Fatalf("%s: %+v", rule, at)
	}
	refuseAll(t, s, seatActor(4), game.Defend{}, "err_other_seat", game.Forbidden)
	do(t, s, seatActor(3), game.Defend{Total: intp(at.Attack.Total)}) // a tie
	if !s.Attack.Done {
		t.Fatalf("seed 000 袭击 l.209: a tie: %+v", s.Attack)
	}
	refuseAll(t, s, seatActor(1), game.Attack{Monster: "zombie-1", Target: seatTarget(2)}, "err_attacked_this_turn", game.Conflict)
	// Each monster attacks once; the host may roll for it.
	do(t, s, hostActor, game.Attack{Monster: "zombie-2", Target: seatTarget(2), Total: intp(8)})
	do(t, s, hostActor, game.Defend{Total: intp(0)}) // the host rolls for the hero
	if at := s.Attack; at.Loser != seatTarget(2) || at.Damage != 8 || at.CanSteal {
		t.Errorf("seed 000 怪物 l.395 (怪物不可进行偷窃): %+v", at)
	}
	do(t, s, seatActor(2), game.ResolveDamage{Split: map[string]int{game.Might: 4, game.Speed: 4}})
	if s.Alive(s.SeatByID(2)) {
		t.Errorf("8 physical damage should kill Missy (might 3 at position 4)")
	}
	// A monster without Might still attacks with one die.
	do(t, s, seatActor(1), game.Attack{Monster: "wisp-1", Target: seatTarget(4), Total: intp(2)})
	if s.Attack.Attack.Dice != 1 {
		t.Errorf("app: a monster without Might rolls %d dice", s.Attack.Attack.Dice)
	}
	replaysTheSame(t, s)
}

func TestSetTrack(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 l.73 准备: 将塑胶别针夹在记录表TurnDamageTrack上 — the haunt says what it counts"
	s := traitorBoard(t)
	evs := do(t, s, seatActor(1), game.SetTrack{Value: intp(3), Label: "  Turns left  "})
	if len(evs) != 1 || evs[0].Type() != game.EvTrackSet || s.Track == nil || *s.Track != (game.Track{Value: 3, Label: "Turns left"}) {
		t.Fatalf("%s: %+v, track %+v", rule, evs, s.Track)
	}
	do(t, s, seatActor(1), game.SetTrack{Value: intp(2)})
	if *s.Track != (game.Track{Value: 2, Label: "Turns left"}) {
		t.Errorf("%s: the label is kept when omitted: %+v", rule, s.Track)
	}
	do(t, s, hostActor, game.SetTrack{Value: intp(0), Label: "Damage"})
	do(t, s, hostActor, game.SetTrack{Value: intp(99)})
	if *s.Track != (game.Track{Value: 99, Label: "Damage"}) {
		t.Errorf("%s: %+v", rule, s.Track)
	}
	refuseAll(t, s, seatActor(2), game.SetTrack{Value: intp(1)}, "err_not_traitor", game.Forbidden)
	refuseAll(t, s, seatActor(1), game.SetTrack{}, "err_track_value", game.Invalid)
	refuseAll(t, s, seatActor(1), game.SetTrack{Value: intp(100)}, "err_track_value", game.Invalid)
	refuseAll(t, s, seatActor(1), game.SetTrack{Value: intp(-1)}, "err_track_value", game.Invalid)
	refuseAll(t, s, seatActor(1), game.SetTrack{Value: intp(1), Label: strings.Repeat("x", 81)}, "err_track_label", game.Invalid)
	do(t, s, seatActor(1), game.SetTrack{Value: intp(1), Label: strings.Repeat("轮", 80)})
	do(t, s, hostActor, game.Undo{})
	if *s.Track != (game.Track{Value: 99, Label: "Damage"}) {
		t.Errorf("app: undo of the track: %+v", s.Track)
	}
	replaysTheSame(t, s)

	// Before any haunt only the host keeps a track.
	s = started(t, fourExplorers...)
	refuseAll(t, s, seatActor(1), game.SetTrack{Value: intp(1)}, "err_not_traitor", game.Forbidden)
}

func TestDeclareWinner(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 终局 l.409: 奸徒或英雄中，一旦一方完成其胜利条件，游戏即时完结; seed 003 l.363"
	for _, side := range []string{game.SideHeroes, game.SideTraitor} {
		t.Run(side, func(t *testing.T) {
			s := traitorBoard(t)
			give(t, s, 2, "candle")
			evs := do(t, s, seatActor(2), game.DeclareWinner{Side: side})
			if len(evs) != 1 || evs[0].Type() != game.EvGameEnded || evs[0].Data.(game.GameEnded).Side != side || s.Ended == nil || s.Ended.Side != side {
				t.Fatalf("%s: %+v, ended %+v", rule, evs, s.Ended)
			}
			// The game is over: nothing more, not even for the host.
			for _, a := range []struct {
				actor game.Actor
				act   game.Action
			}{
				{seatActor(2), game.EndTurn{}},
				{seatActor(2), game.Roll{Dice: 2}},
				{seatActor(2), game.DrawCard{Card: "axe"}},
				{seatActor(2), game.GiveCard{Card: "candle", To: 3}},
				{seatActor(2), game.Attack{Target: seatTarget(1)}},
				{seatActor(1), game.DeclareWinner{Side: game.SideTraitor}},
				{hostActor, game.SetTrait{Seat: 1, Trait: game.Might, Position: intp(4)}},
				{hostActor, game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{game.Might: 4}}},
				{hostActor, game.SetPhase{Phase: game.PhaseExploration}},
				{hostActor, unknownAction{}},
			} {
				refuseAll(t, s, a.actor, a.act, "err_game_over", game.Conflict)
			}
			replaysTheSame(t, s)
			// Undo is allowed: a wrong tap is taken back and play goes on.
			do(t, s, seatActor(2), game.Undo{})
			if s.Ended != nil {
				t.Fatalf("app: undo left the game ended: %+v", s.Ended)
			}
			do(t, s, seatActor(2), game.EndTurn{})
		})
	}
	t.Run("refusals", func(t *testing.T) {
		s := traitorBoard(t)
		refuseAll(t, s, seatActor(2), game.DeclareWinner{Side: "monsters"}, "err_bad_side", game.Invalid)
		refuseAll(t, s, seatActor(2), game.DeclareWinner{}, "err_bad_side", game.Invalid)
		s = started(t, fourExplorers...)
		refuseAll(t, s, seatActor(2), game.DeclareWinner{Side: game.SideHeroes}, "err_no_haunt_yet", game.Conflict)
		do(t, s, hostActor, game.DeclareWinner{Side: game.SideTraitor}) // the host may end any game
		s = lobby(t, fourExplorers...)
		refuseAll(t, s, hostActor, game.DeclareWinner{Side: game.SideHeroes}, "err_not_started", game.Conflict)
	})
}

// Heroes win only with at least one hero alive.
func TestHeroesNeedASurvivorToWin(t *testing.T) {
	t.Parallel()
	const rule = "seed 003 l.363: 至少一位英雄必需存活英雄方才能獲勝"
	s := traitorBoard(t)
	for _, id := range []int{2, 3, 4} {
		kill(t, s, id)
	}
	if _, err := s.Decide(seatActor(1), game.DeclareWinner{Side: game.SideHeroes}, t0); err == nil {
		t.Errorf("monsters.go DeclareWinner.decide lets the heroes win with every hero dead (%s)", rule)
	}
}

func TestJoinTraitor(t *testing.T) {
	t.Parallel()
	const rule = "app (haunt books: some haunts move dead heroes to the traitor's side); seed 000 作祟 l.359: 奸徒与怪物同属于一方"
	s := traitorBoard(t)
	refuseAll(t, s, seatActor(1), game.JoinTraitor{Seat: 3}, "err_host_only", game.Forbidden)
	refuseAll(t, s, hostActor, game.JoinTraitor{Seat: 3}, "err_not_dead_hero", game.Conflict)
	refuseAll(t, s, hostActor, game.JoinTraitor{Seat: 7}, "err_unknown_seat", game.NotFound)
	kill(t, s, 1)
	refuseAll(t, s, hostActor, game.JoinTraitor{Seat: 1}, "err_not_dead_hero", game.Conflict) // the traitor is on that side
	kill(t, s, 3)
	if s.SideOf(3) != game.SideHeroes || s.SideOf(1) != game.SideTraitor {
		t.Fatalf("%s: sides %s / %s", rule, s.SideOf(3), s.SideOf(1))
	}
	evs := do(t, s, hostActor, game.JoinTraitor{Seat: 3})
	if len(evs) != 1 || evs[0].Type() != game.EvSideChanged || evs[0].Data.(game.SideChanged).Seat != 3 || evs[0].Data.(game.SideChanged).Side != game.SideTraitor || s.SideOf(3) != game.SideTraitor {
		t.Fatalf("%s: %+v, side %s", rule, evs, s.SideOf(3))
	}
	refuseAll(t, s, hostActor, game.JoinTraitor{Seat: 3}, "err_not_dead_hero", game.Conflict)
	// On the traitor's side they run monsters with the traitor.
	do(t, s, seatActor(3), game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{game.Might: 4}})
	do(t, s, seatActor(3), game.SetTrack{Value: intp(5)})
	replaysTheSame(t, s)
	do(t, s, hostActor, game.Undo{})
	do(t, s, hostActor, game.Undo{})
	do(t, s, hostActor, game.Undo{})
	if s.SideOf(3) != game.SideHeroes {
		t.Errorf("app: undo of join_traitor: %s", s.SideOf(3))
	}

	s = started(t, fourExplorers...)
	do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
	kill(t, s, 2)
	refuseAll(t, s, hostActor, game.JoinTraitor{Seat: 2}, "err_no_haunt_yet", game.Conflict)
}

// cyclic reports whether order is one round of want, starting anywhere.
func cyclic(order, want []int) bool {
	if len(order) != len(want) {
		return false
	}
	at := slices.Index(want, order[0])
	return at >= 0 && slices.Equal(order, append(slices.Clone(want[at:]), want[:at]...))
}

func TestNoTraitorAtFirstMonstersTurn(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.343-347 (英雄 → 奸徒 → 怪物); seed 003 l.329: 在叛徒的回合後，任何叛徒控制的怪物進行怪物回合"
	// Haunt 9 (data/haunts.json, traitor kind none_at_first): nobody is the
	// traitor at first; seat 2 turns during play and takes the traitor's
	// turn (app rule: the first seat in play order on the traitor's side).
	s := started(t, fourExplorers...)
	revealHaunt(t, s, 1, 9)
	zombie(t, s)
	if got := s.TurnOrder(); !cyclic(got, []int{1, 2, 3, 4}) {
		t.Fatalf("haunt 9, nobody turned yet: play passes to the left: %v", got)
	}
	do(t, s, hostActor, game.JoinTraitor{Seat: 2})
	if s.TurnTraitor() != 2 {
		t.Fatalf("%s: seat 2 takes the traitor's turn, got %d", rule, s.TurnTraitor())
	}
	if got := s.TurnOrder(); !cyclic(got, []int{3, 4, 1, 2, game.MonstersTurn}) {
		t.Errorf("%s: turn order %v, want heroes from seat 2's left, seat 2, then the monsters", rule, got)
	}
	turnTo(t, s, 3)
	do(t, s, seatActor(3), game.Stun{Monster: "zombie-1"})
	turnTo(t, s, game.MonstersTurn)
	refuseAll(t, s, seatActor(2), game.Attack{Monster: "zombie-1", Target: seatTarget(3)}, "err_monster_stunned", game.Conflict)
	if got := endTurn(t, s); got != 3 || s.Monster("zombie-1").Stunned {
		t.Errorf("seed 000 怪物: the stun wears off at the end of its lost turn: turn %d, %+v", got, s.Monster("zombie-1"))
	}
	replaysTheSame(t, s)
	do(t, s, hostActor, game.Undo{})
	if s.Turn != game.MonstersTurn || !s.Monster("zombie-1").Stunned {
		t.Errorf("app: undoing the end of the monsters' turn brings it back, stunned: turn %d, %+v", s.Turn, s.Monster("zombie-1"))
	}
	replaysTheSame(t, s)
	// A second seat that turns plays after seat 2, before the monsters.
	do(t, s, hostActor, game.JoinTraitor{Seat: 4})
	if got := s.TurnOrder(); !cyclic(got, []int{3, 1, 2, 4, game.MonstersTurn}) {
		t.Errorf("app: a second seat on the traitor's side still plays: %v", got)
	}
}

func TestStunByTheLiving(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 FAQ (Dynamite: a monster failing the roll is beaten as in a fight, so stunned); seed 000 l.725 炸药"
	s := traitorBoard(t)
	zombie(t, s)
	kill(t, s, 3)
	refuseAll(t, s, seatActor(3), game.Stun{Monster: "zombie-1"}, "err_stun_dead", game.Forbidden)
	if m := optionsFor(s, 3).Monsters; m != nil {
		t.Errorf("app: a dead seat is offered nothing with the monsters: %+v", m)
	}
	for _, id := range []int{1, 2, 4} {
		m := optionsFor(s, id).Monsters
		if m == nil || !slices.Equal(m.Stun, []string{"zombie-1"}) {
			t.Errorf("%s: seat %d may mark the monster stunned: %+v", rule, id, m)
		}
	}
	if m := s.Options(hostActor).Monsters; m == nil || !slices.Equal(m.Stun, []string{"zombie-1"}) {
		t.Errorf("app: the host may stun: %+v", m)
	}
	do(t, s, seatActor(4), game.Stun{Monster: "zombie-1"})
	// A dead traitor still runs the monsters (seed 002 FAQ: 死去的奸徒在其回合仍可移动怪物).
	do(t, s, hostActor, game.Undo{})
	kill(t, s, 1)
	do(t, s, seatActor(1), game.Stun{Monster: "zombie-1"})
}

// unknownAction is an action of a type name the engine doesn't know
// ("nonsense"), as a caller other than DecodeAction could hand Decide:
// Action{Type: "nonsense"} before actions were typed.
type unknownAction struct{ game.EndTurn }

func (unknownAction) ActionType() string { return "nonsense" }
