package store

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"lantern/internal/game"
)

// The writer never checkpoints (a checkpoint inside a COMMIT held up every
// commit behind it); the checkpointer copies the log into the database file
// soon after writes, on its own connection.
func TestCheckpointsBesideTheWriter(t *testing.T) {
	t.Parallel()
	s, path := open(t)
	if n := count(t, s, `PRAGMA wal_autocheckpoint`); n != 0 {
		t.Fatalf("writer's wal_autocheckpoint = %d, want 0", n)
	}
	// Enough writes to make a checkpoint due.
	e := createdWithStep(t, s, "CKPT")
	for i := range checkpointWrites {
		e.Seq = i + 1
		if err := s.AppendEvents(ctx, "CKPT", []game.Event{e}, nil, 0); err != nil {
			t.Fatal(err)
		}
	}
	// The database file alone, without its log, holds events once a
	// checkpoint copied them (all of them, unless the writes paused
	// between two appends, on a slow machine, and it ran then).
	deadline := time.Now().Add(10 * time.Second)
	for eventsInFileAlone(t, path) <= 0 {
		if time.Now().After(deadline) {
			t.Fatalf("database file alone holds no events after 10s: no checkpoint ran")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Closed, the store leaves the database file whole, without a log.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); !os.IsNotExist(err) {
		t.Errorf("the -wal file is still there after Close: %v", err)
	}
}

// eventsInFileAlone counts the events in a copy of the database file made
// without its -wal file, or -1 when the copy has no events table yet.
func eventsInFileAlone(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cp := filepath.Join(t.TempDir(), "alone.db")
	if err := os.WriteFile(cp, b, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+cp+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM events WHERE game_code = 'CKPT'`).Scan(&n); err != nil {
		return -1
	}
	return n
}

// A checkpoint is due after checkpointWrites writes, or checkpointIdle
// after the first one it would copy.
func TestCheckpointDue(t *testing.T) {
	t.Parallel()
	c := &checkpointer{}
	for _, step := range []struct {
		writes int64
		age    time.Duration
		want   bool
	}{
		{1, time.Second, false},
		{1, checkpointIdle, true},
		{checkpointWrites - 1, 0, false},
		{checkpointWrites, 0, true},
	} {
		c.pending.Store(step.writes)
		if got := c.due(step.age); got != step.want {
			t.Errorf("%d writes, the first %v ago: due = %v, want %v", step.writes, step.age, got, step.want)
		}
	}
}

// The checkpointer waits for the writes to pause, and no longer than
// checkpointEvery when they never do.
func TestCheckpointWaitsForAPause(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	c := s.ckpt
	c.written()
	start := time.Now()
	if !c.pause() {
		t.Fatal("pause says the checkpointer stops")
	}
	if waited := time.Since(start); waited < checkpointQuiet {
		t.Errorf("after a write, pause returned in %v, before %v without writes", waited, checkpointQuiet)
	}

	// Writes that never pause (the last one always seems just now).
	c.last.Store(time.Now().Add(time.Hour).UnixNano())
	start = time.Now()
	c.pause()
	if waited := time.Since(start); waited < checkpointEvery {
		t.Errorf("with writes that never pause, pause returned in %v, before checkpointEvery (%v)", waited, checkpointEvery)
	}
}

// A log past the limit is emptied; one within it is only copied.
func TestCheckpointEmptiesALongLog(t *testing.T) {
	t.Parallel()
	s, path := open(t)
	e := createdWithStep(t, s, "LONG")
	walSize := func() int64 {
		fi, err := os.Stat(path + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	for i, limit := range []int{1 << 30, 1} {
		for j := range 20 {
			e.Seq = 1 + i*20 + j
			if err := s.AppendEvents(ctx, "LONG", []game.Event{e}, nil, 0); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.ckpt.fold(ctx, limit); err != nil {
			t.Fatal(err)
		}
		if emptied := walSize() == 0; emptied != (limit == 1) {
			t.Errorf("limit %d pages: log emptied = %v (%d bytes)", limit, emptied, walSize())
		}
	}
}
