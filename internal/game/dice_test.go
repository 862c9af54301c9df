package game_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// ---- helpers shared by dice_test.go and haunt_test.go ----

// scriptedRandom answers Intn from a script, each value taken modulo n; once
// the script runs out it answers 0. It records every n asked.
type scriptedRandom struct {
	vals  []int
	asked []int
}

func (r *scriptedRandom) Intn(n int) int {
	r.asked = append(r.asked, n)
	if len(r.vals) == 0 {
		return 0
	}
	v := r.vals[0]
	r.vals = r.vals[1:]
	return v % n
}

// facesRandom makes RollDice produce exactly these faces. It alternates the
// two die faces that show each value (DieFaces has each of 0, 1, 2 twice).
func facesRandom(faces ...int) *scriptedRandom {
	r := &scriptedRandom{}
	for i, f := range faces {
		r.vals = append(r.vals, 2*f+i%2)
	}
	return r
}

// pcgRandom is a seeded, reproducible Random.
type pcgRandom struct{ r *rand.Rand }

func newPCG(seed uint64) *pcgRandom {
	return &pcgRandom{rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

func (p *pcgRandom) Intn(n int) int { return p.r.IntN(n) }

// fullView extends stateView with the dice, omen and haunt state that
// stateView predates.
type fullView struct {
	stateView
	Rolls     []game.RollRecord
	Omens     []game.OmenDraw
	Owed      []int
	MeantToBe map[int]int
	Haunt     *game.HauntState
}

func fullSnapshot(s *game.State) fullView {
	v := fullView{stateView: snapshot(s)}
	for _, r := range s.Rolls {
		r.Faces = slices.Clone(r.Faces)
		r.Modifiers = slices.Clone(r.Modifiers)
		v.Rolls = append(v.Rolls, r)
	}
	v.Omens = append(v.Omens, s.Omens...)
	v.Owed = append(v.Owed, s.OwedHauntRolls...)
	v.MeantToBe = map[int]int{}
	for k, x := range s.MeantToBe {
		v.MeantToBe[k] = x
	}
	if s.Haunt != nil {
		h := *s.Haunt
		h.Tokens = map[int]int{}
		for k, x := range s.Haunt.Tokens {
			h.Tokens[k] = x
		}
		h.Shown = map[int]int{}
		for k, x := range s.Haunt.Shown {
			h.Shown[k] = x
		}
		h.Decision.Candidates = slices.Clone(s.Haunt.Decision.Candidates)
		h.Decision.Tied = slices.Clone(s.Haunt.Decision.Tied)
		v.Haunt = &h
	}
	return v
}

// mustRefuse is wantRefusal that also checks the dice, omen and haunt state
// stayed as they were.
func mustRefuse(t testing.TB, s *game.State, actor game.Actor, a game.Action, key string, kind game.ErrorKind) {
	t.Helper()
	before := fullSnapshot(s)
	wantRefusal(t, s, actor, a, key, kind)
	if after := fullSnapshot(s); !reflect.DeepEqual(before, after) {
		t.Errorf("refused %s changed the state:\nbefore %+v\nafter  %+v", a.ActionType(), before, after)
	}
}

// sameFullState fails when two states differ in anything observable,
// including dice, omens and the haunt.
func sameFullState(t testing.TB, got, want *game.State) {
	t.Helper()
	if g, w := fullSnapshot(got), fullSnapshot(want); !reflect.DeepEqual(g, w) {
		t.Errorf("states differ:\ngot  %+v\nwant %+v", g, w)
	}
}

func pow3(n int) int64 {
	p := int64(1)
	for range n {
		p *= 3
	}
	return p
}

// bruteDistribution enumerates all 3^n outcomes.
func bruteDistribution(n int) []int64 {
	dist := make([]int64, 2*n+1)
	for code := int64(0); code < pow3(n); code++ {
		total, c := 0, code
		for range n {
			total += int(c % 3)
			c /= 3
		}
		dist[total]++
	}
	return dist
}

// ---- dice maths ----

func TestDieFaces(t *testing.T) {
	t.Parallel()
	const rule = "seed 001 l.1654: 兩面是沒有點數，兩面一點，最後兩面是兩點"
	got := slices.Clone(game.DieFaces[:])
	sort.Ints(got)
	if !slices.Equal(got, []int{0, 0, 1, 1, 2, 2}) {
		t.Errorf("%s: faces %v", rule, game.DieFaces)
	}
	if game.MaxDice != 8 {
		t.Errorf("seed 000 l.21: 游戏骰子dice 8颗; MaxDice = %d", game.MaxDice)
	}
}

func TestDistribution(t *testing.T) {
	t.Parallel()
	const rule = "seed 001 l.1654: each die shows 0, 1 or 2 on two faces each, so 3^n equally likely outcomes"
	for n := 0; n <= game.MaxDice; n++ {
		d := game.Distribution(n)
		if len(d) != 2*n+1 {
			t.Errorf("%s: Distribution(%d) has %d totals, want %d", rule, n, len(d), 2*n+1)
		}
		var sum int64
		for total, ways := range d {
			sum += ways
			if ways != d[len(d)-1-total] {
				t.Errorf("%s: Distribution(%d) not symmetric at %d", rule, n, total)
			}
		}
		if sum != pow3(n) {
			t.Errorf("%s: Distribution(%d) sums to %d, want 3^%d = %d", rule, n, sum, n, pow3(n))
		}
		if want := bruteDistribution(n); !slices.Equal(d, want) {
			t.Errorf("%s: Distribution(%d) = %v, enumeration gives %v", rule, n, d, want)
		}
	}
	for n, want := range map[int][]int64{1: {1, 1, 1}, 2: {1, 2, 3, 2, 1}, 3: {1, 3, 6, 7, 6, 3, 1}} {
		if got := game.Distribution(n); !slices.Equal(got, want) {
			t.Errorf("%s: Distribution(%d) = %v, want %v", rule, n, got, want)
		}
	}
	if d := game.Distribution(6); d[0] != 1 || d[1] != 6 || d[2] != 21 {
		t.Errorf("%s: 6 dice: totals 0,1,2 have %v ways, want 1, 6, 21", rule, d[:3])
	}
}

func TestChances(t *testing.T) {
	t.Parallel()
	const eps = 1e-12
	cases := []struct {
		name string
		rule string
		got  float64
		want float64
	}{
		{"1 die ≥ 1", "seed 000 能力考验 l.165: 点数大过或等于考验值 → pass; 4 of 6 faces are 1 or 2", game.ChanceAtLeast(1, 0, 1), 2.0 / 3},
		{"1 die ≥ 2", "seed 001 l.1654: two faces of 2", game.ChanceAtLeast(1, 0, 2), 1.0 / 3},
		{"1 die ≥ 3", "seed 001 l.1654: a die shows at most 2", game.ChanceAtLeast(1, 0, 3), 0},
		{"2 dice ≥ 4", "seed 001 l.1654: only 2+2", game.ChanceAtLeast(2, 0, 4), 1.0 / 9},
		{"2 dice ≥ 3", "seed 001 l.1654: 1+2, 2+1, 2+2", game.ChanceAtLeast(2, 0, 3), 3.0 / 9},
		{"target 0 always passes", "seed 000 l.165", game.ChanceAtLeast(3, 0, 0), 1},
		{"negative target always passes", "seed 000 l.165", game.ChanceAtLeast(3, 0, -2), 1},
		{"8 dice ≥ 16", "seed 000 l.693: 最多8颗; all eight show 2", game.ChanceAtLeast(8, 0, 16), 1 / 6561.0},
		{"8 dice ≥ 17", "seed 000 l.693: at most 16 on 8 dice", game.ChanceAtLeast(8, 0, 17), 0},
		{"Adrenaline: 1 die + 4 ≥ 5", "seed 000 l.585-587: 掷骰的结果即增加4点", game.ChanceAtLeast(1, 4, 5), 2.0 / 3},
		{"Adrenaline: 0 dice + 4 ≥ 4", "seed 000 l.585-587", game.ChanceAtLeast(0, 4, 4), 1},
		{"no dice, no bonus, target 1", "seed 000 l.165", game.ChanceAtLeast(0, 0, 1), 0},
		{"haunt: 6 dice < 3", "seed 000 作祟 l.255-261: 6 dice, haunt if total < omens; (1+6+21)/729", game.ChanceBelow(6, 3), 28.0 / 729},
		{"haunt: 6 dice < 1", "seed 000 作祟 l.261", game.ChanceBelow(6, 1), 1.0 / 729},
		{"haunt: 6 dice < 0 never", "seed 000 作祟 l.261", game.ChanceBelow(6, 0), 0},
		{"haunt: 6 dice < 13 always", "seed 000 作祟 l.261: 13 omens beat any 6-dice total", game.ChanceBelow(6, 13), 1},
		{"below complements at-least", "seed 000 l.165 / 作祟 l.261", game.ChanceBelow(5, 4) + game.ChanceAtLeast(5, 0, 4), 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if d := c.got - c.want; d > eps || d < -eps {
				t.Errorf("%s: got %.15f, want %.15f", c.rule, c.got, c.want)
			}
		})
	}
	// ChanceAtLeast against the enumeration, for every dice count, bonus and
	// target in range.
	for n := 0; n <= game.MaxDice; n++ {
		dist := bruteDistribution(n)
		for bonus := 0; bonus <= 4; bonus += 4 {
			for target := 0; target <= 2*n+bonus+1; target++ {
				var good int64
				for total, ways := range dist {
					if total+bonus >= target {
						good += ways
					}
				}
				want := float64(good) / float64(pow3(n))
				if got := game.ChanceAtLeast(n, bonus, target); got-want > eps || want-got > eps {
					t.Errorf("ChanceAtLeast(%d, %d, %d) = %v, want %v", n, bonus, target, got, want)
				}
			}
		}
	}
}

func TestRollDice(t *testing.T) {
	t.Parallel()
	const rule = "seed 001 l.1654: faces 0, 0, 1, 1, 2, 2"
	// Each of the six faces maps to its value.
	r := &scriptedRandom{vals: []int{0, 1, 2, 3, 4, 5}}
	if got := game.RollDice(r, 6); !slices.Equal(got, []int{0, 0, 1, 1, 2, 2}) {
		t.Errorf("%s: faces %v", rule, got)
	}
	if !slices.Equal(r.asked, []int{6, 6, 6, 6, 6, 6}) {
		t.Errorf("%s: RollDice asked Intn(%v), want Intn(6) per die", rule, r.asked)
	}
	if got := game.RollDice(&scriptedRandom{}, 0); len(got) != 0 {
		t.Errorf("0 dice rolled %v", got)
	}
	if got := game.RollDice(facesRandom(2, 0, 1, 2), 4); !slices.Equal(got, []int{2, 0, 1, 2}) {
		t.Errorf("facesRandom helper: %v", got)
	}
	// Whatever the source says, a die shows 0, 1 or 2, and every face turns up.
	seen := map[int]int{}
	p := newPCG(1)
	for range 2000 {
		for _, f := range game.RollDice(p, game.MaxDice) {
			if f < 0 || f > 2 {
				t.Fatalf("%s: face %d", rule, f)
			}
			seen[f]++
		}
	}
	for f := 0; f <= 2; f++ {
		if seen[f] < 4000 { // expected ≈ 5333 of 16000
			t.Errorf("%s: face %d came up %d times in 16000 dice", rule, f, seen[f])
		}
	}
}

func TestShuffle(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 l.73 内奸: 编号从1到玩家人数…洗混之后秘密发给每个玩家"
	for n := 0; n <= game.MaxSeats; n++ {
		for seed := uint64(0); seed < 50; seed++ {
			p := game.Shuffle(newPCG(seed), n)
			got := slices.Clone(p)
			sort.Ints(got)
			for i := range got {
				if got[i] != i+1 {
					t.Fatalf("%s: Shuffle(%d) = %v, not a permutation of 1..%d", rule, n, p, n)
				}
			}
			if len(got) != n {
				t.Fatalf("%s: Shuffle(%d) = %v", rule, n, p)
			}
		}
	}
	// Fisher–Yates asks for j in [0, i] for i = n-1 .. 1.
	r := &scriptedRandom{}
	if got := game.Shuffle(r, 4); !slices.Equal(got, []int{2, 3, 4, 1}) || !slices.Equal(r.asked, []int{4, 3, 2}) {
		t.Errorf("Shuffle with all-zero draws = %v (asked %v), want [2 3 4 1] (asked [4 3 2])", got, r.asked)
	}
	// Every permutation of 3 turns up.
	perms := map[[3]int]bool{}
	p := newPCG(7)
	for range 600 {
		s := game.Shuffle(p, 3)
		perms[[3]int{s[0], s[1], s[2]}] = true
	}
	if len(perms) != 6 {
		t.Errorf("%s: only %d of 6 permutations of 3 in 600 shuffles", rule, len(perms))
	}
}

// ---- the roll action ----

// rollBoard is the table for roll tests: seat 1 Ox Bellows (speed 4, might
// 5, sanity 3, knowledge 3), seat 2 Missy Dubourde (speed 5, might 3,
// sanity 3, knowledge 4), seat 3 Peter Akimoto; seat 1 to play.
func rollBoard(t testing.TB) *game.State {
	t.Helper()
	s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
	want := map[int]map[string]int{
		1: {game.Speed: 4, game.Might: 5, game.Sanity: 3, game.Knowledge: 3},
		2: {game.Speed: 5, game.Might: 3, game.Sanity: 3, game.Knowledge: 4},
	}
	for id, traits := range want {
		for tr, v := range traits {
			if got := s.SeatByID(id).Value(tr); got != v {
				t.Fatalf("rollBoard: seat %d %s = %d, want %d", id, tr, got, v)
			}
		}
	}
	return s
}

// storeMeantToBe stores an "It Is Meant to Be" result for a seat.
func storeMeantToBe(t testing.TB, s *game.State, seatID int, faces ...int) {
	t.Helper()
	do(t, s, seatActor(seatID), game.Roll{Purpose: game.ModMeantToBe, Faces: faces})
}

func mods(m ...string) []string { return m }

func TestRoll(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State)
		holds []string // cards the rolling seat draws first (item modifiers must be held)
		actor game.Actor
		act   game.Roll
		dice  []int // faces the server's dice show
		// want
		seat      int // seat id of the roll (default the actor's)
		wantDice  int
		wantFaces []int
		total     int
		bonus     int
		manual    bool
		success   bool
		purpose   string
		err       string
		kind      game.ErrorKind
	}{
		// Trait rolls.
		{name: "trait roll rolls the trait's value", rule: "seed 000 能力考验 l.165: 根据人物某项能力的数值，掷相同数量的游戏骰子; seed 003 檢定 l.193",
			actor: seatActor(1), act: game.Roll{Trait: game.Might}, dice: []int{2, 1, 0, 2, 1},
			wantDice: 5, wantFaces: []int{2, 1, 0, 2, 1}, total: 6, success: true, purpose: "trait"},
		{name: "trait roll meets its target", rule: "seed 000 能力考验 l.165: 点数大过或等于考验值，则人物通过考验",
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Need: 6, Faces: []int{2, 1, 0, 2, 1}},
			wantDice: 5, wantFaces: []int{2, 1, 0, 2, 1}, total: 6, manual: true, success: true, purpose: "trait"},
		{name: "trait roll misses its target", rule: "seed 000 能力考验 l.165",
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Need: 7, Faces: []int{2, 1, 0, 2, 1}},
			wantDice: 5, wantFaces: []int{2, 1, 0, 2, 1}, total: 6, manual: true, purpose: "trait"},
		{name: "trait roll reads the value, not the clip position", rule: "seed 003 檢定 l.193: 擲等同於你探險者現在該屬性的數目的骰子",
			setup: func(t testing.TB, s *game.State) {
				force(t, s, 1, map[string]game.TraitState{game.Might: {Position: 8}}) // Ox might track tops at 8
			},
			actor: seatActor(1), act: game.Roll{Trait: game.Might}, dice: []int{1, 1, 1, 1, 1, 1, 1, 1},
			wantDice: 8, wantFaces: []int{1, 1, 1, 1, 1, 1, 1, 1}, total: 8, success: true, purpose: "trait"},
		{name: "overflow reads as the top value", rule: "seed 003 檢定 l.197: 超出人物卡範圍的屬性其數值視同人物卡上該屬性的最大值",
			setup: func(t testing.TB, s *game.State) {
				force(t, s, 1, map[string]game.TraitState{game.Sanity: {Position: 8, Overflow: 3}}) // sanity top 7
			},
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Total: intp(14)},
			wantDice: 7, total: 14, manual: true, success: true, purpose: "trait"},
		{name: "typed-in total", rule: "app: real dice on the table, total typed in (seed 000 l.165)",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Total: intp(5), Need: 5},
			wantDice: 3, total: 5, manual: true, success: true, purpose: "trait"},
		{name: "typed-in total of zero", rule: "seed 001 l.1654: blanks total 0",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Total: intp(0), Need: 1},
			wantDice: 3, total: 0, manual: true, purpose: "trait"},
		{name: "typed-in total above 2 per die", rule: "seed 001 l.1654: a die shows at most 2",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Total: intp(7)}, err: "err_total_range", kind: game.Invalid},
		{name: "typed-in negative total", rule: "seed 001 l.1654: a die shows at least 0",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Total: intp(-1)}, err: "err_total_range", kind: game.Invalid},
		{name: "typed-in faces win over a total", rule: "app: faces are the more precise record",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Faces: []int{0, 0, 1}, Total: intp(6)},
			wantDice: 3, wantFaces: []int{0, 0, 1}, total: 1, manual: true, success: true, purpose: "trait"},
		{name: "too few faces", rule: "seed 000 l.165: as many dice as the trait value",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Faces: []int{1, 1}}, err: "err_faces_count", kind: game.Invalid},
		{name: "too many faces", rule: "seed 000 l.165",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Faces: []int{1, 1, 1, 1}}, err: "err_faces_count", kind: game.Invalid},
		{name: "no faces at all", rule: "seed 000 l.165",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Faces: []int{}}, err: "err_faces_count", kind: game.Invalid},
		{name: "face of 3", rule: "seed 001 l.1654: faces are 0, 1, 2",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Faces: []int{1, 3, 1}}, err: "err_face_value", kind: game.Invalid},
		{name: "face of -1", rule: "seed 001 l.1654",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Faces: []int{1, -1, 1}}, err: "err_face_value", kind: game.Invalid},
		{name: "unknown trait", rule: "seed 000 l.163: the four traits",
			actor: seatActor(1), act: game.Roll{Trait: "luck"}, err: "err_bad_trait", kind: game.Invalid},

		// Plain dice rolls.
		{name: "plain dice roll", rule: "seed 002 l.73 FAQ: 承受一颗骰子的肉体伤害 — roll a number of dice",
			actor: seatActor(1), act: game.Roll{Dice: 2, Faces: []int{2, 2}},
			wantDice: 2, wantFaces: []int{2, 2}, total: 4, manual: true, success: true, purpose: "free"},
		{name: "plain roll for a room", rule: "seed 000 l.171: rooms ask for rolls",
			actor: seatActor(1), act: game.Roll{Dice: 1, Purpose: "room"}, dice: []int{2},
			wantDice: 1, wantFaces: []int{2}, total: 2, success: true, purpose: "room"},
		{name: "no dice", rule: "seed 000 l.21: 1 to 8 dice",
			actor: seatActor(1), act: game.Roll{}, err: "err_dice_count", kind: game.Invalid},
		{name: "nine dice", rule: "seed 000 l.21: 游戏骰子dice 8颗",
			actor: seatActor(1), act: game.Roll{Dice: 9}, err: "err_dice_count", kind: game.Invalid},
		{name: "a roll can't pose as the haunt roll", rule: "seed 000 作祟 l.251-255: the haunt roll follows an omen (haunt_roll action)",
			actor: seatActor(1), act: game.Roll{Dice: 6, Purpose: "haunt", Total: intp(0)}, err: "err_bad_purpose", kind: game.Invalid},
		{name: "unknown purpose", rule: "app: known purposes only",
			actor: seatActor(1), act: game.Roll{Dice: 2, Purpose: "attack"}, err: "err_bad_purpose", kind: game.Invalid},
		{name: "target above any total", rule: "seed 000 l.21 + l.585: at most 8 dice + 4",
			actor: seatActor(1), act: game.Roll{Dice: 2, Need: 21}, err: "err_bad_target", kind: game.Invalid},
		{name: "negative target", rule: "seed 000 l.165",
			actor: seatActor(1), act: game.Roll{Dice: 2, Need: -1}, err: "err_bad_target", kind: game.Invalid},

		// Candle (an item: the rolling seat must hold it).
		{name: "candle adds a die on an event roll", rule: "seed 000 l.693: 因翻开事件牌后而需作能力考验时，可多掷1颗",
			holds: mods(game.ModCandle),
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Purpose: "event", Modifiers: mods(game.ModCandle), Faces: []int{1, 1, 1, 1}},
			wantDice: 4, wantFaces: []int{1, 1, 1, 1}, total: 4, manual: true, success: true, purpose: "event"},
		{name: "candle caps at 8 dice", rule: "seed 000 l.693: (骰子数目最多8颗)",
			setup: func(t testing.TB, s *game.State) {
				force(t, s, 1, map[string]game.TraitState{game.Might: {Position: 8}})
			},
			holds: mods(game.ModCandle),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Purpose: "event", Modifiers: mods(game.ModCandle)}, dice: []int{2, 2, 2, 2, 2, 2, 2, 2},
			wantDice: 8, wantFaces: []int{2, 2, 2, 2, 2, 2, 2, 2}, total: 16, success: true, purpose: "event"},
		{name: "candle on a trait roll not from an event", rule: "seed 000 l.693: only rolls an event card asks for",
			holds: mods(game.ModCandle),
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModCandle)}, err: "err_modifier_event_only", kind: game.Invalid},
		{name: "candle on a room roll", rule: "seed 000 l.693",
			holds: mods(game.ModCandle),
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Purpose: "room", Modifiers: mods(game.ModCandle)}, err: "err_modifier_event_only", kind: game.Invalid},
		{name: "candle not held", rule: "seed 000 l.181-183: 物品牌…由玩家保有…玩家可依据牌上的指示，行使该物件的效用 — only your own cards",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Purpose: "event", Modifiers: mods(game.ModCandle)}, err: "err_not_holding", kind: game.Conflict},
		{name: "candle held by another seat", rule: "seed 000 l.181-183: the holder uses the card",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, game.ModCandle) },
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Purpose: "event", Modifiers: mods(game.ModCandle)}, err: "err_not_holding", kind: game.Conflict},
		{name: "candle on a plain event roll of dice", rule: "seed 000 l.693: 能力考验trait roll; seed 002 l.73 FAQ: Candle concerns 能力考验 only",
			holds: mods(game.ModCandle),
			actor: seatActor(1), act: game.Roll{Dice: 2, Purpose: "event", Modifiers: mods(game.ModCandle)}, err: "err_trait_roll_only", kind: game.Invalid},

		// A Moment of Hope.
		{name: "hope before the haunt", rule: "seed 000 l.1189: 英雄Hero…可多掷1颗 — there are heroes only after the haunt",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModMomentOfHope)}, err: "err_modifier_heroes_only", kind: game.Invalid},
		{name: "hope adds a die for a hero", rule: "seed 000 l.1189: 英雄Hero在这房间内进行任何能力考验时，可多掷1颗",
			setup: func(t testing.TB, s *game.State) { revealHaunt(t, s, 1, 1) }, // The Mummy Walks: the revealer (seat 1) is the traitor
			actor: seatActor(2), act: game.Roll{Trait: game.Knowledge, Modifiers: mods(game.ModMomentOfHope), Total: intp(10)},
			wantDice: 5, total: 10, manual: true, success: true, purpose: "trait"},
		{name: "hope caps at 8 dice", rule: "seed 000 l.1189-1191: (骰子数目最多8颗)",
			setup: func(t testing.TB, s *game.State) {
				revealHaunt(t, s, 1, 1)
				force(t, s, 2, map[string]game.TraitState{game.Knowledge: {Position: 8}}) // Missy knowledge 6
			},
			holds: mods(game.ModCandle),
			actor: seatActor(2), act: game.Roll{Trait: game.Knowledge, Purpose: "event", Modifiers: mods(game.ModMomentOfHope, game.ModCandle), Total: intp(16)},
			wantDice: 8, total: 16, manual: true, success: true, purpose: "event"},
		{name: "no hope for the traitor", rule: "seed 002 l.73 FAQ: MomentofHope也会影响奸徒吗,不会",
			setup: func(t testing.TB, s *game.State) { revealHaunt(t, s, 1, 1) },
			actor: seatActor(1), act: game.Roll{Trait: game.Knowledge, Modifiers: mods(game.ModMomentOfHope)}, err: "err_modifier_heroes_only", kind: game.Invalid},
		{name: "hope on a plain roll of dice", rule: "seed 000 l.1189: 能力考验时; seed 002 l.73 FAQ: AMomentofHope…涉及“能力考验”",
			setup: func(t testing.TB, s *game.State) { revealHaunt(t, s, 1, 1) },
			actor: seatActor(2), act: game.Roll{Dice: 3, Modifiers: mods(game.ModMomentOfHope)}, err: "err_trait_roll_only", kind: game.Invalid},
		{name: "hope once the phase is set to the haunt by hand", rule: "seed 000 l.1189: every hero — with no traitor named, everyone is a hero",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
			},
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModMomentOfHope), Total: intp(8)},
			wantDice: 4, total: 8, manual: true, success: true, purpose: "trait"},
		{name: "no hope for a seat moved to the traitor's side", rule: "seed 002 l.73 FAQ: 卡牌应该写“每个英雄” — not the traitor's side",
			setup: func(t testing.TB, s *game.State) {
				revealHaunt(t, s, 1, 1)
				before := map[string]game.TraitState{game.Might: s.SeatByID(3).Traits[game.Might]}
				kill(t, s, 3)
				do(t, s, hostActor, game.JoinTraitor{Seat: 3})
				force(t, s, 3, before) // a haunt brings them back for the traitor
			},
			actor: seatActor(3), act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModMomentOfHope)}, err: "err_modifier_heroes_only", kind: game.Invalid},

		// Drip… Drip… Drip…
		{name: "drip takes a die away", rule: "seed 000 l.1323: 将少掷1颗游戏骰",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModDrip), Faces: []int{2, 2}},
			wantDice: 2, wantFaces: []int{2, 2}, total: 4, manual: true, success: true, purpose: "trait"},
		{name: "drip never below one die", rule: "seed 000 l.1323: (骰子数目最少仍有1颗)",
			setup: func(t testing.TB, s *game.State) {
				force(t, s, 2, map[string]game.TraitState{game.Sanity: {Position: 1}}) // Missy sanity 1
			},
			actor: seatActor(2), act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModDrip)}, dice: []int{1},
			wantDice: 1, wantFaces: []int{1}, total: 1, success: true, purpose: "trait"},
		{name: "drip and candle cancel out", rule: "seed 000 l.693 + l.1323",
			holds: mods(game.ModCandle),
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Purpose: "event", Modifiers: mods(game.ModCandle, game.ModDrip), Total: intp(2)},
			wantDice: 3, total: 2, manual: true, success: true, purpose: "event"},
		{name: "drip's floor after the candle, at 1 die", rule: "seed 000 l.1323: (骰子数目最少仍有1颗) applies to the final count: 1 + 1 − 1 = 1",
			setup: func(t testing.TB, s *game.State) {
				force(t, s, 2, map[string]game.TraitState{game.Sanity: {Position: 1}}) // Missy sanity 1
				turnTo(t, s, 2)                                                        // the Candle is used on your own turn
			},
			holds: mods(game.ModCandle),
			actor: seatActor(2), act: game.Roll{Trait: game.Sanity, Purpose: "event", Modifiers: mods(game.ModDrip, game.ModCandle), Total: intp(2)},
			wantDice: 1, total: 2, manual: true, success: true, purpose: "event"},
		{name: "drip on a plain roll of dice", rule: "seed 000 l.1323: 能力考验时; seed 002 l.73 FAQ",
			actor: seatActor(1), act: game.Roll{Dice: 3, Modifiers: mods(game.ModDrip)}, err: "err_trait_roll_only", kind: game.Invalid},

		// Adrenaline Shot.
		{name: "adrenaline adds 4 to typed faces", rule: "seed 000 l.585-587: 掷骰的结果即增加4点",
			holds: mods(game.ModAdrenaline),
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModAdrenaline), Faces: []int{1, 1, 0}, Need: 6},
			wantDice: 3, wantFaces: []int{1, 1, 0}, total: 6, bonus: 4, manual: true, success: true, purpose: "trait"},
		{name: "adrenaline adds 4 to a typed total", rule: "seed 000 l.585-587",
			holds: mods(game.ModAdrenaline),
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModAdrenaline), Total: intp(2)},
			wantDice: 3, total: 6, bonus: 4, manual: true, success: true, purpose: "trait"},
		{name: "adrenaline adds 4 to the server's dice", rule: "seed 000 l.585-587",
			holds: mods(game.ModAdrenaline),
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModAdrenaline), Need: 11}, dice: []int{2, 2, 2},
			wantDice: 3, wantFaces: []int{2, 2, 2}, total: 10, bonus: 4, purpose: "trait"},
		{name: "typed total is checked before the bonus", rule: "seed 001 l.1654: the dice alone show at most 2 each",
			holds: mods(game.ModAdrenaline),
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModAdrenaline), Total: intp(10)}, err: "err_total_range", kind: game.Invalid},
		{name: "adrenaline not held", rule: "seed 000 l.585: 人物…可选择使用这物品 — their own item",
			actor: seatActor(1), act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModAdrenaline)}, err: "err_not_holding", kind: game.Conflict},
		{name: "adrenaline on a plain roll of dice", rule: "seed 000 l.585: 任何能力考验trait roll前; seed 002 l.73 FAQ: 战斗不算是能力考验",
			holds: mods(game.ModAdrenaline),
			actor: seatActor(1), act: game.Roll{Dice: 2, Modifiers: mods(game.ModAdrenaline)}, err: "err_trait_roll_only", kind: game.Invalid},

		// Angel Feather.
		{name: "angel feather: choose 0", rule: "seed 000 l.605-607: 即不用掷骰，其结果作0至8点(玩家拣选)",
			holds: mods(game.ModAngelFeather),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModAngelFeather), Choose: intp(0)},
			wantDice: 0, total: 0, success: true, purpose: "trait"},
		{name: "angel feather: choose 8 meets 8", rule: "seed 000 l.605-607",
			holds: mods(game.ModAngelFeather),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Need: 8, Modifiers: mods(game.ModAngelFeather), Choose: intp(8)},
			wantDice: 0, total: 8, success: true, purpose: "trait"},
		{name: "angel feather on any roll", rule: "seed 000 l.603: 每当人物需要进行任何掷骰前",
			holds: mods(game.ModAngelFeather),
			actor: seatActor(1), act: game.Roll{Dice: 1, Modifiers: mods(game.ModAngelFeather), Choose: intp(5)},
			wantDice: 0, total: 5, success: true, purpose: "free"},
		{name: "angel feather out of turn", rule: "seed 002 l.73 FAQ: 回合之外能使用的只有物品卡AngelFeather,LuckyStone,和预兆卡Skull",
			holds: mods(game.ModAngelFeather),
			actor: seatActor(2), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModAngelFeather), Choose: intp(6)},
			wantDice: 0, total: 6, success: true, purpose: "trait"},
		{name: "angel feather: choose 9", rule: "seed 000 l.607: 0至8点",
			holds: mods(game.ModAngelFeather),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModAngelFeather), Choose: intp(9)}, err: "err_choose_result", kind: game.Invalid},
		{name: "angel feather: choose -1", rule: "seed 000 l.607: 0至8点",
			holds: mods(game.ModAngelFeather),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModAngelFeather), Choose: intp(-1)}, err: "err_choose_result", kind: game.Invalid},
		{name: "angel feather: nothing chosen", rule: "seed 000 l.607: (玩家拣选)",
			holds: mods(game.ModAngelFeather),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModAngelFeather)}, err: "err_choose_result", kind: game.Invalid},
		{name: "angel feather not held", rule: "seed 000 l.603: 人物…可选择使用这物品 — their own item",
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModAngelFeather), Choose: intp(3)}, err: "err_not_holding", kind: game.Conflict},
		{name: "angel feather and adrenaline clash", rule: "seed 000 l.605-607 (结果作0至8点) vs l.585-587 (结果即增加4点): the feather replaces the result",
			holds: mods(game.ModAngelFeather, game.ModAdrenaline),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModAngelFeather, game.ModAdrenaline), Choose: intp(3)}, err: "err_modifier_clash", kind: game.Invalid},

		// It Is Meant to Be.
		{name: "meant to be stores 4 dice", rule: "seed 002 l.73 FAQ: ItisMeanttoBe卡牌允许你掷4颗骰子并记录下结果",
			actor: seatActor(1), act: game.Roll{Purpose: game.ModMeantToBe, Faces: []int{2, 2, 1, 0}},
			wantDice: 4, wantFaces: []int{2, 2, 1, 0}, total: 5, manual: true, success: true, purpose: game.ModMeantToBe},
		{name: "meant to be rolls 4 whatever the trait", rule: "seed 002 l.73 FAQ: 掷4颗骰子",
			actor: seatActor(1), act: game.Roll{Purpose: game.ModMeantToBe, Trait: game.Might, Dice: 2}, dice: []int{1, 1, 1, 1},
			wantDice: 4, wantFaces: []int{1, 1, 1, 1}, total: 4, success: true, purpose: game.ModMeantToBe},
		{name: "meant to be takes no modifiers when stored", rule: "seed 002 l.73 FAQ: the card's own 4-dice roll",
			holds: mods(game.ModAdrenaline),
			actor: seatActor(1), act: game.Roll{Purpose: game.ModMeantToBe, Modifiers: mods(game.ModAdrenaline)}, err: "err_modifier_clash", kind: game.Invalid},
		{name: "stored result replaces a trait roll", rule: "seed 003 l.187: 存起來的擲骰結果只能在你自己要擲骰時使用",
			setup: func(t testing.TB, s *game.State) { storeMeantToBe(t, s, 1, 2, 2, 1, 0) },
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Need: 5, Modifiers: mods(game.ModMeantToBe)},
			wantDice: 0, total: 5, success: true, purpose: "trait"},
		{name: "stored result plus adrenaline", rule: "seed 003 l.187 + seed 000 l.585-587",
			setup: func(t testing.TB, s *game.State) { storeMeantToBe(t, s, 1, 2, 2, 1, 0) },
			holds: mods(game.ModAdrenaline),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModMeantToBe, game.ModAdrenaline)},
			wantDice: 0, total: 9, bonus: 4, success: true, purpose: "trait"},
		{name: "no stored result", rule: "seed 003 l.187",
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModMeantToBe)}, err: "err_no_stored_roll", kind: game.Conflict},
		{name: "another seat's stored result is not yours", rule: "seed 003 l.187: 只能在你自己要擲骰時使用",
			setup: func(t testing.TB, s *game.State) { storeMeantToBe(t, s, 1, 2, 2, 1, 0) },
			actor: seatActor(2), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModMeantToBe)}, err: "err_no_stored_roll", kind: game.Conflict},
		{name: "stored result and angel feather clash", rule: "seed 000 l.607 / seed 003 l.187: each replaces the dice",
			setup: func(t testing.TB, s *game.State) { storeMeantToBe(t, s, 1, 2, 2, 1, 0) },
			holds: mods(game.ModAngelFeather),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModMeantToBe, game.ModAngelFeather), Choose: intp(3)}, err: "err_modifier_clash", kind: game.Invalid},

		// Modifier lists.
		{name: "unknown modifier", rule: "app: modifiers are named by their cards",
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods("horseshoe")}, err: "err_unknown_modifier", kind: game.Invalid},
		{name: "reroll cards are not roll modifiers", rule: "seed 000 l.747 / l.803: 在掷出结果后 — used after the roll",
			holds: mods(game.ModLuckyStone),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModLuckyStone)}, err: "err_unknown_modifier", kind: game.Invalid},
		{name: "same modifier twice", rule: "seed 000 l.693: one candle, one extra die",
			holds: mods(game.ModCandle),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Purpose: "event", Modifiers: mods(game.ModCandle, game.ModCandle)}, err: "err_modifier_twice", kind: game.Invalid},
		{name: "adrenaline twice", rule: "seed 000 l.587: 使用后丢弃这牌",
			holds: mods(game.ModAdrenaline),
			actor: seatActor(1), act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModAdrenaline, game.ModAdrenaline)}, err: "err_modifier_twice", kind: game.Invalid},
		// Who rolls.
		{name: "a seat can't roll for another", rule: "seed 000 l.165: each player rolls for their own explorer",
			actor: seatActor(1), act: game.Roll{Seat: 2, Trait: game.Might}, err: "err_other_seat", kind: game.Forbidden},
		{name: "a seat names itself", rule: "seed 000 l.165",
			actor: seatActor(2), act: game.Roll{Seat: 2, Trait: game.Might, Total: intp(3)},
			wantDice: 3, total: 3, manual: true, success: true, purpose: "trait"},
		{name: "the host rolls for a seat", rule: "app: the host keeps the boards for anyone",
			actor: hostActor, act: game.Roll{Seat: 2, Trait: game.Might, Total: intp(3)}, seat: 2,
			wantDice: 3, total: 3, manual: true, success: true, purpose: "trait"},
		{name: "the host must name a seat", rule: "app: the host has no explorer",
			actor: hostActor, act: game.Roll{Trait: game.Might}, err: "err_unknown_seat", kind: game.NotFound},
		{name: "stranger", rule: "seed 000 l.77: only players roll",
			actor: seatActor(9), act: game.Roll{Trait: game.Might}, err: "err_not_seated", kind: game.Forbidden},
		{name: "the dead don't roll", rule: "seed 000 伤害: after the haunt a skull kills",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
				force(t, s, 2, map[string]game.TraitState{game.Might: {Position: 0}})
			},
			actor: seatActor(2), act: game.Roll{Dice: 2}, err: "err_dead", kind: game.Conflict},
		{name: "the host can't roll for the dead", rule: "seed 000 伤害",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
				force(t, s, 2, map[string]game.TraitState{game.Sanity: {Position: 0}})
			},
			actor: hostActor, act: game.Roll{Seat: 2, Dice: 2}, err: "err_dead", kind: game.Conflict},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := rollBoard(t)
			if c.setup != nil {
				c.setup(t, s)
			}
			seat := c.seat
			if seat == 0 {
				seat = c.actor.Seat
			}
			give(t, s, seat, c.holds...)
			a := c.act
			if c.err != "" {
				mustRefuse(t, s, c.actor, a, c.err, c.kind)
				return
			}
			r := facesRandom(c.dice...)
			s.SetRandom(r)
			rollsBefore := len(s.Rolls)
			evs := do(t, s, c.actor, a)
			// One-use cards go to the discard pile with the roll, in the
			// same group (seed 000 l.587, l.607: 使用后丢弃这牌).
			var spent []string
			for _, m := range a.Modifiers {
				if m == game.ModAdrenaline || m == game.ModAngelFeather {
					spent = append(spent, m)
				}
			}
			if len(evs) != 1+len(spent) || evs[0].Type() != game.EvRolled || evs[0].Data.(game.Rolled).Seat != seat || evs[0].Data.(game.Rolled).Roll == nil {
				t.Fatalf("%s: events %+v", c.rule, evs)
			}
			for i, m := range spent {
				e := evs[1+i]
				if e.Type() != game.EvCardMoved || e.Data.(game.CardMoved).How != "discard" || e.Data.(game.CardMoved).Card != m || e.Data.(game.CardMoved).Seat != seat || e.Data.(game.CardMoved).To != 0 || e.Data.(game.CardMoved).Room != "" || e.Group != evs[0].Seq {
					t.Errorf("%s: %s not discarded with the roll: %+v", c.rule, m, e)
				}
				if s.Holds(seat, m) || s.InDeck(m) {
					t.Errorf("%s: %s still held (%v) or back in the deck (%v) after use", c.rule, m, s.Holds(seat, m), s.InDeck(m))
				}
			}
			for _, m := range c.holds {
				if !slices.Contains(spent, m) && !s.Holds(seat, m) {
					t.Errorf("%s: %s (not one-use) was taken from the hand", c.rule, m)
				}
			}
			if len(s.Rolls) != rollsBefore+1 {
				t.Fatalf("%s: %d rolls recorded, want %d", c.rule, len(s.Rolls), rollsBefore+1)
			}
			got := s.Rolls[len(s.Rolls)-1]
			if got.Seq != evs[0].Seq || got.Seat != seat || s.LastRoll(seat) == nil || s.LastRoll(seat).Seq != got.Seq {
				t.Errorf("%s: recorded %+v for event %d", c.rule, got, evs[0].Seq)
			}
			if got.Dice != c.wantDice || !slices.Equal(got.Faces, c.wantFaces) || got.Total != c.total || got.Bonus != c.bonus ||
				got.Manual != c.manual || got.Success() != c.success || got.Purpose != c.purpose || got.Target != a.Need {
				t.Errorf("%s: roll %+v (success %v)\nwant dice %d faces %v total %d bonus %d manual %v success %v purpose %q target %d",
					c.rule, got, got.Success(), c.wantDice, c.wantFaces, c.total, c.bonus, c.manual, c.success, c.purpose, a.Need)
			}
			if !slices.Equal(got.Modifiers, a.Modifiers) {
				t.Errorf("%s: modifiers %v, want %v", c.rule, got.Modifiers, a.Modifiers)
			}
			if len(c.dice) > 0 && len(r.asked) != c.wantDice {
				t.Errorf("%s: the server rolled %d dice, want %d", c.rule, len(r.asked), c.wantDice)
			}
			if c.manual && len(r.asked) != 0 {
				t.Errorf("%s: the server rolled %d dice for a typed-in roll", c.rule, len(r.asked))
			}
		})
	}
}

