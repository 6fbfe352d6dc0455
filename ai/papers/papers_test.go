package papers

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"boardgames/ai"
	"boardgames/ai/eval"
	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

var ctx = context.Background()

// run runs a bot or fails the test.
func run(t *testing.T, name string, pos any, p Params) ai.Info {
	t.Helper()
	info, err := Run(ctx, name, pos, p)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return info
}

// randomOthello plays n random moves from the start (fewer if the game
// ends first).
func randomOthello(rng *rand.Rand, n int) othello.Position {
	p := othello.Start()
	for range n {
		moves := p.Moves(nil)
		if len(moves) == 0 {
			break
		}
		p = p.Play(moves[rng.IntN(len(moves))])
	}
	return p
}

// minimax000 is paper 000's search without pruning: the bot maximizes the
// table over its own discs, a node without moves is a leaf.
func minimax000(own, opp uint64, depth int, maximizing bool) int {
	moves := othello.MoveMask(own, opp)
	if depth == 0 || moves == 0 {
		if maximizing {
			return eval.PositionalTable(own)
		}
		return eval.PositionalTable(opp)
	}
	best := math.MinInt
	if !maximizing {
		best = math.MaxInt
	}
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := othello.Flips(own, opp, sq)
		v := minimax000(opp&^f, own|f|1<<sq, depth-1, !maximizing)
		if maximizing {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// Paper 000's alpha-beta finds the minimax value of its own rules (a node
// without moves is a leaf scored by the table of the bot's discs) and
// plays the first move, in square order, that reaches it.
func TestPaper000IsTheMinimaxOfThePaper(t *testing.T) {
	rng := rand.New(rand.NewPCG(0, 0))
	tested := 0
	for tested < 40 {
		s := randomOthello(rng, rng.IntN(50))
		own, opp := othelloSides(s)
		if othello.MoveMask(own, opp) == 0 {
			continue
		}
		tested++
		info := run(t, "paper000", s, Params{})
		want := minimax000(own, opp, depth000, true)
		first := rules.Move(64)
		for moves := othello.MoveMask(own, opp); moves != 0; moves &= moves - 1 {
			sq := bits.TrailingZeros64(moves)
			f := othello.Flips(own, opp, sq)
			if minimax000(opp&^f, own|f|1<<sq, depth000-1, false) == want {
				first = rules.Move(sq)
				break
			}
		}
		if info.Score != want || info.Move != first || info.Depth != 4 {
			t.Fatalf("%s: %s %d depth %d; want %s %d depth 4", s, s.MoveString(info.Move), info.Score, info.Depth,
				s.MoveString(first), want)
		}
		if info.PV[0] != info.Move || info.Nodes == 0 || info.Leaves == 0 {
			t.Fatalf("%s: PV %v, nodes %d, leaves %d", s, info.PV, info.Nodes, info.Leaves)
		}
	}
}

// Under the standard rules a side that must pass passes; paper 000's bot
// plays the pass, and in its search the node is a leaf.
func TestPaper000ForcedPass(t *testing.T) {
	// Black (to move) has only c1 next to White's a1 b1 along the edge.
	s, err := othello.Parse("OOX"+strings.Repeat("-", 61)+" X", othello.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if info := run(t, "paper000", s, Params{}); info.Move != othello.Pass {
		t.Errorf("forced pass: played %s", s.MoveString(info.Move))
	}
	noPass, _ := othello.Parse("OOX"+strings.Repeat("-", 61)+" X", othello.Options{NoPass: true})
	if _, err := Run(ctx, "paper000", noPass, Params{}); err == nil {
		t.Error("a finished game (no passing) was searched")
	}
}

// negamax004 is paper 004's search without pruning: a pass does not use
// depth, a finished game is worth ±win004 whatever its length.
func negamax004(own, opp uint64, depth int) int {
	moves := othello.MoveMask(own, opp)
	over := moves == 0 && othello.MoveMask(opp, own) == 0
	if over || depth == 0 {
		return leaf004(own, opp, over)
	}
	if moves == 0 {
		return -negamax004(opp, own, depth)
	}
	best := math.MinInt
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := othello.Flips(own, opp, sq)
		best = max(best, -negamax004(opp&^f, own|f|1<<sq, depth-1))
	}
	return best
}

// greedyOrder is paper 004's move order: most flips first, equal ones in
// square order.
func greedyOrder(own, opp uint64) []int {
	var sqs []int
	for moves := othello.MoveMask(own, opp); moves != 0; moves &= moves - 1 {
		sqs = append(sqs, bits.TrailingZeros64(moves))
	}
	slices.SortStableFunc(sqs, func(a, b int) int {
		return bits.OnesCount64(othello.Flips(own, opp, b)) - bits.OnesCount64(othello.Flips(own, opp, a))
	})
	return sqs
}

// Paper 004's alpha-beta finds the value of its own rules (free passes,
// flat wins) and plays the first move in greedy order that reaches it;
// near the end, where passes and wins happen, as well as in the middle.
func TestPaper004AlphaBetaIsTheMinimaxOfThePaper(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	passes := 0
	for i := range 60 {
		s := randomOthello(rng, 20+rng.IntN(40))
		own, opp := othelloSides(s)
		if othello.MoveMask(own, opp) == 0 {
			continue
		}
		depth := 1 + i%5
		info := run(t, "paper004-alphabeta", s, Params{Depth: depth})
		want := negamax004(own, opp, depth)
		var first int
		for _, sq := range greedyOrder(own, opp) {
			f := othello.Flips(own, opp, sq)
			if -negamax004(opp&^f, own|f|1<<sq, depth-1) == want {
				first = sq
				break
			}
		}
		got := info.Score
		switch {
		case want == win004:
			got = win004
			if info.Score != ai.WinScore-len(info.PV) {
				t.Errorf("%s: won score %d, PV of %d plies", s, info.Score, len(info.PV))
			}
		case want == -win004:
			got = -win004
		}
		if got != want || info.Move != rules.Move(first) || info.Depth != depth {
			t.Fatalf("%s depth %d: %s %d; want %s %d", s, depth, s.MoveString(info.Move), info.Score,
				s.MoveString(rules.Move(first)), want)
		}
		if slices.Contains(info.PV, othello.Pass) {
			passes++
		}
	}
	if passes == 0 {
		t.Log("no principal variation with a pass among the positions")
	}
}

// negamaxPlyPass is negamax004 with a pass counted as a ply, the rule of
// the other searches: the reference that tells the two rules apart.
func negamaxPlyPass(own, opp uint64, depth int) int {
	moves := othello.MoveMask(own, opp)
	over := moves == 0 && othello.MoveMask(opp, own) == 0
	if over || depth == 0 {
		return negamax004(own, opp, 0)
	}
	if moves == 0 {
		return -negamaxPlyPass(opp, own, depth-1)
	}
	best := math.MinInt
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := othello.Flips(own, opp, sq)
		best = max(best, -negamaxPlyPass(opp&^f, own|f|1<<sq, depth-1))
	}
	return best
}

// A pass does not use up depth: where the two rules give different values
// (a pass inside the search), paper 004's bot has the free-pass value.
func TestPaper004FreePass(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 40))
	found := 0
	for tries := 0; tries < 5000 && found < 5; tries++ {
		s := randomOthello(rng, 35+rng.IntN(25))
		own, opp := othelloSides(s)
		if othello.MoveMask(own, opp) == 0 {
			continue
		}
		free, costly := negamax004(own, opp, 3), negamaxPlyPass(own, opp, 3)
		if free == costly {
			continue
		}
		found++
		info := run(t, "paper004-alphabeta", s, Params{Depth: 3})
		got := info.Score
		if ai.IsDecided(got) {
			got = win004 * (got / abs(got))
		}
		if got != free {
			t.Fatalf("%s: score %d, want the free-pass value %d (a pass costing a ply gives %d)", s, info.Score, free, costly)
		}
	}
	if found == 0 {
		t.Fatal("no position where the pass rule matters")
	}
}

