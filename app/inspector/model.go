package inspector

import (
	"fmt"
	"strconv"
	"strings"

	"boardgames/ai"
)

// model is the inspector's view of a search tree, without Fyne: the
// indexes it needs to show any step of the search quickly, and the texts
// it shows. Node index order is visit order, a parent before its children,
// so the nodes visited by step s are exactly 0..s.
type model struct {
	nodes     []ai.TreeNode
	labels    []string
	truncated bool
	kids      [][]int    // each node's children, in visit order
	kidIDs    [][]string // their tree IDs, then the pruned marker's if any
	end       []int      // the last node of each node's subtree
	onPV      []bool
	pv        []int
	roots     []int
	rootIDs   []string
	ids       []string // node i's tree ID
}

// newModel indexes t; labels and pv as in Inspector.SetTree. A nil tree
// gives an empty model.
func newModel(t *ai.Tree, labels []string, pv []int) *model {
	m := &model{}
	if t == nil {
		return m
	}
	n := len(t.Nodes)
	m.nodes, m.truncated = append([]ai.TreeNode(nil), t.Nodes...), t.Truncated // a copy: the caller may reuse t
	m.labels = make([]string, n)
	copy(m.labels, labels)
	m.kids, m.kidIDs = make([][]int, n), make([][]string, n)
	m.end, m.onPV, m.ids = make([]int, n), make([]bool, n), make([]string, n)
	for i, nd := range t.Nodes {
		m.ids[i] = strconv.Itoa(i)
		m.end[i] = i
		if p := int(nd.Parent); p >= 0 && p < i {
			m.kids[p] = append(m.kids[p], i)
		} else {
			m.roots = append(m.roots, i)
			m.rootIDs = append(m.rootIDs, m.ids[i])
		}
	}
	for i := n - 1; i >= 0; i-- {
		if p := int(t.Nodes[i].Parent); p >= 0 && p < i {
			m.end[p] = max(m.end[p], m.end[i])
		}
	}
	for i, ks := range m.kids {
		for _, k := range ks {
			m.kidIDs[i] = append(m.kidIDs[i], m.ids[k])
		}
		if m.prunedAfter(i) > 0 {
			m.kidIDs[i] = append(m.kidIDs[i], prunedID(ks[len(ks)-1]))
		}
	}
	for _, p := range pv {
		if p >= 0 && p < n {
			m.onPV[p] = true
			m.pv = append(m.pv, p)
		}
	}
	return m
}

// prunedAfter returns how many of node i's moves a beta cut-off pruned:
// its last child caused the cut-off.
func (m *model) prunedAfter(i int) int {
	ks := m.kids[i]
	if len(ks) == 0 {
		return 0
	}
	last := m.nodes[ks[len(ks)-1]]
	if !last.Cut {
		return 0
	}
	return last.Pruned
}

// prunedID is the tree ID of the marker for the moves pruned after the
// cut-off caused by node k.
func prunedID(k int) string { return "p" + strconv.Itoa(k) }

// parseID returns the node an ID stands for and whether it is a pruned
// marker (then the node is the child that caused the cut-off); -1 for none.
func parseID(id string) (node int, pruned bool) {
	if strings.HasPrefix(id, "p") {
		pruned, id = true, id[1:]
	}
	i, err := strconv.Atoi(id)
	if err != nil {
		return -1, false
	}
	return i, pruned
}

// children returns the IDs of the children of id visible at step: those
// visited by then, and the pruned marker once the cut-off has happened.
func (m *model) children(id string, step int) []string {
	if id == "" {
		return m.rootIDs[:visible(m.roots, step)]
	}
	i, pruned := parseID(id)
	if pruned || i < 0 || i >= len(m.nodes) {
		return nil
	}
	ks := m.kids[i]
	v := visible(ks, step)
	if v == len(ks) && len(m.kidIDs[i]) > len(ks) && m.end[ks[len(ks)-1]] <= step {
		v++
	}
	return m.kidIDs[i][:v]
}

