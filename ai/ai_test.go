package ai

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"boardgames/rules"
)

// mustSearch runs Search and fails the test on an error or an illegal move.
func mustSearch[S rules.State[S]](t testing.TB, algo string, s S, eval Evaluator[S], p Params) Info {
	t.Helper()
	info, err := Search(context.Background(), algo, s, eval, p)
	if err != nil {
		t.Fatalf("%s on %v: %v", algo, s, err)
	}
	if !legal(s, info.Move) {
		t.Fatalf("%s on %v: illegal move %s", algo, s, s.MoveString(info.Move))
	}
	return info
}

// searchCancelled runs Search on s with a context cancelled after 20 ms,
// and returns how long it took too.
func searchCancelled[S rules.State[S]](algo string, s S, p Params) (Info, time.Duration, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	timer := time.AfterFunc(20*time.Millisecond, cancel)
	defer timer.Stop()
	start := time.Now()
	info, err := Search(ctx, algo, s, nil, p)
	return info, time.Since(start), err
}

// checkAgree checks on n random positions of start that minimax, alphabeta
// (with and without ordering), negascout and the engine find the same
// value at every depth up to maxD, and that alpha-beta visits no more
// nodes than minimax.
func checkAgree[S rules.State[S]](t *testing.T, name string, start S, eval Evaluator[S], n, plies, maxD int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 7))
	for k := range n {
		s := randomPosition(start, rng.IntN(plies+1), rng)
		for d := 1; d <= maxD; d++ {
			mm := mustSearch(t, "minimax", s, eval, Params{Depth: d})
			for _, c := range []struct {
				algo string
				p    Params
			}{
				{"alphabeta", Params{Depth: d}},
				{"alphabeta", Params{Depth: d, Ordering: true}},
				{"negascout", Params{Depth: d}},
				{"negascout", Params{Depth: d, Ordering: true}},
				{"engine", Params{Depth: d, TTMiB: 1, NoQuiescence: true}}, // quiesce_test.go checks quiescence
			} {
				info := mustSearch(t, c.algo, s, eval, c.p)
				if info.Score != mm.Score {
					t.Fatalf("%s #%d %v depth %d: %s (ordering %v) scores %d, minimax %d",
						name, k, s, d, c.algo, c.p.Ordering, info.Score, mm.Score)
				}
				if c.algo == "alphabeta" && !c.p.Ordering && info.Nodes > mm.Nodes {
					t.Errorf("%s #%d depth %d: alphabeta visits %d nodes, minimax %d", name, k, d, info.Nodes, mm.Nodes)
				}
				// A pruning search may prove a value minimax only
				// estimates, never the other way round.
				if mm.Exact && !info.Exact {
					t.Errorf("%s #%d depth %d: %s not exact, minimax is", name, k, d, c.algo)
				}
			}
			// The best move's score must be its value, and minimax's
			// root moves hold exact values.
			if len(mm.Moves) == 0 || mm.Moves[0].Score != mm.Score || mm.PV[0] != mm.Move {
				t.Fatalf("%s #%d depth %d: minimax reports %+v", name, k, d, mm)
			}
		}
	}
}

func TestAgreeSmallGames(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 10
	}
	checkAgree(t, "ttt", ttt{}, nil, n, 6, 5)
	checkAgree(t, "flip4", newFlip(4), nil, n, 12, 4)
	checkAgree(t, "flip5", newFlip(5), nil, n/2, 18, 4)
	checkAgree(t, "nim", nim{heap: 17}, nil, n, 10, 6)
}