// Rolls and omens happen during play (seed 000 游玩).
func TestDiceAndOmensNeedAStartedGame(t *testing.T) {
	t.Parallel()
	s := lobby(t, "ox-bellows", "missy-dubourde")
	for _, a := range []game.Action{game.Roll{Dice: 2}, game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}}, game.DrawOmen{Omen: "girl", Room: "catacombs"}, game.HauntRoll{Total: intp(0)}} {
		mustRefuse(t, s, seatActor(1), a, "err_not_started", game.Conflict)
	}
}

// "It Is Meant to Be" is stored once and used once; storing again replaces
// the stored result.
func TestMeantToBeIsUsedOnce(t *testing.T) {
	t.Parallel()
	const rule = "seed 003 l.187 / seed 002 l.73 FAQ: store a 4-dice result, use it on a later roll of your own"
	s := rollBoard(t)
	storeMeantToBe(t, s, 1, 2, 2, 2, 2)
	storeMeantToBe(t, s, 1, 0, 0, 1, 0) // a second card: the newer result counts
	if got := s.MeantToBe[1]; got != 1 {
		t.Fatalf("%s: stored %d, want 1", rule, got)
	}
	use := game.Roll{Trait: game.Speed, Modifiers: mods(game.ModMeantToBe)}
	do(t, s, seatActor(1), use)
	if r := s.LastRoll(1); r.Total != 1 || r.Dice != 0 || len(r.Faces) != 0 {
		t.Errorf("%s: used roll %+v", rule, r)
	}
	if _, ok := s.MeantToBe[1]; ok {
		t.Errorf("%s: stored result still there after use: %v", rule, s.MeantToBe)
	}
	mustRefuse(t, s, seatActor(1), use, "err_no_stored_roll", game.Conflict)

	// The host rolling for the seat uses the seat's own stored result.
	storeMeantToBe(t, s, 1, 1, 1, 1, 1)
	do(t, s, hostActor, game.Roll{Seat: 1, Dice: 3, Modifiers: mods(game.ModMeantToBe)})
	if r := s.LastRoll(1); r.Total != 4 {
		t.Errorf("%s: host's roll for seat 1 used %+v", rule, r)
	}
	if len(s.MeantToBe) != 0 {
		t.Errorf("%s: stored results left: %v", rule, s.MeantToBe)
	}

	// Replay keeps the stored result.
	storeMeantToBe(t, s, 2, 2, 0, 0, 0)
	replayed, err := game.Replay(s.Code, s.Events)
	if err != nil {
		t.Fatal(err)
	}
	sameFullState(t, replayed, s)
}

