package web

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/maphash"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/a-h/templ"
	"github.com/klauspost/compress/flate"
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

	var tokens uint64 // TokensChanged when access was last checked
	checked := false
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	ctx := c.Request().Context()
	stream := &liveStream{sent: -1, known: known, gzip: out.gzip}
	// The message job is made once per stream, not once per message.
	var wire []byte
	var msgOf func(echo.Context, table.Access, *liveStream) ([]piece, error)
	switch view {
	case "html":
		msgOf = s.htmlMessage
	case "json":
		msgOf = s.jsonMessage
	}
	// The stream's request stays the same, so its access changes only with
	// the tokens: checked again when they changed.
	holds := func() bool {
		if changed := s.tables.TokensChanged(); !checked || changed != tokens {
			tokens, checked = changed, true
			if now, ok := s.access(c, code, role); !ok || now != access {
				return false
			}
		}
		return true
	}
	job := &buildJob{done: make(chan any, 1)}
	job.fn = func() error {
		msg, err := msgOf(c, access, stream)
		if err != nil {
			return err
		}
		// The message read the newest state, which may be past the seat
		// moved to another phone while it was built (the count goes up
		// before such a state can be read). A token that still holds held
		// all along: its message goes as built. One that does not is not
		// even encoded: encoding moves the compressed stream on (its
		// checksum and length), and the stream's end must hold only what
		// was sent.
		if !holds() {
			return errSeatGone
		}
		wire, err = out.encode(msg...)
		return err
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case v, open := <-versions:
			if !open {
				return nil // the server is stopping
			}
			var err error
			if !holds() {
				out.send([]byte("event: gone\ndata: {}\n\n"))
				return nil
			}
			if msgOf == nil {
				wire, err = out.encode(piece{raw: fmt.Appendf(nil, "event: version\ndata: %d\n\n", v)})
			} else if err = build(job); errors.Is(err, errSeatGone) {
				out.send([]byte("event: gone\ndata: {}\n\n"))
				return nil
			}
			if err != nil {
				if ctx.Err() == nil { // a phone that left is no fault
					s.log.Error("live view", "err", err, "game", code)
				}
				return nil
			}
			if out.write(wire) != nil {
				return nil
			}
		case <-ping.C:
			if out.send([]byte(": ping\n\n")) != nil {
				return nil
			}
		}
	}
}

// errSeatGone: the stream's seat moved to another phone while its message
// was built.
var errSeatGone = errors.New("the seat moved to another phone")

// build runs fn, a stream's message being built and compressed, on one of
// a few long-lived goroutines: their stacks stay grown for the engine's
// dry runs and the compressor (each of 360 stream goroutines grew its own
// again after every garbage collection: 7 % of the server's CPU in a
// burst), no more compressors are at work at once than there are builders,
// and messages are built in the order their versions came. There are a few
// per core, so streams waiting for a game's lock (a change being
// committed) hold no others back. A panic in fn goes on in the caller,
// where the server's recovery catches it.
func build(job *buildJob) error {
	buildersOnce.Do(func() {
		for range builders() {
			go func() {
				for job := range buildJobs {
					job.run()
				}
			}()
		}
	})
	buildJobs <- job
	if p := <-job.done; p != nil {
		panic(p)
	}
	return job.err
}

// buildJob is a stream's message to build (fn); done hears back a panic
// or nil once it ran.
type buildJob struct {
	fn   func() error
	err  error
	done chan any
}

func (job *buildJob) run() {
	defer func() { job.done <- recover() }()
	job.err = job.fn()
}

// builders is how many goroutines build stream messages.
func builders() int { return 4 * runtime.GOMAXPROCS(0) }

var (
	buildersOnce sync.Once
	buildJobs    = make(chan *buildJob)
)

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) != "gzip" {
			continue
		}
		// q=0 (or 0.0, 0.00…) refuses it.
		weight, isQ := strings.CutPrefix(strings.ReplaceAll(q, " ", ""), "q=")
		if w, err := strconv.ParseFloat(weight, 64); !isQ || err != nil || w > 0 {
			return true
		}
	}
	return false
}

// liveStream is what one stream has sent so far.
type liveStream struct {
	known int  // the version the caller showed when it connected, or -1
	sent  int  // the version of the last view sent, or -1
	gzip  bool // the stream is compressed
	// The JSON view's buffers for the seat's pieces (appendSeatPieces),
	// and the one to use next.
	seatBufs [2][]byte
	seatBuf  int
	// The HTML view's last message, part by part: the key, the fingerprint
	// of a private part's inputs (views.PartOf), and a hash of the bytes with
	// the version fields blanked, so a part that only moved version counts
	// as unchanged (the page script moves those fields itself).
	keys     []string
	shared   []bool // the part is one of the shared ones
	inputs   []uint64
	hashes   []uint64
	skeleton uint64
	// held is each part's source as the page script keeps it (version
	// fields blanked), from the last time it went alone, or nil: a part
	// that changed goes as an edit of it when that is shorter (partedit.go).
	held [][]byte
	// earlier is each private part as it was held before it last changed:
	// a part often goes back to what it was (a trait stepped up and down
	// again), and is then not rendered again (htmlMessage). It is kept as
	// the few changes that make it out of the part held now (sameOps), not
	// a second copy: 360 phones' sources are a good part of the memory.
	earlier []earlierPart
	// reused counts the parts written from earlier (tests).
	reused int
	// check is what the private parts were last built from
	// (unchangedSeat).
	check seatCheck
	spans []views.PartSpan // the parts of the last message unchangedSeat made
	// The lists of the message before the last and the buffer of the
	// last message's own bytes, to be used again.
	spareInputs, spareHashes []uint64
	spareHeld                [][]byte
	msgBuf                   []byte
}

