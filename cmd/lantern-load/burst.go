package main

// The burst workload (-workload burst): every round, one phone in every
// game changes a trait at the same moment, and each game's latency is the
// time from sending its action until all of its phones hold the new view,
// delivered by their own event streams (?view=html, the page's live HTML,
// or ?view=json, the JSON view scripts use).
//
// With -flood N, one more game's first phone opens N streams of its seat at
// once and steps a trait every 50 ms throughout: the server keeps a few of
// its streams (the oldest closed first) and the other games, measured as
// usual, should hardly notice.
//
// With -view none the streams carry no view, only the plain stream's
// version number: the server stores the action and tells six phones, and
// nothing else. That is the floor any view is built on, measured the same
// way.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klauspost/compress/gzip"

	"lantern/internal/procstat"
)

// viewStream is one phone's event stream carrying its view.
type viewStream struct {
	wire    atomic.Int64 // bytes on the wire (compressed when gzip)
	plain   atomic.Int64 // bytes of the messages as sent, uncompressed
	msgs    atomic.Int64 // view messages received
	version atomic.Int64 // newest version held
	mu      sync.Mutex
	waiters []versionWaiter
}

type versionWaiter struct {
	version int64
	ch      chan time.Time
}

// wait returns a channel that gets the time the stream first held version
// v or later.
func (vs *viewStream) wait(v int64) <-chan time.Time {
	ch := make(chan time.Time, 1)
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if vs.version.Load() >= v {
		ch <- time.Now()
		return ch
	}
	vs.waiters = append(vs.waiters, versionWaiter{v, ch})
	return ch
}

func (vs *viewStream) hold(v int64, at time.Time) {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	if v <= vs.version.Load() {
		return
	}
	vs.version.Store(v)
	keep := vs.waiters[:0]
	for _, w := range vs.waiters {
		if w.version <= v {
			w.ch <- at
		} else {
			keep = append(keep, w)
		}
	}
	vs.waiters = keep
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// follow reads the phone's view stream until ctx ends. A view is held once
// its whole message has arrived (its id is the version).
func (p *phone) follow(ctx context.Context, cfg config, code string, vs *viewStream, ready chan<- struct{}) error {
	url := cfg.base + "/api/games/" + code + "/events"
	if cfg.view != "none" {
		url += "?view=" + cfg.view
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+p.token)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("X-Real-IP", p.fakeIP)
	if cfg.gzip {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	resp, err := p.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	var body io.Reader = countingReader{resp.Body, &vs.wire}
	if resp.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(body)
		if err != nil {
			return err
		}
		body = zr
	}
	rd := bufio.NewReaderSize(countingReader{body, &vs.plain}, 64<<10)
	var event, id, data []byte
	first := true
	for {
		line, err := rd.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A long data line: only its end matters here.
			for err == bufio.ErrBufferFull {
				_, err = rd.ReadSlice('\n')
			}
			line = []byte("data: …\n")
		}
		if err != nil {
			return err
		}
		// The line is only valid until the next read: keep copies.
		switch line = bytes.TrimRight(line, "\r\n"); {
		case len(line) == 0:
			if bytes.Equal(event, []byte("version")) {
				id = data // the plain stream's version is its data
			}
			if bytes.Equal(event, []byte("html")) || bytes.Equal(event, []byte("view")) || bytes.Equal(event, []byte("version")) {
				if v, err := strconv.ParseInt(string(id), 10, 64); err == nil {
					vs.hold(v, time.Now())
					vs.msgs.Add(1)
					if first {
						first = false
						close(ready)
					}
				}
			}
			event, id, data = event[:0], id[:0], data[:0]
		case bytes.HasPrefix(line, []byte("event: ")):
			event = append(event[:0], line[len("event: "):]...)
		case bytes.HasPrefix(line, []byte("id: ")):
			id = append(id[:0], line[len("id: "):]...)
		case bytes.HasPrefix(line, []byte("data: ")) && bytes.Equal(event, []byte("version")):
			data = append(data[:0], line[len("data: "):]...)
		}
	}
}

