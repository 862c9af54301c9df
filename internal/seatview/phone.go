package seatview

import (
	"fmt"
	"strconv"
	"time"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/views"
)

// defendWait is how long the attacker's phone waits for the defender's own
// phone before it offers to roll the defence for them.
const defendWait = 20 * time.Second

// phoneView lays the player page out around now: the others in one line
// each, the attack sheet, the damage forms and the now bar. It runs with
// the game's read lock held, after the shared parts of vm are built; the
// prompts it moves to the now bar leave the haunt section.
func phoneView(lang string, st *game.State, me *game.Seat, vm *views.Player, o game.Options, now time.Time) {
	p := &vm.Phone
	p.Lines = make([]views.PlayerLine, 0, len(st.Seats))
	for i := range st.Seats {
		seat := &st.Seats[i]
		if seat.ID != me.ID {
			p.Lines = append(p.Lines, playerLine(st, seat))
		}
	}
	alive := st.Alive(me)
	if st.Started && st.Ended == nil && alive {
		for _, kind := range []string{"physical", "mental"} {
			d := damageSplit(me, kind, game.MaxDamage, st.Floor(), false)
			d.Type, d.Legend = game.ActTakeDamage, views.Line{say("take_damage_" + kind)}
			p.Damage = append(p.Damage, d)
		}
	}
	p.Attack = attackSheet(lang, o.Attack)
	p.Now = nowBar(lang, st, me, vm, o, now)
	p.HauntKey = hauntKey(st, &p.Now)
	if f := vm.Fight; f != nil {
		// The phone asks for these in its now bar and attack sheet.
		f.CanAttack, f.Defend, f.Resolve, f.StealFrom, f.DealDamage = false, false, 0, nil, false
	}
}

// hauntKey names the haunt as this phone last showed it: a new key opens
// the reveal sheet. A hidden traitor who turned their token up is news for
// every phone and opens it again, once, saying who it is — but not over
// something the phone owes now (a defence, a split): the now bar says it
// in a line, and the sheet waits until nothing is owed.
func hauntKey(st *game.State, n *views.NowBar) string {
	if st.Haunt == nil {
		return ""
	}
	key := fmt.Sprintf("%s-%d-%d", st.Code, st.Haunt.Number, st.Haunt.Revealer)
	traitor := st.Haunt.PublicTraitor()
	if !st.Haunt.Hidden() || traitor == 0 {
		return key
	}
	if n.Urgent {
		notice := views.Line{say("traitor_is", seatName(st, traitor))}
		if len(n.Hint) > 0 {
			notice = append(append(notice, views.Lit(" · ")), n.Hint...)
		}
		n.Hint = notice
		return key
	}
	return key + fmt.Sprintf("-traitor%d", traitor)
}

func playerLine(st *game.State, seat *game.Seat) views.PlayerLine {
	ex := seat.ExplorerData()
	l := views.PlayerLine{
		Seat: st.SeatNumber(seat.ID), Name: seat.Name, Colour: ex.Colour, Cards: len(st.Hands[seat.ID]),
		Dead: !st.Alive(seat), IsTurn: st.Started && st.Turn == seat.ID,
		// Only a traitor every screen may know: a hidden one stays hidden.
		Traitor: st.Haunt != nil && st.Haunt.PublicTraitor() == seat.ID,
	}
	for _, t := range game.Traits {
		l.Values = append(l.Values, views.TraitValue{Trait: t, Value: valueText(seat, t, seat.Traits[t])})
	}
	return l
}

// damageSplit is amount damage of kind for seat to spread; each trait's
// value after n damage comes from the engine's own loss rule.
func damageSplit(seat *game.Seat, kind string, amount, floor int, exact bool) views.DamageSplit {
	d := views.DamageSplit{Kind: kind, Amount: amount, Exact: exact}
	for i, t := range game.DamageTraits(kind) {
		ts := seat.Traits[t]
		st := views.SplitTrait{ID: t, Now: valueText(seat, t, ts), AllLabel: say("phone_all_to", amount, say("trait_"+t))}
		for n := 0; n <= amount; n++ {
			after := game.Lose(ts, n, floor)
			st.After = append(st.After, valueText(seat, t, after))
			st.Kills = append(st.Kills, after.Position == 0)
		}
		d.Traits[i] = st
	}
	return d
}

