package table_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"lantern/internal/game"
	"lantern/internal/store"
	"lantern/internal/table"
)

var ctx = context.Background()

// clock is a settable time source shared with the tables under test.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// env is a Tables on a real SQLite file that can be restarted.
type env struct {
	t     testing.TB
	path  string
	clock *clock
	st    *store.Store
	tab   *table.Tables
}

func newEnv(t testing.TB) *env {
	t.Helper()
	e := &env{t: t, path: filepath.Join(t.TempDir(), "lantern.db"), clock: &clock{now: time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)}}
	e.open()
	t.Cleanup(func() { e.st.Close() })
	return e
}

func (e *env) open() {
	e.t.Helper()
	st, err := store.Open(ctx, e.path)
	if err != nil {
		e.t.Fatal(err)
	}
	tab, err := table.Open(ctx, st, e.clock.Now)
	if err != nil {
		e.t.Fatal(err)
	}
	e.st, e.tab = st, tab
}

// restart closes the database and rebuilds every table from it, as a server
// restart does.
func (e *env) restart() {
	e.t.Helper()
	if err := e.st.Close(); err != nil {
		e.t.Fatal(err)
	}
	e.open()
}

type joined struct {
	seat  int
	token string
}

// game creates a game with n seats and, if start, starts it with seat 1.
func (e *env) game(n int, start bool) (table.Created, []joined) {
	e.t.Helper()
	c, err := e.tab.Create(ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	explorers := []string{"ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra", "professor-longfellow", "heather-granville"}
	var seats []joined
	for i := 0; i < n; i++ {
		id, tok, err := e.tab.Join(ctx, c.Code, c.JoinKey, game.Join{Name: fmt.Sprintf("P%d", i+1), Explorer: explorers[i]})
		if err != nil {
			e.t.Fatal(err)
		}
		seats = append(seats, joined{id, tok})
	}
	if start {
		if _, err := e.tab.Act(ctx, e.auth(c.Code, c.HostToken), game.StartGame{FirstSeat: 1}); err != nil {
			e.t.Fatal(err)
		}
	}
	return c, seats
}

// auth authenticates a token that must be valid for code.
func (e *env) auth(code, token string) table.Access {
	e.t.Helper()
	a, ok := e.tab.Authenticate(code, token)
	if !ok {
		e.t.Fatalf("token for %s refused", code)
	}
	return a
}

func (e *env) state(code string) *game.State {
	e.t.Helper()
	type replayed struct {
		st      *game.State
		live    int
		replayE error
	}
	r, err := table.Read(e.tab, code, func(s *game.State) replayed {
		copy, err := game.Replay(s.Code, s.Events)
		return replayed{copy, s.Version, err}
	})
	if err = errors.Join(err, r.replayE); err != nil {
		e.t.Fatal(err)
	}
	if r.st.Version != r.live {
		e.t.Fatalf("live version %d, replayed %d", r.live, r.st.Version)
	}
	return r.st
}

func wantGameError(t testing.TB, err error, key string, kind game.ErrorKind) {
	t.Helper()
	var ge *game.Error
	if !errors.As(err, &ge) {
		t.Fatalf("error %v (%T), want game error %s", err, err, key)
	}
	if ge.Key != key || ge.Kind != kind {
		t.Fatalf("error %s (kind %d), want %s (kind %d)", ge.Key, ge.Kind, key, kind)
	}
}

func TestCreate(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	codes := map[string]bool{}
	for i := 0; i < 20; i++ {
		c, err := e.tab.Create(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Code) != 5 || strings.Trim(c.Code, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789") != "" {
			t.Errorf("code %q uses look-alike characters or has the wrong length", c.Code)
		}
		if codes[c.Code] {
			t.Errorf("code %s handed out twice", c.Code)
		}
		codes[c.Code] = true
		if len(c.JoinKey) < 20 || len(c.HostToken) < 20 || c.JoinKey == c.HostToken {
			t.Errorf("weak secrets %+v", c)
		}
		if err := e.tab.Find(c.Code); err != nil {
			t.Errorf("created game %s does not exist", c.Code)
		}
		a, ok := e.tab.Authenticate(c.Code, c.HostToken)
		if !ok || a != (table.Access{Code: c.Code, Host: true}) {
			t.Errorf("host token: %+v %v", a, ok)
		}
		if key, err := e.tab.JoinKey(c.Code); err != nil || key != c.JoinKey {
			t.Errorf("JoinKey %q %v", key, err)
		}
		s := e.state(c.Code)
		if s.Version != 0 || s.Started || len(s.Seats) != 0 {
			t.Errorf("new game state %+v", s)
		}
	}
	if err := e.tab.Find("ZZZZZ"); !errors.Is(err, table.ErrUnknownGame) {
		t.Errorf("Find of an unknown game: %v", err)
	}
	if _, err := e.tab.JoinKey("ZZZZZ"); !errors.Is(err, table.ErrUnknownGame) {
		t.Errorf("JoinKey of unknown game: %v", err)
	}
	if _, err := table.Read(e.tab, "ZZZZZ", func(*game.State) any { t.Error("read unknown game"); return nil }); !errors.Is(err, table.ErrUnknownGame) {
		t.Errorf("Read of unknown game: %v", err)
	}
}

func TestJoinKey(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, _ := e.game(0, false)
	other, _ := e.game(0, false)
	a := game.Join{Name: "Ann", Explorer: "ox-bellows"}
	for _, key := range []string{"", "wrong", c.JoinKey + "x", c.JoinKey[:len(c.JoinKey)-1], other.JoinKey} {
		if _, _, err := e.tab.Join(ctx, c.Code, key, a); !errors.Is(err, table.ErrBadJoinKey) {
			t.Errorf("join with key %q: %v, want ErrBadJoinKey", key, err)
		}
		if err := e.tab.CheckJoinKey(c.Code, key); !errors.Is(err, table.ErrBadJoinKey) {
			t.Errorf("CheckJoinKey(%q): %v", key, err)
		}
	}
	if _, _, err := e.tab.Join(ctx, "ZZZZZ", c.JoinKey, a); !errors.Is(err, table.ErrUnknownGame) {
		t.Errorf("join unknown game: %v", err)
	}
	if err := e.tab.CheckJoinKey(c.Code, c.JoinKey); err != nil {
		t.Errorf("right key refused: %v", err)
	}
	if s := e.state(c.Code); len(s.Seats) != 0 || s.Version != 0 {
		t.Errorf("refused joins changed the game: %+v", s)
	}
}

func TestJoinTokenAuthenticatesForItsGameOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, seats := e.game(2, false)
	other, otherSeats := e.game(1, false)
	for i, j := range seats {
		a, ok := e.tab.Authenticate(c.Code, j.token)
		if !ok || a != (table.Access{Code: c.Code, Seat: j.seat}) || j.seat != i+1 {
			t.Errorf("seat %d token: %+v %v", j.seat, a, ok)
		}
		if _, ok := e.tab.Authenticate(other.Code, j.token); ok {
			t.Errorf("seat token of %s accepted for %s", c.Code, other.Code)
		}
	}
	if _, ok := e.tab.Authenticate(c.Code, otherSeats[0].token); ok {
		t.Error("other game's seat token accepted")
	}
	if _, ok := e.tab.Authenticate(c.Code, other.HostToken); ok {
		t.Error("other game's host token accepted")
	}
	for _, bad := range []string{"", "x", seats[0].token + "x", strings.ToUpper(seats[0].token)} {
		if _, ok := e.tab.Authenticate(c.Code, bad); ok && bad != seats[0].token {
			t.Errorf("token %q accepted", bad)
		}
	}
	if seats[0].token == seats[1].token {
		t.Error("two seats share a token")
	}
}

func TestJoinRefusedByTheRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, _ := e.game(1, false)
	_, _, err := e.tab.Join(ctx, c.Code, c.JoinKey, game.Join{Name: "Bob", Explorer: "darrin-williams"}) // Ox's other side
	wantGameError(t, err, "err_explorer_taken", game.Conflict)
	_, _, err = e.tab.Join(ctx, c.Code, c.JoinKey, game.Join{Name: " ", Explorer: "zoe-ingstrom"})
	wantGameError(t, err, "err_name_empty", game.Invalid)
	// Join takes only a join (game.Join): no other type can be smuggled in.
	id, _, err := e.tab.Join(ctx, c.Code, c.JoinKey, game.Join{Name: "Cy", Explorer: "zoe-ingstrom"})
	if err != nil || id != 2 {
		t.Fatalf("join: %d %v", id, err)
	}
	if s := e.state(c.Code); s.Started || len(s.Seats) != 2 || s.Version != 2 {
		t.Errorf("state after joins %+v", s)
	}
}

func TestActRefusesTheUnauthenticated(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, seats := e.game(2, true)
	other, otherSeats := e.game(1, true)
	step := game.StepTrait{Trait: game.Might, Delta: 1}
	before := e.state(c.Code).Version

	// No token: the caller has only the zero access for the game.
	_, err := e.tab.Act(ctx, table.Access{Code: c.Code}, step)
	wantGameError(t, err, "err_not_seated", game.Forbidden)
	// A seat id that is not in this game (e.g. another game's seat 1 would
	// be; seat 7 is nobody's).
	_, err = e.tab.Act(ctx, table.Access{Code: c.Code, Seat: 7}, step)
	wantGameError(t, err, "err_not_seated", game.Forbidden)
	// Another game's token does not authenticate here at all.
	if _, ok := e.tab.Authenticate(c.Code, otherSeats[0].token); ok {
		t.Fatal("other game's token authenticated")
	}
	// A seat may not act for another seat.
	_, err = e.tab.Act(ctx, e.auth(c.Code, seats[0].token), game.StepTrait{Seat: 2, Trait: game.Might, Delta: 1})
	wantGameError(t, err, "err_other_seat", game.Forbidden)
	// Join is not an Act.
	_, err = e.tab.Act(ctx, e.auth(c.Code, c.HostToken), game.Join{Name: "x", Explorer: "zoe-ingstrom"})
	wantGameError(t, err, "err_unknown_action", game.Invalid)
	// Unknown game.
	if _, err := e.tab.Act(ctx, table.Access{Code: "ZZZZZ", Host: true}, step); !errors.Is(err, table.ErrUnknownGame) {
		t.Errorf("act on unknown game: %v", err)
	}
	if after := e.state(c.Code).Version; after != before {
		t.Errorf("refused actions moved the version %d -> %d", before, after)
	}

	// The real tokens work, and return the new version.
	v, err := e.tab.Act(ctx, e.auth(c.Code, seats[1].token), step)
	if err != nil || v != before+1 {
		t.Errorf("seat act: version %d err %v", v, err)
	}
	if _, err := e.tab.Act(ctx, e.auth(other.Code, other.HostToken), game.StepTrait{Seat: 1, Trait: game.Might, Delta: 1}); err != nil {
		t.Errorf("host act: %v", err)
	}
}

