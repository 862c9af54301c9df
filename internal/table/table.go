// Package table runs the live games: it holds each game's state in memory,
// passes actions through the rules, commits the resulting events to the
// store before acknowledging them, and tells subscribers a new version exists.
package table

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"lantern/internal/game"
	"lantern/internal/store"
)

// Access is what a token grants: the host of a game, or one seat in it.
type Access struct {
	Code string
	Host bool
	Seat int // stable seat id
}

// Actor converts access into the rules engine's notion of who acts.
func (a Access) Actor() game.Actor { return game.Actor{Host: a.Host, Seat: a.Seat} }

// Game is one game in memory. Its lock guards state, tokens and subs;
// subscribers get the new version after every committed change.
type Game struct {
	mu       sync.RWMutex
	state    *game.State
	joinKey  string
	hostHash string
	tokens   map[string]Access // sha256(token) -> access, this game's only
	subs     map[chan int]struct{}

	// stored is the summary the database holds (guarded by
	// Tables.summaryMu, as the haunt counts derive from it); lastUsed is
	// when a request last asked for the game, in Unix nanoseconds (written
	// under Tables.mu's read lock, read under its write lock).
	stored   store.Summary
	lastUsed atomic.Int64
}

// Tables holds the games the server has in memory: the live ones from the
// start, the others once someone asks for them. Finished and long-idle
// games stay on disk, so start-up time and memory follow the live games,
// not the years of game nights stored.
type Tables struct {
	store *store.Store
	now   func() time.Time

	// Locks are taken in this order: mu, a Game's mu, summaryMu.
	mu      sync.RWMutex
	games   map[string]*Game
	broken  map[string]*BrokenGame
	closing bool

	summaryMu sync.Mutex
	played    map[int]int // haunt number -> stored finished games that played it

	// links are the game nights: each game played again -> its next, and
	// nights what the house remembers of each finished game (nights.go).
	links  links
	nights nightCache
}

// IdleAfter is how long after its last change an unfinished game stops
// being live: it is not loaded at start-up, and may leave memory.
const IdleAfter = 24 * time.Hour

// UnloadAfter is how long a game that is not live stays in memory after
// its last request, when no phone has its event stream open.
const UnloadAfter = 15 * time.Minute

// BrokenGame is a stored game whose log can't be rebuilt: an event that
// won't decode or that the rules refuse to replay. The server sets it aside
// and serves every other game; asking for it gets this error.
type BrokenGame struct {
	Code   string
	Seq    int // the event that failed; 0 when a row outside the log did
	Reason error
}

func (b *BrokenGame) Error() string {
	if b.Seq == 0 {
		return fmt.Sprintf("game %s set aside: %v", b.Code, b.Reason)
	}
	return fmt.Sprintf("game %s set aside: event %d: %v", b.Code, b.Seq, b.Reason)
}

// Unwrap gives the refusal a person sees, in their language.
func (b *BrokenGame) Unwrap() error {
	if b.Seq == 0 {
		return &game.Error{Kind: game.Conflict, Key: "err_broken_game_row", Args: []any{b.Code}}
	}
	return &game.Error{Kind: game.Conflict, Key: "err_broken_game", Args: []any{b.Code, b.Seq}}
}

// Open loads the live games (rebuilding each from its log) and the haunt
// counts of all stored games. A game that can't be rebuilt is set aside and
// reported once in the log; it never stops the others.
func Open(ctx context.Context, st *store.Store, now func() time.Time) (*Tables, error) {
	t := &Tables{store: st, now: now, games: map[string]*Game{}, broken: map[string]*BrokenGame{}}
	records, err := st.LoadLive(ctx, now().Add(-IdleAfter))
	if err != nil {
		return nil, err
	}
	// A database from before summaries: the one-time summary of each old
	// game happens here, so the counts below include them.
	for _, r := range records {
		g, bad := rebuild(r)
		if bad != nil {
			t.setAside(bad)
			continue
		}
		t.summarise(ctx, r.Code, g)
		if t.live(g) {
			t.games[r.Code] = g
		}
	}
	if t.played, err = st.PlayedHaunts(ctx); err != nil {
		return nil, err
	}
	if err := t.links.load(ctx, st); err != nil {
		return nil, err
	}
	return t, nil
}

