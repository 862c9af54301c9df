package game_test

import (
	"encoding/json"
	"testing"
	"time"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// TestWhoMayAct covers acting for one's own seat, for another seat, and as
// the host, on a started 3-seat game.
func TestWhoMayAct(t *testing.T) {
	t.Parallel()
	step := func(seat int) game.Action {
		return game.StepTrait{Seat: seat, Trait: game.Might, Delta: 1}
	}
	cases := []struct {
		name     string
		rule     string
		actor    game.Actor
		act      game.Action
		wantSeat int // seat id whose board changed
		err      string
		kind     game.ErrorKind
	}{
		{name: "seat acts on itself by default", rule: "seed 000, 准备 l.49-51: each player keeps their own card's clips",
			actor: seatActor(2), act: step(0), wantSeat: 2},
		{name: "seat names itself", rule: "seed 000, 准备 l.49-51: each player keeps their own card's clips",
			actor: seatActor(2), act: step(2), wantSeat: 2},
		{name: "seat acting for another seat is forbidden", rule: "seed 000, 开局 l.81-83: 将人物牌放到玩家面前 (each board is its player's)",
			actor: seatActor(1), act: step(2), err: "err_other_seat", kind: game.Forbidden},
		{name: "seat naming a missing seat", rule: "seed 000, 开局 l.81-83: 将人物牌放到玩家面前",
			actor: seatActor(1), act: step(9), err: "err_unknown_seat", kind: game.NotFound},
		{name: "host acts for seat 3", rule: "seed 000, 开局 l.81-83 (the host keeps the boards for anyone)",
			actor: hostActor, act: step(3), wantSeat: 3},
		{name: "host acts for seat 1", rule: "seed 000, 开局 l.81-83 (the host keeps the boards for anyone)",
			actor: hostActor, act: step(1), wantSeat: 1},
		{name: "host must name a seat", rule: "seed 000, 开局 l.81-83 (the host has no board of its own)",
			actor: hostActor, act: step(0), err: "err_unknown_seat", kind: game.NotFound},
		{name: "stranger refused", rule: "seed 000, 开局 l.77: only players who picked an explorer play",
			actor: seatActor(42), act: step(1), err: "err_not_seated", kind: game.Forbidden},
		{name: "zero actor refused", rule: "seed 000, 开局 l.77: only players who picked an explorer play",
			actor: game.Actor{}, act: step(1), err: "err_not_seated", kind: game.Forbidden},
		{name: "seat may not change the phase", rule: "seed 000, 作祟Haunt l.249: the haunt roll, not a player, starts the haunt (host records it)",
			actor: seatActor(1), act: game.SetPhase{Phase: game.PhaseHaunt}, err: "err_host_only", kind: game.Forbidden},
		{name: "seat may not reorder", rule: "seed 000, 游玩 l.93 (seating is the host's)",
			actor: seatActor(1), act: game.ReorderSeats{Order: []int{1, 2, 3}}, err: "err_host_only", kind: game.Forbidden},
		{name: "no action", rule: "app protocol: every action names its type",
			actor: seatActor(1), act: nil, err: "err_no_type", kind: game.Invalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
			if c.err != "" {
				wantRefusal(t, s, c.actor, c.act, c.err, c.kind)
				return
			}
			before := snapshot(s)
			evs := do(t, s, c.actor, c.act)
			if evs[0].SeatOf() != c.wantSeat || evs[0].Actor != c.actor {
				t.Errorf("%s: event %+v, want seat %d by %+v", c.rule, evs[0], c.wantSeat, c.actor)
			}
			for i, seat := range s.Seats {
				changed := seat.Traits[game.Might] != before.Seats[i].Traits[game.Might]
				if changed != (seat.ID == c.wantSeat) {
					t.Errorf("%s: seat %d changed=%v", c.rule, seat.ID, changed)
				}
			}
		})
	}
}

