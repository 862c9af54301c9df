package game

// checkPending checks the damage cards and rooms dealt that is still to
// split: a seat's, each amount within bounds.
func (s *State) checkPending(seats seatIDs) error {
	for id, p := range s.Pending {
		for d := p; ; d = d.Then {
			if !seats.has(id) || d == nil || d.Amount < 0 || d.Amount > 4*MaxDamage {
				return impossible("damage pending for seat %d", id)
			}
			if d.Then == nil {
				break
			}
		}
	}
	return nil
}
