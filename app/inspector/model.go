package inspector

import (
	"fmt"
	"strconv"
	"strings"

	"boardgames/ai"
	"boardgames/app/internal/tr"
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
			return tr.F("root %d", visible(m.roots, i))
		}
		return tr.T("root")
	}
	if m.labels[i] != "" {
		return m.labels[i]
	}
	return tr.F("node %d", i)
}

// infinity is the magnitude from which a window end is open.
const infinity = ai.WinScore + 1

// formatValue formats a negamax value: signed, with wins and losses found
// at a ply spelled out ("win in 5": five plies below the node searched).
func formatValue(v int) string {
	switch {
	case v >= infinity:
		return "+∞"
	case v <= -infinity:
		return "-∞"
	case v > ai.WinScore/2:
		return tr.F("win in %d", ai.WinScore-v)
	case v < -ai.WinScore/2:
		return tr.F("loss in %d", ai.WinScore+v)
	case v > 0:
		return fmt.Sprintf("+%d", v)
	}
	return strconv.Itoa(v)
}

// formatWindow formats the alpha-beta window of node n.
func formatWindow(n ai.TreeNode) string {
	return fmt.Sprintf("[%s, %s]", formatValue(n.Alpha), formatValue(n.Beta))
}

// windowPhrase names node n's window: "the window [-3, +5]", "the null
// window [+2, +3]".
func windowPhrase(n ai.TreeNode) string {
	if nullWindow(n) {
		return tr.F("the null window %s", formatWindow(n))
	}
	return tr.F("the window %s", formatWindow(n))
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
		n := m.prunedAfter(p)
		return row{pruned: true, move: tr.N("× %d move pruned", n, n),
			note: tr.F("beta cut-off after %s", m.moveName(i))}
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
		notes = append(notes, tr.T("↻ re-search"))
	} else if nullWindow(n) {
		notes = append(notes, tr.T("null window"))
	}
	if n.Cut && m.done(i, step) {
		notes = append(notes, tr.N("β cut-off: %d move pruned", n.Pruned, n.Pruned))
	}
	if r.open && i != step {
		notes = append(notes, tr.T("searching"))
	}
	r.note = strings.Join(notes, " · ")
	return r
}

// pathText returns "root → e4 → d5" for node i.
func (m *model) pathText(i int) string {
	var parts []string
	for _, p := range m.path(i) {
		parts = append(parts, m.moveName(p))
	}
	return strings.Join(parts, " → ")
}

// explain returns the sentences that explain step s: which node the
// search visited, with what window, what it returned and why it matters.
func (m *model) explain(s int) string {
	if len(m.nodes) == 0 {
		return tr.T("No search tree yet.")
	}
	if s < 0 || s >= len(m.nodes) {
		return ""
	}
	n := m.nodes[s]
	var out []string
	name, win := m.moveName(s), windowPhrase(n)
	switch {
	case n.Parent < 0 && len(m.roots) > 1:
		out = append(out, tr.F("Step %d of %d: iteration %d starts at the root with %s.", s+1, len(m.nodes), visible(m.roots, s), win))
	case n.Parent < 0:
		out = append(out, tr.F("Step %d of %d: the search starts at the root with %s.", s+1, len(m.nodes), win))
	case n.Research && n.Ply > 1:
		out = append(out, tr.F("Step %d of %d: re-search %s at ply %d (%s) with %s, as the null-window search failed high.",
			s+1, len(m.nodes), name, n.Ply, m.pathText(s), win))
	case n.Research:
		out = append(out, tr.F("Step %d of %d: re-search %s at ply %d with %s, as the null-window search failed high.",
			s+1, len(m.nodes), name, n.Ply, win))
	case n.Ply > 1:
		out = append(out, tr.F("Step %d of %d: visit %s at ply %d (%s) with %s.", s+1, len(m.nodes), name, n.Ply, m.pathText(s), win))
	default:
		out = append(out, tr.F("Step %d of %d: visit %s at ply %d with %s.", s+1, len(m.nodes), name, n.Ply, win))
	}
	val := formatValue(n.Value)
	switch kids := len(m.kids[s]); {
	case n.Leaf:
		out = append(out, tr.F("It returned %s, the evaluation's score of the position.", val))
	case kids > 0:
		out = append(out, tr.N("It returned %s after %d child.", kids, val, kids))
	default:
		out = append(out, tr.F("It returned %s.", val))
	}
	if n.Parent >= 0 {
		if v := m.verdict(s); v != "" {
			out = append(out, v)
		}
	}
	if m.onPV[s] {
		out = append(out, tr.T("This node is on the principal variation."))
	}
	return strings.Join(out, " ")
}

