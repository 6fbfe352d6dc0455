package match

import (
	"slices"
	"strings"
	"testing"

	"boardgames/app/internal/apptest"
	"boardgames/rules"
)

// cell returns the index of a square name such as "c4" on an 8x8 board.
func cell(t *testing.T, name string) int {
	t.Helper()
	i, ok := rules.ParseSquare(name)
	if !ok {
		t.Fatalf("bad square %q", name)
	}
	return i
}

// pdnCell returns the cell of checkers square n.
func pdnCell(n int) int {
	for c := 0; c < 64; c++ {
		if PDN(c) == n {
			return c
		}
	}
	return -1
}

func TestInputOthello(t *testing.T) {
	pos := apptest.Start(t, "othello")
	var in Input
	starts, _ := in.Targets(pos, pos.Legal())
	if len(starts) != 4 {
		t.Fatalf("legal cells %v", starts)
	}
	click := in.Click(pos, pos.Legal(), cell(t, "f5"))
	if !click.Done || pos.MoveString(click.Move) != "f5" {
		t.Fatalf("click f5: %+v", click)
	}
	click = in.Click(pos, pos.Legal(), cell(t, "a1"))
	if click.Done || click.Message == "" {
		t.Fatalf("click a1: %+v", click)
	}
	if strings.HasPrefix(click.Message, "othello:") {
		t.Errorf("message keeps the package prefix: %q", click.Message)
	}
	click = in.Click(pos, nil, cell(t, "f5"))
	if click.Done || !strings.Contains(click.Message, "over") {
		t.Fatalf("click after the end: %+v", click)
	}
}

func TestInputConnect4(t *testing.T) {
	pos := apptest.Start(t, "connect4")
	var in Input
	for _, row := range []int{0, 3, 5} {
		click := in.Click(pos, pos.Legal(), row*7+3)
		if !click.Done || pos.MoveString(click.Move) != "4" {
			t.Fatalf("click row %d col 4: %+v", row, click)
		}
	}
	full := apptest.Parse(t, "connect4", "---X---/---O---/---X---/---O---/---X---/---O---")
	click := in.Click(full, full.Legal(), 3)
	if click.Done || !strings.Contains(click.Message, "full") {
		t.Fatalf("full column: %+v", click)
	}
}

func TestInputCheckers(t *testing.T) {
	pos := apptest.Start(t, "checkers")
	var in Input
	// 11-15: select 11, then 15.
	if c := in.Click(pos, pos.Legal(), pdnCell(11)); c.Done || c.Message != "" {
		t.Fatalf("select 11: %+v", c)
	}
	_, next := in.Targets(pos, pos.Legal())
	if len(next) != 2 {
		t.Fatalf("targets of 11: %v", next)
	}
	c := in.Click(pos, pos.Legal(), pdnCell(15))
	if !c.Done || pos.MoveString(c.Move) != "11-15" {
		t.Fatalf("11-15: %+v", c)
	}
	// A piece that cannot move, a light square, an empty square.
	for _, click := range []int{pdnCell(1), 0, pdnCell(18)} {
		if c := in.Click(pos, pos.Legal(), click); c.Done || c.Message == "" {
			t.Fatalf("click %d: %+v", click, c)
		}
	}

	// Black must capture 15x22 (a white man on 18): a quiet move says so.
	cap := apptest.Parse(t, "checkers", "B:W18,30:B15,1")
	in.Reset()
	if c := in.Click(cap, cap.Legal(), pdnCell(1)); c.Done || !strings.Contains(c.Message, "must capture") {
		t.Fatalf("quiet piece: %+v", c)
	}
	in.Click(cap, cap.Legal(), pdnCell(15))
	if c := in.Click(cap, cap.Legal(), pdnCell(19)); c.Done || !strings.Contains(strings.ToLower(c.Message), "capture") {
		t.Fatalf("quiet move: %+v", c)
	}
	if c := in.Click(cap, cap.Legal(), pdnCell(22)); !c.Done || cap.MoveString(c.Move) != "15x22" {
		t.Fatalf("15x22: %+v", c)
	}

	// A double jump entered landing by landing: 1x10x19 over 6 and 15.
	dbl := apptest.Parse(t, "checkers", "B:W6,15,32:B1")
	in.Reset()
	in.Click(dbl, dbl.Legal(), pdnCell(1))
	if c := in.Click(dbl, dbl.Legal(), pdnCell(10)); c.Done {
		t.Fatalf("the double jump ended after one landing: %+v", c)
	}
	if p := in.Path(); len(p) != 2 {
		t.Fatalf("path %v", p)
	}
	c = in.Click(dbl, dbl.Legal(), pdnCell(19))
	if !c.Done || dbl.MoveString(c.Move) != "1x10x19" {
		t.Fatalf("1x10x19: %+v (%v)", c, dbl.Legal())
	}
}

func TestChangedAndWinningLine(t *testing.T) {
	before := []string{"-XO", "---"}
	after := []string{"-XX", "X--"}
	if got := Changed(before, after, []int{3}); len(got) != 1 || got[0] != 2 {
		t.Fatalf("changed %v", got)
	}
	rows := []string{
		"-------",
		"-------",
		"---X---",
		"--XO---",
		"-XOO---",
		"XOOO-X-",
	}
	win := WinningLine(rows)
	if len(win) != 4 || !slices.Contains(win, 5*7) || !slices.Contains(win, 2*7+3) {
		t.Fatalf("winning line %v", win)
	}
	if WinningLine([]string{"XXX-", "OOO-"}) != nil {
		t.Fatal("three is not four")
	}
	if b, w := Counts(rows); b != 5 || w != 6 {
		t.Fatalf("counts %d %d", b, w)
	}
}
