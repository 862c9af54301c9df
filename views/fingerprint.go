package views

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"reflect"
	"slices"
)

// fingerprint is a hash of everything a private part is rendered from: its
// key, the page's Head without the version, and its inputs, walked value by
// value (unexported fields too, pointers followed, nil apart from empty).
// Two renderings whose fingerprints are equal are, but for a 64-bit hash
// collision, the same bytes; a collision would only leave a stale part on
// the one phone that already held it, never show it to another.
func fingerprint(key string, h Head, in any) uint64 {
	f := fingerprinter{}
	f.h.SetSeed(fingerprintSeed)
	f.h.WriteString(key)
	h.Version = 0
	f.value(reflect.ValueOf(h))
	f.value(reflect.ValueOf(&in).Elem())
	return f.h.Sum64()
}

var fingerprintSeed = maphash.MakeSeed()

type fingerprinter struct {
	h   maphash.Hash
	buf [8]byte
}

func (f *fingerprinter) uint(x uint64) {
	binary.LittleEndian.PutUint64(f.buf[:], x)
	f.h.Write(f.buf[:])
}

func (f *fingerprinter) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			f.h.WriteByte(1)
		} else {
			f.h.WriteByte(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f.uint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		f.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		f.uint(math.Float64bits(v.Float()))
	case reflect.String:
		f.uint(uint64(v.Len()))
		f.h.WriteString(v.String())
	case reflect.Struct:
		for i := range v.NumField() {
			f.value(v.Field(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			f.value(v.Index(i))
		}
	case reflect.Slice:
		if v.IsNil() {
			f.h.WriteByte(0)
			return
		}
		f.h.WriteByte(1)
		f.uint(uint64(v.Len()))
		for i := range v.Len() {
			f.value(v.Index(i))
		}
	case reflect.Pointer:
		if v.IsNil() {
			f.h.WriteByte(0)
			return
		}
		f.h.WriteByte(1)
		f.value(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			f.h.WriteByte(0)
			return
		}
		f.h.WriteByte(1)
		f.h.WriteString(v.Elem().Type().String())
		f.value(v.Elem())
	case reflect.Map:
		if v.IsNil() {
			f.h.WriteByte(0)
			return
		}
		f.h.WriteByte(1)
		// In key order, whatever order the map gives them in.
		entries := make([]uint64, 0, v.Len())
		for it := v.MapRange(); it.Next(); {
			e := fingerprinter{}
			e.h.SetSeed(fingerprintSeed)
			e.value(it.Key())
			e.value(it.Value())
			entries = append(entries, e.h.Sum64())
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
