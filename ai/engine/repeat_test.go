package engine

import (
	"testing"

	"boardgames/rules"
	"boardgames/rules/checkers"
)

// kingCycle plays from start (where both sides have only kings) first,
// the other side's first legal move, and the two moves back, and returns
// the hashes of the four positions before the last, which is start
// again: the game's past at start after a cycle, and the last position
// (start, 4 plies on its draw counter).
func kingCycle(t *testing.T, start checkers.Position, first rules.Move) ([]uint64, checkers.Position) {
	t.Helper()
	pieces := func(p checkers.Position, side rules.Player) uint32 {
		b, w, _ := p.Bitboards()
		if side == rules.Black {
			return b
		}
		return w
	}
	to := func(p checkers.Position, done func(checkers.Position) bool) checkers.Position {
		for _, m := range p.Moves(nil) {
			if c := p.Play(m); done(c) {
				return c
			}
		}
		t.Fatalf("no move of %v does it", p)
		return p
	}
	a := start.ToMove()
	p1 := start.Play(first)
	p2 := p1.Play(p1.Moves(nil)[0])
	p3 := to(p2, func(c checkers.Position) bool { return pieces(c, a) == pieces(start, a) })
	p4 := to(p3, func(c checkers.Position) bool { return c.Hash() == start.Hash() })
	if p4.QuietPlies() != start.QuietPlies()+4 {
		t.Fatalf("the cycle made %d quiet plies, not 4", p4.QuietPlies()-start.QuietPlies())
	}
	return []uint64{start.Hash(), p1.Hash(), p2.Hash(), p3.Hash()}, p4
}

func mustParse(t *testing.T, fen string) checkers.Position {
	t.Helper()
	p, err := checkers.Parse(fen, checkers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestEngineSeeksARepetitionWhenBehind: Black, a king down, plays the move
// that repeats the game's position for the third time... or the second:
// the engine takes the first repetition for a draw, worth more than the
// lost material, and it does so only when told the game (Params.Past).
func TestEngineSeeksARepetitionWhenBehind(t *testing.T) {
	start := mustParse(t, "B:WK29,K30,K31:BK1,K3")
	p := Config[checkers.Position]{Depth: 6}
	alone := mustSearch(t, start, p)
	if alone.Score >= 0 {
		t.Fatalf("without the game, the engine's score is %d: want it behind", alone.Score)
	}
	var first rules.Move
	for _, m := range start.Moves(nil) {
		if m != alone.Move {
			first = m
		}
	}
	var root checkers.Position
	p.Past, root = kingCycle(t, start, first)
	info := mustSearch(t, root, p)
	if info.Move != first || info.Score != 0 {
		t.Errorf("with the game, the engine played %s scoring %d; want %s, the repetition, scoring 0",
			start.MoveString(info.Move), info.Score, start.MoveString(first))
	}
	if info.Exact {
		t.Errorf("a repetition's draw was taken for the game's proven value")
	}
}

// TestEngineAvoidsARepetitionWhenAhead: White, a king up, does not play
// the move it would play without the game when that move repeats.
func TestEngineAvoidsARepetitionWhenAhead(t *testing.T) {
	start := mustParse(t, "W:WK29,K30,K31:BK1,K3")
	p := Config[checkers.Position]{Depth: 6}
	alone := mustSearch(t, start, p)
	if alone.Score <= 0 {
		t.Fatalf("without the game, the engine's score is %d: want it ahead", alone.Score)
	}
	var root checkers.Position
	p.Past, root = kingCycle(t, start, alone.Move)
	info := mustSearch(t, root, p)
	if info.Move == alone.Move || info.Score <= 0 {
		t.Errorf("with the game, the engine played %s scoring %d; want another move than the repetition's, still ahead",
			start.MoveString(info.Move), info.Score)
	}
}

// TestRepetitionsLookOnlyAsFarAsTheQuietPlies: the check finds a position
// of the line and one of the game's past at the same distance, and none
// once a move that cannot be undone lies in between.
func TestRepetitionsLookOnlyAsFarAsTheQuietPlies(t *testing.T) {
	start := mustParse(t, "B:WK29,K30,K31:BK1,K3")
	past, root := kingCycle(t, start, start.Moves(nil)[0])
	// The same four plies again, searched: the fourth repeats the root.
	line := []checkers.Position{root}
	for i := 0; i < 4; i++ {
		p := line[len(line)-1]
		for _, m := range p.Moves(nil) {
			if c := p.Play(m); c.Hash() == past[(i+1)%4] {
				line = append(line, c)
				break
			}
		}
	}
	if len(line) != 5 {
		t.Fatalf("the cycle could not be played again")
	}
	for _, tc := range []struct {
		name string
		past []uint64
		want []bool // by ply
	}{
		{"no past", []uint64{}, []bool{false, false, false, false, true}},
		{"the past", past, []bool{false, true, true, true, true}},
	} {
		r := newRepetitions[checkers.Position](tc.past, 8)
		for ply, p := range line {
			if got := r.repeated(p, p.Hash(), ply); got != tc.want[ply] {
				t.Errorf("%s: ply %d (%v, %d quiet plies): repeated %v, want %v", tc.name, ply, p, p.QuietPlies(), got, tc.want[ply])
			}
		}
	}
	// A man's move resets the count: nothing before it can recur.
	men := mustParse(t, "W:W29,K30:BK1")
	r := newRepetitions[checkers.Position]([]uint64{men.Hash(), 0, 0, 0}, 8)
	for _, m := range men.Moves(nil) {
		if c := men.Play(m); c.QuietPlies() == 0 && r.repeated(c, men.Hash(), 4) {
			t.Errorf("a position after a man's move was taken for a repetition")
		}
	}
	if newRepetitions[noReverser](nil, 8) != nil {
		t.Errorf("a game without QuietPlies got a repetition check")
	}
}

type noReverser struct{}
