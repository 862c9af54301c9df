package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"lantern/internal/game"
)

// CreateTransfer stores a one-time token that moves seatID to a new phone,
// replacing any earlier unused one for that seat.
func (s *Store) CreateTransfer(ctx context.Context, code string, seatID int, hash []byte, expires time.Time) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM transfers WHERE game_code = ? AND seat_id = ?`, code, seatID); err != nil {
			return fmt.Errorf("clear transfer: %w", err)
		}
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO transfers (token_hash, game_code, seat_id, expires_at) VALUES (?, ?, ?, ?)`,
			hash, code, seatID, expires.UTC().Format(time.RFC3339Nano)); err != nil {
			return fmt.Errorf("store transfer: %w", err)
		}
		return nil
	})
}

// ClaimTransfer uses up a transfer token: in one transaction it checks the
// token, revokes every token the seat had, stores the new phone's token and
// appends evs. It returns the seat id, or ErrNotFound for an unknown, used
// or expired token.
func (s *Store) ClaimTransfer(ctx context.Context, code string, hash, newToken []byte, now time.Time, evs func(seatID int) []game.Event) (int, error) {
	var seatID int
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var expires string
		err := tx.QueryRowContext(ctx,
			`DELETE FROM transfers WHERE token_hash = ? AND game_code = ? RETURNING seat_id, expires_at`,
			hash, code).Scan(&seatID, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("claim transfer: %w", err)
		}
		if t, err := time.Parse(time.RFC3339Nano, expires); err != nil || now.After(t) {
			return ErrNotFound
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM seat_tokens WHERE game_code = ? AND seat_id = ?`, code, seatID); err != nil {
			return fmt.Errorf("revoke seat tokens: %w", err)
		}
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO seat_tokens (token_hash, game_code, seat_id) VALUES (?, ?, ?)`, newToken, code, seatID); err != nil {
			return fmt.Errorf("store seat token: %w", err)
		}
		return s.insertEvents(ctx, tx, code, evs(seatID))
	})
	if err != nil {
		return 0, err
	}
	return seatID, nil
}

// PendingTransfer is the seat an unused, unexpired transfer token would
// move, without using it up; ErrNotFound otherwise (claimed, replaced,
// expired or never made).
func (s *Store) PendingTransfer(ctx context.Context, code string, hash []byte, now time.Time) (int, error) {
	var seatID int
	var expires string
	err := s.db.QueryRowContext(ctx,
		`SELECT seat_id, expires_at FROM transfers WHERE token_hash = ? AND game_code = ?`, hash, code).Scan(&seatID, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("read transfer: %w", err)
	}
	if t, err := time.Parse(time.RFC3339Nano, expires); err != nil || now.After(t) {
		return 0, ErrNotFound
	}
	return seatID, nil
}
