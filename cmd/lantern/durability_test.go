package main

// Durability tests: they build the real binary, drive it over HTTP, kill it
// with SIGKILL (no shutdown hook runs) and restart it on the same database.
// The promise under test is the one internal/table makes: an action is
// acknowledged only after its events are committed, so nothing acknowledged
// is ever lost, and nothing half-written stops the game from loading.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lantern/internal/game"
)

var (
	buildOnce sync.Once
	buildPath string
	buildErr  error
	buildOut  []byte
)

// lanternBinary builds cmd/lantern once per test run.
func lanternBinary(t *testing.T) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH; cannot build the server binary")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "lantern-durability-")
		if err != nil {
			buildErr = err
			return
		}
		buildPath = filepath.Join(dir, "lantern")
		cmd := exec.Command(gobin, "build", "-o", buildPath, ".")
		buildOut, buildErr = cmd.CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("go build: %v\n%s", buildErr, buildOut)
	}
	return buildPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildPath != "" {
		os.RemoveAll(filepath.Dir(buildPath))
	}
	os.Exit(code)
}

// syncBuffer collects the server's output for failure messages.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// server is one running lantern process.
type server struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string
	out  *syncBuffer
	done chan struct{}
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startServer runs the binary on a free loopback port and waits for /healthz.
func startServer(t *testing.T, bin, db string) *server {
	t.Helper()
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	s := &server{t: t, base: "http://" + addr, out: &syncBuffer{}, done: make(chan struct{})}
	s.cmd = exec.Command(bin, "-addr", addr, "-db", db)
	s.cmd.Stdout, s.cmd.Stderr = s.out, s.out
	if err := s.cmd.Start(); err != nil {
		t.Fatalf("start server: %v", err)
	}
	go func() { s.cmd.Wait(); close(s.done) }()
	t.Cleanup(s.kill)

	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(10 * time.Second)
	for {
		select {
		case <-s.done:
			t.Fatalf("server exited before it was healthy:\n%s", s.out.String())
		default:
		}
		resp, err := client.Get(s.base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("server not healthy after 10s (last error %v):\n%s", err, s.out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// kill sends SIGKILL and waits for the process to be gone.
func (s *server) kill() {
	select {
	case <-s.done:
		return
	default:
	}
	s.cmd.Process.Kill()
	<-s.done
}

// apiClient talks to one server; requests fail fast once it is killed.
type apiClient struct {
	base string
	http *http.Client
}

func newAPIClient(base string) *apiClient {
	tr := &http.Transport{MaxIdleConnsPerHost: 16, DialContext: (&net.Dialer{Timeout: time.Second}).DialContext}
	return &apiClient{base: base, http: &http.Client{Transport: tr, Timeout: 5 * time.Second}}
}

// do sends a JSON request and decodes a JSON answer into out (when non-nil).
// A transport error (server gone) is returned as err; an HTTP status is not.
func (c *apiClient) do(method, path, token string, body, out any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil, err
	}
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, raw, fmt.Errorf("decode %s %s: %w: %s", method, path, err, raw)
		}
	}
	return resp.StatusCode, raw, nil
}

// must is do for calls that have to succeed with the given status.
func (c *apiClient) must(t *testing.T, want int, method, path, token string, body, out any) {
	t.Helper()
	status, raw, err := c.do(method, path, token, body, out)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if status != want {
		t.Fatalf("%s %s: status %d, want %d: %s", method, path, status, want, raw)
	}
}

type created struct {
	Code      string `json:"code"`
	JoinKey   string `json:"join_key"`
	HostToken string `json:"host_token"`
}

type joined struct {
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

type traitJSON struct {
	Position int `json:"position"`
	Value    int `json:"value"`
	Overflow int `json:"overflow"`
}

type stateJSON struct {
	Version int    `json:"version"`
	Started bool   `json:"started"`
	Phase   string `json:"phase"`
	Turn    struct {
		Seat int `json:"seat"`
	} `json:"turn"`
	Seats []struct {
		Seat     int                  `json:"seat"`
		Name     string               `json:"name"`
		Explorer string               `json:"explorer"`
		Alive    bool                 `json:"alive"`
		Traits   map[string]traitJSON `json:"traits"`
	} `json:"seats"`
	Log []game.Event `json:"log"`
	Me  struct {
		Seat int `json:"seat"`
	} `json:"me"`
}

type apiErr struct {
	Key string `json:"key"`
}

type versionJSON struct {
	Version int `json:"version"`
}

// firstSSEVersion opens the event stream and returns the first version it
// announces.
func (c *apiClient) firstSSEVersion(t *testing.T, code, token string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/api/games/"+code+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("open event stream: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("event stream: status %d", resp.StatusCode)
	}
	sc := bufio.NewScanner(resp.Body)
	event := ""
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "event: "); ok {
			event = name
		}
		if data, ok := strings.CutPrefix(line, "data: "); ok && event == "version" {
			v, err := strconv.Atoi(data)
			if err != nil {
				t.Fatalf("event stream data %q", data)
			}
			return v
		}
	}
	t.Fatalf("event stream ended without a version: %v", sc.Err())
	return 0
}

