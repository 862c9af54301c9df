package game_test

import (
	"reflect"
	"strings"
	"testing"

	"lantern/internal/game"
)

func TestJoin(t *testing.T) {
	t.Parallel()
	join := func(name, explorer string) game.Join {
		return game.Join{Name: name, Explorer: explorer}
	}
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB) *game.State
		act   game.Join
		// On success: the new seat's id, name and language.
		wantID   int
		wantName string
		wantLang string
		err      string
		kind     game.ErrorKind
	}{
		{name: "first seat", rule: "seed 000, 开局 l.77: 每位玩家拣选一个人物",
			setup: func(t testing.TB) *game.State { return lobby(t) }, act: join("Ann", "ox-bellows"), wantID: 1, wantName: "Ann", wantLang: "en"},
		{name: "name is trimmed, zh kept", rule: "seed 000, 开局 l.77: 每位玩家拣选一个人物",
			setup: func(t testing.TB) *game.State { return lobby(t, "ox-bellows") },
			act:   game.Join{Name: "  小明 ", Lang: "zh", Explorer: "missy-dubourde"}, wantID: 2, wantName: "小明", wantLang: "zh"},
		{name: "unknown language falls back to English", rule: "seed 000, 开局 l.77: 每位玩家拣选一个人物",
			setup: func(t testing.TB) *game.State { return lobby(t) },
			act:   game.Join{Name: "Zoé", Lang: "fr", Explorer: "zoe-ingstrom"}, wantID: 1, wantName: "Zoé", wantLang: "en"},
		{name: "24 characters of Chinese fit", rule: "seed 000, 开局 l.77: 每位玩家拣选一个人物",
			setup: func(t testing.TB) *game.State { return lobby(t) }, act: join(strings.Repeat("鬼", game.MaxNameLength), "ox-bellows"),
			wantID: 1, wantName: strings.Repeat("鬼", game.MaxNameLength), wantLang: "en"},
		{name: "sixth seat fits", rule: "seed 000, 游戏配件 l.15: 人物Plastic character figure 6名",
			setup: func(t testing.TB) *game.State { return lobby(t, sixExplorers[:5]...) }, act: join("Six", sixExplorers[5]), wantID: 6, wantName: "Six", wantLang: "en"},
		{name: "seventh seat refused", rule: "seed 000, 游戏配件 l.15-17: 人物 6名, 人物牌 6张",
			setup: func(t testing.TB) *game.State { return lobby(t, sixExplorers...) }, act: join("Seven", "darrin-williams"), err: "err_full", kind: game.Conflict},
		{name: "explorer already taken", rule: "seed 000, 开局 l.77: 每位玩家拣选一个人物 (one figure each)",
			setup: func(t testing.TB) *game.State { return lobby(t, "ox-bellows") }, act: join("Bob", "ox-bellows"), err: "err_explorer_taken", kind: game.Conflict},
		{name: "pair partner of a taken explorer refused", rule: "seed 002 l.13: 角色牌的两面是2个角色，每場游戏只能选择1个",
			setup: func(t testing.TB) *game.State { return lobby(t, "ox-bellows") }, act: join("Bob", "darrin-williams"), err: "err_explorer_taken", kind: game.Conflict},
		{name: "pair partner refused the other way round", rule: "seed 000, 开局 l.81: 玩家拣选人物牌Character card的其中一面使用",
			setup: func(t testing.TB) *game.State { return lobby(t, "vivian-lopez") }, act: join("Bob", "madame-zostra"), err: "err_explorer_taken", kind: game.Conflict},
		{name: "empty name", rule: "seed 000, 开局 l.77: 每位玩家 (a player has a name at the table)",
			setup: func(t testing.TB) *game.State { return lobby(t) }, act: join("", "ox-bellows"), err: "err_name_empty", kind: game.Invalid},
		{name: "blank name", rule: "seed 000, 开局 l.77: 每位玩家 (a player has a name at the table)",
			setup: func(t testing.TB) *game.State { return lobby(t) }, act: join(" \t\n", "ox-bellows"), err: "err_name_empty", kind: game.Invalid},
		{name: "name too long", rule: "seed 000, 开局 l.77: 每位玩家 (names fit on a phone)",
			setup: func(t testing.TB) *game.State { return lobby(t) }, act: join(strings.Repeat("鬼", game.MaxNameLength+1), "ox-bellows"), err: "err_name_long", kind: game.Invalid},
		{name: "invalid UTF-8 name", rule: "seed 000, 开局 l.77: 每位玩家 (names are text)",
			setup: func(t testing.TB) *game.State { return lobby(t) }, act: join("A\xffB", "ox-bellows"), err: "err_bad_json", kind: game.Invalid},
		{name: "unknown explorer", rule: "seed 000, 游戏配件 l.17: 人物牌…6张 (12 sides, no others)",
			setup: func(t testing.TB) *game.State { return lobby(t) }, act: join("Ann", "dracula"), err: "err_unknown_explorer", kind: game.Invalid},
		{name: "no explorer", rule: "seed 000, 开局 l.77: 并拿取该人物的人物牌",
			setup: func(t testing.TB) *game.State { return lobby(t) }, act: join("Ann", ""), err: "err_unknown_explorer", kind: game.Invalid},
		{name: "join after start refused", rule: "seed 000, 开局 l.77-87: players pick explorers before the start player begins",
			setup: func(t testing.TB) *game.State { return started(t, "ox-bellows") }, act: join("Late", "missy-dubourde"), err: "err_started", kind: game.Conflict},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.setup(t)
			if c.err != "" {
				wantRefusal(t, s, game.Actor{}, c.act, c.err, c.kind)
				return
			}
			evs := do(t, s, game.Actor{}, c.act)
			if len(evs) != 1 || evs[0].Type() != game.EvSeatJoined {
				t.Fatalf("%s: events %+v", c.rule, evs)
			}
			seat := s.SeatByID(c.wantID)
			if seat == nil {
				t.Fatalf("%s: no seat %d after join; seats %+v", c.rule, c.wantID, s.Seats)
			}
			if seat.Name != c.wantName || seat.Lang != c.wantLang || seat.Explorer != c.act.Explorer || seat.ChangedAt != s.Version {
				t.Errorf("%s: seat %+v", c.rule, *seat)
			}
			if s.SeatNumber(c.wantID) != len(s.Seats) {
				t.Errorf("%s: new seat is number %d of %d", c.rule, s.SeatNumber(c.wantID), len(s.Seats))
			}
			if !s.ExplorerTaken(c.act.Explorer) || !s.ExplorerTaken(seat.ExplorerData().Pair) {
				t.Errorf("%s: explorer %s or its pair not reported taken", c.rule, c.act.Explorer)
			}
		})
	}
}

