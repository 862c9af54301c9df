package web

import (
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"

	"lantern/internal/game"
)

// appendPublicState appends p as encoding/json writes it, byte for byte,
// without reflection: every event-stream message of the JSON view carries
// the public state, and encoding/json took a tenth of the server's CPU in
// a burst. TestAppendPublicState holds it to json.Marshal for values with
// every field filled; a field added to these types must be added here.
func appendPublicState(b []byte, p *PublicState) ([]byte, error) {
	b = append(b, `{"code":`...)
	b = appendJSONText(b, p.Code)
	b = appendIntField(b, `,"version":`, p.Version)
	b = appendBoolField(b, `,"started":`, p.Started)
	b = append(b, `,"phase":`...)
	b = appendJSONText(b, p.Phase)
	b = appendIntField(b, `,"turn":{"seat":`, p.Turn.Seat)
	b = appendIntField(b, `},"first_seat":`, p.FirstSeat)
	b = append(b, `,"seats":`...)
	b = appendList(b, p.Seats, appendSeat)
	b = appendIntField(b, `,"omen_count":`, p.OmenCount)
	b = appendIntField(b, `,"haunt_roll_owed_by":`, p.HauntRollOwedBy)
	if h := p.Haunt; h != nil {
		b = appendIntField(b, `,"haunt":{"number":`, h.Number)
		b = append(b, `,"name":`...)
		b = appendJSONText(b, h.Name)
		b = append(b, `,"omen":`...)
		b = appendJSONText(b, h.Omen)
		b = append(b, `,"room":`...)
		b = appendJSONText(b, h.Room)
		b = appendIntField(b, `,"revealer":`, h.Revealer)
		b = appendIntField(b, `,"traitor":`, h.Traitor)
		b = appendBoolField(b, `,"hidden":`, h.Hidden)
		if len(h.Shown) > 0 {
			b = append(b, `,"shown_tokens":`...)
			b = appendIntMap(b, h.Shown)
		}
		b = append(b, '}')
	}
	b = append(b, `,"rooms":`...)
	b = appendList(b, p.Rooms, func(b []byte, r *RoomJSON) []byte {
		b = append(b, `{"room":`...)
		b = appendJSONText(b, r.Room)
		b = append(b, `,"floor":`...)
		b = appendJSONText(b, r.Floor)
		b = appendIntField(b, `,"by":`, r.By)
		return append(b, '}')
	})
	if p.Winner != "" {
		b = append(b, `,"winner":`...)
		b = appendJSONText(b, p.Winner)
	}
	if len(p.TurnOrder) > 0 {
		b = append(b, `,"turn_order":`...)
		b = appendInts(b, p.TurnOrder)
	}
	b = append(b, `,"omens":`...)
	b = appendList(b, p.Omens, func(b []byte, o *OmenJSON) []byte {
		b = append(b, `{"omen":`...)
		b = appendJSONText(b, o.Omen)
		b = append(b, `,"room":`...)
		b = appendJSONText(b, o.Room)
		b = appendIntField(b, `,"seat":`, o.Seat)
		return append(b, '}')
	})
	b = appendIntField(b, `,"decks":{"omen":`, p.Decks.Omen)
	b = appendIntField(b, `,"item":`, p.Decks.Item)
	b = appendIntField(b, `,"event":`, p.Decks.Event)
	b = append(b, `},"piles":`...)
	b = appendList(b, p.Piles, func(b []byte, pile *PileJSON) []byte {
		b = append(b, `{"pile":`...)
		b = appendJSONText(b, pile.Pile)
		if pile.Seat != 0 {
			b = appendIntField(b, `,"seat":`, pile.Seat)
		}
		b = append(b, `,"cards":`...)
		b = appendStrings(b, pile.Cards)
		return append(b, '}')
	})
	b = append(b, `,"offers":`...)
	b = appendList(b, p.Offers, func(b []byte, o *OfferJSON) []byte {
		b = appendIntField(b, `{"offer":`, o.Offer)
		b = append(b, `,"card":`...)
		b = appendJSONText(b, o.Card)
		b = appendIntField(b, `,"from":`, o.From)
		b = appendIntField(b, `,"to":`, o.To)
		return append(b, '}')
	})
	b = append(b, `,"rolls":`...)
	b = appendList(b, p.Rolls, appendRoll)
	b = append(b, `,"monsters":`...)
	b = appendList(b, p.Monsters, func(b []byte, m *MonsterJSON) []byte {
		b = append(b, `{"id":`...)
		b = appendJSONText(b, m.ID)
		b = append(b, `,"kind":`...)
		b = appendJSONText(b, m.Kind)
		b = append(b, `,"name":`...)
		b = appendJSONText(b, m.Name)
		b = append(b, `,"traits":`...)
		b = appendIntMap(b, m.Traits)
		b = appendBoolField(b, `,"stunned":`, m.Stunned)
		return append(b, '}')
	})
	if t := p.Track; t != nil {
		b = appendIntField(b, `,"track":{"value":`, t.Value)
		b = append(b, `,"label":`...)
		b = appendJSONText(b, t.Label)
		b = append(b, '}')
	}
	if a := p.Attack; a != nil {
		b = appendIntField(b, `,"attack":{"seq":`, a.Seq)
		b = append(b, `,"attacker":`...)
		b = appendTarget(b, &a.Attacker)
		b = append(b, `,"defender":`...)
		b = appendTarget(b, &a.Defender)
		b = append(b, `,"trait":`...)
		b = appendJSONText(b, a.Trait)
		if a.Weapon != "" {
			b = append(b, `,"weapon":`...)
			b = appendJSONText(b, a.Weapon)
		}
		b = appendBoolField(b, `,"ranged":`, a.Ranged)
		b = append(b, `,"attack":`...)
		b = appendRoll(b, &a.Attack)
		b = append(b, `,"defense":`...)
		if a.Defense == nil {
			b = append(b, "null"...)
		} else {
			b = appendRoll(b, a.Defense)
		}
		if a.Loser != nil {
			b = append(b, `,"loser":`...)
			b = appendTarget(b, a.Loser)
		}
		b = appendIntField(b, `,"damage":`, a.Damage)
		if a.Kind != "" {
			b = append(b, `,"kind":`...)
			b = appendJSONText(b, a.Kind)
		}
		b = appendBoolField(b, `,"can_steal":`, a.CanSteal)
		b = appendBoolField(b, `,"done":`, a.Done)
		b = append(b, '}')
	}
	c := &p.Cards
	b = append(b, `,"cards":{"drew_by":`...)
	b = appendIntMap(b, c.DrewBy)
	b = append(b, `,"removed":`...)
	b = appendStrings(b, c.Removed)
	b = append(b, `,"effects_done":`...)
	b = appendStrings(b, c.EffectsDone)
	b = append(b, `,"on":`...)
	b = appendStrings(b, c.On)
	b = append(b, `,"owed_draws":`...)
	b = appendList(b, c.OwedDraws, func(b []byte, o *OwedDrawJSON) []byte {
		b = appendIntField(b, `{"seat":`, o.Seat)
		b = append(b, `,"deck":`...)
		b = appendJSONText(b, o.Deck)
		b = appendIntField(b, `,"count":`, o.Count)
		return append(b, '}')
	})
	b = append(b, `},"log":`...)
	switch {
	case p.Log == nil:
		b = append(b, "null"...)
	case len(p.Log) == 0:
		b = append(b, "[]"...)
	default:
		var err error
		if b, err = appendEvents(b, p.Log); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

func appendSeat(b []byte, s *SeatJSON) []byte {
	b = appendIntField(b, `{"seat":`, s.Seat)
	b = append(b, `,"name":`...)
	b = appendJSONText(b, s.Name)
	b = append(b, `,"explorer":`...)
	b = appendJSONText(b, s.Explorer)
	b = appendBoolField(b, `,"alive":`, s.Alive)
	b = append(b, `,"traits":`...)
	for i, t := range [...]*TraitJSON{&s.Traits.Knowledge, &s.Traits.Might, &s.Traits.Sanity, &s.Traits.Speed} {
		b = append(b, traitKeys[i]...)
		b = appendIntField(b, `:{"position":`, t.Position)
		b = appendIntField(b, `,"value":`, t.Value)
		b = appendIntField(b, `,"overflow":`, t.Overflow)
		b = append(b, '}')
	}
	b = append(b, '}')
	if s.Side != "" {
		b = append(b, `,"side":`...)
		b = appendJSONText(b, s.Side)
	}
	b = append(b, `,"hand":`...)
	b = appendList(b, s.Hand, func(b []byte, h *HandJSON) []byte {
		b = append(b, `{"card":`...)
		b = appendJSONText(b, h.Card)
		b = appendBoolField(b, `,"used":`, h.Used)
		b = appendBoolField(b, `,"worn":`, h.Worn)
		return append(b, '}')
	})
	return append(b, '}')
}

// traitKeys opens each of TraitsJSON's fields, in its order.
var traitKeys = [...]string{`{"knowledge"`, `,"might"`, `,"sanity"`, `,"speed"`}

func appendRoll(b []byte, r *RollJSON) []byte {
	b = appendIntField(b, `{"seq":`, r.Seq)
	b = appendIntField(b, `,"seat":`, r.Seat)
	if r.Purpose != "" {
		b = append(b, `,"purpose":`...)
		b = appendJSONText(b, r.Purpose)
	}
	if r.Trait != "" {
		b = append(b, `,"trait":`...)
		b = appendJSONText(b, r.Trait)
	}
	b = appendIntField(b, `,"dice":`, r.Dice)
	b = append(b, `,"faces":`...)
	b = appendInts(b, r.Faces)
	if r.Bonus != 0 {
		b = appendIntField(b, `,"bonus":`, r.Bonus)
	}
	b = appendIntField(b, `,"total":`, r.Total)
	if r.Target != 0 {
		b = appendIntField(b, `,"target":`, r.Target)
	}
	b = appendBoolField(b, `,"success":`, r.Success)
	if r.Manual {
		b = append(b, `,"manual":true`...)
	}
	if len(r.Modifiers) > 0 {
		b = append(b, `,"modifiers":`...)
		b = appendStrings(b, r.Modifiers)
	}
	if r.OmenCount != 0 {
		b = appendIntField(b, `,"omen_count":`, r.OmenCount)
	}
	if r.Source != "" {
		b = append(b, `,"source":`...)
		b = appendJSONText(b, r.Source)
	}
	if r.Applied {
		b = append(b, `,"applied":true`...)
	}
	return append(b, '}')
}

func appendTarget(b []byte, t *TargetJSON) []byte {
	b = append(b, '{')
	sep := ""
	if t.Seat != 0 {
		b = appendIntField(b, `"seat":`, t.Seat)
		sep = ","
	}
	if t.Monster != "" {
		b = append(b, sep+`"monster":`...)
		b = appendJSONText(b, t.Monster)
		sep = ","
	}
	if t.Card != "" {
		b = append(b, sep+`"card":`...)
		b = appendJSONText(b, t.Card)
	}
	return append(b, '}')
}

// appendList appends a JSON array of xs, each by one; nil is null.
func appendList[T any](b []byte, xs []T, one func([]byte, *T) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = one(b, &xs[i])
	}
	return append(b, ']')
}

func appendStrings(b []byte, xs []string) []byte {
	return appendList(b, xs, func(b []byte, s *string) []byte { return appendJSONText(b, *s) })
}

func appendInts(b []byte, xs []int) []byte {
	return appendList(b, xs, func(b []byte, n *int) []byte { return strconv.AppendInt(b, int64(*n), 10) })
}

// appendIntMap appends m as a JSON object, keys sorted as encoding/json
// sorts them; nil is null.
func appendIntMap(b []byte, m map[string]int) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	b = append(b, '{')
	for i, k := range sortedKeys(m) {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONText(b, k)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(m[k]), 10)
	}
	return append(b, '}')
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func appendIntField(b []byte, name string, n int) []byte {
	return strconv.AppendInt(append(b, name...), int64(n), 10)
}

