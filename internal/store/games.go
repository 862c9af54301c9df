package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
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
	Summary    Summary
	// BadEvent is the number of the first event that could not be decoded
	// (0 when all could), and BadReason why; Events stop before it.
	BadEvent  int
	BadReason error
	// Damaged says why a row of the game outside its log (its summary, a
	// seat token) does not read, or is nil: the server sets the game aside
	// as it does one whose log is damaged.
	Damaged error
}

// Summary is what the server needs to know of a game it keeps on disk,
// without reading its log: whether it is live, and the group's memory of
// the haunts it has played.
type Summary struct {
	// UpdatedAt is the time of the last change; zero for a game stored
	// before summaries existed, until the server summarises it.
	UpdatedAt time.Time
	Finished  bool
	Haunt     int // the haunt a finished game played to its end, 0 if none
}

// createdAtLayout is fixed-width so created_at sorts as text in time order.
const createdAtLayout = "2006-01-02T15:04:05.000000000Z"

// CreateGame stores a new, empty game.
func (s *Store) CreateGame(ctx context.Context, code, joinKey string, hostHash []byte, now time.Time) error {
	at := now.UTC().Format(createdAtLayout)
	_, err := s.db.ExecContext(ctx,
		`INSERT INTO games (code, join_key, host_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		code, joinKey, hostHash, at, at)
	if err != nil && strings.Contains(err.Error(), "UNIQUE") {
		return ErrCodeTaken
	}
	if err != nil {
		return fmt.Errorf("create game %s: %w", code, err)
	}
	s.ckpt.written()
	return nil
}

// AppendEvents commits events to a game's log and returns once they are
// committed. When seatToken is set it is stored for seatID in the same
// transaction, so a join is never half done.
//
// Appends that arrive together (several games' actions at the same
// moment) are committed in one transaction (group commit): each in a
// savepoint of its own, so one that fails leaves nothing behind and fails
// alone, and each caller hears back only after the transaction holding its
// events committed. A caller whose context ended before its turn came
// stores nothing.
func (s *Store) AppendEvents(ctx context.Context, code string, evs []game.Event, seatToken []byte, seatID int) error {
	req := &appendReq{ctx: ctx, code: code, evs: evs, seatToken: seatToken, seatID: seatID}
	g := &s.group
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.wake == nil {
		g.wake = sync.NewCond(&g.mu)
	}
	g.queue = append(g.queue, req)
	for !req.done {
		if g.committing {
			g.wake.Wait()
			continue
		}
		// No transaction is running: this caller commits the oldest
		// appends waiting, its own among them or ahead of it.
		n := min(len(g.queue), maxBatch)
		batch := g.queue[:n:n]
		g.queue, g.committing = g.queue[n:], true
		g.mu.Unlock()
		s.commitAppends(batch)
		g.mu.Lock()
		for _, r := range batch {
			r.done = true
		}
		g.committing = false
		g.wake.Broadcast()
	}
	return req.err
}

// maxBatch bounds a group commit. A batch is whatever waited while the
// transaction before it ran, so in a burst the first actions still go on
// to their phones while the rest commit; a bigger batch writes each shared
// page (the games table and its index) once for more actions: at 64, a
// burst of 60 games spends a quarter less CPU per append than at 8
// (BenchmarkGroupAppend).
const maxBatch = 64

// groupCommit gathers the appends waiting while a transaction runs.
type groupCommit struct {
	mu         sync.Mutex
	wake       *sync.Cond
	queue      []*appendReq
	committing bool
}

type appendReq struct {
	ctx       context.Context
	code      string
	evs       []game.Event
	seatToken []byte
	seatID    int
	done      bool // committed or failed; guarded by groupCommit.mu
	err       error
}

// commitAppends commits a batch of appends in one transaction and sets each
// one's err.
//
// An append fails only on a bug or a race the caller lost (an event number
// taken), so the batch is first tried as it is, every append straight in
// the transaction; only when one fails is it rolled back and tried again
// with each append in a savepoint of its own (two statements more each,
// a third of the batch's time).
func (s *Store) commitAppends(batch []*appendReq) {
	ctx := context.Background() // a batch serves every caller in it
	if len(batch) == 1 {
		// Alone: no savepoint needed. Once its turn came, a caller's
		// append is committed whole, as in a batch: on a context that can
		// end, the driver starts a goroutine per statement to interrupt
		// it (a tenth of the append's time).
		r := batch[0]
		if r.err = r.ctx.Err(); r.err == nil {
			r.err = s.inTx(ctx, func(tx *sql.Tx) error { return s.appendOne(ctx, tx, r) })
		}
		return
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		for _, r := range batch {
			if r.err = r.ctx.Err(); r.err != nil {
				continue
			}
			if err := s.appendOne(ctx, tx, r); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		return
	}
	// Rolled back: the marks it counted as written were not.
	for _, r := range batch {
		s.marks.forget(r.code)
	}
	s.commitApart(ctx, batch)
}

// commitApart commits a batch in one transaction, each append in a
// savepoint, so one that fails leaves nothing behind and fails alone.
func (s *Store) commitApart(ctx context.Context, batch []*appendReq) {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		for _, r := range batch {
			if r.err = r.ctx.Err(); r.err != nil {
				continue
			}
			if _, err := tx.ExecContext(ctx, `SAVEPOINT append`); err != nil {
				return err
			}
			if r.err = s.appendOne(ctx, tx, r); r.err != nil {
				if _, err := tx.ExecContext(ctx, `ROLLBACK TO append`); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, `RELEASE append`); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		for _, r := range batch {
			if r.err == nil {
				r.err = err
			}
		}
	}
}

func (s *Store) appendOne(ctx context.Context, tx *sql.Tx, r *appendReq) error {
	if err := s.insertEvents(ctx, tx, r.code, r.evs); err != nil {
		return err
	}
	if r.seatToken != nil {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO seat_tokens (token_hash, game_code, seat_id) VALUES (?, ?, ?)`,
			r.seatToken, r.code, r.seatID); err != nil {
			return fmt.Errorf("store seat token: %w", err)
		}
	}
	return nil
}

