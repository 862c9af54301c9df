package web

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"hash/maphash"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/table"
	"lantern/views"
)

// The event stream carries each phone's own view (README "API", events):
//
//   - no ?view: `event: version`, the version number only;
//   - ?view=html: `event: html`, the phone's live HTML, whole at first and
//     then only the parts that changed (views/parts.go); the host's stream
//     carries the table page;
//   - ?view=json: `event: view`, the object GET /me returns (the public state
//     for the host), with the log since the last message.
//
// Every message is built for the token that opened the stream, checked
// again before each one: a seat that moved to another phone gets
// `event: gone` and its stream ends.

// pingEvery keeps idle streams alive through Wi-Fi access points and proxies
// that drop silent connections.
const pingEvery = 20 * time.Second

// jsonTail is how much log the first JSON message carries when the caller
// says nothing of what it has seen.
const jsonTail = 20

var errBadView = &game.Error{Kind: game.Invalid, Key: "err_bad_view"}

func (s *Server) events(c echo.Context) error {
	code := code(c)
	access, err := s.apiAccess(c, code, asAny)
	if err != nil {
		return s.apiError(c, code, err)
	}
	view := c.QueryParam("view")
	if view != "" && view != "html" && view != "json" {
		return s.apiError(c, code, errBadView)
	}
	// known is the version the caller already shows: the page's (?v=) or
	// the last message's id, sent by a reconnecting EventSource.
	known := -1
	for _, v := range []string{c.QueryParam("v"), c.Request().Header.Get("Last-Event-ID")} {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			known = n
		}
	}
	role := asSeat
	if access.Host {
		role = asHost
	}
	versions, stop, err := s.tables.Subscribe(code)
	if err != nil {
		return s.apiError(c, code, err)
	}
	defer stop()

	w := c.Response()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	out := &streamWriter{w: w}
	if view != "" && acceptsGzip(c.Request()) {
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
		out.gzip = true
	}
	rc := http.NewResponseController(w.Writer)
	// A stream outlives the server's read and write timeouts.
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	w.WriteHeader(http.StatusOK)
	defer out.close()
	if out.send([]byte("retry: 1500\n\n")) != nil {
		return nil
	}

	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	ctx := c.Request().Context()
	stream := &liveStream{sent: -1, known: known}
	for {
		var msg []byte
		select {
		case <-ctx.Done():
			return nil
		case v, open := <-versions:
			if !open {
				return nil // the server is stopping
			}
			if now, ok := s.access(c, code, role); !ok || now != access {
				out.send([]byte("event: gone\ndata: {}\n\n"))
				return nil
			}
			switch view {
			case "html":
				msg, err = s.htmlMessage(c, access, stream)
			case "json":
				msg, err = s.jsonMessage(c, access, stream)
			default:
				msg = fmt.Appendf(nil, "event: version\ndata: %d\n\n", v)
			}
			if err != nil {
				if ctx.Err() == nil { // a phone that left is no fault
					s.log.Error("live view", "err", err, "game", code)
				}
				return nil
			}
		case <-ping.C:
			msg = []byte(": ping\n\n")
		}
		if out.send(msg) != nil {
			return nil
		}
	}
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// liveStream is what one stream has sent so far.
type liveStream struct {
	known int // the version the caller showed when it connected, or -1
	sent  int // the version of the last view sent, or -1
	// The HTML view's last message, part by part (hashes of the bytes with
	// the version fields blanked, so a part that only moved version counts
	// as unchanged; the page script moves those fields itself).
	keys     []string
	hashes   []uint64
	skeleton uint64
}

