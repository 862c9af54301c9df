package catalog

import (
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
)

// wordStats knows which words each document holds and how many documents
// hold each word, to tell how much of a question the first hit covers:
// BM25's score says which passage answers best, not whether any does.
type wordStats struct {
	en, zh analysis.Analyzer
	ids    map[string]int32 // word → its number
	docs   map[string]map[int32]bool
	df     []int // by word number: documents holding it
}

func newWordStats(en, zh analysis.Analyzer) *wordStats {
	return &wordStats{en: en, zh: zh, ids: map[string]int32{}, docs: map[string]map[int32]bool{}}
}

// analyse is a text's words as the index reads them: English stems and
// Chinese characters and pairs of them, each once.
func (w *wordStats) analyse(text string) []string {
	seen := map[string]bool{}
	var out []string
	keep := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, tok := range w.en.Analyze([]byte(text)) {
		if t := string(tok.Term); !hasHan(t) {
			keep(t)
		}
	}
	for _, tok := range w.zh.Analyze([]byte(text)) {
		if t := string(tok.Term); hasHan(t) {
			keep(t)
		}
	}
	return out
}

func (w *wordStats) add(doc string, texts ...string) {
	held := map[int32]bool{}
	for _, t := range w.analyse(strings.Join(texts, "\n")) {
		id, ok := w.ids[t]
		if !ok {
			id = int32(len(w.df))
			w.ids[t] = id
			w.df = append(w.df, 0)
		}
		if !held[id] {
			held[id] = true
			w.df[id]++
		}
	}
	w.docs[doc] = held
}

// idf is how rare a word is in the box (0 for a word it doesn't have).
func (w *wordStats) idf(t string) float64 {
	id, ok := w.ids[t]
	if !ok {
		return 0
	}
	return math.Log(1 + float64(len(w.docs))/float64(w.df[id]))
}

func (w *wordStats) holds(doc, t string) bool {
	id, ok := w.ids[t]
	return ok && w.docs[doc][id]
}

// unknownWeight is what a word the box doesn't have counts for in a
// question's coverage, as a share of a rare word's: a word no passage has
// ("zombie lord") is asked and not answered, but a friend's name at the
// table is no part of the question, so it counts for less; during a haunt
// such a word is more likely the haunt's own (its monster, its ritual).
const (
	unknownWeight        = 0.5
	unknownWeightInHaunt = 1.0
)

// coverage is the share of the question (its words weighted by how rare
// they are) the hit holds. A word of a name or term the question names is
// held when the hit holds any of that group's words, or is about the thing.
func (s *searchIndex) coverage(q reading, h Hit, unknown float64) float64 {
	doc := h.Kind + ":" + h.ID
	if q.asks == nil {
		q.asks, q.grouped = s.questionWords(q)
	}
	rare := math.Log(1 + float64(len(s.words.docs)))
	var asked, held float64
	grouped := q.grouped
	for _, t := range q.asks {
		weight := s.words.idf(t)
		if weight == 0 {
			if gi := grouped[t]; gi == 0 && !isFiller(t) {
				asked += unknown * rare
			}
			continue
		}
		asked += weight
		switch gi := grouped[t]; {
		case s.words.holds(doc, t):
			held += weight
		case gi > 0 && s.groupHeld(gi-1, doc):
			held += weight
		}
	}
	if asked == 0 {
		return 1
	}
	return held / asked
}

// questionWords are a question's words for coverage, each once (English
// stems as mended, Chinese characters and pairs), and for each word of a
// name or term it names, that group (its index + 1).
func (s *searchIndex) questionWords(q reading) ([]string, map[string]int) {
	grouped := map[string]int{}
	for _, gi := range q.groups {
		for _, t := range s.groupWords[gi] {
			grouped[t] = gi + 1
		}
	}
	words := append([]string{}, q.stems...)
	for _, t := range s.words.analyse(q.own) {
		if hasHan(t) {
			words = append(words, t)
		}
	}
	seen := map[string]bool{}
	asks := words[:0]
	for _, t := range words {
		if !seen[t] {
			seen[t] = true
			asks = append(asks, t)
		}
	}
	return asks, grouped
}

