package store

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Issue 24, defect 4: a database a newer Lantern wrote (its schema version
// above the newest migration this build knows) is refused at start, naming
// both versions, and left as it was.
func TestOpenRefusesNewerSchema(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "lantern.db")
	s := openAt(t, path)
	newer := len(migrations) + 3
	if _, err := s.db.ExecContext(ctx, `PRAGMA user_version = `+strconv.Itoa(newer)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err = Open(ctx, path)
	if err == nil {
		s.Close()
		t.Fatal("opened a database from a newer Lantern")
	}
	msg := err.Error()
	if !errors.Is(err, ErrNewerSchema) || !strings.Contains(msg, "schema version "+strconv.Itoa(newer)) ||
		!strings.Contains(msg, "up to "+strconv.Itoa(len(migrations))) || !strings.Contains(msg, "newer Lantern") {
		t.Fatalf("Open: %v", err)
	}
	// Refused, not changed: not a byte of the file, and the lock was let
	// go.
	if after, err := os.ReadFile(path); err != nil || !bytes.Equal(before, after) {
		t.Errorf("the refused database changed (%v)", err)
	}
	s, err = openUnlocked(ctx, path)
	if err == nil {
		s.Close()
		t.Fatal("openUnlocked accepted the newer database")
	}
	l, err := lock(path)
	if err != nil {
		t.Fatalf("lock kept after the refusal: %v", err)
	}
	l.release()
}