// htmlMessage renders the phone's live HTML and says what changed since the
// stream's last message: everything at first (or nothing when the page
// already shows this version), then only the changed parts, or everything
// again when the page's outline changed (a part came or went).
func (s *Server) htmlMessage(c echo.Context, access table.Access, ls *liveStream) ([]byte, error) {
	var comp templ.Component
	var h views.Head
	if access.Host {
		vm, err := s.tableView(c, access)
		if err != nil {
			return nil, err
		}
		comp, h = views.TablePage(vm), vm.Head
	} else {
		vm, err := s.playerView(c, access)
		if err != nil {
			return nil, err
		}
		comp, h = views.PlayerPage(vm), vm.Head
	}
	buf := getBuffer()
	defer putBuffer(buf)
	rec := &views.PartRecorder{Buf: buf}
	ctx := views.WithParts(c.Request().Context(), rec, s.shared.version(access.Code, h.Version, h.Lang))
	if err := comp.Render(ctx, buf); err != nil {
		return nil, err
	}
	page := buf.Bytes()

	blank := fmt.Appendf(nil, `name="version" value="%d"`, h.Version)
	keys := make([]string, len(rec.Spans))
	hashes := make([]uint64, len(rec.Spans))
	var skel maphash.Hash
	skel.SetSeed(hashSeed)
	at := 0
	for i, sp := range rec.Spans {
		keys[i] = sp.Key
		hashes[i] = hashBlanked(page[sp.Start:sp.End], blank)
		writeBlanked(&skel, page[at:sp.Start], blank)
		at = sp.End
	}
	writeBlanked(&skel, page[at:], blank)
	skeleton := skel.Sum64()

	m := htmlMsg{V: h.Version}
	switch {
	case ls.sent < 0 && ls.known == h.Version:
		// The page shows this version already: nothing to send but the
		// version, which sets what later messages are relative to.
	case ls.sent >= 0 && slices.Equal(keys, ls.keys) && skeleton == ls.skeleton:
		base := ls.sent
		m.Base = &base
		m.Parts = [][2]string{}
		for i, sp := range rec.Spans {
			if hashes[i] != ls.hashes[i] {
				m.Parts = append(m.Parts, [2]string{sp.Key, string(page[sp.Start:sp.End])})
			}
		}
	default:
		full := string(page)
		m.Full = &full
	}
	ls.sent, ls.keys, ls.hashes, ls.skeleton = h.Version, keys, hashes, skeleton
	return sseMessage("html", h.Version, m)
}

// htmlMsg is one HTML update: the whole live part (full), or the parts that
// changed since version base; the page applies parts only onto base.
type htmlMsg struct {
	V     int         `json:"v"`
	Base  *int        `json:"base,omitempty"`
	Full  *string     `json:"full,omitempty"`
	Parts [][2]string `json:"parts,omitempty"`
}

// jsonMessage is the caller's JSON view: the same object GET /me returns
// (GET /api/games/{code} for the host), with the log since the stream's last
// message, since the caller's known version, or a short tail.
func (s *Server) jsonMessage(c echo.Context, access table.Access, ls *liveStream) ([]byte, error) {
	var core []byte
	var me MeJSON
	var options game.Options
	var log []game.Event
	var version int
	var err error
	s.tables.Read(access.Code, func(st *game.State) {
		version = st.Version
		core, err = s.shared.publicJSON(access.Code, st)
		after := ls.sent
		switch {
		case after < 0 && ls.known >= 0:
			after = ls.known
		case after < 0:
			after = max(0, st.Version-jsonTail)
		}
		log = logAfter(st, after)
		if !access.Host {
			me, options = meState(st, access), st.Options(access.Actor())
		}
	})
	if err != nil {
		return nil, err
	}
	logJSON, err := json.Marshal(log)
	if err != nil {
		return nil, err
	}
	// Splice this caller's log (and "me") into the shared public state.
	i := bytes.Index(core, emptyLog)
	if i < 0 || core[len(core)-1] != '}' {
		return nil, fmt.Errorf("public state without its log field")
	}
	body := make([]byte, 0, len(core)+len(logJSON)+256)
	body = append(body, core[:i]...)
	body = append(body, `"log":`...)
	body = append(body, logJSON...)
	body = append(body, core[i+len(emptyLog):len(core)-1]...)
	if !access.Host {
		meJSON, err := marshalMe(me)
		if err != nil {
			return nil, err
		}
		optionsJSON, err := json.Marshal(options)
		if err != nil {
			return nil, err
		}
		body = append(body, `,"me":`...)
		body = append(body, meJSON...)
		body = append(body, `,"options":`...)
		body = append(body, optionsJSON...)
	}
	body = append(body, '}')
	ls.sent = version
	return sseData("view", version, body), nil
}

var emptyLog = []byte(`"log":[]`)

func sseMessage(event string, id int, v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return sseData(event, id, bytes.TrimRight(b.Bytes(), "\n")), nil
}

// sseData frames one message; data holds no newline (it is JSON).
func sseData(event string, id int, data []byte) []byte {
	msg := make([]byte, 0, len(data)+40)
	msg = fmt.Appendf(msg, "event: %s\nid: %d\ndata: ", event, id)
	msg = append(msg, data...)
	return append(msg, "\n\n"...)
}

var hashSeed = maphash.MakeSeed()

// hashBlanked hashes b as if every occurrence of blank had its value empty.
func hashBlanked(b, blank []byte) uint64 {
	var h maphash.Hash
	h.SetSeed(hashSeed)
	writeBlanked(&h, b, blank)
	return h.Sum64()
}

func writeBlanked(h *maphash.Hash, b, blank []byte) {
	for {
		i := bytes.Index(b, blank)
		if i < 0 {
			h.Write(b)
			return
		}
		h.Write(b[:i])
		h.WriteString(`name="version" value=""`)
		b = b[i+len(blank):]
	}
}

var bufferPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func getBuffer() *bytes.Buffer { b := bufferPool.Get().(*bytes.Buffer); b.Reset(); return b }

func putBuffer(b *bytes.Buffer) {
	if b.Cap() <= 1<<20 {
		bufferPool.Put(b)
	}
}

// sharedParts holds, per game, what every seat sees alike at the game's
// newest version: HTML parts per language and the public JSON state.
type sharedParts struct {
	mu    sync.Mutex
	games map[string]*versionParts
}

type versionParts struct {
	version int
	mu      sync.Mutex
	entries map[string]*sharedEntry
}

type sharedEntry struct {
	once sync.Once
	b    []byte
	err  error
}

func newSharedParts() *sharedParts { return &sharedParts{games: map[string]*versionParts{}} }

// at is the cache of one game version. A stream still rendering an older
// version than the newest gets a cache of its own, so it never mixes.
func (sp *sharedParts) at(code string, version int) *versionParts {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	vp := sp.games[code]
	if vp == nil || vp.version < version {
		vp = &versionParts{version: version, entries: map[string]*sharedEntry{}}
		sp.games[code] = vp
	} else if vp.version > version {
		return &versionParts{version: version, entries: map[string]*sharedEntry{}}
	}
	return vp
}

func (vp *versionParts) get(key string, make func() ([]byte, error)) ([]byte, error) {
	vp.mu.Lock()
	e := vp.entries[key]
	if e == nil {
		e = &sharedEntry{}
		vp.entries[key] = e
	}
	vp.mu.Unlock()
	e.once.Do(func() { e.b, e.err = make() })
	return e.b, e.err
}

// version is the HTML part cache of one game version in one language.
func (sp *sharedParts) version(code string, version int, lang string) views.PartCache {
	return langParts{sp.at(code, version), lang}
}

type langParts struct {
	vp   *versionParts
	lang string
}

func (lp langParts) Shared(key string, render func(io.Writer) error) ([]byte, error) {
	return lp.vp.get("html:"+lp.lang+":"+key, func() ([]byte, error) {
		var b bytes.Buffer
		err := render(&b)
		return b.Bytes(), err
	})
}

// publicJSON is the public state with an empty log, encoded once per
// version; it runs under the game's read lock.
func (sp *sharedParts) publicJSON(code string, st *game.State) ([]byte, error) {
	return sp.at(code, st.Version).get("json", func() ([]byte, error) { return json.Marshal(publicCore(st)) })
}

// streamWriter writes a stream's messages, gzip-compressed when the phone
// accepts it. Each message is compressed on its own by a pooled compressor
// and flushed, so a stream holds no compressor of its own between messages
// (one costs about a megabyte) and a message is never held back.
type streamWriter struct {
	w        *echo.Response
	gzip     bool
	started  bool
	crc      uint32
	size     uint32
	failed   bool
	Raw, Out int64
}

var flatePool = sync.Pool{New: func() any {
	fw, _ := flate.NewWriter(io.Discard, flateLevel)
	return fw
}}

// flateLevel: the fastest level; messages are small and alike, and the CPU
// is better spent on the next phone (measured in README "Measured").
const flateLevel = flate.BestSpeed

var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

func (sw *streamWriter) send(msg []byte) error {
	if sw.failed {
		return io.ErrClosedPipe
	}
	segs := splitSlots(msg) // a seat's secret, stored uncompressed
	msg = joinSegments(segs)
	sw.Raw += int64(len(msg))
	cw := &countWriter{w: sw.w}
	var err error
	if !sw.gzip {
		_, err = cw.Write(msg)
	} else {
		if !sw.started {
			_, err = cw.Write(gzipHeader)
		}
		if err == nil {
			pool := streamFlatePool(segs)
			fw := pool.Get().(*flate.Writer)
			err = deflateSegments(fw, cw, segs)
			fw.Reset(io.Discard)
			pool.Put(fw)
		}
		sw.crc = crc32.Update(sw.crc, crc32.IEEETable, msg)
		sw.size += uint32(len(msg))
	}
	sw.started = true
	sw.Out += cw.n
	if err != nil {
		sw.failed = true
		return err
	}
	sw.w.Flush()
	return nil
}

// close ends a gzip stream properly: a final empty block and the trailer.
func (sw *streamWriter) close() {
	if !sw.gzip || !sw.started || sw.failed {
		return
	}
	fw := flatePool.Get().(*flate.Writer)
	fw.Reset(sw.w)
	fw.Close()
	fw.Reset(io.Discard)
	flatePool.Put(fw)
	var trailer [8]byte
	binary.LittleEndian.PutUint32(trailer[:4], sw.crc)
	binary.LittleEndian.PutUint32(trailer[4:], sw.size)
	sw.w.Write(trailer[:])
	sw.w.Flush()
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
