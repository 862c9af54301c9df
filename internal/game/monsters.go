package game

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// The haunt's second half besides attacks: the monsters (added, moved,
// stunned), the haunt's track, sides and the game's end.

// monsterActions are the actions this file decides.
var monsterActions = []Action{AddMonster{}, MonsterMoveRoll{}, Stun{}, SetTrack{}, DeclareWinner{}, JoinTraitor{}}

// The type names of the actions this file decides.
const (
	ActAddMonster  = "add_monster"
	ActMonsterMove = "monster_move_roll"
	ActStun        = "stun"
	ActSetTrack    = "set_track"
	ActDeclareWin  = "declare_winner"
	ActJoinTraitor = "join_traitor"
)

// AddMonster puts monsters in the house.
type AddMonster struct {
	Basis
	Seat   int            `json:"seat,omitempty"`
	Kind   string         `json:"kind,omitempty"`
	Count  int            `json:"count,omitempty"`
	Traits map[string]int `json:"traits,omitempty"`
}

func (AddMonster) ActionType() string { return ActAddMonster }

// MonsterMoveRoll rolls a kind of monster's move.
type MonsterMoveRoll struct {
	Basis
	Kind  string `json:"kind,omitempty"`
	Total *int   `json:"total,omitempty"`
	Faces []int  `json:"faces,omitempty"`
}

func (MonsterMoveRoll) ActionType() string { return ActMonsterMove }

// Stun marks a monster stunned.
type Stun struct {
	Basis
	Monster string `json:"monster,omitempty"`
}

func (Stun) ActionType() string { return ActStun }

// SetTrack moves the haunt's track.
type SetTrack struct {
	Basis
	Value *int   `json:"value,omitempty"`
	Label string `json:"label,omitempty"`
}

func (SetTrack) ActionType() string { return ActSetTrack }

// DeclareWinner ends the game with a side's win.
type DeclareWinner struct {
	Basis
	Side string `json:"side,omitempty"`
}

func (DeclareWinner) ActionType() string { return ActDeclareWin }

// JoinTraitor moves a seat to the traitor's side (host).
type JoinTraitor struct {
	Basis
	Seat int `json:"seat,omitempty"`
}

func (JoinTraitor) ActionType() string { return ActJoinTraitor }

// Monster is one monster token the traitor runs.
type Monster struct {
	ID     string         `json:"id"`
	Kind   string         `json:"kind"`
	Name   string         `json:"name"`
	Traits map[string]int `json:"traits"` // values, not tracks; a missing trait is one it lacks
	// Stunned monsters lose their next turn and recover at the end of it:
	// RecoverAfter is the monster turn at whose end that happens.
	Stunned      bool `json:"stunned,omitempty"`
	RecoverAfter int  `json:"recover_after,omitempty"`
}

// MonstersTurn is State.Turn while the monsters move (seed 000, 作祟: heroes,
// then the traitor, then the monsters).
const MonstersTurn = -1

// Sides of the haunt.
const (
	SideHeroes  = "heroes"
	SideTraitor = "traitor"
)

// Track is the haunt's turn/damage track, labelled as the haunt says.
type Track struct {
	Value int    `json:"value"`
	Label string `json:"label"`
}

// Ending is how a game ended.
type Ending struct {
	Side string `json:"side"`
	At   string `json:"at"`
}

// Monster returns the monster with that id, or nil.
func (s *State) Monster(id string) *Monster {
	for i := range s.Monsters {
		if s.Monsters[i].ID == id {
			return &s.Monsters[i]
		}
	}
	return nil
}

// MaxMonsters bounds one add_monster.
const MaxMonsters = 12

func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.Trim(b.String(), "-")
	if out == "" {
		out = "monster"
	}
	return out
}

