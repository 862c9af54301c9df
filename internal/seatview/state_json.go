package seatview

import (
	"maps"
	"slices"
	"strconv"

	"lantern/internal/catalog"

	"lantern/internal/game"
)

// TraitJSON is one trait in the API.
type TraitJSON struct {
	Position int `json:"position"`
	Value    int `json:"value"`
	Overflow int `json:"overflow"`
}

// TraitsJSON is an explorer's four traits, in the order of their names
// (the order encoding/json wrote them in when they were a map).
type TraitsJSON struct {
	Knowledge TraitJSON `json:"knowledge"`
	Might     TraitJSON `json:"might"`
	Sanity    TraitJSON `json:"sanity"`
	Speed     TraitJSON `json:"speed"`
}

// Of is the trait named t (game.Traits), or nil.
func (ts *TraitsJSON) Of(t string) *TraitJSON {
	switch t {
	case game.Knowledge:
		return &ts.Knowledge
	case game.Might:
		return &ts.Might
	case game.Sanity:
		return &ts.Sanity
	case game.Speed:
		return &ts.Speed
	}
	return nil
}

// SeatJSON is one seat's public board.
type SeatJSON struct {
	Seat     int        `json:"seat"`
	Name     string     `json:"name"`
	Explorer string     `json:"explorer"`
	Alive    bool       `json:"alive"`
	Traits   TraitsJSON `json:"traits"`
	// Side is "heroes" or "traitor" during the haunt as the table knows it:
	// a hidden traitor reads "heroes" until their token is shown.
	Side string `json:"side,omitempty"`
	// Hand is the cards in front of the seat; every card is face up.
	Hand []HandJSON `json:"hand"`
}

// HandJSON is one card in front of a seat.
type HandJSON struct {
	Card string `json:"card"`
	// Used: used this turn, so it can't be traded or dropped until the turn ends.
	Used bool `json:"used"`
	// Worn: the Mask is on.
	Worn bool `json:"worn"`
}

// PileJSON is an item pile: in a room, or where an explorer died.
type PileJSON struct {
	// Pile is the id drop_card and pick_up take as "room".
	Pile string `json:"pile"`
	// Seat is the seat number of the explorer who died there; 0 for a room.
	Seat  int      `json:"seat,omitempty"`
	Cards []string `json:"cards"`
}

// OmenJSON is one omen drawn, in the order drawn.
type OmenJSON struct {
	Omen string `json:"omen"`
	Room string `json:"room"`
	Seat int    `json:"seat"`
}

// DecksJSON is how many cards each deck still holds.
type DecksJSON struct {
	Omen  int `json:"omen"`
	Item  int `json:"item"`
	Event int `json:"event"`
}

// MonsterJSON is one monster in the haunt.
type MonsterJSON struct {
	ID     string         `json:"id"`
	Kind   string         `json:"kind"`
	Name   string         `json:"name"`
	Traits map[string]int `json:"traits"` // values; a trait it lacks is absent
	// Stunned monsters lose their next turn.
	Stunned bool `json:"stunned"`
}

// TrackJSON is the haunt's turn/damage track; Label is what the haunt
// calls it ("" until someone names it).
type TrackJSON struct {
	Value int    `json:"value"`
	Label string `json:"label"`
}

// RollJSON is one dice roll.
type RollJSON struct {
	Seq int `json:"seq"`
	// Seat is the roller's seat number; 0 for the monsters or a card's own attack.
	Seat    int    `json:"seat"`
	Purpose string `json:"purpose,omitempty"`
	Trait   string `json:"trait,omitempty"`
	Dice    int    `json:"dice"`
	Faces   []int  `json:"faces"` // empty when the total came from real dice
	Bonus   int    `json:"bonus,omitempty"`
	Total   int    `json:"total"`
	Target  int    `json:"target,omitempty"`
	// Success: the target was met (true without a target).
	Success   bool     `json:"success"`
	Manual    bool     `json:"manual,omitempty"`
	Modifiers []string `json:"modifiers,omitempty"`
	OmenCount int      `json:"omen_count,omitempty"`
	Source    string   `json:"source,omitempty"`
	Applied   bool     `json:"applied,omitempty"`
}

