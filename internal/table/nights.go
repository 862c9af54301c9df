package table

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"lantern/internal/game"
	"lantern/internal/store"
)

// Game nights: a finished game is played again by the same group. The next
// game is a new game of its own; the finished one is never changed (no event
// is added to it), only linked to its next in the store, and its seat
// tokens take a seat in the next game without the join key.

// links are the stored game -> next game links, both ways, in memory: every
// state answer of a finished game names its next.
type links struct {
	mu   sync.RWMutex
	next map[string]string
	prev map[string]string
}

func (l *links) load(ctx context.Context, st *store.Store) error {
	next, err := st.Links(ctx)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.next, l.prev = next, make(map[string]string, len(next))
	for code, n := range next {
		l.prev[n] = code
	}
	return nil
}

func (l *links) add(code, next string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.next[code], l.prev[next] = next, code
}

// Next is the game played after code, or "".
func (t *Tables) Next(code string) string {
	t.links.mu.RLock()
	defer t.links.mu.RUnlock()
	return t.links.next[code]
}

// Prev is the game code was played after, or "".
func (t *Tables) Prev(code string) string {
	t.links.mu.RLock()
	defer t.links.mu.RUnlock()
	return t.links.prev[code]
}

// Refusals of play again.
var (
	ErrNotOver    = &game.Error{Kind: game.Conflict, Key: "err_not_over"}
	ErrNextExists = &game.Error{Kind: game.Conflict, Key: "err_next_exists"}
	ErrNotNext    = &game.Error{Kind: game.NotFound, Key: "err_not_next"}
	ErrBadFrom    = &game.Error{Kind: game.Forbidden, Key: "err_bad_from"}
)

// Again starts the next game of a finished one (the host's), and tells the
// finished game's open streams, whose version doesn't move, that it exists.
func (t *Tables) Again(ctx context.Context, access Access) (Created, error) {
	if !access.Host {
		return Created{}, &game.Error{Kind: game.Forbidden, Key: "err_host_only"}
	}
	old, err := t.game(access.Code)
	if err != nil {
		return Created{}, err
	}
	old.mu.RLock()
	over := old.state.Ended != nil
	old.mu.RUnlock()
	if !over {
		return Created{}, ErrNotOver
	}
	c := Created{JoinKey: newSecret(), HostToken: newSecret()}
	for attempt := 0; ; attempt++ {
		c.Code = newCode()
		err := t.store.CreateNext(ctx, access.Code, c.Code, c.JoinKey, []byte(hashToken(c.HostToken)), t.now())
		if err == nil {
			break
		}
		if errors.Is(err, store.ErrNextExists) {
			return Created{}, ErrNextExists
		}
		if !errors.Is(err, store.ErrCodeTaken) || attempt > 20 {
			return Created{}, err
		}
	}
	t.adopt(c, game.New(c.Code))
	t.links.add(access.Code, c.Code)
	t.poke(old)
	return c, nil
}

// adopt keeps a game just stored in memory, with its host token.
func (t *Tables) adopt(c Created, st *game.State) *Game {
	g := &Game{state: st, joinKey: c.JoinKey, hostHash: hashToken(c.HostToken),
		tokens: map[string]Access{hashToken(c.HostToken): {Code: c.Code, Host: true}},
		subs:   map[chan int]struct{}{}, stored: store.Summary{UpdatedAt: t.now().UTC()}}
	g.lastUsed.Store(t.now().UnixNano())
	t.mu.Lock()
	t.games[c.Code] = g
	t.mu.Unlock()
	return g
}

// poke wakes a game's streams at the version they have: something beside
// the game's log changed (its next game), which each stream checks.
func (t *Tables) poke(g *Game) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for ch := range g.subs {
		select {
		case ch <- g.state.Version:
		default: // a wake-up is waiting already
		}
	}
}

// Followed is what a seat of the finished game brings to the next one.
type Followed struct {
	Name, Lang, Explorer string
}

// From is the seat of code's previous game that token plays, as it sat
// there: what the next game's seat keeps (name, language) and offers first
// (its explorer). ErrNotNext when code follows no game, ErrBadFrom when the
// token is no seat of it.
func (t *Tables) From(code, token string) (Followed, error) {
	f, _, err := t.from(code, token)
	return f, err
}

// from is From and the names in the previous game's seating order, read
// at once.
func (t *Tables) from(code, token string) (Followed, []string, error) {
	prev := t.Prev(code)
	if prev == "" {
		return Followed{}, nil, ErrNotNext
	}
	a, ok := t.Authenticate(prev, token)
	if !ok || a.Host {
		return Followed{}, nil, ErrBadFrom
	}
	type seen struct {
		f   Followed
		sat []string
	}
	got, err := Read(t, prev, func(st *game.State) (s seen) {
		if seat := st.SeatByID(a.Seat); seat != nil {
			s.f = Followed{Name: seat.Name, Lang: seat.Lang, Explorer: seat.Explorer}
		}
		for _, seat := range st.Seats {
			s.sat = append(s.sat, seat.Name)
		}
		return s
	})
	return got.f, got.sat, err
}

