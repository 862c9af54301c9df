package web

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strconv"
	"unicode/utf8"
)

// A part that changed is often mostly what the phone already holds: one
// trait's value on a board of four tracks, one new line on top of a log of
// sixty. So a changed part goes out as an edit of the part's source the
// phone holds when that is shorter: a list of pieces, each either a JSON
// string (new text) or [start, length], a run of the held source, counted
// in UTF-16 code units as a script's strings are. The page script keeps the
// source of each part it was sent (static/app.js); the stream keeps the same
// (liveStream.held), both with the version fields blanked, which the script
// moves itself.
//
// What a phone holds is always what its own stream sent it, so an edit of
// a seat's private part reads nothing of another seat's. A part holding a
// secret slot is never held nor edited: its edits' lengths would depend on
// the secret (secretsize.go); it always goes whole.

// editMinRun is the shortest run of the held source worth a reference.
const editMinRun = 24

// editDepth bounds how often a changed middle is searched for another
// common run: a new log line on top and the oldest gone at the bottom
// takes two.
const editDepth = 3

// appendEdit appends the edit that makes cur out of old, as a JSON array,
// to b.
func appendEdit(b, old, cur []byte) []byte {
	e := editor{old: old, b: append(b, '[')}
	e.diff(0, len(old), 0, len(cur), cur, editDepth)
	e.flush()
	return append(e.b, ']')
}

type editor struct {
	old []byte
	b   []byte
	// The pending run of old, [from, to) in bytes, merged with any that
	// follows it at once.
	from, to int
	// unitsAt is a position in old in bytes and in UTF-16 code units, so
	// that runs (always in increasing order) are counted once.
	bytesAt, unitsAt int
	sep              bool
}

func (e *editor) diff(oFrom, oTo, cFrom, cTo int, cur []byte, depth int) {
	o, c := e.old[oFrom:oTo], cur[cFrom:cTo]
	p := runeCut(o, commonPrefix(o, c))
	s := runeCutBack(o[p:], commonSuffix(o[p:], c[p:]))
	s = runeCutBack(c[p:], s)
	e.copy(oFrom, oFrom+p)
	om, cm := o[p:len(o)-s], c[p:len(c)-s]
	if i, j, n := commonRun(om, cm); depth > 0 && n >= editMinRun {
		base, cbase := oFrom+p, cFrom+p
		e.diff(base, base+i, cbase, cbase+j, cur, depth-1)
		e.copy(base+i, base+i+n)
		e.diff(base+i+n, base+len(om), cbase+j+n, cbase+len(cm), cur, depth-1)
	} else {
		e.text(cm)
	}
	e.copy(oTo-s, oTo)
}

func (e *editor) copy(from, to int) {
	if to-from <= 0 {
		return
	}
	if e.to == from && e.to > e.from {
		e.to = to
		return
	}
	e.flush()
	e.from, e.to = from, to
}

func (e *editor) text(t []byte) {
	if len(t) == 0 {
		return
	}
	e.flush()
	e.comma()
	e.b = appendJSONString(e.b, t)
}

func (e *editor) comma() {
	if e.sep {
		e.b = append(e.b, ',')
	}
	e.sep = true
}

// flush writes the pending run: a short one as its text.
func (e *editor) flush() {
	from, to := e.from, e.to
	e.from, e.to = 0, 0
	if to <= from {
		return
	}
	if to-from < editMinRun {
		e.comma()
		e.b = appendJSONString(e.b, e.old[from:to])
		return
	}
	e.unitsAt += utf16Len(e.old[e.bytesAt:from])
	n := utf16Len(e.old[from:to])
	e.comma()
	e.b = append(e.b, '[')
	e.b = strconv.AppendInt(e.b, int64(e.unitsAt), 10)
	e.b = append(e.b, ',')
	e.b = strconv.AppendInt(e.b, int64(n), 10)
	e.b = append(e.b, ']')
	e.bytesAt, e.unitsAt = to, e.unitsAt+n
}

// commonRun finds a long run of o that is also in c, from a few anchors
// (o's start, end and middle, and c's start): where o[i:i+n] == c[j:j+n].
func commonRun(o, c []byte) (i, j, n int) {
	const anchor = 32
	if len(o) < anchor || len(c) < anchor {
		return 0, 0, 0
	}
	try := func(oi, cj int) {
		// Widen the match both ways, then keep whole runes.
		for oi > 0 && cj > 0 && o[oi-1] == c[cj-1] {
			oi, cj = oi-1, cj-1
		}
		m := commonPrefix(o[oi:], c[cj:])
		for m > 0 && (!utf8.RuneStart(o[oi]) || !utf8.RuneStart(c[cj])) {
			oi, cj, m = oi+1, cj+1, m-1
		}
		m = runeCut(o[oi:], m)
		m = runeCut(c[cj:], m)
		if m > n {
			i, j, n = oi, cj, m
		}
	}
	for _, at := range []int{0, len(o) - anchor, (len(o) - anchor) / 2} {
		if k := bytes.Index(c, o[at:at+anchor]); k >= 0 {
			try(at, k)
		}
	}
	if k := bytes.Index(o, c[:anchor]); k >= 0 {
		try(k, 0)
	}
	return i, j, n
}

