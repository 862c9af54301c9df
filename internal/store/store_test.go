package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"lantern/internal/game"
	"lantern/internal/procstat"
)

var (
	ctx = context.Background()
	t0  = time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
)

func openAt(t testing.TB, path string) *Store {
	t.Helper()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	return s
}

// open opens a fresh database in the test's temp dir, closed at the end.
func open(t testing.TB) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "lantern.db")
	s := openAt(t, path)
	t.Cleanup(func() { s.Close() })
	return s, path
}

func count(t testing.TB, s *Store, query string, args ...any) int {
	t.Helper()
	var n int
	if err := s.db.QueryRowContext(ctx, query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// playedEvents makes a real event log with the rules engine: n joins, a
// start, and some trait changes.
func playedEvents(t testing.TB, code string, seats int) []game.Event {
	t.Helper()
	explorers := []string{"ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra"}
	s := game.New(code)
	act := func(actor game.Actor, a game.Action) {
		evs, err := s.Decide(actor, a, t0)
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		for _, e := range evs {
			if err := s.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i := 0; i < seats; i++ {
		act(game.Actor{}, game.Join{Name: fmt.Sprintf("P%d", i+1), Lang: "zh", Explorer: explorers[i]})
	}
	act(game.Actor{Host: true}, game.StartGame{FirstSeat: 1})
	act(game.Actor{Seat: 1}, game.StepTrait{Trait: game.Might, Delta: 7})
	act(game.Actor{Host: true}, game.TakeDamage{Seat: 2, Kind: "mental", Split: map[string]int{game.Sanity: 1, game.Knowledge: 1}})
	act(game.Actor{Seat: 1}, game.EndTurn{})
	act(game.Actor{Host: true}, game.Undo{})
	return s.Events
}

// createdWithStep creates the game code and returns a trait step of a
// played log of it, to append with a Seq (and At) of the caller's.
func createdWithStep(t testing.TB, s *Store, code string) game.Event {
	t.Helper()
	if err := s.CreateGame(ctx, code, "k", []byte("h-"+code), t0); err != nil {
		t.Fatal(err)
	}
	var step game.Event
	for _, ev := range playedEvents(t, code, 3) {
		if ev.Type() == game.EvTraitsChanged {
			step = ev
		}
	}
	return step
}

func TestOpenMigratesIdempotently(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "lantern.db")
	s := openAt(t, path)
	if v := count(t, s, `PRAGMA user_version`); v != len(migrations) {
		t.Fatalf("user_version %d, want %d", v, len(migrations))
	}
	if err := s.CreateGame(ctx, "ABCDE", "key", []byte("host"), t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// Opening again must not re-run migrations (which would fail on
	// CREATE TABLE) nor lose data.
	for i := 0; i < 2; i++ {
		s = openAt(t, path)
		if v := count(t, s, `PRAGMA user_version`); v != len(migrations) {
			t.Fatalf("reopen %d: user_version %d", i, v)
		}
		games, err := s.LoadGames(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(games) != 1 || games[0].Code != "ABCDE" {
			t.Fatalf("reopen %d: games %+v", i, games)
		}
		if mode := func() string {
			var m string
			s.db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&m)
			return m
		}(); mode != "wal" {
			t.Errorf("journal_mode %q, want wal", mode)
		}
		if fk := count(t, s, `PRAGMA foreign_keys`); fk != 1 {
			t.Errorf("foreign_keys %d", fk)
		}
		s.Close()
	}
}

func TestOpenPathWithSpecialCharacters(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "my games?#%", "lantern db.sqlite")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	s := openAt(t, path)
	defer s.Close()
	if err := s.CreateGame(ctx, "ABCDE", "key", []byte("host"), t0); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("database not created at %s", path)
	}
}

func TestOpenFailsOnADirectory(t *testing.T) {
	t.Parallel()
	if s, err := Open(ctx, t.TempDir()); err == nil {
		s.Close()
		t.Fatal("opened a directory as a database")
	}
}

func TestCreateGame(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	if err := s.CreateGame(ctx, "ABCDE", "join-key", []byte("host-hash"), t0); err != nil {
		t.Fatal(err)
	}
	err := s.CreateGame(ctx, "ABCDE", "other", []byte("other"), t0.Add(time.Second))
	if !errors.Is(err, ErrCodeTaken) {
		t.Fatalf("duplicate code: %v, want ErrCodeTaken", err)
	}
	if err := s.CreateGame(ctx, "FGHJK", "join-key-2", []byte("host-hash-2"), t0.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	games, err := s.LoadGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []GameRecord{
		{Code: "ABCDE", JoinKey: "join-key", HostHash: []byte("host-hash"), SeatTokens: map[string]int{}, Summary: Summary{UpdatedAt: t0}},
		{Code: "FGHJK", JoinKey: "join-key-2", HostHash: []byte("host-hash-2"), SeatTokens: map[string]int{}, Summary: Summary{UpdatedAt: t0.Add(time.Second)}},
	}
	if !reflect.DeepEqual(games, want) {
		t.Errorf("games\n%+v\nwant\n%+v", games, want)
	}
}

func TestLoadGamesEmpty(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	games, err := s.LoadGames(ctx)
	if err != nil || len(games) != 0 {
		t.Fatalf("games %+v, err %v", games, err)
	}
}

func TestAppendAndLoadRoundTrip(t *testing.T) {
	t.Parallel()
	s, path := open(t)
	evA := playedEvents(t, "AAAAA", 3)
	evB := playedEvents(t, "BBBBB", 2)
	for _, code := range []string{"AAAAA", "BBBBB", "CCCCC"} {
		if err := s.CreateGame(ctx, code, "k-"+code, []byte("h-"+code), t0); err != nil {
			t.Fatal(err)
		}
	}
	// Joins append one event with the seat's token, like table.Join does.
	appendLog := func(code string, evs []game.Event) {
		for _, e := range evs {
			var token []byte
			if e.Type() == game.EvSeatJoined {
				token = []byte(fmt.Sprintf("tok-%s-%d", code, e.SeatOf()))
			}
			if err := s.AppendEvents(ctx, code, []game.Event{e}, token, e.SeatOf()); err != nil {
				t.Fatal(err)
			}
		}
	}
	appendLog("AAAAA", evA[:4])
	appendLog("BBBBB", evB)
	// Several events in one call.
	if err := s.AppendEvents(ctx, "AAAAA", evA[4:], nil, 0); err != nil {
		t.Fatal(err)
	}

	check := func(s *Store) {
		t.Helper()
		games, err := s.LoadGames(ctx)
		if err != nil {
			t.Fatal(err)
		}
		byCode := map[string]GameRecord{}
		for _, g := range games {
			byCode[g.Code] = g
		}
		if len(byCode) != 3 {
			t.Fatalf("games %+v", games)
		}
		for code, want := range map[string][]game.Event{"AAAAA": evA, "BBBBB": evB, "CCCCC": nil} {
			g := byCode[code]
			if !reflect.DeepEqual(g.Events, want) {
				t.Errorf("%s events\n%+v\nwant\n%+v", code, g.Events, want)
			}
			if g.JoinKey != "k-"+code || string(g.HostHash) != "h-"+code {
				t.Errorf("%s: join key %q host hash %q", code, g.JoinKey, g.HostHash)
			}
			// The log rebuilds the game.
			if _, err := game.Replay(code, g.Events); err != nil {
				t.Errorf("%s: replay: %v", code, err)
			}
		}
		wantTokens := map[string]map[string]int{
			"AAAAA": {"tok-AAAAA-1": 1, "tok-AAAAA-2": 2, "tok-AAAAA-3": 3},
			"BBBBB": {"tok-BBBBB-1": 1, "tok-BBBBB-2": 2},
			"CCCCC": {},
		}
		for code, want := range wantTokens {
			if got := byCode[code].SeatTokens; !reflect.DeepEqual(got, want) {
				t.Errorf("%s tokens %v, want %v", code, got, want)
			}
		}
	}
	check(s)
	// And after closing and reopening the file.
	s.Close()
	s2 := openAt(t, path)
	defer s2.Close()
	check(s2)
}

func TestAppendDuplicateSeqIsAtomic(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	evs := playedEvents(t, "ABCDE", 2)
	if err := s.CreateGame(ctx, "ABCDE", "k", []byte("h"), t0); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendEvents(ctx, "ABCDE", evs[:3], []byte("tok-1"), 1); err != nil {
		t.Fatal(err)
	}
	// A batch whose first event is new but whose second repeats seq 3 must
	// leave nothing behind: not the new event, not the token.
	bad := []game.Event{evs[3], evs[2]}
	bad[1].Data = game.TraitsChanged{Seat: 2} // a different body with the same seq
	if err := s.AppendEvents(ctx, "ABCDE", bad, []byte("tok-2"), 2); err == nil {
		t.Fatal("duplicate seq appended")
	}
	if n := count(t, s, `SELECT count(*) FROM events WHERE game_code = ?`, "ABCDE"); n != 3 {
		t.Errorf("%d events after a failed append, want 3", n)
	}
	if n := count(t, s, `SELECT count(*) FROM seat_tokens`); n != 1 {
		t.Errorf("%d seat tokens after a failed append, want 1", n)
	}
	// A duplicate token also fails the whole append.
	if err := s.AppendEvents(ctx, "ABCDE", evs[3:4], []byte("tok-1"), 2); err == nil {
		t.Fatal("duplicate token stored")
	}
	if n := count(t, s, `SELECT count(*) FROM events`); n != 3 {
		t.Errorf("%d events after a failed token insert, want 3", n)
	}
	// The store is still usable and the log continues where it was.
	if err := s.AppendEvents(ctx, "ABCDE", evs[3:], nil, 0); err != nil {
		t.Fatal(err)
	}
	games, err := s.LoadGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(games[0].Events, evs) {
		t.Errorf("log after recovery\n%+v\nwant\n%+v", games[0].Events, evs)
	}
}

func TestAppendToUnknownGameFails(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	evs := playedEvents(t, "NOPE1", 2)
	if err := s.AppendEvents(ctx, "NOPE1", evs[:1], []byte("tok"), 1); err == nil {
		t.Fatal("appended to a game that does not exist")
	}
	if n := count(t, s, `SELECT count(*) FROM events`); n != 0 {
		t.Errorf("%d orphan events", n)
	}
}

func TestAppendNothing(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	if err := s.CreateGame(ctx, "ABCDE", "k", []byte("h"), t0); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendEvents(ctx, "ABCDE", nil, nil, 0); err != nil {
		t.Fatal(err)
	}
}

func TestAppendHonoursCancelledContext(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	if err := s.CreateGame(ctx, "ABCDE", "k", []byte("h"), t0); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := s.AppendEvents(cctx, "ABCDE", playedEvents(t, "ABCDE", 2)[:1], nil, 0); err == nil {
		t.Fatal("append with a cancelled context succeeded")
	}
	if n := count(t, s, `SELECT count(*) FROM events`); n != 0 {
		t.Errorf("%d events written with a cancelled context", n)
	}
	// The single connection is not left inside a transaction.
	if err := s.AppendEvents(ctx, "ABCDE", playedEvents(t, "ABCDE", 2)[:1], nil, 0); err != nil {
		t.Fatalf("store unusable after a cancelled append: %v", err)
	}
}

// seatedGame stores a game with seats 1 and 2, each with a token.
func seatedGame(t testing.TB, s *Store, code string) []game.Event {
	t.Helper()
	evs := playedEvents(t, code, 2)
	if err := s.CreateGame(ctx, code, "k", []byte("h-"+code), t0); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendEvents(ctx, code, evs[:1], []byte(code+"-old-1"), 1); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendEvents(ctx, code, evs[1:2], []byte(code+"-old-2"), 2); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendEvents(ctx, code, evs[2:], nil, 0); err != nil {
		t.Fatal(err)
	}
	return evs
}

func movedEvent(seq int) func(int) []game.Event {
	return func(seat int) []game.Event {
		return []game.Event{{Seq: seq, Actor: game.Actor{Host: true}, At: t0, Data: game.SeatMoved{Seat: seat}}}
	}
}

func tokensOf(t testing.TB, s *Store, code string) map[string]int {
	t.Helper()
	games, err := s.LoadGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if g.Code == code {
			return g.SeatTokens
		}
	}
	t.Fatalf("no game %s", code)
	return nil
}

func TestTransferClaim(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	evs := seatedGame(t, s, "ABCDE")
	seatedGame(t, s, "OTHER")
	next := len(evs) + 1

	if err := s.CreateTransfer(ctx, "ABCDE", 2, []byte("xfer"), t0.Add(15*time.Minute)); err != nil {
		t.Fatal(err)
	}
	seat, err := s.ClaimTransfer(ctx, "ABCDE", []byte("xfer"), []byte("ABCDE-new-2"), t0.Add(time.Minute), movedEvent(next))
	if err != nil || seat != 2 {
		t.Fatalf("claim: seat %d, err %v", seat, err)
	}
	// Seat 2's old token is revoked, the new one stored; seat 1 untouched;
	// the other game's tokens untouched.
	if got, want := tokensOf(t, s, "ABCDE"), map[string]int{"ABCDE-old-1": 1, "ABCDE-new-2": 2}; !reflect.DeepEqual(got, want) {
		t.Errorf("tokens %v, want %v", got, want)
	}
	if got, want := tokensOf(t, s, "OTHER"), map[string]int{"OTHER-old-1": 1, "OTHER-old-2": 2}; !reflect.DeepEqual(got, want) {
		t.Errorf("other game's tokens %v, want %v", got, want)
	}
	// The seat_moved event is in the log.
	games, _ := s.LoadGames(ctx)
	for _, g := range games {
		if g.Code == "ABCDE" {
			last := g.Events[len(g.Events)-1]
			if len(g.Events) != next || last.Type() != game.EvSeatMoved || last.SeatOf() != 2 {
				t.Errorf("log ends with %+v (%d events)", last, len(g.Events))
			}
		}
	}
	// One-time use.
	if _, err := s.ClaimTransfer(ctx, "ABCDE", []byte("xfer"), []byte("again"), t0.Add(time.Minute), movedEvent(next+1)); !errors.Is(err, ErrNotFound) {
		t.Errorf("second claim: %v, want ErrNotFound", err)
	}
	if n := count(t, s, `SELECT count(*) FROM transfers`); n != 0 {
		t.Errorf("%d transfers left", n)
	}
}

func TestTransferRefusals(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		code    string // game the claim names
		hash    string
		expires time.Duration // after t0
		now     time.Duration // after t0
	}{
		{"expired", "ABCDE", "xfer", 15 * time.Minute, 15*time.Minute + time.Nanosecond},
		{"long expired", "ABCDE", "xfer", -time.Hour, 0},
		{"unknown token", "ABCDE", "nope", 15 * time.Minute, 0},
		{"token of another game", "OTHER", "xfer", 15 * time.Minute, 0},
		{"unknown game", "ZZZZZ", "xfer", 15 * time.Minute, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := open(t)
			evs := seatedGame(t, s, "ABCDE")
			seatedGame(t, s, "OTHER")
			if err := s.CreateTransfer(ctx, "ABCDE", 1, []byte("xfer"), t0.Add(c.expires)); err != nil {
				t.Fatal(err)
			}
			called := false
			_, err := s.ClaimTransfer(ctx, c.code, []byte(c.hash), []byte("new"), t0.Add(c.now), func(seat int) []game.Event {
				called = true
				return movedEvent(len(evs) + 1)(seat)
			})
			if !errors.Is(err, ErrNotFound) {
				t.Fatalf("claim: %v, want ErrNotFound", err)
			}
			if called {
				t.Errorf("events built for a refused claim")
			}
			// Nothing changed: tokens, log.
			if got, want := tokensOf(t, s, "ABCDE"), map[string]int{"ABCDE-old-1": 1, "ABCDE-old-2": 2}; !reflect.DeepEqual(got, want) {
				t.Errorf("tokens %v, want %v", got, want)
			}
			if n := count(t, s, `SELECT count(*) FROM events WHERE game_code = 'ABCDE'`); n != len(evs) {
				t.Errorf("%d events, want %d", n, len(evs))
			}
		})
	}
}

