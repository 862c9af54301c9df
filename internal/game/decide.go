package game

import (
	"encoding/json"
	"strings"
	"time"
)

// Action is a request to change the game, as phones and the API send it.
// Seat fields are 1-based seat numbers in seating order.
type Action struct {
	Type string `json:"type"`
	// Version is the game version the request was built on. When set, the
	// action is refused if what it acts on changed since.
	Version *int `json:"version,omitempty"`

	Seat      int            `json:"seat,omitempty"`
	Trait     string         `json:"trait,omitempty"`
	Position  *int           `json:"position,omitempty"`
	Delta     int            `json:"delta,omitempty"`
	Kind      string         `json:"kind,omitempty"`
	Split     map[string]int `json:"split,omitempty"`
	Phase     string         `json:"phase,omitempty"`
	FirstSeat int            `json:"first_seat,omitempty"`
	Order     []int          `json:"order,omitempty"`
	Name      string         `json:"name,omitempty"`
	Lang      string         `json:"lang,omitempty"`
	Explorer  string         `json:"explorer,omitempty"`

	// Dice rolls (see rolls.go). Faces or Total carry real dice typed in;
	// without them the server rolls.
	Dice      int      `json:"dice,omitempty"`
	Purpose   string   `json:"purpose,omitempty"`
	Need      int      `json:"need,omitempty"` // a roll's target: "4+" is 4
	Modifiers []string `json:"modifiers,omitempty"`
	Choose    *int     `json:"choose,omitempty"`
	Faces     []int    `json:"faces,omitempty"`
	Total     *int     `json:"total,omitempty"`
	Card      string   `json:"card,omitempty"`
	Indexes   []int    `json:"indexes,omitempty"`
	Omen      string   `json:"omen,omitempty"`
	Room      string   `json:"room,omitempty"`
	Floor     string   `json:"floor,omitempty"`

	// Cards (see cards.go) and guided effects (effects.go).
	To      int    `json:"to,omitempty"`     // receiving seat number
	Offer   int    `json:"offer,omitempty"`  // the offer's seq
	Source  string `json:"source,omitempty"` // "card:<id>" or "room:<id>"
	Bracket *int   `json:"bracket,omitempty"`

	// The haunt's second half (attack.go, monsters.go).
	Target  Target         `json:"target,omitempty"`
	Weapon  string         `json:"weapon,omitempty"`
	Ranged  bool           `json:"ranged,omitempty"`
	Monster string         `json:"monster,omitempty"`
	Count   int            `json:"count,omitempty"`
	Traits  map[string]int `json:"traits,omitempty"`
	Value   *int           `json:"value,omitempty"`
	Label   string         `json:"label,omitempty"`
	Side    string         `json:"side,omitempty"`
}

// Action types.
const (
	ActJoin         = "join"
	ActReorderSeats = "reorder_seats"
	ActStartGame    = "start_game"
	ActSetTrait     = "set_trait"
	ActStepTrait    = "step_trait"
	ActTakeDamage   = "take_damage"
	ActRestoreTrait = "restore_trait"
	ActSetPhase     = "set_phase"
	ActEndTurn      = "end_turn"
	ActUndo         = "undo"
	ActRoll         = "roll"
	ActReroll       = "reroll"
	ActDrawOmen     = "draw_omen"
	ActHauntRoll    = "haunt_roll"
	ActRevealToken  = "reveal_token"
	ActDrawCard     = "draw_card"
	ActGiveCard     = "give_card"
	ActAcceptCard   = "accept_card"
	ActDeclineCard  = "decline_card"
	ActDropCard     = "drop_card"
	ActPickUp       = "pick_up"
	ActDiscardCard  = "discard_card"
	ActUseCard      = "use_card"
	ActApplyEffect  = "apply_effect"
	ActAttack       = "attack"
	ActDefend       = "defend"
	ActResolveDmg   = "resolve_damage"
	ActSteal        = "steal"
	ActDealDamage   = "deal_damage" // the winner who may steal deals the damage instead
	ActAddMonster   = "add_monster"
	ActMonsterMove  = "monster_move_roll"
	ActStun         = "stun"
	ActSetTrack     = "set_track"
	ActDeclareWin   = "declare_winner"
	ActJoinTraitor  = "join_traitor"
	ActReselect     = "reselect_haunt"
)

