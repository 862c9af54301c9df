package seatview

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"lantern/internal/i18n"
)

// phraseVerb matches one fmt verb, "%%" too so it can be skipped.
var phraseVerb = regexp.MustCompile(`%(?:\[\d+\])?[-+# 0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[a-zA-Z%]`)

// TestPhrasesHaveWords: every phrase this package hands the templates
// (say("key", args...), views.Phrase; the log's one and the gists' part,
// a line of one phrase) names a message that exists, with as many
// arguments as the message has verbs. The templates say them; this is
// i18n's own call-site check for the keys chosen here.
func TestPhrasesHaveWords(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	sites := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || (id.Name != "say" && id.Name != "one" && id.Name != "part") {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true // a key made at run time ("trait_" + t): TestComputedKeysExist's
			}
			key, _ := strconv.Unquote(lit.Value)
			sites++
			if !i18n.Has(key) {
				t.Errorf("%s: say(%q) has no message", fset.Position(call.Pos()), key)
				return true
			}
			verbs := 0
			for _, v := range phraseVerb.FindAllString(i18n.T(i18n.EN, key), -1) {
				if v != "%%" {
					verbs++
				}
			}
			if args := len(call.Args) - 1; args != verbs && !call.Ellipsis.IsValid() {
				t.Errorf("%s: say(%q) gets %d args, its message has %d verbs", fset.Position(call.Pos()), key, args, verbs)
			}
			return true
		})
	}
	if sites < 30 {
		t.Fatalf("found only %d phrases; is the parser looking in the right place?", sites)
	}
}
