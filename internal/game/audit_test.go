package game_test

import (
	"slices"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// Rules a rules audit found the engine got wrong, each checked against the
// card, room or seed section it cites.

// TestForcedRoomRollsRepeat: a room's entering roll is forced and may come
// again in a turn (each time you enter); a barrier's or the Vault's is
// voluntary, once a turn. The Mystic Elevator, though entered each time,
// moves once a turn (TestMysticElevatorOncePerTurn).
func TestForcedRoomRollsRepeat(t *testing.T) {
	t.Parallel()
	const forced = "seed 002 行动: 一回合中人物可进行多次能力考验，特别是强迫的能力考验。但同一个回合中每项自愿的能力考验仅可进行一次"
	cases := []struct {
		name, rule string
		roll       game.Roll
		again      string // the second roll's refusal, "" when accepted
	}{
		{name: "the Collapsed Room, entered twice",
			rule: forced + "; rooms.json collapsed-room: When you enter this room, make a Speed roll",
			roll: game.Roll{Trait: game.Speed, Source: "room:collapsed-room"}},
		{name: "the Vault, tried twice",
			rule: forced + "; seed 002 FAQ: 你不能一直尝试打开保险库直到成功",
			roll: game.Roll{Trait: game.Knowledge, Source: "room:vault"}, again: "err_roll_once_turn"},
		{name: "the Chasm, crossed twice",
			rule: forced + "; seed 002 FAQ Catacombs,Chasm,Tower: 在你的下一个回合你可以再次尝试",
			roll: game.Roll{Trait: game.Speed, Source: "room:chasm"}, again: "err_roll_once_turn"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, fourExplorers...)
			room := c.roll.Source[len("room:"):]
			// In the house first: only its rooms are offered.
			do(t, s, seatActor(1), game.DiscoverRoom{Room: room, Floor: catalog.Box().Room(room).Floors[0]})
			a := c.roll
			a.Purpose, a.Total = "room", intp(1)
			do(t, s, seatActor(1), a)
			do(t, s, seatActor(1), apply(a.Source))
			if got := roomOption(optionsFor(s, 1), room).Roll; got != (c.again == "") {
				t.Errorf("%s: offered again %v", c.rule, got)
			}
			if c.again != "" {
				wantRefusal(t, s, seatActor(1), a, c.again, game.Conflict)
				return
			}
			do(t, s, seatActor(1), a)
		})
	}
}

// TestMonstersMoveOnTheirTurn: whoever runs the monsters rolls their moves
// on the monsters' turn only, the host too, and Options offers it only
// then.
func TestMonstersMoveOnTheirTurn(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 作祟 l.347: 所有英雄完成其游戏回合后则轮到奸徒进行其游戏回合，奸徒完成其游戏回合后则轮到怪物进行其游戏回合; seed 000 怪物: 每回合移动怪物时奸徒需为每种怪物掷骰决定其步数"
	move := game.MonsterMoveRoll{Kind: "Zombie", Total: intp(2)}
	cases := []struct {
		name  string
		turn  int // whose turn
		actor game.Actor
		err   string
	}{
		{name: "the traitor on a hero's turn", turn: 2, actor: seatActor(1), err: "err_monster_move_turn"},
		{name: "the traitor on their own turn", turn: 1, actor: seatActor(1), err: "err_monster_move_turn"},
		{name: "the host on a hero's turn", turn: 3, actor: hostActor, err: "err_monster_move_turn"},
		{name: "the traitor on the monsters' turn", turn: game.MonstersTurn, actor: seatActor(1)},
		{name: "the host on the monsters' turn", turn: game.MonstersTurn, actor: hostActor},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := traitorBoard(t)
			zombie(t, s)
			turnTo(t, s, c.turn)
			o := s.Options(c.actor).Monsters
			offered := o != nil && slices.Contains(o.Move, "Zombie")
			if offered != (c.err == "") {
				t.Errorf("%s: move offered %v: %+v", rule, offered, o)
			}
			if c.err != "" {
				wantRefusal(t, s, c.actor, move, c.err, game.Conflict)
				return
			}
			do(t, s, c.actor, move)
		})
	}
}

// TestDynamiteThrowerDoesNotRoll: the Dynamite's Speed roll is made by
// those in the room it is thrown into, not by its thrower: its holder is
// offered the throw (Use), never the roll, and Decide agrees.
func TestDynamiteThrowerDoesNotRoll(t *testing.T) {
	t.Parallel()
	const rule = "items.json dynamite: throw the Dynamite … into a connected adjacent room … Every explorer and monster there … makes a Speed roll; seed 000 炸药: 人物可把炸药从门扉抛往隔邻的房间。该房间中的所有人物/怪物皆需以速度进行能力考验"
	roll := game.Roll{Trait: game.Speed, Purpose: "item", Source: "card:dynamite", Total: intp(2)}
	cases := []struct {
		name  string
		actor int
		throw bool // the holder (seat 2) has thrown it first
		err   string
	}{
		{name: "its holder, before throwing", actor: 2, err: "err_roll_thrown"},
		{name: "its thrower, once thrown", actor: 2, throw: true},
		{name: "an explorer it lands on", actor: 3, throw: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := traitorBoard(t)
			give(t, s, 2, "dynamite")
			if c.throw {
				do(t, s, seatActor(2), game.UseCard{Card: "dynamite"})
			} else if co := optionsFor(s, 2).Card("dynamite"); co.Roll || !co.Use {
				t.Errorf("%s: the holder is offered the roll %v, the throw %v", rule, co.Roll, co.Use)
			}
			if c.err != "" {
				wantRefusal(t, s, seatActor(c.actor), roll, c.err, game.Conflict)
				return
			}
			do(t, s, seatActor(c.actor), roll)
			do(t, s, seatActor(c.actor), apply("card:dynamite"))
			if p := s.Pending[c.actor]; p == nil || p.Amount != 4 {
				t.Errorf("%s: 0–4 takes 4 physical damage: %+v", rule, p)
			}
		})
	}
}
