package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
)

// Backup writes a consistent copy of the database at src to dest (a new
// file, readable by its owner only) and returns how many games it holds.
//
// It runs while a server uses src: it takes no lock of Lantern's, only a
// SQLite read transaction, and VACUUM INTO copies that snapshot with
// everything committed so far, including what still sits in the -wal file
// (which copying the database file alone would miss). The copy is a single
// self-contained file that a server can be started on.
func Backup(ctx context.Context, src, dest string) (int, error) {
	if _, err := os.Stat(src); err != nil {
		return 0, fmt.Errorf("back up %s: %w", src, err)
	}
	// VACUUM INTO writes into an existing file only when it is empty, so
	// creating it first sets its mode and never overwrites an older backup.
	f, err := os.OpenFile(dest, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
	if errors.Is(err, fs.ErrExist) {
		return 0, fmt.Errorf("back up to %s: the file already exists; choose a new name", dest)
	}
	if err != nil {
		return 0, fmt.Errorf("back up to %s: %w", dest, err)
	}
	if err := f.Close(); err != nil {
		return 0, errors.Join(fmt.Errorf("back up to %s: %w", dest, err), os.Remove(dest))
	}
	games, err := vacuumInto(ctx, src, dest)
	if err != nil {
		// No half-made backup is left to be mistaken for one.
		return 0, errors.Join(err, os.Remove(dest))
	}
	return games, nil
}

func vacuumInto(ctx context.Context, src, dest string) (games int, err error) {
	// mode=rw: never create a missing database. No journal_mode pragma: the
	// server's WAL setting is left alone.
	db, err := sql.Open("sqlite", dsn(src, "&mode=rw"))
	if err != nil {
		return 0, fmt.Errorf("back up %s: %w", src, err)
	}
	defer func() { err = errors.Join(err, db.Close()) }()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, dest); err != nil {
		return 0, fmt.Errorf("back up %s to %s: %w", src, dest, err)
	}

	copyDB, err := sql.Open("sqlite", "file:"+url.PathEscape(dest)+"?mode=ro")
	if err != nil {
		return 0, fmt.Errorf("check %s: %w", dest, err)
	}
	defer func() { err = errors.Join(err, copyDB.Close()) }()
	var check string
	if err := copyDB.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&check); err != nil || check != "ok" {
		return 0, fmt.Errorf("check %s: %q %v", dest, check, err)
	}
	if err := copyDB.QueryRowContext(ctx, `SELECT COUNT(*) FROM games`).Scan(&games); err != nil {
		return 0, fmt.Errorf("check %s: %w", dest, err)
	}
	return games, nil
}