func abs(x int) int { return max(x, -x) }

// Paper 004's greedy flips the most discs and draws among equal moves.
func TestPaper004Greedy(t *testing.T) {
	s := othello.Start()
	seen := map[rules.Move]bool{}
	for seed := range uint64(40) {
		info := run(t, "paper004-greedy", s, Params{Seed: seed})
		seen[info.Move] = true
	}
	if len(seen) != 4 { // the four opening moves each flip one disc
		t.Errorf("opening moves chosen over 40 seeds: %v, want all 4", seen)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for range 30 {
		s := randomOthello(rng, rng.IntN(50))
		own, opp := othelloSides(s)
		if othello.MoveMask(own, opp) == 0 {
			continue
		}
		info := run(t, "paper004-greedy", s, Params{Seed: 1})
		most := bits.OnesCount64(othello.Flips(own, opp, greedyOrder(own, opp)[0]))
		if got := bits.OnesCount64(othello.Flips(own, opp, int(info.Move))); got != most {
			t.Fatalf("%s: %s flips %d, the most is %d", s, s.MoveString(info.Move), got, most)
		}
	}
}

// adjacencyAfter plays plies random moves from the start of a game with
// the given round limit (fewer if the game ends first).
func adjacencyAfter(t *testing.T, rng *rand.Rand, rounds, plies int) adjacency.Position {
	t.Helper()
	s, err := adjacency.New(adjacency.Options{Rounds: rounds})
	if err != nil {
		t.Fatal(err)
	}
	for range plies {
		moves := s.Moves(nil)
		if len(moves) == 0 {
			break
		}
		s = s.Play(moves[rng.IntN(len(moves))])
	}
	return s
}

// minimax002 is paper 002's search without pruning, from the bot's view,
// each move simulated by move (the game's capture or the authors' runs).
func minimax002(bot, foe uint64, depth, maxDepth int, maximizing bool, move func(own, opp uint64, sq int) (uint64, uint64)) int {
	result := bits.OnesCount64(bot) - bits.OnesCount64(foe)
	empty := ^(bot | foe)
	if depth == maxDepth || empty == 0 {
		return result
	}
	best := math.MinInt
	if !maximizing {
		best = math.MaxInt
	}
	for ; empty != 0; empty &= empty - 1 {
		sq := bits.TrailingZeros64(empty)
		if maximizing {
			b, f := move(bot, foe, sq)
			best = max(best, minimax002(b, f, depth+1, maxDepth, false, move))
		} else {
			f, b := move(foe, bot, sq)
			best = min(best, minimax002(b, f, depth+1, maxDepth, true, move))
		}
	}
	return best
}

// runPlace is a move as the authors' bots simulate it: whole runs taken.
func runPlace(own, opp uint64, sq int) (uint64, uint64) {
	taken := runCaptures(opp, sq)
	return own | 1<<sq | taken, opp &^ taken
}

// Paper 002's minimax searches the root move plus min(rounds chosen, 4)
// plies with the authors' run capture (as its authors ran it), or plus
// min(rounds left, 4) plies with the game's capture (the variants left and
// adjacent); each root move with the full window (so every root value is
// exact), the first best square in row order played.
func TestPaper002Minimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for i := range 12 {
		// 48 to 53 marks on the board leave few empty squares, so that
		// the unpruned reference is quick, and 4 to 8 rounds to play.
		s := adjacencyAfter(t, rng, 28, 40+rng.IntN(6))
		if s.Result().Over() {
			continue
		}
		for _, tc := range []struct {
			variant string
			depth   int
			move    func(own, opp uint64, sq int) (uint64, uint64)
		}{
			{"", min(s.Limit(), 4), runPlace},
			{"left+adjacent", min(s.RoundsLeft(), 4), place},
			{"nodebreak", min(s.Limit(), 4), runPlace}, // the break changes nodes, not values
		} {
			info := run(t, "paper002-minimax", s, Params{Variant: tc.variant})
			bot, foe := adjacencySides(s)
			if info.Depth != 1+tc.depth {
				t.Errorf("%q, %d rounds left: depth %d, want %d", tc.variant, s.RoundsLeft(), info.Depth, 1+tc.depth)
			}
			want := math.MinInt
			var first int
			exact := map[rules.Move]int{}
			for empty := ^(bot | foe); empty != 0; empty &= empty - 1 {
				sq := bits.TrailingZeros64(empty)
				b, f := tc.move(bot, foe, sq)
				v := minimax002(b, f, 0, tc.depth, false, tc.move)
				exact[rules.Move(sq)] = v
				if v > want {
					want, first = v, sq
				}
			}
			if info.Move != rules.Move(first) || info.Score != want || info.Fallback {
				t.Fatalf("%q, position %d (%s): %s %d; want %s %d", tc.variant, i, s, s.MoveString(info.Move), info.Score,
					s.MoveString(rules.Move(first)), want)
			}
			if len(info.Moves) != len(exact) {
				t.Fatalf("position %d: %d root moves scored, want %d", i, len(info.Moves), len(exact))
			}
			for _, ms := range info.Moves {
				if exact[ms.Move] != ms.Score {
					t.Fatalf("%q, position %d: root move %s scored %d, exact %d", tc.variant, i, s.MoveString(ms.Move), ms.Score, exact[ms.Move])
				}
			}
		}
	}
}

