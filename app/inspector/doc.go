// Package inspector is the classroom's search-tree inspector: a Fyne
// widget that shows the tree recorded by minimax, alphabeta or negascout
// (ai.Tree) and replays the search one visited node at a time.
//
// The tree is an indented outline (a widget.Tree, which only builds the
// rows on screen, so a 5000-node tree stays quick): each line shows the
// move, the value the node returned and its alpha-beta window; the
// principal variation is bold in the theme's primary colour; a beta
// cut-off is noted on the move that caused it and followed by a greyed
// "× N moves pruned" line; negascout re-searches are marked ↻. Only the
// roots' moves and the principal variation start unfolded. Beside it, the
// selected node in detail: its path from the root, window, value and
// children.
//
// A slider and Back/Forward buttons step through the visit order (node
// index order): the outline then shows only the nodes visited so far,
// with "…" for the values of nodes still being searched, highlights the
// current node, and a sentence explains the step ("visit d3 at ply 2,
// window [-12, +4] … returned -15; for the parent +15 ≥ β +12: beta
// cut-off, its other 3 moves pruned"). Values are negamax values, for
// the side to move at each node; the explanation also gives the parent's
// view, which is their negation.
//
// Files:
//   - model.go: the tree's indexes (children, subtree ends, visibility at
//     a step) and every text shown, without Fyne.
//   - inspector.go: the Inspector widget, its controls and stepping.
//   - row.go: one outline line, coloured by the node's role.
package inspector
