package catalog

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/analysis/token/lowercase"
	unicodetokenizer "github.com/blevesearch/bleve/v2/analysis/tokenizer/unicode"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	bleveindex "github.com/blevesearch/bleve_index_api"
)

// Hit is one answer to a question: a rule passage, an FAQ ruling, a card
// or a room, with its whole text.
type Hit struct {
	Kind string // rule | faq | card | room
	// ID is the passage's id for rule and faq, else the card's or room's.
	ID string
	// Section is the rule section a passage is in (nil for cards and rooms).
	Section *RuleSection
	// Title is what the hit is called: the section's title, the ruling's
	// question, the card's or room's name.
	Title Text
	Text  Text
	Score float64
}

// InPlay is what the asker has in front of them: the cards they hold and
// the room they are in. Rulings about them rank first.
type InPlay struct {
	Cards []string
	Rooms []string
}

// MaxQuestionRunes bounds a question: a player's question is a line, and a
// longer text is a paste, not a question.
const MaxQuestionRunes = 200

// The ways a question can't be searched; the web layer says each in the
// asker's language.
var (
	ErrQuestionEmpty   = errors.New("catalog: empty question")
	ErrQuestionLong    = errors.New("catalog: question too long")
	ErrQuestionNoWords = errors.New("catalog: question has no words")
)

// Field names of the index. Each language has its own analyzer: English is
// stemmed with its stop words dropped; Chinese, which has no spaces, is
// indexed as single characters and pairs of them.
const (
	fieldTitleEN = "title_en"
	fieldTitleZH = "title_zh"
	fieldTextEN  = "text_en"
	fieldTextZH  = "text_zh"
	fieldNameEN  = "name_en"
	fieldNameZH  = "name_zh"
	// fieldAsks… hold what players ask when a rule paragraph is the answer
	// (data/asks.json), in their own words rather than the rules'.
	fieldAsksEN = "asks_en"
	fieldAsksZH = "asks_zh"
	// fieldName holds a card's or room's names folded whole (keyword): a
	// question that is just a name finds its entry first.
	fieldName  = "name"
	analyzerZH = "zh"
)

// Boosts: a title (a card's name, a ruling's question, a paragraph's
// heading) says what the passage is about; a card or room in play puts its
// rulings ahead.
const (
	titleBoost    = 2
	asksBoost     = 1
	nameBoost     = 1
	glossaryBoost = 0.8
	// exactNameBoost puts the entry a question names whole above any
	// ruling that mentions it.
	exactNameBoost = 10
	inPlayBoost    = 1.5
	// inPlayReach is how far down a question's hits a ruling about what
	// is in play may come up from.
	inPlayReach = 20
)

// playerAsks are the questions players type when a rule paragraph is the
// answer (data/asks.json, by passage id).
type playerAsks struct {
	EN []string `json:"en"`
	ZH []string `json:"zh"`
}

type searchDoc struct {
	TitleEN string   `json:"title_en"`
	TitleZH string   `json:"title_zh"`
	TextEN  string   `json:"text_en"`
	TextZH  string   `json:"text_zh"`
	NameEN  string   `json:"name_en"`
	NameZH  string   `json:"name_zh"`
	Name    []string `json:"name"`
	AsksEN  string   `json:"asks_en"`
	AsksZH  string   `json:"asks_zh"`
}

// searchIndex is the box's passages, cards and rooms in an in-memory bleve
// index, built once from the embedded data.
type searchIndex struct {
	index bleve.Index
	hits  map[string]Hit // by document id, without score
	// concerns are the cards and rooms each document is about.
	concerns map[string][]string
	reader   *questionReader
}

var (
	searchOnce sync.Once
	theIndex   *searchIndex
	searchErr  error
)

// PrepareSearch builds the index now rather than at the first question, so
// the first player to ask doesn't wait; the server calls it at start.
func PrepareSearch() error {
	searchOnce.Do(func() { theIndex, searchErr = buildSearchIndex(Box()) })
	return searchErr
}