// verdict explains what node i's value means for its parent, whose view
// is the negation of the child's: the value -v against the parent's
// window [-beta, -alpha].
func (m *model) verdict(i int) string {
	n := m.nodes[i]
	v, alpha, beta := formatValue(-n.Value), formatValue(-n.Beta), formatValue(-n.Alpha)
	again := false
	if next := m.end[i] + 1; next < len(m.nodes) {
		nx := m.nodes[next]
		again = nx.Research && nx.Parent == n.Parent && nx.Move == n.Move
	}
	switch {
	case n.Cut:
		return tr.N("For the parent %s ≥ β %s: a beta cut-off, its other %d move is pruned.", n.Pruned, v, beta, n.Pruned)
	case nullWindow(n) && -n.Value > -n.Beta && again:
		return tr.F("For the parent %s > α %s: the null-window test failed high, so the move is searched again with a wider window.", v, alpha)
	case nullWindow(n) && -n.Value > -n.Beta:
		return tr.F("For the parent %s > α %s: the null-window test failed high, and this shallow value is exact.", v, alpha)
	case nullWindow(n):
		return tr.F("For the parent %s ≤ α %s: the null-window test shows the move is no better.", v, alpha)
	case -n.Beta <= -infinity && -n.Alpha >= infinity:
		return "" // minimax, or the first move: nothing to compare with
	case -n.Value <= -n.Beta:
		return tr.F("For the parent %s ≤ α %s: no better than a move already found.", v, alpha)
	}
	return tr.F("For the parent %s > α %s: its best move so far.", v, alpha)
}

// detail returns the description of node i at step: its path, window,
// value and its children, a line each.
func (m *model) detail(i, step int) string {
	if i < 0 || i >= len(m.nodes) {
		return tr.T("Select a node to see its path and children.")
	}
	n := m.nodes[i]
	lines := []string{
		tr.F("Path: %s", m.pathText(i)),
		tr.F("Node %d at ply %d, move %s.", i, n.Ply, m.moveName(i)),
	}
	if nullWindow(n) {
		lines = append(lines, tr.F("Window: %s, a null window.", formatWindow(n)))
	} else {
		lines = append(lines, tr.F("Window: %s.", formatWindow(n)))
	}
	switch {
	case i > step:
		lines = append(lines, tr.T("Value: not visited yet at this step."))
	case !m.done(i, step):
		lines = append(lines, tr.T("Value: still being searched at this step."))
	case n.Leaf:
		lines = append(lines, tr.F("Value: %s for the side to move here, the evaluation's score (a leaf).", formatValue(n.Value)))
	default:
		lines = append(lines, tr.F("Value: %s for the side to move here.", formatValue(n.Value)))
	}
	if n.Research {
		lines = append(lines, tr.T("Negascout searched it again with a wider window."))
	}
	if n.Cut {
		lines = append(lines, tr.N("A beta cut-off: its parent's other %d move is pruned.", n.Pruned, n.Pruned))
	}
	if m.onPV[i] {
		lines = append(lines, tr.T("On the principal variation."))
	}
	ks := m.kids[i][:visible(m.kids[i], step)]
	if len(ks) == 0 {
		return strings.Join(lines, "\n")
	}
	lines = append(lines, "", tr.F("Children searched by this step (%d):", len(ks)))
	for _, k := range ks {
		kn := m.nodes[k]
		val := "…"
		if m.done(k, step) {
			val = formatValue(kn.Value)
		}
		parts := []string{tr.F("%s: %s, window %s", m.moveName(k), val, formatWindow(kn))}
		if kn.Research {
			parts = append(parts, tr.T("↻ re-search"))
		}
		if kn.Cut && m.done(k, step) {
			parts = append(parts, tr.T("β cut-off"))
		}
		line := strings.Join(parts, " · ")
		if m.onPV[k] {
			line = "★ " + line
		}
		lines = append(lines, line)
	}
	if p := m.prunedAfter(i); p > 0 && m.done(ks[len(ks)-1], step) {
		lines = append(lines, tr.N("× %d move pruned by the beta cut-off", p, p))
	}
	return strings.Join(lines, "\n")
}

// summary returns the lines above the outline: the size of the tree and a
// key to its marks; unit names the values' unit ("" for none said).
func (m *model) summary(unit string) string {
	if len(m.nodes) == 0 {
		return tr.T("Search tree: empty.")
	}
	var parts []string
	if len(m.roots) > 1 {
		parts = append(parts, tr.F("Search tree: %d nodes in %d iterations.", len(m.nodes), len(m.roots)))
	} else {
		parts = append(parts, tr.N("Search tree: %d node.", len(m.nodes), len(m.nodes)))
	}
	if m.truncated {
		parts = append(parts, tr.T("The recording stopped at its limit; the search went on."))
	}
	if unit != "" {
		parts = append(parts, tr.F("Values are in %s, for the side to move at each node;", unit))
	} else {
		parts = append(parts, tr.T("Values are for the side to move at each node;"))
	}
	parts = append(parts, tr.T("★ bold: the principal variation; ↻ negascout re-search; × pruned moves."))
	return strings.Join(parts, " ")
}
