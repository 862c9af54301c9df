package web

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sync"
)

// A JSON stream's shared view (the public state and the log since the last
// message) is mostly the very bytes the stream sent as its last shared
// view: a version number, a trait, a log line changed. The inflater still
// holds those bytes in its window, so a compressed stream gets the new view
// as a fixed-Huffman block (RFC 1951 3.2.6) of the new bytes and copies from
// the old (viewDiff), a fifth of the view deflated on its own, and a block
// with no Huffman table for the phone to build.
//
// The copies' distances depend on where the old view lies in each stream
// (what the seat's own pieces after it came to), so the diff is found once
// per pair of views for every stream (sharedEntry.diffFrom) and written
// per stream (appendDiff): bits only, no search. A stream whose last view
// is out of the window, or that has none, gets the view deflated once for
// all (sharedEntry.deflatedView).

// viewDiff is the new view as runs of literal bytes, each followed by a
// copy from the old view.
type viewDiff struct {
	old []byte // the view it copies from
	ops []diffOp
	// bits is about the size of the block in bits: a diff that comes to
	// more than the view deflated is not used (diffWorth).
	bits int
	// The block as written for the last few distances back to the old
	// view: most streams of a game have sent the same bytes since it.
	mu      sync.Mutex
	written []writtenDiff
}

type writtenDiff struct {
	back int
	b    []byte
}

// keepWritten is how many of a diff's blocks are kept, by distance.
const keepWritten = 4

// appendTo appends the diff's block for a stream where the old view began
// back bytes before the new one (appendDiff), written once per distance.
func (d *viewDiff) appendTo(b, new []byte, back int) []byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, w := range d.written {
		if w.back == back {
			return append(b, w.b...)
		}
	}
	block := appendDiff(make([]byte, 0, d.bits/8+32), d, new, back)
	if len(d.written) == keepWritten {
		d.written = d.written[1:]
	}
	d.written = append(d.written, writtenDiff{back, block})
	return append(b, block...)
}

// diffOp is lit literal bytes of the new view, then n bytes copied from
// the old view at from (n 0: none, the last op).
type diffOp struct{ lit, from, n int }

// diffMin is the shortest copy the diff makes: a fixed-code copy costs
// about 20 bits, 3 literal bytes 24.
const diffMin = 4

// diffHashBits: the old view's 4-byte sequences are found through a table
// of this many bits (views are a few kilobytes).
const diffHashBits = 12

func diffHash(b []byte) uint32 {
	return binary.LittleEndian.Uint32(b) * 2654435761 >> (32 - diffHashBits)
}

// diffViews finds new as literals and copies from old: greedy, trying first
// where the last copy ended (the views line up, mostly), then the last
// place in old that begins with the next four bytes.
func diffViews(old, new []byte) *viewDiff {
	d := &viewDiff{old: old, ops: make([]diffOp, 0, 32)}
	var table [1 << diffHashBits]int32 // position + 1
	for i := 0; i+diffMin <= len(old); i++ {
		table[diffHash(old[i:])] = int32(i + 1)
	}
	lit, next := 0, 0 // the pending literals begin at lit; old is expected at next
	for i := 0; i+diffMin <= len(new); {
		from := -1
		want := binary.LittleEndian.Uint32(new[i:])
		if next+diffMin <= len(old) && binary.LittleEndian.Uint32(old[next:]) == want {
			from = next
		} else if p := int(table[diffHash(new[i:])]) - 1; p >= 0 && binary.LittleEndian.Uint32(old[p:]) == want {
			from = p
		}
		if from < 0 {
			i++
			continue
		}
		n := diffMin + matchLen(old[from+diffMin:], new[i+diffMin:])
		for i > lit && from > 0 && old[from-1] == new[i-1] { // take back literals the copy covers
			i, from, n = i-1, from-1, n+1
		}
		d.ops = append(d.ops, diffOp{lit: i - lit, from: from, n: n})
		d.bits += 9*(i-lit) + 20*((n+257)/258)
		i += n
		lit, next = i, from+n
	}
	if lit < len(new) || len(d.ops) == 0 {
		d.ops = append(d.ops, diffOp{lit: len(new) - lit})
		d.bits += 9 * (len(new) - lit)
	}
	return d
}

// matchLen is how many bytes a and b begin with alike, eight at a time.
func matchLen(a, b []byte) int {
	n := 0
	for len(a) >= 8 && len(b) >= 8 {
		if x := binary.LittleEndian.Uint64(a) ^ binary.LittleEndian.Uint64(b); x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		a, b, n = a[8:], b[8:], n+8
	}
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b, n = a[1:], b[1:], n+1
	}
	return n
}

// worth: a diff is sent when it comes to less than this part of the
// view's own length; a view deflated on its own is about a third of it.
func (d *viewDiff) worth(viewLen int) bool { return d.bits/8 < viewLen/5 }

// appendDiff appends to b the new view (new) as a fixed-Huffman block of
// d's literals and copies, the old view having begun back bytes before new
// does in the uncompressed stream, then an empty stored block, so it ends
// on a byte boundary as a compressor's Flush leaves it. Every copy must
// reach back no further than the inflater's window: the caller checks
// back+len(new) <= maxDistance.
func appendDiff(b []byte, d *viewDiff, new []byte, back int) []byte {
	w := bitWriter{b: b}
	w.fixedBlock()
	at := 0 // in new
	for _, op := range d.ops {
		for _, c := range new[at : at+op.lit] {
			w.literal(int(c))
		}
		at += op.lit
		w.copy(op.n, back+at-op.from)
		at += op.n
	}
	return w.flushed()
}

// diffFrom is this view (e.json) as a diff from old, found once for every
// stream whose last view was old; nil when it does not pay.
func (e *sharedEntry) diffFrom(old []byte) *viewDiff {
	e.diffMu.Lock()
	d := e.diff
	if d == nil || !bytes.Equal(d.old, old) {
		d = diffViews(old, e.json)
		// Kept: the next stream most likely had the same last view.
		e.diff = d
	}
	e.diffMu.Unlock()
	if !d.worth(len(e.json)) {
		return nil
	}
	return d
}

// deflatedView is this view deflated on its own, once, for the streams
// that get it whole.
func (e *sharedEntry) deflatedView() ([]byte, error) {
	e.zOnce.Do(func() { e.z, e.zErr = deflatePiece(e.json) })
	return e.z, e.zErr
}

// viewEntry is what sharedEntry adds for a JSON view.
type viewEntry struct {
	diffMu sync.Mutex
	diff   *viewDiff
	zOnce  sync.Once
	zErr   error
}
