package catalog

import (
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Hit is one search result.
type Hit struct {
	Kind  string // card | room | rule
	ID    string
	Name  Text
	Score int
	// Body is the entry's text, for a snippet of why it matched.
	Body Text
}

// entry is one searchable thing with its texts folded once, at first use.
type entry struct {
	kind, id string
	name     Text
	body     Text
	names    []string // folded names in both languages (and the id)
	texts    []string // folded body texts in both languages
}

var (
	indexOnce sync.Once
	index     []entry
)

// fold lower-cases and drops punctuation so "Drip... Drip" matches "drip drip".
func fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			space = false
		case !space:
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}

func buildIndex() {
	box := Box()
	for _, c := range box.Cards {
		e := entry{kind: "card", id: c.ID, name: c.Name, body: c.Text}
		e.names = []string{fold(c.Name.EN), fold(c.Name.ZH), fold(c.ID)}
		e.texts = []string{fold(c.Text.EN), fold(c.Text.ZH)}
		if c.Roll != nil {
			for _, b := range c.Roll.Brackets {
				e.texts = append(e.texts, fold(b.Text.EN), fold(b.Text.ZH))
			}
		}
		index = append(index, e)
	}
	for _, r := range box.Rooms {
		e := entry{kind: "room", id: r.ID, name: r.Name, body: r.Text}
		e.names = []string{fold(r.Name.EN), fold(r.Name.ZH), fold(r.ID)}
		e.texts = []string{fold(r.Text.EN), fold(r.Text.ZH)}
		index = append(index, e)
	}
	for _, s := range box.Rules {
		e := entry{kind: "rule", id: s.ID, name: s.Title, body: s.Body()}
		e.names = []string{fold(s.Title.EN), fold(s.Title.ZH), fold(s.ID)}
		e.texts = []string{fold(e.body.EN), fold(e.body.ZH)}
		index = append(index, e)
	}
}

// MinQueryRunes is the shortest query searched: two letters, or one Han
// character (one character is already a word: 狗, 书).
func queryLongEnough(q string) bool {
	n := utf8.RuneCountInString(q)
	if n >= 2 {
		return true
	}
	r, _ := utf8.DecodeRuneInString(q)
	return n == 1 && unicode.Is(unicode.Han, r)
}

// Search finds cards, rooms and rule sections whose name or text contains
// the query in either language, best first: a name that is the query, then
// names starting with it, names containing it, then texts (more mentions
// first). At most limit hits.
func Search(query string, limit int) []Hit {
	indexOnce.Do(buildIndex)
	q := fold(query)
	if !queryLongEnough(q) {
		return nil
	}
	var hits []Hit
	for _, e := range index {
		score := 0
		for _, n := range e.names {
			switch {
			case n == q:
				score = max(score, 1000)
			case strings.HasPrefix(n, q):
				score = max(score, 800)
			case strings.Contains(n, " "+q):
				score = max(score, 700)
			case strings.Contains(n, q):
				score = max(score, 600)
			}
		}
		for _, t := range e.texts {
			if c := strings.Count(t, q); c > 0 {
				score = max(score, 100+min(c, 20)*10)
			}
		}
		if score > 0 {
			hits = append(hits, Hit{Kind: e.kind, ID: e.id, Name: e.name, Score: score, Body: e.body})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	if len(hits) > limit {
		hits = hits[:limit]
	}
	return hits
}

// Snippet is about width characters of text around the first place query
// occurs in it (ignoring case), so a result shows why it matched; when the
// query is not in it (the name matched), the text's opening.
func Snippet(text, query string, width int) string {
	runes := []rune(strings.Join(strings.Fields(text), " "))
	lower := []rune(strings.ToLower(string(runes)))
	q := []rune(strings.ToLower(strings.TrimSpace(query)))
	at := -1
	if len(q) > 0 && len(lower) == len(runes) {
		for i := 0; i+len(q) <= len(lower); i++ {
			if string(lower[i:i+len(q)]) == string(q) {
				at = i
				break
			}
		}
	}
	start := 0
	if at > width/3 {
		start = at - width/3
	}
	end := min(len(runes), start+width)
	out := string(runes[start:end])
	if start > 0 {
		out = "…" + out
	}
	if end < len(runes) {
		out += "…"
	}
	return out
}
