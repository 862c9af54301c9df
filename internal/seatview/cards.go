package seatview

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/views"
)

func handLinks(lang string, s *game.State, seatID int) []views.Link {
	var links []views.Link
	for _, h := range s.Hands[seatID] {
		links = append(links, views.Link{Label: cardName(lang, h.Card), URL: EntryURL("card", h.Card), Worn: h.Worn})
	}
	return links
}

func deckOptions(lang string, s *game.State, deck string) []views.Option {
	opts := make([]views.Option, 0, s.DeckCount(deck))
	for _, c := range catalog.Box().Cards {
		if c.Deck == deck && s.InDeck(c.ID) {
			opts = append(opts, views.Option{ID: c.ID, Label: c.Name.In(lang)})
		}
	}
	return opts
}

func deckCounts(s *game.State) []views.DeckCount {
	var counts []views.DeckCount
	for _, d := range []string{"omen", "item", "event"} {
		counts = append(counts, views.DeckCount{Deck: d, Count: s.DeckCount(d)})
	}
	return counts
}

func guidedRoll(lang, source string, name catalog.Text, r *catalog.Roll, purpose string) *views.GuidedRoll {
	if r == nil || len(r.Brackets) == 0 || (r.RollTraits() == nil && r.Dice == 0) {
		return nil
	}
	trait := r.Trait
	if traits := r.RollTraits(); trait == "" && traits != nil {
		trait = traits[0] // a roll per trait (Hanged Men) starts with the first
	}
	return guidedRollWith(lang, source, name, trait, r.Dice, purpose)
}

// guidedRollWith is the one-tap roll for a source with a trait, or dice.
func guidedRollWith(lang, source string, name catalog.Text, trait string, dice int, purpose string) *views.GuidedRoll {
	return &views.GuidedRoll{Source: source, Name: name.In(lang), Trait: trait, Dice: dice, Purpose: purpose}
}

// sourceName names "card:<id>" / "room:<id>" in lang.
func sourceName(lang, source string) string {
	kind, id, _ := strings.Cut(source, ":")
	if kind == "room" {
		return roomName(lang, id)
	}
	return cardName(lang, id)
}

// boxRooms are the box's rooms as every card area lists them, per
// language: made once, shared, never changed.
type boxRoomLists struct {
	rooms, hurts []views.Option
	gains        []views.RoomGain
	rolls        []views.GuidedRoll
}

var boxRoomsByLang sync.Map // lang → *boxRoomLists

func boxRooms(lang string) *boxRoomLists {
	if l, ok := boxRoomsByLang.Load(lang); ok {
		return l.(*boxRoomLists)
	}
	l := &boxRoomLists{}
	for _, r := range catalog.Box().Rooms {
		l.rooms = append(l.rooms, views.Option{ID: r.ID, Label: r.Name.In(lang)})
		if g := guidedRoll(lang, "room:"+r.ID, r.Name, r.Roll, "room"); g != nil {
			l.rolls = append(l.rolls, *g)
		}
		if r.EndTurnDamage != nil {
			l.hurts = append(l.hurts, views.Option{ID: "room:" + r.ID, Label: r.Name.In(lang)})
		}
		if len(r.OnceGain) > 0 {
			l.gains = append(l.gains, views.RoomGain{ID: "room:" + r.ID, Name: r.Name.In(lang), Gain: TraitChanges(r.OnceGain)})
		}
	}
	got, _ := boxRoomsByLang.LoadOrStore(lang, l)
	return got.(*boxRoomLists)
}

// kept is the items of xs that keep says to keep, in a slice of their
// own of just that length (nil for none): a phone's view is made for every
// phone on every change, and growing slices was a tenth of its garbage.
func kept[T any](xs []T, keep func(*T) bool) []T {
	n := 0
	for i := range xs {
		if keep(&xs[i]) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]T, 0, n)
	for i := range xs {
		if keep(&xs[i]) {
			out = append(out, xs[i])
		}
	}
	return out
}

