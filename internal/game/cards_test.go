package game_test

import (
	"maps"
	"slices"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// Starting clip positions of the seats in these tests (fourExplorers):
//
//	seat 1 ox-bellows            speed 5 might 3 sanity 3 knowledge 3
//	seat 2 missy-dubourde        speed 3 might 4 sanity 3 knowledge 4
//	seat 3 peter-akimoto         speed 4 might 3 sanity 4 knowledge 3
//	seat 4 professor-longfellow  speed 4 might 3 sanity 3 knowledge 5

// moved is how far each clip moved between two readings (overflow counts
// as steps).
func moved(before, after map[string]game.TraitState) map[string]int {
	out := map[string]int{}
	for _, tr := range game.Traits {
		if d := after[tr].Position + after[tr].Overflow - before[tr].Position - before[tr].Overflow; d != 0 {
			out[tr] = d
		}
	}
	return out
}

func all(n int) map[string]int {
	return map[string]int{game.Speed: n, game.Might: n, game.Sanity: n, game.Knowledge: n}
}

// checkGroup fails unless the events of one decision share a group (the
// first event's seq) when there are several of them.
func checkGroup(t testing.TB, rule string, evs []game.Event) {
	t.Helper()
	if len(evs) < 2 {
		if len(evs) == 1 && evs[0].Group != 0 {
			t.Errorf("%s: a single event has group %d", rule, evs[0].Group)
		}
		return
	}
	for _, e := range evs {
		if e.Group != evs[0].Seq {
			t.Errorf("%s: %s %d in group %d, want %d", rule, e.Type(), e.Seq, e.Group, evs[0].Seq)
		}
	}
}

// ---- draw_card / draw_omen ----

func TestDrawCard(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State)
		actor game.Actor
		act   game.DrawCard
		// want
		seat  int            // who drew
		kept  bool           // the card went to the hand
		delta map[string]int // clip steps
		err   string
		kind  game.ErrorKind
	}{
		{name: "an item goes to the hand", rule: "seed 000 物件 l.181: 物品牌Item card皆由玩家保有; seed 003 l.141: 物品牌…面向上的方式保留此牌",
			actor: seatActor(1), act: game.DrawCard{Card: "candle"}, seat: 1, kept: true},
		{name: "Bell: +1 Sanity on gain", rule: "seed 000 l.631-633: 手铃Bell 人物的神志Sanity上升1个级别",
			actor: seatActor(1), act: game.DrawCard{Card: "bell"}, seat: 1, kept: true, delta: map[string]int{game.Sanity: 1}},
		{name: "Amulet of the Ages: +1 in every trait", rule: "seed 000 l.589-597: 护符 人物的力量、速度、知识及神志全获上升1个级别",
			actor: seatActor(1), act: game.DrawCard{Card: "amulet-of-the-ages"}, seat: 1, kept: true, delta: all(1)},
		{name: "the host records it for a seat", rule: "app: the host keeps the table for anyone",
			actor: hostActor, act: game.DrawCard{Seat: 3, Card: "axe"}, seat: 3, kept: true},
		{name: "an item drawn out of turn", rule: "seed 000 玩家行动 l.150-181: a card is drawn on discovering a room, on the drawer's own turn",
			actor: seatActor(4), act: game.DrawCard{Card: "armor"}, err: "err_not_your_turn", kind: game.Forbidden},
		{name: "Debris stays with the player", rule: "seed 000 l.1283-1297: 若人物遭瓦砾掩埋，则玩家保有这张咭牌",
			actor: seatActor(1), act: game.DrawCard{Card: "debris"}, seat: 1, kept: true},
		{name: "Lights Out stays with the player", rule: "seed 000 l.1457-1463: 灯灭 — keep it until you may discard it",
			actor: seatActor(1), act: game.DrawCard{Card: "lights-out"}, seat: 1, kept: true},
		{name: "Grave Dirt stays with the player", rule: "seed 000 l.1357-1369: 墓土 — keep it until you may discard it",
			actor: seatActor(1), act: game.DrawCard{Card: "grave-dirt"}, seat: 1, kept: true},
		{name: "Webs stay with the player", rule: "data/events.json webs: keep this card until freed (seed 002 l.73 FAQ on Webs)",
			actor: seatActor(1), act: game.DrawCard{Card: "webs"}, seat: 1, kept: true},
		{name: "an event is resolved and discarded", rule: "seed 003 l.139: 事件牌：依照牌上指示處理完後將牌棄掉，除非牌上另外有說明",
			actor: seatActor(1), act: game.DrawCard{Card: "angry-being"}, seat: 1},
		{name: "an event with no roll is discarded", rule: "seed 003 l.139",
			actor: seatActor(1), act: game.DrawCard{Card: "whoops"}, seat: 1},
		{name: "an event whose token stays in the room is not kept", rule: "seed 003 l.139; data/events.json a-moment-of-hope: Stays in the room (Blessing token)",
			actor: seatActor(1), act: game.DrawCard{Card: "a-moment-of-hope"}, seat: 1},
		{name: "Smoke stays in the room", rule: "data/events.json smoke: Stays in the room (Smoke token)",
			actor: seatActor(1), act: game.DrawCard{Card: "smoke"}, seat: 1},
		{name: "Closet Door stays in the room", rule: "data/events.json closet-door: Stays in the room (Closet token)",
			actor: seatActor(1), act: game.DrawCard{Card: "closet-door"}, seat: 1},
		{name: "an item held past the top is remembered", rule: "seed 003 l.197: 超過他人物卡上的最大值的話，使用紙筆記綠超出的部份",
			setup: func(t testing.TB, s *game.State) { force(t, s, 1, map[string]game.TraitState{game.Sanity: pos(8)}) },
			actor: seatActor(1), act: game.DrawCard{Card: "bell"}, seat: 1, kept: true, delta: map[string]int{game.Sanity: 1}},

		{name: "an omen needs its room", rule: "seed 000 作祟 l.265-267: the haunt comes from the omen and its room (draw_omen)",
			actor: seatActor(1), act: game.DrawCard{Card: "book"}, err: "err_omen_needs_room", kind: game.Invalid},
		{name: "Bite too", rule: "seed 000 l.447-453: Bite is an omen card",
			actor: seatActor(1), act: game.DrawCard{Card: "bite"}, err: "err_omen_needs_room", kind: game.Invalid},
		{name: "unknown card", rule: "app: cards are named by their ids",
			actor: seatActor(1), act: game.DrawCard{Card: "horseshoe"}, err: "err_unknown_card", kind: game.Invalid},
		{name: "no card", rule: "app",
			actor: seatActor(1), act: game.DrawCard{}, err: "err_unknown_card", kind: game.Invalid},
		{name: "a card is drawn once", rule: "seed 000 l.27-29: one card of each (物品牌Item card 22张); data copies: 1",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "candle") },
			actor: seatActor(1), act: game.DrawCard{Card: "candle"}, err: "err_card_not_in_deck", kind: game.Conflict},
		{name: "a discarded event is out of the deck too", rule: "seed 003 l.139: 將牌棄掉",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, "angry-being") },
			actor: seatActor(1), act: game.DrawCard{Card: "angry-being"}, err: "err_card_not_in_deck", kind: game.Conflict},
		{name: "for another seat", rule: "seed 000 l.181: the drawing player keeps it",
			actor: seatActor(1), act: game.DrawCard{Seat: 2, Card: "candle"}, err: "err_other_seat", kind: game.Forbidden},
		{name: "host names no seat", rule: "app: the host has no explorer",
			actor: hostActor, act: game.DrawCard{Card: "candle"}, err: "err_unknown_seat", kind: game.NotFound},
		{name: "the dead draw nothing", rule: "seed 000 袭击 l.225: 该人物即已死亡，玩家立即出局",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
				kill(t, s, 2)
			},
			actor: hostActor, act: game.DrawCard{Seat: 2, Card: "candle"}, err: "err_dead", kind: game.Conflict},
		{name: "stale", rule: "app: refuse an action built on an older board",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), game.StepTrait{Trait: game.Might, Delta: 1})
			},
			actor: seatActor(1), act: game.DrawCard{Basis: game.Basis{Version: intp(1)}, Card: "candle"}, err: "err_stale", kind: game.Conflict},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, fourExplorers...)
			if c.setup != nil {
				c.setup(t, s)
			}
			a := c.act
			if c.err != "" {
				refuseAll(t, s, c.actor, a, c.err, c.kind)
				return
			}
			card := catalog.Box().Card(a.Card)
			deck := s.DeckCount(card.Deck)
			before := positions(s, c.seat)
			handBefore := hand(s, c.seat)
			evs := do(t, s, c.actor, a)
			if evs[0].Type() != game.EvCardDrawn || evs[0].Data.(game.CardDrawn).Seat != c.seat || evs[0].Data.(game.CardDrawn).Card != a.Card || evs[0].Data.(game.CardDrawn).Keep != c.kept {
				t.Fatalf("%s: events %+v", c.rule, evs)
			}
			checkGroup(t, c.rule, evs)
			for _, e := range evs[1:] {
				if e.Type() != game.EvTraitsChanged || e.Data.(game.TraitsChanged).Seat != c.seat || e.Data.(game.TraitsChanged).Cause != "card:"+a.Card {
					t.Errorf("%s: unexpected event %+v", c.rule, e)
				}
			}
			if got := moved(before, positions(s, c.seat)); !maps.Equal(got, c.delta) && !(len(got) == 0 && len(c.delta) == 0) {
				t.Errorf("%s: clips moved %v, want %v", c.rule, got, c.delta)
			}
			wantHand := handBefore
			if c.kept {
				wantHand = append(slices.Clone(handBefore), a.Card)
			}
			if got := hand(s, c.seat); !slices.Equal(got, wantHand) {
				t.Errorf("%s: hand %v, want %v", c.rule, got, wantHand)
			}
			if s.InDeck(a.Card) || s.DeckCount(card.Deck) != deck-1 {
				t.Errorf("%s: still in the deck (%v), %s deck %d → %d", c.rule, s.InDeck(a.Card), card.Deck, deck, s.DeckCount(card.Deck))
			}
			// Undo puts it back.
			do(t, s, c.actor, game.Undo{})
			if !s.InDeck(a.Card) || s.DeckCount(card.Deck) != deck || !slices.Equal(hand(s, c.seat), handBefore) || !maps.Equal(positions(s, c.seat), before) {
				t.Errorf("app: undo of the draw left hand %v, deck %v, traits %v", hand(s, c.seat), s.InDeck(a.Card), positions(s, c.seat))
			}
		})
	}
	t.Run("not started", func(t *testing.T) {
		s := lobby(t, "ox-bellows")
		refuseAll(t, s, seatActor(1), game.DrawCard{Card: "candle"}, "err_not_started", game.Conflict)
	})
}

