package game_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// ---- helpers ----

// fourExplorers are seats 1..4 of the haunt tests, with their starting
// values:
//
//	seat 1 ox-bellows            speed 4 might 5 sanity 3 knowledge 3, age 23
//	seat 2 missy-dubourde        speed 5 might 3 sanity 3 knowledge 4, age 9
//	seat 3 peter-akimoto         speed 4 might 3 sanity 4 knowledge 4, age 13
//	seat 4 professor-longfellow  speed 4 might 3 sanity 3 knowledge 5, age 57
var fourExplorers = []string{"ox-bellows", "missy-dubourde", "peter-akimoto", "professor-longfellow"}

// cellFor finds an omen and room whose chart cell is the haunt, preferring
// an omen not drawn yet.
func cellFor(t testing.TB, s *game.State, number int) (omen, room string) {
	t.Helper()
	c := catalog.Chart()
	for r, row := range c.Chart {
		for o, n := range row {
			if n != number {
				continue
			}
			drawn := false
			for _, d := range s.Omens {
				drawn = drawn || d.Omen == c.Omens[o]
			}
			if !drawn {
				return c.Omens[o], c.Rooms[r]
			}
		}
	}
	t.Fatalf("haunt %d is on no free cell of the chart", number)
	return "", ""
}

// drawOmen has the host record that a seat drew an omen in a room.
func drawOmen(t testing.TB, s *game.State, seatID int, omen, room string) []game.Event {
	t.Helper()
	// A card's attack on the drawer (Bite) rolls 0 and is defended with 0:
	// a tie, so the omen's other rules are tested on their own.
	evs := do(t, s, hostActor, game.DrawOmen{Seat: s.SeatNumber(seatID), Omen: omen, Room: room, Total: intp(0)})
	if at := s.Attack; at != nil && at.Attacker.Card == omen && at.Defense == nil {
		do(t, s, hostActor, game.Defend{Total: intp(0)})
	}
	return evs
}

// revealHaunt starts a given haunt with the seat as revealer: the seat draws
// the chart omen for it and rolls 0 on the haunt roll. What the omen card
// itself gives (Holy Symbol's +2 Sanity…) is taken back before the roll, so
// each test sets the values the traitor rule compares;
// revealHauntKeepingGains keeps it.
func revealHaunt(t testing.TB, s *game.State, revealer, number int) []game.Event {
	t.Helper()
	return reveal(t, s, revealer, number, false)
}

func revealHauntKeepingGains(t testing.TB, s *game.State, revealer, number int) []game.Event {
	t.Helper()
	return reveal(t, s, revealer, number, true)
}

func reveal(t testing.TB, s *game.State, revealer, number int, keepGains bool) []game.Event {
	t.Helper()
	omen, room := cellFor(t, s, number)
	before := map[string]game.TraitState{}
	for tr, v := range s.SeatByID(revealer).Traits {
		before[tr] = v
	}
	drawOmen(t, s, revealer, omen, room)
	if !keepGains && !mapsEqualTraits(before, s.SeatByID(revealer).Traits) {
		force(t, s, revealer, before)
	}
	evs := do(t, s, seatActor(revealer), game.HauntRoll{Total: intp(0)})
	if len(evs) != 2 || evs[1].Type() != game.EvHauntRevealed || s.Haunt == nil || s.Haunt.Number != number {
		t.Fatalf("haunt %d did not start: %+v", number, evs)
	}
	return evs
}

// setValue moves a seat's clip to the lowest position showing value.
func setValue(t testing.TB, s *game.State, seatID int, trait string, value int) {
	t.Helper()
	seat := s.SeatByID(seatID)
	for p, v := range seat.ExplorerData().Traits[trait].Track {
		if v == value {
			force(t, s, seatID, map[string]game.TraitState{trait: {Position: p + 1}})
			return
		}
	}
	t.Fatalf("%s's %s track has no %d", seat.Explorer, trait, value)
}

func mapsEqualTraits(a, b map[string]game.TraitState) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func kill(t testing.TB, s *game.State, seatID int) {
	t.Helper()
	force(t, s, seatID, map[string]game.TraitState{game.Might: {Position: 0}})
	if s.Alive(s.SeatByID(seatID)) {
		t.Fatalf("seat %d still alive (phase %s)", seatID, s.Phase)
	}
}

func sortedInts(x []int) []int {
	y := slices.Clone(x)
	sort.Ints(y)
	return y
}

func candidateMap(cs []game.Candidate) map[int]int {
	m := map[int]int{}
	for _, c := range cs {
		m[c.Seat] = c.Value
	}
	return m
}

// ---- draw_omen ----

func TestDrawOmen(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State)
		actor game.Actor
		act   game.DrawOmen
		// want
		seat  int  // seat id that drew
		owed  bool // a haunt roll is owed afterwards
		count int  // omens drawn afterwards
		err   string
		kind  game.ErrorKind
	}{
		{name: "the player whose turn it is draws", rule: "seed 000 作祟 l.251: 每当一名玩家翻开一张预兆牌后…必须试图揭露真相",
			actor: seatActor(1), act: game.DrawOmen{Omen: "girl", Room: "catacombs"}, seat: 1, owed: true, count: 1},
		{name: "Bite is an omen too", rule: "seed 000 l.183: 预兆牌…(噬咬Bite除外) — Bite is an omen card, just not an object",
			actor: seatActor(1), act: game.DrawOmen{Omen: "bite", Room: "gymnasium"}, seat: 1, owed: true, count: 1},
		{name: "the host records it for anyone", rule: "app: the host keeps the table for anyone",
			actor: hostActor, act: game.DrawOmen{Seat: 2, Omen: "dog", Room: "kitchen"}, seat: 2, owed: true, count: 1},
		{name: "second omen of a turn", rule: "seed 000 作祟 l.251: every omen owes its haunt roll",
			setup: func(t testing.TB, s *game.State) { drawOmen(t, s, 1, "girl", "catacombs") },
			actor: seatActor(1), act: game.DrawOmen{Omen: "ring", Room: "gallery"}, seat: 1, owed: true, count: 2},
		{name: "during the haunt: drawn, no haunt roll", rule: "seed 000 作祟 l.253: 游戏进入作祟后，则无需再进行揭露真相; seed 002 l.73 FAQ PageMakingaHauntRoll: 你抽取并保留一张预兆卡但不再需要掷骰子",
			setup: func(t testing.TB, s *game.State) { revealHaunt(t, s, 1, 1) }, // turn passes to seat 2
			actor: seatActor(2), act: game.DrawOmen{Omen: "book", Room: "kitchen"}, seat: 2, owed: false, count: 2},
		{name: "phase set to haunt by hand: no haunt roll", rule: "seed 000 作祟 l.253",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
			},
			actor: seatActor(1), act: game.DrawOmen{Omen: "book", Room: "kitchen"}, seat: 1, owed: false, count: 1},

		{name: "not your turn", rule: "seed 000 游玩 l.93: players act in their own turn",
			actor: seatActor(2), act: game.DrawOmen{Omen: "girl", Room: "catacombs"}, err: "err_not_your_turn", kind: game.Forbidden},
		{name: "for another seat", rule: "seed 000 l.181: each player keeps their own cards",
			actor: seatActor(1), act: game.DrawOmen{Seat: 2, Omen: "girl", Room: "catacombs"}, err: "err_other_seat", kind: game.Forbidden},
		{name: "host names no seat", rule: "app: the host has no explorer",
			actor: hostActor, act: game.DrawOmen{Omen: "girl", Room: "catacombs"}, err: "err_unknown_seat", kind: game.NotFound},
		{name: "an item is not an omen", rule: "seed 000 作祟 l.251 + 263: the 13 omens of the chart",
			actor: seatActor(1), act: game.DrawOmen{Omen: "armor", Room: "catacombs"}, err: "err_unknown_omen", kind: game.Invalid},
		{name: "no omen", rule: "seed 000 作祟 l.263",
			actor: seatActor(1), act: game.DrawOmen{Room: "catacombs"}, err: "err_unknown_omen", kind: game.Invalid},
		{name: "printed name is not an id", rule: "app: ids",
			actor: seatActor(1), act: game.DrawOmen{Omen: "Girl", Room: "catacombs"}, err: "err_unknown_omen", kind: game.Invalid},
		{name: "a room without the omen symbol", rule: "seed 000 l.149-151: only rooms with the omen (raven) symbol; 作祟 l.267: the chart's 13 rooms",
			actor: seatActor(1), act: game.DrawOmen{Omen: "girl", Room: "entrance-hall"}, err: "err_unknown_omen_room", kind: game.Invalid},
		{name: "no room", rule: "seed 000 作祟 l.265: 和出现这预兆的房间",
			actor: seatActor(1), act: game.DrawOmen{Omen: "girl"}, err: "err_unknown_omen_room", kind: game.Invalid},
		{name: "an omen is drawn once", rule: "seed 000 l.25: 预兆牌Omen card 13张 — one card of each omen",
			setup: func(t testing.TB, s *game.State) { drawOmen(t, s, 1, "girl", "catacombs") },
			actor: seatActor(1), act: game.DrawOmen{Omen: "girl", Room: "kitchen"}, err: "err_omen_drawn", kind: game.Conflict},
		{name: "an omen from an earlier turn", rule: "seed 000 l.25: 预兆牌Omen card 13张",
			setup: func(t testing.TB, s *game.State) {
				drawOmen(t, s, 1, "bite", "kitchen")
				do(t, s, seatActor(1), game.HauntRoll{Total: intp(12)})
				do(t, s, seatActor(1), game.EndTurn{})
			},
			actor: seatActor(2), act: game.DrawOmen{Omen: "bite", Room: "gallery"}, err: "err_omen_drawn", kind: game.Conflict},
		{name: "stale", rule: "app: refuse an action built on an older table",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), game.StepTrait{Trait: game.Might, Delta: 1})
			},
			actor: seatActor(1), act: game.DrawOmen{Basis: game.Basis{Version: intp(0)}, Omen: "girl", Room: "catacombs"}, err: "err_stale", kind: game.Conflict},
		{name: "the dead draw nothing", rule: "seed 000 伤害: the dead are out",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
				kill(t, s, 2)
			},
			actor: hostActor, act: game.DrawOmen{Seat: 2, Omen: "girl", Room: "catacombs"}, err: "err_dead", kind: game.Conflict},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
			if c.setup != nil {
				c.setup(t, s)
			}
			a := c.act
			if c.err != "" {
				mustRefuse(t, s, c.actor, a, c.err, c.kind)
				return
			}
			evs := do(t, s, c.actor, a)
			if len(evs) == 0 || evs[0].Type() != game.EvOmenDrawn || evs[0].Data.(game.OmenDrawn).Seat != c.seat || evs[0].Data.(game.OmenDrawn).Omen != a.Omen || evs[0].Data.(game.OmenDrawn).Room != a.Room {
				t.Fatalf("%s: events %+v", c.rule, evs)
			}
			for _, e := range evs[1:] { // what the card gives its holder, or its attack (Bite)
				if (e.Type() != game.EvTraitsChanged && e.Type() != game.EvAttacked) || e.SeatOf() != c.seat || e.Group != evs[0].Seq {
					t.Errorf("%s: unexpected event with the draw: %+v", c.rule, e)
				}
			}
			if len(s.Omens) != c.count {
				t.Errorf("%s: %d omens drawn, want %d", c.rule, len(s.Omens), c.count)
			}
			last := s.Omens[len(s.Omens)-1]
			if last != (game.OmenDraw{Seq: evs[0].Seq, Seat: c.seat, Omen: a.Omen, Room: a.Room}) {
				t.Errorf("%s: recorded %+v", c.rule, last)
			}
			if got := s.OwesHauntRoll(c.seat); got != c.owed {
				t.Errorf("%s: OwesHauntRoll(%d) = %v, want %v (owed %v)", c.rule, c.seat, got, c.owed, s.OwedHauntRolls)
			}
			if !c.owed && len(s.OwedHauntRolls) != 0 {
				t.Errorf("%s: haunt rolls owed %v", c.rule, s.OwedHauntRolls)
			}
		})
	}
}

