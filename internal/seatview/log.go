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
	if d, ok := e.Data.(game.Undone); ok {
		return describeUndone(lang, s, e, d)
	}
	if words, ok := logWords[e.Type()]; ok {
		return words(lang, s, e)
	}
	return e.Type()
}

// logWord writes one type of event as the log says it.
type logWord func(lang string, s *game.State, e game.Event) string

// on is the log words of one type of event, written from its data.
func on[T game.EventData](words func(lang string, s *game.State, e game.Event, d T) string) logWord {
	return func(lang string, s *game.State, e game.Event) string { return words(lang, s, e, e.Data.(T)) }
}

// logWords are every event type's log words, by the engine's topics. A new
// event's words are an entry here.
var logWords = map[string]logWord{
	// Seats, traits and turns.
	game.EvSeatJoined:     on(logJoined),
	game.EvSeatsReordered: func(lang string, _ *game.State, _ game.Event) string { return i18n.T(lang, "log_reordered") },
	game.EvGameStarted:    logSeat("log_started"),
	game.EvTraitsChanged:  on(logTraitsChanged),
	game.EvPhaseSet: on(func(lang string, _ *game.State, _ game.Event, d game.PhaseSet) string {
		return i18n.T(lang, "log_phase_"+d.Phase)
	}),
	game.EvTurnEnded: on(logTurnEnded),
	game.EvSeatMoved: logSeat("log_seat_moved"),
	// Dice and rooms.
	game.EvRolled:         logRolled,
	game.EvRerolled:       logRolled,
	game.EvRoomDiscovered: on(logRoomDiscovered),
	// The haunt.
	game.EvOmenDrawn:     on(logOmen),
	game.EvHauntRevealed: on(logHaunt),
	game.EvTokenRevealed: on(func(lang string, s *game.State, _ game.Event, d game.TokenRevealed) string {
		return i18n.T(lang, "token_shown", seatName(s, d.Seat), d.Token)
	}),
	game.EvOmenReplaced: on(logOmenReplaced),
	// Cards and their effects.
	game.EvCardDrawn:     logSeatCard("log_card_drawn"),
	game.EvCardMoved:     on(logCardMoved),
	game.EvCardOffered:   on(logCardOffered),
	game.EvOfferClosed:   on(offerClosed),
	game.EvCardUsed:      logSeatCard("log_card_used"),
	game.EvEffectPending: on(logPending),
	game.EvRoomGain:      on(logRoomGain),
	game.EvRollApplied:   logSeat("log_roll_applied"),
	game.EvEffectApplied: logSeatCard("log_effect_applied"),
	game.EvSourceRemoved: on(logSourceRemoved),
	// Attacks.
	game.EvAttacked: on(func(lang string, s *game.State, _ game.Event, d game.Attacked) string {
		return attackLine(lang, s, *d.Attack, false)
	}),
	game.EvDefended:      on(logDefended),
	game.EvAttackEnded:   func(lang string, _ *game.State, _ game.Event) string { return i18n.T(lang, "log_attack_ended") },
	game.EvStealDeclined: logSeat("log_steal_declined"),
	// Monsters, the track, sides and the end.
	game.EvStunned:       on(logStunned),
	game.EvMonstersAdded: on(logMonstersAdded),
	game.EvTrackSet: on(func(lang string, _ *game.State, _ game.Event, d game.TrackSet) string {
		return i18n.T(lang, "log_track", d.Track.Label, d.Track.Value)
	}),
	game.EvGameEnded: on(func(lang string, _ *game.State, _ game.Event, d game.GameEnded) string {
		return i18n.T(lang, "won_"+d.Side)
	}),
	game.EvSideChanged: logSeat("log_side"),
}

// logSeat is the words of an event that names only its seat.
func logSeat(key string) logWord {
	return func(lang string, s *game.State, e game.Event) string {
		return i18n.T(lang, key, seatName(s, e.SeatOf()))
	}
}

// logSeatCard is the words of an event that names its seat and its card.
func logSeatCard(key string) logWord {
	return func(lang string, s *game.State, e game.Event) string {
		return i18n.T(lang, key, seatName(s, e.SeatOf()), cardName(lang, cardOf(e)))
	}
}

func logJoined(lang string, _ *game.State, e game.Event, d game.SeatJoined) string {
	return i18n.T(lang, "log_joined", d.Name, catalog.ExplorerByID(d.Explorer).Name.In(lang))
}