// The authors' bots take whole runs of opponent marks (Bot.captureMarks);
// the game takes the adjacent mark only.
func TestRunCaptures(t *testing.T) {
	// Row 1: - O O O X - O O; X plays a1: the run b1 c1 d1 is taken (the
	// game takes b1 only). Column a below a1: a2 O, a3 O, a4 empty: both.
	s, err := adjacency.Parse("-OOOX-OO"+"O-------"+"O-------"+strings.Repeat("XXXXXXXX", 3)+"XXXXXXOO"+"OOOOOOOO X 20",
		adjacency.Options{Rounds: 28})
	if err != nil {
		t.Fatal(err)
	}
	_, opp := adjacencySides(s)
	sq := func(name string) uint64 { return 1 << (int(name[1]-'1')*8 + int(name[0]-'a')) }
	if got, want := runCaptures(opp, int(bits.TrailingZeros64(sq("a1")))), sq("b1")|sq("c1")|sq("d1")|sq("a2")|sq("a3"); got != want {
		t.Errorf("runs taken by a1: %x, want %x", got, want)
	}
	// f1 between e1 (X) and g1 h1 (O): the run g1 h1 to the edge.
	if got, want := runCaptures(opp, int(bits.TrailingZeros64(sq("f1")))), sq("g1")|sq("h1"); got != want {
		t.Errorf("runs taken by f1: %x, want %x", got, want)
	}
	// The game itself takes b1 and a2 only.
	m, _ := s.ParseMove("a1")
	after := s.Play(m)
	if got := after.Rows()[0]; got != "XXOOX-OO" {
		t.Errorf("the game after a1: row 1 %q, want XXOOX-OO", got)
	}
}

