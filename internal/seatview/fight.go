package seatview

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"time"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/views"
)

func targetName(s *game.State, t game.Target) string {
	if t.Monster != "" {
		if m := s.Monster(t.Monster); m != nil {
			return m.Name
		}
		return t.Monster
	}
	return seatName(s, t.Seat)
}

func monsterTraits(m game.Monster) []views.TraitChange {
	var out []views.TraitChange
	for _, t := range game.Traits {
		if v, ok := m.Traits[t]; ok {
			out = append(out, views.TraitChange{Trait: t, N: v})
		}
	}
	return out
}

// attack is the attack in progress as the phone of seat viewer reads it
// (0: the table), for views.Attack to say: the defender's and the loser's
// own phones say "you". Nil when none is, or a finished one's turn ended.
func attack(lang string, s *game.State, viewer int) *views.Attack {
	at := s.Attack
	if at == nil || (at.Done && endedSince(s, at.Seq)) {
		return nil // a finished attack's line clears when the turn ends
	}
	you := func(t game.Target) bool { return viewer != 0 && t.Monster == "" && t.Seat == viewer }
	a := &views.Attack{Attacker: targetName(s, at.Attacker), Defender: targetName(s, at.Defender), ToYou: you(at.Defender),
		Trait: at.Trait, Ranged: at.Ranged, Total: at.Attack.Total}
	if at.Weapon != "" {
		a.Weapon = cardName(lang, at.Weapon)
	}
	if at.Defense == nil {
		return a
	}
	a.Defended, a.Defense = true, at.Defense.Total
	a.Loser, a.LoserYou, a.Damage, a.Kind = targetName(s, at.Loser), you(at.Loser), at.Damage, at.Kind
	switch {
	case at.Damage == 0 && at.Attack.Total == at.Defense.Total:
		a.Outcome = "tie"
	case at.Damage == 0 && at.Ranged && at.Defense.Total > at.Attack.Total:
		a.Outcome = "ranged_miss"
	case at.Loser.Monster != "":
		a.Outcome = "stunned"
	case at.Done:
		a.Outcome = "done"
		if e := stolenIn(s, at.Seq); e != nil { // the theft's card_moved
			a.Stolen = &views.Theft{By: seatName(s, e.To), Card: cardName(lang, e.Card), From: seatName(s, e.Seat)}
		}
	case at.Damage == 0 && !at.CanSteal:
		a.Outcome = "armor"
	default:
		a.Outcome = "loses"
		if at.CanSteal { // the winner's choice comes first (seed 000 袭击: 可选择偷窃…但对方即无需扣减其能力)
			winner := at.Attacker
			if at.Loser == at.Attacker {
				winner = at.Defender
			}
			a.MayStealWinner = targetName(s, winner)
		}
	}
	return a
}

// attackLine is who attacks whom, how, and what the attack rolled, for the
// log (views.LogAttack says it).
func attackLine(s *game.State, at game.AttackState) views.LogAttack {
	return views.LogAttack{Attacker: targetName(s, at.Attacker), Defender: targetName(s, at.Defender),
		Trait: at.Trait, Ranged: at.Ranged, Total: at.Attack.Total}
}

// stolenIn is the theft that ended the attack of seq, if one did.
func stolenIn(s *game.State, seq int) *game.CardMoved {
	for i := len(s.Events) - 1; i >= 0 && s.Events[i].Seq > seq; i-- {
		if e, ok := s.Events[i].Data.(game.CardMoved); ok && e.How == "steal" && !s.IsUndone(s.Events[i].Seq) {
			return &e
		}
	}
	return nil
}

// endedSince reports whether a turn ended after event seq.
func endedSince(s *game.State, seq int) bool {
	for i := len(s.Events) - 1; i >= 0 && s.Events[i].Seq > seq; i-- {
		if s.Events[i].Type() == game.EvTurnEnded && !s.IsUndone(s.Events[i].Seq) {
			return true
		}
	}
	return false
}

