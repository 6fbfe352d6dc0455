package app

import (
	"strings"
	"testing"

	"boardgames/app/internal/apptest"
	"boardgames/rules"
)

// The position editor: pieces placed and removed, checks with clear
// messages, and the result opened as a new game, in each game.
func TestPositionEditor(t *testing.T) {
	f := newFixture(t, "checkers", "human", "human", apptest.FirstMove)
	f.u.editPosition()
	e := f.u.Editor()
	e.fill(nil)
	e.Tap(1) // square 1: a Black man
	if _, err := e.Position(); err == nil || !strings.Contains(err.Error(), "White has no piece") {
		t.Fatalf("one side without pieces: %v", err)
	}
	e.pieces.SetSelected(e.pieces.Options[1]) // White man
	e.Tap(62)                                 // square 32
	e.pieces.SetSelected(e.pieces.Options[0])
	e.Tap(56) // square 29: a Black man on its far row
	if _, err := e.Position(); err == nil || !strings.Contains(err.Error(), "square 29") || !strings.Contains(err.Error(), "king") {
		t.Fatalf("a man on the far row: %v", err)
	}
	e.pieces.SetSelected(e.pieces.Options[2]) // Black king
	e.Tap(56)
	e.side.SetSelected(e.side.Options[1])
	pos, err := e.Position()
	if err != nil || pos.String() != "W:W32:B1,K29" {
		t.Fatalf("%v, %v", pos, err)
	}
	e.Tap(0) // a light square
	if !strings.Contains(e.msg.Text, "dark squares") {
		t.Errorf("light square: %q", e.msg.Text)
	}
	e.play()
	if got := f.u.Controller().Position().String(); got != "W:W32:B1,K29" || f.u.Editor() != nil {
		t.Fatalf("the game is at %q", got)
	}

	// Connect Four: stones drop; the counts are checked.
	f.u.gameSelect.SetSelected("Connect Four")
	f.u.editPosition()
	e = f.u.Editor()
	e.Tap(3)
	e.Tap(10)
	if _, err := e.Position(); err == nil || !strings.Contains(err.Error(), "Red has 2 stones") {
		t.Fatalf("two Red stones alone: %v", err)
	}
	e.Tap(31) // a stone: the column's top one goes
	e.pieces.SetSelected(e.pieces.Options[1])
	e.Tap(2)
	pos, err = e.Position()
	if err != nil || pos.String() != "-------/-------/-------/-------/-------/--OX---" || pos.ToMove() != rules.Black {
		t.Fatalf("%v, %v", pos, err)
	}

	// Adjacency: rounds played are checked.
	f.u.gameSelect.SetSelected("Adjacency")
	f.u.editPosition()
	e = f.u.Editor()
	e.rounds.SetText("many")
	if _, err := e.Position(); err == nil || !strings.Contains(err.Error(), "Rounds played") {
		t.Fatalf("bad rounds: %v", err)
	}
	e.rounds.SetText("3") // the marks say no round was played
	if _, err := e.Position(); err == nil || !strings.Contains(err.Error(), "plies played") {
		t.Fatalf("rounds the marks do not match: %v", err)
	}
	e.Tap(27) // d4: one more X, and O to move after half a round
	e.side.SetSelected(e.side.Options[1])
	e.rounds.SetText("0")
	if pos, err = e.Position(); err != nil || !strings.HasSuffix(pos.String(), " O 0") {
		t.Fatalf("%v, %v", pos, err)
	}
	e.rounds.SetText("40")
	if _, err := e.Position(); err == nil || !strings.Contains(err.Error(), "round limit") {
		t.Fatalf("rounds beyond the limit: %v", err)
	}
	e.close()

	// Othello: White to move from the start.
	f.u.gameSelect.SetSelected("Othello")
	f.u.editPosition()
	e = f.u.Editor()
	e.side.SetSelected(e.side.Options[1])
	e.play()
	if p := f.u.Controller().Position(); p.ToMove() != rules.White || f.len() != 0 {
		t.Fatalf("Othello from the editor: %s", p)
	}
}

// A side has at most 12 pieces: the editor says so instead of opening a
// position no game reaches.
func TestPositionEditorTwelvePieces(t *testing.T) {
	f := newFixture(t, "checkers", "human", "human", apptest.FirstMove)
	f.u.editPosition()
	e := f.u.Editor()
	start, _ := e.g.Start(f.u.ctl.Settings())
	e.fill(start.Rows())
	e.Tap(24) // square 13: a thirteenth Black man
	if _, err := e.Position(); err == nil || !strings.Contains(err.Error(), "at most 12") {
		t.Fatalf("13 Black men: %v", err)
	}
	e.Tap(24) // taken away again
	if _, err := e.Position(); err != nil {
		t.Fatalf("the start position: %v", err)
	}
}