func appendBoolField(b []byte, name string, v bool) []byte {
	return strconv.AppendBool(append(b, name...), v)
}

// appendJSONText appends s as encoding/json writes a string: quoted, with
// <, > and & escaped for HTML, U+2028 and U+2029 escaped, and invalid UTF-8
// as U+FFFD.
func appendJSONText(b []byte, s string) []byte { return appendQuoted(b, s, true) }

// appendJSONString appends s as a JSON string the same way, but with <, >
// and & left as they are: the stream's HTML parts are mostly those, and the
// page reads them with JSON.parse, never as HTML source.
func appendJSONString(b, s []byte) []byte { return appendQuoted(b, s, false) }

// appendQuoted is the one JSON string escaper behind both: what JSON must
// escape, U+2028 and U+2029 (they end a line in JavaScript and in an SSE
// data line), invalid UTF-8 as U+FFFD, and <, > and & when escapeHTML.
func appendQuoted[T string | []byte](b []byte, s T, escapeHTML bool) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && (!escapeHTML || c != '<' && c != '>' && c != '&') {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		// At most 4 bytes: a []byte's conversion stays on the stack.
		r, size := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendEvents appends a log as encoding/json writes it (nil is null),
// each event by appendEvent.
func appendEvents(b []byte, evs []game.Event) ([]byte, error) {
	if evs == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '[')
	for i := range evs {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendEvent(b, &evs[i]); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// appendEvent appends e as encoding/json writes it, byte for byte
// (TestAppendEvent): by hand for the events most changes make (a trait, a
// turn, a card moved), through encoding/json for those carrying a roll, a
// haunt, a fight, monsters or a secret. A field added to game.Event must
// be added here.
func appendEvent(b []byte, e *game.Event) ([]byte, error) {
	if e.Roll != nil || e.Haunt != nil || e.Secret != nil || e.Pending != nil || e.Attack != nil ||
		e.Monsters != nil || e.Track != nil {
		ev := *e // only these copies escape to encoding/json
		j, err := json.Marshal(&ev)
		return append(b, j...), err
	}
	b = appendIntField(b, `{"seq":`, e.Seq)
	b = append(b, `,"type":`...)
	b = appendJSONText(b, e.Type)
	b = append(b, `,"actor":{`...)
	switch {
	case e.Actor.Host && e.Actor.Seat != 0:
		b = appendIntField(b, `"host":true,"seat":`, e.Actor.Seat)
	case e.Actor.Host:
		b = append(b, `"host":true`...)
	case e.Actor.Seat != 0:
		b = appendIntField(b, `"seat":`, e.Actor.Seat)
	}
	b = append(b, `},"at":"`...)
	// What time.Time.MarshalJSON writes, refusing the same times.
	b, err := e.At.AppendText(b)
	if err != nil {
		return nil, err
	}
	b = append(b, '"')
	b = appendIntOmit(b, `,"seat":`, e.Seat)
	b = appendTextOmit(b, `,"name":`, e.Name)
	b = appendTextOmit(b, `,"lang":`, e.Lang)
	b = appendTextOmit(b, `,"explorer":`, e.Explorer)
	b = appendTextOmit(b, `,"cause":`, e.Cause)
	if len(e.Changes) > 0 {
		b = append(b, `,"changes":`...)
		b = appendList(b, e.Changes, func(b []byte, c *game.TraitChange) []byte {
			b = append(b, `{"trait":`...)
			b = appendJSONText(b, c.Trait)
			b = appendIntField(b, `,"from":{"position":`, c.From.Position)
			b = appendIntOmit(b, `,"overflow":`, c.From.Overflow)
			b = appendIntField(b, `},"to":{"position":`, c.To.Position)
			b = appendIntOmit(b, `,"overflow":`, c.To.Overflow)
			return append(b, "}}"...)
		})
	}
	if len(e.Order) > 0 {
		b = append(b, `,"order":`...)
		b = appendInts(b, e.Order)
	}
	b = appendTextOmit(b, `,"phase":`, e.Phase)
	b = appendIntOmit(b, `,"target":`, e.Target)
	b = appendTextOmit(b, `,"omen":`, e.Omen)
	b = appendTextOmit(b, `,"room":`, e.Room)
	b = appendTextOmit(b, `,"floor":`, e.Floor)
	b = appendIntOmit(b, `,"token":`, e.Token)
	b = appendIntOmit(b, `,"group":`, e.Group)
	b = appendTextOmit(b, `,"card":`, e.Card)
	if e.Keep {
		b = append(b, `,"keep":true`...)
	}
	if e.Wear {
		b = append(b, `,"wear":true`...)
	}
	b = appendIntOmit(b, `,"to":`, e.To)
	b = appendTextOmit(b, `,"how":`, e.How)
	b = appendTextOmit(b, `,"monster":`, e.Monster)
	b = appendTextOmit(b, `,"side":`, e.Side)
	return append(b, '}'), nil
}

// appendIntOmit appends an omitempty int field: nothing for 0.
func appendIntOmit(b []byte, name string, n int) []byte {
	if n == 0 {
		return b
	}
	return appendIntField(b, name, n)
}

// appendTextOmit appends an omitempty string field: nothing for "".
func appendTextOmit(b []byte, name, s string) []byte {
	if s == "" {
		return b
	}
	return appendJSONText(append(b, name...), s)
}