// ---- the haunt roll owed at the end of the turn ----

func TestEndTurnWaitsForTheHauntRoll(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 作祟 l.251: 在该玩家完结其回合后，必须试图揭露真相Haunt Roll"
	s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	do(t, s, seatActor(1), game.DrawOmen{Omen: "dog", Room: "kitchen"})
	ge := refusal(t, s, seatActor(1), game.EndTurn{})
	if ge.Key != "err_haunt_roll_owed" || ge.Kind != game.Conflict || len(ge.Args) != 1 || ge.Args[0] != "P1" {
		t.Errorf("%s: end_turn refused with %+v, want err_haunt_roll_owed naming P1", rule, ge)
	}
	mustRefuse(t, s, hostActor, game.EndTurn{}, "err_haunt_roll_owed", game.Conflict)
	// Only the seat that drew owes the roll.
	mustRefuse(t, s, seatActor(2), game.HauntRoll{Total: intp(12)}, "err_no_haunt_roll_owed", game.Conflict)
	if s.OwesHauntRoll(2) || !s.OwesHauntRoll(1) {
		t.Errorf("%s: owed by 1: %v, by 2: %v", rule, s.OwesHauntRoll(1), s.OwesHauntRoll(2))
	}
	evs := do(t, s, seatActor(1), game.HauntRoll{Total: intp(1)}) // 1 omen, total 1: no haunt
	if len(evs) != 1 || s.Haunt != nil || s.Phase != game.PhaseExploration {
		t.Fatalf("%s: total 1 against 1 omen started the haunt: %+v", rule, evs)
	}
	if s.OwesHauntRoll(1) || len(s.OwedHauntRolls) != 0 {
		t.Errorf("%s: still owed after the roll: %v", rule, s.OwedHauntRolls)
	}
	mustRefuse(t, s, seatActor(1), game.HauntRoll{Total: intp(12)}, "err_no_haunt_roll_owed", game.Conflict)
	do(t, s, seatActor(1), game.EndTurn{})
	if s.Turn != 2 {
		t.Errorf("turn %d, want 2", s.Turn)
	}
}

func TestTwoOmensOweTwoHauntRolls(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 作祟 l.251-257: each omen owes a haunt roll against the omens drawn (包括刚翻开的)"
	s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	do(t, s, seatActor(1), game.DrawOmen{Omen: "dog", Room: "kitchen"})
	do(t, s, seatActor(1), game.DrawOmen{Omen: "ring", Room: "gallery"})
	if len(s.OwedHauntRolls) != 2 {
		t.Fatalf("%s: owed %v", rule, s.OwedHauntRolls)
	}
	do(t, s, seatActor(1), game.HauntRoll{Total: intp(2)})
	if r := s.LastRoll(1); r.Purpose != "haunt" || r.OmenCount != 2 || r.Dice != game.HauntRollDice {
		t.Errorf("%s: first haunt roll %+v, want 6 dice against 2 omens", rule, r)
	}
	mustRefuse(t, s, seatActor(1), game.EndTurn{}, "err_haunt_roll_owed", game.Conflict)
	if !s.OwesHauntRoll(1) || len(s.OwedHauntRolls) != 1 {
		t.Fatalf("%s: owed %v after one roll", rule, s.OwedHauntRolls)
	}
	do(t, s, seatActor(1), game.HauntRoll{Total: intp(3)})
	if r := s.LastRoll(1); r.OmenCount != 2 {
		t.Errorf("%s: second haunt roll %+v", rule, r)
	}
	do(t, s, seatActor(1), game.EndTurn{})

	// Two omens where the first roll starts the haunt: the second is no
	// longer owed, and the haunt comes from the first omen's cell.
	s = started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	do(t, s, seatActor(1), game.DrawOmen{Omen: "girl", Room: "catacombs"})
	do(t, s, seatActor(1), game.DrawOmen{Omen: "ring", Room: "gallery"})
	do(t, s, seatActor(1), game.HauntRoll{Total: intp(1)})
	if s.Haunt == nil || s.Haunt.Number != 1 || s.Haunt.OmenCount != 2 {
		t.Fatalf("%s: haunt %+v, want #1 against 2 omens", rule, s.Haunt)
	}
	if len(s.OwedHauntRolls) != 0 || s.OwesHauntRoll(1) {
		t.Errorf("seed 000 作祟 l.253: rolls still owed in the haunt: %v", s.OwedHauntRolls)
	}
	mustRefuse(t, s, seatActor(1), game.HauntRoll{Total: intp(0)}, "err_haunt_started", game.Conflict)
}

// ---- the haunt roll ----

// Bite is not kept, but it is an omen card drawn: it counts for the haunt
// roll and has its cells on the chart.
func TestBiteCountsAsAnOmen(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.183: (噬咬Bite除外) is no object you keep, yet an omen card (l.25); 作祟 l.255: 已翻开的预兆牌数目"
	s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	drawOmen(t, s, 1, "bite", "kitchen")
	do(t, s, seatActor(1), game.HauntRoll{Total: intp(1)})
	do(t, s, seatActor(1), game.EndTurn{})
	do(t, s, seatActor(2), game.DrawOmen{Omen: "dog", Room: "gymnasium"})
	evs := do(t, s, seatActor(2), game.HauntRoll{Total: intp(1)})
	if len(evs) != 2 || evs[0].Data.(game.Rolled).Roll.OmenCount != 2 {
		t.Fatalf("%s: total 1 against Bite + Dog: %+v", rule, evs)
	}
	if s.Haunt.Number != 46 || s.Haunt.OmenCount != 2 {
		t.Errorf("%s: haunt %d against %d omens, want Gymnasium × Dog = 46 against 2", rule, s.Haunt.Number, s.Haunt.OmenCount)
	}
	if s.Holds(1, "bite") {
		t.Errorf("seed 000 l.183: Bite is not kept in front of the player")
	}

	s = started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	drawOmen(t, s, 1, "bite", "gymnasium")
	evs = do(t, s, seatActor(1), game.HauntRoll{Total: intp(0)})
	if len(evs) != 2 || evs[1].Data.(game.HauntRevealed).Haunt.Number != 35 || evs[1].Data.(game.HauntRevealed).Haunt.Omen != "bite" {
		t.Errorf("%s: Bite in the Gymnasium: %+v, want haunt 35", rule, evs)
	}
}

// omensThen plays turns where each seat draws one of before (and fails its
// haunt roll with 12), then the seat whose turn it is draws Girl in the
// Catacombs (haunt 1) and owes the roll. It returns that seat.
func omensThen(t testing.TB, s *game.State, before []string) int {
	t.Helper()
	for _, omen := range before {
		id := s.Turn
		drawOmen(t, s, id, omen, "kitchen")
		evs := do(t, s, seatActor(id), game.HauntRoll{Total: intp(12)})
		if len(evs) != 1 {
			t.Fatalf("total 12 against %d omens started the haunt", len(s.Omens))
		}
		do(t, s, seatActor(id), game.EndTurn{})
	}
	id := s.Turn
	do(t, s, seatActor(id), game.DrawOmen{Omen: "girl", Room: "catacombs"})
	return id
}

var otherOmens = []string{"bite", "book", "crystal-ball", "dog", "holy-symbol", "madman", "mask", "medallion", "ring", "skull", "spear", "spirit-board"}

