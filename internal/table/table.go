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
	"slices"
	"sync"
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

// Game is one live game. Its lock guards state; subscribers get the new
// version after every committed change.
type Game struct {
	mu       sync.RWMutex
	state    *game.State
	joinKey  string
	hostHash string
	subs     map[chan int]struct{}
}

// Tables holds every game the server knows.
type Tables struct {
	store *store.Store
	now   func() time.Time

	mu     sync.RWMutex
	games  map[string]*Game
	tokens map[string]Access // sha256(token) -> access
}

// TransferLifetime is how long a "move seat to a new phone" QR stays valid.
const TransferLifetime = 15 * time.Minute

// Open rebuilds every stored game from its log.
func Open(ctx context.Context, st *store.Store, now func() time.Time) (*Tables, error) {
	t := &Tables{store: st, now: now, games: map[string]*Game{}, tokens: map[string]Access{}}
	records, err := st.LoadGames(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range records {
		state, err := game.Replay(r.Code, r.Events)
		if err != nil {
			return nil, fmt.Errorf("rebuild game %s: %w", r.Code, err)
		}
		t.games[r.Code] = &Game{state: state, joinKey: r.JoinKey, hostHash: string(r.HostHash), subs: map[chan int]struct{}{}}
		t.tokens[string(r.HostHash)] = Access{Code: r.Code, Host: true}
		for hash, seat := range r.SeatTokens {
			t.tokens[hash] = Access{Code: r.Code, Seat: seat}
		}
	}
	return t, nil
}

// Errors a person can cause outside the rules engine, as game.Errors so they
// carry a message key for every language.
var (
	ErrUnknownGame = &game.Error{Kind: game.NotFound, Key: "err_unknown_game"}
	ErrBadJoinKey  = &game.Error{Kind: game.Forbidden, Key: "err_bad_join_key"}
	ErrBadTransfer = &game.Error{Kind: game.Forbidden, Key: "err_bad_transfer"}
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

func newCode() string {
	b := make([]byte, 5)
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
	t.mu.Lock()
	t.games[c.Code] = &Game{state: game.New(c.Code), joinKey: c.JoinKey, hostHash: hashToken(c.HostToken), subs: map[chan int]struct{}{}}
	t.tokens[hashToken(c.HostToken)] = Access{Code: c.Code, Host: true}
	t.mu.Unlock()
	return c, nil
}

func (t *Tables) game(code string) (*Game, error) {
	t.mu.RLock()
	g := t.games[code]
	t.mu.RUnlock()
	if g == nil {
		return nil, ErrUnknownGame
	}
	return g, nil
}

// Authenticate maps a token to what it grants in the game with that code.
func (t *Tables) Authenticate(code, token string) (Access, bool) {
	if token == "" {
		return Access{}, false
	}
	t.mu.RLock()
	a, ok := t.tokens[hashToken(token)]
	t.mu.RUnlock()
	return a, ok && a.Code == code
}

// Exists reports whether a game with that code exists.
func (t *Tables) Exists(code string) bool {
	_, err := t.game(code)
	return err == nil
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

// Read runs fn with the game's state locked for reading. fn must not keep the
// state after it returns.
func (t *Tables) Read(code string, fn func(*game.State)) error {
	g, err := t.game(code)
	if err != nil {
		return err
	}
	g.mu.RLock()
	defer g.mu.RUnlock()
	fn(g.state)
	return nil
}

// Join seats a new player, returning the seat id and its token.
func (t *Tables) Join(ctx context.Context, code, key string, a game.Action) (int, string, error) {
	if err := t.CheckJoinKey(code, key); err != nil {
		return 0, "", err
	}
	g, _ := t.game(code)
	a.Type = game.ActJoin
	token := newSecret()
	var seatID int
	err := t.commit(ctx, g, game.Actor{}, a, func(evs []game.Event) error {
		seatID = evs[0].Seat
		return t.store.AppendEvents(ctx, code, evs, []byte(hashToken(token)), seatID)
	})
	if err != nil {
		return 0, "", err
	}
	t.mu.Lock()
	t.tokens[hashToken(token)] = Access{Code: code, Seat: seatID}
	t.mu.Unlock()
	return seatID, token, nil
}

// Act applies an action for whoever holds access and returns the new version.
func (t *Tables) Act(ctx context.Context, access Access, a game.Action) (int, error) {
	g, err := t.game(access.Code)
	if err != nil {
		return 0, err
	}
	if a.Type == game.ActJoin {
		return 0, &game.Error{Kind: game.Invalid, Key: "err_unknown_action", Args: []any{a.Type}}
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
	return t.persistAndApply(g, evs, persist)
}

func (t *Tables) persistAndApply(g *Game, evs []game.Event, persist func([]game.Event) error) error {
	if err := persist(evs); err != nil {
		return fmt.Errorf("commit events: %w", err)
	}
	before := slices.Clone(g.state.Events)
	for _, e := range evs {
		if err := g.state.Apply(e); err != nil {
			// The log is committed; the half-applied state can't be
			// trusted, so rebuild it from the log as a restart would.
			if rebuilt, rerr := game.Replay(g.state.Code, append(before, evs...)); rerr == nil {
				rebuilt.SetRandom(g.state.Random())
				g.state = rebuilt
			}
			return fmt.Errorf("apply committed event: %w", err)
		}
	}
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

// Subscribe returns a channel that receives the game's version after every
// change, starting with the current one, and a function to stop.
func (t *Tables) Subscribe(code string) (<-chan int, func(), error) {
	g, err := t.game(code)
	if err != nil {
		return nil, nil, err
	}
	ch := make(chan int, 1)
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

// StartTransfer makes a one-time token that moves a seat (by seat number) to
// another phone: the host for any seat, a seat for itself.
func (t *Tables) StartTransfer(ctx context.Context, access Access, seatNumber int) (string, error) {
	g, err := t.game(access.Code)
	if err != nil {
		return "", err
	}
	g.mu.RLock()
	seatID := 0
	if seat := g.state.SeatAt(seatNumber); seat != nil {
		seatID = seat.ID
	}
	g.mu.RUnlock()
	if seatID == 0 {
		return "", &game.Error{Kind: game.NotFound, Key: "err_unknown_seat", Args: []any{seatNumber}}
	}
	if !access.Host && access.Seat != seatID {
		// The host moves any seat; a phone hands over only a seat it plays
		// (the two-player variant).
		return "", &game.Error{Kind: game.Forbidden, Key: "err_host_only"}
	}
	token := newSecret()
	if err := t.store.CreateTransfer(ctx, access.Code, seatID, []byte(hashToken(token)), t.now().Add(TransferLifetime)); err != nil {
		return "", err
	}
	return token, nil
}

// ClaimTransfer moves a seat to the phone presenting a transfer token: the
// seat's old tokens stop working and a new one is returned.
func (t *Tables) ClaimTransfer(ctx context.Context, code, transferToken string) (int, string, error) {
	g, err := t.game(code)
	if err != nil {
		return 0, "", err
	}
	newToken := newSecret()
	g.mu.Lock()
	defer g.mu.Unlock()
	var evs []game.Event
	seatID, err := t.store.ClaimTransfer(ctx, code, []byte(hashToken(transferToken)), []byte(hashToken(newToken)), t.now(),
		func(seatID int) []game.Event {
			evs = []game.Event{{Seq: g.state.Version + 1, Type: game.EvSeatMoved, Seat: seatID, At: t.now().UTC(), Actor: game.Actor{Host: true}}}
			return evs
		})
	if errors.Is(err, store.ErrNotFound) {
		return 0, "", ErrBadTransfer
	}
	if err != nil {
		return 0, "", err
	}
	t.mu.Lock()
	for hash, a := range t.tokens {
		if a.Code == code && !a.Host && a.Seat == seatID {
			delete(t.tokens, hash)
		}
	}
	t.tokens[hashToken(newToken)] = Access{Code: code, Seat: seatID}
	t.mu.Unlock()
	if err := t.persistAndApply(g, evs, func([]game.Event) error { return nil }); err != nil {
		return 0, "", err
	}
	return seatID, newToken, nil
}

// PlayedHaunts is the group's memory of haunts played to the end on this
// server: haunt number -> how many finished games used it, not counting the
// game with code except. It is read off the logs, so an undone ending is
// forgotten too.
func (t *Tables) PlayedHaunts(except string) map[int]int {
	t.mu.RLock()
	games := make([]*Game, 0, len(t.games))
	for code, g := range t.games {
		if code != except {
			games = append(games, g)
		}
	}
	t.mu.RUnlock()
	played := map[int]int{}
	for _, g := range games {
		g.mu.RLock()
		if st := g.state; st.Ended != nil && st.Haunt != nil {
			played[st.Haunt.Number]++
		}
		g.mu.RUnlock()
	}
	return played
}