func (a AddMonster) decide(s *State, actor Actor) ([]Event, error) {
	if !s.Started || !s.hauntStarted() {
		return nil, refuse(Conflict, "err_attack_before_haunt")
	}
	if !s.controlsMonsters(actor) {
		return nil, refuse(Forbidden, "err_not_traitor")
	}
	// Every phone shows the kind: the rules of a player's name (names.go).
	kind, err := cleanLabel(a.Kind, MaxNameLength, "err_monster_kind")
	if err != nil {
		return nil, err
	}
	if kind == "" {
		return nil, refuse(Invalid, "err_monster_kind")
	}
	if a.Count < 1 || a.Count > MaxMonsters {
		return nil, refuse(Invalid, "err_monster_count", MaxMonsters)
	}
	traits := map[string]int{}
	for t, v := range a.Traits {
		if !validTrait(t) {
			return nil, refuse(Invalid, "err_bad_trait", t)
		}
		if v < 0 || v > 12 {
			return nil, refuse(Invalid, "err_monster_trait")
		}
		if v > 0 {
			traits[t] = v
		}
	}
	if traits[Might] == 0 && traits[Speed] == 0 && traits[Sanity] == 0 && traits[Knowledge] == 0 {
		return nil, refuse(Invalid, "err_monster_trait")
	}
	base, n := slug(kind), 0
	for _, m := range s.Monsters {
		if m.Kind == kind {
			n++
		}
	}
	var added []Monster
	for i := 1; i <= a.Count; i++ {
		num := n + i
		id := fmt.Sprintf("%s-%d", base, num)
		for s.Monster(id) != nil {
			num += 100
			id = fmt.Sprintf("%s-%d", base, num)
		}
		added = append(added, Monster{ID: id, Kind: kind, Name: fmt.Sprintf("%s %d", kind, n+i), Traits: traits})
	}
	return []Event{{Data: MonstersAdded{Monsters: added}}}, nil
}

// decide rolls a kind's movement once for all its tokens: dice
// equal to its Speed, and it moves at least 1 whatever the roll (seed 000, 怪物).
func (a MonsterMoveRoll) decide(s *State, actor Actor) ([]Event, error) {
	if !s.controlsMonsters(actor) {
		return nil, refuse(Forbidden, "err_not_traitor")
	}
	speed, found := 0, false
	for _, m := range s.Monsters {
		if m.Kind == a.Kind {
			speed, found = m.Traits[Speed], true
		}
	}
	if !found {
		return nil, refuse(NotFound, "err_unknown_monster", a.Kind)
	}
	// Monsters move on their own turn, after the traitor's (seed 000 怪物:
	// 每回合移动怪物时奸徒需为每种怪物掷骰决定其步数) — the host too, as
	// for their attacks (attackerOf).
	if s.Turn != MonstersTurn {
		return nil, refuse(Conflict, "err_monster_move_turn", a.Kind)
	}
	rec := RollRecord{Purpose: "monster-move", Source: "monster:" + a.Kind}
	if err := s.resolveDice(&rec, rollPlan{dice: min(max(speed, 1), MaxDice)}, a.Faces, a.Total); err != nil {
		return nil, err
	}
	rec.Target = 0
	return []Event{{Data: Rolled{Roll: &rec}}}, nil
}

// MoveOf is how far a monster-move roll lets the kind move: at least 1.
func MoveOf(r RollRecord) int { return max(r.Total, 1) }

// decide marks a monster stunned: whoever runs the monsters, or a
// living explorer whose card or room beat it outside a fight (seed 002 FAQ,
// Dynamite: a monster failing its Speed roll is beaten as in a fight, so
// stunned). The dead play no cards; a dead traitor still runs the monsters.
func (a Stun) decide(s *State, actor Actor) ([]Event, error) {
	if !s.controlsMonsters(actor) {
		seat := s.SeatByID(actor.Seat)
		if s.Haunt == nil || seat == nil {
			return nil, refuse(Forbidden, "err_not_traitor")
		}
		if !s.Alive(seat) {
			return nil, refuse(Forbidden, "err_stun_dead", seat.Name)
		}
	}
	m := s.Monster(a.Monster)
	if m == nil {
		return nil, refuse(NotFound, "err_unknown_monster", a.Monster)
	}
	if m.Stunned {
		return nil, refuse(Conflict, "err_no_change")
	}
	return []Event{{Data: Stunned{Monster: m.ID}}}, nil
}

func (a SetTrack) decide(s *State, actor Actor) ([]Event, error) {
	if !s.controlsMonsters(actor) {
		return nil, refuse(Forbidden, "err_not_traitor")
	}
	if a.Value == nil || *a.Value < 0 || *a.Value > 99 {
		return nil, refuse(Invalid, "err_track_value")
	}
	label, err := cleanLabel(a.Label, MaxLabelLength, "err_track_label") // shown on every phone, as a name is
	if err != nil {
		return nil, err
	}
	if label == "" && s.Track != nil {
		label = s.Track.Label
	}
	return []Event{{Data: TrackSet{Track: &Track{Value: *a.Value, Label: label}}}}, nil
}

