package table_test

import (
	"bytes"
	"database/sql"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"lantern/internal/game"
	"lantern/internal/table"
)

// corruptEvent overwrites one stored event with bytes that aren't JSON, as
// a damaged disk or a hand edit might.
func corruptEvent(t *testing.T, path, code string, seq int) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE events SET body = '{"seq": 2, "type": ' WHERE game_code = ? AND seq = ?`, code, seq); err != nil {
		t.Fatal(err)
	}
}

// captureLog sends the default logger to a buffer for the test.
func captureLog(t *testing.T) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	t.Cleanup(func() { slog.SetDefault(old) })
	return &buf
}

// Issue 11, defect 1: a log that no longer replays (an event of an unknown
// type, or one that won't decode) sets that game aside with a clear error,
// says so once, and the other games are served.
func TestBrokenGameIsSetAside(t *testing.T) {
	// Not parallel: swaps the default logger (captureLog).
	for name, corrupt := range map[string]func(e *env, code string){
		"replay": func(e *env, code string) {
			if err := e.st.AppendEvents(ctx, code, []game.Event{{Seq: 2, Data: teleported{}, At: e.clock.Now()}}, nil, 0); err != nil {
				t.Fatal(err)
			}
		},
		"decode": func(e *env, code string) {
			if err := e.st.AppendEvents(ctx, code, []game.Event{{Seq: 2, At: e.clock.Now(), Data: game.TraitsChanged{}}}, nil, 0); err != nil {
				t.Fatal(err)
			}
			e.st.Close()
			corruptEvent(t, e.path, code, 2)
			e.open()
		},
	} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t)
			broken, _ := e.game(1, false)
			fine, seats := e.game(2, true)
			corrupt(e, broken.Code)
			logs := captureLog(t)
			e.restart()

			if n := strings.Count(logs.String(), "set aside"); n != 1 || !strings.Contains(logs.String(), "game="+broken.Code) || !strings.Contains(logs.String(), "event=2") {
				t.Errorf("log %q", logs.String())
			}
			err := e.tab.Find(broken.Code)
			var bg *table.BrokenGame
			if !errors.As(err, &bg) || bg.Code != broken.Code || bg.Seq != 2 {
				t.Fatalf("Find of the broken game: %v", err)
			}
			wantGameError(t, err, "err_broken_game", game.Conflict)
			if _, err := table.Read(e.tab, broken.Code, func(*game.State) any { t.Error("read a broken game"); return nil }); !errors.As(err, &bg) {
				t.Errorf("Read: %v", err)
			}
			if _, ok := e.tab.Authenticate(broken.Code, broken.HostToken); ok {
				t.Error("a broken game authenticates its host")
			}
			if strings.Count(logs.String(), "set aside") != 1 {
				t.Error("asking again logs again")
			}
			// The other game plays on.
			if _, err := e.tab.Act(ctx, e.auth(fine.Code, seats[0].token), game.StepTrait{Trait: game.Might, Delta: 1}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// finishGame plays a game into its haunt (the girl in the catacombs, a
// haunt roll of 0) and declares the traitor the winner; it returns the
// haunt's number.
func (e *env) finishGame(c table.Created, seats []joined) int {
	e.t.Helper()
	zero := 0
	first := e.auth(c.Code, seats[0].token)
	for _, a := range []game.Action{game.DrawOmen{Omen: "girl", Room: "catacombs"}, game.HauntRoll{Total: &zero}} {
		if _, err := e.tab.Act(ctx, first, a); err != nil {
			e.t.Fatalf("%s: %v", a.ActionType(), err)
		}
	}
	if _, err := e.tab.Act(ctx, e.auth(c.Code, c.HostToken), game.DeclareWinner{Side: game.SideTraitor}); err != nil {
		e.t.Fatal(err)
	}
	haunt, err := table.Read(e.tab, c.Code, func(st *game.State) int { return st.Haunt.Number })
	if err != nil {
		e.t.Fatal(err)
	}
	return haunt
}

// Years of game nights: finished and long-idle games stay on disk, are
// loaded when asked for, and still count in the group's haunt memory.
func TestFinishedAndIdleGamesStayOnDisk(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	done, doneSeats := e.game(2, true)
	haunt := e.finishGame(done, doneSeats)
	idle, idleSeats := e.game(1, true)
	e.clock.Advance(table.IdleAfter + time.Hour)
	live, _ := e.game(1, false)

	e.restart()
	if n := e.tab.Loaded(); n != 1 {
		t.Fatalf("%d games loaded at start-up, want only the live one", n)
	}
	if got := e.tab.PlayedHaunts(live.Code); got[haunt] != 1 || len(got) != 1 {
		t.Errorf("haunt memory with the finished game on disk: %v, want haunt %d once", got, haunt)
	}
	if got := e.tab.PlayedHaunts(done.Code); len(got) != 0 {
		t.Errorf("haunt memory leaving out the finished game: %v", got)
	}

	// Asked for, an idle game comes back with its seats and plays on.
	a := e.auth(idle.Code, idleSeats[0].token)
	if _, err := e.tab.Act(ctx, a, game.StepTrait{Trait: game.Might, Delta: 1}); err != nil {
		t.Fatal(err)
	}
	if st := e.state(done.Code); st.Ended == nil {
		t.Fatal("finished game lost its ending")
	}
	if n := e.tab.Loaded(); n != 3 {
		t.Fatalf("%d games loaded after asking for two", n)
	}

	// Undoing the ending reopens the game and forgets its haunt.
	if _, err := e.tab.Act(ctx, e.auth(done.Code, done.HostToken), game.Undo{}); err != nil {
		t.Fatal(err)
	}
	if got := e.tab.PlayedHaunts(live.Code); len(got) != 0 {
		t.Errorf("haunt memory after the undo: %v", got)
	}
	e.restart()
	if n := e.tab.Loaded(); n != 3 {
		t.Errorf("%d games loaded after the restart, want the two played just now and the live one", n)
	}

	// A game not live, without streams and untouched for a while leaves
	// memory; a game with a stream open stays.
	e.clock.Advance(table.IdleAfter + time.Hour)
	_, stop, err := e.tab.Subscribe(idle.Code)
	if err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(table.UnloadAfter + time.Minute)
	if n := e.tab.UnloadIdle(); n != 2 {
		t.Errorf("unloaded %d games, want 2", n)
	}
	stop()
	if n := e.tab.UnloadIdle(); n != 1 {
		t.Errorf("unloaded %d games after the stream closed, want 1", n)
	}
	if st := e.state(done.Code); st.Ended != nil {
		t.Error("reloaded game lost the undo")
	}
}

// Stopping the server ends every event stream and refuses new ones.
func TestEndStreams(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, _ := e.game(1, false)
	versions, stop, err := e.tab.Subscribe(c.Code)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	<-versions
	e.tab.EndStreams()
	if _, open := <-versions; open {
		t.Error("stream still open")
	}
	if _, _, err := e.tab.Subscribe(c.Code); !errors.Is(err, table.ErrShuttingDown) {
		t.Errorf("Subscribe while stopping: %v", err)
	}
}

// A database from before summaries (updated_at empty) is summarised once at
// the first start: its finished games count in the haunt memory and leave
// memory like any other.
func TestOldDatabaseIsSummarisedOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	done, seats := e.game(2, true)
	haunt := e.finishGame(done, seats)
	e.clock.Advance(time.Hour)
	live, _ := e.game(1, false)
	e.st.Close()
	db, err := sql.Open("sqlite", e.path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE games SET updated_at = '', finished = 0, ended_haunt = 0`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	e.open()
	if got := e.tab.PlayedHaunts(live.Code); got[haunt] != 1 {
		t.Errorf("haunt memory of an old database: %v", got)
	}
	if n := e.tab.Loaded(); n != 1 {
		t.Errorf("%d games kept in memory, want the live one", n)
	}
	e.restart()
	if got := e.tab.PlayedHaunts(live.Code); got[haunt] != 1 || e.tab.Loaded() != 1 {
		t.Errorf("after the next start: haunts %v, %d loaded", got, e.tab.Loaded())
	}
}

// teleported is an event type the engine doesn't know: a log that holds
// one can't be replayed.
type teleported struct{}

func (teleported) EventType() string { return "teleport" }
