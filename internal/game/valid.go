package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"lantern/internal/catalog"
)

// This file is the one place that decides whether a state (and an event)
// is possible under the rules. Apply trusts its events, so a stored event
// that decodes but says something impossible (a trait position of 99, a
// haunt that is not on the chart, a token dealt twice) would otherwise
// become a state every read trips over (an index out of range per
// request). The server asks Check of every game it rebuilds from its log,
// and of every state an action leads to before that action is committed
// (internal/table); CheckEvent of every stored event before it is applied,
// so an event missing what its type needs never reaches fold.

// ErrImpossible wraps every answer of Check and CheckEvent.
var ErrImpossible = errors.New("impossible under the rules")

// MaxOverflow bounds the gains remembered past a track's top. Each step
// adds at most MaxDamage, so no played game comes near it; it keeps
// arithmetic on a damaged value from wrapping.
const MaxOverflow = 1 << 20

// maxTrack bounds the haunt's turn/damage track (decideSetTrack).
const maxTrack = 99

// maxMonsterTrait bounds a monster's trait value (decideAddMonster).
const maxMonsterTrait = 12

func impossible(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrImpossible}, args...)...)
}

// CheckEvent reports whether an event carries what its type needs, with
// values the rules allow, on its own (Check judges the state it leads to).
func CheckEvent(e *Event) error {
	switch e.Type {
	case EvSeatJoined:
		if e.Seat <= 0 || catalog.ExplorerByID(e.Explorer) == nil {
			return impossible("event %d: a seat %d joined as explorer %q", e.Seq, e.Seat, e.Explorer)
		}
		if err := checkDisplayText("name", e.Name, MaxNameLength); err != nil {
			return fmt.Errorf("event %d: %w", e.Seq, err)
		}
	case EvTraitsChanged:
		if len(e.Changes) == 0 {
			return impossible("event %d: traits changed without a change", e.Seq)
		}
		for _, c := range e.Changes {
			if err := checkTrait(c.Trait, c.To); err != nil {
				return fmt.Errorf("event %d: %w", e.Seq, err)
			}
		}
	case EvPhaseSet:
		if e.Phase != PhaseExploration && e.Phase != PhaseHaunt {
			return impossible("event %d: phase %q", e.Seq, e.Phase)
		}
	case EvRolled, EvRerolled:
		if e.Roll == nil {
			return impossible("event %d: a roll without its dice", e.Seq)
		}
		if err := checkRoll(e.Roll); err != nil {
			return fmt.Errorf("event %d: %w", e.Seq, err)
		}
	case EvAttacked, EvDefended:
		if e.Attack == nil || (e.Type == EvDefended && e.Attack.Defense == nil) {
			return impossible("event %d: %s without its attack", e.Seq, e.Type)
		}
	case EvHauntRevealed:
		if e.Haunt == nil {
			return impossible("event %d: a haunt revealed without its haunt", e.Seq)
		}
	case EvOmenDrawn, EvOmenReplaced:
		if !catalog.IsOmen(e.Omen) || (e.Type == EvOmenReplaced && !catalog.IsOmen(e.Card)) {
			return impossible("event %d: omen %q", e.Seq, e.Omen+e.Card)
		}
	case EvCardDrawn, EvCardMoved, EvCardOffered, EvCardUsed:
		if catalog.Box().Card(e.Card) == nil {
			return impossible("event %d: card %q", e.Seq, e.Card)
		}
	case EvTrackSet:
		if e.Track == nil {
			return impossible("event %d: the track set without a value", e.Seq)
		}
	case EvMonstersAdded:
		if len(e.Monsters) == 0 {
			return impossible("event %d: no monster added", e.Seq)
		}
	case EvRoomDiscovered:
		if catalog.Box().Room(e.Room) == nil {
			return impossible("event %d: room %q", e.Seq, e.Room)
		}
	case EvGameEnded, EvSideChanged:
		if e.Side != SideHeroes && e.Side != SideTraitor {
			return impossible("event %d: side %q", e.Seq, e.Side)
		}
	}
	return nil
}