// decide ends the game: either side, or the host, records who
// won by the haunt's own conditions (seed 000, 胜负).
func (a DeclareWinner) decide(s *State, actor Actor) ([]Event, error) {
	if !s.Started {
		return nil, refuse(Conflict, "err_not_started")
	}
	if s.Ended != nil {
		return nil, refuse(Conflict, "err_game_over")
	}
	if a.Side != SideHeroes && a.Side != SideTraitor {
		return nil, refuse(Invalid, "err_bad_side", a.Side)
	}
	if s.Haunt == nil && !actor.Host {
		return nil, refuse(Conflict, "err_no_haunt_yet")
	}
	if a.Side == SideHeroes && s.Haunt != nil {
		alive := false
		for i := range s.Seats {
			alive = alive || s.Alive(&s.Seats[i]) && s.SideOf(s.Seats[i].ID) == SideHeroes
		}
		if !alive {
			return nil, refuse(Conflict, "err_no_heroes_alive")
		}
	}
	return []Event{{Data: GameEnded{Side: a.Side}}}, nil
}

// decide moves a hero to the traitor's side when a haunt says
// so (host only): a dead hero, or — in a haunt with no traitor at first
// (haunt 9) — a living one who turns during play.
func (a JoinTraitor) decide(s *State, actor Actor) ([]Event, error) {
	if !actor.Host {
		return nil, refuse(Forbidden, "err_host_only")
	}
	if s.Haunt == nil {
		return nil, refuse(Conflict, "err_no_haunt_yet")
	}
	seat := s.SeatAt(a.Seat)
	if seat == nil {
		return nil, refuse(NotFound, "err_unknown_seat", a.Seat)
	}
	if s.SideOf(seat.ID) == SideTraitor || s.Alive(seat) && s.Haunt.Decision.Rule.Kind != "none_at_first" {
		return nil, refuse(Conflict, "err_not_dead_hero")
	}
	return []Event{{Data: SideChanged{Seat: seat.ID, Side: SideTraitor}}}, nil
}

// SideOf tells a seat's side once the haunt is revealed.
func (s *State) SideOf(seatID int) string {
	if s.Sides[seatID] != "" {
		return s.Sides[seatID]
	}
	if s.Haunt != nil && s.Haunt.IsTraitor(seatID) && (!s.Haunt.Hidden() || s.Haunt.PublicTraitor() == seatID) {
		return SideTraitor
	}
	return SideHeroes
}

// foldMonsters applies the haunt's second half: monsters stunned and added,
// the track, a side changed and the game's end.
func (s *State) foldMonsters(e Event) {
	switch d := e.Data.(type) {
	case Stunned:
		if m := s.Monster(d.Monster); m != nil {
			m.Stunned, m.RecoverAfter = true, s.MonsterTurns+1
		}
	case MonstersAdded:
		s.Monsters = append(s.Monsters, d.Monsters...)
	case TrackSet:
		t := *d.Track
		s.Track = &t
	case GameEnded:
		s.Ended = &Ending{Side: d.Side, At: e.At.Format(time.RFC3339)}
	case SideChanged:
		s.Sides[d.Seat] = d.Side
		if d.Side == SideTraitor {
			s.endLingering(d.Seat)
		}
	}
}

func (s *State) foldMonsterTurnEnd() {
	for i := range s.Monsters {
		m := &s.Monsters[i]
		if m.Stunned && m.RecoverAfter <= s.MonsterTurns {
			m.Stunned = false
		}
	}
}

// monsterEvents are the events this file folds, with the fold that applies them.
var monsterEvents = eventTopic{fold: quiet((*State).foldMonsters), events: []EventData{Stunned{}, MonstersAdded{}, TrackSet{}, GameEnded{}, SideChanged{}}}

// The type names of the events this file folds.
const (
	EvStunned       = "stunned"
	EvMonstersAdded = "monsters_added"
	EvTrackSet      = "track_set"
	EvGameEnded     = "game_ended"
	EvSideChanged   = "side_changed"
)

// Stunned: a monster was stunned.
type Stunned struct {
	Monster string `json:"monster,omitempty"`
}

func (Stunned) EventType() string { return EvStunned }

// MonstersAdded: monsters were put in the house.
type MonstersAdded struct {
	Monsters []Monster `json:"monsters,omitempty"`
}

func (MonstersAdded) EventType() string { return EvMonstersAdded }

// TrackSet: the haunt's track moved.
type TrackSet struct {
	Track *Track `json:"track,omitempty"`
}

func (TrackSet) EventType() string { return EvTrackSet }

// GameEnded: a side won.
type GameEnded struct {
	Side string `json:"side,omitempty"`
}

func (GameEnded) EventType() string { return EvGameEnded }

// SideChanged: a seat changed sides.
type SideChanged struct {
	Seat int    `json:"seat,omitempty"` // stable seat id the event is about
	Side string `json:"side,omitempty"`
}

func (SideChanged) EventType() string { return EvSideChanged }
