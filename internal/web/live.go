package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/a-h/templ"
	"github.com/klauspost/compress/gzip"
	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/seatview"
	"lantern/internal/table"
	"lantern/views"
)

// The event stream carries each phone's own view (internal/web/API.md, events):
//
//   - no ?view: `event: version`, the version number only;
//   - ?view=html: `event: html`, the phone's live HTML, whole at first and
//     then only the parts whose bytes changed (views/parts.go); the host's
//     stream carries the table page;
//   - ?view=json: `event: view`, the object GET /me returns (the public
//     state for the host), with the log since the last message.
//
// Every message is built for the token that opened the stream, checked
// again before each one: a seat that moved to another phone gets
// `event: gone` and its stream ends. A stream closed for a newer one of its
// seat or address (streams.go) gets `event: closed`.
//
// The stream is the one way a page learns the game: a page's own form post
// is answered only with its outcome (actions.go), and its change comes by
// the stream, to the tapping phone as to every other.

// pingEvery keeps idle streams alive through Wi-Fi access points and proxies
// that drop silent connections.
const pingEvery = 20 * time.Second

// jsonTail is how much log the first JSON message carries when the caller
// says nothing of what it has seen.
const jsonTail = 20

// streamGzipLevel compresses each stream message on its own
// (StatelessCompression keeps no window between messages, so an idle
// stream holds no compressor's memory: a few hundred streams stay small).
const streamGzipLevel = gzip.StatelessCompression

var errBadView = &game.Error{Kind: game.Invalid, Key: "err_bad_view"}

func (s *Server) events(c echo.Context) error {
	code := code(c)
	ls, err := s.newLiveStream(c, code)
	if err != nil {
		return s.apiError(c, code, err)
	}
	versions, stop, err := s.tables.Subscribe(code)
	if err != nil {
		return s.apiError(c, code, err)
	}
	defer stop()
	s.streams.add(ls, c.RealIP())
	defer s.streams.remove(ls)

	out := s.startStream(c, code, ls.view)
	defer out.close()
	if out.send([]byte("retry: 1000\n\n")) != nil {
		return nil
	}
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	ctx := c.Request().Context()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-ls.closed:
			// Too many streams of its seat or address: this one was the
			// oldest (streams.go). The page stops reconnecting.
			out.last([]byte("event: closed\ndata: {}\n\n"))
			return nil
		case _, open := <-versions:
			if !open || !s.sendVersion(c, code, ls, out) {
				return nil // the server is stopping, or the stream ends
			}
		case <-ping.C:
			if out.send([]byte(": ping\n\n")) != nil {
				return nil
			}
		}
	}
}

// newLiveStream is the stream a request asks for: its view, who it is for,
// and the version the caller already shows.
func (s *Server) newLiveStream(c echo.Context, code string) (*liveStream, error) {
	access, err := s.apiAccess(c, code, asAny)
	if err != nil {
		return nil, err
	}
	view := c.QueryParam("view")
	if view != "" && view != "html" && view != "json" {
		return nil, errBadView
	}
	ls := &liveStream{view: view, access: access, sent: -1, known: -1,
		role: asSeat, closed: make(chan struct{})}
	if access.Host {
		ls.role = asHost
	}
	// known is the version the caller already shows: the page's (?v=) or
	// the last message's id, sent by a reconnecting EventSource.
	for _, v := range []string{c.QueryParam("v"), c.Request().Header.Get("Last-Event-ID")} {
		if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			ls.known = n
		}
	}
	return ls, nil
}

