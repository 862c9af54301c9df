package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrNextExists means a finished game already names its next game.
var ErrNextExists = errors.New("next game exists")

// CreateNext stores a new, empty game as the one played after prev, in one
// transaction: the game is never there without its link, nor the link
// without its game.
func (s *Store) CreateNext(ctx context.Context, prev, code, joinKey string, hostHash []byte, now time.Time) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var taken int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM game_links WHERE code = ?`, prev).Scan(&taken); err != nil {
			return fmt.Errorf("read link of %s: %w", prev, err)
		}
		if taken > 0 {
			return ErrNextExists
		}
		at := now.UTC().Format(createdAtLayout)
		_, err := tx.ExecContext(ctx,
			`INSERT INTO games (code, join_key, host_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
			code, joinKey, hostHash, at, at)
		if err != nil && strings.Contains(err.Error(), "UNIQUE") {
			return ErrCodeTaken
		}
		if err != nil {
			return fmt.Errorf("create game %s: %w", code, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO game_links (code, next_code) VALUES (?, ?)`, prev, code); err != nil {
			return fmt.Errorf("link %s to %s: %w", prev, code, err)
		}
		return nil
	})
}

// Links are every stored game -> the game played after it. There is one per
// "play again", so the whole list stays small enough to keep in memory.
func (s *Store) Links(ctx context.Context) (map[string]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT code, next_code FROM game_links`)
	if err != nil {
		return nil, fmt.Errorf("load game links: %w", err)
	}
	defer rows.Close()
	links := map[string]string{}
	for rows.Next() {
		var code, next string
		if err := rows.Scan(&code, &next); err != nil {
			return nil, fmt.Errorf("scan game link: %w", err)
		}
		links[code] = next
	}
	return links, rows.Err()
}

// Finished is a finished game as the house's memory lists it.
type Finished struct {
	Code             string
	Created, Updated time.Time
}

// FinishedGames are the newest finished games first, at most limit.
func (s *Store) FinishedGames(ctx context.Context, limit int) ([]Finished, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT code, created_at, updated_at FROM games WHERE finished = 1 ORDER BY created_at DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("finished games: %w", err)
	}
	defer rows.Close()
	var games []Finished
	for rows.Next() {
		var f Finished
		var created, updated string
		if err := rows.Scan(&f.Code, &created, &updated); err != nil {
			return nil, fmt.Errorf("scan finished game: %w", err)
		}
		if f.Created, err = time.Parse(createdAtLayout, created); err != nil {
			return nil, fmt.Errorf("game %s: created_at %q: %w", f.Code, created, err)
		}
		// A finished game always has its summary's time (SetSummary).
		if f.Updated, err = time.Parse(createdAtLayout, updated); err != nil {
			return nil, fmt.Errorf("game %s: updated_at %q: %w", f.Code, updated, err)
		}
		games = append(games, f)
	}
	return games, rows.Err()
}
