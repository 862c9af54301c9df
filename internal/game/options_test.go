package game_test

import (
	"slices"
	"testing"
	"time"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// optionsFor is what a seat may do now.
func optionsFor(s *game.State, seatID int) game.Options { return s.Options(seatActor(seatID)) }

func targetNames(ts []game.AttackTarget) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Name)
	}
	return out
}

func TestOptionsTurn(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB) *game.State
		seat  int
		// want
		doing   string
		turn    int
		mine    bool
		endTurn bool
		draw    []string
		traits  []string
		haunt   bool
	}{
		{name: "the lobby", rule: "app: nothing to do before the start",
			setup: func(t testing.TB) *game.State { return lobby(t, fourExplorers...) },
			seat:  1, doing: game.DoingLobby},
		{name: "my turn before the haunt", rule: "seed 000 游玩 l.150-181: the player whose turn it is moves, discovers, draws and rolls",
			setup: func(t testing.TB) *game.State { return started(t, fourExplorers...) },
			seat:  1, doing: game.DoingExploring, turn: 1, mine: true, endTurn: true,
			draw: []string{"omen", "item", "event"}, traits: game.Traits},
		{name: "someone else's turn", rule: "seed 000 游玩: only the player whose turn it is draws or ends it",
			setup: func(t testing.TB) *game.State { return started(t, fourExplorers...) },
			seat:  2, doing: game.DoingExploring, turn: 1, traits: game.Traits},
		{name: "an omen owes the haunt roll", rule: "seed 000 作祟 l.255: 在该玩家完结其回合后必须试图揭露真相",
			setup: func(t testing.TB) *game.State {
				s := started(t, fourExplorers...)
				drawOmen(t, s, 1, "book", "kitchen")
				return s
			},
			seat: 1, doing: game.DoingHauntRoll, turn: 1, mine: true, draw: []string{"omen", "item", "event"}, traits: game.Traits, haunt: true},
		{name: "the haunt", rule: "seed 000 作祟: the hero left of the traitor plays first",
			setup: traitorBoard,
			seat:  2, doing: game.DoingHaunt, turn: 2, mine: true, endTurn: true, draw: []string{"omen", "item", "event"}, traits: game.Traits},
		{name: "game over", rule: "seed 000 胜负: the game ends when a side wins",
			setup: func(t testing.TB) *game.State {
				s := traitorBoard(t)
				do(t, s, hostActor, game.DeclareWinner{Side: game.SideHeroes})
				return s
			},
			seat: 2, doing: game.DoingOver, turn: 2, mine: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.setup(t)
			o := optionsFor(s, c.seat)
			if o.Turn.Doing != c.doing || o.Turn.Seat != c.turn || o.Turn.Mine != c.mine || o.EndTurn != c.endTurn {
				t.Errorf("%s: turn %+v end %v, want doing %s seat %d mine %v end %v", c.rule, o.Turn, o.EndTurn, c.doing, c.turn, c.mine, c.endTurn)
			}
			if !slices.Equal(o.Draw, c.draw) {
				t.Errorf("%s: draw %v, want %v", c.rule, o.Draw, c.draw)
			}
			var traits []string
			if o.Roll != nil {
				traits = o.Roll.Traits
			}
			if !slices.Equal(traits, c.traits) && !(len(traits) == 0 && len(c.traits) == 0) {
				t.Errorf("%s: roll traits %v, want %v", c.rule, traits, c.traits)
			}
			if (o.HauntRoll != nil) != c.haunt {
				t.Errorf("%s: haunt roll %+v, want %v", c.rule, o.HauntRoll, c.haunt)
			}
		})
	}
}

func TestOptionsHauntRollOdds(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 作祟 l.257: 6 dice; the haunt begins when the total is less than the omens drawn, this one included"
	s := started(t, fourExplorers...)
	drawOmen(t, s, 1, "book", "kitchen")
	do(t, s, seatActor(1), game.HauntRoll{Total: intp(12)})
	do(t, s, seatActor(1), game.EndTurn{})
	drawOmen(t, s, 2, "ring", "kitchen")
	o := optionsFor(s, 2)
	if o.HauntRoll == nil || o.HauntRoll.Dice != 6 || o.HauntRoll.OmenCount != 2 || o.HauntRoll.Chance != game.ChanceBelow(6, 2) {
		t.Fatalf("%s: %+v", rule, o.HauntRoll)
	}
	if o.EndTurn {
		t.Errorf("%s: the turn may not end before the haunt roll", rule)
	}
	if optionsFor(s, 1).HauntRoll != nil {
		t.Errorf("%s: seat 1 owes nothing", rule)
	}
}

