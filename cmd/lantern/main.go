// Command lantern serves a Betrayal at House on the Hill table companion on
// the local network: run it, open the table view, let phones scan the QR.
package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"lantern/internal/store"
	"lantern/internal/table"
	"lantern/internal/tlscert"
	"lantern/internal/web"
)

func main() {
	// Lantern's own flag set: a library may register flags of its own on
	// the default one (OpenCC's "dir"), which are none of the host's.
	flags := flag.NewFlagSet("lantern", flag.ExitOnError)
	addr := flags.String("addr", ":8080", "address to listen on; the default serves every interface so phones on the Wi-Fi can reach it")
	dbPath := flags.String("db", "lantern.db", "SQLite database file; games survive restarts in it")
	useTLS := flags.Bool("tls", false, "serve HTTPS with a self-signed certificate kept beside the database (lantern-cert.pem, lantern-key.pem);\n"+
		"phones then show a one-time warning, and can keep their screens awake")
	flags.Usage = func() {
		fmt.Fprintf(flags.Output(), "Usage: lantern [-addr :8080] [-db lantern.db] [-tls]\n"+
			"       lantern [-db lantern.db] backup FILE\n\n"+
			"Serves Lantern, a companion for Betrayal at House on the Hill, on your local network.\n"+
			"Open the printed address in a browser, create a game, and let phones scan its QR code.\n\n"+
			"backup FILE writes a consistent copy of the database to the new file FILE, also while\n"+
			"a server is running on it; start a server with -db FILE to use the copy.\n\n")
		flags.PrintDefaults()
	}
	_ = flags.Parse(os.Args[1:]) // ExitOnError: a bad flag exits with the usage

	var err error
	switch args := flags.Args(); {
	case len(args) == 0:
		err = run(*addr, *dbPath, *useTLS)
	case args[0] == "backup" && len(args) == 2:
		err = backup(*dbPath, args[1])
	default:
		flags.Usage()
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "lantern:", err)
		os.Exit(1)
	}
}

// backup copies the database while a server may be using it.
func backup(dbPath, dest string) error {
	games, err := store.Backup(context.Background(), dbPath, dest)
	if err != nil {
		return err
	}
	fmt.Printf("Backed up %d games from %s to %s\n", games, dbPath, dest)
	return nil
}

// Timeouts for phones on a home Wi-Fi: a phone sends its headers and a body
// (at most 64 KB) within seconds even on a weak signal, so a connection that
// trickles them is dropped instead of holding a slot; pages are small, so a
// minute is ample to write one. The event stream lifts both deadlines for
// itself (internal/web/sse.go): it stays open for the whole game.
var (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 60 * time.Second
	idleTimeout       = 2 * time.Minute
	// shutdownGrace bounds how long a stop waits for requests in flight.
	shutdownGrace = 10 * time.Second
)

// newHTTPServer is the server with Lantern's timeouts. base is every
// request's parent context: it is cancelled only when a shutdown runs out of
// time, so requests in flight during a stop finish normally.
func newHTTPServer(h http.Handler, base context.Context) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
}