// fight builds the haunt's second half for a seat's phone (viewer > 0) or
// the table (viewer 0, acting as host). What the screen may do — defend,
// split damage, steal, attack, run the monsters, move a hero to the
// traitor's side — is the engine's answer for it (opts, game.Options).
func fight(lang string, s *game.State, viewer int, opts game.Options) *views.Fight {
	if s.Phase != game.PhaseHaunt || s.Ended != nil {
		return nil
	}
	f := &views.Fight{Attack: attack(lang, s, viewer), CanEnd: s.Ended == nil, RunMonsters: opts.RunMonsters, Moves: monsterMoves(lang, s)}
	if t := s.Track; t != nil {
		// A track set by its −/+ alone has no label of its own yet.
		f.Track = &views.TrackLine{Value: t.Value, Label: t.Label}
	} else if f.RunMonsters {
		f.Track = &views.TrackLine{}
	}
	f.EndMonsters = f.RunMonsters && opts.EndTurn && opts.Turn.Monsters
	var stun []string
	if m := opts.Monsters; m != nil {
		stun = m.Stun
		for _, k := range m.Move {
			f.Kinds = append(f.Kinds, views.Option{ID: k, Label: k})
		}
		for _, ma := range m.Attack {
			f.Attackers = append(f.Attackers, views.Option{ID: ma.Monster, Label: targetName(s, game.Target{Monster: ma.Monster})})
			for _, t := range ma.Targets {
				if o := targetOption(t); !slices.Contains(f.Heroes, o) {
					f.Heroes = append(f.Heroes, o)
				}
			}
		}
	}
	for _, m := range s.Monsters {
		f.Monsters = append(f.Monsters, views.MonsterLine{ID: m.ID, Name: m.Name, Traits: monsterTraits(m), Stunned: m.Stunned,
			CanStun: slices.Contains(stun, m.ID)})
	}
	if s.TurnTraitor() != 0 {
		for _, id := range s.TurnOrder() {
			name := "" // the monsters' turn
			if id != game.MonstersTurn {
				name = seatName(s, id)
			}
			f.TurnOrder = append(f.TurnOrder, name)
		}
	}
	if d := opts.Defend; d != nil {
		f.Defend = true
		if !d.Mine {
			f.DefendFor = d.Defender
		}
	}
	if d := opts.Damage; d != nil && d.Action == game.ActResolveDmg && len(d.Traits) == 2 {
		f.Resolve, f.ResolveKind = d.Amount, d.Kind
		for i, t := range d.Traits {
			f.ResolvePair[i] = t.Trait
		}
		// Another kind a held card lets it be taken as (Skull: mental as
		// physical), as the engine's option says and the phone offers.
		for _, kind := range d.As {
			pair := game.DamageTraits(kind)
			if pair[0] == "" {
				continue
			}
			f.ResolveAs = append(f.ResolveAs, views.ResolveAlt{Kind: kind, Pair: pair})
		}
	}
	f.DealDamage = opts.DealDamage
	for _, c := range opts.Steal {
		f.StealFrom = append(f.StealFrom, views.Option{ID: c, Label: cardName(lang, c)})
	}
	attackOptions(lang, opts.Attack, f)
	if f.RunMonsters && viewer != 0 {
		f.Reminders = true
	}
	for _, n := range opts.JoinTraitor {
		f.JoinTraitor = append(f.JoinTraitor, views.Option{ID: strconv.Itoa(n), Label: s.Seats[n-1].Name})
	}
	return f
}

// targetOption is an attack target as the forms name it.
func targetOption(t game.AttackTarget) views.Option {
	if t.Monster != "" {
		return views.Option{ID: "monster:" + t.Monster, Label: t.Name}
	}
	return views.Option{ID: "seat:" + strconv.Itoa(t.Seat), Label: t.Name}
}

