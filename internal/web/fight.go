package web

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

// attackStatus says where the attack in progress stands.
func attackStatus(lang string, s *game.State) string {
	at := s.Attack
	if at == nil || (at.Done && endedSince(s, at.Seq)) {
		return "" // a finished attack's line clears when the turn ends
	}
	trait := i18n.T(lang, "trait_"+at.Trait)
	text := i18n.T(lang, "attack_rolled", targetName(s, at.Attacker), targetName(s, at.Defender), trait, at.Attack.Total)
	if at.Weapon != "" {
		text += " (" + cardName(lang, at.Weapon) + ")"
	}
	if at.Defense == nil {
		return text + " " + i18n.T(lang, "attack_waiting", targetName(s, at.Defender))
	}
	text += " " + i18n.T(lang, "defense_rolled", at.Defense.Total)
	switch {
	case at.Damage == 0 && at.Attack.Total == at.Defense.Total:
		return text + " " + i18n.T(lang, "attack_tie")
	case at.Damage == 0 && at.Ranged && at.Defense.Total > at.Attack.Total:
		return text + " " + i18n.T(lang, "attack_ranged_miss")
	case at.Loser.Monster != "":
		return text + " " + i18n.T(lang, "attack_stunned", targetName(s, at.Loser))
	case at.Done:
		return text + " " + i18n.T(lang, "attack_done")
	case at.Damage == 0:
		return text + " " + i18n.T(lang, "attack_armor", targetName(s, at.Loser))
	}
	return text + " " + i18n.T(lang, "attack_loses", targetName(s, at.Loser), at.Damage, i18n.T(lang, "cause_"+at.Kind))
}

// endedSince reports whether a turn ended after event seq.
func endedSince(s *game.State, seq int) bool {
	for i := len(s.Events) - 1; i >= 0 && s.Events[i].Seq > seq; i-- {
		if s.Events[i].Type == game.EvTurnEnded && !s.IsUndone(s.Events[i].Seq) {
			return true
		}
	}
	return false
}

// fight builds the haunt's second half for a seat's phone (viewer > 0) or
// the table (viewer 0, acting as host).
func fight(lang string, s *game.State, viewer int) *views.Fight {
	if s.Phase != game.PhaseHaunt || s.Ended != nil {
		return nil
	}
	f := &views.Fight{Status: attackStatus(lang, s), CanEnd: s.Ended == nil}
	me := s.SeatByID(viewer)
	host := viewer == 0
	f.RunMonsters = host || (s.Haunt != nil && s.Haunt.IsTraitor(viewer) && s.SideOf(viewer) == game.SideTraitor)
	if t := s.Track; t != nil {
		// A track set by its −/+ alone has no label of its own yet.
		f.Track = &views.TrackLine{Value: t.Value, Label: cmp.Or(t.Label, i18n.T(lang, "track"))}
	} else if f.RunMonsters {
		f.Track = &views.TrackLine{Label: i18n.T(lang, "track")}
	}
	for _, seat := range s.Seats {
		if s.Alive(&seat) && s.SideOf(seat.ID) == game.SideHeroes {
			f.Heroes = append(f.Heroes, views.Option{ID: fmt.Sprintf("seat:%d", s.SeatNumber(seat.ID)), Label: seat.Name})
		}
	}
	f.EndMonsters = f.RunMonsters && s.Turn == game.MonstersTurn && s.Ended == nil
	kinds := map[string]bool{}
	for _, m := range s.Monsters {
		f.Monsters = append(f.Monsters, views.MonsterLine{ID: m.ID, Name: m.Name, Traits: monsterTraits(lang, m), Stunned: m.Stunned})
		if !kinds[m.Kind] {
			kinds[m.Kind] = true
			f.Kinds = append(f.Kinds, views.Option{ID: m.Kind, Label: m.Kind})
		}
	}
	if s.Haunt != nil && s.Haunt.Traitor != 0 {
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
	at := s.Attack
	if at != nil && !at.Done {
		switch {
		case at.Defense == nil:
			defender := at.Defender.Seat != 0 && at.Defender.Seat == viewer
			forMonster := at.Defender.Monster != "" && f.RunMonsters
			rollFor := host || (at.Attacker.Seat != 0 && at.Attacker.Seat == viewer)
			f.Defend = defender || forMonster || rollFor
			if !defender {
				f.DefendFor = targetName(s, at.Defender)
			}
		case at.Loser.Seat != 0 && at.Damage > 0 && (at.Loser.Seat == viewer || host):
			f.Resolve, f.ResolveKind = at.Damage, at.Kind
			pair := [2]string{game.Might, game.Speed}
			if at.Kind == "mental" {
				pair = [2]string{game.Sanity, game.Knowledge}
			}
			for i, t := range pair {
				f.ResolvePair[i] = views.Option{ID: t, Label: i18n.T(lang, "trait_"+t)}
			}
		}
		winner := at.Attacker
		if at.Loser == at.Attacker {
			winner = at.Defender
		}
		if at.CanSteal && (winner.Seat == viewer || host) {
			for _, h := range s.Hands[at.Loser.Seat] {
				if c := catalog.Box().Card(h.Card); c != nil && c.Stealable {
					f.StealFrom = append(f.StealFrom, views.Option{ID: h.Card, Label: c.Name.In(lang)})
				}
			}
		}
	}
	if me != nil {
		attackOptions(lang, s, me, f)
	}
	if f.RunMonsters && !host {
		f.Reminders = []string{i18n.T(lang, "traitor_reminder_rooms"), i18n.T(lang, "traitor_reminder_events"), i18n.T(lang, "traitor_reminder_elevator")}
	}
	if host {
		for _, seat := range s.Seats {
			if !s.Alive(&seat) && s.SideOf(seat.ID) == game.SideHeroes {
				f.JoinTraitor = append(f.JoinTraitor, views.Option{ID: strconv.Itoa(s.SeatNumber(seat.ID)), Label: seat.Name})
			}
		}
	}
	return f
}

// attackOptions fills the attack form from what the engine allows the
// seat now (game.Options): opponents, the traits each may be attacked with
// (a weapon's trait names the weapon) and the weapons held.
func attackOptions(lang string, s *game.State, me *game.Seat, f *views.Fight) {
	at := s.Options(game.Actor{Seat: me.ID}).Attack
	if at == nil {
		return
	}
	f.CanAttack = true
	var traits []string
	for _, t := range at.Targets {
		id := "monster:" + t.Monster
		if t.Monster == "" {
			id = fmt.Sprintf("seat:%d", t.Seat)
		}
		f.Targets = append(f.Targets, views.Option{ID: id, Label: t.Name})
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
	var marks []views.Buzz
	for _, e := range s.Events {
		switch {
		case e.Type == game.EvHauntRevealed:
			marks = append(marks, views.Buzz{ID: fmt.Sprintf("haunt-%d", e.Seq), Kind: "haunt"})
		case e.Type == game.EvAttacked && e.Attack.Defender.Seat == seatID:
			marks = append(marks, views.Buzz{ID: fmt.Sprintf("attack-%d", e.Seq), Kind: "act"})
		case e.Type == game.EvCardOffered && e.To == seatID:
			marks = append(marks, views.Buzz{ID: fmt.Sprintf("offer-%d", e.Seq), Kind: "act"})
		}
	}
	if len(marks) > 5 {
		marks = marks[len(marks)-5:]
	}
	return marks
}
