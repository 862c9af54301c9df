package game_test

import (
	"encoding/json"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// ---- helpers shared by the cards, effects, attack and monster tests ----

// give has the host record that a seat drew each card: items and events
// with draw_card, omens with draw_omen (in the Kitchen, an omen room).
// What drawing gives (on_gain) applies.
func give(t testing.TB, s *game.State, seatID int, cards ...string) {
	t.Helper()
	for _, id := range cards {
		c := catalog.Box().Card(id)
		if c == nil {
			t.Fatalf("give: unknown card %q", id)
		}
		if c.Deck == "omen" {
			drawOmen(t, s, seatID, id, "kitchen")
			continue
		}
		do(t, s, hostActor, game.DrawCard{Seat: s.SeatNumber(seatID), Card: id})
	}
}

// hand lists the cards a seat holds, in order.
func hand(s *game.State, seatID int) []string {
	var out []string
	for _, h := range s.Hands[seatID] {
		out = append(out, h.Card)
	}
	return out
}

// richView is everything a state shows, cards and the haunt's second half
// included, as JSON so maps compare by value.
func richView(t testing.TB, s *game.State) string {
	t.Helper()
	v := struct {
		Full         fullView
		Hands        map[int][]game.HeldCard
		Piles        map[string][]string
		Gone         map[string]bool
		Offers       []game.Offer
		SetBonus     map[int]bool
		SetBonusUsed map[int]bool
		Pending      map[int]*game.PendingDamage
		RoomGains    map[int]map[string]bool
		Attack       *game.AttackState
		Attacked     map[string]bool
		Monsters     []game.Monster
		MonsterTurns int
		Track        *game.Track
		Sides        map[int]string
		Ended        *game.Ending
	}{fullSnapshot(s), s.Hands, s.Piles, s.Gone, s.Offers, s.SetBonus, s.SetBonusUsed, s.Pending, s.RoomGains,
		s.Attack, s.AttackedThisTurn, s.Monsters, s.MonsterTurns, s.Track, s.Sides, s.Ended}
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("richView: %v", err)
	}
	return string(raw)
}

// refuseAll is mustRefuse that also checks the cards, pending damage,
// attack, monsters, track, sides and ending stayed as they were.
func refuseAll(t testing.TB, s *game.State, actor game.Actor, a game.Action, key string, kind game.ErrorKind) {
	t.Helper()
	before := richView(t, s)
	mustRefuse(t, s, actor, a, key, kind)
	if after := richView(t, s); after != before {
		t.Errorf("refused %s changed the state:\nbefore %s\nafter  %s", a.ActionType(), before, after)
	}
}

// replaysTheSame checks the log rebuilds the same state, straight and
// through JSON.
func replaysTheSame(t testing.TB, s *game.State) {
	t.Helper()
	want := richView(t, s)
	replayed, err := game.Replay(s.Code, s.Events)
	if err != nil {
		t.Fatal(err)
	}
	if got := richView(t, replayed); got != want {
		t.Errorf("replay differs:\ngot  %s\nwant %s", got, want)
	}
	raw, err := json.Marshal(s.Events)
	if err != nil {
		t.Fatal(err)
	}
	var decoded []game.Event
	if err := json.Unmarshal(raw, &decoded); err != nil {
		t.Fatal(err)
	}
	fromJSON, err := game.Replay(s.Code, decoded)
	if err != nil {
		t.Fatal(err)
	}
	if got := richView(t, fromJSON); got != want {
		t.Errorf("replay through JSON differs:\ngot  %s\nwant %s", got, want)
	}
}

// pos is a clip position with no overflow.
func pos(p int) game.TraitState { return game.TraitState{Position: p} }

// positions reads a seat's four clip states.
func positions(s *game.State, seatID int) map[string]game.TraitState {
	out := map[string]game.TraitState{}
	for k, v := range s.SeatByID(seatID).Traits {
		out[k] = v
	}
	return out
}

// traitorBoard is four seats in the haunt with a known traitor: The Mummy
// Walks (haunt 1) revealed by seat 1, who is the traitor; seat 2 plays
// first. The revealer holds the Girl (the chart omen), its gains taken
// back. Values:
//
//	seat 1 ox-bellows (traitor)  speed 4 might 5 sanity 3 knowledge 3
//	seat 2 missy-dubourde        speed 5 might 3 sanity 3 knowledge 4
//	seat 3 peter-akimoto         speed 4 might 3 sanity 4 knowledge 4
//	seat 4 professor-longfellow  speed 4 might 3 sanity 3 knowledge 5
func traitorBoard(t testing.TB) *game.State {
	t.Helper()
	s := started(t, fourExplorers...)
	revealHaunt(t, s, 1, 1)
	if s.Haunt.Traitor != 1 || s.Turn != 2 || s.Phase != game.PhaseHaunt {
		t.Fatalf("traitorBoard: traitor %d turn %d phase %s", s.Haunt.Traitor, s.Turn, s.Phase)
	}
	want := map[int]map[string]int{
		1: {game.Speed: 4, game.Might: 5, game.Sanity: 3, game.Knowledge: 3},
		2: {game.Speed: 5, game.Might: 3, game.Sanity: 3, game.Knowledge: 4},
		3: {game.Speed: 4, game.Might: 3, game.Sanity: 4, game.Knowledge: 4},
		4: {game.Speed: 4, game.Might: 3, game.Sanity: 3, game.Knowledge: 5},
	}
	for id, traits := range want {
		for tr, v := range traits {
			if got := s.SeatByID(id).Value(tr); got != v {
				t.Fatalf("traitorBoard: seat %d %s = %d, want %d", id, tr, got, v)
			}
		}
	}
	return s
}

// turnTo ends turns (as the host) until it is seatID's turn.
func turnTo(t testing.TB, s *game.State, seatID int) {
	t.Helper()
	for range 2 * (len(s.Seats) + 1) {
		if s.Turn == seatID {
			return
		}
		do(t, s, hostActor, game.EndTurn{})
	}
	t.Fatalf("turnTo: seat %d never got the turn", seatID)
}
