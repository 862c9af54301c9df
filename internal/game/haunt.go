package game

import (
	"slices"

	"lantern/internal/catalog"
)

// The haunt: omens and the haunt roll, the reveal (the chart, the traitor
// by the haunt's rule, the hidden traitor's tokens) and selecting another
// haunt.

// hauntActions are the actions this file decides.
var hauntActions = []Action{DrawOmen{}, HauntRoll{}, RevealToken{}, ReselectHaunt{}}

// The type names of the actions this file decides.
const (
	ActDrawOmen    = "draw_omen"
	ActHauntRoll   = "haunt_roll"
	ActRevealToken = "reveal_token"
	ActReselect    = "reselect_haunt"
)

// DrawOmen draws an omen in a room.
type DrawOmen struct {
	Basis
	Seat  int    `json:"seat,omitempty"`
	Omen  string `json:"omen,omitempty"`
	Room  string `json:"room,omitempty"`
	Total *int   `json:"total,omitempty"`
	Faces []int  `json:"faces,omitempty"`
}

func (DrawOmen) ActionType() string { return ActDrawOmen }

// HauntRoll makes the haunt roll.
type HauntRoll struct {
	Basis
	Seat  int   `json:"seat,omitempty"`
	Faces []int `json:"faces,omitempty"`
	Total *int  `json:"total,omitempty"`
}

func (HauntRoll) ActionType() string { return ActHauntRoll }

// RevealToken turns a hidden traitor's token face up.
type RevealToken struct {
	Basis
	Seat int `json:"seat,omitempty"`
}

func (RevealToken) ActionType() string { return ActRevealToken }

// ReselectHaunt selects another haunt right after the reveal (host).
type ReselectHaunt struct {
	Basis
	Room string `json:"room,omitempty"`
	Omen string `json:"omen,omitempty"`
}

func (ReselectHaunt) ActionType() string { return ActReselect }

// HauntState is the haunt once revealed.
type HauntState struct {
	HauntReveal
	// Tokens is the hidden-traitor deal (seat id -> token); #1 is the
	// traitor. Secret: views show a seat only its own token.
	Tokens map[int]int
	// Shown are tokens their holders turned face up (seat id -> token).
	Shown map[int]int
}

// HauntReveal is the public record of the moment of betrayal.
type HauntReveal struct {
	Number    int    `json:"number"`
	Omen      string `json:"omen"`
	Room      string `json:"room"`
	Revealer  int    `json:"revealer"` // seat id
	OmenCount int    `json:"omen_count"`
	// Traitor is the traitor's seat id; 0 when there is none (yet) or the
	// traitor is hidden.
	Traitor  int      `json:"traitor,omitempty"`
	Decision Decision `json:"decision"`
}

// Decision explains how the traitor was picked, for the screen to say so.
type Decision struct {
	Rule catalog.TraitorRule `json:"rule"`
	// Named is true when the haunt named an explorer who is in play.
	Named bool `json:"named,omitempty"`
	// NamedAbsent is true when the named explorer is not in play, so the
	// fallback rule applied.
	NamedAbsent bool `json:"named_absent,omitempty"`
	// Candidates are the explorers compared, with the value compared.
	Candidates []Candidate `json:"candidates,omitempty"`
	// Tied are the seat ids that tied for the pick, when more than one.
	Tied []int `json:"tied,omitempty"`
	// TieBreak is "revealer" or "left" when a tie was broken (seed 002).
	TieBreak string `json:"tie_break,omitempty"`
}

// Candidate is one explorer in a traitor comparison.
type Candidate struct {
	Seat  int `json:"seat"`
	Value int `json:"value"`
}

// Hidden reports a hidden-traitor haunt.
func (h *HauntState) Hidden() bool { return h.Decision.Rule.Kind == "hidden" }

// IsTraitor reports whether a seat is the (known or hidden) traitor.
func (h *HauntState) IsTraitor(seatID int) bool {
	if h.Hidden() {
		return h.Tokens[seatID] == 1
	}
	return h.Traitor != 0 && h.Traitor == seatID
}