func TestExactValues(t *testing.T) {
	// Tic-tac-toe is a draw.
	for _, algo := range []string{"minimax", "alphabeta", "negascout", "engine"} {
		info := mustSearch(t, algo, ttt{}, nil, Params{Depth: 9, TTMiB: 1})
		if info.Score != 0 || !info.Exact {
			t.Errorf("%s: tic-tac-toe scores %d (exact %v), want an exact draw", algo, info.Score, info.Exact)
		}
	}
	// Nim: a multiple of 4 loses for the side to move, in heap plies.
	for heap := 1; heap <= 12; heap++ {
		info := mustSearch(t, "engine", nim{heap: heap}, nil, Params{Depth: 20, TTMiB: 1})
		if !info.Exact || !IsDecided(info.Score) {
			t.Fatalf("nim %d: %+v not decided", heap, info)
		}
		if lost := info.Score < 0; lost != (heap%4 == 0) {
			t.Errorf("nim %d: score %d", heap, info.Score)
		}
		if !lost(info.Score) && heap%4 != int(info.Move) {
			t.Errorf("nim %d: takes %d", heap, info.Move)
		}
		// The winner answers k with 4-k, and takes the last 1-3 at
		// once: the game lasts heap/2 plies.
		if heap%4 == 0 && info.Score != -(WinScore-heap/2) {
			t.Errorf("nim %d: score %d, want %d", heap, info.Score, -(WinScore - heap/2))
		}
	}
	// X to move wins at once on the top row rather than later.
	s := ttt{x: 0003 | 0100, o: 0030 | 0200}
	for _, algo := range []string{"minimax", "alphabeta", "negascout", "engine"} {
		info := mustSearch(t, algo, s, nil, Params{Depth: 5, TTMiB: 1})
		if info.Move != 2 || info.Score != WinScore-1 || !info.Exact {
			t.Errorf("%s: plays %d scoring %d (exact %v), want the win at 2 scoring %d", algo, info.Move, info.Score, info.Exact, WinScore-1)
		}
	}
}

func lost(score int) bool { return score < 0 }

func TestEngineStopsWhenExact(t *testing.T) {
	info, err := Search(context.Background(), "engine", ttt{}, nil, Params{Time: 10 * time.Second, TTMiB: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !info.Exact || info.Score != 0 || info.Depth > 9 || info.Elapsed > 5*time.Second {
		t.Errorf("engine on tic-tac-toe: %+v", info)
	}
	if info.TTHits == 0 {
		t.Errorf("engine on tic-tac-toe: no transposition hits")
	}
}

// checkLegal runs every algorithm on n random positions.
func checkLegal[S rules.State[S]](t *testing.T, start S, n, plies int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 3))
	for k := range n {
		s := randomPosition(start, rng.IntN(plies+1), rng)
		for _, algo := range Algorithms {
			p := Params{Depth: 2, Iterations: 200, TTMiB: 1, Population: 8, Generations: 4, Seed: uint64(k)}
			if algo == "mcts" && k%2 == 1 {
				p.Playout = "greedy"
			}
			if algo == "genetic" {
				p.Depth = 3
			}
			info := mustSearch(t, algo, s, nil, p)
			if info.Algo != algo || info.Fallback {
				t.Fatalf("%s on %v: %+v", algo, s, info)
			}
			if len(info.PV) > 0 && info.PV[0] != info.Move {
				t.Fatalf("%s on %v: PV %v does not start with %v", algo, s, info.PV, info.Move)
			}
		}
	}
}

func TestLegalSmallGames(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 8
	}
	checkLegal(t, ttt{}, n, 7)
	checkLegal(t, newFlip(5), n, 24)
	checkLegal(t, nim{heap: 9}, n, 8)
}

func TestCancel(t *testing.T) {
	deep := newFlip(5)
	for _, algo := range Algorithms {
		p := Params{Depth: 20, Iterations: MaxIterations, Population: 10_000, Generations: 1000, Cooling: 0.999999, TTMiB: 1}
		if algo == "annealing" {
			p.Depth = 8
		}
		if algo == "genetic" {
			p.Depth = 20
		}
		info, el, err := searchCancelled(algo, deep, p)
		if err != nil {
			t.Fatalf("%s: %v", algo, err)
		}
		// Uncancelled, each of these searches runs for minutes; 5 s leaves
		// room for a machine so busy that the search's goroutine waits
		// seconds for a core (1.8 s was seen under the race detector).
		if el > 5*time.Second {
			t.Errorf("%s: took %v after a cancel at 20ms", algo, el)
		}
		if !legal(deep, info.Move) {
			t.Errorf("%s: illegal move %d", algo, info.Move)
		}
	}
}

func TestCancelledBeforeStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, algo := range Algorithms {
		info, err := Search(ctx, algo, newFlip(4), nil, Params{Depth: 6, TTMiB: 1})
		if err != nil {
			t.Fatalf("%s: %v", algo, err)
		}
		if !legal(newFlip(4), info.Move) {
			t.Errorf("%s: illegal move", algo)
		}
		if algo != "random" && algo != "greedy" && !info.Fallback && info.Nodes > 2048 {
			t.Errorf("%s: searched %d nodes after a cancel", algo, info.Nodes)
		}
	}
}