// startStream answers with the stream's headers, compressed when the game
// allows (secret.go), and lifts the server's timeouts.
func (s *Server) startStream(c echo.Context, code, view string) *streamWriter {
	w := c.Response()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	out := &streamWriter{w: w}
	if view != "" && s.streamMayCompress(c, code) {
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
		out.gz, _ = gzip.NewWriterLevel(w, streamGzipLevel)
	}
	rc := http.NewResponseController(w.Writer)
	// A stream outlives the server's read and write timeouts. A writer
	// without deadlines (a test's recorder) has none to lift; should one
	// stay, the stream is cut at the timeout and the phone reconnects.
	if err := errors.Join(rc.SetReadDeadline(time.Time{}), rc.SetWriteDeadline(time.Time{})); err != nil && !errors.Is(err, http.ErrNotSupported) {
		s.log.Warn("stream keeps the server's timeouts", "err", err, "game", code)
	}
	w.WriteHeader(http.StatusOK)
	return out
}

// sendVersion tells the stream of a new version: the next game once, then
// the message for it. False when the stream ends: the token no longer
// holds, the message can't be built or sent, or hidden tokens were just
// dealt on a compressed stream (the phone reconnects uncompressed).
func (s *Server) sendVersion(c echo.Context, code string, ls *liveStream, out *streamWriter) bool {
	holds := func() bool { now, ok := s.access(c, code, ls.role); return ok && now == ls.access }
	if !holds() {
		out.last([]byte("event: gone\ndata: {}\n\n"))
		return false
	}
	if next := s.tables.Next(code); next != "" && !ls.toldNext {
		// Play again adds no event to the finished game: its streams are
		// woken at the same version and told here (nights.go).
		ls.toldNext = true
		if out.send(fmt.Appendf(nil, "event: next\ndata: {\"code\":%q}\n\n", next)) != nil {
			return false
		}
	}
	msg, secret, err := s.liveMessage(c, ls)
	// The message read the newest state, which may be past the seat's move
	// to another phone: it goes only if the token still holds.
	if err == nil && !holds() {
		out.last([]byte("event: gone\ndata: {}\n\n"))
		return false
	}
	switch {
	case err != nil:
		if c.Request().Context().Err() == nil { // a phone that left is no fault
			s.log.Error("live view", "err", err, "game", code)
		}
		return false
	case secret && out.gz != nil:
		return false
	case msg != nil:
		return out.send(msg) == nil
	}
	return true
}

// liveStream is one stream and what it has sent so far (only the stream's
// own goroutine builds its messages).
type liveStream struct {
	view   string // "", "html" or "json"
	access table.Access
	role   string
	known  int           // the version the caller showed when it connected, or -1
	closed chan struct{} // closed when the stream must end (streams.go)
	// toldNext: the next game (nights.go) is told once per stream.
	toldNext bool

	sent int // the version of the last message, or -1
	// The HTML view's last message: each part's key and the hash of its
	// bytes, version fields blanked (the page script moves those itself),
	// and the hash of the page outside the parts.
	keys    []string
	parts   []uint64
	outline uint64
}

// liveMessage is the stream's next message (nil when the phone already
// shows the newest version) and whether the game holds hidden tokens; a
// game that can't be read counts as holding them (the stream ends on the
// error anyway, but a secret decision fails closed).
func (s *Server) liveMessage(c echo.Context, ls *liveStream) ([]byte, bool, error) {
	switch ls.view {
	case "html":
		return s.htmlMessage(c, ls)
	case "json":
		return s.jsonMessage(ls)
	}
	at, err := table.Read(s.tables, ls.access.Code, func(st *game.State) streamAt {
		return streamAt{st.Version, seatview.HiddenDeal(st)}
	})
	if err != nil {
		return nil, true, err
	}
	if at.version <= ls.sent {
		return nil, at.secret, nil
	}
	ls.sent = at.version
	return fmt.Appendf(nil, "event: version\ndata: %d\n\n", at.version), at.secret, nil
}

// streamAt is where a stream's game is: its version, and whether what a
// phone is sent of it holds a secret (secret.go).
type streamAt struct {
	version int
	secret  bool
}

// htmlUpdate is an `event: html` message: the whole live part (Full), or
// the parts that changed since version Base, or neither when the phone shows
// version V already.
type htmlUpdate struct {
	V     int         `json:"v"`
	Base  *int        `json:"base,omitempty"`
	Full  *string     `json:"full,omitempty"`
	Parts [][2]string `json:"parts,omitempty"`
}

