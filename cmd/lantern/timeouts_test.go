package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"lantern/internal/game"
	"lantern/internal/store"
	"lantern/internal/table"
	"lantern/internal/web"
)

// Defect 8: connections that trickle a request (here one byte of a body)
// are closed after the read timeout, while an event stream stays open past
// every timeout. The server is the one run() builds, with the timeouts
// shortened so the test needn't wait for the real ones.
func TestSlowRequestsAreCutButStreamsStay(t *testing.T) {
	// Not parallel: changes the package's timeouts.
	saved := []time.Duration{readHeaderTimeout, readTimeout, writeTimeout}
	readHeaderTimeout, readTimeout, writeTimeout = 300*time.Millisecond, 600*time.Millisecond, 600*time.Millisecond
	t.Cleanup(func() { readHeaderTimeout, readTimeout, writeTimeout = saved[0], saved[1], saved[2] })

	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tables, err := table.Open(ctx, st, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tables.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newHTTPServer(web.New(web.Config{Tables: tables}), ctx)
	go srv.Serve(ln)
	defer srv.Close()
	addr := ln.Addr().String()

	req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/api/games/"+g.Code+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+g.HostToken)
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stream.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()

	const slow = 300
	conns := make([]net.Conn, 0, slow)
	for range slow {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST /api/games/%s/actions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", g.Code, g.HostToken)
		conns = append(conns, c)
	}
	// Each connection must be closed by the server well within a few
	// timeouts; a read that times out on our side means it is still open.
	open := 0
	wait := time.Now().Add(5 * time.Second)
	for _, c := range conns {
		c.SetReadDeadline(wait)
		buf := make([]byte, 4096)
		for {
			if _, err := c.Read(buf); err != nil {
				var ne net.Error
				if errors.As(err, &ne) && ne.Timeout() {
					open++
				}
				break
			}
		}
	}
	if open > 0 {
		t.Fatalf("%d of %d connections trickling a body still open", open, slow)
	}

	// Past every timeout, the stream is open and carries the next version.
	if _, err := tables.Act(ctx, table.Access{Code: g.Code, Host: true}, game.Join{}); err == nil {
		t.Fatal("join through Act")
	}
	if _, _, err := tables.Join(ctx, g.Code, g.JoinKey, game.Join{Name: "Ann", Explorer: "ox-bellows"}); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(5 * time.Second)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatal("the event stream was closed by a timeout")
			}
			if line == "data: 1" {
				return
			}
		case <-deadline:
			t.Fatal("no version on the stream after the timeouts")
		}
	}
}
