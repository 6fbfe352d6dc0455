package textbook

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// Parse reads a tree from its text form, nested lists of leaf values:
//
//	[[3, 12, 8], [2, 4, 6], [14, 5, 2]]
//
// is the root (MAX) with three MIN children of three leaves each. The
// levels alternate: a list is the opposite player of the nearest list
// above it, the root MAX; "min[...]" or "max[...]" says it outright.
// Braces make a chance node, its children with their probabilities, or
// equally likely when none are given:
//
//	[{0.5: 3, 0.5: 12}, {1/4: 2, 3/4: [4, 6]}]
//
// Commas or spaces separate the children; values are integers or
// decimals. A tree has at most MaxNodes nodes, 2 or more of them.
func Parse(spec string) (*Tree, error) {
	p := &parser{s: []rune(spec)}
	t := &Tree{}
	p.skip()
	if p.eof() {
		return nil, fmt.Errorf("textbook: the tree is empty: write nested lists of leaf values, like [[3,12,8],[2,4,6],[14,5,2]]")
	}
	if err := p.node(t, -1, Min, 0); err != nil {
		return nil, err
	}
	p.skip()
	if !p.eof() {
		return nil, p.errorf("unexpected %q after the tree", string(p.s[p.i]))
	}
	if len(t.Nodes) < 2 {
		return nil, fmt.Errorf("textbook: a tree needs a root with children, like [3, 5]")
	}
	if err := t.check(); err != nil {
		return nil, err
	}
	t.nameInner()
	return t, nil
}

// MustParse is Parse for trees known to be right (tests, examples); it
// panics on an error.
func MustParse(spec string) *Tree {
	t, err := Parse(spec)
	if err != nil {
		panic(err)
	}
	return t
}

type parser struct {
	s []rune
	i int
}

func (p *parser) eof() bool { return p.i >= len(p.s) }

func (p *parser) skip() {
	for !p.eof() && (unicode.IsSpace(p.s[p.i]) || p.s[p.i] == ',') {
		p.i++
	}
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("textbook: at character %d of the tree: %s", p.i+1, fmt.Sprintf(format, args...))
}

// node reads one node under parent; last is the kind of the nearest
// decision node above it (Min above the root, which is MAX by default).
func (p *parser) node(t *Tree, parent int, last Kind, prob float64) error {
	if len(t.Nodes) >= MaxNodes {
		return fmt.Errorf("textbook: the tree has more than %d nodes", MaxNodes)
	}
	p.skip()
	if p.eof() {
		return p.errorf("the tree ends too soon: a ']' or '}' is missing")
	}
	kind := Max
	if last == Max {
		kind = Min
	}
	if p.word("max") {
		kind = Max
	} else if p.word("min") {
		kind = Min
	}
	switch c := p.s[p.i]; {
	case c == '[':
		p.i++
		me := t.add(parent, Node{Kind: kind, Prob: prob})
		return p.children(t, me, ']', func() error { return p.node(t, me, kind, 0) })
	case c == '{':
		p.i++
		me := t.add(parent, Node{Kind: Chance, Prob: prob})
		var probs []float64
		given := 0
		err := p.children(t, me, '}', func() error {
			q, ok, err := p.prob()
			if err != nil {
				return err
			}
			if ok {
				given++
			}
			probs = append(probs, q)
			return p.node(t, me, last, q)
		})
		if err != nil {
			return err
		}
		return setProbs(t, me, probs, given)
	case c == ']' || c == '}':
		return p.errorf("unexpected %q", string(c))
	}
	v, err := p.number()
	if err != nil {
		return err
	}
	t.add(parent, Node{Kind: Leaf, Value: v, Label: FormatValue(v), Prob: prob})
	return nil
}

// children reads the children of node me up to the closing rune.
func (p *parser) children(t *Tree, me int, closing rune, child func() error) error {
	for {
		p.skip()
		if p.eof() {
			return p.errorf("the tree ends too soon: a %q is missing", string(closing))
		}
		if p.s[p.i] == closing {
			p.i++
			if len(t.Nodes[me].Children) == 0 {
				return p.errorf("a node has no children")
			}
			return nil
		}
		if err := child(); err != nil {
			return err
		}
	}
}

// word reads the keyword w (any case) if it stands before a '[' .
func (p *parser) word(w string) bool {
	n := len(w)
	if p.i+n > len(p.s) || !strings.EqualFold(string(p.s[p.i:p.i+n]), w) {
		return false
	}
	j := p.i + n
	for j < len(p.s) && unicode.IsSpace(p.s[j]) {
		j++
	}
	if j < len(p.s) && p.s[j] == '[' {
		p.i = j
		return true
	}
	return false
}

