package game_test

import (
	"strings"
	"testing"

	"lantern/internal/game"
)

// TestJoinNames: a name is what the whole table reads on every phone, so it
// must show, can't reorder the text around it and can't pass for another
// seat's name (issue 11, item 5: NUL, control characters, a lone
// zero-width space, right-to-left overrides and look-alikes were accepted).
func TestJoinNames(t *testing.T) {
	t.Parallel()
	join := func(name string) game.Action {
		return game.Join{Name: name, Explorer: "peter-akimoto"}
	}
	// lobby seats are named P1, P2…
	refused := []struct{ name, raw, err string }{
		{"NUL", "A\x00nn", "err_name_control"},
		{"bell", "Ann\a", "err_name_control"},
		{"newline inside", "Ann\nLee", "err_name_control"},
		{"DEL", "Ann\x7f", "err_name_control"},
		{"C1 control", "Ann\u0085x", "err_name_control"},
		{"right-to-left override", "Ann\u202egpj.exe", "err_name_control"},
		{"right-to-left isolate", "\u2067Ann", "err_name_control"},
		{"right-to-left mark", "Ann\u200f", "err_name_control"},
		{"lone zero-width space", "\u200b", "err_name_invisible"},
		{"only format characters", "\u200b\u200d\ufeff\u00ad", "err_name_invisible"},
		{"Hangul filler", "\u3164", "err_name_invisible"},
		{"blank braille", "\u2800\u2800", "err_name_invisible"},
		{"combining marks only", "\u0301\u0308", "err_name_invisible"},
		{"ideographic spaces only", "\u3000\u3000", "err_name_empty"},
		{"too long after trimming", " " + strings.Repeat("a", game.MaxNameLength+1) + " ", "err_name_long"},
		{"another seat's name", "P1", "err_name_taken"},
		{"another seat's name with a zero-width space", "P1\u200b", "err_name_taken"},
		{"another seat's name with a joiner inside", "P\u2060" + "1", "err_name_taken"},
		{"another seat's name in capitals", "p1", "err_name_taken"},
		{"another seat's name spaced out", "P 1", "err_name_taken"},
		{"another seat's name in full width", "Ｐ１", "err_name_taken"},
	}
	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			s := lobby(t, "ox-bellows", "missy-dubourde")
			kind := game.Invalid
			if c.err == "err_name_taken" {
				kind = game.Conflict
			}
			ge := wantRefusal(t, s, game.Actor{}, join(c.raw), c.err, kind)
			if c.err == "err_name_taken" && (len(ge.Args) != 1 || ge.Args[0] != "P1") {
				t.Errorf("err_name_taken names %v, want the seat it looks like (P1)", ge.Args)
			}
			if len(s.Seats) != 2 {
				t.Errorf("a refused join added a seat")
			}
		})
	}
	accepted := []struct{ name, raw, want string }{
		{"trimmed, NFC", "  Zoe\u0301 \u3000", "Zoé"},
		{"inner space kept", "Ann Lee", "Ann Lee"},
		{"emoji with a joiner", "👩\u200d🚀 Ann", "👩\u200d🚀 Ann"},
		{"Chinese", "小明", "小明"},
		{"a name like another but not the same", "P12", "P12"},
		{"exactly the limit", strings.Repeat("鬼", game.MaxNameLength), strings.Repeat("鬼", game.MaxNameLength)},
		{"trailing zero-width space trimmed", "Ann\u200b", "Ann"},
	}
	for _, c := range accepted {
		t.Run(c.name, func(t *testing.T) {
			s := lobby(t, "ox-bellows", "missy-dubourde")
			do(t, s, game.Actor{}, join(c.raw))
			if got := s.Seats[2].Name; got != c.want {
				t.Errorf("name %q stored as %q, want %q", c.raw, got, c.want)
			}
		})
	}
}
