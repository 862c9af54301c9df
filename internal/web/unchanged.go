package web

import (
	"bytes"
	"errors"
	"sync/atomic"

	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/table"
	"lantern/views"
)

// Most changes at a table are a player stepping a trait of their own
// explorer. Every other phone must show the new value, but only on its
// shared parts (that explorer's board and line, the log), which are
// rendered once per version for all. Its private parts (its own board,
// what it may do now, its cards) were built from things that did not
// change, so building its view model and walking its page again is waste:
// in a burst of such changes it was most of the server's work.
//
// unchangedSeat proves a phone's private parts unchanged from what the
// engine says, and then makes its message from the cache alone. The proof:
//
//   - every event since the stream's last message changed the traits of
//     another seat (EvTraitsChanged folds into that seat's traits only);
//   - no explorer died or came back (the others' deaths shape a page);
//   - what the seat may do now (its Options, fingerprinted field by field)
//     and whether it may undo are what they were;
//   - the haunt's "played before" count and the phone's seats (tokens) are
//     the same, and no wait was counting down on the page.
//
// Tests hold this to the long way: with checkUnchanged set (TestMain), the
// whole web test suite builds every such message again from a view model
// and the page rendered (its private parts skipped when their inputs'
// fingerprints are unchanged, as always), and compares the bytes and what
// the stream keeps (unchanged_test.go).

// seatCheck is what a phone's private parts were last built from, beyond
// its own board, as far as the others' trait changes could reach.
type seatCheck struct {
	reusable bool       // the page the check was made for may be reused
	lang     string     // the page's language
	tokens   uint64     // the table's tokens count (Tables.TokensChanged)
	head     views.Head // the page's, at the version it was built for
	seatState
}

// seatState is the part of a seatCheck the engine's state gives.
type seatState struct {
	alive   uint64 // a bit per seat, by index
	options uint64 // fingerprint of the seat's Options
	undo    bool   // the seat may undo the last change
	haunt   int    // the haunt revealed, or 0
	played  int    // games that played it before
}

func checkSeat(st *game.State, access table.Access, opts *game.Options, played map[int]int) seatCheck {
	var c seatState
	for i := range st.Seats {
		if i < 64 && st.Alive(&st.Seats[i]) {
			c.alive |= 1 << i
		}
	}
	c.options = views.Fingerprint(opts)
	if last := st.LastUndoable(); last != nil {
		c.undo = last.Actor == access.Actor()
	}
	if st.Haunt != nil {
		c.haunt, c.played = st.Haunt.Number, played[st.Haunt.Number]
	}
	return seatCheck{seatState: c}
}

// checkUnchanged, set by tests, is told of each message unchangedSeat makes
// before the stream keeps it.
var checkUnchanged atomic.Pointer[unchangedCheck]

type unchangedCheck func(s *Server, c echo.Context, access table.Access, ls *liveStream, r liveRender)

