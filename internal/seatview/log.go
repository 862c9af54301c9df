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
// can be shown to every seat. Each event type's words are in logWords;
// an undo names what it took back.
func describe(lang string, s *game.State, e game.Event) string {
	if e.Type == game.EvUndone {
		return describeUndone(lang, s, e)
	}
	if words, ok := logWords[e.Type]; ok {
		return words(lang, s, e)
	}
	return e.Type
}

// logWord writes one type of event as the log says it.
type logWord func(lang string, s *game.State, e game.Event) string

// logWords are every event type's log words, by the engine's topics. A new
// event's words are an entry here.
var logWords = map[string]logWord{
	// Seats, traits and turns.
	game.EvSeatJoined:     logJoined,
	game.EvSeatsReordered: func(lang string, _ *game.State, _ game.Event) string { return i18n.T(lang, "log_reordered") },
	game.EvGameStarted:    logSeat("log_started"),
	game.EvTraitsChanged:  logTraitsChanged,
	game.EvPhaseSet:       func(lang string, _ *game.State, e game.Event) string { return i18n.T(lang, "log_phase_"+e.Phase) },
	game.EvTurnEnded:      logTurnEnded,
	game.EvSeatMoved:      logSeat("log_seat_moved"),
	// Dice and rooms.
	game.EvRolled:         logRolled,
	game.EvRerolled:       logRolled,
	game.EvRoomDiscovered: logRoomDiscovered,
	// The haunt.
	game.EvOmenDrawn:     logOmen,
	game.EvHauntRevealed: logHaunt,
	game.EvTokenRevealed: func(lang string, s *game.State, e game.Event) string {
		return i18n.T(lang, "token_shown", seatName(s, e.Seat), e.Token)
	},
	game.EvOmenReplaced: logOmenReplaced,
	// Cards and their effects.
	game.EvCardDrawn:     logSeatCard("log_card_drawn"),
	game.EvCardMoved:     logCardMoved,
	game.EvCardOffered:   logCardOffered,
	game.EvOfferClosed:   offerClosed,
	game.EvCardUsed:      logSeatCard("log_card_used"),
	game.EvEffectPending: logPending,
	game.EvRoomGain:      logRoomGain,
	game.EvRollApplied:   logSeat("log_roll_applied"),
	game.EvEffectApplied: logSeatCard("log_effect_applied"),
	game.EvSourceRemoved: logSourceRemoved,
	// Attacks.
	game.EvAttacked:      func(lang string, s *game.State, e game.Event) string { return attackLine(lang, s, *e.Attack, false) },
	game.EvDefended:      logDefended,
	game.EvAttackEnded:   func(lang string, _ *game.State, _ game.Event) string { return i18n.T(lang, "log_attack_ended") },
	game.EvStealDeclined: logSeat("log_steal_declined"),
	// Monsters, the track, sides and the end.
	game.EvStunned:       logStunned,
	game.EvMonstersAdded: logMonstersAdded,
	game.EvTrackSet: func(lang string, _ *game.State, e game.Event) string {
		return i18n.T(lang, "log_track", e.Track.Label, e.Track.Value)
	},
	game.EvGameEnded:   func(lang string, _ *game.State, e game.Event) string { return i18n.T(lang, "won_"+e.Side) },
	game.EvSideChanged: logSeat("log_side"),
}

// logSeat is the words of an event that names only its seat.
func logSeat(key string) logWord {
	return func(lang string, s *game.State, e game.Event) string { return i18n.T(lang, key, seatName(s, e.Seat)) }
}

// logSeatCard is the words of an event that names its seat and its card.
func logSeatCard(key string) logWord {
	return func(lang string, s *game.State, e game.Event) string {
		return i18n.T(lang, key, seatName(s, e.Seat), cardName(lang, e.Card))
	}
}

func logJoined(lang string, _ *game.State, e game.Event) string {
	return i18n.T(lang, "log_joined", e.Name, catalog.ExplorerByID(e.Explorer).Name.In(lang))
}

func logTraitsChanged(lang string, s *game.State, e game.Event) string {
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
}

func logTurnEnded(lang string, s *game.State, e game.Event) string {
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
}

