package game_test

import (
	"maps"
	"testing"

	"lantern/internal/game"
)

// Seat 1 is Ox Bellows: speed 4 (position 5), might 5 (3), sanity 3 (3),
// knowledge 3 (3).

func TestApplyEffectAfterAGuidedRoll(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State)
		roll  game.Roll // seat 1's roll
		dice  []int     // faces of damage dice the apply rolls
		// want
		delta   map[string]int
		pending *game.PendingDamage
	}{
		{name: "Rotten 5+: gain 1 Sanity", rule: "seed 000 l.1569 腐败恶臭Rotten; data/events.json rotten (5+ gain 1 Sanity)",
			roll: game.Roll{Trait: game.Sanity, Purpose: "event", Source: "card:rotten", Total: intp(5)}, delta: map[string]int{game.Sanity: 1}},
		{name: "Rotten 2–4: lose 1 Might", rule: "data/events.json rotten (2–4)",
			roll: game.Roll{Trait: game.Sanity, Purpose: "event", Source: "card:rotten", Total: intp(4)}, delta: map[string]int{game.Might: -1}},
		{name: "Rotten 1: lose 1 Might and 1 Speed", rule: "data/events.json rotten (1)",
			roll: game.Roll{Trait: game.Sanity, Purpose: "event", Source: "card:rotten", Total: intp(1)}, delta: map[string]int{game.Might: -1, game.Speed: -1}},
		{name: "Rotten 0: lose 1 everywhere", rule: "data/events.json rotten (0)",
			roll: game.Roll{Trait: game.Sanity, Purpose: "event", Source: "card:rotten", Total: intp(0)}, delta: all(-1)},
		{name: "a loss stops at 1 before the haunt", rule: "seed 000 袭击 l.225-227: 在进入作祟前…只会停留在骷髅图案上一个数字",
			setup: func(t testing.TB, s *game.State) { force(t, s, 1, map[string]game.TraitState{game.Might: pos(1)}) },
			roll:  game.Roll{Trait: game.Sanity, Purpose: "event", Source: "card:rotten", Total: intp(1)}, delta: map[string]int{game.Speed: -1}},
		{name: "Night View 0–4: nothing happens", rule: "data/events.json night-view (0–4: you look away)",
			roll: game.Roll{Trait: game.Knowledge, Purpose: "event", Source: "card:night-view", Total: intp(4)}},
		{name: "Phone Call is a plain 2-dice roll: 4 gains Sanity", rule: "data/events.json phone-call (4: gain 1 Sanity)",
			roll: game.Roll{Dice: 2, Purpose: "event", Source: "card:phone-call", Faces: []int{2, 2}}, delta: map[string]int{game.Sanity: 1}},
		{name: "Phone Call 3 gains Knowledge", rule: "data/events.json phone-call (3)",
			roll: game.Roll{Dice: 2, Purpose: "event", Source: "card:phone-call", Total: intp(3)}, delta: map[string]int{game.Knowledge: 1}},
		{name: "Bottle 5: +2 Might and Speed", rule: "seed 000 l.663-671: 瓶子 骰数是5，人物的力量及速度皆上升2个级别",
			roll: game.Roll{Dice: 3, Purpose: "item", Source: "card:bottle", Total: intp(5)}, delta: map[string]int{game.Might: 2, game.Speed: 2}},
		{name: "Attic: a failed Speed roll costs 1 Might", rule: "seed 003 l.475-477: 閣樓 速度檢定…否則…其力量下降1級",
			roll: game.Roll{Trait: game.Speed, Purpose: "room", Source: "room:attic", Total: intp(2)}, delta: map[string]int{game.Might: -1}},
		{name: "Attic: 3+ leaves safely", rule: "seed 003 l.477: 若骰數總和大於或等於3，探險者無恙",
			roll: game.Roll{Trait: game.Speed, Purpose: "room", Source: "room:attic", Total: intp(3)}},
		{name: "Silence 0: 2 dice of mental damage, rolled", rule: "data/events.json silence (0: 2 dice of mental damage); seed 002 l.73 FAQ: 承受一颗骰子的肉体伤害…掷颗骰子",
			roll: game.Roll{Trait: game.Sanity, Purpose: "event", Source: "card:silence", Total: intp(0)}, dice: []int{2, 1},
			pending: &game.PendingDamage{Kind: "mental", Amount: 3, Source: "card:silence"}},
		{name: "damage dice showing 0: nothing to take", rule: "seed 002 l.73 FAQ: 如果结果是0你很幸运不用受伤",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, "locked-safe") }, // its token in the house
			roll:  game.Roll{Trait: game.Knowledge, Purpose: "event", Source: "card:locked-safe", Total: intp(3)}, dice: []int{0}},
		{name: "Dynamite: 4 physical", rule: "seed 000 l.713-725: 炸药 骰数总和是0至4，人物受到4点肉体损伤",
			roll:    game.Roll{Trait: game.Speed, Purpose: "item", Source: "card:dynamite", Total: intp(4)},
			pending: &game.PendingDamage{Kind: "physical", Amount: 4, Source: "card:dynamite"}},
		{name: "Dynamite with the Armor: 3 physical", rule: "seed 000 l.615: 铠甲 每当人物受到肉体损伤时，其损伤可获减低1点; seed 002 l.73 FAQ: 一直生效",
			setup:   func(t testing.TB, s *game.State) { give(t, s, 1, "armor") },
			roll:    game.Roll{Trait: game.Speed, Purpose: "item", Source: "card:dynamite", Total: intp(4)},
			pending: &game.PendingDamage{Kind: "physical", Amount: 3, Source: "card:dynamite"}},
		{name: "the Armor takes 1 off rolled physical damage", rule: "seed 000 l.615",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, "armor", "locked-safe") },
			roll:  game.Roll{Trait: game.Knowledge, Purpose: "event", Source: "card:locked-safe", Total: intp(0)}, dice: []int{2, 2},
			pending: &game.PendingDamage{Kind: "physical", Amount: 3, Source: "card:locked-safe"}},
		{name: "the Armor does nothing for mental damage", rule: "seed 000 l.615: 肉体损伤 only",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, "armor") },
			roll:  game.Roll{Trait: game.Sanity, Purpose: "event", Source: "card:silence", Total: intp(1)}, dice: []int{2},
			pending: &game.PendingDamage{Kind: "mental", Amount: 2, Source: "card:silence"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, fourExplorers...)
			if c.setup != nil {
				c.setup(t, s)
			}
			roll := c.roll
			rolled := do(t, s, seatActor(1), roll)
			before := positions(s, 1)
			r := facesRandom(c.dice...)
			s.SetRandom(r)
			evs := do(t, s, seatActor(1), game.ApplyEffect{Source: roll.Source})
			checkGroup(t, c.rule, evs)
			if evs[0].Type() != game.EvRollApplied || evs[0].Data.(game.RollApplied).Target != rolled[0].Seq || evs[0].Data.(game.RollApplied).Seat != 1 {
				t.Fatalf("%s: events %+v", c.rule, evs)
			}
			if got := moved(before, positions(s, 1)); !maps.Equal(got, c.delta) && !(len(got) == 0 && len(c.delta) == 0) {
				t.Errorf("%s: clips moved %v, want %v", c.rule, got, c.delta)
			}
			for _, e := range evs {
				if e.Type() == game.EvTraitsChanged && e.Data.(game.TraitsChanged).Cause != roll.Source {
					t.Errorf("%s: cause %q", c.rule, e.Data.(game.TraitsChanged).Cause)
				}
			}
			if len(r.asked) != len(c.dice) {
				t.Errorf("%s: the server rolled %d damage dice, want %d", c.rule, len(r.asked), len(c.dice))
			}
			if len(c.dice) > 0 {
				var dmg *game.RollRecord
				for _, e := range evs {
					if e.Type() == game.EvRolled {
						dmg = e.Data.(game.Rolled).Roll
					}
				}
				if dmg == nil || dmg.Dice != len(c.dice) || dmg.Purpose != "damage" || dmg.Seat != 1 {
					t.Errorf("%s: damage roll %+v", c.rule, dmg)
				}
			}
			got := s.Pending[1]
			if (got == nil) != (c.pending == nil) || (got != nil && *got != *c.pending) {
				t.Errorf("%s: pending %+v, want %+v", c.rule, got, c.pending)
			}
			for _, r := range s.Rolls {
				if r.Seq == rolled[0].Seq && !r.Applied {
					t.Errorf("%s: the roll is not marked applied", c.rule)
				}
			}
			replaysTheSame(t, s)
		})
	}
}