func TestHauntRollThreshold(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		rule   string
		omens  int   // omens drawn, the last one included
		total  *int  // typed-in total
		faces  []int // or typed-in faces
		dice   []int // or the server's dice
		starts bool
	}{
		{name: "1 omen, 0 starts", rule: "seed 000 作祟 l.261: 若骰子掷得点数小于预兆牌的数目，则真相揭露",
			omens: 1, total: intp(0), starts: true},
		{name: "1 omen, 1 doesn't", rule: "seed 000 作祟 l.257: 若骰子掷得点数等同或大于预兆牌的数目，游戏如常进行",
			omens: 1, total: intp(1)},
		{name: "3 omens, 2 starts", rule: "seed 000 作祟 l.255-261: 已翻开的预兆牌数目(包括刚翻开的)",
			omens: 3, total: intp(2), starts: true},
		{name: "3 omens, 3 doesn't", rule: "seed 000 作祟 l.257: 等同…游戏如常进行",
			omens: 3, total: intp(3)},
		{name: "3 omens, faces totalling 2 start", rule: "seed 000 作祟 l.255-261",
			omens: 3, faces: []int{0, 1, 0, 0, 1, 0}, starts: true},
		{name: "3 omens, faces totalling 3 don't", rule: "seed 000 作祟 l.257",
			omens: 3, faces: []int{0, 1, 0, 2, 0, 0}},
		{name: "3 omens, the server rolls 2", rule: "seed 000 作祟 l.255: 掷6颗游戏骰子",
			omens: 3, dice: []int{0, 0, 0, 0, 2, 0}, starts: true},
		{name: "3 omens, the server rolls 3", rule: "seed 000 作祟 l.255",
			omens: 3, dice: []int{1, 0, 0, 0, 2, 0}},
		{name: "the FAQ example: 5 on the table, 4 starts", rule: "seed 002 l.73 FAQ PageMakingaHauntRoll: 桌子上已有四张…考验时桌上其实已经有五张…小于等于四点就会触发",
			omens: 5, total: intp(4), starts: true},
		{name: "the FAQ example: 5 on the table, 5 doesn't", rule: "seed 002 l.73 FAQ PageMakingaHauntRoll",
			omens: 5, total: intp(5)},
		{name: "13 omens: even 12 starts", rule: "seed 000 作祟 l.261: 12 < 13",
			omens: 13, total: intp(12), starts: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
			id := omensThen(t, s, otherOmens[:c.omens-1])
			r := facesRandom(c.dice...)
			s.SetRandom(r)
			evs := do(t, s, seatActor(id), game.HauntRoll{Total: c.total, Faces: c.faces})
			roll := evs[0].Data.(game.Rolled).Roll
			if evs[0].Type() != game.EvRolled || roll == nil || roll.Purpose != "haunt" || roll.Dice != game.HauntRollDice || roll.OmenCount != c.omens || roll.Seat != id {
				t.Fatalf("%s: roll event %+v", c.rule, evs[0])
			}
			if manual := c.total != nil || c.faces != nil; roll.Manual != manual {
				t.Errorf("%s: manual %v", c.rule, roll.Manual)
			}
			if c.dice != nil && (!slices.Equal(roll.Faces, c.dice) || len(r.asked) != game.HauntRollDice) {
				t.Errorf("%s: server faces %v (asked %v), want %v", c.rule, roll.Faces, r.asked, c.dice)
			}
			if started := len(evs) == 2; started != c.starts || (s.Haunt != nil) != c.starts {
				t.Fatalf("%s: total %d against %d omens: started=%v, want %v", c.rule, roll.Total, c.omens, started, c.starts)
			}
			if !c.starts {
				if s.Phase != game.PhaseExploration || s.Turn != id {
					t.Errorf("%s: phase %s turn %d", c.rule, s.Phase, s.Turn)
				}
				return
			}
			h := evs[1].Data.(game.HauntRevealed).Haunt
			if h == nil || h.Number != 1 || h.Omen != "girl" || h.Room != "catacombs" || h.Revealer != id || h.OmenCount != c.omens {
				t.Errorf("%s: reveal %+v", c.rule, h)
			}
			if s.Phase != game.PhaseHaunt || s.Haunt.HauntReveal.Number != 1 {
				t.Errorf("%s: phase %s haunt %+v", c.rule, s.Phase, s.Haunt)
			}
		})
	}
}

func TestHauntRollRefusals(t *testing.T) {
	t.Parallel()
	owing := func(t testing.TB, s *game.State) { drawOmen(t, s, 1, "girl", "catacombs") }
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State)
		actor game.Actor
		act   game.HauntRoll
		err   string
		kind  game.ErrorKind
	}{
		{name: "no omen drawn", rule: "seed 000 作祟 l.251: the haunt roll follows an omen",
			actor: seatActor(1), act: game.HauntRoll{Total: intp(0)}, err: "err_no_haunt_roll_owed", kind: game.Conflict},
		{name: "another seat owes it", rule: "seed 000 作祟 l.251: 该玩家 rolls",
			setup: owing, actor: seatActor(2), act: game.HauntRoll{Total: intp(0)}, err: "err_no_haunt_roll_owed", kind: game.Conflict},
		{name: "rolling for another seat", rule: "seed 000 作祟 l.261: 掷骰的玩家即是揭露者",
			setup: owing, actor: seatActor(2), act: game.HauntRoll{Seat: 1, Total: intp(0)}, err: "err_other_seat", kind: game.Forbidden},
		{name: "five faces", rule: "seed 000 作祟 l.255: 掷6颗游戏骰子",
			setup: owing, actor: seatActor(1), act: game.HauntRoll{Faces: []int{0, 0, 0, 0, 0}}, err: "err_faces_count", kind: game.Invalid},
		{name: "seven faces", rule: "seed 000 作祟 l.255: 6颗",
			setup: owing, actor: seatActor(1), act: game.HauntRoll{Faces: []int{0, 0, 0, 0, 0, 0, 0}}, err: "err_faces_count", kind: game.Invalid},
		{name: "face of 3", rule: "seed 001 l.1654",
			setup: owing, actor: seatActor(1), act: game.HauntRoll{Faces: []int{0, 0, 3, 0, 0, 0}}, err: "err_face_value", kind: game.Invalid},
		{name: "total of 13", rule: "seed 000 作祟 l.255 + seed 001 l.1654: 6 dice total at most 12",
			setup: owing, actor: seatActor(1), act: game.HauntRoll{Total: intp(13)}, err: "err_total_range", kind: game.Invalid},
		{name: "negative total", rule: "seed 001 l.1654",
			setup: owing, actor: seatActor(1), act: game.HauntRoll{Total: intp(-1)}, err: "err_total_range", kind: game.Invalid},
		{name: "host names no seat", rule: "app: the host has no explorer",
			setup: owing, actor: hostActor, act: game.HauntRoll{Total: intp(0)}, err: "err_unknown_seat", kind: game.NotFound},
		{name: "after the haunt began", rule: "seed 000 作祟 l.253: 游戏进入作祟后，则无需再进行揭露真相",
			setup: func(t testing.TB, s *game.State) { revealHaunt(t, s, 1, 1) }, actor: seatActor(1), act: game.HauntRoll{Total: intp(0)}, err: "err_haunt_started", kind: game.Conflict},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
			if c.setup != nil {
				c.setup(t, s)
			}
			mustRefuse(t, s, c.actor, c.act, c.err, c.kind)
		})
	}
	t.Run("not started", func(t *testing.T) {
		s := lobby(t, "ox-bellows")
		mustRefuse(t, s, seatActor(1), game.HauntRoll{}, "err_not_started", game.Conflict)
	})
	t.Run("the host rolls for the seat that owes it", func(t *testing.T) {
		s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
		owing(t, s)
		evs := do(t, s, hostActor, game.HauntRoll{Seat: 1, Total: intp(0)})
		if len(evs) != 2 || evs[1].Data.(game.HauntRevealed).Haunt.Revealer != 1 {
			t.Errorf("events %+v", evs)
		}
	})
}

// The haunt comes from the chart cell of the omen and its room; a few cells
// checked against /work/shared/data/haunt_chart.csv.
func TestHauntFromTheChart(t *testing.T) {
	t.Parallel()
	cases := []struct {
		omen, room string
		number     int
		rule       string
	}{
		{"girl", "catacombs", 1, "seed 000 作祟 l.271: 陵墓Catacombs及女孩Girl…依表查出数字1"},
		{"book", "abandoned-room", 7, "haunt_chart.csv: Abandoned Room × Book"},
		{"medallion", "dining-room", 21, "haunt_chart.csv: Dining Room × Medallion"},
		{"skull", "abandoned-room", 34, "haunt_chart.csv: Abandoned Room × Skull"},
		{"spirit-board", "balcony", 2, "haunt_chart.csv: Balcony × Spirit Board"},
		{"bite", "gymnasium", 35, "haunt_chart.csv: Gymnasium × Bite"},
		{"mask", "pentagram-chamber", 14, "haunt_chart.csv: Pentagram Chamber × Mask"},
		{"dog", "gallery", 19, "haunt_chart.csv: Gallery × Dog"},
		{"ring", "junk-room", 17, "haunt_chart.csv: Junk Room × Ring"},
		{"spear", "servants-quarters", 15, "haunt_chart.csv: Servants' Quarters × Spear"},
		{"madman", "charred-room", 31, "haunt_chart.csv: Charred Room × Madman"},
		{"crystal-ball", "kitchen", 23, "haunt_chart.csv: Kitchen × Crystal Ball"},
		{"holy-symbol", "master-bedroom", 6, "haunt_chart.csv: Master Bedroom × Holy Symbol"},
	}
	for _, c := range cases {
		t.Run(c.omen+"@"+c.room, func(t *testing.T) {
			s := started(t, fourExplorers...)
			do(t, s, seatActor(1), game.DrawOmen{Omen: c.omen, Room: c.room})
			evs := do(t, s, seatActor(1), game.HauntRoll{Total: intp(0)})
			if len(evs) != 2 {
				t.Fatalf("%s: no haunt: %+v", c.rule, evs)
			}
			h := evs[1].Data.(game.HauntRevealed).Haunt
			if h.Number != c.number || h.Omen != c.omen || h.Room != c.room || h.Revealer != 1 || h.OmenCount != 1 {
				t.Errorf("%s: reveal %+v, want haunt %d", c.rule, h, c.number)
			}
			if h.Decision.Rule != catalog.HauntByNumber(c.number).Traitor {
				t.Errorf("%s: decision rule %+v, want the haunt's %+v", c.rule, h.Decision.Rule, catalog.HauntByNumber(c.number).Traitor)
			}
			if s.Haunt.HauntReveal.Number != c.number || s.Haunt.Revealer != 1 || s.Phase != game.PhaseHaunt {
				t.Errorf("%s: state haunt %+v phase %s", c.rule, s.Haunt, s.Phase)
			}
		})
	}
}