// script is the fixed, seeded sequence of actions one seat sends on itself.
func script(seed uint64, n int) []game.Action {
	r := rand.New(rand.NewPCG(seed, 7))
	out := make([]game.Action, 0, n)
	for range n {
		switch k := r.IntN(10); {
		case k < 6:
			delta := 1 + r.IntN(2)
			if r.IntN(2) == 0 {
				delta = -delta
			}
			out = append(out, game.StepTrait{Trait: game.Traits[r.IntN(4)], Delta: delta})
		default:
			kind, pair := "physical", [2]string{game.Might, game.Speed}
			if k >= 8 {
				kind, pair = "mental", [2]string{game.Sanity, game.Knowledge}
			}
			split := map[string]int{pair[0]: r.IntN(2), pair[1]: 1 + r.IntN(2)}
			out = append(out, game.TakeDamage{Kind: kind, Split: split})
		}
	}
	return out
}

// simulate is what an action does to one seat's board before the haunt
// (floor 1), using the rules engine's own clip arithmetic. ok is false when
// the server must refuse it (nothing would change).
func simulate(traits map[string]game.TraitState, a game.Action) (next map[string]game.TraitState, ok bool) {
	next = map[string]game.TraitState{}
	for k, v := range traits {
		next[k] = v
	}
	switch a := a.(type) {
	case game.StepTrait:
		if a.Delta > 0 {
			next[a.Trait] = game.Gain(traits[a.Trait], a.Delta)
		} else {
			next[a.Trait] = game.Lose(traits[a.Trait], -a.Delta, 1)
		}
	case game.TakeDamage:
		for t, n := range a.Split {
			if n > 0 {
				next[t] = game.Lose(traits[t], n, 1)
			}
		}
	}
	for k := range next {
		if next[k] != traits[k] {
			return next, true
		}
	}
	return traits, false
}

// actionBody turns an action into the API's JSON (only the fields it uses).
func actionBody(a game.Action) map[string]any {
	body := map[string]any{"type": a.ActionType()}
	switch a := a.(type) {
	case game.StepTrait:
		body["trait"], body["delta"] = a.Trait, a.Delta
	case game.TakeDamage:
		body["kind"], body["split"] = a.Kind, a.Split
	}
	return body
}

// seatRun is one phone's view of its own board across the crash.
type seatRun struct {
	seat   int // seat number == stable id: nobody reordered
	token  string
	script []game.Action
	next   int // index of the next action to send

	traits map[string]game.TraitState // replay of the acknowledged changes
	acked  []ack
	// inFlight is the action whose answer the crash swallowed, if any: it
	// may or may not be in the log.
	inFlight *game.Action
}

type ack struct {
	version int
	action  game.Action
	traits  map[string]game.TraitState // board after it
}

func boardOf(t *testing.T, st stateJSON, seat int) map[string]game.TraitState {
	t.Helper()
	for _, s := range st.Seats {
		if s.Seat == seat {
			out := map[string]game.TraitState{}
			for k, v := range s.Traits {
				out[k] = game.TraitState{Position: v.Position, Overflow: v.Overflow}
			}
			return out
		}
	}
	t.Fatalf("seat %d missing from state", seat)
	return nil
}

// run sends the seat's script until it ends, stop is reached, or the server
// goes away (a transport error: the action then stays in flight).
func (r *seatRun) run(c *apiClient, code string, stop int, acked *atomic.Int64) error {
	for ; r.next < stop; r.next++ {
		a := r.script[r.next]
		want, ok := simulate(r.traits, a)
		var v versionJSON
		status, raw, err := c.do(http.MethodPost, "/api/games/"+code+"/actions", r.token, actionBody(a), &v)
		if err != nil {
			r.inFlight = &a
			r.next++
			return nil // the server died under us: expected once
		}
		switch {
		case status == http.StatusOK && ok:
			r.traits = want
			r.acked = append(r.acked, ack{version: v.Version, action: a, traits: want})
			acked.Add(1)
		case status == http.StatusConflict && !ok:
			var e apiErr
			json.Unmarshal(raw, &e)
			if e.Key != "err_at_floor" && e.Key != "err_no_change" {
				return fmt.Errorf("seat %d action %d %+v: refused with %s, want err_at_floor or err_no_change", r.seat, r.next, a, raw)
			}
		default:
			return fmt.Errorf("seat %d action %d %+v: status %d %s; replay expected change=%v", r.seat, r.next, a, status, raw, ok)
		}
	}
	return nil
}

