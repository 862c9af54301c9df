package table

import (
	"context"
	"errors"

	"lantern/internal/store"
)

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