// nowBar is what this phone must or can do now, the most pressing first,
// as the engine's Options say; the words come from the view models. Each
// of nowPrompts is one thing the phone may owe or do, asked in turn until
// one fills the bar.
func nowBar(lang string, st *game.State, me *game.Seat, vm *views.Player, o game.Options, now time.Time) views.NowBar {
	p := &nowPrompt{lang: lang, st: st, me: me, vm: vm, o: o, now: now,
		endTurn: views.NowAction{Label: views.Line{say("end_turn")}, Type: game.ActEndTurn, Primary: true}}
	if vm.Fight != nil {
		if a := views.AttackWords(lang, vm.Fight.Attack); a != "" {
			p.status = views.Line{views.Lit(a)}
		}
	}
	for _, prompt := range nowPrompts {
		if prompt(p) {
			break
		}
	}
	return p.n
}

// nowPrompt is what the now bar's prompts read and fill: the bar, and the
// End my turn button the later ones may offer.
type nowPrompt struct {
	lang    string
	st      *game.State
	me      *game.Seat
	vm      *views.Player
	o       game.Options
	now     time.Time
	status  views.Line // the fight's line, when there is one
	endTurn views.NowAction
	n       views.NowBar
}

// nowPrompts are the now bar's prompts, the most pressing first. Each
// reports whether it filled the bar (the rest then wait); one that only
// adds to it (owedCardPrompt) lets the next ones add too. A new thing the
// phone may owe is a prompt here, in its place.
var nowPrompts = []func(*nowPrompt) bool{
	lobbyPrompt,
	overPrompt,
	deadPrompt,
	hauntRollPrompt,
	defendPrompt,
	damagePrompt,
	stealPrompt,
	winnerChoosingPrompt,
	defendForPrompt,
	offerPrompt,
	owedCardPrompt,
	monstersTurnPrompt,
	myTurnPrompt,
	othersTurnPrompt,
}

// lobbyPrompt: the game hasn't started.
func lobbyPrompt(p *nowPrompt) bool {
	if p.o.Turn.Doing != game.DoingLobby {
		return false
	}
	p.n.Text = views.Line{say("waiting_for_start")}
	return true
}

// overPrompt: a side has won.
func overPrompt(p *nowPrompt) bool {
	if p.o.Turn.Doing != game.DoingOver {
		return false
	}
	if p.vm.Summary != nil {
		p.n.Text = views.Line{views.Lit("🏁 "), say("won_" + p.vm.Summary.Winner)}
	}
	return true
}

// deadPrompt: this explorer died; the turn still passes through them.
func deadPrompt(p *nowPrompt) bool {
	if p.st.Alive(p.me) {
		return false
	}
	p.n.Text = append(views.Line{say("phone_you_died"), views.Lit(" · ")}, turnText(p.st, p.o.Turn)...)
	if p.o.EndTurn {
		p.n.Actions = append(p.n.Actions, p.endTurn)
	}
	return true
}

// hauntRollPrompt: the haunt roll is owed, with its odds.
func hauntRollPrompt(p *nowPrompt) bool {
	hr := p.o.HauntRoll
	if hr == nil {
		return false
	}
	n := &p.n
	n.Urgent, n.HauntRoll = true, p.vm.HauntPrompt
	n.Text = views.Line{say("haunt_roll_now")}
	n.Hint = views.Line{say("phone_haunt_odds", hr.OmenCount, percent(hr.Chance))}
	if n.HauntRoll == nil {
		n.HauntRoll = &views.HauntPrompt{OmenCount: hr.OmenCount, Chance: percent(hr.Chance)}
	}
	return true
}

// defendPrompt: this explorer's own defence roll.
func defendPrompt(p *nowPrompt) bool {
	d := p.o.Defend
	if d == nil || !d.Mine {
		return false
	}
	p.n.Urgent, p.n.Text, p.n.Defend = true, p.status, true
	p.n.Hint = views.Line{say("phone_defend_dice", d.Dice, say("trait_"+d.Trait), d.Against)}
	return true
}