// resized is xs with length n: xs itself when it has room, else new.
func resized[T any](xs []T, n int) []T {
	if cap(xs) >= n {
		return xs[:n]
	}
	return make([]T, n)
}

// earlierPart is a private part's source (version fields blanked) as ops
// on the source held now, the fingerprint of the inputs it was rendered
// from and its hash.
type earlierPart struct {
	inputs, hash uint64
	ops          []byte
}

// htmlMessage renders the phone's live HTML and says what changed since the
// stream's last message: everything at first (or nothing when the page
// already shows this version), then only the changed parts, or everything
// again when the page's outline changed (a part came or went). A private
// part whose inputs are those of the last message is not even rendered;
// a phone none of whose private parts can have changed (unchangedSeat)
// builds no view model and renders nothing.
func (s *Server) htmlMessage(c echo.Context, access table.Access, ls *liveStream) ([]piece, error) {
	buf := getBuffer()
	defer putBuffer(buf)
	r, ok := s.unchangedSeat(c, access, ls, buf)
	if !ok {
		var err error
		if r, err = s.renderLive(c, access, ls, buf); err != nil {
			return nil, err
		}
	}
	return ls.htmlParts(r)
}

// liveRender is a phone's page at one version, as htmlParts compares it
// with what the stream sent last.
type liveRender struct {
	version int
	cache   langParts
	page    []byte // the page rendered, private parts that changed and all
	spans   []views.PartSpan
	skel    uint64         // the hash of what lies outside the parts
	same    bool           // the outline is the last message's
	rebuilt map[int][]byte // private parts written from earlier, by index
}

// renderLive builds the phone's view model and renders its page into buf:
// only the parts that changed once the stream has sent a message, or the
// whole page when the outline changed.
func (s *Server) renderLive(c echo.Context, access table.Access, ls *liveStream, buf *bytes.Buffer) (liveRender, error) {
	var comp templ.Component
	var h views.Head
	var check seatCheck
	if access.Host {
		vm, err := s.tableView(c, access)
		if err != nil {
			return liveRender{}, err
		}
		comp, h = views.TablePage(vm), vm.Head
	} else {
		vm, err := s.playerViewChecked(c, access, &check)
		if err != nil {
			return liveRender{}, err
		}
		comp, h = views.PlayerPage(vm), vm.Head
	}
	r := liveRender{version: h.Version, cache: s.shared.version(access.Code, h.Version, h.Lang)}
	render := func(skip bool) (*views.PartRecorder, error) {
		buf.Reset()
		rec := &views.PartRecorder{Buf: buf, Spans: make([]views.PartSpan, 0, len(ls.keys))}
		if skip {
			// Parts only: the shared ones come from the cache.
			rec.SharedAside = true
			rec.Unchanged = func(i int, key string, inputs uint64) bool {
				return i < len(ls.keys) && ls.keys[i] == key && ls.inputs[i] == inputs
			}
			rec.Earlier = func(i int, key string, inputs uint64) []byte {
				if i < len(ls.earlier) && ls.keys[i] == key && ls.earlier[i].ops != nil && ls.earlier[i].inputs == inputs {
					src, err := applyOps(ls.held[i], ls.earlier[i].ops)
					if err != nil {
						return nil // rendered instead
					}
					if r.rebuilt == nil {
						r.rebuilt = make(map[int][]byte)
					}
					r.rebuilt[i] = src
					return src
				}
				return nil
			}
		}
		return rec, comp.Render(views.WithParts(c.Request().Context(), rec, r.cache), buf)
	}
	rec, err := render(ls.sent >= 0)
	if err != nil {
		return liveRender{}, err
	}
	blank := versionField(h.Version)
	skeleton := func() uint64 {
		var skel maphash.Hash
		skel.SetSeed(hashSeed)
		at := 0
		for _, sp := range rec.Spans {
			writeBlanked(&skel, buf.Bytes()[at:sp.Start], blank)
			at = sp.End
		}
		writeBlanked(&skel, buf.Bytes()[at:], blank)
		return skel.Sum64()
	}
	r.skel = skeleton()
	r.same = ls.sent >= 0 && len(rec.Spans) == len(ls.keys) && r.skel == ls.skeleton
	for i := 0; r.same && i < len(rec.Spans); i++ {
		r.same = rec.Spans[i].Key == ls.keys[i]
	}
	if !r.same && ls.sent >= 0 {
		// The outline changed: the phone gets the whole page, parts and all.
		if rec, err = render(false); err != nil {
			return liveRender{}, err
		}
		r.skel = skeleton()
	}
	r.page, r.spans = buf.Bytes(), rec.Spans
	ls.check = check
	return r, nil
}

// versionField is a form's version field holding version.
func versionField(version int) []byte {
	return fmt.Appendf(nil, `name="version" value="%d"`, version)
}