// cardsArea builds a seat's card area: its hand and what it can do, as the
// engine's options say (opts, game.Options), so no rule is worked out again
// here. What every seat's area holds alike comes from m, made once per
// version; the seat's options then pick from it.
func cardsArea(lang string, s *game.State, seat *game.Seat, opts game.Options) *views.Cards {
	rooms := boxRooms(lang)
	c := &views.Cards{Draw: drawPicker(lang, s, seat, opts.Draw, opts.DrawRefused), Drawn: drawnCard(lang, opts.Drawn, opts.DrawnTraits, opts.DrawnRooms),
		Decks: deckCounts(s),
		// Only rooms in the house: one can't drop a card in, or stand
		// in, a tile still in the stack.
		Rooms: kept(rooms.rooms, func(o *views.Option) bool { return s.InHouse(o.ID) }),
		Piles: pickUps(piles(lang, s), opts.PickUp)}
	roomEffects(c, rooms, opts.Rooms)
	for _, h := range s.Hands[seat.ID] {
		c.Hand = append(c.Hand, handCard(lang, s, h, opts))
	}
	c.NotKept = notKept(lang, s, seat)
	c.Offers = offerLines(lang, s, seat)
	if p := s.Pending[seat.ID]; p != nil {
		c.Pending = &views.PendingDamage{Amount: p.Amount, Kind: p.Kind, Source: sourceName(lang, p.Source)}
	}
	if ar := opts.ApplyRoll; ar != nil {
		c.Apply = applyLine(lang, s, seat, ar, c.Rooms)
	}
	if c.Apply == nil && opts.Share != nil {
		c.Apply = shareLine(lang, s, opts.Share)
	}
	for _, e := range opts.DrawEffects {
		card := catalog.Box().Card(e.Card)
		de := views.DrawEffect{Source: "card:" + e.Card, Name: card.Name.In(lang), Text: card.Effect.Text.In(lang)}
		for _, item := range e.Items {
			de.Items = append(de.Items, views.Option{ID: item, Label: cardName(lang, item)})
		}
		c.DrawEffects = append(c.DrawEffects, de)
	}
	for _, r := range opts.CardRolls {
		card := catalog.Box().Card(r.Card)
		c.CardRolls = append(c.CardRolls, *guidedRollWith(lang, "card:"+r.Card, card.Name, r.Trait, r.Dice, "event"))
	}
	return c
}

// roomEffects puts in the area the rooms' rolls, end-of-turn damage and
// gains the engine offers now (game.Options.Rooms).
func roomEffects(c *views.Cards, rooms *boxRoomLists, offered []game.RoomOption) {
	if len(offered) == 0 {
		return
	}
	// A few rooms each: looked up in the list, not a map made per phone.
	allowed := func(source string) game.RoomOption {
		for _, ro := range offered {
			if ro.Room == strings.TrimPrefix(source, "room:") { // the engine offers only rooms in the house
				return ro
			}
		}
		return game.RoomOption{}
	}
	c.RoomRolls = kept(rooms.rolls, func(g *views.GuidedRoll) bool { return allowed(g.Source).Roll })
	c.RoomHurts = kept(rooms.hurts, func(o *views.Option) bool { return allowed(o.ID).Apply })
	c.RoomGains = kept(rooms.gains, func(g *views.RoomGain) bool { return allowed(g.ID).Apply })
}

// handCard is one held card as the area shows it: what it does, and what
// the engine lets the seat do with it now.
func handCard(lang string, s *game.State, h game.HeldCard, opts game.Options) views.HandCard {
	card := catalog.Box().Card(h.Card)
	hc := views.HandCard{ID: h.Card, Name: card.Name.In(lang), URL: EntryURL("card", h.Card), Deck: card.Deck,
		Used: h.Used && !h.Moved, Moved: h.Moved, Worn: h.Worn, Wears: card.Worn != nil, Toggles: card.Toggle}
	if card.Deck == "event" {
		hc.Text = card.Text.In(lang)
	} else {
		hc.Gist, hc.Full = gistOf(card), card.Text.In(lang)
	}
	if costs := penalty(card.OnGain, card.OnLose); len(costs) > 0 {
		hc.LossCost = TraitChanges(costs)
	}
	if co := opts.Card(h.Card); co != nil {
		handCardOptions(lang, s, &hc, card, co, opts.ApplyRoll)
	}
	if card.Toggle { // switched on or off (Music Box: open or shut)
		hc.On = s.On[card.ID]
	}
	if card.ClearedBy != nil {
		for _, r := range card.ClearedBy.EndTurnIn {
			if slices.Contains(opts.EndTurnIn, r) && s.InHouse(r) {
				hc.EndIn = append(hc.EndIn, views.Option{ID: r, Label: roomName(lang, r)})
			}
		}
	}
	return hc
}

