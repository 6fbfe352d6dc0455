package match

import (
	"testing"

	"boardgames/app/internal/apptest"
	"boardgames/rules"
)

// Predict first: the bot's chosen move waits, unplayed, until Reveal; a
// new game drops it; turned off, it is played at once.
func TestPredictFirstHoldsTheBotMove(t *testing.T) {
	c, q := newController(t, "othello", apptest.FirstMove)
	c.SetPredictFirst(true)
	c.SetSeat(rules.White, BotSeat(c.Seat(rules.White).Spec))
	playText(t, c, "f5")
	q.Until(t, "the bot's choice", func() bool { return c.Held() != nil })
	q.Drain()
	if c.Len() != 1 {
		t.Fatalf("the bot's move was played before it was revealed: %d moves", c.Len())
	}
	if _, thinking := c.Thinking(); thinking {
		t.Fatal("the bot thinks again while its move waits")
	}
	want := c.Held().Text
	if err := c.Reveal(); err != nil || c.Len() != 2 || c.Record().String() != "f5"+want {
		t.Fatalf("reveal: %v, moves %q, held %q", err, c.Record().String(), want)
	}
	if err := c.Reveal(); err == nil {
		t.Fatal("a second reveal with nothing held")
	}

	playText(t, c, "c3")
	q.Until(t, "the bot's choice", func() bool { return c.Held() != nil })
	c.NewGame(c.Game(), c.Settings())
	if c.Held() != nil {
		t.Fatal("a new game kept the held move")
	}
	playText(t, c, "f5")
	q.Until(t, "the bot's choice", func() bool { return c.Held() != nil })
	c.SetPredictFirst(false)
	if c.Held() != nil || c.Len() != 2 {
		t.Fatalf("turning predict first off: held %v, %d moves", c.Held(), c.Len())
	}
}
