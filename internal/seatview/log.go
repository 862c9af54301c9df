package seatview

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"lantern/internal/catalog"
	"lantern/internal/game"
	"lantern/internal/i18n"
	"lantern/views"
)

// logLimit bounds the log a page shows; the API and the store keep it all.
const logLimit = 60

// logLines are the newest logLimit events, newest first.
func logLines(lang string, s *game.State) []views.LogLine {
	lines := make([]views.LogLine, 0, min(len(s.Events), logLimit))
	for i := len(s.Events) - 1; i >= 0 && len(lines) < logLimit; i-- {
		e := &s.Events[i]
		lines = append(lines, views.LogLine{
			Time: e.At.Local().Format("15:04"), Text: describe(lang, s, *e), Undone: s.IsUndone(e.Seq),
		})
	}
	return lines
}

func seatName(s *game.State, id int) string {
	if seat := s.SeatByID(id); seat != nil {
		return seat.Name
	}
	return fmt.Sprintf("#%d", id)
}

func actorName(lang string, s *game.State, a game.Actor) string {
	if a.Host {
		return i18n.T(lang, "host")
	}
	return seatName(s, a.Seat)
}

// describe writes one log entry in lang. Events carry no secrets, so the log
// can be shown to every seat.
func describe(lang string, s *game.State, e game.Event) string {
	switch e.Type {
	case game.EvSeatJoined:
		return i18n.T(lang, "log_joined", e.Name, catalog.ExplorerByID(e.Explorer).Name.In(lang))
	case game.EvSeatsReordered:
		return i18n.T(lang, "log_reordered")
	case game.EvGameStarted:
		return i18n.T(lang, "log_started", seatName(s, e.Seat))
	case game.EvTraitsChanged:
		seat := s.SeatByID(e.Seat)
		if seat == nil {
			return ""
		}
		parts := make([]string, 0, len(e.Changes))
		for _, ch := range e.Changes {
			from, to := valueText(seat, ch.Trait, ch.From), valueText(seat, ch.Trait, ch.To)
			if from == to && ch.From.Position != ch.To.Position { // tracks repeat values: say the step moved
				key := "log_trait_step_up"
				if ch.To.Position < ch.From.Position {
					key = "log_trait_step_down"
				}
				parts = append(parts, i18n.T(lang, key, i18n.T(lang, "trait_"+ch.Trait), to))
				continue
			}
			parts = append(parts, fmt.Sprintf("%s %s → %s", i18n.T(lang, "trait_"+ch.Trait), from, to))
		}
		text := seat.Name + ": " + strings.Join(parts, ", ")
		switch e.Cause {
		case "physical", "mental":
			text += " (" + i18n.T(lang, "cause_"+e.Cause) + ")"
		case "restore":
			text += " (" + i18n.T(lang, "cause_restore") + ")"
		default:
			if strings.Contains(e.Cause, ":") {
				text += " (" + sourceName(lang, strings.TrimSuffix(strings.TrimSuffix(e.Cause, "+set"), "-set")) + ")"
			}
		}
		if e.Actor.Host {
			text += " · " + i18n.T(lang, "host")
		}
		return text
	case game.EvPhaseSet:
		return i18n.T(lang, "log_phase_"+e.Phase)
	case game.EvTurnEnded:
		if e.Seat == game.MonstersTurn {
			return i18n.T(lang, "monsters_turn")
		}
		if deck, ok := strings.CutPrefix(e.Cause, game.CauseCardSkipped); ok {
			// The room's card left undrawn: only the host (or a card's
			// outcome) can end a turn so, and the table should see it.
			text := i18n.T(lang, "log_turn_card_skipped", i18n.T(lang, "deck_"+deck), roomName(lang, e.Room), seatName(s, e.Seat))
			if e.Actor.Host {
				text += " · " + i18n.T(lang, "host")
			}
			return text
		}
		return i18n.T(lang, "log_turn", seatName(s, e.Seat))
	case game.EvUndone:
		for _, t := range s.Events {
			if t.Seq == e.Target {
				return i18n.T(lang, "log_undone", actorName(lang, s, e.Actor), describe(lang, s, t))
			}
		}
	case game.EvSeatMoved:
		return i18n.T(lang, "log_seat_moved", seatName(s, e.Seat))
	case game.EvRolled, game.EvRerolled:
		l := rollLine(lang, s, *e.Roll)
		text := l.Who + ": " + l.What + " = " + strconv.Itoa(l.Total)
		if e.Type == game.EvRerolled {
			text = i18n.T(lang, "log_rerolled", l.Who, cardName(lang, e.Roll.Modifiers[len(e.Roll.Modifiers)-1]), l.Total)
		}
		if l.Target > 0 {
			text += " (" + strconv.Itoa(l.Target) + "+)"
		}
		return text
	case game.EvRoomDiscovered:
		return i18n.T(lang, "log_room_discovered", seatName(s, e.Seat), roomName(lang, e.Room), i18n.T(lang, "floor_"+e.Floor))
	case game.EvOmenDrawn:
		return i18n.T(lang, "log_omen", seatName(s, e.Seat), cardName(lang, e.Omen), roomName(lang, e.Room))
	case game.EvHauntRevealed:
		if reselected(s, e) {
			return i18n.T(lang, "log_haunt_reselected", e.Haunt.Number, catalog.HauntByNumber(e.Haunt.Number).Name.In(lang))
		}
		return i18n.T(lang, "log_haunt", seatName(s, e.Seat), e.Haunt.Number, catalog.HauntByNumber(e.Haunt.Number).Name.In(lang))
	case game.EvTokenRevealed:
		return i18n.T(lang, "token_shown", seatName(s, e.Seat), e.Token)
	case game.EvCardDrawn:
		return i18n.T(lang, "log_card_drawn", seatName(s, e.Seat), cardName(lang, e.Card))
	case game.EvCardMoved:
		switch e.How {
		case "give":
			return i18n.T(lang, "log_card_given", seatName(s, e.Seat), cardName(lang, e.Card), seatName(s, e.To))
		case "drop", "death":
			return i18n.T(lang, "log_card_dropped", seatName(s, e.Seat), cardName(lang, e.Card), pileName(lang, s, e.Room))
		case "pick_up":
			return i18n.T(lang, "log_card_picked", seatName(s, e.To), cardName(lang, e.Card), pileName(lang, s, e.Room))
		case "steal":
			return i18n.T(lang, "log_card_stolen", seatName(s, e.To), cardName(lang, e.Card), seatName(s, e.Seat))
		default:
			return i18n.T(lang, "log_card_discarded", seatName(s, e.Seat), cardName(lang, e.Card))
		}
	case game.EvCardOffered:
		return i18n.T(lang, "log_card_offered", seatName(s, e.Seat), cardName(lang, e.Card), seatName(s, e.To))
	case game.EvOfferClosed:
		return offerClosed(lang, s, e)
	case game.EvCardUsed:
		return i18n.T(lang, "log_card_used", seatName(s, e.Seat), cardName(lang, e.Card))
	case game.EvEffectPending:
		if e.Pending == nil {
			return i18n.T(lang, "log_damage_taken", seatName(s, e.Seat))
		}
		return seatName(s, e.Seat) + ": " + i18n.T(lang, "pending_damage", e.Pending.Amount, i18n.T(lang, "cause_"+e.Pending.Kind), sourceName(lang, e.Pending.Source))
	case game.EvRoomGain:
		return i18n.T(lang, "log_room_gain", seatName(s, e.Seat), roomName(lang, e.Room))
	case game.EvRollApplied:
		return i18n.T(lang, "log_roll_applied", seatName(s, e.Seat))
	case game.EvEffectApplied:
		return i18n.T(lang, "log_effect_applied", seatName(s, e.Seat), cardName(lang, e.Card))
	case game.EvSourceRemoved:
		if e.Card != "" {
			return i18n.T(lang, "log_token_removed", seatName(s, e.Seat), cardName(lang, e.Card))
		}
		return i18n.T(lang, "log_room_emptied", seatName(s, e.Seat), roomName(lang, e.Room))
	case game.EvAttacked:
		return attackLine(lang, s, *e.Attack, false)
	case game.EvDefended:
		return targetName(s, e.Attack.Defender) + ": " + i18n.T(lang, "defense_rolled", e.Attack.Defense.Total)
	case game.EvAttackEnded:
		return i18n.T(lang, "log_attack_ended")
	case game.EvStealDeclined:
		return i18n.T(lang, "log_steal_declined", seatName(s, e.Seat))
	case game.EvStunned:
		return i18n.T(lang, "log_stunned", targetName(s, game.Target{Monster: e.Monster}))
	case game.EvMonstersAdded:
		names := make([]string, 0, len(e.Monsters))
		for _, m := range e.Monsters {
			names = append(names, m.Name)
		}
		return i18n.T(lang, "log_monsters", strings.Join(names, ", "))
	case game.EvTrackSet:
		return i18n.T(lang, "log_track", e.Track.Label, e.Track.Value)
	case game.EvGameEnded:
		return i18n.T(lang, "won_"+e.Side)
	case game.EvOmenReplaced:
		return i18n.T(lang, "log_omen_replaced", cardName(lang, e.Omen), cardName(lang, e.Card))
	case game.EvSideChanged:
		return i18n.T(lang, "log_side", seatName(s, e.Seat))
	}
	return e.Type
}

