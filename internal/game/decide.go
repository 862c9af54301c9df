package game

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"lantern/internal/catalog"
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

// ExplorerOrNil looks an explorer up in the catalog.
func ExplorerOrNil(id string) *catalog.Explorer { return catalog.ExplorerByID(id) }

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
	var evs []Event
	var err error
	switch a.Type {
	case ActJoin:
		evs, err = s.decideJoin(a)
	case ActReorderSeats:
		evs, err = s.decideReorder(actor, a)
	case ActStartGame:
		evs, err = s.decideStart(actor, a)
	case ActSetTrait, ActStepTrait, ActTakeDamage, ActRestoreTrait:
		evs, err = s.decideTraits(actor, a)
	case ActSetPhase:
		evs, err = s.decidePhase(actor, a)
	case ActEndTurn:
		evs, err = s.decideEndTurn(actor, a)
	case ActUndo:
		evs, err = s.decideUndo(actor, a)
	case ActRoll:
		evs, err = s.decideRoll(actor, a)
	case ActReroll:
		evs, err = s.decideReroll(actor, a)
	case ActDrawOmen:
		evs, err = s.decideDrawOmen(actor, a)
	case ActHauntRoll:
		evs, err = s.decideHauntRoll(actor, a)
	case ActRevealToken:
		evs, err = s.decideRevealToken(actor, a)
	case ActDrawCard:
		evs, err = s.decideDrawCard(actor, a)
	case ActGiveCard:
		evs, err = s.decideGive(actor, a)
	case ActAcceptCard, ActDeclineCard:
		evs, err = s.decideAnswerOffer(actor, a, a.Type == ActAcceptCard)
	case ActDropCard:
		evs, err = s.decideDrop(actor, a)
	case ActPickUp:
		evs, err = s.decidePickUp(actor, a)
	case ActDiscardCard:
		evs, err = s.decideDiscard(actor, a)
	case ActUseCard:
		evs, err = s.decideUseCard(actor, a)
	case ActApplyEffect:
		evs, err = s.decideApplyEffect(actor, a)
	case ActAttack:
		evs, err = s.decideAttack(actor, a)
	case ActDefend:
		evs, err = s.decideDefend(actor, a)
	case ActResolveDmg:
		evs, err = s.decideResolveDamage(actor, a)
	case ActSteal:
		evs, err = s.decideSteal(actor, a)
	case ActDealDamage:
		evs, err = s.decideDealDamage(actor)
	case ActAddMonster:
		evs, err = s.decideAddMonster(actor, a)
	case ActMonsterMove:
		evs, err = s.decideMonsterMove(actor, a)
	case ActStun:
		evs, err = s.decideStun(actor, a)
	case ActSetTrack:
		evs, err = s.decideSetTrack(actor, a)
	case ActDeclareWin:
		evs, err = s.decideDeclareWinner(actor, a)
	case ActJoinTraitor:
		evs, err = s.decideJoinTraitor(actor, a)
	case ActReselect:
		evs, err = s.decideReselectHaunt(actor, a)
	case ActDiscoverRoom:
		evs, err = s.decideDiscoverRoom(actor, a)
	case "":
		return nil, refuse(Invalid, "err_no_type")
	default:
		return nil, refuse(Invalid, "err_unknown_action", a.Type)
	}
	if err != nil {
		return nil, err
	}
	if len(evs) == 0 {
		return nil, refuse(Conflict, "err_no_change")
	}
	return evs, nil
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