// The dice count a set of modifiers gives must not depend on the order
// the phone lists them in: Drip's floor of one die applies to the final
// count.
func TestModifierOrderDoesNotMatter(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.693 (candle +1, 最多8颗) and l.1323 (drip −1, 最少仍有1颗)"
	for _, order := range [][]string{{game.ModCandle, game.ModDrip}, {game.ModDrip, game.ModCandle}} {
		s := rollBoard(t)
		force(t, s, 2, map[string]game.TraitState{game.Sanity: {Position: 1}}) // Missy sanity 1
		give(t, s, 2, game.ModCandle)
		turnTo(t, s, 2) // the Candle is used on your own turn
		s.SetRandom(facesRandom(1, 1, 1))
		do(t, s, seatActor(2), game.Roll{Trait: game.Sanity, Purpose: "event", Modifiers: order})
		if got := s.LastRoll(2).Dice; got != 1 {
			t.Errorf("%s: sanity 1 with %v rolls %d dice, want 1+1−1 = 1", rule, order, got)
		}
	}
}

// Adrenaline Shot adds 4 to the result; Angel Feather replaces the result:
// the pair is refused, as with "It Is Meant to Be", and neither card is
// spent.
func TestAngelFeatherWithAdrenaline(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.585-587 (结果即增加4点) and l.605-607 (结果作0至8点)"
	for _, order := range [][]string{{game.ModAngelFeather, game.ModAdrenaline}, {game.ModAdrenaline, game.ModAngelFeather}} {
		s := rollBoard(t)
		give(t, s, 1, game.ModAngelFeather, game.ModAdrenaline)
		mustRefuse(t, s, seatActor(1), game.Roll{Trait: game.Might, Modifiers: order, Choose: intp(3)}, "err_modifier_clash", game.Invalid)
		if !s.Holds(1, game.ModAngelFeather) || !s.Holds(1, game.ModAdrenaline) {
			t.Errorf("%s: a refused roll spent a card", rule)
		}
	}
}

