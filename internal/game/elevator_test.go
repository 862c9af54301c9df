package game_test

import (
	"testing"

	"lantern/internal/game"
)

// TestMysticElevatorOncePerTurn: the Mystic Elevator moves once per turn,
// whoever rides it; a second ride in the same turn is neither offered nor
// rolled (and so deals no second damage), and it moves again next turn.
// The Collapsed Room's entering roll still repeats (TestForcedRoomRollsRepeat).
func TestMysticElevatorOncePerTurn(t *testing.T) {
	t.Parallel()
	const rule = `seed 000 升降梯: "每回合升降梯Mystic Elevator只会移动一次"; seed 002: "升降梯每回合限1次，是指任何玩家/怪物的回合中都只能用1次"; rooms.csv Mystic Elevator: "Once per turn roll 2 dice"`
	ride := game.Roll{Purpose: "room", Source: "room:mystic-elevator", Dice: 2, Total: intp(0)}
	cases := []struct {
		name   string
		actor  game.Actor
		second game.Action // the second ride, the same turn
	}{
		{name: "the same explorer rides again", actor: seatActor(1), second: ride},
		{name: "the host records a second ride for another explorer", actor: hostActor, second: func() game.Action { a := ride; a.Seat = 2; return a }()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, fourExplorers...)
			do(t, s, seatActor(1), game.DiscoverRoom{Room: "mystic-elevator", Floor: game.FloorGround})
			if !roomOption(optionsFor(s, 1), "mystic-elevator").Roll {
				t.Fatalf("%s: the first ride is not offered", rule)
			}
			do(t, s, seatActor(1), ride)
			do(t, s, seatActor(1), apply("room:mystic-elevator")) // 0: basement, 1 die of damage
			rolls := len(s.Rolls)
			if roomOption(optionsFor(s, 1), "mystic-elevator").Roll {
				t.Errorf("%s: a second ride is offered the same turn", rule)
			}
			wantRefusal(t, s, c.actor, c.second, "err_elevator_once_turn", game.Conflict)
			if len(s.Rolls) != rolls {
				t.Errorf("%s: the refused ride rolled dice", rule)
			}
			// The next turn it moves again.
			turnTo(t, s, 2)
			if !roomOption(optionsFor(s, 2), "mystic-elevator").Roll {
				t.Errorf("%s: the next turn's ride is not offered", rule)
			}
			do(t, s, seatActor(2), ride)
		})
	}
}