// unchangedSeat is the phone's page at the game's newest version when none
// of its private parts can have changed since the stream's last message:
// the parts as they were, the shared ones from the version's cache. ok is
// false when it can't say so, or the cache lacks a shared part no phone
// rendered yet: the page is then rendered.
func (s *Server) unchangedSeat(c echo.Context, access table.Access, ls *liveStream, buf *bytes.Buffer) (r liveRender, ok bool) {
	if access.Host || ls.sent < 0 || !ls.check.reusable || ls.check.tokens != s.tables.TokensChanged() {
		return liveRender{}, false
	}
	var played map[int]int
	var undoGone bool
	if ls.check.haunt != 0 { // a reveal since is an event of another kind
		played = s.tables.PlayedHaunts(access.Code)
	}
	err := s.tables.Read(access.Code, func(st *game.State) {
		r.version = st.Version
		for i := len(st.Events) - 1; i >= 0 && st.Events[i].Seq > ls.sent; i-- {
			if e := &st.Events[i]; e.Type != game.EvTraitsChanged || e.Seat == access.Seat {
				return
			}
		}
		opts := st.Options(access.Actor())
		now := checkSeat(st, access, &opts, played).seatState
		// The seat's own change, now no longer the last, can't be undone:
		// only its undo button goes (undoGone). An undo that came stays
		// a change (the seat acted).
		if undoGone = ls.check.undo && !now.undo; undoGone {
			now.undo = true
		}
		ok = now == ls.check.seatState
	})
	if err != nil || !ok {
		return liveRender{}, false
	}
	renderedUndo := false
	r.cache = s.shared.version(access.Code, r.version, ls.check.lang)
	h := ls.check.head
	h.Version = r.version
	ls.spans = resized(ls.spans, len(ls.keys)) // read by htmlParts only
	r.spans = ls.spans
	for i, key := range ls.keys {
		sp := views.PartSpan{Key: key, Inputs: ls.inputs[i], Skipped: true}
		if key == "undo" && undoGone {
			// The one private part rendered, as the page renders it.
			rec := &views.PartRecorder{Buf: buf}
			if views.UndoPart(h, false, "").Render(views.WithParts(c.Request().Context(), rec, nil), buf) != nil || len(rec.Spans) != 1 {
				return liveRender{}, false
			}
			sp, renderedUndo = rec.Spans[0], true
		}
		if ls.shared[i] {
			sp.Shared = true
			if !s.sharedSpan(c, access.Code, ls, r.cache, i, &sp) {
				return liveRender{}, false
			}
		}
		r.spans[i] = sp
	}
	if undoGone && !renderedUndo { // the page had no undo button
		return liveRender{}, false
	}
	r.page, r.skel, r.same = buf.Bytes(), ls.skeleton, true
	if undoGone {
		ls.check.undo = false
	}
	if check := checkUnchanged.Load(); check != nil {
		(*check)(s, c, access, ls, r)
	}
	return r, true
}

// sharedSpan fills the span of the stream's i-th part, a shared one, from
// the version's cache: unchanged when its inputs are those of the last
// message, else its hash, the body left aside for the message to take from
// the cache. A part not cached yet is rendered with every other shared
// part of the version (cacheShared); false when that can't be done.
func (s *Server) sharedSpan(c echo.Context, code string, ls *liveStream, cache langParts, i int, sp *views.PartSpan) bool {
	inputs := partKey{kind: partInputs, lang: cache.lang, key: sp.Key}
	in := cache.vp.made(inputs)
	if in == nil {
		if !s.cacheShared(c, code, ls.check.head, cache) {
			return false
		}
		if in = cache.vp.made(inputs); in == nil {
			return false
		}
	}
	sp.Inputs = in.hash
	if sp.Inputs == ls.inputs[i] {
		return true
	}
	html := partKey{kind: partHTML, lang: cache.lang, key: sp.Key, held: sp.Inputs}
	e := cache.vp.made(html)
	if e == nil && s.cacheShared(c, code, ls.check.head, cache) {
		// Only the inputs were cached: a page that held the part skipped it.
		e = cache.vp.made(html)
	}
	if e == nil || e.b == nil {
		return false
	}
	sp.Skipped, sp.Hash, sp.Aside = false, e.hash, true
	return true
}

// cacheShared renders every shared part of a seat's page at the cache's
// version into it, once per version and language; false when the game is
// past that version already.
func (s *Server) cacheShared(c echo.Context, code string, h views.Head, cache langParts) bool {
	e := cache.vp.get("shared:"+cache.lang, func(e *sharedEntry) {
		var view views.SharedView
		e.err = errMovedOn
		s.tables.Read(code, func(st *game.State) {
			if st.Version == cache.vp.version {
				view, e.err = s.sharedView(st, cache.lang), nil
			}
		})
		if e.err == nil {
			h.Version = cache.vp.version
			e.err = views.CacheShared(views.WithParts(c.Request().Context(), nil, cache), h, view)
		}
	})
	return e.err == nil
}

var errMovedOn = errors.New("the game is past this version")