func TestStale(t *testing.T) {
	t.Parallel()
	const rule = "app protocol (seed-independent): refuse an action built on a board that changed since"
	s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	step := func(seat int, v *int) game.Action {
		return game.StepTrait{Basis: game.Basis{Version: v}, Seat: seat, Trait: game.Sanity, Delta: 1}
	}
	do(t, s, seatActor(1), step(0, nil))
	v := s.Version // seat 1 last changed here
	if s.SeatByID(1).ChangedAt != v {
		t.Fatalf("ChangedAt %d, version %d", s.SeatByID(1).ChangedAt, v)
	}

	// Built on an older version than seat 1's last change: stale, as seat
	// or host.
	wantRefusal(t, s, seatActor(1), step(0, intp(v-1)), "err_stale", game.Conflict)
	wantRefusal(t, s, hostActor, step(1, intp(v-1)), "err_stale", game.Conflict)
	wantRefusal(t, s, seatActor(1), step(0, intp(0)), "err_stale", game.Conflict)

	// A change to a different seat does not make seat 1's view stale.
	do(t, s, seatActor(2), step(0, nil))
	do(t, s, seatActor(3), step(0, nil))
	if s.Version != v+2 {
		t.Fatalf("version %d", s.Version)
	}
	do(t, s, seatActor(1), step(0, intp(v)))
	// ... but seat 2's view built at v is stale now (seat 2 changed at v+1).
	wantRefusal(t, s, seatActor(2), step(0, intp(v)), "err_stale", game.Conflict)
	// Built on exactly the current version, or with no version: fine.
	do(t, s, seatActor(2), step(0, intp(s.Version)))
	do(t, s, seatActor(2), step(0, nil))

	// Ending a turn changes no board: trait actions built before it pass.
	v = s.Version
	do(t, s, hostActor, game.EndTurn{})
	do(t, s, seatActor(3), step(0, intp(v)))

	// Every other action is checked against the whole game's version.
	old := intp(s.Version - 1)
	wantRefusal(t, s, hostActor, game.SetPhase{Basis: game.Basis{Version: old}, Phase: game.PhaseHaunt}, "err_stale", game.Conflict)
	wantRefusal(t, s, hostActor, game.EndTurn{Basis: game.Basis{Version: old}}, "err_stale", game.Conflict)
	wantRefusal(t, s, seatActor(3), game.Undo{Basis: game.Basis{Version: old}}, "err_stale", game.Conflict)

	// The haunt changes the death rule for every board: all of them are
	// stale for actions built before it.
	v = s.Version
	do(t, s, hostActor, game.SetPhase{Basis: game.Basis{Version: intp(v)}, Phase: game.PhaseHaunt})
	for _, seat := range s.Seats {
		if seat.ChangedAt != s.Version {
			t.Errorf("%s: phase change did not touch seat %d", rule, seat.ID)
		}
		wantRefusal(t, s, hostActor, step(s.SeatNumber(seat.ID), intp(v)), "err_stale", game.Conflict)
	}
}

// An undo changes the board it takes back, so an action built on the undone
// board must be refused as stale like after any other change.
func TestUndoMakesTheUndoneBoardStale(t *testing.T) {
	t.Parallel()
	s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	do(t, s, seatActor(1), game.StepTrait{Trait: game.Might, Delta: 2})
	seen := s.Version // seat 1's phone now shows might 5
	do(t, s, hostActor, game.Undo{})
	// Seat 1's phone, still at `seen`, spends "might 5 → 4".
	wantRefusal(t, s, seatActor(1), game.StepTrait{Basis: game.Basis{Version: intp(seen)}, Trait: game.Might, Delta: -1}, "err_stale", game.Conflict)
}

func TestEndTurn(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 游玩 l.93: 若游戏尚未结束，则轮至其左方的玩家继续游戏; seed 003, 準備 l.13: 回合依順時針進行"
	s := lobby(t, "ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra")
	// Seating order by id: 3 1 4 2.
	do(t, s, hostActor, game.ReorderSeats{Order: []int{3, 1, 4, 2}})
	do(t, s, hostActor, game.StartGame{FirstSeat: 2}) // seat id 1
	want := []int{4, 2, 3, 1, 4, 2, 3}                // next in seating order, wrapping
	for _, id := range want {
		do(t, s, seatActor(s.Turn), game.EndTurn{})
		if s.Turn != id {
			t.Fatalf("%s: turn passed to %d, want %d", rule, s.Turn, id)
		}
	}
	if s.FirstSeat != 1 {
		t.Errorf("first seat moved to %d", s.FirstSeat)
	}
}