// insertEvents appends events and marks the game as changed at the time of
// the last one, when its mark is due (marks).
func (s *Store) insertEvents(ctx context.Context, tx *sql.Tx, code string, evs []game.Event) error {
	if len(evs) > 0 && s.marks.due(code, evs[len(evs)-1].At) {
		if _, err := tx.StmtContext(ctx, s.markChanged).ExecContext(ctx,
			evs[len(evs)-1].At.UTC().Format(createdAtLayout), code); err != nil {
			return fmt.Errorf("mark %s changed: %w", code, err)
		}
	}
	insert := tx.StmtContext(ctx, s.insertEvent)
	for _, e := range evs {
		body, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("encode event %d: %w", e.Seq, err)
		}
		if _, err := insert.ExecContext(ctx, code, e.Seq, e.Type(), string(body)); err != nil {
			return fmt.Errorf("append event %d to %s: %w", e.Seq, code, err)
		}
	}
	return nil
}

// markEvery is how often at most a game's updated_at is written as it
// changes. The mark only sorts games into live and idle a day apart
// (table.IdleAfter), and leaving it out of most commits makes an action's
// commit about a third cheaper (BenchmarkAppendEvents: 66 -> 47 us): it
// moves the game's row and its entry in games_by_activity, two pages more
// in the log. So the stored mark is at most a minute or two behind the
// game's last event (more only when a lone commit that marked it failed), and
// a loaded game's summary takes its last event's time when that is later.
const markEvery = time.Minute

// marks remembers when each game's updated_at was last written.
type marks struct {
	mu sync.Mutex
	at map[string]time.Time
}

// due says whether a change of code at time at should write its mark, and
// if so counts it as written.
func (m *marks) due(code string, at time.Time) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if last, ok := m.at[code]; ok && !at.Before(last) && at.Sub(last) < markEvery {
		return false
	}
	if m.at == nil || len(m.at) >= maxMarks {
		// Games long quiet need no entry: their next change marks.
		for c, last := range m.at {
			if at.Sub(last) >= markEvery {
				delete(m.at, c)
			}
		}
		if m.at == nil {
			m.at = make(map[string]time.Time)
		}
	}
	m.at[code] = at
	return true
}