func (s *State) decideJoin(a Action) ([]Event, error) {
	switch {
	case s.Started:
		return nil, refuse(Conflict, "err_started")
	case len(s.Seats) >= MaxSeats:
		return nil, refuse(Conflict, "err_full", MaxSeats)
	}
	name, err := cleanName(a.Name)
	if err != nil {
		return nil, err
	}
	if other := s.nameTakenBy(name); other != nil {
		return nil, refuse(Conflict, "err_name_taken", other.Name)
	}
	switch {
	case ExplorerOrNil(a.Explorer) == nil:
		return nil, refuse(Invalid, "err_unknown_explorer", a.Explorer)
	case s.ExplorerTaken(a.Explorer):
		return nil, refuse(Conflict, "err_explorer_taken")
	}
	lang := a.Lang
	if lang != "zh" {
		lang = "en"
	}
	id := 1
	for _, seat := range s.Seats {
		if seat.ID >= id {
			id = seat.ID + 1
		}
	}
	return []Event{{Type: EvSeatJoined, Seat: id, Name: name, Lang: lang, Explorer: a.Explorer}}, nil
}

func (s *State) decideReorder(actor Actor, a Action) ([]Event, error) {
	if !actor.Host {
		return nil, refuse(Forbidden, "err_host_only")
	}
	if s.Started {
		return nil, refuse(Conflict, "err_started")
	}
	if stale(a, s.Version) {
		return nil, refuse(Conflict, "err_stale")
	}
	if len(a.Order) != len(s.Seats) {
		return nil, refuse(Invalid, "err_bad_order")
	}
	seen := map[int]bool{}
	ids := make([]int, 0, len(a.Order))
	for _, n := range a.Order {
		seat := s.SeatAt(n)
		if seat == nil || seen[n] {
			return nil, refuse(Invalid, "err_bad_order")
		}
		seen[n] = true
		ids = append(ids, seat.ID)
	}
	return []Event{{Type: EvSeatsReordered, Order: ids}}, nil
}

func (s *State) decideStart(actor Actor, a Action) ([]Event, error) {
	if !actor.Host {
		return nil, refuse(Forbidden, "err_host_only")
	}
	if s.Started {
		return nil, refuse(Conflict, "err_started")
	}
	if len(s.Seats) == 0 {
		return nil, refuse(Conflict, "err_no_seats")
	}
	if stale(a, s.Version) {
		return nil, refuse(Conflict, "err_stale")
	}
	seat := s.SeatAt(a.FirstSeat)
	if seat == nil {
		return nil, refuse(NotFound, "err_unknown_seat", a.FirstSeat)
	}
	return []Event{{Type: EvGameStarted, Seat: seat.ID}}, nil
}

// actingSeat resolves the seat an action is about in a started game; alive
// asks for a living explorer too.
func (s *State) actingSeat(actor Actor, a Action, alive bool) (*Seat, error) {
	if !s.Started {
		return nil, refuse(Conflict, "err_not_started")
	}
	seat, err := s.targetSeat(actor, a)
	if err != nil {
		return nil, err
	}
	if alive && !s.Alive(seat) {
		return nil, refuse(Conflict, "err_dead", seat.Name)
	}
	return seat, nil
}

// targetSeat resolves the seat an action is about: a seat acts on itself by
// default and only on itself; the host names any seat.
func (s *State) targetSeat(actor Actor, a Action) (*Seat, error) {
	if a.Seat == 0 && !actor.Host {
		return s.SeatByID(actor.Seat), nil
	}
	seat := s.SeatAt(a.Seat)
	if seat == nil {
		return nil, refuse(NotFound, "err_unknown_seat", a.Seat)
	}
	if !actor.Host && seat.ID != actor.Seat {
		return nil, refuse(Forbidden, "err_other_seat")
	}
	return seat, nil
}

func validTrait(t string) bool { return slices.Contains(Traits, t) }

// damageTraits says which traits a kind of damage may be split between
// (seed 000, 伤害 section: 肉体损伤 → 力量/速度, 精神损伤 → 神志/知识).
var damageTraits = map[string][2]string{
	"physical": {Might, Speed},
	"mental":   {Sanity, Knowledge},
}

// DamageTraits are the two traits a kind of damage (physical, mental) may
// be split between, for screens that lay out a split.
func DamageTraits(kind string) [2]string { return damageTraits[kind] }

