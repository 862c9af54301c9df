package views

import (
	"bytes"
	"context"
	"io"
	"strconv"

	"github.com/a-h/templ"
)

// A live page is cut into parts so that an update carries only the parts
// that changed (internal/web/live.go). A part is one element wrapper,
// <div class="part" data-part="KEY">, which the stylesheet lays out as if it
// were not there (display: contents). Parts are not nested.
//
// Every part is a body rendered from the page's Head and one input value
// and nothing else (PartOf, SharedOf), so a fingerprint of those inputs says
// whether the phone already holds the part: a stream neither renders nor
// sends a part whose inputs did not change since its last message.
//
// A part that changed goes as an edit of the source the phone holds when
// that is shorter (internal/web/partedit.go), so its bytes matter less than
// that it be the same bytes for the same inputs.
//
// Shared parts are the ones every seat sees alike (other explorers' boards,
// the log, the omens): given the game version and the language they are
// the same bytes for every phone, so they are rendered once and cached. A
// shared part must never hold anything private to a seat; the web tests
// render every shared part for every seat and check the bytes are equal.

// PartSpan is where one part's content lies in the rendered output.
type PartSpan struct {
	Key        string
	Start, End int
	Shared     bool
	// Inputs is the fingerprint of everything a private part is rendered
	// from (see PartOf); Skipped says its body was left out because the
	// recorder's Unchanged said so, and Start == End.
	Inputs  uint64
	Skipped bool
	// Hash is the shared part's hash from the cache, when it gave one;
	// Aside says its body was left out (PartRecorder.SharedAside).
	Hash  uint64
	Aside bool
	// Reused says a private part's body is the source Earlier gave, its
	// version fields filled in, not rendered again.
	Reused bool
}

// PartRecorder notes where each part lies in a rendering into Buf.
type PartRecorder struct {
	Buf   *bytes.Buffer
	Spans []PartSpan
	// Unchanged, when set, says whether the i-th private part, with this
	// key and inputs, is the one the phone already holds: its body is then
	// not rendered at all.
	Unchanged func(i int, key string, inputs uint64) bool
	// Earlier, when set, may give the i-th private part's source as it was
	// rendered from these very inputs before, its version fields blanked
	// (name="version" value=""): it is then written with this version
	// filled in, not rendered.
	Earlier func(i int, key string, inputs uint64) []byte
	// SharedAside leaves the body of every shared part taken from the cache
	// out of Buf (Start == End): the caller takes it from the cache itself,
	// so it is not copied into each phone's page.
	SharedAside bool
	// The Head of the page's parts, hashed once (headSum).
	head     Head
	headHash uint64
	hasHead  bool
}

// PartCache holds the shared parts of one game version in one language.
type PartCache interface {
	// Inputs is the fingerprint of the shared part's inputs, computed by
	// fp the first time any phone asks.
	Inputs(key string, fp func() uint64) uint64
	// Shared returns the part's bytes and a hash of them, rendering them
	// with render the first time any phone asks; inputs is what Inputs
	// gave for it.
	Shared(key string, inputs uint64, render func(w io.Writer) error) ([]byte, uint64, error)
}

type recorderKey struct{}
type cacheKey struct{}

// WithParts makes renders under ctx note their parts in rec and take shared
// parts from cache (either may be nil).
func WithParts(ctx context.Context, rec *PartRecorder, cache PartCache) context.Context {
	if rec != nil {
		ctx = context.WithValue(ctx, recorderKey{}, rec)
	}
	if cache != nil {
		ctx = context.WithValue(ctx, cacheKey{}, cache)
	}
	return ctx
}

// PartOf is a private part of the live page, replaced on its own: body
// rendered from h and in, and from nothing else. That is what lets a stream
// skip it: the same key, Head (but its version, which the page script moves
// itself) and in give the same bytes, so a part whose fingerprint did not
// change since the phone's last message is neither rendered nor sent.
// Everything body reads must therefore come through in (a struct of the
// view-model fields it needs), never from a closure or the context.
func PartOf[T any](key string, h Head, in T, body func(Head, T) templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		rec, _ := ctx.Value(recorderKey{}).(*PartRecorder)
		span := PartSpan{Key: key}
		var earlier []byte
		if rec != nil {
			span.Inputs = fingerprintIn(rec, key, h, in)
			span.Skipped = rec.Unchanged != nil && rec.Unchanged(len(rec.Spans), key, span.Inputs)
			if !span.Skipped && rec.Earlier != nil {
				earlier = rec.Earlier(len(rec.Spans), key, span.Inputs)
			}
		}
		return wrapPart(w, rec, &span, func() error {
			switch {
			case span.Skipped:
				return nil
			case earlier != nil:
				span.Reused = true
				return writeVersioned(w, earlier, h.Version)
			}
			return body(h, in).Render(ctx, w)
		})
	})
}

