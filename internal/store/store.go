// Package store keeps games in SQLite: each game's append-only event log and
// the hashes of the tokens that let phones act for a seat or the host.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Store is a SQLite database opened with a single connection: SQLite allows
// one writer at a time, and the game state lives in memory, so one connection
// serialises every write without lock contention or SQLITE_BUSY.
type Store struct {
	db    *sql.DB
	path  string
	lock  *fileLock
	group groupCommit   // AppendEvents
	ckpt  *checkpointer // copies the log into the database file (checkpoint.go)
	marks marks         // when each game's updated_at was written (insertEvents)
	// The statements every change runs, prepared once (insertEvents).
	markChanged, insertEvent *sql.Stmt
}

// Open opens (creating if needed) the database at path and migrates it. It
// holds the database's lock until Close: a second Open of the same file, in
// this process or another, fails with ErrInUse. A read-only file fails with
// ErrReadOnly.
func Open(ctx context.Context, path string) (*Store, error) {
	// The file must exist to be locked; preparing it changes nothing a
	// server using it would notice.
	if err := prepareFile(path); err != nil {
		return nil, err
	}
	l, err := lock(path)
	if err != nil {
		return nil, err
	}
	s, err := openUnlocked(ctx, path)
	if err != nil {
		return nil, errors.Join(err, l.release())
	}
	s.lock = l
	return s, nil
}

func openUnlocked(ctx context.Context, path string) (*Store, error) {
	if err := prepareFile(path); err != nil {
		return nil, err
	}
	if err := checkSchema(ctx, path); err != nil {
		return nil, err
	}
	// busy_timeout comes first so it applies while the others run. WAL with
	// synchronous(NORMAL) survives a killed process (a committed transaction
	// is in the WAL file before COMMIT returns); only a power cut could lose
	// the last transactions. _txlock=immediate takes the write lock at BEGIN.
	// wal_autocheckpoint(0): the writer never checkpoints; checkpoint.go
	// says who does.
	db, err := sql.Open("sqlite", dsn(path, "&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"+
		"&_pragma=foreign_keys(ON)&_txlock=immediate&_pragma=wal_autocheckpoint(0)"))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	db.SetConnMaxIdleTime(0)
	// A failed open closes what it opened; should that fail too, both
	// errors are told.
	if err := db.PingContext(ctx); err != nil {
		return nil, errors.Join(fmt.Errorf("open %s: %w", path, err), db.Close())
	}
	s := &Store{db: db, path: path}
	if err := s.migrate(ctx); err != nil {
		return nil, errors.Join(err, db.Close())
	}
	if s.markChanged, err = db.PrepareContext(ctx, `UPDATE games SET updated_at = ? WHERE code = ? AND updated_at != ''`); err == nil {
		s.insertEvent, err = db.PrepareContext(ctx, `INSERT INTO events (game_code, seq, type, body) VALUES (?, ?, ?, ?)`)
	}
	if err != nil {
		return nil, errors.Join(fmt.Errorf("open %s: prepare: %w", path, err), db.Close())
	}
	// The checkpoints' own connection, opened once the writer made the
	// file a WAL database.
	ckptDB, err := sql.Open("sqlite", dsn(path, "&_pragma=synchronous(NORMAL)"))
	if err == nil {
		ckptDB.SetMaxOpenConns(1)
		ckptDB.SetConnMaxIdleTime(0)
		if err = ckptDB.PingContext(ctx); err != nil {
			err = errors.Join(err, ckptDB.Close())
		}
	}
	if err != nil {
		return nil, errors.Join(fmt.Errorf("open %s: checkpoint connection: %w", path, err), db.Close())
	}
	s.ckpt = startCheckpointer(ckptDB)
	return s, nil
}

// dsn is the database at path with busy_timeout first, then the pragmas
// and options in more ("&_pragma=…").
func dsn(path, more string) string {
	return "file:" + url.PathEscape(path) + "?_pragma=busy_timeout(5000)" + more
}

// Close closes the database and releases its lock.
func (s *Store) Close() error {
	err := s.ckpt.close()
	if derr := s.db.Close(); err == nil {
		err = derr
	}
	if lerr := s.lock.release(); err == nil {
		err = lerr
	}
	return err
}

