package catalog

import (
	"fmt"
	"slices"
	"sync"
)

// TraitorRule is how a haunt picks its traitor (data/haunts.json, from the
// shared research's haunts.csv). Kind is one of: revealer, left_of_revealer,
// highest_trait, lowest_trait, oldest_explorer, youngest_explorer, none,
// none_at_first, hidden. Explorer, when set, is the traitor if in play; Kind
// is then the fallback.
type TraitorRule struct {
	Kind           string `json:"kind"`
	Trait          string `json:"trait,omitempty"`
	Explorer       string `json:"explorer,omitempty"`
	ExceptRevealer bool   `json:"except_revealer,omitempty"`
}

// Haunt is one of the 50 haunts of the 2nd edition.
type Haunt struct {
	Number      int         `json:"number"`
	Name        Text        `json:"name"`
	TraitorRule Text        `json:"traitor_rule"` // as printed, for reference
	Traitor     TraitorRule `json:"traitor"`
	Note        string      `json:"note,omitempty"`
}

// HauntChart maps the omen that started the haunt and the room it was drawn
// in to a haunt number.
type HauntChart struct {
	Omens []string `json:"omens"`
	Rooms []string `json:"rooms"`
	Chart [][]int  `json:"chart"` // [room][omen]
}

var (
	hauntsOnce sync.Once
	haunts     []Haunt
	chart      HauntChart
	hauntsErr  error
)

func loadHaunts() {
	if hauntsErr = readJSON("haunts.json", &haunts); hauntsErr != nil {
		return
	}
	if hauntsErr = readJSON("haunt_chart.json", &chart); hauntsErr != nil {
		return
	}
	for i, h := range haunts {
		if h.Number != i+1 {
			hauntsErr = fmt.Errorf("haunts.json: entry %d has number %d", i+1, h.Number)
			return
		}
	}
}

func hauntData() {
	hauntsOnce.Do(loadHaunts)
	if hauntsErr != nil {
		panic(hauntsErr)
	}
}

// Haunts returns the 50 haunts, numbered 1..50.
func Haunts() []Haunt { hauntData(); return haunts }

// HauntByNumber returns haunt n, or nil.
func HauntByNumber(n int) *Haunt {
	hauntData()
	if n < 1 || n > len(haunts) {
		return nil
	}
	return &haunts[n-1]
}

// Chart returns the haunt chart.
func Chart() HauntChart { hauntData(); return chart }

// IsOmen reports whether id is one of the 13 omens on the chart.
func IsOmen(id string) bool { return slices.Index(Chart().Omens, id) >= 0 }

// IsOmenRoom reports whether id is one of the 13 rooms on the chart.
func IsOmenRoom(id string) bool { return slices.Index(Chart().Rooms, id) >= 0 }

// LookupHaunt finds the haunt for an omen drawn in a room; 0 if either id is
// not on the chart.
func LookupHaunt(omen, room string) int {
	c := Chart()
	o, r := slices.Index(c.Omens, omen), slices.Index(c.Rooms, room)
	if o < 0 || r < 0 {
		return 0
	}
	return c.Chart[r][o]
}