func TestOptionsAttackOpponentsOnly(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 作祟 l.281: 敌对双方…可对另一方的人物怪物进行袭击"
	s := traitorBoard(t) // seat 1 is the traitor, seat 2 plays
	zombie(t, s)
	give(t, s, 2, "revolver", "axe")
	o := optionsFor(s, 2)
	if o.Attack == nil {
		t.Fatalf("%s: seat 2 may attack", rule)
	}
	if got := targetNames(o.Attack.Targets); !slices.Equal(got, []string{"P1", "Zombie 1"}) {
		t.Errorf("%s: targets %v, want the traitor and the monster", rule, got)
	}
	if p1 := o.Attack.Targets[0]; !slices.Equal(p1.Traits, []string{game.Might, game.Speed}) {
		t.Errorf("seed 000 手枪: the Revolver attacks with Speed: traits %v", p1.Traits)
	}
	me := s.SeatByID(2)
	want := []game.WeaponOption{{Card: "revolver", Trait: game.Speed, Dice: 1, Ranged: true}, {Card: "axe", Trait: game.Might, Dice: 1}}
	if w := catalog.Box().Card("revolver").Weapon; w.Dice != 1 {
		want[0].Dice = w.Dice
	}
	for i := range want { // seed 000 袭击: 根据其人物力量的数值掷相同数量的骰子, plus the weapon's
		want[i].Rolls = min(me.Value(want[i].Trait)+want[i].Dice, game.MaxDice)
	}
	if !slices.Equal(o.Attack.Weapons, want) {
		t.Errorf("seed 000 物件: weapons held only: %+v, want %+v", o.Attack.Weapons, want)
	}
	if got, w := o.Attack.Dice[game.Might], me.Value(game.Might); got != w {
		t.Errorf("seed 000 袭击 (dice = Might): attack.dice[might] = %d, want %d", got, w)
	}
	// Options' dice are the dice Decide rolls: a total of twice them is
	// taken, one more refused.
	for _, w := range want[1:] {
		a := game.Attack{Target: seatTarget(1), Trait: w.Trait, Weapon: w.Card}
		a.Total = intp(2*w.Rolls + 1)
		refuseAll(t, s, seatActor(2), a, "err_total_range", game.Invalid)
		a.Total = intp(2 * w.Rolls)
		if _, err := s.Decide(seatActor(2), a, t0); err != nil {
			t.Errorf("attack with %s, total %d: %v", w.Card, 2*w.Rolls, err)
		}
	}
	// Another hero is no target, and Decide agrees.
	refuseAll(t, s, seatActor(2), game.Attack{Target: seatTarget(3)}, "err_attack_ally", game.Conflict)

	// The traitor attacks heroes, not the monsters.
	turnTo(t, s, 1)
	o = optionsFor(s, 1)
	if o.Attack == nil || !slices.Equal(targetNames(o.Attack.Targets), []string{"P2", "P3", "P4"}) {
		t.Errorf("%s: the traitor's targets %+v", rule, o.Attack)
	}
	if o.Monsters == nil || len(o.Monsters.Attack) != 0 || len(o.Monsters.Move) != 0 {
		t.Errorf("seed 000 l.347: the monsters attack and move on their own turn, not the traitor's: %+v", o.Monsters)
	}
	if h := optionsFor(s, 2); h.Attack != nil || h.Monsters == nil || len(h.Monsters.Attack)+len(h.Monsters.Move) != 0 {
		t.Errorf("seed 000 袭击: one attacks on one's own turn; heroes don't run monsters (they may only stun): %+v", h.Monsters)
	}
	turnTo(t, s, game.MonstersTurn)
	o = optionsFor(s, 1)
	if o.Monsters == nil || len(o.Monsters.Attack) != 1 || !slices.Equal(targetNames(o.Monsters.Attack[0].Targets), []string{"P2", "P3", "P4"}) {
		t.Errorf("seed 000 怪物: the traitor runs the monsters against the heroes on their turn: %+v", o.Monsters)
	}
	if !slices.Equal(o.Monsters.Move, []string{"Zombie"}) {
		t.Errorf("seed 000 怪物: the traitor rolls the monsters' moves on their turn: %+v", o.Monsters)
	}
}

func TestOptionsAttackAnyoneWhileSidesUnknown(t *testing.T) {
	t.Parallel()
	const rule = "seed 002 内奸: 除非剧本特别说明，任何探险者都可以主动攻击另外一名探险者"
	s := haunted(t, fourExplorers...) // phase set by hand: no haunt recorded
	o := optionsFor(s, 1)
	if o.Attack == nil || !slices.Equal(targetNames(o.Attack.Targets), []string{"P2", "P3", "P4"}) {
		t.Errorf("%s: %+v", rule, o.Attack)
	}
}

func TestOptionsDefendAndSplit(t *testing.T) {
	t.Parallel()
	s := traitorBoard(t)
	do(t, s, seatActor(2), game.Attack{Target: seatTarget(1), Total: intp(6)})
	o := optionsFor(s, 1)
	if o.Defend == nil || !o.Defend.Mine || o.Defend.Trait != game.Might || o.Defend.Dice != 5 || o.Defend.Against != 6 || o.Defend.Attacker != "P2" {
		t.Fatalf("seed 000 袭击 l.207: the defender rolls Might: %+v", o.Defend)
	}
	if o.Turn.Doing != game.DoingAttack {
		t.Errorf("app: doing %s during an attack", o.Turn.Doing)
	}
	if a := optionsFor(s, 2); a.Defend == nil || a.Defend.Mine || a.EndTurn {
		t.Errorf("app: the attacker may roll for a defender who doesn't answer, and can't end the turn: %+v", a)
	}
	if optionsFor(s, 3).Defend != nil {
		t.Errorf("seed 000 袭击: a bystander doesn't defend")
	}
	force(t, s, 1, map[string]game.TraitState{game.Might: pos(2), game.Speed: {Position: 3, Overflow: 1}})
	do(t, s, seatActor(1), game.Defend{Total: intp(1)})
	o = optionsFor(s, 1)
	d := o.Damage
	if d == nil || d.Action != game.ActResolveDmg || d.Amount != 5 || d.Kind != "physical" || len(d.Traits) != 2 {
		t.Fatalf("seed 000 袭击 l.211: the loser splits the difference: %+v", d)
	}
	want := []game.DamageTrait{{Trait: game.Might, Position: 2, Lethal: 2}, {Trait: game.Speed, Position: 3, Overflow: 1, Lethal: 4}}
	if !slices.Equal(d.Traits, want) {
		t.Errorf("seed 000 伤害 + seed 003 (overflow first): %+v, want %+v", d.Traits, want)
	}
	if !d.Kills(map[string]int{game.Might: 2, game.Speed: 3}) || d.Kills(map[string]int{game.Might: 1, game.Speed: 3}) {
		t.Errorf("seed 000 伤害 l.225: a trait on the skull kills")
	}
	if len(o.Steal) != 0 {
		t.Errorf("seed 000 袭击: the loser steals nothing: %v", o.Steal)
	}
	if optionsFor(s, 2).Damage != nil {
		t.Errorf("app: only the loser splits")
	}
}

