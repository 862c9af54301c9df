package game

import "time"

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
	if !actor.Host && a.ActionType() != ActJoin && s.SeatByID(actor.Seat) == nil {
		return refuse(Forbidden, "err_not_seated")
	}
	if s.Ended != nil && a.ActionType() != ActUndo {
		return refuse(Conflict, "err_game_over")
	}
	return nil
}

// decide is Decide up to the verdict: the action's own events, or why it is
// refused. What Decide adds after it (cards a change clears, deaths, the
// events' numbers) never refuses, so a dry run (Options) stops here.
func (s *State) decide(actor Actor, a Action) ([]Event, error) {
	if a == nil {
		return nil, refuse(Invalid, "err_no_type")
	}
	if err := s.admits(actor, a); err != nil {
		return nil, err
	}
	evs, err := a.decide(s, actor)
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
		tc, ok := e.Data.(TraitsChanged)
		if !ok || dead[tc.Seat] {
			continue
		}
		seat := s.SeatByID(tc.Seat)
		if seat == nil || !s.Alive(seat) {
			continue
		}
		for _, c := range tc.Changes {
			if c.To.Position == 0 {
				dead[tc.Seat] = true
				out = append(out, s.deathEvents(seat, evs)...)
				if h := s.Haunt; h != nil && h.Hidden() {
					if _, shown := h.Shown[seat.ID]; !shown {
						// The dead turn their token face up (seed 002, 内奸).
						out = append(out, Event{Data: TokenRevealed{Seat: seat.ID, Token: h.Tokens[seat.ID]}})
					}
				}
				break
			}
		}
	}
	return out
}