func searchMapping() (*mapping.IndexMappingImpl, error) {
	m := bleve.NewIndexMapping()
	m.ScoringModel = bleveindex.BM25Scoring
	err := m.AddCustomTokenFilter("cjk_bigram_unigram", map[string]any{
		"type": cjk.BigramName, "output_unigram": true,
	})
	if err != nil {
		return nil, fmt.Errorf("search mapping: %w", err)
	}
	err = m.AddCustomAnalyzer(analyzerZH, map[string]any{
		"type":          custom.Name,
		"tokenizer":     unicodetokenizer.Name,
		"token_filters": []string{cjk.WidthName, lowercase.Name, "cjk_bigram_unigram"},
	})
	if err != nil {
		return nil, fmt.Errorf("search mapping: %w", err)
	}
	text := func(analyzer string) *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = analyzer
		f.Store = false
		f.IncludeTermVectors = false
		f.IncludeInAll = false
		f.DocValues = false
		return f
	}
	doc := bleve.NewDocumentStaticMapping()
	doc.AddFieldMappingsAt(fieldTitleEN, text(en.AnalyzerName))
	doc.AddFieldMappingsAt(fieldTextEN, text(en.AnalyzerName))
	doc.AddFieldMappingsAt(fieldTitleZH, text(analyzerZH))
	doc.AddFieldMappingsAt(fieldTextZH, text(analyzerZH))
	doc.AddFieldMappingsAt(fieldNameEN, text(en.AnalyzerName))
	doc.AddFieldMappingsAt(fieldNameZH, text(analyzerZH))
	doc.AddFieldMappingsAt(fieldAsksEN, text(en.AnalyzerName))
	doc.AddFieldMappingsAt(fieldAsksZH, text(analyzerZH))
	doc.AddFieldMappingsAt(fieldName, text(keyword.Name))
	m.DefaultMapping = doc
	return m, nil
}

func buildSearchIndex(box *Content) (*searchIndex, error) {
	m, err := searchMapping()
	if err != nil {
		return nil, err
	}
	// scorch with no path keeps the index in memory (and is the index type
	// that scores with BM25).
	idx, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	var glossary []glossaryGroup
	if err := readJSON("glossary.json", &glossary); err != nil {
		return nil, err
	}
	var asks map[string]playerAsks
	if err := readJSON("asks.json", &asks); err != nil {
		return nil, err
	}
	s := &searchIndex{index: idx, hits: map[string]Hit{}, concerns: map[string][]string{}, reader: newQuestionReader(glossary, box, m.AnalyzerNamed(en.AnalyzerName))}
	batch := idx.NewBatch()
	add := func(h Hit, concerns []string, more ...Text) error {
		id := h.Kind + ":" + h.ID
		s.hits[id] = h
		s.concerns[id] = concerns
		d := searchDoc{TextEN: h.Text.EN, TextZH: h.Text.ZH}
		if a, ok := asks[h.ID]; ok && h.Kind == "rule" {
			d.AsksEN, d.AsksZH = strings.Join(a.EN, "\n"), strings.Join(a.ZH, "\n")
		}
		for _, t := range more {
			d.TextEN += "\n" + t.EN
			d.TextZH += "\n" + t.ZH
		}
		if h.Section != nil {
			d.TitleEN, d.TitleZH = h.Title.EN, h.Title.ZH
		} else {
			// A card's or room's name is a name, not a subject: it counts
			// less than a ruling's question that names it.
			d.NameEN, d.NameZH = h.Title.EN, h.Title.ZH
			d.Name = []string{fold(h.Title.EN), fold(h.Title.ZH)}
		}
		s.reader.learn(d.TitleEN + " " + d.NameEN + " " + d.TextEN)
		return batch.Index(id, d)
	}
	for i := range box.Rules {
		sec := &box.Rules[i]
		for _, p := range sec.Passages {
			h := Hit{Kind: "rule", ID: p.ID, Section: sec, Title: p.Heading, Text: p.Text}
			if sec.FAQ {
				h.Kind, h.Title = "faq", p.Question
			}
			if err := add(h, append(append([]string{}, p.Cards...), p.Rooms...)); err != nil {
				return nil, fmt.Errorf("index %s: %w", p.ID, err)
			}
		}
	}
	for _, c := range box.Cards {
		// A card's roll outcomes are searched with its text.
		var outcomes []Text
		if c.Roll != nil {
			for _, b := range c.Roll.Brackets {
				outcomes = append(outcomes, b.Text)
			}
		}
		if err := add(Hit{Kind: "card", ID: c.ID, Title: c.Name, Text: c.Text}, []string{c.ID}, outcomes...); err != nil {
			return nil, fmt.Errorf("index card %s: %w", c.ID, err)
		}
	}
	for _, r := range box.Rooms {
		if err := add(Hit{Kind: "room", ID: r.ID, Title: r.Name, Text: r.Text}, []string{r.ID}); err != nil {
			return nil, fmt.Errorf("index room %s: %w", r.ID, err)
		}
	}
	if err := idx.Batch(batch); err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	return s, nil
}