func TestOptionsCards(t *testing.T) {
	t.Parallel()
	s := handsBoard(t) // seat 1 holds bell, candle, amulet, blood dagger, armor, dog
	o := optionsFor(s, 1)
	bell, dog := o.Card("bell"), o.Card("dog")
	if bell == nil || !bell.Drop || !slices.Equal(bell.Give, []int{2, 3, 4}) {
		t.Errorf("seed 000 物件 l.193-197: the Bell may be dropped or handed over: %+v", bell)
	}
	if dog == nil || dog.Drop || len(dog.Give) != 0 || dog.Discard {
		t.Errorf("seed 000 物件: the Dog is never handed over or dropped: %+v", dog)
	}
	do(t, s, seatActor(1), game.UseCard{Card: "amulet-of-the-ages"})
	if amulet := optionsFor(s, 1).Card("amulet-of-the-ages"); amulet.Use || amulet.Drop || len(amulet.Give) != 0 {
		t.Errorf("seed 002 FAQ: an item used this turn can't be used again, handed over or dropped: %+v", amulet)
	}
	do(t, s, seatActor(1), game.GiveCard{Card: "candle", To: 2})
	offer := s.Offers[0].Seq
	if got := optionsFor(s, 2).Offers; len(got) != 1 || got[0] != (game.OfferOption{Offer: offer, Card: "candle", From: 1, To: 2, Accept: true, Decline: true}) {
		t.Errorf("app: the receiver may accept or decline: %+v", got)
	}
	if got := optionsFor(s, 1).Offers; len(got) != 1 || got[0].Accept || !got[0].Decline {
		t.Errorf("app: the giver may take the offer back: %+v", got)
	}
	if got := optionsFor(s, 3).Offers; len(got) != 0 {
		t.Errorf("app: others see no offer to answer: %+v", got)
	}
}

func TestOptionsRerollsAndModifiers(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	give(t, s, 1, "lucky-stone", "rabbits-foot", "candle")
	s.SetRandom(facesRandom(0, 1, 2, 0, 1))
	do(t, s, seatActor(1), game.Roll{Trait: game.Might})
	o := optionsFor(s, 1)
	if len(o.Rerolls) != 2 || o.Rerolls[0] != (game.RerollOption{Card: "lucky-stone", Roll: s.LastRoll(1).Seq, Dice: 5}) || o.Rerolls[1].Dice != 1 {
		t.Errorf("the Lucky Stone rerolls any dice, the Rabbit's Foot one: %+v", o.Rerolls)
	}
	var candle *game.ModifierOption
	for i := range o.Roll.Modifiers {
		if o.Roll.Modifiers[i].Card == "candle" {
			candle = &o.Roll.Modifiers[i]
		}
	}
	if candle == nil || !candle.Held || !candle.EventRoll || candle.TraitRoll || candle.PlainRoll {
		t.Errorf("seed 000 蜡烛: +1 die on event trait rolls only: %+v", candle)
	}
	// On someone else's turn the Rabbit's Foot is out; the Lucky Stone
	// still works (seed 002 FAQ: only Angel Feather, Lucky Stone, Skull).
	do(t, s, seatActor(1), game.EndTurn{})
	if o := optionsFor(s, 1); len(o.Rerolls) != 1 || o.Rerolls[0].Card != "lucky-stone" {
		t.Errorf("seed 002 FAQ: %+v", o.Rerolls)
	}
}

// countingRandom fails the test if a dry run draws from the game's dice.
type countingRandom struct{ calls int }

func (r *countingRandom) Intn(int) int { r.calls++; return 0 }

func TestOptionsIsPureAndAgreesWithDecide(t *testing.T) {
	t.Parallel()
	const rule = "app: Options is a dry run of Decide: it changes nothing and rolls no dice"
	s := traitorBoard(t)
	zombie(t, s)
	give(t, s, 2, "revolver", "lucky-stone", "bottle")
	do(t, s, seatActor(2), game.Roll{Trait: game.Might})
	r := &countingRandom{}
	s.SetRandom(r)
	before := richView(t, s)
	for _, id := range []int{1, 2, 3, 4} {
		o := optionsFor(s, id)
		// Everything offered is accepted.
		if o.Attack != nil {
			for _, tg := range o.Attack.Targets {
				for _, tr := range tg.Traits {
					a := game.Attack{Trait: tr, Target: game.Target{Seat: tg.Seat, Monster: tg.Monster}, Total: intp(0)}
					if tr == game.Speed {
						a.Weapon = "revolver"
					}
					if _, err := s.Decide(seatActor(id), a, time.Time{}); err != nil {
						t.Errorf("%s: offered %+v, refused %v", rule, a, err)
					}
				}
			}
		}
		for _, c := range o.Cards {
			if _, err := s.Decide(seatActor(id), game.DropCard{Card: c.Card, Room: "kitchen"}, time.Time{}); (err == nil) != c.Drop {
				t.Errorf("%s: drop %s offered %v, Decide says %v", rule, c.Card, c.Drop, err)
			}
		}
	}
	_ = s.Options(hostActor)
	if r.calls != 0 {
		t.Errorf("%s: %d dice drawn", rule, r.calls)
	}
	if after := richView(t, s); after != before {
		t.Errorf("%s: state changed", rule)
	}
}