func run(addr, dbPath string, useTLS bool) (err error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	slog.SetDefault(logger)
	go keepMemoryCeiling(ctx, 2*time.Second)
	quiet := newQuietCollector()
	go quiet.run(ctx)

	st, err := store.Open(ctx, dbPath)
	if err != nil {
		return err
	}
	storeClosed := false // the shutdown closes it itself, to say all is stored
	defer func() {
		if !storeClosed {
			err = errors.Join(err, st.Close())
		}
	}()
	tables, err := table.Open(ctx, st, time.Now)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	scheme := "http"
	var cert *tlscert.Cert
	if useTLS {
		certFile, keyFile := tlscert.Paths(dbPath)
		cert, err = tlscert.Ensure(certFile, keyFile, tlscert.For(lanIPs()), time.Now())
		if err != nil {
			return errors.Join(err, ln.Close())
		}
		scheme = "https"
	}
	urls := lanURLs(scheme, port)
	base, cancelRequests := context.WithCancel(context.Background())
	defer cancelRequests()
	srv := newHTTPServer(quiet.around(web.New(web.Config{Tables: tables, LANURLs: urls, Log: logger})), base)
	// Event streams never finish on their own: a stop ends them, so that
	// Shutdown can wait for everything else.
	srv.RegisterOnShutdown(tables.EndStreams)
	go tables.UnloadIdleEvery(base, time.Minute)
	if useTLS {
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert.TLS}, MinVersion: tls.VersionTLS12}
		// Every phone's first visit, before its person accepts the
		// certificate, is a failed handshake: not worth a log line each.
		srv.ErrorLog = log.New(dropHandshakeErrors{os.Stderr}, "", log.LstdFlags)
		announceCert(cert)
	}
	announce(ln.Addr().String(), scheme, port, urls)

	errc := make(chan error, 1)
	go func() {
		if useTLS {
			errc <- srv.ServeTLS(ln, "", "")
		} else {
			errc <- srv.Serve(ln)
		}
	}()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
		stop() // a second Ctrl-C ends the process at once
		fmt.Println("\nLantern is shutting down: taking no new requests, finishing the ones in flight, ending the live streams…")
		grace, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		if err := srv.Shutdown(grace); err != nil {
			fmt.Printf("Requests still running after %s were cut off.\n", shutdownGrace)
			cancelRequests()
			if err := srv.Close(); err != nil {
				logger.Warn("close the server's connections", "err", err)
			}
		}
		storeClosed = true
		if err := st.Close(); err != nil {
			return fmt.Errorf("close %s: %w", dbPath, err)
		}
		fmt.Printf("Lantern stopped; every acknowledged change is in %s.\n", dbPath)
	}
	return nil
}

// lanIPs lists the machine's private IPv4 addresses, which phones on the
// same network can reach.
func lanIPs() []net.IP {
	var ips []net.IP
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	for _, a := range addrs {
		ipnet, ok := a.(*net.IPNet)
		if !ok {
			continue
		}
		if ip := ipnet.IP.To4(); ip != nil && ip.IsPrivate() {
			ips = append(ips, ip)
		}
	}
	return ips
}

// lanURLs are the base URLs phones on the same network can use.
func lanURLs(scheme string, port int) []string {
	var urls []string
	for _, ip := range lanIPs() {
		urls = append(urls, fmt.Sprintf("%s://%s:%d", scheme, ip, port))
	}
	return urls
}

// dropHandshakeErrors passes the server's log on without its TLS handshake
// errors.
type dropHandshakeErrors struct{ w io.Writer }

func (d dropHandshakeErrors) Write(p []byte) (int, error) {
	if strings.Contains(string(p), "TLS handshake error") {
		return len(p), nil
	}
	return d.w.Write(p)
}

// announceCert says which certificate phones will be warned about once.
func announceCert(c *tlscert.Cert) {
	if c.Created {
		fmt.Printf("New self-signed certificate (%s): %s\n", c.Reason, c.CertFile)
	} else {
		fmt.Printf("Self-signed certificate: %s\n", c.CertFile)
	}
	var names []string
	names = append(names, c.Leaf.DNSNames...)
	for _, ip := range c.Leaf.IPAddresses {
		names = append(names, ip.String())
	}
	fmt.Printf("  valid for %s until %s\n", strings.Join(names, ", "), c.Leaf.NotAfter.Format("2006-01-02"))
	fmt.Printf("  SHA-256 %s\n", c.Fingerprint())
	if c.Tightened != "" {
		fmt.Printf("  Note: the %s.\n", c.Tightened)
	}
	fmt.Println("  Each phone shows a one-time warning about it: Chrome \"Advanced\" → \"Proceed\", Safari \"Show Details\" → \"visit this website\".")
}

func announce(listen, scheme string, port int, urls []string) {
	fmt.Printf("Lantern is listening on %s\n", listen)
	fmt.Printf("  On this machine: %s://localhost:%d\n", scheme, port)
	for _, u := range urls {
		fmt.Printf("  On the Wi-Fi:    %s\n", u)
	}
	if len(urls) == 0 {
		fmt.Println("  No private network address found: phones can't reach this machine until it joins the Wi-Fi.")
		return
	}
	if q, err := qrcode.New(urls[0], qrcode.Medium); err == nil {
		fmt.Println("\nScan to open Lantern on a phone (then create a game on the table screen):")
		fmt.Println(q.ToSmallString(false))
	}
}