// handCardOptions fills in what the engine lets the seat do with a held
// card now (its game.CardOption): use, drop, discard, give, its roll, the
// items it may take, its effect in one tap, and why not when it can't.
func handCardOptions(lang string, s *game.State, hc *views.HandCard, card *catalog.Card, co *game.CardOption, ar *game.ApplyRoll) {
	src := "card:" + card.ID
	hc.CanUse, hc.CanDrop, hc.CanDiscard = co.Use, co.Drop, co.Discard
	if r, ok := co.Refused["give"]; ok && (r.Key == "err_used_this_turn" || r.Key == "err_moved_this_turn") {
		// Used this turn: its Give and Drop were there a moment ago,
		// and this says why they went as well as why it rests.
		hc.Why = &views.Phrase{Key: r.Key, Args: r.Args}
	} else if w := co.Why; w != nil { // the engine's own refusal, said in the reader's language
		hc.Why = &views.Phrase{Key: w.Key, Args: w.Args}
	}
	for _, n := range co.Give {
		hc.GiveTo = append(hc.GiveTo, views.Option{ID: strconv.Itoa(n), Label: s.Seats[n-1].Name})
	}
	if co.Roll {
		hc.Roll = guidedRoll(lang, src, card.Name, card.Roll, card.Deck)
	}
	for _, t := range co.Take {
		tf := views.TakeFrom{Seat: strconv.Itoa(t.From), Name: s.Seats[t.From-1].Name}
		for _, item := range t.Items {
			tf.Items = append(tf.Items, views.Option{ID: item, Label: cardName(lang, item)})
		}
		hc.Take = append(hc.Take, tf)
	}
	if len(co.Take) > 0 {
		hc.CanUse = false // its use is taking an item: the forms above
	}
	// Applied in one tap, without a roll (Healing Salve); an outcome
	// of its roll is offered on its own line (c.Apply).
	if co.Apply && (ar == nil || ar.Source != src) {
		hc.ApplySource = src
	}
}

// notKept are the omens drawn this turn that no hand keeps (the Bite): the
// player looks for one where cards go, so it says there why it isn't held.
func notKept(lang string, s *game.State, seat *game.Seat) []views.HandCard {
	var out []views.HandCard
	for _, o := range s.Omens {
		if card := catalog.Box().Card(o.Omen); o.Seat == seat.ID && o.Seq > s.TurnStart && card != nil && !game.Kept(card) {
			out = append(out, views.HandCard{ID: card.ID, Name: card.Name.In(lang), URL: EntryURL("card", card.ID), Deck: card.Deck,
				Gist: gistOf(card), Full: card.Text.In(lang)})
		}
	}
	return out
}

// offerLines are the open offers to and from the seat.
func offerLines(lang string, s *game.State, seat *game.Seat) []views.OfferLine {
	var out []views.OfferLine
	for _, o := range s.Offers {
		switch seat.ID {
		case o.To:
			out = append(out, views.OfferLine{Seq: o.Seq, Who: seatName(s, o.From), Card: cardName(lang, o.Card)})
		case o.From:
			out = append(out, views.OfferLine{Seq: o.Seq, Mine: true, Who: seatName(s, o.To), Card: cardName(lang, o.Card)})
		}
	}
	return out
}