// ---- The card area: each card's refusals and roll, piles, rooms ----------

func roomOption(o game.Options, room string) game.RoomOption {
	for _, r := range o.Rooms {
		if r.Room == room {
			return r
		}
	}
	return game.RoomOption{Room: room}
}

func refusedKey(c *game.CardOption, what string) string {
	if c == nil {
		return "(not held)"
	}
	return c.Refused[what].Key
}

func TestOptionsCardArea(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		rule  string
		setup func(t testing.TB) *game.State
		card  string
		// want: the card's guided roll, and why use/give/drop are refused
		// ("" when allowed).
		roll                bool
		use, give, drop     string
		applyRoll           string
		applyCard, noApplyC bool
	}{
		{name: "the Mask before its roll", rule: "seed 000 面具: a Sanity roll puts it on or takes it off",
			setup: func(t testing.TB) *game.State {
				s := started(t, fourExplorers...)
				give(t, s, 1, "mask")
				return s
			},
			card: "mask", roll: true, use: "err_card_roll_first"},
		{name: "the Mask after a Sanity roll of 1", rule: "seed 000 面具: on 0–3 it can't go on or off this turn",
			setup: func(t testing.TB) *game.State {
				s := started(t, fourExplorers...)
				give(t, s, 1, "mask")
				do(t, s, seatActor(1), game.Roll{Trait: game.Sanity, Source: "card:mask", Total: intp(1)})
				return s
			},
			card: "mask", use: "err_card_roll_low", applyRoll: "card:mask"},
		{name: "the Mask after a Sanity roll of 4", rule: "seed 000 面具: 4+ puts it on",
			setup: func(t testing.TB) *game.State {
				s := started(t, fourExplorers...)
				give(t, s, 1, "mask")
				do(t, s, seatActor(1), game.Roll{Trait: game.Sanity, Source: "card:mask", Total: intp(4)})
				return s
			},
			card: "mask", applyRoll: "card:mask"},
		{name: "the Crystal Ball before the haunt", rule: "its card: only after the haunt",
			setup: func(t testing.TB) *game.State {
				s := started(t, fourExplorers...)
				give(t, s, 1, "crystal-ball")
				return s
			},
			card: "crystal-ball", use: "err_card_after_haunt"},
		{name: "an item on someone else's turn", rule: "seed 002 FAQ: items are used on your own turn",
			setup: func(t testing.TB) *game.State {
				s := started(t, fourExplorers...)
				give(t, s, 2, "medical-kit")
				return s
			},
			card: "medical-kit", use: "err_card_own_turn"},
		{name: "an item used this turn", rule: "seed 002 FAQ: 每件物品在一回合中只能使用、转交、丢弃…其中一项",
			setup: func(t testing.TB) *game.State {
				s := handsBoard(t)
				do(t, s, seatActor(1), game.UseCard{Card: "amulet-of-the-ages"})
				return s
			},
			card: "amulet-of-the-ages", use: "err_card_used_turn", give: "err_used_this_turn", drop: "err_used_this_turn"},
		{name: "a companion", rule: "seed 000 物件: the Dog is never handed over or dropped",
			setup: handsBoard,
			card:  "dog", give: "err_not_tradeable", drop: "err_not_droppable"},
		{name: "a lingering event", rule: "its card: Webs acts through its roll while held",
			setup: func(t testing.TB) *game.State {
				s := started(t, fourExplorers...)
				give(t, s, 1, "webs")
				return s
			},
			card: "webs", roll: true, use: "err_card_acts_itself", give: "err_not_tradeable", drop: "err_not_droppable"},
		{name: "the Healing Salve", rule: "its card: applied without a roll",
			setup: func(t testing.TB) *game.State {
				s := started(t, fourExplorers...)
				give(t, s, 1, "healing-salve")
				return s
			},
			card: "healing-salve", applyCard: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.setup(t)
			me := 1
			if c.name == "an item on someone else's turn" {
				me = 2
			}
			o := optionsFor(s, me)
			co := o.Card(c.card)
			if co == nil {
				t.Fatalf("%s: %s not in the options: %+v", c.rule, c.card, o.Cards)
			}
			if co.Roll != c.roll {
				t.Errorf("%s: roll %v, want %v (%+v)", c.rule, co.Roll, c.roll, co)
			}
			for what, want := range map[string]string{"use": c.use, "give": c.give, "drop": c.drop} {
				if got := refusedKey(co, what); got != want {
					t.Errorf("%s: %s refused %q, want %q", c.rule, what, got, want)
				}
			}
			if co.Use != (c.use == "") || co.Drop != (c.drop == "") || (len(co.Give) > 0) != (c.give == "") {
				t.Errorf("%s: flags disagree with the refusals: %+v", c.rule, co)
			}
			if got := o.ApplyRoll; (got == nil) != (c.applyRoll == "") || got != nil && got.Source != c.applyRoll {
				t.Errorf("%s: apply_roll %+v, want %q", c.rule, got, c.applyRoll)
			}
			if co.Apply != (c.applyCard || c.applyRoll == "card:"+c.card) {
				t.Errorf("%s: apply %v", c.rule, co.Apply)
			}
		})
	}
}

