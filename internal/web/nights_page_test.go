package web_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"lantern/internal/catalog"
	"lantern/internal/i18n"
)

// TestNightsPage: the house's memory lists each finished game on this
// server, newest first, with its explorers, haunt, traitor and winning
// side, in both languages, also once the games left memory; unfinished
// games are not there.
func TestNightsPage(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	now := time.Now()
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	a := newTestAppAt(t, clock)
	empty := pageText(t, a, "/nights")
	if !strings.Contains(empty, i18n.T("en", "nights_none")) {
		t.Error("an empty house says nothing")
	}
	first := a.newGame(3, true)
	a.finish(first)
	mu.Lock()
	now = now.Add(time.Hour)
	mu.Unlock()
	second := a.newGame(4, true)
	a.act(second, second.seats[0], map[string]any{"type": "draw_omen", "omen": "girl", "room": "catacombs"})
	a.act(second, second.seats[0], map[string]any{"type": "haunt_roll", "total": 0})
	a.act(second, second.host, map[string]any{"type": "declare_winner", "side": "traitor"})
	a.newGame(2, true) // still playing

	// The finished games leave memory; the page reads them from disk.
	mu.Lock()
	now = now.Add(time.Hour)
	mu.Unlock()
	if n := a.tables.UnloadIdle(); n < 2 {
		t.Fatalf("unloaded %d games", n)
	}
	page := pageText(t, a, "/nights")
	i, j := strings.Index(page, `data-game="`+second.code+`"`), strings.Index(page, `data-game="`+first.code+`"`)
	if i < 0 || j < 0 || i > j {
		t.Fatalf("the finished games, newest first: at %d and %d", i, j)
	}
	if strings.Count(page, "<tr data-game=") != 2 {
		t.Errorf("the page lists %d games, want the 2 finished", strings.Count(page, "<tr data-game="))
	}
	row := page[i:j]
	st := a.publicState(second)
	traitor := ""
	for _, s := range st.Seats {
		if st.Haunt != nil && s.Seat == st.Haunt.Traitor {
			traitor = s.Name
		}
	}
	if traitor == "" {
		t.Fatal("the test's haunt has no known traitor")
	}
	for _, want := range []string{"Ann · Ox Bellows", "Dee · Madame Zostra", "1 · The Mummy Walks", traitor, i18n.T("en", "nights_side_traitor")} {
		if !strings.Contains(row, want) {
			t.Errorf("the newest game's row lacks %q:\n%s", want, row)
		}
	}
	if !strings.Contains(page[j:], i18n.T("en", "nights_side_heroes")) {
		t.Errorf("the first game's row lacks its winner")
	}
	zh := pageText(t, a, "/nights", withLang("zh"))
	for _, want := range []string{i18n.T("zh", "nights_title"), i18n.T("zh", "nights_side_traitor"), i18n.T("zh", "nights_side_heroes")} {
		if !strings.Contains(zh, want) {
			t.Errorf("the Chinese page lacks %q", want)
		}
	}
	if home := pageText(t, a, "/"); !strings.Contains(home, `href="/nights"`) {
		t.Error("the home page doesn't lead to the game nights")
	}
}

// TestChartMarksPlayedHaunts: the haunt chart marks each haunt played to
// the end on this server, with how often, when last and who won.
func TestChartMarksPlayedHaunts(t *testing.T) {
	t.Parallel()
	a := newTestApp(t)
	if chart := pageText(t, a, "/haunts"); strings.Contains(chart, `class="played"`) {
		t.Error("a new server's chart marks a haunt played")
	}
	g := a.newGame(3, true)
	a.finish(g) // haunt 1, the heroes win
	chart := pageText(t, a, "/haunts?omen=girl&room=catacombs")
	want := "Played here 1× · last "
	if !strings.Contains(chart, `class="played" title="`+want) || !strings.Contains(chart, i18n.T("en", "nights_side_heroes")+" won") {
		t.Errorf("the chart doesn't mark haunt 1 as played")
	}
	cells := 0
	for _, row := range catalog.Chart().Chart {
		for _, n := range row {
			if n == 1 {
				cells++
			}
		}
	}
	if n := strings.Count(chart, `<td class="played"`); n != cells {
		t.Errorf("haunt 1 marked in %d cells, want its %d", n, cells)
	}
	if zh := pageText(t, a, "/haunts", withLang("zh")); !strings.Contains(zh, "本服务器上玩过 1 次") {
		t.Error("the Chinese chart doesn't mark haunt 1")
	}
}
