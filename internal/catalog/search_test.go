package catalog

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/longbridgeapp/opencc"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// hitKey names a hit as the question set does: a passage by its id, a card
// or room as "card:id" or "room:id".
func hitKey(h Hit) string {
	if h.Kind == "card" || h.Kind == "room" {
		return h.Kind + ":" + h.ID
	}
	return h.ID
}

type question struct {
	Q       string   `json:"q"`
	Lang    string   `json:"lang"` // en, zh (Simplified), zht (Traditional)
	Answers []string `json:"answers"`
	// Haunt: only a haunt's own book answers it; the right answer says so.
	Haunt bool `json:"haunt,omitempty"`
}

func searchHits(q string, inPlay InPlay, limit int) ([]Hit, error) {
	res, err := Search(context.Background(), q, inPlay, limit)
	return res.Hits, err
}

func loadQuestions(t testing.TB) []question { return loadQuestionFile(t, "questions.json") }

func loadQuestionFile(t testing.TB, name string) []question {
	raw, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var qs []question
	if err := json.Unmarshal(raw, &qs); err != nil {
		t.Fatal(err)
	}
	return qs
}

type accuracy struct{ top1, top3 float64 }

// The question sets and the accuracy each holds today, per language: top-1
// is the answer shown, top-3 the answer or the next two under it. A change
// to the search, the names or the texts may raise these, never lower them,
// except with a reason written here:
//   - with names.json and the cards' asks, questions.json's Chinese floor
//     came down from 88 / 97 %: a named card's own entry now often comes
//     before the ruling about it the set wants, while every other set rose;
//   - with BM25's length normalisation cut (bm25B), its English floor came
//     down from 91 to 87 %, while the sets together rose from 344 to 350
//     first answers of 407;
//   - with a question that says no phase leaning ×1.08 to exploring before
//     a haunt (exploringPhaseBoost), train.json's Simplified floor came
//     down from 96.7 to 93.3 % (one question: 神志 is also in the Lost
//     One's Chinese name), while the tuned sets rose from 350 to 353.
//
// Tuned against: questions.json (grew with the search), heldout.json
// (written from the rules by someone who had not seen the search or the
// first set, and by a new user trying the app), train.json (written the
// same way, with Traditional questions, names as players say them and
// haunt-only questions), fresh.json and blind.json (each written blind and
// measured once, then looked at and tuned against). Never tuned against:
// blind2.json (120 questions written by someone who had seen neither the
// search nor any set, measured once at the end of issue 40's second day).
var questionSets = []struct {
	file  string
	floor map[string]accuracy
}{
	{"questions.json", map[string]accuracy{"en": {0.87, 0.97}, "zh": {0.82, 0.93}}},
	{"heldout.json", map[string]accuracy{"en": {0.75, 0.89}, "zh": {0.88, 1.00}}},
	{"train.json", map[string]accuracy{"en": {0.93, 1.00}, "zh": {0.93, 1.00}, "zht": {0.96, 1.00}}},
	{"fresh.json", map[string]accuracy{"en": {0.80, 0.92}, "zh": {0.76, 0.96}}},
	{"blind.json", map[string]accuracy{"en": {0.80, 0.97}, "zh": {0.95, 1.00}, "zht": {0.80, 0.97}}},
	{"blind2.json", map[string]accuracy{"en": {0.87, 0.97}, "zh": {0.90, 0.97}, "zht": {0.87, 1.00}}},
}

// answeredRight says whether a question's answer is right first (top-1) and
// within the first three (top-3). A question only a haunt's book answers is
// right when the search says it is not sure; any other is right first only
// when the search is sure of its first hit.
func answeredRight(q question, res Result) (top1, top3 bool) {
	if q.Haunt || len(q.Answers) == 0 {
		return !res.Sure, !res.Sure
	}
	for i, h := range res.Hits[:min(3, len(res.Hits))] {
		if slices.Contains(q.Answers, hitKey(h)) {
			return i == 0 && res.Sure, true
		}
	}
	return false, false
}