// rebuild replays a stored game, or says which event broke it.
func rebuild(r store.GameRecord) (*Game, *BrokenGame) {
	if r.Damaged != nil {
		return nil, &BrokenGame{Code: r.Code, Reason: r.Damaged}
	}
	state, bad := replay(r.Code, r.Events)
	if bad != nil {
		return nil, bad
	}
	if r.BadEvent != 0 {
		return nil, &BrokenGame{Code: r.Code, Seq: r.BadEvent, Reason: r.BadReason}
	}
	g := &Game{state: state, joinKey: r.JoinKey, hostHash: string(r.HostHash),
		tokens: map[string]Access{string(r.HostHash): {Code: r.Code, Host: true}},
		subs:   map[chan int]struct{}{}, stored: r.Summary}
	for hash, seat := range r.SeatTokens {
		g.tokens[hash] = Access{Code: r.Code, Seat: seat}
	}
	return g, nil
}

// replay rebuilds a game's state from its stored log, or says which event
// broke it. Each event is checked before it is applied (game.CheckEvent:
// an event missing what its type needs would stop fold), and the state
// after the last one must be possible (game.Check): an event that decodes
// but says something impossible (a trait at 99, a haunt off the chart, a
// token dealt twice) sets the game aside rather than trip every read.
// A panic the checks did not foresee sets it aside too, never the server.
func replay(code string, events []game.Event) (state *game.State, bad *BrokenGame) {
	seq := 0
	defer func() {
		if p := recover(); p != nil {
			state, bad = nil, &BrokenGame{Code: code, Seq: seq, Reason: fmt.Errorf("replay panicked: %v", p)}
		}
	}()
	state = game.New(code)
	for i := range events {
		e := &events[i]
		seq = e.Seq
		if err := game.CheckEvent(e); err != nil {
			return nil, &BrokenGame{Code: code, Seq: e.Seq, Reason: err}
		}
		if err := state.Apply(*e); err != nil {
			return nil, &BrokenGame{Code: code, Seq: e.Seq, Reason: err}
		}
	}
	if err := state.Check(); err != nil {
		return nil, &BrokenGame{Code: code, Seq: firstImpossible(code, events), Reason: err}
	}
	return state, nil
}

// firstImpossible is the first event after which a log's state is
// impossible, for the message that names it: checking after every event
// costs only a game already found broken.
func firstImpossible(code string, events []game.Event) int {
	state := game.New(code)
	for _, e := range events {
		if state.Apply(e) != nil || state.Check() != nil {
			return e.Seq
		}
	}
	return state.Version
}

// setAside remembers a broken game and says so, once, in the server's log.
func (t *Tables) setAside(b *BrokenGame) {
	t.broken[b.Code] = b
	if b.Seq == 0 {
		slog.Warn("game set aside: its stored record is damaged; every other game is served",
			"game", b.Code, "reason", b.Reason)
		return
	}
	slog.Warn("game set aside: its stored log can't be rebuilt; every other game is served",
		"game", b.Code, "event", b.Seq, "reason", b.Reason)
}

// summaryOf is what the database should say of a game's state.
func summaryOf(st *game.State, updated time.Time) store.Summary {
	sum := store.Summary{UpdatedAt: updated, Finished: st.Ended != nil}
	if sum.Finished && st.Haunt != nil {
		sum.Haunt = st.Haunt.Number
	}
	return sum
}

// summarise brings the stored summary of a loaded game up to date: after a
// change that ended or reopened it, or when the database had none. A failed
// write is only logged: the next load of the game writes it again.
// The caller holds g.mu or owns g alone; t.mu must not be held.
func (t *Tables) summarise(ctx context.Context, code string, g *Game) {
	updated := g.stored.UpdatedAt
	if n := len(g.state.Events); n > 0 && (updated.IsZero() || g.state.Events[n-1].At.After(updated)) {
		updated = g.state.Events[n-1].At
	}
	if updated.IsZero() {
		updated = t.now()
	}
	sum := summaryOf(g.state, updated)
	t.summaryMu.Lock()
	old := g.stored
	if sum.Finished == old.Finished && sum.Haunt == old.Haunt && !old.UpdatedAt.IsZero() {
		g.stored.UpdatedAt = updated
		t.summaryMu.Unlock()
		return
	}
	t.summaryMu.Unlock()
	if err := t.store.SetSummary(context.WithoutCancel(ctx), code, sum); err != nil {
		slog.Error("store game summary", "game", code, "err", err)
	}
	t.summaryMu.Lock()
	if t.played != nil {
		if old.Haunt != 0 {
			t.played[old.Haunt]--
		}
		if sum.Haunt != 0 {
			t.played[sum.Haunt]++
		}
	}
	g.stored = sum
	t.summaryMu.Unlock()
}