// forget drops code's mark, so its next change writes one.
func (m *marks) forget(code string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.at, code)
}

// maxMarks is how many games' marks are kept before the old ones go.
const maxMarks = 1024

// SetSummary stores what a rebuilt game is now (the server calls it when a
// game ends, is undone back to play, or had no summary yet).
func (s *Store) SetSummary(ctx context.Context, code string, sum Summary) error {
	_, err := s.db.ExecContext(ctx, `UPDATE games SET updated_at = ?, finished = ?, ended_haunt = ? WHERE code = ?`,
		sum.UpdatedAt.UTC().Format(createdAtLayout), sum.Finished, sum.Haunt, code)
	if err != nil {
		return fmt.Errorf("summarise %s: %w", code, err)
	}
	s.ckpt.written()
	return nil
}

// PlayedHaunts counts the finished games by the haunt they played to the
// end: haunt number -> games. A damaged ended_haunt (not an integer) counts
// for nothing rather than stopping the start.
func (s *Store) PlayedHaunts(ctx context.Context) (map[int]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT ended_haunt, COUNT(*) FROM games WHERE typeof(ended_haunt) = 'integer' AND ended_haunt > 0 GROUP BY ended_haunt`)
	if err != nil {
		return nil, fmt.Errorf("played haunts: %w", err)
	}
	defer rows.Close()
	played := map[int]int{}
	for rows.Next() {
		var haunt, n int
		if err := rows.Scan(&haunt, &n); err != nil {
			return nil, fmt.Errorf("scan played haunt: %w", err)
		}
		played[haunt] = n
	}
	return played, rows.Err()
}

// LoadGames reads every stored game with its log and seat tokens.
func (s *Store) LoadGames(ctx context.Context) ([]GameRecord, error) {
	return s.loadWhere(ctx, `1`)
}

// LoadLive reads the games a server keeps in memory from the start: those
// not finished and changed at or after since, and those not summarised yet.
func (s *Store) LoadLive(ctx context.Context, since time.Time) ([]GameRecord, error) {
	return s.loadWhere(ctx, `g.updated_at = '' OR (g.finished = 0 AND g.updated_at >= ?)`, since.UTC().Format(createdAtLayout))
}

// LoadGame reads one game, or returns ErrNotFound.
func (s *Store) LoadGame(ctx context.Context, code string) (GameRecord, error) {
	games, err := s.loadWhere(ctx, `g.code = ?`, code)
	if err != nil {
		return GameRecord{}, err
	}
	if len(games) == 0 {
		return GameRecord{}, ErrNotFound
	}
	return games[0], nil
}

// loadWhere reads the games matching where (about games g) in creation
// order. An event that won't decode is reported in its game's record
// instead of failing the load, so one damaged game never hides the others.
func (s *Store) loadWhere(ctx context.Context, where string, args ...any) ([]GameRecord, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT code, join_key, host_hash, updated_at, finished, ended_haunt FROM games g WHERE `+where+` ORDER BY created_at`, args...)
	if err != nil {
		return nil, fmt.Errorf("load games: %w", err)
	}
	var games []GameRecord
	index := map[string]int{}
	for rows.Next() {
		// Every column but the code is read as whatever SQLite holds and
		// checked here: a damaged row (a hand edit, a bad disk) then sets
		// only its own game aside, where a failed Scan would stop the load
		// of every game.
		var g GameRecord
		var joinKey, hostHash, updated, finished, haunt any
		if err := rows.Scan(&g.Code, &joinKey, &hostHash, &updated, &finished, &haunt); err != nil {
			rows.Close()
			return nil, fmt.Errorf("scan game: %w", err)
		}
		g.Damaged = g.readSummary(joinKey, hostHash, updated, finished, haunt)
		g.SeatTokens = map[string]int{}
		index[g.Code] = len(games)
		games = append(games, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("load games: %w", err)
	}
	if len(games) == 0 {
		return nil, nil
	}

	rows, err = s.db.QueryContext(ctx,
		`SELECT game_code, seq, body FROM events WHERE game_code IN (SELECT code FROM games g WHERE `+where+`) ORDER BY game_code, seq`, args...)
	if err != nil {
		return nil, fmt.Errorf("load events: %w", err)
	}
	for rows.Next() {
		var code string
		var seqCol, bodyCol any
		if err := rows.Scan(&code, &seqCol, &bodyCol); err != nil {
			rows.Close()
			return nil, fmt.Errorf("scan event: %w", err)
		}
		g := &games[index[code]]
		if g.BadEvent != 0 || g.Damaged != nil {
			continue
		}
		seq, ok := seqCol.(int64)
		if !ok || seq <= 0 {
			// Without a number the event can't be named: the game is damaged
			// as a whole.
			g.Damaged = fmt.Errorf("an event numbered %v", seqCol)
			continue
		}
		body, ok := text(bodyCol)
		if !ok {
			g.BadEvent, g.BadReason = int(seq), fmt.Errorf("decode event: a body of %T", bodyCol)
			continue
		}
		var e game.Event
		if err := json.Unmarshal([]byte(body), &e); err != nil {
			g.BadEvent, g.BadReason = int(seq), fmt.Errorf("decode event: %w", err)
			continue
		}
		g.Events = append(g.Events, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("load events: %w", err)
	}

	rows, err = s.db.QueryContext(ctx,
		`SELECT game_code, token_hash, seat_id FROM seat_tokens WHERE game_code IN (SELECT code FROM games g WHERE `+where+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("load seat tokens: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var code string
		var hashCol, seatCol any
		if err := rows.Scan(&code, &hashCol, &seatCol); err != nil {
			return nil, fmt.Errorf("scan seat token: %w", err)
		}
		g := &games[index[code]]
		hash, okHash := hashCol.([]byte)
		seat, okSeat := seatCol.(int64)
		switch {
		case g.Damaged != nil:
		case !okHash || len(hash) == 0:
			g.Damaged = fmt.Errorf("a seat token's hash of %T", hashCol)
		case !okSeat || seat <= 0 || seat > math.MaxInt32:
			g.Damaged = fmt.Errorf("a seat token's seat_id %q", fmt.Sprint(seatCol))
		default:
			g.SeatTokens[string(hash)] = int(seat)
		}
	}
	return games, rows.Err()
}

// readSummary fills in the game's row from the values SQLite holds, or
// says which of them does not read.
func (g *GameRecord) readSummary(joinKey, hostHash, updated, finished, haunt any) error {
	var ok bool
	if g.JoinKey, ok = text(joinKey); !ok || g.JoinKey == "" {
		return fmt.Errorf("join_key of %T", joinKey)
	}
	if g.HostHash, ok = hostHash.([]byte); !ok || len(g.HostHash) == 0 {
		return fmt.Errorf("host_hash of %T", hostHash)
	}
	at, ok := text(updated)
	if !ok {
		return fmt.Errorf("updated_at of %T", updated)
	}
	if at != "" {
		t, err := time.Parse(createdAtLayout, at)
		if err != nil {
			return fmt.Errorf("updated_at %q: %w", at, err)
		}
		g.Summary.UpdatedAt = t
	}
	// SQLite keeps a boolean as the integer 0 or 1.
	f, ok := finished.(int64)
	if !ok || (f != 0 && f != 1) {
		return fmt.Errorf("finished %q is not a boolean", fmt.Sprint(finished))
	}
	g.Summary.Finished = f == 1
	n, ok := haunt.(int64)
	if !ok || n < 0 || n > math.MaxInt32 {
		return fmt.Errorf("ended_haunt %q", fmt.Sprint(haunt))
	}
	g.Summary.Haunt = int(n)
	return nil
}

// text is a TEXT value as SQLite gave it (a string, or bytes).
func text(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case []byte:
		return string(v), true
	}
	return "", false
}