// htmlMessage renders the phone's live part and says what changed since the
// stream's last message: everything at first (or nothing when the page
// already shows this version), then the parts whose bytes changed, or
// everything again when the page's outline changed (a part came or went).
func (s *Server) htmlMessage(c echo.Context, ls *liveStream) ([]byte, bool, error) {
	up, secret, err := s.htmlUpdate(c, ls)
	if err != nil || up == nil {
		return nil, secret, err
	}
	data, err := marshalJSON(up)
	if err != nil {
		return nil, secret, err
	}
	return sseMessage("html", up.V, data), secret, nil
}

// htmlUpdate is htmlMessage's update before it is encoded (nil: none).
func (s *Server) htmlUpdate(c echo.Context, ls *liveStream) (*htmlUpdate, bool, error) {
	// The stream sent this version already: no rendering to find that out.
	// The table's page holds no seat's secret (pages.go), as rendering says.
	now, err := table.Read(s.tables, ls.access.Code, func(st *game.State) streamAt {
		return streamAt{st.Version, seatview.HiddenDeal(st) && !ls.access.Host}
	})
	if err != nil {
		return nil, true, err
	}
	if now.version <= ls.sent {
		return nil, now.secret, nil
	}
	buf := pageBuffers.Get().(*bytes.Buffer)
	defer pageBuffers.Put(buf) // what is sent is copied out of it
	rec, h, err := s.renderLive(c, ls.access, buf)
	if err != nil || h.Version <= ls.sent {
		return nil, h.Secret, err
	}
	page := buf.Bytes()
	field := versionField(h.Version)
	keys := make([]string, len(rec.Spans))
	parts := make([]uint64, len(rec.Spans))
	var outside maphash.Hash
	outside.SetSeed(blankSeed)
	at := 0
	for i, sp := range rec.Spans {
		keys[i] = sp.Key
		var part maphash.Hash
		part.SetSeed(blankSeed)
		writeBlanked(&part, page[sp.Start:sp.End], field)
		parts[i] = part.Sum64()
		writeBlanked(&outside, page[at:sp.Start], field)
		at = sp.End
	}
	writeBlanked(&outside, page[at:], field)
	outline := outside.Sum64()

	up := &htmlUpdate{V: h.Version}
	switch {
	case ls.sent < 0 && ls.known == h.Version:
		// The page shows this version already: nothing to send but the
		// version, which sets what later messages are relative to.
	case ls.sent < 0 || outline != ls.outline || !slices.Equal(keys, ls.keys):
		full := string(page)
		up.Full = &full
	default:
		base := ls.sent
		up.Base = &base
		up.Parts = [][2]string{}
		for i, sp := range rec.Spans {
			if parts[i] != ls.parts[i] {
				up.Parts = append(up.Parts, [2]string{sp.Key, string(page[sp.Start:sp.End])})
			}
		}
	}
	ls.sent, ls.keys, ls.parts, ls.outline = h.Version, keys, parts, outline
	return up, h.Secret, nil
}

// blankSeed seeds the hashes parts are compared by. 64 bits: two different
// parts hashing alike is beyond any game night (2^-64 per comparison).
var blankSeed = maphash.MakeSeed()

// writeBlanked hashes b with each version field in it left out: what
// changes with every version alone is no change.
func writeBlanked(h *maphash.Hash, b, field []byte) {
	for {
		i := bytes.Index(b, field)
		if i < 0 {
			h.Write(b)
			return
		}
		h.Write(b[:i])
		h.WriteByte(0)
		b = b[i+len(field):]
	}
}

