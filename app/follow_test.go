package app

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"boardgames/app/board"
	"boardgames/app/inspector"
	applab "boardgames/app/lab"
	"boardgames/rules"
)

// TestMainBoardShowsNode: the lab's hook shows the inspector's node on
// the main board, with its path as numbered moves, until a tap on the
// board (which the lab is told of) or a closed lab gives it back to the
// game.
func TestMainBoardShowsNode(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", nil)
	f.u.openLab()
	pos := f.u.Controller().Position()
	start := slices.Clone(f.u.Board().View().Rows)
	var path []inspector.PathMark
	after := pos
	for k, sq := range []string{"f5", "d6"} {
		cell, _ := rules.ParseSquare(sq)
		for _, m := range after.Legal() {
			if after.MoveString(m) == sq {
				after = after.Play(m)
			}
		}
		path = append(path, inspector.PathMark{Cell: cell, Number: k + 1, First: k == 0})
	}
	n := &applab.NodeView{Root: pos.String(), View: board.View{Game: "othello", Rows: after.Rows()}, Path: path, Caption: "Inspector: after f5 d6"}
	f.u.showNode(n)
	o := f.u.pathOverlay()
	if !slices.Equal(f.u.Board().View().Rows, after.Rows()) || !o.Active() || len(o.Marks()) != 2 || !o.Visible() {
		t.Fatalf("the node is not on the board: %v, overlay %v", f.u.Board().View().Rows, o.Marks())
	}
	if f.u.Overlay().Visible() {
		t.Error("the game's move values stay over the node's position")
	}
	f.u.refresh() // the window refreshes: the node stays
	if !slices.Equal(f.u.Board().View().Rows, after.Rows()) {
		t.Error("a refresh dropped the node")
	}
	test.Tap(o)
	if !slices.Equal(f.u.Board().View().Rows, start) || o.Active() || o.Visible() {
		t.Errorf("a tap did not give the board back: %v", f.u.Board().View().Rows)
	}
	if f.len() != 0 {
		t.Error("the tap played a move")
	}
	// A closed lab gives the board back too.
	f.u.showNode(n)
	f.u.closeLab()
	f.u.refresh()
	if !slices.Equal(f.u.Board().View().Rows, start) || o.Active() {
		t.Error("the node stayed after the lab closed")
	}
	// And a move in the game: the searched position is gone.
	f.u.openLab()
	f.u.showNode(n)
	f.u.showNode(nil)
	f.tapSquare("f5")
	if f.len() != 1 {
		t.Fatalf("the board does not take moves after the node: %d", f.len())
	}
	f.u.showNode(n)
	f.u.refresh()
	if o := f.u.pathOverlay(); o.Active() {
		t.Error("a node of a position the game left stays on the board")
	}
}