// attackOptions fills the attack form from what the engine allows the
// seat now (game.Options): opponents, the traits each may be attacked with
// (a weapon's trait names the weapon) and the weapons held.
func attackOptions(lang string, at *game.AttackOptions, f *views.Fight) {
	if at == nil {
		return
	}
	f.CanAttack = true
	var traits []string
	for _, t := range at.Targets {
		f.Targets = append(f.Targets, targetOption(t))
		for _, tr := range t.Traits {
			if !slices.Contains(traits, tr) {
				traits = append(traits, tr)
			}
		}
	}
	for _, tr := range game.Traits {
		if !slices.Contains(traits, tr) {
			continue
		}
		t := views.AttackTrait{ID: tr}
		for _, w := range at.Weapons {
			if w.Trait == tr && tr != game.Might {
				t.Weapons = append(t.Weapons, cardName(lang, w.Card))
			}
		}
		f.Traits = append(f.Traits, t)
	}
	for _, w := range at.Weapons {
		f.Weapons = append(f.Weapons, views.Option{ID: w.Card, Label: cardName(lang, w.Card)})
	}
}

// summary is the end of the game, once a side has won.
func summary(lang string, s *game.State) *views.Summary {
	if s.Ended == nil {
		return nil
	}
	sum := &views.Summary{Winner: s.Ended.Side, Rolls: len(s.Rolls)}
	if h := s.Haunt; h != nil {
		sum.Haunt = fmt.Sprintf("%d · %s", h.Number, catalog.HauntByNumber(h.Number).Name.In(lang))
		// Only what the table knows: an ending can be undone, so a hidden
		// traitor who never showed their token stays hidden here too.
		if t := h.PublicTraitor(); t != 0 {
			sum.Traitor = seatName(s, t)
		}
	} else {
		sum.Haunt = "—"
	}
	for _, seat := range s.Seats {
		if !s.Alive(&seat) {
			sum.Dead = append(sum.Dead, seat.Name)
		}
	}
	sort.Strings(sum.Dead)
	if len(s.Events) > 0 {
		d := s.Events[len(s.Events)-1].At.Sub(s.Events[0].At).Round(time.Minute)
		sum.Duration = fmt.Sprintf("%d:%02d", int(d.Hours()), int(d.Minutes())%60)
	}
	return sum
}

// buzzMarks are the events that concern this phone, for the script's
// haptics: the reveal (everyone), an attack on this seat, a card handed to it.
func buzzMarks(s *game.State, seatID int) []views.Buzz {
	// The last five, found from the newest back (every phone's view
	// reads this at every version; the events are not copied).
	var marks []views.Buzz
	for i := len(s.Events) - 1; i >= 0 && len(marks) < 5; i-- {
		e := &s.Events[i]
		switch d := e.Data.(type) {
		case game.HauntRevealed:
			marks = append(marks, views.Buzz{ID: "haunt-" + strconv.Itoa(e.Seq), Kind: "haunt"})
		case game.Attacked:
			if d.Attack.Defender.Seat == seatID {
				marks = append(marks, views.Buzz{ID: "attack-" + strconv.Itoa(e.Seq), Kind: "act"})
			}
		case game.CardOffered:
			if d.To == seatID {
				marks = append(marks, views.Buzz{ID: "offer-" + strconv.Itoa(e.Seq), Kind: "act"})
			}
		}
	}
	slices.Reverse(marks)
	return marks
}

// monsterMoves are the monster move rolls made this turn, newest last, as
// the log words them: where the monsters are moved, not only in the log.
func monsterMoves(lang string, s *game.State) []views.RollLine {
	var out []views.RollLine
	for i := len(s.Rolls) - 1; i >= 0 && s.Rolls[i].Seq > s.TurnStart; i-- {
		if r := s.Rolls[i]; r.Purpose == "monster-move" {
			var l views.RollLine
			rollFacts(lang, &l, r)
			out = append([]views.RollLine{l}, out...)
		}
	}
	return out
}