// reconcile checks the restarted log against what this seat was told, then
// settles the in-flight action: committed if the log has one more change by
// this seat after its last acknowledged one.
func (r *seatRun) reconcile(t *testing.T, st stateJSON) {
	t.Helper()
	var mine []game.Event
	for _, e := range st.Log {
		if e.Type() == game.EvTraitsChanged && e.Actor.Seat == r.seat {
			mine = append(mine, e)
		}
	}
	if len(mine) < len(r.acked) || len(mine) > len(r.acked)+1 {
		t.Fatalf("seat %d: log has %d changes by it, %d were acknowledged (+%v in flight)", r.seat, len(mine), len(r.acked), r.inFlight != nil)
	}
	before := map[string]game.TraitState(nil)
	for i, a := range r.acked {
		e := mine[i]
		if e.Seq != a.version {
			t.Fatalf("seat %d: acknowledged version %d, log has seq %d in its place", r.seat, a.version, e.Seq)
		}
		checkEvent(t, r.seat, e, before, a.traits)
		before = a.traits
	}
	if len(mine) == len(r.acked)+1 {
		if r.inFlight == nil {
			t.Fatalf("seat %d: log has change %d nobody sent: %+v", r.seat, mine[len(mine)-1].Seq, mine[len(mine)-1])
		}
		next, ok := simulate(r.traits, *r.inFlight)
		if !ok {
			t.Fatalf("seat %d: in-flight action %+v committed though it changes nothing", r.seat, *r.inFlight)
		}
		checkEvent(t, r.seat, mine[len(mine)-1], r.traits, next)
		r.traits = next
		t.Logf("seat %d: the action in flight at the kill was committed (seq %d) though never acknowledged", r.seat, mine[len(mine)-1].Seq)
	}
	r.inFlight = nil
	if got := boardOf(t, st, r.seat); !equalBoards(got, r.traits) {
		t.Fatalf("seat %d after restart: board %v, replay of acknowledged changes gives %v", r.seat, got, r.traits)
	}
}

// checkEvent compares a logged change with the replay: every trait it moves
// must land where the replay says (from is nil for the first one).
func checkEvent(t *testing.T, seat int, e game.Event, from, to map[string]game.TraitState) {
	t.Helper()
	tc, _ := e.Data.(game.TraitsChanged)
	if tc.Seat != seat {
		t.Fatalf("seq %d: change by seat %d is about seat %d", e.Seq, seat, tc.Seat)
	}
	for _, c := range tc.Changes {
		if c.To != to[c.Trait] || (from != nil && c.From != from[c.Trait]) {
			t.Fatalf("seat %d seq %d: %s %v→%v, replay says %v→%v", seat, e.Seq, c.Trait, c.From, c.To, from[c.Trait], to[c.Trait])
		}
	}
}

