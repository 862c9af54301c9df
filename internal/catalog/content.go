package catalog

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"

	"lantern/data"
)

// Damage is damage a card or room deals: a fixed Amount, or Dice to roll.
type Damage struct {
	Kind   string `json:"kind"` // physical | mental | any (the player picks traits freely)
	Amount int    `json:"amount,omitempty"`
	Dice   int    `json:"dice,omitempty"`
}

// Effect is what happens to the explorer: trait changes (+ gains, − losses),
// damage, traits restored to their starting value, and the words for it.
type Effect struct {
	Gain    map[string]int `json:"gain,omitempty"`
	Damage  *Damage        `json:"damage,omitempty"`
	Restore []string       `json:"restore,omitempty"`
	// GainRolled is a gain (or, negative, a loss) in whichever trait the
	// roll was made with (Spider: +1 in Speed or Sanity, as rolled).
	GainRolled int `json:"gain_rolled,omitempty"`
	// MoreDamage is further damage of another kind the same outcome deals
	// (Angry Being, Burning Man: 1 die physical and 1 die mental).
	MoreDamage *Damage `json:"more_damage,omitempty"`
	// Wear puts the card on or takes it off (its card's worn changes).
	Wear bool `json:"wear,omitempty"`
	// Discard sends the card to the discard pile (an outcome that uses it up).
	Discard bool `json:"discard,omitempty"`
	// Attack is an attack made on the explorer (Groundskeeper 0–3).
	Attack *CardAttack `json:"attack,omitempty"`
	// Remove: the outcome removes the card's token from its room, or
	// empties the room: its roll can't be made again (Closet Door 0–1,
	// Locked Safe 5+, Skeletons 5+, the Vault 6+).
	Remove bool `json:"remove,omitempty"`
	// NoAttack: the outcome cancels the attack it gated: no attack this
	// turn (Sacrificial Dagger 0–2).
	NoAttack bool `json:"no_attack,omitempty"`
	// GainChosen is a gain (or, negative, a loss) in one trait the player
	// names from Traits (Possession 4+: any; Sacrificial Dagger 3–5:
	// Sanity or Knowledge).
	GainChosen *ChosenGain `json:"gain_chosen,omitempty"`
	// LowestRolled drops the trait rolled to its lowest value above the
	// skull; if it is there already, another trait the player names
	// (Possession 0–3).
	LowestRolled bool `json:"lowest_rolled,omitempty"`
	// LowestAll drops every trait to its lowest value above the skull
	// (Dark Dice 0).
	LowestAll bool `json:"lowest_all,omitempty"`
	// GiveBack puts one of the explorer's items (not an omen), named by
	// the player, back into its deck (Image in the Mirror B).
	GiveBack bool `json:"give_back,omitempty"`
	// DiscardItem discards one of the explorer's items (not an omen), the
	// one the player on the right picks at random (Whoops!).
	DiscardItem bool `json:"discard_item,omitempty"`
	// IfHeld makes the effect depend on a card any explorer holds (Jonah's
	// Turn: the Puzzle Box).
	IfHeld *IfHeld `json:"if_held,omitempty"`
	// Heal: regain up to Amount points split between Traits as the player
	// says, never above their starting values (Medical Kit).
	Heal *Heal `json:"heal,omitempty"`
	// Others: the outcome may be applied to another living explorer, named
	// in apply_effect's "to"; being in the same room is the table's to
	// judge (Medical Kit, Healing Salve, Smelling Salts).
	Others bool `json:"others,omitempty"`
	// EveryExplorer: the outcome's chosen gain or loss is every other
	// living explorer's too, each naming their own trait on their phone
	// (Footsteps 0: every explorer loses 1 from a trait of their choice).
	EveryExplorer bool `json:"every_explorer,omitempty"`
	// EndTurn: the roller's turn ends, if it is theirs (Music Box 0–3).
	EndTurn bool `json:"end_turn,omitempty"`
	// Drop: a roller who carries the card drops it on the pile of the room
	// named in apply_effect's "room" (Music Box 0–3: it stays open).
	Drop bool `json:"drop,omitempty"`
	// TakeItem: take one item card (not an omen), named in apply_effect's
	// "card", from another living explorer named in "to"; being in their
	// room is the table's to judge (Pickpocket's Gloves).
	TakeItem bool `json:"take_item,omitempty"`
	// PutItem: one of the roller's item cards, named in "card", goes to
	// this room's pile (Shrieking Wind 0: the Entrance Hall).
	PutItem string `json:"put_item,omitempty"`
	Text    Text   `json:"text"`
}

