package views

import (
	"context"
	"io"
	"strconv"

	"github.com/a-h/templ"
)

// trackCells is a trait's track: the skull, then a cell per value, the
// explorer's place ("on") and starting place ("start") marked; with
// buttons, each cell sets the trait there. Written by hand, not in templ:
// a board holds 36 such cells, and templ's handling of each one's class
// list and attributes cost more than the rest of the board (BoardView is
// rendered at every version, one board per changed explorer).
func trackCells(h Head, t TraitRow, buttons bool) templ.Component {
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		b := make([]byte, 0, 256+len(t.Values)*160)
		b = append(b, `<span class="cell skull`...)
		if t.Position == 0 {
			b = append(b, " on"...)
		}
		b = append(b, `" role="img" aria-label="`...)
		b = appendEscaped(b, h.T("skull"))
		b = append(b, `">💀</span> `...)
		for i, v := range t.Values {
			at := i + 1
			if buttons {
				b = append(b, `<button type="submit" name="position" value="`...)
				b = strconv.AppendInt(b, int64(at), 10)
				b = append(b, `" class="`...)
			} else {
				b = append(b, `<span class="`...)
			}
			b = append(b, "cell"...)
			if t.Position == at {
				b = append(b, " on"...)
			}
			if t.Start == at {
				b = append(b, " start"...)
			}
			if buttons {
				b = append(b, `" aria-label="`...)
				b = appendEscaped(b, h.T("set_to", t.Label, v, at))
				b = append(b, `" aria-pressed="`...)
				b = strconv.AppendBool(b, t.Position == at)
				b = append(b, `">`...)
				b = strconv.AppendInt(b, int64(v), 10)
				b = append(b, "</button>"...)
			} else {
				b = append(b, `">`...)
				b = strconv.AppendInt(b, int64(v), 10)
				b = append(b, "</span>"...)
			}
		}
		_, err := w.Write(b)
		return err
	})
}

// appendEscaped appends s escaped as templ escapes text and attribute
// values (templ.EscapeString).
func appendEscaped(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '&':
			esc = "&amp;"
		case '\'':
			esc = "&#39;"
		case '"':
			esc = "&#34;"
		default:
			continue
		}
		b = append(append(b, s[start:i]...), esc...)
		start = i + 1
	}
	return append(b, s[start:]...)
}