// A position worked out with a line-by-line transcription of the authors'
// MinimaxBot.move (the nested loops, captureMarks, the break in the inner
// loop), X to move, four empty squares: a1 and c1 in row 1, b8 and h8 in
// row 8, 26 rounds of 28 played, so the depth is min(28, 4) = 4 however few
// rounds are left.
//
//   - X - O X O O X
//     X X X O O X X O
//     O X X O X X O O
//     X X O O O X O O
//     X X X O O X O X
//     O O X O O O O O
//     X X O O X X X O
//     O - O O X X X -
//
// The whole tree has 1 + 4 + 4·3 + 4·3·2 + 4·3·2·1 = 65 nodes. Every
// cut-off in it leaves only squares of the next row to search, which the
// authors' break (the inner loop only) still searches: 65 nodes, as
// without pruning; a cut-off that ends the node saves 8 (57 nodes). With
// run capture the root moves score a1 -8, c1 -8, b8 -18, h8 -8 and the bot
// plays a1; with the game's capture they score -4, -4, -2, -4 and it plays
// b8 (59 nodes with a cut-off that ends the node).
func TestPaper002MinimaxHandWorked(t *testing.T) {
	s, err := adjacency.Parse("-X-OXOOXXXXOOXXOOXXOXXOOXXOOOXOOXXXOOXOXOOXOOOOOXXOOXXXOO-OOXXX- X 26", adjacency.Options{Rounds: 28})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		variant string
		nodes   uint64
		move    string
		scores  map[string]int
	}{
		{"", 65, "a1", map[string]int{"a1": -8, "c1": -8, "b8": -18, "h8": -8}},
		{"nodebreak", 57, "a1", map[string]int{"a1": -8, "c1": -8, "b8": -18, "h8": -8}},
		{"adjacent", 65, "b8", map[string]int{"a1": -4, "c1": -4, "b8": -2, "h8": -4}},
		{"nodebreak+adjacent", 59, "b8", map[string]int{"a1": -4, "c1": -4, "b8": -2, "h8": -4}},
	} {
		info := run(t, "paper002-minimax", s, Params{Variant: tc.variant})
		if info.Nodes != tc.nodes || s.MoveString(info.Move) != tc.move || info.Depth != 5 {
			t.Errorf("%q: %s after %d nodes, depth %d; want %s after %d, depth 5", tc.variant, s.MoveString(info.Move),
				info.Nodes, info.Depth, tc.move, tc.nodes)
		}
		for _, ms := range info.Moves {
			if v := tc.scores[s.MoveString(ms.Move)]; v != ms.Score {
				t.Errorf("%q: %s scored %d, want %d", tc.variant, s.MoveString(ms.Move), ms.Score, v)
			}
		}
	}
	// With the rounds left (2) the depth is 2: the root move and 2 plies.
	if info := run(t, "paper002-minimax", s, Params{Variant: "left"}); info.Depth != 3 {
		t.Errorf("left: depth %d, want 3", info.Depth)
	}
}

// The depth is fixed by the rounds chosen for the game: 4 for a game of 4
// rounds or more, at every move; the rounds chosen when fewer.
func TestPaper002MinimaxDepthFromRoundsChosen(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, rounds := range []int{2, 3, 8, 28} {
		s, _ := adjacency.New(adjacency.Options{Rounds: rounds})
		for !s.Result().Over() {
			// A short limit: the depth is set before the search starts.
			info := run(t, "paper002-minimax", s, Params{Limit: time.Millisecond})
			if want := 1 + min(rounds, 4); info.Depth != want {
				t.Fatalf("%d rounds, %d played: depth %d, want %d", rounds, s.RoundsPlayed(), info.Depth, want)
			}
			left := run(t, "paper002-minimax", s, Params{Limit: time.Millisecond, Variant: "left"})
			if left.Depth != 1+min(s.RoundsLeft(), 4) {
				t.Fatalf("left, %d rounds left: depth %d", s.RoundsLeft(), left.Depth)
			}
			moves := s.Moves(nil)
			s = s.Play(moves[rng.IntN(len(moves))])
		}
	}
}

// When its time runs out, paper 002's minimax keeps the best root move it
// finished (the authors' fallback counts the board before the move, so it
// never changes the answer); the variant greedy plays the greedy move the
// paper describes: the first square, row by row, after which it has the
// most marks.
func TestPaper002MinimaxFallback(t *testing.T) {
	s := adjacency.Start()
	info := run(t, "paper002-minimax", s, Params{Limit: time.Nanosecond})
	// Not one root move finished: the first empty square (the authors'
	// bot would answer a1 whatever stands there).
	if info.Fallback || s.MoveString(info.Move) != "a1" || info.Searching != 5 || info.RootDone != 0 {
		t.Errorf("authors' fallback with no root move done: %s, fallback %v, %+v", s.MoveString(info.Move), info.Fallback, info)
	}
	greedy := run(t, "paper002-minimax", s, Params{Limit: time.Nanosecond, Variant: "greedy"})
	if !greedy.Fallback {
		t.Fatal("no greedy fallback after the time limit")
	}
	// X (a7 b7 a8 b8) to move: the first square that takes an O mark is
	// f1, next to g1; it gives 4 + 1 + 1 marks.
	if got := s.MoveString(greedy.Move); got != "f1" {
		t.Errorf("fallback %s, want f1", got)
	}
	// Within the paper's 5 s a small search finishes: no fallback, every
	// root move searched.
	few, err := adjacency.Parse("-X-OXOOXXXXOOXXOOXXOXXOOXXOOOXOOXXXOOXOXOOXOOOOOXXOOXXXOO-OOXXX- X 26", adjacency.Options{Rounds: 28})
	if err != nil {
		t.Fatal(err)
	}
	full := run(t, "paper002-minimax", few, Params{})
	if full.Fallback || full.Depth != 5 || full.Searching != 0 || len(full.Moves) != 4 {
		t.Errorf("four empty squares: fallback %v, depth %d, cut at %d; want a full search of depth 5", full.Fallback, full.Depth, full.Searching)
	}
}