// MaxDamage bounds one take_damage: nobody can lose more than a whole track
// twice over in one hit, and it keeps arithmetic far from overflow.
const MaxDamage = 16

func (s *State) decideTraits(actor Actor, a Action) ([]Event, error) {
	seat, err := s.actingSeat(actor, a, true)
	if err != nil {
		return nil, err
	}
	if stale(a, seat.ChangedAt) {
		return nil, refuse(Conflict, "err_stale")
	}
	floor := s.Floor()
	var changes []TraitChange
	change := func(trait string, to TraitState) {
		if from := seat.Traits[trait]; from != to {
			changes = append(changes, TraitChange{Trait: trait, From: from, To: to})
		}
	}
	cause, damageTotal := "", 0
	switch a.Type {
	case ActSetTrait:
		if !validTrait(a.Trait) {
			return nil, refuse(Invalid, "err_bad_trait", a.Trait)
		}
		if a.Position == nil || *a.Position < floor || *a.Position > TopPosition {
			if a.Position != nil && *a.Position == 0 {
				return nil, refuse(Invalid, "err_no_death_before_haunt")
			}
			return nil, refuse(Invalid, "err_bad_position", floor, TopPosition)
		}
		cause = "set"
		change(a.Trait, TraitState{Position: *a.Position})
	case ActStepTrait:
		if !validTrait(a.Trait) {
			return nil, refuse(Invalid, "err_bad_trait", a.Trait)
		}
		if a.Delta == 0 || a.Delta > MaxDamage || a.Delta < -MaxDamage {
			return nil, refuse(Invalid, "err_bad_delta", MaxDamage, MaxDamage)
		}
		cause = "step"
		from := seat.Traits[a.Trait]
		if a.Delta > 0 {
			change(a.Trait, Gain(from, a.Delta))
		} else {
			to := Lose(from, -a.Delta, floor)
			if to == from {
				return nil, refuse(Conflict, "err_at_floor")
			}
			change(a.Trait, to)
		}
	case ActTakeDamage:
		pair, ok := damageTraits[a.Kind]
		if !ok {
			return nil, refuse(Invalid, "err_bad_damage_kind", a.Kind)
		}
		total := 0
		for t, n := range a.Split {
			if t != pair[0] && t != pair[1] {
				return nil, refuse(Invalid, "err_split_trait", t)
			}
			if n < 0 || n > MaxDamage {
				return nil, refuse(Invalid, "err_bad_damage", MaxDamage)
			}
			total += n
		}
		if total == 0 || total > MaxDamage {
			return nil, refuse(Invalid, "err_bad_damage", MaxDamage)
		}
		cause = a.Kind
		damageTotal = total
		for _, t := range pair {
			if n := a.Split[t]; n > 0 {
				change(t, Lose(seat.Traits[t], n, floor))
			}
		}
	case ActRestoreTrait:
		if !validTrait(a.Trait) {
			return nil, refuse(Invalid, "err_bad_trait", a.Trait)
		}
		start := seat.ExplorerData().Traits[a.Trait].Start
		if seat.Traits[a.Trait].Position >= start {
			return nil, refuse(Conflict, "err_not_below_start")
		}
		cause = "restore"
		change(a.Trait, TraitState{Position: start})
	}
	if len(changes) == 0 {
		return nil, refuse(Conflict, "err_no_change")
	}
	evs := []Event{{Type: EvTraitsChanged, Seat: seat.ID, Cause: cause, Changes: changes}}
	if p := s.Pending[seat.ID]; a.Type == ActTakeDamage && p != nil && (slices.Contains(s.damageKinds(seat.ID, p.Kind), a.Kind) || p.Kind == "any") && damageTotal == p.Amount {
		evs = append(evs, Event{Type: EvEffectPending, Seat: seat.ID}) // the card's damage is taken
	}
	return evs, nil
}

