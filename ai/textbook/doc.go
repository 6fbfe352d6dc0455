// Package textbook holds the small game trees of a lecture on adversarial
// search, and records how minimax, alpha-beta, negascout and expectimax
// walk them, step by step, for the classroom's inspector, its exercise
// sheets and the tree export. It imports no Fyne.
//
// A Tree is given by a short text (Parse: nested lists of leaf values,
// "[[3,12,8],[2,4,6],[14,5,2]]", with chance nodes in braces) or made by
// Generate from a branching factor, a depth, a range of leaf values and a
// seed, with at least k alpha-beta cut-offs. Search runs one algorithm on
// it and returns a Trace: every visit of a node in the order the search
// made them, with the window on entry and the value returned, the
// cut-offs and the nodes they pruned. A real search of a game
// (ai.Tree, recorded by ai's minimax, alphabeta and negascout) becomes a
// Trace too (FromSearch), so that one inspector and one exporter serve
// both.
//
// Values are kept from the root player's view (MAX's), as textbooks draw
// them; Visit.Negamax gives the view of the side to move at the node.
//
// Files:
//   - tree.go:     nodes, kinds, the tree's shape and names
//   - spec.go:     the text form of a tree (Parse, Format)
//   - search.go:   Trace, Visit, Event; the four algorithms' recorders
//   - generate.go: random trees with a given number of cut-offs
//   - fromsearch.go: a real search's ai.Tree as a Trace
//   - exercise.go: the answer key of an exercise and the check of answers
//   - order.go:    move orderings (best first, worst first) and leaf edits
package textbook
