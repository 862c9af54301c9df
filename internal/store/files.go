package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
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
	if err := f.Close(); err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	for _, name := range []string{path, path + "-wal", path + "-shm"} {
		if info, err := os.Stat(name); err == nil && info.Mode().Perm()&^fileMode != 0 {
			if err := os.Chmod(name, fileMode); err != nil {
				return fmt.Errorf("make %s private: %w", name, err)
			}
		}
	}
	return nil
}

// fileLock is an exclusive, advisory lock on the database file itself,
// held for as long as the server runs. The operating system keys it on the
// file, not on the name it was opened by, so a symlink or a hard link to a
// database in use is refused as the same name is (a lock beside the name,
// as before, let a second server start on another name and write its own
// -wal beside it, losing acknowledged changes). It is not SQLite's own
// locking: exclusive locking mode would also shut out `lantern backup`,
// which reads the database while the server runs, and flock(2) never
// meets SQLite's fcntl(2) locks. The operating system releases it when the
// process ends, however it ends, so a killed server never leaves a stale
// lock behind.
//
// The file beside the name (lantern.db.lock) only holds the holder's pid,
// for the message a second server prints.
type fileLock struct {
	f    *os.File    // the database file, locked
	info os.FileInfo // its identity (os.SameFile: device and inode)
	pid  *os.File
}

// held are the database files this process has locked. POSIX drops every
// fcntl lock a process holds on a file when it closes any descriptor of
// that file, SQLite's included, so a second Open in this process must not
// open and close the file a Store of its own is using: it is refused here
// first.
var held struct {
	mu    sync.Mutex
	files []*fileLock
}

func lock(dbPath string) (*fileLock, error) {
	// Stat follows symlinks: the identity is the database file's own.
	info, err := os.Stat(dbPath)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", dbPath, err)
	}
	held.mu.Lock()
	defer held.mu.Unlock()
	if slices.ContainsFunc(held.files, func(l *fileLock) bool { return os.SameFile(l.info, info) }) {
		return nil, inUse(dbPath, os.Getpid())
	}
	f, err := os.Open(dbPath)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", dbPath, err)
	}
	if err := lockFile(f); err != nil {
		cerr := f.Close()
		if errors.Is(err, errLocked) {
			return nil, errors.Join(inUse(dbPath, holderOf(dbPath)), cerr)
		}
		return nil, errors.Join(fmt.Errorf("lock %s: %w", dbPath, err), cerr)
	}
	l := &fileLock{f: f, info: info}
	held.files = append(held.files, l)
	// The pid is only for the message another server prints: a failure
	// to write it costs only that, so its errors are dropped.
	if p, err := os.OpenFile(LockPath(realPath(dbPath)), os.O_RDWR|os.O_CREATE, fileMode); err == nil {
		_ = p.Chmod(fileMode) // an older lock file may be looser; it holds only a pid
		_ = p.Truncate(0)
		_, _ = p.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		l.pid = p
	}
	return l, nil
}

// holderOf is the pid written beside a database file, or 0. It is written
// beside the file's real path, so every symlink finds it; a hard link, a
// second name of the file itself, has none of its own: the message then
// names no process.
func holderOf(dbPath string) int {
	if b, err := os.ReadFile(LockPath(realPath(dbPath))); err == nil {
		if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
			return pid
		}
	}
	return 0
}

// realPath is p with its symlinks resolved, or p when they can't be.
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

func inUse(dbPath string, pid int) error {
	holder := ""
	if pid != 0 {
		holder = fmt.Sprintf(" (process %d)", pid)
	}
	return fmt.Errorf("%w: another Lantern%s is using %s; stop it first, or start this one with another -db", ErrInUse, holder, dbPath)
}

func (l *fileLock) release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := errors.Join(unlockFile(l.f), l.f.Close())
	l.f = nil
	if l.pid != nil {
		err = errors.Join(err, l.pid.Close())
	}
	held.mu.Lock()
	held.files = slices.DeleteFunc(held.files, func(h *fileLock) bool { return h == l })
	held.mu.Unlock()
	return err
}
