package inspector

import (
	"strconv"
	"strings"

	"boardgames/ai/textbook"
	"boardgames/app/internal/tr"
)

// model is the inspector's view of a recorded search (a textbook.Trace),
// without Fyne: the steps of its replay, the indexes it needs to show any
// step quickly, and the texts it shows. A step is one event: a node
// entered, asked about (predict first) or returned.
type model struct {
	tr       *textbook.Trace
	events   []textbook.Event
	predict  bool
	negamax  bool                 // values from the side to move's view
	format   func(float64) string // writes a value in its unit
	kids     [][]int              // each visit's child visits
	kidIDs   [][]string           // their outline IDs, then the pruned marker's
	enterAt  []int                // the step that enters each visit
	returnAt []int                // the step that returns it
	entered  []int                // entered[s]: the last visit entered by step s
	onPV     []bool
	roots    []int
	rootIDs  []string
}

// newModel indexes tr (nil: an empty model); predict inserts a step that
// asks for each inner node's value before it is shown.
func newModel(t *textbook.Trace, predict, negamax bool, format func(float64) string) *model {
	if format == nil {
		format = textbook.FormatValue
	}
	m := &model{tr: t, predict: predict, negamax: negamax, format: format}
	if t == nil {
		m.tr = &textbook.Trace{Tree: &textbook.Tree{}}
		return m
	}
	n := len(t.Visits)
	m.kids = t.Children()
	m.kidIDs = make([][]string, n)
	m.onPV = make([]bool, n)
	for _, v := range t.PV {
		m.onPV[v] = true
	}
	for v, x := range t.Visits {
		if x.Parent < 0 {
			m.roots = append(m.roots, v)
			m.rootIDs = append(m.rootIDs, strconv.Itoa(v))
		}
		for _, k := range m.kids[v] {
			m.kidIDs[v] = append(m.kidIDs[v], strconv.Itoa(k))
		}
		if c := m.cutChild(v); c >= 0 {
			m.kidIDs[v] = append(m.kidIDs[v], prunedID(c))
		}
	}
	m.setEvents()
	return m
}

// setEvents makes the steps and their indexes.
func (m *model) setEvents() {
	t := m.tr
	m.events = t.Events(m.predict)
	m.enterAt = make([]int, len(t.Visits))
	m.returnAt = make([]int, len(t.Visits))
	m.entered = make([]int, len(m.events))
	last := -1
	for s, e := range m.events {
		switch e.Kind {
		case textbook.Enter:
			m.enterAt[e.Visit] = s
			last = max(last, e.Visit)
		case textbook.Return:
			m.returnAt[e.Visit] = s
		}
		m.entered[s] = last
	}
}

// cutChild returns the child visit of v whose cut-off pruned v's other
// children, -1 for none.
func (m *model) cutChild(v int) int {
	ks := m.kids[v]
	if len(ks) == 0 || !m.tr.Visits[ks[len(ks)-1]].Cut {
		return -1
	}
	return ks[len(ks)-1]
}

// steps is the number of steps.
func (m *model) steps() int { return len(m.events) }

// visible returns how many of the ascending visits ks are entered by step.
func (m *model) visible(ks []int, step int) int {
	if step < 0 || len(m.entered) == 0 {
		return 0
	}
	last := m.entered[min(step, len(m.entered)-1)]
	n := 0
	for n < len(ks) && ks[n] <= last {
		n++
	}
	return n
}

// done reports whether visit v has returned its value by step.
func (m *model) done(v, step int) bool { return m.returnAt[v] <= step }

// stepVisit returns the visit of step s, -1 for none.
func (m *model) stepVisit(s int) int {
	if s < 0 || s >= len(m.events) {
		return -1
	}
	return m.events[s].Visit
}

// prunedID is the outline ID of the marker for the children pruned by
// the cut-off of visit c.
func prunedID(c int) string { return "p" + strconv.Itoa(c) }

// parseID returns the visit an outline ID stands for and whether it is a
// pruned marker (then the visit is the child that caused the cut-off).
func parseID(id string) (visit int, pruned bool) {
	if strings.HasPrefix(id, "p") {
		pruned, id = true, id[1:]
	}
	i, err := strconv.Atoi(id)
	if err != nil {
		return -1, false
	}
	return i, pruned
}

