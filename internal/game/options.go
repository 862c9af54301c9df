package game

// Options is the engine's one answer to "what may this seat do now". Every
// entry is found by running Decide on the candidate action (a dry run on a
// copy of the state with dice that always show blanks), so the answer can't
// drift from the rules: what Options offers, Decide accepts, and the other
// way round. Seats are 1-based seat numbers, as in actions and the API.
type Options struct {
	// Seat is the asking seat's number; 0 for the host.
	Seat int         `json:"seat"`
	Turn TurnOptions `json:"turn"`
	// EndTurn: this seat (or the host) may end the turn now.
	EndTurn bool `json:"end_turn"`
	// Roll is the dice this seat may roll now, nil when none.
	Roll *RollOptions `json:"roll,omitempty"`
	// Rerolls are the cards that may reroll the seat's last roll.
	Rerolls []RerollOption `json:"rerolls,omitempty"`
	// Draw lists the decks (omen, item, event) the seat may draw from;
	// DrawRefused the cards left in them that may not be drawn now all the
	// same (Creepy Puppet while another attack is open).
	Draw        []string `json:"draw,omitempty"`
	DrawRefused []string `json:"draw_refused,omitempty"`
	// HauntRoll is set when this seat owes the haunt roll now.
	HauntRoll *HauntRollOption `json:"haunt_roll,omitempty"`
	// Attack is set when the seat may attack: its targets and weapons.
	Attack *AttackOptions `json:"attack,omitempty"`
	// Defend is set when the seat may roll a defence now.
	Defend *DefendOption `json:"defend,omitempty"`
	// Damage is damage this seat must split now.
	Damage *DamageOption `json:"damage,omitempty"`
	// Steal lists the cards this seat may steal instead of dealing damage;
	// DealDamage, that it may choose the damage instead (the loser's split
	// waits for one or the other).
	Steal      []string `json:"steal,omitempty"`
	DealDamage bool     `json:"deal_damage,omitempty"`
	// Offers are cards handed to this seat, or by it, still open.
	Offers []OfferOption `json:"offers,omitempty"`
	// Cards are this seat's held cards with what each may do now.
	Cards []CardOption `json:"cards,omitempty"`
	// Monsters is set for whoever runs the monsters while they may act,
	// and for a living hero who may mark a monster stunned (Stun only).
	Monsters *MonsterOptions `json:"monsters,omitempty"`
	// RunMonsters: this seat (or the host) runs the monsters: adds them,
	// moves the track, rolls their moves and attacks.
	RunMonsters bool `json:"run_monsters,omitempty"`
	// JoinTraitor are the seats the asker may move to the traitor's side
	// now: dead heroes, and living ones in a haunt with no traitor at first
	// (haunt 9). Only the host may.
	JoinTraitor []int `json:"join_traitor,omitempty"`
	// Drawn is the event card this seat drew last, put back, whose roll it
	// may make now (the card area's "you drew…" line).
	Drawn string `json:"drawn,omitempty"`
	// DrawnTraits are the traits its roll may be made with now, when the
	// card lets the roller choose (Spider: Speed or Sanity; Possession:
	// any); empty for a roll of one trait or of dice.
	DrawnTraits []string `json:"drawn_traits,omitempty"`
	// DrawnRooms are the rooms in the house its roll may be made in for
	// other dice (Groundskeeper: 2 fewer in the Gardens; Footsteps: one
	// more in the Chapel); where the roller stands is theirs to say.
	DrawnRooms []string `json:"drawn_rooms,omitempty"`
	// Explore is set when the seat may place a room tile (rooms_options.go).
	Explore *ExploreOptions `json:"explore,omitempty"`
	// PickUp, Rooms and ApplyRoll: the card area's piles, rooms (only
	// rooms in the house: the game always records them, House) and the
	// last roll's outcome (cardAreaOptions, cards_options.go).
	PickUp    []PickUpOption `json:"pick_up,omitempty"`
	Rooms     []RoomOption   `json:"rooms,omitempty"`
	ApplyRoll *ApplyRoll     `json:"apply_roll,omitempty"`
	// CardRolls are rolls for event cards the seat doesn't hold that it
	// may make now (cardRollOptions): a token in the house (the Closet Door),
	// freeing another explorer (Webs), the next trait of a card that asks
	// one roll per trait (Hanged Men).
	CardRolls []CardRollOption `json:"card_rolls,omitempty"`
	// EndTurnIn are the rooms end_turn may name to end a lingering event
	// the seat holds (Grave Dirt: ending a turn in the Balcony…).
	EndTurnIn []string `json:"end_turn_in,omitempty"`
	// DrawEffects are drawn cards whose effect (no roll) the seat may
	// apply now (Jonah's Turn, Whoops!).
	DrawEffects []DrawEffectOption `json:"draw_effects,omitempty"`
	// Share is another explorer's outcome every explorer takes that this
	// seat takes its own share of now (Footsteps 0), nil when none.
	Share *ShareOption `json:"share,omitempty"`
	// Reselect is, for the host just after a reveal, the omen rooms and
	// omens that select another haunt (rules: selecting another haunt),
	// each giving a haunt other than the one revealed.
	Reselect *ReselectOptions `json:"reselect,omitempty"`
}