// live tells a game that belongs in memory from the start.
func (t *Tables) live(g *Game) bool {
	t.summaryMu.Lock()
	defer t.summaryMu.Unlock()
	return !g.stored.Finished && t.now().Sub(g.stored.UpdatedAt) < IdleAfter
}

// Errors a person can cause outside the rules engine, as game.Errors so they
// carry a message key for every language.
var (
	ErrUnknownGame = &game.Error{Kind: game.NotFound, Key: "err_unknown_game"}
	ErrBadJoinKey  = &game.Error{Kind: game.Forbidden, Key: "err_bad_join_key"}
	ErrBadTransfer = &game.Error{Kind: game.Forbidden, Key: "err_bad_transfer"}
	// ErrShuttingDown refuses a new event stream while the server stops.
	ErrShuttingDown = &game.Error{Kind: game.Conflict, Key: "err_shutting_down"}
)

func newSecret() string {
	b := make([]byte, 16) // 128 bits
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return string(h[:])
}

// codeAlphabet leaves out letters that read alike (I, O, 0, 1) on a screen.
const codeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

const codeLength = 5

func newCode() string {
	b := make([]byte, codeLength)
	rand.Read(b)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

// Created is what the host gets back when a game is made.
type Created struct {
	Code      string
	JoinKey   string
	HostToken string
}

// Create makes a new game and its host token.
func (t *Tables) Create(ctx context.Context) (Created, error) {
	c := Created{JoinKey: newSecret(), HostToken: newSecret()}
	for attempt := 0; ; attempt++ {
		c.Code = newCode()
		err := t.store.CreateGame(ctx, c.Code, c.JoinKey, []byte(hashToken(c.HostToken)), t.now())
		if err == nil {
			break
		}
		if !errors.Is(err, store.ErrCodeTaken) || attempt > 20 {
			return Created{}, err
		}
	}
	g := &Game{state: game.New(c.Code), joinKey: c.JoinKey, hostHash: hashToken(c.HostToken),
		tokens: map[string]Access{hashToken(c.HostToken): {Code: c.Code, Host: true}},
		subs:   map[chan int]struct{}{}, stored: store.Summary{UpdatedAt: t.now().UTC()}}
	g.lastUsed.Store(t.now().UnixNano())
	t.mu.Lock()
	t.games[c.Code] = g
	t.mu.Unlock()
	return c, nil
}

// game finds a game in memory, or loads it from the database.
func (t *Tables) game(code string) (*Game, error) {
	t.mu.RLock()
	g, bad := t.games[code], t.broken[code]
	if g != nil {
		g.lastUsed.Store(t.now().UnixNano())
	}
	t.mu.RUnlock()
	switch {
	case bad != nil:
		return nil, bad
	case g != nil:
		return g, nil
	case !validCode(code):
		return nil, ErrUnknownGame // no need to ask the database
	}
	return t.load(code)
}

func validCode(code string) bool {
	if len(code) != codeLength {
		return false
	}
	for _, r := range code {
		if !strings.ContainsRune(codeAlphabet, r) {
			return false
		}
	}
	return true
}

// load reads a game kept on disk into memory. Two requests loading the same
// game at once both read it; the first to finish is kept.
func (t *Tables) load(code string) (*Game, error) {
	ctx := context.Background() // a load serves every later request, not just this one
	r, err := t.store.LoadGame(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrUnknownGame
	}
	if err != nil {
		return nil, err
	}
	g, bad := rebuild(r)
	t.mu.Lock()
	if kept := t.games[code]; kept != nil {
		kept.lastUsed.Store(t.now().UnixNano())
		t.mu.Unlock()
		return kept, nil
	}
	if kept := t.broken[code]; kept != nil {
		t.mu.Unlock()
		return nil, kept
	}
	if bad != nil {
		t.setAside(bad)
		t.mu.Unlock()
		return nil, bad
	}
	g.lastUsed.Store(t.now().UnixNano())
	t.games[code] = g
	t.mu.Unlock()
	g.mu.Lock()
	t.summarise(ctx, code, g)
	g.mu.Unlock()
	return g, nil
}

// UnloadIdle drops from memory the games that are not live, have no event
// stream open and had no request for UnloadAfter. They stay on disk and
// come back when asked for.
func (t *Tables) UnloadIdle() int {
	cutoff := t.now().Add(-UnloadAfter).UnixNano()
	var dropped []string
	t.mu.Lock()
	for code, g := range t.games {
		if g.lastUsed.Load() > cutoff || t.live(g) {
			continue
		}
		g.mu.RLock()
		streams := len(g.subs)
		g.mu.RUnlock()
		if streams == 0 {
			delete(t.games, code)
			dropped = append(dropped, code)
		}
	}
	t.mu.Unlock()
	return len(dropped)
}

// UnloadIdleEvery runs UnloadIdle every interval until ctx ends.
func (t *Tables) UnloadIdleEvery(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			t.UnloadIdle()
		}
	}
}