// describeUndone names the change an undo took back.
func describeUndone(lang string, s *game.State, e game.Event) string {
	for _, t := range s.Events {
		if t.Seq == e.Target {
			return i18n.T(lang, "log_undone", actorName(lang, s, e.Actor), describe(lang, s, t))
		}
	}
	return e.Type
}

func logRolled(lang string, s *game.State, e game.Event) string {
	l := rollLine(lang, s, *e.Roll)
	who := views.WhoWords(lang, l)
	text := who + ": " + views.RollWords(lang, l) + " = " + strconv.Itoa(l.Total)
	if e.Type == game.EvRerolled {
		text = i18n.T(lang, "log_rerolled", who, cardName(lang, e.Roll.Modifiers[len(e.Roll.Modifiers)-1]), l.Total)
	}
	if l.Target > 0 {
		text += " (" + strconv.Itoa(l.Target) + "+)"
	}
	return text
}

func logRoomDiscovered(lang string, s *game.State, e game.Event) string {
	return i18n.T(lang, "log_room_discovered", seatName(s, e.Seat), roomName(lang, e.Room), i18n.T(lang, "floor_"+e.Floor))
}

func logOmen(lang string, s *game.State, e game.Event) string {
	return i18n.T(lang, "log_omen", seatName(s, e.Seat), cardName(lang, e.Omen), roomName(lang, e.Room))
}

func logHaunt(lang string, s *game.State, e game.Event) string {
	if reselected(s, e) {
		return i18n.T(lang, "log_haunt_reselected", e.Haunt.Number, catalog.HauntByNumber(e.Haunt.Number).Name.In(lang))
	}
	return i18n.T(lang, "log_haunt", seatName(s, e.Seat), e.Haunt.Number, catalog.HauntByNumber(e.Haunt.Number).Name.In(lang))
}

func logOmenReplaced(lang string, _ *game.State, e game.Event) string {
	return i18n.T(lang, "log_omen_replaced", cardName(lang, e.Omen), cardName(lang, e.Card))
}

func logCardMoved(lang string, s *game.State, e game.Event) string {
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
}

func logCardOffered(lang string, s *game.State, e game.Event) string {
	return i18n.T(lang, "log_card_offered", seatName(s, e.Seat), cardName(lang, e.Card), seatName(s, e.To))
}

func logPending(lang string, s *game.State, e game.Event) string {
	if e.Pending == nil {
		return i18n.T(lang, "log_damage_taken", seatName(s, e.Seat))
	}
	return seatName(s, e.Seat) + ": " + i18n.T(lang, "pending_damage", e.Pending.Amount, i18n.T(lang, "cause_"+e.Pending.Kind), sourceName(lang, e.Pending.Source))
}

func logRoomGain(lang string, s *game.State, e game.Event) string {
	return i18n.T(lang, "log_room_gain", seatName(s, e.Seat), roomName(lang, e.Room))
}

func logSourceRemoved(lang string, s *game.State, e game.Event) string {
	if e.Card != "" {
		return i18n.T(lang, "log_token_removed", seatName(s, e.Seat), cardName(lang, e.Card))
	}
	return i18n.T(lang, "log_room_emptied", seatName(s, e.Seat), roomName(lang, e.Room))
}

func logDefended(lang string, s *game.State, e game.Event) string {
	return targetName(s, e.Attack.Defender) + ": " + i18n.T(lang, "defense_rolled", e.Attack.Defense.Total)
}

func logStunned(lang string, s *game.State, e game.Event) string {
	return i18n.T(lang, "log_stunned", targetName(s, game.Target{Monster: e.Monster}))
}

func logMonstersAdded(lang string, _ *game.State, e game.Event) string {
	names := make([]string, 0, len(e.Monsters))
	for _, m := range e.Monsters {
		names = append(names, m.Name)
	}
	return i18n.T(lang, "log_monsters", strings.Join(names, ", "))
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

// pileName names a pile in lang, as the log says it: a room, or where
// someone died.
func pileName(lang string, s *game.State, pile string) string {
	if id, ok := strings.CutPrefix(pile, "remains-"); ok {
		n, _ := strconv.Atoi(id)
		return i18n.T(lang, "remains_of", seatName(s, n))
	}
	return roomName(lang, pile)
}