// IfHeld is an effect that depends on whether any explorer holds one of
// Cards: if so the holder discards it (Replace: and may draw a replacement
// from its deck, even out of turn) and Then applies to the drawer;
// otherwise Else does.
type IfHeld struct {
	Cards   []string `json:"cards"`
	Replace bool     `json:"replace,omitempty"`
	Then    Effect   `json:"then"`
	Else    Effect   `json:"else"`
}

// Heal is a gain of up to Amount points split between Traits, each never
// above its starting value.
type Heal struct {
	Traits []string `json:"traits"`
	Amount int      `json:"amount"`
}

// ChosenGain is a gain in one trait of the player's choice.
type ChosenGain struct {
	Traits []string `json:"traits"`
	Amount int      `json:"amount"`
}

// CardAttack is an attack a card makes on the explorer who drew it: another
// player rolls Dice for it, and the explorer defends with Trait as against a
// monster (seed 002 FAQ, Bite).
type CardAttack struct {
	Trait string `json:"trait"`
	Dice  int    `json:"dice"`
	// Reward is a gain for whoever holds a card when the attack damages
	// the drawer, unless the drawer holds it (Creepy Puppet: the Spear's
	// holder gains 2 Might).
	Reward *HolderGain `json:"reward,omitempty"`
}

// HolderGain is a gain for the explorer holding Card.
type HolderGain struct {
	Card string         `json:"card"`
	Gain map[string]int `json:"gain"`
}

// Use is when a card may be used: the limits its text prints.
type Use struct {
	// AfterHaunt: only once the haunt is revealed (Crystal Ball, Bottle).
	AfterHaunt bool `json:"after_haunt,omitempty"`
	// OutOfTurn: also on other players' turns; only the Angel Feather,
	// Lucky Stone and Skull (seed 002 FAQ).
	OutOfTurn bool `json:"out_of_turn,omitempty"`
	// Need is the lowest roll for the card that lets it be used; a lower
	// one means not this turn (Mask: Sanity 4+).
	Need int `json:"need,omitempty"`
	// InsteadOfAttack: using it is the turn's attack (Dynamite): not after
	// an attack, and no attack after it.
	InsteadOfAttack bool `json:"instead_of_attack,omitempty"`
}

// Modifier is what a card does to the dice of a roll, and on which rolls.
type Modifier struct {
	Dice  int `json:"dice,omitempty"`  // dice added (negative: taken away, never below 1)
	Bonus int `json:"bonus,omitempty"` // added to the result
	// On lists the rolls it may be named on: trait (any trait roll), event
	// (a trait roll an event asks for), attack, defend, any.
	On []string `json:"on"`
	// Cost is what each use takes (Idol: −1 Sanity).
	Cost map[string]int `json:"cost,omitempty"`
	// HeroesOnly: never for the traitor (A Moment of Hope, seed 002 FAQ).
	HeroesOnly bool `json:"heroes_only,omitempty"`
	// EveryRoll: it helps every roll it fits and isn't used up by one
	// (the Candle); otherwise naming it is the card's use for the turn.
	EveryRoll bool `json:"every_roll,omitempty"`
	// Choose: instead of rolling, the roller names any result from 0 to
	// Choose (Angel Feather: 0–8).
	Choose int `json:"choose,omitempty"`
	// Stored: a result of this many dice rolled ahead (a roll whose purpose
	// is the card's id) is used once in place of a roll (It Is Meant to Be).
	Stored int `json:"stored,omitempty"`
}