// children returns the outline IDs of the children of id visible at
// step: those entered by then, and the pruned marker once the cut-off
// has happened.
func (m *model) children(id string, step int) []string {
	if id == "" {
		return m.rootIDs[:m.visible(m.roots, step)]
	}
	v, pruned := parseID(id)
	if pruned || v < 0 || v >= len(m.kids) {
		return nil
	}
	ks := m.kids[v]
	n := m.visible(ks, step)
	if n == len(ks) && len(m.kidIDs[v]) > len(ks) && m.done(ks[len(ks)-1], step) {
		n++
	}
	return m.kidIDs[v][:n]
}

// path returns the visits from the root down to v.
func (m *model) path(v int) []int {
	var p []int
	for v >= 0 && v < len(m.tr.Visits) {
		p = append(p, v)
		v = m.tr.Visits[v].Parent
	}
	for a, b := 0, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return p
}

// node returns visit v's node.
func (m *model) node(v int) textbook.Node { return m.tr.Tree.Nodes[m.tr.Visits[v].Node] }

// name returns the text of visit v's node: its letter or move, "root".
func (m *model) name(v int) string {
	n := m.node(v)
	switch {
	case n.Parent < 0 && n.Label == "":
		return tr.T("root")
	case n.Label != "":
		return n.Label
	}
	return tr.F("node %d", m.tr.Visits[v].Node)
}

// kindName names a kind as the level labels do.
func kindName(k textbook.Kind) string {
	switch k {
	case textbook.Max:
		return tr.T("MAX")
	case textbook.Min:
		return tr.T("MIN")
	case textbook.Chance:
		return tr.T("CHANCE")
	}
	return tr.T("leaf")
}

// value returns visit v's value in the view shown.
func (m *model) value(v int) float64 {
	if m.negamax && m.tr.Sign(v) != 0 {
		_, _, x := m.tr.Negamax(v)
		return x
	}
	return m.tr.Visits[v].Value
}

// window returns visit v's window in the view shown.
func (m *model) window(v int) (float64, float64) {
	if m.negamax && m.tr.Sign(v) != 0 {
		a, b, _ := m.tr.Negamax(v)
		return a, b
	}
	return m.tr.Visits[v].Alpha, m.tr.Visits[v].Beta
}

func (m *model) fmtValue(v int) string { return m.format(m.value(v)) }

func (m *model) fmtWindow(v int) string {
	a, b := m.window(v)
	return "[" + m.format(a) + ", " + m.format(b) + "]"
}

// row is what one line of the outline shows.
type row struct {
	move, info, note          string
	pv, current, open, pruned bool
	research, cut             bool
}

// rowFor returns the outline line of ID id at step.
func (m *model) rowFor(id string, step int) row {
	v, pruned := parseID(id)
	if v < 0 || v >= len(m.tr.Visits) {
		return row{move: "?"}
	}
	x := m.tr.Visits[v]
	if pruned {
		return row{pruned: true, move: m.prunedText(v), note: tr.F("cut-off after %s", m.name(v))}
	}
	n := m.node(v)
	r := row{move: m.name(v) + "  " + kindName(n.Kind), pv: m.onPV[v], current: m.stepVisit(step) == v,
		research: x.Research, cut: x.Cut}
	val := "…"
	switch {
	case m.done(v, step):
		val = m.fmtValue(v)
	case step < len(m.events) && step >= 0 && m.events[step].Kind == textbook.Ask && m.events[step].Visit == v:
		val = "?"
		r.open = true
	default:
		r.open = true
	}
	r.info = val
	if m.tr.Windows {
		r.info += "  " + m.fmtWindow(v)
	}
	var notes []string
	if x.Research {
		notes = append(notes, tr.T("↻ re-search"))
	} else if x.Null {
		notes = append(notes, tr.T("null window"))
	}
	if x.Cut && m.done(v, step) {
		notes = append(notes, tr.T("cut-off"))
	}
	if r.open && !r.current {
		notes = append(notes, tr.T("searching"))
	}
	r.note = strings.Join(notes, " · ")
	return r
}