// ---- the traitor ----

func TestTraitorOnReveal(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		rule      string
		explorers []string // default fourExplorers
		setup     func(t testing.TB, s *game.State)
		revealer  int
		haunt     int
		keepGains bool // keep what the omen card gives the revealer
		// want
		traitor     int
		turn        int
		named       bool
		namedAbsent bool
		tied        []int // sorted
		tieBreak    string
		candidates  map[int]int // nil: not checked
	}{
		// Named explorers.
		{name: "named explorer in play", rule: "seed 000 作祟 l.281: 表中若印明奸徒的名字，而该人物亦正在游戏中，则该人物即是奸徒; haunts.csv 7",
			explorers: []string{"ox-bellows", "missy-dubourde", "father-rhinehardt", "heather-granville"}, revealer: 1, haunt: 7,
			traitor: 3, turn: 4, named: true},
		{name: "named explorer absent: the other side of the card doesn't count", rule: "seed 000 作祟 l.283-285: 注意必须查看人物的名字，而非单单查看颜色; else highest Sanity",
			revealer: 1, haunt: 7, traitor: 3, turn: 4, namedAbsent: true, candidates: map[int]int{1: 3, 2: 3, 3: 4, 4: 3}},
		{name: "Vivian Lopez in play", rule: "seed 000 作祟 l.281; haunts.csv 20",
			explorers: []string{"ox-bellows", "vivian-lopez", "peter-akimoto", "professor-longfellow"}, revealer: 1, haunt: 20,
			traitor: 2, turn: 3, named: true},
		{name: "Vivian Lopez absent: left of the revealer", rule: "seed 000 作祟 l.285 + 293: 奸徒亦可以是揭露者左方的玩家; haunts.csv 20",
			revealer: 2, haunt: 20, traitor: 3, turn: 4, namedAbsent: true},
		{name: "named explorer is the revealer", rule: "seed 000 作祟 l.281; haunts.csv 36",
			revealer: 2, haunt: 36, traitor: 2, turn: 3, named: true},
		{name: "Madame Zostra in play", rule: "seed 000 作祟 l.281; haunts.csv 46",
			explorers: []string{"ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra"}, revealer: 1, haunt: 46,
			traitor: 4, turn: 1, named: true},
		{name: "Heather absent: highest Knowledge", rule: "seed 000 作祟 l.285; haunts.csv 49",
			revealer: 1, haunt: 49, traitor: 4, turn: 1, namedAbsent: true},
		{name: "Brandon absent: lowest Speed, tie nearest the revealer's left", rule: "seed 002 l.73 作祟: 若没有人是揭露者选择离揭露者左方最近的合格人物; haunts.csv 24",
			revealer: 2, haunt: 24, traitor: 3, turn: 4, namedAbsent: true, tied: []int{1, 3, 4}, tieBreak: "left"},
		{name: "Zoe absent (Missy, her other side, is in play)", rule: "seed 000 作祟 l.283: 非单单查看颜色; haunts.csv 25",
			revealer: 3, haunt: 25, traitor: 4, turn: 1, namedAbsent: true},

		// The revealer and the left of the revealer.
		{name: "the revealer", rule: "seed 000 作祟 l.285: 奸徒可以是揭露者; l.343: 由奸徒左方的英雄开始",
			revealer: 2, haunt: 1, traitor: 2, turn: 3},
		{name: "left of the revealer", rule: "seed 000 作祟 l.293: 奸徒亦可以是揭露者左方的玩家; haunts.csv 16",
			revealer: 1, haunt: 16, traitor: 2, turn: 3},
		{name: "left of the last seat wraps to the first", rule: "seed 000 游玩 l.93: 轮至其左方的玩家 (around the table)",
			revealer: 4, haunt: 16, traitor: 1, turn: 2},

		// Highest / lowest trait.
		{name: "highest Might", rule: "seed 000 作祟 l.285: 某项能力数字最大的人物; haunts.csv 42",
			revealer: 3, haunt: 42, traitor: 1, turn: 2, candidates: map[int]int{1: 5, 2: 3, 3: 3, 4: 3}},
		{name: "highest Might except the revealer: three-way tie", rule: "haunts.csv 4 (except for the haunt revealer); seed 002 l.73: 离揭露者左方最近",
			revealer: 1, haunt: 4, traitor: 2, turn: 3, tied: []int{2, 3, 4}, tieBreak: "left", candidates: map[int]int{2: 3, 3: 3, 4: 3}},
		{name: "lowest Might: the revealer is among the tied", rule: "seed 002 l.73 作祟: 如其中一人是揭露者选择揭露者作为奸徒; haunts.csv 37",
			revealer: 3, haunt: 37, traitor: 3, turn: 4, tied: []int{2, 3, 4}, tieBreak: "revealer"},
		{name: "lowest Might: the revealer isn't tied", rule: "seed 002 l.73 作祟: 若没有人是揭露者选择离揭露者左方最近的合格人物",
			revealer: 1, haunt: 37, traitor: 2, turn: 3, tied: []int{2, 3, 4}, tieBreak: "left"},
		{name: "lowest Sanity: nearest left of seat 3 is seat 4", rule: "seed 000 作祟 l.289-291: 由揭露者开始往左算，最近揭露者的即是奸徒; haunts.csv 6",
			revealer: 3, haunt: 6, traitor: 4, turn: 1, tied: []int{1, 2, 4}, tieBreak: "left"},
		{name: "lowest Sanity: revealer tied", rule: "seed 002 l.73 作祟; haunts.csv 6",
			revealer: 4, haunt: 6, traitor: 4, turn: 1, tied: []int{1, 2, 4}, tieBreak: "revealer"},
		{name: "the omen's own gain counts: Holy Symbol lifts the revealer out of the tie", rule: "seed 000 作祟 l.251: the haunt roll follows the omen, already in hand (+2 Sanity); haunts.csv 6 at Balcony × Holy Symbol",
			keepGains: true, revealer: 4, haunt: 6, traitor: 1, turn: 2, tied: []int{1, 2}, tieBreak: "left", candidates: map[int]int{1: 3, 2: 3, 3: 4, 4: 5}},
		{name: "highest Knowledge: the tie wraps round the table", rule: "seed 000 作祟 l.289-291 + 游玩 l.93; haunts.csv 35",
			setup: func(t testing.TB, s *game.State) {
				setValue(t, s, 1, game.Knowledge, 5)
				setValue(t, s, 2, game.Knowledge, 5)
				setValue(t, s, 4, game.Knowledge, 4)
			},
			revealer: 3, haunt: 35, traitor: 1, turn: 2, tied: []int{1, 2}, tieBreak: "left", candidates: map[int]int{1: 5, 2: 5, 3: 4, 4: 4}},
		{name: "highest Knowledge except the revealer", rule: "haunts.csv 27: Highest Knowledge (except for the haunt revealer)",
			revealer: 4, haunt: 27, traitor: 2, turn: 3, tied: []int{2, 3}, tieBreak: "left", candidates: map[int]int{1: 3, 2: 4, 3: 4}},
		{name: "lowest Knowledge except the revealer", rule: "haunts.csv 3: Lowest Knowledge (except for the haunt revealer)",
			revealer: 1, haunt: 3, traitor: 2, turn: 3, tied: []int{2, 3}, tieBreak: "left", candidates: map[int]int{2: 4, 3: 4, 4: 5}},
		{name: "highest Speed except the revealer", rule: "haunts.csv 39: Highest Speed (except for the haunt revealer)",
			revealer: 2, haunt: 39, traitor: 3, turn: 4, tied: []int{1, 3, 4}, tieBreak: "left"},
		{name: "lowest Speed except the revealer", rule: "haunts.csv 15: Lowest Speed (except for the haunt revealer)",
			revealer: 1, haunt: 15, traitor: 3, turn: 4, tied: []int{3, 4}, tieBreak: "left"},
		{name: "highest Sanity on current values", rule: "seed 000 作祟 l.285 (the trait's current number); haunts.csv 32",
			setup:    func(t testing.TB, s *game.State) { setValue(t, s, 2, game.Sanity, 7) },
			revealer: 1, haunt: 32, traitor: 2, turn: 3},

		// Oldest / youngest.
		{name: "oldest except the revealer", rule: "haunts.csv 21: Oldest explorer (except for the haunt revealer)",
			revealer: 4, haunt: 21, traitor: 1, turn: 2, candidates: map[int]int{1: 23, 2: 9, 3: 13}},
		{name: "oldest except the revealer, revealer not the oldest", rule: "haunts.csv 21",
			revealer: 1, haunt: 21, traitor: 4, turn: 1, candidates: map[int]int{2: 9, 3: 13, 4: 57}},
		{name: "youngest except the revealer", rule: "haunts.csv 44: Youngest explorer (except for the haunt revealer)",
			revealer: 2, haunt: 44, traitor: 3, turn: 4, candidates: map[int]int{1: 23, 3: 13, 4: 57}},
		{name: "youngest except the revealer, revealer not the youngest", rule: "haunts.csv 44",
			revealer: 1, haunt: 44, traitor: 2, turn: 3},

		// No traitor.
		{name: "no traitor", rule: "seed 000 作祟 l.293: 或根本没有none奸徒; haunts.csv 12; the revealer's left starts",
			revealer: 2, haunt: 12, traitor: 0, turn: 3},
		{name: "no traitor at first", rule: "haunts.csv 9: None (at first)",
			revealer: 4, haunt: 9, traitor: 0, turn: 1},
		{name: "hidden traitor (Guillotines)", rule: "seed 002 l.73 内奸: 游戏从揭露者左方的人物开始; haunts.csv 34",
			revealer: 3, haunt: 34, traitor: 0, turn: 4},
		{name: "hidden traitor (The Star Sickness)", rule: "seed 002 l.73 内奸; haunts.csv 43",
			revealer: 1, haunt: 43, traitor: 0, turn: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			explorers := c.explorers
			if explorers == nil {
				explorers = fourExplorers
			}
			s := started(t, explorers...)
			s.SetRandom(newPCG(3))
			if c.setup != nil {
				c.setup(t, s)
			}
			evs := reveal(t, s, c.revealer, c.haunt, c.keepGains)
			h := evs[1].Data.(game.HauntRevealed).Haunt
			d := h.Decision
			if h.Traitor != c.traitor || s.Haunt.Traitor != c.traitor || h.Revealer != c.revealer {
				t.Errorf("%s: traitor %d (revealer %d), want %d", c.rule, h.Traitor, h.Revealer, c.traitor)
			}
			if s.Turn != c.turn {
				t.Errorf("%s: turn %d after the reveal, want %d (seed 000 作祟 l.343: 由奸徒左方的英雄开始)", c.rule, s.Turn, c.turn)
			}
			if d.Rule != catalog.HauntByNumber(c.haunt).Traitor {
				t.Errorf("%s: rule %+v", c.rule, d.Rule)
			}
			if d.Named != c.named || d.NamedAbsent != c.namedAbsent {
				t.Errorf("%s: named %v absent %v, want %v %v", c.rule, d.Named, d.NamedAbsent, c.named, c.namedAbsent)
			}
			if got := sortedInts(d.Tied); !slices.Equal(got, c.tied) || d.TieBreak != c.tieBreak {
				t.Errorf("%s: tied %v by %q, want %v by %q", c.rule, d.Tied, d.TieBreak, c.tied, c.tieBreak)
			}
			if c.candidates != nil {
				if got := candidateMap(d.Candidates); !mapsEqual(got, c.candidates) {
					t.Errorf("%s: candidates %v, want %v", c.rule, got, c.candidates)
				}
			}
			if c.tieBreak == "left" && !slices.Contains(d.Tied, c.traitor) {
				t.Errorf("%s: picked %d outside the tie %v", c.rule, c.traitor, d.Tied)
			}
			if got, want := s.Haunt.IsTraitor(c.traitor), c.traitor != 0; got != want {
				t.Errorf("IsTraitor(%d) = %v", c.traitor, got)
			}
			if c.traitor != 0 && s.Haunt.PublicTraitor() != c.traitor {
				t.Errorf("PublicTraitor() = %d, want %d", s.Haunt.PublicTraitor(), c.traitor)
			}
		})
	}
}