// damagePrompt: damage to split (an attack lost, a card's or a room's).
func damagePrompt(p *nowPrompt) bool {
	d := p.o.Damage
	if d == nil {
		return false
	}
	n := &p.n
	if split, ok := damageSplitOf(p.st, p.me, d); ok {
		n.Urgent, n.Split = true, &split
		if d.Action == game.ActTakeDamage && p.vm.Cards != nil {
			split.Pending = p.vm.Cards.Pending
		}
		// Another kind a held card lets it be taken as (Skull: mental
		// as physical), as the engine's option says.
		for _, kind := range d.As {
			if len(game.DamageTraits(kind)[0]) == 0 {
				continue
			}
			alt := damageSplit(p.me, kind, d.Amount, p.st.Floor(), true)
			alt.Type, alt.Legend = d.Action, views.Line{say("damage_as", d.Amount, say("cause_"+kind))}
			n.SplitAs = append(n.SplitAs, alt)
		}
		return true
	}
	n.Urgent = true
	if p.vm.Cards != nil {
		n.Pending = p.vm.Cards.Pending
	}
	n.Actions = append(n.Actions, views.NowAction{Label: views.Line{say("phone_take_damage")}, Href: "#s-board"})
	return true
}

// stealPrompt: the winner may steal an item instead of dealing damage.
func stealPrompt(p *nowPrompt) bool {
	if len(p.o.Steal) == 0 {
		return false
	}
	lang, n := p.lang, &p.n
	n.Text, n.Hint = p.status, views.Line{say("steal_instead")}
	for _, c := range p.o.Steal {
		n.Actions = append(n.Actions, views.NowAction{Label: views.Line{views.Lit(cardName(lang, c))}, Type: game.ActSteal, Fields: []views.Field{{Name: "card", Value: c}}})
	}
	if p.o.DealDamage {
		n.Actions = append(n.Actions, views.NowAction{Label: views.Line{say("deal_damage")}, Type: game.ActDealDamage})
	}
	return true
}

// winnerChoosingPrompt: lost, and the winner may steal instead of dealing
// damage: say whose choice the fight waits for.
func winnerChoosingPrompt(p *nowPrompt) bool {
	at := p.st.Attack
	if at == nil || at.Loser.Seat != p.me.ID || !at.CanSteal || at.Done {
		return false
	}
	winner := at.Attacker
	if at.Loser == at.Attacker {
		winner = at.Defender
	}
	p.n.Text, p.n.Hint = views.Line{say("phone_winner_choosing", targetName(p.st, winner))}, p.status
	return true
}

// defendForPrompt: a defence this phone may roll for another, after a wait
// for their own phone: the attacker's phone, the traitor's for a monster,
// or the host.
func defendForPrompt(p *nowPrompt) bool {
	d := p.o.Defend
	if d == nil {
		return false
	}
	p.n.Text = p.status
	wait := 0
	if at := p.st.Attack; at != nil && at.Defender.Seat != 0 {
		wait = waitLeft(p.st, d.Attack, p.now)
	}
	p.n.Later = &views.LaterAction{
		NowAction:   views.NowAction{Label: views.Line{views.Lit("🎲 "), say("defend_for", d.Defender)}, Type: game.ActDefend},
		WaitSeconds: wait, Why: views.Line{say("phone_defend_quiet", d.Defender)},
	}
	return true
}

// offerPrompt: a card handed to this explorer, to accept or decline.
func offerPrompt(p *nowPrompt) bool {
	for _, of := range p.o.Offers {
		if !of.Accept {
			continue
		}
		lang, n := p.lang, &p.n
		n.Urgent = true
		n.Text = views.Line{say("offer_to_me", seatName(p.st, p.st.Seats[of.From-1].ID), cardName(lang, of.Card))}
		seq := []views.Field{{Name: "offer", Value: strconv.Itoa(of.Offer)}}
		n.Actions = append(n.Actions,
			views.NowAction{Label: views.Line{say("accept")}, Type: game.ActAcceptCard, Fields: seq, Primary: true},
			views.NowAction{Label: views.Line{say("decline")}, Type: game.ActDeclineCard, Fields: seq})
		return true
	}
	return false
}