// TestQuestionSet asks every question of each set (player questions, typed
// as players type them) and checks the passage that answers it comes first,
// or at least in the first three.
func TestQuestionSet(t *testing.T) {
	t.Parallel()
	box := Box()
	toTraditional, err := opencc.New("s2tw")
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range questionSets {
		asked := map[string]int{}
		top1, top3 := map[string]int{}, map[string]int{}
		qs := loadQuestionFile(t, set.file)
		// Every Simplified question is also asked as written in Taiwan's
		// Traditional characters (OpenCC s2tw): "zh→zht".
		for _, q := range qs {
			if q.Lang == "zh" {
				trad, err := toTraditional.Convert(q.Q)
				if err != nil {
					t.Fatal(err)
				}
				q.Q, q.Lang = trad, "zh→zht"
				qs = append(qs, q)
			}
		}
		for _, q := range qs {
			for _, a := range q.Answers {
				if !knownAnswer(box, a) {
					t.Errorf("%s: %q names %q, which is not in the box", set.file, q.Q, a)
				}
			}
			res, err := Search(context.Background(), q.Q, InPlay{}, 3)
			if err != nil {
				t.Fatalf("Search(%q): %v", q.Q, err)
			}
			asked[q.Lang]++
			r1, r3 := answeredRight(q, res)
			if r1 {
				top1[q.Lang]++
			}
			if r3 {
				top3[q.Lang]++
			}
			if !r1 && testing.Verbose() {
				t.Logf("%s: miss %s %q: got %v sure=%v haunt=%d, want one of %v", set.file, q.Lang, q.Q, keys(res.Hits), res.Sure, res.Haunt, q.Answers)
			}
		}
		for _, lang := range []string{"en", "zh", "zht", "zh→zht"} {
			floor, ok := set.floor[lang]
			if lang == "zh→zht" {
				// As well as the same questions in Simplified.
				floor, ok = set.floor["zh"]
				floor.top1 -= 0.05
				floor.top3 -= 0.05
			}
			if !ok {
				continue
			}
			n := float64(asked[lang])
			if n < 20 {
				t.Errorf("%s %s: %d questions, want at least 20", set.file, lang, asked[lang])
				continue
			}
			r1, r3 := float64(top1[lang])/n, float64(top3[lang])/n
			t.Logf("%s %s: %d questions, top-1 %.1f%%, top-3 %.1f%%", set.file, lang, asked[lang], 100*r1, 100*r3)
			if r1 < floor.top1 || r3 < floor.top3 {
				t.Errorf("%s %s: top-1 %.1f%% top-3 %.1f%%, below the floor %.0f%% / %.0f%%", set.file, lang, 100*r1, 100*r3, 100*floor.top1, 100*floor.top3)
			}
		}
	}
}

func knownAnswer(box *Content, key string) bool {
	if id, ok := strings.CutPrefix(key, "card:"); ok {
		return box.Card(id) != nil
	}
	if id, ok := strings.CutPrefix(key, "room:"); ok {
		return box.Room(id) != nil
	}
	_, ok := box.Passage(key)
	return ok
}

func TestSearchFindsNamesInBothLanguages(t *testing.T) {
	t.Parallel()
	box := Box()
	cases := []struct{ query, want string }{
		{"dog", "card:dog"},
		{"Dog", "card:dog"},
		{box.Card("dog").Name.ZH, "card:dog"},
		{"vault", "room:vault"},
		{box.Room("vault").Name.ZH, "room:vault"},
		{"drip drip", "card:drip-drip-drip"},
		{"Drip... Drip... Drip...", "card:drip-drip-drip"},
	}
	for _, c := range cases {
		hits, err := searchHits(c.query, InPlay{}, 3)
		if err != nil || len(hits) == 0 || hitKey(hits[0]) != c.want {
			t.Errorf("Search(%q) = %v, %v; want %s first", c.query, keys(hits), err, c.want)
		}
	}
}

// A question about a card in play ranks that card's rulings first: the
// same words asked with and without the Armor held.
func TestSearchInPlayRanksFirst(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ q, card string }{
		{"can i hand it over", "armor"},
		{"能给别人吗", "armor"},
	} {
		hits, err := searchHits(c.q, InPlay{Cards: []string{c.card}}, 3)
		if err != nil || len(hits) == 0 {
			t.Fatalf("Search(%q, %s held) = %v, %v", c.q, c.card, keys(hits), err)
		}
		if !slices.Contains(hitsConcern(hits[0]), c.card) {
			t.Errorf("Search(%q, %s held) first = %s, which is not about the %s", c.q, c.card, hitKey(hits[0]), c.card)
		}
		// Held, not named: without it the first answer is about something else.
		if plain, _ := searchHits(c.q, InPlay{}, 1); len(plain) > 0 && hitKey(plain[0]) == hitKey(hits[0]) {
			t.Errorf("Search(%q) is %s with or without the %s: the test shows nothing", c.q, hitKey(plain[0]), c.card)
		}
	}
	// In play only reorders: a question with no match finds nothing.
	if hits, _ := searchHits("xylophone", InPlay{Cards: []string{"axe"}}, 3); len(hits) != 0 {
		t.Errorf("an unmatched question found %v because the Axe is held", keys(hits))
	}
}

func hitsConcern(h Hit) []string {
	if h.Section == nil {
		return []string{h.ID}
	}
	ref, _ := Box().Passage(h.ID)
	return append(append([]string{}, ref.Passage.Cards...), ref.Passage.Rooms...)
}