// htmlParts makes the message of a page rendered (r) and keeps what the
// next message is compared with.
func (ls *liveStream) htmlParts(r liveRender) ([]piece, error) {
	page, cache, same, rebuilt := r.page, r.cache, r.same, r.rebuilt
	blank := versionField(r.version)
	// The part lists: the keys are the last message's when the outline is
	// the same; the others go in the lists of the message before the
	// last, which nothing reads any more (a phone's view is made on every
	// change: new lists each time were a tenth of its garbage).
	n := len(r.spans)
	keys, isShared := ls.keys, ls.shared
	if !same || ls.sent < 0 {
		keys, isShared = make([]string, n), make([]bool, n)
	}
	inputs, hashes := resized(ls.spareInputs, n), resized(ls.spareHashes, n)
	held := resized(ls.spareHeld, n)
	clear(held)
	for i, sp := range r.spans {
		keys[i], isShared[i], inputs[i] = sp.Key, sp.Shared, sp.Inputs
		switch {
		case sp.Skipped:
			hashes[i] = ls.hashes[i]
		case sp.Shared && (sp.Hash != 0 || sp.Aside):
			hashes[i] = sp.Hash
		case sp.Reused:
			hashes[i] = ls.earlier[i].hash
		default:
			hashes[i] = hashBlanked(page[sp.Start:sp.End], blank)
		}
	}

	var msg []piece
	switch {
	case ls.sent < 0 && ls.known == r.version:
		// The page shows this version already: nothing to send but the
		// version, which sets what later messages are relative to.
		msg = []piece{{raw: fmt.Appendf(nil, "event: html\nid: %d\ndata: {\"v\":%d}\n\n", r.version, r.version)}}
	case same:
		// {"v":…,"base":…,"parts":[["key",html or edit],…]}, where a shared
		// part's JSON (or its edit) comes from the cache, compressed once
		// for all. This phone's own parts first, in one piece, then the
		// shared ones.
		size := 128
		for i, sp := range r.spans {
			if hashes[i] != ls.hashes[i] && !sp.Shared {
				size += jsonSize(sp.End - sp.Start)
			}
		}
		// One buffer of the stream's for the message's own bytes: its
		// pieces are cut from it (full slice expressions, so writing on
		// never touches them), and nothing holds them once encoded.
		if cap(ls.msgBuf) < size {
			ls.msgBuf = make([]byte, 0, size)
		}
		raw := fmt.Appendf(ls.msgBuf[:0], "event: html\nid: %d\ndata: {\"v\":%d,\"base\":%d,\"parts\":[", r.version, r.version, ls.sent)
		cut := 0 // where the piece being written starts
		sep := ""
		var shared []*sharedEntry
		var sharedKeys []string
		for i, sp := range r.spans {
			if hashes[i] == ls.hashes[i] {
				held[i] = ls.held[i]
				continue
			}
			if e := cache.sharedEntry(sp); e != nil {
				held[i] = e.blank
				var err error
				if ls.held[i] != nil && e.blank != nil {
					e, err = cache.edit(sp.Key, ls.hashes[i], ls.held[i], e)
				} else {
					err = e.whole()
				}
				if err != nil {
					return nil, err
				}
				shared, sharedKeys = append(shared, e), append(sharedKeys, sp.Key)
				continue
			}
			raw = append(raw, sep+`["`+sp.Key+`",`...)
			sep = ","
			part := page[sp.Start:sp.End]
			if bytes.Contains(part, slotOpenBytes) {
				// A secret: whole, and never held.
				raw = append(appendJSONString(raw, part), ']')
				continue
			}
			if sp.Reused {
				held[i] = rebuilt[i]
				ls.reused++
			} else {
				held[i] = appendBlanked(make([]byte, 0, len(part)), part, blank)
			}
			at := len(raw)
			if ls.held[i] != nil {
				raw = appendEdit(raw, ls.held[i], held[i])
			}
			if ls.held[i] == nil || len(raw)-at > len(part)*3/4 {
				raw = appendJSONString(raw[:at], part)
			}
			raw = append(raw, ']')
		}
		for i, e := range shared {
			raw = append(raw, sep+`["`+sharedKeys[i]+`",`...)
			msg = append(msg, piece{raw: raw[cut:len(raw):len(raw)]}, piece{raw: e.json, z: e.z})
			cut = len(raw)
			raw, sep = append(raw, ']'), ","
		}
		raw = append(raw, "]}\n\n"...)
		msg = append(msg, piece{raw: raw[cut:len(raw):len(raw)]})
		if cap(raw) <= keepBuffer {
			ls.msgBuf = raw[:0]
		}
		// What a private part that changed was before, for when it goes
		// back to that (the outline is the same: the parts are where they
		// were).
		if ls.earlier == nil {
			ls.earlier = make([]earlierPart, len(keys))
		}
		for i, sp := range r.spans {
			if sp.Shared || hashes[i] == ls.hashes[i] {
				continue
			}
			ls.earlier[i] = earlierPart{}
			if ls.held[i] != nil && held[i] != nil {
				ls.earlier[i] = earlierPart{inputs: ls.inputs[i], hash: ls.hashes[i], ops: appendOps(nil, held[i], ls.held[i])}
			}
		}
	default:
		raw := fmt.Appendf(make([]byte, 0, 64+jsonSize(len(page))), "event: html\nid: %d\ndata: {\"v\":%d,\"full\":", r.version, r.version)
		raw = appendJSONString(raw, page)
		msg = []piece{{raw: append(raw, "}\n\n"...)}}
		// The script keeps no part's source from a whole page.
		clear(held)
		ls.earlier = nil
	}
	// The spare part list holds no sources: 360 phones' old ones kept
	// alive until the next change were 7 MB at the peak.
	clear(ls.held)
	ls.spareInputs, ls.spareHashes, ls.spareHeld = ls.inputs, ls.hashes, ls.held
	ls.sent, ls.keys, ls.shared, ls.inputs, ls.hashes, ls.skeleton, ls.held = r.version, keys, isShared, inputs, hashes, r.skel, held
	return msg, nil
}

