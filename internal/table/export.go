package table

import (
	"context"
	"errors"
	"fmt"
	"time"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/store"
)

// A game to take along: one game's log as a document, imported on another
// server where it resumes exactly, replayed through the engine as at
// start-up (rebuild) and checked before anything is stored.

// ExportFormat is the version of the export document's own shape.
const ExportFormat = 1

// Export is a game as one document.
type Export struct {
	Format      int       `json:"lantern_export"`
	DataVersion int       `json:"data_version"`
	Code        string    `json:"code"` // where it was played; an import gets a new one
	ExportedAt  time.Time `json:"exported_at"`
	// Events is the whole log, secrets included (a hidden traitor's token
	// deal): without them the game could not resume as it was.
	Events []game.Event `json:"events"`
}

// Refusals of an import, each saying why in the person's language.
var (
	ErrImportDamaged = &game.Error{Kind: game.Invalid, Key: "err_import_damaged"}
)

func errImportNewer(v int) error {
	return &game.Error{Kind: game.Invalid, Key: "err_import_newer", Args: []any{v, game.DataVersion}}
}

func errImportImpossible(seq int) error {
	return &game.Error{Kind: game.Invalid, Key: "err_import_impossible", Args: []any{seq}}
}

// Export is the host's game as a document.
func (t *Tables) Export(access Access) (Export, error) {
	if !access.Host {
		return Export{}, &game.Error{Kind: game.Forbidden, Key: "err_host_only"}
	}
	g, err := t.game(access.Code)
	if err != nil {
		return Export{}, err
	}
	g.mu.RLock()
	defer g.mu.RUnlock()
	return Export{Format: ExportFormat, DataVersion: game.DataVersion, Code: access.Code, ExportedAt: t.now().UTC(),
		Events: append([]game.Event(nil), g.state.Events...)}, nil
}

// Imported is an imported game: its host token and one one-time transfer
// token per seat, by seat number, for the phones to take their seats.
type Imported struct {
	Created
	Seats []ImportedSeat
}

// ImportedSeat is one seat's way back to a phone.
type ImportedSeat struct {
	Seat     int
	Name     string
	Transfer string
}

// Import stores a game exported elsewhere under a new code, or says why it
// can't: a document of another shape or a newer version, or a log the
// engine refuses to replay or that replays into an impossible state.
func (t *Tables) Import(ctx context.Context, doc Export) (Imported, error) {
	switch {
	case doc.Format != ExportFormat || doc.DataVersion < 1 || len(doc.Events) == 0:
		if doc.Format > ExportFormat {
			return Imported{}, errImportNewer(doc.DataVersion)
		}
		return Imported{}, ErrImportDamaged
	case doc.DataVersion > game.DataVersion:
		return Imported{}, errImportNewer(doc.DataVersion)
	}
	st, err := replayImport(doc.Events)
	if err != nil {
		return Imported{}, err
	}
	im := Imported{Created: Created{JoinKey: newSecret(), HostToken: newSecret()}}
	var transfers []store.Transfer
	for i, seat := range st.Seats {
		tok := newSecret()
		im.Seats = append(im.Seats, ImportedSeat{Seat: i + 1, Name: seat.Name, Transfer: tok})
		transfers = append(transfers, store.Transfer{SeatID: seat.ID, Hash: []byte(hashToken(tok)), Expires: t.now().Add(TransferLifetime)})
	}
	for attempt := 0; ; attempt++ {
		im.Code = newCode()
		err := t.store.ImportGame(ctx, im.Code, im.JoinKey, []byte(hashToken(im.HostToken)), doc.Events[0].At, doc.Events, transfers)
		if err == nil {
			break
		}
		if !errors.Is(err, store.ErrCodeTaken) || attempt > 20 {
			return Imported{}, err
		}
	}
	// Loaded as a restart loads it: the same replay, and its summary.
	if _, err := t.game(im.Code); err != nil {
		return Imported{}, err
	}
	return im, nil
}

// replayImport replays an imported log through the engine, event by event,
// and checks what it built. Apply trusts its events (they passed Decide
// where they were made), so a document edited by hand may hold events that
// fold into nonsense or even panic; both are refused, naming the event.
func replayImport(evs []game.Event) (st *game.State, err error) {
	st = game.New("IMPORT")
	seq := 0
	defer func() {
		if r := recover(); r != nil {
			st, err = nil, errImportImpossible(seq)
		}
	}()
	for _, e := range evs {
		seq = e.Seq
		if e.Seq != st.Version+1 {
			return nil, errImportImpossible(e.Seq)
		}
		if err := st.Apply(e); err != nil {
			return nil, errImportImpossible(e.Seq)
		}
		if err := checkState(st); err != nil {
			return nil, errImportImpossible(e.Seq)
		}
	}
	return st, nil
}

// checkState is what no game the engine decided can be: the engine has no
// check of its own, since its events never break these.
func checkState(st *game.State) error {
	if len(st.Seats) > game.MaxSeats {
		return fmt.Errorf("%d seats", len(st.Seats))
	}
	names := map[string]bool{}
	for _, seat := range st.Seats {
		if seat.ExplorerData() == nil || seat.Name == "" || names[seat.Name] {
			return fmt.Errorf("seat %d: explorer %q, name %q", seat.ID, seat.Explorer, seat.Name)
		}
		names[seat.Name] = true
		for _, tr := range game.Traits {
			p, ok := seat.Traits[tr]
			if !ok || p.Position < 0 || p.Position > game.TopPosition || p.Overflow < 0 {
				return fmt.Errorf("seat %d: %s %+v", seat.ID, tr, p)
			}
		}
	}
	if st.Started && (st.SeatByID(st.FirstSeat) == nil || st.Turn != game.MonstersTurn && st.SeatByID(st.Turn) == nil) {
		return fmt.Errorf("turn %d, first seat %d", st.Turn, st.FirstSeat)
	}
	if st.Haunt != nil && catalog.HauntByNumber(st.Haunt.Number) == nil {
		return fmt.Errorf("haunt %d", st.Haunt.Number)
	}
	return nil
}
