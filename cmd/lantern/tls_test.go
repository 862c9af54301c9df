package main

import (
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTLSFlag runs the real binary with -tls: it makes a certificate beside
// the database, serves HTTPS with it, prints https:// addresses, and keeps
// the same certificate on the next start.
func TestTLSFlag(t *testing.T) {
	t.Parallel()
	bin := lanternBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "night.db")

	run := func() (leaf *x509.Certificate, out string) {
		t.Helper()
		addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
		buf := &syncBuffer{}
		cmd := exec.Command(bin, "-tls", "-addr", addr, "-db", db)
		cmd.Stdout, cmd.Stderr = buf, buf
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		defer func() { cmd.Process.Kill(); <-done }()

		certFile := filepath.Join(dir, "night-cert.pem")
		deadline := time.Now().Add(10 * time.Second)
		for {
			select {
			case <-done:
				t.Fatalf("server exited:\n%s", buf.String())
			default:
			}
			// The certificate is written before the server listens; read it
			// once the server answers.
			if pemBytes, err := os.ReadFile(certFile); err == nil {
				block, _ := pem.Decode(pemBytes)
				if block != nil {
					if c, err := x509.ParseCertificate(block.Bytes); err == nil {
						pool := x509.NewCertPool()
						pool.AddCert(c)
						client := &http.Client{Timeout: time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
						if resp, err := client.Get("https://" + addr + "/healthz"); err == nil {
							body, _ := io.ReadAll(resp.Body)
							resp.Body.Close()
							if resp.StatusCode != http.StatusOK || string(body) != "ok" {
								t.Fatalf("/healthz over HTTPS: %d %q", resp.StatusCode, body)
							}
							// Plain HTTP on the same port is not served.
							if resp, err := (&http.Client{Timeout: time.Second}).Get("http://" + addr + "/healthz"); err == nil {
								b, _ := io.ReadAll(resp.Body)
								resp.Body.Close()
								if string(b) == "ok" {
									t.Errorf("plain HTTP served /healthz with -tls")
								}
							}
							return c, buf.String()
						}
					}
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("no HTTPS answer after 10s:\n%s", buf.String())
			}
			time.Sleep(30 * time.Millisecond)
		}
	}

	first, out := run()
	if !strings.Contains(out, "https://localhost:") || strings.Contains(out, "http://localhost:") {
		t.Errorf("printed addresses are not https:\n%s", out)
	}
	if !strings.Contains(out, "New self-signed certificate") || !strings.Contains(out, "SHA-256 ") {
		t.Errorf("no word about the new certificate:\n%s", out)
	}
	if err := first.VerifyHostname("127.0.0.1"); err != nil {
		t.Errorf("certificate: %v", err)
	}
	if st, err := os.Stat(filepath.Join(dir, "night-key.pem")); err != nil {
		t.Errorf("key file: %v", err)
	} else if st.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v, want 0600", st.Mode().Perm())
	}

	second, out := run()
	if string(second.Raw) != string(first.Raw) {
		t.Errorf("the second start made a new certificate; phones would be warned again:\n%s", out)
	}
	if strings.Contains(out, "New self-signed certificate") {
		t.Errorf("second start says it made a new certificate:\n%s", out)
	}
}