// Candle, Adrenaline Shot, Drip and A Moment of Hope change trait rolls
// only; a plain "roll N dice" is not a trait roll.
func TestTraitRollModifiersNeedATraitRoll(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.585 (任何能力考验trait roll前), l.693, l.1189, l.1323 (能力考验trait roll时); seed 002 l.73 FAQ: these cards concern 能力考验 only"
	for _, m := range []string{game.ModAdrenaline, game.ModDrip, game.ModCandle, game.ModMomentOfHope} {
		t.Run(m, func(t *testing.T) {
			s := rollBoard(t)
			revealHaunt(t, s, 1, 1) // heroes exist: seats 2 and 3
			give(t, s, 2, game.ModAdrenaline, game.ModCandle)
			ge := refusal(t, s, seatActor(2), game.Roll{Dice: 2, Purpose: "event", Modifiers: mods(m), Total: intp(1)})
			if ge.Key != "err_trait_roll_only" || ge.Kind != game.Invalid || len(ge.Args) != 1 || ge.Args[0] != catalog.Box().Card(m).Name {
				t.Errorf("%s: %s on a plain 2-dice roll refused with %+v, want err_trait_roll_only naming it", rule, m, ge)
			}
			// The same card on a trait roll is fine.
			do(t, s, seatActor(2), game.Roll{Trait: game.Might, Purpose: "event", Modifiers: mods(m), Total: intp(1)})
		})
	}
}

