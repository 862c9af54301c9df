package catalog

import "testing"

func TestSearchFindsAcrossKindsAndLanguages(t *testing.T) {
	cases := []struct {
		query, wantKind, wantID string
	}{
		{"dog", "card", "dog"},
		{"Dog", "card", "dog"},
		{"vault", "room", "vault"},
		{"attacks", "rule", "attacks"},
		{"drip drip", "card", "drip-drip-drip"},
	}
	for _, c := range cases {
		hits := Search(c.query, 20)
		if len(hits) == 0 || hits[0].Kind != c.wantKind || hits[0].ID != c.wantID {
			t.Errorf("Search(%q) first hit = %+v, want %s %s", c.query, first(hits), c.wantKind, c.wantID)
		}
	}
}

func TestSearchChineseAndText(t *testing.T) {
	box := Box()
	for _, q := range []string{box.Card("dog").Name.ZH, box.Room("vault").Name.ZH} {
		if hits := Search(q, 20); len(hits) == 0 {
			t.Errorf("Search(%q) found nothing", q)
		}
	}
	// A word only in card texts ("steal" / "偷") must still find something.
	for _, q := range []string{"steal", "偷"} {
		if hits := Search(q, 20); len(hits) == 0 {
			t.Errorf("Search(%q) found nothing", q)
		}
	}
}

func TestSearchTooShort(t *testing.T) {
	if hits := Search("d", 20); hits != nil {
		t.Errorf("one Latin letter searched: %v", hits)
	}
	if hits := Search("  ", 20); hits != nil {
		t.Errorf("blank searched: %v", hits)
	}
}

func first(h []Hit) any {
	if len(h) == 0 {
		return nil
	}
	return h[0]
}

// BenchmarkSearch measures one query over the whole box; the target is well
// under 20 ms per search on the table's laptop.
func BenchmarkSearch(b *testing.B) {
	Search("warm up", 20)
	queries := []string{"dog", "狗", "vault", "保险库", "steal", "偷窃", "damage", "knowledge roll"}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Search(queries[i%len(queries)], 20)
	}
}

func TestSnippet(t *testing.T) {
	text := "When you discover this room, you must attempt a Speed roll of 3+ to cross it; otherwise you stop moving."
	cases := []struct{ query, want string }{
		{"speed roll", "… you must attempt a Speed roll of 3+ to cross it; otherwise …"},
		{"nothing like it", "When you discover this room, you must attempt a Speed roll o…"},
	}
	for _, c := range cases {
		if got := Snippet(text, c.query, 60); got != c.want {
			t.Errorf("Snippet(%q) = %q, want %q", c.query, got, c.want)
		}
	}
	if got := Snippet("短文本", "文", 60); got != "短文本" {
		t.Errorf("short text: %q", got)
	}
}
