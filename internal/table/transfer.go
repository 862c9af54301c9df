package table

// Moving a seat to another phone: a one-time token the old phone (or the
// host) shows as a QR code, claimed by the new phone.

import (
	"context"
	"errors"
	"time"

	"lantern/internal/game"
	"lantern/internal/store"
)

// TransferLifetime is how long a "move seat to a new phone" QR stays valid.
const TransferLifetime = 15 * time.Minute

// StartTransfer makes a one-time token that moves a seat (by seat number) to
// another phone: the host for any seat, a seat for itself.
func (t *Tables) StartTransfer(ctx context.Context, access Access, seatNumber int) (string, error) {
	g, err := t.game(access.Code)
	if err != nil {
		return "", err
	}
	g.mu.RLock()
	seatID := 0
	if seat := g.state.SeatAt(seatNumber); seat != nil {
		seatID = seat.ID
	}
	g.mu.RUnlock()
	if seatID == 0 {
		return "", &game.Error{Kind: game.NotFound, Key: "err_unknown_seat", Args: []any{seatNumber}}
	}
	if !access.Host && access.Seat != seatID {
		// The host moves any seat; a phone hands over only a seat it plays
		// (the two-player variant).
		return "", &game.Error{Kind: game.Forbidden, Key: "err_host_only"}
	}
	token := newSecret()
	if err := t.store.CreateTransfer(ctx, access.Code, seatID, []byte(hashToken(token)), t.now().Add(TransferLifetime)); err != nil {
		return "", err
	}
	return token, nil
}

// ClaimTransfer moves a seat to the phone presenting a transfer token: the
// seat's old tokens stop working and a new one is returned.
func (t *Tables) ClaimTransfer(ctx context.Context, code, transferToken string) (int, string, error) {
	g, err := t.game(code)
	if err != nil {
		return 0, "", err
	}
	newToken := newSecret()
	g.mu.Lock()
	defer g.mu.Unlock()
	var evs []game.Event
	seatID, err := t.store.ClaimTransfer(ctx, code, []byte(hashToken(transferToken)), []byte(hashToken(newToken)), t.now(),
		func(seatID int) []game.Event {
			evs = []game.Event{{Seq: g.state.Version + 1, At: t.now().UTC(), Actor: game.Actor{Host: true}, Data: game.SeatMoved{Seat: seatID}}}
			return evs
		})
	if errors.Is(err, store.ErrNotFound) {
		return 0, "", ErrBadTransfer
	}
	if err != nil {
		return 0, "", err
	}
	for hash, a := range g.tokens {
		if !a.Host && a.Seat == seatID {
			delete(g.tokens, hash)
		}
	}
	g.tokens[hashToken(newToken)] = Access{Code: code, Seat: seatID}
	if err := t.persistAndApply(ctx, g, evs, func([]game.Event) error { return nil }); err != nil {
		return 0, "", err
	}
	return seatID, newToken, nil
}

// PendingTransfer is the seat a transfer token would move, without using
// it: the claim page names the seat it takes over, and the host's QR page
// sees when its code has been used. ErrBadTransfer when the token no longer
// moves anything.
func (t *Tables) PendingTransfer(ctx context.Context, code, transferToken string) (int, error) {
	if _, err := t.game(code); err != nil {
		return 0, err
	}
	if transferToken == "" {
		return 0, ErrBadTransfer
	}
	seatID, err := t.store.PendingTransfer(ctx, code, []byte(hashToken(transferToken)), t.now())
	if errors.Is(err, store.ErrNotFound) {
		return 0, ErrBadTransfer
	}
	return seatID, err
}