func mapsEqual(a, b map[int]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// wantTraitor is the rulebook's traitor choice, written out independently
// of the engine: seed 000 作祟 l.281-293 and seed 002 l.73's tie rule.
func wantTraitor(s *game.State, rule catalog.TraitorRule, revealer int) int {
	n := len(s.Seats)
	at := s.SeatNumber(revealer) - 1
	left := func(k int) *game.Seat { return &s.Seats[(at+k)%n] } // k = 1: the revealer's left; k = n: the revealer
	if rule.Explorer != "" {
		for i := range s.Seats {
			if s.Seats[i].Explorer == rule.Explorer && s.Alive(&s.Seats[i]) {
				return s.Seats[i].ID
			}
		}
	}
	value := func(seat *game.Seat) int {
		if rule.Trait != "" {
			return seat.Value(rule.Trait)
		}
		return seat.ExplorerData().Age
	}
	switch rule.Kind {
	case "revealer":
		return revealer
	case "left_of_revealer":
		for k := 1; k < n; k++ {
			if s.Alive(left(k)) {
				return left(k).ID
			}
		}
		return revealer
	case "highest_trait", "oldest_explorer", "lowest_trait", "youngest_explorer":
		high := rule.Kind == "highest_trait" || rule.Kind == "oldest_explorer"
		best, found := 0, false
		for k := 1; k <= n; k++ {
			seat := left(k)
			if !s.Alive(seat) || (rule.ExceptRevealer && seat.ID == revealer) {
				continue
			}
			if v := value(seat); !found || (high && v > best) || (!high && v < best) {
				best, found = v, true
			}
		}
		if !found {
			return revealer
		}
		if !rule.ExceptRevealer && value(left(n)) == best {
			return revealer
		}
		for k := 1; k <= n; k++ {
			if seat := left(k); s.Alive(seat) && seat.ID != revealer && value(seat) == best {
				return seat.ID
			}
		}
	}
	return 0
}

// Every one of the 50 haunts starts from its chart cell and picks its
// traitor by its rule, for every revealer.
func TestEveryHauntPicksItsTraitor(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 作祟 l.263-293; seed 002 l.73 (ties, 内奸); haunts.csv"
	for _, h := range catalog.Haunts() {
		for revealer := 1; revealer <= 4; revealer++ {
			s := started(t, fourExplorers...)
			s.SetRandom(newPCG(uint64(h.Number)))
			evs := revealHaunt(t, s, revealer, h.Number)
			got := evs[1].Data.(game.HauntRevealed).Haunt
			want := wantTraitor(s, h.Traitor, revealer)
			if got.Traitor != want {
				t.Errorf("%s: haunt %d (%s, %+v) revealed by %d: traitor %d, want %d", rule, h.Number, h.Name.EN, h.Traitor, revealer, got.Traitor, want)
			}
			from := want
			if from == 0 {
				from = revealer
			}
			if wantTurn := s.Seats[s.SeatNumber(from)%len(s.Seats)].ID; s.Turn != wantTurn {
				t.Errorf("%s: haunt %d revealed by %d: turn %d, want %d", rule, h.Number, revealer, s.Turn, wantTurn)
			}
			if hidden := h.Traitor.Kind == "hidden"; hidden != (evs[1].Secret != nil) || hidden != s.Haunt.Hidden() {
				t.Errorf("haunt %d: hidden %v but secret %+v", h.Number, hidden, evs[1].Secret)
			}
		}
	}
}

// SelectTraitor on a table in the haunt where someone is dead: the dead are
// not candidates (the seat order wraps).
func TestSelectTraitorSkipsTheDead(t *testing.T) {
	t.Parallel()
	highSanity := catalog.TraitorRule{Kind: "highest_trait", Trait: game.Sanity}
	cases := []struct {
		name     string
		rule     string
		tr       catalog.TraitorRule
		values   map[int]int // sanity per seat
		dead     []int
		revealer int
		// want
		traitor     int
		tied        []int
		tieBreak    string
		candidates  []int // seats compared, sorted; nil: not checked
		named       bool
		namedAbsent bool
	}{
		{name: "tie with the revealer, the dead best left out", rule: "seed 002 l.73 作祟: 如其中一人是揭露者选择揭露者",
			tr: highSanity, values: map[int]int{1: 5, 2: 6, 3: 6, 4: 6}, dead: []int{4}, revealer: 3,
			traitor: 3, tied: []int{2, 3}, tieBreak: "revealer", candidates: []int{1, 2, 3}},
		{name: "tie without the revealer", rule: "seed 002 l.73 作祟: 离揭露者左方最近的合格人物",
			tr: highSanity, values: map[int]int{1: 5, 2: 6, 3: 6, 4: 6}, dead: []int{4}, revealer: 1,
			traitor: 2, tied: []int{2, 3}, tieBreak: "left", candidates: []int{1, 2, 3}},
		{name: "tie wraps past the last seat", rule: "seed 000 作祟 l.289-291 + 游玩 l.93",
			tr: highSanity, values: map[int]int{1: 6, 2: 6, 3: 5, 4: 5}, revealer: 3,
			traitor: 1, tied: []int{1, 2}, tieBreak: "left", candidates: []int{1, 2, 3, 4}},
		{name: "tie wraps past a dead seat", rule: "seed 000 作祟 l.289-291",
			tr: highSanity, values: map[int]int{1: 6, 2: 6, 3: 5, 4: 7}, dead: []int{4}, revealer: 3,
			traitor: 1, tied: []int{1, 2}, tieBreak: "left", candidates: []int{1, 2, 3}},
		{name: "revealer in a tie", rule: "seed 002 l.73 作祟",
			tr: highSanity, values: map[int]int{1: 6, 2: 6, 3: 5, 4: 5}, revealer: 2,
			traitor: 2, tied: []int{1, 2}, tieBreak: "revealer"},
		{name: "the dead highest is not the traitor", rule: "seed 000 伤害: the dead are out of the game",
			tr: highSanity, values: map[int]int{1: 6, 2: 5, 3: 5, 4: 7}, dead: []int{4}, revealer: 2,
			traitor: 1, candidates: []int{1, 2, 3}},
		{name: "lowest, dead lowest left out", rule: "seed 000 作祟 l.289",
			tr: catalog.TraitorRule{Kind: "lowest_trait", Trait: game.Sanity}, values: map[int]int{1: 4, 2: 5, 3: 4, 4: 3}, dead: []int{4}, revealer: 2,
			traitor: 3, tied: []int{1, 3}, tieBreak: "left", candidates: []int{1, 2, 3}},
		{name: "except the revealer", rule: "haunts.csv: (except for the haunt revealer)",
			tr: catalog.TraitorRule{Kind: "highest_trait", Trait: game.Sanity, ExceptRevealer: true}, values: map[int]int{1: 6, 2: 6, 3: 6, 4: 5}, revealer: 1,
			traitor: 2, tied: []int{2, 3}, tieBreak: "left", candidates: []int{2, 3, 4}},
		{name: "left of the revealer skips the dead", rule: "seed 000 作祟 l.293 + 伤害",
			tr: catalog.TraitorRule{Kind: "left_of_revealer"}, dead: []int{4}, revealer: 3, traitor: 1},
		{name: "left of the last seat skips the dead first seat", rule: "seed 000 作祟 l.293 + 游玩 l.93",
			tr: catalog.TraitorRule{Kind: "left_of_revealer"}, dead: []int{1}, revealer: 4, traitor: 2},
		{name: "named explorer dead: fallback", rule: "seed 000 作祟 l.281-285: 或该人物并非正在游戏中",
			tr:     catalog.TraitorRule{Kind: "highest_trait", Trait: game.Sanity, Explorer: "professor-longfellow"},
			values: map[int]int{1: 5, 2: 6, 3: 5, 4: 7}, dead: []int{4}, revealer: 1, traitor: 2, namedAbsent: true, candidates: []int{1, 2, 3}},
		{name: "named explorer alive", rule: "seed 000 作祟 l.281",
			tr:     catalog.TraitorRule{Kind: "highest_trait", Trait: game.Sanity, Explorer: "professor-longfellow"},
			values: map[int]int{1: 7, 2: 6, 3: 5, 4: 4}, revealer: 1, traitor: 4, named: true},
		{name: "oldest dead: next oldest", rule: "haunts.csv 21 + 伤害",
			tr: catalog.TraitorRule{Kind: "oldest_explorer"}, dead: []int{4}, revealer: 2, traitor: 1, candidates: []int{1, 2, 3}},
		{name: "youngest dead: next youngest", rule: "haunts.csv 44 + 伤害",
			tr: catalog.TraitorRule{Kind: "youngest_explorer"}, dead: []int{2}, revealer: 1, traitor: 3, candidates: []int{1, 3, 4}},
		{name: "revealer", rule: "seed 000 作祟 l.285",
			tr: catalog.TraitorRule{Kind: "revealer"}, dead: []int{1}, revealer: 3, traitor: 3},
		{name: "none", rule: "seed 000 作祟 l.293", tr: catalog.TraitorRule{Kind: "none"}, revealer: 3, traitor: 0},
		{name: "none at first", rule: "haunts.csv 9", tr: catalog.TraitorRule{Kind: "none_at_first"}, revealer: 3, traitor: 0},
		{name: "hidden", rule: "seed 002 l.73 内奸: nobody knows yet", tr: catalog.TraitorRule{Kind: "hidden"}, revealer: 3, traitor: 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := haunted(t, fourExplorers...)
			for id, v := range c.values {
				setValue(t, s, id, game.Sanity, v)
			}
			for _, id := range c.dead {
				kill(t, s, id)
			}
			before := fullSnapshot(s)
			got, d := s.SelectTraitor(c.tr, c.revealer)
			if after := fullSnapshot(s); !reflect.DeepEqual(before, after) {
				t.Errorf("SelectTraitor changed the state")
			}
			if got != c.traitor {
				t.Errorf("%s: traitor %d, want %d (decision %+v)", c.rule, got, c.traitor, d)
			}
			if want := wantTraitor(s, c.tr, c.revealer); want != got {
				t.Errorf("%s: the rulebook model says %d, engine %d", c.rule, want, got)
			}
			if d.Rule != c.tr || d.Named != c.named || d.NamedAbsent != c.namedAbsent {
				t.Errorf("%s: decision %+v", c.rule, d)
			}
			if tied := sortedInts(d.Tied); !slices.Equal(tied, c.tied) || d.TieBreak != c.tieBreak {
				t.Errorf("%s: tied %v by %q, want %v by %q", c.rule, d.Tied, d.TieBreak, c.tied, c.tieBreak)
			}
			if c.candidates != nil {
				var seats []int
				for _, cand := range d.Candidates {
					seats = append(seats, cand.Seat)
					if seat := s.SeatByID(cand.Seat); c.tr.Trait != "" && cand.Value != seat.Value(c.tr.Trait) {
						t.Errorf("%s: candidate %+v, value %d", c.rule, cand, seat.Value(c.tr.Trait))
					}
				}
				if got := sortedInts(seats); !slices.Equal(got, c.candidates) {
					t.Errorf("%s: candidates %v, want %v", c.rule, got, c.candidates)
				}
			}
		})
	}
}