// jsonSize is room enough, mostly, for n bytes of HTML as a JSON string.
func jsonSize(n int) int { return n + n/8 + 8 }

// jsonMessage is the caller's JSON view: the same object GET /me returns
// (GET /api/games/{code} for the host), with the log since the stream's last
// message, since the caller's known version, or a short tail. What every
// caller gets alike (the public state around the log, and the log since a
// version) is encoded and deflated once per version; only the seat's own
// "me" and "options" are built for this stream.
func (s *Server) jsonMessage(c echo.Context, access table.Access, ls *liveStream) ([]piece, error) {
	var view *sharedEntry
	var me MeJSON
	var options game.Options
	var version int
	err := s.tables.Read(access.Code, func(st *game.State) {
		version = st.Version
		after := ls.sent
		switch {
		case after < 0 && ls.known >= 0:
			after = ls.known
		case after < 0:
			after = max(0, st.Version-jsonTail)
		}
		view = s.shared.jsonView(st, after)
		if !access.Host {
			me, options = meState(st, access), st.Options(access.Actor())
		}
	})
	if err == nil {
		err = view.err
	}
	if err != nil {
		return nil, err
	}
	msg := []piece{{raw: view.json, view: view}}
	if access.Host {
		ls.sent = version
		return append(msg, piece{raw: []byte("}\n\n")}), nil
	}
	var vp *versionParts
	if ls.gzip {
		vp = s.shared.at(access.Code, version)
	}
	// The stream's two buffers for its seat's pieces, in turn: the last
	// message's piece is still the source of a copy or a diff.
	i := ls.seatBuf
	ls.seatBuf ^= 1
	if msg, ls.seatBufs[i], err = appendSeatPieces(msg, vp, me, options, ls.seatBufs[i]); err != nil {
		return nil, err
	}
	ls.sent = version
	return msg, nil
}

// appendSeatPieces appends what follows the public view in a seat's
// message: its "me" and "options", and the closing brace, as one piece
// that goes as a copy of the stream's last or a diff from it (encode): a
// seat's own part mostly stays the same or changes a flag or two from one
// version to the next. In a hidden-traitor haunt, "me" holds a secret slot,
// which is never copied: it goes in a piece of its own, and the options
// after the seat number in another, deflated through vp's cache (with vp)
// when not copied or diffed, once per version for every seat sending those
// bytes.
//
// The pieces are encoded into buf, the stream's buffer for them (nil: a new
// one), which comes back to be kept for a later message: a stream keeps two
// in turn, since its last piece stays its copy's source (encode). A piece
// cached for other streams (vp) is copied out of it.
func appendSeatPieces(msg []piece, vp *versionParts, me MeJSON, options game.Options, buf []byte) ([]piece, []byte, error) {
	b := append(buf[:0], `,"me":`...)
	b = appendMe(b, &me)
	b = appendIntField(b, `,"options":{"seat":`, options.Seat)
	b = append(b, ',')
	ownLen := len(b)
	b, err := appendOptionsAfterSeat(b, &options)
	if err != nil {
		return nil, buf, err
	}
	b = append(b, "}\n\n"...)
	if cap(b) > keepSeatBuffer {
		buf = nil // a whole page of options once: not kept
	} else {
		buf = b
	}
	if !bytes.Contains(b[:ownLen], slotOpenBytes) {
		// One piece, most often the same bytes as the stream's last, or
		// a diff from them.
		return append(msg, piece{raw: b, again: true}), buf, nil
	}
	// A hidden traitor's secret slot goes stored, never copied: the
	// options after it are a piece of their own.
	b = bytes.Clone(b)
	own, rest := piece{raw: b[:ownLen:ownLen]}, piece{raw: b[ownLen:], again: true}
	if vp != nil {
		if rest.z, err = vp.deflated(rest.raw); err != nil {
			return nil, buf, err
		}
	}
	return append(msg, own, rest), buf, nil
}

// keepSeatBuffer: a stream keeps buffers this big for its seat's pieces.
const keepSeatBuffer = 16 << 10