func TestOptionsPickUpAndRooms(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	give(t, s, 1, "axe", "bell")
	do(t, s, seatActor(1), game.DropCard{Card: "axe", Room: "kitchen"})
	want := game.PickUpOption{Pile: "kitchen", Card: "axe"}
	_, err := s.Decide(seatActor(1), game.PickUp{Card: "axe", Room: "kitchen"}, time.Time{})
	if got := slices.Contains(optionsFor(s, 1).PickUp, want); got != (err == nil) {
		t.Errorf("app: pick_up offered %v, Decide says %v", got, err)
	}
	if got := optionsFor(s, 2).PickUp; len(got) != 0 {
		t.Errorf("seed 000 游玩: items are picked up on your own turn: seat 2 offered %+v", got)
	}
	do(t, s, seatActor(1), game.EndTurn{})
	if got := optionsFor(s, 2).PickUp; !slices.Contains(got, want) {
		t.Errorf("seed 000 物件: the next player may pick the Axe up: %+v", got)
	}

	// Rooms: the Chapel's gain once per explorer; the Vault's roll once per
	// turn; once each is in the house (TestOptionsRoomsInTheHouse).
	do(t, s, seatActor(2), game.DiscoverRoom{Room: "chapel", Floor: game.FloorGround})
	do(t, s, seatActor(2), game.DiscoverRoom{Room: "vault", Floor: game.FloorBasement})
	if r := roomOption(optionsFor(s, 2), "chapel"); !r.Apply {
		t.Errorf("seed 000 礼拜堂: the Chapel's gain is offered once: %+v", r)
	}
	do(t, s, seatActor(2), game.ApplyEffect{Source: "room:chapel"})
	if r := roomOption(optionsFor(s, 2), "chapel"); r.Apply {
		t.Errorf("seed 000 礼拜堂: once per explorer: %+v", r)
	}
	if r := roomOption(optionsFor(s, 2), "vault"); !r.Roll {
		t.Errorf("seed 000 保险库: the Vault may be tried: %+v", r)
	}
	do(t, s, seatActor(2), game.Roll{Trait: game.Knowledge, Purpose: "room", Source: "room:vault", Total: intp(1)})
	if r := roomOption(optionsFor(s, 2), "vault"); r.Roll {
		t.Errorf("seed 002 FAQ (the Vault): once per turn: %+v", r)
	}
}

// TestOptionsCardAreaAgreesWithDecide: every flag of the card area is what
// Decide answers, on a board with cards of every kind in hand.
func TestOptionsCardAreaAgreesWithDecide(t *testing.T) {
	t.Parallel()
	const rule = "app: Options is a dry run of Decide"
	s := traitorBoard(t)
	give(t, s, 2, "revolver")
	do(t, s, hostActor, game.DropCard{Seat: 2, Card: "revolver", Room: "kitchen"})
	give(t, s, 2, "mask", "crystal-ball", "medical-kit", "healing-salve", "dog")
	give(t, s, 3, "webs")
	for _, id := range []int{1, 2, 3, 4} {
		o := optionsFor(s, id)
		for _, c := range o.Cards {
			for what, try := range map[string]struct {
				allowed bool
				a       game.Action
			}{
				"use":     {c.Use, game.UseCard{Card: c.Card}},
				"apply":   {c.Apply, game.ApplyEffect{Source: "card:" + c.Card}},
				"discard": {c.Discard, game.DiscardCard{Card: c.Card}},
			} {
				if try.allowed { // the flags' own agreement is TestOptionsIsPureAndAgreesWithDecide's
					if _, ok := c.Refused[what]; ok {
						t.Errorf("%s: seat %d %s %s allowed and refused %+v", rule, id, what, c.Card, c.Refused[what])
					}
					continue
				}
				_, err := s.Decide(seatActor(id), try.a, time.Time{})
				if ge, _ := err.(*game.Error); ge == nil || ge.Key != c.Refused[what].Key {
					t.Errorf("%s: seat %d %s %s: refused %+v, Decide %v", rule, id, what, c.Card, c.Refused[what], err)
				}
			}
		}
		for _, p := range o.PickUp {
			if _, err := s.Decide(seatActor(id), game.PickUp{Card: p.Card, Room: p.Pile}, time.Time{}); err != nil {
				t.Errorf("%s: seat %d offered %+v, refused %v", rule, id, p, err)
			}
		}
		for _, r := range o.Rooms {
			if r.Apply {
				if _, err := s.Decide(seatActor(id), game.ApplyEffect{Source: "room:" + r.Room}, time.Time{}); err != nil {
					t.Errorf("%s: seat %d offered %+v, refused %v", rule, id, r, err)
				}
			}
		}
	}
}