// blankDice rolls blanks: a dry run must not draw from the game's dice.
type blankDice struct{}

func (blankDice) Intn(int) int { return 0 }

// dryRun asks Decide about candidate actions without changing anything:
// Decide never changes its state, and the copy's dice show blanks, so the
// game's own dice are never drawn from.
type dryRun struct {
	s     State
	actor Actor
}

func newDryRun(s *State, actor Actor) *dryRun {
	d := &dryRun{s: *s, actor: actor}
	d.s.rng = blankDice{}
	return d
}

// err is Decide's answer to a candidate action: nil when it is allowed.
func (d *dryRun) err(a Action) error {
	_, err := d.s.decide(d.actor, a)
	return err
}

func (d *dryRun) allows(a Action) bool { return d.err(a) == nil }

// why is Decide's refusal of a candidate action, nil when it is allowed.
func (d *dryRun) why(a Action) *Refusal { return refusalOf(d.err(a)) }

// zeroTotal is the typed total candidate rolls are asked with: no dice
// count refuses it.
var zeroTotal = 0

// Options computes what the actor may do now. A seat gets its own options;
// the host gets the turn, ending it, the defence it may roll for anyone and
// the monsters.
func (s *State) Options(actor Actor) Options {
	d := newDryRun(s, actor)
	o := Options{Turn: s.turnOptions(actor)}
	me := s.SeatByID(actor.Seat)
	if actor.Host {
		me = nil
	} else if me == nil {
		return o
	}
	if !s.Started {
		return o
	}
	o.EndTurn = d.allows(EndTurn{})
	o.Defend = s.defendOption(d, me)
	o.Monsters = s.monsterOptions(d)
	o.RunMonsters = s.Phase == PhaseHaunt && d.allows(SetTrack{Value: &zeroTotal})
	for i := range s.Seats {
		if n := i + 1; d.allows(JoinTraitor{Seat: n}) {
			o.JoinTraitor = append(o.JoinTraitor, n)
		}
	}
	if actor.Host {
		o.Reselect = s.reselectOptions(d)
	}
	if me == nil && s.Ended == nil {
		// The host may settle a fight for its loser or winner.
		if at := s.Attack; at != nil && at.Loser.Seat != 0 {
			if loser := s.SeatByID(at.Loser.Seat); loser != nil {
				o.Damage = s.attackDamage(d, loser)
			}
		}
		o.Steal = s.stealOptions(d)
		o.DealDamage = d.allows(DealDamage{})
	}
	if me == nil || s.Ended != nil {
		return o
	}
	o.Seat = s.SeatNumber(me.ID)
	o.Roll = s.rollOptions(d, me)
	o.Rerolls = s.rerollOptions(d, me)
	o.Draw, o.DrawRefused = s.drawOptions(d)
	o.HauntRoll = s.hauntRollOption(d)
	o.Attack = s.attackOptions(d, me)
	o.Damage = s.damageOption(d, me)
	o.Steal = s.stealOptions(d)
	o.DealDamage = d.allows(DealDamage{})
	o.Offers = s.offerOptions(d, me)
	o.Cards = s.cardOptions(d, me)
	o.Explore = s.exploreOptions(d, me)
	s.cardAreaOptions(d, me, &o)
	o.Drawn = s.drawnOption(d, me)
	o.DrawnTraits = drawnTraits(d, o.Drawn)
	o.DrawnRooms = s.drawnRooms(d, o.Drawn)
	o.CardRolls = s.cardRollOptions(d, me)
	o.DrawEffects = s.drawEffectOptions(d, me)
	o.Share = s.shareOption(d, me)
	if o.EndTurn {
		o.EndTurnIn = s.EndTurnRooms(me.ID)
	}
	return o
}

// Refusal is why an action is refused now: the message key and its
// arguments, exactly as the action itself would be answered.
type Refusal struct {
	Key  string `json:"key"`
	Args []any  `json:"args,omitempty"`
}

// refusalOf is a refusal as Options tells it, nil for none.
func refusalOf(err error) *Refusal {
	if err == nil {
		return nil
	}
	if ge, ok := err.(*Error); ok {
		return &Refusal{Key: ge.Key, Args: ge.Args}
	}
	return &Refusal{Key: "err_internal"}
}