// jsonView is the message's head and the public state with the log since
// a version, without the closing brace (compressed per stream as a diff
// from the stream's last view, or deflated once: viewdiff.go): made once per
// version for every stream that last saw the same version (or asks for
// the same tail), under the game's read lock.
func (sp *sharedParts) jsonView(st *game.State, after int) *sharedEntry {
	vp := sp.at(st.Code, st.Version)
	return vp.get("jsonview:"+strconv.Itoa(after), func(e *sharedEntry) {
		p := publicCore(st)
		p.Log = logAfter(st, after)
		// Encoded straight into the message, about as long as the last
		// (a game's first: a few kilobytes).
		size := int(vp.viewSize.Load())
		if size == 0 {
			size = 4096
		}
		raw := make([]byte, 0, size+logSize)
		raw = appendIntField(append(raw, "event: view\nid: "...), "", st.Version)
		if raw, e.err = appendPublicState(append(raw, "\ndata: "...), &p); e.err != nil {
			return
		}
		vp.viewSize.Store(int64(len(raw)))
		e.json = raw[:len(raw)-1] // the seat's own pieces follow
	})
}

// logSize is about how long an event of the log is in JSON.
const logSize = 256

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
		h.Write(blankedVersion)
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
	parts   map[partKey]*sharedEntry // the page's shared parts
	// earlier holds the shared parts' HTML of the two versions before
	// that another version may take over (langParts.Shared). Set when the
	// version's cache is made, then only read.
	earlier [2]map[partKey]*sharedEntry
	// The deflated pieces (deflated) asked for at the version before, by
	// key: a seat's options are mostly the same bytes from one version to
	// the next, and are then not deflated again. Also the log's texts
	// (logLines). Set when the version's cache is made, then only read.
	before map[string]*sharedEntry
	// viewSize is how long the game's last JSON view was (jsonView).
	viewSize atomic.Int64
}

type sharedEntry struct {
	once  sync.Once
	b     []byte
	hash  uint64 // of b with the version fields blanked (htmlMessage)
	blank []byte // b with the version fields blanked
	// A shared HTML part's JSON string and that deflated are made when a
	// phone first needs it whole: most get an edit.
	wholeOnce sync.Once
	wholeErr  error
	// ready: a shared part's HTML, made, holding no version field: the
	// versions after may take it over (langParts.Shared).
	ready atomic.Bool
	// made: the entry's fill has run. unchangedSeat looks entries up
	// without making them, so it can't ask their once (a Do of nothing
	// would keep the fill from ever running).
	made atomic.Bool
	// A shared part as a JSON string, and that deflated (a stream piece).
	json, z []byte
	err     error
	v       any // a seatless view-model piece
	viewEntry
}

// versionMemo keeps seatless pieces of one game version (memo); nil keeps
// nothing. A seatless piece of a view model depends only on the game's
// state and the language, never on the seat (other explorers' boards, the
// log): made once per game version, under the game's read lock, and then
// shared by every phone's view model, which must not change it.
type versionMemo = *versionParts

func (s *Server) memoOf(st *game.State) versionMemo { return s.shared.at(st.Code, st.Version) }

// memo is the piece name (of seat id, or 0) in lang, made by make once. It
// takes no closure of its own: asked for by every phone, it allocates
// nothing once made.
func memo[T any](m versionMemo, name, lang string, id int, make func() T) T {
	if m == nil {
		return make()
	}
	e := m.entry(partKey{kind: partMemo, lang: lang, key: name, held: uint64(id)})
	e.once.Do(func() { e.v = make() })
	return e.v.(T)
}

// logLines is the log as the pages show it, made once per version and
// language from the texts of the version before (viewmodels.go logLines).
func (sp *sharedParts) logLines(st *game.State, lang string) []views.LogLine {
	vp := sp.at(st.Code, st.Version)
	return vp.get("vm:log:"+lang, func(e *sharedEntry) {
		var known map[int]string
		if prev := vp.before[logTextsKey+lang]; prev != nil {
			prev.once.Do(func() {}) // written by the version before's log, perhaps still at it
			known, _ = prev.v.(map[int]string)
		}
		lines, texts := logLines(lang, st, known)
		e.v = lines
		vp.get(logTextsKey+lang, func(t *sharedEntry) { t.v = texts })
	}).v.([]views.LogLine)
}

// logTextsKey begins the key of the log texts of a version in a language,
// which the next version takes over.
const logTextsKey = "logtexts:"

func newSharedParts() *sharedParts { return &sharedParts{games: map[string]*versionParts{}} }

// at is the cache of one game version. A stream still rendering an older
// version than the newest gets a cache of its own, so it never mixes.
func (sp *sharedParts) at(code string, version int) *versionParts {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	vp := sp.games[code]
	if vp == nil || vp.version < version {
		old := vp
		vp = &versionParts{version: version, entries: map[string]*sharedEntry{}}
		if old != nil {
			vp.viewSize.Store(old.viewSize.Load())
			old.mu.Lock()
			for k, e := range old.entries {
				if strings.HasPrefix(k, deflatedKey) || strings.HasPrefix(k, logTextsKey) {
					if vp.before == nil {
						vp.before = map[string]*sharedEntry{}
					}
					vp.before[k] = e
				}
			}
			html := map[partKey]*sharedEntry{}
			for k, e := range old.parts {
				if k.kind == partHTML && e.ready.Load() {
					html[k] = e
				}
			}
			vp.earlier = [2]map[partKey]*sharedEntry{html, old.earlier[0]}
			old.mu.Unlock()
		}
		sp.games[code] = vp
	} else if vp.version > version {
		return &versionParts{version: version, entries: map[string]*sharedEntry{}}
	}
	return vp
}

