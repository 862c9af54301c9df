package catalog

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
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
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
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
// the room they are in (rulings about them rank first), and the haunt the
// game is in (0 before it), whose book answers what the box can't.
type InPlay struct {
	Cards []string
	Rooms []string
	Haunt int
}

// Result is what a question gets: the hits, the best first, and how sure
// the search is of them.
type Result struct {
	Hits []Hit
	// Sure is false when no hit answers the question well: it names a
	// haunt, or the first hit covers too little of what it asks. The
	// hits are then only the nearest passages, not an answer.
	Sure bool
	// Haunt is the haunt whose book answers when the search is not sure:
	// the one the question names, else the one the game is in; 0 if none.
	Haunt int
	// Even is how many of the first hits score about alike (1 when the
	// first stands out): a player picks among them.
	Even int
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
	glossaryBoost = 0.2
	// exactNameBoost puts the entry a question names whole above any
	// ruling that mentions it.
	exactNameBoost = 10
	inPlayBoost    = 2.0
	// inPlayReach is how far down a question's hits a ruling about what
	// is in play may come up from.
	inPlayReach = 20
	// aboutBoost ranks the card or room a question names, and the rulings
	// about it, above passages that only share a word with the question.
	aboutBoost      = 2.0
	namedEntryBoost = 2.0
	// wholeNameBoost ranks first the entry a question names and nothing
	// more ("颅骨", "coal chute").
	wholeNameBoost = 4
	// phaseBoost ranks passages of the part of the game a question says
	// it is about (before or after the haunt) first, and those of the
	// other part last; gamePhaseBoost is the game's own phase when the
	// question doesn't say (a question asked during the haunt is more
	// likely about the haunt, one asked before it about exploring).
	phaseBoost = 1.6
	// phaseWordsBoost is what the words saying the phase count for in
	// the search.
	phaseWordsBoost = 0.3
	gamePhaseBoost  = 1.15
	// exploringPhaseBoost: before a haunt, or with no game, a question
	// that doesn't say leans less, since most of the box's passages are
	// the haunt's (58 after, 4 before) and players ask about both.
	exploringPhaseBoost = 1.08
	zzLean              = 1.15
	// sureCoverage is how much of a question (its words weighted by how
	// rare they are in the box) the first hit must hold to be an answer.
	sureCoverage         = 0.2
	sureCoverageOneHaunt = 0.5
	sureCoverageInHaunt  = 0.5
	// coverageWeight is how much the share of the question a hit holds
	// counts in its rank (score × coverage^coverageWeight).
	coverageWeight = 1.0
	// bm25B is how much BM25 favours short passages (bleve's default is
	// 0.75): the box's passages run from a card's line to a section's
	// paragraph, and the short ones that merely share a word ("Omens
	// after the haunt" for any 作祟 question) won over the paragraph that
	// answers. Tuned on the question sets: 0.25 gave 350 first answers of
	// 407, 0.75 gave 344. bm25K1 is bleve's default.
	bm25B  = 0.25
	bm25K1 = 1.2
	// evenRatio: hits scoring within this of the first are equal choices.
	evenRatio = 0.92
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
	// concerns are the cards and rooms each document is about, as keys
	// ("card:axe").
	concerns map[string][]string
	// phase is the part of the game each document holds for.
	phase  map[string]string
	reader *questionReader
	// words are what each document says, for how much of a question
	// the first hit covers.
	words *wordStats
	// wholeNames are the entries each folded name is of.
	wholeNames map[string][]string
	// groupWords are the words of each of the reader's groups (a term's,
	// a thing's names), as analysed.
	groupWords [][]string
	// hauntWords are the words of haunts' names the box doesn't use
	// ("mummy", 木乃伊): a question with them is about that haunt.
	hauntWords map[string][]int
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
	// bleve reads BM25's parameters from package variables; this index is
	// the process's only one.
	search.BM25_b, search.BM25_k1 = bm25B, bm25K1
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
	b := &indexBuilder{batch: idx.NewBatch()}
	if err := readJSON("asks.json", &b.asks); err != nil {
		return nil, err
	}
	if b.names, err = loadNames(box); err != nil {
		return nil, err
	}
	groups := nameGroups(b.names, boxText(box))
	enAnalyzer, zhAnalyzer := m.AnalyzerNamed(en.AnalyzerName), m.AnalyzerNamed(analyzerZH)
	s := &searchIndex{
		index: idx, hits: map[string]Hit{}, concerns: map[string][]string{}, phase: map[string]string{},
		reader: newQuestionReader(groups, enAnalyzer),
		words:  newWordStats(enAnalyzer, zhAnalyzer), wholeNames: map[string][]string{},
	}
	b.s = s
	for _, g := range s.reader.groups {
		s.groupWords = append(s.groupWords, s.words.analyse(strings.Join(append(append([]string{}, g.EN...), g.ZH...), " ")))
	}
	if err := b.addBox(box); err != nil {
		return nil, err
	}
	if err := idx.Batch(b.batch); err != nil {
		return nil, fmt.Errorf("search index: %w", err)
	}
	s.hauntWords = s.words.hauntWords(Haunts())
	return s, nil
}

