package games

import (
	"strings"
	"testing"

	"boardgames/rules"
)

func TestLookup(t *testing.T) {
	for name, want := range map[string]string{
		"othello": "othello", "Reversi": "othello", "draughts": "checkers",
		" c4 ": "connect4", "ADJACENCY": "adjacency",
	} {
		g, err := Lookup(name)
		if err != nil || g.Name != want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", name, g, err, want)
		}
	}
	if _, err := Lookup("chess"); err == nil || !strings.Contains(err.Error(), "othello|checkers|connect4|adjacency") {
		t.Errorf("Lookup(chess): %v", err)
	}
}

// Every game starts, parses its own examples, plays a few moves through the
// type-erased interface and agrees with its record.
func TestEveryGame(t *testing.T) {
	for _, g := range All {
		start, err := g.Start(Settings{})
		if err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		if start.Game() != g.Name || len(start.Rows()) != g.Height || len(start.Rows()[0]) != g.Width {
			t.Errorf("%s: game %q, rows %q", g.Name, start.Game(), start.Rows())
		}
		p, err := g.Parse(g.PositionExample, Settings{})
		if err != nil {
			t.Errorf("%s: position example: %v", g.Name, err)
		} else if p.String() != g.PositionExample {
			t.Errorf("%s: example %q formats as %q", g.Name, g.PositionExample, p.String())
		}
		rec, err := g.ParseMoves(nil, g.MovesExample, Settings{})
		if err != nil {
			t.Fatalf("%s: moves example: %v", g.Name, err)
		}
		if rec.String() == "" || rec.Len() == 0 {
			t.Errorf("%s: record %q", g.Name, rec.String())
		}
		// Replaying the record move by move through Position reaches the same place.
		pos := rec.Start()
		for i, m := range rec.Moves() {
			if got := pos.MoveString(m); got == "" {
				t.Errorf("%s: move %d has no text", g.Name, i)
			}
			pos = pos.Play(m)
		}
		if pos.Hash() != rec.Position().Hash() || pos.String() != rec.Position().String() {
			t.Errorf("%s: replay differs from the record", g.Name)
		}
		if w, ok := Wrap(pos.Native()); !ok || w.String() != pos.String() || w.Game() != g.Name {
			t.Errorf("%s: Wrap(Native) does not give the position back", g.Name)
		}
		var n uint64
		for _, m := range start.Legal() {
			n += uint64(len(start.Play(m).Legal()))
		}
		if got := start.Perft(2); got != n {
			t.Errorf("%s: perft 2 = %d, want %d", g.Name, got, n)
		}
		c := rec.Clone()
		rec.Undo()
		if c.Len() != rec.Len()+1 {
			t.Errorf("%s: clone shares its moves with the original", g.Name)
		}
		if _, err := NewRecord(start).Position().ParseMove("zz"); err == nil || !strings.HasPrefix(err.Error(), g.Name+": ") {
			t.Errorf("%s: bad move error %v", g.Name, err)
		}
	}
}

func TestSettings(t *testing.T) {
	adj, _ := Lookup("adjacency")
	if _, err := adj.Start(Settings{Rounds: 29}); err == nil {
		t.Error("29 rounds accepted")
	}
	p, err := adj.Start(Settings{Rounds: 1, First: rules.White})
	if err != nil || p.ToMove() != rules.White {
		t.Fatalf("adjacency white first: %v %v", p, err)
	}
	if got := p.Perft(3); got != 56*55 {
		t.Errorf("one round: perft 3 = %d, want %d", got, 56*55)
	}
	oth, _ := Lookup("othello")
	if p, _ := oth.Start(Settings{First: rules.White}); p.ToMove() != rules.White {
		t.Error("othello white first ignored")
	}
	chk, _ := Lookup("checkers")
	if _, err := chk.Start(Settings{DrawMoves: -3}); err == nil {
		t.Error("negative draw count accepted")
	}
	if !chk.Has(SettingDrawMoves) || chk.Has(SettingRounds) {
		t.Error("checkers settings")
	}
	// A record's position must be of its own game.
	c4, _ := Lookup("connect4")
	if _, err := c4.ParseMoves(p, "4", Settings{}); err == nil {
		t.Error("connect4 moves from an adjacency position accepted")
	}
}

func TestLineStrings(t *testing.T) {
	g, _ := Lookup("othello")
	pos, _ := g.Start(Settings{})
	f5, _ := pos.ParseMove("f5")
	d6, _ := pos.Play(f5).ParseMove("d6")
	// f5 d6, then f5 again, which is occupied: the line stops there.
	got := LineStrings(pos, []rules.Move{f5, d6, f5})
	if strings.Join(got, " ") != "f5 d6" {
		t.Errorf("LineStrings = %q, want f5 d6", got)
	}
	if got := LineStrings(pos, nil); got == nil || len(got) != 0 {
		t.Errorf("an empty line gives %#v, want an empty list", got)
	}
}