// Paper 002's simulated annealing cools from 1.0 by 0.995 an iteration and
// stops once the temperature falls to 0.01, after 919 of its at most
// 1000 iterations; occupied squares waste iterations; the same seed gives
// the same move.
func TestPaper002Annealing(t *testing.T) {
	s := adjacency.Start()
	info := run(t, "paper002-annealing", s, Params{Seed: 3})
	if len(info.Trace) != 919 {
		t.Fatalf("%d iterations, want 919", len(info.Trace))
	}
	for k, smp := range info.Trace {
		if want := math.Pow(cooling002, float64(k)); math.Abs(smp.Temperature-want) > 1e-9 || smp.Temperature <= t1002 {
			t.Fatalf("iteration %d: temperature %v, want %v above %v", k, smp.Temperature, want, t1002)
		}
		if smp.Best < smp.Current {
			t.Fatalf("iteration %d: best %v below current %v", k, smp.Best, smp.Current)
		}
	}
	// 56 of the 64 squares are empty: about 1 draw in 8 is wasted.
	if tried := int(info.Nodes) - 1; tried >= 919 || tried < 919*40/64 {
		t.Errorf("%d squares evaluated in 919 iterations, want about 919*56/64", tried)
	}
	own, _ := adjacencySides(s)
	if info.Score != int(info.Trace[len(info.Trace)-1].Best) || info.Score <= bits.OnesCount64(own) {
		t.Errorf("score %d, trace best %v", info.Score, info.Trace[len(info.Trace)-1].Best)
	}
	if again := run(t, "paper002-annealing", s, Params{Seed: 3}); again.Move != info.Move {
		t.Error("the same seed gave another move")
	}
	// With a final temperature the 1000 iterations cannot reach, the
	// iteration limit stops the search.
	bot, foe := adjacencySides(s)
	cold := anneal002(ctx, newRand(3), bot, foe, schedule{t0002, 0.001, cooling002, iterations002}, true)
	if len(cold.Trace) != 1000 {
		t.Errorf("final temperature 0.001: %d iterations, want the limit, 1000", len(cold.Trace))
	}
	// One empty square left: it is the move, drawn or not.
	rng := rand.New(rand.NewPCG(9, 9))
	last := adjacencyAfter(t, rng, 28, 55)
	if len(last.Moves(nil)) != 1 {
		t.Fatalf("%d moves left", len(last.Moves(nil)))
	}
	for seed := range uint64(5) {
		for _, name := range []string{"paper002-annealing", "paper002-genetic"} {
			if info := run(t, name, last, Params{Seed: seed}); info.Move != last.Moves(nil)[0] {
				t.Errorf("%s, one square left: played %s", name, last.MoveString(info.Move))
			}
		}
	}
}

// Paper 002's genetic algorithm as its text intends keeps a population of
// 50 squares, sorted by fitness (own marks after the move), for 50
// generations, and plays the fittest empty square.
func TestPaper002Genetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	s := adjacencyAfter(t, rng, 28, 20)
	bot, foe := adjacencySides(s)
	var fit [64]int
	for sq := range fit {
		fit[sq] = bits.OnesCount64(bot)
		if (bot|foe)>>sq&1 == 0 {
			b, _ := place(bot, foe, sq)
			fit[sq] = bits.OnesCount64(b)
		}
	}
	generations := 0
	evolve002(ctx, newRand(1), &fit, func(g int, pop []int) {
		if g != generations || len(pop) != population002 {
			t.Fatalf("generation %d (call %d): population %d", g, generations, len(pop))
		}
		if !slices.IsSortedFunc(pop, func(a, b int) int { return fit[b] - fit[a] }) {
			t.Fatalf("generation %d: not sorted by fitness", g)
		}
		generations++
	})
	if generations != generations02 {
		t.Errorf("%d generations, want %d", generations, generations02)
	}
	info := run(t, "paper002-genetic-intended", s, Params{Seed: 1})
	if len(info.Trace) != 50 || info.Nodes != 1+50+50*50 {
		t.Errorf("trace %d, nodes %d", len(info.Trace), info.Nodes)
	}
	if (bot|foe)>>int(info.Move)&1 != 0 || info.Score != fit[info.Move] {
		t.Errorf("played %s (fitness %d, reported %d)", s.MoveString(info.Move), fit[info.Move], info.Score)
	}
	best := 0
	for _, f := range fit {
		best = max(best, f)
	}
	if info.Trace[len(info.Trace)-1].Best > float64(best) {
		t.Errorf("trace best %v beyond the best square %d", info.Trace[len(info.Trace)-1].Best, best)
	}
}

// Paper 002's genetic algorithm as its authors ran it: the printed fitness
// counts marks on a new, empty board, so every square scores 0, the stable
// sort keeps the first random population through all 50 generations, and
// the bot plays the first empty square of that population.
func TestPaper002GeneticAsRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	s := adjacencyAfter(t, rng, 28, 30) // 26 empty squares of 64
	bot, foe := adjacencySides(s)
	for seed := range uint64(20) {
		// The first population, drawn as the bot draws it: row, then
		// column, 50 times.
		draw := newRand(seed)
		first := -1
		for range population002 {
			sq := draw.IntN(8)*8 + draw.IntN(8)
			if first < 0 && (bot|foe)>>sq&1 == 0 {
				first = sq
			}
		}
		if first < 0 {
			t.Fatalf("seed %d: no empty square among 50 draws", seed)
		}
		info := run(t, "paper002-genetic", s, Params{Seed: seed})
		if int(info.Move) != first || info.Score != 0 {
			t.Errorf("seed %d: played %s scoring %d; want %s, the first empty square of the first population, scoring 0",
				seed, s.MoveString(info.Move), info.Score, s.MoveString(rules.Move(first)))
		}
		if len(info.Trace) != generations02 {
			t.Fatalf("seed %d: %d generations traced", seed, len(info.Trace))
		}
		for _, smp := range info.Trace {
			if smp.Best != 0 || smp.Mean != 0 || smp.Current != 0 {
				t.Fatalf("seed %d, generation %d: fitness %+v, want 0 everywhere", seed, smp.Step, smp)
			}
		}
		for _, ms := range info.Moves {
			if ms.Score != 0 {
				t.Fatalf("seed %d: %s scored %d", seed, s.MoveString(ms.Move), ms.Score)
			}
		}
	}
	// The intended GA finds a square that takes marks; the GA as run
	// plays a random one: over 40 seeds from the start it plays squares
	// that take nothing, which the intended one never does.
	start := adjacency.Start()
	own, _ := adjacencySides(start)
	takesNothing := 0
	for seed := range uint64(40) {
		run := run(t, "paper002-genetic", start, Params{Seed: seed})
		b, _ := place(own, 0, int(run.Move))
		_, opp := adjacencySides(start)
		if b2, _ := place(own, opp, int(run.Move)); bits.OnesCount64(b2) == bits.OnesCount64(b) {
			takesNothing++
		}
	}
	if takesNothing < 30 {
		t.Errorf("the GA as run took marks in %d of 40 games' first moves; a random square takes none most of the time", 40-takesNothing)
	}
}