func TestEndTurnRefusals(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		actor game.Actor
		err   string
		kind  game.ErrorKind
	}{
		{"not your turn", "seed 000, 游玩 l.91-93: 玩家决定其回合完结 (only the player whose turn it is ends it)", seatActor(2), "err_not_your_turn", game.Forbidden},
		{"stranger", "seed 000, 开局 l.77: only seated players play", seatActor(9), "err_not_seated", game.Forbidden},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
			wantRefusal(t, s, c.actor, game.EndTurn{}, c.err, c.kind)
		})
	}
	// The host may end anyone's turn.
	s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	do(t, s, hostActor, game.EndTurn{})
	if s.Turn != 2 {
		t.Errorf("host end_turn passed to %d", s.Turn)
	}
}

func TestEndTurnSkipsTheDead(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 5. 袭击 l.223-225: 该人物即已死亡，玩家立即出局"
	s := haunted(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	force(t, s, 2, map[string]game.TraitState{game.Might: ts(0, 0)})
	if s.Alive(s.SeatByID(2)) {
		t.Fatal("seat 2 should be dead")
	}
	do(t, s, seatActor(1), game.EndTurn{})
	if s.Turn != 3 {
		t.Errorf("%s: turn passed to %d, want 3", rule, s.Turn)
	}
	do(t, s, seatActor(3), game.EndTurn{})
	if s.Turn != 1 {
		t.Errorf("%s: turn passed to %d, want 1", rule, s.Turn)
	}
	// Everyone else dead: the turn comes back to the only survivor.
	force(t, s, 3, map[string]game.TraitState{game.Sanity: ts(0, 0)})
	do(t, s, seatActor(1), game.EndTurn{})
	if s.Turn != 1 {
		t.Errorf("%s: lone survivor's turn passed to %d", rule, s.Turn)
	}
	// Nobody alive: nothing to pass to.
	force(t, s, 1, map[string]game.TraitState{game.Knowledge: ts(0, 0)})
	wantRefusal(t, s, hostActor, game.EndTurn{}, "err_no_change", game.Conflict)
}

func TestSetPhase(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		from  string
		dead  bool
		phase string
		err   string
		kind  game.ErrorKind
	}{
		{name: "exploration to haunt", rule: "seed 000, 作祟Haunt l.249-: 真相揭露，游戏立即进入作祟Haunt", from: game.PhaseExploration, phase: game.PhaseHaunt},
		{name: "back to exploration (host correction)", rule: "seed 000, 游玩 l.93-95: 这游戏分成前、后两段", from: game.PhaseHaunt, phase: game.PhaseExploration},
		{name: "back to exploration refused with a skull", rule: "seed 000, 5. 袭击 l.225: before the haunt nobody is on the skull", from: game.PhaseHaunt, dead: true, phase: game.PhaseExploration, err: "err_dead_back_to_exploration", kind: game.Conflict},
		{name: "same phase", rule: "seed 000, 游玩 l.93-95: 前、后两段", from: game.PhaseExploration, phase: game.PhaseExploration, err: "err_no_change", kind: game.Conflict},
		{name: "haunt twice", rule: "seed 000, 作祟Haunt l.249-: 游戏进入作祟后则无需再进行揭露真相", from: game.PhaseHaunt, phase: game.PhaseHaunt, err: "err_no_change", kind: game.Conflict},
		{name: "unknown phase", rule: "seed 000, 游玩 l.93-95: only two parts", from: game.PhaseExploration, phase: "endgame", err: "err_bad_phase", kind: game.Invalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, "ox-bellows", "missy-dubourde")
			if c.from == game.PhaseHaunt {
				do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
			}
			if c.dead {
				force(t, s, 2, map[string]game.TraitState{game.Speed: ts(0, 0)})
			}
			a := game.SetPhase{Phase: c.phase}
			if c.err != "" {
				wantRefusal(t, s, hostActor, a, c.err, c.kind)
				return
			}
			do(t, s, hostActor, a)
			if s.Phase != c.phase {
				t.Errorf("%s: phase %s", c.rule, s.Phase)
			}
		})
	}
}