// PublicTraitor is the traitor every screen may show: the named traitor, or
// a hidden traitor who turned their token face up; else 0.
func (h *HauntState) PublicTraitor() int {
	if !h.Hidden() {
		return h.Traitor
	}
	for seat, token := range h.Shown {
		if token == 1 {
			return seat
		}
	}
	return 0
}

// leftOf returns the seat ids in play order starting at the seat to the left
// of seatID (the next seat; seed 000, 游玩: 轮至其左方的玩家), ending with seatID.
func (s *State) leftOf(seatID int) []int {
	n := s.SeatNumber(seatID)
	ids := make([]int, 0, len(s.Seats))
	for i := 1; i <= len(s.Seats); i++ {
		ids = append(ids, s.Seats[(n-1+i)%len(s.Seats)].ID)
	}
	return ids
}

// SelectTraitor applies a haunt's traitor rule to the live boards (seed 002,
// 作祟: 奸徒 rules; 2nd-edition tie rule: the revealer if tied, else the tied
// explorer nearest the revealer's left). Dead explorers are not candidates.
func (s *State) SelectTraitor(rule catalog.TraitorRule, revealer int) (int, Decision) {
	d := Decision{Rule: rule}
	alive := func(id int) bool { seat := s.SeatByID(id); return seat != nil && s.Alive(seat) }
	if rule.Explorer != "" {
		for _, seat := range s.Seats {
			if seat.Explorer == rule.Explorer && s.Alive(&seat) {
				d.Named = true
				return seat.ID, d
			}
		}
		d.NamedAbsent = true
	}
	order := s.leftOf(revealer) // nearest the revealer's left first
	switch rule.Kind {
	case "revealer":
		return revealer, d
	case "left_of_revealer":
		for _, id := range order {
			if id != revealer && alive(id) {
				return id, d
			}
		}
		return revealer, d
	case "highest_trait", "lowest_trait", "oldest_explorer", "youngest_explorer":
		higher := rule.Kind == "highest_trait" || rule.Kind == "oldest_explorer"
		for _, id := range order {
			if !alive(id) || (rule.ExceptRevealer && id == revealer) {
				continue
			}
			seat := s.SeatByID(id)
			v := seat.ExplorerData().Age
			if rule.Trait != "" {
				v = seat.Value(rule.Trait)
			}
			d.Candidates = append(d.Candidates, Candidate{Seat: id, Value: v})
		}
		if len(d.Candidates) == 0 {
			return revealer, d
		}
		best := d.Candidates[0].Value
		for _, c := range d.Candidates {
			if (higher && c.Value > best) || (!higher && c.Value < best) {
				best = c.Value
			}
		}
		for _, c := range d.Candidates {
			if c.Value == best {
				d.Tied = append(d.Tied, c.Seat)
			}
		}
		if len(d.Tied) == 1 {
			chosen := d.Tied[0]
			d.Tied = nil
			return chosen, d
		}
		if slices.Contains(d.Tied, revealer) {
			d.TieBreak = "revealer"
			return revealer, d
		}
		// Candidates are in order from the revealer's left, so the first
		// tied one is the nearest.
		d.TieBreak = "left"
		return d.Tied[0], d
	}
	return 0, d // none, none_at_first, hidden
}

// turnAfterReveal is who plays first in the haunt: the hero left of the
// traitor (seed 000, 作祟: 由奸徒左方的英雄开始); with no known traitor, the
// explorer left of the revealer (seed 002, 内奸).
func (s *State) turnAfterReveal(h *HauntState) int {
	from := h.Traitor
	if from == 0 {
		from = h.Revealer
	}
	for _, id := range s.leftOf(from) {
		if seat := s.SeatByID(id); seat != nil && s.Alive(seat) {
			return id
		}
	}
	return from
}

