package views

import (
	"bytes"
	"context"
	"io"
	"strconv"

	"github.com/a-h/templ"
)

// A live page is cut into parts so that an update carries only the parts
// whose bytes changed (internal/web/live.go). A part is one element wrapper,
// <div class="part" data-part="KEY">, which the stylesheet lays out as if it
// were not there (display: contents). Parts are not nested.

// PartSpan is where one part's content lies in the rendered output.
type PartSpan struct {
	Key        string
	Start, End int
	Shared     bool // a part every seat sees alike (SharedOf)
}

// PartRecorder notes where each part lies in a rendering into Buf.
type PartRecorder struct {
	Buf   *bytes.Buffer
	Spans []PartSpan
}

type recorderKey struct{}
type cacheKey struct{}

// WithParts makes renders under ctx note their parts in rec.
func WithParts(ctx context.Context, rec *PartRecorder) context.Context {
	return context.WithValue(ctx, recorderKey{}, rec)
}

// SharedCache gives the bytes of a part every seat sees alike (SharedOf),
// rendering them once (render) for every phone of one game version and
// language.
type SharedCache interface {
	Part(key string, render func(io.Writer) error) ([]byte, error)
}

// WithSharedCache makes renders under ctx take their shared parts from c.
func WithSharedCache(ctx context.Context, c SharedCache) context.Context {
	return context.WithValue(ctx, cacheKey{}, c)
}

// PartOf is a part of the live page, replaced on its own: body rendered
// from h and in.
func PartOf[T any](key string, h Head, in T, body func(Head, T) templ.Component) templ.Component {
	return part(key, false, body(h, in))
}

func part(key string, shared bool, body templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		rec, _ := ctx.Value(recorderKey{}).(*PartRecorder)
		for _, s := range [...]string{`<div class="part" data-part="`, templ.EscapeString(key), `">`} {
			if _, err := io.WriteString(w, s); err != nil {
				return err
			}
		}
		start, err := rec.offset(w)
		if err != nil {
			return err
		}
		if err := body.Render(ctx, w); err != nil {
			return err
		}
		if rec != nil {
			end, err := rec.offset(w)
			if err != nil {
				return err
			}
			rec.Spans = append(rec.Spans, PartSpan{Key: key, Start: start, End: end, Shared: shared})
		}
		_, err = io.WriteString(w, `</div>`)
		return err
	})
}

// SharedOf is a part every seat sees alike (other explorers' boards, the
// log, the omens): rendered without the seat's name in h, so it never holds
// anything private to a seat.
func SharedOf[T any](key string, h Head, in T, body func(Head, T) templ.Component) templ.Component {
	h.Title = Phrase{}
	comp := body(h, in)
	return part(key, true, templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		cache, _ := ctx.Value(cacheKey{}).(SharedCache)
		if cache == nil {
			return comp.Render(ctx, w)
		}
		html, err := cache.Part(key, func(out io.Writer) error {
			// Rendered for every phone: nothing of this page's goes in.
			return comp.Render(context.Background(), out)
		})
		if err != nil {
			return err
		}
		_, err = w.Write(html)
		return err
	}))
}

// offset is how much has been written to the recorder's buffer so far,
// after pushing out what templ's own write buffer holds.
func (r *PartRecorder) offset(w io.Writer) (int, error) {
	if r == nil {
		return 0, nil
	}
	if f, ok := w.(interface{ Flush() error }); ok {
		if err := f.Flush(); err != nil {
			return 0, err
		}
	}
	return r.Buf.Len(), nil
}

// LinePart is an explorer's line on the other phones.
func LinePart(h Head, l PlayerLine) templ.Component {
	return SharedOf("line-"+strconv.Itoa(l.Seat), h, l, PlayerLineView)
}

// BoardPart is an explorer's board sheet on the other phones.
func BoardPart(h Head, b Board) templ.Component {
	return SharedOf("board-"+strconv.Itoa(b.Seat), h, b, otherBoardSheet)
}

// UndoPart is the phone's undo button: what undo would take back, when
// this seat may undo it.
func UndoPart(h Head, can bool, what Line) templ.Component {
	return PartOf("undo", h, undoPart{CanUndo: can, UndoWhat: what}, phoneUndo)
}

// LogTailPart is the last lines of the log under the board.
func LogTailPart(h Head, log []LogLine) templ.Component {
	return SharedOf("logtail", h, log, LogTail)
}

// LogPart is the whole log's sheet.
func LogPart(h Head, log []LogLine) templ.Component { return SharedOf("log", h, log, logSheet) }

// RollsPart is the table's last rolls.
func RollsPart(h Head, rolls []RollLine) templ.Component {
	return SharedOf("rolls", h, rolls, RollLog)
}

// OmensPart is the omen count and the haunt roll's chance.
func OmensPart(h Head, omens OmenStatus) templ.Component {
	return SharedOf("omens", h, omens, OmenLine)
}