// forget drops what is cached of a game, once the tables dropped it from
// memory: without it, every game ever shown kept its last version's parts
// for as long as the server ran.
func (sp *sharedParts) forget(code string) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	delete(sp.games, code)
}

// get is the entry of key, made by fill the first time it is asked for.
func (vp *versionParts) get(key string, fill func(e *sharedEntry)) *sharedEntry {
	vp.mu.Lock()
	e := vp.entries[key]
	if e == nil {
		e = &sharedEntry{}
		vp.entries[key] = e
	}
	vp.mu.Unlock()
	e.once.Do(func() { fill(e) })
	return e
}

// version is the HTML part cache of one game version in one language.
func (sp *sharedParts) version(code string, version int, lang string) langParts {
	return langParts{sp.at(code, version), lang}
}

type langParts struct {
	vp   *versionParts
	lang string
}

// partKey is a shared part's cache entry: its inputs' fingerprint, its
// HTML, or its HTML as an edit of the source held (whose hash is held); or
// a seatless piece of a view model (memo).
type partKey struct {
	kind      uint8
	lang, key string
	held      uint64
}

const (
	partInputs uint8 = iota
	partHTML
	partEdit
	partMemo // a seatless piece of a view model (memo)
)

// part is the entry of k, made by fill the first time it is asked for.
func (vp *versionParts) part(k partKey, fill func(e *sharedEntry)) *sharedEntry {
	e := vp.entry(k)
	e.once.Do(func() { fill(e); e.made.Store(true) })
	return e
}

// made is the entry of k when it is made already, or nil.
func (vp *versionParts) made(k partKey) *sharedEntry {
	vp.mu.Lock()
	e := vp.parts[k]
	vp.mu.Unlock()
	if e == nil || !e.made.Load() || e.err != nil {
		return nil
	}
	return e
}

// entry is the entry of k, perhaps not made yet (its once).
func (vp *versionParts) entry(k partKey) *sharedEntry {
	vp.mu.Lock()
	defer vp.mu.Unlock()
	e := vp.parts[k]
	if e == nil {
		if vp.parts == nil {
			vp.parts = map[partKey]*sharedEntry{}
		}
		e = &sharedEntry{}
		vp.parts[k] = e
	}
	return e
}

// Inputs fingerprints a shared part's inputs once per version and language.
func (lp langParts) Inputs(key string, fp func() uint64) uint64 {
	return lp.vp.part(partKey{kind: partInputs, lang: lp.lang, key: key}, func(e *sharedEntry) { e.hash = fp() }).hash
}

// Shared renders a shared part once per version and language, and hashes
// it once for every stream's comparison (htmlMessage).
//
// A part rendered at one of the two versions before from the same inputs,
// holding no version field, is those very bytes: taken over, not rendered
// again (a trait stepped up and down again).
func (lp langParts) Shared(key string, inputs uint64, render func(io.Writer) error) ([]byte, uint64, error) {
	k := partKey{kind: partHTML, lang: lp.lang, key: key, held: inputs}
	lp.vp.mu.Lock()
	if lp.vp.parts[k] == nil {
		for _, m := range lp.vp.earlier {
			if e := m[k]; e != nil && e.ready.Load() {
				if lp.vp.parts == nil {
					lp.vp.parts = map[partKey]*sharedEntry{}
				}
				lp.vp.parts[k] = e
				break
			}
		}
	}
	lp.vp.mu.Unlock()
	e := lp.vp.part(k, func(e *sharedEntry) {
		var b bytes.Buffer
		if e.err = render(&b); e.err != nil {
			return
		}
		e.b = b.Bytes()
		field := versionField(lp.vp.version)
		versionless := false
		if !bytes.Contains(e.b, slotOpenBytes) { // shared parts hold no secret, but never edit one
			e.blank = e.b // most hold no form, so no version field
			if bytes.Contains(e.b, field) {
				e.blank = appendBlanked(nil, e.b, field)
			} else {
				versionless = true
			}
		}
		e.hash = hashBlanked(e.b, field)
		e.ready.Store(versionless)
	})
	return e.b, e.hash, e.err
}

// whole makes the shared part's JSON string and that deflated, once.
func (e *sharedEntry) whole() error {
	e.wholeOnce.Do(func() {
		e.json = appendJSONString(make([]byte, 0, jsonSize(len(e.b))), e.b)
		e.z, e.wholeErr = deflatePiece(e.json)
	})
	return e.wholeErr
}

// sharedEntry is the cache entry a shared part of this page came from, or
// nil for a private part.
func (lp langParts) sharedEntry(sp views.PartSpan) *sharedEntry {
	if !sp.Shared {
		return nil
	}
	lp.vp.mu.Lock()
	defer lp.vp.mu.Unlock()
	if e := lp.vp.parts[partKey{kind: partHTML, lang: lp.lang, key: sp.Key, held: sp.Inputs}]; e != nil && e.b != nil {
		return e
	}
	return nil
}

