package rules

import (
	"strings"
	"testing"
)

func TestParseResult(t *testing.T) {
	for _, r := range []Result{Ongoing, BlackWins, WhiteWins, Draw} {
		for _, s := range []string{r.String(), strings.ToUpper(r.String()), strings.ToTitle(r.String()[:1]) + r.String()[1:]} {
			if got, ok := ParseResult(s); !ok || got != r {
				t.Errorf("ParseResult(%q) = %v, %v; want %v, true", s, got, ok, r)
			}
		}
	}
	for _, tc := range []struct {
		in   string
		want Result
		ok   bool
	}{
		{"Black Wins", BlackWins, true},
		{"wHITE wINS", WhiteWins, true},
		{"DRAW", Draw, true},
		{"OnGoing", Ongoing, true},
		{"", Ongoing, false},
		{"black", Ongoing, false},
		{"black  wins", Ongoing, false},
		{" draw", Ongoing, false},
		{"draw ", Ongoing, false},
		{"1-0", Ongoing, false},
		{"B+", Ongoing, false},
		{"blackwins", Ongoing, false},
		{"white wins!", Ongoing, false},
	} {
		if got, ok := ParseResult(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("ParseResult(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