// OfferJSON is a card handed from one seat to another, not yet accepted.
type OfferJSON struct {
	Offer int    `json:"offer"` // what accept_card and decline_card take
	Card  string `json:"card"`
	From  int    `json:"from"`
	To    int    `json:"to"`
}

// TargetJSON is one side of an attack: a seat, a monster or a card that
// attacks the explorer who drew it.
type TargetJSON struct {
	Seat    int    `json:"seat,omitempty"`
	Monster string `json:"monster,omitempty"`
	Card    string `json:"card,omitempty"`
}

// AttackJSON is the attack in progress, or the turn's last one.
type AttackJSON struct {
	Seq      int        `json:"seq"`
	Attacker TargetJSON `json:"attacker"`
	Defender TargetJSON `json:"defender"`
	Trait    string     `json:"trait"`
	Weapon   string     `json:"weapon,omitempty"`
	Ranged   bool       `json:"ranged"`
	Attack   RollJSON   `json:"attack"`
	// Defense is nil until the defender rolled.
	Defense *RollJSON `json:"defense"`
	// Set once both rolled: who lost, the damage and its kind.
	Loser    *TargetJSON `json:"loser,omitempty"`
	Damage   int         `json:"damage"`
	Kind     string      `json:"kind,omitempty"`
	CanSteal bool        `json:"can_steal"`
	Done     bool        `json:"done"`
}

// PublicState is what every seat and the host may see.
type PublicState struct {
	Code    string `json:"code"`
	Version int    `json:"version"`
	Started bool   `json:"started"`
	Phase   string `json:"phase"`
	Turn    struct {
		Seat int `json:"seat"`
	} `json:"turn"`
	FirstSeat int        `json:"first_seat"`
	Seats     []SeatJSON `json:"seats"`
	OmenCount int        `json:"omen_count"`
	// HauntRollOwedBy is the seat that must make a haunt roll now, or 0.
	HauntRollOwedBy int        `json:"haunt_roll_owed_by"`
	Haunt           *HauntJSON `json:"haunt,omitempty"`
	// Rooms are the rooms in the house: the starting rooms (by 0), then the
	// discovered ones in the order they were placed.
	Rooms []RoomJSON `json:"rooms"`
	// Winner is the side that won once the game is over (phase "over").
	Winner string `json:"winner,omitempty"`
	// TurnOrder is who plays, from the current turn on, once the traitor is
	// known (seat numbers; 0 is the monsters).
	TurnOrder []int         `json:"turn_order,omitempty"`
	Omens     []OmenJSON    `json:"omens"`
	Decks     DecksJSON     `json:"decks"`
	Piles     []PileJSON    `json:"piles"`
	Offers    []OfferJSON   `json:"offers"`
	Rolls     []RollJSON    `json:"rolls"`
	Monsters  []MonsterJSON `json:"monsters"`
	Track     *TrackJSON    `json:"track,omitempty"`
	Attack    *AttackJSON   `json:"attack,omitempty"`
	// Cards is what the table knows about drawn cards beyond the hands:
	// who drew each, tokens removed, draw effects applied, cards switched
	// on, replacements owed.
	Cards CardsJSON    `json:"cards"`
	Log   []game.Event `json:"log"`
	// Next is the game this one's group plays next (play again), once
	// there is one; it is no part of the game's own log.
	Next string `json:"next,omitempty"`
}

// CardsJSON is the drawn cards' public state (every card is face up).
type CardsJSON struct {
	// DrewBy is the seat number that drew each item or event card.
	DrewBy map[string]int `json:"drew_by"`
	// Removed are the sources ("card:<id>", "room:<id>") whose token an
	// outcome removed or whose room it emptied: never tried again.
	Removed []string `json:"removed"`
	// EffectsDone are the cards whose draw effect (no roll) was applied.
	EffectsDone []string `json:"effects_done"`
	// On are the cards switched on wherever they are (Music Box: open).
	On []string `json:"on"`
	// OwedDraws are replacements a seat may draw even out of turn.
	OwedDraws []OwedDrawJSON `json:"owed_draws"`
}

