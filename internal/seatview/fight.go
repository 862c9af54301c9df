package seatview

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
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

func monsterTraits(lang string, m game.Monster) string {
	var parts []string
	for _, t := range game.Traits {
		if v, ok := m.Traits[t]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", i18n.T(lang, "trait_"+t), v))
		}
	}
	return strings.Join(parts, " · ")
}

// attackStatus says where the attack in progress stands, as the phone of
// seat viewer reads it (0: the table): the defender's and the loser's own
// phones say "you".
func attackStatus(lang string, s *game.State, viewer int) string {
	at := s.Attack
	if at == nil || (at.Done && endedSince(s, at.Seq)) {
		return "" // a finished attack's line clears when the turn ends
	}
	you := func(t game.Target) bool { return viewer != 0 && t.Monster == "" && t.Seat == viewer }
	// Chinese sentences follow one another without a space.
	sp, open, shut := " ", " (", ")"
	if lang == "zh" {
		sp, open, shut = "", "（", "）"
	}
	text := attackLine(lang, s, *at, you(at.Defender))
	if at.Weapon != "" {
		text += open + cardName(lang, at.Weapon) + shut
	}
	if at.Defense == nil {
		if you(at.Defender) {
			return text + sp + i18n.T(lang, "attack_waiting_you")
		}
		return text + sp + i18n.T(lang, "attack_waiting", targetName(s, at.Defender))
	}
	text += sp + i18n.T(lang, "defense_rolled", at.Defense.Total)
	switch {
	case at.Damage == 0 && at.Attack.Total == at.Defense.Total:
		return text + sp + i18n.T(lang, "attack_tie")
	case at.Damage == 0 && at.Ranged && at.Defense.Total > at.Attack.Total:
		return text + sp + i18n.T(lang, "attack_ranged_miss")
	case at.Loser.Monster != "":
		return text + sp + i18n.T(lang, "attack_stunned", targetName(s, at.Loser))
	case at.Done:
		if e := stolenIn(s, at.Seq); e != nil { // the theft's card_moved
			text += sp + i18n.T(lang, "attack_stolen", seatName(s, e.To), cardName(lang, e.Card), seatName(s, e.Seat))
		}
		return text + sp + i18n.T(lang, "attack_done")
	case at.Damage == 0 && !at.CanSteal:
		return text + sp + i18n.T(lang, "attack_armor", targetName(s, at.Loser))
	}
	if you(at.Loser) {
		text += sp + i18n.T(lang, "attack_loses_you", at.Damage, i18n.T(lang, "cause_"+at.Kind))
	} else {
		text += sp + i18n.T(lang, "attack_loses", targetName(s, at.Loser), at.Damage, i18n.T(lang, "cause_"+at.Kind))
	}
	if at.CanSteal { // the winner's choice comes first (seed 000 袭击: 可选择偷窃…但对方即无需扣减其能力)
		winner := at.Attacker
		if at.Loser == at.Attacker {
			winner = at.Defender
		}
		text += sp + i18n.T(lang, "attack_may_steal", targetName(s, winner))
	}
	return text
}

// attackLine says who attacks whom, how, and what the attack rolled: the
// number is the roll, not the trait's value, and a ranged attack says so.
func attackLine(lang string, s *game.State, at game.AttackState, toYou bool) string {
	trait := i18n.T(lang, "trait_"+at.Trait)
	key := "attack_rolled"
	if at.Ranged {
		key = "attack_ranged"
	}
	if toYou {
		return i18n.T(lang, key+"_you", targetName(s, at.Attacker), trait, at.Attack.Total)
	}
	return i18n.T(lang, key, targetName(s, at.Attacker), targetName(s, at.Defender), trait, at.Attack.Total)
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
	f := &views.Fight{Status: attackStatus(lang, s, viewer), CanEnd: s.Ended == nil, RunMonsters: opts.RunMonsters, Moves: monsterMoves(lang, s)}
	if t := s.Track; t != nil {
		// A track set by its −/+ alone has no label of its own yet.
		f.Track = &views.TrackLine{Value: t.Value, Label: cmp.Or(t.Label, i18n.T(lang, "track"))}
	} else if f.RunMonsters {
		f.Track = &views.TrackLine{Label: i18n.T(lang, "track")}
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
		f.Monsters = append(f.Monsters, views.MonsterLine{ID: m.ID, Name: m.Name, Traits: monsterTraits(lang, m), Stunned: m.Stunned,
			CanStun: slices.Contains(stun, m.ID)})
	}
	if s.TurnTraitor() != 0 {
		var order []string
		for _, id := range s.TurnOrder() {
			if id == game.MonstersTurn {
				order = append(order, i18n.T(lang, "monsters"))
			} else {
				order = append(order, seatName(s, id))
			}
		}
		f.TurnOrder = i18n.T(lang, "turn_order", strings.Join(order, " → "))
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
			f.ResolvePair[i] = views.Option{ID: t.Trait, Label: i18n.T(lang, "trait_"+t.Trait)}
		}
		// Another kind a held card lets it be taken as (Skull: mental as
		// physical), as the engine's option says and the phone offers.
		for _, kind := range d.As {
			pair := game.DamageTraits(kind)
			if pair[0] == "" {
				continue
			}
			alt := views.ResolveAlt{Kind: kind, Legend: i18n.T(lang, "damage_as", d.Amount, i18n.T(lang, "cause_"+kind))}
			for i, t := range pair {
				alt.Pair[i] = views.Option{ID: t, Label: i18n.T(lang, "trait_"+t)}
			}
			f.ResolveAs = append(f.ResolveAs, alt)
		}
	}
	f.DealDamage = opts.DealDamage
	for _, c := range opts.Steal {
		f.StealFrom = append(f.StealFrom, views.Option{ID: c, Label: cardName(lang, c)})
	}
	attackOptions(lang, opts.Attack, f)
	if f.RunMonsters && viewer != 0 {
		f.Reminders = []string{i18n.T(lang, "traitor_reminder_rooms"), i18n.T(lang, "traitor_reminder_events"), i18n.T(lang, "traitor_reminder_elevator")}
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
		label := i18n.T(lang, "trait_"+tr)
		for _, w := range at.Weapons {
			if w.Trait == tr && tr != game.Might {
				label += " (" + cardName(lang, w.Card) + ")"
			}
		}
		f.Traits = append(f.Traits, views.Option{ID: tr, Label: label})
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
	sum := &views.Summary{Winner: i18n.T(lang, "won_"+s.Ended.Side), Rolls: len(s.Rolls)}
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
func monsterMoves(lang string, s *game.State) []string {
	var out []string
	for i := len(s.Rolls) - 1; i >= 0 && s.Rolls[i].Seq > s.TurnStart; i-- {
		if r := s.Rolls[i]; r.Purpose == "monster-move" {
			out = append([]string{rollWhat(lang, r)}, out...)
		}
	}
	return out
}
