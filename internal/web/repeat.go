package web

import "math/bits"

// A piece of a compressed stream message that is the very same bytes as
// one the stream sent a little earlier (a seat's options, unchanged since
// the last version) needs no compressor: the inflater still holds those
// bytes in its window, so the piece goes out as a deflate block of
// back-references to them (RFC 1951 3.2.5, fixed Huffman codes, 3.2.6), a
// couple of dozen bytes for a kilobyte, where compressing it again took
// a third of the message. The bytes are the stream's own and public to
// the seat: the copy says only "the same as before", and no piece with a
// secret slot is ever marked to be copied.

// maxDistance is how far back deflate can point: the inflater's window.
const maxDistance = 32768

// appendRepeat appends to b a fixed-Huffman deflate block that repeats the
// n bytes that began dist bytes back in the uncompressed stream (n >= 3,
// dist <= maxDistance), then an empty stored block, so the message ends on
// a byte boundary and flushed, as a compressor's Flush leaves it.
func appendRepeat(b []byte, n, dist int) []byte {
	w := bitWriter{b: b}
	w.fixedBlock()
	w.copy(n, dist)
	return w.flushed()
}

// bitWriter packs deflate's bits, least significant first.
type bitWriter struct {
	b   []byte
	acc uint64
	n   uint
}

func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= v << w.n
	w.n += n
	for w.n >= 8 {
		w.b = append(w.b, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

// code writes a Huffman code, which deflate packs most significant bit
// first.
func (w *bitWriter) code(c uint64, n uint) {
	var r uint64
	for range n {
		r = r<<1 | c&1
		c >>= 1
	}
	w.bits(r, n)
}

// fixedBlock starts a block that is not the last, in fixed Huffman codes.
func (w *bitWriter) fixedBlock() {
	w.bits(0, 1) // not the final block
	w.bits(1, 2) // fixed Huffman codes
}

// copy writes a copy of n bytes (at least 3) from dist bytes back, in
// pieces of at most 258, the longest deflate copies.
func (w *bitWriter) copy(n, dist int) {
	for n > 0 {
		m := min(n, 258)
		if rest := n - m; rest > 0 && rest < 3 {
			m = n - 3 // leave a copy of at least 3 for the last
		}
		w.length(m)
		w.distance(dist)
		n -= m
	}
}

// flushed ends the fixed block, then writes an empty stored block, so the
// message ends on a byte boundary and flushed, as a compressor's Flush
// leaves it, and returns the bytes.
func (w *bitWriter) flushed() []byte {
	w.literal(256) // end of block
	w.bits(0, 3)   // an empty stored block: its header, then the byte boundary
	w.align()
	return append(w.b, 0, 0, 0xff, 0xff)
}

func (w *bitWriter) align() {
	if w.n > 0 {
		w.bits(0, 8-w.n)
	}
}

// literal writes a literal/length symbol in the fixed code (3.2.6).
func (w *bitWriter) literal(sym int) {
	c := fixedCodes[sym]
	w.bits(uint64(c.bits), uint(c.n))
}

// fixedCodes is each literal/length symbol's fixed code (3.2.6), its bits
// reversed as they go out (literal writes a diff's bytes one by one).
var fixedCodes = func() (codes [288]struct {
	bits uint16
	n    uint8
}) {
	for sym := range codes {
		var c, n int
		switch {
		case sym < 144:
			c, n = 0x30+sym, 8
		case sym < 256:
			c, n = 0x190+sym-144, 9
		case sym < 280:
			c, n = sym-256, 7
		default:
			c, n = 0xc0+sym-280, 8
		}
		codes[sym].bits, codes[sym].n = bits.Reverse16(uint16(c))>>(16-n), uint8(n)
	}
	return codes
}()

// length writes a copy's length, 3 to 258.
func (w *bitWriter) length(n int) {
	if n == 258 {
		w.literal(285)
		return
	}
	sym, base, extra := 257, 3, uint(0)
	for i := 0; ; i++ {
		if i >= 8 && i%4 == 0 {
			extra++
		}
		if n < base+1<<extra {
			break
		}
		sym, base = sym+1, base+1<<extra
	}
	w.literal(sym)
	w.bits(uint64(n-base), extra)
}

// distance writes a copy's distance, 1 to 32768, in the fixed 5-bit code.
func (w *bitWriter) distance(d int) {
	sym, base, extra := 0, 1, uint(0)
	for i := 0; ; i++ {
		if i >= 4 && i%2 == 0 {
			extra++
		}
		if d < base+1<<extra {
			break
		}
		sym, base = sym+1, base+1<<extra
	}
	w.code(uint64(sym), 5)
	w.bits(uint64(d-base), extra)
}