// owedCardPrompt adds a card's roll or outcome this phone owes (owedCard);
// End my turn then is no longer the bar's first button. It never fills
// the bar: the turn's own prompts follow.
func owedCardPrompt(p *nowPrompt) bool {
	if owedCard(p.lang, p.vm.Cards, p.o, &p.n) {
		p.endTurn.Primary = false
	}
	return false
}

// monstersTurnPrompt: the monsters' turn, on the phone that runs them:
// their movement rolls here, their attacks and stuns in the haunt section.
func monstersTurnPrompt(p *nowPrompt) bool {
	if !p.o.Turn.Mine || !p.o.Turn.Monsters {
		return false
	}
	lang, n := p.lang, &p.n
	n.Text = views.Line{say("monsters_turn")}
	if f := p.vm.Fight; f != nil && len(f.Moves) > 0 {
		n.Hint = views.Line{views.Lit("🎲 " + views.RollWords(lang, f.Moves[len(f.Moves)-1]))} // the newest move roll
	}
	if m := p.o.Monsters; m != nil {
		for _, kind := range m.Move {
			if len(n.Actions) < 2 {
				n.Actions = append(n.Actions, views.NowAction{Label: views.Line{views.Lit("🎲 "), say("monster_move", kind)}, Type: game.ActMonsterMove,
					Fields: []views.Field{{Name: "kind", Value: kind}}})
			}
		}
		if len(m.Attack) > 0 || len(m.Move) > 1 {
			n.Actions = append(n.Actions[:min(len(n.Actions), 1)], views.NowAction{Label: views.Line{views.Lit("⚔ "), say("monsters")}, Href: "#s-haunt"})
		}
	}
	if p.o.EndTurn {
		p.endTurn.Label = views.Line{say("end_monsters_turn")}
		n.Actions = append(n.Actions, p.endTurn)
	}
	return true
}

// myTurnPrompt: this explorer's own turn: a room's card owed, the roll
// just made, and at most two steps before End my turn.
func myTurnPrompt(p *nowPrompt) bool {
	if !p.o.Turn.Mine {
		return false
	}
	lang, st, o, n := p.lang, p.st, p.o, &p.n
	if ex := o.Explore; ex != nil && ex.Owed != nil {
		owedDiscovery(lang, ex.Owed, n, &p.endTurn)
	}
	if len(n.Text) == 0 {
		n.Text = views.Line{say("phone_your_turn")}
	}
	// A roll made from the bar (the haunt roll) is answered in it, for
	// the rest of the turn: its result would be on the Dice tab only.
	if last := st.LastRoll(p.me.ID); last != nil && last.Seq > st.TurnStart && len(n.Hint) == 0 {
		n.Hint = myRollHint(lang, rollLine(lang, st, *last))
	}
	if st.OwedCard() != nil {
		// The engine holds the turn until the room's card is drawn
		// (game.OwedCard): the draw and I drew… are the bar's only
		// steps, so nothing else is tapped past it.
		if len(o.Draw) > 0 {
			n.Actions = append(n.Actions, views.NowAction{Label: views.Line{say("i_drew")}, Href: "#s-cards", Open: "drew"})
		}
		return true
	}
	myTurnSteps(p)
	return true
}

