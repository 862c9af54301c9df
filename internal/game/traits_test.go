package game_test

import (
	"testing"

	"lantern/internal/game"
)

func ts(pos, overflow int) game.TraitState { return game.TraitState{Position: pos, Overflow: overflow} }

func TestGain(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		rule string
		from game.TraitState
		n    int
		want game.TraitState
	}{
		{"plain step up", "seed 000, 5. 袭击 l.221: 将该项能力的塑胶别针朝数字…移一个数字", ts(3, 0), 2, ts(5, 0)},
		{"reach the top exactly", "seed 003, 檢定 l.197: 超過…最大值 only counts past the top", ts(6, 0), 2, ts(8, 0)},
		{"past the top is recorded", "seed 003, 檢定 l.197: 使用紙筆記綠超出的部份", ts(7, 0), 3, ts(8, 2)},
		{"overflow keeps adding up", "seed 003, 檢定 l.197: 使用紙筆記綠超出的部份", ts(8, 2), 1, ts(8, 3)},
		{"item at one below max", "seed 003, 物品 l.169: 再增加一點就達到最高值 (item +2 at max-1)", ts(7, 0), 2, ts(8, 1)},
		{"gain from the skull", "seed 000, 5. 袭击 l.221: one step is one number on the track", ts(0, 0), 1, ts(1, 0)},
		{"zero gain is no change", "seed 003, 檢定 l.197: nothing to record without a gain", ts(4, 1), 0, ts(4, 1)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := game.Gain(c.from, c.n); got != c.want {
				t.Errorf("%s: Gain(%+v, %d) = %+v, want %+v", c.rule, c.from, c.n, got, c.want)
			}
		})
	}
}

func TestLose(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		from  game.TraitState
		n     int
		floor int
		want  game.TraitState
	}{
		{"plain step down", "seed 000, 5. 袭击 l.217-221: 每点损伤…下降一个级别", ts(5, 0), 2, 1, ts(3, 0)},
		{"overflow is lost first", "seed 003, 檢定 l.197: 若該屬性要下降時，先下降多出來的部份", ts(8, 2), 1, 1, ts(8, 1)},
		{"overflow then the clip", "seed 003, 檢定 l.197: 先下降多出來的部份", ts(8, 2), 3, 1, ts(7, 0)},
		{"losing the item gives back only the gained step", "seed 003, 物品 l.169: 減少一點力量(而非兩點力量，因其中一點超過最高值)", ts(8, 1), 2, 1, ts(7, 0)},
		{"all overflow exactly", "seed 003, 檢定 l.197: 先下降多出來的部份", ts(8, 3), 3, 1, ts(8, 0)},
		{"floor 1 before the haunt", "seed 000, 5. 袭击 l.225-227: 作祟前…该项能力只会停留在骷髅图案上一个数字", ts(3, 0), 5, 1, ts(1, 0)},
		{"already at floor before the haunt", "seed 003, 死亡和震懾 l.237: 作祟階段開始前…頂多只會降到其最低的值", ts(1, 0), 1, 1, ts(1, 0)},
		{"huge loss before the haunt stops above the skull", "seed 000, 继续游戏 l.331-333: 只会停留在骷髅图案上一个数字", ts(8, 4), 16, 1, ts(1, 0)},
		{"skull after the haunt", "seed 000, 5. 袭击 l.223: 下降到骷髅skull图案，则该人物即已死亡", ts(3, 0), 5, 0, ts(0, 0)},
		{"one above skull after the haunt", "seed 003, 死亡和震懾 l.237: 屬性降低到骷髏標誌…死亡", ts(1, 0), 1, 0, ts(0, 0)},
		{"after the haunt, ordinary step", "seed 000, 5. 袭击 l.217-221: 下降一个级别", ts(2, 0), 1, 0, ts(1, 0)},
		{"overflow protects in the haunt too", "seed 003, 檢定 l.197: 先下降多出來的部份", ts(8, 1), 1, 0, ts(8, 0)},
		{"zero loss is no change", "seed 000, 5. 袭击 l.221: nothing moves without damage", ts(4, 2), 0, 1, ts(4, 2)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := game.Lose(c.from, c.n, c.floor); got != c.want {
				t.Errorf("%s: Lose(%+v, %d, floor %d) = %+v, want %+v", c.rule, c.from, c.n, c.floor, got, c.want)
			}
		})
	}
}

