package game_test

// Random play for the tests that walk the rules (valid_test.go: every state
// reached is possible; record_test.go: recorded games).

import (
	"math/rand/v2"
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// walkStarts are the states the random walks set out from.
var walkStarts = []struct {
	name string
	make func(t testing.TB) *game.State
}{
	{"six exploring", func(t testing.TB) *game.State { return started(t, sixExplorers...) }},
	{"three exploring, cards", func(t testing.TB) *game.State {
		s := started(t, "ox-bellows", "missy-dubourde", "peter-akimoto")
		give(t, s, 1, "lucky-stone", "candle", "angel-feather", "pickpockets-gloves")
		give(t, s, 2, "adrenaline-shot", "idol", "medical-kit", "rabbits-foot")
		// A room its holder never rolls for: each room's own checks,
		// which Options runs apart from the roll's (dryRun.roomRoll).
		give(t, s, 3, "medallion")
		return s
	}},
	{"haunt, a traitor, a zombie, weapons", func(t testing.TB) *game.State {
		s := traitorBoard(t)
		zombie(t, s)
		give(t, s, 2, "revolver", "axe", "lucky-stone", "candle")
		give(t, s, 3, "dynamite", "healing-salve", "pickpockets-gloves")
		give(t, s, 1, "blood-dagger", "spear")
		return s
	}},
	{"hidden traitor, held events", func(t testing.TB) *game.State {
		s, _ := hiddenGame(t)
		give(t, s, 1, "webs", "music-box", "armor")
		give(t, s, 3, "grave-dirt", "bell", "sacrificial-dagger", "angel-feather")
		give(t, s, 4, "debris", "dynamite", "bottle")
		return s
	}},
}

// randomStep applies one accepted action: usually one Options offers the
// actor, sometimes a host's correction.
func randomStep(t *testing.T, s *game.State, r *rand.Rand) {
	t.Helper()
	for range 50 {
		var actor game.Actor
		var cands []game.Action
		switch {
		case r.IntN(10) == 0:
			actor, cands = seatActor(s.Turn), []game.Action{game.EndTurn{}}
		case r.IntN(6) == 0:
			actor, cands = hostActor, corrections(s, r)
		default:
			actor = seatActor(s.Turn)
			if r.IntN(3) == 0 || s.Turn <= 0 {
				actor = hostActor
				if n := len(s.Seats); r.IntN(n+1) < n {
					actor = seatActor(s.Seats[r.IntN(n)].ID)
				}
			}
			cands = offered(s, actor, r)
		}
		r.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		for _, a := range cands {
			evs, err := decideRecorded(t, s, actor, a)
			if err != nil {
				continue
			}
			for _, e := range evs {
				if err := s.Apply(e); err != nil {
					t.Fatalf("apply %+v: %v", e, err)
				}
			}
			return
		}
	}
}

// corrections are what the host records for the table: a card drawn for
// someone, a clip moved, damage taken, a monster, an undo.
func corrections(s *game.State, r *rand.Rand) []game.Action {
	seat := 1 + r.IntN(len(s.Seats))
	box := catalog.Box().Cards
	c := box[r.IntN(len(box))]
	var draw game.Action = game.DrawCard{Seat: seat, Card: c.ID, Total: intp(r.IntN(3))}
	if c.Deck == "omen" {
		rooms := catalog.Chart().Rooms
		draw = game.DrawOmen{Seat: seat, Omen: c.ID, Room: rooms[r.IntN(len(rooms))], Total: intp(r.IntN(3))}
	}
	tr := game.Traits[r.IntN(4)]
	kinds := []string{"physical", "mental"}
	kind := kinds[r.IntN(2)]
	pair := game.DamageTraits(kind)
	return []game.Action{draw, draw, draw, game.StepTrait{Seat: seat, Trait: tr, Delta: r.IntN(5) - 3}, game.TakeDamage{Seat: seat, Kind: kind, Split: map[string]int{pair[r.IntN(2)]: 1 + r.IntN(3)}}, game.Undo{}, game.AddMonster{Kind: "Bat", Count: 1, Traits: map[string]int{game.Might: 2, game.Speed: 3}}, game.EndTurn{}}
}

// offered turns what Options offers the actor into actions to try.
func offered(s *game.State, actor game.Actor, r *rand.Rand) []game.Action {
	o := s.Options(actor)
	var out []game.Action
	add := func(a game.Action) { out = append(out, a) }
	if o.EndTurn {
		add(game.EndTurn{})
		for _, room := range o.EndTurnIn {
			add(game.EndTurn{Room: room})
		}
	}
	if ro := o.Roll; ro != nil {
		trait := game.Might
		for _, tr := range ro.Traits {
			add(game.Roll{Trait: tr})
			trait = tr
		}
		for _, m := range ro.Modifiers {
			a := game.Roll{Modifiers: []string{m.Card}}
			if catalog.Box().Card(m.Card).Modifier.Choose > 0 {
				a.Choose = intp(r.IntN(9))
			}
			if m.TraitRoll {
				b := a
				b.Trait = trait
				add(b)
			}
			if m.EventRoll {
				b := a
				b.Trait, b.Purpose = trait, "event"
				add(b)
			}
			if m.PlainRoll {
				b := a
				b.Dice = 1 + r.IntN(4)
				add(b)
			}
		}
	}
	for _, rr := range o.Rerolls {
		add(game.Reroll{Card: rr.Card, Indexes: []int{0}})
	}
	for _, deck := range o.Draw {
		for _, c := range catalog.Box().Cards {
			if c.Deck != deck || !s.InDeck(c.ID) || contains(o.DrawRefused, c.ID) {
				continue
			}
			if deck == "omen" {
				add(game.DrawOmen{Omen: c.ID, Room: catalog.Chart().Rooms[r.IntN(len(catalog.Chart().Rooms))]})
			} else {
				add(game.DrawCard{Card: c.ID})
			}
		}
	}
	if o.HauntRoll != nil {
		add(game.HauntRoll{})
	}
	if at := o.Attack; at != nil {
		for _, tg := range at.Targets {
			for _, tr := range tg.Traits {
				add(game.Attack{Target: game.Target{Seat: tg.Seat, Monster: tg.Monster}, Trait: tr})
				for _, w := range at.Weapons {
					if w.Trait == tr {
						add(game.Attack{Target: game.Target{Seat: tg.Seat, Monster: tg.Monster}, Trait: tr, Weapon: w.Card, Ranged: w.Ranged && r.IntN(2) == 0})
					}
				}
			}
		}
	}
	if o.Defend != nil {
		add(game.Defend{})
	}
	if d := o.Damage; d != nil {
		split := map[string]int{}
		for left := d.Amount; left > 0; left-- {
			split[d.Traits[r.IntN(len(d.Traits))].Trait]++
		}
		kind := d.Kind
		if d.Kind == "any" || len(d.As) > 0 {
			kind = "physical"
			if _, ok := split[game.Sanity]; ok {
				kind = "mental"
			}
			if _, ok := split[game.Knowledge]; ok {
				kind = "mental"
			}
		}
		var a game.Action = game.TakeDamage{Seat: d.Seat, Split: split, Kind: kind}
		if d.Action == game.ActResolveDmg {
			a = game.ResolveDamage{Seat: d.Seat, Split: split, Kind: kind}
		}
		add(a)
		add(a)
	}
	for _, c := range o.Steal {
		add(game.Steal{Card: c})
	}
	if o.DealDamage {
		add(game.DealDamage{})
	}
	for _, of := range o.Offers {
		if of.Accept {
			add(game.AcceptCard{Offer: of.Offer})
		}
		if of.Decline {
			add(game.DeclineCard{Offer: of.Offer})
		}
	}
	for _, c := range o.Cards {
		src := "card:" + c.Card
		card := catalog.Box().Card(c.Card)
		if c.Use {
			add(game.UseCard{Card: c.Card})
		}
		if c.Apply {
			add(game.ApplyEffect{Source: src})
			add(game.ApplyEffect{Source: src, Trait: game.Traits[r.IntN(4)]})
		}
		if c.Drop {
			add(game.DropCard{Card: c.Card, Room: catalog.Box().Rooms[r.IntN(len(catalog.Box().Rooms))].ID})
		}
		if c.Discard {
			add(game.DiscardCard{Card: c.Card})
		}
		for _, n := range c.Give {
			add(game.GiveCard{Card: c.Card, To: n})
		}
		if c.Roll {
			if a, ok := game.GuidedRoll(card.Roll, src, card.Deck); ok {
				a.Total = nil
				add(a)
			}
		}
		for _, tk := range c.Take {
			for _, item := range tk.Items {
				add(game.ApplyEffect{Source: src, To: tk.From, Card: item})
			}
		}
	}
	if mo := o.Monsters; mo != nil {
		for _, ma := range mo.Attack {
			for _, tg := range ma.Targets {
				add(game.Attack{Monster: ma.Monster, Target: game.Target{Seat: tg.Seat, Monster: tg.Monster}, Trait: game.Might})
			}
		}
		for _, k := range mo.Move {
			add(game.MonsterMoveRoll{Kind: k})
		}
		for _, m := range mo.Stun {
			add(game.Stun{Monster: m})
		}
	}
	for _, n := range o.JoinTraitor {
		add(game.JoinTraitor{Seat: n})
	}
	if o.Drawn != "" {
		c := catalog.Box().Card(o.Drawn)
		if a, ok := game.GuidedRoll(c.Roll, "card:"+c.ID, "event"); ok {
			a.Total = nil
			add(a)
		}
	}
	if ex := o.Explore; ex != nil {
		for _, f := range ex.Floors {
			for _, tile := range f.Tiles {
				add(game.DiscoverRoom{Room: tile, Floor: f.Floor})
			}
		}
	}
	for _, p := range o.PickUp {
		add(game.PickUp{Card: p.Card, Room: p.Pile})
	}
	for _, ro := range o.Rooms {
		src := "room:" + ro.Room
		if ro.Roll {
			if a, ok := game.GuidedRoll(catalog.Box().Room(ro.Room).Roll, src, "room"); ok {
				a.Total = nil
				add(a)
			}
		}
		if ro.Apply {
			add(game.ApplyEffect{Source: src})
			add(game.ApplyEffect{Source: src, Trait: game.Traits[r.IntN(4)]})
		}
	}
	if ar := o.ApplyRoll; ar != nil {
		add(game.ApplyEffect{Source: ar.Source})
		for _, tr := range ar.Traits {
			add(game.ApplyEffect{Source: ar.Source, Trait: tr})
		}
		for _, n := range ar.To {
			add(game.ApplyEffect{Source: ar.Source, To: n})
			add(game.ApplyEffect{Source: ar.Source, To: n, Trait: game.Traits[r.IntN(4)]})
		}
		for _, item := range ar.Items {
			add(game.ApplyEffect{Source: ar.Source, Card: item})
		}
		if ar.Room {
			add(game.ApplyEffect{Source: ar.Source, Room: catalog.Box().Rooms[r.IntN(len(catalog.Box().Rooms))].ID})
		}
	}
	for _, cr := range o.CardRolls {
		add(game.Roll{Source: "card:" + cr.Card, Purpose: "event", Trait: cr.Trait, Dice: cr.Dice})
	}
	for _, de := range o.DrawEffects {
		add(game.ApplyEffect{Source: "card:" + de.Card})
		for _, item := range de.Items {
			add(game.ApplyEffect{Source: "card:" + de.Card, Card: item})
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
