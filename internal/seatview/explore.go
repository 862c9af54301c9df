package seatview

import (
	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/views"
	"slices"
)

// Exploring on the phone: which tiles, cards and rooms are offered comes
// from the engine (game.Options, the house, the decks); this file only
// names them in the phone's language.

// symbols mark a tile's card symbol as the tiles print it: a raven for an
// omen, a bull's head for an item, a spiral for an event (seed 002, 探险).
var symbols = map[string]string{"omen": "🐦", "item": "🐂", "event": "🌀"}

func roomSymbol(r *catalog.Room) string { return symbols[game.DiscoveryDeck(r)] }

// explore builds the seat's exploring flow from its options; nil when the
// seat may not explore now.
func explore(lang string, s *game.State, seat *game.Seat, opts game.Options) *views.Explore {
	o := opts.Explore
	if o == nil {
		return nil
	}
	e := &views.Explore{Just: justDiscovered(lang, s, seat, opts.Rooms), Floors: make([]views.ExploreFloor, 0, len(o.Floors))}
	for _, f := range o.Floors {
		ef := views.ExploreFloor{ID: f.Floor, Tiles: make([]views.Tile, 0, len(f.Tiles))}
		for _, id := range f.Tiles {
			r := catalog.Box().Room(id)
			ef.Tiles = append(ef.Tiles, views.Tile{ID: id, Label: r.Name.In(lang), Symbol: roomSymbol(r), Names: r.Name.In("en") + " " + r.Name.In("zh")})
		}
		e.Floors = append(e.Floors, ef)
	}
	return e
}

// justDiscovered is the room the seat placed this turn, newest first, with
// the card it still owes and what entering it offers (rooms: what the
// engine allows now, game.Options).
func justDiscovered(lang string, s *game.State, seat *game.Seat, rooms []game.RoomOption) *views.Discovered {
	var room string
	for i := len(s.Events) - 1; i >= 0 && room == ""; i-- {
		e := s.Events[i]
		if s.IsUndone(e.Seq) {
			continue
		}
		switch d := e.Data.(type) {
		case game.TurnEnded, game.GameStarted:
			return nil
		case game.RoomDiscovered:
			if d.Seat != seat.ID {
				return nil
			}
			room = d.Room
		}
	}
	if room == "" || !s.InHouse(room) {
		return nil
	}
	r := catalog.Box().Room(room)
	d := &views.Discovered{Room: room, RoomLabel: r.Name.In(lang), Symbol: roomSymbol(r), Text: r.Text.In(lang)}
	if owed := s.PendingDiscovery(seat.ID); owed != nil && owed.Room == room {
		d.Deck = owed.Deck
		if owed.Deck == "omen" {
			d.Cards = OmenOptions(lang, func(id string) bool { return !s.InDeck(id) })
		} else {
			d.Cards = deckOptions(lang, s, owed.Deck)
		}
	}
	for _, ro := range rooms {
		switch {
		case ro.Room != room:
		case ro.Roll:
			d.Roll = guidedRoll(lang, "room:"+room, r.Name, r.Roll, "room")
		case ro.Apply && len(r.OnceGain) > 0:
			d.Gain = &views.RoomGain{ID: "room:" + room, Name: r.Name.In(lang), Gain: TraitChanges(r.OnceGain)}
		}
	}
	return d
}

// drawPicker is "I drew…": the cards still in each deck that the engine
// lets this seat draw now (game.Options: Draw's decks less DrawRefused).
// An omen's room is the room just discovered when it owes one, else one of
// the house's omen rooms, or of the chart's 13 when no omen room was
// recorded.
func drawPicker(lang string, s *game.State, seat *game.Seat, decks, refused []string) views.Draw {
	d := views.Draw{CanOmen: slices.Contains(decks, "omen"), Kept: map[string]bool{}}
	allowed := func(opts []views.Option) []views.Option {
		return slices.DeleteFunc(opts, func(o views.Option) bool { return slices.Contains(refused, o.ID) })
	}
	if slices.Contains(decks, "item") {
		d.Items = allowed(deckOptions(lang, s, "item"))
	}
	if slices.Contains(decks, "event") {
		d.Events = allowed(deckOptions(lang, s, "event"))
	}
	for _, o := range slices.Concat(d.Items, d.Events) {
		if game.Kept(catalog.Box().Card(o.ID)) {
			d.Kept[o.ID] = true
		}
	}
	if !d.CanOmen {
		return d
	}
	d.Omens = allowed(OmenOptions(lang, func(id string) bool { return !s.InDeck(id) }))
	if owed := s.PendingDiscovery(seat.ID); owed != nil && owed.Deck == "omen" {
		d.OmenRoom = owed.Room
		return d
	}
	d.OmenRooms = houseOmenRooms(lang, s, "")
	if len(d.OmenRooms) == 0 {
		d.OmenRooms = OmenRoomOptions(lang)
	}
	return d
}

// houseOmenRooms are the discovered omen rooms, newest first, but one.
func houseOmenRooms(lang string, s *game.State, except string) []views.Option {
	rooms := s.HouseOmenRooms()
	var out []views.Option
	for i := len(rooms) - 1; i >= 0; i-- {
		if rooms[i] != except {
			out = append(out, views.Option{ID: rooms[i], Label: roomName(lang, rooms[i])})
		}
	}
	return out
}

// drawnCard is the card the seat drew last and put back (an event) whose
// roll it may make now (game.Options.Drawn): its text and the roll in one
// tap, one per trait the engine lets the roller choose (DrawnTraits).
func drawnCard(lang, card string, traits, rooms []string) *views.DrawnCard {
	c := catalog.Box().Card(card)
	if c == nil {
		return nil
	}
	d := &views.DrawnCard{Name: c.Name.In(lang), Text: c.Text.In(lang)}
	for _, t := range traits {
		d.Rolls = append(d.Rolls, *guidedRollWith(lang, "card:"+c.ID, c.Name, t, 0, "event"))
	}
	if g := guidedRoll(lang, "card:"+c.ID, c.Name, c.Roll, "event"); len(traits) == 0 && g != nil {
		d.Rolls = append(d.Rolls, *g)
		for _, r := range rooms { // the same roll where its dice differ
			in := *g
			in.Room, in.RoomName = r, roomName(lang, r)
			d.Rolls = append(d.Rolls, in)
		}
	}
	return d
}

// houseFloors lists the house's rooms by floor for the table.
func houseFloors(lang string, s *game.State) []views.HouseFloor {
	var out []views.HouseFloor
	for _, f := range game.Floors {
		hf := views.HouseFloor{ID: f}
		for _, p := range s.House() {
			if p.Floor == f {
				r := catalog.Box().Room(p.Room)
				hf.Rooms = append(hf.Rooms, views.Tile{ID: p.Room, Label: r.Name.In(lang), Symbol: roomSymbol(r)})
			}
		}
		out = append(out, hf)
	}
	return out
}