// foldHaunt applies the haunt's own events: an omen drawn, the haunt
// revealed, a hidden traitor's token shown, the revealing omen replaced.
func (s *State) foldHaunt(e Event) {
	switch d := e.Data.(type) {
	case OmenDrawn:
		s.Omens = append(s.Omens, OmenDraw{Seq: e.Seq, Seat: d.Seat, Omen: d.Omen, Room: d.Room})
		s.Gone[d.Omen] = true
		if keptID(d.Omen) {
			s.Hands[d.Seat] = append(s.Hands[d.Seat], HeldCard{Card: d.Omen})
			s.updateSetBonus(d.Seat)
		}
		if s.Haunt == nil && s.Phase == PhaseExploration {
			s.OwedHauntRolls = append(s.OwedHauntRolls, len(s.Omens)-1)
		}
	case HauntRevealed:
		s.foldHauntRevealed(e)
	case TokenRevealed:
		if s.Haunt != nil {
			s.Haunt.Shown[d.Seat] = d.Token
			if d.Token == 1 {
				s.endLingering(d.Seat)
			}
		}
	case OmenReplaced:
		s.foldOmenReplaced(d)
	}
}

func (s *State) foldHauntRevealed(e Event) {
	h := &HauntState{HauntReveal: *e.Data.(HauntRevealed).Haunt, Tokens: map[int]int{}, Shown: map[int]int{}}
	if e.Secret != nil {
		for seat, token := range e.Secret.Tokens {
			h.Tokens[seat] = token
		}
	}
	s.Haunt = h
	s.Phase = PhaseHaunt
	s.OwedHauntRolls = nil
	s.Turn, s.TurnStart = s.turnAfterReveal(h), e.Seq
	if h.Traitor != 0 {
		s.endLingering(h.Traitor)
	}
	for i := range s.Seats {
		s.Seats[i].ChangedAt = e.Seq
	}
}

// decide records an omen drawn in a room.
func (a DrawOmen) decide(s *State, actor Actor) ([]Event, error) {
	seat, err := s.actingSeat(actor, a.Seat, false)
	if err != nil {
		return nil, err
	}
	if !actor.Host && seat.ID != s.Turn {
		return nil, errNotYourTurn
	}
	if !s.Alive(seat) {
		return nil, refuse(Conflict, "err_dead", seat.Name)
	}
	if !catalog.IsOmen(a.Omen) {
		return nil, refuse(Invalid, "err_unknown_omen", a.Omen)
	}
	if d := s.PendingDiscovery(seat.ID); a.Room == "" && d != nil && d.Deck == "omen" {
		a.Room = d.Room // drawn for the room just discovered
	}
	if !catalog.IsOmenRoom(a.Room) {
		return nil, refuse(Invalid, "err_unknown_omen_room", a.Room)
	}
	for _, o := range s.Omens {
		if o.Omen == a.Omen {
			return nil, refuse(Conflict, "err_omen_drawn")
		}
	}
	if a.stale(s.Version) {
		return nil, refuse(Conflict, "err_stale")
	}
	card := catalog.Box().Card(a.Omen)
	evs := []Event{{Data: OmenDrawn{Seat: seat.ID, Omen: a.Omen, Room: a.Room}}}
	return s.withCardAttack(append(evs, s.omenEvents(seat, a.Omen)...), seat, card, a.Faces, a.Total)
}

// OwesHauntRoll reports whether the seat must make a haunt roll now.
func (s *State) OwesHauntRoll(seatID int) bool {
	return s.Haunt == nil && len(s.OwedHauntRolls) > 0 && s.Omens[s.OwedHauntRolls[0]].Seat == seatID
}

// decide makes the haunt roll owed for an omen: 6 dice; the haunt
// begins iff the total is less than the omens drawn so far, that one
// included (seed 000, 作祟; seed 002). The haunt comes from the chart by the
// omen and its room, and the traitor from the haunt's rule.
func (a HauntRoll) decide(s *State, actor Actor) ([]Event, error) {
	seat, err := s.actingSeat(actor, a.Seat, false)
	if err != nil {
		return nil, err
	}
	if s.Haunt != nil {
		return nil, refuse(Conflict, "err_haunt_started")
	}
	if !s.OwesHauntRoll(seat.ID) {
		return nil, errNoHauntRollOwed
	}
	omen := s.Omens[s.OwedHauntRolls[0]]
	count := len(s.Omens)
	rec := RollRecord{Seat: seat.ID, Purpose: "haunt", OmenCount: count}
	if err := s.resolveDice(&rec, rollPlan{dice: HauntRollDice}, a.Faces, a.Total); err != nil {
		return nil, err
	}
	evs := []Event{{Data: Rolled{Seat: seat.ID, Roll: &rec}}}
	if rec.Total >= count {
		return evs, nil
	}
	return append(evs, s.revealEvent(seat.ID, omen.Omen, omen.Room, count)), nil
}