// prunedText is the pruned marker of the cut-off by visit c: the
// pruned nodes' names, or their number.
func (m *model) prunedText(c int) string {
	x := m.tr.Visits[c]
	var names []string
	for _, p := range x.Pruned {
		names = append(names, m.tr.Tree.Nodes[p].Label)
	}
	if len(names) > 0 {
		return tr.F("× pruned: %s", strings.Join(names, ", "))
	}
	return tr.N("× %d move pruned", x.PrunedCount, x.PrunedCount)
}

// pathText returns "A → B → C" for visit v.
func (m *model) pathText(v int) string {
	var parts []string
	for _, p := range m.path(v) {
		parts = append(parts, m.name(p))
	}
	return strings.Join(parts, " → ")
}

// explain returns the sentences that explain step s.
func (m *model) explain(s int) string {
	if len(m.events) == 0 {
		return tr.T("No search tree yet.")
	}
	if s < 0 || s >= len(m.events) {
		return ""
	}
	e := m.events[s]
	v := e.Visit
	x := m.tr.Visits[v]
	n := m.node(v)
	head := tr.F("Step %d of %d:", s+1, len(m.events))
	var out []string
	switch e.Kind {
	case textbook.Enter:
		win := ""
		if m.tr.Windows {
			if x.Null {
				win = tr.F("with the null window %s", m.fmtWindow(v))
			} else {
				win = tr.F("with the window %s", m.fmtWindow(v))
			}
		}
		switch {
		case x.Parent < 0:
			out = append(out, head, tr.F("the search starts at the root (%s)", kindName(n.Kind)))
		case x.Research:
			out = append(out, head, tr.F("search %s (%s) again, as its null-window test failed high", m.pathText(v), kindName(n.Kind)))
		default:
			out = append(out, head, tr.F("enter %s (%s)", m.pathText(v), kindName(n.Kind)))
		}
		if win != "" {
			out[len(out)-1] += " " + win
		}
		out[len(out)-1] += "."
		if n.Kind == textbook.Leaf {
			out = append(out, tr.T("It is a leaf: its value comes next."))
		}
	case textbook.Ask:
		out = append(out, head, tr.F("%s has heard from its children. What does it return? Predict, then step on.", m.name(v)))
	case textbook.Return:
		val := m.fmtValue(v)
		switch n.Kind {
		case textbook.Leaf:
			if m.tr.Orig != nil {
				out = append(out, head, tr.F("%s returns %s, the evaluation of its position.", m.name(v), val))
			} else {
				out = append(out, head, tr.F("the leaf %s returns %s.", m.name(v), val))
			}
		default:
			out = append(out, head, tr.F("%s returns %s (%s).", m.name(v), val, m.how(v)))
		}
		if x.Parent >= 0 {
			if verdict := m.verdict(v); verdict != "" {
				out = append(out, verdict)
			}
		}
		if m.onPV[v] && m.done(v, s) && m.returnAt[0] == len(m.events)-1 {
			out = append(out, tr.T("It is on the principal variation."))
		}
	}
	return strings.Join(out, " ")
}

// how says how an inner node got its value.
func (m *model) how(v int) string {
	n := m.node(v)
	switch {
	case n.Kind == textbook.Chance:
		return tr.T("the average of its children, weighted by their chances")
	case m.negamax && m.tr.Sign(v) != 0:
		return tr.T("the largest of its children's values, negated")
	case n.Kind == textbook.Max:
		return tr.T("the largest of its children's values")
	}
	return tr.T("the smallest of its children's values")
}

