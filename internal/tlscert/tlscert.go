// Package tlscert makes and keeps the self-signed certificate Lantern serves
// HTTPS with (`lantern -tls`). Browsers only keep a phone's screen awake
// (Screen Wake Lock) in a secure context, and a LAN address over plain HTTP
// is not one; a self-signed certificate is, after a one-time warning.
//
// The certificate is valid for localhost, 127.0.0.1 and the machine's LAN
// addresses, is stored beside the database, and is reused on later starts
// so phones see the warning only once: a new one is made only when the
// address set changed, the files are missing or broken, or it expires
// within 30 days.
package tlscert

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

const (
	// Validity is how long a new certificate lasts.
	Validity = 365 * 24 * time.Hour
	// RenewBefore is how close to its end a certificate is replaced.
	RenewBefore = 30 * 24 * time.Hour
	// backdate covers a phone whose clock is a little behind the laptop's.
	backdate = time.Hour
)

// Paths names the certificate and key files beside a database:
// games/lantern.db → games/lantern-cert.pem, games/lantern-key.pem.
func Paths(dbPath string) (certFile, keyFile string) {
	base := strings.TrimSuffix(dbPath, filepath.Ext(dbPath))
	return base + "-cert.pem", base + "-key.pem"
}

// Cert is the certificate to serve.
type Cert struct {
	TLS  tls.Certificate
	Leaf *x509.Certificate
	// Created is set when this call made a new certificate; Reason says why.
	Created bool
	Reason  string
	// Tightened says the key file had been readable by others and was made
	// private again (empty when it was private).
	Tightened string
	// CertFile and KeyFile are where it is kept.
	CertFile, KeyFile string
}

// Fingerprint is the SHA-256 of the certificate, as browsers show it.
func (c *Cert) Fingerprint() string {
	sum := sha256.Sum256(c.Leaf.Raw)
	parts := make([]string, len(sum))
	for i, b := range sum {
		parts[i] = fmt.Sprintf("%02X", b)
	}
	return strings.Join(parts, ":")
}

// Names is what a certificate is made for: localhost, 127.0.0.1 and the
// given addresses (IPv4 only; duplicates and non-IPv4 are dropped).
type Names struct {
	DNS []string
	IPs []net.IP
}

// For lists the names a certificate for these LAN addresses must hold.
func For(lan []net.IP) Names {
	n := Names{DNS: []string{"localhost"}, IPs: []net.IP{net.IPv4(127, 0, 0, 1).To4()}}
	for _, ip := range lan {
		if v4 := ip.To4(); v4 != nil && !slices.ContainsFunc(n.IPs, v4.Equal) {
			n.IPs = append(n.IPs, v4)
		}
	}
	return n
}

// key is a canonical form of a name set, for comparison.
func (n Names) key() string {
	var parts []string
	for _, d := range n.DNS {
		parts = append(parts, "dns:"+strings.ToLower(d))
	}
	for _, ip := range n.IPs {
		if v4 := ip.To4(); v4 != nil {
			ip = v4
		}
		parts = append(parts, "ip:"+ip.String())
	}
	slices.Sort(parts)
	return strings.Join(slices.Compact(parts), ",")
}

// Ensure returns the certificate kept in certFile and keyFile when it is
// still good for names at now, else makes a new one and stores it (the key
// file readable only by its owner).
func Ensure(certFile, keyFile string, names Names, now time.Time) (*Cert, error) {
	if len(names.DNS) == 0 && len(names.IPs) == 0 {
		return nil, errors.New("tlscert: no names to certify")
	}
	tightened, err := keepPrivate(keyFile)
	if err != nil {
		return nil, err
	}
	c, reason := load(certFile, keyFile, names, now)
	if c != nil {
		c.Tightened = tightened
		return c, nil
	}
	c, err = create(names, now)
	if err != nil {
		return nil, err
	}
	c.Reason = reason
	c.CertFile, c.KeyFile = certFile, keyFile
	if err := store(c, certFile, keyFile); err != nil {
		return nil, err
	}
	return c, nil
}

