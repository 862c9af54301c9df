package views

import (
	"bytes"
	"context"
	"io"
	"sync"

	"github.com/a-h/templ"
)

// logItem is logItemHTML, kept by the line it shows: a log of sixty lines
// is rendered for every new version (one line new), and every line but the
// newest is the same bytes as before, so it is escaped once. The bytes are
// a function of the line alone; the cache is emptied when it grows past
// logItemsMax lines.
func logItem(l LogLine) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		logItems.mu.Lock()
		b, ok := logItems.m[l]
		logItems.mu.Unlock()
		if !ok {
			var buf bytes.Buffer
			if err := logItemHTML(l).Render(ctx, &buf); err != nil {
				return err
			}
			b = buf.Bytes()
			logItems.mu.Lock()
			if len(logItems.m) >= logItemsMax {
				clear(logItems.m)
			}
			logItems.m[l] = b
			logItems.mu.Unlock()
		}
		_, err := w.Write(b)
		return err
	})
}

const logItemsMax = 8192

var logItems = struct {
	mu sync.Mutex
	m  map[LogLine][]byte
}{m: map[LogLine][]byte{}}