// revealEvent finds the haunt on the chart by the omen and its room, picks
// the traitor by the haunt's rule and, for a hidden traitor, deals tokens
// 1..N face down (seed 002, 内奸): #1 is the traitor.
func (s *State) revealEvent(revealer int, omen, room string, count int) Event {
	number := catalog.LookupHaunt(omen, room)
	haunt := catalog.HauntByNumber(number)
	traitor, decision := s.SelectTraitor(haunt.Traitor, revealer)
	reveal := Event{Data: HauntRevealed{Seat: revealer, Haunt: &HauntReveal{
		Number: number, Omen: omen, Room: room, Revealer: revealer, OmenCount: count,
		Traitor: traitor, Decision: decision,
	}}}
	if haunt.Traitor.Kind == "hidden" {
		deal := Shuffle(s.random(), len(s.Seats))
		reveal.Secret = &EventSecret{Tokens: map[int]int{}}
		for i, seat := range s.Seats {
			reveal.Secret.Tokens[seat.ID] = deal[i]
		}
	}
	return reveal
}

// decide picks another haunt when the group has played this
// one (seed 000/002, 故事挑选): the chart with the next nearest omen room
// (the group says which: the app doesn't know the house's layout), or, when
// no room gives a new haunt, a new omen drawn in place of the revealer's,
// which goes back into the deck. Only the host, and only right after the
// reveal, before anything else happened.
func (a ReselectHaunt) decide(s *State, actor Actor) ([]Event, error) {
	if !actor.Host {
		return nil, refuse(Forbidden, "err_host_only")
	}
	h := s.Haunt
	if h == nil {
		return nil, refuse(Conflict, "err_no_haunt_yet")
	}
	if !s.JustRevealed() {
		return nil, refuse(Conflict, "err_haunt_underway")
	}
	room, omen := h.Room, h.Omen
	var evs []Event
	switch {
	case a.Room != "" && a.Omen == "":
		if !catalog.IsOmenRoom(a.Room) {
			return nil, refuse(Invalid, "err_unknown_omen_room", a.Room)
		}
		room = a.Room
	case a.Omen != "" && a.Room == "":
		if !catalog.IsOmen(a.Omen) {
			return nil, refuse(Invalid, "err_unknown_omen", a.Omen)
		}
		if !s.InDeck(a.Omen) {
			return nil, refuse(Conflict, "err_omen_drawn")
		}
		omen = a.Omen
		revealer := s.SeatByID(h.Revealer)
		evs = append(evs, Event{Data: OmenReplaced{Seat: h.Revealer, Omen: h.Omen, Card: a.Omen}})
		var gained, lost []string
		if keptID(a.Omen) {
			gained = []string{a.Omen}
		}
		if s.Holds(h.Revealer, h.Omen) {
			lost = []string{h.Omen}
		}
		evs = append(evs, s.cardEffects(revealer, gained, lost, "card:"+a.Omen)...)
	default:
		return nil, refuse(Invalid, "err_reselect_one")
	}
	if catalog.LookupHaunt(omen, room) == h.Number {
		return nil, refuse(Conflict, "err_same_haunt")
	}
	return append(evs, s.revealEvent(h.Revealer, omen, room, h.OmenCount)), nil
}

// JustRevealed: nothing but the reveal (or an earlier reselection) has
// happened since the haunt was revealed.
func (s *State) JustRevealed() bool {
	for i := len(s.Events) - 1; i >= 0; i-- {
		e := &s.Events[i]
		if s.undone[e.Seq] || e.Type() == EvUndone {
			continue
		}
		switch e.Data.(type) {
		case HauntRevealed:
			return true
		case OmenReplaced, TraitsChanged:
			if e.Group != 0 && s.groupHas(e.Group, EvHauntRevealed) {
				continue
			}
		}
		return false
	}
	return false
}