func TestConcurrentActs(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, seats := e.game(4, true)
	start := e.state(c.Code).Version
	host := e.auth(c.Code, c.HostToken)
	accesses := []table.Access{host}
	for _, j := range seats {
		accesses = append(accesses, e.auth(c.Code, j.token))
	}

	const workers, perWorker = 16, 25
	var (
		mu       sync.Mutex
		versions []int
		refused  int
	)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 1))
			access := accesses[w%len(accesses)]
			for i := 0; i < perWorker; i++ {
				var a game.Action
				switch r.IntN(5) {
				case 0:
					a = game.EndTurn{}
				case 1:
					a = game.Undo{}
				default:
					step := game.StepTrait{Trait: game.Traits[r.IntN(4)], Delta: r.IntN(5) - 2}
					if access.Host {
						step.Seat = 1 + r.IntN(len(seats))
					}
					a = step
				}
				v, err := e.tab.Act(ctx, access, a)
				mu.Lock()
				if err != nil {
					var ge *game.Error
					if !errors.As(err, &ge) {
						t.Errorf("non-rules error: %v", err)
					}
					refused++
				} else {
					versions = append(versions, v)
				}
				mu.Unlock()
				// Readers run alongside writers.
				if _, err := table.Read(e.tab, c.Code, func(s *game.State) int { return s.Version + len(s.Seats) }); err != nil {
					t.Error(err)
				}
			}
		}(w)
	}
	wg.Wait()

	if len(versions)+refused != workers*perWorker {
		t.Fatalf("%d accepted + %d refused != %d", len(versions), refused, workers*perWorker)
	}
	if len(versions) == 0 {
		t.Fatal("nothing accepted")
	}
	// Every accepted action got its own version, and they are exactly the
	// next len(versions) numbers.
	sort.Ints(versions)
	for i, v := range versions {
		if v != start+1+i {
			t.Fatalf("versions %v not consecutive from %d", versions, start+1)
		}
	}
	final := e.state(c.Code)
	if final.Version != start+len(versions) || len(final.Events) != final.Version {
		t.Errorf("final version %d with %d events, want %d", final.Version, len(final.Events), start+len(versions))
	}
	// What was committed is what is in memory.
	e.restart()
	again := e.state(c.Code)
	if !reflect.DeepEqual(again.Seats, final.Seats) || again.Version != final.Version || !reflect.DeepEqual(again.Events, final.Events) {
		t.Errorf("stored log differs from memory after concurrent acts")
	}
	t.Logf("%d accepted, %d refused", len(versions), refused)
}

