package views

import "testing"

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