func TestOptionsJoinTraitor(t *testing.T) {
	t.Parallel()
	// Who may join is the haunt book's word: some haunts move a killed hero
	// to the traitor's side (seed 001 l.1633: 有些劇本生存者被殺死後，會加入叛徒那一方);
	// in one with no traitor at first a hero turns during play (seed 003
	// l.747: 如果劇本一開始沒有叛徒的話…直到有英雄變成叛徒). The host records it.
	const rule = "seed 001 l.1633 (a killed hero may join the traitor's side)"
	s := traitorBoard(t)
	if got := s.Options(hostActor).JoinTraitor; len(got) != 0 {
		t.Errorf("%s: nobody joins while every hero lives and the traitor is known: %v", rule, got)
	}
	kill(t, s, 3)
	if got := s.Options(hostActor).JoinTraitor; !slices.Equal(got, []int{3}) {
		t.Errorf("%s: a dead hero may join: %v, want [3]", rule, got)
	}
	if got := optionsFor(s, 1).JoinTraitor; len(got) != 0 {
		t.Errorf("app: only the host moves a seat: %v", got)
	}

	// Haunt 9 has no traitor at first: any living hero may turn during
	// play (data/haunts.json haunt 9, traitor kind none_at_first; seed 003 l.747).
	s = started(t, fourExplorers...)
	revealHaunt(t, s, 1, 9)
	if s.Haunt.Traitor != 0 || s.Haunt.Decision.Rule.Kind != "none_at_first" {
		t.Fatalf("haunt 9: traitor %d kind %q", s.Haunt.Traitor, s.Haunt.Decision.Rule.Kind)
	}
	if got := s.Options(hostActor).JoinTraitor; !slices.Equal(got, []int{1, 2, 3, 4}) {
		t.Errorf("haunt 9 (no traitor at first): living heroes may turn: %v, want [1 2 3 4]", got)
	}
	do(t, s, hostActor, game.JoinTraitor{Seat: 2})
	if got := s.Options(hostActor).JoinTraitor; !slices.Equal(got, []int{1, 3, 4}) {
		t.Errorf("haunt 9: who turned is no longer offered: %v, want [1 3 4]", got)
	}
	if !optionsFor(s, 2).RunMonsters || optionsFor(s, 3).RunMonsters {
		t.Errorf("%s: the seat that turned runs the monsters, a hero doesn't", rule)
	}
}

func TestOptionsRunMonsters(t *testing.T) {
	t.Parallel()
	const rule = "seed 003 l.329: 在叛徒的回合後，任何叛徒控制的怪物進行怪物回合"
	s := started(t, fourExplorers...)
	if s.Options(hostActor).RunMonsters || optionsFor(s, 1).RunMonsters {
		t.Errorf("%s: no monsters before the haunt", rule)
	}
	s = traitorBoard(t)
	if !optionsFor(s, 1).RunMonsters || optionsFor(s, 2).RunMonsters || !s.Options(hostActor).RunMonsters {
		t.Errorf("%s: the traitor and the host run the monsters, a hero doesn't", rule)
	}
	zombie(t, s)
	id := s.Monsters[0].ID
	if m := optionsFor(s, 1).Monsters; m == nil || !slices.Equal(m.Stun, []string{id}) {
		t.Errorf("seed 000 怪物: the traitor marks a monster stunned: %+v", m)
	}
	do(t, s, seatActor(1), game.Stun{Monster: id})
	if m := optionsFor(s, 1).Monsters; m != nil && slices.Contains(m.Stun, id) {
		t.Errorf("seed 000 怪物: a stunned monster isn't stunned again: %+v", m)
	}
}

func TestOptionsHostSettlesTheFight(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 袭击 l.243-245: the winner steals instead of dealing damage; the host may act for a seat"
	s := traitorBoard(t)
	give(t, s, 1, "bell", "armor")
	at := fight(t, s, game.Attack{Target: seatTarget(1), Total: intp(5)}, 2) // seat 1 loses 3, Armor −1
	if !at.CanSteal {
		t.Fatalf("no theft: %+v", at)
	}
	h := s.Options(hostActor)
	if h.Damage != nil || !h.DealDamage {
		t.Errorf("%s: the winner chooses first: the host may choose for them (deal damage %v), no split yet: %+v", rule, h.DealDamage, h.Damage)
	}
	if !slices.Equal(h.Steal, []string{"bell"}) {
		t.Errorf("%s: the host may steal for the winner: %v", rule, h.Steal)
	}
	if o := optionsFor(s, 2); !slices.Equal(o.Steal, []string{"bell"}) || !o.DealDamage || o.Damage != nil {
		t.Errorf("%s: the winner steals or deals the damage, splits nothing: %+v / %v / %+v", rule, o.Steal, o.DealDamage, o.Damage)
	}
	if o := optionsFor(s, 1); o.Damage != nil || o.DealDamage || len(o.Steal) != 0 {
		t.Errorf("%s: the loser waits for the winner's choice: %+v / %v", rule, o.Damage, o.Steal)
	}
	do(t, s, seatActor(2), game.DealDamage{})
	h = s.Options(hostActor)
	if h.Damage == nil || h.Damage.Seat != 1 || h.Damage.Action != game.ActResolveDmg || h.Damage.Amount != at.Damage || len(h.Damage.Traits) != 2 || len(h.Steal) != 0 {
		t.Errorf("%s: the damage chosen, the host may split the loser's damage: %+v", rule, h.Damage)
	}
	if o := optionsFor(s, 1); o.Damage == nil || o.Damage.Seat != 1 || len(o.Steal) != 0 {
		t.Errorf("%s: the damage chosen, the loser splits, steals nothing: %+v / %v", rule, o.Damage, o.Steal)
	}
	if o := optionsFor(s, 3); o.Damage != nil || len(o.Steal) != 0 || o.Defend != nil {
		t.Errorf("seed 000 袭击: a bystander settles nothing: %+v", o)
	}
}

func TestOptionsDrawnEvent(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 l.151-173: 翻开…事件牌…皆可能逼使人物进行能力考验 (the roll a drawn event asks for)"
	s := started(t, fourExplorers...)
	do(t, s, seatActor(1), game.DrawCard{Card: "angry-being"})
	if got := optionsFor(s, 1).Drawn; got != "angry-being" {
		t.Fatalf("%s: drawn %q, want angry-being", rule, got)
	}
	if got := optionsFor(s, 2).Drawn; got != "" {
		t.Errorf("app: another seat drew nothing: %q", got)
	}
	do(t, s, seatActor(1), game.Roll{Trait: game.Speed, Source: "card:angry-being", Purpose: "event", Total: intp(5)})
	if got := optionsFor(s, 1).Drawn; got != "" {
		t.Errorf("%s: its roll is made: drawn %q", rule, got)
	}
}