func TestApplyEffectRefusals(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State)
		actor game.Actor
		act   game.ApplyEffect
		err   string
		kind  game.ErrorKind
	}{
		{name: "no roll yet", rule: "app: a guided roll comes first (seed 000 l.165: the roll decides the outcome)",
			actor: seatActor(1), act: game.ApplyEffect{Source: "card:rotten"}, err: "err_roll_first", kind: game.Conflict},
		{name: "the last roll was for something else", rule: "app: the outcome of the roll for that card",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), game.Roll{Trait: game.Sanity, Source: "card:silence", Total: intp(0)})
			},
			actor: seatActor(1), act: game.ApplyEffect{Source: "card:rotten"}, err: "err_roll_first", kind: game.Conflict},
		{name: "the last roll had no source", rule: "app",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), game.Roll{Trait: game.Sanity, Source: "card:rotten", Total: intp(0)})
				do(t, s, seatActor(1), game.Roll{Trait: game.Sanity, Total: intp(0)})
			},
			actor: seatActor(1), act: game.ApplyEffect{Source: "card:rotten"}, err: "err_roll_first", kind: game.Conflict},
		{name: "applied already", rule: "seed 003 l.195: 在同一回合中你不能嘗試同一個檢定超過一次 — one roll, one outcome",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), game.Roll{Trait: game.Sanity, Source: "card:rotten", Total: intp(0)})
				do(t, s, seatActor(1), game.ApplyEffect{Source: "card:rotten"})
			},
			actor: seatActor(1), act: game.ApplyEffect{Source: "card:rotten"}, err: "err_roll_first", kind: game.Conflict},
		{name: "another seat's roll", rule: "app: each applies their own result",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(2), game.Roll{Trait: game.Sanity, Source: "card:rotten", Total: intp(0)})
			},
			actor: seatActor(1), act: game.ApplyEffect{Source: "card:rotten"}, err: "err_roll_first", kind: game.Conflict},
		{name: "unknown card", rule: "app: sources name a card or a room",
			actor: seatActor(1), act: game.ApplyEffect{Source: "card:horseshoe"}, err: "err_unknown_source", kind: game.Invalid},
		{name: "unknown room", rule: "app",
			actor: seatActor(1), act: game.ApplyEffect{Source: "room:moon"}, err: "err_unknown_source", kind: game.Invalid},
		{name: "not a source", rule: "app",
			actor: seatActor(1), act: game.ApplyEffect{Source: "rotten"}, err: "err_unknown_source", kind: game.Invalid},
		{name: "no source", rule: "app",
			actor: seatActor(1), act: game.ApplyEffect{}, err: "err_unknown_source", kind: game.Invalid},
		{name: "a card with nothing to apply", rule: "seed 000 l.687-693: the Candle changes rolls, it has no outcome",
			actor: seatActor(1), act: game.ApplyEffect{Source: "card:candle"}, err: "err_no_effect", kind: game.Conflict},
		{name: "a room with nothing to apply", rule: "seed 003 l.611-613: 廢棄房間 此房間無特殊規則",
			actor: seatActor(1), act: game.ApplyEffect{Source: "room:abandoned-room"}, err: "err_no_effect", kind: game.Conflict},
		{name: "for another seat", rule: "app: a seat acts on itself",
			actor: seatActor(2), act: game.ApplyEffect{Seat: 1, Source: "room:chapel"}, err: "err_other_seat", kind: game.Forbidden},
		{name: "the dead", rule: "seed 000 袭击 l.225: 玩家立即出局",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
				kill(t, s, 1)
			},
			actor: hostActor, act: game.ApplyEffect{Seat: 1, Source: "room:chapel"}, err: "err_dead", kind: game.Conflict},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, fourExplorers...)
			if c.setup != nil {
				c.setup(t, s)
			}
			refuseAll(t, s, c.actor, c.act, c.err, c.kind)
		})
	}
	t.Run("a roll for an unknown source", func(t *testing.T) {
		s := started(t, fourExplorers...)
		refuseAll(t, s, seatActor(1), game.Roll{Trait: game.Sanity, Source: "card:horseshoe"}, "err_unknown_source", game.Invalid)
	})
	t.Run("not started", func(t *testing.T) {
		s := lobby(t, "ox-bellows")
		refuseAll(t, s, seatActor(1), game.ApplyEffect{Source: "room:chapel"}, "err_not_started", game.Conflict)
	})
}