// keepPrivate makes a key file that someone loosened (a copy, an archive
// tool, a chmod) readable by its owner only again, and says so; when it
// can't, the server refuses to start rather than serve with a key others
// may read.
func keepPrivate(keyFile string) (string, error) {
	if runtime.GOOS == "windows" {
		return "", nil // no Unix modes: the file's ACL is the user's profile's
	}
	info, err := os.Stat(keyFile)
	if err != nil || info.Mode().Perm()&0o077 == 0 {
		return "", nil // a missing key is made anew, private
	}
	was := info.Mode().Perm()
	if err := os.Chmod(keyFile, 0o600); err != nil {
		return "", fmt.Errorf("tlscert: key %s is readable by other users (mode %04o) and can't be made private: %w; "+
			"fix it with chmod 600 %s, or delete it to make a new certificate", keyFile, was, err, keyFile)
	}
	return fmt.Sprintf("key %s was readable by other users (mode %04o); it is now readable by its owner only (0600)", keyFile, was), nil
}

// load reads the kept certificate; when it can't be used it returns nil and
// the reason a new one is needed.
func load(certFile, keyFile string, names Names, now time.Time) (*Cert, string) {
	certPEM, err := os.ReadFile(certFile)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "no certificate yet"
	}
	if err != nil {
		return nil, "unreadable certificate: " + err.Error()
	}
	keyPEM, err := os.ReadFile(keyFile)
	if err != nil {
		return nil, "unreadable key: " + err.Error()
	}
	pair, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		return nil, "broken certificate or key: " + err.Error()
	}
	leaf := pair.Leaf
	if leaf == nil {
		if leaf, err = x509.ParseCertificate(pair.Certificate[0]); err != nil {
			return nil, "broken certificate: " + err.Error()
		}
	}
	switch {
	case now.Before(leaf.NotBefore):
		return nil, "certificate not valid yet"
	case now.Add(RenewBefore).After(leaf.NotAfter):
		return nil, "certificate expires within 30 days"
	case (Names{DNS: leaf.DNSNames, IPs: leaf.IPAddresses}).key() != names.key():
		return nil, "addresses changed"
	}
	pair.Leaf = leaf
	return &Cert{TLS: pair, Leaf: leaf, CertFile: certFile, KeyFile: keyFile}, ""
}

func create(names Names, now time.Time) (*Cert, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("tlscert: key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, fmt.Errorf("tlscert: serial: %w", err)
	}
	host, _ := os.Hostname()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "Lantern on " + orDefault(host, "this machine"), Organization: []string{"Lantern (self-signed)"}},
		NotBefore:             now.Add(-backdate),
		NotAfter:              now.Add(Validity),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		DNSNames:              slices.Clone(names.DNS),
		IPAddresses:           slices.Clone(names.IPs),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, fmt.Errorf("tlscert: create: %w", err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("tlscert: parse: %w", err)
	}
	return &Cert{
		TLS:     tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf},
		Leaf:    leaf,
		Created: true,
	}, nil
}

// store writes the key (mode 0600) and the certificate, each through a
// temporary file and a rename so a crash never leaves half a file.
func store(c *Cert, certFile, keyFile string) error {
	keyDER, err := x509.MarshalPKCS8PrivateKey(c.TLS.PrivateKey)
	if err != nil {
		return fmt.Errorf("tlscert: marshal key: %w", err)
	}
	// pem.Encode fails only when its writer does, and these are buffers.
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER})
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Leaf.Raw})
	if err := writeFile(keyFile, keyPEM, 0o600); err != nil {
		return err
	}
	return writeFile(certFile, certPEM, 0o644)
}

func writeFile(name string, data []byte, mode os.FileMode) (err error) {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return fmt.Errorf("tlscert: %w", err)
	}
	tmp := f.Name()
	defer func() {
		// After the rename there is nothing left to remove.
		if rerr := os.Remove(tmp); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			err = errors.Join(err, fmt.Errorf("tlscert: %w", rerr))
		}
	}()
	// A failed step closes the file too; should that fail as well, both
	// errors are told.
	if err := f.Chmod(mode); err != nil {
		return errors.Join(fmt.Errorf("tlscert: %w", err), f.Close())
	}
	if _, err := f.Write(data); err != nil {
		return errors.Join(fmt.Errorf("tlscert: write %s: %w", name, err), f.Close())
	}
	if err := f.Sync(); err != nil {
		return errors.Join(fmt.Errorf("tlscert: %w", err), f.Close())
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("tlscert: %w", err)
	}
	if err := os.Rename(tmp, name); err != nil {
		return fmt.Errorf("tlscert: %w", err)
	}
	return nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