// Gain then Lose of the same amount is the identity: the overflow rule makes
// items that raise and later lower a trait symmetric (seed 003, l.169).
func TestGainLoseRoundTrip(t *testing.T) {
	t.Parallel()
	const rule = "seed 003, 物品 l.169: 只會回復到沒有物品前的狀態"
	for pos := 1; pos <= game.TopPosition; pos++ {
		for over := 0; over <= 3; over++ {
			if pos < game.TopPosition && over > 0 {
				continue // overflow only exists at the top
			}
			for n := 0; n <= 16; n++ {
				from := ts(pos, over)
				if got := game.Lose(game.Gain(from, n), n, 1); got != from {
					t.Fatalf("%s: Lose(Gain(%+v, %d), %d) = %+v", rule, from, n, n, got)
				}
			}
		}
	}
}

func TestAlive(t *testing.T) {
	t.Parallel()
	full := map[string]game.TraitState{game.Speed: ts(3, 0), game.Might: ts(3, 0), game.Sanity: ts(3, 0), game.Knowledge: ts(3, 0)}
	with := func(trait string, pos int) map[string]game.TraitState {
		m := map[string]game.TraitState{}
		for k, v := range full {
			m[k] = v
		}
		m[trait] = ts(pos, 0)
		return m
	}
	cases := []struct {
		name   string
		rule   string
		phase  string
		traits map[string]game.TraitState
		want   bool
	}{
		{"healthy explorer", "seed 000, 5. 袭击 l.223", game.PhaseExploration, full, true},
		{"skull before the haunt does not kill", "seed 000, 5. 袭击 l.225: 在进入后段游戏(作祟Haunt)前，任何人物皆不会死亡", game.PhaseExploration, with(game.Might, 0), true},
		{"healthy in the haunt", "seed 003, 死亡和震懾 l.237", game.PhaseHaunt, full, true},
		{"one above the skull lives", "seed 003, 死亡和震懾 l.237: only the skull kills", game.PhaseHaunt, with(game.Speed, 1), true},
		{"skull on speed kills in the haunt", "seed 003, 死亡和震懾 l.237: 任何一項屬性降低到骷髏標誌，該探險者就死亡了", game.PhaseHaunt, with(game.Speed, 0), false},
		{"skull on might kills", "seed 000, 5. 袭击 l.223: 某项能力下降到骷髅skull图案，则该人物即已死亡", game.PhaseHaunt, with(game.Might, 0), false},
		{"skull on sanity kills", "seed 000, 5. 袭击 l.223: 某项能力下降到骷髅skull图案", game.PhaseHaunt, with(game.Sanity, 0), false},
		{"skull on knowledge kills", "seed 000, 5. 袭击 l.223: 某项能力下降到骷髅skull图案", game.PhaseHaunt, with(game.Knowledge, 0), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &game.State{Phase: c.phase}
			seat := &game.Seat{ID: 1, Explorer: "ox-bellows", Traits: c.traits}
			if got := s.Alive(seat); got != c.want {
				t.Errorf("%s: Alive = %v, want %v", c.rule, got, c.want)
			}
		})
	}
}

// traitCase is one trait action against a fresh 3-seat game whose seat 1
// (id 1) is Ox Bellows: speed 5, might 3, sanity 3, knowledge 3.
type traitCase struct {
	name  string
	rule  string
	haunt bool
	// before, when set, forces seat 1's clips before the action.
	before map[string]game.TraitState
	actor  game.Actor // zero value means seat 1 acting for itself
	act    game.Action
	// want lists seat 1's clips after an accepted action; err a refusal.
	want map[string]game.TraitState
	err  string
	kind game.ErrorKind
}