func TestTransferAtExactExpiryStillWorks(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	evs := seatedGame(t, s, "ABCDE")
	exp := t0.Add(15 * time.Minute)
	if err := s.CreateTransfer(ctx, "ABCDE", 1, []byte("xfer"), exp); err != nil {
		t.Fatal(err)
	}
	if seat, err := s.ClaimTransfer(ctx, "ABCDE", []byte("xfer"), []byte("new"), exp, movedEvent(len(evs)+1)); err != nil || seat != 1 {
		t.Fatalf("claim at expiry: seat %d err %v", seat, err)
	}
}

func TestNewTransferReplacesOldOne(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	evs := seatedGame(t, s, "ABCDE")
	exp := t0.Add(15 * time.Minute)
	for _, h := range []string{"first", "second"} {
		if err := s.CreateTransfer(ctx, "ABCDE", 1, []byte(h), exp); err != nil {
			t.Fatal(err)
		}
	}
	// A transfer for another seat is independent.
	if err := s.CreateTransfer(ctx, "ABCDE", 2, []byte("seat2"), exp); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ClaimTransfer(ctx, "ABCDE", []byte("first"), []byte("n1"), t0, movedEvent(len(evs)+1)); !errors.Is(err, ErrNotFound) {
		t.Errorf("replaced token claimed: %v", err)
	}
	if seat, err := s.ClaimTransfer(ctx, "ABCDE", []byte("second"), []byte("n1"), t0, movedEvent(len(evs)+1)); err != nil || seat != 1 {
		t.Errorf("newest token: seat %d err %v", seat, err)
	}
	if seat, err := s.ClaimTransfer(ctx, "ABCDE", []byte("seat2"), []byte("n2"), t0, movedEvent(len(evs)+2)); err != nil || seat != 2 {
		t.Errorf("seat 2 token: seat %d err %v", seat, err)
	}
}