// Check reports whether the state is possible under the rules: every id
// known, every position on its track, every reference pointing at
// something in the game, the hidden-traitor tokens dealt once each.
func (s *State) Check() error {
	if s.Phase != PhaseExploration && s.Phase != PhaseHaunt {
		return impossible("phase %q", s.Phase)
	}
	if n := len(s.Events); n > 0 && s.Events[n-1].Seq != s.Version {
		return impossible("version %d after event %d", s.Version, s.Events[n-1].Seq)
	}
	if len(s.Seats) > MaxSeats {
		return impossible("%d seats", len(s.Seats))
	}
	seat := map[int]bool{}
	explorers := map[string]bool{}
	for i := range s.Seats {
		st := &s.Seats[i]
		if st.ID <= 0 || seat[st.ID] {
			return impossible("seat id %d", st.ID)
		}
		seat[st.ID] = true
		ex := catalog.ExplorerByID(st.Explorer)
		if ex == nil || explorers[st.Explorer] || (ex.Pair != "" && explorers[ex.Pair]) {
			return impossible("seat %d: explorer %q", st.ID, st.Explorer)
		}
		explorers[st.Explorer] = true
		if len(st.Traits) != len(Traits) {
			return impossible("seat %d: %d traits", st.ID, len(st.Traits))
		}
		for t, ts := range st.Traits {
			if err := checkTrait(t, ts); err != nil {
				return fmt.Errorf("seat %d: %w", st.ID, err)
			}
		}
		if err := checkDisplayText("name", st.Name, MaxNameLength); err != nil {
			return fmt.Errorf("seat %d: %w", st.ID, err)
		}
		if st.Lang != "en" && st.Lang != "zh" { // decideJoin keeps only these
			return impossible("seat %d: language %q", st.ID, st.Lang)
		}
	}
	isSeat := func(id int) bool { return seat[id] }
	isSeatOr0 := func(id int) bool { return id == 0 || seat[id] }
	if !isSeatOr0(s.FirstSeat) || !(isSeatOr0(s.Turn) || s.Turn == MonstersTurn) {
		return impossible("first seat %d, turn %d", s.FirstSeat, s.Turn)
	}
	if s.Started && !isSeat(s.FirstSeat) {
		return impossible("started without a first seat")
	}
	for _, o := range s.Omens {
		if !catalog.IsOmen(o.Omen) || !isSeatOr0(o.Seat) || (o.Room != "" && catalog.Box().Room(o.Room) == nil) {
			return impossible("omen %q drawn by %d in %q", o.Omen, o.Seat, o.Room)
		}
	}
	for _, i := range s.OwedHauntRolls {
		if i < 0 || i >= len(s.Omens) {
			return impossible("a haunt roll owed for omen %d of %d", i, len(s.Omens))
		}
	}
	if err := s.checkHaunt(isSeat); err != nil {
		return err
	}
	if err := s.checkCards(isSeat); err != nil {
		return err
	}
	for id, p := range s.Pending {
		for d := p; ; d = d.Then {
			if !isSeat(id) || d == nil || d.Amount < 0 || d.Amount > 4*MaxDamage {
				return impossible("damage pending for seat %d", id)
			}
			if d.Then == nil {
				break
			}
		}
	}
	for id := range s.MeantToBe {
		if !isSeat(id) {
			return impossible("a stored roll of seat %d", id)
		}
	}
	for i := range s.Rolls {
		if err := checkRoll(&s.Rolls[i]); err != nil {
			return err
		}
		if !isSeatOr0(s.Rolls[i].Seat) { // 0: the monsters' or a card's own roll
			return impossible("a roll by seat %d", s.Rolls[i].Seat)
		}
	}
	for _, r := range s.Rooms {
		if catalog.Box().Room(r.Room) == nil || (r.Floor != FloorUpper && r.Floor != FloorGround && r.Floor != FloorBasement) || !isSeatOr0(r.By) {
			return impossible("room %q on floor %q by %d", r.Room, r.Floor, r.By)
		}
	}
	if d := s.Discovery; d != nil && (!isSeat(d.Seat) || catalog.Box().Room(d.Room) == nil) {
		return impossible("a discovery of %q by %d", d.Room, d.Seat)
	}
	monsters := map[string]bool{}
	for _, m := range s.Monsters {
		if m.ID == "" || monsters[m.ID] {
			return impossible("monster id %q", m.ID)
		}
		monsters[m.ID] = true
		for t, v := range m.Traits {
			if !validTrait(t) || v < 0 || v > maxMonsterTrait {
				return impossible("monster %q: %s %d", m.ID, t, v)
			}
		}
		if err := checkDisplayText("monster kind", m.Kind, MaxNameLength); err != nil {
			return err
		}
		if err := checkDisplayText("monster name", m.Name, 2*MaxNameLength); err != nil {
			return err
		}
	}
	if t := s.Track; t != nil {
		if t.Value < 0 || t.Value > maxTrack {
			return impossible("track at %d", t.Value)
		}
		if err := checkDisplayText("track label", t.Label, MaxLabelLength); err != nil {
			return err
		}
	}
	for id, side := range s.Sides {
		if !isSeat(id) || (side != SideHeroes && side != SideTraitor) {
			return impossible("seat %d on side %q", id, side)
		}
	}
	if s.Ended != nil && s.Ended.Side != SideHeroes && s.Ended.Side != SideTraitor {
		return impossible("won by %q", s.Ended.Side)
	}
	if at := s.Attack; at != nil {
		if !validTrait(at.Trait) || (at.Weapon != "" && catalog.Box().Card(at.Weapon) == nil) {
			return impossible("an attack with %q and %q", at.Trait, at.Weapon)
		}
		for _, t := range []Target{at.Attacker, at.Defender} {
			if t.Seat != 0 && !isSeat(t.Seat) || t.Card != "" && catalog.Box().Card(t.Card) == nil ||
				t.Monster != "" && !monsters[t.Monster] {
				return impossible("an attack by or on %+v", t)
			}
		}
	}
	return nil
}