// reselected: a reveal after an earlier one is the host's selection of
// another haunt, not the revealer's roll.
func reselected(s *game.State, e game.Event) bool {
	for _, x := range s.Events {
		if x.Seq >= e.Seq {
			break
		}
		if x.Type == game.EvHauntRevealed && !s.IsUndone(x.Seq) {
			return true
		}
	}
	return false
}

// undoWhat describes the change undo would take back, if actor may undo it.
func undoWhat(lang string, s *game.State, actor game.Actor) (string, bool) {
	last := s.LastUndoable()
	if last == nil || (!actor.Host && last.Actor != actor) {
		return "", false
	}
	// A change of several events (an omen and what it does to the board) is
	// named by its first, the one the player made.
	first := *last
	for i := len(s.Events) - 1; last.Group != 0 && i >= 0; i-- {
		if s.Events[i].Seq == last.Group {
			first = s.Events[i]
			break
		}
	}
	if first.Type == game.EvOmenDrawn {
		key := "undo_omen"
		for _, i := range s.OwedHauntRolls {
			if s.Haunt == nil && s.Omens[i].Seq == first.Seq {
				key = "undo_omen_roll"
			}
		}
		return i18n.T(lang, key, cardName(lang, first.Omen), roomName(lang, first.Room)), true
	}
	return describe(lang, s, *last), true
}

// offerClosed says how an offer ended: accepted (the card moved in the same
// change), taken back by the one who offered it, or declined.
func offerClosed(lang string, s *game.State, e game.Event) string {
	var offer *game.Event
	for i := range s.Events {
		if s.Events[i].Seq == e.Target && s.Events[i].Type == game.EvCardOffered {
			offer = &s.Events[i]
		}
	}
	if offer == nil {
		return i18n.T(lang, "log_offer_declined", seatName(s, e.Seat), "")
	}
	card := cardName(lang, offer.Card)
	group := cmp.Or(e.Group, e.Seq)
	for _, m := range s.Events {
		if cmp.Or(m.Group, m.Seq) == group && m.Type == game.EvCardMoved && m.How == "give" {
			return i18n.T(lang, "log_offer_accepted", seatName(s, e.Seat), card)
		}
	}
	if !e.Actor.Host && e.Actor.Seat == offer.Seat {
		return i18n.T(lang, "log_offer_withdrawn", seatName(s, offer.Seat), card, seatName(s, e.Seat))
	}
	return i18n.T(lang, "log_offer_declined", seatName(s, e.Seat), card)
}
