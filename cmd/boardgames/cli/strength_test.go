package cli

import (
	"strings"
	"testing"
)

func TestStrengthBench(t *testing.T) {
	var got struct {
		Game     string   `json:"game"`
		Bot      string   `json:"bot"`
		Openings []string `json:"openings"`
		Refs     []struct {
			Ref     string  `json:"ref"`
			Score   float64 `json:"score"`
			Elo     float64 `json:"elo"`
			EloLow  float64 `json:"eloLow"`
			EloHigh float64 `json:"eloHigh"`
			Moves   int     `json:"moves"`
			Longest float64 `json:"longestMoveSeconds"`
		} `json:"refs"`
	}
	runJSON(t, &got, "bench", "-strength", "-game", "connect4", "-bot", "engine:depth=4", "-ref", "random;greedy",
		"-openings", "3", "-parallel", "1", "-json")
	if got.Game != "connect4" || got.Bot != "engine:depth=4" || len(got.Openings) != 3 || len(got.Refs) != 2 {
		t.Fatalf("%+v", got)
	}
	for _, r := range got.Refs {
		if r.Score < 0.5 || r.Moves == 0 || r.Longest <= 0 || r.EloLow > r.Elo || r.Elo > r.EloHigh {
			t.Errorf("against %s: %+v", r.Ref, r)
		}
	}
	// The same seed gives the same openings.
	var again struct {
		Openings []string `json:"openings"`
	}
	runJSON(t, &again, "bench", "-strength", "-game", "connect4", "-bot", "engine:depth=2", "-ref", "random",
		"-openings", "3", "-parallel", "1", "-json")
	if strings.Join(again.Openings, ";") != strings.Join(got.Openings, ";") {
		t.Errorf("openings %v, then %v", got.Openings, again.Openings)
	}
	code, out, _ := run(t, "bench", "-strength", "-game", "checkers", "-bot", "engine:depth=2", "-openings", "1", "-time", "50ms")
	if code != ExitOK || !strings.Contains(out, "engine-v1:time=50ms  2") || !strings.Contains(out, "longest move / budget") {
		t.Errorf("checkers against the reference: exit %d\n%s", code, out)
	}
}

func TestStrengthBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "-strength"}, "-game is required"},
		{[]string{"bench", "-strength", "-game", "checkers", "-ref", "nonsense"}, "unknown algorithm"},
		{[]string{"bench", "-strength", "-game", "checkers", "-ref", ";"}, "-ref names no bot"},
		{[]string{"bench", "-strength", "-game", "checkers", "-openings", "0"}, "-openings must be"},
		{[]string{"bench", "-strength", "-game", "checkers", "-time", "-1s"}, "-time must be positive"},
		{[]string{"bench", "-strength", "-game", "othello", "-bot", "perfect:empties=99"}, "empties"},
	} {
		code, _, errOut := run(t, c.args...)
		if code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}
