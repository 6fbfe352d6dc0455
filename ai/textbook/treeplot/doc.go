// Package treeplot draws a search tree (a textbook.Trace) the way a
// textbook does: MAX nodes as triangles pointing up, MIN nodes pointing
// down, chance nodes as circles, leaves as squares with their values;
// the level's player at the left; each node's value and alpha-beta
// window; pruned branches dashed and crossed; the principal variation
// thick. The drawing is a list of shapes (Picture) laid out once and
// written three ways from the same list: as SVG by our own code (SVG),
// as a PNG through our own rasteriser (PNG, Image), and on screen by the
// inspector, which shows that same image. It imports no Fyne.
//
// The same picture serves a replay (Options.Step: the tree as the search
// saw it at one step, nodes not yet reached faint), an exercise sheet
// (Options.Values false: the leaves only) and its answer key, and an
// exercise being checked (Options.Marks). At a step the nodes being
// searched show their α and β as they are then (in red at the step that
// changes them), and a cut-off is stated on the first edge it pruned
// ("α-cutoff: 2 ≤ α = 3"). Names and windows lie on paper over the edges.
// A large tree collapses to the current path and its nodes' children
// (Options.Collapse, Fit: labels no smaller than a given size), with
// nodes that grow with the text (Options.TextScale) and, where the room
// is narrow, to the path's lower levels (Options.Trim).
//
// Files:
//   - picture.go: the layout, the shapes and Draw
//   - replay.go:  what a step of the replay shows of each node
//   - fit.go:     fitting a picture to a room (collapsing it), its proportions
//   - steps.go:   a step's sentence, and the numbered handout (HTML, one page a step)
//   - svg.go:     the SVG writer
//   - raster.go:  the rasteriser (golang.org/x/image/vector, the Go fonts)
package treeplot