// ---- rerolls ----

// rolledMight5 has seat 1 (Ox, might 5) roll might with faces 0 0 1 1 2
// (total 4) against 5.
func rolledMight5(t testing.TB, s *game.State) {
	s.SetRandom(facesRandom(0, 0, 1, 1, 2))
	do(t, s, seatActor(1), game.Roll{Trait: game.Might, Need: 5})
}

func TestReroll(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State) // makes the roll(s)
		actor game.Actor
		act   game.Reroll
		dice  []int // faces the fresh dice show
		// want
		faces   []int
		total   int
		success bool
		mods    []string
		err     string
		kind    game.ErrorKind
	}{
		{name: "lucky stone rerolls chosen dice", rule: "seed 000 l.747: 玩家可选择重掷任何数目的骰子一次",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0, 1}}, dice: []int{2, 1},
			faces: []int{2, 1, 1, 1, 2}, total: 7, success: true, mods: mods(game.ModLuckyStone)},
		{name: "lucky stone rerolls every die", rule: "seed 000 l.747: 任何数目",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{4, 3, 2, 1, 0}}, dice: []int{0, 0, 0, 0, 0},
			faces: []int{0, 0, 0, 0, 0}, total: 0, mods: mods(game.ModLuckyStone)},
		{name: "rabbit's foot rerolls one die", rule: "seed 000 l.803-805: 玩家可选择重掷其中一颗骰子一次",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModRabbitsFoot, Indexes: []int{2}}, dice: []int{2},
			faces: []int{0, 0, 2, 1, 2}, total: 5, success: true, mods: mods(game.ModRabbitsFoot)},
		{name: "typed-in fresh dice", rule: "app: real dice rerolled on the table",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0, 1}, Faces: []int{2, 2}},
			faces: []int{2, 2, 1, 1, 2}, total: 8, success: true, mods: mods(game.ModLuckyStone)},
		{name: "the host rerolls for a seat", rule: "app: the host keeps the boards for anyone",
			setup: rolledMight5, actor: hostActor, act: game.Reroll{Seat: 1, Card: game.ModRabbitsFoot, Indexes: []int{0}}, dice: []int{1},
			faces: []int{1, 0, 1, 1, 2}, total: 5, success: true, mods: mods(game.ModRabbitsFoot)},
		{name: "lucky stone then rabbit's foot", rule: "seed 000 l.747 + l.803: two different cards",
			setup: func(t testing.TB, s *game.State) {
				rolledMight5(t, s)
				do(t, s, seatActor(1), game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}, Faces: []int{1}})
			},
			actor: seatActor(1), act: game.Reroll{Card: game.ModRabbitsFoot, Indexes: []int{1}}, dice: []int{2},
			faces: []int{1, 2, 1, 1, 2}, total: 7, success: true, mods: mods(game.ModLuckyStone, game.ModRabbitsFoot)},
		{name: "total keeps the adrenaline bonus", rule: "seed 000 l.585-587 + l.747: the +4 stays on the rerolled result",
			setup: func(t testing.TB, s *game.State) {
				s.SetRandom(facesRandom(0, 0, 0))
				do(t, s, seatActor(1), game.Roll{Trait: game.Sanity, Need: 8, Modifiers: mods(game.ModAdrenaline)})
			},
			actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0, 2}}, dice: []int{2, 2},
			faces: []int{2, 0, 2}, total: 8, success: true, mods: mods(game.ModAdrenaline, game.ModLuckyStone)},

		{name: "rabbit's foot: two dice", rule: "seed 000 l.805: 其中一颗骰子",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModRabbitsFoot, Indexes: []int{0, 1}}, err: "err_reroll_most", kind: game.Invalid},
		{name: "no dice chosen", rule: "seed 000 l.747",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone}, err: "err_reroll_dice", kind: game.Invalid},
		{name: "die index past the roll", rule: "seed 000 l.747: dice of this roll",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{5}}, err: "err_reroll_dice", kind: game.Invalid},
		{name: "negative die index", rule: "seed 000 l.747",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{-1}}, err: "err_reroll_dice", kind: game.Invalid},
		{name: "same die twice", rule: "seed 000 l.747: 重掷…一次",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{1, 1}}, err: "err_reroll_dice", kind: game.Invalid},
		{name: "typed faces don't match the dice chosen", rule: "app: one fresh face per rerolled die",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0, 1}, Faces: []int{2}}, err: "err_faces_count", kind: game.Invalid},
		{name: "typed face of 3", rule: "seed 001 l.1654",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}, Faces: []int{3}}, err: "err_face_value", kind: game.Invalid},
		{name: "not a reroll card", rule: "seed 000 l.747 / l.803: Lucky Stone and Rabbit's Foot reroll",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Card: game.ModCandle, Indexes: []int{0}}, err: "err_unknown_modifier", kind: game.Invalid},
		{name: "no card", rule: "seed 000 l.747 / l.803",
			setup: rolledMight5, actor: seatActor(1), act: game.Reroll{Indexes: []int{0}}, err: "err_unknown_modifier", kind: game.Invalid},
		{name: "lucky stone twice", rule: "seed 000 l.747-749: 重掷…一次。使用后丢弃这牌 — the stone is gone after the first reroll",
			setup: func(t testing.TB, s *game.State) {
				rolledMight5(t, s)
				do(t, s, seatActor(1), game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}, Faces: []int{1}})
			},
			actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{1}}, err: "err_card_not_held", kind: game.Conflict},
		{name: "lucky stone not held", rule: "seed 000 l.745-747: 人物…即可选择使用这物品 — their own item",
			setup: func(t testing.TB, s *game.State) {
				rolledMight5(t, s)
				do(t, s, seatActor(1), game.DiscardCard{Card: game.ModLuckyStone})
			},
			actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}}, err: "err_card_not_held", kind: game.Conflict},
		{name: "rabbit's foot held by another seat", rule: "seed 000 l.803: the holder's own rolls",
			setup: func(t testing.TB, s *game.State) {
				rolledMight5(t, s)
				do(t, s, seatActor(1), game.GiveCard{Card: game.ModRabbitsFoot, To: 2})
				do(t, s, seatActor(2), game.AcceptCard{Offer: s.Offers[0].Seq})
			},
			actor: seatActor(1), act: game.Reroll{Card: game.ModRabbitsFoot, Indexes: []int{0}}, err: "err_card_not_held", kind: game.Conflict},
		{name: "rabbit's foot twice on one roll", rule: "seed 000 l.805: 重掷其中一颗骰子一次",
			setup: func(t testing.TB, s *game.State) {
				rolledMight5(t, s)
				do(t, s, seatActor(1), game.Reroll{Card: game.ModRabbitsFoot, Indexes: []int{0}, Faces: []int{1}})
			},
			actor: seatActor(1), act: game.Reroll{Card: game.ModRabbitsFoot, Indexes: []int{1}}, err: "err_rerolled_already", kind: game.Conflict},
		{name: "nothing rolled yet", rule: "seed 000 l.747: 在掷出结果后",
			actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}}, err: "err_nothing_to_reroll", kind: game.Conflict},
		{name: "another seat's roll", rule: "seed 000 l.747: your own roll",
			setup: rolledMight5, actor: seatActor(2), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}}, err: "err_nothing_to_reroll", kind: game.Conflict},
		{name: "rerolling for another seat", rule: "seed 000 l.747: your own card",
			setup: rolledMight5, actor: seatActor(2), act: game.Reroll{Seat: 1, Card: game.ModLuckyStone, Indexes: []int{0}}, err: "err_other_seat", kind: game.Forbidden},
		{name: "typed-in total can't be rerolled", rule: "app: real dice are rerolled on the table",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), game.Roll{Trait: game.Might, Total: intp(3)})
			},
			actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}}, err: "err_nothing_to_reroll", kind: game.Conflict},
		{name: "typed-in faces can't be rerolled", rule: "app: real dice are rerolled on the table",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), game.Roll{Dice: 2, Faces: []int{0, 0}})
			},
			actor: seatActor(1), act: game.Reroll{Card: game.ModRabbitsFoot, Indexes: []int{0}}, err: "err_nothing_to_reroll", kind: game.Conflict},
		{name: "angel feather result has no dice", rule: "seed 000 l.605: 即不用掷骰",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), game.Roll{Trait: game.Might, Modifiers: mods(game.ModAngelFeather), Choose: intp(2)})
			},
			actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}}, err: "err_nothing_to_reroll", kind: game.Conflict},
		{name: "not the haunt roll", rule: "seed 000 作祟 l.255-261: the haunt roll is not a trait roll (app: no rerolls)",
			setup: func(t testing.TB, s *game.State) {
				drawOmen(t, s, 1, "girl", "catacombs")
				s.SetRandom(facesRandom(2, 2, 2, 2, 2, 2))
				do(t, s, seatActor(1), game.HauntRoll{})
			},
			actor: seatActor(1), act: game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}}, err: "err_nothing_to_reroll", kind: game.Conflict},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := rollBoard(t)
			// Seat 1 holds every card these rolls use.
			give(t, s, 1, game.ModLuckyStone, game.ModRabbitsFoot, game.ModAdrenaline, game.ModAngelFeather)
			if c.setup != nil {
				c.setup(t, s)
			}
			a := c.act
			if c.err != "" {
				mustRefuse(t, s, c.actor, a, c.err, c.kind)
				return
			}
			last := *s.LastRoll(1)
			nRolls := len(s.Rolls)
			s.SetRandom(facesRandom(c.dice...))
			evs := do(t, s, c.actor, a)
			// The Lucky Stone is discarded in the same batch (seed 000
			// l.749: 使用后丢弃这牌); the Rabbit's Foot stays, marked used for
			// the turn (its card: once during your turn).
			want := 2
			if len(evs) != want || evs[0].Type() != game.EvRerolled || evs[0].Data.(game.Rerolled).Target != last.Seq || evs[0].Data.(game.Rerolled).Seat != 1 {
				t.Fatalf("%s: events %+v, want a reroll of %d", c.rule, evs, last.Seq)
			}
			if a.Card == game.ModRabbitsFoot {
				if e := evs[1]; e.Type() != game.EvCardUsed || e.Data.(game.CardUsed).Card != game.ModRabbitsFoot {
					t.Errorf("%s: the rabbit's foot is not marked used: %+v", c.rule, e)
				}
			} else {
				if e := evs[1]; e.Type() != game.EvCardMoved || e.Data.(game.CardMoved).How != "discard" || e.Data.(game.CardMoved).Card != game.ModLuckyStone || e.Data.(game.CardMoved).Seat != 1 || e.Group != evs[0].Seq {
					t.Errorf("%s: lucky stone not discarded with the reroll: %+v", c.rule, e)
				}
			}
			if held := s.Holds(1, a.Card); held != (a.Card == game.ModRabbitsFoot) {
				t.Errorf("%s: %s held after the reroll: %v", c.rule, a.Card, held)
			}
			if len(s.Rolls) != nRolls {
				t.Errorf("%s: a reroll added a roll (%d → %d)", c.rule, nRolls, len(s.Rolls))
			}
			got := *s.LastRoll(1)
			if got.Seq != last.Seq || got.Dice != last.Dice || got.Target != last.Target || got.Bonus != last.Bonus || got.Purpose != last.Purpose {
				t.Errorf("%s: reroll changed more than faces: %+v → %+v", c.rule, last, got)
			}
			if !slices.Equal(got.Faces, c.faces) || got.Total != c.total || got.Success() != c.success || !slices.Equal(got.Modifiers, c.mods) {
				t.Errorf("%s: rerolled %+v (success %v), want faces %v total %d success %v modifiers %v",
					c.rule, got, got.Success(), c.faces, c.total, c.success, c.mods)
			}
			if evs[0].Data.(game.Rerolled).Roll == nil || !slices.Equal(evs[0].Data.(game.Rerolled).Roll.Faces, c.faces) {
				t.Errorf("%s: event carries no faces", c.rule)
			}
		})
	}
}