func TestUndo(t *testing.T) {
	t.Parallel()
	step := game.StepTrait{Trait: game.Might, Delta: 1}
	cases := []struct {
		name string
		rule string
		// run builds the history; undo is then asked by actor.
		run   func(t testing.TB, s *game.State)
		actor game.Actor
		err   string
		kind  game.ErrorKind
	}{
		{name: "own last change", rule: "app: a player takes back their own last change",
			run: func(t testing.TB, s *game.State) { do(t, s, seatActor(1), step) }, actor: seatActor(1)},
		{name: "host undoes a seat's change", rule: "app: the host may take back any last change",
			run: func(t testing.TB, s *game.State) { do(t, s, seatActor(1), step) }, actor: hostActor},
		{name: "host's own change", rule: "app: the host may take back its own change",
			run: func(t testing.TB, s *game.State) {
				do(t, s, hostActor, game.StepTrait{Seat: 2, Trait: game.Might, Delta: 1})
			}, actor: hostActor},
		{name: "another seat's change", rule: "app: only the actor or the host may undo",
			run: func(t testing.TB, s *game.State) { do(t, s, seatActor(1), step) }, actor: seatActor(2), err: "err_undo_not_yours", kind: game.Forbidden},
		{name: "host's change by a seat", rule: "app: only the actor or the host may undo",
			run: func(t testing.TB, s *game.State) {
				do(t, s, hostActor, game.StepTrait{Seat: 1, Trait: game.Might, Delta: 1})
			}, actor: seatActor(1), err: "err_undo_not_yours", kind: game.Forbidden},
		{name: "only the last change", rule: "app: undo takes back only the newest change",
			run: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), step)
				do(t, s, seatActor(2), step)
			}, actor: seatActor(1), err: "err_undo_not_yours", kind: game.Forbidden},
		{name: "joining and starting are not undoable", rule: "app: seating is not a change undo takes back",
			run: func(t testing.TB, s *game.State) {}, actor: hostActor, err: "err_nothing_to_undo", kind: game.Conflict},
		{name: "stranger", rule: "app: only seated players act",
			run: func(t testing.TB, s *game.State) { do(t, s, seatActor(1), step) }, actor: seatActor(9), err: "err_not_seated", kind: game.Forbidden},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
			c.run(t, s)
			if c.err != "" {
				wantRefusal(t, s, c.actor, game.Undo{}, c.err, c.kind)
				return
			}
			target := s.LastUndoable()
			evs := do(t, s, c.actor, game.Undo{})
			if len(evs) != 1 || evs[0].Type() != game.EvUndone || evs[0].Data.(game.Undone).Target != target.Seq || evs[0].Data.(game.Undone).Seat != target.SeatOf() {
				t.Fatalf("%s: events %+v for target %+v", c.rule, evs, target)
			}
			if !s.IsUndone(target.Seq) || s.Version != evs[0].Seq {
				t.Errorf("%s: undone=%v version=%d", c.rule, s.IsUndone(target.Seq), s.Version)
			}
			for _, seat := range s.Seats {
				if seat.Traits[game.Might] != ts(start(t, seat.Explorer, game.Might), 0) {
					t.Errorf("%s: seat %d might %+v after undo", c.rule, seat.ID, seat.Traits[game.Might])
				}
			}
		})
	}
}