// OwedDrawJSON is cards a seat may draw from a deck out of turn.
type OwedDrawJSON struct {
	Seat  int    `json:"seat"`
	Deck  string `json:"deck"`
	Count int    `json:"count"`
}

// RoomJSON is one room in the house: its tile, its floor and the seat that
// discovered it (0 for the starting rooms).
type RoomJSON struct {
	Room  string `json:"room"`
	Floor string `json:"floor"`
	By    int    `json:"by"`
}

// HauntJSON is the revealed haunt as everyone may see it.
type HauntJSON struct {
	Number   int    `json:"number"`
	Name     string `json:"name"`
	Omen     string `json:"omen"`
	Room     string `json:"room"`
	Revealer int    `json:"revealer"`
	// Traitor is the traitor's seat, 0 when none or hidden (until revealed).
	Traitor int            `json:"traitor"`
	Hidden  bool           `json:"hidden"`
	Shown   map[string]int `json:"shown_tokens,omitempty"` // seat -> token turned face up
}

// PrivateState is one seat's view: the public state plus what only that
// seat may know.
type PrivateState struct {
	PublicState
	Me MeJSON `json:"me"`
	// Options is what this seat may do now: the engine's answer
	// (game.State.Options), the same one the phone's buttons follow.
	Options game.Options `json:"options"`
}

// MeJSON is what only the calling seat may know.
type MeJSON struct {
	Seat    int    `json:"seat"`
	Lang    string `json:"lang"`
	CanUndo bool   `json:"can_undo"`
	// Token is this seat's hidden-traitor token; only this seat sees it.
	Token int `json:"token,omitempty"`
	// Traitor is true when this seat is the traitor, hidden or not.
	Traitor bool `json:"traitor"`
	// OwesHauntRoll is true when this seat must roll for the haunt now.
	OwesHauntRoll bool `json:"owes_haunt_roll"`
}

// Public is what every seat and the host may see (GET /api/games/:code).
func Public(st *game.State) PublicState {
	p := PublicCore(st)
	p.Log = logEvents(st)
	return p
}

// PublicCore is the public state with an empty log: the part every seat's
// JSON view shares at one version (web's live.go caches it).
func PublicCore(st *game.State) PublicState {
	p := PublicState{Code: st.Code, Version: st.Version, Started: st.Started, Phase: st.Phase,
		FirstSeat: st.SeatNumber(st.FirstSeat), Seats: []SeatJSON{}, Log: []game.Event{}}
	p.Turn.Seat = st.SeatNumber(st.Turn)
	house := st.House()
	p.Rooms = make([]RoomJSON, 0, len(house))
	for _, r := range house {
		p.Rooms = append(p.Rooms, RoomJSON{Room: r.Room, Floor: r.Floor, By: st.SeatNumber(r.By)})
	}
	p.OmenCount = len(st.Omens)
	if len(st.OwedHauntRolls) > 0 && st.Haunt == nil {
		p.HauntRollOwedBy = st.SeatNumber(st.Omens[st.OwedHauntRolls[0]].Seat)
	}
	if h := st.Haunt; h != nil {
		p.Haunt = &HauntJSON{Number: h.Number, Name: catalog.HauntByNumber(h.Number).Name.EN, Omen: h.Omen, Room: h.Room,
			Revealer: st.SeatNumber(h.Revealer), Traitor: st.SeatNumber(h.PublicTraitor()), Hidden: h.Hidden()}
		for seatID, token := range h.Shown {
			if p.Haunt.Shown == nil {
				p.Haunt.Shown = map[string]int{}
			}
			p.Haunt.Shown[strconv.Itoa(st.SeatNumber(seatID))] = token
		}
	}
	p.Seats = make([]SeatJSON, 0, len(st.Seats))
	for i := range st.Seats {
		seat := &st.Seats[i]
		sj := SeatJSON{Seat: i + 1, Name: seat.Name, Explorer: seat.Explorer, Alive: st.Alive(seat),
			Hand: make([]HandJSON, 0, len(st.Hands[seat.ID]))}
		for _, t := range game.Traits {
			ts := seat.Traits[t]
			*sj.Traits.Of(t) = TraitJSON{Position: ts.Position, Value: seat.Value(t), Overflow: ts.Overflow}
		}
		if st.Phase == game.PhaseHaunt {
			sj.Side = st.SideOf(seat.ID)
		}
		for _, h := range st.Hands[seat.ID] {
			sj.Hand = append(sj.Hand, HandJSON{Card: h.Card, Used: h.Used, Worn: h.Worn})
		}
		p.Seats = append(p.Seats, sj)
	}
	publicTable(st, &p)
	return p
}

