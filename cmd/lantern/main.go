// Command lantern serves a Betrayal at House on the Hill table companion on
// the local network: run it, open the table view, let phones scan the QR.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	qrcode "github.com/skip2/go-qrcode"

	"lantern/internal/store"
	"lantern/internal/table"
	"lantern/internal/web"
)

func main() {
	addr := flag.String("addr", ":8080", "address to listen on; the default serves every interface so phones on the Wi-Fi can reach it")
	dbPath := flag.String("db", "lantern.db", "SQLite database file; games survive restarts in it")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "Usage: lantern [-addr :8080] [-db lantern.db]\n\n"+
			"Serves Lantern, a companion for Betrayal at House on the Hill, on your local network.\n"+
			"Open the printed address in a browser, create a game, and let phones scan its QR code.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if err := run(*addr, *dbPath); err != nil {
		fmt.Fprintln(os.Stderr, "lantern:", err)
		os.Exit(1)
	}
}

func run(addr, dbPath string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))

	st, err := store.Open(ctx, dbPath)
	if err != nil {
		return err
	}
	defer st.Close()
	tables, err := table.Open(ctx, st, time.Now)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	urls := lanURLs(port)
	// Requests live in a context that shutdown cancels: Shutdown alone
	// waits for open event streams, which never finish on their own.
	base, cancelRequests := context.WithCancel(context.Background())
	defer cancelRequests()
	srv := &http.Server{
		Handler:           web.New(web.Config{Tables: tables, LANURLs: urls, Log: logger}),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	srv.RegisterOnShutdown(cancelRequests)
	announce(ln.Addr().String(), port, urls)

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		srv.Shutdown(shutdown) // open event streams end when the timeout does
	}
	return nil
}

// lanURLs lists the private IPv4 addresses phones on the same network can use.
func lanURLs(port int) []string {
	var urls []string
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
			urls = append(urls, fmt.Sprintf("http://%s:%d", ip, port))
		}
	}
	return urls
}

func announce(listen string, port int, urls []string) {
	fmt.Printf("Lantern is listening on %s\n", listen)
	fmt.Printf("  On this machine: http://localhost:%d\n", port)
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
