package table_test

import (
	"testing"

	"lantern/internal/game"
	"lantern/internal/table"
)

// TestAgainSurvivesRestart: the link from a finished game to its next one
// is stored: after a restart the finished game still names it, its seat
// tokens still take seats there, and its own log never changed.
func TestAgainSurvivesRestart(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c, seats := e.game(3, true)
	host := e.auth(c.Code, c.HostToken)
	if _, err := e.tab.Again(ctx, host); err == nil {
		t.Fatal("play again before the end was accepted")
	}
	p1 := e.auth(c.Code, seats[0].token)
	for _, a := range []game.Action{game.DrawOmen{Omen: "girl", Room: "catacombs"}, game.HauntRoll{Total: new(0)}} {
		if _, err := e.tab.Act(ctx, p1, a); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.tab.Act(ctx, host, game.DeclareWinner{Side: "heroes"}); err != nil {
		t.Fatal(err)
	}
	version := e.state(c.Code).Version
	if _, err := e.tab.Again(ctx, p1); err == nil {
		t.Error("a seat started the next game")
	}
	next, err := e.tab.Again(ctx, host)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.tab.Again(ctx, host); err != table.ErrNextExists {
		t.Errorf("a second play again: %v", err)
	}
	e.restart()
	if got := e.tab.Next(c.Code); got != next.Code {
		t.Fatalf("after a restart the next game is %q, want %q", got, next.Code)
	}
	if got := e.tab.Prev(next.Code); got != c.Code {
		t.Errorf("after a restart the next game follows %q", got)
	}
	if _, _, err := e.tab.JoinFrom(ctx, next.Code, seats[1].token, "vivian-lopez"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.tab.JoinFrom(ctx, next.Code, seats[0].token, "zoe-ingstrom"); err != nil {
		t.Fatal(err)
	}
	st := e.state(next.Code)
	if len(st.Seats) != 2 || st.Seats[0].Name != "P1" || st.Seats[1].Name != "P2" {
		t.Errorf("the next game's seats: %+v", st.Seats)
	}
	if e.state(c.Code).Version != version {
		t.Error("the finished game changed")
	}
}
