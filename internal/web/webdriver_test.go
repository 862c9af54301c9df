package web_test

// A small client of the W3C WebDriver protocol (net/http + encoding/json),
// enough to drive WebKitGTK's MiniBrowser through Debian's WebKitWebDriver
// (apt-get install -y webkit2gtk-driver xvfb): a private Xvfb display, one
// driver process per browser (the driver holds one session), and the
// commands the WebKit tests use. Everything it starts it stops again.

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// wdElementKey is the W3C name of an element reference in JSON.
const wdElementKey = "element-6066-11e4-a52e-4f735466cecf"

// wdError is an error answer of the driver.
type wdError struct {
	Status  int
	Code    string `json:"error"`
	Message string `json:"message"`
}

func (e *wdError) Error() string {
	return fmt.Sprintf("webdriver %d %s: %s", e.Status, e.Code, e.Message)
}

// wdSession is one browser: a WebKitWebDriver process and its session.
type wdSession struct {
	base   string // http://127.0.0.1:PORT/session/ID
	client *http.Client
}

// webkitTools finds WebKitWebDriver and MiniBrowser, or skips the test.
func webkitTools(t *testing.T) (driver, browser string) {
	t.Helper()
	driver, err := exec.LookPath("WebKitWebDriver")
	if err != nil {
		t.Skipf("WebKitWebDriver not found: %v (apt-get install -y webkit2gtk-driver xvfb); skipping WebKit test", err)
	}
	for _, pattern := range []string{
		"/usr/lib/*/webkit2gtk-4.*/MiniBrowser",
		"/usr/libexec/webkit2gtk-4.*/MiniBrowser",
		"/usr/lib/*/webkitgtk-6.*/MiniBrowser",
		"/usr/libexec/webkitgtk-6.*/MiniBrowser",
	} {
		if m, _ := filepath.Glob(pattern); len(m) > 0 {
			return driver, m[len(m)-1]
		}
	}
	t.Skip("WebKitWebDriver found but not WebKitGTK's MiniBrowser (apt-get install -y webkit2gtk-driver); skipping WebKit test")
	return "", ""
}

// xDisplay starts a private Xvfb (the server picks a free display number)
// and stops it when the test ends; without Xvfb it uses $DISPLAY, and
// without either it skips the test.
func xDisplay(t *testing.T) string {
	t.Helper()
	xvfb, err := exec.LookPath("Xvfb")
	if err != nil {
		if d := os.Getenv("DISPLAY"); d != "" {
			return d
		}
		t.Skipf("Xvfb not found and no DISPLAY: %v (apt-get install -y xvfb); skipping WebKit test", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatalf("pipe for Xvfb: %v", err)
	}
	defer r.Close()
	cmd := exec.Command(xvfb, "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w} // fd 3
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		w.Close()
		t.Skipf("Xvfb does not start: %v; skipping WebKit test", err)
	}
	w.Close()
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if _, err := strconv.Atoi(n); err != nil {
			t.Fatalf("Xvfb gave no display number (%q)", n)
		}
		return ":" + n
	case <-time.After(tabWait):
		t.Fatalf("Xvfb did not report its display in %v", tabWait)
	}
	return ""
}

// freePort is a TCP port nobody listens on just now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// newWebKit starts WebKitWebDriver on a private display and opens a
// session of MiniBrowser. The session, the driver and the display end with
// the test.
func newWebKit(t *testing.T) *wdSession {
	t.Helper()
	driver, browser := webkitTools(t)
	display := xDisplay(t)
	// A private GTK configuration: the browser's own toolbar may shrink, so
	// the window (and the page in it) can be as narrow as a phone.
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "config", "gtk-3.0"), 0o755); err != nil {
		t.Fatal(err)
	}
	css := "* { min-width: 0; min-height: 0; padding: 0; margin: 0; font-size: 1px; }\n"
	if err := os.WriteFile(filepath.Join(home, "config", "gtk-3.0", "gtk.css"), []byte(css), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "DISPLAY="+display,
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"),
		"XDG_DATA_HOME="+filepath.Join(home, "data"),
		"XDG_CACHE_HOME="+filepath.Join(home, "cache"),
		"LANG=en_US.UTF-8", "LANGUAGE=en_US")

	var lastErr error
	for range 3 { // a port taken between freePort and the driver: try another
		port, err := freePort()
		if err != nil {
			t.Fatalf("free port: %v", err)
		}
		cmd := exec.Command(driver, "--port="+strconv.Itoa(port))
		cmd.Env = env
		// Its own process group: the browser it starts goes with it.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stderr, &stderr
		if err := cmd.Start(); err != nil {
			t.Skipf("WebKitWebDriver does not start: %v; skipping WebKit test", err)
		}
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		stop := func() {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
		root := "http://127.0.0.1:" + strconv.Itoa(port)
		s := &wdSession{client: &http.Client{Timeout: 2 * tabWait}}
		if lastErr = wdReady(s.client, root, exited); lastErr != nil {
			stop()
			lastErr = fmt.Errorf("%w; driver said: %s", lastErr, stderr.String())
			continue
		}
		var created struct {
			SessionID string `json:"sessionId"`
		}
		caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
			"pageLoadStrategy": "normal",
			"webkitgtk:browserOptions": map[string]any{
				"binary": browser,
				"args":   []string{"--automation"},
			},
		}}}
		if err := s.call(http.MethodPost, root+"/session", caps, &created); err != nil {
			stop()
			t.Fatalf("new WebKit session: %v; driver said: %s", err, stderr.String())
		}
		s.base = root + "/session/" + created.SessionID
		t.Cleanup(func() {
			s.call(http.MethodDelete, s.base, nil, nil)
			stop()
		})
		return s
	}
	t.Fatalf("WebKitWebDriver never became ready: %v", lastErr)
	return nil
}