func TestPendingDamage(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 袭击 l.217-221: 损伤的分配由败方决定 — the card deals it, the player splits it"
	setup := func(t *testing.T) *game.State {
		s := started(t, fourExplorers...)
		do(t, s, seatActor(1), game.Roll{Trait: game.Speed, Source: "card:dynamite", Total: intp(0)})
		do(t, s, seatActor(1), game.ApplyEffect{Source: "card:dynamite"})
		if p := s.Pending[1]; p == nil || p.Amount != 4 || p.Kind != "physical" {
			t.Fatalf("pending %+v", p)
		}
		return s
	}
	t.Run("the split that matches clears it", func(t *testing.T) {
		s := setup(t)
		evs := do(t, s, seatActor(1), game.TakeDamage{Kind: "physical", Split: map[string]int{game.Might: 3, game.Speed: 1}})
		checkGroup(t, rule, evs)
		if len(evs) != 2 || evs[1].Type() != game.EvEffectPending || evs[1].Data.(game.DamagePending).Pending != nil || s.Pending[1] != nil {
			t.Errorf("%s: events %+v, pending %+v", rule, evs, s.Pending[1])
		}
		// Undo brings the damage back to split.
		do(t, s, seatActor(1), game.Undo{})
		if p := s.Pending[1]; p == nil || p.Amount != 4 {
			t.Errorf("app: undo of the split left pending %+v", p)
		}
		replaysTheSame(t, s)
	})
	t.Run("the wrong amount leaves it", func(t *testing.T) {
		s := setup(t)
		do(t, s, seatActor(1), game.TakeDamage{Kind: "physical", Split: map[string]int{game.Might: 3}})
		if p := s.Pending[1]; p == nil || p.Amount != 4 {
			t.Errorf("%s: pending %+v after 3 of 4", rule, p)
		}
	})
	t.Run("the wrong kind leaves it", func(t *testing.T) {
		s := setup(t)
		do(t, s, seatActor(1), game.TakeDamage{Kind: "mental", Split: map[string]int{game.Sanity: 2, game.Knowledge: 2}})
		if p := s.Pending[1]; p == nil || p.Amount != 4 {
			t.Errorf("seed 000 袭击 l.215-219: physical damage is split between Might and Speed; pending %+v", p)
		}
	})
	t.Run("another seat's damage is theirs", func(t *testing.T) {
		s := setup(t)
		do(t, s, seatActor(2), game.TakeDamage{Kind: "physical", Split: map[string]int{game.Might: 2, game.Speed: 2}})
		if s.Pending[1] == nil || s.Pending[2] != nil {
			t.Errorf("app: pending %+v", s.Pending)
		}
	})
}

