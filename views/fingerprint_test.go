package views

import (
	"reflect"
	"strings"
	"testing"
)

type fpInner struct {
	n    int
	Tags []string
}

type fpInput struct {
	Name   string
	Inner  *fpInner
	List   []fpInner
	Counts map[string]int
	Any    any
	hidden bool
}

// TestFingerprint: every field a part reads moves the fingerprint (hidden
// ones too; nil apart from empty), and nothing else does.
func TestFingerprint(t *testing.T) {
	h := Head{Lang: "en", Act: "/g/ABCDE/act", Version: 7}
	base := func() fpInput {
		return fpInput{Name: "Ann", Inner: &fpInner{n: 1, Tags: []string{"a"}}, List: []fpInner{{n: 2}},
			Counts: map[string]int{"x": 1, "y": 2}, Any: 3}
	}
	want := fingerprint("me", h, base())
	same := map[string]func(*fpInput, *Head){
		"another version": func(_ *fpInput, h *Head) { h.Version = 8 },
		"a copy":          func(in *fpInput, _ *Head) { in.Inner = &fpInner{n: 1, Tags: []string{"a"}} },
		"a map rebuilt":   func(in *fpInput, _ *Head) { in.Counts = map[string]int{"y": 2, "x": 1} },
	}
	for name, change := range same {
		in, hh := base(), h
		change(&in, &hh)
		if got := fingerprint("me", hh, in); got != want {
			t.Errorf("%s changes the fingerprint", name)
		}
	}
	differ := map[string]func(*fpInput, *Head){
		"the language":         func(_ *fpInput, h *Head) { h.Lang = "zh" },
		"the title":            func(_ *fpInput, h *Head) { h.Title = "Bo" },
		"a string":             func(in *fpInput, _ *Head) { in.Name = "An" },
		"a field not exported": func(in *fpInput, _ *Head) { in.hidden = true },
		"through a pointer":    func(in *fpInput, _ *Head) { in.Inner.n = 2 },
		"a nil pointer":        func(in *fpInput, _ *Head) { in.Inner = nil },
		"an empty slice":       func(in *fpInput, _ *Head) { in.Inner.Tags = []string{} },
		"a nil slice":          func(in *fpInput, _ *Head) { in.Inner.Tags = nil },
		"strings moved":        func(in *fpInput, _ *Head) { in.Name, in.Inner.Tags[0] = "Anna", "" },
		"a slice element":      func(in *fpInput, _ *Head) { in.List[0].n = 3 },
		"a map value":          func(in *fpInput, _ *Head) { in.Counts["x"] = 2 },
		"a map key":            func(in *fpInput, _ *Head) { delete(in.Counts, "x"); in.Counts["z"] = 1 },
		"an interface's type":  func(in *fpInput, _ *Head) { in.Any = int64(3) },
	}
	for name, change := range differ {
		in, hh := base(), h
		change(&in, &hh)
		if got := fingerprint("me", hh, in); got == want {
			t.Errorf("%s leaves the fingerprint as it was", name)
		}
	}
	if fingerprint("now", h, base()) == want {
		t.Errorf("the key leaves the fingerprint as it was")
	}
	defer func() {
		if recover() == nil {
			t.Errorf("a func among the inputs is fingerprinted")
		}
	}()
	fingerprint("me", h, struct{ F func() }{func() {}})
}

// TestFingerprintFastPaths: the slices hashed without reflection (fast)
// cover every field of their element type, so a field added later either
// joins the fast path or fails here; and each field, changed alone, moves
// the fingerprint.
func TestFingerprintFastPaths(t *testing.T) {
	fields := map[reflect.Type]string{
		optionsType:     "ID:string Label:string",
		traitRowsType:   "ID:string Label:string Values:array Position:int Start:int Overflow:int Value:int",
		logLinesType:    "Time:string Text:string Undone:bool",
		traitValuesType: "Short:string Label:string Value:string",
		fieldsType:      "Name:string Value:string",
		linksType:       "Label:string URL:string Hint:string",
	}
	for typ, want := range fields {
		var got []string
		el := typ.Elem()
		for i := range el.NumField() {
			got = append(got, el.Field(i).Name+":"+el.Field(i).Type.Kind().String())
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%v has fields %q; the fast path hashes %q", typ, strings.Join(got, " "), want)
		}
		// Every field, changed alone, changes the hash.
		for i := range el.NumField() {
			a := reflect.MakeSlice(typ, 1, 1)
			b := reflect.MakeSlice(typ, 1, 1)
			fv := b.Index(0).Field(i)
			switch fv.Kind() {
			case reflect.String:
				fv.SetString("x")
			case reflect.Int:
				fv.SetInt(1)
			case reflect.Bool:
				fv.SetBool(true)
			case reflect.Array:
				fv.Index(0).SetInt(1)
			}
			h := Head{Lang: "en"}
			if fingerprint("k", h, a.Interface()) == fingerprint("k", h, b.Interface()) {
				t.Errorf("%v: field %s does not move the fingerprint", typ, el.Field(i).Name)
			}
		}
		// nil apart from empty (below).
		h := Head{Lang: "en"}
		if fingerprint("k", h, reflect.Zero(typ).Interface()) == fingerprint("k", h, reflect.MakeSlice(typ, 0, 0).Interface()) {
			t.Errorf("%v: nil and empty hash alike", typ)
		}
	}
}

// TestFingerprintHead: the Head is hashed field by field, all but its
// version; a field added to Head must join it.
func TestFingerprintHead(t *testing.T) {
	var got []string
	ht := reflect.TypeFor[Head]()
	for i := range ht.NumField() {
		got = append(got, ht.Field(i).Name)
	}
	if want := "Lang Title Path Events Fragment Version Act Secure TV"; strings.Join(got, " ") != want {
		t.Fatalf("Head has fields %q; fingerprinter.head hashes %q", strings.Join(got, " "), want)
	}
	base := Head{Lang: "en", Title: "t", Path: "/p", Events: "/e", Fragment: "/f", Version: 3, Act: "/a"}
	want := fingerprint("k", base, 1)
	for i := range ht.NumField() {
		h := base
		f := reflect.ValueOf(&h).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.Bool:
			f.SetBool(true)
		}
		moved := fingerprint("k", h, 1) != want
		if name := ht.Field(i).Name; moved != (name != "Version") {
			t.Errorf("Head.%s changed: fingerprint moved %v", name, moved)
		}
	}
}

// TestFingerprintPlainSlices: slices of strings, bools and ints (hashed
// without reflection) move the fingerprint with any element, their
// length, and nil apart from empty.
func TestFingerprintPlainSlices(t *testing.T) {
	h := Head{Lang: "en"}
	differ := [][2]any{
		{[]string{"a", "b"}, []string{"a", "c"}},
		{[]string{"ab"}, []string{"a", "b"}},
		{[]string(nil), []string{}},
		{[]bool{true, false}, []bool{true, true}},
		{[]bool{false}, []bool{false, false}},
		{[]bool(nil), []bool{}},
		{[]int{1, 2}, []int{1, 3}},
		{[]int(nil), []int{}},
	}
	for _, d := range differ {
		if fingerprint("k", h, d[0]) == fingerprint("k", h, d[1]) {
			t.Errorf("%#v and %#v fingerprint alike", d[0], d[1])
		}
	}
	if fingerprint("k", h, []string{"a"}) != fingerprint("k", h, []string{"a"}) {
		t.Errorf("equal slices fingerprint apart")
	}
}