func TestOptionsCardWhy(t *testing.T) {
	t.Parallel()
	s := started(t, fourExplorers...)
	// An item used through its roll (the Bell's roll waits for the haunt).
	give(t, s, 2, "medical-kit", "bottle")
	o := optionsFor(s, 2) // seat 1's turn
	kit, bottle := o.Card("medical-kit"), o.Card("bottle")
	if kit == nil || kit.Use || kit.Why == nil || kit.Why.Key != "err_card_own_turn" {
		t.Errorf("seed 002 FAQ: items on your own turn only; the Medical Kit says why: %+v", kit)
	}
	if bottle == nil || bottle.Why == nil {
		t.Errorf("seed 002 FAQ: the Bottle says why it can't be drunk now: %+v", bottle)
	}
	turnTo(t, s, 2)
	o = optionsFor(s, 2)
	if kit := o.Card("medical-kit"); kit == nil || !kit.Use || kit.Why != nil {
		t.Errorf("seed 002 FAQ: on its own turn the Medical Kit may be used: %+v", kit)
	}
	if bottle := o.Card("bottle"); bottle == nil || bottle.Roll || bottle.Why == nil || bottle.Why.Key != "err_card_after_haunt" {
		t.Errorf("seed 000 瓶子 l.666: 在游戏进入作祟Haunt阶段后，玩家方可饮用这药液; it says why: %+v", bottle)
	}
}

func TestOptionsApplyRollNamesTheOutcome(t *testing.T) {
	t.Parallel()
	const rule = "card text (Disquieting Sounds): roll 6 dice: at least the omens revealed gains, fewer hurts"
	s := started(t, fourExplorers...)
	drawOmen(t, s, 1, "book", "kitchen")
	do(t, s, seatActor(1), game.HauntRoll{Total: intp(12)})
	do(t, s, seatActor(1), game.DrawCard{Card: "disquieting-sounds"})
	do(t, s, seatActor(1), game.Roll{Dice: 6, Source: "card:disquieting-sounds", Purpose: "event", Total: intp(0)})
	ar := optionsFor(s, 1).ApplyRoll
	if ar == nil || ar.Source != "card:disquieting-sounds" || ar.Bracket != 1 || ar.Release {
		t.Fatalf("%s: a 0 against 1 omen is the second outcome (the total less the omens): %+v", rule, ar)
	}
}

func TestOptionsCardWhyOnlyForAnAction(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 铠甲 l.615: 每当人物受到肉体损伤时，其损伤可获减低1点 (it acts while held: no action of its own to refuse)"
	s := started(t, fourExplorers...)
	give(t, s, 2, "armor")
	if armor := optionsFor(s, 2).Card("armor"); armor == nil || armor.Why != nil {
		t.Errorf("%s: %+v", rule, armor)
	}
}

// TestOptionsGlovesWhy: Pickpocket's Gloves — "you may discard the Gloves
// to take any one item that explorer is carrying" (its card text). While
// its take forms name explorers there is nothing to explain; with nobody
// to take from it says so; on another's turn it says that (seed 002 FAQ:
// items on your own turn only).
func TestOptionsGlovesWhy(t *testing.T) {
	t.Parallel()
	const rule = "pickpockets-gloves: take any one item that explorer is carrying"
	s := started(t, fourExplorers...)
	give(t, s, 1, "pickpockets-gloves")
	g := optionsFor(s, 1).Card("pickpockets-gloves")
	if g == nil || len(g.Take) != 0 || g.Why == nil || g.Why.Key != "err_take_nobody" {
		t.Errorf("%s: nobody holds an item: %+v", rule, g)
	}
	give(t, s, 2, "axe")
	g = optionsFor(s, 1).Card("pickpockets-gloves")
	if g == nil || len(g.Take) != 1 || g.Take[0].From != 2 || !slices.Equal(g.Take[0].Items, []string{"axe"}) || g.Why != nil {
		t.Errorf("%s: the take form names seat 2 and its Axe, with no reason under it: %+v", rule, g)
	}
	s = started(t, fourExplorers...)
	give(t, s, 2, "pickpockets-gloves")
	give(t, s, 1, "axe")
	g = optionsFor(s, 2).Card("pickpockets-gloves") // seat 1's turn
	if g == nil || len(g.Take) != 0 || g.Why == nil || g.Why.Key != "err_card_own_turn" {
		t.Errorf("seed 002 FAQ: items on your own turn only, said before anything else: %+v", g)
	}
}

// TestOptionsDrawFollowsDecide: the "I drew…" picker lists exactly the
// cards Decide accepts. While an attack waits for its defence, Creepy
// Puppet (its card text: it attacks its drawer) can't be drawn, though the
// event deck's other cards can (app: one attack at a time).
func TestOptionsDrawFollowsDecide(t *testing.T) {
	t.Parallel()
	const rule = "creepy-puppet: its attack on the drawer waits while another attack is open"
	s := traitorBoard(t)
	do(t, s, seatActor(2), game.Attack{Target: seatTarget(1), Total: intp(3)}) // waits for seat 1's defence
	o := optionsFor(s, 2)
	if !slices.Contains(o.Draw, "event") || !slices.Contains(o.DrawRefused, "creepy-puppet") {
		t.Fatalf("%s: decks %v, refused %v", rule, o.Draw, o.DrawRefused)
	}
	for _, c := range catalog.Box().Cards {
		if !slices.Contains(o.Draw, c.Deck) || !s.InDeck(c.ID) {
			continue
		}
		var a game.Action = game.DrawCard{Card: c.ID}
		if c.Deck == "omen" {
			a = game.DrawOmen{Omen: c.ID, Room: catalog.Chart().Rooms[0]}
		}
		_, err := s.Decide(seatActor(2), a, t0)
		if offered := !slices.Contains(o.DrawRefused, c.ID); offered != (err == nil) {
			t.Errorf("%s: %s offered %v, Decide says %v", rule, c.ID, offered, err)
		}
	}
}