// Loaded is how many games are in memory.
func (t *Tables) Loaded() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.games)
}

// Authenticate maps a token to what it grants in the game with that code.
func (t *Tables) Authenticate(code, token string) (Access, bool) {
	if token == "" {
		return Access{}, false
	}
	g, err := t.game(code)
	if err != nil {
		return Access{}, false
	}
	g.mu.RLock()
	a, ok := g.tokens[hashToken(token)]
	g.mu.RUnlock()
	return a, ok
}

// Find reports whether a game with that code can be served: nil, or
// ErrUnknownGame, or a *BrokenGame.
func (t *Tables) Find(code string) error {
	_, err := t.game(code)
	return err
}

// CheckJoinKey tells whether key opens the game's join page.
func (t *Tables) CheckJoinKey(code, key string) error {
	g, err := t.game(code)
	if err != nil {
		return err
	}
	if key == "" || !constantTimeEqual(key, g.joinKey) {
		return ErrBadJoinKey
	}
	return nil
}

// JoinKey returns the game's join secret, for the host's QR code.
func (t *Tables) JoinKey(code string) (string, error) {
	g, err := t.game(code)
	if err != nil {
		return "", err
	}
	return g.joinKey, nil
}

// Read runs fn with the game's state locked for reading and returns what fn
// made of it, or why the game can't be read: ErrUnknownGame, a
// *BrokenGame, or the store's error loading it. A game can go between two
// steps of a request (unloaded while idle, then failing to load), so every
// caller decides what a failed read means; a zero T is never an answer.
// fn must not keep the state after it returns. It is a function, not a
// method, since a method can't have a type parameter; it takes no context,
// since it waits only for the game's lock and a load from disk serves every
// later request, not just this one (load).
func Read[T any](t *Tables, code string, fn func(*game.State) T) (T, error) {
	g, err := t.game(code)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("read game %s: %w", code, err)
	}
	g.mu.RLock()
	defer g.mu.RUnlock()
	return fn(g.state), nil
}

// Join seats a new player, returning the seat id and its token.
func (t *Tables) Join(ctx context.Context, code, key string, a game.Join) (int, string, error) {
	if err := t.CheckJoinKey(code, key); err != nil {
		return 0, "", err
	}
	g, _ := t.game(code)
	token := newSecret()
	var seatID int
	err := t.commit(ctx, g, game.Actor{}, a, func(evs []game.Event) error {
		seatID = evs[0].SeatOf()
		if err := t.store.AppendEvents(ctx, code, evs, []byte(hashToken(token)), seatID); err != nil {
			return err
		}
		g.tokens[hashToken(token)] = Access{Code: code, Seat: seatID}
		return nil
	})
	if err != nil {
		return 0, "", err
	}
	return seatID, token, nil
}

// Act applies an action for whoever holds access and returns the new version.
func (t *Tables) Act(ctx context.Context, access Access, a game.Action) (int, error) {
	g, err := t.game(access.Code)
	if err != nil {
		return 0, err
	}
	if a == nil {
		return 0, &game.Error{Kind: game.Invalid, Key: "err_no_type"}
	}
	if typ := a.ActionType(); typ == game.ActJoin {
		// Joining takes the join key and makes a token: only Join does it.
		return 0, &game.Error{Kind: game.Invalid, Key: "err_unknown_action", Args: []any{typ}}
	}
	var version int
	err = t.commit(ctx, g, access.Actor(), a, func(evs []game.Event) error {
		version = evs[len(evs)-1].Seq
		return t.store.AppendEvents(ctx, access.Code, evs, nil, 0)
	})
	return version, err
}

// commit decides, persists and applies under the game's lock, so two phones
// acting at once are serialised and each sees the other's result.
func (t *Tables) commit(ctx context.Context, g *Game, actor game.Actor, a game.Action, persist func([]game.Event) error) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	evs, err := g.state.Decide(actor, a, t.now())
	if err != nil {
		return err
	}
	return t.persistAndApply(ctx, g, evs, persist)
}

