package views

import (
	"bytes"
	"context"
	"io"
	"sync"

	"github.com/a-h/templ"
)

// logSaid is a log line said in the page's language: what logItemHTML
// shows, and the key its bytes are kept by.
type logSaid struct {
	Time, Text string
	Undone     bool
}

// logItem is logItemHTML of the line said in h's language, kept by the
// said line: a log of sixty lines is rendered for every new version (one
// line new), and every line but the newest is the same bytes as before, so
// it is escaped once. The bytes are a function of the said line alone (its
// time, its words in that language, undone or not), so the cache serves
// both languages alike; it is emptied when it grows past logItemsMax lines.
func logItem(h Head, l LogLine) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		said := logSaid{Time: l.Time, Text: l.Text.In(h.Lang), Undone: l.Undone}
		logItems.mu.Lock()
		b, ok := logItems.m[said]
		logItems.mu.Unlock()
		if !ok {
			var buf bytes.Buffer
			if err := logItemHTML(said).Render(ctx, &buf); err != nil {
				return err
			}
			b = buf.Bytes()
			logItems.mu.Lock()
			if len(logItems.m) >= logItemsMax {
				clear(logItems.m)
			}
			logItems.m[said] = b
			logItems.mu.Unlock()
		}
		_, err := w.Write(b)
		return err
	})
}

const logItemsMax = 8192

var logItems = struct {
	mu sync.Mutex
	m  map[logSaid][]byte
}{m: map[logSaid][]byte{}}