func runTraitCases(t *testing.T, cases []traitCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var s *game.State
			if c.haunt {
				s = haunted(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
			} else {
				s = started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
			}
			if c.before != nil {
				force(t, s, 1, c.before)
			}
			actor := c.actor
			if actor == (game.Actor{}) {
				actor = seatActor(1)
			}
			others := snapshot(s).Seats[1:]
			if c.err != "" {
				ge := refusal(t, s, actor, c.act)
				if ge.Key != c.err || ge.Kind != c.kind {
					t.Errorf("%s: refused with %s (kind %d), want %s (kind %d)", c.rule, ge.Key, ge.Kind, c.err, c.kind)
				}
				return
			}
			version := s.Version
			evs, err := s.Decide(actor, c.act, t0)
			if err != nil {
				t.Fatalf("%s: refused: %v", c.rule, err)
			}
			if len(evs) != 1 || evs[0].Type() != game.EvTraitsChanged || evs[0].Data.(game.TraitsChanged).Seat != 1 || evs[0].Seq != version+1 || evs[0].Actor != actor {
				t.Fatalf("%s: events %+v", c.rule, evs)
			}
			for _, ch := range evs[0].Data.(game.TraitsChanged).Changes {
				if ch.From == ch.To {
					t.Errorf("%s: change %+v moves nothing", c.rule, ch)
				}
			}
			if err := s.Apply(evs[0]); err != nil {
				t.Fatal(err)
			}
			got := traitsOf(s, 1)
			for tr, want := range c.want {
				if got[tr] != want {
					t.Errorf("%s: %s = %+v, want %+v", c.rule, tr, got[tr], want)
				}
			}
			if s.Version != version+1 || s.SeatByID(1).ChangedAt != s.Version {
				t.Errorf("version %d, ChangedAt %d after one event from %d", s.Version, s.SeatByID(1).ChangedAt, version)
			}
			if after := snapshot(s).Seats[1:]; !equalSeats(others, after) {
				t.Errorf("%s: other seats changed: %+v -> %+v", c.rule, others, after)
			}
		})
	}
}

func equalSeats(a, b []game.Seat) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID || a[i].ChangedAt != b[i].ChangedAt || len(a[i].Traits) != len(b[i].Traits) {
			return false
		}
		for k, v := range a[i].Traits {
			if b[i].Traits[k] != v {
				return false
			}
		}
	}
	return true
}