// Rolls and rerolls can't be undone, nor anything before them.
func TestRollsAreUndoBarriers(t *testing.T) {
	t.Parallel()
	const rule = "app: a roll was made on the board as it stood; undo stops at rolls"
	s := rollBoard(t)
	give(t, s, 1, game.ModLuckyStone)
	do(t, s, seatActor(1), game.StepTrait{Trait: game.Might, Delta: 1})
	if s.LastUndoable() == nil {
		t.Fatal("a trait change is undoable")
	}
	rolledMight5(t, s)
	if e := s.LastUndoable(); e != nil {
		t.Errorf("%s: %+v undoable past a roll", rule, e)
	}
	mustRefuse(t, s, hostActor, game.Undo{}, "err_nothing_to_undo", game.Conflict)
	do(t, s, seatActor(1), game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}, Faces: []int{2}})
	mustRefuse(t, s, seatActor(1), game.Undo{}, "err_nothing_to_undo", game.Conflict)
	// A change after the roll is undoable, and only it.
	do(t, s, seatActor(1), game.StepTrait{Trait: game.Speed, Delta: 1})
	step := s.Version
	evs := do(t, s, seatActor(1), game.Undo{})
	if evs[0].Data.(game.Undone).Target != step {
		t.Errorf("%s: undo took back %d, want %d", rule, evs[0].Data.(game.Undone).Target, step)
	}
	if r := s.LastRoll(1); r == nil || !slices.Contains(r.Modifiers, game.ModLuckyStone) {
		t.Errorf("%s: undo lost the rerolled roll: %+v", rule, r)
	}
	mustRefuse(t, s, seatActor(1), game.Undo{}, "err_nothing_to_undo", game.Conflict)

	// The log replays, through JSON too, to the same dice.
	replayed, err := game.Replay(s.Code, s.Events)
	if err != nil {
		t.Fatal(err)
	}
	sameFullState(t, replayed, s)
}

