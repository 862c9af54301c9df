package game_test

import (
	"strings"
	"testing"

	"lantern/internal/game"
	"lantern/internal/i18n"
)

// TestRefusalsNameTraits: a refusal that names traits reads them in the
// reader's language, never as ids (the product brief: bad input gets a clear
// refusal in the user's language). The cards: Spider "Make a Speed or
// Sanity roll"; Medical Kit "regain … Might and/or Speed, never above
// starting values" (seed 000 医药包); the Revolver attacks with Speed.
func TestRefusalsNameTraits(t *testing.T) {
	t.Parallel()
	for _, tr := range game.Traits {
		for _, lang := range []string{i18n.EN, i18n.ZH} {
			if got, want := (game.TraitNames{tr}).In(lang), i18n.T(lang, "trait_"+tr); got != want {
				t.Errorf("%s in %s: %q, i18n says %q", tr, lang, got, want)
			}
		}
	}
	says := func(ge *game.Error, en, zh string) {
		t.Helper()
		for lang, want := range map[string]string{i18n.EN: en, i18n.ZH: zh} {
			msg := i18n.T(lang, ge.Key, ge.Args...)
			if !strings.Contains(msg, want) {
				t.Errorf("%s in %s: %q, want it to name %q", ge.Key, lang, msg, want)
			}
			for _, id := range game.Traits {
				if strings.Contains(msg, id) {
					t.Errorf("%s in %s: %q names the trait id %q", ge.Key, lang, msg, id)
				}
			}
		}
	}

	s := started(t, fourExplorers...)
	says(wantRefusal(t, s, seatActor(1), rollFor("card:spider", game.Roll{Trait: game.Might, Total: intp(4)}), "err_roll_traits", game.Invalid),
		"Speed, Sanity", "速度、神志")

	medicalKitRolled(t, s)
	heal := healSeat2
	says(wantRefusal(t, s, seatActor(1), heal(nil), "err_heal_choose", game.Invalid), "Might, Speed", "力量、速度")
	says(wantRefusal(t, s, seatActor(1), heal(map[string]int{game.Sanity: 1}), "err_heal_traits", game.Invalid), "Might, Speed", "力量、速度")
	says(wantRefusal(t, s, seatActor(1), heal(map[string]int{game.Might: 3}), "err_heal_above_start", game.Invalid), "Might", "力量")

	s = traitorBoard(t)
	says(wantRefusal(t, s, seatActor(2), game.Attack{Trait: game.Speed, Target: seatTarget(1)}, "err_attack_trait", game.Invalid),
		"Speed", "速度")
}
