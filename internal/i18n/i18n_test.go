package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// verbRE matches one fmt verb with optional flags, width and precision;
// "%%" is matched too so it can be skipped.
var verbRE = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[a-zA-Z%]`)

// verbs lists a format's verbs (without flags), sorted, ignoring "%%".
func verbs(format string) []string {
	var vs []string
	for _, m := range verbRE.FindAllString(format, -1) {
		if m == "%%" {
			continue
		}
		vs = append(vs, "%"+m[len(m)-1:])
	}
	sort.Strings(vs)
	return vs
}

func TestVerbs(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"plain":                 nil,
		"100%% sure":            nil,
		"%d and %s":             {"%d", "%s"},
		"-%d to %d":             {"%d", "%d"},
		"%q %v %-5d %.2f %+v":   {"%d", "%f", "%q", "%v", "%v"},
		"第 %v 号座位":              {"%v"},
		"%s 已经死亡。%%":            {"%s"},
		"trailing percent 100%": nil,
	}
	for in, want := range cases {
		if got := verbs(in); !reflect.DeepEqual(got, want) {
			t.Errorf("verbs(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestEveryMessageInBothLanguages(t *testing.T) {
	t.Parallel()
	if len(messages) == 0 {
		t.Fatal("no messages")
	}
	for key, m := range messages {
		en, zh := m[0], m[1]
		if strings.TrimSpace(en) == "" {
			t.Errorf("%s: empty English text", key)
		}
		if strings.TrimSpace(zh) == "" {
			t.Errorf("%s: empty Chinese text", key)
		}
		if ve, vz := verbs(en), verbs(zh); !reflect.DeepEqual(ve, vz) {
			t.Errorf("%s: English verbs %v, Chinese verbs %v", key, ve, vz)
		}
		for _, v := range append(verbs(en), verbs(zh)...) {
			switch v {
			case "%d", "%s", "%q", "%v":
			default:
				t.Errorf("%s: unexpected verb %s", key, v)
			}
		}
		if key != strings.TrimSpace(key) || key == "" {
			t.Errorf("bad key %q", key)
		}
	}
}

func TestT(t *testing.T) {
	t.Parallel()
	if got := T(EN, "err_full", 6); got != "The game is full: at most 6 explorers." {
		t.Errorf("T(en) = %q", got)
	}
	if got := T(ZH, "err_full", 6); got != "游戏已满：最多 6 名探险者。" {
		t.Errorf("T(zh) = %q", got)
	}
	if got := T("fr", "err_started"); got != messages["err_started"][0] {
		t.Errorf("unknown language = %q, want English", got)
	}
	if got := T(ZH, "no_such_key", 1); got != "no_such_key" {
		t.Errorf("missing key = %q", got)
	}
	// Without args a message is returned verbatim, even with verbs in it.
	if got := T(EN, "err_unknown_action"); got != messages["err_unknown_action"][0] {
		t.Errorf("no args: %q", got)
	}
	if !Has("err_stale") || Has("nope") {
		t.Error("Has is wrong")
	}
}

func TestNormalize(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"zh": ZH, "en": EN, "": EN, "ZH": EN, "zh-TW": EN, "fr": EN} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFromAcceptLanguage(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"":                                  EN,
		"zh-CN,zh;q=0.9,en;q=0.8":           ZH,
		"en-US,en;q=0.9,zh-CN;q=0.8":        EN,
		"fr-FR, de;q=0.8, zh-Hant;q=0.5":    ZH,
		"ZH-tw":                             ZH,
		"fr, de":                            EN,
		"  en-GB ; q=1":                     EN,
		"*":                                 EN,
		"x-klingon,zh":                      ZH,
		"zh-Hans-CN;q=0.1, en-US;q=0.9":     ZH, // first listed wins; q is ignored
		";;;,,,":                            EN,
		"en-US,en;q=0.9,zh-CN;q=0.8,zh;q=1": EN,
	}
	for in, want := range cases {
		if got := FromAcceptLanguage(in); got != want {
			t.Errorf("FromAcceptLanguage(%q) = %q, want %q", in, got, want)
		}
	}
}

// knownArgMismatches lists message keys whose call sites pass a number of
// arguments that does not match the message's verbs. Each entry is a known
// bug reported to the lead; the test fails when an entry is fixed so the
// list stays accurate.
var knownArgMismatches = map[string]bool{}

// TestCallSitesMatchMessages reads the packages that create game errors or
// call i18n.T with a literal key, the views' templates (their generated
// code: h.T("key")) and the pages' phrases (views.Key("key")), and checks every key they use exists, with as many
// arguments as the message has verbs.
func TestCallSitesMatchMessages(t *testing.T) {
	t.Parallel()
	type site struct {
		pos  string
		key  string
		args int // -1 when unknown (spread args)
	}
	var sites []site
	viewSites, phraseSites := 0, 0
	fset := token.NewFileSet()
	for _, dir := range []string{"../game", "../table", "../web", "../../views"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatalf("parse %s: %v", path, err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					// refuse(kind, "key", args...)
					if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "refuse" && len(n.Args) >= 2 {
						if key, ok := stringLit(n.Args[1]); ok {
							args := len(n.Args) - 2
							if n.Ellipsis.IsValid() {
								args = -1
							}
							sites = append(sites, site{fset.Position(n.Pos()).String(), key, args})
						}
					}
					// h.T("key", args...): the views' Head.T (p.T, t.T … on
					// the models that embed Head), in the templates' code.
					if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "T" && len(n.Args) >= 1 && strings.HasSuffix(dir, "views") {
						if x, ok := sel.X.(*ast.Ident); ok && x.Name != "i18n" {
							if key, ok := stringLit(n.Args[0]); ok {
								args := len(n.Args) - 1
								if n.Ellipsis.IsValid() {
									args = -1
								}
								sites = append(sites, site{fset.Position(n.Pos()).String(), key, args})
								viewSites++
							}
						}
					}
					// views.Key("key", args...): a page's words handed to its
					// template as a phrase (internal/web's titles and messages).
					if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Key" && len(n.Args) >= 1 {
						if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "views" {
							if key, ok := stringLit(n.Args[0]); ok {
								args := len(n.Args) - 1
								if n.Ellipsis.IsValid() {
									args = -1
								}
								sites = append(sites, site{fset.Position(n.Pos()).String(), key, args})
								phraseSites++
							}
						}
					}
					// i18n.T(lang, "key", args...)
					if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "T" && len(n.Args) >= 2 {
						if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "i18n" {
							if key, ok := stringLit(n.Args[1]); ok {
								args := len(n.Args) - 2
								if n.Ellipsis.IsValid() {
									args = -1
								}
								sites = append(sites, site{fset.Position(n.Pos()).String(), key, args})
							}
						}
					}
				case *ast.CompositeLit:
					// game.Error{Kind: ..., Key: "key", Args: []any{...}}
					var key string
					args, hasKey := 0, false
					for _, el := range n.Elts {
						kv, ok := el.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						name, _ := kv.Key.(*ast.Ident)
						if name == nil {
							continue
						}
						switch name.Name {
						case "Key":
							key, hasKey = stringLit(kv.Value)
						case "Args":
							if lit, ok := kv.Value.(*ast.CompositeLit); ok {
								args = len(lit.Elts)
							} else {
								args = -1
							}
						}
					}
					if hasKey && strings.HasPrefix(key, "err_") {
						sites = append(sites, site{fset.Position(n.Pos()).String(), key, args})
					}
				}
				return true
			})
		}
	}
	if len(sites) < 20 {
		t.Fatalf("found only %d call sites; is the parser looking in the right place?", len(sites))
	}
	if viewSites < 100 {
		t.Fatalf("found only %d message keys in views; is the parser reading the templates' code?", viewSites)
	}
	if phraseSites < 20 {
		t.Fatalf("found only %d views.Key phrases; is the parser reading internal/web?", phraseSites)
	}
	t.Logf("%d call sites", len(sites))
	mismatched := map[string]bool{}
	for _, s := range sites {
		m, ok := messages[s.key]
		if !ok {
			t.Errorf("%s: key %q has no message", s.pos, s.key)
			continue
		}
		if s.args < 0 {
			continue
		}
		if n := len(verbs(m[0])); n != s.args {
			mismatched[s.key] = true
			if !knownArgMismatches[s.key] {
				t.Errorf("%s: %q gets %d args, its message has %d verbs", s.pos, s.key, s.args, n)
			}
		}
	}
	for key := range knownArgMismatches {
		if !mismatched[key] {
			t.Errorf("%s is listed as a known mismatch but now matches: remove it from knownArgMismatches", key)
		}
	}
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// Keys built at run time from game values ("trait_"+id and the like) exist
// for every value the game can produce.
func TestComputedKeysExist(t *testing.T) {
	t.Parallel()
	var keys []string
	for _, tr := range game.Traits {
		keys = append(keys, "trait_"+tr)
	}
	for _, cause := range []string{"physical", "mental", "restore"} { // the causes the log names
		keys = append(keys, "cause_"+cause)
	}
	for _, phase := range []string{game.PhaseExploration, game.PhaseHaunt} {
		keys = append(keys, "log_phase_"+phase)
	}
	for _, ex := range catalog.Explorers() {
		keys = append(keys, "colour_"+ex.Colour)
	}
	for _, k := range keys {
		if !Has(k) {
			t.Errorf("no message for computed key %q", k)
		}
	}
}
