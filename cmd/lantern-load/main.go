// Command lantern-load puts a Lantern server under the load of many tables at
// once and measures how fast a change on one phone reaches the others.
//
// It creates -games games, seats -phones phones in each, starts them, opens
// one event stream (SSE) per phone, then sends -actions trait steps per game
// at a steady total pace (-rate actions per second across all games). For
// every action it measures the POST's latency and, for every other phone in
// that game, the time from sending the POST to that phone receiving the
// version event for it (action→update). With -fetch, each phone also fetches
// its view on every new version, as the real page script does, and the time
// until that fetch returns the new version is reported (action→view).
//
// Joining is rate-limited per client address (burst 10, then 1/s). When the
// server is on a loopback address, every phone and host gets its own source
// address in 127.0.0.0/8, as if each were its own device on the Wi-Fi.
//
//	go run ./cmd/lantern-load -url http://127.0.0.1:18080 -games 60 -phones 6 -pid $(pgrep -n lantern)
//
// Besides the standard library it uses only klauspost/compress's gzip reader
// (the server's own compressor), about twice as fast as compress/gzip: the
// program shares the machine with the server, so what it spends on reading
// the streams is taken from the server under test.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// explorers holds one side of each character card, so up to six phones can
// join one game without two sides of a card.
var explorers = []string{"ox-bellows", "missy-dubourde", "peter-akimoto", "madame-zostra", "professor-longfellow", "heather-granville"}

var traits = []string{"speed", "might", "sanity", "knowledge"}

type config struct {
	base      string
	games     int
	phones    int
	actions   int
	rate      float64
	think     time.Duration
	fetch     string
	pid       int
	spread    bool
	timeout   time.Duration
	setupPar  int
	settle    time.Duration
	loopback4 bool
	// The burst workload (burst.go).
	workload string
	view     string
	gzip     bool
	rounds   int
	gap      time.Duration
	flood    int
	// cpuProfile, when set, is where the burst's rounds are CPU-profiled:
	// the client shares the machine with the server, so what it costs
	// bounds what the burst can show.
	cpuProfile string
}

func main() {
	var cfg config
	flag.StringVar(&cfg.base, "url", "http://127.0.0.1:8080", "base URL of the Lantern server")
	flag.IntVar(&cfg.games, "games", 60, "games to create")
	flag.IntVar(&cfg.phones, "phones", 6, "phones (seats) per game, 1..6")
	flag.IntVar(&cfg.actions, "actions", 50, "actions per game")
	flag.Float64Var(&cfg.rate, "rate", 100, "actions per second across all games")
	flag.DurationVar(&cfg.think, "think", 0, "pause between one game's actions; overrides -rate (rate = games/think)")
	flag.StringVar(&cfg.fetch, "fetch", "fragment", "what a phone fetches on each new version: fragment (the page's live HTML, as the page fetched it before its stream carried the view), json (/me), none")
	flag.IntVar(&cfg.pid, "pid", 0, "server process id, to report its memory (VmRSS) and CPU from /proc")
	flag.BoolVar(&cfg.spread, "spread-src", true, "give each phone its own 127.x.y.z source address when the server is on loopback")
	flag.DurationVar(&cfg.timeout, "timeout", 10*time.Second, "timeout of one request")
	flag.IntVar(&cfg.setupPar, "setup-parallel", 8, "games set up at once")
	flag.DurationVar(&cfg.settle, "settle", 3*time.Second, "how long to wait after the last action for updates to arrive")
	flag.StringVar(&cfg.workload, "workload", "steady", "steady: actions spread evenly over time; burst: each round one action in every game at once, until all phones hold the new view")
	flag.StringVar(&cfg.view, "view", "html", "burst: the view each phone's stream carries: html (the page's), json (scripts'), or none (the plain stream, only the version number: the floor no view can go below)")
	flag.BoolVar(&cfg.gzip, "gzip", true, "burst: phones accept a gzip-compressed stream")
	flag.IntVar(&cfg.rounds, "rounds", 50, "burst: rounds")
	flag.DurationVar(&cfg.gap, "gap", 100*time.Millisecond, "burst: pause between rounds")
	flag.IntVar(&cfg.flood, "flood", 0, "burst: one more game's first phone opens this many event streams at once and steps a trait every 50 ms meanwhile (a phone gone wrong); the other games are measured")
	flag.StringVar(&cfg.cpuProfile, "cpuprofile", "", "burst: write this program's CPU profile of the rounds to this file")
	flag.Parse()
	if err := cfg.check(); err != nil {
		fmt.Fprintln(os.Stderr, "lantern-load:", err)
		os.Exit(2)
	}
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "lantern-load:", err)
		os.Exit(1)
	}
}

