package table

import (
	"context"
	"errors"

	"lantern/internal/game"
	"lantern/internal/store"
)

// The table on another screen: the host moves the table view to another
// device with a one-time code, as a seat moves to a new phone. The new
// device gets a new host token and the old one stops working, so the old
// screen's stream says it is gone.

// ErrBadHostMove refuses a table-moving code that moves nothing (used,
// replaced or expired).
var ErrBadHostMove = &game.Error{Kind: game.Forbidden, Key: "err_bad_host_move"}

// StartHostMove makes the one-time token that moves the host of access's
// game to another device.
func (t *Tables) StartHostMove(ctx context.Context, access Access) (string, error) {
	if !access.Host {
		return "", &game.Error{Kind: game.Forbidden, Key: "err_host_only"}
	}
	if _, err := t.game(access.Code); err != nil {
		return "", err
	}
	token := newSecret()
	if err := t.store.CreateHostTransfer(ctx, access.Code, []byte(hashToken(token)), t.now().Add(TransferLifetime)); err != nil {
		return "", err
	}
	return token, nil
}

// PendingHostMove is nil while a table-moving token would still move the
// table, ErrBadHostMove otherwise.
func (t *Tables) PendingHostMove(ctx context.Context, code, token string) error {
	if _, err := t.game(code); err != nil {
		return err
	}
	if token == "" {
		return ErrBadHostMove
	}
	err := t.store.PendingHostTransfer(ctx, code, []byte(hashToken(token)), t.now())
	if errors.Is(err, store.ErrNotFound) {
		return ErrBadHostMove
	}
	return err
}

// ClaimHostMove makes the device presenting token the game's host and
// returns its new host token; every earlier host token stops working and
// the game's streams are woken to find that out.
func (t *Tables) ClaimHostMove(ctx context.Context, code, token string) (string, error) {
	g, err := t.game(code)
	if err != nil {
		return "", err
	}
	host := newSecret()
	g.mu.Lock()
	err = t.store.ClaimHostTransfer(ctx, code, []byte(hashToken(token)), []byte(hashToken(host)), t.now())
	if err == nil {
		for hash, a := range g.tokens {
			if a.Host {
				delete(g.tokens, hash)
			}
		}
		g.hostHash = hashToken(host)
		g.tokens[g.hostHash] = Access{Code: code, Host: true}
	}
	g.mu.Unlock()
	if errors.Is(err, store.ErrNotFound) {
		return "", ErrBadHostMove
	}
	if err != nil {
		return "", err
	}
	t.poke(g)
	return host, nil
}