func equalBoards(a, b map[string]game.TraitState) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestKillDuringPlay kills the server with SIGKILL while three phones are
// acting at once, restarts it on the same database, and checks that every
// acknowledged action survived, the boards equal a replay of them, and the
// game goes on with the same tokens.
func TestKillDuringPlay(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	bin := lanternBinary(t)
	db := filepath.Join(t.TempDir(), "lantern.db")
	srv := startServer(t, bin, db)
	c := newAPIClient(srv.base)

	var g created
	c.must(t, http.StatusCreated, http.MethodPost, "/api/games", "", map[string]any{}, &g)
	explorers := []string{"ox-bellows", "missy-dubourde", "peter-akimoto"}
	const perSeat = 70 // 3 seats: ~210 actions in all
	runs := make([]*seatRun, len(explorers))
	for i, ex := range explorers {
		var j joined
		c.must(t, http.StatusCreated, http.MethodPost, "/api/games/"+g.Code+"/seats", "",
			map[string]string{"name": fmt.Sprintf("P%d", i+1), "explorer": ex, "key": g.JoinKey}, &j)
		if j.Seat != i+1 {
			t.Fatalf("join %d got seat %d", i+1, j.Seat)
		}
		runs[i] = &seatRun{seat: j.Seat, token: j.Token, script: script(uint64(i+1), perSeat)}
	}
	c.must(t, http.StatusOK, http.MethodPost, "/api/games/"+g.Code+"/actions", g.HostToken,
		map[string]any{"type": "start_game", "first_seat": 1}, nil)
	var st0 stateJSON
	c.must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code, g.HostToken, nil, &st0)
	for _, r := range runs {
		r.traits = boardOf(t, st0, r.seat)
	}

	// Phase 1: all three phones act at once; a watcher kills the server
	// with SIGKILL once ~100 actions are acknowledged, mid-stream.
	var acked atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, len(runs))
	for _, r := range runs {
		wg.Go(func() {
			if err := r.run(c, g.Code, len(r.script), &acked); err != nil {
				errs <- err
			}
		})
	}
	killed, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(killed)
		for acked.Load() < 100 {
			select {
			case <-srv.done:
				return
			case <-finished:
				return // every phone stopped early; reported below
			case <-time.After(time.Millisecond):
			}
		}
		srv.cmd.Process.Kill()
	}()
	wg.Wait()
	close(finished)
	<-killed
	srv.kill()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	maxAcked, inFlight := 0, 0
	for _, r := range runs {
		for _, a := range r.acked {
			maxAcked = max(maxAcked, a.version)
		}
		if r.inFlight != nil {
			inFlight++
		}
	}
	if acked.Load() < 100 || inFlight == 0 {
		t.Fatalf("kill came too late: %d acknowledged, %d in flight (server finished the script first?)", acked.Load(), inFlight)
	}
	t.Logf("killed after %d acknowledged actions (max version %d), %d in flight", acked.Load(), maxAcked, inFlight)

	// Phase 2: restart on the same database and compare.
	srv = startServer(t, bin, db)
	c = newAPIClient(srv.base)
	var st stateJSON
	c.must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code, g.HostToken, nil, &st)
	// The state carries only the newest events; the whole log has its own endpoint.
	var full struct {
		Events []game.Event `json:"events"`
	}
	c.must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code+"/log", g.HostToken, nil, &full)
	st.Log = full.Events
	if st.Version < maxAcked {
		t.Fatalf("restarted at version %d, but version %d was acknowledged", st.Version, maxAcked)
	}
	if !st.Started || st.Phase != game.PhaseExploration || len(st.Seats) != len(runs) {
		t.Fatalf("restarted state lost its shape: started=%v phase=%q seats=%d", st.Started, st.Phase, len(st.Seats))
	}
	seqs := map[int]bool{}
	for i, e := range st.Log {
		if e.Seq != i+1 {
			t.Fatalf("log entry %d has seq %d: the log has a gap", i, e.Seq)
		}
		seqs[e.Seq] = true
	}
	if len(st.Log) != st.Version {
		t.Fatalf("log has %d events at version %d", len(st.Log), st.Version)
	}
	for _, r := range runs {
		for _, a := range r.acked {
			if !seqs[a.version] {
				t.Fatalf("acknowledged version %d (seat %d) is missing from the log", a.version, r.seat)
			}
		}
		r.reconcile(t, st)
	}
	if v := c.firstSSEVersion(t, g.Code, runs[0].token); v != st.Version {
		t.Fatalf("event stream after restart starts at %d, state is at %d", v, st.Version)
	}

	// Phase 3: the same tokens finish the scripts on the restarted server.
	for _, r := range runs {
		var me stateJSON
		c.must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code+"/me", r.token, nil, &me)
		if me.Me.Seat != r.seat {
			t.Fatalf("seat token of seat %d now reads as seat %d", r.seat, me.Me.Seat)
		}
	}
	acked.Store(0)
	errs = make(chan error, len(runs))
	for _, r := range runs {
		wg.Go(func() {
			if err := r.run(c, g.Code, len(r.script), &acked); err != nil {
				errs <- err
			}
			if r.inFlight != nil {
				errs <- fmt.Errorf("seat %d: transport error after restart", r.seat)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if acked.Load() == 0 {
		t.Fatal("no action was acknowledged after the restart")
	}
	var end stateJSON
	c.must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code, g.HostToken, nil, &end)
	if end.Version != st.Version+int(acked.Load()) {
		t.Fatalf("version %d after %d more acknowledged actions from %d", end.Version, acked.Load(), st.Version)
	}
	for _, r := range runs {
		if got := boardOf(t, end, r.seat); !equalBoards(got, r.traits) {
			t.Fatalf("seat %d at the end: board %v, replay gives %v", r.seat, got, r.traits)
		}
	}
	// The host token still rules the table.
	var v versionJSON
	c.must(t, http.StatusOK, http.MethodPost, "/api/games/"+g.Code+"/actions", g.HostToken,
		map[string]any{"type": "end_turn"}, &v)
	if v.Version != end.Version+1 {
		t.Fatalf("end_turn gave version %d, want %d", v.Version, end.Version+1)
	}
}

// TestKillInLobby kills the server with SIGKILL while players are still
// joining and checks that seats, seat tokens, the join key and the host
// token all survive the restart.
func TestKillInLobby(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	bin := lanternBinary(t)
	db := filepath.Join(t.TempDir(), "lantern.db")
	srv := startServer(t, bin, db)
	c := newAPIClient(srv.base)

	var g created
	c.must(t, http.StatusCreated, http.MethodPost, "/api/games", "", map[string]any{}, &g)
	seats := []struct{ name, explorer string }{{"Ann", "zoe-ingstrom"}, {"Bo", "vivian-lopez"}}
	tokens := make([]string, len(seats))
	for i, s := range seats {
		var j joined
		c.must(t, http.StatusCreated, http.MethodPost, "/api/games/"+g.Code+"/seats", "",
			map[string]string{"name": s.name, "explorer": s.explorer, "key": g.JoinKey}, &j)
		tokens[i] = j.Token
	}
	srv.kill()
	if _, _, err := c.do(http.MethodGet, "/api/games/"+g.Code, g.HostToken, nil, nil); err == nil {
		t.Fatal("server still answers after SIGKILL")
	}

	srv = startServer(t, bin, db)
	c = newAPIClient(srv.base)
	var st stateJSON
	c.must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code, g.HostToken, nil, &st)
	if st.Started || len(st.Seats) != len(seats) {
		t.Fatalf("after restart: started=%v, %d seats; want a lobby with %d", st.Started, len(st.Seats), len(seats))
	}
	for i, s := range seats {
		if st.Seats[i].Name != s.name || st.Seats[i].Explorer != s.explorer {
			t.Fatalf("seat %d after restart is %s/%s, want %s/%s", i+1, st.Seats[i].Name, st.Seats[i].Explorer, s.name, s.explorer)
		}
		var me stateJSON
		c.must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code+"/me", tokens[i], nil, &me)
		if me.Me.Seat != i+1 {
			t.Fatalf("token of seat %d reads as seat %d", i+1, me.Me.Seat)
		}
	}
	// A seat token is not a host token, before or after a restart.
	status, _, err := c.do(http.MethodPost, "/api/games/"+g.Code+"/actions", tokens[0],
		map[string]any{"type": "start_game", "first_seat": 1}, nil)
	if err != nil || status != http.StatusForbidden {
		t.Fatalf("seat starting the game: status %d err %v, want 403", status, err)
	}
	// The same join key still seats a third player; the taken explorer and
	// the other side of its card stay taken.
	status, raw, err := c.do(http.MethodPost, "/api/games/"+g.Code+"/seats", "",
		map[string]string{"name": "Cy", "explorer": "missy-dubourde", "key": g.JoinKey}, nil)
	if err != nil || status != http.StatusConflict {
		t.Fatalf("joining as the other side of a taken card: status %d %s err %v, want 409", status, raw, err)
	}
	var j joined
	c.must(t, http.StatusCreated, http.MethodPost, "/api/games/"+g.Code+"/seats", "",
		map[string]string{"name": "Cy", "explorer": "ox-bellows", "key": g.JoinKey}, &j)
	if j.Seat != 3 {
		t.Fatalf("third join got seat %d", j.Seat)
	}
	var v versionJSON
	c.must(t, http.StatusOK, http.MethodPost, "/api/games/"+g.Code+"/actions", g.HostToken,
		map[string]any{"type": "start_game", "first_seat": 2, "version": st.Version + 1}, &v)
	if v.Version != st.Version+2 {
		t.Fatalf("start_game gave version %d, want %d", v.Version, st.Version+2)
	}
	var after stateJSON
	c.must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code+"/me", tokens[1], nil, &after)
	if !after.Started || after.Turn.Seat != 2 {
		t.Fatalf("after start: started=%v turn=%d, want seat 2's turn", after.Started, after.Turn.Seat)
	}
}
