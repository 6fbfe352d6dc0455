package lab

import (
	"fmt"
	"html"
	"strings"
)

// Report is an experiment's result as a document for a reader: its title,
// what it does, whether it was cut short, our table, the paper's figures
// beside ours with their verdicts, the notes and the runtime, worded by
// the options' Words. Markdown and HTML write it.
type Report struct {
	Title, Description string
	Partial            string // why the table is incomplete, "" when it is whole
	Sections           []ReportSection
	Notes              []string
	Footer             string
}

// ReportSection is a titled table of a report.
type ReportSection struct {
	Title   string
	Columns []string
	Rows    [][]string
}

// Report lays the table out as a report in the words of opt.
func (t Table) Report(opt ExperimentOptions) Report {
	r := Report{Title: t.Title, Notes: t.Notes}
	for _, e := range Experiments {
		if e.Name == t.Name {
			r.Description = e.In(opt.Words).Description
		}
	}
	if t.Partial {
		r.Partial = opt.sayN(len(t.Rows), "partial: the run was cancelled; %d row finished",
			"partial: the run was cancelled; %d rows finished", len(t.Rows))
	}
	r.Sections = append(r.Sections, ReportSection{Title: opt.say("Our results"), Columns: t.Columns, Rows: t.Rows})
	if len(t.Comparisons) > 0 {
		s := ReportSection{Title: opt.say("The paper's figures beside ours (paper %s)", t.Paper),
			Columns: []string{opt.say("what"), opt.say("paper %s", t.Paper), opt.say("ours"), opt.say("verdict"), opt.say("why")}}
		for _, c := range t.Comparisons {
			s.Rows = append(s.Rows, []string{c.What, c.Paper, c.Ours, Verdict(opt.Words, c), c.Why})
		}
		r.Sections = append(r.Sections, s)
	}
	r.Footer = opt.say("runtime: %s s", opt.f1(t.Seconds))
	return r
}

// Markdown writes the report as Markdown, its tables as pipe tables.
func (r Report) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", mdText(r.Title))
	if r.Description != "" {
		fmt.Fprintf(&b, "%s\n\n", mdText(r.Description))
	}
	if r.Partial != "" {
		fmt.Fprintf(&b, "**%s**\n\n", mdText(r.Partial))
	}
	for _, s := range r.Sections {
		fmt.Fprintf(&b, "## %s\n\n", mdText(s.Title))
		b.WriteString(mdRow(s.Columns))
		b.WriteString("|" + strings.Repeat(" --- |", len(s.Columns)) + "\n")
		for _, row := range s.Rows {
			b.WriteString(mdRow(row))
		}
		b.WriteString("\n")
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "- %s\n", mdText(n))
	}
	if len(r.Notes) > 0 {
		b.WriteString("\n")
	}
	if r.Footer != "" {
		fmt.Fprintf(&b, "%s\n", mdText(r.Footer))
	}
	return b.String()
}

// mdRow writes cells as one row of a pipe table.
func mdRow(cells []string) string {
	var b strings.Builder
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" " + strings.ReplaceAll(mdText(c), "|", "\\|") + " |")
	}
	b.WriteString("\n")
	return b.String()
}

// mdText keeps a text on one line and its Markdown characters literal.
func mdText(s string) string {
	s = strings.NewReplacer("\r", " ", "\n", " ", "*", "\\*", "_", "\\_", "<", "&lt;", ">", "&gt;").Replace(s)
	return s
}

// HTML writes the report as a page of its own, whose tables wrap their
// cells (nothing is cut) at any zoom.
func (r Report) HTML(lang string) string {
	var b strings.Builder
	e := html.EscapeString
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n", e(lang), e(r.Title))
	b.WriteString("<style>body{font-family:sans-serif;max-width:80em;margin:1em auto;padding:0 1em;line-height:1.4}" +
		"table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #999;padding:.3em .5em;vertical-align:top;" +
		"text-align:left;overflow-wrap:anywhere}th{background:#eee}.partial{color:#a40}</style>\n</head>\n<body>\n")
	fmt.Fprintf(&b, "<h1>%s</h1>\n", e(r.Title))
	if r.Description != "" {
		fmt.Fprintf(&b, "<p>%s</p>\n", e(r.Description))
	}
	if r.Partial != "" {
		fmt.Fprintf(&b, "<p class=\"partial\"><strong>%s</strong></p>\n", e(r.Partial))
	}
	for _, s := range r.Sections {
		fmt.Fprintf(&b, "<h2>%s</h2>\n<table>\n<thead><tr>", e(s.Title))
		for _, c := range s.Columns {
			fmt.Fprintf(&b, "<th>%s</th>", e(c))
		}
		b.WriteString("</tr></thead>\n<tbody>\n")
		for _, row := range s.Rows {
			b.WriteString("<tr>")
			for _, c := range row {
				fmt.Fprintf(&b, "<td>%s</td>", e(c))
			}
			b.WriteString("</tr>\n")
		}
		b.WriteString("</tbody>\n</table>\n")
	}
	if len(r.Notes) > 0 {
		b.WriteString("<ul>\n")
		for _, n := range r.Notes {
			fmt.Fprintf(&b, "<li>%s</li>\n", e(n))
		}
		b.WriteString("</ul>\n")
	}
	if r.Footer != "" {
		fmt.Fprintf(&b, "<p>%s</p>\n", e(r.Footer))
	}
	b.WriteString("</body>\n</html>\n")
	return b.String()
}