func TestTakeDamage(t *testing.T) {
	t.Parallel()
	phys := func(split map[string]int) game.Action {
		return game.TakeDamage{Kind: "physical", Split: split}
	}
	ment := func(split map[string]int) game.Action {
		return game.TakeDamage{Kind: "mental", Split: split}
	}
	runTraitCases(t, []traitCase{
		{name: "physical split between might and speed", rule: "seed 000, 5. 袭击 l.217-219: 每点肉体损伤会让败方的力量Might、或速度Speed下降一个级别; 损伤的分配由败方决定",
			act: phys(map[string]int{game.Might: 1, game.Speed: 2}), want: map[string]game.TraitState{game.Might: ts(2, 0), game.Speed: ts(3, 0), game.Sanity: ts(3, 0), game.Knowledge: ts(3, 0)}},
		{name: "physical all on speed", rule: "seed 003, 物理傷害 l.213: 降底…力量和／或敏捷",
			act: phys(map[string]int{game.Speed: 3}), want: map[string]game.TraitState{game.Speed: ts(2, 0), game.Might: ts(3, 0)}},
		{name: "mental split between sanity and knowledge", rule: "seed 000, 5. 袭击 l.219: 每点精神损伤会让败方的神志Sanity、或知识Knowledge下降一个级别",
			act: ment(map[string]int{game.Sanity: 1, game.Knowledge: 1}), want: map[string]game.TraitState{game.Sanity: ts(2, 0), game.Knowledge: ts(2, 0), game.Might: ts(3, 0), game.Speed: ts(5, 0)}},
		{name: "mental all on knowledge", rule: "seed 003, 精神傷害 l.231: 降底…知識和／或神志",
			act: ment(map[string]int{game.Knowledge: 2}), want: map[string]game.TraitState{game.Knowledge: ts(1, 0)}},
		{name: "zero share on one side is fine", rule: "seed 000, 5. 袭击 l.219: 损伤的分配由败方决定",
			act: phys(map[string]int{game.Might: 0, game.Speed: 1}), want: map[string]game.TraitState{game.Might: ts(3, 0), game.Speed: ts(4, 0)}},
		{name: "overflow absorbs damage first", rule: "seed 003, 檢定 l.197: 先下降多出來的部份",
			before: map[string]game.TraitState{game.Might: ts(8, 2)}, act: phys(map[string]int{game.Might: 3}), want: map[string]game.TraitState{game.Might: ts(7, 0)}},
		{name: "no death before the haunt", rule: "seed 000, 5. 袭击 l.225-227: 在进入后段游戏(作祟Haunt)前，任何人物皆不会死亡",
			act: phys(map[string]int{game.Might: 5, game.Speed: 9}), want: map[string]game.TraitState{game.Might: ts(1, 0), game.Speed: ts(1, 0)}},
		{name: "skull after the haunt", rule: "seed 000, 5. 袭击 l.223: 下降到骷髅skull图案，则该人物即已死亡", haunt: true,
			act: phys(map[string]int{game.Might: 3}), want: map[string]game.TraitState{game.Might: ts(0, 0)}},
		{name: "damage past the skull stops at the skull", rule: "seed 003, 死亡和震懾 l.237: 降低到骷髏標誌", haunt: true,
			act: ment(map[string]int{game.Sanity: 16}), want: map[string]game.TraitState{game.Sanity: ts(0, 0)}},
		{name: "host takes damage for a seat", rule: "seed 000, 5. 袭击 l.219: 损伤的分配由败方决定 (the host may record it)", actor: hostActor,
			act: game.TakeDamage{Seat: 1, Kind: "physical", Split: map[string]int{game.Might: 1}}, want: map[string]game.TraitState{game.Might: ts(2, 0)}},
		{name: "damage at the floor before the haunt changes nothing", rule: "seed 003, 死亡和震懾 l.237: 頂多只會降到其最低的值",
			before: map[string]game.TraitState{game.Might: ts(1, 0), game.Speed: ts(1, 0)}, act: phys(map[string]int{game.Might: 2, game.Speed: 1}), err: "err_no_change", kind: game.Conflict},
		{name: "physical damage on sanity refused", rule: "seed 000, 5. 袭击 l.217: 肉体损伤 → 力量Might、或速度Speed only",
			act: phys(map[string]int{game.Sanity: 1}), err: "err_split_trait", kind: game.Invalid},
		{name: "physical damage on knowledge refused", rule: "seed 003, 物理傷害 l.213: 力量和／或敏捷 only",
			act: phys(map[string]int{game.Might: 1, game.Knowledge: 1}), err: "err_split_trait", kind: game.Invalid},
		{name: "mental damage on might refused", rule: "seed 000, 5. 袭击 l.219: 精神损伤 → 神志Sanity、或知识Knowledge only",
			act: ment(map[string]int{game.Might: 1}), err: "err_split_trait", kind: game.Invalid},
		{name: "mental damage on speed refused even at zero", rule: "seed 003, 精神傷害 l.231: 知識和／或神志 only",
			act: ment(map[string]int{game.Sanity: 1, game.Speed: 0}), err: "err_split_trait", kind: game.Invalid},
		{name: "unknown trait in split refused", rule: "seed 000, 5. 袭击 l.217-219: two kinds of damage, two traits each",
			act: phys(map[string]int{"luck": 1}), err: "err_split_trait", kind: game.Invalid},
		{name: "unknown damage kind", rule: "seed 000, 5. 袭击 l.215-217: damage is 肉体损伤 or 精神损伤",
			act: game.TakeDamage{Kind: "fire", Split: map[string]int{game.Might: 1}}, err: "err_bad_damage_kind", kind: game.Invalid},
		{name: "missing damage kind", rule: "seed 000, 5. 袭击 l.215-217: damage is 肉体损伤 or 精神损伤",
			act: game.TakeDamage{Split: map[string]int{game.Might: 1}}, err: "err_bad_damage_kind", kind: game.Invalid},
		{name: "empty split", rule: "seed 000, 5. 袭击 l.211: 伤害即两者掷得点数的差额 (a hit is at least 1)",
			act: phys(nil), err: "err_bad_damage", kind: game.Invalid},
		{name: "all-zero split", rule: "seed 000, 5. 袭击 l.209: 相同点数则无人受伤 (nothing to record)",
			act: phys(map[string]int{game.Might: 0, game.Speed: 0}), err: "err_bad_damage", kind: game.Invalid},
		{name: "negative share", rule: "seed 000, 5. 袭击 l.221: damage moves clips down, never up",
			act: phys(map[string]int{game.Might: -1, game.Speed: 2}), err: "err_bad_damage", kind: game.Invalid},
		{name: "one share above the bound", rule: "seed 000, 5. 袭击 l.211: damage is a dice difference (bounded)",
			act: phys(map[string]int{game.Might: game.MaxDamage + 1}), err: "err_bad_damage", kind: game.Invalid},
		{name: "total above the bound", rule: "seed 000, 5. 袭击 l.211: damage is a dice difference (bounded)",
			act: phys(map[string]int{game.Might: 9, game.Speed: 8}), err: "err_bad_damage", kind: game.Invalid},
		{name: "dead explorer takes no more damage", rule: "seed 000, 5. 袭击 l.223-225: 该人物即已死亡，玩家立即出局", haunt: true,
			before: map[string]game.TraitState{game.Knowledge: ts(0, 0)}, act: phys(map[string]int{game.Might: 1}), err: "err_dead", kind: game.Conflict},
	})
}

