package catalog

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2/analysis"
)

// glossaryGroup is one game term in both languages with the words players
// use for it: a question naming any of them also searches for the others,
// so "叛徒" finds rulings that say 奸徒, and either finds "traitor".
type glossaryGroup struct {
	// Key is the thing the names are of ("card:axe", "room:vault",
	// "term:traitor"; names.json's key), "" for a glossary group.
	Key string   `json:"-"`
	EN  []string `json:"en"`
	ZH  []string `json:"zh"`
	// Also are the words a question naming the group is searched for
	// besides its own: all of EN and ZH for a term.
	Also []string `json:"-"`
}

// enFiller are question words the English analyzer's stop list keeps but
// that never tell one passage from another ("what happens when…").
var enFiller = map[string]bool{
	"happen": true, "happens": true, "happened": true, "allowed": true, "possible": true,
	"able": true, "ok": true, "okay": true, "please": true, "exactly": true, "actually": true,
	"really": true, "get": true, "gets": true, "got": true, "still": true, "even": true,
	"work": true, "works": true, "rule": true, "rules": true, "mean": true, "means": true,
}

// zhFiller are the words of a Chinese question that carry no game meaning
// ("我可以…吗"), longest first so "可不可以" goes before "可以". Only
// characters that are never part of a game word here are listed alone.
var zhFiller = []string{
	"可不可以", "能不能", "会不会", "是不是", "有没有", "怎么办", "为什么", "请问", "我可以", "我能",
	"可以", "能否", "是否", "什么", "怎么", "怎样", "如何", "时候", "的话", "咋",
	"吗", "呢", "吧", "啊", "呀", "的", "了", "谁", "是", "时", "我", "你", "会", "还",
}

// questionReader turns a question as typed into the text searched. It
// reads English the way the index does (bleve's English analyzer: stems,
// no stop words), so "exploring" names the glossary's "explore".
type questionReader struct {
	groups  []glossaryGroup
	enTerms [][][]string // each group's English terms, as stems
	en      analysis.Analyzer
	// vocab is every English stem in the box, to mend a misspelt word
	// ("weapns", "steel") to the nearest one there.
	vocab map[string]bool
}

// newQuestionReader reads questions with the glossary's groups and every
// thing's names (names.json), so "希望涌现" finds what the English texts say
// of A Moment of Hope, and a question that says "the bell thing" is known to
// be about the Bell.
func newQuestionReader(groups []glossaryGroup, en analysis.Analyzer) *questionReader {
	r := &questionReader{groups: groups, en: en, vocab: map[string]bool{}}
	for _, g := range groups {
		var terms [][]string
		for _, t := range g.EN {
			if st := r.stems(t); len(st) > 0 {
				terms = append(terms, st)
			}
		}
		r.enTerms = append(r.enTerms, terms)
	}
	r.addShortNames()
	return r
}

// addShortNames lets a word of a card's or room's English name stand for
// it when no other thing's name has that word ("amulet" for the Amulet of
// the Ages, "elevator" for the Mystic Elevator), as players shorten names.
func (r *questionReader) addShortNames() {
	owners := map[string]map[string]bool{}
	for gi, g := range r.groups {
		for _, t := range r.enTerms[gi] {
			for _, w := range t {
				if owners[w] == nil {
					owners[w] = map[string]bool{}
				}
				owners[w][g.Key] = true
			}
		}
	}
	for gi, g := range r.groups {
		if !strings.HasPrefix(g.Key, "card:") && !strings.HasPrefix(g.Key, "room:") {
			continue
		}
		have := map[string]bool{}
		for _, t := range r.enTerms[gi] {
			if len(t) == 1 {
				have[t[0]] = true
			}
		}
		for _, t := range r.enTerms[gi] {
			for _, w := range t {
				if len(t) > 1 && len(w) >= 4 && len(owners[w]) == 1 && !have[w] {
					have[w] = true
					r.enTerms[gi] = append(r.enTerms[gi], []string{w})
				}
			}
		}
	}
}

// learn adds a text's English stems to the vocabulary.
func (r *questionReader) learn(text string) {
	for _, s := range r.stems(text) {
		r.vocab[s] = true
	}
}

func (r *questionReader) stems(text string) []string {
	var out []string
	for _, tok := range r.en.Analyze([]byte(strings.ToLower(text))) {
		out = append(out, string(tok.Term))
	}
	return out
}