func TestTimeBudget(t *testing.T) {
	deep := newFlip(5)
	budget := 100 * time.Millisecond
	if testing.Short() {
		budget = 40 * time.Millisecond
	}
	for _, algo := range Algorithms {
		p := Params{Time: budget, TTMiB: 1, Iterations: MaxIterations, Population: 100_000, Cooling: 0.999999}
		if algo == "annealing" {
			p.Depth = 8
		}
		var reports int
		p.Progress = func(Info) { reports++ }
		info := mustSearch(t, algo, deep, nil, p)
		if info.Elapsed > budget+time.Second {
			t.Errorf("%s: took %v on a budget of %v", algo, info.Elapsed, budget)
		}
		switch algo {
		case "minimax", "alphabeta", "negascout", "engine":
			if info.Depth < 1 || info.Fallback || reports == 0 {
				t.Errorf("%s: depth %d, fallback %v, %d reports", algo, info.Depth, info.Fallback, reports)
			}
		}
	}
	// A context deadline is a budget too, and enough for the engine.
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	info, err := Search(ctx, "engine", deep, nil, Params{TTMiB: 1})
	if err != nil || info.Elapsed > budget+time.Second || info.Depth < 1 {
		t.Errorf("engine on a context deadline: %+v, %v", info, err)
	}
}

func TestSameSeedSameMove(t *testing.T) {
	s := randomPosition(newFlip(5), 6, rand.New(rand.NewPCG(1, 2)))
	for _, algo := range Algorithms {
		for seed := range uint64(5) {
			p := Params{Depth: 2, Iterations: 300, TTMiB: 1, Seed: seed}
			a := mustSearch(t, algo, s, nil, p)
			b := mustSearch(t, algo, s, nil, p)
			if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes {
				t.Errorf("%s seed %d: %v/%d/%d then %v/%d/%d", algo, seed, a.Move, a.Score, a.Nodes, b.Move, b.Score, b.Nodes)
			}
		}
	}
	// Different seeds do make random play differ.
	seen := map[rules.Move]bool{}
	for seed := range uint64(20) {
		seen[mustSearch(t, "random", s, nil, Params{Seed: seed}).Move] = true
	}
	if len(seen) < 3 {
		t.Errorf("random: %d different moves from 20 seeds", len(seen))
	}
}

func TestTreeRecorder(t *testing.T) {
	s := randomPosition(newFlip(4), 5, rand.New(rand.NewPCG(4, 4)))
	for _, algo := range []string{"minimax", "alphabeta", "negascout"} {
		for _, ordering := range []bool{false, true} {
			tree := &Tree{Max: 100_000}
			info := mustSearch(t, algo, s, nil, Params{Depth: 3, Ordering: ordering, Tree: tree})
			if tree.Truncated || uint64(len(tree.Nodes)) != info.Nodes {
				t.Fatalf("%s: %d nodes recorded (truncated %v), %d searched", algo, len(tree.Nodes), tree.Truncated, info.Nodes)
			}
			checkTree(t, algo, tree, info)
		}
	}
	// Truncation at Max.
	tree := &Tree{Max: 50}
	info := mustSearch(t, "minimax", s, nil, Params{Depth: 3, Tree: tree})
	if !tree.Truncated || len(tree.Nodes) != 50 || info.Nodes <= 50 {
		t.Errorf("truncated tree: %d nodes, truncated %v", len(tree.Nodes), tree.Truncated)
	}
	// Iterative deepening: a root per iteration.
	tree = &Tree{Max: 1 << 20}
	info = mustSearch(t, "alphabeta", ttt{}, nil, Params{Time: 10 * time.Second, Tree: tree})
	roots := 0
	for _, n := range tree.Nodes {
		if n.Parent < 0 {
			roots++
		}
	}
	if roots != info.Depth || uint64(len(tree.Nodes)) != info.Nodes {
		t.Errorf("deepening tree: %d roots for depth %d, %d nodes for %d", roots, info.Depth, len(tree.Nodes), info.Nodes)
	}
}

