package web

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"lantern/internal/game"
)

// appendOptions appends o as encoding/json writes it, byte for byte,
// without reflection: every phone's message of the JSON view carries its
// seat's options, and encoding them with encoding/json took a tenth of the
// server's CPU in a burst. TestAppendOptions holds it to json.Marshal for
// values with every field filled; a field added to game.Options or to a
// type it holds must be added here.
func appendOptions(b []byte, o *game.Options) ([]byte, error) {
	b = appendIntField(b, `{"seat":`, o.Seat)
	return appendOptionsAfterSeat(append(b, ','), o)
}

// appendOptionsAfterSeat is appendOptions after `{"seat":N,`: the part
// often the same bytes for several seats (see appendSeatPieces).
func appendOptionsAfterSeat(b []byte, o *game.Options) ([]byte, error) {
	var err error
	b = appendIntField(b, `"turn":{"seat":`, o.Turn.Seat)
	if o.Turn.Monsters {
		b = append(b, `,"monsters":true`...)
	}
	b = append(b, `,"doing":`...)
	b = appendJSONText(b, o.Turn.Doing)
	b = appendBoolField(b, `,"mine":`, o.Turn.Mine)
	b = appendBoolField(b, `},"end_turn":`, o.EndTurn)
	if r := o.Roll; r != nil {
		b = append(b, `,"roll":{"traits":`...)
		b = appendStrings(b, r.Traits)
		if len(r.Modifiers) > 0 {
			b = append(b, `,"modifiers":`...)
			b = appendList(b, r.Modifiers, func(b []byte, m *game.ModifierOption) []byte {
				b = append(b, `{"card":`...)
				b = appendJSONText(b, m.Card)
				b = appendBoolField(b, `,"held":`, m.Held)
				b = appendBoolField(b, `,"trait_roll":`, m.TraitRoll)
				b = appendBoolField(b, `,"event_roll":`, m.EventRoll)
				b = appendBoolField(b, `,"plain_roll":`, m.PlainRoll)
				return append(b, '}')
			})
		}
		b = append(b, '}')
	}
	if len(o.Rerolls) > 0 {
		b = append(b, `,"rerolls":`...)
		b = appendList(b, o.Rerolls, func(b []byte, r *game.RerollOption) []byte {
			b = append(b, `{"card":`...)
			b = appendJSONText(b, r.Card)
			b = appendIntField(b, `,"roll":`, r.Roll)
			b = appendIntField(b, `,"dice":`, r.Dice)
			return append(b, '}')
		})
	}
	b = appendStringsOmitEmpty(b, `,"draw":`, o.Draw)
	b = appendStringsOmitEmpty(b, `,"draw_refused":`, o.DrawRefused)
	if h := o.HauntRoll; h != nil {
		b = appendIntField(b, `,"haunt_roll":{"dice":`, h.Dice)
		b = appendIntField(b, `,"omen_count":`, h.OmenCount)
		b = append(b, `,"chance":`...)
		if b, err = appendJSONFloat(b, h.Chance); err != nil {
			return nil, err
		}
		b = append(b, '}')
	}
	if a := o.Attack; a != nil {
		b = append(b, `,"attack":{"targets":`...)
		b = appendList(b, a.Targets, appendAttackTarget)
		if len(a.Weapons) > 0 {
			b = append(b, `,"weapons":`...)
			b = appendList(b, a.Weapons, func(b []byte, w *game.WeaponOption) []byte {
				b = append(b, `{"card":`...)
				b = appendJSONText(b, w.Card)
				b = append(b, `,"trait":`...)
				b = appendJSONText(b, w.Trait)
				b = appendIntField(b, `,"dice":`, w.Dice)
				if w.Ranged {
					b = append(b, `,"ranged":true`...)
				}
				b = appendIntField(b, `,"rolls":`, w.Rolls)
				return append(b, '}')
			})
		}
		b = append(b, `,"dice":`...)
		b = appendIntMap(b, a.Dice)
		b = append(b, '}')
	}
	if d := o.Defend; d != nil {
		b = appendIntField(b, `,"defend":{"attack":`, d.Attack)
		b = append(b, `,"attacker":`...)
		b = appendJSONText(b, d.Attacker)
		b = append(b, `,"defender":`...)
		b = appendJSONText(b, d.Defender)
		b = appendBoolField(b, `,"mine":`, d.Mine)
		b = append(b, `,"trait":`...)
		b = appendJSONText(b, d.Trait)
		b = appendIntField(b, `,"dice":`, d.Dice)
		b = appendIntField(b, `,"against":`, d.Against)
		b = append(b, '}')
	}
	if d := o.Damage; d != nil {
		b = appendIntField(b, `,"damage":{"seat":`, d.Seat)
		b = append(b, `,"action":`...)
		b = appendJSONText(b, d.Action)
		if d.Source != "" {
			b = append(b, `,"source":`...)
			b = appendJSONText(b, d.Source)
		}
		b = appendIntField(b, `,"amount":`, d.Amount)
		b = append(b, `,"kind":`...)
		b = appendJSONText(b, d.Kind)
		b = appendStringsOmitEmpty(b, `,"as":`, d.As)
		b = append(b, `,"traits":`...)
		b = appendList(b, d.Traits, func(b []byte, t *game.DamageTrait) []byte {
			b = append(b, `{"trait":`...)
			b = appendJSONText(b, t.Trait)
			b = appendIntField(b, `,"position":`, t.Position)
			if t.Overflow != 0 {
				b = appendIntField(b, `,"overflow":`, t.Overflow)
			}
			if t.Lethal != 0 {
				b = appendIntField(b, `,"lethal":`, t.Lethal)
			}
			return append(b, '}')
		})
		b = append(b, '}')
	}
	b = appendStringsOmitEmpty(b, `,"steal":`, o.Steal)
	if o.DealDamage {
		b = append(b, `,"deal_damage":true`...)
	}
	if len(o.Offers) > 0 {
		b = append(b, `,"offers":`...)
		b = appendList(b, o.Offers, func(b []byte, f *game.OfferOption) []byte {
			b = appendIntField(b, `{"offer":`, f.Offer)
			b = append(b, `,"card":`...)
			b = appendJSONText(b, f.Card)
			b = appendIntField(b, `,"from":`, f.From)
			b = appendIntField(b, `,"to":`, f.To)
			b = appendBoolField(b, `,"accept":`, f.Accept)
			b = appendBoolField(b, `,"decline":`, f.Decline)
			return append(b, '}')
		})
	}
	if len(o.Cards) > 0 {
		b = append(b, `,"cards":[`...)
		for i := range o.Cards {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendCardOption(b, &o.Cards[i]); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	if m := o.Monsters; m != nil {
		b = append(b, `,"monsters":{`...)
		sep := ""
		if len(m.Attack) > 0 {
			b = append(b, `"attack":`...)
			b = appendList(b, m.Attack, func(b []byte, a *game.MonsterAttack) []byte {
				b = append(b, `{"monster":`...)
				b = appendJSONText(b, a.Monster)
				b = append(b, `,"targets":`...)
				b = appendList(b, a.Targets, appendAttackTarget)
				return append(b, '}')
			})
			sep = ","
		}
		if len(m.Move) > 0 {
			b = append(b, sep+`"move":`...)
			b = appendStrings(b, m.Move)
			sep = ","
		}
		if len(m.Stun) > 0 {
			b = append(b, sep+`"stun":`...)
			b = appendStrings(b, m.Stun)
		}
		b = append(b, '}')
	}
	if o.RunMonsters {
		b = append(b, `,"run_monsters":true`...)
	}
	if len(o.JoinTraitor) > 0 {
		b = append(b, `,"join_traitor":`...)
		b = appendInts(b, o.JoinTraitor)
	}
	if o.Drawn != "" {
		b = append(b, `,"drawn":`...)
		b = appendJSONText(b, o.Drawn)
	}
	if e := o.Explore; e != nil {
		b = append(b, `,"explore":{"floors":`...)
		b = appendList(b, e.Floors, func(b []byte, f *game.FloorTiles) []byte {
			b = append(b, `{"floor":`...)
			b = appendJSONText(b, f.Floor)
			b = append(b, `,"tiles":`...)
			b = appendStrings(b, f.Tiles)
			return append(b, '}')
		})
		if d := e.Owed; d != nil {
			b = appendIntField(b, `,"owed":{"seat":`, d.Seat)
			b = append(b, `,"room":`...)
			b = appendJSONText(b, d.Room)
			b = append(b, `,"deck":`...)
			b = appendJSONText(b, d.Deck)
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	if len(o.PickUp) > 0 {
		b = append(b, `,"pick_up":`...)
		b = appendList(b, o.PickUp, func(b []byte, p *game.PickUpOption) []byte {
			b = append(b, `{"pile":`...)
			b = appendJSONText(b, p.Pile)
			b = append(b, `,"card":`...)
			b = appendJSONText(b, p.Card)
			return append(b, '}')
		})
	}
	if len(o.Rooms) > 0 {
		b = append(b, `,"rooms":`...)
		b = appendList(b, o.Rooms, func(b []byte, r *game.RoomOption) []byte {
			b = append(b, `{"room":`...)
			b = appendJSONText(b, r.Room)
			b = appendBoolField(b, `,"roll":`, r.Roll)
			b = appendBoolField(b, `,"apply":`, r.Apply)
			return append(b, '}')
		})
	}
	if a := o.ApplyRoll; a != nil {
		b = append(b, `,"apply_roll":{"source":`...)
		b = appendJSONText(b, a.Source)
		b = appendIntField(b, `,"roll":`, a.Roll)
		b = appendIntField(b, `,"bracket":`, a.Bracket)
		if a.Release {
			b = append(b, `,"release":true`...)
		}
		b = appendStringsOmitEmpty(b, `,"traits":`, a.Traits)
		if len(a.To) > 0 {
			b = append(b, `,"to":`...)
			b = appendInts(b, a.To)
		}
		b = appendStringsOmitEmpty(b, `,"items":`, a.Items)
		if a.Room {
			b = append(b, `,"room":true`...)
		}
		b = append(b, '}')
	}
	if len(o.CardRolls) > 0 {
		b = append(b, `,"card_rolls":`...)
		b = appendList(b, o.CardRolls, func(b []byte, r *game.CardRollOption) []byte {
			b = append(b, `{"card":`...)
			b = appendJSONText(b, r.Card)
			if r.Trait != "" {
				b = append(b, `,"trait":`...)
				b = appendJSONText(b, r.Trait)
			}
			if r.Dice != 0 {
				b = appendIntField(b, `,"dice":`, r.Dice)
			}
			if r.Holder != 0 {
				b = appendIntField(b, `,"holder":`, r.Holder)
			}
			return append(b, '}')
		})
	}
	b = appendStringsOmitEmpty(b, `,"end_turn_in":`, o.EndTurnIn)
	if len(o.DrawEffects) > 0 {
		b = append(b, `,"draw_effects":`...)
		b = appendList(b, o.DrawEffects, func(b []byte, d *game.DrawEffectOption) []byte {
			b = append(b, `{"card":`...)
			b = appendJSONText(b, d.Card)
			b = appendStringsOmitEmpty(b, `,"items":`, d.Items)
			return append(b, '}')
		})
	}
	return append(b, '}'), nil
}

func appendCardOption(b []byte, c *game.CardOption) ([]byte, error) {
	var err error
	b = append(b, `{"card":`...)
	b = appendJSONText(b, c.Card)
	b = appendBoolField(b, `,"use":`, c.Use)
	b = appendBoolField(b, `,"apply":`, c.Apply)
	if len(c.Give) > 0 {
		b = append(b, `,"give":`...)
		b = appendInts(b, c.Give)
	}
	b = appendBoolField(b, `,"drop":`, c.Drop)
	b = appendBoolField(b, `,"discard":`, c.Discard)
	b = appendBoolField(b, `,"roll":`, c.Roll)
	if len(c.Refused) > 0 {
		b = append(b, `,"refused":{`...)
		for i, k := range sortedKeys(c.Refused) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONText(b, k)
			b = append(b, ':')
			r := c.Refused[k]
			if b, err = appendRefusal(b, &r); err != nil {
				return nil, err
			}
		}
		b = append(b, '}')
	}
	if c.Why != nil {
		b = append(b, `,"why":`...)
		if b, err = appendRefusal(b, c.Why); err != nil {
			return nil, err
		}
	}
	if len(c.Take) > 0 {
		b = append(b, `,"take":`...)
		b = appendList(b, c.Take, func(b []byte, t *game.TakeOption) []byte {
			b = appendIntField(b, `{"from":`, t.From)
			b = append(b, `,"items":`...)
			b = appendStrings(b, t.Items)
			return append(b, '}')
		})
	}
	return append(b, '}'), nil
}

// appendRefusal encodes the arguments the engine gives (strings and
// numbers) by hand, and anything else with encoding/json.
func appendRefusal(b []byte, r *game.Refusal) ([]byte, error) {
	b = append(b, `{"key":`...)
	b = appendJSONText(b, r.Key)
	if len(r.Args) > 0 {
		b = append(b, `,"args":[`...)
		for i, a := range r.Args {
			if i > 0 {
				b = append(b, ',')
			}
			switch a := a.(type) {
			case string:
				b = appendJSONText(b, a)
			case int:
				b = strconv.AppendInt(b, int64(a), 10)
			case nil:
				b = append(b, "null"...)
			default:
				j, err := json.Marshal(a)
				if err != nil {
					return nil, err
				}
				b = append(b, j...)
			}
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

func appendAttackTarget(b []byte, t *game.AttackTarget) []byte {
	b = append(b, '{')
	if t.Seat != 0 {
		b = appendIntField(b, `"seat":`, t.Seat)
		b = append(b, ',')
	}
	if t.Monster != "" {
		b = append(b, `"monster":`...)
		b = appendJSONText(b, t.Monster)
		b = append(b, ',')
	}
	b = append(b, `"name":`...)
	b = appendJSONText(b, t.Name)
	b = append(b, `,"traits":`...)
	b = appendStrings(b, t.Traits)
	return append(b, '}')
}

// appendStringsOmitEmpty appends the field name and xs, unless xs is
// empty (an omitempty slice).
func appendStringsOmitEmpty(b []byte, name string, xs []string) []byte {
	if len(xs) == 0 {
		return b
	}
	return appendStrings(append(b, name...), xs)
}

// appendJSONFloat appends f as encoding/json writes a float64: the
// shortest decimal that reads back as f, in exponent form below 1e-6 and
// from 1e21 on, with a one-digit exponent not padded.
func appendJSONFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil, fmt.Errorf("json: unsupported value: %v", f)
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1] // e-09 → e-9
			b = b[:n-1]
		}
	}
	return b, nil
}
