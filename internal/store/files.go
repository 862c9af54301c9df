package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// The database holds every game's join key and the hashes of the tokens
// that act for seats, so its files (the database, its -wal and -shm, and the
// lock) are readable by their owner only. SQLite creates -wal and -shm with
// the database file's own mode, so creating that file 0600 before SQLite
// opens it is enough.
const fileMode fs.FileMode = 0o600

// ErrReadOnly means the database file can't be written: Lantern commits
// every change before acknowledging it, so it refuses to start rather than
// answer every change with an error.
var ErrReadOnly = errors.New("database is read-only")

// ErrInUse means another Lantern holds the database's lock.
var ErrInUse = errors.New("database in use")

// LockPath is the lock file beside a database: lantern.db → lantern.db.lock.
func LockPath(dbPath string) string { return dbPath + ".lock" }

// prepareFile makes sure the database file exists, is writable, and is
// readable by its owner only (an older, looser file is tightened).
func prepareFile(path string) error {
	info, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		// An empty file is a valid empty SQLite database.
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
		if err != nil {
			return fmt.Errorf("create %s: %w", path, err)
		}
		return f.Close()
	}
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	if info.IsDir() {
		return fmt.Errorf("open %s: is a directory, not a database file", path)
	}
	// The owner's write bit is checked as well as an actual open, since an
	// administrator's open succeeds on a file marked read-only.
	if info.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("%w: %s is marked read-only (mode %04o); make it writable (chmod u+w %s) or choose another -db", ErrReadOnly, path, info.Mode().Perm(), path)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("%w: %s can't be opened for writing: %w", ErrReadOnly, path, err)
	}
	f.Close()
	for _, name := range []string{path, path + "-wal", path + "-shm"} {
		if info, err := os.Stat(name); err == nil && info.Mode().Perm()&^fileMode != 0 {
			if err := os.Chmod(name, fileMode); err != nil {
				return fmt.Errorf("make %s private: %w", name, err)
			}
		}
	}
	return nil
}

// fileLock is an exclusive, advisory lock held on a file beside the
// database for as long as the server runs. It is not SQLite's own locking
// (exclusive locking mode would also shut out `lantern backup`, which reads
// the database while the server runs); the operating system releases it
// when the process ends, however it ends, so a killed server never leaves a
// stale lock behind.
type fileLock struct{ f *os.File }

func lock(dbPath string) (*fileLock, error) {
	name := LockPath(dbPath)
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, fileMode)
	if err != nil {
		return nil, fmt.Errorf("open lock %s: %w", name, err)
	}
	if err := lockFile(f); err != nil {
		holder := ""
		if b, rerr := os.ReadFile(name); rerr == nil {
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil {
				holder = fmt.Sprintf(" (process %d)", pid)
			}
		}
		f.Close()
		if errors.Is(err, errLocked) {
			return nil, fmt.Errorf("%w: another Lantern%s is using %s; stop it first, or start this one with another -db", ErrInUse, holder, dbPath)
		}
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	f.Chmod(fileMode) // an older lock file may be looser; it holds only a pid
	// The pid is only for the message another server prints.
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return &fileLock{f: f}, nil
}

func (l *fileLock) release() error {
	if l == nil || l.f == nil {
		return nil
	}
	unlockFile(l.f)
	err := l.f.Close()
	l.f = nil
	return err
}