func TestSetTrait(t *testing.T) {
	t.Parallel()
	set := func(trait string, pos *int) game.Action {
		return game.SetTrait{Trait: trait, Position: pos}
	}
	runTraitCases(t, []traitCase{
		{name: "set to the top", rule: "seed 000, 开局 l.81-83: the clip sits on one of the 8 printed values",
			act: set(game.Might, intp(8)), want: map[string]game.TraitState{game.Might: ts(8, 0)}},
		{name: "set to the lowest value before the haunt", rule: "seed 000, 5. 袭击 l.225-227: 只会停留在骷髅图案上一个数字",
			act: set(game.Speed, intp(1)), want: map[string]game.TraitState{game.Speed: ts(1, 0)}},
		{name: "setting clears recorded overflow", rule: "seed 003, 檢定 l.197: the paper note belongs to the clip being at the top",
			before: map[string]game.TraitState{game.Might: ts(8, 2)}, act: set(game.Might, intp(8)), want: map[string]game.TraitState{game.Might: ts(8, 0)}},
		{name: "skull allowed in the haunt", rule: "seed 003, 死亡和震懾 l.237: 在作祟階段開始後…降低到骷髏標誌", haunt: true,
			act: set(game.Sanity, intp(0)), want: map[string]game.TraitState{game.Sanity: ts(0, 0)}},
		{name: "skull refused before the haunt", rule: "seed 000, 5. 袭击 l.225: 在进入后段游戏(作祟Haunt)前，任何人物皆不会死亡",
			act: set(game.Sanity, intp(0)), err: "err_no_death_before_haunt", kind: game.Invalid},
		{name: "above the track", rule: "seed 000, 准备 l.49-51: the track has 8 values",
			act: set(game.Might, intp(9)), err: "err_bad_position", kind: game.Invalid},
		{name: "below the skull before the haunt", rule: "seed 000, 准备 l.49-51: there is nothing below the skull",
			act: set(game.Might, intp(-1)), err: "err_bad_position", kind: game.Invalid},
		{name: "below the skull in the haunt", rule: "seed 003, 死亡和震懾 l.237: the skull is the bottom", haunt: true,
			act: set(game.Might, intp(-1)), err: "err_bad_position", kind: game.Invalid},
		{name: "missing position", rule: "seed 000, 准备 l.49-51: a clip is always on the track",
			act: set(game.Might, nil), err: "err_bad_position", kind: game.Invalid},
		{name: "unknown trait", rule: "seed 000, 准备 l.49-51: 速度Speed、力量Might、神志Sanity、知识Knowledge",
			act: set("luck", intp(3)), err: "err_bad_trait", kind: game.Invalid},
		{name: "same position is no change", rule: "seed 000, 5. 袭击 l.221: nothing moves",
			act: set(game.Might, intp(3)), err: "err_no_change", kind: game.Conflict},
	})
}