// Gain moves a clip up n steps; steps past the top are remembered as overflow
// (seed 003, 檢定: 超出的部份使用紙筆記錄).
func Gain(t TraitState, n int) TraitState {
	t.Position += n
	if t.Position > TopPosition {
		t.Overflow += t.Position - TopPosition
		t.Position = TopPosition
	}
	return t
}

// Lose moves a clip down n steps, taking overflow first (seed 003), never
// below floor: 1 before the haunt, 0 (the skull) after (seed 000, 伤害).
func Lose(t TraitState, n, floor int) TraitState {
	fromOverflow := min(n, t.Overflow)
	t.Overflow -= fromOverflow
	t.Position = max(t.Position-(n-fromOverflow), floor)
	return t
}

func (s *State) decidePhase(actor Actor, a Action) ([]Event, error) {
	if !actor.Host {
		return nil, refuse(Forbidden, "err_host_only")
	}
	if !s.Started {
		return nil, refuse(Conflict, "err_not_started")
	}
	if a.Phase != PhaseExploration && a.Phase != PhaseHaunt {
		return nil, refuse(Invalid, "err_bad_phase", a.Phase)
	}
	if a.Phase == s.Phase {
		return nil, refuse(Conflict, "err_no_change")
	}
	if stale(a, s.Version) {
		return nil, refuse(Conflict, "err_stale")
	}
	if a.Phase == PhaseExploration {
		for _, seat := range s.Seats {
			for _, t := range Traits {
				if seat.Traits[t].Position == 0 {
					return nil, refuse(Conflict, "err_dead_back_to_exploration", seat.Name)
				}
			}
		}
	}
	return []Event{{Type: EvPhaseSet, Phase: a.Phase}}, nil
}

// decideEndTurn passes the turn to the left, the next seat in seating order
// (seed 000, 游玩: 轮至其左方的玩家), skipping the dead.
func (s *State) decideEndTurn(actor Actor, a Action) ([]Event, error) {
	if !s.Started {
		return nil, refuse(Conflict, "err_not_started")
	}
	if !actor.Host && actor.Seat != s.Turn && !(s.Turn == MonstersTurn && s.controlsMonsters(actor)) {
		return nil, errNotYourTurn
	}
	if stale(a, s.Version) {
		return nil, refuse(Conflict, "err_stale")
	}
	if s.Haunt == nil && len(s.OwedHauntRolls) > 0 {
		return nil, refuse(Conflict, "err_haunt_roll_owed", s.SeatByID(s.Omens[s.OwedHauntRolls[0]].Seat).Name)
	}
	// The room's card is owed first, as the haunt roll is; checked here,
	// when an end of turn is asked for, never when one is applied, so a log
	// recorded before the rule still replays. The host may end the turn
	// anyway (a table that went wrong must go on), marked for the log.
	owed := s.OwedCard()
	if owed != nil && !actor.Host {
		return nil, refuse(Conflict, "err_card_owed_"+owed.Deck, catalog.Box().Room(owed.Room).Name)
	}
	if s.attackOpen() {
		return nil, refuse(Conflict, "err_attack_in_progress")
	}
	alive := false
	for i := range s.Seats {
		alive = alive || s.Alive(&s.Seats[i])
	}
	if !alive {
		return nil, refuse(Conflict, "err_no_change")
	}
	var evs []Event
	if a.Room != "" {
		// Where the turn ends, as the table says: it ends the lingering
		// events whose text names that room (Grave Dirt).
		if catalog.Box().Room(a.Room) == nil {
			return nil, refuse(Invalid, "err_unknown_room", a.Room)
		}
		evs = s.endTurnClearings(s.Turn, a.Room)
	}
	next := s.nextTurn()
	end := Event{Type: EvTurnEnded, Seat: next}
	if owed != nil {
		end.Room, end.Cause = owed.Room, CauseCardSkipped+owed.Deck
	}
	evs = append(evs, end)
	return append(evs, s.turnDamageEvents(next)...), nil
}