// JoinFrom seats a player of the previous game in the next one, by their
// seat token there instead of the join key, with the name and language they
// had; the seats are then put back in the order they sat.
func (t *Tables) JoinFrom(ctx context.Context, code, fromToken, explorer string) (int, string, error) {
	f, sat, err := t.from(code, fromToken)
	if err != nil {
		return 0, "", err
	}
	g, err := t.game(code)
	if err != nil {
		return 0, "", err
	}
	token := newSecret()
	var seatID int
	a := game.Join{Name: f.Name, Lang: f.Lang, Explorer: explorer}
	err = t.commit(ctx, g, game.Actor{}, a, func(evs []game.Event) error {
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
	// The seat is taken; a failed reorder only leaves it last, which the
	// host's ▲/▼ mend.
	_ = t.seatAsBefore(ctx, g, sat)
	return seatID, token, nil
}

// seatAsBefore orders the seats as their names sat in the previous game;
// seats new to the group come after, in the order they joined.
func (t *Tables) seatAsBefore(ctx context.Context, g *Game, sat []string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	st := g.state
	if st.Started {
		return nil
	}
	rank := func(name string) int {
		if i := slices.Index(sat, name); i >= 0 {
			return i
		}
		return len(sat)
	}
	order := make([]int, len(st.Seats)) // seat numbers in the new order
	for i := range order {
		order[i] = i + 1
	}
	slices.SortStableFunc(order, func(a, b int) int { return rank(st.Seats[a-1].Name) - rank(st.Seats[b-1].Name) })
	if slices.IsSorted(order) {
		return nil
	}
	evs, err := st.Decide(game.Actor{Host: true}, game.ReorderSeats{Order: order}, t.now())
	if err != nil {
		return err
	}
	return t.persistAndApply(ctx, g, evs, func(evs []game.Event) error {
		return t.store.AppendEvents(ctx, st.Code, evs, nil, 0)
	})
}

// Night is one finished game as the house remembers it.
type Night struct {
	Code    string
	Created time.Time // when it was first played
	Ended   time.Time // its last change: the ending
	Seats   []game.Seat
	Haunt   int    // 0: ended before any haunt
	Traitor string // the traitor's name as the table knew them, or ""
	Winner  string // game.SideHeroes or game.SideTraitor
}

// nightOf is what the house remembers of a finished game's state.
func nightOf(f store.Finished, st *game.State) Night {
	n := Night{Code: f.Code, Created: f.Created, Ended: f.Updated, Seats: slices.Clone(st.Seats)}
	if st.Ended != nil {
		n.Winner = st.Ended.Side
	}
	if h := st.Haunt; h != nil {
		n.Haunt = h.Number
		// A hidden traitor who never showed their token stays hidden: an
		// ending can be undone.
		if seat := st.SeatByID(h.PublicTraitor()); seat != nil {
			n.Traitor = seat.Name
		}
	}
	return n
}

// Nights are the finished games, newest first, at most limit: the house's
// memory of its game nights. A game's night is worked out once per ending
// and kept (a few names and numbers); a game in memory is read under its
// lock, one on disk replayed for it alone and not kept, so a long history
// doesn't fill the memory. Games that can't be rebuilt are left out.
func (t *Tables) Nights(ctx context.Context, limit int) ([]Night, error) {
	games, err := t.store.FinishedGames(ctx, limit)
	if err != nil {
		return nil, err
	}
	nights := make([]Night, 0, len(games))
	for _, f := range games {
		if n, ok := t.nights.get(f); ok {
			nights = append(nights, n)
			continue
		}
		t.mu.RLock()
		g := t.games[f.Code]
		t.mu.RUnlock()
		var n Night
		var ok bool
		if g != nil {
			g.mu.RLock()
			if ok = g.state.Ended != nil; ok {
				n = nightOf(f, g.state)
			}
			g.mu.RUnlock()
		} else {
			r, err := t.store.LoadGame(ctx, f.Code)
			if err != nil {
				return nil, err
			}
			if st, err := game.Replay(f.Code, r.Events); err == nil && r.BadEvent == 0 && st.Ended != nil {
				n, ok = nightOf(f, st), true
			}
		}
		if ok {
			t.nights.put(f, n)
			nights = append(nights, n)
		}
	}
	return nights, nil
}

// nightCache keeps each finished game's night, valid while its stored
// last change is the same (an undone ending and a new one change it).
type nightCache struct {
	mu sync.Mutex
	m  map[string]Night
}

func (c *nightCache) get(f store.Finished) (Night, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.m[f.Code]
	return n, ok && n.Ended.Equal(f.Updated)
}

func (c *nightCache) put(f store.Finished, n Night) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]Night{}
	}
	c.m[f.Code] = n
}
