package ai

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/othello"
)

// The games themselves, with ScoreEval (discs, pieces, marks from the side
// to move's view) standing in for their evaluators.

func TestAgreeGames(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	checkAgree(t, "othello", othello.Start(), nil, n, 40, 4)
	checkAgree(t, "checkers", checkers.Start(), nil, n, 40, 4)
	checkAgree(t, "connect4", connect4.Start(), nil, n, 30, 4)
	checkAgree(t, "adjacency", adjacency.Start(), nil, n, 40, 3)
}

// checkEngineDeep compares the engine with negascout at depth d on n
// random positions, and alphabeta's node count with negascout's.
func checkEngineDeep[S rules.State[S]](t *testing.T, name string, start S, n, plies, d int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, 11))
	fewer, total := 0, 0
	for k := range n {
		s := randomPosition(start, rng.IntN(plies+1), rng)
		ns := mustSearch(t, "negascout", s, nil, Params{Depth: d, Ordering: true})
		ab := mustSearch(t, "alphabeta", s, nil, Params{Depth: d, Ordering: true})
		en := mustSearch(t, "engine", s, nil, Params{Depth: d, TTMiB: 4, NoQuiescence: true})
		if en.Score != ns.Score || ab.Score != ns.Score {
			t.Fatalf("%s #%d %v depth %d: engine %d, negascout %d, alphabeta %d", name, k, s, d, en.Score, ns.Score, ab.Score)
		}
		if ns.Nodes < ab.Nodes {
			fewer++
		}
		total++
	}
	t.Logf("%s depth %d: negascout visited fewer nodes than alphabeta in %d of %d positions", name, d, fewer, total)
}

func TestEngineDeepGames(t *testing.T) {
	n := 8
	if testing.Short() {
		n = 3
	}
	checkEngineDeep(t, "othello", othello.Start(), n, 40, 6)
	checkEngineDeep(t, "checkers", checkers.Start(), n, 40, 7)
	checkEngineDeep(t, "connect4", connect4.Start(), n, 25, 7)
	checkEngineDeep(t, "adjacency", adjacency.Start(), n, 40, 4)
}

func TestLegalGames(t *testing.T) {
	n := 6
	if testing.Short() {
		n = 2
	}
	checkLegal(t, othello.Start(), n, 58)
	checkLegal(t, checkers.Start(), n, 60)
	checkLegal(t, connect4.Start(), n, 40)
	checkLegal(t, adjacency.Start(), n, 54)
	// Adjacency with a short round limit, White first.
	short, err := adjacency.New(adjacency.Options{Rounds: 3, First: rules.White})
	if err != nil {
		t.Fatal(err)
	}
	checkLegal(t, short, n, 5)
}

// TestConnect4Solve solves positions of Pascal Pons' benchmark set that end
// within 14 plies and checks the exact score in his convention.
func TestConnect4Solve(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 8
	}
	checkConnect4Solve(t, n, Params{Time: 20 * time.Second, TTMiB: 8})
}

// checkConnect4Solve solves the first n positions of Pons' set Test_L3_R1
// with the engine under p, and checks each exact score in his convention.
func checkConnect4Solve(t *testing.T, n int, p Params) {
	t.Helper()
	f, err := os.Open("../../shared/data/connect4/Test_L3_R1")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for k := 0; k < n && sc.Scan(); k++ {
		moves, want, _ := strings.Cut(sc.Text(), " ")
		h, err := connect4.ParseMoves(connect4.Start(), moves)
		if err != nil {
			t.Fatal(err)
		}
		info := mustSearch(t, "engine", h.Position(), nil, p)
		if !info.Exact {
			t.Fatalf("%s: not solved in %v (depth %d)", moves, info.Elapsed, info.Depth)
		}
		if got := ponsScore(len(moves), info.Score); strconv.Itoa(got) != want {
			t.Errorf("%s: score %d (%d), want %s", moves, got, info.Score, want)
		}
	}
}

// ponsScore converts a decided value of a position with n stones into
// Pons' score: a win whose stone is the p-th ply from here scores
// (43 - stones before it)/2.
func ponsScore(n, v int) int {
	if v == 0 {
		return 0
	}
	if v > 0 {
		p := WinScore - v
		return (43 - (n + p - 1)) / 2
	}
	p := WinScore + v
	return -(43 - (n + p - 1)) / 2
}

// TestOthelloEndgame solves random Othello endgames with the engine and
// checks the value with full-depth alpha-beta.
func TestOthelloEndgame(t *testing.T) {
	n := 6
	if testing.Short() {
		n = 2
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for range n {
		s := randomPosition(othello.Start(), 52, rng)
		en := mustSearch(t, "engine", s, nil, Params{Time: 20 * time.Second, TTMiB: 4})
		ab := mustSearch(t, "alphabeta", s, nil, Params{Depth: 20, Ordering: true})
		if !en.Exact || !ab.Exact || en.Score != ab.Score {
			t.Errorf("%v: engine %d (exact %v), alphabeta %d (exact %v)", s, en.Score, en.Exact, ab.Score, ab.Exact)
		}
	}
}

func TestCancelGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	checkCancelGame(t, "othello", randomPosition(othello.Start(), 10, rng))
	checkCancelGame(t, "checkers", randomPosition(checkers.Start(), 10, rng))
}

// checkCancelGame runs the depth-first searches and MCTS on s with a
// deadline 20 ms away: each must return within a second, with a legal move.
func checkCancelGame[S rules.State[S]](t *testing.T, name string, s S) {
	t.Helper()
	p := Params{Depth: 30, Iterations: MaxIterations, TTMiB: 1}
	for _, algo := range []string{"minimax", "alphabeta", "negascout", "engine", "mcts"} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		start := time.Now()
		info, err := Search(ctx, algo, s, nil, p)
		if err == nil && !legal(s, info.Move) {
			t.Errorf("%s %s: illegal move", name, algo)
		}
		cancel()
		if el := time.Since(start); err != nil || el > time.Second {
			t.Errorf("%s %s: %v after %v", name, algo, err, el)
		}
	}
}