// drawEveryCard is the draw answer found the long way: Decide asked about
// every card left in each deck. A deck is offered when any of them may be
// drawn; in an offered deck the refused ones are listed.
func drawEveryCard(s *game.State, actor game.Actor) (decks, refused []string) {
	for _, deck := range []string{"omen", "item", "event"} {
		var allowed bool
		var no []string
		for _, c := range catalog.Box().Cards {
			if c.Deck != deck || !s.InDeck(c.ID) {
				continue
			}
			var a game.Action = game.DrawCard{Card: c.ID}
			if deck == "omen" {
				a = game.DrawOmen{Omen: c.ID, Room: catalog.Chart().Rooms[0]}
			}
			if _, err := s.Decide(actor, a, t0); err == nil {
				allowed = true
			} else {
				no = append(no, c.ID)
			}
		}
		if allowed {
			decks = append(decks, deck)
			refused = append(refused, no...)
		}
	}
	return decks, refused
}

// TestOptionsDrawMatchesEveryCard: the decks Options offers and the cards
// it refuses in them are those asking Decide about every card gives (app:
// what Options offers, Decide accepts), for
// every seat and the host, over turns, attacks (Creepy Puppet and the Bite
// wait while another attack is open), the haunt, deaths (seed 000, 伤害:
// the dead don't explore), a replacement owed out of turn (Jonah's Turn),
// omens drawn and decks run low or out.
func TestOptionsDrawMatchesEveryCard(t *testing.T) {
	t.Parallel()
	leaveOnly := func(s *game.State, deck string, keep ...string) {
		for _, c := range catalog.Box().Cards {
			if c.Deck == deck && !slices.Contains(keep, c.ID) {
				s.Gone[c.ID] = true
			}
		}
	}
	attackOpen := func(t testing.TB) *game.State {
		s := traitorBoard(t)
		do(t, s, seatActor(2), game.Attack{Target: seatTarget(1), Total: intp(3)})
		return s
	}
	cases := []struct {
		name  string
		state func(t testing.TB) *game.State
	}{
		{"lobby", func(t testing.TB) *game.State { return lobby(t, fourExplorers...) }},
		{"exploring", func(t testing.TB) *game.State { return started(t, sixExplorers...) }},
		{"exploring, decks low", func(t testing.TB) *game.State {
			s := started(t, fourExplorers...)
			leaveOnly(s, "omen", "bite")
			leaveOnly(s, "item", "axe")
			leaveOnly(s, "event", "creepy-puppet", "webs")
			return s
		}},
		{"exploring, decks out", func(t testing.TB) *game.State {
			s := started(t, fourExplorers...)
			for _, deck := range []string{"omen", "item", "event"} {
				leaveOnly(s, deck)
			}
			return s
		}},
		{"omens drawn, a haunt roll owed", func(t testing.TB) *game.State {
			s := started(t, fourExplorers...)
			drawOmen(t, s, 1, "bite", "kitchen")
			drawOmen(t, s, 1, "dog", "kitchen")
			return s
		}},
		{"an omen drawn back in the deck", func(t testing.TB) *game.State {
			s := started(t, fourExplorers...)
			drawOmen(t, s, 1, "dog", "kitchen")
			delete(s.Gone, "dog") // still among the omens drawn
			return s
		}},
		{"a replacement owed out of turn", func(t testing.TB) *game.State {
			s := started(t, fourExplorers...)
			give(t, s, 3, "puzzle-box")
			give(t, s, 1, "jonahs-turn")
			do(t, s, seatActor(1), apply("card:jonahs-turn"))
			return s
		}},
		{"haunt", func(t testing.TB) *game.State {
			s := traitorBoard(t)
			zombie(t, s)
			return s
		}},
		{"monsters' turn", func(t testing.TB) *game.State {
			s := traitorBoard(t)
			zombie(t, s)
			turnTo(t, s, game.MonstersTurn)
			return s
		}},
		{"attack open", attackOpen},
		{"attack open, only the Puppet left in events", func(t testing.TB) *game.State {
			s := attackOpen(t)
			leaveOnly(s, "event", "creepy-puppet")
			leaveOnly(s, "omen", "bite")
			return s
		}},
		{"dead seat on its turn", func(t testing.TB) *game.State {
			s := traitorBoard(t)
			kill(t, s, 2)
			return s
		}},
		{"over", func(t testing.TB) *game.State {
			s := traitorBoard(t)
			do(t, s, hostActor, game.DeclareWinner{Side: game.SideTraitor})
			return s
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.state(t)
			actors := []game.Actor{hostActor}
			for _, seat := range s.Seats {
				actors = append(actors, seatActor(seat.ID))
			}
			for _, actor := range actors {
				o := s.Options(actor)
				decks, refused := drawEveryCard(s, actor)
				if !slices.Equal(o.Draw, decks) || !slices.Equal(o.DrawRefused, refused) {
					t.Errorf("%+v: Options draws %v refused %v; every card asked: %v refused %v", actor, o.Draw, o.DrawRefused, decks, refused)
				}
			}
		})
	}
}