// myTurnSteps are the turn's steps, at most two before End my turn, the
// most pressing first; the rest is one tap away in the tabs.
func myTurnSteps(p *nowPrompt) {
	o, n := p.o, &p.n
	if o.Attack != nil {
		n.Actions = append(n.Actions, views.NowAction{Label: views.Line{views.Lit("⚔ "), say("attack")}, Href: "#sheet-attack"})
	}
	if o.Explore != nil && o.Explore.Owed == nil && len(o.Explore.Floors) > 0 && len(n.Actions) < 2 {
		n.Actions = append(n.Actions, views.NowAction{Label: views.Line{views.Lit("🚪 "), say("i_discovered")}, Href: "#s-board", Open: "discover"})
	}
	if len(o.Draw) > 0 && len(n.Actions) < 2 {
		n.Actions = append(n.Actions, views.NowAction{Label: views.Line{say("i_drew")}, Href: "#s-cards", Open: "drew"})
	}
	if o.Roll != nil && len(n.Actions) < 2 {
		n.Actions = append(n.Actions, views.NowAction{Label: views.Line{views.Lit("🎲 "), say("phone_roll")}, Href: "#s-dice"})
	}
	if c := p.vm.Cards; c != nil && len(c.RoomHurts) > 0 && o.EndTurn {
		// A room in the house that hurts whoever ends a turn in it
		// (the Crypt, the Furnace Room): one tap before End my turn.
		r := c.RoomHurts[0]
		n.Actions = append(n.Actions, views.NowAction{Label: views.Line{say("phone_end_in_room", r.Label)}, Type: game.ActApplyEffect,
			Fields: []views.Field{{Name: "source", Value: r.ID}}})
	}
	if o.EndTurn {
		n.Actions = append(n.Actions, p.endTurn)
	}
}

// othersTurnPrompt: someone else's turn: whose, and the fight's line.
func othersTurnPrompt(p *nowPrompt) bool {
	if len(p.n.Text) == 0 {
		p.n.Text = turnText(p.st, p.o.Turn)
	}
	if len(p.status) > 0 {
		p.n.Hint = p.status
	}
	return true
}

// owedDiscovery names the card a room just discovered still owes (its
// symbol's deck), with a link to its buttons where it was discovered, and
// has End my turn ask before leaving it undrawn where the engine lets the
// turn end without it (an empty deck).
func owedDiscovery(lang string, owed *game.Discovery, n *views.NowBar, endTurn *views.NowAction) {
	deck, room := say("deck_"+owed.Deck), roomName(lang, owed.Room)
	if len(n.Text) == 0 {
		n.Text = views.Line{say("phone_owed_card", room, deck)}
	}
	n.Actions = append(n.Actions, views.NowAction{Label: views.Line{views.Lit(symbols[owed.Deck] + " "), say("phone_draw_owed", deck)}, Href: "#s-board", Primary: true})
	endTurn.Primary, endTurn.Confirm = false, views.Line{say("end_turn_owed", deck, room)}
}

// owedCard puts in the bar the card roll this phone owes or the outcome
// it has to apply, so it never waits unseen on the Cards tab: the outcome
// of its last roll, else the event it just drew, else a drawn card's effect
// without a roll, else a roll the engine says a card drawn asks of it
// (every explorer's, the next trait's).
func owedCard(lang string, c *views.Cards, o game.Options, n *views.NowBar) bool {
	if c == nil {
		return false
	}
	switch {
	case c.Apply != nil:
		n.Apply = c.Apply
	case c.Drawn != nil && len(c.Drawn.Rolls) > 0:
		n.Text, n.Rolls = views.Line{views.Lit(c.Drawn.Name)}, c.Drawn.Rolls
	case len(c.DrawEffects) > 0: // a drawn card's effect without a roll (Skeletons, Jonah's Turn)
		e := c.DrawEffects[0]
		n.Apply = &views.ApplyLine{Source: e.Source, Said: "effect", Name: e.Name, Outcome: e.Text, Items: e.Items}
	default:
		for _, r := range o.CardRolls {
			if r.Owed {
				card := catalog.Box().Card(r.Card)
				n.Text, n.Rolls = views.Line{views.Lit(card.Name.In(lang))}, []views.GuidedRoll{*guidedRollWith(lang, "card:"+r.Card, card.Name, r.Trait, r.Dice, "event")}
				if r.Holder == 0 && catalog.Box().Card(r.Card).EveryExplorer {
					// Drawn by another: its words say whom it asks (every
					// explorer, or those in the basement).
					n.Hint = views.Line{views.Lit(card.Text.In(lang))}
				}
				break
			}
		}
	}
	owes := len(n.Rolls) > 0 || n.Apply != nil
	n.Urgent = n.Urgent || owes
	return owes
}

