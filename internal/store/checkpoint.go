package store

import (
	"context"
	"database/sql"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// SQLite copies the write-ahead log back into the database file
// (a checkpoint) on its own once the log passes 1,000 pages, and it does so
// inside the COMMIT that crossed the line: that commit, and with one writer
// connection every commit queued behind it, waits for two fsyncs of a few
// megabytes. Measured in the load program's burst workload, that was a
// stall of 5 to 17 ms every few rounds, for every action in the round.
//
// So the writer connection never checkpoints (wal_autocheckpoint(0)), and a
// second connection of its own does it beside the writer: a PASSIVE
// checkpoint copies what is committed without waiting for, or holding up,
// the writer or any reader. It is due after checkpointWrites commits (about
// as much log as SQLite's own 1,000 pages), or checkpointIdle after the
// first commit it has not copied, so a quiet table's file catches up
// without a checkpoint and its two fsyncs after every action (a small box
// on an SD card). Once due, it runs when the writes pause (checkpointQuiet
// without one), as a burst of actions ends, so its copying takes no CPU
// from the burst, and at most once per checkpointEvery: a write that made
// it due waits about two of those at most, however busy the writer.
//
// SQLite starts the log over only when a write begins after a checkpoint
// that copied all of it, with no write in between; writes that never pause
// would keep it from that and the log would grow without end (about 2 MB a
// second with a write every few milliseconds). So once a checkpoint leaves
// more than maxLogPages in the log, the next one is a TRUNCATE: it waits for
// the writer and holds up the next writes while it copies the rest and
// empties the file. Closing the store checkpoints what is left (SQLite does
// so when its last connection closes).
const (
	checkpointWrites = 500
	checkpointIdle   = 30 * time.Second
	checkpointEvery  = time.Second
	checkpointQuiet  = 20 * time.Millisecond
	maxLogPages      = 4000 // 16 MB of 4 KB pages
)

// checkpointer runs checkpoints on its own connection.
type checkpointer struct {
	db      *sql.DB
	wrote   chan struct{} // a write committed since the last checkpoint
	last    atomic.Int64  // when the last write committed (UnixNano)
	pending atomic.Int64  // writes committed since the last checkpoint
	stop    chan struct{}
	stopped chan struct{}
	closing sync.Once
}

func startCheckpointer(db *sql.DB) *checkpointer {
	c := &checkpointer{db: db, wrote: make(chan struct{}, 1), stop: make(chan struct{}), stopped: make(chan struct{})}
	go c.run()
	return c
}

// written tells the checkpointer a write committed; it never waits. The
// migrations run before there is one (nil): the first later write or the
// close checkpoints them.
func (c *checkpointer) written() {
	if c == nil {
		return
	}
	c.last.Store(time.Now().UnixNano())
	c.pending.Add(1)
	select {
	case c.wrote <- struct{}{}:
	default: // a checkpoint is due already
	}
}

func (c *checkpointer) run() {
	defer close(c.stopped)
	for {
		select {
		case <-c.stop:
			return
		case <-c.wrote:
		}
		for first := time.Now(); !c.due(time.Since(first)); {
			select {
			case <-c.stop:
				return
			case <-c.wrote:
			case <-time.After(checkpointIdle - time.Since(first)):
			}
		}
		if !c.pause() {
			return
		}
		c.pending.Store(0) // the writes from here on are the next checkpoint's
		if err := c.fold(context.Background(), maxLogPages); err != nil {
			slog.Error("checkpoint the database", "err", err)
		}
		select {
		case <-c.stop:
			return
		case <-time.After(checkpointEvery):
		}
	}
}

// due says whether a checkpoint is due, age after the first write it
// would copy.
func (c *checkpointer) due(age time.Duration) bool {
	return c.pending.Load() >= checkpointWrites || age >= checkpointIdle
}

// pause waits until no write committed for checkpointQuiet, or for
// checkpointEvery at most; false when the checkpointer is stopping.
func (c *checkpointer) pause() bool {
	limit := time.Now().Add(checkpointEvery)
	for {
		wait := time.Until(time.Unix(0, c.last.Load()).Add(checkpointQuiet))
		if wait <= 0 || !time.Now().Before(limit) {
			return true
		}
		select {
		case <-c.stop:
			return false
		case <-time.After(min(wait, time.Until(limit))):
		}
	}
}

// fold copies every committed page it can into the database file, and
// empties the log when it holds more than maxLog pages.
func (c *checkpointer) fold(ctx context.Context, maxLog int) error {
	var busy, logPages, copied int
	if err := c.db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &logPages, &copied); err != nil {
		return err
	}
	if logPages <= maxLog {
		return nil
	}
	return c.db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logPages, &copied)
}

// close stops the checkpoints and closes their connection; again, it does
// nothing more.
func (c *checkpointer) close() error {
	c.closing.Do(func() { close(c.stop) })
	<-c.stopped
	return c.db.Close()
}
