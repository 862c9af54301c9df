package seatview

import (
	"strconv"
	"time"

	"lantern/internal/game"
	"lantern/views"
)

// The boards' forms act as the seat or as the host (views.Board.Actor):
// the roles web's auth.go names.
const (
	asHost = "host"
	asSeat = "seat"
)

// Player is a seat's page as that seat may see it now: actor is the seat,
// h the page's head (its version, title and secret are set here), mine the
// seats this phone plays (seat ids: the two-player variant), played how
// often the group played each haunt to the end (by number) and now the
// server's clock. The next game (vm.Next) is the handler's to add.
func Player(h views.Head, st *game.State, actor game.Actor, mine []int, played map[int]int, now time.Time) (vm views.Player) {
	me := st.SeatByID(actor.Seat)
	h.Version = st.Version
	h.Title = views.Lit(me.Name)
	h.Secret = HiddenDeal(st)
	lang := h.Lang
	vm = views.Player{Head: h, Status: statusLine(st), Log: logLines(lang, st)}
	vm.Others = make([]views.Board, 0, len(st.Seats))
	for i := range st.Seats {
		seat := &st.Seats[i]
		b := board(lang, st, seat, false, "")
		if seat.ID != me.ID {
			vm.Others = append(vm.Others, b)
			continue
		}
		// The seat's own board is every other phone's view of it,
		// with its controls.
		vm.Me = b
		vm.Me.Editable, vm.Me.Actor = st.Started && st.Ended == nil, asSeat
	}
	vm.MyTurn = st.Started && st.Turn == me.ID
	vm.Status.Yours = vm.MyTurn && st.Ended == nil
	vm.UndoWhat, vm.CanUndo = undoWhat(h.Lang, st, actor)
	twoPlayer(h.Lang, st, mine, &vm)
	// What this seat may do now, asked of the engine once for the page.
	opts := st.Options(actor)
	// The page is laid out around now once the rest is built (vm is the
	// named result: what the deferred call changes is returned).
	defer phoneView(h.Lang, st, me, &vm, opts, now)
	if !st.Started {
		return vm
	}
	vm.Roller = roller(h.Lang, st, me, opts, vm.Me.Traits)
	vm.Rolls, vm.Omens = rollLines(lang, st), omenStatus(lang, st)
	vm.HauntPrompt = hauntPrompt(h.Lang, st, me.ID)
	vm.Reveal = reveal(h.Lang, st, me.ID)
	if vm.Reveal != nil {
		vm.Reveal.PlayedBefore = played[st.Haunt.Number]
	}
	if st.Alive(me) && st.Ended == nil {
		vm.Cards = cardsArea(h.Lang, st, me, opts)
	}
	vm.Explore = explore(h.Lang, st, me, opts)
	if e := vm.Explore; e != nil && e.Just != nil && vm.Cards != nil {
		// The card drawn for the room, its roll and its outcome stay
		// where it was drawn, not only on the Cards tab.
		e.Just.Drawn, e.Just.Apply = vm.Cards.Drawn, vm.Cards.Apply
	}
	vm.Fight = fight(h.Lang, st, me.ID, opts)
	vm.Summary = summary(h.Lang, st)
	vm.Buzz = buzzMarks(st, me.ID)
	return vm
}

// twoPlayer fills the two-player variant's controls: the switcher between
// this phone's explorers, adding a second one before the start, and handing
// one over when this phone plays the traitor and another explorer.
func twoPlayer(lang string, st *game.State, mine []int, vm *views.Player) {
	for _, id := range mine {
		if seat := st.SeatByID(id); seat != nil {
			vm.Controls = append(vm.Controls, views.Option{ID: strconv.Itoa(st.SeatNumber(id)),
				Label: seat.Name + " · " + seat.ExplorerData().Name.In(lang)})
		}
	}
	// Two players with two explorers each: at most four seats in all.
	vm.CanSecond = !st.Started && len(mine) == 1 && len(st.Seats) <= 3
	if st.Haunt == nil || len(mine) < 2 {
		return
	}
	traitorHere := false
	for _, id := range mine {
		traitorHere = traitorHere || st.Haunt.IsTraitor(id) && st.SideOf(id) == game.SideTraitor
	}
	if !traitorHere {
		return
	}
	for _, id := range mine {
		if !st.Haunt.IsTraitor(id) {
			vm.Handover = append(vm.Handover, views.Option{ID: strconv.Itoa(st.SeatNumber(id)), Label: st.SeatByID(id).Name})
		}
	}
}

// Table is the host's table page now, all but its head, its join link and
// the next game (the handler's): host is the host acting, played how often
// the group played each haunt to the end (by number), tv says the page is
// on a TV and now is the server's clock.
func Table(lang string, st *game.State, host game.Actor, played map[int]int, tv bool, now time.Time) views.Table {
	var vm views.Table
	vm.Status = statusLine(st)
	vm.Log = logLines(lang, st)
	vm.Suggested = st.SeatNumber(st.SuggestedFirstSeat(now))
	for i := range st.Seats {
		seat := &st.Seats[i]
		ex := seat.ExplorerData()
		vm.Seats = append(vm.Seats, views.SeatLine{
			Seat: i + 1, Name: seat.Name, Explorer: ex.Name.In(lang), Colour: ex.Colour,
			Birthday: Birthday(ex),
			Days:     game.DaysUntilBirthday(now, ex.Birthday.Month, ex.Birthday.Day),
		})
		// A TV shows the boards; the host changes them from a phone or laptop.
		vm.Boards = append(vm.Boards, board(lang, st, seat, st.Ended == nil && !tv, asHost))
	}
	vm.UndoWhat, vm.CanUndo = undoWhat(lang, st, host)
	vm.Rolls = rollLines(lang, st)
	vm.Omens = omenStatus(lang, st)
	opts := st.Options(host)
	vm.Reveal = reveal(lang, st, 0)
	if vm.Reveal != nil {
		vm.Reveal.PlayedBefore = played[st.Haunt.Number]
		vm.Reveal.Reselect = reselectForm(lang, st, opts.Reselect)
	}
	vm.Decks = deckCounts(st)
	vm.Fight = fight(lang, st, 0, opts)
	vm.Summary = summary(lang, st)
	vm.House = houseFloors(lang, st)
	vm.Piles = piles(lang, st)
	if owed := st.OwedCard(); owed != nil {
		// The host may end a turn the engine holds for its room's card; the
		// button asks first, naming what is left undrawn.
		vm.EndTurnOwed = &views.OwedCard{Who: seatName(st, owed.Seat), Deck: owed.Deck, Room: roomName(lang, owed.Room)}
	}
	return vm
}
