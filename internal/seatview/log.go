package seatview

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"lantern/internal/catalog"
	"lantern/internal/game"
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

// actorName is who made a change: the host, or a seat.
func actorName(s *game.State, a game.Actor) views.Phrase {
	if a.Host {
		return say("host")
	}
	return views.Lit(seatName(s, a.Seat))
}

// describe is one log entry as the template says it (views.Line: its
// phrases, keys in log_words.go, with names in lang). Events carry no
// secrets, so the log can be shown to every seat. Each event type's
// phrases are in logWords; an undo names what it took back.
func describe(lang string, s *game.State, e game.Event) views.Line {
	if d, ok := e.Data.(game.Undone); ok {
		return describeUndone(lang, s, e, d)
	}
	if words, ok := logWords[e.Type()]; ok {
		return words(lang, s, e)
	}
	return views.Line{views.Lit(e.Type())}
}

// logWord is one type of event as the log says it.
type logWord func(lang string, s *game.State, e game.Event) views.Line

// on is the log line of one type of event, made from its data.
func on[T game.EventData](words func(lang string, s *game.State, e game.Event, d T) views.Line) logWord {
	return func(lang string, s *game.State, e game.Event) views.Line { return words(lang, s, e, e.Data.(T)) }
}

// one is a line of one phrase.
func one(key string, args ...any) views.Line { return views.Line{say(key, args...)} }