// ---- hidden traitor ----

// hiddenGame reveals Guillotines (hidden traitor) with seat 2 as revealer;
// the all-zero shuffle deals tokens 2, 3, 4, 1 to seats 1..4, so seat 4 is
// the traitor.
func hiddenGame(t testing.TB) (*game.State, []game.Event) {
	t.Helper()
	s := started(t, fourExplorers...)
	r := &scriptedRandom{}
	s.SetRandom(r)
	evs := revealHaunt(t, s, 2, 34)
	if !slices.Equal(r.asked, []int{4, 3, 2}) {
		t.Fatalf("the deal asked Intn(%v), want a 4-token shuffle", r.asked)
	}
	return s, evs
}

func TestHiddenTraitorDeal(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 l.73 内奸: 编号从1到玩家人数…秘密发给每个玩家…谁拿到编号为1的标记即知道自己为奸徒但其他人都不清楚"
	s, evs := hiddenGame(t)
	h := s.Haunt
	if !h.Hidden() || h.Decision.Rule.Kind != "hidden" {
		t.Fatalf("%s: haunt %+v not hidden", rule, h)
	}
	want := map[int]int{1: 2, 2: 3, 3: 4, 4: 1}
	if !mapsEqual(h.Tokens, want) {
		t.Errorf("%s: tokens %v, want %v", rule, h.Tokens, want)
	}
	if evs[1].Secret == nil || !mapsEqual(evs[1].Secret.Tokens, want) {
		t.Errorf("%s: the event's secret %+v", rule, evs[1].Secret)
	}
	var traitors []int
	for _, seat := range s.Seats {
		if h.IsTraitor(seat.ID) {
			traitors = append(traitors, seat.ID)
		}
	}
	if !slices.Equal(traitors, []int{4}) {
		t.Errorf("%s: traitors %v, want [4]", rule, traitors)
	}
	if h.Traitor != 0 || h.PublicTraitor() != 0 || evs[1].Data.(game.HauntRevealed).Haunt.Traitor != 0 {
		t.Errorf("%s: traitor shown before the token is turned: %d / %d", rule, h.Traitor, h.PublicTraitor())
	}
	if s.Turn != 3 {
		t.Errorf("seed 002 l.73 内奸: 游戏从揭露者左方的人物开始 — turn %d, want 3", s.Turn)
	}

	// Random deals: always a permutation of 1..N over the seats, one traitor.
	for seed := uint64(0); seed < 40; seed++ {
		n := 3 + int(seed%4)
		s := started(t, sixExplorers[:n]...)
		s.SetRandom(newPCG(seed))
		revealHaunt(t, s, 1+int(seed)%n, 43)
		var tokens []int
		traitors := 0
		for _, seat := range s.Seats {
			tok, ok := s.Haunt.Tokens[seat.ID]
			if !ok {
				t.Fatalf("%s: seat %d got no token: %v", rule, seat.ID, s.Haunt.Tokens)
			}
			tokens = append(tokens, tok)
			if s.Haunt.IsTraitor(seat.ID) {
				traitors++
			}
		}
		if len(s.Haunt.Tokens) != n || traitors != 1 {
			t.Errorf("%s: %d seats, tokens %v, %d traitors", rule, n, s.Haunt.Tokens, traitors)
		}
		for i, tok := range sortedInts(tokens) {
			if tok != i+1 {
				t.Errorf("%s: tokens %v are not 1..%d", rule, tokens, n)
				break
			}
		}
	}
}

func TestHiddenTraitorSecretStaysSecret(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 l.73 内奸: 其他人都不清楚 — no phone sees the deal"
	s, evs := hiddenGame(t)
	reveal := evs[1]
	raw, err := json.Marshal(reveal)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), `"tokens"`) {
		t.Fatalf("control: the stored event %s has no tokens", raw)
	}
	pub := reveal.Public()
	if pub.Secret != nil {
		t.Errorf("%s: Public() kept the secret %+v", rule, pub.Secret)
	}
	if reveal.Secret == nil {
		t.Errorf("Public() changed the event it was called on")
	}
	raw, err = json.Marshal(pub)
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{`"tokens"`, `"secret"`} {
		if strings.Contains(string(raw), leak) {
			t.Errorf("%s: public event JSON contains %s: %s", rule, leak, raw)
		}
	}
	if pub.Data.(game.HauntRevealed).Haunt == nil || pub.Data.(game.HauntRevealed).Haunt.Traitor != 0 || pub.Data.(game.HauntRevealed).Haunt.Number != 34 {
		t.Errorf("%s: public reveal %+v", rule, pub.Data.(game.HauntRevealed).Haunt)
	}
	// The public log as a whole: nothing says who holds token 1.
	for _, e := range s.Events {
		raw, _ := json.Marshal(e.Public())
		if strings.Contains(string(raw), `"tokens"`) || strings.Contains(string(raw), `"token"`) {
			t.Errorf("%s: public event %s leaks a token", rule, raw)
		}
	}
	// Public() of events without a secret is the event itself.
	for _, e := range evs[:1] {
		if pe := e.Public(); pe.Seq != e.Seq || pe.Data != e.Data {
			t.Errorf("Public() changed a public event: %+v", pe)
		}
	}
}