// token reads a run of characters that may make a number.
func (p *parser) token() string {
	start := p.i
	for !p.eof() {
		c := p.s[p.i]
		if unicode.IsDigit(c) || strings.ContainsRune("+-−./eE", c) {
			p.i++
			continue
		}
		break
	}
	return strings.ReplaceAll(string(p.s[start:p.i]), "−", "-")
}

func (p *parser) number() (float64, error) {
	at := p.i
	tok := p.token()
	if tok == "" {
		return 0, p.errorf("%q is not a leaf value (a number) nor '[' or '{'", string(p.s[p.i]))
	}
	v, err := strconv.ParseFloat(tok, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) || math.Abs(v) > 1e9 {
		p.i = at
		return 0, p.errorf("%q is not a leaf value", tok)
	}
	return v, nil
}

// prob reads "p:" before a chance node's child, if it is there: a
// decimal or a fraction "1/3".
func (p *parser) prob() (float64, bool, error) {
	p.skip()
	j := p.i
	for j < len(p.s) && p.s[j] != ':' && p.s[j] != ',' && p.s[j] != '[' && p.s[j] != '{' && p.s[j] != '}' && !unicode.IsSpace(p.s[j]) {
		j++
	}
	for k := j; k < len(p.s) && unicode.IsSpace(p.s[k]); k++ {
		j = k + 1
	}
	if j >= len(p.s) || p.s[j] != ':' {
		return 0, false, nil
	}
	text := strings.TrimSpace(string(p.s[p.i:j]))
	at := p.i
	p.i = j + 1
	var q float64
	num, den, frac := strings.Cut(text, "/")
	a, err1 := strconv.ParseFloat(num, 64)
	q = a
	if frac {
		b, err2 := strconv.ParseFloat(den, 64)
		if err2 != nil || b == 0 {
			err1 = fmt.Errorf("bad fraction")
		}
		q = a / b
	}
	if err1 != nil || !(q > 0 && q <= 1) {
		p.i = at
		return 0, false, p.errorf("%q is not a probability (a number in (0, 1], or a fraction like 1/3)", text)
	}
	return q, true, nil
}

// setProbs gives chance node me's children their probabilities: the ones
// given (which must add up to 1) or equal ones.
func setProbs(t *Tree, me int, probs []float64, given int) error {
	kids := t.Nodes[me].Children
	switch given {
	case 0:
		for _, k := range kids {
			t.Nodes[k].Prob = 1 / float64(len(kids))
		}
		return nil
	case len(kids):
		sum := 0.0
		for _, q := range probs {
			sum += q
		}
		if math.Abs(sum-1) > 1e-6 {
			return fmt.Errorf("textbook: the probabilities of a chance node add up to %s, not 1", FormatValue(sum))
		}
		return nil
	}
	return fmt.Errorf("textbook: a chance node gives probabilities to %d of its %d children: give all or none", given, len(kids))
}

// Format writes t in the form Parse reads: the same tree comes back.
func Format(t *Tree) string {
	if t == nil || len(t.Nodes) == 0 {
		return ""
	}
	var b strings.Builder
	var write func(i int, last Kind)
	write = func(i int, last Kind) {
		n := t.Nodes[i]
		switch n.Kind {
		case Leaf:
			b.WriteString(FormatValue(n.Value))
			return
		case Chance:
			uniform := true
			for _, k := range n.Children {
				uniform = uniform && math.Abs(t.Nodes[k].Prob-1/float64(len(n.Children))) < 1e-9
			}
			b.WriteByte('{')
			for j, k := range n.Children {
				if j > 0 {
					b.WriteString(", ")
				}
				if !uniform {
					b.WriteString(strconv.FormatFloat(t.Nodes[k].Prob, 'g', -1, 64) + ": ")
				}
				write(k, last)
			}
			b.WriteByte('}')
			return
		}
		want := Max
		if last == Max {
			want = Min
		}
		if n.Kind != want {
			b.WriteString(strings.ToLower(n.Kind.String()))
		}
		b.WriteByte('[')
		for j, k := range n.Children {
			if j > 0 {
				b.WriteString(", ")
			}
			write(k, n.Kind)
		}
		b.WriteByte(']')
	}
	write(0, Min)
	return b.String()
}
