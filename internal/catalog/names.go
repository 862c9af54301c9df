package catalog

import (
	"fmt"
	"sort"
	"strings"
)

// thingName is one name a thing has and where it comes from: "printed"
// (the English name on the card), "app" (our Chinese name), "seed 000" …
// "seed 004" (as that seed writes it, Traditional for 001 and 003), or
// "players" (what players call it: a short form, what it looks like or does).
type thingName struct {
	Name string `json:"name"`
	From string `json:"from"`
}

// loadNames reads data/names.json: every name of every card, room,
// explorer, trait and game term, keyed "card:axe", "room:vault",
// "explorer:ox-bellows", "trait:might", "term:traitor". Names are read in
// Simplified characters, whatever script the seed wrote them in.
func loadNames(box *Content) (map[string][]thingName, error) {
	var names map[string][]thingName
	if err := readJSON("names.json", &names); err != nil {
		return nil, err
	}
	// The box's own names always count, whatever names.json lists.
	for _, c := range box.Cards {
		k := "card:" + c.ID
		names[k] = append([]thingName{{c.Name.EN, "printed"}, {c.Name.ZH, "app"}}, names[k]...)
	}
	for _, r := range box.Rooms {
		k := "room:" + r.ID
		names[k] = append([]thingName{{r.Name.EN, "printed"}, {r.Name.ZH, "app"}}, names[k]...)
	}
	for key, list := range names {
		for i := range list {
			s, err := simplified(list[i].Name)
			if err != nil {
				return nil, fmt.Errorf("names.json %s: %w", key, err)
			}
			list[i].Name = strings.TrimSpace(s)
		}
	}
	return names, nil
}

// nameGroups turns names into the question reader's groups: each thing's
// English and Chinese names, the thing's key kept so a question that names
// it can be known to be about it. Sorted by key, so a search reads the same
// from one start to the next.
func nameGroups(names map[string][]thingName, boxText string) []glossaryGroup {
	keys := make([]string, 0, len(names))
	for k := range names {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	groups := make([]glossaryGroup, 0, len(keys))
	for _, k := range keys {
		g := glossaryGroup{Key: k}
		seen := map[string]bool{}
		for _, n := range names[k] {
			folded := strings.ToLower(n.Name)
			if n.Name == "" || seen[folded] {
				continue
			}
			seen[folded] = true
			if hasHan(n.Name) {
				g.ZH = append(g.ZH, n.Name)
			} else {
				g.EN = append(g.EN, n.Name)
			}
			// A thing named however the asker names it is searched for by
			// the words the box's texts use: a card or room by its names
			// there, a term by its wordings there; the others would only
			// find the entry, which ranks by being named anyway, or noise.
			if thing := strings.HasPrefix(k, "card:") || strings.HasPrefix(k, "room:"); thing && (n.From == "printed" || n.From == "app") ||
				!thing && strings.Contains(boxText, folded) {
				g.Also = append(g.Also, n.Name)
			}
		}
		groups = append(groups, g)
	}
	return groups
}
