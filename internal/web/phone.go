package web

import (
	"fmt"
	"strconv"
	"strings"
	"time"

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
func phoneView(lang string, st *game.State, me *game.Seat, vm *views.Player, now time.Time) {
	p := &vm.Phone
	for i := range st.Seats {
		seat := &st.Seats[i]
		if seat.ID != me.ID {
			p.Lines = append(p.Lines, playerLine(lang, st, seat))
		}
	}
	if st.Haunt != nil {
		p.HauntKey = fmt.Sprintf("%s-%d-%d", st.Code, st.Haunt.Number, st.Haunt.Revealer)
	}
	alive := st.Alive(me)
	if st.Started && st.Ended == nil && alive {
		floor := 1
		if st.Phase == game.PhaseHaunt {
			floor = 0
		}
		for _, kind := range []string{"physical", "mental"} {
			d := damageSplit(lang, me, kind, game.MaxDamage, floor, false)
			d.Type, d.Legend = game.ActTakeDamage, i18n.T(lang, "take_damage_"+kind)
			p.Damage = append(p.Damage, d)
		}
	}
	p.Now = nowBar(lang, st, me, vm, now)
	if f := vm.Fight; f != nil {
		// The phone asks for these in its now bar and attack sheet.
		if f.CanAttack {
			p.Attack = &views.AttackSheet{Targets: opponents(st, me.ID, f.Targets), Traits: f.Traits, Weapons: f.Weapons, Ranged: st.Holds(me.ID, "revolver")}
		}
		f.CanAttack, f.Defend, f.Resolve, f.StealFrom = false, false, 0, nil
	}
}

// traitShort are the one- or two-letter trait names of a one-line board.
var traitShort = map[string][2]string{
	game.Might: {"Mi", "力"}, game.Speed: {"Sp", "速"}, game.Sanity: {"Sa", "神"}, game.Knowledge: {"Kn", "知"},
}

func playerLine(lang string, st *game.State, seat *game.Seat) views.PlayerLine {
	ex := seat.ExplorerData()
	l := views.PlayerLine{
		Seat: st.SeatNumber(seat.ID), Name: seat.Name, Colour: ex.Colour, Cards: len(st.Hands[seat.ID]),
		Dead: !st.Alive(seat), IsTurn: st.Started && st.Turn == seat.ID,
		// Only a traitor every screen may know: a hidden one stays hidden.
		Traitor: st.Haunt != nil && st.Haunt.PublicTraitor() == seat.ID,
	}
	for _, t := range game.Traits {
		short := traitShort[t][0]
		if lang == i18n.ZH {
			short = traitShort[t][1]
		}
		l.Values = append(l.Values, views.TraitValue{Short: short, Label: i18n.T(lang, "trait_"+t), Value: valueText(seat, t, seat.Traits[t])})
	}
	return l
}

// damageSplit is amount damage of kind for seat to spread; each trait's
// value after n damage comes from the engine's own loss rule.
func damageSplit(lang string, seat *game.Seat, kind string, amount, floor int, exact bool) views.DamageSplit {
	pair := [2]string{game.Might, game.Speed}
	if kind == "mental" {
		pair = [2]string{game.Sanity, game.Knowledge}
	}
	d := views.DamageSplit{Kind: kind, Amount: amount, Exact: exact}
	for i, t := range pair {
		ts := seat.Traits[t]
		st := views.SplitTrait{ID: t, Label: i18n.T(lang, "trait_"+t), Now: valueText(seat, t, ts),
			AllLabel: i18n.T(lang, "phone_all_to", amount, i18n.T(lang, "trait_"+t))}
		for n := 0; n <= amount; n++ {
			after := game.Lose(ts, n, floor)
			st.After = append(st.After, valueText(seat, t, after))
			st.Kills = append(st.Kills, after.Position == 0)
		}
		d.Traits[i] = st
	}
	return d
}

// nowBar is what this phone must or can do now, the most pressing first.
func nowBar(lang string, st *game.State, me *game.Seat, vm *views.Player, now time.Time) views.NowBar {
	var n views.NowBar
	turnText := vm.TurnName
	if vm.MonstersTurn {
		turnText = i18n.T(lang, "monsters_turn")
	} else if turnText != "" {
		turnText = i18n.T(lang, "turn_of", turnText)
	}
	switch {
	case !st.Started:
		n.Text = i18n.T(lang, "waiting_for_start")
		return n
	case vm.Summary != nil:
		n.Text = "🏁 " + vm.Summary.Winner
		return n
	}
	endTurn := views.NowAction{Label: i18n.T(lang, "end_turn"), Type: game.ActEndTurn}
	if !st.Alive(me) {
		n.Text = i18n.T(lang, "phone_you_died") + " · " + turnText
		if vm.MyTurn {
			endTurn.Primary = true
			n.Actions = append(n.Actions, endTurn)
		}
		return n
	}
	if hp := vm.HauntPrompt; hp != nil {
		n.Urgent, n.HauntRoll = true, hp
		n.Text = i18n.T(lang, "haunt_roll_now")
		n.Hint = i18n.T(lang, "phone_haunt_odds", hp.OmenCount, hp.Chance)
		return n
	}
	if f := vm.Fight; f != nil {
		if f.Defend && f.DefendFor == "" {
			n.Urgent, n.Text, n.Defend = true, f.Status, true
			return n
		}
		if f.Resolve > 0 {
			d := damageSplit(lang, me, f.ResolveKind, f.Resolve, 0, true)
			d.Type, d.Legend = game.ActResolveDmg, i18n.T(lang, "resolve_damage", f.Resolve, i18n.T(lang, "cause_"+f.ResolveKind))
			n.Urgent, n.Split = true, &d
			return n
		}
		if len(f.StealFrom) > 0 {
			n.Text, n.Hint = f.Status, i18n.T(lang, "steal_instead")
			for _, c := range f.StealFrom {
				n.Actions = append(n.Actions, views.NowAction{Label: c.Label, Type: game.ActSteal, Fields: []views.Field{{Name: "card", Value: c.ID}}})
			}
			return n
		}
		if f.Defend { // the attacker's phone, or the traitor's for a monster
			n.Text = f.Status
			wait := 0
			if at := st.Attack; at != nil && at.Defender.Monster == "" {
				wait = waitLeft(st, at.Seq, now)
			}
			n.Later = &views.LaterAction{
				NowAction:   views.NowAction{Label: "🎲 " + i18n.T(lang, "defend_for", f.DefendFor), Type: game.ActDefend},
				WaitSeconds: wait, Why: i18n.T(lang, "phone_defend_quiet", f.DefendFor),
			}
			return n
		}
	}
	if c := vm.Cards; c != nil {
		for _, o := range c.Offers {
			if o.Mine {
				continue
			}
			n.Urgent, n.Text = true, o.Text
			seq := []views.Field{{Name: "offer", Value: strconv.Itoa(o.Seq)}}
			n.Actions = append(n.Actions,
				views.NowAction{Label: i18n.T(lang, "accept"), Type: game.ActAcceptCard, Fields: seq, Primary: true},
				views.NowAction{Label: i18n.T(lang, "decline"), Type: game.ActDeclineCard, Fields: seq})
			return n
		}
		if p := st.Pending[me.ID]; p != nil && (p.Kind == "physical" || p.Kind == "mental") {
			d := damageSplit(lang, me, p.Kind, p.Amount, floorOf(st), true)
			d.Type, d.Legend = game.ActTakeDamage, c.Pending
			n.Urgent, n.Split = true, &d
			return n
		} else if p != nil {
			n.Urgent, n.Text = true, c.Pending
			n.Actions = append(n.Actions, views.NowAction{Label: i18n.T(lang, "phone_take_damage"), Href: "#s-board"})
			return n
		}
		if a := c.Apply; a != nil {
			n.Text = a.Text
			n.Actions = append(n.Actions, views.NowAction{Label: i18n.T(lang, "apply"), Type: game.ActApplyEffect,
				Fields: []views.Field{{Name: "source", Value: a.Source}}, Primary: true})
		}
	}
	if vm.MyTurn {
		if n.Text == "" {
			n.Text = i18n.T(lang, "phone_your_turn")
		}
		if vm.Phone.Attack != nil || (vm.Fight != nil && vm.Fight.CanAttack) {
			n.Actions = append(n.Actions, views.NowAction{Label: "⚔ " + i18n.T(lang, "attack"), Href: "#sheet-attack"})
		} else if st.Phase != game.PhaseHaunt {
			n.Actions = append(n.Actions, views.NowAction{Label: i18n.T(lang, "i_drew"), Href: "#s-cards"})
		}
		n.Actions = append(n.Actions, views.NowAction{Label: "🎲 " + i18n.T(lang, "phone_roll"), Href: "#s-dice"})
		endTurn.Primary = vm.Cards == nil || vm.Cards.Apply == nil
		n.Actions = append(n.Actions, endTurn)
		return n
	}
	if f := vm.Fight; f != nil && f.EndMonsters {
		n.Text = i18n.T(lang, "monsters_turn")
		n.Actions = append(n.Actions,
			views.NowAction{Label: i18n.T(lang, "monsters"), Href: "#s-haunt"},
			views.NowAction{Label: i18n.T(lang, "end_monsters_turn"), Type: game.ActEndTurn, Primary: true})
		return n
	}
	if n.Text == "" {
		n.Text = turnText
	}
	if f := vm.Fight; f != nil && f.Status != "" {
		n.Hint = f.Status
	}
	return n
}

func floorOf(st *game.State) int {
	if st.Phase == game.PhaseHaunt {
		return 0
	}
	return 1
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

// opponents keeps the targets on the other side, as every screen may know
// the sides: heroes attack the known traitor's side and the monsters, the
// traitor attacks heroes. While no traitor is known (a hidden one, or none
// yet shown) a hero may attack anyone, as at the table.
func opponents(st *game.State, me int, targets []views.Option) []views.Option {
	mine := st.SideOf(me)
	known := false
	for _, seat := range st.Seats {
		known = known || (seat.ID != me && st.SideOf(seat.ID) != mine)
	}
	if !known && mine == game.SideHeroes && (st.Haunt == nil || st.Haunt.Hidden() || st.Haunt.Traitor != 0) {
		return targets
	}
	var out []views.Option
	for _, t := range targets {
		kind, id, _ := strings.Cut(t.ID, ":")
		if kind == "m" {
			if mine == game.SideHeroes {
				out = append(out, t)
			}
			continue
		}
		n, err := strconv.Atoi(id)
		if err != nil || n < 1 || n > len(st.Seats) {
			continue
		}
		if st.SideOf(st.Seats[n-1].ID) != mine {
			out = append(out, t)
		}
	}
	return out
}