// Reroll is what a card does to dice already rolled.
type Reroll struct {
	// Dice is how many of the roll's dice it rerolls; 0 means any number
	// (Lucky Stone), 1 one die (Rabbit's Foot).
	Dice int `json:"dice,omitempty"`
	// Fights: an attack's or defence's roll too, not only a roll that
	// settled nothing else yet (Lucky Stone: any roll; seed 002 FAQ).
	Fights bool `json:"fights,omitempty"`
}

// CardSet is a bonus for holding a card together with others (the Candle:
// Bell, Book and Candle give +2 in every trait, once; breaking the set
// after that takes the bonus back).
type CardSet struct {
	With []string       `json:"with"`
	Gain map[string]int `json:"gain"`
}

// Bracket is one outcome of a roll: totals from Min to Max; no Max means no
// upper bound (a pointer, so "exactly 0" stays expressible).
type Bracket struct {
	Min int  `json:"min"`
	Max *int `json:"max,omitempty"`
	Effect
}

// Covers reports whether a roll total falls in the bracket.
func (b Bracket) Covers(total int) bool {
	return total >= b.Min && (b.Max == nil || total <= *b.Max)
}

// Roll is a trait roll a card or room asks for. Dice 0 means "dice equal to
// the trait's current value"; Trait "" with Dice n means a plain n-dice roll.
type Roll struct {
	Trait string `json:"trait,omitempty"`
	// Traits are the traits the roll may be made with when there is a
	// choice (Spider: Speed or Sanity; Hanged Men: each of the four).
	Traits   []string  `json:"traits,omitempty"`
	Dice     int       `json:"dice,omitempty"`
	Brackets []Bracket `json:"brackets"`
	// Voluntary: a roll the explorer chooses to make (a token's: the
	// Closet, the Safe), so once per turn (seed 002: 同一个回合中每项自愿的
	// 能力考验仅可进行一次). Barrier rooms' rolls always are; a room's
	// entering roll never is (the Collapsed Room, the Mystic Elevator).
	Voluntary bool `json:"voluntary,omitempty"`
	// VsOmens: the brackets are read against the total less the omen count
	// when rolled (Disquieting Sounds: 0 or more, less than 0).
	VsOmens bool `json:"vs_omens,omitempty"`
	// Tries: after this many failed rolls the holder gets free at the start
	// of their next turn (a release roll: Webs, Debris: 3).
	Tries int `json:"tries,omitempty"`
	// Rescue: another explorer may make this roll for the card's holder,
	// on their own turn, once per turn; its outcome frees the holder
	// (Webs, Debris: "you or any explorer").
	Rescue bool `json:"rescue,omitempty"`
	// Each: one roll with every trait in Traits, each trait once (Hanged
	// Men); AllPass is what follows, with the last one's outcome, when
	// every one of them reached its Min.
	Each    bool     `json:"each,omitempty"`
	AllPass *Bracket `json:"all_pass,omitempty"`
	// WhileOn: the roll is made only while the card is on (Music Box: open).
	WhileOn bool `json:"while_on,omitempty"`
	// NotUse: a roll the card asks of whoever it affects, not a use of the
	// card by its holder (Music Box: a mesmerising melody).
	NotUse bool `json:"not_use,omitempty"`
	// RoomDice: dice added (negative: taken away, at least 1) when the
	// roller names the room they are in in the roll's "room"
	// (Groundskeeper: 2 fewer in the Gardens; Footsteps: 1 more in the
	// Chapel).
	RoomDice map[string]int `json:"room_dice,omitempty"`
}

// RollTraits are the traits a roll may be made with: Traits when the card
// gives a choice, else its one Trait; nil for a plain dice roll.
func (r *Roll) RollTraits() []string {
	if len(r.Traits) > 0 {
		return r.Traits
	}
	if r.Trait != "" {
		return []string{r.Trait}
	}
	return nil
}