// publicTable adds what the table page shows besides the seats and rooms:
// the omens and decks, item piles, offers, recent rolls and the haunt's
// second half (monsters, track, attack, turn order, the winner).
func publicTable(st *game.State, p *PublicState) {
	if st.Ended != nil {
		p.Phase, p.Winner = "over", st.Ended.Side
	}
	if st.TurnTraitor() != 0 {
		for _, id := range st.TurnOrder() {
			p.TurnOrder = append(p.TurnOrder, st.SeatNumber(id))
		}
	}
	p.Omens = []OmenJSON{}
	for _, d := range st.Omens {
		p.Omens = append(p.Omens, OmenJSON{Omen: d.Omen, Room: d.Room, Seat: st.SeatNumber(d.Seat)})
	}
	p.Decks = DecksJSON{Omen: st.DeckCount("omen"), Item: st.DeckCount("item"), Event: st.DeckCount("event")}
	p.Piles = []PileJSON{}
	for _, pile := range sortedKeysOf(st.Piles) {
		if len(st.Piles[pile]) == 0 {
			continue
		}
		pj := PileJSON{Pile: pile, Cards: slices.Clone(st.Piles[pile])}
		for _, seat := range st.Seats {
			if pile == game.RemainsPile(seat.ID) {
				pj.Seat = st.SeatNumber(seat.ID)
			}
		}
		p.Piles = append(p.Piles, pj)
	}
	p.Cards = cardsJSON(st)
	p.Offers = []OfferJSON{}
	for _, o := range st.Offers {
		p.Offers = append(p.Offers, OfferJSON{Offer: o.Seq, Card: o.Card, From: st.SeatNumber(o.From), To: st.SeatNumber(o.To)})
	}
	p.Rolls = []RollJSON{}
	for _, r := range st.Rolls[max(0, len(st.Rolls)-rollLimit):] {
		p.Rolls = append(p.Rolls, rollJSON(st, r))
	}
	p.Monsters = []MonsterJSON{}
	for _, m := range st.Monsters {
		p.Monsters = append(p.Monsters, MonsterJSON{ID: m.ID, Kind: m.Kind, Name: m.Name, Traits: maps.Clone(m.Traits), Stunned: m.Stunned})
	}
	if t := st.Track; t != nil {
		p.Track = &TrackJSON{Value: t.Value, Label: t.Label}
	}
	// The attack shows as long as the table's fight card says where it
	// stands: until the turn after it ends.
	if at := st.Attack; at != nil && !(at.Done && endedSince(st, at.Seq)) {
		aj := &AttackJSON{Seq: at.Seq, Attacker: targetJSON(st, at.Attacker), Defender: targetJSON(st, at.Defender),
			Trait: at.Trait, Weapon: at.Weapon, Ranged: at.Ranged, Attack: rollJSON(st, at.Attack),
			Damage: at.Damage, Kind: at.Kind, CanSteal: at.CanSteal, Done: at.Done}
		if at.Defense != nil {
			d := rollJSON(st, *at.Defense)
			aj.Defense = &d
		}
		if at.Loser != (game.Target{}) {
			l := targetJSON(st, at.Loser)
			aj.Loser = &l
		}
		p.Attack = aj
	}
}