// logWords are every event type's log line, by the engine's topics. A new
// event's line is an entry here, its words in views/log_words.go.
var logWords = map[string]logWord{
	// Seats, traits and turns.
	game.EvSeatJoined:     on(logJoined),
	game.EvSeatsReordered: func(lang string, _ *game.State, _ game.Event) views.Line { return one("log_reordered") },
	game.EvGameStarted:    logSeat("log_started"),
	game.EvTraitsChanged:  on(logTraitsChanged),
	game.EvPhaseSet: on(func(lang string, _ *game.State, _ game.Event, d game.PhaseSet) views.Line {
		return one("log_phase_" + d.Phase)
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
	game.EvTokenRevealed: on(func(lang string, s *game.State, _ game.Event, d game.TokenRevealed) views.Line {
		return one("token_shown", seatName(s, d.Seat), d.Token)
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
	game.EvAttacked: on(func(lang string, s *game.State, _ game.Event, d game.Attacked) views.Line {
		return views.Line{views.Of(attackLine(s, *d.Attack))}
	}),
	game.EvDefended:      on(logDefended),
	game.EvAttackEnded:   func(lang string, _ *game.State, _ game.Event) views.Line { return one("log_attack_ended") },
	game.EvStealDeclined: logSeat("log_steal_declined"),
	// Monsters, the track, sides and the end.
	game.EvStunned:       on(logStunned),
	game.EvMonstersAdded: on(logMonstersAdded),
	game.EvTrackSet: on(func(lang string, _ *game.State, _ game.Event, d game.TrackSet) views.Line {
		return one("log_track", d.Track.Label, d.Track.Value)
	}),
	game.EvGameEnded: on(func(lang string, _ *game.State, _ game.Event, d game.GameEnded) views.Line {
		return one("won_" + d.Side)
	}),
	game.EvSideChanged: logSeat("log_side"),
}

// logSeat is the words of an event that names only its seat.
func logSeat(key string) logWord {
	return func(lang string, s *game.State, e game.Event) views.Line {
		return one(key, seatName(s, e.SeatOf()))
	}
}

// logSeatCard is the words of an event that names its seat and its card.
func logSeatCard(key string) logWord {
	return func(lang string, s *game.State, e game.Event) views.Line {
		return one(key, seatName(s, e.SeatOf()), cardName(lang, cardOf(e)))
	}
}

func logJoined(lang string, _ *game.State, e game.Event, d game.SeatJoined) views.Line {
	return one("log_joined", d.Name, catalog.ExplorerByID(d.Explorer).Name.In(lang))
}

func logTraitsChanged(lang string, s *game.State, e game.Event, d game.TraitsChanged) views.Line {
	seat := s.SeatByID(d.Seat)
	if seat == nil {
		return nil
	}
	t := views.LogTraits{Seat: seat.Name, Changes: make([]views.LogTraitChange, len(d.Changes)), Host: e.Actor.Host}
	for i, ch := range d.Changes {
		c := views.LogTraitChange{Trait: ch.Trait, From: valueText(seat, ch.Trait, ch.From), To: valueText(seat, ch.Trait, ch.To)}
		if c.From == c.To && ch.From.Position != ch.To.Position { // tracks repeat values: say the step moved
			c.Step = cmp.Compare(ch.To.Position, ch.From.Position)
		}
		t.Changes[i] = c
	}
	switch d.Cause {
	case "physical", "mental", "restore":
		t.Cause = d.Cause
	default:
		if strings.Contains(d.Cause, ":") {
			t.Source = sourceName(lang, strings.TrimSuffix(strings.TrimSuffix(d.Cause, "+set"), "-set"))
		}
	}
	return views.Line{views.Of(t)}
}

// byHost adds "· host" to a line of a change the host made.
func byHost(line views.Line, e game.Event) views.Line {
	if e.Actor.Host {
		line = append(line, views.Lit(" · "), say("host"))
	}
	return line
}

func logTurnEnded(lang string, s *game.State, e game.Event, d game.TurnEnded) views.Line {
	if d.Seat == game.MonstersTurn {
		return one("monsters_turn")
	}
	if deck, ok := strings.CutPrefix(d.Cause, game.CauseCardSkipped); ok {
		// The room's card left undrawn: only the host (or a card's
		// outcome) can end a turn so, and the table should see it.
		return byHost(one("log_turn_card_skipped", say("deck_"+deck), roomName(lang, d.Room), seatName(s, d.Seat)), e)
	}
	return one("log_turn", seatName(s, d.Seat))
}

// describeUndone names the change an undo took back.
func describeUndone(lang string, s *game.State, e game.Event, d game.Undone) views.Line {
	for _, t := range s.Events {
		if t.Seq == d.Target {
			return one("log_undone", actorName(s, e.Actor), describe(lang, s, t))
		}
	}
	return views.Line{views.Lit(e.Type())}
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

// logRolled is a roll or a reroll (views.LogRoll says it).
func logRolled(lang string, s *game.State, e game.Event) views.Line {
	if d, ok := e.Data.(game.Rerolled); ok {
		return views.Line{views.Of(views.LogRoll{Roll: rollLine(lang, s, *d.Roll), With: cardName(lang, d.Roll.Modifiers[len(d.Roll.Modifiers)-1])})}
	}
	return views.Line{views.Of(views.LogRoll{Roll: rollLine(lang, s, *e.Data.(game.Rolled).Roll)})}
}

func logRoomDiscovered(lang string, s *game.State, e game.Event, d game.RoomDiscovered) views.Line {
	return one("log_room_discovered", seatName(s, d.Seat), roomName(lang, d.Room), say("floor_"+d.Floor))
}

func logOmen(lang string, s *game.State, e game.Event, d game.OmenDrawn) views.Line {
	return one("log_omen", seatName(s, d.Seat), cardName(lang, d.Omen), roomName(lang, d.Room))
}

func logHaunt(lang string, s *game.State, e game.Event, d game.HauntRevealed) views.Line {
	if reselected(s, e) {
		return one("log_haunt_reselected", d.Haunt.Number, catalog.HauntByNumber(d.Haunt.Number).Name.In(lang))
	}
	return one("log_haunt", seatName(s, d.Seat), d.Haunt.Number, catalog.HauntByNumber(d.Haunt.Number).Name.In(lang))
}

func logOmenReplaced(lang string, _ *game.State, e game.Event, d game.OmenReplaced) views.Line {
	return one("log_omen_replaced", cardName(lang, d.Omen), cardName(lang, d.Card))
}

func logCardMoved(lang string, s *game.State, e game.Event, d game.CardMoved) views.Line {
	switch d.How {
	case "give":
		return one("log_card_given", seatName(s, d.Seat), cardName(lang, d.Card), seatName(s, d.To))
	case "drop", "death":
		return one("log_card_dropped", seatName(s, d.Seat), cardName(lang, d.Card), pileName(lang, s, d.Room))
	case "pick_up":
		return one("log_card_picked", seatName(s, d.To), cardName(lang, d.Card), pileName(lang, s, d.Room))
	case "steal":
		return one("log_card_stolen", seatName(s, d.To), cardName(lang, d.Card), seatName(s, d.Seat))
	default:
		return one("log_card_discarded", seatName(s, d.Seat), cardName(lang, d.Card))
	}
}

func logCardOffered(lang string, s *game.State, e game.Event, d game.CardOffered) views.Line {
	return one("log_card_offered", seatName(s, d.Seat), cardName(lang, d.Card), seatName(s, d.To))
}

func logPending(lang string, s *game.State, e game.Event, d game.DamagePending) views.Line {
	if d.Pending == nil {
		return one("log_damage_taken", seatName(s, d.Seat))
	}
	return views.Line{views.Lit(seatName(s, d.Seat) + ": "), say("pending_damage", d.Pending.Amount, say("cause_"+d.Pending.Kind), sourceName(lang, d.Pending.Source))}
}

func logRoomGain(lang string, s *game.State, e game.Event, d game.RoomGain) views.Line {
	return one("log_room_gain", seatName(s, d.Seat), roomName(lang, d.Room))
}

func logSourceRemoved(lang string, s *game.State, e game.Event, d game.SourceRemoved) views.Line {
	if d.Card != "" {
		return one("log_token_removed", seatName(s, d.Seat), cardName(lang, d.Card))
	}
	return one("log_room_emptied", seatName(s, d.Seat), roomName(lang, d.Room))
}

func logDefended(lang string, s *game.State, e game.Event, d game.Defended) views.Line {
	return views.Line{views.Lit(targetName(s, d.Attack.Defender) + ": "), say("defense_rolled", d.Attack.Defense.Total)}
}

func logStunned(lang string, s *game.State, e game.Event, d game.Stunned) views.Line {
	return one("log_stunned", targetName(s, game.Target{Monster: d.Monster}))
}

func logMonstersAdded(lang string, _ *game.State, e game.Event, d game.MonstersAdded) views.Line {
	names := make([]string, 0, len(d.Monsters))
	for _, m := range d.Monsters {
		names = append(names, m.Name)
	}
	return one("log_monsters", strings.Join(names, ", "))
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

// undoWhat names the change undo would take back (the undo button's
// "Undo: …"), if actor may undo it.
func undoWhat(lang string, s *game.State, actor game.Actor) (views.Line, bool) {
	last := s.LastUndoable()
	if last == nil || (!actor.Host && last.Actor != actor) {
		return nil, false
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
		return one(key, cardName(lang, omen.Omen), roomName(lang, omen.Room)), true
	}
	return describe(lang, s, *last), true
}

// offerClosed says how an offer ended: accepted (the card moved in the same
// change), taken back by the one who offered it, or declined.
func offerClosed(lang string, s *game.State, e game.Event, d game.OfferClosed) views.Line {
	var offer *game.CardOffered
	for i := range s.Events {
		if o, ok := s.Events[i].Data.(game.CardOffered); ok && s.Events[i].Seq == d.Target {
			offer = &o
		}
	}
	if offer == nil {
		return one("log_offer_declined", seatName(s, d.Seat), "")
	}
	card := cardName(lang, offer.Card)
	group := cmp.Or(e.Group, e.Seq)
	for _, m := range s.Events {
		if moved, ok := m.Data.(game.CardMoved); ok && cmp.Or(m.Group, m.Seq) == group && moved.How == "give" {
			return one("log_offer_accepted", seatName(s, d.Seat), card)
		}
	}
	if !e.Actor.Host && e.Actor.Seat == offer.Seat {
		return one("log_offer_withdrawn", seatName(s, offer.Seat), card, seatName(s, d.Seat))
	}
	return one("log_offer_declined", seatName(s, d.Seat), card)
}

// pileName names a pile in lang, as the log says it: a room, or where
// someone died.
func pileName(lang string, s *game.State, pile string) views.Phrase {
	if id, ok := strings.CutPrefix(pile, "remains-"); ok {
		n, _ := strconv.Atoi(id)
		return say("remains_of", seatName(s, n))
	}
	return views.Lit(roomName(lang, pile))
}
