package game

// maxTrack bounds the haunt's turn/damage track (SetTrack.decide).
const maxTrack = 99

// maxMonsterTrait bounds a monster's trait value (AddMonster.decide).
const maxMonsterTrait = 12

// checkMonsters checks the monsters (ids unique, traits in bounds, names
// as shown) and the haunt's track.
func (s *State) checkMonsters(seatIDs) error {
	monsters := map[string]bool{}
	for _, m := range s.Monsters {
		if m.ID == "" || monsters[m.ID] {
			return impossible("monster id %q", m.ID)
		}
		monsters[m.ID] = true
		for t, v := range m.Traits {
			if !validTrait(t) || v < 0 || v > maxMonsterTrait {
				return impossible("monster %q: %s %d", m.ID, t, v)
			}
		}
		if err := checkDisplayText("monster kind", m.Kind, MaxNameLength); err != nil {
			return err
		}
		if err := checkDisplayText("monster name", m.Name, 2*MaxNameLength); err != nil {
			return err
		}
	}
	if t := s.Track; t != nil {
		if t.Value < 0 || t.Value > maxTrack {
			return impossible("track at %d", t.Value)
		}
		if err := checkDisplayText("track label", t.Label, MaxLabelLength); err != nil {
			return err
		}
	}
	return nil
}

// checkSides checks the sides seats are on and the side that won.
func (s *State) checkSides(seats seatIDs) error {
	for id, side := range s.Sides {
		if !seats.has(id) || (side != SideHeroes && side != SideTraitor) {
			return impossible("seat %d on side %q", id, side)
		}
	}
	if s.Ended != nil && s.Ended.Side != SideHeroes && s.Ended.Side != SideTraitor {
		return impossible("won by %q", s.Ended.Side)
	}
	return nil
}

// checkMonsterEvents checks the events of the haunt's second half: the
// track set carries its value, monsters added are some, a side is one of
// the two.
func checkMonsterEvents(e *Event) error {
	switch d := e.Data.(type) {
	case TrackSet:
		if d.Track == nil {
			return impossible("event %d: the track set without a value", e.Seq)
		}
	case MonstersAdded:
		if len(d.Monsters) == 0 {
			return impossible("event %d: no monster added", e.Seq)
		}
	case GameEnded:
		return checkSide(e.Seq, d.Side)
	case SideChanged:
		return checkSide(e.Seq, d.Side)
	}
	return nil
}

// checkSide checks a side an event names: the heroes' or the traitor's.
func checkSide(seq int, side string) error {
	if side != SideHeroes && side != SideTraitor {
		return impossible("event %d: side %q", seq, side)
	}
	return nil
}
