package game_test

import (
	"testing"

	"lantern/internal/game"
)

// Issue 24, defect 7: names that look like "Ann" on a phone can't join
// beside it: letters of other scripts (TR39 skeleton), small capitals, and
// combining marks under or over a letter.
func TestLookAlikeNamesCantJoin(t *testing.T) {
	t.Parallel()
	join := func(name, explorer string) game.Action {
		return game.Join{Name: name, Explorer: explorer}
	}
	for name, raw := range map[string]string{
		"Cyrillic A":              "\u0410nn",
		"Greek Alpha":             "\u0391nn",
		"small capital Ns":        "A\u0274\u0274",
		"Armenian vo":             "An\u0578",
		"combining low line":      "Ann\u0332",
		"n with a dot above":      "An\u1e45",
		"combining ypogegrammeni": "A\u0345nn",
		"Cyrillic small a":        "\u0430nn",
		"dot above, decomposed":   "Ann\u0307",
		"word joiner inside":      "A\u2060nn",
	} {
		t.Run(name, func(t *testing.T) {
			s := lobby(t, "ox-bellows")
			do(t, s, game.Actor{}, join("Ann", "missy-dubourde"))
			ge := wantRefusal(t, s, game.Actor{}, join(raw, "peter-akimoto"), "err_name_taken", game.Conflict)
			if len(ge.Args) != 1 || ge.Args[0] != "Ann" {
				t.Errorf("err_name_taken names %v, want Ann", ge.Args)
			}
		})
	}
	// Names that only share letters with another still join.
	s := lobby(t, "ox-bellows")
	for i, name := range []string{"Ann", "Anna", "Jan", "安", "👩\u200d🚀 Ann"} {
		do(t, s, game.Actor{}, join(name, sixExplorers[i+1]))
	}
}

// Issue 24, defect 6: every text a phone shows passes the rules of a
// player's name (PRECIS Nickname): monster kinds and the track's label
// refuse control and text-direction characters and invisible-only text.
func TestShownTextsFollowNameRules(t *testing.T) {
	t.Parallel()
	addMonster := func(kind string) game.Action {
		return game.AddMonster{Kind: kind, Count: 1, Traits: map[string]int{game.Might: 4}}
	}
	setTrack := func(label string) game.Action {
		return game.SetTrack{Value: intp(2), Label: label}
	}
	for _, c := range []struct {
		name string
		a    game.Action
		key  string
	}{
		{"kind with a right-to-left override", addMonster("Zombie\u202eelbbog"), "err_text_control"},
		{"kind with NUL", addMonster("Zom\x00bie"), "err_text_control"},
		{"kind with a right-to-left isolate", addMonster("\u2067Bat"), "err_text_control"},
		{"kind of zero-width spaces only", addMonster("\u200b\u200b"), "err_monster_kind"},
		{"kind PRECIS refuses (unassigned)", addMonster("Bat\U000e0080"), "err_text_disallowed"},
		{"label with a right-to-left override", setTrack("Turns \u202eleft"), "err_text_control"},
		{"label with NUL", setTrack("Turns\x00"), "err_text_control"},
		{"label with a left-to-right mark", setTrack("Turns\u200e"), "err_text_control"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := traitorBoard(t)
			refuseAll(t, s, seatActor(1), c.a, c.key, game.Invalid)
		})
	}
	// What is fine stays fine, a zero-width space inside dropped.
	s := traitorBoard(t)
	do(t, s, seatActor(1), addMonster("Gi\u200bant Bat"))
	do(t, s, seatActor(1), setTrack("回合 ✓"))
	if s.Monsters[0].Kind != "Giant Bat" || s.Track.Label != "回合 ✓" {
		t.Errorf("kind %q, label %q", s.Monsters[0].Kind, s.Track.Label)
	}
}