func TestRevealToken(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 l.73 内奸: 任何时间当内奸觉得必要时他可以将标记主动翻开以表明他是内奸"
	s, _ := hiddenGame(t) // seat 4 holds token 1

	mustRefuse(t, s, hostActor, game.RevealToken{Seat: 4}, "err_other_seat", game.Forbidden)
	mustRefuse(t, s, seatActor(1), game.RevealToken{Seat: 4}, "err_other_seat", game.Forbidden)
	mustRefuse(t, s, seatActor(9), game.RevealToken{}, "err_not_seated", game.Forbidden)

	evs := do(t, s, seatActor(4), game.RevealToken{})
	if len(evs) != 1 || evs[0].Type() != game.EvTokenRevealed || evs[0].Data.(game.TokenRevealed).Seat != 4 || evs[0].Data.(game.TokenRevealed).Token != 1 || evs[0].Secret != nil {
		t.Fatalf("%s: events %+v", rule, evs)
	}
	if s.Haunt.PublicTraitor() != 4 || s.Haunt.Shown[4] != 1 || !s.Haunt.IsTraitor(4) {
		t.Errorf("%s: after the reveal PublicTraitor %d, shown %v", rule, s.Haunt.PublicTraitor(), s.Haunt.Shown)
	}
	mustRefuse(t, s, seatActor(4), game.RevealToken{}, "err_no_change", game.Conflict)
	// Turning a token up is final.
	mustRefuse(t, s, hostActor, game.Undo{}, "err_nothing_to_undo", game.Conflict)

	// Replay of the stored log, straight and through JSON, deals the same
	// tokens and shows the same token.
	replayed, err := game.Replay(s.Code, s.Events)
	if err != nil {
		t.Fatal(err)
	}
	sameFullState(t, replayed, s)
	raw, err := json.Marshal(s.Events)
	if err != nil {
		t.Fatal(err)
	}
	var decoded []game.Event
	if err := json.Unmarshal(raw, &decoded); err != nil {
		t.Fatal(err)
	}
	fromJSON, err := game.Replay(s.Code, decoded)
	if err != nil {
		t.Fatal(err)
	}
	sameFullState(t, fromJSON, s)
	if !mapsEqual(fromJSON.Haunt.Tokens, map[int]int{1: 2, 2: 3, 3: 4, 4: 1}) || fromJSON.Haunt.PublicTraitor() != 4 {
		t.Errorf("replayed tokens %v, public traitor %d", fromJSON.Haunt.Tokens, fromJSON.Haunt.PublicTraitor())
	}
}

// Tokens exist only in hidden-traitor haunts (seed 002 l.73 内奸).
func TestRevealTokenNeedsAHiddenTraitor(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	mustRefuse(t, s, seatActor(1), game.RevealToken{}, "err_no_hidden_traitor", game.Conflict)
	do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
	mustRefuse(t, s, seatActor(1), game.RevealToken{}, "err_no_hidden_traitor", game.Conflict)

	s = started(t, fourExplorers...)
	revealHaunt(t, s, 1, 1) // The Mummy Walks: a known traitor
	mustRefuse(t, s, seatActor(1), game.RevealToken{}, "err_no_hidden_traitor", game.Conflict)
}

// Heroes keep their tokens face down unless they die; then it turns up by
// itself, in the same change that killed them.
func TestHeroesDontTurnTheirTokens(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 l.73 内奸: 当有探险者死亡时翻开他自己的标记以表明身份除此之外任何英雄不可主动翻开自己的标记"
	s, _ := hiddenGame(t) // seat 1 holds token 2, seat 4 token 1
	for _, id := range []int{1, 2, 3} {
		mustRefuse(t, s, seatActor(id), game.RevealToken{}, "err_hero_token", game.Conflict)
	}
	if len(s.Haunt.Shown) != 0 {
		t.Fatalf("%s: tokens shown %v", rule, s.Haunt.Shown)
	}

	// Seat 1 dies of damage: its token turns up with the death.
	force(t, s, 1, map[string]game.TraitState{game.Might: {Position: 1}})
	evs := do(t, s, hostActor, game.TakeDamage{Seat: 1, Kind: "physical", Split: map[string]int{game.Might: 1}})
	var shown *game.Event
	for i := range evs {
		if evs[i].Type() == game.EvTokenRevealed {
			shown = &evs[i]
		}
		if len(evs) > 1 && evs[i].Group != evs[0].Seq {
			t.Errorf("%s: event %+v is not in the death's group %d", rule, evs[i], evs[0].Seq)
		}
	}
	if s.Alive(s.SeatByID(1)) || shown == nil || shown.Data.(game.TokenRevealed).Seat != 1 || shown.Data.(game.TokenRevealed).Token != 2 {
		t.Fatalf("%s: death of seat 1 gave %+v", rule, evs)
	}
	if s.Haunt.Shown[1] != 2 || s.Haunt.PublicTraitor() != 0 {
		t.Errorf("%s: shown %v, public traitor %d", rule, s.Haunt.Shown, s.Haunt.PublicTraitor())
	}
	// Shown once: nothing more to turn.
	mustRefuse(t, s, seatActor(1), game.RevealToken{}, "err_no_change", game.Conflict)
	// Turning a token is final, so the death can't be undone either.
	mustRefuse(t, s, hostActor, game.Undo{}, "err_nothing_to_undo", game.Conflict)

	// A seat killed outside Decide (an event applied directly) may still
	// turn its own token up: the rule is about the living.
	kill(t, s, 2)
	do(t, s, seatActor(2), game.RevealToken{})
	if s.Haunt.Shown[2] != 3 {
		t.Errorf("%s: dead seat 2's token: shown %v", rule, s.Haunt.Shown)
	}

	// The hidden traitor dying shows token 1 too.
	force(t, s, 4, map[string]game.TraitState{game.Sanity: {Position: 1}})
	do(t, s, hostActor, game.TakeDamage{Seat: 4, Kind: "mental", Split: map[string]int{game.Sanity: 1}})
	if s.Haunt.Shown[4] != 1 || s.Haunt.PublicTraitor() != 4 {
		t.Errorf("%s: dead traitor: shown %v, public traitor %d", rule, s.Haunt.Shown, s.Haunt.PublicTraitor())
	}
	replaysTheSame(t, s)
}

// Nothing anyone but the token's holder can ask should depend on who
// holds token 1: A Moment of Hope helps every seat until the traitor turns
// the token up.
func TestHiddenTraitorDoesNotLeakThroughMomentOfHope(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 l.73 内奸: 其他人都不清楚; the host may not learn a seat's token (RevealToken.decide)"
	s, _ := hiddenGame(t) // seat 4 holds token 1
	hope := func(seatID int) error {
		_, err := s.Decide(hostActor, game.Roll{Seat: s.SeatNumber(seatID), Trait: game.Might, Modifiers: mods(game.ModMomentOfHope), Total: intp(1)}, t0)
		return err
	}
	for _, seat := range s.Seats {
		if err := hope(seat.ID); err != nil {
			t.Errorf("%s: Moment of Hope for seat %d refused (%v) before any token is shown", rule, seat.ID, err)
		}
	}
	// Once the traitor shows the token, the card no longer helps them.
	do(t, s, seatActor(4), game.RevealToken{})
	mustRefuse(t, s, hostActor, game.Roll{Seat: 4, Trait: game.Might, Modifiers: mods(game.ModMomentOfHope), Total: intp(1)}, "err_modifier_heroes_only", game.Invalid)
	for _, id := range []int{1, 2, 3} {
		if err := hope(id); err != nil {
			t.Errorf("seed 002 l.73 FAQ (MomentofHope: 每个英雄): hero %d refused: %v", id, err)
		}
	}
}

// ---- undo around omens and the haunt roll ----

func TestOmenUndo(t *testing.T) {
	t.Parallel()
	const rule = "app: draw_omen is undoable until a roll fixes the table"
	t.Run("undo a draw", func(t *testing.T) {
		s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
		before := fullSnapshot(s)
		draw := do(t, s, seatActor(1), game.DrawOmen{Omen: "girl", Room: "catacombs"})
		do(t, s, seatActor(1), game.Undo{})
		for _, e := range draw {
			if !s.IsUndone(e.Seq) {
				t.Errorf("%s: %s %d not undone", rule, e.Type(), e.Seq)
			}
		}
		if len(s.Omens) != 0 || len(s.OwedHauntRolls) != 0 || s.OwesHauntRoll(1) {
			t.Errorf("%s: omens %v owed %v after undo", rule, s.Omens, s.OwedHauntRolls)
		}
		after := fullSnapshot(s)
		if !slices.Equal(before.Omens, after.Omens) || !slices.Equal(before.Owed, after.Owed) || s.Turn != 1 ||
			!mapsEqualTraits(before.Seats[0].Traits, after.Seats[0].Traits) {
			t.Errorf("%s: undo did not restore the table", rule)
		}
		do(t, s, seatActor(1), game.DrawOmen{Omen: "girl", Room: "kitchen"}) // the card is back in the deck
		do(t, s, seatActor(1), game.Undo{})
		do(t, s, seatActor(1), game.EndTurn{})
	})
	t.Run("undo the second of two draws", func(t *testing.T) {
		s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
		do(t, s, seatActor(1), game.DrawOmen{Omen: "girl", Room: "catacombs"})
		do(t, s, seatActor(1), game.DrawOmen{Omen: "dog", Room: "kitchen"})
		do(t, s, seatActor(1), game.Undo{})
		if len(s.Omens) != 1 || s.Omens[0].Omen != "girl" || !slices.Equal(s.OwedHauntRolls, []int{0}) {
			t.Errorf("%s: omens %v owed %v", rule, s.Omens, s.OwedHauntRolls)
		}
	})
	t.Run("a haunt roll fixes the draw", func(t *testing.T) {
		s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
		do(t, s, seatActor(1), game.DrawOmen{Omen: "girl", Room: "catacombs"})
		do(t, s, seatActor(1), game.HauntRoll{Total: intp(5)})
		mustRefuse(t, s, seatActor(1), game.Undo{}, "err_nothing_to_undo", game.Conflict)
		mustRefuse(t, s, hostActor, game.Undo{}, "err_nothing_to_undo", game.Conflict)
		// A later change undoes, and only it.
		step := do(t, s, seatActor(1), game.StepTrait{Trait: game.Might, Delta: 1})
		evs := do(t, s, seatActor(1), game.Undo{})
		if evs[0].Data.(game.Undone).Target != step[0].Seq {
			t.Errorf("%s: undid %d, want the step %d", rule, evs[0].Data.(game.Undone).Target, step[0].Seq)
		}
		if len(s.Omens) != 1 || len(s.Rolls) != 1 {
			t.Errorf("%s: undo of a later change lost the omen or roll: %v %v", rule, s.Omens, s.Rolls)
		}
		mustRefuse(t, s, seatActor(1), game.Undo{}, "err_nothing_to_undo", game.Conflict)
	})
	t.Run("the reveal is final", func(t *testing.T) {
		s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
		revealHaunt(t, s, 1, 1)
		mustRefuse(t, s, hostActor, game.Undo{}, "err_nothing_to_undo", game.Conflict)
		// An omen drawn during the haunt is undoable again.
		draw := do(t, s, seatActor(s.Turn), game.DrawOmen{Omen: "dog", Room: "kitchen"})
		evs := do(t, s, hostActor, game.Undo{})
		if !s.IsUndone(draw[0].Seq) || s.Haunt == nil || s.Phase != game.PhaseHaunt || len(s.Omens) != 1 {
			t.Errorf("%s: undo in the haunt: %+v, haunt %v phase %s omens %v", rule, evs, s.Haunt != nil, s.Phase, s.Omens)
		}
	})
	t.Run("a dice roll fixes what came before it", func(t *testing.T) {
		s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
		do(t, s, seatActor(1), game.DrawOmen{Omen: "girl", Room: "catacombs"})
		do(t, s, seatActor(1), game.Roll{Dice: 1, Total: intp(1)})
		mustRefuse(t, s, seatActor(1), game.Undo{}, "err_nothing_to_undo", game.Conflict)
		if !s.OwesHauntRoll(1) {
			t.Errorf("%s: a plain roll paid the haunt roll", rule)
		}
	})
}