// cleanQuestion drops what a question can carry but never means: control
// and format characters (a pasted right-to-left override) and extra space.
func cleanQuestion(q string) string {
	q = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Cf, r) || unicode.IsControl(r) {
			return ' '
		}
		return r
	}, q)
	return strings.Join(strings.Fields(q), " ")
}

// Search answers a question with at most limit passages, cards or rooms,
// the best first. An empty, overlong or wordless question is an error
// (ErrQuestion…); a question with no answer is no hits.
func Search(ctx context.Context, question string, inPlay InPlay, limit int) ([]Hit, error) {
	if err := PrepareSearch(); err != nil {
		return nil, err
	}
	q := cleanQuestion(question)
	switch {
	case q == "":
		return nil, ErrQuestionEmpty
	case utf8.RuneCountInString(q) > MaxQuestionRunes:
		return nil, ErrQuestionLong
	case fold(q) == "":
		return nil, ErrQuestionNoWords
	}
	return theIndex.search(ctx, fold(q), theIndex.reader.rewrite(q), inPlay, limit)
}

// search finds passages for the question's own words and, counting for
// less, the glossary's words for the terms it names.
func (s *searchIndex) search(ctx context.Context, folded string, question []searchWords, inPlay InPlay, limit int) ([]Hit, error) {
	name := bleve.NewTermQuery(folded)
	name.SetField(fieldName)
	name.SetBoost(exactNameBoost)
	answer := bleve.NewDisjunctionQuery(name)
	for _, words := range question {
		if strings.TrimSpace(words.text) == "" {
			continue
		}
		for _, f := range []struct {
			name  string
			boost float64
		}{{fieldTitleEN, titleBoost}, {fieldTextEN, 1}, {fieldNameEN, nameBoost}, {fieldAsksEN, asksBoost},
			{fieldTitleZH, titleBoost}, {fieldTextZH, 1}, {fieldNameZH, nameBoost}, {fieldAsksZH, asksBoost}} {
			m := bleve.NewMatchQuery(words.text)
			m.SetField(f.name)
			m.SetBoost(f.boost * words.boost)
			answer.AddQuery(m)
		}
	}
	// A card or room in play reorders what the question found (never adds
	// to it): the search reaches past limit so a ruling about what you
	// hold, ranked just below, can come up.
	req := bleve.NewSearchRequestOptions(answer, max(limit, inPlayReach), 0, false)
	res, err := s.index.SearchInContext(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	inPlaySet := map[string]bool{}
	for _, id := range append(append([]string{}, inPlay.Cards...), inPlay.Rooms...) {
		inPlaySet[id] = true
	}
	hits := make([]Hit, 0, len(res.Hits))
	for _, m := range res.Hits {
		h := s.hits[m.ID]
		h.Score = m.Score
		for _, id := range s.concerns[m.ID] {
			if inPlaySet[id] {
				h.Score *= inPlayBoost
				break
			}
		}
		hits = append(hits, h)
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	return hits[:min(limit, len(hits))], nil
}

// fold lower-cases and drops punctuation so "Drip... Drip" reads as
// "drip drip".
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