// DecodeAction parses an action from JSON, refusing unknown fields so a typo
// is reported instead of silently ignored.
func DecodeAction(raw []byte) (Action, error) {
	var a Action
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return Action{}, refuse(Invalid, "err_bad_json")
	}
	if dec.More() {
		return Action{}, refuse(Invalid, "err_bad_json")
	}
	return a, nil
}

// Decide checks an action against the rules and returns the events it causes,
// with sequence numbers following the state's version. It never changes s.
func (s *State) Decide(actor Actor, a Action, now time.Time) ([]Event, error) {
	evs, err := s.decide(actor, a)
	if err != nil {
		return nil, err
	}
	evs = append(evs, s.clearings(evs)...)
	evs = append(evs, s.deaths(evs)...)
	for i := range evs {
		evs[i].Seq = s.Version + 1 + i
		evs[i].Actor = actor
		evs[i].At = now.UTC()
		if len(evs) > 1 {
			evs[i].Group = s.Version + 1
		}
	}
	return evs, nil
}

// admits is what decide asks of any action first: a seated actor, a game
// not over.
func (s *State) admits(actor Actor, a Action) error {
	if !actor.Host && a.Type != ActJoin && s.SeatByID(actor.Seat) == nil {
		return refuse(Forbidden, "err_not_seated")
	}
	if s.Ended != nil && a.Type != ActUndo {
		return refuse(Conflict, "err_game_over")
	}
	return nil
}

// decide is Decide up to the verdict: the action's own events, or why it is
// refused. What Decide adds after it (cards a change clears, deaths, the
// events' numbers) never refuses, so a dry run (Options) stops here.
func (s *State) decide(actor Actor, a Action) ([]Event, error) {
	if err := s.admits(actor, a); err != nil {
		return nil, err
	}
	if a.Type == "" {
		return nil, refuse(Invalid, "err_no_type")
	}
	decide, ok := deciders[a.Type]
	if !ok {
		return nil, refuse(Invalid, "err_unknown_action", a.Type)
	}
	evs, err := decide(s, actor, a)
	if err != nil {
		return nil, err
	}
	if len(evs) == 0 {
		return nil, refuse(Conflict, "err_no_change")
	}
	return evs, nil
}

// decider decides one type of action: its events, or why it is refused.
type decider func(s *State, actor Actor, a Action) ([]Event, error)

// deciders are every action type's decider, gathered from the topics'
// tables: each topic's file lists the actions it decides.
var deciders = gatherDeciders(seatActions, traitActions, turnActions, rollActions, hauntActions,
	cardActions, effectActions, roomActions, attackActions, monsterActions)

// gatherDeciders joins the topics' tables; an action type two topics claim
// is a programming error.
func gatherDeciders(tables ...map[string]decider) map[string]decider {
	out := map[string]decider{}
	for _, t := range tables {
		for typ, d := range t {
			if _, dup := out[typ]; dup {
				panic("game: two deciders for action " + typ)
			}
			out[typ] = d
		}
	}
	return out
}

// deaths drops the cards of anyone these events kill: after the haunt, a
// trait on the skull is death, and everything they held falls where they
// died (seed 000, 伤害: 人物死亡后，其保有的物件皆会掉在其死处).
func (s *State) deaths(evs []Event) []Event {
	if s.Phase != PhaseHaunt {
		return nil
	}
	var out []Event
	dead := map[int]bool{}
	for _, e := range evs {
		if e.Type != EvTraitsChanged || dead[e.Seat] {
			continue
		}
		seat := s.SeatByID(e.Seat)
		if seat == nil || !s.Alive(seat) {
			continue
		}
		for _, c := range e.Changes {
			if c.To.Position == 0 {
				dead[e.Seat] = true
				out = append(out, s.deathEvents(seat, evs)...)
				if h := s.Haunt; h != nil && h.Hidden() {
					if _, shown := h.Shown[seat.ID]; !shown {
						// The dead turn their token face up (seed 002, 内奸).
						out = append(out, Event{Type: EvTokenRevealed, Seat: seat.ID, Token: h.Tokens[seat.ID]})
					}
				}
				break
			}
		}
	}
	return out
}

// stale reports whether an action built on version v missed a change made
// after it, as seen by the version of the thing it acts on.
func stale(a Action, changedAt int) bool { return a.Version != nil && *a.Version < changedAt }