// migrations is the ordered schema history; entry i brings the schema to
// user_version i+1. Never edit an entry that has shipped: append a new one.
var migrations = []string{
	`CREATE TABLE games (
		code       TEXT PRIMARY KEY,
		join_key   TEXT NOT NULL,
		host_hash  BLOB NOT NULL,
		created_at TEXT NOT NULL
	);
	CREATE TABLE events (
		game_code TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
		seq       INTEGER NOT NULL,
		type      TEXT NOT NULL,
		body      TEXT NOT NULL,
		PRIMARY KEY (game_code, seq)
	) WITHOUT ROWID;
	CREATE TABLE seat_tokens (
		token_hash BLOB PRIMARY KEY,
		game_code  TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
		seat_id    INTEGER NOT NULL
	);
	CREATE TABLE transfers (
		token_hash BLOB PRIMARY KEY,
		game_code  TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
		seat_id    INTEGER NOT NULL,
		expires_at TEXT NOT NULL
	);`,
	// Games stay on disk once finished or idle: what start-up needs to know
	// of them is kept beside each game instead of in its log. An empty
	// updated_at marks a game from before this migration, which the server
	// summarises from its log once.
	`ALTER TABLE games ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN ended_haunt INTEGER NOT NULL DEFAULT 0;
	CREATE INDEX games_by_activity ON games (finished, updated_at);
	CREATE INDEX seat_tokens_by_game ON seat_tokens (game_code);
	CREATE INDEX transfers_by_game ON transfers (game_code, seat_id);`,
	// Game nights (nights.go): a finished game names the next one its
	// group plays, so its phones follow without the join key.
	`CREATE TABLE game_links (
		code      TEXT PRIMARY KEY REFERENCES games(code) ON DELETE CASCADE,
		next_code TEXT NOT NULL UNIQUE REFERENCES games(code) ON DELETE CASCADE
	);`,
	// The table on another screen (hostmove.go): one-time tokens that move
	// the host to another device, apart from the seats' transfers.
	`CREATE TABLE host_transfers (
		token_hash BLOB PRIMARY KEY,
		game_code  TEXT NOT NULL REFERENCES games(code) ON DELETE CASCADE,
		expires_at TEXT NOT NULL
	);
	CREATE INDEX host_transfers_by_game ON host_transfers (game_code);`,
}

func (s *Store) migrate(ctx context.Context) error {
	var version int
	if err := s.db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if err := newerSchema(s.path, version); err != nil {
		return err
	}
	for i := version; i < len(migrations); i++ {
		err := s.inTx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, i+1))
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
	}
	return nil
}

// newerSchema refuses a database whose schema version is above the newest
// this build knows: a newer Lantern changed the schema in ways this build
// can't know, and reading or writing it could lose or damage what the newer
// one stored.
func newerSchema(path string, version int) error {
	if version <= len(migrations) {
		return nil
	}
	return fmt.Errorf("%w: %s has schema version %d, and this Lantern knows versions up to %d; run the newer Lantern on it, or start this one with another -db",
		ErrNewerSchema, path, version, len(migrations))
}

// checkSchema reads the schema version on a read-only connection before
// the writer's opens (its journal_mode pragma may write the file), so a
// newer Lantern's database is refused without a byte written to it.
func checkSchema(ctx context.Context, path string) (err error) {
	db, err := sql.Open("sqlite", dsn(path, "&mode=ro"))
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer func() { err = errors.Join(err, db.Close()) }()
	var version int
	if err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return fmt.Errorf("read schema version of %s: %w", path, err)
	}
	return newerSchema(path, version)
}

func (s *Store) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		// A transaction its context ended is rolled back already.
		if rerr := tx.Rollback(); rerr != nil && !errors.Is(rerr, sql.ErrTxDone) {
			return errors.Join(err, fmt.Errorf("roll back: %w", rerr))
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	s.ckpt.written()
	return nil
}

// ErrNewerSchema means the database was written by a newer Lantern, whose
// schema this build does not know.
var ErrNewerSchema = errors.New("database is from a newer Lantern")

// ErrNotFound is returned when a row the caller relies on is missing.
var ErrNotFound = errors.New("not found")