// edit is the shared part key (now cur) as an edit of the source held, whose
// hash is heldHash: made once per version for every phone that holds the
// same, or cur itself when the edit is not much shorter.
func (lp langParts) edit(key string, heldHash uint64, held []byte, cur *sharedEntry) (*sharedEntry, error) {
	e := lp.vp.part(partKey{kind: partEdit, lang: lp.lang, key: key, held: heldHash}, func(e *sharedEntry) {
		e.b = held
		e.json = appendEdit(nil, held, cur.blank)
		if len(e.json) > len(cur.b)*3/4 {
			e.err = cur.whole()
			e.json, e.z = cur.json, cur.z
			return
		}
		if len(e.json) <= editStoredMax {
			// A compressor's flush (a Huffman table of its own) would cost
			// more time than the few bytes it saves.
			var b bytes.Buffer
			e.err = writeStored(&b, e.json)
			e.z = b.Bytes()
			return
		}
		e.z, e.err = deflatePiece(e.json)
	})
	if e.err != nil {
		return nil, e.err
	}
	if !bytes.Equal(e.b, held) { // a hash collision: whole
		return cur, cur.whole()
	}
	return e, nil
}

// editStoredMax: an edit this short goes stored, not compressed (a new
// log line, a value on a board).
const editStoredMax = 256

// deflated is b deflated on its own (a piece's z), once per version for
// every stream that sends the very same bytes: each stream still sends only
// what it built for its own seat, and two seats share the work only when
// their bytes are equal, byte for byte.
//
// The entry of the version before is taken over when it was asked for
// there: bytes equal to those of the version before are not deflated again.
func (vp *versionParts) deflated(b []byte) ([]byte, error) {
	key := deflatedKey + strconv.FormatUint(maphash.Bytes(hashSeed, b), 16)
	vp.mu.Lock()
	e := vp.entries[key]
	if e == nil {
		if e = vp.before[key]; e == nil {
			e = &sharedEntry{}
		}
		vp.entries[key] = e
	}
	vp.mu.Unlock()
	e.once.Do(func() {
		e.b = b
		e.z, e.err = deflatePiece(b)
	})
	if e.err != nil || !bytes.Equal(e.b, b) { // a hash collision: its own
		return deflatePiece(b)
	}
	return e.z, nil
}

// deflatedKey begins the key of a deflated entry.
const deflatedKey = "z:"

// streamWriter writes a stream's messages, gzip-compressed when the phone
// accepts it. Each message is compressed on its own by a pooled compressor
// and flushed, so a stream holds no compressor of its own between messages
// (one costs about a megabyte) and a message is never held back.
type streamWriter struct {
	w        *echo.Response
	buf      sink // the message being encoded (encode)
	gzip     bool
	started  bool
	crc      uint32
	size     uint32
	failed   bool
	Raw, Out int64
	// The stream's last piece marked again, and where it began in the
	// uncompressed stream.
	last   []byte
	lastAt int64
	// The stream's last shared JSON view, and where it began.
	view   []byte
	viewAt int64
}

// flatePool is the compressors for stream messages. It keeps two idle per
// core, not one per builder: each is most of a megabyte, and with the HTML
// view a burst's peak memory rose by 10 MB past the goal's 100 MB.
var flatePool = newWriterPool(flateLevel, 2*runtime.GOMAXPROCS(0))

// flateLevel: the fastest level; messages are small and alike, and the CPU
// is better spent on the next phone (measured in README "Measured").
const flateLevel = flate.BestSpeed

var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff}

// piece is part of a stream message: raw bytes and, when many streams send
// the same bytes, those deflated once (z, from a fresh compressor, flushed).
type piece struct {
	raw, z []byte
	// again: the seat's own piece, which goes out as a copy of the
	// stream's last piece marked so when the very same bytes are within
	// the compressor's window (appendRepeat), else as a diff from it when
	// that pays (appendDiff): a seat's me and options mostly stay the same
	// for many versions. Never a piece holding a slot.
	again bool
	// view: raw is this shared JSON view, which goes out as a diff from
	// the stream's last one when it pays, else deflated once for all
	// (viewdiff.go).
	view *sharedEntry
}

func (sw *streamWriter) send(msg []byte) error { return sw.sendPieces(piece{raw: msg}) }

// sendPieces writes one message (encode, then write).
func (sw *streamWriter) sendPieces(msg ...piece) error {
	b, err := sw.encode(msg...)
	if err != nil {
		return err
	}
	return sw.write(b)
}

// write sends one encoded message and flushes it to the phone.
func (sw *streamWriter) write(b []byte) error {
	if _, err := sw.w.Write(b); err != nil {
		sw.failed = true
		return err
	}
	sw.w.Flush()
	return nil
}