// indexBuilder puts the box's documents in the index being built, with
// what players ask of each and every name each thing has.
type indexBuilder struct {
	s     *searchIndex
	batch *bleve.Batch
	asks  map[string]playerAsks
	names map[string][]thingName
}

// addBox adds every rule passage, FAQ ruling, card and room.
func (b *indexBuilder) addBox(box *Content) error {
	for i := range box.Rules {
		sec := &box.Rules[i]
		for _, p := range sec.Passages {
			h := Hit{Kind: "rule", ID: p.ID, Section: sec, Title: p.Heading, Text: p.Text}
			if sec.FAQ {
				h.Kind, h.Title = "faq", p.Question
			}
			var concerns []string
			for _, c := range p.Cards {
				concerns = append(concerns, "card:"+c)
			}
			for _, r := range p.Rooms {
				concerns = append(concerns, "room:"+r)
			}
			if err := b.add(h, p.Phase, concerns); err != nil {
				return fmt.Errorf("index %s: %w", p.ID, err)
			}
		}
	}
	for _, c := range box.Cards {
		// A card's roll outcomes are searched with its text.
		var outcomes []Text
		if c.Roll != nil {
			for _, br := range c.Roll.Brackets {
				outcomes = append(outcomes, br.Text)
			}
		}
		if err := b.add(Hit{Kind: "card", ID: c.ID, Title: c.Name, Text: c.Text}, c.Phase, []string{"card:" + c.ID}, outcomes...); err != nil {
			return fmt.Errorf("index card %s: %w", c.ID, err)
		}
	}
	for _, r := range box.Rooms {
		if err := b.add(Hit{Kind: "room", ID: r.ID, Title: r.Name, Text: r.Text}, r.Phase, []string{"room:" + r.ID}); err != nil {
			return fmt.Errorf("index room %s: %w", r.ID, err)
		}
	}
	return nil
}

// add indexes one document: its text (and more, such as a card's roll
// outcomes), what players ask when it is the answer, and for a card or
// room its names.
func (b *indexBuilder) add(h Hit, phase string, concerns []string, more ...Text) error {
	s := b.s
	id := h.Kind + ":" + h.ID
	s.hits[id] = h
	s.concerns[id] = concerns
	s.phase[id] = phase
	d := searchDoc{TextEN: h.Text.EN, TextZH: h.Text.ZH}
	// What players ask when it is the answer: rule paragraphs by their
	// id, cards and rooms by "card:axe", "room:vault".
	key := h.ID
	if h.Section == nil {
		key = id
	}
	if a, ok := b.asks[key]; ok && h.Kind != "faq" {
		d.AsksEN, d.AsksZH = strings.Join(a.EN, "\n"), strings.Join(a.ZH, "\n")
	}
	for _, t := range more {
		d.TextEN += "\n" + t.EN
		d.TextZH += "\n" + t.ZH
	}
	if h.Section != nil {
		d.TitleEN, d.TitleZH = h.Title.EN, h.Title.ZH
	} else {
		b.addNames(&d, h, id)
	}
	s.reader.learn(d.TitleEN + " " + d.NameEN + " " + d.TextEN + " " + d.AsksEN)
	s.words.add(id, d.TitleEN, d.TitleZH, d.TextEN, d.TextZH, d.NameEN, d.NameZH, d.AsksEN, d.AsksZH)
	return b.batch.Index(id, d)
}

