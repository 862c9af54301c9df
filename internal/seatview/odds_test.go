package seatview

import (
	"testing"

	"lantern/internal/game"
)

// TestPercentNeverReadsCertain (issue 33, 4): a chance reads 100% only when
// certain and 0% only when impossible; just below certain it reads ">99%",
// just above impossible "<0.1%" (below 10% the odds keep a decimal, so
// that is the smallest step shown). DESIGN.md: "Dice have faces
// 0,0,1,1,2,2; at most 8 dice are ever rolled", so 5 dice make 1+ unless
// all five are blank: 1 − (1/3)^5 = 99.6%.
func TestPercentNeverReadsCertain(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		p    float64
		want string
	}{
		{"certain", 1, "100%"},
		{"impossible", 0, "0%"},
		{"5 dice for 1+: 99.6%", game.ChanceAtLeast(5, 0, 1), ">99%"},
		{"99.5%", 0.995, ">99%"},
		{"99.4% rounds to 99", 0.994, "99%"},
		{"8 dice for 16: 0.015%", game.ChanceAtLeast(8, 0, 16), "<0.1%"},
		{"1 in 729 keeps its decimal", 1.0 / 729, "0.1%"},
		{"half", 0.5, "50%"},
	}
	for _, c := range cases {
		if got := percent(c.p); got != c.want {
			t.Errorf("%s: percent(%v) = %q, want %q", c.name, c.p, got, c.want)
		}
	}
}
