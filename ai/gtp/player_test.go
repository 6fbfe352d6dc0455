package gtp_test

import (
	"context"
	"flag"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"boardgames/ai/gtp"
	"boardgames/rules"
	"boardgames/rules/games"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata")

// pipeTo connects a Client to srv through pipes; the server runs on its
// own goroutine until the client side is closed.
func pipeTo(t *testing.T, srv *gtp.Server) *gtp.Client {
	t.Helper()
	cmdR, cmdW := io.Pipe()
	repR, repW := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		srv.Serve(cmdR, repW)
		repW.Close()
		io.Copy(io.Discard, cmdR)
	}()
	c := gtp.NewClient(repR, cmdW)
	t.Cleanup(func() {
		cmdW.Close()
		repR.Close()
		c.Close()
		<-done
	})
	return c
}

func standIn(t *testing.T, bot gtp.Bot) *gtp.Server {
	t.Helper()
	srv, err := gtp.NewEngine("stand-in", "1.0", bot)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// TestPlayerGolden: the Player sets up each game with settings that need
// the extension commands, plays White against a first-legal-move Black
// to the end, and the conversation is the golden transcript, which the
// stand-in engine also answers when replayed (TestEdaxTranscript's form).
func TestPlayerGolden(t *testing.T) {
	cases := []struct {
		game     string
		settings games.Settings
		start    string
	}{
		{"othello", games.Settings{First: rules.White}, ""},
		{"checkers", games.Settings{DrawMoves: 30}, "B:W18,19,27:B10,11,14"},
		{"connect4", games.Settings{}, ""},
		{"adjacency", games.Settings{Rounds: 3}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.game, func(t *testing.T) {
			g, err := games.Lookup(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			c := pipeTo(t, standIn(t, firstLegal))
			var transcript []string
			c.Transcript = func(l string) { transcript = append(transcript, l) }
			ctx := context.Background()
			p, err := gtp.Handshake(ctx, c, gtp.Budget{Move: 2 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			var start games.Position
			if tc.start != "" {
				if start, err = g.Parse(tc.start, tc.settings); err != nil {
					t.Fatal(err)
				}
			} else if start, err = g.Start(tc.settings); err != nil {
				t.Fatal(err)
			}
			if err := p.NewGame(ctx, g, tc.settings, start); err != nil {
				t.Fatal(err)
			}
			rec := games.NewRecord(start)
			for !rec.Result().Over() {
				var m rules.Move
				if rec.Position().ToMove() == rules.White {
					if m, _, err = p.GenMove(ctx, rec); err != nil {
						t.Fatalf("after %s: %v", rec, err)
					}
				} else {
					m = rec.Legal()[0]
				}
				if err := rec.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			p.Quit(ctx)
			got := transcriptFile(transcript)
			path := "testdata/client-" + tc.game + ".gtp"
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			if got != string(want) {
				t.Errorf("the conversation differs from %s (go test -update rewrites it):\n%s", path, got)
			}
			runTranscript(t, path)
		})
	}
}

// transcriptFile writes a Client's transcript in the testdata form:
// each command, its reply, an empty line.
func transcriptFile(lines []string) string {
	var b strings.Builder
	b.WriteString("# Written by TestPlayerGolden (go test -update): the controller's side.\n\n")
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "> "):
			b.WriteString(l[2:] + "\n")
		case strings.HasPrefix(l, "< "):
			b.WriteString(l[2:] + "\n")
		}
	}
	return b.String()
}

// seedBot is a first-legal bot that keeps the seeds it is given.
type seedBot struct{ seeds []uint64 }

func (b *seedBot) Seed(n uint64) { b.seeds = append(b.seeds, n) }
func (b *seedBot) Move(ctx context.Context, pos games.Position, c gtp.Clock) (rules.Move, error) {
	return firstLegal(ctx, pos, c)
}

// TestSeed: a seed given to the Player reaches a bot that lists bg-seed
// at every new game, below 2^63; a bot that does not list it is not sent
// it.
func TestSeed(t *testing.T) {
	ctx := context.Background()
	g, _ := games.Lookup("connect4")
	bot := &seedBot{}
	c := pipeTo(t, standIn(t, bot))
	p, err := gtp.Handshake(ctx, c, gtp.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	if !p.Knows(gtp.CmdSeed) {
		t.Fatal("a Seeder's engine does not list " + gtp.CmdSeed)
	}
	p.SetSeed(1<<63 + 42)
	for range 2 {
		if err := p.NewGame(ctx, g, games.Settings{}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(bot.seeds) != 2 || bot.seeds[0] != 42 || bot.seeds[1] != 42 {
		t.Errorf("seeds %v, want [42 42]", bot.seeds)
	}

	c = pipeTo(t, standIn(t, firstLegal))
	var sent []string
	c.Transcript = func(l string) { sent = append(sent, l) }
	p, err = gtp.Handshake(ctx, c, gtp.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	p.SetSeed(7)
	if err := p.NewGame(ctx, g, games.Settings{}, nil); err != nil {
		t.Fatal(err)
	}
	if got := join(sent); strings.Contains(got, gtp.CmdSeed) {
		t.Errorf("sent to a bot without %s: %s", gtp.CmdSeed, got)
	}
}