func (cfg *config) check() error {
	u, err := url.Parse(cfg.base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("bad -url %q", cfg.base)
	}
	if u.Hostname() == "localhost" {
		// Dial IPv4 loopback so source addresses in 127/8 can be used.
		u.Host = net.JoinHostPort("127.0.0.1", u.Port())
	}
	cfg.base = strings.TrimRight(u.String(), "/")
	if ip := net.ParseIP(u.Hostname()); ip != nil && ip.To4() != nil && ip.IsLoopback() {
		cfg.loopback4 = true
	}
	switch {
	case cfg.games < 1, cfg.actions < 1:
		return errors.New("-games and -actions must be at least 1")
	case cfg.phones < 2 || cfg.phones > len(explorers):
		return fmt.Errorf("-phones must be 2..%d", len(explorers))
	case cfg.think <= 0 && cfg.rate <= 0:
		return errors.New("set -rate or -think")
	case cfg.fetch != "fragment" && cfg.fetch != "json" && cfg.fetch != "none":
		return fmt.Errorf("bad -fetch %q", cfg.fetch)
	case cfg.workload != "steady" && cfg.workload != "burst":
		return fmt.Errorf("bad -workload %q", cfg.workload)
	case cfg.view != "html" && cfg.view != "json" && cfg.view != "none":
		return fmt.Errorf("bad -view %q", cfg.view)
	case cfg.rounds < 1:
		return errors.New("-rounds must be at least 1")
	}
	if cfg.think <= 0 {
		cfg.think = time.Duration(float64(cfg.games) / cfg.rate * float64(time.Second))
	}
	cfg.rate = float64(cfg.games) / cfg.think.Seconds()
	return nil
}

// stamp is a version seen by a phone and when.
type stamp struct {
	version int
	at      time.Time
}

// timeline is an append-only list of increasing versions a phone saw.
type timeline struct {
	mu     sync.Mutex
	stamps []stamp
}

func (tl *timeline) add(v int, at time.Time) {
	tl.mu.Lock()
	tl.stamps = append(tl.stamps, stamp{v, at})
	tl.mu.Unlock()
}

// first is when the phone first saw a version at or past v. Streams may
// skip versions (a slow reader gets only the newest), which still delivers v.
func (tl *timeline) first(v int) (time.Time, bool) {
	tl.mu.Lock()
	defer tl.mu.Unlock()
	for _, s := range tl.stamps {
		if s.version >= v {
			return s.at, true
		}
	}
	return time.Time{}, false
}

func (tl *timeline) last() int {
	tl.mu.Lock()
	defer tl.mu.Unlock()
	if len(tl.stamps) == 0 {
		return -1
	}
	return tl.stamps[len(tl.stamps)-1].version
}

// phone is one simulated device: its own HTTP client (and source address),
// its seat token, what its event stream delivered and what its fetches saw.
type phone struct {
	client  *http.Client
	fakeIP  string
	seat    int
	token   string
	events  timeline // versions from the event stream
	views   timeline // versions of completed fetches
	notify  chan struct{}
	ready   chan struct{}
	once    sync.Once
	updates atomic.Int64
}

type game struct {
	code   string
	host   *phone
	phones []*phone
}

// sample is one action's measurements.
type sample struct {
	game    *game
	actor   int
	sent    time.Time
	post    time.Duration
	version int
}

type stats struct {
	postErrors   atomic.Int64
	errorKinds   sync.Map // string -> *atomic.Int64
	streamErrors atomic.Int64
	fetchErrors  atomic.Int64
	fetches      atomic.Int64
	setupRetries atomic.Int64
}