// If the claim's events cannot be appended, the whole claim is rolled back:
// old tokens still work and the transfer token can be used again.
func TestClaimRollsBackWhenEventsFail(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	evs := seatedGame(t, s, "ABCDE")
	if err := s.CreateTransfer(ctx, "ABCDE", 2, []byte("xfer"), t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	// seq len(evs) already exists.
	if _, err := s.ClaimTransfer(ctx, "ABCDE", []byte("xfer"), []byte("new"), t0, movedEvent(len(evs))); err == nil {
		t.Fatal("claim with a duplicate event seq succeeded")
	}
	if got, want := tokensOf(t, s, "ABCDE"), map[string]int{"ABCDE-old-1": 1, "ABCDE-old-2": 2}; !reflect.DeepEqual(got, want) {
		t.Errorf("tokens after failed claim %v, want %v", got, want)
	}
	if seat, err := s.ClaimTransfer(ctx, "ABCDE", []byte("xfer"), []byte("new"), t0, movedEvent(len(evs)+1)); err != nil || seat != 2 {
		t.Errorf("retry: seat %d err %v", seat, err)
	}
}

func BenchmarkAppendEvents(b *testing.B) {
	s, _ := open(b)
	e := createdWithStep(b, s, "BENCH")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Seq = i + 1
		if err := s.AppendEvents(ctx, "BENCH", []game.Event{e}, nil, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// LoadGames orders games by created_at, meaning creation order.
//
// KNOWN BUG (see report): created_at is RFC3339Nano text, which drops
// trailing zeros of the fraction, so "…:00Z" sorts after "…:00.5Z" and a
// game created on a whole second is listed after one created 0.5 s later.
func TestLoadGamesInCreationOrder(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	if err := s.CreateGame(ctx, "FIRST", "k", []byte("h1"), t0); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateGame(ctx, "SECND", "k", []byte("h2"), t0.Add(500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	games, err := s.LoadGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if games[0].Code != "FIRST" || games[1].Code != "SECND" {
		t.Errorf("order %s, %s; want FIRST, SECND", games[0].Code, games[1].Code)
	}
}

// Appends that arrive together share a transaction (group commit): each
// still succeeds or fails on its own, and every one acknowledged is stored.
func TestConcurrentAppendsCommitEachOnItsOwn(t *testing.T) {
	t.Parallel()
	s, path := open(t)
	codes := []string{"AAAAA", "BBBBB", "CCCCC", "DDDDD", "EEEEE", "FFFFF", "GGGGG", "HHHHH"}
	logs := map[string][]game.Event{}
	for _, code := range codes {
		if err := s.CreateGame(ctx, code, "k", []byte("h-"+code), t0); err != nil {
			t.Fatal(err)
		}
		logs[code] = playedEvents(t, code, 2)
	}
	// Every game appends its log one event at a time, all games at once;
	// game HHHHH also tries, each time, to append an event it already has.
	var wg sync.WaitGroup
	errs := make(chan error, 1000)
	for _, code := range codes {
		wg.Go(func() {
			for i, e := range logs[code] {
				if err := s.AppendEvents(ctx, code, []game.Event{e}, nil, 0); err != nil {
					errs <- fmt.Errorf("%s event %d: %w", code, i+1, err)
				}
				if code == "HHHHH" {
					if err := s.AppendEvents(ctx, code, []game.Event{e}, nil, 0); err == nil {
						errs <- fmt.Errorf("%s event %d appended twice", code, i+1)
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	s.Close()
	s2 := openAt(t, path)
	defer s2.Close()
	games, err := s2.LoadGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != len(codes) {
		t.Fatalf("%d games, want %d", len(games), len(codes))
	}
	for _, g := range games {
		if !reflect.DeepEqual(g.Events, logs[g.Code]) {
			t.Errorf("%s: %d events stored, want its %d", g.Code, len(g.Events), len(logs[g.Code]))
		}
	}
}

// BenchmarkGroupAppend is a burst: 60 games each appending one event at the
// same moment, as the load program's burst workload does; one op is one
// append, and cpu-us/op the process's CPU time for it.
func BenchmarkGroupAppend(b *testing.B) {
	s, _ := open(b)
	const games = 60
	events := make([]game.Event, games)
	for g := range games {
		events[g] = createdWithStep(b, s, fmt.Sprintf("G%04d", g))
	}
	b.ReportAllocs()
	cpu0 := procstat.CPU()
	rounds := 0
	for n := 0; n < b.N; n += games {
		rounds++
		var wg sync.WaitGroup
		for g := range games {
			wg.Go(func() {
				e := events[g]
				e.Seq = rounds
				if err := s.AppendEvents(ctx, fmt.Sprintf("G%04d", g), []game.Event{e}, nil, 0); err != nil {
					b.Error(err)
				}
			})
		}
		wg.Wait()
	}
	b.ReportMetric(float64(procstat.CPU()-cpu0)/float64(time.Microsecond)/float64(rounds*games), "cpu-us/append")
}

// A game's updated_at is written with its first change and then at most
// once a minute (markEvery), at the time of the change that wrote it.
func TestUpdatedAtMarkedAtMostEveryMinute(t *testing.T) {
	t.Parallel()
	s, _ := open(t)
	step := createdWithStep(t, s, "MARKS")
	seq := 0
	stored := func(at time.Time) time.Time {
		t.Helper()
		seq++
		e := step
		e.Seq, e.At = seq, at
		if err := s.AppendEvents(ctx, "MARKS", []game.Event{e}, nil, 0); err != nil {
			t.Fatal(err)
		}
		g, err := s.LoadGame(ctx, "MARKS")
		if err != nil {
			t.Fatal(err)
		}
		return g.Summary.UpdatedAt
	}
	for _, step := range []struct {
		at, want time.Time
	}{
		{t0.Add(time.Second), t0.Add(time.Second)},           // the first change marks
		{t0.Add(40 * time.Second), t0.Add(time.Second)},      // within the minute: not again
		{t0.Add(61 * time.Second), t0.Add(61 * time.Second)}, // a minute on
		{t0.Add(30 * time.Second), t0.Add(30 * time.Second)}, // a clock set back marks at once
		{t0.Add(25 * time.Hour), t0.Add(25 * time.Hour)},
	} {
		if got := stored(step.at); !got.Equal(step.want) {
			t.Errorf("after a change at %v: updated_at %v, want %v", step.at.Sub(t0), got.Sub(t0), step.want.Sub(t0))
		}
	}
}

// A mark counted as written by a transaction that then rolled back is
// forgotten, so the game's next change writes it (commitAppends' retry).
func TestForgottenMarkIsDueAgain(t *testing.T) {
	t.Parallel()
	var m marks
	if !m.due("G", t0) {
		t.Fatal("first change not due")
	}
	if m.due("G", t0.Add(time.Second)) {
		t.Fatal("due again within the minute")
	}
	m.forget("G")
	if !m.due("G", t0.Add(2*time.Second)) {
		t.Error("not due after forget")
	}
}
