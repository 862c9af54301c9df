package seatview

import (
	"encoding/json"
	"strconv"
	"strings"

	"lantern/internal/game"
)

// A seat's hidden-traitor token must not show in the size of what its phone
// receives (web's secret.go says why and how): everything that depends on
// the token is one slot of the same width for every token, padded with
// spaces — the seat's line of the haunt card (views' secretWords, said
// by the template) and its
// token and side in the JSON (MeJSON.MarshalJSON).

// HiddenDeal reports a game whose seats hold hidden-traitor tokens: its
// seats' answers go uncompressed (web's secret.go).
func HiddenDeal(st *game.State) bool { return st.Haunt != nil && st.Haunt.Hidden() }

// MarshalJSON writes me as its fields say, but in a hidden-traitor haunt its
// token and traitor fields go last, followed by "pad": spaces that make the
// three as long whatever the token (encoding/json compacts what a
// MarshalJSON writes, so the spaces go in a string).
func (me MeJSON) MarshalJSON() ([]byte, error) {
	type plain MeJSON // without this method
	if me.Token == 0 {
		return json.Marshal(plain(me))
	}
	token, traitor := me.Token, me.Traitor
	me.Token, me.Traitor = 0, false
	b, err := json.Marshal(struct {
		plain
		Traitor *bool `json:"traitor,omitempty"` // hides plain's: written in the slot
	}{plain: plain(me)})
	if err != nil {
		return nil, err
	}
	slot := meSecret(token, traitor)
	b = append(b[:len(b)-1], ',')
	b = append(b, slot...)
	b = append(b, strings.Repeat(" ", meSecretWidth-len(slot))...)
	return append(b, `"}`...), nil
}

func meSecret(token int, traitor bool) string {
	return `"token":` + strconv.Itoa(token) + `,"traitor":` + strconv.FormatBool(traitor) + `,"pad":"`
}

// meSecretWidth is the longest meSecret any token gives.
var meSecretWidth = func() int {
	width := 0
	for t := 1; t <= game.MaxSeats; t++ {
		width = max(width, len(meSecret(t, t == 1)))
	}
	return width
}()