// runBurst runs the burst workload on games already set up.
func runBurst(ctx context.Context, cfg config, games []*game, st *stats, srv proc) (err error) {
	streamCtx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	var flooded atomic.Int64 // the flooding phone's streams that opened
	if cfg.flood > 0 {
		fg := games[len(games)-1]
		games = games[:len(games)-1]
		wg.Go(func() { flood(streamCtx, cfg, fg, &flooded) })
	}
	streams := make([][]*viewStream, len(games))
	var readies []chan struct{}
	for i, g := range games {
		for _, p := range g.phones {
			vs := &viewStream{}
			streams[i] = append(streams[i], vs)
			ready := make(chan struct{})
			readies = append(readies, ready)
			wg.Go(func() {
				if err := p.follow(streamCtx, cfg, g.code, vs, ready); err != nil && streamCtx.Err() == nil {
					st.streamErrors.Add(1)
					st.countError("stream: " + shortError(err))
				}
			})
		}
	}
	deadline := time.After(60 * time.Second)
	for _, r := range readies {
		select {
		case <-r:
		case <-deadline:
			return fmt.Errorf("view streams not all open after 60s")
		}
	}
	// Each phone's stream took the connection its setup left idle; give
	// it a spare one for its actions, as a browser keeps one alive, so no
	// round pays for dialing.
	var warm sync.WaitGroup
	for _, g := range games {
		for _, p := range g.phones {
			// A failed warm-up costs a round only the dial it saves.
			warm.Go(func() { _, _ = p.call(ctx, cfg, http.MethodGet, "/healthz", nil, nil) })
		}
	}
	warm.Wait()
	time.Sleep(300 * time.Millisecond)
	var wireStart, plainStart, msgStart int64
	for _, ss := range streams {
		for _, vs := range ss {
			wireStart += vs.wire.Load()
			plainStart += vs.plain.Load()
			msgStart += vs.msgs.Load()
		}
	}
	rssIdle, _ := srv.status("VmRSS")
	cpuStart, _ := srv.cpu()
	ownStart := procstat.CPU()
	var rssPeak atomic.Int64
	sampling := make(chan struct{})
	if cfg.pid > 0 {
		go srv.samplePeakRSS(50*time.Millisecond, sampling, &rssPeak)
	}

	if cfg.cpuProfile != "" {
		f, cerr := os.Create(cfg.cpuProfile)
		if cerr != nil {
			return cerr
		}
		// Stopped (deferred below) before the file closes; a profile
		// whose file doesn't close may be cut short, which the run says.
		defer func() {
			if cerr := f.Close(); cerr != nil {
				err = errors.Join(err, fmt.Errorf("CPU profile: %w", cerr))
			}
		}()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	var latencies, answers []time.Duration
	missed, actions := 0, 0
	t0 := time.Now()
	for round := range cfg.rounds {
		delta := 1
		if round%2 == 1 {
			delta = -1
		}
		trait := traits[(round/2)%len(traits)]
		collectBetweenRounds()
		results := make([]time.Duration, len(games))
		answered := make([]time.Duration, len(games))
		start := time.Now().Add(5 * time.Millisecond)
		var rw sync.WaitGroup
		for i, g := range games {
			rw.Go(func() {
				// One phone steps a trait up, then back down the next round.
				actor := g.phones[(round/2)%len(g.phones)]
				time.Sleep(time.Until(start))
				var res struct {
					Version int64 `json:"version"`
				}
				sent := time.Now()
				status, err := actor.call(ctx, cfg, http.MethodPost, "/api/games/"+g.code+"/actions",
					map[string]any{"type": "step_trait", "trait": trait, "delta": delta}, &res)
				answered[i] = time.Since(sent)
				if err != nil {
					st.postErrors.Add(1)
					st.countError(fmt.Sprintf("action: HTTP %d %s", status, shortError(err)))
					results[i] = -1
					return
				}
				var last time.Time
				timeout := time.After(cfg.timeout)
				for _, vs := range streams[i] {
					select {
					case at := <-vs.wait(res.Version):
						if at.After(last) {
							last = at
						}
					case <-timeout:
						results[i] = -1
						return
					}
				}
				results[i] = last.Sub(sent)
			})
		}
		rw.Wait()
		for i, d := range results {
			if d >= 0 {
				answers = append(answers, answered[i])
			}
			actions++
			if d < 0 {
				missed++
				continue
			}
			latencies = append(latencies, d)
		}
		time.Sleep(cfg.gap)
	}
	loadTime := time.Since(t0)
	cpuEnd, _ := srv.cpu()
	own := procstat.CPU() - ownStart
	rssEnd, _ := srv.status("VmRSS")
	hwm, _ := srv.status("VmHWM")
	close(sampling)
	var wire, plain, msgs int64
	for _, ss := range streams {
		for _, vs := range ss {
			wire += vs.wire.Load()
			plain += vs.plain.Load()
			msgs += vs.msgs.Load()
		}
	}
	wire, plain, msgs = wire-wireStart, plain-plainStart, msgs-msgStart
	stop()
	wg.Wait()

	w := os.Stdout
	phones := len(games) * cfg.phones
	fmt.Fprintf(w, "Lantern burst: %d games x %d phones (%d streams, view=%s, gzip=%v), %d rounds, %s\n",
		len(games), cfg.phones, phones, cfg.view, cfg.gzip, cfg.rounds, cfg.base)
	if cfg.flood > 0 {
		fmt.Fprintf(w, "flood:     one more game's phone opened %d of %d streams at once, stepping a trait every 50 ms\n", flooded.Load(), cfg.flood)
	}
	fmt.Fprintf(w, "actions:   %d (%d per round, all at once), %d failed or not seen by every phone within %s\n",
		actions, len(games), missed, cfg.timeout)
	fmt.Fprintf(w, "action -> all %d phones of its game hold the new view: %s\n", cfg.phones, summary(latencies))
	// Where the time goes: stored and answered (the POST), then pushed.
	fmt.Fprintf(w, "action -> its POST answered (stored):          %s\n", summary(answers))
	if msgs > 0 {
		fmt.Fprintf(w, "bytes per update per phone: %.0f on the wire, %.0f uncompressed (%d messages)\n",
			float64(wire)/float64(msgs), float64(plain)/float64(msgs), msgs)
	}
	var kinds []string
	st.errorKinds.Range(func(k, v any) bool {
		kinds = append(kinds, fmt.Sprintf("%s x%d", k, v.(*atomic.Int64).Load()))
		return true
	})
	if len(kinds) > 0 {
		fmt.Fprintf(w, "errors:    %s\n", strings.Join(kinds, "; "))
	}
	if cfg.pid > 0 {
		cpu := cpuEnd - cpuStart
		fmt.Fprintf(w, "server CPU: %.2f ms per action (%.1f s in %s); memory (VmRSS): %s with all streams open, peak %s (VmHWM %s)\n",
			float64(cpu)/float64(time.Millisecond)/float64(max(1, actions)), cpu.Seconds(), loadTime.Round(time.Millisecond),
			mb(rssIdle), mb(max(rssPeak.Load(), rssEnd)), mb(hwm))
	}
	// The phones' side shares the machine with the server: what it costs
	// is CPU the server did not have.
	fmt.Fprintf(w, "load program CPU: %.2f ms per action\n", float64(own)/float64(time.Millisecond)/float64(max(1, actions)))
	return nil
}

// collectBetweenRounds collects the load program's own garbage before a
// round when its heap has used half of its room. The program stands in for
// 360 phones, whose collections would not take the server's CPU; one of
// its own in a round (about 35 ms of CPU: it keeps every phone's buffers
// and decompressors live) made that round's phones wait for the server
// that much longer.
func collectBetweenRounds() {
	if procstat.HeapHalfUsed() {
		runtime.GC()
	}
}

// flood is a phone gone wrong: it opens cfg.flood streams of its seat at
// once, reads whatever they send, and steps a trait every 50 ms until ctx
// ends.
func flood(ctx context.Context, cfg config, g *game, opened *atomic.Int64) {
	p := g.phones[0]
	for range cfg.flood {
		go func() {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, cfg.base+"/api/games/"+g.code+"/events?view=html", nil)
			if err != nil {
				return
			}
			req.Header.Set("Authorization", "Bearer "+p.token)
			resp, err := p.client.Do(req)
			if err != nil {
				return
			}
			defer resp.Body.Close()
			if resp.StatusCode == http.StatusOK { // past a burst the server refuses (429)
				opened.Add(1)
			}
			// Read until the run ends the stream: its error says only that.
			_, _ = io.Copy(io.Discard, resp.Body)
		}()
	}
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for delta := 1; ; delta = -delta {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			// The flood's own steps are load, not measured: a refused or
			// failed one changes nothing the run reports.
			_, _ = p.call(ctx, cfg, http.MethodPost, "/api/games/"+g.code+"/actions",
				map[string]any{"type": "step_trait", "trait": "sanity", "delta": delta}, nil)
		}
	}
}