// groupHeld reports whether a document holds any word of a group, or is
// the thing the group names, or is about it.
func (s *searchIndex) groupHeld(gi int, doc string) bool {
	key := s.reader.groups[gi].Key
	if key != "" && (key == doc || slices.Contains(s.concerns[doc], key)) {
		return true
	}
	for _, t := range s.groupWords[gi] {
		if s.words.holds(doc, t) {
			return true
		}
	}
	return false
}

// isFiller: a number, a lone character, or a short Latin word the box
// doesn't have (a friend's name at the table: Sam, Leo) says nothing about
// what is asked.
func isFiller(t string) bool {
	r := []rune(t)
	return len(r) == 1 || len(r) <= 3 && !hasHan(t) || strings.IndexFunc(t, func(c rune) bool { return !unicode.IsDigit(c) }) < 0
}

// hauntNumber finds a haunt named by its number: "haunt 12", "scenario
// #12", 剧本12, 第12个剧本, 12号剧本.
var hauntNumber = regexp.MustCompile(`(?:haunt|scenario|剧本|作祟)\s*(?:no\.?|number|#|编号|第)?\s*(\d{1,2})(?:\D|$)|` +
	`(?:^|\D)(?:第\s*)?(\d{1,2})\s*(?:号|个)\s*(?:剧本|作祟)|#\s*(\d{1,2})(?:\D|$)`)

// hauntWords are, for each word of the haunts' names that the box doesn't
// have ("mummy", 木乃), the haunts whose names have it.
func (w *wordStats) hauntWords(haunts []Haunt) map[string][]int {
	out := map[string][]int{}
	for _, h := range haunts {
		for _, t := range w.analyse(h.Name.EN + " " + h.Name.ZH) {
			if _, inBox := w.ids[t]; !inBox && !isFiller(t) {
				out[t] = append(out[t], h.Number)
			}
		}
	}
	return out
}

// namedHaunt is the haunt a question names, by its number or by words of
// its name that no passage has (only its book answers such a question), or
// 0. An English word is enough; Chinese needs two, since a pair of
// characters from a haunt's name may be a common word.
func (s *searchIndex) namedHaunt(q reading) int {
	own := q.own
	if m := hauntNumber.FindStringSubmatch(own); m != nil {
		for _, g := range m[1:] {
			if n, err := strconv.Atoi(g); err == nil && n >= 1 && n <= len(Haunts()) {
				return n
			}
		}
	}
	// A haunt's whole Chinese name (降神会): one of two characters only
	// when the question says it is a haunt's (剧本: 空中 and 迷失 are
	// common words too).
	for _, h := range Haunts() {
		name := fold(h.Name.ZH)
		if n := utf8.RuneCountInString(name); name != "" && strings.Contains(q.text, name) && (n >= 3 || strings.Contains(q.text, "剧本") || strings.Contains(q.text, "作祟")) {
			return h.Number
		}
	}
	// A haunt's whole English name of two words or more ("ghost bride",
	// "tomb of dracula"); of one word only when the question says it is
	// a haunt's ("the voodoo haunt", not "we lost the haunt roll").
	folded := " " + fold(q.text) + " "
	for _, h := range Haunts() {
		name := strings.TrimPrefix(fold(h.Name.EN), "the ")
		if name == "" || !strings.Contains(folded, " "+name+" ") {
			continue
		}
		if strings.Contains(name, " ") || slices.ContainsFunc([]string{" haunt " + name + " ", " " + name + " haunt ", " scenario " + name + " ", " " + name + " scenario "}, func(p string) bool { return strings.Contains(folded, p) }) {
			return h.Number
		}
	}
	votes := map[int]int{}
	for _, t := range s.words.analyse(own) {
		weight := 2
		if hasHan(t) {
			weight = 1
		}
		for _, n := range s.hauntWords[t] {
			votes[n] += weight
		}
	}
	best, bestVotes := 0, 1
	for n, v := range votes {
		if v > bestVotes || v == bestVotes && best != 0 && n < best {
			best, bestVotes = n, v
		}
	}
	return best
}