func TestConcurrentJoins(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, err := e.tab.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	explorers := []string{"ox-bellows", "darrin-williams", "missy-dubourde", "zoe-ingstrom", "peter-akimoto", "brandon-jaspers",
		"madame-zostra", "vivian-lopez", "professor-longfellow", "father-rhinehardt", "heather-granville", "jenny-leclerc"}
	var wg sync.WaitGroup
	results := make(chan joined, len(explorers))
	for i, ex := range explorers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, tok, err := e.tab.Join(ctx, c.Code, c.JoinKey, game.Join{Name: fmt.Sprintf("P%d", i), Explorer: ex})
			if err == nil {
				results <- joined{id, tok}
			}
		}()
	}
	wg.Wait()
	close(results)
	ids := map[int]bool{}
	for j := range results {
		if ids[j.seat] {
			t.Errorf("seat id %d handed out twice", j.seat)
		}
		ids[j.seat] = true
		if a, ok := e.tab.Authenticate(c.Code, j.token); !ok || a.Seat != j.seat {
			t.Errorf("token for seat %d: %+v %v", j.seat, a, ok)
		}
	}
	// Two sides of each of six cards: exactly one side per card gets in.
	if len(ids) != 6 {
		t.Errorf("%d seats joined, want 6", len(ids))
	}
	s := e.state(c.Code)
	if len(s.Seats) != 6 {
		t.Errorf("%d seats in state", len(s.Seats))
	}
}