// verdict explains what visit v's value does at its parent, with the
// parent's window on the child's entry, in the view shown.
func (m *model) verdict(v int) string {
	x := m.tr.Visits[v]
	p := x.Parent
	pk := m.node(p).Kind
	if pk == textbook.Chance {
		return tr.F("%s weighs it by its chance, %s.", m.name(p), textbook.FormatValue(m.node(v).Prob))
	}
	if !m.tr.Windows {
		return ""
	}
	// The parent's view of the child's value and window.
	val, a, b := x.Value, x.Alpha, x.Beta
	maxSide := pk == textbook.Max
	if m.negamax {
		if !maxSide {
			val, a, b = -val, -b, -a
		}
		maxSide = true
	}
	f := m.format
	pname := m.name(p)
	if maxSide {
		switch {
		case x.Cut:
			return tr.F("For %s, %s ≥ β %s: a cut-off. %s", pname, f(val), f(b), m.prunedText(v))
		case x.Null && val > a:
			return tr.F("For %s, %s > %s: the null-window test fails high: the move is better.", pname, f(val), f(a))
		case x.Null:
			return tr.F("For %s, %s ≤ %s: the null-window test shows the move is no better.", pname, f(val), f(a))
		case val > a:
			return tr.F("For %s, %s > α %s: its best so far, α becomes %s.", pname, f(val), f(a), f(val))
		}
		return tr.F("For %s, %s ≤ α %s: no better than what it has.", pname, f(val), f(a))
	}
	switch {
	case x.Cut:
		return tr.F("For %s, %s ≤ α %s: a cut-off. %s", pname, f(val), f(a), m.prunedText(v))
	case x.Null && val < b:
		return tr.F("For %s, %s < %s: the null-window test fails low: the move is better for MIN.", pname, f(val), f(b))
	case x.Null:
		return tr.F("For %s, %s ≥ %s: the null-window test shows the move is no better for MIN.", pname, f(val), f(b))
	case val < b:
		return tr.F("For %s, %s < β %s: its best so far, β becomes %s.", pname, f(val), f(b), f(val))
	}
	return tr.F("For %s, %s ≥ β %s: no better than what it has.", pname, f(val), f(b))
}

// valueAt returns visit v's value as step shows it: "…" while searched,
// "?" while the class predicts it.
func (m *model) valueAt(v, step int) string {
	switch {
	case m.done(v, step):
		return m.fmtValue(v)
	case m.stepVisit(step) == v && m.events[step].Kind == textbook.Ask:
		return "?"
	}
	return "…"
}

// detail describes visit v at step: its path, window, value and children.
func (m *model) detail(v, step int) string {
	if v < 0 || v >= len(m.tr.Visits) {
		return tr.T("Select a node to see its path and children.")
	}
	x := m.tr.Visits[v]
	n := m.node(v)
	lines := []string{
		tr.F("Path: %s", m.pathText(v)),
		tr.F("%s, %s, at ply %d.", m.name(v), kindName(n.Kind), n.Depth),
	}
	if m.tr.Windows {
		lines = append(lines, tr.F("Window on entry: %s.", m.fmtWindow(v)))
	}
	switch {
	case m.enterAt[v] > step:
		lines = append(lines, tr.T("Value: not reached yet at this step."))
	default:
		lines = append(lines, tr.F("Value: %s.", m.valueAt(v, step)))
	}
	if x.Research {
		lines = append(lines, tr.T("Negascout searched it again with a wider window."))
	}
	if m.onPV[v] {
		lines = append(lines, tr.T("On the principal variation."))
	}
	ks := m.kids[v][:m.visible(m.kids[v], step)]
	if len(ks) > 0 {
		lines = append(lines, "", tr.F("Children reached by this step (%d):", len(ks)))
		for _, k := range ks {
			line := m.name(k) + ": " + m.valueAt(k, step)
			if m.tr.Windows {
				line += "  " + m.fmtWindow(k)
			}
			if m.tr.Visits[k].Cut && m.done(k, step) {
				line += " · " + tr.T("cut-off")
			}
			if m.onPV[k] {
				line = "★ " + line
			}
			lines = append(lines, line)
		}
		if c := m.cutChild(v); c >= 0 && m.done(c, step) {
			lines = append(lines, m.prunedText(c))
		}
	}
	return strings.Join(lines, "\n")
}

// summary returns the line above the tree: its size, the view and unit,
// and the key to its marks.
func (m *model) summary(unit string) string {
	if len(m.tr.Visits) == 0 {
		return tr.T("Search tree: empty.")
	}
	parts := []string{tr.N("%d node visited", len(m.tr.Visits), len(m.tr.Visits)), tr.N("%d step", len(m.events), len(m.events))}
	if c := m.tr.Cutoffs(); c > 0 || m.tr.Windows {
		parts = append(parts, tr.N("%d cut-off", c, c))
	}
	var view string
	switch {
	case m.negamax && unit != "":
		view = tr.F("values in %s, for the side to move at each node (negamax)", unit)
	case m.negamax:
		view = tr.T("values for the side to move at each node (negamax)")
	case unit != "":
		view = tr.F("values in %s, for MAX, the root's player", unit)
	default:
		view = tr.T("values for MAX, the root's player")
	}
	return strings.Join(parts, " · ") + "; " + view + "."
}