// Once a roll's outcome is applied, applying again needs a new roll — even
// when the outcome itself rolled damage dice for the same card.
func TestDamageDiceAreNotANewRoll(t *testing.T) {
	t.Parallel()
	const rule = "seed 003 l.195: 在同一回合中你不能嘗試同一個檢定超過一次 — one roll, one outcome"
	s := started(t, fourExplorers...)
	do(t, s, seatActor(1), game.Roll{Trait: game.Sanity, Purpose: "event", Source: "card:silence", Total: intp(2)})
	s.SetRandom(facesRandom(2))
	do(t, s, seatActor(1), game.ApplyEffect{Source: "card:silence"}) // 1 die: 2 mental
	if p := s.Pending[1]; p == nil || p.Amount != 2 {
		t.Fatalf("pending %+v", p)
	}
	s.SetRandom(facesRandom(2))
	if _, err := s.Decide(seatActor(1), game.ApplyEffect{Source: "card:silence"}, t0); err == nil {
		t.Errorf("effects.go effectEvents records the damage dice as a roll with Source %q and Applied false, so LastRoll is that damage roll and apply_effect applies Silence again (another die of damage), without limit; want err_roll_first (%s)", "card:silence", rule)
	}
}

// Healing Salve and Smelling Salts ask for no roll: their restore applies
// as it is.
func TestRestoreWithoutARoll(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.733-741: 药膏…被医治的人物若其力量及速度…低于基本值…即可回复至基本值 (no roll); data/items.json healing-salve: a zero-dice roll with one bracket that always applies, so the app can act on it"
	s := started(t, fourExplorers...)
	// There is no way to roll zero dice for it…
	refuseAll(t, s, seatActor(1), game.Roll{Dice: 0, Source: "card:healing-salve"}, "err_dice_count", game.Invalid)
	// …and without the card in hand it can't be used…
	refuseAll(t, s, seatActor(1), game.ApplyEffect{Source: "card:healing-salve"}, "err_card_not_held", game.Conflict)
	// …so held, the outcome applies without a roll and the salve is used up.
	give(t, s, 1, "healing-salve")
	force(t, s, 1, map[string]game.TraitState{game.Might: pos(1)})
	do(t, s, seatActor(1), game.ApplyEffect{Source: "card:healing-salve"})
	if got := s.SeatByID(1).Traits[game.Might].Position; got != s.SeatByID(1).ExplorerData().Traits[game.Might].Start {
		t.Errorf("%s: Might at position %d after the salve", rule, got)
	}
	if s.Holds(1, "healing-salve") {
		t.Errorf("%s: the salve is discarded after use", rule)
	}
}

