// Package inspector is the classroom's search-tree inspector: a Fyne
// widget that replays a recorded search (a textbook.Trace: a textbook
// tree's, or a real minimax, alphabeta or negascout search's) one step
// at a time, for a lecture driven by a presenter's clicker.
//
// Each visit of a node is two steps: the search enters it with its
// alpha-beta window, then it returns its value to its parent (with
// predicting first, a step between asks the class for the value). The
// tree is drawn as the export draws it (package treeplot: MAX and MIN
// triangles, values, windows, pruned branches crossed, the current node
// ringed, a node being searched "…"), and as an indented outline (a
// widget.Tree, which builds only the rows on screen, for trees of
// thousands of nodes), with the selected node in detail and a sentence
// that explains each step ("enter A → C (MIN) with the window [3, +∞]",
// "the leaf 2 returns 2. For C, 2 ≤ α 3: a cut-off. × pruned: 4, 6").
// Values are from MAX's view (the textbook's MIN/MAX view) or, in the
// negamax view, the side to move's at each node.
//
// The widget takes the keyboard after each new tree or a tap on it:
// Right, PageDown and Space step forward, Left and PageUp back, Home and
// End. In exercise mode it shows the leaves only and checks a student's
// answers (nodes pruned, values returned), which export as CSV. On a
// textbook tree a tap on a leaf opens its value for editing, and a switch
// searches the tree in another move ordering (best first, worst first).
// The picture scrolls to keep the current node in view. PathOverlay draws a node's
// path from the root as numbered moves over the app's main board.
//
// Files:
//   - model.go:     the replay's steps and indexes, and every text shown, without Fyne
//   - inspector.go: the Inspector widget, its controls and stepping
//   - keys.go:      focus and the clicker's keys
//   - exercise.go:  exercise mode: the answer bar, the check, the answers' export
//   - teach.go:     a textbook tree's move ordering (with the three node
//     counts) and its leaves edited in place, searched again at once
//   - treeview.go:  the tree's picture, and taps on its nodes
//   - row.go:       one outline line, coloured by the node's role
//   - path.go:      the path overlay for the main board
//   - fit.go:       layouts for a narrow column: the answer bar in rows, the
//     view's choice above the summary, an entry that grows with the text
package inspector