// Weapon says what a weapon adds when its holder attacks (never on defence).
type Weapon struct {
	Trait  string         `json:"trait"`
	Dice   int            `json:"dice"`
	Ranged bool           `json:"ranged,omitempty"`
	Cost   map[string]int `json:"cost,omitempty"` // trait cost per use, e.g. Blood Dagger: speed -1
	// Gated: attacking with it needs the card's roll first this turn,
	// applied; an outcome with no_attack cancels the attack (Sacrificial
	// Dagger).
	Gated bool `json:"gated,omitempty"`
}

// Card is one omen, item or event card.
type Card struct {
	ID      string `json:"id"`
	Deck    string `json:"deck"` // omen | item | event
	Copies  int    `json:"copies,omitempty"`
	Name    Text   `json:"name"`
	Text    Text   `json:"text"`
	Subtype string `json:"subtype,omitempty"` // companion | weapon | …
	Phase   string `json:"phase,omitempty"`   // as Passage.Phase

	OnGain map[string]int `json:"on_gain,omitempty"`
	OnLose map[string]int `json:"on_lose,omitempty"`
	Roll   *Roll          `json:"roll,omitempty"`
	Weapon *Weapon        `json:"weapon,omitempty"`

	DiscardAfterUse bool `json:"discard_after_use,omitempty"`
	Tradeable       bool `json:"tradeable"`
	Droppable       bool `json:"droppable"`
	Stealable       bool `json:"stealable"`
	Companion       bool `json:"companion,omitempty"`
	// Keep marks events that stay in front of the player until cleared.
	Keep bool `json:"keep,omitempty"`
	// StaysInRoom marks events that leave a token in the room instead of
	// staying with the player (Smoke, Secret Passage…).
	StaysInRoom bool `json:"stays_in_room,omitempty"`
	// EveryExplorer: the event's roll is asked of every explorer (or of
	// every explorer where the card says; who stands there is the
	// table's), each rolling and applying only their own result (Hideous
	// Shriek, Silence), not of its drawer alone.
	EveryExplorer bool `json:"every_explorer,omitempty"`
	// EndsOnTraitor: a lingering harmful event that ends at once when its
	// holder becomes the traitor (seed 002 FAQ).
	EndsOnTraitor bool `json:"ends_on_traitor,omitempty"`

	// Use is when the card may be used; nil means any time on your own turn,
	// once per turn (seed 002 FAQ).
	Use *Use `json:"use,omitempty"`
	// Worn is what wearing the card changes; taking it off reverses it (Mask).
	Worn map[string]int `json:"worn,omitempty"`
	// Toggle: using it switches it on or off, once per turn; it stays as
	// it is wherever it goes (Music Box: open or shut).
	Toggle bool `json:"toggle,omitempty"`
	// Modifier is what naming the card on a roll does.
	Modifier *Modifier `json:"modifier,omitempty"`
	// DamageAs lets the holder take damage of one kind as another (Skull:
	// mental as physical).
	DamageAs map[string]string `json:"damage_as,omitempty"`
	// ImmuneRooms are rooms whose text doesn't affect the holder (Medallion).
	ImmuneRooms []string `json:"immune_rooms,omitempty"`
	// Attack is an attack the card makes on whoever draws it (Bite).
	Attack *CardAttack `json:"attack,omitempty"`
	// NotKept: drawn but not held (Bite only counts as an omen drawn).
	NotKept bool `json:"not_kept,omitempty"`
	// AttackTraits are traits its holder may attack with instead of Might
	// (Ring: Sanity); a weapon's own trait needs no entry (Revolver).
	AttackTraits []string `json:"attack_traits,omitempty"`
	// DamageReduction is taken off every damage of a kind its holder takes
	// (Armor: 1 off physical damage, every time; seed 002 FAQ).
	DamageReduction map[string]int `json:"damage_reduction,omitempty"`
	// TheftDamage is damage dealt to whoever has the card stolen (Blood
	// Dagger: 2 dice of physical damage).
	TheftDamage *Damage `json:"theft_damage,omitempty"`
	// Set is a bonus for holding this card with others (the Candle).
	Set *CardSet `json:"set,omitempty"`
	// Reroll is what the card rerolls (Lucky Stone, Rabbit's Foot).
	Reroll *Reroll `json:"reroll,omitempty"`
	// Effect is what a card does when drawn without a roll, applied once
	// (Skeletons' damage, Image in the Mirror B, Whoops!).
	Effect *Effect `json:"effect,omitempty"`
	// TurnDamage is dealt to the holder at the start of each of their
	// turns while the card is held (Grave Dirt).
	TurnDamage *Damage `json:"turn_damage,omitempty"`
	// ClearedBy are the printed conditions that end a lingering event.
	ClearedBy *Clearing `json:"cleared_by,omitempty"`
	// Stuck: while held, its holder can do nothing else but try to get
	// free (Webs, Debris): no attack, no room discovered, no item used,
	// given, dropped or picked up.
	Stuck bool `json:"stuck,omitempty"`
	// Release is the roll for the card once it is held, after the first
	// (Webs, Debris: Might 4+ frees you, without the first roll's gain).
	Release *Roll `json:"release,omitempty"`

	Rules      []string `json:"rules,omitempty"`
	SourceNote string   `json:"source_note,omitempty"`
}

