// Package catalog gives typed access to the embedded game data.
package catalog

import (
	"encoding/json"
	"fmt"
	"sync"

	"lantern/data"
)

// Text is a string in both of the app's languages.
type Text struct {
	EN string `json:"en"`
	ZH string `json:"zh"`
}

// In returns the text in lang ("zh" or anything else for English).
func (t Text) In(lang string) string {
	if lang == "zh" && t.ZH != "" {
		return t.ZH
	}
	return t.EN
}

// TraitTrack is one printed trait track: 8 values from lowest to highest and
// the 1-based position of the green starting value.
type TraitTrack struct {
	Track [8]int `json:"track"`
	Start int    `json:"start"`
}

// Explorer is one side of a character card.
type Explorer struct {
	ID       string `json:"id"`
	Name     Text   `json:"name"`
	Colour   string `json:"colour"`
	Pair     string `json:"pair"`
	Birthday struct {
		Month int `json:"month"`
		Day   int `json:"day"`
	} `json:"birthday"`
	Age     int `json:"age"`
	Hobbies struct {
		EN []string `json:"en"`
		ZH []string `json:"zh"`
	} `json:"hobbies"`
	// Traits is keyed by trait id: speed, might, sanity, knowledge.
	Traits      map[string]TraitTrack `json:"traits"`
	SourceNotes string                `json:"source_notes,omitempty"`
}

// HobbiesIn lists the hobbies in lang.
func (e Explorer) HobbiesIn(lang string) []string {
	if lang == "zh" {
		return e.Hobbies.ZH
	}
	return e.Hobbies.EN
}

var (
	loadOnce  sync.Once
	explorers []Explorer
	byID      map[string]*Explorer
	loadErr   error
)

func load() {
	raw, err := data.Files.ReadFile("explorers.json")
	if err != nil {
		loadErr = fmt.Errorf("read explorers: %w", err)
		return
	}
	if err := json.Unmarshal(raw, &explorers); err != nil {
		loadErr = fmt.Errorf("parse explorers: %w", err)
		return
	}
	byID = make(map[string]*Explorer, len(explorers))
	for i := range explorers {
		byID[explorers[i].ID] = &explorers[i]
	}
}

// Explorers returns the 12 explorers in card order (pairs next to each other).
// The data is embedded, so a failure is a build defect and panics.
func Explorers() []Explorer {
	loadOnce.Do(load)
	if loadErr != nil {
		panic(loadErr)
	}
	return explorers
}

// ExplorerByID returns the explorer with that id, or nil.
func ExplorerByID(id string) *Explorer {
	Explorers()
	return byID[id]
}