func TestDeckCount(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.25-29: 预兆牌13张, 物品牌22张, 事件牌45张 (this box: data/*.json)"
	box := catalog.Box()
	full := map[string]int{}
	for _, c := range box.Cards {
		full[c.Deck]++
	}
	s := started(t, fourExplorers...)
	for deck, n := range full {
		if got := s.DeckCount(deck); got != n {
			t.Errorf("%s: fresh %s deck %d, want %d", rule, deck, got, n)
		}
	}
	if full["omen"] != 13 {
		t.Errorf("%s: %d omen cards", rule, full["omen"])
	}
	give(t, s, 1, "candle", "axe", "webs", "angry-being")
	drawOmen(t, s, 2, "book", "kitchen")
	want := map[string]int{"item": full["item"] - 2, "event": full["event"] - 2, "omen": full["omen"] - 1}
	for deck, n := range want {
		if got := s.DeckCount(deck); got != n {
			t.Errorf("%s: %s deck %d after draws, want %d", rule, deck, got, n)
		}
	}
	if s.DeckCount("nonsense") != 0 {
		t.Errorf("an unknown deck has cards")
	}
}

// Omens go to the hand with what they give, except Bite (seed 000 l.181-183).
func TestDrawOmenGoesToTheHand(t *testing.T) {
	t.Parallel()
	cases := []struct {
		omen  string
		rule  string
		kept  bool
		delta map[string]int
	}{
		{"book", "seed 000 l.457-461: 书本 人物的知识Knowledge上升2个级别", true, map[string]int{game.Knowledge: 2}},
		{"dog", "seed 000 l.479-483: 脏狗 人物的力量Might及神志Sanity上升1个级别", true, map[string]int{game.Might: 1, game.Sanity: 1}},
		{"girl", "seed 000 l.493-499: 女孩 人物的神志Sanity及知识Knowledge上升1个级别", true, map[string]int{game.Sanity: 1, game.Knowledge: 1}},
		{"madman", "seed 000 l.509-513: 疯汉 力量Might上升2个级别。神志Sanity下降1个级别", true, map[string]int{game.Might: 2, game.Sanity: -1}},
		{"holy-symbol", "seed 000 l.503-507: 圣符 神志Sanity上升2个级别", true, map[string]int{game.Sanity: 2}},
		{"ring", "seed 000 l.539-545: 指环 (no gain)", true, nil},
		{"spear", "seed 000 l.555-563: 长矛 (no gain)", true, nil},
		{"bite", "seed 000 l.447-453: 这咭牌并非物件，保留这牌只作计算已翻开的预兆牌数目", false, nil},
	}
	for _, c := range cases {
		t.Run(c.omen, func(t *testing.T) {
			s := started(t, fourExplorers...)
			before := positions(s, 1)
			room := "kitchen"
			evs := drawOmen(t, s, 1, c.omen, room)
			checkGroup(t, c.rule, evs)
			if got := moved(before, positions(s, 1)); !maps.Equal(got, c.delta) && !(len(got) == 0 && len(c.delta) == 0) {
				t.Errorf("%s: clips moved %v, want %v", c.rule, got, c.delta)
			}
			if s.Holds(1, c.omen) != c.kept || s.InDeck(c.omen) {
				t.Errorf("%s: held %v (want %v), in deck %v", c.rule, s.Holds(1, c.omen), c.kept, s.InDeck(c.omen))
			}
			refuseAll(t, s, seatActor(1), game.DrawCard{Card: c.omen}, "err_omen_needs_room", game.Invalid)
		})
	}
}

// ---- give / accept / decline ----

// handsBoard is fourExplorers, started, seat 1 holding the Bell, Candle,
// Amulet of the Ages, Blood Dagger and Armor and the Dog (drawn in the
// Kitchen; its haunt roll made).
func handsBoard(t testing.TB) *game.State {
	t.Helper()
	s := started(t, fourExplorers...)
	give(t, s, 1, "bell", "candle", "amulet-of-the-ages", "blood-dagger", "armor", "dog")
	do(t, s, seatActor(1), game.HauntRoll{Total: intp(12)})
	return s
}

func TestGiveCard(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State)
		actor game.Actor
		act   game.GiveCard
		// want
		from, to int
		err      string
		kind     game.ErrorKind
	}{
		{name: "give the Candle", rule: "seed 000 物件 l.187-191: 玩家仅可将1张卡片…转交给与其人物同处同一房间的其他人物; seed 003 l.151: 雙方都接受的情況下",
			actor: seatActor(1), act: game.GiveCard{Card: "candle", To: 2}, from: 1, to: 2},
		{name: "the host hands it over for a seat", rule: "app: the host keeps the table for anyone",
			actor: hostActor, act: game.GiveCard{Seat: 1, Card: "bell", To: 4}, from: 1, to: 4},
		{name: "Armor can be traded (the card wins)", rule: "seed 002 l.73 FAQ: Armor卡说道“此物品不能被偷窃”…卡牌正确",
			actor: seatActor(1), act: game.GiveCard{Card: "armor", To: 3}, from: 1, to: 3},
		{name: "out of turn", rule: "seed 003 l.151: a trade both players accept (app: either may start it)",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "axe") },
			actor: seatActor(2), act: game.GiveCard{Card: "axe", To: 1}, from: 2, to: 1},
		{name: "between two explorers, neither on turn", rule: "seed 003 l.149-151: 當在玩家的回合時…在同個房間跟其他玩家交易一樣物品 (a trade is the turn's explorer's, with another)",
			setup: func(t testing.TB, s *game.State) { give(t, s, 2, "axe") },
			actor: seatActor(2), act: game.GiveCard{Card: "axe", To: 3}, err: "err_trade_turn", kind: game.Conflict},

		{name: "the Dog can't be given", rule: "seed 000 l.187: (脏狗Dog、女孩Girl、疯汉Madman除外)",
			actor: seatActor(1), act: game.GiveCard{Card: "dog", To: 2}, err: "err_not_tradeable", kind: game.Conflict},
		{name: "nor the Girl", rule: "seed 000 l.187",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, "girl") },
			actor: seatActor(1), act: game.GiveCard{Card: "girl", To: 2}, err: "err_not_tradeable", kind: game.Conflict},
		{name: "nor the Madman", rule: "seed 000 l.187",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, "madman") },
			actor: seatActor(1), act: game.GiveCard{Card: "madman", To: 2}, err: "err_not_tradeable", kind: game.Conflict},
		{name: "the Blood Dagger can't be given", rule: "seed 000 l.655-657: 血剑 这物品不可转交或丢弃",
			actor: seatActor(1), act: game.GiveCard{Card: "blood-dagger", To: 2}, err: "err_not_tradeable", kind: game.Conflict},
		{name: "a kept event is no object to give", rule: "seed 003 l.157: 有些卡片不是物品牌不可被交易",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, "webs") },
			actor: seatActor(1), act: game.GiveCard{Card: "webs", To: 2}, err: "err_not_tradeable", kind: game.Conflict},
		{name: "not held", rule: "seed 000 l.187: one of your cards",
			actor: seatActor(1), act: game.GiveCard{Card: "axe", To: 2}, err: "err_not_holding", kind: game.Conflict},
		{name: "another seat's card", rule: "seed 000 l.187",
			actor: seatActor(2), act: game.GiveCard{Seat: 1, Card: "candle", To: 2}, err: "err_other_seat", kind: game.Forbidden},
		{name: "to yourself", rule: "seed 000 l.187: 其他人物",
			actor: seatActor(1), act: game.GiveCard{Card: "candle", To: 1}, err: "err_unknown_seat", kind: game.NotFound},
		{name: "to nobody", rule: "app",
			actor: seatActor(1), act: game.GiveCard{Card: "candle"}, err: "err_unknown_seat", kind: game.NotFound},
		{name: "to a seat that isn't there", rule: "app",
			actor: seatActor(1), act: game.GiveCard{Card: "candle", To: 5}, err: "err_unknown_seat", kind: game.NotFound},
		{name: "to the dead", rule: "seed 000 袭击 l.225: 玩家立即出局",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
				kill(t, s, 2)
			},
			actor: seatActor(1), act: game.GiveCard{Card: "candle", To: 2}, err: "err_dead", kind: game.Conflict},
		{name: "offered twice", rule: "app: one open offer per card",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), game.GiveCard{Card: "candle", To: 3})
			},
			actor: seatActor(1), act: game.GiveCard{Card: "candle", To: 2}, err: "err_already_offered", kind: game.Conflict},
		{name: "used this turn", rule: "seed 000 l.197: 在同一回合中，玩家行使某物件的效用后，即不可主动转交或丢弃该物件; seed 003 l.159-167",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), game.UseCard{Card: "amulet-of-the-ages"})
			},
			actor: seatActor(1), act: game.GiveCard{Card: "amulet-of-the-ages", To: 2}, err: "err_used_this_turn", kind: game.Conflict},
		{name: "a stranger", rule: "seed 000 l.77: only players",
			actor: seatActor(9), act: game.GiveCard{Card: "candle", To: 2}, err: "err_not_seated", kind: game.Forbidden},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := handsBoard(t)
			if c.setup != nil {
				c.setup(t, s)
			}
			a := c.act
			if c.err != "" {
				refuseAll(t, s, c.actor, a, c.err, c.kind)
				return
			}
			traits := positions(s, c.from)
			evs := do(t, s, c.actor, a)
			if len(evs) != 1 || evs[0].Type() != game.EvCardOffered || evs[0].Data.(game.CardOffered).Seat != c.from || evs[0].Data.(game.CardOffered).To != c.to || evs[0].Data.(game.CardOffered).Card != a.Card {
				t.Fatalf("%s: events %+v", c.rule, evs)
			}
			// Offered, not moved: the card stays until the other accepts.
			if !s.Holds(c.from, a.Card) || s.Holds(c.to, a.Card) || !maps.Equal(positions(s, c.from), traits) {
				t.Errorf("%s: the offer moved the card or the clips", c.rule)
			}
			if len(s.Offers) != 1 || s.Offers[0] != (game.Offer{Seq: evs[0].Seq, From: c.from, To: c.to, Card: a.Card}) {
				t.Errorf("%s: offers %+v", c.rule, s.Offers)
			}
		})
	}
	t.Run("not started", func(t *testing.T) {
		s := lobby(t, "ox-bellows", "missy-dubourde")
		refuseAll(t, s, seatActor(1), game.GiveCard{Card: "candle", To: 2}, "err_not_started", game.Conflict)
	})
}

func TestAnswerOffer(t *testing.T) {
	t.Parallel()
	// offer has seat 1 offer a card to seat 2 and returns the offer's seq.
	offer := func(t *testing.T, s *game.State, card string) int {
		evs := do(t, s, seatActor(1), game.GiveCard{Card: card, To: 2})
		return evs[0].Seq
	}
	t.Run("accept: the Bell moves with its Sanity", func(t *testing.T) {
		const rule = "seed 000 l.631-633: 手铃 人物的神志上升1个级别。若人物失去这铜铃，其神志下降1个级别; seed 003 l.151"
		s := handsBoard(t)
		seq := offer(t, s, "bell")
		giver, taker := positions(s, 1), positions(s, 2)
		evs := do(t, s, seatActor(2), game.AcceptCard{Offer: seq})
		checkGroup(t, rule, evs)
		if len(evs) != 4 || evs[0].Type() != game.EvOfferClosed || evs[0].Data.(game.OfferClosed).Target != seq ||
			evs[1].Type() != game.EvCardMoved || evs[1].Data.(game.CardMoved).Seat != 1 || evs[1].Data.(game.CardMoved).To != 2 || evs[1].Data.(game.CardMoved).Card != "bell" || evs[1].Data.(game.CardMoved).How != "give" ||
			evs[2].Type() != game.EvTraitsChanged || evs[2].Data.(game.TraitsChanged).Seat != 1 || evs[3].Type() != game.EvTraitsChanged || evs[3].Data.(game.TraitsChanged).Seat != 2 {
			t.Fatalf("%s: events %+v", rule, evs)
		}
		if got := moved(giver, positions(s, 1)); !maps.Equal(got, map[string]int{game.Sanity: -1}) {
			t.Errorf("%s: giver moved %v", rule, got)
		}
		if got := moved(taker, positions(s, 2)); !maps.Equal(got, map[string]int{game.Sanity: 1}) {
			t.Errorf("%s: receiver moved %v", rule, got)
		}
		if s.Holds(1, "bell") || !s.Holds(2, "bell") || len(s.Offers) != 0 {
			t.Errorf("%s: hands %v / %v, offers %v", rule, hand(s, 1), hand(s, 2), s.Offers)
		}
		replaysTheSame(t, s)

		// Undo takes back the move and both trait changes together.
		undo := do(t, s, seatActor(2), game.Undo{})
		for _, e := range evs {
			if !s.IsUndone(e.Seq) {
				t.Errorf("app: undo %+v left %s %d", undo, e.Type(), e.Seq)
			}
		}
		if !s.Holds(1, "bell") || s.Holds(2, "bell") || !maps.Equal(positions(s, 1), giver) || !maps.Equal(positions(s, 2), taker) {
			t.Errorf("app: after undo hands %v / %v, traits %v / %v", hand(s, 1), hand(s, 2), positions(s, 1), positions(s, 2))
		}
		// The offer is open again; the giver can undo it in turn.
		if len(s.Offers) != 1 || s.Offers[0].Seq != seq {
			t.Errorf("app: after undoing the accept the offer is %v", s.Offers)
		}
		refuseAll(t, s, seatActor(2), game.Undo{}, "err_undo_not_yours", game.Forbidden)
		do(t, s, seatActor(1), game.Undo{})
		if len(s.Offers) != 0 || !s.Holds(1, "bell") {
			t.Errorf("app: after undoing the offer: %v", s.Offers)
		}
		replaysTheSame(t, s)
	})
	t.Run("accept: the Amulet costs the giver 3 and gives the receiver 1", func(t *testing.T) {
		const rule = "seed 000 l.589-597: 若人物失去这护身符，其力量、速度、知识及神志全需下降3个级别"
		s := handsBoard(t)
		seq := offer(t, s, "amulet-of-the-ages")
		giver, taker := positions(s, 1), positions(s, 2)
		do(t, s, hostActor, game.AcceptCard{Offer: seq}) // the host may answer for the receiver
		want := map[string]game.TraitState{}
		for tr, v := range giver {
			want[tr] = pos(max(v.Position-3, 1))
		}
		if want[game.Knowledge] != pos(1) {
			t.Fatalf("control: knowledge %v should hit the floor", giver)
		}
		if got := positions(s, 1); !maps.Equal(got, want) {
			t.Errorf("%s: giver %v → %v, want %v (before the haunt, never below 1)", rule, giver, got, want)
		}
		if got := moved(taker, positions(s, 2)); !maps.Equal(got, all(1)) {
			t.Errorf("%s: receiver moved %v", rule, got)
		}
	})
	t.Run("who may answer", func(t *testing.T) {
		s := handsBoard(t)
		seq := offer(t, s, "candle")
		refuseAll(t, s, seatActor(1), game.AcceptCard{Offer: seq}, "err_other_seat", game.Forbidden)
		refuseAll(t, s, seatActor(3), game.AcceptCard{Offer: seq}, "err_other_seat", game.Forbidden)
		refuseAll(t, s, seatActor(3), game.DeclineCard{Offer: seq}, "err_other_seat", game.Forbidden)
		refuseAll(t, s, seatActor(2), game.AcceptCard{Offer: seq + 100}, "err_no_offer", game.NotFound)
		refuseAll(t, s, seatActor(2), game.AcceptCard{}, "err_no_offer", game.NotFound)
	})
	t.Run("decline", func(t *testing.T) {
		const rule = "seed 003 l.151: 雙方都接受的情況下 — the receiver may say no"
		s := handsBoard(t)
		seq := offer(t, s, "candle")
		evs := do(t, s, seatActor(2), game.DeclineCard{Offer: seq})
		if len(evs) != 1 || evs[0].Type() != game.EvOfferClosed || evs[0].Data.(game.OfferClosed).Target != seq {
			t.Fatalf("%s: events %+v", rule, evs)
		}
		if !s.Holds(1, "candle") || s.Holds(2, "candle") || len(s.Offers) != 0 {
			t.Errorf("%s: after decline hands %v / %v offers %v", rule, hand(s, 1), hand(s, 2), s.Offers)
		}
		refuseAll(t, s, seatActor(2), game.AcceptCard{Offer: seq}, "err_no_offer", game.NotFound)
	})
	t.Run("withdraw", func(t *testing.T) {
		const rule = "seed 003 l.151: 雙方都接受 — the giver may change their mind"
		s := handsBoard(t)
		seq := offer(t, s, "candle")
		evs := do(t, s, seatActor(1), game.DeclineCard{Offer: seq})
		if len(evs) != 1 || evs[0].Type() != game.EvOfferClosed || len(s.Offers) != 0 || !s.Holds(1, "candle") {
			t.Errorf("%s: withdraw %+v, offers %v", rule, evs, s.Offers)
		}
		// It can be offered again.
		offer(t, s, "candle")
	})
	t.Run("a card that left the hand closes its offer", func(t *testing.T) {
		const rule = "seed 000 l.187-197: only a card you hold can change hands"
		s := handsBoard(t)
		seq := offer(t, s, "candle")
		do(t, s, seatActor(1), game.DropCard{Card: "candle", Room: "kitchen"})
		if len(s.Offers) != 0 {
			t.Errorf("%s: offers %v after the card was dropped", rule, s.Offers)
		}
		refuseAll(t, s, seatActor(2), game.AcceptCard{Offer: seq}, "err_no_offer", game.NotFound)
	})
}

// ---- drop / pick up / discard ----

func TestDropCard(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB, s *game.State)
		actor game.Actor
		act   game.DropCard
		delta map[string]int
		err   string
		kind  game.ErrorKind
	}{
		{name: "drop the Candle in the Kitchen", rule: "seed 000 l.191-195: 玩家可将这些卡片…丢弃在其人物身处的某房间内…物品堆item pile",
			actor: seatActor(1), act: game.DropCard{Card: "candle", Room: "kitchen"}},
		{name: "drop the Bell: −1 Sanity", rule: "seed 000 l.631-633: 若人物失去这铜铃，其神志下降1个级别",
			actor: seatActor(1), act: game.DropCard{Card: "bell", Room: "chapel"}, delta: map[string]int{game.Sanity: -1}},
		{name: "the host drops for a seat", rule: "app",
			actor: hostActor, act: game.DropCard{Seat: 1, Card: "armor", Room: "attic"}},
		{name: "the Dog can't be dropped", rule: "seed 000 l.191: (脏狗Dog、女孩Girl、疯汉Madman除外)",
			actor: seatActor(1), act: game.DropCard{Card: "dog", Room: "kitchen"}, err: "err_not_droppable", kind: game.Conflict},
		{name: "nor the Girl", rule: "seed 000 l.191",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, "girl") },
			actor: seatActor(1), act: game.DropCard{Card: "girl", Room: "kitchen"}, err: "err_not_droppable", kind: game.Conflict},
		{name: "nor the Madman", rule: "seed 000 l.191",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, "madman") },
			actor: hostActor, act: game.DropCard{Seat: 1, Card: "madman", Room: "kitchen"}, err: "err_not_droppable", kind: game.Conflict},
		{name: "nor a kept event", rule: "seed 003 l.157: 有些卡片不是物品牌不可被交易、偷取或丟棄",
			setup: func(t testing.TB, s *game.State) { give(t, s, 1, "debris") },
			actor: seatActor(1), act: game.DropCard{Card: "debris", Room: "kitchen"}, err: "err_not_droppable", kind: game.Conflict},
		{name: "nor the Blood Dagger", rule: "seed 000 l.655-657: 这物品不可转交或丢弃",
			actor: seatActor(1), act: game.DropCard{Card: "blood-dagger", Room: "kitchen"}, err: "err_not_droppable", kind: game.Conflict},
		{name: "not held", rule: "seed 000 l.191",
			actor: seatActor(1), act: game.DropCard{Card: "axe", Room: "kitchen"}, err: "err_not_holding", kind: game.Conflict},
		{name: "unknown room", rule: "seed 000 l.191: 其人物身处的某房间",
			actor: seatActor(1), act: game.DropCard{Card: "candle", Room: "moon"}, err: "err_unknown_room", kind: game.Invalid},
		{name: "no room", rule: "seed 000 l.191",
			actor: seatActor(1), act: game.DropCard{Card: "candle"}, err: "err_unknown_room", kind: game.Invalid},
		{name: "used this turn", rule: "seed 000 l.197: 行使某物件的效用后，即不可主动转交或丢弃该物件",
			setup: func(t testing.TB, s *game.State) {
				do(t, s, seatActor(1), game.UseCard{Card: "candle"})
			},
			actor: seatActor(1), act: game.DropCard{Card: "candle", Room: "kitchen"}, err: "err_used_this_turn", kind: game.Conflict},
		{name: "another seat's card", rule: "seed 000 l.191",
			actor: seatActor(2), act: game.DropCard{Seat: 1, Card: "candle", Room: "kitchen"}, err: "err_other_seat", kind: game.Forbidden},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := handsBoard(t)
			if c.setup != nil {
				c.setup(t, s)
			}
			a := c.act
			if c.err != "" {
				refuseAll(t, s, c.actor, a, c.err, c.kind)
				return
			}
			before := positions(s, 1)
			evs := do(t, s, c.actor, a)
			checkGroup(t, c.rule, evs)
			if evs[0].Type() != game.EvCardMoved || evs[0].Data.(game.CardMoved).Seat != 1 || evs[0].Data.(game.CardMoved).Room != a.Room || evs[0].Data.(game.CardMoved).How != "drop" || evs[0].Data.(game.CardMoved).To != 0 {
				t.Fatalf("%s: events %+v", c.rule, evs)
			}
			if s.Holds(1, a.Card) || !slices.Equal(s.Piles[a.Room], []string{a.Card}) || s.InDeck(a.Card) {
				t.Errorf("%s: hand %v, pile %v", c.rule, hand(s, 1), s.Piles[a.Room])
			}
			if got := moved(before, positions(s, 1)); !maps.Equal(got, c.delta) && !(len(got) == 0 && len(c.delta) == 0) {
				t.Errorf("%s: clips moved %v, want %v", c.rule, got, c.delta)
			}
		})
	}
}

func TestPickUp(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.197-199: 在其身处的房间内，玩家可捡拾任何被丢弃的物件; seed 003 l.153"
	s := handsBoard(t)
	do(t, s, seatActor(1), game.DropCard{Card: "bell", Room: "kitchen"})
	do(t, s, seatActor(1), game.DropCard{Card: "candle", Room: "kitchen"})
	before := positions(s, 3)
	refuseAll(t, s, seatActor(3), game.PickUp{Card: "bell", Room: "kitchen"}, "err_not_your_turn", game.Forbidden)
	turnTo(t, s, 3)
	evs := do(t, s, seatActor(3), game.PickUp{Card: "bell", Room: "kitchen"})
	checkGroup(t, rule, evs)
	if evs[0].Type() != game.EvCardMoved || evs[0].Data.(game.CardMoved).To != 3 || evs[0].Data.(game.CardMoved).Room != "kitchen" || evs[0].Data.(game.CardMoved).How != "pick_up" || evs[0].Data.(game.CardMoved).Seat != 0 {
		t.Fatalf("%s: events %+v", rule, evs)
	}
	if !s.Holds(3, "bell") || !slices.Equal(s.Piles["kitchen"], []string{"candle"}) {
		t.Errorf("%s: hand %v, pile %v", rule, hand(s, 3), s.Piles["kitchen"])
	}
	if got := moved(before, positions(s, 3)); !maps.Equal(got, map[string]int{game.Sanity: 1}) {
		t.Errorf("seed 000 l.631: the Bell gives its holder +1 Sanity; moved %v", got)
	}
	refuseAll(t, s, seatActor(3), game.PickUp{Card: "bell", Room: "kitchen"}, "err_not_in_pile", game.Conflict)
	refuseAll(t, s, seatActor(3), game.PickUp{Card: "candle", Room: "attic"}, "err_not_in_pile", game.Conflict)
	refuseAll(t, s, seatActor(3), game.PickUp{Card: "axe", Room: "kitchen"}, "err_not_in_pile", game.Conflict)
	refuseAll(t, s, seatActor(3), game.PickUp{Seat: 2, Card: "candle", Room: "kitchen"}, "err_other_seat", game.Forbidden)
	// The last card taken empties the pile.
	do(t, s, hostActor, game.PickUp{Seat: 2, Card: "candle", Room: "kitchen"})
	if len(s.Piles["kitchen"]) != 0 || !s.Holds(2, "candle") {
		t.Errorf("%s: pile %v, seat 2 %v", rule, s.Piles["kitchen"], hand(s, 2))
	}
	// The dead pick nothing up.
	do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
	// A card picked up rests for the turn (seed 002 FAQ: one action per
	// item), and is said to have come this turn, not to have been used.
	refuseAll(t, s, seatActor(2), game.DropCard{Card: "candle", Room: "kitchen"}, "err_moved_this_turn", game.Conflict)
	do(t, s, hostActor, game.EndTurn{})
	do(t, s, seatActor(2), game.DropCard{Card: "candle", Room: "kitchen"})
	kill(t, s, 4)
	refuseAll(t, s, hostActor, game.PickUp{Seat: 4, Card: "candle", Room: "kitchen"}, "err_dead", game.Conflict)
	replaysTheSame(t, s)
}

func TestDiscardCard(t *testing.T) {
	t.Parallel()
	const rule = "seed 003 l.139: 事件牌…處理完後將牌棄掉; seed 000 l.587: 使用后丢弃这牌"
	s := handsBoard(t)
	give(t, s, 3, "lights-out") // seat 1 holds the Candle, which ends it
	// Lingering events go only as their card prints (webs: "stuck … until
	// freed"; grave-dirt: "Discard it when an item card raises one of your
	// traits or when you end a turn in …"); Lights Out also ends with
	// another explorer in the room, which the app can't see (by_hand).
	give(t, s, 2, "webs", "grave-dirt")
	refuseAll(t, s, seatActor(2), game.DiscardCard{Card: "webs"}, "err_event_not_cleared", game.Conflict)
	refuseAll(t, s, seatActor(2), game.DiscardCard{Card: "grave-dirt"}, "err_event_not_cleared", game.Conflict)
	before := positions(s, 1)
	evs := do(t, s, seatActor(3), game.DiscardCard{Card: "lights-out"})
	if len(evs) != 1 || evs[0].Type() != game.EvCardMoved || evs[0].Data.(game.CardMoved).How != "discard" || evs[0].Data.(game.CardMoved).Seat != 3 || evs[0].Data.(game.CardMoved).To != 0 || evs[0].Data.(game.CardMoved).Room != "" {
		t.Fatalf("%s: events %+v", rule, evs)
	}
	if s.Holds(3, "lights-out") || s.InDeck("lights-out") {
		t.Errorf("%s: lights-out held %v, back in the deck %v", rule, s.Holds(3, "lights-out"), s.InDeck("lights-out"))
	}
	for room, pile := range s.Piles {
		if slices.Contains(pile, "lights-out") {
			t.Errorf("%s: a discarded card lies in %s", rule, room)
		}
	}
	// Discarding the Bell costs its Sanity like any loss.
	do(t, s, seatActor(1), game.DiscardCard{Card: "bell"})
	if got := moved(before, positions(s, 1)); !maps.Equal(got, map[string]int{game.Sanity: -1}) {
		t.Errorf("seed 000 l.633: discarding the Bell moved %v", got)
	}
	refuseAll(t, s, seatActor(1), game.DiscardCard{Card: "bell"}, "err_not_holding", game.Conflict)
	refuseAll(t, s, seatActor(2), game.DiscardCard{Seat: 1, Card: "candle"}, "err_other_seat", game.Forbidden)
}

// ---- use_card ----

func TestUseCard(t *testing.T) {
	t.Parallel()
	t.Run("a card used this turn is kept until the turn ends", func(t *testing.T) {
		const rule = "seed 000 l.185 + l.197: 每件物件的效用仅可行使一次…行使某物件的效用后，即不可主动转交或丢弃该物件; seed 002 l.73 FAQ"
		s := handsBoard(t)
		evs := do(t, s, seatActor(1), game.UseCard{Card: "candle"})
		if len(evs) != 1 || evs[0].Type() != game.EvCardUsed || evs[0].Data.(game.CardUsed).Card != "candle" || evs[0].Data.(game.CardUsed).Seat != 1 {
			t.Fatalf("%s: events %+v", rule, evs)
		}
		held := s.Hands[1][slices.Index(hand(s, 1), "candle")]
		if !held.Used || !s.Holds(1, "candle") {
			t.Errorf("%s: %+v", rule, held)
		}
		refuseAll(t, s, seatActor(1), game.GiveCard{Card: "candle", To: 2}, "err_used_this_turn", game.Conflict)
		refuseAll(t, s, seatActor(1), game.DropCard{Card: "candle", Room: "kitchen"}, "err_used_this_turn", game.Conflict)
		do(t, s, seatActor(1), game.EndTurn{})
		do(t, s, seatActor(1), game.GiveCard{Card: "candle", To: 2})
		do(t, s, seatActor(1), game.DropCard{Card: "bell", Room: "kitchen"})
	})
	t.Run("a one-use item is discarded", func(t *testing.T) {
		const rule = "seed 000 l.733-741: 药膏…使用后丢弃这牌"
		s := handsBoard(t)
		give(t, s, 2, "healing-salve")
		refuseAll(t, s, seatActor(2), game.UseCard{Card: "healing-salve"}, "err_card_own_turn", game.Conflict)
		turnTo(t, s, 2)
		evs := do(t, s, seatActor(2), game.UseCard{Card: "healing-salve"})
		checkGroup(t, rule, evs)
		if len(evs) != 2 || evs[0].Type() != game.EvCardUsed || evs[1].Type() != game.EvCardMoved || evs[1].Data.(game.CardMoved).How != "discard" || evs[1].Data.(game.CardMoved).Card != "healing-salve" {
			t.Fatalf("%s: events %+v", rule, evs)
		}
		if s.Holds(2, "healing-salve") || s.InDeck("healing-salve") {
			t.Errorf("%s: salve still held or back in the deck", rule)
		}
		// Undo brings it back, unused.
		do(t, s, seatActor(2), game.Undo{})
		if !s.Holds(2, "healing-salve") || s.Hands[2][0].Used {
			t.Errorf("app: undo of the use left %+v", s.Hands[2])
		}
	})
	t.Run("the Mask: on, then off", func(t *testing.T) {
		const rule = "seed 000 l.517-531: 若玩家带上这面具，知识上升2个级别，神志则下降2个级别。若玩家除下这面具，知识下降2个级别，神志则上升2个级别"
		s := started(t, fourExplorers...)
		give(t, s, 3, "mask") // Peter: sanity 4 (pos 4), knowledge 4 (pos 3)
		do(t, s, seatActor(3), game.HauntRoll{Total: intp(12)})
		turnTo(t, s, 3)
		before := positions(s, 3)
		do(t, s, seatActor(3), game.Roll{Trait: game.Sanity, Source: "card:mask", Total: intp(4)})
		evs := do(t, s, seatActor(3), game.UseCard{Card: "mask"})
		checkGroup(t, rule, evs)
		if len(evs) != 3 || evs[0].Type() != game.EvRollApplied || evs[2].Type() != game.EvTraitsChanged || evs[2].Data.(game.TraitsChanged).Cause != "card:mask" {
			t.Fatalf("%s: events %+v", rule, evs)
		}
		if got := moved(before, positions(s, 3)); !maps.Equal(got, map[string]int{game.Knowledge: 2, game.Sanity: -2}) {
			t.Errorf("%s: putting it on moved %v", rule, got)
		}
		if !s.Hands[3][0].Worn {
			t.Errorf("%s: not worn: %+v", rule, s.Hands[3])
		}
		do(t, s, hostActor, game.EndTurn{}) // a new turn
		turnTo(t, s, 3)
		do(t, s, seatActor(3), game.Roll{Trait: game.Sanity, Source: "card:mask", Total: intp(5)})
		do(t, s, seatActor(3), game.UseCard{Card: "mask"})
		if got := positions(s, 3); !maps.Equal(got, before) || s.Hands[3][0].Worn {
			t.Errorf("%s: taking it off left %v (worn %v), want %v", rule, got, s.Hands[3][0].Worn, before)
		}
		replaysTheSame(t, s)
	})
	t.Run("a worn Mask given away comes off", func(t *testing.T) {
		const rule = "seed 000 l.525-529: 除下这面具，知识下降2个级别，神志则上升2个级别 — losing it while worn takes it off"
		s := started(t, fourExplorers...)
		give(t, s, 3, "mask")
		do(t, s, seatActor(3), game.HauntRoll{Total: intp(12)})
		turnTo(t, s, 3)
		before, other := positions(s, 3), positions(s, 4)
		do(t, s, seatActor(3), game.Roll{Trait: game.Sanity, Source: "card:mask", Total: intp(4)})
		do(t, s, seatActor(3), game.UseCard{Card: "mask"})
		do(t, s, hostActor, game.EndTurn{}) // used: it may change hands next turn
		do(t, s, seatActor(3), game.GiveCard{Card: "mask", To: 4})
		do(t, s, seatActor(4), game.AcceptCard{Offer: s.Offers[0].Seq})
		if got := positions(s, 3); !maps.Equal(got, before) {
			t.Errorf("%s: giver %v, want %v", rule, got, before)
		}
		if got := positions(s, 4); !maps.Equal(got, other) || s.Hands[4][0].Worn {
			t.Errorf("%s: receiver %v worn %v; the Mask does nothing until put on", rule, got, s.Hands[4][0].Worn)
		}
	})
	t.Run("refusals", func(t *testing.T) {
		s := handsBoard(t)
		refuseAll(t, s, seatActor(1), game.UseCard{Card: "axe"}, "err_card_not_held", game.Conflict)
		refuseAll(t, s, seatActor(2), game.UseCard{Seat: 1, Card: "candle"}, "err_other_seat", game.Forbidden)
		do(t, s, hostActor, game.SetPhase{Phase: game.PhaseHaunt})
		kill(t, s, 1)
		refuseAll(t, s, hostActor, game.UseCard{Seat: 1, Card: "candle"}, "err_dead", game.Conflict)
	})
}

// An item's effect can be used once in the holder's turn.
func TestUseCardOncePerTurn(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 物件 l.185: 在玩家回合中，每件物件的效用仅可行使一次; seed 003 l.141: 一回合可以使用一次此物品牌"
	s := handsBoard(t)
	do(t, s, seatActor(1), game.UseCard{Card: "amulet-of-the-ages"})
	if _, err := s.Decide(seatActor(1), game.UseCard{Card: "amulet-of-the-ages"}, t0); err == nil {
		t.Errorf("cards.go UseCard.decide accepts use_card of the Amulet a second time in the same turn (HeldCard.Used is set but never checked); want err_used_this_turn (%s)", rule)
	}
}

// Each card takes one action a turn: a card traded to you this turn can't
// be traded or dropped again until the turn ends.
func TestTradedCardRestsForTheTurn(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 l.73 FAQ: 对每个物品…的回合中只能进行下面的动作之一:使用物品转交物品丢弃物品偷窃物品或捡拾物品; seed 003 l.159-165"
	s := handsBoard(t)
	do(t, s, seatActor(1), game.GiveCard{Card: "candle", To: 2})
	do(t, s, seatActor(2), game.AcceptCard{Offer: s.Offers[0].Seq})
	if _, err := s.Decide(seatActor(2), game.GiveCard{Card: "candle", To: 1}, t0); err == nil {
		t.Errorf("cards.go foldCardMoved clears HeldCard.Used on every move, so the Candle given 1→2 can go straight back 2→1 (or be dropped) in the same turn; want err_used_this_turn (%s)", rule)
	}
}

// ---- stat effects ----

func TestAmuletOfTheAges(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.589-597: 护符 全获上升1个级别。若人物失去这护身符…全需下降3个级别"
	s := started(t, fourExplorers...)
	start := positions(s, 1) // Ox: speed 5, might 3, sanity 3, knowledge 3
	give(t, s, 1, "amulet-of-the-ages")
	if got := moved(start, positions(s, 1)); !maps.Equal(got, all(1)) {
		t.Errorf("%s: gain moved %v", rule, got)
	}
	do(t, s, seatActor(1), game.DropCard{Card: "amulet-of-the-ages", Room: "kitchen"})
	// −3 from 6/4/4/4: speed 3, the others stop at 1 before the haunt.
	want := map[string]game.TraitState{game.Speed: pos(3), game.Might: pos(1), game.Sanity: pos(1), game.Knowledge: pos(1)}
	if got := positions(s, 1); !maps.Equal(got, want) {
		t.Errorf("%s + seed 000 l.225-227 (在进入作祟前…只会停留在骷髅图案上一个数字): after the loss %v, want %v", rule, got, want)
	}
	// Picked up by seat 4 at the top of Knowledge: the +1 is remembered.
	force(t, s, 4, map[string]game.TraitState{game.Knowledge: pos(8)})
	turnTo(t, s, 4)
	do(t, s, seatActor(4), game.PickUp{Card: "amulet-of-the-ages", Room: "kitchen"})
	if got := s.SeatByID(4).Traits[game.Knowledge]; got != (game.TraitState{Position: 8, Overflow: 1}) {
		t.Errorf("seed 003 l.197: knowledge %+v, want 8 with 1 over", got)
	}
	if s.SeatByID(4).Value(game.Knowledge) != 8 {
		t.Errorf("seed 003 l.197: 超出…其數值視同人物卡上該屬性的最大值: value %d", s.SeatByID(4).Value(game.Knowledge))
	}
}

// seed 003 l.169 and l.197: a gain past the top is noted; a later loss
// takes that overflow first, so losing the card only undoes what it gave.
func TestOverflow(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		rule       string
		from       game.TraitState // seat 1's Sanity
		card       string
		afterGain  game.TraitState
		afterLoss  game.TraitState
		lossFloors bool
	}{
		{name: "Holy Symbol one step from the top", rule: "seed 003 l.169: 增加只到最高值…減少一點力量(而非兩點力量，因其中一點超過最高值)",
			from: pos(7), card: "holy-symbol", afterGain: game.TraitState{Position: 8, Overflow: 1}, afterLoss: pos(7)},
		{name: "Holy Symbol at the top", rule: "seed 003 l.197: 先下降多出來的部份",
			from: pos(8), card: "holy-symbol", afterGain: game.TraitState{Position: 8, Overflow: 2}, afterLoss: pos(8)},
		{name: "Bell at the top", rule: "seed 002 l.73 FAQ: 如果我随后失去这件物品该项能力是否要下降…不会的",
			from: pos(8), card: "bell", afterGain: game.TraitState{Position: 8, Overflow: 1}, afterLoss: pos(8)},
		{name: "Holy Symbol in the middle", rule: "seed 000 l.503-507: 神志上升2个级别…失去…下降2个级别",
			from: pos(3), card: "holy-symbol", afterGain: pos(5), afterLoss: pos(3)},
		{name: "earlier overflow is spent first", rule: "seed 003 l.197",
			from: game.TraitState{Position: 8, Overflow: 3}, card: "holy-symbol", afterGain: game.TraitState{Position: 8, Overflow: 5}, afterLoss: game.TraitState{Position: 8, Overflow: 3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := started(t, fourExplorers...)
			force(t, s, 1, map[string]game.TraitState{game.Sanity: c.from})
			give(t, s, 1, c.card)
			if got := s.SeatByID(1).Traits[game.Sanity]; got != c.afterGain {
				t.Errorf("%s: after gaining %s: %+v, want %+v", c.rule, c.card, got, c.afterGain)
			}
			if s.OwesHauntRoll(1) {
				do(t, s, seatActor(1), game.HauntRoll{Total: intp(12)})
			}
			do(t, s, seatActor(1), game.GiveCard{Card: c.card, To: 2})
			do(t, s, seatActor(2), game.AcceptCard{Offer: s.Offers[0].Seq})
			if got := s.SeatByID(1).Traits[game.Sanity]; got != c.afterLoss {
				t.Errorf("%s: after losing %s: %+v, want %+v", c.rule, c.card, got, c.afterLoss)
			}
		})
	}
}

func TestBellBookCandle(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.697-703: 若人物同时拥有手铃Bell、书本Book及蜡烛Candle…皆上升2个级别。在集齐三项物品后，一旦人物无法保有全部三件…皆下降2个级别"
	s := started(t, fourExplorers...)
	start := positions(s, 1)
	give(t, s, 1, "bell", "candle")
	if s.SetBonus[1] {
		t.Fatalf("%s: bonus with two of three", rule)
	}
	evs := give1(t, s, 1, "book")
	last := evs[len(evs)-1]
	if last.Type() != game.EvTraitsChanged || last.Data.(game.TraitsChanged).Cause != "card:book+set" {
		t.Errorf("%s: completing the set: %+v", rule, evs)
	}
	// Bell +1 Sanity, Book +2 Knowledge, the set +2 everywhere.
	want := map[string]int{game.Speed: 2, game.Might: 2, game.Sanity: 3, game.Knowledge: 4}
	if got := moved(start, positions(s, 1)); !maps.Equal(got, want) || !s.SetBonus[1] || !s.SetBonusUsed[1] {
		t.Errorf("%s: moved %v (want %v), bonus %v used %v", rule, got, want, s.SetBonus[1], s.SetBonusUsed[1])
	}
	do(t, s, seatActor(1), game.HauntRoll{Total: intp(12)})

	// Losing one of the three takes the 2 back.
	mid := positions(s, 1)
	evs = do(t, s, seatActor(1), game.GiveCard{Card: "candle", To: 2})
	evs = do(t, s, seatActor(2), game.AcceptCard{Offer: evs[0].Seq})
	if got := moved(mid, positions(s, 1)); !maps.Equal(got, all(-2)) || s.SetBonus[1] || !s.SetBonusUsed[1] {
		t.Errorf("%s: losing the Candle moved %v, bonus %v", rule, got, s.SetBonus[1])
	}
	if evs[2].Data.(game.TraitsChanged).Cause != "card:candle-set" {
		t.Errorf("%s: the loss event %+v", rule, evs[2])
	}
	// Seat 2 gets only the Candle (nothing) — no set for them.
	if s.SetBonus[2] {
		t.Errorf("%s: seat 2 has a set bonus", rule)
	}

	// Back together: the bonus is given once per explorer.
	do(t, s, seatActor(1), game.EndTurn{})
	back := positions(s, 1)
	evs = do(t, s, seatActor(2), game.GiveCard{Card: "candle", To: 1})
	do(t, s, seatActor(1), game.AcceptCard{Offer: evs[0].Seq})
	if got := moved(back, positions(s, 1)); len(got) != 0 || s.SetBonus[1] {
		t.Errorf("%s (once per explorer): regaining the set moved %v, bonus %v", rule, got, s.SetBonus[1])
	}
	// And losing it again costs nothing more.
	do(t, s, seatActor(1), game.DiscardCard{Card: "bell"})
	if got := moved(back, positions(s, 1)); !maps.Equal(got, map[string]int{game.Sanity: -1}) {
		t.Errorf("%s: losing the Bell after the bonus was taken back moved %v, want only the Bell's −1 Sanity", rule, got)
	}
	replaysTheSame(t, s)

	// Undo of the completing draw takes the bonus back with it.
	s = started(t, fourExplorers...)
	give(t, s, 1, "bell", "candle")
	two := positions(s, 1)
	give(t, s, 1, "book")
	do(t, s, hostActor, game.Undo{})
	if got := positions(s, 1); !maps.Equal(got, two) || s.SetBonus[1] || s.SetBonusUsed[1] || s.Holds(1, "book") {
		t.Errorf("app: undo of the Book left %v, bonus %v used %v", got, s.SetBonus[1], s.SetBonusUsed[1])
	}
}

// give1 gives one card and returns the events.
func give1(t testing.TB, s *game.State, seatID int, card string) []game.Event {
	t.Helper()
	if catalog.Box().Card(card).Deck == "omen" {
		return drawOmen(t, s, seatID, card, "kitchen")
	}
	return do(t, s, hostActor, game.DrawCard{Seat: s.SeatNumber(seatID), Card: card})
}

// ---- death drops every card ----

func TestDeathDropsEveryCard(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 袭击 l.225-233: 人物死亡后，其保有的物件皆会掉在其死处…(包括脏狗Dog、女孩Girl、疯汉Madman)…其他人物可自由拿取其遗物。脏狗…则会跟上第一个到达这房间的人物; seed 003 l.239"
	s := traitorBoard(t)
	give(t, s, 3, "candle", "bell", "dog")
	force(t, s, 3, map[string]game.TraitState{game.Might: pos(1)})
	held := hand(s, 3)
	evs := do(t, s, hostActor, game.TakeDamage{Seat: 3, Kind: "physical", Split: map[string]int{game.Might: 1}})
	checkGroup(t, rule, evs)
	if s.Alive(s.SeatByID(3)) || len(evs) != 1+len(held) {
		t.Fatalf("%s: events %+v", rule, evs)
	}
	pile := game.RemainsPile(3)
	for i, card := range held {
		e := evs[1+i]
		if e.Type() != game.EvCardMoved || e.Data.(game.CardMoved).How != "death" || e.Data.(game.CardMoved).Seat != 3 || e.Data.(game.CardMoved).Room != pile || e.Data.(game.CardMoved).Card != card || e.Data.(game.CardMoved).To != 0 {
			t.Errorf("%s: drop %d: %+v", rule, i, e)
		}
	}
	if len(hand(s, 3)) != 0 || !slices.Equal(s.Piles[pile], held) {
		t.Errorf("%s: hand %v, pile %q %v", rule, hand(s, 3), pile, s.Piles[pile])
	}
	// The Dog follows the first explorer to come by, with its gains.
	before := positions(s, 4)
	do(t, s, hostActor, game.EndTurn{}) // 2 → 4 (3 is dead)
	if s.Turn != 4 {
		t.Fatalf("turn %d", s.Turn)
	}
	do(t, s, seatActor(4), game.PickUp{Card: "dog", Room: pile})
	if got := moved(before, positions(s, 4)); !maps.Equal(got, map[string]int{game.Might: 1, game.Sanity: 1}) || !s.Holds(4, "dog") {
		t.Errorf("seed 000 l.479-483: the Dog's new friend moved %v", got)
	}
	replaysTheSame(t, s)

	// Undo takes back the pick-up, the turn, then the death with its drops.
	for range 3 {
		do(t, s, hostActor, game.Undo{})
	}
	if !s.Alive(s.SeatByID(3)) || !slices.Equal(hand(s, 3), held) || len(s.Piles[pile]) != 0 {
		t.Errorf("app: undo of the death: alive %v hand %v pile %v", s.Alive(s.SeatByID(3)), hand(s, 3), s.Piles[pile])
	}

	// Before the haunt nobody dies, and nothing drops.
	s = started(t, fourExplorers...)
	give(t, s, 3, "candle")
	force(t, s, 3, map[string]game.TraitState{game.Might: pos(1)})
	refuseAll(t, s, hostActor, game.TakeDamage{Seat: 3, Kind: "physical", Split: map[string]int{game.Might: 1}}, "err_no_change", game.Conflict)
	do(t, s, hostActor, game.TakeDamage{Seat: 3, Kind: "physical", Split: map[string]int{game.Might: 1, game.Speed: 1}})
	if !s.Holds(3, "candle") || s.SeatByID(3).Traits[game.Might] != pos(1) {
		t.Errorf("seed 000 l.225-227: 在进入作祟前，任何人物皆不会死亡: hand %v might %+v", hand(s, 3), s.SeatByID(3).Traits[game.Might])
	}
}

// count is how many times a card is anywhere: hands and piles.
func count(s *game.State, card string) int {
	n := 0
	for _, h := range s.Hands {
		for _, c := range h {
			if c.Card == card {
				n++
			}
		}
	}
	for _, p := range s.Piles {
		for _, c := range p {
			if c == card {
				n++
			}
		}
	}
	return n
}

// A card whose loss kills its holder (the Amulet's −3) leaves with that
// loss: it must not also drop where they died.
func TestDeathByLosingACardKeepsOneCopy(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.597 (失去这护身符…全需下降3个级别) + 袭击 l.227 (人物死亡后，其保有的物件皆会掉在其死处): each card exists once"
	setup := func(t *testing.T) *game.State {
		s := traitorBoard(t)
		give(t, s, 3, "amulet-of-the-ages", "candle") // might 3 → 4
		force(t, s, 3, map[string]game.TraitState{game.Might: pos(3)})
		return s
	}
	bugs := []string{}
	t.Run("given away", func(t *testing.T) {
		s := setup(t)
		turnTo(t, s, 3) // a trade is on the giver's or receiver's turn (seed 003 l.149-151)
		do(t, s, seatActor(3), game.GiveCard{Card: "amulet-of-the-ages", To: 4})
		do(t, s, seatActor(4), game.AcceptCard{Offer: s.Offers[0].Seq})
		if s.Alive(s.SeatByID(3)) {
			t.Fatal("the Amulet's −3 should kill seat 3 (might 3)")
		}
		if !s.Holds(4, "amulet-of-the-ages") || !slices.Contains(s.Piles[game.RemainsPile(3)], "candle") {
			t.Errorf("%s: seat 4 %v, remains %v", rule, hand(s, 4), s.Piles[game.RemainsPile(3)])
		}
		if n := count(s, "amulet-of-the-ages"); n != 1 {
			bugs = append(bugs, "give/accept")
		}
	})
	t.Run("dropped", func(t *testing.T) {
		s := setup(t)
		do(t, s, seatActor(3), game.DropCard{Card: "amulet-of-the-ages", Room: "kitchen"})
		if s.Alive(s.SeatByID(3)) {
			t.Fatal("the Amulet's −3 should kill seat 3")
		}
		if n := count(s, "amulet-of-the-ages"); n != 1 {
			bugs = append(bugs, "drop_card (kitchen and remains piles both hold it)")
		}
	})
	t.Run("discarded", func(t *testing.T) {
		s := setup(t)
		do(t, s, seatActor(3), game.DiscardCard{Card: "amulet-of-the-ages"})
		if n := count(s, "amulet-of-the-ages"); n != 0 {
			bugs = append(bugs, "discard_card (the discarded Amulet lies in the remains pile)")
		}
	})
	if len(bugs) > 0 {
		t.Errorf("decide.go deaths/cards.go deathEvents drop the hand as it was before the batch: when losing the Amulet kills its holder, the Amulet is also moved to RemainsPile (foldCardMoved appends it to the pile though it is no longer in the hand), so it exists twice: %v (%s)", bugs, rule)
	}
}

// A card that kills its new holder as it arrives (the Madman's −1 Sanity)
// drops with the rest.
func TestDeathOnPickUpDropsThatCardToo(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.509-513 (疯汉 神志下降1个级别) + 袭击 l.227: 人物死亡后，其保有的物件皆会掉在其死处"
	s := traitorBoard(t)
	drawOmen(t, s, 2, "madman", "kitchen")
	do(t, s, seatActor(2), game.EndTurn{}) // → 3
	// Seat 2 dies (killed outside Decide); the Madman waits in the remains.
	do(t, s, hostActor, game.TakeDamage{Seat: 2, Kind: "physical", Split: map[string]int{game.Might: 8}})
	pile := game.RemainsPile(2)
	if !slices.Contains(s.Piles[pile], "madman") {
		t.Fatalf("madman not in the remains: %v", s.Piles)
	}
	force(t, s, 3, map[string]game.TraitState{game.Sanity: pos(1)})
	do(t, s, seatActor(3), game.PickUp{Card: "madman", Room: pile})
	if s.Alive(s.SeatByID(3)) {
		t.Fatal("the Madman's −1 Sanity should kill seat 3 at sanity 1")
	}
	if s.Holds(3, "madman") {
		t.Errorf("decide.go deaths: seat 3 dies picking up the Madman (−1 Sanity) but keeps it in hand — deathEvents drop only what was held before the batch (%s)", rule)
	}
}