func (s *State) groupHas(group int, typ string) bool {
	for i := range s.Events { // by index: an Event is large to copy
		if e := &s.Events[i]; e.Group == group && e.Type() == typ {
			return true
		}
	}
	return false
}

func (s *State) foldOmenReplaced(e OmenReplaced) {
	for i := range s.Omens {
		if s.Omens[i].Omen == e.Omen {
			s.Omens[i].Omen = e.Card
		}
	}
	delete(s.Gone, e.Omen) // shuffled back into the deck
	s.Gone[e.Card] = true
	if i := s.heldIndex(e.Seat, e.Omen); i >= 0 {
		s.Hands[e.Seat] = slices.Delete(s.Hands[e.Seat], i, i+1)
	}
	if keptID(e.Card) {
		s.Hands[e.Seat] = append(s.Hands[e.Seat], HeldCard{Card: e.Card})
	}
	s.updateSetBonus(e.Seat)
}

// decide turns a seat's hidden-traitor token face up; a hidden
// traitor may do so at any time (seed 002, 内奸).
func (a RevealToken) decide(s *State, actor Actor) ([]Event, error) {
	if s.Haunt == nil || !s.Haunt.Hidden() {
		return nil, refuse(Conflict, "err_no_hidden_traitor")
	}
	seat, err := s.targetSeat(actor, a.Seat)
	if err != nil {
		return nil, err
	}
	if actor.Host {
		// The host may not expose a seat's secret; only its holder can.
		return nil, refuse(Forbidden, "err_other_seat")
	}
	if _, shown := s.Haunt.Shown[seat.ID]; shown {
		return nil, refuse(Conflict, "err_no_change")
	}
	if s.Haunt.Tokens[seat.ID] != 1 && s.Alive(seat) {
		// Only the traitor may show their token at will; heroes show theirs
		// when they die (seed 002, 内奸: 除此之外任何英雄不可主动翻开自己的标记).
		return nil, refuse(Conflict, "err_hero_token")
	}
	return []Event{{Data: TokenRevealed{Seat: seat.ID, Token: s.Haunt.Tokens[seat.ID]}}}, nil
}

// hauntEvents are the events this file folds, with the fold that applies them.
var hauntEvents = eventTopic{fold: quiet((*State).foldHaunt), events: []EventData{OmenDrawn{}, HauntRevealed{}, TokenRevealed{}, OmenReplaced{}}}

// The type names of the events this file folds.
const (
	EvOmenDrawn     = "omen_drawn"
	EvHauntRevealed = "haunt_revealed"
	EvTokenRevealed = "token_revealed"
	EvOmenReplaced  = "omen_replaced"
)

// OmenDrawn: an omen was drawn in a room.
type OmenDrawn struct {
	Seat int    `json:"seat,omitempty"` // stable seat id the event is about
	Omen string `json:"omen,omitempty"`
	Room string `json:"room,omitempty"`
}

func (OmenDrawn) EventType() string { return EvOmenDrawn }

// HauntRevealed: the haunt began (its secret part: the hidden traitor's deal).
type HauntRevealed struct {
	Seat  int          `json:"seat,omitempty"` // stable seat id the event is about
	Haunt *HauntReveal `json:"haunt,omitempty"`
}

func (HauntRevealed) EventType() string { return EvHauntRevealed }

// TokenRevealed: a hidden traitor's token was turned face up.
type TokenRevealed struct {
	Seat  int `json:"seat,omitempty"` // stable seat id the event is about
	Token int `json:"token,omitempty"`
}

func (TokenRevealed) EventType() string { return EvTokenRevealed }

// OmenReplaced: selecting another haunt put a new omen in place of the old.
type OmenReplaced struct {
	Seat int    `json:"seat,omitempty"` // stable seat id the event is about
	Omen string `json:"omen,omitempty"`
	Card string `json:"card,omitempty"`
}

func (OmenReplaced) EventType() string { return EvOmenReplaced }
