package web_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserImportResumes: a game exported from one Lantern is brought to
// a fresh one from its home page at table size (a file, one tap); the new
// table shows a one-time QR code per seat, and a phone at 390×844 that
// follows seat 1's takes the seat and shows it as the first Lantern did:
// the exported version (and the claim), the same board.
func TestBrowserImportResumes(t *testing.T) {
	a := newTestApp(t)
	g := playedGame(a)
	doc := exportOf(a, g)
	raw, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "lantern-"+g.code+".json")
	if err := os.WriteFile(file, raw, 0o600); err != nil {
		t.Fatal(err)
	}

	b := newTestApp(t)
	tabs := newTabs(t, b.url(), map[string][2]int{"table": tableSize(), "phone": phoneSize()})
	table, phone := tabs["table"], tabs["phone"]
	table.open("/")
	table.click(`details.take-along summary`)
	table.do("choose the file", chromedp.SetUploadFiles(`details.take-along input[name=file]`, []string{file}))
	table.click(`details.take-along button[data-import]`)
	table.waitUntil("every seat's code", `document.querySelectorAll('.imported-seat').length === 3`)
	claim := evalIn[string](table, `document.querySelector('.imported-seat[data-seat="1"] .url a').href`)

	phone.navigate(claim)
	phone.click(`form button.primary`)
	phone.waitText("seat 1's board", jsOwnName, testNames[0])
	phone.waitUntil("the stream open", `document.getElementById('live').dataset.stream === 'open'`)
	want := a.publicState(g)
	// The game resumes where it was: its version then, and one change more,
	// the seat taken by this phone.
	if got := evalIn[int](phone, `+document.getElementById('live').dataset.version`); got != want.Version+1 {
		t.Errorf("the imported seat shows version %d, the game was exported at %d (and one claim since)", got, want.Version)
	}
	const might = `[...document.querySelectorAll('#live > article.board [data-trait=might] .track .cell')].findIndex(c => c.classList.contains('on'))`
	if got, want := evalIn[int](phone, might), want.Seats[0].Traits.Of("might").Position; got != want {
		t.Errorf("seat 1's Might shows at %d, the exported game had it at %d", got, want)
	}
	table.checkNoExceptions()
	phone.checkNoExceptions()
}