// checkHaunt checks the haunt: on the chart, its people seated, the
// hidden-traitor tokens dealt once each.
func (s *State) checkHaunt(isSeat func(int) bool) error {
	h := s.Haunt
	if h == nil {
		return nil
	}
	if catalog.HauntByNumber(h.Number) == nil {
		return impossible("haunt %d is not on the chart", h.Number)
	}
	if h.Omen != "" && !catalog.IsOmen(h.Omen) || h.Room != "" && catalog.Box().Room(h.Room) == nil {
		return impossible("haunt revealed by %q in %q", h.Omen, h.Room)
	}
	if h.Revealer != 0 && !isSeat(h.Revealer) || h.Traitor != 0 && !isSeat(h.Traitor) {
		return impossible("haunt revealer %d, traitor %d", h.Revealer, h.Traitor)
	}
	dealt := map[int]bool{}
	for id, token := range h.Tokens {
		if !isSeat(id) || token < 1 || token > len(s.Seats) || dealt[token] {
			return impossible("token %d dealt to seat %d", token, id)
		}
		dealt[token] = true
	}
	if len(h.Tokens) > 0 && !dealt[1] {
		return impossible("hidden-traitor tokens without the traitor's")
	}
	for id, token := range h.Shown {
		if !isSeat(id) || h.Tokens[id] != token {
			return impossible("seat %d shows token %d", id, token)
		}
	}
	return nil
}

// checkCards checks where the cards are: known cards, held by seats or on
// known piles, and none in two places at once.
func (s *State) checkCards(isSeat func(int) bool) error {
	where := map[string]string{}
	put := func(card, place string) error {
		if catalog.Box().Card(card) == nil {
			return impossible("card %q in %s", card, place)
		}
		if other, ok := where[card]; ok {
			return impossible("card %q both in %s and in %s", card, other, place)
		}
		where[card] = place
		return nil
	}
	for id, hand := range s.Hands {
		if len(hand) > 0 && !isSeat(id) {
			return impossible("a hand of seat %d", id)
		}
		for _, c := range hand {
			if err := put(c.Card, fmt.Sprintf("seat %d's hand", id)); err != nil {
				return err
			}
		}
	}
	for pile, cards := range s.Piles {
		if seatID, ok := remainsOf(pile); ok {
			if !isSeat(seatID) {
				return impossible("pile %q", pile)
			}
		} else if catalog.Box().Room(pile) == nil {
			return impossible("pile %q", pile)
		}
		for _, c := range cards {
			if err := put(c, "pile "+pile); err != nil {
				return err
			}
		}
	}
	for _, o := range s.Offers {
		if !isSeat(o.From) || !isSeat(o.To) || catalog.Box().Card(o.Card) == nil {
			return impossible("card %q offered by %d to %d", o.Card, o.From, o.To)
		}
	}
	for card, id := range s.DrewBy {
		if catalog.Box().Card(card) == nil || !isSeat(id) {
			return impossible("card %q drawn by %d", card, id)
		}
	}
	return nil
}

// remainsOf reads RemainsPile back: the seat id of a pile where one died.
func remainsOf(pile string) (int, bool) {
	var id int
	if rest, ok := strings.CutPrefix(pile, "remains-"); ok {
		if _, err := fmt.Sscanf(rest, "%d", &id); err == nil && RemainsPile(id) == pile {
			return id, true
		}
	}
	return 0, false
}

// checkTrait checks one trait's clip: a known trait, on its track.
func checkTrait(trait string, t TraitState) error {
	if !validTrait(trait) {
		return impossible("trait %q", trait)
	}
	if t.Position < 0 || t.Position > TopPosition || t.Overflow < 0 || t.Overflow > MaxOverflow {
		return impossible("%s at position %d (+%d), off its track 0..%d", trait, t.Position, t.Overflow, TopPosition)
	}
	return nil
}

// checkRoll checks a roll's dice: as many as may be rolled, each face one
// of the dice's, the trait (if any) known.
func checkRoll(r *RollRecord) error {
	if r.Dice < 0 || r.Dice > 2*MaxDice || len(r.Faces) > 2*MaxDice || r.Trait != "" && !validTrait(r.Trait) {
		return impossible("a roll of %d dice (%d faces) on %q", r.Dice, len(r.Faces), r.Trait)
	}
	if slices.ContainsFunc(r.Faces, func(f int) bool { return f < 0 || f > 2 }) {
		return impossible("a die showing %v", r.Faces)
	}
	return nil
}

// checkDisplayText checks a text every phone shows: it must read as it
// was accepted (names.go's rules), so a stored one cannot smuggle in a
// control or a text-direction character.
func checkDisplayText(what, text string, most int) error {
	if text == "" {
		return nil
	}
	if err := displayTextError(text, most); err != nil {
		return impossible("%s %q: %v", what, text, err)
	}
	return nil
}