// Rabbit's Foot works on its holder's turn only; Lucky Stone at any time.
func TestRabbitsFootOnlyOnYourTurn(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.803: 人物在其回合中需要进行任何掷骰时; seed 002 l.73 FAQ: 回合之外能使用的只有物品卡AngelFeather,LuckyStone,和预兆卡Skull"
	s := rollBoard(t) // seat 1's turn
	give(t, s, 2, game.ModLuckyStone, game.ModRabbitsFoot)
	s.SetRandom(facesRandom(0, 0, 0))
	do(t, s, seatActor(2), game.Roll{Trait: game.Might})
	// Lucky Stone out of turn: fine.
	do(t, s, seatActor(2), game.Reroll{Card: game.ModLuckyStone, Indexes: []int{0}, Faces: []int{1}})
	ge := refusal(t, s, seatActor(2), game.Reroll{Card: game.ModRabbitsFoot, Indexes: []int{1}, Faces: []int{1}})
	if ge.Key != "err_card_own_turn" || ge.Kind != game.Conflict {
		t.Errorf("%s: Rabbit's Foot out of turn refused with %+v, want err_card_own_turn", rule, ge)
	}
	// The host can't use it for them out of turn either.
	mustRefuse(t, s, hostActor, game.Reroll{Seat: 2, Card: game.ModRabbitsFoot, Indexes: []int{1}, Faces: []int{1}}, "err_card_own_turn", game.Conflict)
	// On seat 2's own turn it works.
	do(t, s, seatActor(1), game.EndTurn{})
	s.SetRandom(facesRandom(0, 0, 0))
	do(t, s, seatActor(2), game.Roll{Trait: game.Might})
	do(t, s, seatActor(2), game.Reroll{Card: game.ModRabbitsFoot, Indexes: []int{1}, Faces: []int{2}})
	if r := s.LastRoll(2); r.Total != 2 || !s.Holds(2, game.ModRabbitsFoot) {
		t.Errorf("%s: rerolled %+v; the foot is kept (no 使用后丢弃)", rule, r)
	}
}
