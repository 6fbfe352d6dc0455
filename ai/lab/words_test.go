package lab

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode"
)

// brackets is a Words that marks every text it words, to find the texts
// that do not go through Words.
type brackets struct{}

func (brackets) Text(format string, args ...any) string {
	return "«" + fmt.Sprintf(format, args...) + "»"
}
func (brackets) Plural(n int, one, other string, args ...any) string {
	return "«" + English{}.Plural(n, one, other, args...) + "»"
}
func (brackets) Decimal(x float64, prec int) string { return "«" + English{}.Decimal(x, prec) + "»" }

// TestWordsReachEveryText runs every experiment (quick) with a Words that
// marks what it words: every column, axis label, comparison, note and the
// title go through it, so that the app can show them in its language.
func TestWordsReachEveryText(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every experiment")
	}
	words := func(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }
	for _, e := range Experiments {
		tab, err := RunExperimentWith(context.Background(), e.Name, ExperimentOptions{Quick: true, Games: 1, Words: brackets{}}, nil)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		check := func(what, s string) {
			if words(s) && !strings.Contains(s, "«") {
				t.Errorf("%s: %s %q is not worded", e.Name, what, s)
			}
		}
		check("title", tab.Title)
		for _, c := range tab.Columns {
			check("column", c)
		}
		check("x label", tab.XLabel)
		check("y label", tab.YLabel)
		for _, n := range tab.Notes {
			check("note", n)
		}
		for _, c := range tab.Comparisons {
			check("what", c.What)
			check("ours", c.Ours)
			check("why", c.Why)
			if c.Paper != "minimax > SA > GA" { // the paper's ranking, in its bots' names
				check("paper", c.Paper)
			}
		}
		for _, s := range tab.Series {
			if !strings.Contains("minimax SA GA", s.Name) { // the paper's names of its bots
				check("series", s.Name)
			}
		}
		if in := e.In(brackets{}); !strings.HasPrefix(in.Title, "«") || !strings.HasPrefix(in.Description, "«") {
			t.Errorf("%s: In does not word the title and description", e.Name)
		}
	}
}
