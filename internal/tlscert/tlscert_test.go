package tlscert

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/tls"
	"crypto/x509"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

var t0 = time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)

func lan(ips ...string) []net.IP {
	var out []net.IP
	for _, s := range ips {
		out = append(out, net.ParseIP(s))
	}
	return out
}

func TestPaths(t *testing.T) {
	t.Parallel()
	for db, want := range map[string][2]string{
		"lantern.db":            {"lantern-cert.pem", "lantern-key.pem"},
		"/var/games/night.db":   {"/var/games/night-cert.pem", "/var/games/night-key.pem"},
		"data/games":            {"data/games-cert.pem", "data/games-key.pem"},
		"./x.sqlite3":           {"./x-cert.pem", "./x-key.pem"},
		"dir.v2/lantern.sqlite": {"dir.v2/lantern-cert.pem", "dir.v2/lantern-key.pem"},
	} {
		c, k := Paths(db)
		if c != want[0] || k != want[1] {
			t.Errorf("Paths(%q) = %q, %q; want %q, %q", db, c, k, want[0], want[1])
		}
	}
}

func TestFor(t *testing.T) {
	t.Parallel()
	n := For(lan("192.168.1.20", "10.0.0.5", "192.168.1.20", "fe80::1"))
	if !slices.Equal(n.DNS, []string{"localhost"}) {
		t.Errorf("DNS = %v", n.DNS)
	}
	var got []string
	for _, ip := range n.IPs {
		got = append(got, ip.String())
	}
	if want := []string{"127.0.0.1", "192.168.1.20", "10.0.0.5"}; !slices.Equal(got, want) {
		t.Errorf("IPs = %v, want %v", got, want)
	}
}

func ensure(t *testing.T, dir string, names Names, now time.Time) *Cert {
	t.Helper()
	certFile, keyFile := Paths(filepath.Join(dir, "lantern.db"))
	c, err := Ensure(certFile, keyFile, names, now)
	if err != nil {
		t.Fatalf("Ensure: %v", err)
	}
	return c
}

func TestGenerateReuseRegenerate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	names := For(lan("192.168.1.20", "10.0.0.5"))

	first := ensure(t, dir, names, t0)
	if !first.Created || first.Reason != "no certificate yet" {
		t.Fatalf("first start: Created %v, reason %q", first.Created, first.Reason)
	}
	leaf := first.Leaf
	// The SANs are exactly localhost, loopback and the LAN addresses.
	if !slices.Equal(leaf.DNSNames, []string{"localhost"}) {
		t.Errorf("DNS SANs = %v", leaf.DNSNames)
	}
	for _, want := range []string{"127.0.0.1", "192.168.1.20", "10.0.0.5"} {
		if !slices.ContainsFunc(leaf.IPAddresses, net.ParseIP(want).Equal) {
			t.Errorf("IP SANs %v lack %s", leaf.IPAddresses, want)
		}
	}
	if len(leaf.IPAddresses) != 3 {
		t.Errorf("IP SANs = %v, want 3", leaf.IPAddresses)
	}
	for _, host := range []string{"localhost", "127.0.0.1", "192.168.1.20", "10.0.0.5"} {
		if err := leaf.VerifyHostname(host); err != nil {
			t.Errorf("not valid for %s: %v", host, err)
		}
	}
	if err := leaf.VerifyHostname("192.168.1.21"); err == nil {
		t.Errorf("valid for an address it was not made for")
	}
	if _, ok := leaf.PublicKey.(*ecdsa.PublicKey); !ok {
		t.Errorf("public key is %T, want ECDSA", leaf.PublicKey)
	}
	if leaf.IsCA || !slices.Contains(leaf.ExtKeyUsage, x509.ExtKeyUsageServerAuth) {
		t.Errorf("IsCA %v, ExtKeyUsage %v", leaf.IsCA, leaf.ExtKeyUsage)
	}
	if !leaf.NotBefore.Before(t0) || leaf.NotAfter.Sub(t0) != Validity {
		t.Errorf("valid %v … %v", leaf.NotBefore, leaf.NotAfter)
	}
	if err := leaf.CheckSignature(leaf.SignatureAlgorithm, leaf.RawTBSCertificate, leaf.Signature); err != nil {
		t.Errorf("not self-signed: %v", err)
	}

	// The key file is private; both files are PEM.
	certFile, keyFile := Paths(filepath.Join(dir, "lantern.db"))
	if first.CertFile != certFile || first.KeyFile != keyFile {
		t.Errorf("files %q %q, want %q %q", first.CertFile, first.KeyFile, certFile, keyFile)
	}
	st, err := os.Stat(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("key file mode %v, want 0600", st.Mode().Perm())
	}
	keyPEM, _ := os.ReadFile(keyFile)
	certPEM, _ := os.ReadFile(certFile)
	if !bytes.HasPrefix(keyPEM, []byte("-----BEGIN PRIVATE KEY-----")) || !bytes.HasPrefix(certPEM, []byte("-----BEGIN CERTIFICATE-----")) {
		t.Errorf("files are not PEM")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("left %d files in the folder, want 2 (no temporary files)", len(entries))
	}

	// A later start with the same addresses reuses it, in any order.
	same := ensure(t, dir, For(lan("10.0.0.5", "192.168.1.20")), t0.Add(100*24*time.Hour))
	if same.Created || !bytes.Equal(same.Leaf.Raw, leaf.Raw) {
		t.Errorf("same addresses: Created %v (%s), same cert %v", same.Created, same.Reason, bytes.Equal(same.Leaf.Raw, leaf.Raw))
	}
	if same.Fingerprint() != first.Fingerprint() || len(first.Fingerprint()) != 32*3-1 {
		t.Errorf("fingerprint %q vs %q", same.Fingerprint(), first.Fingerprint())
	}

	// A new network: a new certificate for the new address set.
	moved := ensure(t, dir, For(lan("192.168.50.7")), t0.Add(101*24*time.Hour))
	if !moved.Created || moved.Reason != "addresses changed" {
		t.Errorf("new address: Created %v, reason %q", moved.Created, moved.Reason)
	}
	if err := moved.Leaf.VerifyHostname("192.168.50.7"); err != nil {
		t.Errorf("new cert: %v", err)
	}
	if err := moved.Leaf.VerifyHostname("10.0.0.5"); err == nil {
		t.Errorf("new cert still valid for the old address")
	}
	// A lost address changes the set too.
	fewer := ensure(t, dir, For(nil), t0.Add(102*24*time.Hour))
	if !fewer.Created {
		t.Errorf("fewer addresses: reused")
	}

	// Near its end it is replaced; just before that it is kept.
	now := fewer.Leaf.NotAfter.Add(-RenewBefore - time.Minute)
	if kept := ensure(t, dir, For(nil), now); kept.Created {
		t.Errorf("31 days before expiry: replaced (%s)", kept.Reason)
	}
	late := ensure(t, dir, For(nil), fewer.Leaf.NotAfter.Add(-29*24*time.Hour))
	if !late.Created || late.Reason != "certificate expires within 30 days" {
		t.Errorf("29 days before expiry: Created %v, reason %q", late.Created, late.Reason)
	}
}

