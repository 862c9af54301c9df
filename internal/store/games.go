package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"lantern/internal/game"
)

// ErrCodeTaken means a game with that code already exists.
var ErrCodeTaken = errors.New("game code taken")

// GameRecord is one stored game with everything needed to rebuild it.
type GameRecord struct {
	Code       string
	JoinKey    string
	HostHash   []byte
	Events     []game.Event
	SeatTokens map[string]int // token hash (as string) -> seat id
}

// createdAtLayout is fixed-width so created_at sorts as text in time order.
const createdAtLayout = "2006-01-02T15:04:05.000000000Z"

// CreateGame stores a new, empty game.
func (s *Store) CreateGame(ctx context.Context, code, joinKey string, hostHash []byte, now time.Time) error {
	_, err := s.db.ExecContext(ctx,
		`INSERT INTO games (code, join_key, host_hash, created_at) VALUES (?, ?, ?, ?)`,
		code, joinKey, hostHash, now.UTC().Format(createdAtLayout))
	if err != nil && strings.Contains(err.Error(), "UNIQUE") {
		return ErrCodeTaken
	}
	if err != nil {
		return fmt.Errorf("create game %s: %w", code, err)
	}
	return nil
}

// AppendEvents commits events to a game's log in one transaction. When
// seatToken is set it is stored for seatID in the same transaction, so a join
// is never half done.
func (s *Store) AppendEvents(ctx context.Context, code string, evs []game.Event, seatToken []byte, seatID int) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if err := insertEvents(ctx, tx, code, evs); err != nil {
			return err
		}
		if seatToken != nil {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO seat_tokens (token_hash, game_code, seat_id) VALUES (?, ?, ?)`,
				seatToken, code, seatID); err != nil {
				return fmt.Errorf("store seat token: %w", err)
			}
		}
		return nil
	})
}

func insertEvents(ctx context.Context, tx *sql.Tx, code string, evs []game.Event) error {
	for _, e := range evs {
		body, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("encode event %d: %w", e.Seq, err)
		}
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO events (game_code, seq, type, body) VALUES (?, ?, ?, ?)`,
			code, e.Seq, e.Type, string(body)); err != nil {
			return fmt.Errorf("append event %d to %s: %w", e.Seq, code, err)
		}
	}
	return nil
}

// LoadGames reads every game with its log and seat tokens, for the rebuild
// at start-up.
func (s *Store) LoadGames(ctx context.Context) ([]GameRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT code, join_key, host_hash FROM games ORDER BY created_at`)
	if err != nil {
		return nil, fmt.Errorf("load games: %w", err)
	}
	var games []GameRecord
	index := map[string]int{}
	for rows.Next() {
		var g GameRecord
		if err := rows.Scan(&g.Code, &g.JoinKey, &g.HostHash); err != nil {
			rows.Close()
			return nil, fmt.Errorf("scan game: %w", err)
		}
		g.SeatTokens = map[string]int{}
		index[g.Code] = len(games)
		games = append(games, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("load games: %w", err)
	}

	rows, err = s.db.QueryContext(ctx, `SELECT game_code, body FROM events ORDER BY game_code, seq`)
	if err != nil {
		return nil, fmt.Errorf("load events: %w", err)
	}
	for rows.Next() {
		var code, body string
		if err := rows.Scan(&code, &body); err != nil {
			rows.Close()
			return nil, fmt.Errorf("scan event: %w", err)
		}
		var e game.Event
		if err := json.Unmarshal([]byte(body), &e); err != nil {
			rows.Close()
			return nil, fmt.Errorf("decode event of %s: %w", code, err)
		}
		g := &games[index[code]]
		g.Events = append(g.Events, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("load events: %w", err)
	}

	rows, err = s.db.QueryContext(ctx, `SELECT game_code, token_hash, seat_id FROM seat_tokens`)
	if err != nil {
		return nil, fmt.Errorf("load seat tokens: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var code string
		var hash []byte
		var seat int
		if err := rows.Scan(&code, &hash, &seat); err != nil {
			return nil, fmt.Errorf("scan seat token: %w", err)
		}
		games[index[code]].SeatTokens[string(hash)] = seat
	}
	return games, rows.Err()
}
