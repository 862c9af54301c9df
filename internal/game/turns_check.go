package game

// checkPhase checks the phase: exploring or the haunt.
func (s *State) checkPhase(seatIDs) error {
	if s.Phase != PhaseExploration && s.Phase != PhaseHaunt {
		return impossible("phase %q", s.Phase)
	}
	return nil
}

// checkTurn checks whose turn it is: a seat, the monsters', or nobody's
// before the start, and a started game's first player seated.
func (s *State) checkTurn(seats seatIDs) error {
	if !seats.hasOr0(s.FirstSeat) || !(seats.hasOr0(s.Turn) || s.Turn == MonstersTurn) {
		return impossible("first seat %d, turn %d", s.FirstSeat, s.Turn)
	}
	if s.Started && !seats.has(s.FirstSeat) {
		return impossible("started without a first seat")
	}
	return nil
}

// checkTurnEvents checks the turns' events: the phase set is one of the
// two.
func checkTurnEvents(e *Event) error {
	if d, ok := e.Data.(PhaseSet); ok && d.Phase != PhaseExploration && d.Phase != PhaseHaunt {
		return impossible("event %d: phase %q", e.Seq, d.Phase)
	}
	return nil
}
