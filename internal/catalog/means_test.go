package catalog

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/longbridgeapp/opencc"
)

// A Chinese question in Traditional characters is answered as the same
// question in Simplified ones: every Simplified question of the first set,
// written in Taiwan's Traditional characters by OpenCC, finds the same
// first answer.
func TestTraditionalAsksAsSimplified(t *testing.T) {
	t.Parallel()
	toTraditional, err := opencc.New("s2tw")
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	for _, q := range loadQuestions(t) {
		if q.Lang != "zh" {
			continue
		}
		trad, err := toTraditional.Convert(q.Q)
		if err != nil {
			t.Fatal(err)
		}
		if trad == q.Q {
			continue
		}
		asked++
		simp, _ := searchHits(q.Q, InPlay{}, 1)
		got, err := searchHits(trad, InPlay{}, 1)
		if err != nil || len(got) == 0 || len(simp) == 0 || hitKey(got[0]) != hitKey(simp[0]) {
			t.Errorf("Search(%q) = %v, %v; the Simplified %q finds %v", trad, keys(got), err, q.Q, keys(simp))
		}
	}
	if asked < 20 {
		t.Fatalf("only %d questions differ in Traditional characters", asked)
	}
}

// Full-width letters and punctuation and mixed scripts are questions like
// any other.
func TestWidthsAndMixedScripts(t *testing.T) {
	t.Parallel()
	for _, q := range []string{"ｄｏｇ", "dog？", "狗 dog！", "Ｄｏｇ！"} {
		hits, err := searchHits(q, InPlay{}, 3)
		if err != nil || len(hits) == 0 || hitKey(hits[0]) != "card:dog" {
			t.Errorf("Search(%q) = %v, %v; want the Dog first", q, keys(hits), err)
		}
	}
}

// A question only a haunt's own book answers says so, naming the haunt:
// by its number, by its name, or (asked during a haunt, when nothing in the
// box covers it) the haunt the game is in.
func TestHauntOnlyQuestions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		q      string
		inPlay InPlay
		haunt  int
	}{
		{"how do we kill the mummy", InPlay{}, 1},
		{"木乃伊怎麼殺", InPlay{}, 1},
		{"haunt 12 how does the traitor win", InPlay{}, 12},
		{"第12个剧本奸徒怎么赢", InPlay{}, 12},
		{"can we burn the zombie lord's coffin", InPlay{Haunt: 7}, 7},
		// A haunt's whole English name, though each word is the box's too
		// ("the bride" is a players' name for The Lost One).
		{"ghost bride how do the heroes win", InPlay{}, 20},
		{"in the voodoo haunt can the traitor move twice", InPlay{}, 25},
	}
	for _, c := range cases {
		res, err := Search(context.Background(), c.q, c.inPlay, 3)
		if err != nil || res.Sure || res.Haunt != c.haunt {
			t.Errorf("Search(%q) = sure %v, haunt %d, %v; want not sure, haunt %d", c.q, res.Sure, res.Haunt, err, c.haunt)
		}
	}
	// The box's own questions stay sure, during a haunt too.
	for _, q := range []string{"do monsters die", "平手时谁是叛徒", "can i use two weapons", "i lost the haunt roll, what now"} {
		res, err := Search(context.Background(), q, InPlay{Haunt: 7}, 3)
		if err != nil || !res.Sure {
			t.Errorf("Search(%q) during haunt 7 = sure %v, %v; want sure", q, res.Sure, err)
		}
	}
}

// A question that says which part of the game it is about finds that
// part's passage first (data: each passage's phase).
func TestPhaseSteersTheAnswer(t *testing.T) {
	t.Parallel()
	cases := []struct{ q, want string }{
		{"if a trait hits the skull before the haunt do i die", "damage-and-death-3"},
		{"还没作祟 能力掉到骷髅会死吗", "damage-and-death-3"},
		{"if a trait hits the skull after the haunt started do i die", "damage-and-death-4"},
		{"作祟开始后能力掉到骷髅会死吗", "damage-and-death-4"},
	}
	for _, c := range cases {
		hits, err := searchHits(c.q, InPlay{}, 3)
		if err != nil || len(hits) == 0 || hitKey(hits[0]) != c.want {
			t.Errorf("Search(%q) = %v, %v; want %s first", c.q, keys(hits), err, c.want)
		}
	}
	for q, want := range map[string]string{
		"before the haunt can i attack": PhaseBefore, "haunt hasn't started yet": PhaseBefore,
		"还没作祟": PhaseBefore, "作祟前": PhaseBefore, "once the haunt started": PhaseAfter,
		"作祟之后": PhaseAfter, "闹鬼期间": PhaseAfter, "can i attack": "", "作祟前后都一样吗": "",
	} {
		if got := questionPhase(q); got != want {
			t.Errorf("questionPhase(%q) = %q, want %q", q, got, want)
		}
	}
}

// Every name a card or room has (names.json: printed, ours, the seeds' in
// either script, the players'), asked alone, finds that card or room first,
// unless another thing has the same name.
func TestEveryNameFindsItsThing(t *testing.T) {
	t.Parallel()
	names, err := loadNames(Box())
	if err != nil {
		t.Fatal(err)
	}
	owners := map[string]int{}
	for _, list := range names {
		seen := map[string]bool{}
		for _, n := range list {
			if f := fold(n.Name); !seen[f] {
				seen[f] = true
				owners[f]++
			}
		}
	}
	for key, list := range names {
		if !strings.HasPrefix(key, "card:") && !strings.HasPrefix(key, "room:") {
			continue
		}
		for _, n := range list {
			if owners[fold(n.Name)] > 1 {
				continue
			}
			hits, err := searchHits(n.Name, InPlay{}, 3)
			if err != nil || len(hits) == 0 || hitKey(hits[0]) != key {
				t.Errorf("Search(%q) (%s, from %s) = %v, %v; want %s first", n.Name, key, n.From, keys(hits), err, key)
			}
		}
	}
}

// A card or room asked by the other translation's name (seed 003's, in
// Traditional characters), or as players call it, is answered by it.
func TestOtherTranslationsNames(t *testing.T) {
	t.Parallel()
	for q, want := range map[string]string{
		"高樓":             "room:tower",
		"運煤槽可以不滑下去嗎":     "room:coal-chute",
		"左輪手槍怎麼用":        "card:revolver",
		"the bell thing": "card:bell",
		"那个会动的房间":        "room:mystic-elevator",
	} {
		hits, err := searchHits(q, InPlay{}, 3)
		if err != nil || len(hits) == 0 || !slices.Contains(hitsConcern(hits[0]), strings.SplitN(want, ":", 2)[1]) {
			t.Errorf("Search(%q) = %v, %v; want %s or a ruling about it first", q, keys(hits), err, want)
		}
	}
}
