package gtp_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"boardgames/ai/gtp"
	"boardgames/rules/games"
)

// fakeEngine is a server whose genmove answers with reply (or fails with
// err, or sleeps first); it accepts every other command.
func fakeEngine(t *testing.T, reply string, err error, sleep time.Duration) *gtp.Player {
	t.Helper()
	srv := gtp.NewServer("fake", "0")
	ok := func([]string) (string, error) { return "", nil }
	for _, c := range []string{"set_game", "boardsize", "clear_board", "play", "undo"} {
		srv.Handle(c, ok)
	}
	srv.Handle("genmove", func([]string) (string, error) {
		time.Sleep(sleep)
		return reply, err
	})
	c := pipeTo(t, srv)
	p, herr := gtp.Handshake(context.Background(), c, gtp.Budget{Move: 200 * time.Millisecond})
	if herr != nil {
		t.Fatal(herr)
	}
	g, _ := games.Lookup("othello")
	if err := p.NewGame(context.Background(), g, games.Settings{}, nil); err != nil {
		t.Fatal(err)
	}
	return p
}

func startRecord(t *testing.T, game string) games.Record {
	g, _ := games.Lookup(game)
	s, _ := g.Start(games.Settings{})
	return games.NewRecord(s)
}

func TestPlayerFaults(t *testing.T) {
	for _, tc := range []struct {
		name   string
		reply  string
		err    error
		sleep  time.Duration
		kind   gtp.FaultKind
		detail string
	}{
		{"illegal", "a1", nil, 0, gtp.FaultIllegal, `genmove b answered "a1"`},
		{"nonsense", "z9", nil, 0, gtp.FaultIllegal, `"z9"`},
		{"resign", "resign", nil, 0, gtp.FaultResigned, "resign"},
		{"refuses", "", errors.New("no idea"), 0, gtp.FaultRefused, `"? no idea"`},
		{"slow", "f5", nil, 400 * time.Millisecond, gtp.FaultTimeout, "no move within 0.31 s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := fakeEngine(t, tc.reply, tc.err, tc.sleep)
			_, _, err := p.GenMove(context.Background(), startRecord(t, "othello"))
			wantFault(t, err, tc.kind, tc.detail)
		})
	}
	p := fakeEngine(t, "F5", nil, 0) // upper case is fine
	if m, _, err := p.GenMove(context.Background(), startRecord(t, "othello")); err != nil || m == 0 {
		t.Errorf("F5: %v, %v", m, err)
	}
}

// TestPlayerFollowsUndo: moves taken back reach the engine as undo, and
// the engine's next move is from the right position.
func TestPlayerFollowsUndo(t *testing.T) {
	c := pipeTo(t, standIn(t, firstLegal))
	var sent []string
	c.Transcript = func(l string) {
		if l[0] == '>' {
			sent = append(sent, l[2:])
		}
	}
	ctx := context.Background()
	p, err := gtp.Handshake(ctx, c, gtp.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := games.Lookup("connect4")
	if err := p.NewGame(ctx, g, games.Settings{}, nil); err != nil {
		t.Fatal(err)
	}
	rec := startRecord(t, "connect4")
	for _, m := range []string{"4", "4", "3"} {
		if err := rec.PlayString(m); err != nil {
			t.Fatal(err)
		}
	}
	if m, _, err := p.GenMove(ctx, rec); err != nil || rec.Position().MoveString(m) != "1" {
		t.Fatalf("GenMove: %v %v", m, err)
	}
	rec.Undo()
	if err := rec.PlayString("5"); err != nil {
		t.Fatal(err)
	}
	sent = nil
	if _, _, err := p.GenMove(ctx, rec); err != nil {
		t.Fatal(err)
	}
	if got := join(sent); got != "undo|undo|play b 5|genmove w" {
		t.Errorf("sent %s", got)
	}
}

func join(s []string) string { return strings.Join(s, "|") }
