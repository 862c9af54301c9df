package game_test

import (
	"testing"

	"lantern/internal/catalog"
	"lantern/internal/game"
)

// TestOptionsRoomsInTheHouse: Options.Rooms offers a room's roll or effect
// only for a room in the house (a starting tile or one discovered): one
// can't stand in, or roll for, a tile still in the stack. The engine owns
// this; the phone no longer filters the list itself.
func TestOptionsRoomsInTheHouse(t *testing.T) {
	t.Parallel()
	const rule = "seed 000 探险: 若该房间的楼层和人物身处的楼层相符，则玩家可翻开该房间，并将这房间放到人物身处的未知空间 (a room is in play once placed); seed 000 礼拜堂: 当人物完结其游戏回合时仍留在这房间，其神志Sanity即上升1个级别"
	s := started(t, fourExplorers...)
	offered := func() map[string]bool {
		m := map[string]bool{}
		for _, r := range optionsFor(s, 1).Rooms {
			m[r.Room] = true
		}
		return m
	}
	for room := range offered() {
		if !s.InHouse(room) {
			t.Errorf("%s: at the start %s is offered, still in the stack", rule, room)
		}
	}
	do(t, s, seatActor(1), game.DiscoverRoom{Room: "chapel", Floor: game.FloorGround})
	got := offered()
	if !got["chapel"] {
		t.Errorf("%s: the Chapel, discovered, is not offered: %v", rule, got)
	}
	for _, r := range catalog.Box().Rooms {
		if got[r.ID] && !s.InHouse(r.ID) {
			t.Errorf("%s: %s is offered, still in the stack", rule, r.ID)
		}
	}
	if len(got) != 1 {
		t.Errorf("%s: the house holds the starting tiles and the Chapel; offered %v", rule, got)
	}
}