// SharedOf is a part that is the same for every seat (see the package
// note): body rendered from h and in, with h's title (the seat's name) left
// out. Like PartOf, a phone that already holds it is not sent it again.
func SharedOf[T any](key string, h Head, in T, body func(Head, T) templ.Component) templ.Component {
	h.Title = ""
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		rec, _ := ctx.Value(recorderKey{}).(*PartRecorder)
		cache, _ := ctx.Value(cacheKey{}).(PartCache)
		span := PartSpan{Key: key, Shared: true}
		if rec != nil {
			fp := func() uint64 { return fingerprint(key, h, in) }
			if cache != nil {
				span.Inputs = cache.Inputs(key, fp)
			} else {
				span.Inputs = fp()
			}
			span.Skipped = rec.Unchanged != nil && rec.Unchanged(len(rec.Spans), key, span.Inputs)
		}
		return wrapPart(w, rec, &span, func() error {
			switch {
			case span.Skipped:
				return nil
			case cache == nil:
				return body(h, in).Render(ctx, w)
			}
			// Rendered apart from this page: nothing of it is noted here.
			// The rendering is kept for every phone of the version, so it
			// must not fail because this phone's request ended.
			alone := context.WithValue(context.WithoutCancel(ctx), recorderKey{}, (*PartRecorder)(nil))
			if rec == nil {
				span.Inputs = cache.Inputs(key, func() uint64 { return fingerprint(key, h, in) })
			}
			html, hash, err := cache.Shared(key, span.Inputs, func(out io.Writer) error { return body(h, in).Render(alone, out) })
			if err != nil {
				return err
			}
			span.Hash = hash
			if rec != nil && rec.SharedAside {
				span.Aside = true
				return nil
			}
			_, err = w.Write(html)
			return err
		})
	})
}

// writeVersioned writes src with every blank version field given version.
func writeVersioned(w io.Writer, src []byte, version int) error {
	var num [20]byte
	value := strconv.AppendInt(num[:0], int64(version), 10)
	for {
		i := bytes.Index(src, blankVersion)
		if i < 0 {
			_, err := w.Write(src)
			return err
		}
		at := i + len(blankVersion) - 1 // before the closing quote
		if _, err := w.Write(src[:at]); err != nil {
			return err
		}
		if _, err := w.Write(value); err != nil {
			return err
		}
		src = src[at:]
	}
}

var blankVersion = []byte(`name="version" value=""`)

// wrapPart writes the part's element around what render writes and notes
// where it lies.
func wrapPart(w io.Writer, rec *PartRecorder, span *PartSpan, render func() error) error {
	for _, s := range [...]string{`<div class="part" data-part="`, templ.EscapeString(span.Key), `">`} {
		if _, err := io.WriteString(w, s); err != nil {
			return err
		}
	}
	span.Start = rec.offset(w)
	if err := render(); err != nil {
		return err
	}
	if rec != nil {
		span.End = rec.offset(w)
		rec.Spans = append(rec.Spans, *span)
	}
	_, err := io.WriteString(w, `</div>`)
	return err
}

// offset is how much has been written to the recorder's buffer so far,
// after pushing out what templ's own write buffer holds.
func (r *PartRecorder) offset(w io.Writer) int {
	if r == nil {
		return 0
	}
	if f, ok := w.(interface{ Flush() error }); ok {
		f.Flush()
	}
	return r.Buf.Len()
}

// LinePart is an explorer's line on the other phones, a shared part.
func LinePart(h Head, l PlayerLine) templ.Component {
	return SharedOf("line-"+strconv.Itoa(l.Seat), h, l, PlayerLineView)
}

// BoardPart is an explorer's board sheet on the other phones, a shared
// part.
func BoardPart(h Head, b Board) templ.Component {
	return SharedOf("board-"+strconv.Itoa(b.Seat), h, b, otherBoardSheet)
}

// UndoPart is the phone's undo button, a private part: what undo would take
// back, when this seat may undo it.
func UndoPart(h Head, can bool, what string) templ.Component {
	return PartOf("undo", h, undoPart{CanUndo: can, UndoWhat: what}, phoneUndo)
}

// LogTailPart is the last lines of the log under the board, a shared part.
func LogTailPart(h Head, log []LogLine) templ.Component {
	return SharedOf("logtail", h, log, LogTail)
}

// LogPart is the whole log's sheet, a shared part.
func LogPart(h Head, log []LogLine) templ.Component { return SharedOf("log", h, log, logSheet) }

// RollsPart is the table's last rolls, a shared part.
func RollsPart(h Head, rolls []RollLine) templ.Component {
	return SharedOf("rolls", h, rolls, RollLog)
}

// OmensPart is the omen count and the haunt roll's chance, a shared part.
func OmensPart(h Head, omens OmenStatus) templ.Component {
	return SharedOf("omens", h, omens, OmenLine)
}

// SharedView is what every seat's page shows alike at one version: each
// explorer's line and board sheet (a page shows all but its own), the log,
// the rolls and the omens.
type SharedView struct {
	Lines  []PlayerLine
	Boards []Board
	Log    []LogLine
	Rolls  []RollLine
	Omens  OmenStatus
}

// CacheShared renders, into the cache of ctx only, every shared part a
// seat's page may hold (PlayerPage's SharedOf parts: one missing here only
// makes the phones that need it render their pages): a phone that finds one
// not cached yet at a version then needs no page of its own rendered.
func CacheShared(ctx context.Context, h Head, v SharedView) error {
	ctx = context.WithValue(ctx, recorderKey{}, (*PartRecorder)(nil))
	parts := []templ.Component{LogTailPart(h, v.Log), LogPart(h, v.Log), RollsPart(h, v.Rolls), OmensPart(h, v.Omens)}
	for _, l := range v.Lines {
		parts = append(parts, LinePart(h, l))
	}
	for _, b := range v.Boards {
		parts = append(parts, BoardPart(h, b))
	}
	for _, part := range parts {
		if err := part.Render(ctx, io.Discard); err != nil {
			return err
		}
	}
	return nil
}