func (s *State) decideUndo(actor Actor, a Action) ([]Event, error) {
	last := s.LastUndoable()
	if last == nil {
		return nil, refuse(Conflict, "err_nothing_to_undo")
	}
	if stale(a, last.Seq) {
		return nil, refuse(Conflict, "err_stale")
	}
	if !actor.Host && last.Actor != actor {
		return nil, refuse(Forbidden, "err_undo_not_yours")
	}
	return []Event{{Type: EvUndone, Target: last.Seq, Seat: last.Seat}}, nil
}

// foldSeats applies the seats' and turns' own events: who sits where, the
// game's start, trait clips, the phase and the turn passing on.
func (s *State) foldSeats(e Event) error {
	switch e.Type {
	case EvSeatJoined:
		ex := ExplorerOrNil(e.Explorer)
		if ex == nil {
			return fmt.Errorf("event %d: unknown explorer %q", e.Seq, e.Explorer)
		}
		seat := Seat{ID: e.Seat, Name: e.Name, Lang: e.Lang, Explorer: e.Explorer, Traits: map[string]TraitState{}, ChangedAt: e.Seq}
		for _, t := range Traits {
			seat.Traits[t] = TraitState{Position: ex.Traits[t].Start}
		}
		s.Seats = append(s.Seats, seat)
	case EvSeatsReordered:
		byID := make(map[int]Seat, len(s.Seats))
		for _, seat := range s.Seats {
			byID[seat.ID] = seat
		}
		s.Seats = s.Seats[:0]
		for _, id := range e.Order {
			seat := byID[id]
			seat.ChangedAt = e.Seq
			s.Seats = append(s.Seats, seat)
		}
	case EvGameStarted:
		s.Started, s.FirstSeat, s.Turn, s.TurnStart = true, e.Seat, e.Seat, e.Seq
	case EvTraitsChanged:
		seat := s.SeatByID(e.Seat)
		if seat == nil {
			return fmt.Errorf("event %d: unknown seat %d", e.Seq, e.Seat)
		}
		for _, c := range e.Changes {
			seat.Traits[c.Trait] = c.To
		}
		seat.ChangedAt = e.Seq
	case EvPhaseSet:
		s.Phase = e.Phase
		if e.Phase == PhaseHaunt {
			s.OwedHauntRolls = nil
		}
		for i := range s.Seats {
			s.Seats[i].ChangedAt = e.Seq // the death rule changed for every board
		}
	case EvTurnEnded:
		if s.Turn == MonstersTurn {
			s.foldMonsterTurnEnd()
		}
		s.Turn, s.TurnStart = e.Seat, e.Seq
		if e.Seat == MonstersTurn {
			s.MonsterTurns++
		}
		s.OwedHauntRolls = nil
		s.AttackedThisTurn = map[string]bool{}
		for _, hand := range s.Hands {
			for i := range hand {
				hand[i].Used, hand[i].Moved = false, false
			}
		}
	case EvSeatMoved:
		// The seat's phone changed; tokens live outside the game state.
	}
	return nil
}

// traitDelta turns signed trait changes into clip moves for one seat: gains
// climb (past the top into overflow), losses take overflow first and stop at
// the floor (seed 003, 檢定; l.169 for items).
func (s *State) traitDelta(seat *Seat, m map[string]int, traits map[string]TraitState) []TraitChange {
	floor := s.Floor()
	var out []TraitChange
	for _, t := range Traits {
		n, ok := m[t]
		if !ok || n == 0 {
			continue
		}
		from := traits[t]
		to := from
		if n > 0 {
			to = Gain(from, n)
		} else {
			to = Lose(from, -n, floor)
		}
		traits[t] = to
		if to != from {
			out = append(out, TraitChange{Trait: t, From: from, To: to})
		}
	}
	return out
}

// Floor is the lowest position a loss can reach now: 1 before the haunt,
// 0 (the skull) after (seed 000, 伤害).
func (s *State) Floor() int {
	if s.Phase == PhaseHaunt {
		return 0
	}
	return 1
}