func TestStepTrait(t *testing.T) {
	t.Parallel()
	step := func(trait string, d int) game.Action {
		return game.StepTrait{Trait: trait, Delta: d}
	}
	runTraitCases(t, []traitCase{
		{name: "one step up", rule: "seed 000, 5. 袭击 l.221: 移一个数字",
			act: step(game.Knowledge, 1), want: map[string]game.TraitState{game.Knowledge: ts(4, 0)}},
		{name: "one step down", rule: "seed 000, 5. 袭击 l.221: 朝数字渐小的一方移一个数字",
			act: step(game.Knowledge, -1), want: map[string]game.TraitState{game.Knowledge: ts(2, 0)}},
		{name: "gain past the top records overflow", rule: "seed 003, 檢定 l.197: 使用紙筆記綠超出的部份",
			act: step(game.Speed, 5), want: map[string]game.TraitState{game.Speed: ts(8, 2)}},
		{name: "gain at the top still records", rule: "seed 003, 檢定 l.197: 使用紙筆記綠超出的部份",
			before: map[string]game.TraitState{game.Speed: ts(8, 0)}, act: step(game.Speed, 1), want: map[string]game.TraitState{game.Speed: ts(8, 1)}},
		{name: "loss takes overflow first", rule: "seed 003, 檢定 l.197: 先下降多出來的部份",
			before: map[string]game.TraitState{game.Speed: ts(8, 2)}, act: step(game.Speed, -1), want: map[string]game.TraitState{game.Speed: ts(8, 1)}},
		{name: "item example: lose 2 with 1 overflow", rule: "seed 003, 物品 l.169: 減少一點力量(而非兩點力量)",
			before: map[string]game.TraitState{game.Might: ts(8, 1)}, act: step(game.Might, -2), want: map[string]game.TraitState{game.Might: ts(7, 0)}},
		{name: "big loss stops at 1 before the haunt", rule: "seed 000, 5. 袭击 l.225-227: 只会停留在骷髅图案上一个数字",
			act: step(game.Might, -game.MaxDamage), want: map[string]game.TraitState{game.Might: ts(1, 0)}},
		{name: "largest gain", rule: "seed 003, 檢定 l.197: 超出的部份 recorded",
			act: step(game.Might, game.MaxDamage), want: map[string]game.TraitState{game.Might: ts(8, 11)}},
		{name: "step to the skull in the haunt", rule: "seed 003, 死亡和震懾 l.237: 降低到骷髏標誌，該探險者就死亡了", haunt: true,
			before: map[string]game.TraitState{game.Might: ts(1, 0)}, act: step(game.Might, -1), want: map[string]game.TraitState{game.Might: ts(0, 0)}},
		{name: "at the floor before the haunt", rule: "seed 003, 死亡和震懾 l.237: 頂多只會降到其最低的值",
			before: map[string]game.TraitState{game.Might: ts(1, 0)}, act: step(game.Might, -1), err: "err_at_floor", kind: game.Conflict},
		{name: "zero step", rule: "seed 000, 5. 袭击 l.221: a step moves the clip",
			act: step(game.Might, 0), err: "err_bad_delta", kind: game.Invalid},
		{name: "step too large", rule: "seed 000, 准备 l.49-51: 8-value tracks (steps are bounded)",
			act: step(game.Might, game.MaxDamage+1), err: "err_bad_delta", kind: game.Invalid},
		{name: "step too small", rule: "seed 000, 准备 l.49-51: 8-value tracks (steps are bounded)",
			act: step(game.Might, -game.MaxDamage-1), err: "err_bad_delta", kind: game.Invalid},
		{name: "unknown trait", rule: "seed 000, 准备 l.49-51: four traits",
			act: step("Might", 1), err: "err_bad_trait", kind: game.Invalid},
		{name: "dead explorer cannot step", rule: "seed 000, 5. 袭击 l.223: 玩家立即出局", haunt: true,
			before: map[string]game.TraitState{game.Speed: ts(0, 0)}, act: step(game.Might, 1), err: "err_dead", kind: game.Conflict},
	})
}

func TestRestoreTrait(t *testing.T) {
	t.Parallel()
	restore := func(trait string) game.Action { return game.RestoreTrait{Trait: trait} }
	runTraitCases(t, []traitCase{
		{name: "below start goes back to start", rule: "seed 000, 物品牌 药膏 l.737-739: 低于基本值的能力即可回复至基本值",
			before: map[string]game.TraitState{game.Might: ts(1, 0)}, act: restore(game.Might), want: map[string]game.TraitState{game.Might: ts(3, 0)}},
		{name: "knowledge restore", rule: "seed 000, 物品牌 嗅盐 l.849-851: 知识…即可回复至基本值",
			before: map[string]game.TraitState{game.Knowledge: ts(2, 0)}, act: restore(game.Knowledge), want: map[string]game.TraitState{game.Knowledge: ts(3, 0)}},
		{name: "speed start is 5 for Ox", rule: "seed 000, 开局 l.81-83: 基本值(绿数字)",
			before: map[string]game.TraitState{game.Speed: ts(2, 0)}, act: restore(game.Speed), want: map[string]game.TraitState{game.Speed: ts(5, 0)}},
		{name: "restore in the haunt while alive", rule: "seed 000, 物品牌 药膏 l.737-739", haunt: true,
			before: map[string]game.TraitState{game.Might: ts(1, 0)}, act: restore(game.Might), want: map[string]game.TraitState{game.Might: ts(3, 0)}},
		{name: "at start", rule: "seed 000, 物品牌 医药包 l.769: 被医治的人物之能力不可高于基本值",
			act: restore(game.Might), err: "err_not_below_start", kind: game.Conflict},
		{name: "above start", rule: "seed 000, 物品牌 医药包 l.769: 不可高于基本值",
			before: map[string]game.TraitState{game.Might: ts(6, 0)}, act: restore(game.Might), err: "err_not_below_start", kind: game.Conflict},
		{name: "unknown trait", rule: "seed 000, 准备 l.49-51: four traits",
			act: restore(""), err: "err_bad_trait", kind: game.Invalid},
		{name: "no healing the dead", rule: "seed 000, 物品牌 药膏 l.741: 药膏对死人无效", haunt: true,
			before: map[string]game.TraitState{game.Might: ts(0, 0)}, act: restore(game.Might), err: "err_dead", kind: game.Conflict},
	})
}

