package main

// Operations tests (issue 11): what the process does when it starts, stops,
// shares a database, meets a damaged game, or is backed up. They build and
// run the real binary.

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runToExit runs the binary and waits (at most 20 s) for it to end.
func runToExit(t *testing.T, bin string, args ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("lantern %v still running after 20 s:\n%s", args, out)
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return string(out), exit.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(out), 0
}

// newGame creates a game with one seat over the API and starts it.
func newGame(t *testing.T, c *apiClient) (created, joined) {
	t.Helper()
	var g created
	c.must(t, http.StatusCreated, http.MethodPost, "/api/games", "", map[string]any{}, &g)
	var j joined
	c.must(t, http.StatusCreated, http.MethodPost, "/api/games/"+g.Code+"/seats", "",
		map[string]string{"name": "Ann", "explorer": "zoe-ingstrom", "key": g.JoinKey}, &j)
	c.must(t, http.StatusOK, http.MethodPost, "/api/games/"+g.Code+"/actions", g.HostToken,
		map[string]any{"type": "start_game", "first_seat": 1}, nil)
	return g, j
}

func stepMight(t *testing.T, c *apiClient, g created, token string) {
	t.Helper()
	c.must(t, http.StatusOK, http.MethodPost, "/api/games/"+g.Code+"/actions", token,
		map[string]any{"type": "step_trait", "trait": "might", "delta": 1}, nil)
}

// Defect 2: a second server on the same database exits at once, saying
// another Lantern is using it; the first keeps serving.
func TestSecondServerOnTheSameDatabase(t *testing.T) {
	t.Parallel()
	bin := lanternBinary(t)
	db := filepath.Join(t.TempDir(), "lantern.db")
	first := startServer(t, bin, db)
	out, code := runToExit(t, bin, "-addr", fmt.Sprintf("127.0.0.1:%d", freePort(t)), "-db", db)
	if code == 0 || !strings.Contains(out, "another Lantern") || !strings.Contains(out, db) {
		t.Fatalf("second server: exit %d\n%s", code, out)
	}
	c := newAPIClient(first.base)
	newGame(t, c)
}

// Defect 3: a read-only database file stops the start, saying why.
func TestReadOnlyDatabase(t *testing.T) {
	t.Parallel()
	bin := lanternBinary(t)
	db := filepath.Join(t.TempDir(), "lantern.db")
	startServer(t, bin, db).kill()
	if err := os.Chmod(db, 0o444); err != nil {
		t.Fatal(err)
	}
	out, code := runToExit(t, bin, "-addr", fmt.Sprintf("127.0.0.1:%d", freePort(t)), "-db", db)
	if code == 0 || !strings.Contains(out, "read-only") {
		t.Fatalf("server on a read-only database: exit %d\n%s", code, out)
	}
}

// Defect 9: the database, its WAL and shared memory, and the lock are
// readable by their owner only.
func TestDatabaseFilesArePrivate(t *testing.T) {
	t.Parallel()
	bin := lanternBinary(t)
	db := filepath.Join(t.TempDir(), "lantern.db")
	srv := startServer(t, bin, db)
	newGame(t, newAPIClient(srv.base))
	for _, name := range []string{db, db + "-wal", db + "-shm", db + ".lock"} {
		info, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if perm := info.Mode().Perm(); perm != 0o600 {
			t.Errorf("%s: mode %04o, want 0600", filepath.Base(name), perm)
		}
	}
}

// Defect 1: a game whose log won't decode is set aside; the server starts,
// says so once, answers that game with an error and serves the others.
func TestBrokenGameDoesNotStopTheServer(t *testing.T) {
	t.Parallel()
	bin := lanternBinary(t)
	db := filepath.Join(t.TempDir(), "lantern.db")
	srv := startServer(t, bin, db)
	c := newAPIClient(srv.base)
	broken, _ := newGame(t, c)
	fine, seat := newGame(t, c)
	srv.kill()

	sqldb, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sqldb.Exec(`UPDATE events SET body = '{"seq": 2, "ty' WHERE game_code = ? AND seq = 2`, broken.Code); err != nil {
		t.Fatal(err)
	}
	sqldb.Close()

	srv = startServer(t, bin, db)
	c = newAPIClient(srv.base)
	status, raw, err := c.do(http.MethodGet, "/api/games/"+broken.Code, broken.HostToken, nil, nil)
	if err != nil || status != http.StatusServiceUnavailable || !strings.Contains(string(raw), "err_broken_game") {
		t.Fatalf("broken game: %d %s %v", status, raw, err)
	}
	stepMight(t, c, fine, seat.Token)
	out := srv.out.String()
	if strings.Count(out, "set aside") != 1 || !strings.Contains(out, "game="+broken.Code) || !strings.Contains(out, "event=2") {
		t.Errorf("start-up output:\n%s", out)
	}
}