func TestOncePerExplorerRooms(t *testing.T) {
	t.Parallel()
	cases := []struct {
		room  string
		trait string
		rule  string
	}{
		{"chapel", game.Sanity, "seed 000 l.1105-1107: 礼拜堂 其神志Sanity即上升1个级别。每名人物只可得益于这房间一次; seed 003 l.589-591"},
		{"gymnasium", game.Speed, "seed 000 l.1111-1113: 建身房 其速度Speed即上升1个级别。每名人物只可得益于这房间一次"},
		{"larder", game.Might, "seed 000 l.1119-1121: 食品储藏库 其力量Might即上升1个级别。每名人物只可得益于这房间一次"},
		{"library", game.Knowledge, "seed 000 l.1125-1127: 图书室 其知识Knowledge即上升1个级别。每名人物只可得益于这房间一次"},
	}
	for _, c := range cases {
		t.Run(c.room, func(t *testing.T) {
			s := started(t, fourExplorers...)
			src := "room:" + c.room
			before := positions(s, 1)
			evs := do(t, s, seatActor(1), game.ApplyEffect{Source: src})
			checkGroup(t, c.rule, evs)
			if len(evs) != 2 || evs[0].Type() != game.EvRoomGain || evs[0].Data.(game.RoomGain).Room != c.room || evs[1].Type() != game.EvTraitsChanged || evs[1].Data.(game.TraitsChanged).Cause != src {
				t.Fatalf("%s: events %+v", c.rule, evs)
			}
			if got := moved(before, positions(s, 1)); !maps.Equal(got, map[string]int{c.trait: 1}) {
				t.Errorf("%s: moved %v", c.rule, got)
			}
			if !s.RoomGains[1][c.room] {
				t.Errorf("%s: gain not remembered: %v", c.rule, s.RoomGains)
			}
			refuseAll(t, s, seatActor(1), game.ApplyEffect{Source: src}, "err_room_gain_used", game.Conflict)
			// Another turn changes nothing.
			do(t, s, seatActor(1), game.EndTurn{})
			refuseAll(t, s, hostActor, game.ApplyEffect{Seat: 1, Source: src}, "err_room_gain_used", game.Conflict)
			// Every explorer gets it once.
			do(t, s, seatActor(2), game.ApplyEffect{Source: src})
			refuseAll(t, s, seatActor(2), game.ApplyEffect{Source: src}, "err_room_gain_used", game.Conflict)
			// The other rooms are still there for seat 1.
			for _, other := range cases {
				if other.room != c.room {
					do(t, s, seatActor(1), game.ApplyEffect{Source: "room:" + other.room})
				}
			}
			replaysTheSame(t, s)
			// Undo gives the room back: seat 1's three other rooms, seat
			// 2's, the turn, then seat 1's first.
			for range 6 {
				do(t, s, hostActor, game.Undo{})
			}
			if s.RoomGains[1][c.room] || !maps.Equal(positions(s, 1), before) {
				t.Errorf("app: after undo gains %v, traits %v", s.RoomGains, positions(s, 1))
			}
		})
	}
}