// searchWords are words to search for and how much a match counts.
type searchWords struct {
	text  string
	boost float64
}

// reading is a question as the search reads it.
type reading struct {
	// words are what is searched: the asker's own words, and the names
	// and terms they name in both languages, counting for less.
	words []searchWords
	// own is the asker's own words, filler dropped and misspellings mended;
	// stems are its English words as the index reads them, each mended
	// one in place of its slip.
	own   string
	stems []string
	// text is the whole question, lower-cased, in Simplified characters.
	text string
	// asks and grouped are its words for coverage (questionWords), once
	// worked out.
	asks    []string
	grouped map[string]int
	// named are the cards and rooms the question names, however it names
	// them ("card:bell", "room:vault").
	named map[string]bool
	// groups are the reader's groups (terms, things) the question names.
	groups []int
	// phase is the part of the game the question says it is about
	// (PhaseBefore, PhaseAfter), "" when it doesn't say.
	phase string
}

// rewrite turns a question into what is searched: its own words, filler
// dropped and misspellings mended, and, counting for less, for every
// glossary term it names the group's words in both languages (so 叛徒
// finds 奸徒 and "traitor" without a synonym outweighing what was asked).
// The question is lower-cased and in Simplified characters already.
func (r *questionReader) rewrite(question string) reading {
	q := question
	var kept []string
	for _, w := range strings.Fields(q) {
		if !enFiller[strings.TrimFunc(w, func(c rune) bool { return !unicode.IsLetter(c) })] {
			kept = append(kept, w)
		}
	}
	q = strings.Join(kept, " ")
	// The words that say when ("after the haunt started", 作祟开始后) are
	// the question's phase, not its subject: searched for less.
	var when []string
	for _, re := range []*regexp.Regexp{beforeHaunt, afterHaunt} {
		when = append(when, re.FindAllString(q, -1)...)
		q = re.ReplaceAllString(q, " ")
	}
	for _, f := range zhFiller {
		q = strings.ReplaceAll(q, f, " ")
	}
	own := []string{q}
	stems := r.stems(q)
	for i, s := range stems {
		if fix := r.mend(s); fix != "" {
			stems[i] = fix
			own = append(own, fix)
		}
	}
	read := reading{text: question, own: strings.Join(own, " "), stems: stems, named: map[string]bool{}, phase: questionPhase(question)}
	var also []string
	for gi, g := range r.groups {
		namedEN := false
		for _, t := range r.enTerms[gi] {
			namedEN = namedEN || containsRun(stems, t)
		}
		namedZH := false
		for _, t := range g.ZH {
			namedZH = namedZH || strings.Contains(question, t)
		}
		if namedEN || namedZH {
			also = append(also, g.Also...)
			read.groups = append(read.groups, gi)
			if strings.HasPrefix(g.Key, "card:") || strings.HasPrefix(g.Key, "room:") {
				read.named[g.Key] = true
			}
		}
	}
	read.words = []searchWords{{read.own, 1}, {strings.Join(when, " "), phaseWordsBoost}, {strings.Join(also, " "), glossaryBoost}}
	return read
}

// mend is the box's word one typing slip away from a Latin word the box
// doesn't have (two for a long word), or "" when there is none or the word
// is the box's own or too short to guess at.
func (r *questionReader) mend(stem string) string {
	n := len([]rune(stem))
	if r.vocab[stem] || n < 4 || strings.IndexFunc(stem, func(c rune) bool { return c > unicode.MaxASCII || !unicode.IsLetter(c) }) >= 0 {
		return ""
	}
	limit := 1
	if n >= 8 {
		limit = 2
	}
	best, bestDist := "", limit+1
	for v := range r.vocab {
		if d := editDistance(stem, v, limit); d < bestDist || d == bestDist && v < best {
			best, bestDist = v, d
		}
	}
	if bestDist > limit {
		return ""
	}
	return best
}

// containsRun reports whether words holds run as consecutive words.
func containsRun(words, run []string) bool {
	if len(run) == 0 {
		return false
	}
	for i := 0; i+len(run) <= len(words); i++ {
		if slicesEqual(words[i:i+len(run)], run) {
			return true
		}
	}
	return false
}

func slicesEqual(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

// editDistance is the Levenshtein distance of a and b (ASCII), or limit+1
// as soon as it must exceed limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