// checkTree checks the shape of a recorded tree against the search.
func checkTree(t *testing.T, algo string, tree *Tree, info Info) {
	t.Helper()
	root := tree.Nodes[0]
	if root.Parent != -1 || root.Value != info.Score || root.Ply != 0 {
		t.Errorf("%s: root %+v, score %d", algo, root, info.Score)
	}
	var leaves, cuts, research int
	for i, n := range tree.Nodes[1:] {
		p := tree.Nodes[n.Parent]
		if int(n.Parent) > i || n.Ply != p.Ply+1 {
			t.Fatalf("%s: node %d has parent %d", algo, i+1, n.Parent)
		}
		if n.Leaf {
			leaves++
		}
		if n.Cut {
			cuts++
		}
		if n.Research {
			research++
		}
	}
	if uint64(leaves) != info.Leaves || uint64(cuts) != info.Cutoffs {
		t.Errorf("%s: tree has %d leaves and %d cuts, search %d and %d", algo, leaves, cuts, info.Leaves, info.Cutoffs)
	}
	if algo != "negascout" && research > 0 {
		t.Errorf("%s: %d re-searches", algo, research)
	}
	if algo == "minimax" && cuts > 0 {
		t.Errorf("minimax: %d cuts", cuts)
	}
}

func TestValidate(t *testing.T) {
	bad := []struct {
		algo string
		p    Params
		want string
	}{
		{"minmax", Params{}, "unknown algorithm"},
		{"minimax", Params{Depth: -1}, "depth"},
		{"minimax", Params{Depth: 101}, "depth"},
		{"engine", Params{}, "needs a depth or a time"},
		{"mcts", Params{Time: -time.Second}, "negative"},
		{"mcts", Params{Iterations: -5}, "iterations"},
		{"mcts", Params{Playout: "smart"}, "playout"},
		{"mcts", Params{Exploration: -1}, "exploration"},
		{"annealing", Params{Cooling: 1}, "cooling"},
		{"annealing", Params{T0: 1, T1: 2}, "above the initial"},
		{"annealing", Params{T0: -1}, "initial temperature"},
		{"genetic", Params{Population: 1}, "population"},
		{"genetic", Params{Mutation: 1.5}, "mutation"},
		{"genetic", Params{Generations: -1}, "generations"},
		{"engine", Params{Depth: 3, TTMiB: 2048}, "transposition"},
	}
	for _, c := range bad {
		err := c.p.Validate(c.algo)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "ai: ") {
			t.Errorf("%s %+v: %v, want %q", c.algo, c.p, err, c.want)
		}
		if _, err := Search(context.Background(), c.algo, ttt{}, nil, c.p); err == nil {
			t.Errorf("Search %s %+v: no error", c.algo, c.p)
		}
	}
	for _, algo := range Algorithms {
		p := Params{}
		if algo == "engine" {
			p.Time = time.Second
		}
		if err := p.Validate(algo); err != nil {
			t.Errorf("%s defaults: %v", algo, err)
		}
	}
	// A finished game has nothing to search.
	if _, err := Search(context.Background(), "minimax", nim{}, nil, Params{}); err == nil {
		t.Errorf("Search on a finished game: no error")
	}
}

func TestGreedy(t *testing.T) {
	// X (to move) flips the most O marks by playing 5, between three O's.
	s := flip{n: 3, w: 1<<2 | 1<<4 | 1<<8, b: 1 << 0}
	info := mustSearch(t, "greedy", s, nil, Params{})
	if info.Move != 5 || info.Score != 7 || info.Moves[0].Move != 5 {
		t.Errorf("greedy plays %d gaining %d: %+v", info.Move, info.Score, info.Moves)
	}
	// A win is the best gain.
	w := ttt{x: 0003 | 0100, o: 0030 | 0200}
	if info := mustSearch(t, "greedy", w, nil, Params{}); info.Move != 2 {
		t.Errorf("greedy misses the win: %d", info.Move)
	}
	// Ties are broken at random.
	seen := map[rules.Move]bool{}
	for seed := range uint64(30) {
		seen[mustSearch(t, "greedy", ttt{}, nil, Params{Seed: seed}).Move] = true
	}
	if len(seen) < 4 {
		t.Errorf("greedy ties: %d different moves", len(seen))
	}
}