func (s *stats) countError(kind string) {
	v, _ := s.errorKinds.LoadOrStore(kind, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
}

var sourceSeq atomic.Uint32

// newDevice makes a client with its own connections and, on loopback, its
// own source address, plus a fake 10.x address sent as X-Real-IP.
func newDevice(cfg config) *phone {
	n := sourceSeq.Add(1)
	dialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	if cfg.spread && cfg.loopback4 {
		// 127.1.0.1, 127.1.0.2, …: every one is this machine.
		ip := net.IPv4(127, byte(1+n>>16), byte(n>>8), byte(n))
		dialer.LocalAddr = &net.TCPAddr{IP: ip}
	}
	tr := &http.Transport{
		DialContext:         dialer.DialContext,
		MaxIdleConnsPerHost: 4,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
	}
	return &phone{
		client: &http.Client{Transport: tr},
		fakeIP: fmt.Sprintf("10.%d.%d.%d", byte(n>>16), byte(n>>8), byte(n)),
		notify: make(chan struct{}, 1),
		ready:  make(chan struct{}),
	}
}

// call sends one JSON request and decodes a 2xx answer into out.
func (p *phone) call(ctx context.Context, cfg config, method, path string, body, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(raw)
	}
	ctx, cancel := context.WithTimeout(ctx, cfg.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, cfg.base+path, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if p.token != "" {
		req.Header.Set("Authorization", "Bearer "+p.token)
	}
	req.Header.Set("X-Real-IP", p.fakeIP)
	resp, err := p.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, bytes.TrimSpace(raw))
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s %s: %w", method, path, err)
		}
	}
	return resp.StatusCode, nil
}

// callRetry retries rate-limited calls (429) for up to a minute.
func (p *phone) callRetry(ctx context.Context, cfg config, st *stats, method, path string, body, out any) error {
	deadline := time.Now().Add(time.Minute)
	for {
		status, err := p.call(ctx, cfg, method, path, body, out)
		if status != http.StatusTooManyRequests || time.Now().After(deadline) {
			return err
		}
		st.setupRetries.Add(1)
		time.Sleep(1100 * time.Millisecond)
	}
}

func setupGame(ctx context.Context, cfg config, st *stats) (*game, error) {
	g := &game{host: newDevice(cfg)}
	var created struct {
		Code      string `json:"code"`
		JoinKey   string `json:"join_key"`
		HostToken string `json:"host_token"`
	}
	if err := g.host.callRetry(ctx, cfg, st, http.MethodPost, "/api/games", map[string]any{}, &created); err != nil {
		return nil, err
	}
	g.code, g.host.token = created.Code, created.HostToken
	for i := range cfg.phones {
		p := newDevice(cfg)
		var joined struct {
			Seat  int    `json:"seat"`
			Token string `json:"token"`
		}
		body := map[string]string{"name": fmt.Sprintf("Phone %d", i+1), "explorer": explorers[i], "key": created.JoinKey}
		if err := p.callRetry(ctx, cfg, st, http.MethodPost, "/api/games/"+g.code+"/seats", body, &joined); err != nil {
			return nil, err
		}
		p.seat, p.token = joined.Seat, joined.Token
		g.phones = append(g.phones, p)
	}
	_, err := g.host.call(ctx, cfg, http.MethodPost, "/api/games/"+g.code+"/actions",
		map[string]any{"type": "start_game", "first_seat": 1}, nil)
	return g, err
}

// stream keeps the phone's event stream open until ctx ends, reconnecting
// like a browser's EventSource, and records every version it announces.
func (p *phone) stream(ctx context.Context, cfg config, code string, st *stats) {
	for ctx.Err() == nil {
		err := p.streamOnce(ctx, cfg, code)
		if ctx.Err() != nil {
			return
		}
		st.streamErrors.Add(1)
		st.countError("stream: " + shortError(err))
		select {
		case <-ctx.Done():
		case <-time.After(1500 * time.Millisecond):
		}
	}
}

func (p *phone) streamOnce(ctx context.Context, cfg config, code string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, cfg.base+"/api/games/"+code+"/events", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+p.token)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("X-Real-IP", p.fakeIP)
	resp, err := p.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	rd := bufio.NewReader(resp.Body)
	event, data := "", ""
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			if err == io.EOF {
				return io.ErrUnexpectedEOF
			}
			return err
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case line == "":
			if event == "version" {
				if v, err := strconv.Atoi(data); err == nil {
					p.events.add(v, time.Now())
					p.updates.Add(1)
					p.once.Do(func() { close(p.ready) })
					select {
					case p.notify <- struct{}{}:
					default: // a fetch is already pending
					}
				}
			}
			event, data = "", ""
		case strings.HasPrefix(line, ":"):
		default:
			field, value, _ := strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
			switch field {
			case "event":
				event = value
			case "data":
				data = value
			}
		}
	}
}

