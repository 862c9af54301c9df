package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// CreateHostTransfer stores a one-time token that moves a game's host (the
// table view) to another device, replacing any earlier unused one.
func (s *Store) CreateHostTransfer(ctx context.Context, code string, hash []byte, expires time.Time) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM host_transfers WHERE game_code = ?`, code); err != nil {
			return fmt.Errorf("clear host transfer: %w", err)
		}
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO host_transfers (token_hash, game_code, expires_at) VALUES (?, ?, ?)`,
			hash, code, expires.UTC().Format(time.RFC3339Nano)); err != nil {
			return fmt.Errorf("store host transfer: %w", err)
		}
		return nil
	})
}

// ClaimHostTransfer uses up a host transfer token and makes newHost the
// game's only host token, in one transaction. ErrNotFound for an unknown,
// used or expired token.
func (s *Store) ClaimHostTransfer(ctx context.Context, code string, hash, newHost []byte, now time.Time) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var expires string
		err := tx.QueryRowContext(ctx,
			`DELETE FROM host_transfers WHERE token_hash = ? AND game_code = ? RETURNING expires_at`, hash, code).Scan(&expires)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("claim host transfer: %w", err)
		}
		if t, err := time.Parse(time.RFC3339Nano, expires); err != nil || now.After(t) {
			return ErrNotFound
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET host_hash = ? WHERE code = ?`, newHost, code); err != nil {
			return fmt.Errorf("move host: %w", err)
		}
		return nil
	})
}

// PendingHostTransfer says whether a host transfer token is unused and
// unexpired (ErrNotFound otherwise), without using it up.
func (s *Store) PendingHostTransfer(ctx context.Context, code string, hash []byte, now time.Time) error {
	var expires string
	err := s.db.QueryRowContext(ctx,
		`SELECT expires_at FROM host_transfers WHERE token_hash = ? AND game_code = ?`, hash, code).Scan(&expires)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("read host transfer: %w", err)
	}
	if t, err := time.Parse(time.RFC3339Nano, expires); err != nil || now.After(t) {
		return ErrNotFound
	}
	return nil
}