func TestMCTS(t *testing.T) {
	// X wins at once at 2; O threatens 5 too.
	s := ttt{x: 0003 | 0100, o: 0030 | 0200}
	info := mustSearch(t, "mcts", s, nil, Params{Iterations: 2000})
	if info.Move != 2 {
		t.Errorf("mcts plays %d: %+v", info.Move, info.Moves)
	}
	total := 0
	for _, m := range info.Moves {
		total += m.Visits
	}
	if total != 2000 || info.Moves[0].Move != 2 || info.Moves[0].Score != 1000 {
		t.Errorf("mcts moves %+v (visits %d)", info.Moves, total)
	}
	// Nim from 5: take 1.
	info = mustSearch(t, "mcts", nim{heap: 5}, nil, Params{Iterations: 3000, Seed: 1})
	if info.Move != 1 || info.PV[0] != 1 || info.Depth < 2 {
		t.Errorf("mcts on nim 5: %+v", info)
	}
}

func TestAnnealingAndGenetic(t *testing.T) {
	// Annealing finds the only winning move of Nim from 6 (take 2) with a
	// search deep enough to see the end.
	info := mustSearch(t, "annealing", nim{heap: 6}, nil, Params{Depth: 6, Seed: 3})
	if info.Move != 2 || len(info.Trace) == 0 || !info.Exact {
		t.Errorf("annealing on nim 6: %+v", info)
	}
	// Genetic blocks O's threat on 1-4-7: every other plan meets O's
	// winning reply.
	block := ttt{x: 1<<0 | 1<<8, o: 1<<1 | 1<<4}
	for seed := range uint64(5) {
		info := mustSearch(t, "genetic", block, nil, Params{Depth: 2, Seed: seed})
		if info.Move != 7 || IsDecided(info.Score) {
			t.Errorf("genetic seed %d: plays %d scoring %d", seed, info.Move, info.Score)
		}
	}
	info = mustSearch(t, "annealing", newFlip(4), nil, Params{Iterations: 5000})
	if len(info.Trace) > 1000 || info.Trace[0].Temperature != defaultT0 || info.Trace[len(info.Trace)-1].Temperature != defaultT1 {
		t.Errorf("annealing trace: %d samples, %+v ... %+v", len(info.Trace), info.Trace[0], info.Trace[len(info.Trace)-1])
	}
	if len(info.Moves) != 16 || info.Score != info.Moves[0].Score {
		t.Errorf("annealing moves: %+v", info.Moves)
	}
	info = mustSearch(t, "genetic", newFlip(4), nil, Params{Generations: 10})
	if len(info.Trace) != 11 || len(info.PV) != 3 {
		t.Errorf("genetic: %d trace samples, PV %v", len(info.Trace), info.PV)
	}
	for i, sm := range info.Trace {
		if sm.Best < sm.Current || sm.Current < sm.Mean || i > 0 && sm.Best < info.Trace[i-1].Best {
			t.Errorf("genetic generation %d: %+v", i, sm)
		}
	}
}

func TestNoAllocationsPerNode(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("allocation counts under -short or -race")
	}
	s := newFlip(4)
	for _, algo := range []string{"minimax", "alphabeta", "negascout", "engine"} {
		allocs := func(depth int) float64 {
			p := Params{Depth: depth, Ordering: true, TTMiB: 1}
			return testing.AllocsPerRun(3, func() {
				if _, err := Search(context.Background(), algo, s, nil, p); err != nil {
					t.Fatal(err)
				}
			})
		}
		a2, a5 := allocs(2), allocs(5)
		// Only the per-search buffers and the Info allocate: larger
		// for deeper searches, but no more of them.
		if a5 != a2 {
			t.Errorf("%s: %v allocations at depth 2, %v at depth 5", algo, a2, a5)
		}
	}
}

// DecidedIn reads the plies to the end of a game from a decided score,
// and nothing from a heuristic one.
func TestDecidedIn(t *testing.T) {
	for _, c := range []struct {
		score, plies int
		ok           bool
	}{{WinScore - 3, 3, true}, {-(WinScore - 4), 4, true}, {WinScore, 0, true}, {120, 0, false}, {-WinScore / 2, 0, false}} {
		if plies, ok := DecidedIn(c.score); plies != c.plies || ok != c.ok || ok != IsDecided(c.score) {
			t.Errorf("DecidedIn(%d) = %d, %v", c.score, plies, ok)
		}
	}
}