// applyLine is the outcome of the seat's last roll it may apply now, with
// the choices applying it asks for; nil when its words can't be found.
// The outcome is the engine's (ApplyRoll.Bracket); only its words are
// looked up here.
func applyLine(lang string, s *game.State, seat *game.Seat, ar *game.ApplyRoll, rooms []views.Option) *views.ApplyLine {
	last := s.LastRoll(seat.ID)
	roll, _ := sourceRoll(ar.Source)
	if card := catalog.Box().Card(strings.TrimPrefix(ar.Source, "card:")); ar.Release && card != nil {
		roll = card.Release
	}
	if roll == nil || last == nil || last.Seq != ar.Roll || ar.Bracket < 0 || ar.Bracket >= len(roll.Brackets) {
		return nil
	}
	line := &views.ApplyLine{Source: ar.Source, Name: sourceName(lang, ar.Source), Total: last.Total, Outcome: roll.Brackets[ar.Bracket].Text.In(lang), Traits: ar.Traits}
	for _, n := range ar.To {
		line.To = append(line.To, views.Option{ID: strconv.Itoa(n), Label: s.Seats[n-1].Name})
	}
	for _, item := range ar.Items {
		line.Items = append(line.Items, views.Option{ID: item, Label: cardName(lang, item)})
	}
	if ar.Room {
		line.Rooms = rooms
	}
	if hs := ar.Heal; hs != nil {
		line.SplitMost = hs.Most
		line.Split = hs.Traits
	}
	return line
}

// piles are the item piles in rooms and where someone died, as everyone
// sees them (nothing to pick up: pickUps adds what a seat may take).
func piles(lang string, s *game.State) []views.Pile {
	var out []views.Pile
	for _, pile := range slices.Sorted(maps.Keys(s.Piles)) {
		cards := s.Piles[pile]
		if len(cards) == 0 {
			continue
		}
		p := views.Pile{ID: pile}
		if id, ok := strings.CutPrefix(pile, "remains-"); ok {
			n, _ := strconv.Atoi(id)
			p.Remains = seatName(s, n)
		} else {
			p.Name = roomName(lang, pile)
		}
		for _, id := range cards {
			p.Cards = append(p.Cards, views.PileCard{ID: id, Label: cardName(lang, id)})
		}
		out = append(out, p)
	}
	return out
}

// pickUps marks on shared piles the cards a seat may pick up now (from
// game.Options), copying only what changes.
func pickUps(shared []views.Pile, allowed []game.PickUpOption) []views.Pile {
	if len(allowed) == 0 {
		return shared
	}
	out := slices.Clone(shared)
	for i := range out {
		out[i].Cards = slices.Clone(out[i].Cards)
		for j := range out[i].Cards {
			out[i].Cards[j].CanPickUp = slices.Contains(allowed, game.PickUpOption{Pile: out[i].ID, Card: out[i].Cards[j].ID})
		}
	}
	return out
}

// errNotFound is sourceRoll's error for a source not in the box (the one
// web's box pages answer for an unknown entry).
var errNotFound = &game.Error{Kind: game.NotFound, Key: "err_not_found"}

func sourceRoll(source string) (*catalog.Roll, error) {
	kind, id, _ := strings.Cut(source, ":")
	switch kind {
	case "card":
		if c := catalog.Box().Card(id); c != nil {
			return c.Roll, nil
		}
	case "room":
		if r := catalog.Box().Room(id); r != nil {
			return r.Roll, nil
		}
	}
	return nil, errNotFound
}

// shareLine is this seat's share of another explorer's outcome (Footsteps
// 0: each names the trait they lose), as the engine offers it.
func shareLine(lang string, s *game.State, sh *game.ShareOption) *views.ApplyLine {
	roll, _ := sourceRoll(sh.Source)
	text := ""
	if roll != nil && sh.Bracket >= 0 && sh.Bracket < len(roll.Brackets) {
		text = roll.Brackets[sh.Bracket].Text.In(lang)
	}
	return &views.ApplyLine{Source: sh.Source, Said: "share", Who: s.Seats[sh.Seat-1].Name, Total: sh.Total, Name: sourceName(lang, sh.Source), Outcome: text, Traits: sh.Traits}
}

// penalty is what losing a card takes, from its data, when that is more
// than holding it gave (the Amulet of the Ages: +1 each when taken, −3
// each when lost); nil for a card that only takes back its own gain (the
// Bell), which needs no warning.
func penalty(onGain, onLose map[string]int) map[string]int {
	if !slices.ContainsFunc(slices.Collect(maps.Keys(onLose)), func(t string) bool { return onLose[t]+onGain[t] < 0 }) {
		return nil
	}
	return onLose
}
