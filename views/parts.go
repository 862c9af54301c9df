package views

import (
	"bytes"
	"context"
	"io"

	"github.com/a-h/templ"
)

// A live page is cut into parts so that an update carries only the parts
// that changed (internal/web/live.go). A part is one element wrapper,
// <div class="part" data-part="KEY">, which the stylesheet lays out as if it
// were not there (display: contents). Parts are not nested.
//
// Shared parts are the ones every seat sees alike (other explorers' boards,
// the log, the roll log): given the game version and the language they are
// the same bytes for every phone, so they are rendered once and cached. A
// shared part must never hold anything private to a seat; the web tests
// render every shared part for every seat and check the bytes are equal.

// PartSpan is where one part's content lies in the rendered output.
type PartSpan struct {
	Key        string
	Start, End int
	Shared     bool
}

// PartRecorder notes where each part lies in a rendering into Buf.
type PartRecorder struct {
	Buf   *bytes.Buffer
	Spans []PartSpan
}

// PartCache holds the shared parts of one game version in one language.
type PartCache interface {
	// Shared returns the part's bytes, rendering them with render the first
	// time any phone asks.
	Shared(key string, render func(w io.Writer) error) ([]byte, error)
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

// Part wraps body as a part of the live page that is replaced on its own.
func Part(key string, body templ.Component) templ.Component {
	return part(key, body, false)
}

// Shared is a part that is the same for every seat; see the package note.
func Shared(key string, body templ.Component) templ.Component {
	return part(key, body, true)
}

func part(key string, body templ.Component, shared bool) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if _, err := io.WriteString(w, `<div class="part" data-part="`+templ.EscapeString(key)+`">`); err != nil {
			return err
		}
		rec, _ := ctx.Value(recorderKey{}).(*PartRecorder)
		start := rec.offset(w)
		var err error
		if cache, ok := ctx.Value(cacheKey{}).(PartCache); ok && shared {
			var html []byte
			// Rendered apart from this page: nothing of it is noted here.
			alone := context.WithValue(ctx, recorderKey{}, (*PartRecorder)(nil))
			html, err = cache.Shared(key, func(out io.Writer) error { return body.Render(alone, out) })
			if err == nil {
				_, err = w.Write(html)
			}
		} else {
			err = body.Render(ctx, w)
		}
		if err != nil {
			return err
		}
		if rec != nil {
			rec.Spans = append(rec.Spans, PartSpan{Key: key, Start: start, End: rec.offset(w), Shared: shared})
		}
		_, err = io.WriteString(w, `</div>`)
		return err
	})
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