// fetchLoop fetches the phone's view whenever its stream announces a version
// newer than the one it shows, one fetch at a time (as static/app.js does).
func (p *phone) fetchLoop(ctx context.Context, cfg config, code string, st *stats) {
	shown := -1
	for {
		select {
		case <-ctx.Done():
			return
		case <-p.notify:
		}
		if p.events.last() <= shown {
			continue
		}
		v, err := p.fetchView(ctx, cfg, code)
		if ctx.Err() != nil {
			return
		}
		st.fetches.Add(1)
		if err != nil {
			st.fetchErrors.Add(1)
			st.countError("fetch: " + shortError(err))
			continue
		}
		p.views.add(v, time.Now())
		shown = max(shown, v)
	}
}

func (p *phone) fetchView(ctx context.Context, cfg config, code string) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, cfg.timeout)
	defer cancel()
	path := "/g/" + code
	if cfg.fetch == "json" {
		path = "/api/games/" + code + "/me"
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, cfg.base+path, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+p.token)
	req.Header.Set("X-Lantern", "fetch")
	req.Header.Set("X-Real-IP", p.fakeIP)
	resp, err := p.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("status %d", resp.StatusCode)
	}
	if cfg.fetch == "json" {
		var body struct {
			Version int `json:"version"`
		}
		if err := json.Unmarshal(raw, &body); err != nil {
			return 0, err
		}
		return body.Version, nil
	}
	return strconv.Atoi(resp.Header.Get("X-Lantern-Version"))
}

// play sends the game's actions on a fixed schedule. Phones take turns; each
// steps one of its own traits up, then the same trait back down, so boards
// stay in range however long it runs.
func (g *game) play(ctx context.Context, cfg config, st *stats, start time.Time, out chan<- sample) {
	for k := range cfg.actions {
		at := start.Add(time.Duration(k) * cfg.think)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Until(at)):
		}
		actor := k % len(g.phones)
		round := k / len(g.phones)
		delta := 1
		if round%2 == 1 {
			delta = -1
		}
		body := map[string]any{"type": "step_trait", "trait": traits[(round/2)%len(traits)], "delta": delta}
		var res struct {
			Version int `json:"version"`
		}
		sent := time.Now()
		status, err := g.phones[actor].call(ctx, cfg, http.MethodPost, "/api/games/"+g.code+"/actions", body, &res)
		s := sample{game: g, actor: actor, sent: sent, post: time.Since(sent), version: res.Version}
		if err != nil {
			st.postErrors.Add(1)
			if status != 0 {
				st.countError(fmt.Sprintf("action: HTTP %d", status))
			} else {
				st.countError("action: " + shortError(err))
			}
			s.version = 0
		}
		out <- s
	}
}

func shortError(err error) string {
	if err == nil {
		return "closed"
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return "timeout"
	}
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		msg = msg[i+2:]
	}
	return msg
}

// proc reads the server's memory and CPU time from /proc.
type proc struct{ pid int }

func (p proc) status(field string) (int64, bool) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.pid))
	if err != nil {
		return 0, false
	}
	for line := range strings.Lines(string(raw)) {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, err := strconv.ParseInt(f[0], 10, 64)
				return kb, err == nil
			}
		}
	}
	return 0, false
}

// cpu is the process's user+system time; clock ticks are 100 Hz on Linux.
func (p proc) cpu() (time.Duration, bool) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.pid))
	if err != nil {
		return 0, false
	}
	s := string(raw)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, true
}

// rss is the process's resident memory in KB, as VmRSS says, read from
// statm: the sampler reads it 20 times a second, and status (which the
// kernel builds from much more) cost the load program 6 % of its CPU in a
// burst, on the cores the server needs.
func (p proc) rss() (int64, bool) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/statm", p.pid))
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(raw))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize()) / 1024, err == nil
}