// A whole game with omens, haunt rolls, a reveal and dice replays to the
// same state, straight and through JSON (app: a game is a fold of its
// events).
func TestHauntGameReplays(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	s.SetRandom(newPCG(11))
	id := omensThen(t, s, []string{"bite", "dog"})
	give(t, s, id, game.ModLuckyStone)
	do(t, s, seatActor(id), game.Roll{Trait: game.Might})
	do(t, s, seatActor(id), game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0, 1}})
	do(t, s, seatActor(id), game.HauntRoll{Total: intp(0)})
	do(t, s, seatActor(s.Turn), game.StepTrait{Trait: game.Sanity, Delta: -1})
	do(t, s, seatActor(s.Turn), game.EndTurn{})
	if s.Haunt == nil {
		t.Fatal("no haunt")
	}
	replayed, err := game.Replay(s.Code, s.Events)
	if err != nil {
		t.Fatal(err)
	}
	sameFullState(t, replayed, s)
	raw, err := json.Marshal(s.Events)
	if err != nil {
		t.Fatal(err)
	}
	var decoded []game.Event
	if err := json.Unmarshal(raw, &decoded); err != nil {
		t.Fatal(err)
	}
	fromJSON, err := game.Replay(s.Code, decoded)
	if err != nil {
		t.Fatal(err)
	}
	sameFullState(t, fromJSON, s)
}

// ---- turns in the haunt ----

// endTurn ends the turn of whoever plays (the traitor ends the monsters'
// turn) and returns who plays next.
func endTurn(t testing.TB, s *game.State) int {
	t.Helper()
	actor := seatActor(s.Turn)
	if s.Turn == game.MonstersTurn {
		actor = seatActor(s.TurnTraitor()) // who runs the monsters, haunt 9 too
	}
	do(t, s, actor, game.EndTurn{})
	return s.Turn
}

func TestHauntTurnOrder(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 作祟 l.343-349: 由奸徒左方的英雄开始…所有英雄完成其游戏回合后，则轮到奸徒…奸徒完成其游戏回合后，则轮到怪物…怪物的游戏回合完结后，则轮回奸徒左方的英雄; seed 003 l.329"
	// haunt 16: the traitor is left of the revealer: seat 2. Heroes 3, 4, 1.
	newGame := func(t *testing.T) *game.State {
		s := started(t, fourExplorers...)
		revealHaunt(t, s, 1, 16)
		if s.Haunt.Traitor != 2 || s.Turn != 3 {
			t.Fatalf("haunt 16 revealed by 1: traitor %d turn %d", s.Haunt.Traitor, s.Turn)
		}
		return s
	}
	walk := func(t *testing.T, s *game.State, want ...int) {
		t.Helper()
		for i, w := range want {
			if got := endTurn(t, s); got != w {
				t.Fatalf("%s: step %d: turn passed to %d, want %d (order %v)", rule, i+1, got, w, want)
			}
		}
	}

	t.Run("heroes from the traitor's left, then the traitor", func(t *testing.T) {
		s := newGame(t)
		walk(t, s, 4, 1, 2, 3, 4, 1, 2, 3)
		if s.MonsterTurns != 0 {
			t.Errorf("%s: %d monster turns without monsters", rule, s.MonsterTurns)
		}
	})
	t.Run("then the monsters", func(t *testing.T) {
		s := newGame(t)
		do(t, s, seatActor(2), game.AddMonster{Kind: "Zombie", Count: 2, Traits: map[string]int{game.Might: 4, game.Speed: 2}})
		walk(t, s, 4, 1, 2, game.MonstersTurn, 3, 4, 1, 2, game.MonstersTurn, 3)
		if s.MonsterTurns != 2 {
			t.Errorf("%s: %d monster turns, want 2", rule, s.MonsterTurns)
		}
	})
	t.Run("who ends the monsters' turn", func(t *testing.T) {
		s := newGame(t)
		do(t, s, hostActor, game.AddMonster{Kind: "Bat", Count: 1, Traits: map[string]int{game.Speed: 6}})
		walk(t, s, 4, 1, 2, game.MonstersTurn)
		for _, id := range []int{1, 3, 4} {
			mustRefuse(t, s, seatActor(id), game.EndTurn{}, "err_not_your_turn", game.Forbidden)
		}
		do(t, s, hostActor, game.EndTurn{}) // the host may
		if s.Turn != 3 {
			t.Errorf("%s: after the monsters' turn: %d, want 3", rule, s.Turn)
		}
	})
	t.Run("dead heroes are skipped", func(t *testing.T) {
		s := newGame(t)
		kill(t, s, 4)
		walk(t, s, 1, 2, 3, 1, 2)
		kill(t, s, 1)
		walk(t, s, 3, 2, 3)
	})
	// seed 002 l.73 FAQ: 死去的奸徒在其回合仍可移动怪物; seed 003 l.333.
	t.Run("a dead traitor keeps the turn to run the monsters", func(t *testing.T) {
		s := newGame(t)
		do(t, s, seatActor(2), game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{game.Might: 4, game.Speed: 2}})
		kill(t, s, 2)
		walk(t, s, 4, 1, 2, game.MonstersTurn, 3)
	})
	t.Run("a dead traitor without monsters is out", func(t *testing.T) {
		const rule = "seed 000 l.223-225: 该人物即已死亡，玩家立即出局 (the dead traitor keeps a turn only for monsters: seed 002 FAQ)"
		s := newGame(t)
		kill(t, s, 2)
		if got := s.TurnOrder(); !cyclic(got, []int{3, 4, 1}) {
			t.Errorf("%s: turn order %v, want the heroes 3, 4, 1 only", rule, got)
		}
		walk(t, s, 4, 1, 3, 4)
	})
	t.Run("a lone survivor ends the turn", func(t *testing.T) {
		const rule = "seed 000 伤害 + 作祟 l.343: the game goes on while someone lives"
		s := newGame(t)
		for _, id := range []int{3, 4, 1} {
			kill(t, s, id)
		}
		// The traitor alone, no monsters: the turn comes back to them.
		do(t, s, hostActor, game.EndTurn{})
		if s.Turn != 2 {
			t.Fatalf("%s: turn %d, want the traitor 2", rule, s.Turn)
		}
		walk(t, s, 2, 2)
		// A hero alone with the traitor dead: the hero plays on.
		s = newGame(t)
		for _, id := range []int{4, 1, 2} {
			kill(t, s, id)
		}
		for range 4 {
			do(t, s, hostActor, game.EndTurn{})
			if s.Turn != 3 {
				t.Fatalf("%s: turn passed to %d; only hero 3 lives (traitor 2 dead, no monsters)", rule, s.Turn)
			}
		}
		// Nobody alive: nothing to pass to.
		kill(t, s, 3)
		mustRefuse(t, s, hostActor, game.EndTurn{}, "err_no_change", game.Conflict)
	})
	t.Run("an attack in progress holds the turn", func(t *testing.T) {
		s := newGame(t)
		do(t, s, seatActor(3), game.Attack{Target: game.Target{Seat: 2}, Total: intp(2)})
		mustRefuse(t, s, seatActor(3), game.EndTurn{}, "err_attack_in_progress", game.Conflict)
	})
	t.Run("replay", func(t *testing.T) {
		s := newGame(t)
		do(t, s, seatActor(2), game.AddMonster{Kind: "Zombie", Count: 1, Traits: map[string]int{game.Might: 4, game.Speed: 2}})
		walk(t, s, 4, 1, 2, game.MonstersTurn, 3)
		replaysTheSame(t, s)
	})
}

// A hero who dies during their own turn passes it on to the next living
// hero, like any other dead hero is skipped.
func TestDeadHeroEndsTheirOwnTurn(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 作祟 l.343-345: 由奸徒左方的英雄开始，各玩家分别进行其游戏回合…所有英雄完成其游戏回合后，则轮到奸徒"
	s := started(t, fourExplorers...)
	revealHaunt(t, s, 1, 16) // traitor 2; heroes 3, 4, 1; seat 3 plays
	force(t, s, 3, map[string]game.TraitState{game.Might: {Position: 1}})
	do(t, s, seatActor(3), game.TakeDamage{Kind: "physical", Split: map[string]int{game.Might: 1}})
	if s.Alive(s.SeatByID(3)) {
		t.Fatal("seat 3 should be dead")
	}
	do(t, s, hostActor, game.EndTurn{})
	if s.Turn != 4 {
		t.Errorf("monsters.go nextTurn: hero 3 died on their own turn; end_turn passes to the traitor (%d) instead of the next living hero 4, skipping heroes 4 and 1 (%s)", s.Turn, rule)
	}
}
