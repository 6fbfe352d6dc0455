package treeplot

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"boardgames/ai/textbook"
)

// StepText says in one sentence what step k of the replay does, in
// English, from MAX's view: "Enter C (MIN) with the window [3, +∞].",
// "C returns 2. α-cutoff: 2 ≤ α = 3: 4, 6 pruned." (A handout's caption;
// the inspector says more, in the user's language.)
func StepText(tr *textbook.Trace, events []textbook.Event, k int, format func(float64) string) string {
	if format == nil {
		format = textbook.FormatValue
	}
	if events == nil {
		events = tr.Events(false)
	}
	if k < 0 || k >= len(events) {
		return ""
	}
	e := events[k]
	x := tr.Visits[e.Visit]
	n := tr.Tree.Nodes[x.Node]
	name := n.Label
	if name == "" {
		name = "the root"
	}
	head := fmt.Sprintf("Step %d of %d: ", k+1, len(events))
	switch e.Kind {
	case textbook.Enter:
		s := head + "enter " + name + " (" + n.Kind.String() + ")"
		if x.Parent < 0 {
			s = head + "the search starts at the root (" + n.Kind.String() + ")"
		}
		if tr.Windows {
			s += " with the window [" + format(x.Alpha) + ", " + format(x.Beta) + "]"
		}
		return s + "."
	case textbook.Ask:
		return head + "what does " + name + " return? Predict, then step on."
	}
	s := head + name + " returns " + format(x.Value) + "."
	if c := CutText(tr, e.Visit, false, format); c != "" {
		s += " " + c + ": "
		if len(x.Pruned) > 0 {
			for j, p := range x.Pruned {
				if j > 0 {
					s += ", "
				}
				s += tr.Tree.Nodes[p].Label
			}
		} else {
			s += fmt.Sprint(x.PrunedCount)
		}
		s += " pruned."
	}
	return s
}

// Handout writes a numbered handout, one page per step: an HTML
// document with each step's picture as inline SVG under its caption,
// which a browser prints one step to a page.
func Handout(w io.Writer, title string, pics []*Picture, captions []string) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n", escape(title))
	fmt.Fprint(b, "<style>\nbody { font-family: "+fontFamily+"; margin: 0; }\n"+
		"section { page-break-after: always; break-after: page; padding: 1.5em; }\n"+
		"section:last-child { page-break-after: auto; break-after: auto; }\n"+
		"h1 { font-size: 1.3em; margin: 0 0 .3em; }\np { font-size: 1.15em; margin: 0 0 1em; }\n"+
		"svg { max-width: 100%; height: auto; }\n</style>\n</head>\n<body>\n")
	for k, p := range pics {
		fmt.Fprintf(b, "<section id=\"step-%d\">\n<h1>%s — %d/%d</h1>\n", k+1, escape(title), k+1, len(pics))
		if k < len(captions) {
			fmt.Fprintf(b, "<p>%s</p>\n", escape(captions[k]))
		}
		var svg bytes.Buffer
		if err := p.SVG(&svg); err != nil {
			return err
		}
		// Inline: without the XML declaration.
		body := svg.Bytes()
		if i := bytes.Index(body, []byte("<svg")); i > 0 {
			body = body[i:]
		}
		b.Write(body)
		fmt.Fprint(b, "</section>\n")
	}
	fmt.Fprint(b, "</body>\n</html>\n")
	return b.Flush()
}