// addNames gives a card's or room's document its names. They are names,
// not a subject: they count less than a ruling's question that names it.
// Every name it has is one: the printed one, the seeds', the players'.
func (b *indexBuilder) addNames(d *searchDoc, h Hit, id string) {
	en, zh := []string{h.Title.EN}, []string{h.Title.ZH}
	d.Name = []string{fold(h.Title.EN), fold(h.Title.ZH)}
	for _, n := range b.names[id] {
		if hasHan(n.Name) {
			zh = append(zh, n.Name)
		} else {
			en = append(en, n.Name)
		}
		d.Name = append(d.Name, fold(n.Name))
	}
	d.NameEN, d.NameZH = strings.Join(en, "\n"), strings.Join(zh, "\n")
	for _, n := range d.Name {
		if !slices.Contains(b.s.wholeNames[n], id) {
			b.s.wholeNames[n] = append(b.s.wholeNames[n], id)
		}
	}
}

// boxText is every text of the box, lower-cased, to tell which of a term's
// wordings its passages use.
func boxText(box *Content) string {
	var b strings.Builder
	add := func(t Text) { b.WriteString(strings.ToLower(t.EN + "\n" + t.ZH + "\n")) }
	for _, sec := range box.Rules {
		for _, p := range sec.Passages {
			add(p.Heading)
			add(p.Question)
			add(p.Text)
		}
	}
	for _, c := range box.Cards {
		add(c.Name)
		add(c.Text)
	}
	for _, r := range box.Rooms {
		add(r.Name)
		add(r.Text)
	}
	return b.String()
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
func Search(ctx context.Context, question string, inPlay InPlay, limit int) (Result, error) {
	if err := PrepareSearch(); err != nil {
		return Result{}, err
	}
	q := cleanQuestion(question)
	switch {
	case q == "":
		return Result{}, ErrQuestionEmpty
	case utf8.RuneCountInString(q) > MaxQuestionRunes:
		return Result{}, ErrQuestionLong
	case fold(q) == "":
		return Result{}, ErrQuestionNoWords
	}
	// Either script, either width: the box is read in Simplified.
	q, err := simplified(q)
	if err != nil {
		return Result{}, err
	}
	return theIndex.search(ctx, fold(q), theIndex.reader.rewrite(strings.ToLower(q)), inPlay, limit)
}

// search finds passages for the question's own words and, counting for
// less, the glossary's words for the terms it names; then ranks what the
// question names, and the part of the game it says, first.
func (s *searchIndex) search(ctx context.Context, folded string, question reading, inPlay InPlay, limit int) (Result, error) {
	answer := answerQuery(folded, question)
	// What the question names, what is in play and the phase reorder what
	// it found (never add to it): the search reaches past limit so a
	// ruling ranked just below can come up.
	req := bleve.NewSearchRequestOptions(answer, max(limit, inPlayReach), 0, false)
	res, err := s.index.SearchInContext(ctx, req)
	if err != nil {
		return Result{}, fmt.Errorf("search: %w", err)
	}
	matches, err := s.withNamed(ctx, answer, question, res.Hits)
	if err != nil {
		return Result{}, err
	}
	question.asks, question.grouped = s.questionWords(question)
	hits := s.rank(matches, folded, question, inPlay)
	hits = hits[:min(limit, len(hits))]
	return s.verdict(hits, question, inPlay), nil
}

// answerQuery asks for the question's whole text as a name, and for each
// of its words in every field, each field by how much it says.
func answerQuery(folded string, question reading) *query.DisjunctionQuery {
	name := bleve.NewTermQuery(folded)
	name.SetField(fieldName)
	name.SetBoost(exactNameBoost)
	answer := bleve.NewDisjunctionQuery(name)
	for _, words := range question.words {
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
	return answer
}

// withNamed adds to the matches a card or room the question names that
// they lack, even when its text shares no other word with the question,
// scored by what it does share (a clause of its own in the answer query
// would also lift its coordination factor, over a ruling about it that the
// question fits).
func (s *searchIndex) withNamed(ctx context.Context, answer query.Query, question reading, matches search.DocumentMatchCollection) (search.DocumentMatchCollection, error) {
	var missing []string
	for key := range question.named {
		if !slices.ContainsFunc(matches, func(m *search.DocumentMatch) bool { return m.ID == key }) {
			missing = append(missing, key)
		}
	}
	if len(missing) == 0 {
		return matches, nil
	}
	sort.Strings(missing)
	ids := bleve.NewDocIDQuery(missing)
	ids.SetBoost(1e-6)
	more, err := s.index.SearchInContext(ctx, bleve.NewSearchRequestOptions(bleve.NewConjunctionQuery(ids, answer), len(missing), 0, false))
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return append(matches, more.Hits...), nil
}

// rank scores each match by what the question names, what is in play, how
// much of the question it holds and the part of the game, best first.
func (s *searchIndex) rank(matches search.DocumentMatchCollection, folded string, question reading, inPlay InPlay) []Hit {
	inPlaySet := map[string]bool{}
	for _, id := range inPlay.Cards {
		inPlaySet["card:"+id] = true
	}
	for _, id := range inPlay.Rooms {
		inPlaySet["room:"+id] = true
	}
	phase, phaseWeight := leaning(question, inPlay)
	hits := make([]Hit, 0, len(matches))
	for _, m := range matches {
		h := s.hits[m.ID]
		h.Score = m.Score * s.namedWeight(m.ID, folded, question)
		if slices.ContainsFunc(s.concerns[m.ID], func(k string) bool { return inPlaySet[k] }) {
			h.Score *= inPlayBoost
		}
		// How much of the question a passage holds weighs with how well it
		// scores: a card's entry that shares the card's name with the
		// question loses to the ruling about it that also holds the rest.
		h.Score *= math.Pow(s.coverage(question, h, unknownWeight), coverageWeight)
		switch p := s.phase[m.ID]; {
		case phase == "" || p == "" || p == PhaseBoth:
		case p == phase:
			h.Score *= phaseWeight
		default:
			h.Score /= phaseWeight
		}
		hits = append(hits, h)
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	return hits
}

// namedWeight is what a document's score is multiplied by for what the
// question names: the rulings about a thing it names rank up; the thing's
// own entry needs no help (its names already match) unless the question
// asks what it does; the entry the question names whole ranks first.
func (s *searchIndex) namedWeight(doc, folded string, question reading) float64 {
	w := 1.0
	switch {
	case question.named[doc]:
		if whatItDoes.MatchString(question.text) {
			w *= namedEntryBoost
		}
	case slices.ContainsFunc(s.concerns[doc], func(k string) bool { return question.named[k] }):
		w *= aboutBoost
	}
	if slices.Contains(s.wholeNames[folded], doc) {
		w *= wholeNameBoost
	}
	return w
}

// leaning is the part of the game the ranking leans to, and how much: the
// one the question says, else the game's own. A question that doesn't say
// leans to the game's phase: during a haunt it is more likely about the
// haunt, before one (or with no game) about exploring the house.
func leaning(question reading, inPlay InPlay) (string, float64) {
	switch {
	case question.phase != "":
		return question.phase, phaseBoost
	case inPlay.Haunt > 0:
		return PhaseAfter, gamePhaseBoost
	}
	return PhaseBefore, exploringPhaseBoost
}

// verdict is the answer the hits make: sure or not (and then the haunt
// whose book answers), and how many of the first are about alike.
func (s *searchIndex) verdict(hits []Hit, question reading, inPlay InPlay) Result {
	out := Result{Hits: hits, Sure: len(hits) > 0, Even: min(1, len(hits))}
	if haunt := s.namedHaunt(question); haunt > 0 {
		out.Sure, out.Haunt = false, haunt
	} else if len(hits) > 0 {
		// A question about "that haunt" asks of one haunt's rules: the
		// box must hold more of it to answer.
		// So must a question asked during a haunt, of which many are about
		// that haunt's own rules.
		need, unknown := sureCoverage, unknownWeight
		if oneHaunt.MatchString(question.text) {
			need = sureCoverageOneHaunt
		}
		if inPlay.Haunt > 0 {
			need, unknown = max(need, sureCoverageInHaunt), unknownWeightInHaunt
		}
		if s.coverage(question, hits[0], unknown) < need {
			out.Sure, out.Haunt = false, inPlay.Haunt
		}
	}
	for out.Even < len(hits) && out.Even < 3 && hits[out.Even].Score >= evenRatio*hits[0].Score {
		out.Even++
	}
	return out
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
