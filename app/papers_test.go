package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"boardgames/ai/bots"
	"boardgames/app/internal/apptest"
	"boardgames/rules"
)

// The papers' bots are one click away: presets of their own game's seats,
// with a line saying which paper and which settings.
func TestPaperPresets(t *testing.T) {
	f := newFixture(t, "adjacency", "human", "bot", apptest.FirstMove)
	s := f.u.seats[1]
	for _, want := range []string{"Paper 002: minimax", "Paper 002: simulated annealing", "Paper 002: genetic algorithm",
		"Paper 002: genetic algorithm as the text intends"} {
		if !strings.Contains(strings.Join(s.level.Options, "|"), want) {
			t.Fatalf("Adjacency presets %q lack %q", s.level.Options, want)
		}
	}
	if strings.Contains(strings.Join(s.level.Options, "|"), "Paper 000") {
		t.Errorf("Othello's paper bot offered in Adjacency: %q", s.level.Options)
	}
	s.level.SetSelected("Paper 002: simulated annealing")
	seat := f.u.Controller().Seat(rules.White)
	if !seat.Bot || seat.Spec.Algo != "paper002-annealing" {
		t.Fatalf("White's seat %+v after choosing the preset", seat)
	}
	if !strings.Contains(s.help.Text, "Paper 002 as its authors ran it") || !s.help.Visible() {
		t.Errorf("help %q", s.help.Text)
	}
	// Only the seed is open: the paper fixes everything else.
	for _, p := range s.params {
		if p.widget.Visible() != (p.key == bots.KeySeed) {
			t.Errorf("%s shown %v for the paper's annealing", p.key, p.widget.Visible())
		}
	}
	// The GA as its authors ran it and as its text intends, each saying
	// which it is.
	s.level.SetSelected("Paper 002: genetic algorithm")
	if !strings.Contains(s.help.Text, "as its authors ran it") || !strings.Contains(s.help.Text, "a random move") {
		t.Errorf("the GA as run: help %q", s.help.Text)
	}
	s.level.SetSelected("Paper 002: genetic algorithm as the text intends")
	if !strings.Contains(s.help.Text, "as its text intends, not as its authors ran it") ||
		f.u.Controller().Seat(rules.White).Spec.Algo != "paper002-genetic-intended" {
		t.Errorf("the GA as intended: help %q, seat %v", s.help.Text, f.u.Controller().Seat(rules.White).Spec)
	}
	s.level.SetSelected("Paper 002: simulated annealing")
	// The preset is remembered as such.
	if _, level := f.u.prefs.seat(f.u.Controller().Game(), rules.White); level != "paper002-annealing" {
		t.Errorf("remembered level %q", level)
	}
	s.param(bots.KeySeed).set("7")
	if s.levelName() != Custom || f.u.Controller().Seat(rules.White).Spec.String() != "paper002-annealing:seed=7" {
		t.Errorf("after a seed: level %q, seat %v", s.levelName(), f.u.Controller().Seat(rules.White).Spec)
	}
}

// The checkers evaluation built on paper 001's factors says its weights
// are ours.
func TestFactorsEvaluationSaysItsWeightsAreOurs(t *testing.T) {
	f := newFixture(t, "checkers", "human", "bot", apptest.FirstMove)
	opts := strings.Join(f.u.seats[1].eval.Options, "|")
	if !strings.Contains(opts, "weights ours: the paper gives none") {
		t.Errorf("checkers evaluations %q", opts)
	}
}

// Othello's game settings offer paper 000's rule; with it a side that
// cannot move ends the game.
func TestNoPassSetting(t *testing.T) {
	f := newFixture(t, "othello", "human", "human", apptest.FirstMove)
	var check *widget.Check
	for _, o := range test.LaidOutObjects(f.u.gameBox) {
		if c, ok := o.(*widget.Check); ok && strings.Contains(c.Text, "No passing") {
			check = c
		}
	}
	if check == nil {
		t.Fatal("no passing setting in Othello's settings")
	}
	test.Tap(check)
	if !f.u.Controller().Settings().NoPass || !f.u.prefs.settings(f.u.Controller().Game()).NoPass {
		t.Fatalf("settings %+v after ticking no passing", f.u.Controller().Settings())
	}
	if !f.u.Controller().Record().Position().Native().(interface{ NoPass() bool }).NoPass() {
		t.Error("the new game does not follow the rule")
	}
}
