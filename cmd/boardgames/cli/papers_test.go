package cli

import (
	"strings"
	"testing"
)

// Paper 000's rule: with -nopass the game ends when the side to move
// cannot move; without it that side passes.
func TestNoPassSetting(t *testing.T) {
	// Black (X) to move has no move: its only disc c1 lies along the edge
	// after White's a1 and b1; White could play d1.
	stuck := "OOX" + strings.Repeat("-", 61) + " X"
	var s struct {
		Over   bool     `json:"over"`
		Legal  []string `json:"legal"`
		Result string   `json:"result"`
	}
	runJSON(t, &s, "show", "-game", "othello", "-position", stuck, "-json")
	if s.Over || len(s.Legal) != 1 || s.Legal[0] != "pass" {
		t.Errorf("standard rules: %+v, want a forced pass", s)
	}
	runJSON(t, &s, "show", "-game", "othello", "-position", stuck, "-nopass", "-json")
	if !s.Over || len(s.Legal) != 0 || s.Result != "White wins" {
		t.Errorf("-nopass: %+v, want the game over, White winning", s)
	}
	expectBadInput(t, "show", "-game", "connect4", "-nopass")
	expectBadInput(t, "show", "-game", "othello", "-nopass", "-moves", "f5 pass")
}

// The papers' bots play wherever a bot is named, on their own game only.
func TestPaperBotsOnTheCommandLine(t *testing.T) {
	var a struct {
		Algo  string `json:"algo"`
		Move  string `json:"move"`
		Depth int    `json:"depth"`
	}
	runJSON(t, &a, "analyze", "-game", "othello", "-nopass", "-first", "O", "-algo", "paper000", "-json")
	if a.Algo != "paper000" || a.Depth != 4 || a.Move == "" {
		t.Errorf("analyze paper000: %+v", a)
	}
	runJSON(t, &a, "analyze", "-game", "othello", "-moves", "f5", "-algo", "paper004-alphabeta", "-depth", "3", "-json")
	if a.Depth != 3 {
		t.Errorf("paper004-alphabeta depth 3: %+v", a)
	}
	code, out, _ := run(t, "arena", "-game", "adjacency", "-rounds", "4", "-p1", "paper002-annealing:seed=1",
		"-p2", "paper002-genetic", "-games", "2")
	if code != ExitOK || !strings.Contains(out, "paper002-annealing") {
		t.Errorf("arena of paper 002's bots: exit %d\n%s", code, out)
	}
	expectBadInput(t, "analyze", "-game", "checkers", "-algo", "paper003")
	expectBadInput(t, "analyze", "-game", "othello", "-algo", "paper000", "-depth", "6")
}
