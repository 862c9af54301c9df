package web

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/klauspost/compress/flate"
	"github.com/labstack/echo/v4"

	"lantern/internal/game"
	"lantern/internal/i18n"
)

// A seat's hidden-traitor token must not show in the size of what its phone
// receives: on a shared Wi-Fi even TLS lets anyone count bytes, and a page
// 10 bytes longer for the traitor says who it is (issue #11, defect 12).
//
// So everything that depends on the token goes into one secret slot: the
// same number of bytes for every token (padded with spaces), with everything
// around it the same bytes whatever the token. Padding alone does not make
// compressed sizes equal, since different text compresses differently, so a
// slot is never compressed: it goes out as a deflate stored block (its bytes
// as they are), and the compressor never sees it (see deflateSegments). A
// compressed answer's size then depends only on the public bytes and the
// slot's length.
//
// Slots are marked in rendered output by two markers, random per process so
// no player's name can forge one, which every writer strips: they never
// reach a browser. The markers and the slots hold no character JSON escapes,
// so a slot is the same bytes in a page, in an HTML part inside a JSON
// stream message, and in JSON.

var slotOpen, slotClose = slotMarkers()

func slotMarkers() (string, string) {
	b := make([]byte, 12)
	rand.Read(b)
	h := hex.EncodeToString(b)
	return "lanternslot" + h + "o", "lanternslot" + h + "c"
}

// secretRevealSlot is the seat's own line of a hidden-traitor haunt card as
// a slot: its token, whether it is the traitor (data-secret, for tests and
// scripts; the stylesheet must not colour it, or the phone would tell the
// table from across the room), padded to the longest line any token would
// give.
func secretRevealSlot(lang string, number, token int) string {
	line := secretRevealLine(lang, number, token)
	width := 0
	for t := 1; t <= game.MaxSeats; t++ {
		width = max(width, len(secretRevealLine(lang, number, t)))
	}
	return slotOpen + line + strings.Repeat(" ", width-len(line)) + slotClose
}