// Undo walks back through the history one change at a time, and undoes
// phase and turn changes as well as trait changes.
func TestChainedUndo(t *testing.T) {
	t.Parallel()
	const rule = "app: chained undo walks back the log"
	s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	var history []stateView
	save := func() { history = append(history, snapshot(s)) }

	save()
	do(t, s, hostActor, game.StepTrait{Seat: 1, Trait: game.Speed, Delta: 4}) // 8 +1 overflow
	save()
	do(t, s, hostActor, game.EndTurn{})
	save()
	do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
	save()
	do(t, s, hostActor, game.TakeDamage{Seat: 2, Kind: "mental", Split: map[string]int{game.Sanity: 9}}) // seat 2 dies
	if s.Alive(s.SeatByID(2)) {
		t.Fatal("seat 2 should be dead")
	}

	for i := len(history) - 1; i >= 0; i-- {
		do(t, s, hostActor, game.Undo{})
		want := history[i]
		got := snapshot(s)
		if got.Phase != want.Phase || got.Turn != want.Turn || got.Started != want.Started || !equalSeatBoards(got.Seats, want.Seats) {
			t.Fatalf("%s: after undo %d state\n%+v\nwant\n%+v", rule, len(history)-i, got, want)
		}
	}
	if !s.Alive(s.SeatByID(2)) || s.Phase != game.PhaseExploration {
		t.Errorf("%s: the dead explorer is not back", rule)
	}
	wantRefusal(t, s, hostActor, game.Undo{}, "err_nothing_to_undo", game.Conflict)

	// New changes after undos are undoable again, and undo skips what was
	// already undone.
	do(t, s, seatActor(1), game.StepTrait{Trait: game.Might, Delta: -1})
	last := s.LastUndoable()
	do(t, s, seatActor(1), game.Undo{})
	if s.LastUndoable() != nil {
		t.Errorf("%s: still undoable: %+v (after %+v)", rule, s.LastUndoable(), last)
	}

	// The whole log, undos included, replays to the same state.
	replayed, err := game.Replay(s.Code, s.Events)
	if err != nil {
		t.Fatal(err)
	}
	sameState(t, replayed, s)
}

func equalSeatBoards(a, b []game.Seat) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID {
			return false
		}
		for _, tr := range game.Traits {
			if a[i].Traits[tr] != b[i].Traits[tr] {
				return false
			}
		}
	}
	return true
}

// scriptedGame plays a long mixed game and returns it.
func scriptedGame(t testing.TB) *game.State {
	s := lobby(t, "ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra")
	do(t, s, hostActor, game.ReorderSeats{Order: []int{2, 4, 1, 3}})
	do(t, s, hostActor, game.StartGame{FirstSeat: 3})
	for round := 0; round < 5; round++ {
		for range s.Seats {
			id := s.Turn
			do(t, s, seatActor(id), game.StepTrait{Trait: game.Traits[round%4], Delta: 2})
			do(t, s, seatActor(id), game.TakeDamage{Kind: "physical", Split: map[string]int{game.Might: 1, game.Speed: 1}})
			if round%2 == 0 {
				do(t, s, seatActor(id), game.Undo{})
			}
			do(t, s, seatActor(id), game.EndTurn{})
		}
	}
	do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
	do(t, s, hostActor, game.SetTrait{Seat: 2, Trait: game.Knowledge, Position: intp(0)})
	do(t, s, hostActor, game.EndTurn{})
	do(t, s, hostActor, game.Undo{})
	do(t, s, hostActor, game.Undo{})
	do(t, s, hostActor, game.SetTrait{Seat: 1, Trait: game.Might, Position: intp(2)})
	do(t, s, hostActor, game.RestoreTrait{Seat: 1, Trait: game.Might})
	// A seat moving to a new phone is logged but changes no board.
	if err := s.Apply(game.Event{Seq: s.Version + 1, Actor: hostActor, At: t0, Data: game.SeatMoved{Seat: 1}}); err != nil {
		t.Fatal(err)
	}
	do(t, s, seatActor(s.Turn), game.EndTurn{})
	return s
}