// turnText says whose turn it is and what they are doing.
func turnText(st *game.State, t game.TurnOptions) views.Line {
	who := say("monsters_turn")
	if !t.Monsters && t.Seat > 0 && t.Seat <= len(st.Seats) {
		who = say("turn_of", st.Seats[t.Seat-1].Name)
	}
	if i18n.Has("doing_" + t.Doing) { // the ordinary haunt and monster turns need no words
		return views.Line{who, views.Lit(" · "), say("doing_" + t.Doing)}
	}
	return views.Line{who}
}

// say is the words of key with args, for the template to say in the
// page's language (views.Phrase).
func say(key string, args ...any) views.Phrase { return views.Phrase{Key: key, Args: args} }

// damageSplitOf is the engine's damage option as a split over two traits;
// ok is false for damage of any kind (the player picks physical or mental).
func damageSplitOf(st *game.State, me *game.Seat, d *game.DamageOption) (views.DamageSplit, bool) {
	if len(d.Traits) != 2 {
		return views.DamageSplit{}, false
	}
	split := damageSplit(me, d.Kind, d.Amount, st.Floor(), true)
	split.Type = d.Action
	split.Legend = views.Line{say("resolve_damage", d.Amount, say("cause_"+d.Kind))}
	for i, t := range d.Traits {
		kills := make([]bool, len(split.Traits[i].Kills)) // the split's own are shared
		for n := range kills {
			kills[n] = t.Lethal > 0 && n >= t.Lethal
		}
		split.Traits[i].Kills = kills
	}
	return split, true
}

// waitLeft is how many seconds of defendWait remain since event seq.
func waitLeft(st *game.State, seq int, now time.Time) int {
	for i := len(st.Events) - 1; i >= 0; i-- {
		if st.Events[i].Seq == seq {
			left := defendWait - now.Sub(st.Events[i].At)
			if left <= 0 {
				return 0
			}
			return int(left.Round(time.Second) / time.Second)
		}
	}
	return 0
}

// attackSheet is the engine's attack options as the sheet offers them:
// each opponent a button, and the ways to attack the engine allows — each
// held weapon with its trait (and from another room when it may), then
// each trait without one — the first preset, so a held weapon is used
// unless the player says otherwise.
func attackSheet(lang string, a *game.AttackOptions) *views.AttackSheet {
	if a == nil {
		return nil
	}
	sheet := &views.AttackSheet{}
	for _, w := range a.Weapons {
		trait, card := say("trait_"+w.Trait), cardName(lang, w.Card)
		way := w.Trait + ":" + w.Card
		sheet.Ways = append(sheet.Ways, views.Way{ID: way, Label: say("attack_way_with", trait, card)})
		if w.Ranged {
			sheet.Ways = append(sheet.Ways, views.Way{ID: way + ":ranged", Label: say("attack_way_ranged", trait, card)})
		}
		sheet.Dice = append(sheet.Dice, say("phone_attack_with", trait, card, w.Rolls, 2*w.Rolls))
	}
	for _, tr := range a.Plain {
		sheet.Ways = append(sheet.Ways, views.Way{ID: tr, Label: say("trait_" + tr)})
		n := a.Dice[tr]
		sheet.Dice = append(sheet.Dice, say("phone_attack_dice", say("trait_"+tr), n, 2*n))
	}
	for _, t := range a.Targets {
		id := "seat:" + strconv.Itoa(t.Seat)
		if t.Monster != "" {
			id = "monster:" + t.Monster
		}
		sheet.Targets = append(sheet.Targets, views.Option{ID: id, Label: t.Name})
	}
	return sheet
}

// myRollHint is this phone's roll as the now bar says it.
func myRollHint(lang string, r views.RollLine) views.Line {
	hint := views.Line{say("phone_your_roll", views.RollWords(lang, r), r.Total)}
	switch {
	case r.Target > 0 && r.Success:
		hint = append(hint, views.Lit(" ✓ "), say("target_met", r.Target))
	case r.Target > 0:
		hint = append(hint, views.Lit(" ✗ "), say("target_missed", r.Target))
	}
	return hint
}