// persistAndApply applies the events in memory, checks the state they lead
// to, and only then commits them: an action that would lead to a state the
// rules call impossible (game.Check) is refused and never stored, since a
// stored one would set the game aside at the next start. Nobody sees the
// state before the commit (the caller holds g.mu), and should the commit
// fail the state is rebuilt without the events.
func (t *Tables) persistAndApply(ctx context.Context, g *Game, evs []game.Event, persist func([]game.Event) error) error {
	// The log before these events, without a copy: Apply only appends to
	// it, and the capped slice makes a rebuild append to a new one.
	n := len(g.state.Events)
	before := g.state.Events[:n:n]
	back := func() {
		rebuilt, bad := replay(g.state.Code, before)
		if bad != nil {
			// The log it was loaded from replayed then: only a bug gets here.
			slog.Error("game can't be rebuilt after a refused change", "game", g.state.Code, "err", bad)
			return
		}
		rebuilt.SetRandom(g.state.Random())
		g.state = rebuilt
	}
	if err := t.applyChecked(g, evs); err != nil {
		back()
		return err
	}
	if err := persist(evs); err != nil {
		back()
		return fmt.Errorf("commit events: %w", err)
	}
	t.summarise(ctx, g.state.Code, g)
	for ch := range g.subs {
		select {
		case ch <- g.state.Version:
		default: // a slow reader already has a newer version waiting
			select {
			case <-ch:
			default:
			}
			ch <- g.state.Version
		}
	}
	return nil
}

// applyChecked applies decided events to the game's state and checks the
// result; an error means the state must be rebuilt. A panic is an error
// too: the events are refused, the server goes on.
func (t *Tables) applyChecked(g *Game, evs []game.Event) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("apply events: panicked: %v", p)
		}
	}()
	for i := range evs {
		if err := game.CheckEvent(&evs[i]); err != nil {
			return refuseImpossible(g.state.Code, err)
		}
		if err := g.state.Apply(evs[i]); err != nil {
			return fmt.Errorf("apply events: %w", err)
		}
	}
	if err := g.state.Check(); err != nil {
		return refuseImpossible(g.state.Code, err)
	}
	return nil
}

// refuseImpossible turns an impossible state an action would lead to into
// its refusal, and logs it: the rules engine decided something its own
// check refuses, which is a bug to hear about.
func refuseImpossible(code string, err error) error {
	slog.Error("action refused: it would lead to an impossible state", "game", code, "reason", err)
	return &game.Error{Kind: game.Conflict, Key: "err_impossible_state"}
}

// Subscribe returns a channel that receives the game's version after every
// change, starting with the current one, and a function to stop.
func (t *Tables) Subscribe(code string) (<-chan int, func(), error) {
	g, err := t.game(code)
	if err != nil {
		return nil, nil, err
	}
	ch := make(chan int, 1)
	t.mu.RLock() // EndStreams holds the write lock while it closes every stream
	defer t.mu.RUnlock()
	if t.closing {
		return nil, nil, ErrShuttingDown
	}
	g.mu.Lock()
	g.subs[ch] = struct{}{}
	ch <- g.state.Version
	g.mu.Unlock()
	return ch, func() {
		g.mu.Lock()
		delete(g.subs, ch)
		g.mu.Unlock()
	}, nil
}

// EndStreams closes every subscription's channel and refuses new ones, so
// the event streams end and a shutdown can wait for the other requests.
func (t *Tables) EndStreams() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.closing = true
	for _, g := range t.games {
		g.mu.Lock()
		for ch := range g.subs {
			delete(g.subs, ch)
			close(ch)
		}
		g.mu.Unlock()
	}
}

// PlayedHaunts is the group's memory of haunts played to the end on this
// server: haunt number -> how many finished games used it, not counting the
// game with code except. It follows the games' logs, so an undone ending is
// forgotten too; games kept on disk count through their stored summaries.
func (t *Tables) PlayedHaunts(except string) map[int]int {
	g, _ := t.game(except) // the game whose page asks is in memory already
	t.summaryMu.Lock()
	defer t.summaryMu.Unlock()
	played := make(map[int]int, len(t.played))
	for haunt, n := range t.played {
		if n > 0 {
			played[haunt] = n
		}
	}
	if g != nil && g.stored.Haunt != 0 {
		if played[g.stored.Haunt]--; played[g.stored.Haunt] <= 0 {
			delete(played, g.stored.Haunt)
		}
	}
	return played
}