func logTraitsChanged(lang string, s *game.State, e game.Event, d game.TraitsChanged) string {
	seat := s.SeatByID(d.Seat)
	if seat == nil {
		return ""
	}
	parts := make([]string, 0, len(d.Changes))
	for _, ch := range d.Changes {
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
	switch d.Cause {
	case "physical", "mental":
		text += " (" + i18n.T(lang, "cause_"+d.Cause) + ")"
	case "restore":
		text += " (" + i18n.T(lang, "cause_restore") + ")"
	default:
		if strings.Contains(d.Cause, ":") {
			text += " (" + sourceName(lang, strings.TrimSuffix(strings.TrimSuffix(d.Cause, "+set"), "-set")) + ")"
		}
	}
	if e.Actor.Host {
		text += " · " + i18n.T(lang, "host")
	}
	return text
}

func logTurnEnded(lang string, s *game.State, e game.Event, d game.TurnEnded) string {
	if d.Seat == game.MonstersTurn {
		return i18n.T(lang, "monsters_turn")
	}
	if deck, ok := strings.CutPrefix(d.Cause, game.CauseCardSkipped); ok {
		// The room's card left undrawn: only the host (or a card's
		// outcome) can end a turn so, and the table should see it.
		text := i18n.T(lang, "log_turn_card_skipped", i18n.T(lang, "deck_"+deck), roomName(lang, d.Room), seatName(s, d.Seat))
		if e.Actor.Host {
			text += " · " + i18n.T(lang, "host")
		}
		return text
	}
	return i18n.T(lang, "log_turn", seatName(s, d.Seat))
}

// describeUndone names the change an undo took back.
func describeUndone(lang string, s *game.State, e game.Event, d game.Undone) string {
	for _, t := range s.Events {
		if t.Seq == d.Target {
			return i18n.T(lang, "log_undone", actorName(lang, s, e.Actor), describe(lang, s, t))
		}
	}
	return e.Type()
}

// cardOf is the card a card_drawn, card_used or effect_applied event names.
func cardOf(e game.Event) string {
	switch d := e.Data.(type) {
	case game.CardDrawn:
		return d.Card
	case game.CardUsed:
		return d.Card
	case game.EffectApplied:
		return d.Card
	}
	return ""
}

func logRolled(lang string, s *game.State, e game.Event) string {
	if d, ok := e.Data.(game.Rerolled); ok {
		l := rollLine(lang, s, *d.Roll)
		who := views.WhoWords(lang, l)
		return withTarget(i18n.T(lang, "log_rerolled", who, cardName(lang, d.Roll.Modifiers[len(d.Roll.Modifiers)-1]), l.Total), l.Target)
	}
	l := rollLine(lang, s, *e.Data.(game.Rolled).Roll)
	return withTarget(views.WhoWords(lang, l)+": "+views.RollWords(lang, l)+" = "+strconv.Itoa(l.Total), l.Target)
}

// withTarget adds a roll's target to its line.
func withTarget(text string, target int) string {
	if target > 0 {
		text += " (" + strconv.Itoa(target) + "+)"
	}
	return text
}

func logRoomDiscovered(lang string, s *game.State, e game.Event, d game.RoomDiscovered) string {
	return i18n.T(lang, "log_room_discovered", seatName(s, d.Seat), roomName(lang, d.Room), i18n.T(lang, "floor_"+d.Floor))
}

func logOmen(lang string, s *game.State, e game.Event, d game.OmenDrawn) string {
	return i18n.T(lang, "log_omen", seatName(s, d.Seat), cardName(lang, d.Omen), roomName(lang, d.Room))
}

func logHaunt(lang string, s *game.State, e game.Event, d game.HauntRevealed) string {
	if reselected(s, e) {
		return i18n.T(lang, "log_haunt_reselected", d.Haunt.Number, catalog.HauntByNumber(d.Haunt.Number).Name.In(lang))
	}
	return i18n.T(lang, "log_haunt", seatName(s, d.Seat), d.Haunt.Number, catalog.HauntByNumber(d.Haunt.Number).Name.In(lang))
}

func logOmenReplaced(lang string, _ *game.State, e game.Event, d game.OmenReplaced) string {
	return i18n.T(lang, "log_omen_replaced", cardName(lang, d.Omen), cardName(lang, d.Card))
}

func logCardMoved(lang string, s *game.State, e game.Event, d game.CardMoved) string {
	switch d.How {
	case "give":
		return i18n.T(lang, "log_card_given", seatName(s, d.Seat), cardName(lang, d.Card), seatName(s, d.To))
	case "drop", "death":
		return i18n.T(lang, "log_card_dropped", seatName(s, d.Seat), cardName(lang, d.Card), pileName(lang, s, d.Room))
	case "pick_up":
		return i18n.T(lang, "log_card_picked", seatName(s, d.To), cardName(lang, d.Card), pileName(lang, s, d.Room))
	case "steal":
		return i18n.T(lang, "log_card_stolen", seatName(s, d.To), cardName(lang, d.Card), seatName(s, d.Seat))
	default:
		return i18n.T(lang, "log_card_discarded", seatName(s, d.Seat), cardName(lang, d.Card))
	}
}

func logCardOffered(lang string, s *game.State, e game.Event, d game.CardOffered) string {
	return i18n.T(lang, "log_card_offered", seatName(s, d.Seat), cardName(lang, d.Card), seatName(s, d.To))
}

func logPending(lang string, s *game.State, e game.Event, d game.DamagePending) string {
	if d.Pending == nil {
		return i18n.T(lang, "log_damage_taken", seatName(s, d.Seat))
	}
	return seatName(s, d.Seat) + ": " + i18n.T(lang, "pending_damage", d.Pending.Amount, i18n.T(lang, "cause_"+d.Pending.Kind), sourceName(lang, d.Pending.Source))
}

func logRoomGain(lang string, s *game.State, e game.Event, d game.RoomGain) string {
	return i18n.T(lang, "log_room_gain", seatName(s, d.Seat), roomName(lang, d.Room))
}

func logSourceRemoved(lang string, s *game.State, e game.Event, d game.SourceRemoved) string {
	if d.Card != "" {
		return i18n.T(lang, "log_token_removed", seatName(s, d.Seat), cardName(lang, d.Card))
	}
	return i18n.T(lang, "log_room_emptied", seatName(s, d.Seat), roomName(lang, d.Room))
}

func logDefended(lang string, s *game.State, e game.Event, d game.Defended) string {
	return targetName(s, d.Attack.Defender) + ": " + i18n.T(lang, "defense_rolled", d.Attack.Defense.Total)
}

func logStunned(lang string, s *game.State, e game.Event, d game.Stunned) string {
	return i18n.T(lang, "log_stunned", targetName(s, game.Target{Monster: d.Monster}))
}

func logMonstersAdded(lang string, _ *game.State, e game.Event, d game.MonstersAdded) string {
	names := make([]string, 0, len(d.Monsters))
	for _, m := range d.Monsters {
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
		if x.Type() == game.EvHauntRevealed && !s.IsUndone(x.Seq) {
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
	if omen, ok := first.Data.(game.OmenDrawn); ok {
		key := "undo_omen"
		for _, i := range s.OwedHauntRolls {
			if s.Haunt == nil && s.Omens[i].Seq == first.Seq {
				key = "undo_omen_roll"
			}
		}
		return i18n.T(lang, key, cardName(lang, omen.Omen), roomName(lang, omen.Room)), true
	}
	return describe(lang, s, *last), true
}

// offerClosed says how an offer ended: accepted (the card moved in the same
// change), taken back by the one who offered it, or declined.
func offerClosed(lang string, s *game.State, e game.Event, d game.OfferClosed) string {
	var offer *game.CardOffered
	for i := range s.Events {
		if o, ok := s.Events[i].Data.(game.CardOffered); ok && s.Events[i].Seq == d.Target {
			offer = &o
		}
	}
	if offer == nil {
		return i18n.T(lang, "log_offer_declined", seatName(s, d.Seat), "")
	}
	card := cardName(lang, offer.Card)
	group := cmp.Or(e.Group, e.Seq)
	for _, m := range s.Events {
		if moved, ok := m.Data.(game.CardMoved); ok && cmp.Or(m.Group, m.Seq) == group && moved.How == "give" {
			return i18n.T(lang, "log_offer_accepted", seatName(s, d.Seat), card)
		}
	}
	if !e.Actor.Host && e.Actor.Seat == offer.Seat {
		return i18n.T(lang, "log_offer_withdrawn", seatName(s, offer.Seat), card, seatName(s, d.Seat))
	}
	return i18n.T(lang, "log_offer_declined", seatName(s, d.Seat), card)
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