func TestReplayReproducesLiveState(t *testing.T) {
	t.Parallel()
	const rule = "app: a game is a fold of its events"
	live := scriptedGame(t)
	if live.Version != len(live.Events) {
		t.Fatalf("%s: version %d with %d events", rule, live.Version, len(live.Events))
	}
	replayed, err := game.Replay(live.Code, live.Events)
	if err != nil {
		t.Fatal(err)
	}
	sameState(t, replayed, live)

	// Through JSON, as the store keeps it.
	raw, err := json.Marshal(live.Events)
	if err != nil {
		t.Fatal(err)
	}
	var decoded []game.Event
	if err := json.Unmarshal(raw, &decoded); err != nil {
		t.Fatal(err)
	}
	fromJSON, err := game.Replay(live.Code, decoded)
	if err != nil {
		t.Fatal(err)
	}
	sameState(t, fromJSON, live)

	// Every prefix of the log replays to the state live play had then.
	for n := 0; n <= len(live.Events); n++ {
		if _, err := game.Replay(live.Code, live.Events[:n]); err != nil {
			t.Fatalf("prefix %d: %v", n, err)
		}
	}
}

// teleported is an event type the engine doesn't know.
type teleported struct{}

func (teleported) EventType() string { return "teleport" }

func TestReplayRefusesBrokenLogs(t *testing.T) {
	t.Parallel()
	live := scriptedGame(t)
	cases := []struct {
		name   string
		events []game.Event
	}{
		{"gap in sequence", append(append([]game.Event{}, live.Events[:3]...), live.Events[4:]...)},
		{"duplicate event", append(append([]game.Event{}, live.Events[:3]...), live.Events[2:]...)},
		{"unknown type", []game.Event{{Seq: 1, Data: teleported{}}}},
		{"unknown explorer", []game.Event{{Seq: 1, Data: game.SeatJoined{Seat: 1, Name: "x", Explorer: "nobody"}}}},
		{"traits of a missing seat", []game.Event{{Seq: 1, Data: game.TraitsChanged{Seat: 5}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if s, err := game.Replay("X", c.events); err == nil {
				t.Errorf("replay accepted a broken log: %+v", s)
			}
		})
	}
}

func TestDecideStampsEvents(t *testing.T) {
	t.Parallel()
	s := started(t, "ox-bellows")
	local := time.Date(2025, 3, 2, 1, 0, 0, 0, time.FixedZone("UTC+8", 8*3600))
	evs, err := s.Decide(seatActor(1), game.StepTrait{Trait: game.Might, Delta: 1}, local)
	if err != nil {
		t.Fatal(err)
	}
	e := evs[0]
	if e.Seq != s.Version+1 || e.Actor != seatActor(1) || !e.At.Equal(local) || e.At.Location() != time.UTC {
		t.Errorf("event stamped %+v", e)
	}
	// Applying an event out of order is an error and changes nothing.
	before := snapshot(s)
	e.Seq += 1
	if err := s.Apply(e); err == nil {
		t.Error("out-of-order event applied")
	}
	if after := snapshot(s); after.Version != before.Version || len(after.Events) != len(before.Events) {
		t.Errorf("failed Apply changed the state")
	}
}

func TestDaysUntilBirthday(t *testing.T) {
	t.Parallel()
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 15, 30, 0, 0, time.UTC) }
	cases := []struct {
		name       string
		rule       string
		today      time.Time
		month, day int
		want       int
	}{
		{"birthday today counts as 0", "seed 000, 开局 l.85: 那个人物的生日最近", day(2025, time.October, 18), 10, 18, 0},
		{"tomorrow", "seed 000, 开局 l.85: 生日最近", day(2025, time.October, 17), 10, 18, 1},
		{"later this year", "seed 000, 开局 l.85: 生日最近", day(2025, time.January, 1), 2, 14, 44},
		{"yesterday wraps to next year", "seed 003, 準備 l.13: 離生日最近 (the next birthday)", day(2025, time.October, 19), 10, 18, 364},
		{"wrap over a leap day", "seed 003, 準備 l.13: 離生日最近", day(2023, time.March, 5), 3, 4, 365},
		{"new year's eve to 11 January", "seed 003, 準備 l.13: 離生日最近", day(2025, time.December, 31), 1, 11, 11},
		{"leap year counts 29 February", "seed 000, 开局 l.85: 生日最近", day(2024, time.February, 28), 3, 1, 2},
		{"local date, not UTC date", "seed 000, 开局 l.85: the table's calendar day",
			time.Date(2025, time.June, 6, 23, 30, 0, 0, time.FixedZone("UTC-10", -10*3600)), 6, 6, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := game.DaysUntilBirthday(c.today, c.month, c.day); got != c.want {
				t.Errorf("%s: DaysUntilBirthday(%s, %d/%d) = %d, want %d", c.rule, c.today, c.month, c.day, got, c.want)
			}
		})
	}
}