func rollJSON(st *game.State, r game.RollRecord) RollJSON {
	faces := r.Faces
	if faces == nil {
		faces = []int{}
	}
	return RollJSON{Seq: r.Seq, Seat: st.SeatNumber(r.Seat), Purpose: r.Purpose, Trait: r.Trait, Dice: r.Dice,
		Faces: slices.Clone(faces), Bonus: r.Bonus, Total: r.Total, Target: r.Target,
		// A haunt roll has no target to meet: it begins the haunt when
		// below omen_count (the table shows it without ✓ or ✗).
		Success: r.Success() && r.Purpose != "haunt", Manual: r.Manual,
		Modifiers: slices.Clone(r.Modifiers), OmenCount: r.OmenCount, Source: r.Source, Applied: r.Applied}
}

func targetJSON(st *game.State, t game.Target) TargetJSON {
	return TargetJSON{Seat: st.SeatNumber(t.Seat), Monster: t.Monster, Card: t.Card}
}

// apiLogLimit bounds the log in state answers, so a phone polling the JSON
// during a long night doesn't fetch an ever-growing list.
const apiLogLimit = 100

// logEvents is the newest part of the public event log: each event without
// its secret part (the hidden traitor's deal).
func logEvents(st *game.State) []game.Event {
	return LogAfter(st, max(0, st.Version-apiLogLimit))
}

// LogAfter is the public log after event after, at most the newest
// apiLogLimit events (older ones are paged with the log endpoint).
func LogAfter(st *game.State, after int) []game.Event {
	from := len(st.Events)
	for from > 0 && st.Events[from-1].Seq > after && len(st.Events)-from < apiLogLimit {
		from--
	}
	out := make([]game.Event, 0, len(st.Events)-from)
	for _, e := range st.Events[from:] {
		out = append(out, e.Public())
	}
	return out
}

// Private is the game as the seat a acts for may see it (GET /api/games/:code/me).
func Private(st *game.State, a game.Actor) PrivateState {
	return PrivateState{PublicState: Public(st), Me: Me(st, a), Options: st.Options(a)}
}

// Me is what only the seat a acts for may know.
func Me(st *game.State, a game.Actor) MeJSON {
	var me MeJSON
	seat := st.SeatByID(a.Seat)
	me.Seat = st.SeatNumber(a.Seat)
	if seat != nil {
		me.Lang = seat.Lang
	}
	last := st.LastUndoable()
	me.CanUndo = last != nil && last.Actor == a
	me.OwesHauntRoll = st.OwesHauntRoll(a.Seat)
	if h := st.Haunt; h != nil {
		me.Traitor = h.IsTraitor(a.Seat)
		if h.Hidden() {
			me.Token = h.Tokens[a.Seat]
		}
	}
	return me
}

// cardsJSON is the drawn cards' public state, in a stable order.
// sortedKeysOf is m's keys in order; nothing is allocated for an empty m,
// as most are (the public state is built once per version).
func sortedKeysOf[V any](m map[string]V) []string {
	if len(m) == 0 {
		return nil
	}
	return slices.Sorted(maps.Keys(m))
}

func cardsJSON(st *game.State) CardsJSON {
	c := CardsJSON{DrewBy: map[string]int{}, Removed: []string{}, EffectsDone: []string{}, On: []string{}, OwedDraws: []OwedDrawJSON{}}
	for card, seat := range st.DrewBy {
		c.DrewBy[card] = st.SeatNumber(seat)
	}
	for _, src := range sortedKeysOf(st.Removed) {
		if st.Removed[src] {
			c.Removed = append(c.Removed, src)
		}
	}
	for _, card := range sortedKeysOf(st.EffectDone) {
		if st.EffectDone[card] {
			c.EffectsDone = append(c.EffectsDone, card)
		}
	}
	for _, card := range sortedKeysOf(st.On) {
		if st.On[card] {
			c.On = append(c.On, card)
		}
	}
	for _, seat := range st.Seats {
		for _, deck := range sortedKeysOf(st.OwedDraws[seat.ID]) {
			if n := st.OwedDraws[seat.ID][deck]; n > 0 {
				c.OwedDraws = append(c.OwedDraws, OwedDrawJSON{Seat: st.SeatNumber(seat.ID), Deck: deck, Count: n})
			}
		}
	}
	return c
}