// Clearing lists what ends a lingering event at once: applying one of
// Rooms' effects (ending a turn there), holding one of Cards, or an item
// raising one of the holder's traits.
type Clearing struct {
	Rooms    []string `json:"rooms,omitempty"`
	Cards    []string `json:"cards,omitempty"`
	ItemGain bool     `json:"item_gain,omitempty"`
	// EndTurnIn: ending a turn in one of these rooms, named in end_turn's
	// "room" (where you are is the table's to say), ends it.
	EndTurnIn []string `json:"end_turn_in,omitempty"`
	// ByHand: a condition the app can't see may end it too, so its holder
	// may discard it (Lights Out: ending a turn with another explorer).
	// Without it, a lingering event goes only by its printed conditions.
	ByHand bool `json:"by_hand,omitempty"`
}

// Symbols counts the card symbols printed on a room tile.
type Symbols struct {
	Omen  int `json:"omen"`
	Item  int `json:"item"`
	Event int `json:"event"`
}

// Room is one room tile, or one of the three rooms on the Entrance Hall tile.
type Room struct {
	ID       string   `json:"id"`
	Name     Text     `json:"name"`
	Text     Text     `json:"text"`
	Floors   []string `json:"floors"` // upper | ground | basement
	Symbols  Symbols  `json:"symbols"`
	Entrance bool     `json:"entrance,omitempty"` // part of the Entrance Hall tile
	// Kind groups room rules: end_turn_damage, once_gain, leave_roll,
	// barrier, special, or "" for none.
	Kind          string         `json:"kind,omitempty"`
	Roll          *Roll          `json:"roll,omitempty"`
	OnceGain      map[string]int `json:"once_gain,omitempty"`
	EndTurnDamage *Damage        `json:"end_turn_damage,omitempty"`
	Rules         []string       `json:"rules,omitempty"`
	SourceNote    string         `json:"source_note,omitempty"`
	Phase         string         `json:"phase,omitempty"` // as Passage.Phase
}

// RuleSection is one section of the rule book, in our own words, as the
// passages a question is answered with.
type RuleSection struct {
	ID       string    `json:"id"`
	Title    Text      `json:"title"`
	Passages []Passage `json:"passages"`
	Cards    []string  `json:"cards,omitempty"`
	Rooms    []string  `json:"rooms,omitempty"`
	FAQ      bool      `json:"faq,omitempty"`
}

// Passage is one answerable piece of a section: a paragraph of the rules,
// or one FAQ ruling (its question, and its answer as the text). Its id is
// stable: it is the anchor of its link and what the question set names.
type Passage struct {
	ID string `json:"id"`
	// Heading says what a rule paragraph is about ("Ranged attacks");
	// a ruling has its Question instead.
	Heading  Text     `json:"heading,omitzero"`
	Question Text     `json:"question,omitzero"`
	Text     Text     `json:"text"`
	Cards    []string `json:"cards,omitempty"` // the cards it concerns
	Rooms    []string `json:"rooms,omitempty"` // the rooms it concerns
	// Phase is the part of the game it holds for (PhaseBefore, PhaseAfter
	// or PhaseBoth), so a question that says which finds it first.
	Phase string `json:"phase,omitempty"`
}