func (p proc) threads() int64 { n, _ := p.status("Threads"); return n }

func mb(kb int64) string { return fmt.Sprintf("%.1f MB", float64(kb)/1024) }

func run(cfg config) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := &stats{}
	srv := proc{cfg.pid}
	var rssStart int64
	if cfg.pid > 0 {
		var ok bool
		if rssStart, ok = srv.status("VmRSS"); !ok {
			return fmt.Errorf("cannot read /proc/%d/status", cfg.pid)
		}
	}

	// Setup: games, seats, start.
	t0 := time.Now()
	n := cfg.games
	if cfg.flood > 0 {
		n++ // the flooding phone's own game
	}
	games := make([]*game, n)
	var setupErr error
	var setupMu sync.Mutex
	sem := make(chan struct{}, cfg.setupPar)
	var wg sync.WaitGroup
	for i := range games {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			g, err := setupGame(ctx, cfg, st)
			setupMu.Lock()
			defer setupMu.Unlock()
			if err != nil && setupErr == nil {
				setupErr = fmt.Errorf("setting up game %d: %w", i+1, err)
			}
			games[i] = g
		})
	}
	wg.Wait()
	if setupErr != nil {
		return setupErr
	}
	setupTime := time.Since(t0)
	if cfg.workload == "burst" {
		return runBurst(ctx, cfg, games, st, srv)
	}

	// Streams: one per phone, all open before the first action.
	streamCtx, stopStreams := context.WithCancel(ctx)
	defer stopStreams()
	var streams sync.WaitGroup
	t1 := time.Now()
	for _, g := range games {
		for _, p := range g.phones {
			streams.Go(func() { p.stream(streamCtx, cfg, g.code, st) })
			if cfg.fetch != "none" {
				streams.Go(func() { p.fetchLoop(streamCtx, cfg, g.code, st) })
			}
		}
	}
	streamWait := time.After(30 * time.Second)
	for _, g := range games {
		for _, p := range g.phones {
			select {
			case <-p.ready:
			case <-streamWait:
				return fmt.Errorf("event streams not all open after 30s")
			}
		}
	}
	streamTime := time.Since(t1)
	time.Sleep(500 * time.Millisecond) // let the first fetches finish
	var rssIdle int64
	var cpuStart time.Duration
	if cfg.pid > 0 {
		rssIdle, _ = srv.status("VmRSS")
		cpuStart, _ = srv.cpu()
	}

	// Load: every game on its own fixed schedule, staggered evenly.
	var rssPeak atomic.Int64
	sampleDone := make(chan struct{})
	if cfg.pid > 0 {
		go srv.samplePeakRSS(200*time.Millisecond, sampleDone, &rssPeak)
	}
	samples := make(chan sample, cfg.games*cfg.actions)
	start := time.Now().Add(100 * time.Millisecond)
	var players sync.WaitGroup
	for i, g := range games {
		offset := time.Duration(float64(cfg.think) * float64(i) / float64(len(games)))
		players.Go(func() { g.play(ctx, cfg, st, start.Add(offset), samples) })
	}
	players.Wait()
	loadTime := time.Since(start)
	close(samples)
	var all []sample
	for s := range samples {
		all = append(all, s)
	}
	// Wait until every phone saw its game's last version, or -settle.
	settleEnd := time.Now().Add(cfg.settle)
	for _, g := range games {
		want := 0
		for _, s := range all {
			if s.game == g {
				want = max(want, s.version)
			}
		}
		for _, p := range g.phones {
			for time.Now().Before(settleEnd) {
				if p.events.last() >= want && (cfg.fetch == "none" || p.views.last() >= want) {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
	}
	var cpuUsed time.Duration
	var rssEnd, hwm, threads int64
	if cfg.pid > 0 {
		c, _ := srv.cpu()
		cpuUsed = c - cpuStart
		rssEnd, _ = srv.status("VmRSS")
		hwm, _ = srv.status("VmHWM")
		threads = srv.threads()
	}
	close(sampleDone)
	stopStreams()
	streams.Wait()

	// Measurements.
	var posts, updates, views []time.Duration
	missedUpdates, missedViews, ok := 0, 0, 0
	for _, s := range all {
		if s.version == 0 {
			continue
		}
		ok++
		posts = append(posts, s.post)
		for i, p := range s.game.phones {
			if i == s.actor {
				continue
			}
			if at, seen := p.events.first(s.version); seen {
				updates = append(updates, at.Sub(s.sent))
			} else {
				missedUpdates++
			}
			if cfg.fetch != "none" {
				if at, seen := p.views.first(s.version); seen {
					views = append(views, at.Sub(s.sent))
				} else {
					missedViews++
				}
			}
		}
	}
	var received int64
	for _, g := range games {
		for _, p := range g.phones {
			received += p.updates.Load()
		}
	}

	// Report.
	w := os.Stdout
	phones := cfg.games * cfg.phones
	fmt.Fprintf(w, "Lantern load: %d games x %d phones (%d seats, %d event streams), %d actions per game, %s\n",
		cfg.games, cfg.phones, phones, phones, cfg.actions, cfg.base)
	fmt.Fprintf(w, "setup:     %d games created, joined and started in %s; %d streams open in %s",
		cfg.games, setupTime.Round(time.Millisecond), phones, streamTime.Round(time.Millisecond))
	if n := st.setupRetries.Load(); n > 0 {
		fmt.Fprintf(w, " (%d joins retried after 429)", n)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "load:      %d actions in %s (target %.1f/s, achieved %.1f/s; one action per game every %s), %d ok, %d failed\n",
		len(all), loadTime.Round(time.Millisecond), cfg.rate, float64(len(all))/loadTime.Seconds(), cfg.think.Round(time.Millisecond), ok, st.postErrors.Load())
	fmt.Fprintf(w, "POST action latency:             %s\n", summary(posts))
	fmt.Fprintf(w, "action -> SSE update, per phone: %s, %d missed\n", summary(updates), missedUpdates)
	if cfg.fetch != "none" {
		fmt.Fprintf(w, "action -> view fetched (%s):%s%s, %d missed; %d fetches\n", cfg.fetch,
			strings.Repeat(" ", max(1, 12-len(cfg.fetch))), summary(views), missedViews, st.fetches.Load())
	}
	fmt.Fprintf(w, "SSE version events received: %d (%d stream reconnects)\n", received, st.streamErrors.Load())
	var kinds []string
	st.errorKinds.Range(func(k, v any) bool {
		kinds = append(kinds, fmt.Sprintf("%s x%d", k, v.(*atomic.Int64).Load()))
		return true
	})
	slices.Sort(kinds)
	if len(kinds) > 0 {
		fmt.Fprintf(w, "errors:    %s\n", strings.Join(kinds, "; "))
	} else {
		fmt.Fprintln(w, "errors:    none")
	}
	if cfg.pid > 0 {
		fmt.Fprintf(w, "server memory (VmRSS): %s before, %s with all streams open, peak %s under load, %s at the end (VmHWM %s); %d threads\n",
			mb(rssStart), mb(rssIdle), mb(max(rssPeak.Load(), rssEnd)), mb(rssEnd), mb(hwm), threads)
		fmt.Fprintf(w, "server CPU under load: %.1f s in %s (%.0f%% of one core)\n",
			cpuUsed.Seconds(), loadTime.Round(time.Millisecond), 100*cpuUsed.Seconds()/loadTime.Seconds())
	}
	return nil
}

// summary formats p50/p90/p99/max of a set of durations.
func summary(ds []time.Duration) string {
	if len(ds) == 0 {
		return "no samples"
	}
	slices.Sort(ds)
	q := func(f float64) time.Duration {
		i := int(math.Ceil(f*float64(len(ds)))) - 1
		return ds[max(0, min(i, len(ds)-1))]
	}
	return fmt.Sprintf("p50 %s  p90 %s  p99 %s  max %s  (n=%d)", ms(q(0.50)), ms(q(0.90)), ms(q(0.99)), ms(ds[len(ds)-1]), len(ds))
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))
}

// samplePeakRSS keeps the highest VmRSS of the server in peak, read every
// interval until stop closes.
func (p proc) samplePeakRSS(every time.Duration, stop <-chan struct{}, peak *atomic.Int64) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			if kb, ok := p.rss(); ok && kb > peak.Load() {
				peak.Store(kb)
			}
		}
	}
}
