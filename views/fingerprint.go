package views

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"reflect"
	"slices"
	"sync"
)

// fingerprint is a hash of everything a private part is rendered from: its
// key, the page's Head without the version, and its inputs, walked value by
// value (unexported fields too, pointers followed, nil apart from empty).
// Two renderings whose fingerprints are equal are, but for a 64-bit hash
// collision, the same bytes; a collision would only leave a stale part on
// the one phone that already held it, never show it to another.
//
// The values are laid out in a buffer and hashed at once: far cheaper than
// feeding a hash many small writes.
func fingerprint(key string, h Head, in any) uint64 {
	return fingerprintIn(nil, key, h, in)
}

// Fingerprint is a hash of everything in v, walked as a part's inputs are.
func Fingerprint(v any) uint64 { return fingerprint("", Head{}, v) }

// fingerprintIn is fingerprint, the Head hashed once per rec: every part
// of a page has the same.
func fingerprintIn(rec *PartRecorder, key string, h Head, in any) uint64 {
	f := fingerprinters.Get().(*fingerprinter)
	f.b = append(f.b[:0], key...)
	if rec != nil {
		f.uint(rec.headSum(h))
	} else {
		f.head(h)
	}
	f.value(reflect.ValueOf(&in).Elem())
	sum := maphash.Bytes(fingerprintSeed, f.b)
	if cap(f.b) <= 64<<10 {
		fingerprinters.Put(f)
	}
	return sum
}

var fingerprintSeed = maphash.MakeSeed()

var fingerprinters = sync.Pool{New: func() any { return &fingerprinter{b: make([]byte, 0, 1024)} }}

// fingerprinter lays out what it walks in b.
type fingerprinter struct {
	b []byte
}

func (f *fingerprinter) uint(x uint64) { f.b = binary.LittleEndian.AppendUint64(f.b, x) }

func (f *fingerprinter) byte(c byte) { f.b = append(f.b, c) }

func (f *fingerprinter) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			f.byte(1)
		} else {
			f.byte(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f.uint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		f.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		f.uint(math.Float64bits(v.Float()))
	case reflect.String:
		f.str(v.String())
	case reflect.Struct:
		for i := range v.NumField() {
			f.value(v.Field(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			f.value(v.Index(i))
		}
	case reflect.Slice:
		if f.fast(v) {
			return
		}
		if v.IsNil() {
			f.byte(0)
			return
		}
		f.byte(1)
		f.uint(uint64(v.Len()))
		for i := range v.Len() {
			f.value(v.Index(i))
		}
	case reflect.Pointer:
		if v.IsNil() {
			f.byte(0)
			return
		}
		f.byte(1)
		f.value(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			f.byte(0)
			return
		}
		f.byte(1)
		f.b = append(f.b, v.Elem().Type().String()...)
		f.value(v.Elem())
	case reflect.Map:
		if v.IsNil() {
			f.byte(0)
			return
		}
		f.byte(1)
		// In key order, whatever order the map gives them in.
		entries := make([]uint64, 0, v.Len())
		for it := v.MapRange(); it.Next(); {
			e := fingerprinter{}
			e.value(it.Key())
			e.value(it.Value())
			entries = append(entries, maphash.Bytes(fingerprintSeed, e.b))
		}
		slices.Sort(entries)
		f.uint(uint64(len(entries)))
		for _, e := range entries {
			f.uint(e)
		}
	default:
		// A func, channel or unsafe pointer says nothing of what it renders.
		panic("views: a part's inputs hold a " + v.Type().String())
	}
}

// The slices most parts hold (options, trait rows, log lines) are hashed
// without reflection, element by element, as the walk above would take
// them (TestFingerprintFastPaths holds each to its type's fields).
var (
	optionsType     = reflect.TypeFor[[]Option]()
	traitRowsType   = reflect.TypeFor[[]TraitRow]()
	logLinesType    = reflect.TypeFor[[]LogLine]()
	traitValuesType = reflect.TypeFor[[]TraitValue]()
	fieldsType      = reflect.TypeFor[[]Field]()
	linksType       = reflect.TypeFor[[]Link]()
	stringsType     = reflect.TypeFor[[]string]()
	boolsType       = reflect.TypeFor[[]bool]()
	intsType        = reflect.TypeFor[[]int]()
)

func (f *fingerprinter) fast(v reflect.Value) bool {
	t := v.Type()
	switch t {
	case optionsType, traitRowsType, logLinesType, traitValuesType, fieldsType, linksType, stringsType, boolsType, intsType:
	default:
		return false
	}
	if !v.CanInterface() {
		return false
	}
	if v.IsNil() {
		f.byte(0)
		return true
	}
	f.byte(1)
	f.uint(uint64(v.Len()))
	switch x := v.Interface().(type) {
	case []Option:
		for i := range x {
			f.str(x[i].ID)
			f.str(x[i].Label)
		}
	case []TraitRow:
		for i := range x {
			r := &x[i]
			f.str(r.ID)
			f.str(r.Label)
			for _, n := range r.Values {
				f.uint(uint64(n))
			}
			f.uint(uint64(r.Position))
			f.uint(uint64(r.Start))
			f.uint(uint64(r.Overflow))
			f.uint(uint64(r.Value))
		}
	case []LogLine:
		for i := range x {
			f.str(x[i].Time)
			f.str(x[i].Text)
			f.bool(x[i].Undone)
		}
	case []TraitValue:
		for i := range x {
			f.str(x[i].Short)
			f.str(x[i].Label)
			f.str(x[i].Value)
		}
	case []Field:
		for i := range x {
			f.str(x[i].Name)
			f.str(x[i].Value)
		}
	case []string:
		for _, x := range x {
			f.str(x)
		}
	case []bool:
		for _, x := range x {
			f.bool(x)
		}
	case []int:
		for _, x := range x {
			f.uint(uint64(x))
		}
	case []Link:
		for i := range x {
			f.str(x[i].Label)
			f.str(x[i].URL)
			f.str(x[i].Hint)
		}
	}
	return true
}

func (f *fingerprinter) str(s string) {
	f.uint(uint64(len(s)))
	f.b = append(f.b, s...)
}

func (f *fingerprinter) bool(b bool) {
	if b {
		f.byte(1)
	} else {
		f.byte(0)
	}
}

// headSum is h hashed as fingerprinter.head does, kept for the next part.
func (r *PartRecorder) headSum(h Head) uint64 {
	h.Version = 0
	if !r.hasHead || r.head != h {
		f := fingerprinter{}
		f.head(h)
		r.head, r.headHash, r.hasHead = h, maphash.Bytes(fingerprintSeed, f.b), true
	}
	return r.headHash
}

// head hashes the page's Head but its version, which every part reads;
// TestFingerprintFastPaths holds it to Head's fields.
func (f *fingerprinter) head(h Head) {
	f.str(h.Lang)
	f.str(h.Title)
	f.str(h.Path)
	f.str(h.Events)
	f.str(h.Fragment)
	f.str(h.Act)
	f.bool(h.Secure)
	f.bool(h.TV)
}