func TestBrokenFilesAreReplaced(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	names := For(lan("192.168.1.20"))
	ensure(t, dir, names, t0)
	certFile, keyFile := Paths(filepath.Join(dir, "lantern.db"))

	// A key that does not match the certificate.
	other := t.TempDir()
	ensure(t, other, names, t0)
	_, otherKey := Paths(filepath.Join(other, "lantern.db"))
	b, _ := os.ReadFile(otherKey)
	if err := os.WriteFile(keyFile, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if c := ensure(t, dir, names, t0); !c.Created {
		t.Errorf("mismatched key: reused")
	}
	// A truncated certificate.
	if err := os.WriteFile(certFile, []byte("-----BEGIN CERTIFICATE-----\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if c := ensure(t, dir, names, t0); !c.Created {
		t.Errorf("broken certificate: reused")
	}
}

// The certificate serves HTTPS that a client trusting exactly it accepts,
// for each of its addresses' names, and a client trusting nothing refuses.
func TestServesTLS(t *testing.T) {
	t.Parallel()
	c := ensure(t, t.TempDir(), For(nil), time.Now())
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "ok")
	}))
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{c.TLS}, MinVersion: tls.VersionTLS12}
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake below
	srv.StartTLS()
	defer srv.Close()

	pool := x509.NewCertPool()
	pool.AddCert(c.Leaf)
	trusting := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	resp, err := trusting.Get(srv.URL)
	if err != nil {
		t.Fatalf("GET with the certificate trusted: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != "ok" {
		t.Errorf("body %q", body)
	}
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	resp, err = trusting.Get("https://localhost:" + port)
	if err != nil {
		t.Errorf("GET https://localhost: %v", err)
	} else {
		resp.Body.Close()
	}

	plain := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: x509.NewCertPool()}}}
	if _, err := plain.Get(srv.URL); err == nil {
		t.Errorf("a client that does not trust the certificate accepted it")
	}
}

// Issue 11, defect 9: a key file loosened to 0644 is made private again on
// the next start, and the start says so.
func TestLoosenedKeyIsTightened(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "c.pem"), filepath.Join(dir, "k.pem")
	first, err := Ensure(certFile, keyFile, For(lan("192.168.1.20")), t0)
	if err != nil {
		t.Fatal(err)
	}
	if first.Tightened != "" {
		t.Errorf("a new key reported as tightened: %s", first.Tightened)
	}
	if err := os.Chmod(keyFile, 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := Ensure(certFile, keyFile, For(lan("192.168.1.20")), t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(keyFile); info.Mode().Perm() != 0o600 {
		t.Errorf("key mode %04o after the start, want 0600", info.Mode().Perm())
	}
	if again.Created || !bytes.Contains([]byte(again.Tightened), []byte("0644")) {
		t.Errorf("created %v, tightened %q", again.Created, again.Tightened)
	}
}
