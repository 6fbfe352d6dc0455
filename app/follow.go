package app

import (
	"boardgames/app/inspector"
	applab "boardgames/app/lab"
)

// follow is the main board showing the inspector's selected node instead
// of the game: the node's position, the path from the searched position
// as numbered moves, and a banner. A tap on the board, another position
// in the game, or a closed lab gives the board back to the game.
type follow struct {
	overlay *inspector.PathOverlay
	node    *applab.NodeView // nil: the board shows the game
}

// pathOverlay is the overlay that draws the node's path over the board,
// made with the board.
func (u *UI) pathOverlay() *inspector.PathOverlay {
	if u.follow.overlay == nil {
		u.follow.overlay = inspector.NewPathOverlay(u.board)
		u.follow.overlay.OnDismiss = func() {
			u.showNode(nil)
			if u.lab != nil {
				u.lab.NodeDismissed()
			}
		}
	}
	return u.follow.overlay
}

// showNode shows the inspector's node n on the main board, or the game
// again for nil.
func (u *UI) showNode(n *applab.NodeView) {
	if u.closed {
		return
	}
	o := u.pathOverlay()
	if n == nil {
		if u.follow.node == nil {
			return
		}
		u.follow.node = nil
		o.Clear()
		u.analysis.overlay.Show()
		u.shownGame, u.shownPos = "", "" // draw the game afresh
		u.refreshBoard()
		return
	}
	u.follow.node = n
	g := u.ctl.Game()
	v := n.View
	v.Coords = u.prefs.p.BoolWithFallback(PrefCoords, true)
	v.Flipped = u.prefs.flipped(g)
	u.input.Reset()
	u.board.SetView(v)
	u.analysis.overlay.Hide() // the game's move values are not this position's
	o.SetPath(n.Path, n.Caption)
}

// showingNode reports whether the board shows the inspector's node; it
// gives the board back to the game when the game's position is no longer
// the one searched or the lab is closed.
func (u *UI) showingNode() bool {
	n := u.follow.node
	if n == nil {
		return false
	}
	if u.lab == nil || u.lab.Closed() || u.ctl.At(u.shownPly()).String() != n.Root {
		u.showNode(nil)
		return false
	}
	return true
}