// encode is one message as it goes on the wire. Compressed, each run of
// raw pieces is deflated and flushed (so it ends on a byte boundary), with
// a seat's secret slots stored (deflateSegments), or stored whole when it
// is too short to pay for a compressor's flush; each piece's own z goes
// out as it is: blocks that reach back to no earlier bytes can follow any;
// a shared JSON view goes as a diff from the stream's last (viewdiff.go).
// The message is put together in one buffer, written at once: one chunk
// and one system call per message, not one per piece.
//
// The bytes are the stream's own buffer, good until the next encode.
func (sw *streamWriter) encode(msg ...piece) ([]byte, error) {
	if sw.failed {
		return nil, io.ErrClosedPipe
	}
	cw := &sw.buf
	if cap(cw.b) > keepBuffer {
		cw.b = nil // a whole page once: not kept for every later message
	}
	cw.b = cw.b[:0]
	var err error
	if sw.gzip && !sw.started {
		_, err = cw.Write(gzipHeader)
	}
	stored := false // the message so far ends with a stored block
	for i := 0; i < len(msg) && err == nil; {
		if p := msg[i]; p.again && sw.gzip {
			at, back := sw.Raw, int(sw.Raw-sw.lastAt)
			sent := false
			switch {
			case sw.last == nil:
			case bytes.Equal(p.raw, sw.last) && back <= maxDistance:
				cw.b = appendRepeat(cw.b, len(p.raw), back)
				sent = true
			case back+len(p.raw) <= maxDistance:
				// Mostly a few flags or a card changed: a diff from the
				// last (viewdiff.go), when that pays.
				if d := diffViews(sw.last, p.raw); d.worth(len(p.raw)) {
					cw.b = appendDiff(cw.b, d, p.raw, back)
					sent = true
				}
			}
			sw.last, sw.lastAt = p.raw, at
			if sent {
				stored = false
				sw.account(p.raw)
				i++
				continue
			}
		}
		if p := msg[i]; p.view != nil { // the shared JSON view
			stored = false
			at := sw.Raw
			if sw.gzip {
				var d *viewDiff
				if sw.view != nil && at-sw.viewAt+int64(len(p.raw)) <= maxDistance {
					d = p.view.diffFrom(sw.view)
				}
				if d != nil {
					cw.b = d.appendTo(cw.b, p.raw, int(at-sw.viewAt))
				} else {
					var z []byte
					if z, err = p.view.deflatedView(); err == nil {
						cw.b = append(cw.b, z...)
					}
				}
			} else {
				cw.b = append(cw.b, p.raw...)
			}
			sw.account(p.raw)
			sw.view, sw.viewAt = p.raw, at
			i++
			continue
		}
		if msg[i].z != nil { // a shared part: public, deflated once
			stored = false
			sw.account(msg[i].raw)
			if sw.gzip {
				_, err = cw.Write(msg[i].z)
			} else {
				_, err = cw.Write(msg[i].raw)
			}
			i++
			continue
		}
		// A run of plain pieces: up to one deflated already, a view, or
		// one that may go as a copy or a diff.
		run := i
		for i++; i < len(msg) && msg[i].z == nil && msg[i].view == nil && !msg[i].again; i++ {
		}
		stored, err = sw.writeRun(cw, msg[run:i])
	}
	if stored && err == nil {
		// An inflater holds a stored block's bytes back until the next
		// block begins: an empty one sends them on (as a flush does).
		_, err = cw.Write(syncMarker)
	}
	sw.started = true
	sw.Out += int64(len(cw.b))
	if err != nil {
		sw.failed = true
		return nil, err
	}
	return cw.b, nil
}

// keepBuffer: a stream keeps a message buffer this big for the next one;
// 360 phones' buffers stay under 1.5 MB.
const keepBuffer = 4 << 10

// sink collects what is written to it.
type sink struct{ b []byte }

func (s *sink) Write(p []byte) (int, error) { s.b = append(s.b, p...); return len(p), nil }

// writeRun writes raw pieces in a row, slot markers stripped, as deflate
// blocks ending on a byte boundary when compressed; stored says it wrote
// one stored block.
func (sw *streamWriter) writeRun(w io.Writer, run []piece) (stored bool, err error) {
	raw := run[0].raw
	if len(run) > 1 {
		raw = nil
		for _, p := range run {
			raw = append(raw, p.raw...)
		}
	}
	segs, err := splitSlots(raw) // a seat's secret, stored uncompressed
	if err != nil {
		return false, err
	}
	raw = joinSegments(segs)
	sw.account(raw)
	switch {
	case !sw.gzip:
		_, err = w.Write(raw)
		return false, err
	case len(segs) == 1 && len(raw) <= storedMax:
		return true, writeStored(w, raw)
	}
	pool := streamFlatePool(segs)
	fw := pool.Get()
	err = deflateSegments(fw, w, segs)
	pool.Put(fw)
	return false, err
}

func (sw *streamWriter) account(raw []byte) {
	sw.Raw += int64(len(raw))
	if sw.gzip {
		sw.crc = crc32.Update(sw.crc, crc32.IEEETable, raw)
		sw.size += uint32(len(raw))
	}
}

// storedMax: a run of raw pieces this short is stored, not compressed; a
// compressor's flush (a Huffman table of its own) costs more than it saves.
const storedMax = 128

// syncMarker is an empty stored block.
var syncMarker = []byte{0, 0, 0, 0xff, 0xff}

// deflatePiece is b deflated on its own, for a piece's z.
func deflatePiece(b []byte) ([]byte, error) {
	var out bytes.Buffer
	fw := flatePool.Get()
	defer flatePool.Put(fw)
	fw.Reset(&out)
	if _, err := fw.Write(b); err != nil {
		return nil, err
	}
	if err := fw.Flush(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// close ends a gzip stream properly: a final empty block and the trailer.
func (sw *streamWriter) close() {
	if !sw.gzip || !sw.started || sw.failed {
		return
	}
	fw := flatePool.Get()
	fw.Reset(sw.w)
	fw.Close()
	flatePool.Put(fw)
	var trailer [8]byte
	binary.LittleEndian.PutUint32(trailer[:4], sw.crc)
	binary.LittleEndian.PutUint32(trailer[4:], sw.size)
	sw.w.Write(trailer[:])
	sw.w.Flush()
}
