package table_test

import (
	"database/sql"
	"errors"
	"strings"
	"testing"

	"lantern/internal/game"
	"lantern/internal/table"
)

// execDB runs statements on the closed database file, as a hand edit or a
// damaged disk might change it.
func execDB(t *testing.T, path string, query string, args ...any) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// wantSetAside checks that a game is set aside (a *BrokenGame with the
// given message key, refusing reads and actions), that the log said so
// once, and that another game plays on.
func wantSetAside(t *testing.T, e *env, broken table.Created, key string, logs interface{ String() string }, fine table.Created, fineToken string) {
	t.Helper()
	for range 2 { // asking again neither loads nor logs again
		err := e.tab.Find(broken.Code)
		var bg *table.BrokenGame
		if !errors.As(err, &bg) || bg.Code != broken.Code {
			t.Fatalf("Find of the damaged game: %v", err)
		}
		wantGameError(t, err, key, game.Conflict)
	}
	if _, err := table.Read(e.tab, broken.Code, func(*game.State) any { t.Error("read a game set aside"); return nil }); err == nil {
		t.Error("Read of a game set aside succeeded")
	}
	if _, err := e.tab.Act(ctx, table.Access{Code: broken.Code, Host: true}, game.SetPhase{Phase: game.PhaseHaunt}); err == nil {
		t.Error("a game set aside accepted an action")
	}
	if _, ok := e.tab.Authenticate(broken.Code, broken.HostToken); ok {
		t.Error("a game set aside authenticates its host")
	}
	if n := strings.Count(logs.String(), "set aside"); n != 1 || !strings.Contains(logs.String(), "game="+broken.Code) || !strings.Contains(logs.String(), "level=WARN") {
		t.Errorf("log %q, want one WARN line naming %s", logs.String(), broken.Code)
	}
	if _, err := e.tab.Act(ctx, e.auth(fine.Code, fineToken), game.StepTrait{Trait: game.Might, Delta: 1}); err != nil {
		t.Fatalf("the other game: %v", err)
	}
}

// Issue 24, defect 2: one damaged row outside the event log (a summary
// column that does not read, a seat token's seat that is not a number)
// sets only its own game aside; the store opens, the other games start.
func TestDamagedRowSetsOneGameAside(t *testing.T) {
	// Not parallel: swaps the default logger (captureLog).
	for name, damage := range map[string]string{
		"updated_at":        `UPDATE games SET updated_at = 'last tuesday' WHERE code = ?`,
		"finished text":     `UPDATE games SET finished = 'yes' WHERE code = ?`,
		"finished 2":        `UPDATE games SET finished = 2 WHERE code = ?`,
		"ended_haunt":       `UPDATE games SET ended_haunt = 'the attic' WHERE code = ?`,
		"seat_id text":      `UPDATE seat_tokens SET seat_id = 'one' WHERE game_code = ?`,
		"seat_id real":      `UPDATE seat_tokens SET seat_id = 1.5 WHERE game_code = ?`,
		"host_hash missing": `UPDATE games SET host_hash = '' WHERE code = ?`,
		"event seq":         `UPDATE events SET seq = 'x' WHERE game_code = ? AND seq = 2`,
	} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t)
			broken, _ := e.game(1, true)
			fine, seats := e.game(2, true)
			e.st.Close()
			execDB(t, e.path, damage, broken.Code)
			logs := captureLog(t)
			e.open() // fails the test if the start fails
			wantSetAside(t, e, broken, "err_broken_game_row", logs, fine, seats[0].token)
		})
	}
}