// Content is everything in the box besides the explorers.
type Content struct {
	Cards []Card
	Rooms []Room
	Rules []RuleSection

	cardByID map[string]*Card
	roomByID map[string]*Room
	ruleByID map[string]*RuleSection
	// passageByID finds a rule passage and its section.
	passageByID map[string]PassageRef
}

// PassageRef is a passage with the section it belongs to.
type PassageRef struct {
	Section *RuleSection
	Passage *Passage
}

var (
	contentOnce sync.Once
	content     *Content
	contentErr  error
)

func readJSON(name string, v any) error {
	raw, err := fs.ReadFile(data.Files, name)
	if err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("parse %s: %w", name, err)
	}
	return nil
}

func loadContent() (*Content, error) {
	c := &Content{}
	for _, deck := range []string{"omens.json", "items.json", "events.json"} {
		var cards []Card
		if err := readJSON(deck, &cards); err != nil {
			return nil, err
		}
		c.Cards = append(c.Cards, cards...)
	}
	if err := readJSON("rooms.json", &c.Rooms); err != nil {
		return nil, err
	}
	if err := readJSON("rules.json", &c.Rules); err != nil {
		return nil, err
	}
	c.cardByID = map[string]*Card{}
	for i := range c.Cards {
		c.cardByID[c.Cards[i].ID] = &c.Cards[i]
	}
	c.roomByID = map[string]*Room{}
	for i := range c.Rooms {
		c.roomByID[c.Rooms[i].ID] = &c.Rooms[i]
	}
	c.ruleByID = map[string]*RuleSection{}
	c.passageByID = map[string]PassageRef{}
	for i := range c.Rules {
		r := &c.Rules[i]
		c.ruleByID[r.ID] = r
		for j := range r.Passages {
			id := r.Passages[j].ID
			if _, dup := c.passageByID[id]; dup {
				return nil, fmt.Errorf("rules: passage id %q twice", id)
			}
			c.passageByID[id] = PassageRef{Section: r, Passage: &r.Passages[j]}
		}
	}
	return c, nil
}

// Box returns the embedded cards, rooms and rules. The data is embedded,
// so a failure is a build defect and panics (a test loads it).
func Box() *Content {
	contentOnce.Do(func() { content, contentErr = loadContent() })
	if contentErr != nil {
		panic(contentErr)
	}
	return content
}

// LoadBox is Box without the panic, for tests.
func LoadBox() (*Content, error) {
	contentOnce.Do(func() { content, contentErr = loadContent() })
	return content, contentErr
}

// AddCards adds cards given as JSON in the decks' own format (data/*.json)
// to the box: a house card, or a test's fixture, needs data only. An id
// already in the box is refused.
func (c *Content) AddCards(raw []byte) error {
	var cards []Card
	if err := json.Unmarshal(raw, &cards); err != nil {
		return fmt.Errorf("parse cards: %w", err)
	}
	for _, card := range cards {
		if card.ID == "" || c.cardByID[card.ID] != nil {
			return fmt.Errorf("card %q: no id, or already in the box", card.ID)
		}
	}
	c.Cards = append(c.Cards, cards...)
	for i := range c.Cards {
		c.cardByID[c.Cards[i].ID] = &c.Cards[i]
	}
	return nil
}

// Card returns the card with that id, or nil.
func (c *Content) Card(id string) *Card { return c.cardByID[id] }

// Room returns the room with that id, or nil.
func (c *Content) Room(id string) *Room { return c.roomByID[id] }

// Rule returns the rule section with that id, or nil.
func (c *Content) Rule(id string) *RuleSection { return c.ruleByID[id] }

// Passage returns the rule passage with that id and its section; ok is
// false for an unknown id.
func (c *Content) Passage(id string) (PassageRef, bool) {
	p, ok := c.passageByID[id]
	return p, ok
}
