package store

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Issue 11, defect 2: a second server on the same file must not start.
func TestOpenTwiceIsRefused(t *testing.T) {
	t.Parallel()
	s, path := open(t)
	_ = s
	second, err := Open(ctx, path)
	if err == nil {
		second.Close()
		t.Fatal("a second Open of the same database succeeded")
	}
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "another Lantern") || !strings.Contains(err.Error(), strconv.Itoa(os.Getpid())) {
		t.Fatalf("second Open: %v", err)
	}
}

func TestLockIsReleasedOnClose(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "lantern.db")
	s := openAt(t, path)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openAt(t, path)
	s.Close()
}

// Issue 11, defect 3: a read-only file is refused at once, saying why.
func TestOpenRefusesReadOnlyFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "lantern.db")
	openAt(t, path).Close()
	if err := os.Chmod(path, 0o400); err != nil {
		t.Fatal(err)
	}
	s, err := Open(ctx, path)
	if err == nil {
		s.Close()
		t.Fatal("opened a read-only database")
	}
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("Open: %v", err)
	}
}

// Issue 11, defect 9: every file of the database is private to its owner,
// including an older file created looser.
func TestDatabaseFilesArePrivate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "lantern.db")
	s := openAt(t, path)
	if err := s.CreateGame(ctx, "ABCDE", "key", []byte("host"), t0); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{path, path + "-wal", path + "-shm", LockPath(path)} {
		info, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if perm := info.Mode().Perm(); perm != 0o600 {
			t.Errorf("%s: mode %04o, want 0600", filepath.Base(name), perm)
		}
	}
	s.Close()

	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	openAt(t, path).Close()
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("a 0644 database stays %04o after Open", info.Mode().Perm())
	}
}

// The backup, taken while the database is open and holds unflushed WAL
// content, has every game; it refuses to overwrite a file.
func TestBackupWhileOpen(t *testing.T) {
	t.Parallel()
	s, path := open(t)
	evs := seatedGame(t, s, "ABCDE")
	dest := filepath.Join(t.TempDir(), "copy.db")
	n, err := Backup(ctx, path, dest)
	if err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("backup holds %d games", n)
	}
	if info, _ := os.Stat(dest); info.Mode().Perm() != 0o600 {
		t.Errorf("backup mode %04o", info.Mode().Perm())
	}
	c := openAt(t, dest)
	defer c.Close()
	games, err := c.LoadGames(ctx)
	if err != nil || len(games) != 1 || len(games[0].Events) != len(evs) {
		t.Fatalf("games in the copy: %+v %v", games, err)
	}
	if _, err := Backup(ctx, path, dest); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("backup over an existing file: %v", err)
	}
	if _, err := Backup(ctx, filepath.Join(t.TempDir(), "missing.db"), filepath.Join(t.TempDir(), "x.db")); err == nil {
		t.Error("backup of a missing database succeeded")
	}
}

// Issue 24, defect 1: the lock belongs to the database file, not its name:
// a symlink or a hard link to a database in use is refused too, and the
// file is free again once the first store closes.
func TestOpenByAnotherNameIsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "lantern.db")
	s := openAt(t, path)
	sym, hard := filepath.Join(dir, "sym.db"), filepath.Join(dir, "hard.db")
	if err := os.Symlink(path, sym); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if err := os.Link(path, hard); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	for _, name := range []string{sym, hard} {
		second, err := Open(ctx, name)
		if err == nil {
			second.Close()
			t.Fatalf("a second Open through %s succeeded", filepath.Base(name))
		}
		if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), name) {
			t.Fatalf("Open %s: %v", filepath.Base(name), err)
		}
	}
	// The running server's pid is found through a symlink too.
	if pid := holderOf(sym); pid != os.Getpid() {
		t.Errorf("holder through the symlink: %d, want %d", pid, os.Getpid())
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	openAt(t, hard).Close()
}
