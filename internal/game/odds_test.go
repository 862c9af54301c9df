package game_test

import (
	"testing"
	"time"

	"lantern/internal/game"
)

// TestChanceAtLeastFaces checks the dice law against every sequence of
// faces the dice can show: each die is one of six equally likely faces
// 0,0,1,1,2,2 (DESIGN.md "Dice have faces 0,0,1,1,2,2"; seed 001 l.1654:
// 兩面是沒有點數，兩面一點，最後兩面是兩點), so n dice have 6^n outcomes.
func TestChanceAtLeastFaces(t *testing.T) {
	t.Parallel()
	const eps = 1e-12
	if game.DieFaces != [6]int{0, 0, 1, 1, 2, 2} {
		t.Fatalf("DESIGN.md: faces 0,0,1,1,2,2; DieFaces = %v", game.DieFaces)
	}
	for n := 0; n <= 6; n++ {
		// ways[total]: how many of the 6^n face sequences add up to total.
		ways := map[int]int{0: 1}
		for range n {
			next := map[int]int{}
			for total, w := range ways {
				for _, f := range game.DieFaces {
					next[total+f] += w
				}
			}
			ways = next
		}
		all := 1
		for range n {
			all *= 6
		}
		for bonus := 0; bonus <= 4; bonus += 4 {
			for target := -1; target <= 2*n+bonus+1; target++ {
				good := 0
				for total, w := range ways {
					if total+bonus >= target {
						good += w
					}
				}
				want := float64(good) / float64(all)
				if got := game.ChanceAtLeast(n, bonus, target); got-want > eps || want-got > eps {
					t.Errorf("ChanceAtLeast(%d, %d, %d) = %v; the %d face sequences give %d/%d", n, bonus, target, got, all, good, all)
				}
			}
		}
	}
	// Worked by hand: of the 6³ = 216 face sequences of 3 dice, a total of
	// 4 has 48 (6 patterns of values × 2³ faces), 5 has 24, 6 has 8.
	if got, want := game.ChanceAtLeast(3, 0, 4), 80.0/216; got-want > eps || want-got > eps {
		t.Errorf("3 dice ≥ 4: %v, want 80/216", got)
	}
}

// TestRollOdds: the odds the roller shows are those of the roll the
// engine would make: its real dice count once modifiers change it, a
// bonus, a result chosen or stored; a roll it refuses has none.
func TestRollOdds(t *testing.T) {
	t.Parallel()
	const eps = 1e-12
	ox := seatActor(1) // Ox Bellows: might 5, sanity 3; seat 1 plays
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State)
		act   game.Roll
		need  int
		want  game.RollOdds
		err   string
	}{
		{name: "trait roll: the trait's dice", rule: "DESIGN.md: a trait roll rolls dice equal to the trait's value",
			act: game.Roll{Trait: game.Might}, need: 5, want: game.RollOdds{Dice: 5}},
		{name: "plain roll", rule: "README: the roller rolls 1–8 dice",
			act: game.Roll{Dice: 2}, need: 3, want: game.RollOdds{Dice: 2}},
		{name: "stored roll: its card's 4 dice", rule: "seed 000: It Is Meant to Be rolls 4 dice ahead",
			act: game.Roll{Trait: game.Might, Purpose: game.ModMeantToBe}, need: 4, want: game.RollOdds{Dice: 4}},
		{name: "drip takes a die", rule: "seed 000 l.1323: 将少掷1颗游戏骰",
			act: game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModDrip)}, need: 2, want: game.RollOdds{Dice: 2}},
		{name: "candle adds a die on an event roll", rule: "seed 000 l.693",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, game.ModCandle) },
			act:   game.Roll{Trait: game.Sanity, Purpose: "event", Modifiers: mods(game.ModCandle)}, need: 4, want: game.RollOdds{Dice: 4}},
		{name: "adrenaline adds 4", rule: "seed 000 l.585-587: 掷骰的结果即增加4点",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, game.ModAdrenaline) },
			act:   game.Roll{Trait: game.Sanity, Modifiers: mods(game.ModAdrenaline)}, need: 8, want: game.RollOdds{Dice: 3, Bonus: 4}},
		{name: "angel feather: the result chosen", rule: "seed 000 l.605-607: 即不用掷骰，其结果作0至8点(玩家拣选)",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, game.ModAngelFeather) },
			act:   game.Roll{Trait: game.Might, Modifiers: mods(game.ModAngelFeather), Choose: intp(6)}, need: 7, want: game.RollOdds{Fixed: true, Total: 6}},
		{name: "it is meant to be: the result stored", rule: "seed 000: the stored result is used in place of a roll",
			setup: func(t testing.TB, s *game.State) { storeMeantToBe(t, s, 1, 2, 2, 1, 0) },
			act:   game.Roll{Dice: 1, Modifiers: mods(game.ModMeantToBe)}, need: 5, want: game.RollOdds{Fixed: true, Total: 5}},
		{name: "adrenaline on a plain roll", rule: "seed 002 l.73 FAQ: trait rolls only",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, game.ModAdrenaline) },
			act:   game.Roll{Dice: 2, Modifiers: mods(game.ModAdrenaline)}, err: "err_trait_roll_only"},
		{name: "angel feather not held", rule: "seed 000 l.181-183: the holder uses the card",
			act: game.Roll{Trait: game.Might, Modifiers: mods(game.ModAngelFeather), Choose: intp(6)}, err: "err_not_holding"},
		{name: "no stored result", rule: "seed 000: nothing was rolled ahead",
			act: game.Roll{Dice: 1, Modifiers: mods(game.ModMeantToBe)}, err: "err_no_stored_roll"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := rollBoard(t)
			if c.setup != nil {
				c.setup(t, s)
			}
			c.act.Need = c.need
			got, err := s.RollOdds(ox, c.act)
			if c.err != "" {
				if ge, ok := err.(*game.Error); !ok || ge.Key != c.err {
					t.Fatalf("%s: RollOdds = %+v, %v; want refused %s", c.rule, got, err, c.err)
				}
				if _, derr := s.Decide(ox, c.act, time.Time{}); derr == nil {
					t.Errorf("%s: Decide accepts what RollOdds refuses", c.rule)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("%s: RollOdds = %+v, %v; want %+v", c.rule, got, err, c.want)
			}
			if _, err := s.Decide(ox, c.act, time.Time{}); err != nil {
				t.Errorf("%s: Decide refuses what RollOdds accepts: %v", c.rule, err)
			}
			want := game.ChanceAtLeast(got.Dice, got.Bonus, c.need)
			if got.Fixed {
				want = 0
				if got.Total >= c.need {
					want = 1
				}
			}
			if ch := got.Chance(c.need); ch-want > eps || want-ch > eps {
				t.Errorf("%s: Chance(%d) = %v, want %v", c.rule, c.need, ch, want)
			}
		})
	}
}