func TestFullErrorCarriesMax(t *testing.T) {
	t.Parallel()
	s := lobby(t, sixExplorers...)
	ge := wantRefusal(t, s, game.Actor{}, game.Join{Name: "x", Explorer: "zoe-ingstrom"}, "err_full", game.Conflict)
	if !reflect.DeepEqual(ge.Args, []any{game.MaxSeats}) || game.MaxSeats != 6 {
		t.Errorf("seed 000, 游戏配件 l.15: err_full args %v, MaxSeats %d", ge.Args, game.MaxSeats)
	}
}

func TestReorderSeats(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		rule    string
		actor   game.Actor
		order   []int
		version *int
		started bool
		wantIDs []int
		err     string
		kind    game.ErrorKind
	}{
		{name: "host reorders", rule: "seed 000, 游玩 l.93: 轮至其左方的玩家 (seating order is the table's)",
			actor: hostActor, order: []int{3, 1, 2}, wantIDs: []int{3, 1, 2}},
		{name: "identity order", rule: "seed 000, 游玩 l.93: 轮至其左方的玩家",
			actor: hostActor, order: []int{1, 2, 3}, wantIDs: []int{1, 2, 3}},
		{name: "current version is not stale", rule: "seed 000, 游玩 l.93: 轮至其左方的玩家",
			actor: hostActor, order: []int{2, 3, 1}, version: intp(3), wantIDs: []int{2, 3, 1}},
		{name: "seat may not reorder", rule: "seed 000, 游玩 l.93 (the host arranges the table)",
			actor: seatActor(1), order: []int{3, 1, 2}, err: "err_host_only", kind: game.Forbidden},
		{name: "stranger may not reorder", rule: "seed 000, 游玩 l.93 (the host arranges the table)",
			actor: seatActor(9), order: []int{3, 1, 2}, err: "err_not_seated", kind: game.Forbidden},
		{name: "too short", rule: "seed 000, 游玩 l.93: every player has a place at the table",
			actor: hostActor, order: []int{1, 2}, err: "err_bad_order", kind: game.Invalid},
		{name: "too long", rule: "seed 000, 游玩 l.93: every player has a place at the table",
			actor: hostActor, order: []int{1, 2, 3, 1}, err: "err_bad_order", kind: game.Invalid},
		{name: "duplicate", rule: "seed 000, 游玩 l.93: every player has one place",
			actor: hostActor, order: []int{1, 1, 2}, err: "err_bad_order", kind: game.Invalid},
		{name: "seat 0", rule: "seed 000, 游玩 l.93: seats are numbered from 1",
			actor: hostActor, order: []int{0, 1, 2}, err: "err_bad_order", kind: game.Invalid},
		{name: "seat out of range", rule: "seed 000, 游玩 l.93: seats are numbered 1..n",
			actor: hostActor, order: []int{4, 1, 2}, err: "err_bad_order", kind: game.Invalid},
		{name: "stale order", rule: "seed 000, 游玩 l.93 (an order built on an older table is refused)",
			actor: hostActor, order: []int{3, 1, 2}, version: intp(2), err: "err_stale", kind: game.Conflict},
		{name: "after start", rule: "seed 000, 开局 l.85-87: the order is fixed once the start player begins",
			actor: hostActor, order: []int{3, 1, 2}, started: true, err: "err_started", kind: game.Conflict},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := lobby(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
			if c.started {
				do(t, s, hostActor, game.StartGame{FirstSeat: 1})
			}
			a := game.ReorderSeats{Basis: game.Basis{Version: c.version}, Order: c.order}
			if c.err != "" {
				wantRefusal(t, s, c.actor, a, c.err, c.kind)
				return
			}
			do(t, s, c.actor, a)
			var ids []int
			for i, seat := range s.Seats {
				ids = append(ids, seat.ID)
				if s.SeatNumber(seat.ID) != i+1 || s.SeatAt(i+1).ID != seat.ID {
					t.Errorf("%s: seat %d numbering broken", c.rule, seat.ID)
				}
				if seat.ChangedAt != s.Version {
					t.Errorf("%s: reorder did not mark seat %d changed", c.rule, seat.ID)
				}
			}
			if !reflect.DeepEqual(ids, c.wantIDs) {
				t.Errorf("%s: order %v, want %v", c.rule, ids, c.wantIDs)
			}
			// Names and boards travel with their seat.
			for _, seat := range s.Seats {
				if seat.Name != "P"+string(rune('0'+seat.ID)) {
					t.Errorf("%s: seat %d is now named %q", c.rule, seat.ID, seat.Name)
				}
			}
		})
	}
}