// Before the game starts nobody's clips move (seed 000, 开局: the clips go to
// the green values and play begins with the start player).
func TestTraitActionsNeedAStartedGame(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 开局 l.81-87: 将塑胶别针指向…基本值 then the start player begins"
	s := lobby(t, "ox-bellows", "missy-dubourde")
	for _, a := range []game.Action{game.StepTrait{Trait: game.Might, Delta: 1}, game.SetTrait{Trait: game.Might, Position: intp(4)}, game.TakeDamage{Kind: "physical", Split: map[string]int{game.Might: 1}}, game.RestoreTrait{Trait: game.Might}} {
		if ge := refusal(t, s, seatActor(1), a); ge.Key != "err_not_started" || ge.Kind != game.Conflict {
			t.Errorf("%s: %s refused with %s", rule, a.ActionType(), ge.Key)
		}
	}
	for _, a := range []game.Action{game.EndTurn{}, game.SetPhase{Phase: game.PhaseHaunt}} {
		if ge := refusal(t, s, hostActor, a); ge.Key != "err_not_started" || ge.Kind != game.Conflict {
			t.Errorf("%s: %s refused with %s", rule, a.ActionType(), ge.Key)
		}
	}
}

// A new seat's clips start on the green values of its explorer.
func TestJoinedSeatStartsOnGreenValues(t *testing.T) {
	t.Parallel()
	const rule = "seed 000, 开局 l.81-83: 将塑胶别针指向该人物各项能力trait的基本值(绿数字)"
	s := lobby(t, sixExplorers...)
	for i, ex := range sixExplorers {
		seat := s.SeatByID(i + 1)
		for _, tr := range game.Traits {
			if got, want := seat.Traits[tr], ts(start(t, ex, tr), 0); got != want {
				t.Errorf("%s: %s %s = %+v, want %+v", rule, ex, tr, got, want)
			}
		}
		for _, tr := range game.Traits {
			track := seat.ExplorerData().Traits[tr].Track
			if got, want := seat.Value(tr), track[start(t, ex, tr)-1]; got != want {
				t.Errorf("%s: %s %s value %d, want %d", rule, ex, tr, got, want)
			}
		}
	}
}

// Value reads the printed number under the clip; with overflow it reads the
// top value, and the skull reads 0.
func TestValue(t *testing.T) {
	t.Parallel()
	cases := []struct {
		rule string
		at   game.TraitState
		want int
	}{
		{"seed 003, 檢定 l.197: 超出人物卡範圍的屬性其數值視同人物卡上該屬性的最大值", ts(8, 3), 8},
		{"seed 000, 开局 l.81-83: the clip shows the printed value", ts(8, 0), 8},
		{"seed 000, 开局 l.81-83: the clip shows the printed value", ts(1, 0), 4},
		{"seed 000, 5. 袭击 l.223: the skull has no value", ts(0, 0), 0},
	}
	// Ox Bellows' might track is 4 5 5 6 6 7 8 8.
	for _, c := range cases {
		seat := &game.Seat{Explorer: "ox-bellows", Traits: map[string]game.TraitState{game.Might: c.at}}
		if got := seat.Value(game.Might); got != c.want {
			t.Errorf("%s: Value at %+v = %d, want %d", c.rule, c.at, got, c.want)
		}
	}
}