// wdReady polls the driver's status until it is ready.
func wdReady(c *http.Client, root string, exited <-chan struct{}) error {
	deadline := time.Now().Add(tabWait)
	for {
		select {
		case <-exited:
			return errors.New("WebKitWebDriver exited")
		default:
		}
		var st struct {
			Ready bool `json:"ready"`
		}
		s := &wdSession{client: c}
		if err := s.call(http.MethodGet, root+"/status", nil, &st); err == nil && st.Ready {
			return nil
		}
		if time.Now().After(deadline) {
			return errors.New("WebKitWebDriver not ready in time")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// call sends one command and decodes the answer's value into out (if set).
func (s *wdSession) call(method, url string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json; charset=utf-8")
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	var env struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return fmt.Errorf("webdriver %s %s: %d %.200s", method, url, resp.StatusCode, raw)
	}
	if resp.StatusCode >= 300 {
		e := &wdError{Status: resp.StatusCode}
		json.Unmarshal(env.Value, e)
		return e
	}
	if out != nil {
		return json.Unmarshal(env.Value, out)
	}
	return nil
}

func (s *wdSession) cmd(method, path string, body, out any) error {
	return s.call(method, s.base+path, body, out)
}

// setWindowRect sizes the browser window; it answers the size it got.
func (s *wdSession) setWindowRect(width, height int) (w, h int, err error) {
	var r struct{ Width, Height int }
	err = s.cmd(http.MethodPost, "/window/rect", map[string]int{"width": width, "height": height}, &r)
	return r.Width, r.Height, err
}

func (s *wdSession) navigate(url string) error {
	return s.cmd(http.MethodPost, "/url", map[string]string{"url": url}, nil)
}

// find is the first element matching a CSS selector.
func (s *wdSession) find(css string) (string, error) {
	var el map[string]string
	if err := s.cmd(http.MethodPost, "/element", map[string]string{"using": "css selector", "value": css}, &el); err != nil {
		return "", err
	}
	return el[wdElementKey], nil
}

func (s *wdSession) click(el string) error {
	return s.cmd(http.MethodPost, "/element/"+el+"/click", map[string]any{}, nil)
}

func (s *wdSession) clear(el string) error {
	return s.cmd(http.MethodPost, "/element/"+el+"/clear", map[string]any{}, nil)
}

func (s *wdSession) sendKeys(el, text string) error {
	return s.cmd(http.MethodPost, "/element/"+el+"/value", map[string]string{"text": text}, nil)
}

// execute runs a script's body (it returns its result; a returned promise
// is awaited) and decodes the result into out (if set).
func (s *wdSession) execute(script string, out any, args ...any) error {
	if args == nil {
		args = []any{}
	}
	return s.cmd(http.MethodPost, "/execute/sync", map[string]any{"script": script, "args": args}, out)
}

// addCookie sets a cookie for the page's current site.
func (s *wdSession) addCookie(name, value string, httpOnly bool) error {
	return s.cmd(http.MethodPost, "/cookie", map[string]any{"cookie": map[string]any{
		"name": name, "value": value, "path": "/", "httpOnly": httpOnly, "sameSite": "Lax",
	}}, nil)
}

// screenshot is a PNG of the window's page.
func (s *wdSession) screenshot() ([]byte, error) {
	var b64 string
	if err := s.cmd(http.MethodGet, "/screenshot", nil, &b64); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(b64)
}