// Reordering twice composes: numbers in the second order refer to the
// seating after the first.
func TestReorderSeatsTwice(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 游玩 l.93: 轮至其左方的玩家"
	s := lobby(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	do(t, s, hostActor, game.ReorderSeats{Order: []int{3, 1, 2}}) // ids 3 1 2
	do(t, s, hostActor, game.ReorderSeats{Order: []int{2, 3, 1}}) // ids 1 2 3
	for i, seat := range s.Seats {
		if seat.ID != i+1 {
			t.Fatalf("%s: seats %+v", rule, s.Seats)
		}
	}
}

func TestStartGame(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		rule      string
		seats     int
		actor     game.Actor
		first     int
		version   *int
		twice     bool
		wantFirst int // seat id
		err       string
		kind      game.ErrorKind
	}{
		{name: "host starts with seat 1", rule: "seed 000, 开局 l.85-87: 由选用该人物的玩家开始游戏",
			seats: 3, actor: hostActor, first: 1, wantFirst: 1},
		{name: "host starts with seat 3", rule: "seed 003, 準備 l.13: 離生日最近的探險者為起始玩家",
			seats: 3, actor: hostActor, first: 3, wantFirst: 3},
		{name: "a single explorer may play", rule: "seed 000, 开局 l.85",
			seats: 1, actor: hostActor, first: 1, wantFirst: 1},
		{name: "seat may not start", rule: "seed 000, 开局 l.85 (the host starts the app's game)",
			seats: 3, actor: seatActor(1), first: 1, err: "err_host_only", kind: game.Forbidden},
		{name: "stranger may not start", rule: "seed 000, 开局 l.85 (the host starts the app's game)",
			seats: 3, actor: seatActor(7), first: 1, err: "err_not_seated", kind: game.Forbidden},
		{name: "nobody joined", rule: "seed 000, 开局 l.77: 每位玩家拣选一个人物",
			seats: 0, actor: hostActor, first: 1, err: "err_no_seats", kind: game.Conflict},
		{name: "no first seat", rule: "seed 000, 开局 l.85: one player starts",
			seats: 3, actor: hostActor, first: 0, err: "err_unknown_seat", kind: game.NotFound},
		{name: "first seat out of range", rule: "seed 000, 开局 l.85: the start player is at the table",
			seats: 3, actor: hostActor, first: 4, err: "err_unknown_seat", kind: game.NotFound},
		{name: "stale start", rule: "seed 000, 开局 l.85 (start built on an older table is refused)",
			seats: 3, actor: hostActor, first: 1, version: intp(1), err: "err_stale", kind: game.Conflict},
		{name: "started twice", rule: "seed 000, 游玩 l.91: the game starts once",
			seats: 3, actor: hostActor, first: 1, twice: true, err: "err_started", kind: game.Conflict},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := lobby(t, sixExplorers[:c.seats]...)
			a := game.StartGame{Basis: game.Basis{Version: c.version}, FirstSeat: c.first}
			if c.twice {
				do(t, s, hostActor, a)
			}
			if c.err != "" {
				wantRefusal(t, s, c.actor, a, c.err, c.kind)
				return
			}
			do(t, s, c.actor, a)
			if !s.Started || s.FirstSeat != c.wantFirst || s.Turn != c.wantFirst || s.Phase != game.PhaseExploration {
				t.Errorf("%s: started %v first %d turn %d phase %s", c.rule, s.Started, s.FirstSeat, s.Turn, s.Phase)
			}
		})
	}
}

// FirstSeat is a seat number in seating order, so after a reorder it names
// the seat now sitting there, and the state records its stable id.
func TestStartGameUsesSeatingOrder(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 开局 l.85-87 + 游玩 l.93: the start player, then to the left"
	s := lobby(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	do(t, s, hostActor, game.ReorderSeats{Order: []int{3, 1, 2}})
	do(t, s, hostActor, game.StartGame{FirstSeat: 1})
	if s.FirstSeat != 3 || s.Turn != 3 {
		t.Errorf("%s: first %d turn %d, want seat id 3", rule, s.FirstSeat, s.Turn)
	}
}
