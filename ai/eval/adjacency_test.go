package eval

import (
	"math/bits"
	"strconv"
	"testing"

	"boardgames/rules"
	"boardgames/rules/adjacency"
)

// mustAdjacency parses an Adjacency position.
func mustAdjacency(t *testing.T, s string, o adjacency.Options) adjacency.Position {
	t.Helper()
	p, err := adjacency.Parse(s, o)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return p
}

// adjacencyPositions returns random positions under the default rules and
// under a round limit of 20 with O moving first, and the options of each.
func adjacencyPositions(seed uint64, n int) ([]adjacency.Position, []adjacency.Options) {
	var ps []adjacency.Position
	var os []adjacency.Options
	for _, o := range []adjacency.Options{{}, {Rounds: 20, First: rules.White}} {
		start, _ := adjacency.New(o)
		for _, p := range randomPositions(start, seed, n) {
			ps = append(ps, p)
			os = append(os, o)
		}
	}
	return ps, os
}

func TestBestCapture(t *testing.T) {
	ps, _ := adjacencyPositions(41, games(50, 10))
	for _, p := range ps {
		own, opp := adjacencySides(p)
		best := 0
		for sq := range 64 {
			best = max(best, bits.OnesCount64(adjacency.Captures(own, opp, sq)))
		}
		if got := bestCapture(opp, ^(own | opp)); got != best {
			t.Fatalf("%v: bestCapture %d, want %d", p, got, best)
		}
	}
	// Every count from 0 to 4, at the edge and inside.
	for _, tc := range []struct {
		board string
		want  int
	}{
		{rows("X-------", "--------", "--------", "--------", "--------", "--------", "--------", "--------"), 0},
		{rows("XO------", "--------", "--------", "--------", "--------", "--------", "--------", "--------"), 1},
		{rows("-O------", "O-------", "--------", "--------", "--------", "--------", "--------", "--------"), 2},
		{rows("-------O", "--------", "O-------", "--------", "--------", "--------", "--------", "--------"), 1}, // h1 and a2 are not neighbours
		{rows("--------", "---O----", "--O-O---", "--------", "--------", "--------", "--------", "--------"), 3},
		{rows("--------", "---O----", "--O-O---", "---O----", "--------", "--------", "--------", "--------"), 4},
	} {
		own, opp, _ := rules.ParseBoard("test", tc.board)
		if got := bestCapture(opp, ^(own | opp)); got != tc.want {
			t.Errorf("bestCapture(%s) = %d, want %d", tc.board, got, tc.want)
		}
	}
}

func TestAdjacencySymmetry(t *testing.T) {
	ps, os := adjacencyPositions(42, games(40, 8))
	for i, p := range ps {
		o := os[i]
		o.Rounds = p.Limit()
		black, white := p.Bitboards()
		rounds := " " + strconv.Itoa(p.RoundsPlayed())
		for k := 1; k < 8; k++ {
			q := mustAdjacency(t, rules.FormatBoard(transform(black, k), transform(white, k))+" "+sideName(p.ToMove())+rounds, o)
			for _, e := range adjacencyEvals {
				if got, want := e.f(q), e.f(p); got != want {
					t.Fatalf("%s: symmetry %d of %v gives %d, want %d", e.name, k, p, got, want)
				}
			}
		}
		swapped := o
		swapped.First = o.First.Other()
		q := mustAdjacency(t, rules.FormatBoard(white, black)+" "+sideName(p.ToMove().Other())+rounds, swapped)
		for _, e := range adjacencyEvals {
			if got, want := e.f(q), e.f(p); got != want {
				t.Fatalf("%s: colours swapped in %v give %d, want %d", e.name, p, got, want)
			}
		}
	}
}

// TestAdjacencyLastMove checks that with one ply left the evaluation is
// the exact result of the best last move.
func TestAdjacencyLastMove(t *testing.T) {
	var buf [rules.MaxMoves]rules.Move
	n := 0
	ps, _ := adjacencyPositions(43, games(100, 20))
	for _, p := range ps {
		moves := p.Moves(buf[:0])
		if p.Play(moves[0]).Result() == rules.Ongoing {
			continue
		}
		n++
		sign := 1
		if p.ToMove() == rules.White {
			sign = -1
		}
		best := -64
		for _, m := range moves {
			best = max(best, sign*p.Play(m).Score())
		}
		if got := adjacencyVulnerability(p); got != adjMark*best {
			t.Fatalf("%v: %d, want %d", p, got, adjMark*best)
		}
	}
	if n == 0 {
		t.Fatal("no position with one ply left")
	}
}

func TestAdjacencyHandMade(t *testing.T) {
	o := adjacency.Options{}
	// X to move after 2 rounds (4 plies: 12 marks). In the first, X's
	// marks a7..b8 are walled in by O; in the second they stand in the
	// open.
	walled := mustAdjacency(t, rows(
		"------OO",
		"------OO",
		"--------",
		"--------",
		"--------",
		"OO------",
		"XXO-----",
		"XXO-----")+" X 2", o)
	open := mustAdjacency(t, rows(
		"------OO",
		"------OO",
		"--------",
		"---XX---",
		"---XX---",
		"OO------",
		"--O-----",
		"--O-----")+" X 2", o)
	for _, e := range adjacencyEvals {
		if e.f(walled) < e.f(open) {
			t.Errorf("%s: walled-in marks %d < marks in the open %d", e.name, e.f(walled), e.f(open))
		}
	}
	if v := adjacencyVulnerability(walled); v <= adjacencyVulnerability(open) {
		t.Errorf("vulnerability: walled-in marks %d <= marks in the open %d", v, adjacencyVulnerability(open))
	}
	// marks is the mark difference from the side to move's view.
	if v := adjacencyMarks(walled); v != 4-8 {
		t.Errorf("marks = %d, want -4", v)
	}
	// The start is symmetric.
	for _, e := range adjacencyEvals {
		if v := e.f(adjacency.Start()); v != 0 {
			t.Errorf("%s: start position %d, want 0", e.name, v)
		}
	}
	// The side ahead in marks is ahead in both evaluations, whoever moves.
	for _, side := range []string{"X 2", "O 2"} {
		p := mustAdjacency(t, rows(
			"------OO",
			"------OO",
			"--------",
			"--------",
			"XX------",
			"XX------",
			"XX------",
			"XX------")+" "+side, adjacency.Options{First: map[string]rules.Player{"X 2": rules.Black, "O 2": rules.White}[side]})
		for _, e := range adjacencyEvals {
			v := e.f(p)
			if p.ToMove() == rules.White {
				v = -v
			}
			if v <= 0 {
				t.Errorf("%s, %s to move: X ahead scores %d from X's view", e.name, side, v)
			}
		}
	}
}