// visible returns how many of the ascending node indices ks are at most
// step.
func visible(ks []int, step int) int {
	lo, hi := 0, len(ks)
	for lo < hi {
		mid := (lo + hi) / 2
		if ks[mid] <= step {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// done reports whether node i has returned its value by step.
func (m *model) done(i, step int) bool { return m.end[i] <= step }

// path returns the nodes from node i's root down to i.
func (m *model) path(i int) []int {
	var p []int
	for i >= 0 && i < len(m.nodes) {
		p = append(p, i)
		i = int(m.nodes[i].Parent)
	}
	for a, b := 0, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return p
}

// moveName returns the text of node i's move: the label the lab gave it,
// "root" for a root (numbered when iterative deepening made several).
func (m *model) moveName(i int) string {
	if m.nodes[i].Parent < 0 {
		if len(m.roots) > 1 {
			return "root " + strconv.Itoa(visible(m.roots, i))
		}
		return "root"
	}
	if m.labels[i] != "" {
		return m.labels[i]
	}
	return "#" + strconv.Itoa(i)
}

// infinity is the magnitude from which a window end is open.
const infinity = ai.WinScore + 1

// formatValue formats a negamax value: signed, with wins and losses found
// at a ply spelled out.
func formatValue(v int) string {
	switch {
	case v >= infinity:
		return "+∞"
	case v <= -infinity:
		return "-∞"
	case v > ai.WinScore/2:
		return "win@" + strconv.Itoa(ai.WinScore-v)
	case v < -ai.WinScore/2:
		return "loss@" + strconv.Itoa(ai.WinScore+v)
	case v > 0:
		return "+" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}

// formatWindow formats the alpha-beta window of node n.
func formatWindow(n ai.TreeNode) string {
	return "[" + formatValue(n.Alpha) + ", " + formatValue(n.Beta) + "]"
}

// nullWindow reports whether n was searched with a null window.
func nullWindow(n ai.TreeNode) bool { return n.Beta == n.Alpha+1 }

// row is what one line of the outline shows.
type row struct {
	move, info, note          string
	pv, current, open, pruned bool
	research, cut             bool
}

// rowFor returns the outline line of tree ID id at step.
func (m *model) rowFor(id string, step int) row {
	i, pruned := parseID(id)
	if i < 0 || i >= len(m.nodes) {
		return row{move: "?"}
	}
	if pruned {
		p := int(m.nodes[i].Parent)
		return row{pruned: true, move: "× " + plural(m.prunedAfter(p), "move") + " pruned",
			note: "beta cut-off after " + m.moveName(i)}
	}
	n := m.nodes[i]
	r := row{move: m.moveName(i), pv: m.onPV[i], current: i == step, research: n.Research, cut: n.Cut}
	val := "…"
	if m.done(i, step) {
		val = formatValue(n.Value)
	} else {
		r.open = true
	}
	r.info = val + "  " + formatWindow(n)
	var notes []string
	if n.Research {
		notes = append(notes, "↻ re-search")
	} else if nullWindow(n) {
		notes = append(notes, "null window")
	}
	if n.Cut && m.done(i, step) {
		notes = append(notes, "β cut-off: "+plural(n.Pruned, "move")+" pruned")
	}
	if r.open && i != step {
		notes = append(notes, "searching")
	}
	r.note = strings.Join(notes, " · ")
	return r
}

// plural returns "1 move", "3 moves".
func plural(n int, what string) string { return pluralOf(n, what, what+"s") }

// pluralOf returns "1 child", "3 children".
func pluralOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// pathText returns "root → e4 → d5" for node i.
func (m *model) pathText(i int) string {
	var parts []string
	for _, p := range m.path(i) {
		parts = append(parts, m.moveName(p))
	}
	return strings.Join(parts, " → ")
}

// explain returns the sentence that explains step s: which node the
// search visited, with what window, what it returned and why it matters.
func (m *model) explain(s int) string {
	if len(m.nodes) == 0 {
		return "No search tree: run minimax, alphabeta or negascout with the inspector on."
	}
	if s < 0 || s >= len(m.nodes) {
		return ""
	}
	n := m.nodes[s]
	var b strings.Builder
	fmt.Fprintf(&b, "Step %d/%d: ", s+1, len(m.nodes))
	switch {
	case n.Parent < 0 && len(m.roots) > 1:
		fmt.Fprintf(&b, "start iteration %d at the root", visible(m.roots, s))
	case n.Parent < 0:
		b.WriteString("start at the root")
	case n.Research:
		fmt.Fprintf(&b, "re-search %s at ply %d (the null-window search failed high)", m.moveName(s), n.Ply)
	default:
		fmt.Fprintf(&b, "visit %s at ply %d", m.moveName(s), n.Ply)
	}
	if n.Parent >= 0 && n.Ply > 1 {
		b.WriteString(" (" + m.pathText(s) + ")")
	}
	fmt.Fprintf(&b, ", window %s", formatWindow(n))
	if nullWindow(n) {
		b.WriteString(" (null window)")
	}
	fmt.Fprintf(&b, " … returned %s", formatValue(n.Value))
	switch {
	case n.Leaf:
		b.WriteString(" (leaf: scored by the evaluation)")
	case len(m.kids[s]) > 0:
		fmt.Fprintf(&b, " after %s", pluralOf(len(m.kids[s]), "child", "children"))
	}
	if n.Parent >= 0 {
		b.WriteString(m.verdict(s))
	}
	if m.onPV[s] {
		b.WriteString(" — on the principal variation")
	}
	b.WriteString(".")
	return b.String()
}

// verdict explains what node i's value means for its parent, whose view
// is the negation of the child's: the value -v against the parent's
// window [-beta, -alpha].
func (m *model) verdict(i int) string {
	n := m.nodes[i]
	v, alpha, beta := -n.Value, -n.Beta, -n.Alpha
	again := false
	if next := m.end[i] + 1; next < len(m.nodes) {
		nx := m.nodes[next]
		again = nx.Research && nx.Parent == n.Parent && nx.Move == n.Move
	}
	switch {
	case n.Cut:
		return fmt.Sprintf("; for the parent %s ≥ β %s: beta cut-off, its other %s pruned",
			formatValue(v), formatValue(beta), pluralOf(n.Pruned, "move", "moves"))
	case nullWindow(n) && v > alpha && again:
		return fmt.Sprintf("; for the parent %s > α %s: the null-window test failed high, so the move is searched again with a wider window",
			formatValue(v), formatValue(alpha))
	case nullWindow(n) && v > alpha:
		return fmt.Sprintf("; for the parent %s > α %s: the null-window test failed high, and this shallow value is exact", formatValue(v), formatValue(alpha))
	case nullWindow(n):
		return fmt.Sprintf("; for the parent %s ≤ α %s: the null-window test shows the move is no better", formatValue(v), formatValue(alpha))
	case alpha <= -infinity && beta >= infinity:
		return "" // minimax, or the first move: nothing to compare with
	case v <= alpha:
		return fmt.Sprintf("; for the parent %s ≤ α %s: no better than a move already found", formatValue(v), formatValue(alpha))
	}
	return fmt.Sprintf("; for the parent %s > α %s: its best move so far", formatValue(v), formatValue(alpha))
}

// detail returns the description of node i at step: its path, window,
// value and its children.
func (m *model) detail(i, step int) string {
	if i < 0 || i >= len(m.nodes) {
		return "Select a node to see its path and children."
	}
	n := m.nodes[i]
	var b strings.Builder
	fmt.Fprintf(&b, "Path:    %s\n", m.pathText(i))
	fmt.Fprintf(&b, "Node:    #%d, ply %d, move %s\n", i, n.Ply, m.moveName(i))
	fmt.Fprintf(&b, "Window:  %s", formatWindow(n))
	if nullWindow(n) {
		b.WriteString(" (null window)")
	}
	b.WriteString("\n")
	if i > step {
		b.WriteString("Value:   not visited yet at this step\n")
	} else if !m.done(i, step) {
		b.WriteString("Value:   … still searching at this step\n")
	} else {
		fmt.Fprintf(&b, "Value:   %s (for the side to move here)", formatValue(n.Value))
		if n.Leaf {
			b.WriteString(", leaf")
		}
		b.WriteString("\n")
	}
	if n.Research {
		b.WriteString("Negascout re-search with a wider window\n")
	}
	if n.Cut {
		fmt.Fprintf(&b, "Beta cut-off: its parent's other %s pruned\n", plural(n.Pruned, "move"))
	}
	if m.onPV[i] {
		b.WriteString("On the principal variation\n")
	}
	ks := m.kids[i][:visible(m.kids[i], step)]
	if len(ks) == 0 {
		return strings.TrimRight(b.String(), "\n")
	}
	fmt.Fprintf(&b, "\nChildren searched by this step (%d):\n", len(ks))
	w := 4
	for _, k := range ks {
		w = max(w, len([]rune(m.moveName(k))))
	}
	for _, k := range ks {
		kn := m.nodes[k]
		val := "…"
		if m.done(k, step) {
			val = formatValue(kn.Value)
		}
		mark := "  "
		if m.onPV[k] {
			mark = "★ "
		}
		name := m.moveName(k)
		fmt.Fprintf(&b, "%s%s%s %8s  %s", mark, name, strings.Repeat(" ", w-len([]rune(name))), val, formatWindow(kn))
		if kn.Research {
			b.WriteString("  ↻ re-search")
		}
		if kn.Cut && m.done(k, step) {
			fmt.Fprintf(&b, "  β cut-off")
		}
		b.WriteString("\n")
	}
	if p := m.prunedAfter(i); p > 0 && m.done(ks[len(ks)-1], step) {
		fmt.Fprintf(&b, "  × %s pruned by the beta cut-off\n", plural(p, "move"))
	}
	return strings.TrimRight(b.String(), "\n")
}

// summary returns the line above the outline: the size of the tree and a
// key to its marks.
func (m *model) summary() string {
	if len(m.nodes) == 0 {
		return "Search tree: empty"
	}
	s := fmt.Sprintf("Search tree: %s", plural(len(m.nodes), "node"))
	if len(m.roots) > 1 {
		s += fmt.Sprintf(" in %d iterations", len(m.roots))
	}
	if m.truncated {
		s += " (truncated: the search went on beyond the recording limit)"
	}
	return s + ". Values are for the side to move at each node; ★ bold: principal variation; ↻ negascout re-search; × pruned."
}