// Defect 10: SIGTERM says so, takes no new connection, lets a request in
// flight finish and commit, ends the event streams, and exits cleanly with
// nothing logged as an error.
func TestSIGTERMFinishesRequestsInFlight(t *testing.T) {
	// Not parallel: a request held 200 ms must still be in flight at the signal.
	bin := lanternBinary(t)
	db := filepath.Join(t.TempDir(), "lantern.db")
	srv := startServer(t, bin, db)
	c := newAPIClient(srv.base)
	g, seat := newGame(t, c)
	var before stateJSON
	c.must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code, g.HostToken, nil, &before)

	// An event stream.
	req, _ := http.NewRequest(http.MethodGet, srv.base+"/api/games/"+g.Code+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+seat.Token)
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	streamEnded := make(chan error, 1)
	go func() { _, err := io.Copy(io.Discard, stream.Body); streamEnded <- err }()

	// An action in flight: its headers and half its body are sent.
	body := `{"type":"step_trait","trait":"might","delta":1}`
	conn, err := net.Dial("tcp", strings.TrimPrefix(srv.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/games/%s/actions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		g.Code, seat.Token, len(body), body[:10])
	time.Sleep(200 * time.Millisecond) // the handler is reading the body

	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(srv.out.String(), "shutting down") {
		if time.Now().After(deadline) {
			t.Fatalf("no shutdown line:\n%s", srv.out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if nc, err := net.DialTimeout("tcp", strings.TrimPrefix(srv.base, "http://"), time.Second); err == nil {
		nc.Close()
		t.Error("a new connection was accepted while stopping")
	}
	select {
	case <-streamEnded:
	case <-time.After(5 * time.Second):
		t.Error("event stream still open while stopping")
	}

	fmt.Fprint(conn, body[10:])
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("request in flight: %v\n%s", err, srv.out.String())
	}
	answer, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Errorf("request in flight answered %d %s", resp.StatusCode, answer)
	}

	select {
	case <-srv.done:
	case <-time.After(10 * time.Second):
		t.Fatal("server still running after SIGTERM")
	}
	if code := srv.cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("exit code %d", code)
	}
	out := srv.out.String()
	if strings.Contains(out, "level=ERROR") || !strings.Contains(out, "Lantern stopped") {
		t.Errorf("output:\n%s", out)
	}

	// The action answered in flight is in the database.
	srv = startServer(t, bin, db)
	var st stateJSON
	newAPIClient(srv.base).must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code, g.HostToken, nil, &st)
	if might := st.Seats[0].Traits["might"]; might.Position != before.Seats[0].Traits["might"].Position+1 {
		t.Errorf("might at position %d after the restart, was %d; the step answered during the stop was lost", might.Position, before.Seats[0].Traits["might"].Position)
	}
}

