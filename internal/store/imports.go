package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"lantern/internal/game"
)

// Transfer is a one-time token that moves a seat to a phone (transfers.go).
type Transfer struct {
	SeatID  int
	Hash    []byte
	Expires time.Time
}

// ImportGame stores a game brought from another server, whole, in one
// transaction: its log, its host token and one seat transfer per seat (its
// phones have no token here yet). created is when it was first played.
func (s *Store) ImportGame(ctx context.Context, code, joinKey string, hostHash []byte, created time.Time, evs []game.Event, transfers []Transfer) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		at := created.UTC().Format(createdAtLayout)
		_, err := tx.ExecContext(ctx,
			`INSERT INTO games (code, join_key, host_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
			code, joinKey, hostHash, at, at)
		if err != nil && strings.Contains(err.Error(), "UNIQUE") {
			return ErrCodeTaken
		}
		if err != nil {
			return fmt.Errorf("import game %s: %w", code, err)
		}
		if err := s.insertEvents(ctx, tx, code, evs); err != nil {
			return err
		}
		for _, tr := range transfers {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO transfers (token_hash, game_code, seat_id, expires_at) VALUES (?, ?, ?, ?)`,
				tr.Hash, code, tr.SeatID, tr.Expires.UTC().Format(time.RFC3339Nano)); err != nil {
				return fmt.Errorf("store transfer: %w", err)
			}
		}
		return nil
	})
}