func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i+64 <= n && bytes.Equal(a[i:i+64], b[i:i+64]) {
		i += 64
	}
	for i+8 <= n && binary.LittleEndian.Uint64(a[i:]) == binary.LittleEndian.Uint64(b[i:]) {
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

func commonSuffix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i+64 <= n && bytes.Equal(a[len(a)-i-64:len(a)-i], b[len(b)-i-64:len(b)-i]) {
		i += 64
	}
	for i+8 <= n && binary.LittleEndian.Uint64(a[len(a)-i-8:]) == binary.LittleEndian.Uint64(b[len(b)-i-8:]) {
		i += 8
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}

// runeCut shortens a prefix of b of n bytes to whole runes.
func runeCut(b []byte, n int) int {
	for n > 0 && n < len(b) && !utf8.RuneStart(b[n]) {
		n--
	}
	return n
}

// runeCutBack shortens a suffix of b of n bytes to whole runes.
func runeCutBack(b []byte, n int) int {
	for n > 0 && !utf8.RuneStart(b[len(b)-n]) {
		n--
	}
	return n
}

// utf16Len is how many UTF-16 code units b's text takes.
func utf16Len(b []byte) int {
	n := 0
	for i := 0; i < len(b); {
		if i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 == 0 {
			i, n = i+8, n+8 // eight ASCII bytes
			continue
		}
		c := b[i]
		if c < utf8.RuneSelf {
			i++
			n++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		i += size
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// appendBlanked appends b with every version field's value empty.
func appendBlanked(dst, b, blank []byte) []byte {
	for {
		i := bytes.Index(b, blank)
		if i < 0 {
			return append(dst, b...)
		}
		dst = append(dst, b[:i]...)
		dst = append(dst, blankedVersion...)
		b = b[i+len(blank):]
	}
}

var blankedVersion = []byte(`name="version" value=""`)

var slotOpenBytes = []byte(slotOpen)

// appendOps appends to ops what makes old out of cur, for the server's own
// use (liveStream.earlier): runs of cur and new bytes, each an uvarint x,
// either a run (x odd: start x>>1, then an uvarint length) or new bytes (x
// even: x>>1 of them, following). Runs are found as appendEdit finds them,
// in bytes.
func appendOps(ops, cur, old []byte) []byte {
	return opsDiff(ops, cur, 0, len(cur), old, editDepth)
}

func opsDiff(ops, cur []byte, cFrom, cTo int, old []byte, depth int) []byte {
	c := cur[cFrom:cTo]
	p := commonPrefix(c, old)
	s := commonSuffix(c[p:], old[p:])
	ops = opsRun(ops, cFrom, p)
	cm, om := c[p:len(c)-s], old[p:len(old)-s]
	if i, j, n := commonRun(cm, om); depth > 0 && n >= editMinRun {
		base := cFrom + p
		ops = opsDiff(ops, cur, base, base+i, om[:j], depth-1)
		ops = opsRun(ops, base+i, n)
		ops = opsDiff(ops, cur, base+i+n, base+len(cm), om[j+n:], depth-1)
	} else if len(om) > 0 {
		ops = binary.AppendUvarint(ops, uint64(len(om))<<1)
		ops = append(ops, om...)
	}
	return opsRun(ops, cTo-s, s)
}

func opsRun(ops []byte, start, n int) []byte {
	if n == 0 {
		return ops
	}
	ops = binary.AppendUvarint(ops, uint64(start)<<1|1)
	return binary.AppendUvarint(ops, uint64(n))
}

// applyOps is what ops (appendOps) make out of cur.
func applyOps(cur, ops []byte) ([]byte, error) {
	var out []byte
	for len(ops) > 0 {
		x, k := binary.Uvarint(ops)
		if k <= 0 {
			return nil, errBadOps
		}
		ops = ops[k:]
		if x&1 == 0 {
			n := x >> 1
			if n > uint64(len(ops)) {
				return nil, errBadOps
			}
			out, ops = append(out, ops[:n]...), ops[n:]
			continue
		}
		n, k := binary.Uvarint(ops)
		if k <= 0 {
			return nil, errBadOps
		}
		ops = ops[k:]
		start := x >> 1
		if start > uint64(len(cur)) || n > uint64(len(cur))-start {
			return nil, errBadOps
		}
		out = append(out, cur[start:start+n]...)
	}
	if out == nil {
		out = []byte{}
	}
	return out, nil
}

var errBadOps = errors.New("web: ops out of their source")