// Paper 003's minimax searches every column to six levels (no alpha-beta:
// Σ 7^k nodes from the empty board), scores a four at level d 7-d, and
// chooses among equal columns at random.
func TestPaper003(t *testing.T) {
	s := connect4.Start()
	chosen := map[rules.Move]bool{}
	for seed := range uint64(40) {
		info := run(t, "paper003", s, Params{Seed: seed})
		chosen[info.Move] = true
		if seed == 0 && (info.Nodes != 137257 || info.Leaves != 117649 || info.Score != 0 || info.Cutoffs != 0) {
			t.Errorf("empty board: %d nodes, %d leaves, score %d; want 137257, 117649, 0", info.Nodes, info.Leaves, info.Score)
		}
	}
	if len(chosen) < 5 {
		t.Errorf("from the empty board, where all columns are equal, 40 seeds chose only %v", chosen)
	}
	// Hand-worked positions (moves from the start, X first):
	//   121212: X has three in column 1 and wins there at level 1: 7-1.
	//   12121:  O must block column 1; elsewhere X wins at level 2 (-5).
	//   4455:   X makes an open three with 3 or 6 and wins at level 3
	//           (7-3), O blocking one end only; the two are equal.
	//   44556:  X has the open three d1-f1: whatever O plays, X wins at
	//           level 2, so all seven columns are equal at -5.
	for _, tc := range []struct {
		moves  string
		best   []string
		score  int
		orMore bool // the score is at least score (a block whose outcome is not worked out)
	}{
		{"121212", []string{"1"}, 6, false},
		{"12121", []string{"1"}, -4, true},
		{"4455", []string{"3", "6"}, 4, false},
		{"44556", []string{"1", "2", "3", "4", "5", "6", "7"}, -5, false},
	} {
		rec, err := connect4.ParseMoves(connect4.Start(), tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		p := rec.Position()
		info := run(t, "paper003", p, Params{Seed: 1})
		var best []string
		for _, ms := range info.Moves {
			if ms.Score == info.Moves[0].Score {
				best = append(best, p.MoveString(ms.Move))
			}
		}
		slices.Sort(best)
		got := p.MoveString(info.Move)
		if !slices.Equal(best, tc.best) || !slices.Contains(best, got) ||
			info.Score != tc.score && !(tc.orMore && info.Score > tc.score) {
			t.Errorf("%s: played %s scoring %d among the best %v; want one of %v scoring %d",
				tc.moves, got, info.Score, best, tc.best, tc.score)
		}
	}
}

// The tie-break draws every equal move about as often, and never a worse
// one.
func TestPaper003AmongEqual(t *testing.T) {
	scores := []ai.MoveScore{{Move: 3, Score: 2}, {Move: 0, Score: 2}, {Move: 6, Score: 2}, {Move: 1, Score: 1}}
	rng := newRand(7)
	counts := map[rules.Move]int{}
	const draws = 3000
	for range draws {
		counts[amongEqual(scores, rng)]++
	}
	for _, m := range []rules.Move{3, 0, 6} {
		if n := counts[m]; n < draws/3*8/10 || n > draws/3*12/10 {
			t.Errorf("move %d drawn %d times of %d: %v", m, n, draws, counts)
		}
	}
	if counts[1] != 0 {
		t.Errorf("the worse move was drawn %d times", counts[1])
	}
}

// Paper 001's two bots compute the same value, NegaScout with fewer or as
// many nodes as... not always: only the value is a law.
func TestPaper001SameValue(t *testing.T) {
	rec, err := checkers.ParseMoves(checkers.Start(), "11-15 23-19 8-11 22-17 4-8 25-22 9-14 24-20")
	if err != nil {
		t.Fatal(err)
	}
	s := rec.Position()
	for _, depth := range []int{0, 4, 5} {
		ns := run(t, "paper001-negascout", s, Params{Depth: depth})
		ab := run(t, "paper001-alphabeta", s, Params{Depth: depth})
		want := depth
		if depth == 0 {
			want = 6
		}
		if ns.Score != ab.Score || ns.Depth != want || ab.Depth != want {
			t.Errorf("depth %d: negascout %d (depth %d), alpha-beta %d (depth %d)", depth, ns.Score, ns.Depth, ab.Score, ab.Depth)
		}
	}
}

// Reinefeld's NegaScout (the default) and its principal-variation-search
// form compute alpha-beta's value with every evaluation, from many
// middle-game positions; their node counts differ, Reinefeld's condition
// (t > m) re-searching where PVS's (α < t < β) does not.
func TestPaper001ReinefeldAgainstPVS(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	differ := 0
	for i := range 30 {
		s := checkers.Start()
		for range 14 + rng.IntN(10) {
			moves := s.Moves(nil)
			if len(moves) == 0 {
				break
			}
			s = s.Play(moves[rng.IntN(len(moves))])
		}
		if len(s.Moves(nil)) == 0 {
			continue
		}
		for _, ev := range evals001 {
			depth := 3 + i%4
			ns := run(t, "paper001-negascout", s, Params{Depth: depth, Eval: ev})
			pvs := run(t, "paper001-negascout", s, Params{Depth: depth, Eval: ev, Variant: "pvs"})
			ab := run(t, "paper001-alphabeta", s, Params{Depth: depth, Eval: ev})
			if ns.Score != ab.Score || pvs.Score != ab.Score {
				t.Fatalf("%s, %s, depth %d: NegaScout %d, PVS %d, alpha-beta %d", s, ev, depth, ns.Score, pvs.Score, ab.Score)
			}
			if ns.Depth != depth || len(ns.PV) == 0 || ns.PV[0] != ns.Move {
				t.Fatalf("%s: depth %d, PV %v, move %v", s, ns.Depth, ns.PV, ns.Move)
			}
			if ns.Nodes != pvs.Nodes {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Error("Reinefeld's condition and PVS's searched the same nodes everywhere")
	}
	// The pieces evaluation is material alone: a man 100, a king 160.
	s, err := checkers.Parse("W:WK10,22:B1,2,3", checkers.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if v := pieces001(s); v != 100+160-300 {
		t.Errorf("pieces of W:WK10,22:B1,2,3 = %d, want -40", v)
	}
}

// Paper 004's greedy counts flips only: every move scored by its flips
// (no move put first for ending the game), the played move one of most
// flips. The variant winsfirst is the generic greedy, which puts a move
// that wins the game first (in 200,000 random games no such move ever
// flipped fewer discs than another, so the two play alike in practice).
// Paper 004's alpha-beta with the variant code searches one ply more.
func TestPaper004Variants(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	for range 40 {
		s := randomOthello(rng, 40+rng.IntN(18))
		own, opp := othelloSides(s)
		if othello.MoveMask(own, opp) == 0 {
			continue
		}
		g := run(t, "paper004-greedy", s, Params{Seed: 3})
		for _, ms := range g.Moves {
			if want := bits.OnesCount64(othello.Flips(own, opp, int(ms.Move))); ms.Score != want {
				t.Fatalf("%s: %s scored %d, flips %d", s, s.MoveString(ms.Move), ms.Score, want)
			}
		}
		if g.Score != g.Moves[0].Score || bits.OnesCount64(othello.Flips(own, opp, int(g.Move))) != g.Score {
			t.Fatalf("%s: played %s scoring %d, the most is %d", s, s.MoveString(g.Move), g.Score, g.Moves[0].Score)
		}
		w := run(t, "paper004-greedy", s, Params{Seed: 3, Variant: "winsfirst"})
		generic, err := ai.Search(ctx, "greedy", s, nil, ai.Params{Seed: 3})
		if err != nil || w.Move != generic.Move || w.Score != generic.Score {
			t.Fatalf("%s: winsfirst %v, generic greedy %v (%v)", s, w.Move, generic.Move, err)
		}
	}
	rec, err := othello.ParseMoves(othello.Start(), "f5d6c3d3c4")
	if err != nil {
		t.Fatal(err)
	}
	s := rec.Position()
	code := run(t, "paper004-alphabeta", s, Params{Depth: 2, Variant: "code"})
	three := run(t, "paper004-alphabeta", s, Params{Depth: 3})
	if code.Depth != 3 || code.Nodes != three.Nodes || code.Score != three.Score {
		t.Errorf("depth 2 read as the code: depth %d, %d nodes; depth 3: %d nodes", code.Depth, code.Nodes, three.Nodes)
	}
}

func TestCheckAndWrongGame(t *testing.T) {
	for _, tc := range []struct {
		name string
		pos  any
		p    Params
		want string
	}{
		{"paper000", othello.Start(), Params{Depth: 3}, "fixed depth"},
		{"paper004-alphabeta", othello.Start(), Params{Depth: 13}, "outside 1..12"},
		{"paper003", othello.Start(), Params{}, "plays connect4"},
		{"paper002-minimax", adjacency.Start(), Params{Limit: -1}, "negative"},
		{"paper999", othello.Start(), Params{}, "unknown"},
		{"paper001-alphabeta", checkers.Start(), Params{Eval: "threats"}, "unknown evaluation"},
		{"paper003", connect4.Start(), Params{Eval: "paper"}, "takes no eval"},
		{"paper002-minimax", adjacency.Start(), Params{Variant: "left+up"}, "unknown variant"},
		{"paper000", othello.Start(), Params{Variant: "pvs"}, "has no variant"},
	} {
		_, err := Run(ctx, tc.name, tc.pos, tc.p)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %+v: %v, want an error with %q", tc.name, tc.p, err, tc.want)
		}
	}
	for _, b := range Bots {
		if b.Help == "" || !strings.HasPrefix(b.Help, "paper "+b.Paper) {
			t.Errorf("%s: help %q does not name its paper", b.Name, b.Help)
		}
	}
}

// A cancelled search still answers with a legal move.
func TestCancelled(t *testing.T) {
	c, cancel := context.WithCancel(ctx)
	cancel()
	for _, tc := range []struct {
		name string
		pos  any
	}{{"paper000", othello.Start()}, {"paper004-alphabeta", othello.Start()}, {"paper002-minimax", adjacency.Start()},
		{"paper003", connect4.Start()}, {"paper001-negascout", checkers.Start()}} {
		info, err := Run(c, tc.name, tc.pos, Params{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		type legal interface {
			Moves([]rules.Move) []rules.Move
		}
		if !slices.Contains(tc.pos.(legal).Moves(nil), info.Move) {
			t.Errorf("%s cancelled: illegal move %d", tc.name, info.Move)
		}
	}
}

// Paper 002's annealing scores a square by its authors' run capture: on
// the position where their bot played h5 in 300 of 300 runs (PAPERS.md),
// ours plays h5 with every seed; counted with the game's adjacent capture
// (the variant adjacent) h5 is no better than other squares.
func TestPaper002AnnealingRunCapture(t *testing.T) {
	s, err := adjacency.Parse("------OO-----XXX---O-X-XO---O--X---XO-X------O--XX------XX-X---O O 6", adjacency.Options{Rounds: 8})
	if err != nil {
		t.Fatal(err)
	}
	h5, _ := s.ParseMove("h5")
	adjacentH5 := 0
	for seed := range uint64(40) {
		info := run(t, "paper002-annealing", s, Params{Seed: seed})
		if info.Move != h5 {
			t.Errorf("seed %d: played %s, the authors' bot h5", seed, s.MoveString(info.Move))
		}
		if adj := run(t, "paper002-annealing", s, Params{Seed: seed, Variant: "adjacent"}); adj.Move == h5 {
			adjacentH5++
		}
	}
	if adjacentH5 == 40 {
		t.Error("with the adjacent capture the bot still plays h5 every time: the variant changes nothing")
	}
}

// The variant fullboard scores a line that fills the board before the
// depth as the authors' code does: Integer.MIN_VALUE when the bot is to
// move, MAX_VALUE when its opponent is. With an even number of empty
// squares every root move scores MIN_VALUE, and their bot would answer
// a1, occupied here: ours plays the first empty square and says so; with
// an odd number every move scores MAX_VALUE and the first empty square is
// played.
func TestPaper002MinimaxFullBoard(t *testing.T) {
	board := "XOXOXOXO" + "OXOXOXOX" + "XXOOXXOO" + "OOXXOOXX" + "XOXOXOXO" + "OXOXOXOX" + "XXOOXXOO" + "OOXXOO"
	two, err := adjacency.Parse(board+"-- X 27", adjacency.Options{Rounds: 28})
	if err != nil {
		t.Fatal(err)
	}
	info := run(t, "paper002-minimax", two, Params{Variant: "fullboard"})
	if two.MoveString(info.Move) != "g8" || info.Note == "" || !strings.Contains(info.Note, "a1") {
		t.Errorf("two empty squares: %s, note %q; want g8 and a note on a1", two.MoveString(info.Move), info.Note)
	}
	for _, ms := range info.Moves {
		if ms.Score != math.MinInt32 {
			t.Errorf("two empty squares: %s scored %d, want Integer.MIN_VALUE", two.MoveString(ms.Move), ms.Score)
		}
	}
	if plain := run(t, "paper002-minimax", two, Params{}); plain.Note != "" || plain.Moves[0].Score == math.MinInt32 {
		t.Errorf("without fullboard: note %q, scores %v", plain.Note, plain.Moves)
	}
	one, err := adjacency.Parse(board+"X- O 27", adjacency.Options{Rounds: 28})
	if err != nil {
		t.Fatal(err)
	}
	if info := run(t, "paper002-minimax", one, Params{Variant: "fullboard"}); info.Score != math.MaxInt32 || info.Note != "" {
		t.Errorf("one empty square: score %d, note %q; want Integer.MAX_VALUE and no note", info.Score, info.Note)
	}
}

// limit=java stops paper 002's minimax after a number of nodes instead of
// a time: the same budget gives the same search, whatever the machine's
// load.
func TestPaper002MinimaxNodeBudget(t *testing.T) {
	s := adjacency.Start()
	a := run(t, "paper002-minimax", s, Params{Nodes: 50_000})
	b := run(t, "paper002-minimax", s, Params{Nodes: 50_000})
	if a.Nodes != 50_001 || a.Searching == 0 || a.RootDone >= a.RootTotal {
		t.Errorf("50 000 nodes: %d nodes, %d of %d root moves; want a search cut at the budget", a.Nodes, a.RootDone, a.RootTotal)
	}
	if a.Move != b.Move || a.Nodes != b.Nodes || a.RootDone != b.RootDone {
		t.Errorf("the same budget searched differently: %+v, %+v", a, b)
	}
	if _, err := Run(ctx, "paper002-annealing", s, Params{Nodes: 10}); err == nil {
		t.Error("a node budget for the annealing bot, which has no time limit, was accepted")
	}
}