// New: `lantern backup FILE` copies the database while a server runs on it
// (holding its lock, with changes still in the WAL); a server started on
// the copy serves the same games.
func TestBackupWhileServing(t *testing.T) {
	t.Parallel()
	bin := lanternBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "lantern.db")
	srv := startServer(t, bin, db)
	c := newAPIClient(srv.base)
	g, seat := newGame(t, c)
	for range 5 {
		stepMight(t, c, g, seat.Token)
	}
	var before stateJSON
	c.must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code, g.HostToken, nil, &before)

	copyDB := filepath.Join(dir, "copy.db")
	out, code := runToExit(t, bin, "-db", db, "backup", copyDB)
	if code != 0 || !strings.Contains(out, "Backed up 1 games") {
		t.Fatalf("backup: exit %d\n%s", code, out)
	}
	if out, code := runToExit(t, bin, "-db", db, "backup", copyDB); code == 0 || !strings.Contains(out, "already exists") {
		t.Errorf("backup over the last one: exit %d\n%s", code, out)
	}
	stepMight(t, c, g, seat.Token) // the server goes on

	restored := startServer(t, bin, copyDB)
	var after stateJSON
	newAPIClient(restored.base).must(t, http.StatusOK, http.MethodGet, "/api/games/"+g.Code, g.HostToken, nil, &after)
	if after.Version != before.Version || after.Seats[0].Traits["might"] != before.Seats[0].Traits["might"] {
		t.Errorf("the copy serves version %d %+v, want %d %+v", after.Version, after.Seats[0].Traits, before.Version, before.Seats[0].Traits)
	}
}

// Issue 24, defect 1: the lock follows the database file, not its name: a
// second server on a symlink or a hard link to it exits too, and the first
// keeps serving.
func TestSecondServerThroughAnotherName(t *testing.T) {
	t.Parallel()
	bin := lanternBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "lantern.db")
	first := startServer(t, bin, db)
	sym, hard := filepath.Join(dir, "sym.db"), filepath.Join(dir, "hard.db")
	if err := os.Symlink(db, sym); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if err := os.Link(db, hard); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	for _, name := range []string{sym, hard} {
		out, code := runToExit(t, bin, "-addr", fmt.Sprintf("127.0.0.1:%d", freePort(t)), "-db", name)
		if code == 0 || !strings.Contains(out, "another Lantern") || !strings.Contains(out, name) {
			t.Fatalf("second server on %s: exit %d\n%s", filepath.Base(name), code, out)
		}
	}
	newGame(t, newAPIClient(first.base))
}

// Issue 24, defects 2 and 3: a damaged row outside the log (an unparsable
// updated_at) or an event that decodes but is impossible (a trait at
// position 99) sets only that game aside: the server starts, says so once,
// answers that game with 503 and serves the others.
func TestDamagedGamesDoNotStopTheServer(t *testing.T) {
	t.Parallel()
	bin := lanternBinary(t)
	for name, damage := range map[string]string{
		"row":   `UPDATE games SET updated_at = 'last tuesday' WHERE code = ?`,
		"event": `UPDATE events SET body = replace(body, '"to":{"position":5}', '"to":{"position":99}') WHERE game_code = ? AND type = 'traits_changed'`,
	} {
		t.Run(name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "lantern.db")
			srv := startServer(t, bin, db)
			c := newAPIClient(srv.base)
			broken, brokenSeat := newGame(t, c)
			stepMight(t, c, broken, brokenSeat.Token) // zoe-ingstrom's might clip: 4 → 5
			fine, seat := newGame(t, c)
			srv.kill()

			sqldb, err := sql.Open("sqlite", db)
			if err != nil {
				t.Fatal(err)
			}
			res, err := sqldb.Exec(damage, broken.Code)
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := res.RowsAffected(); n != 1 {
				t.Fatalf("damaged %d rows, want 1", n)
			}
			sqldb.Close()

			srv = startServer(t, bin, db)
			c = newAPIClient(srv.base)
			for range 2 {
				status, raw, err := c.do(http.MethodGet, "/api/games/"+broken.Code, broken.HostToken, nil, nil)
				if err != nil || status != http.StatusServiceUnavailable || !strings.Contains(string(raw), "err_broken_game") {
					t.Fatalf("damaged game: %d %s %v", status, raw, err)
				}
			}
			status, raw, err := c.do(http.MethodPost, "/api/games/"+broken.Code+"/actions", brokenSeat.Token,
				map[string]any{"type": "step_trait", "trait": "might", "delta": 1}, nil)
			if err != nil || status != http.StatusServiceUnavailable {
				t.Fatalf("an action on the damaged game: %d %s %v", status, raw, err)
			}
			stepMight(t, c, fine, seat.Token)
			out := srv.out.String()
			if strings.Count(out, "set aside") != 1 || !strings.Contains(out, "game="+broken.Code) || strings.Contains(out, "panic") {
				t.Errorf("server output:\n%s", out)
			}
		})
	}
}