func TestSuggestedFirstSeat(t *testing.T) {
	t.Parallel()
	// Birthdays: Ox Bellows 18 Oct, Missy Dubourde 14 Feb, Peter Akimoto 3 Sep.
	explorers := []string{"ox-bellows", "missy-dubourde", "peter-akimoto"}
	cases := []struct {
		name  string
		rule  string
		today time.Time
		want  int // seat id
	}{
		{"soonest ahead", "seed 000, 开局 l.85-87: 那个人物的生日最近，即由选用该人物的玩家开始游戏", time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC), 3},
		{"birthday today wins", "seed 003, 準備 l.13: 離生日最近的探險者為起始玩家", time.Date(2025, 10, 18, 0, 0, 0, 0, time.UTC), 1},
		{"day after a birthday it is furthest", "seed 003, 準備 l.13: 離生日最近", time.Date(2025, 10, 19, 0, 0, 0, 0, time.UTC), 2},
		{"wraps past new year", "seed 000, 开局 l.85: 生日最近", time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC), 2},
		{"between February and September", "seed 000, 开局 l.85: 生日最近", time.Date(2025, 2, 15, 0, 0, 0, 0, time.UTC), 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := lobby(t, explorers...)
			if got := s.SuggestedFirstSeat(c.today); got != c.want {
				t.Errorf("%s: SuggestedFirstSeat(%s) = %d, want %d", c.rule, c.today.Format(time.DateOnly), got, c.want)
			}
		})
	}
	// It names a stable seat id, independent of seating order.
	s := lobby(t, explorers...)
	do(t, s, hostActor, game.ReorderSeats{Order: []int{3, 2, 1}})
	if got := s.SuggestedFirstSeat(time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC)); got != 3 {
		t.Errorf("after reorder SuggestedFirstSeat = %d, want id 3", got)
	}
	if got := game.New("X").SuggestedFirstSeat(t0); got != 0 {
		t.Errorf("empty game suggests seat %d", got)
	}
}

// Every explorer has a valid and distinct birthday, so the suggestion never
// needs the tie rule.
func TestEveryExplorerHasABirthday(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 开局 l.85: 人物牌上印有该人物的出生日期"
	seen := map[[2]int]string{}
	for _, ex := range catalog.Explorers() {
		b := ex.Birthday
		if b.Month < 1 || b.Month > 12 || b.Day < 1 || b.Day > 31 {
			t.Errorf("%s: %s birthday %+v", rule, ex.ID, b)
		}
		if other, dup := seen[[2]int{b.Month, b.Day}]; dup {
			t.Errorf("%s: %s shares a birthday with %s", rule, ex.ID, other)
		}
		seen[[2]int{b.Month, b.Day}] = ex.ID
	}
}

func TestLookups(t *testing.T) {
	t.Parallel()
	s := lobby(t, "ox-bellows", "missy-dubourde")
	if s.SeatNumber(9) != 0 || s.SeatByID(9) != nil || s.SeatAt(0) != nil || s.SeatAt(3) != nil {
		t.Error("lookups of missing seats should be empty")
	}
	if s.SeatAt(2).ID != 2 || s.SeatNumber(2) != 2 {
		t.Error("seat 2 lookups")
	}
	if !s.ExplorerTaken("zoe-ingstrom") || !s.ExplorerTaken("missy-dubourde") {
		t.Error("Zoe is the other side of Missy's card and should be taken")
	}
	if s.ExplorerTaken("nobody") {
		t.Error("unknown explorer reported taken")
	}
	e := &game.Error{Kind: game.Conflict, Key: "err_full", Args: []any{6}}
	if got := e.Error(); got != "err_full [6]" {
		t.Errorf("Error() = %q", got)
	}
}