// pageBuffers hold live parts while their messages are made: each is some
// 60 KB, and a change renders one per phone; fresh ones were a quarter of
// the bytes the collector had to clear and sweep (BenchmarkLiveHTML).
var pageBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// renderLive renders the live part of the phone's page (the table page for
// the host) into buf, noting where each part lies.
func (s *Server) renderLive(c echo.Context, access table.Access, buf *bytes.Buffer) (*views.PartRecorder, views.Head, error) {
	var comp templ.Component
	var h views.Head
	ctx := context.WithoutCancel(c.Request().Context())
	if access.Host {
		vm, err := s.tableView(c, access)
		if err != nil {
			return nil, h, err
		}
		comp, h = views.TablePage(vm), vm.Head
	} else {
		vm, err := s.playerView(c, access)
		if err != nil {
			return nil, h, err
		}
		comp, h = views.PlayerPage(vm), vm.Head
		if cache := s.shared.at(access.Code, h.Version, h.Lang); cache != nil {
			ctx = views.WithSharedCache(ctx, cache)
		}
	}
	buf.Reset()
	rec := &views.PartRecorder{Buf: buf}
	// The rendering must not stop because the request that asked for it
	// ended midway (ctx is without its cancel): its stream state would
	// hold half a page.
	ctx = views.WithParts(ctx, rec)
	if err := comp.Render(ctx, buf); err != nil {
		return nil, h, err
	}
	return rec, h, nil
}

// versionField is a form's version field holding version.
func versionField(version int) []byte {
	return fmt.Appendf(nil, `name="version" value="%d"`, version)
}

// seatView is a seat's JSON stream message: what GET /me answers, with the
// log since the stream's last message. The host's carries the public state.
type seatView struct {
	seatview.PublicState
	Me      *seatview.MeJSON `json:"me,omitempty"`
	Options *game.Options    `json:"options,omitempty"`
}

func (s *Server) jsonMessage(ls *liveStream) ([]byte, bool, error) {
	type message struct {
		v      seatView
		secret bool
	}
	m, err := table.Read(s.tables, ls.access.Code, func(st *game.State) (m message) {
		m.secret = seatview.HiddenDeal(st)
		if st.Version <= ls.sent {
			return m
		}
		after := ls.sent
		switch {
		case after < 0 && ls.known >= 0:
			after = ls.known
		case after < 0:
			after = max(0, st.Version-jsonTail)
		}
		m.v.PublicState = seatview.PublicCore(st)
		m.v.Log = seatview.LogAfter(st, after)
		if !ls.access.Host {
			me, opts := seatview.Me(st, ls.access.Actor()), st.Options(ls.access.Actor())
			m.v.Me, m.v.Options = &me, &opts
		}
		return m
	})
	if err != nil {
		return nil, true, err
	}
	v, secret := m.v, m.secret
	if v.Version == 0 {
		return nil, secret, nil
	}
	data, err := marshalJSON(v)
	if err != nil {
		return nil, secret, err
	}
	ls.sent = v.Version
	return sseMessage("view", v.Version, data), secret, nil
}

// sseMessage is one Server-Sent Event with its id.
func sseMessage(event string, id int, data []byte) []byte {
	b := make([]byte, 0, len(data)+64)
	b = fmt.Appendf(b, "event: %s\nid: %d\ndata: ", event, id)
	return append(append(b, data...), '\n', '\n')
}

// streamWriter writes a stream's messages, each compressed (when gz is
// set) and flushed at once.
type streamWriter struct {
	w  *echo.Response
	gz *gzip.Writer
}

func (sw *streamWriter) send(msg []byte) error {
	var w io.Writer = sw.w
	if sw.gz != nil {
		w = sw.gz
	}
	if _, err := w.Write(msg); err != nil {
		return err
	}
	if sw.gz != nil {
		if err := sw.gz.Flush(); err != nil {
			return err
		}
	}
	return http.NewResponseController(sw.w.Writer).Flush()
}

// last sends the stream's closing message. The stream ends either way: a
// phone that can't hear it has gone already, which is no error.
func (sw *streamWriter) last(msg []byte) { _ = sw.send(msg) }

// close ends the compressed stream whole, so a client reading to its end
// finds its checksum. Its error, like last's, only says the phone went.
func (sw *streamWriter) close() {
	if sw.gz != nil {
		_ = sw.gz.Close()
	}
}
