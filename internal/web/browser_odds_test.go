package web_test

import (
	"testing"

	"lantern/internal/game"
)

// TestBrowserRollerOdds: as the player changes the roll form (a trait, a
// target, Angel Feather and the result chosen, the result It Is Meant to
// Be stored), the odds shown are the server's for that choice (issue 22:
// the script does no dice maths).
func TestBrowserRollerOdds(t *testing.T) {
	app := newTestApp(t)
	g := app.newGame(2, true) // Ann: Ox Bellows, might 5
	crAct(app, g, 1, map[string]any{"type": "draw_card", "card": "angel-feather"})
	crAct(app, g, 1, map[string]any{"type": "roll", "purpose": "it-is-meant-to-be", "faces": []int{2, 2, 1, 0}}) // stores 5
	ann := newTab(t, app.url(), phoneSize()[0], phoneSize()[1])
	ann.openSeat(g, 1, "en", "Ann")

	// set changes the form's fields as typing and ticking do, then reads
	// the odds shown.
	const set = `((fields) => {
		const f = document.querySelector('#live form.roll-form');
		for (const [name, v] of Object.entries(fields)) {
			const el = name.startsWith('mod:') ? f.querySelector('input[name=modifiers][value="' + name.slice(4) + '"]') : f.elements[name];
			if (el.type === 'checkbox') el.checked = v; else el.value = v;
			el.dispatchEvent(new Event('input', {bubbles: true}));
		}
		return f.querySelector('output[name=odds]').textContent;
	})`
	steps := []struct {
		name, fields, want string
	}{
		{"no target, no odds", `{trait: "might", need: ""}`, ""},
		{"might: 5 dice for 6+", `{need: "6"}`, "5 🎲 → 6+ : " + percentOf(game.ChanceAtLeast(5, 0, 6))},
		{"3 dice for 4+", `{trait: "", dice: "3", need: "4"}`, "3 🎲 → 4+ : " + percentOf(game.ChanceAtLeast(3, 0, 4))},
		{"a stored roll rolls 4 dice", `{purpose: "it-is-meant-to-be"}`, "4 🎲 → 4+ : " + percentOf(game.ChanceAtLeast(4, 0, 4))},
		{"angel feather, nothing chosen", `{purpose: "", trait: "might", "mod:angel-feather": true, need: "7"}`, ""},
		{"angel feather: 6 chosen for 7+", `{choose: "6"}`, "= 6 → 7+ : 0%"},
		{"angel feather: 8 chosen for 7+", `{choose: "8"}`, "= 8 → 7+ : 100%"},
		{"it is meant to be: 5 stored for 5+", `{"mod:angel-feather": false, "mod:it-is-meant-to-be": true, need: "5"}`, "= 5 → 5+ : 100%"},
		{"it is meant to be: 5 stored for 6+", `{need: "6"}`, "= 5 → 6+ : 0%"},
		{"both: refused, no odds", `{"mod:angel-feather": true}`, ""},
	}
	for _, s := range steps {
		if got := evalIn[string](ann, set+`(`+s.fields+`)`); got != s.want {
			t.Errorf("%s: the roller shows %q, want %q", s.name, got, s.want)
		}
	}
	ann.checkNoExceptions()
}