func secretRevealLine(lang string, number, token int) string {
	key, side := "you_hidden_hero", "hero"
	if token == 1 {
		key, side = "you_hidden_traitor", "traitor"
	}
	// Unquoted attributes and entities for quotes: nothing JSON escapes.
	text := strings.ReplaceAll(html.EscapeString(i18n.T(lang, key, token, number)), `\`, "&#92;")
	return "<p class=book data-secret=" + side + ">" + text + "</p>"
}

// appendMe appends a seat's "me" object as encoding/json writes MeJSON,
// byte for byte (TestAppendMe), without reflection: every message of a
// seat's JSON stream carries it. In a hidden-traitor haunt its token and
// traitor fields are one slot, padded to the longest any token gives
// (JSON allows the spaces), and placed last.
func appendMe(b []byte, me *MeJSON) []byte {
	b = appendIntField(b, `{"seat":`, me.Seat)
	b = append(b, `,"lang":`...)
	b = appendJSONText(b, me.Lang)
	b = appendBoolField(b, `,"can_undo":`, me.CanUndo)
	if me.Token == 0 {
		b = appendBoolField(b, `,"traitor":`, me.Traitor)
		b = appendBoolField(b, `,"owes_haunt_roll":`, me.OwesHauntRoll)
		return append(b, '}')
	}
	b = appendBoolField(b, `,"owes_haunt_roll":`, me.OwesHauntRoll)
	b = append(b, ',')
	b = append(b, slotOpen...)
	at := len(b)
	b = appendIntField(b, `"token":`, me.Token)
	b = appendBoolField(b, `,"traitor":`, me.Token == 1)
	for len(b)-at < meSecretWidth {
		b = append(b, ' ')
	}
	b = append(b, slotClose...)
	return append(b, '}')
}

// meSecretWidth is the longest `"token":N,"traitor":…` any token gives.
var meSecretWidth = func() int {
	width := 0
	for t := 1; t <= game.MaxSeats; t++ {
		width = max(width, len(fmt.Sprintf(`"token":%d,"traitor":%t`, t, t == 1)))
	}
	return width
}()

// meStateJSON is GET /me's answer: the public state, then "me" and
// "options", as privateState would encode, with me's secret in a slot.
func meStateJSON(p PrivateState) ([]byte, error) {
	public, err := appendPublicState(make([]byte, 0, 8192), &p.PublicState)
	if err != nil {
		return nil, err
	}
	me := appendMe(nil, &p.Me)
	out := make([]byte, 0, len(public)+len(me)+2048)
	out = append(out, public[:len(public)-1]...)
	out = append(out, `,"me":`...)
	out = append(out, me...)
	out = append(out, `,"options":`...)
	if out, err = appendOptions(out, &p.Options); err != nil {
		return nil, err
	}
	return append(out, '}', '\n'), nil
}

// splitSlots cuts b into public and secret segments, markers dropped:
// segs[0] public, segs[1] secret, segs[2] public, and so on (always an odd
// count; one segment when b holds no slot).
func splitSlots(b []byte) ([][]byte, error) {
	open, close := []byte(slotOpen), []byte(slotClose)
	var segs [][]byte
	for {
		i := bytes.Index(b, open)
		if i < 0 {
			return append(segs, b), nil
		}
		j := bytes.Index(b[i+len(open):], close)
		if j < 0 {
			// Slots are written whole, so this is a bug; sending the rest
			// would send a secret compressed, or a marker: send nothing.
			return nil, errUnclosedSlot
		}
		segs = append(segs, b[:i], b[i+len(open):i+len(open)+j])
		b = b[i+len(open)+j+len(close):]
	}
}

var (
	errUnclosedSlot = errors.New("secret slot without its end marker")
	errSlotOffRoute = errors.New("secret slot on a route not listed in secretRoute")
)

func joinSegments(segs [][]byte) []byte {
	if len(segs) == 1 {
		return segs[0]
	}
	return bytes.Join(segs, nil)
}

// fill stands in for a slot in the compressor's window: 0xFF never occurs
// in UTF-8, so no later match can point into it.
var fill = bytes.Repeat([]byte{0xff}, 4096)

// deflateSegments writes segs (splitSlots) onto w as deflate blocks, none
// final, ending byte-aligned. Each public segment is compressed and flushed;
// each secret one goes out as stored blocks. The compressor is fed 0xFF
// bytes in a slot's place with its output discarded, so later segments keep
// the earlier public text as context, at the right distances, and never
// depend on the slot's bytes: the output's length depends only on the public
// segments and the slots' lengths. (A public segment holding 0xFF after a
// slot restarts the compressor instead: it could match the fill.)
func deflateSegments(fw *flate.Writer, w io.Writer, segs [][]byte) error {
	tap := &tapWriter{w: w}
	fw.Reset(tap)
	for i, seg := range segs {
		if i%2 == 0 {
			if i > 0 && bytes.IndexByte(seg, 0xff) >= 0 {
				fw.Reset(tap)
			}
			if _, err := fw.Write(seg); err != nil {
				return err
			}
			if err := fw.Flush(); err != nil {
				return err
			}
			continue
		}
		tap.w = io.Discard
		for n := len(seg); n > 0; {
			k := min(n, len(fill))
			fw.Write(fill[:k])
			n -= k
		}
		err := fw.Flush()
		tap.w = w
		if err != nil {
			return err
		}
		if err := writeStored(w, seg); err != nil {
			return err
		}
	}
	return nil
}

// writeStored writes b as deflate stored blocks (RFC 1951 3.2.4) at a byte
// boundary: a header byte (not final, type 00), LEN and its complement.
func writeStored(w io.Writer, b []byte) error {
	for len(b) > 0 {
		n := min(len(b), 0xffff)
		var hdr [5]byte
		binary.LittleEndian.PutUint16(hdr[1:], uint16(n))
		binary.LittleEndian.PutUint16(hdr[3:], ^uint16(n))
		if _, err := w.Write(hdr[:]); err != nil {
			return err
		}
		if _, err := w.Write(b[:n]); err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}

// finalBlock ends a deflate stream: an empty final stored block.
var finalBlock = []byte{1, 0, 0, 0xff, 0xff}

type tapWriter struct{ w io.Writer }

// writerPool keeps up to a fixed number of idle compressors of one level.
// Not a sync.Pool: that one is emptied at every garbage collection, and
// under load a new compressor (about a megabyte) was made for most
// messages, a fifth of all the bytes the stream path allocated.
type writerPool struct {
	level int
	idle  chan *flate.Writer
}

func newWriterPool(level, keep int) *writerPool {
	return &writerPool{level: level, idle: make(chan *flate.Writer, keep)}
}

// Get is an idle compressor, or a new one; call Reset before use.
func (p *writerPool) Get() *flate.Writer {
	select {
	case fw := <-p.idle:
		return fw
	default:
		fw, err := flate.NewWriter(io.Discard, p.level)
		if err != nil {
			panic(err) // only for a level out of range: a bug
		}
		return fw
	}
}

// Put keeps fw for the next Get, dropping what it wrote to, or lets it go
// when enough are idle.
func (p *writerPool) Put(fw *flate.Writer) {
	fw.Reset(io.Discard)
	select {
	case p.idle <- fw:
	default:
	}
}

func (t *tapWriter) Write(p []byte) (int, error) { return t.w.Write(p) }

// Pages and JSON answers are compressed at pageGzipLevel once they reach
// pageGzipMin bytes, by echo's middleware or, where a secret may be, by
// secretBlob.
const (
	pageGzipLevel = 5
	pageGzipMin   = 1024
)

var pageFlatePool = newWriterPool(pageGzipLevel, 1)

// slotFlateLevel compresses stream messages that hold a slot, so the text
// after a slot still compresses against the text before it: the standard
// library's BestSpeed kept only its last flushed block (the fill) as
// context. klauspost's level 1 keeps the window too; level 2 stays, as the
// sizes in README "Secrets" were measured with it.
const slotFlateLevel = 2

var slotFlatePool = newWriterPool(slotFlateLevel, 2)

// streamFlatePool is the compressors for a stream message cut into segs.
func streamFlatePool(segs [][]byte) *writerPool {
	if len(segs) > 1 {
		return slotFlatePool
	}
	return flatePool
}

// secretRoute reports the routes whose answers may hold a seat's secret
// slot: the seat's page (also the answer to its form posts) and its JSON.
// echo's gzip middleware skips them; secretBlob compresses them.
func secretRoute(c echo.Context) bool {
	switch c.Path() {
	case "/g/:code", "/g/:code/act", "/api/games/:code/me":
		return true
	}
	return false
}

// secretBlob answers body, which may hold slots: markers stripped, and on a
// secret route gzip-compressed with the slots stored as they are, so the
// size on the wire is the same whatever token the seat holds.
func secretBlob(c echo.Context, status int, contentType string, body []byte) error {
	segs, err := splitSlots(body)
	if err != nil {
		return err
	}
	plain := joinSegments(segs)
	if !secretRoute(c) {
		if len(segs) > 1 {
			// echo's gzip would compress the slot with the rest and its
			// size would tell the token: refuse rather than leak.
			return fmt.Errorf("%s: %w", c.Path(), errSlotOffRoute)
		}
		return c.Blob(status, contentType, plain)
	}
	h := c.Response().Header()
	h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	if !acceptsGzip(c.Request()) || len(plain) < pageGzipMin {
		h.Set(echo.HeaderContentLength, strconv.Itoa(len(plain)))
		return c.Blob(status, contentType, plain)
	}
	out := getBuffer()
	defer putBuffer(out)
	out.Write(gzipHeader)
	fw := pageFlatePool.Get()
	err = deflateSegments(fw, out, segs)
	pageFlatePool.Put(fw)
	if err != nil {
		return err
	}
	out.Write(finalBlock)
	var trailer [8]byte
	binary.LittleEndian.PutUint32(trailer[:4], crc32.ChecksumIEEE(plain))
	binary.LittleEndian.PutUint32(trailer[4:], uint32(len(plain)))
	out.Write(trailer[:])
	h.Set(echo.HeaderContentEncoding, "gzip")
	h.Set(echo.HeaderContentLength, strconv.Itoa(out.Len()))
	return c.Blob(status, contentType, out.Bytes())
}