func TestEndTurnDamageRooms(t *testing.T) {
	t.Parallel()
	cases := []struct {
		room    string
		rule    string
		armor   bool
		pending *game.PendingDamage
	}{
		{"crypt", "seed 000 l.1061-1063: 地窖 游戏回合完结时…受到1点精神损伤; seed 003 l.577-579", false,
			&game.PendingDamage{Kind: "mental", Amount: 1, Source: "room:crypt"}},
		{"furnace-room", "seed 000 l.1065-1067: 暖炉房 游戏回合完结时…受到1点肉体损伤; seed 003 l.583-585", false,
			&game.PendingDamage{Kind: "physical", Amount: 1, Source: "room:furnace-room"}},
		{"crypt", "seed 000 l.615: the Armor is for physical damage only", true,
			&game.PendingDamage{Kind: "mental", Amount: 1, Source: "room:crypt"}},
		{"furnace-room", "seed 000 l.615: 铠甲 其损伤可获减低1点 — 1 − 1 = nothing", true, nil},
	}
	for _, c := range cases {
		name := c.room
		if c.armor {
			name += " with Armor"
		}
		t.Run(name, func(t *testing.T) {
			s := started(t, fourExplorers...)
			if c.armor {
				give(t, s, 1, "armor")
			}
			before := positions(s, 1)
			if c.pending == nil {
				refuseAll(t, s, seatActor(1), game.ApplyEffect{Source: "room:" + c.room}, "err_damage_reduced", game.Conflict)
				return
			}
			do(t, s, seatActor(1), game.ApplyEffect{Source: "room:" + c.room})
			got := s.Pending[1]
			if (got == nil) != (c.pending == nil) || (got != nil && *got != *c.pending) {
				t.Errorf("%s: pending %+v, want %+v", c.rule, got, c.pending)
			}
			if !maps.Equal(positions(s, 1), before) {
				t.Errorf("%s: the clips moved before the split", c.rule)
			}
			if s.RoomGains[1][c.room] {
				t.Errorf("%s: damage rooms are not once per explorer", c.rule)
			}
			if c.pending == nil {
				return
			}
			// Every turn ended there hurts again.
			pair := map[string]string{"mental": game.Sanity, "physical": game.Might}
			do(t, s, seatActor(1), game.TakeDamage{Kind: c.pending.Kind, Split: map[string]int{pair[c.pending.Kind]: 1}})
			if s.Pending[1] != nil {
				t.Fatalf("%s: pending %+v after the split", c.rule, s.Pending[1])
			}
			do(t, s, seatActor(1), game.ApplyEffect{Source: "room:" + c.room})
			if s.Pending[1] == nil {
				t.Errorf("%s: the room hurt only once", c.rule)
			}
		})
	}
}

// The traitor is not hurt by the Crypt or the Furnace Room.
func TestTraitorIgnoresDamageRooms(t *testing.T) {
	t.Parallel()
	const rule = "seed 003 l.579 (地窖) and l.585 (暖爐室): 叛徒或怪物不會因此受傷; seed 003 l.341: 同時忽略任何有害的文字"
	s := traitorBoard(t) // seat 1 is the traitor
	for _, room := range []string{"crypt", "furnace-room"} {
		wantRefusal(t, s, seatActor(1), game.ApplyEffect{Source: "room:" + room}, "err_traitor_immune", game.Conflict)
	}
	// A hero still takes it.
	turnTo(t, s, 2)
	if evs := do(t, s, seatActor(2), game.ApplyEffect{Source: "room:crypt"}); s.Pending[2] == nil {
		t.Errorf("%s: a hero in the Crypt: %+v", rule, evs)
	}
}

// A room's gain at the trait's top is taken, not refused: the clip stays on
// the top value and the gain is remembered as overflow, lost first later
// (seed 003 l.197: 超過人物卡上的最大值…記錄超出的部份…先下降多出來的部份), and it
// uses the room's once-per-explorer benefit (seed 003 l.615 礼拜堂: gain 1
// Sanity, once per explorer). Reviewer finding C1: applying it must not
// fail on the events it makes.
func TestRoomGainAtTheTop(t *testing.T) {
	t.Parallel()
	const rule = "seed 003 l.197 (overflow above the top) and l.615 (Chapel: +1 Sanity, once per explorer)"
	s := started(t, fourExplorers...)
	force(t, s, 1, map[string]game.TraitState{game.Sanity: {Position: 8}})
	evs := do(t, s, seatActor(1), game.ApplyEffect{Source: "room:chapel"})
	if len(evs) != 2 || evs[0].Type() != game.EvRoomGain || evs[1].Type() != game.EvTraitsChanged {
		t.Fatalf("%s: events %+v, want the room's gain and the trait change", rule, evs)
	}
	if got := s.SeatByID(1).Traits[game.Sanity]; got != (game.TraitState{Position: 8, Overflow: 1}) {
		t.Errorf("%s: Sanity %+v, want the top (8) with 1 over", rule, got)
	}
	refuseAll(t, s, seatActor(1), game.ApplyEffect{Source: "room:chapel"}, "err_room_gain_used", game.Conflict)
	replaysTheSame(t, s)
}