func TestSubscribe(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, seats := e.game(2, true)
	ch, stop, err := e.tab.Subscribe(c.Code)
	if err != nil {
		t.Fatal(err)
	}
	recv := func() int {
		t.Helper()
		select {
		case v := <-ch:
			return v
		case <-time.After(5 * time.Second):
			t.Fatal("no version received")
			return 0
		}
	}
	v0 := recv()
	if v0 != e.state(c.Code).Version {
		t.Fatalf("first version %d", v0)
	}
	seat1 := e.auth(c.Code, seats[0].token)
	step := game.StepTrait{Trait: game.Might, Delta: 1}
	v1, err := e.tab.Act(ctx, seat1, step)
	if err != nil {
		t.Fatal(err)
	}
	if got := recv(); got != v1 {
		t.Errorf("received %d, want %d", got, v1)
	}
	// A refused action sends nothing.
	if _, err := e.tab.Act(ctx, seat1, game.StepTrait{Trait: game.Might, Delta: 0}); err == nil {
		t.Fatal("zero step accepted")
	}
	select {
	case v := <-ch:
		t.Errorf("refusal announced version %d", v)
	default:
	}
	// A slow reader is not blocked on and sees the newest version.
	for i := 0; i < 3; i++ {
		if _, err := e.tab.Act(ctx, seat1, step); err != nil {
			t.Fatal(err)
		}
	}
	if got := recv(); got != v1+3 {
		t.Errorf("slow reader got %d, want newest %d", got, v1+3)
	}
	// Joins and transfers announce too.
	tok, err := e.tab.StartTransfer(ctx, e.auth(c.Code, c.HostToken), 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.tab.ClaimTransfer(ctx, c.Code, tok); err != nil {
		t.Fatal(err)
	}
	if got := recv(); got != v1+4 {
		t.Errorf("after transfer got %d, want %d", got, v1+4)
	}
	// Several subscribers each get it; a stopped one gets nothing more.
	ch2, stop2, err := e.tab.Subscribe(c.Code)
	if err != nil {
		t.Fatal(err)
	}
	defer stop2()
	<-ch2
	stop()
	if _, err := e.tab.Act(ctx, seat1, step); err != nil {
		t.Fatal(err)
	}
	select {
	case v := <-ch2:
		if v != v1+5 {
			t.Errorf("second subscriber got %d", v)
		}
	case <-time.After(5 * time.Second):
		t.Error("second subscriber got nothing")
	}
	select {
	case v := <-ch:
		t.Errorf("stopped subscriber got %d", v)
	default:
	}
	if _, _, err := e.tab.Subscribe("ZZZZZ"); !errors.Is(err, table.ErrUnknownGame) {
		t.Errorf("subscribe unknown game: %v", err)
	}
}

func TestRestartRebuildsStateAndTokens(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, seats := e.game(3, false)
	host := e.auth(c.Code, c.HostToken)
	act := func(access table.Access, a game.Action) {
		t.Helper()
		if _, err := e.tab.Act(ctx, access, a); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	act(host, game.ReorderSeats{Order: []int{2, 3, 1}})
	act(host, game.StartGame{FirstSeat: 2})
	s1 := e.auth(c.Code, seats[0].token)
	act(s1, game.StepTrait{Trait: game.Speed, Delta: 5})
	act(host, game.SetPhase{Phase: game.PhaseHaunt})
	act(host, game.TakeDamage{Seat: 1, Kind: "physical", Split: map[string]int{game.Might: 2, game.Speed: 1}})
	act(host, game.Undo{})
	act(host, game.EndTurn{})
	other, _ := e.game(1, true)
	// Move seat 3 to a new phone before the restart.
	xfer, err := e.tab.StartTransfer(ctx, host, e.state(c.Code).SeatNumber(3))
	if err != nil {
		t.Fatal(err)
	}
	_, moved, err := e.tab.ClaimTransfer(ctx, c.Code, xfer)
	if err != nil {
		t.Fatal(err)
	}

	before := e.state(c.Code)
	beforeOther := e.state(other.Code)
	e.restart()
	after := e.state(c.Code)
	if !reflect.DeepEqual(snapshotOf(after), snapshotOf(before)) {
		t.Errorf("state after restart\n%+v\nwant\n%+v", snapshotOf(after), snapshotOf(before))
	}
	if !reflect.DeepEqual(snapshotOf(e.state(other.Code)), snapshotOf(beforeOther)) {
		t.Error("other game changed across restart")
	}
	// Tokens: host, seats 1 and 2, and seat 3's new phone; not seat 3's old.
	if a, ok := e.tab.Authenticate(c.Code, c.HostToken); !ok || !a.Host {
		t.Error("host token lost")
	}
	for _, j := range seats[:2] {
		if a, ok := e.tab.Authenticate(c.Code, j.token); !ok || a.Seat != j.seat {
			t.Errorf("seat %d token lost", j.seat)
		}
	}
	if _, ok := e.tab.Authenticate(c.Code, seats[2].token); ok {
		t.Error("moved seat's old token works after restart")
	}
	if a, ok := e.tab.Authenticate(c.Code, moved); !ok || a.Seat != 3 {
		t.Error("moved seat's new token lost")
	}
	if err := e.tab.CheckJoinKey(c.Code, c.JoinKey); err != nil {
		t.Errorf("join key lost: %v", err)
	}
	// And play goes on where it was.
	v, err := e.tab.Act(ctx, e.auth(c.Code, moved), game.StepTrait{Trait: game.Might, Delta: 1})
	if err != nil || v != before.Version+1 {
		t.Errorf("act after restart: version %d err %v", v, err)
	}
	// The transfer token was used up for good.
	if _, _, err := e.tab.ClaimTransfer(ctx, c.Code, xfer); !errors.Is(err, table.ErrBadTransfer) {
		t.Errorf("transfer token reused after restart: %v", err)
	}
}

type view struct {
	Version, FirstSeat, Turn int
	Started                  bool
	Phase                    string
	Seats                    []game.Seat
	Events                   []game.Event
}

func snapshotOf(s *game.State) view {
	return view{s.Version, s.FirstSeat, s.Turn, s.Started, s.Phase, s.Seats, s.Events}
}

func TestTransfer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, seats := e.game(2, true)
	host := e.auth(c.Code, c.HostToken)
	seat2 := e.auth(c.Code, seats[1].token)

	// The host may start one for any existing seat number; a seat only for
	// itself (the two-player variant hands an explorer over).
	_, err := e.tab.StartTransfer(ctx, seat2, 1)
	wantGameError(t, err, "err_host_only", game.Forbidden)
	if _, err := e.tab.StartTransfer(ctx, seat2, 2); err != nil {
		t.Errorf("a seat handing itself over: %v", err)
	}
	_, err = e.tab.StartTransfer(ctx, host, 3)
	wantGameError(t, err, "err_unknown_seat", game.NotFound)
	_, err = e.tab.StartTransfer(ctx, host, 0)
	wantGameError(t, err, "err_unknown_seat", game.NotFound)
	if _, err := e.tab.StartTransfer(ctx, table.Access{Code: "ZZZZZ", Host: true}, 1); !errors.Is(err, table.ErrUnknownGame) {
		t.Errorf("transfer in unknown game: %v", err)
	}

	tok, err := e.tab.StartTransfer(ctx, host, 2)
	if err != nil {
		t.Fatal(err)
	}
	// Claiming in another game does not work.
	other, _ := e.game(2, true)
	if _, _, err := e.tab.ClaimTransfer(ctx, other.Code, tok); !errors.Is(err, table.ErrBadTransfer) {
		t.Errorf("claim in another game: %v", err)
	}
	if _, _, err := e.tab.ClaimTransfer(ctx, "ZZZZZ", tok); !errors.Is(err, table.ErrUnknownGame) {
		t.Errorf("claim in unknown game: %v", err)
	}
	v := e.state(c.Code).Version
	seat, newTok, err := e.tab.ClaimTransfer(ctx, c.Code, tok)
	if err != nil || seat != seats[1].seat || newTok == "" || newTok == seats[1].token {
		t.Fatalf("claim: seat %d token %q err %v", seat, newTok, err)
	}
	// Old token stops working, new one works, for the same seat.
	if _, ok := e.tab.Authenticate(c.Code, seats[1].token); ok {
		t.Error("old token still works")
	}
	a, ok := e.tab.Authenticate(c.Code, newTok)
	if !ok || a != (table.Access{Code: c.Code, Seat: seats[1].seat}) {
		t.Errorf("new token: %+v %v", a, ok)
	}
	// Other seats and the host are unaffected.
	if _, ok := e.tab.Authenticate(c.Code, seats[0].token); !ok {
		t.Error("seat 1 lost its token")
	}
	if _, ok := e.tab.Authenticate(c.Code, c.HostToken); !ok {
		t.Error("host lost its token")
	}
	// The move is in the log, changing no board.
	s := e.state(c.Code)
	last := s.Events[len(s.Events)-1]
	if s.Version != v+1 || last.Type() != game.EvSeatMoved || last.SeatOf() != seats[1].seat {
		t.Errorf("log ends with %+v at version %d", last, s.Version)
	}
	// The new phone can act; a second claim of the same token fails.
	if _, err := e.tab.Act(ctx, a, game.StepTrait{Trait: game.Might, Delta: 1}); err != nil {
		t.Errorf("new phone act: %v", err)
	}
	if _, _, err := e.tab.ClaimTransfer(ctx, c.Code, tok); !errors.Is(err, table.ErrBadTransfer) {
		t.Errorf("second claim: %v, want ErrBadTransfer", err)
	}
	if _, ok := e.tab.Authenticate(c.Code, newTok); !ok {
		t.Error("failed second claim revoked the new token")
	}
	// Garbage tokens fail.
	if _, _, err := e.tab.ClaimTransfer(ctx, c.Code, ""); !errors.Is(err, table.ErrBadTransfer) {
		t.Errorf("empty transfer token: %v", err)
	}
}

func TestTransferExpires(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, seats := e.game(1, false)
	host := e.auth(c.Code, c.HostToken)
	tok, err := e.tab.StartTransfer(ctx, host, 1)
	if err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(table.TransferLifetime + time.Second)
	if _, _, err := e.tab.ClaimTransfer(ctx, c.Code, tok); !errors.Is(err, table.ErrBadTransfer) {
		t.Fatalf("expired claim: %v, want ErrBadTransfer", err)
	}
	if _, ok := e.tab.Authenticate(c.Code, seats[0].token); !ok {
		t.Error("expired claim revoked the seat's token")
	}
	// A fresh one works; starting another replaces the older one.
	first, _ := e.tab.StartTransfer(ctx, host, 1)
	second, _ := e.tab.StartTransfer(ctx, host, 1)
	if _, _, err := e.tab.ClaimTransfer(ctx, c.Code, first); !errors.Is(err, table.ErrBadTransfer) {
		t.Errorf("replaced transfer claimed: %v", err)
	}
	e.clock.Advance(table.TransferLifetime - time.Second)
	if _, _, err := e.tab.ClaimTransfer(ctx, c.Code, second); err != nil {
		t.Errorf("fresh transfer: %v", err)
	}
}

// Claims racing for the same token: exactly one wins.
func TestConcurrentClaims(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, seats := e.game(2, true)
	tok, err := e.tab.StartTransfer(ctx, e.auth(c.Code, c.HostToken), 1)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var winners []string
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, nt, err := e.tab.ClaimTransfer(ctx, c.Code, tok)
			if err == nil {
				mu.Lock()
				winners = append(winners, nt)
				mu.Unlock()
			} else if !errors.Is(err, table.ErrBadTransfer) {
				t.Errorf("claim: %v", err)
			}
		}()
	}
	wg.Wait()
	if len(winners) != 1 {
		t.Fatalf("%d claims won", len(winners))
	}
	if _, ok := e.tab.Authenticate(c.Code, winners[0]); !ok {
		t.Error("winner's token does not work")
	}
	if _, ok := e.tab.Authenticate(c.Code, seats[0].token); ok {
		t.Error("old token still works")
	}
}