func TestSearchRefusesWhatIsNotAQuestion(t *testing.T) {
	t.Parallel()
	cases := []struct {
		q    string
		want error
	}{
		{"", ErrQuestionEmpty},
		{"   \t ", ErrQuestionEmpty},
		{"\u202e", ErrQuestionEmpty},
		{"?!…。！", ErrQuestionNoWords},
		{strings.Repeat("weapon ", 1500), ErrQuestionLong},
	}
	for _, c := range cases {
		if _, err := Search(context.Background(), c.q, InPlay{}, 3); !errors.Is(err, c.want) {
			t.Errorf("Search(%.20q) error = %v, want %v", c.q, err, c.want)
		}
	}
	// A right-to-left override inside a question is dropped, not searched.
	hits, err := searchHits("\u202edog\u202c", InPlay{}, 3)
	if err != nil || len(hits) == 0 || hitKey(hits[0]) != "card:dog" {
		t.Errorf("RLO question: %v, %v", keys(hits), err)
	}
}

func keys(hits []Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, hitKey(h))
	}
	return out
}

// BenchmarkSearch answers the question set's questions in turn, as the
// table asks them, and reports the p50 and p95 of one answer (target: p95
// well under 20 ms on the table's laptop).
func BenchmarkSearch(b *testing.B) {
	var qs []question
	for _, set := range questionSets {
		qs = append(qs, loadQuestionFile(b, set.file)...)
	}
	if err := PrepareSearch(); err != nil {
		b.Fatal(err)
	}
	var took []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		if _, err := Search(context.Background(), qs[i%len(qs)].Q, InPlay{}, 4); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
}

// BenchmarkSearchIndexMemory builds the index from the box and reports
// what it holds: the Go heap it adds and the process's resident memory
// it adds (Linux), with the box itself already loaded.
func BenchmarkSearchIndexMemory(b *testing.B) {
	box := Box()
	var before, after runtime.MemStats
	for b.Loop() {
		runtime.GC()
		runtime.ReadMemStats(&before)
		rss := residentKB()
		idx, err := buildSearchIndex(box)
		if err != nil {
			b.Fatal(err)
		}
		// The Traditional-to-Simplified conversion's dictionaries, which a
		// Traditional question loads once, count with the index.
		cc, err := opencc.New("t2s")
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapInuse-min(before.HeapInuse, after.HeapInuse))/(1<<20), "heap-MB")
		if rss > 0 {
			b.ReportMetric(float64(residentKB()-rss)/1024, "rss-MB")
		}
		runtime.KeepAlive(idx)
		runtime.KeepAlive(cc)
		if err := idx.index.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// residentKB is this process's resident set size (Linux), or 0.
func residentKB() int {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kb
		}
	}
	return 0
}

// TestAsksCoverRuleParagraphs: every rule paragraph, card and room has what
// players ask when it is the answer, in both languages (data/asks.json),
// and every entry there names one (an FAQ ruling has its own question).
func TestAsksCoverRuleParagraphs(t *testing.T) {
	t.Parallel()
	var asks map[string]playerAsks
	if err := readJSON("asks.json", &asks); err != nil {
		t.Fatal(err)
	}
	box := Box()
	answers := map[string]bool{}
	for _, sec := range box.Rules {
		for _, p := range sec.Passages {
			if !sec.FAQ {
				answers[p.ID] = true
			}
		}
	}
	for _, c := range box.Cards {
		answers["card:"+c.ID] = true
	}
	for _, r := range box.Rooms {
		answers["room:"+r.ID] = true
	}
	for key := range answers {
		if a := asks[key]; len(a.EN) == 0 || len(a.ZH) == 0 {
			t.Errorf("%s: asks has %d English and %d Chinese questions, want some of each", key, len(a.EN), len(a.ZH))
		}
	}
	for key := range asks {
		if !answers[key] {
			t.Errorf("asks.json names %q, which is not a rule paragraph, card or room", key)
		}
	}
}

// TestCoverageSpread prints, for the sets tuned against, the first hit's
// coverage of questions answered right and of those only a haunt's book
// answers: what sureCoverage is chosen from (LANTERN_TUNE=1).
func TestCoverageSpread(t *testing.T) {
	t.Parallel()
	if os.Getenv("LANTERN_TUNE") == "" {
		t.Skip("LANTERN_TUNE=1 prints the coverage spread")
	}
	if err := PrepareSearch(); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"questions.json", "heldout.json", "train.json"} {
		for _, q := range loadQuestionFile(t, file) {
			qs, _ := simplified(cleanQuestion(q.Q))
			r := theIndex.reader.rewrite(strings.ToLower(qs))
			res, _ := Search(context.Background(), q.Q, InPlay{}, 3)
			if len(res.Hits) == 0 {
				continue
			}
			kind := "wrong"
			if q.Haunt {
				kind = "haunt"
			} else if slices.Contains(q.Answers, hitKey(res.Hits[0])) {
				kind = "right"
			}
			t.Logf("cov %s %.2f %s %q", kind, theIndex.coverage(r, res.Hits[0], 1), q.Lang, q.Q)
		}
	}
}
