package cli

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"boardgames/ai/solve/c4solver"
	"boardgames/ai/solve/endgame"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

func init() {
	commands["solve"] = command{"exact value and best moves (Connect Four; Othello endgames), of one position or a file of them", runSolve}
}

// maxOthelloEmpties bounds the Othello positions solve accepts: beyond it
// an exact solve takes far too long to be useful.
const maxOthelloEmpties = 36

// solveFlags are the flags of solve besides the position.
type solveFlags struct {
	limit     time.Duration
	asJSON    bool
	scoreOnly bool
	input     string
}

func runSolve(e *env, args []string) error {
	var pf posFlags
	var sf solveFlags
	fs := e.newFlags("solve", "-game connect4|othello (-moves LIST | -position POS | -input FILE) [-score] [-time DUR] [-json]")
	pf.register(fs.FlagSet)
	fs.DurationVar(&sf.limit, "time", 0, "give up on a position after this long (default: no limit; Ctrl+C also stops)")
	fs.BoolVar(&sf.asJSON, "json", false, "print one JSON object (one per line with -input)")
	fs.BoolVar(&sf.scoreOnly, "score", false, "the value only, without the best moves and the score of every move (faster)")
	fs.StringVar(&sf.input, "input", "", "solve every position of FILE (- for stdin), one a line: Connect Four `moves [expected score]`, Othello OBF lines")
	if err := parse(fs, args); err != nil {
		return err
	}
	if sf.limit < 0 {
		return badInputf("-time must not be negative")
	}
	if sf.input != "" {
		if pf.moves != "" || pf.position != "" {
			return badInputf("-input takes the positions from the file: give no -moves or -position")
		}
		return runBatch(e, pf, sf)
	}
	g, rec, err := pf.load()
	if err != nil {
		return err
	}
	if res := rec.Result(); res.Over() {
		return badInputf("the game is over (%s): nothing to solve", resultText(g, res))
	}
	pos := rec.Position()
	s, err := newSolver(g, []games.Position{pos})
	if err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	r, err := s.solve(ctx, pos, sf)
	if err != nil {
		return solveErr(err, sf.limit)
	}
	return printSolved(e, g, pos, r, sf)
}

// solver solves the positions of one game with one table.
type solver struct {
	c4 *c4solver.Solver
	eg *endgame.Solver
}

// newSolver checks that the game and positions can be solved and makes a
// solver for them, one table for all. The table is sized to the work:
// setting up a big one costs more than a short solve, since the system
// clears every page the search touches (a fresh 64 MiB table adds about
// 0.1 s to a Connect Four solve of 15 stones that takes 0.02 s with
// 4 MiB). A small table does as well up to about a second of solving:
// the Connect Four solver keeps only the positions of fewer than 20 stones
// in it (and allocates it only for them), the Othello one only those of
// 12 empty squares or more.
func newSolver(g *games.Game, positions []games.Position) (*solver, error) {
	switch g.Name {
	case connect4.Name:
		mib := smallTableMiB
		for _, pos := range positions {
			if pos.Native().(connect4.Position).Played() < smallTableStones {
				mib = 0 // the default
			}
		}
		return &solver{c4: c4solver.New(mib)}, nil
	case othello.Name:
		mib := smallTableMiB
		for _, pos := range positions {
			n := pos.Native().(othello.Position).Empties()
			if n > maxOthelloEmpties {
				return nil, badInputf("%d empty squares: solve takes Othello positions with at most %d", n, maxOthelloEmpties)
			}
			if n > smallTableEmpties {
				mib = 0 // the default
			}
		}
		return &solver{eg: endgame.New(mib)}, nil
	}
	return nil, badInputf("solve works on connect4 and othello, not %s", g.Name)
}

// A table of smallTableMiB serves the solves of Othello positions of up
// to smallTableEmpties empty squares and of Connect Four positions of
// smallTableStones stones or more: at most a second or so each.
const (
	smallTableEmpties = 16
	smallTableStones  = 10
	smallTableMiB     = 4
)

// solve solves pos: the value only for sf.scoreOnly, else every move too,
// within sf.limit.
func (s *solver) solve(ctx context.Context, pos games.Position, sf solveFlags) (c4solver.Result, error) {
	if sf.limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, sf.limit)
		defer cancel()
	}
	switch p := pos.Native().(type) {
	case connect4.Position:
		if sf.scoreOnly {
			return s.c4.Score(ctx, p)
		}
		return s.c4.Solve(ctx, p)
	case othello.Position:
		if sf.scoreOnly {
			return s.eg.SolveBest(ctx, p) // the cheapest exact answer
		}
		return s.eg.Solve(ctx, p)
	}
	return c4solver.Result{}, fmt.Errorf("solve works on connect4 and othello, not %s", pos.Game())
}

// moveEntry is a move and its exact score, in JSON.
type moveEntry struct {
	Move  string `json:"move"`
	Score int    `json:"score"`
}

// solvedJSON is the JSON of one solved position. Line, Position and
// Expected are for the lines of -input.
type solvedJSON struct {
	Line     int         `json:"line,omitempty"`
	Position string      `json:"position,omitempty"`
	Game     string      `json:"game"`
	Score    int         `json:"score"`
	Expected *int        `json:"expected,omitempty"`
	Best     []string    `json:"best"`
	Moves    []moveEntry `json:"moves"`
	Nodes    uint64      `json:"nodes"`
	Seconds  float64     `json:"seconds"`
	NPS      float64     `json:"nodesPerSecond"`
}

// toSolvedJSON fills the fields every solve has.
func toSolvedJSON(g *games.Game, pos games.Position, r c4solver.Result) solvedJSON {
	out := solvedJSON{Game: g.Name, Score: r.Score, Best: moveStrings(pos, r.Best), Moves: []moveEntry{},
		Nodes: r.Nodes, Seconds: r.Elapsed.Seconds(), NPS: r.NodesPerSecond()}
	for m, s := range r.Moves {
		out.Moves = append(out.Moves, moveEntry{pos.MoveString(m), s})
	}
	sort.Slice(out.Moves, func(i, j int) bool {
		if out.Moves[i].Score != out.Moves[j].Score {
			return out.Moves[i].Score > out.Moves[j].Score
		}
		return out.Moves[i].Move < out.Moves[j].Move
	})
	return out
}

// printSolved prints the answer for one position given by flags.
func printSolved(e *env, g *games.Game, pos games.Position, r c4solver.Result, sf solveFlags) error {
	out := toSolvedJSON(g, pos, r)
	if sf.asJSON {
		return e.printJSON(out)
	}
	if sf.scoreOnly {
		fmt.Fprintln(e.stdout, r.Score)
		return nil
	}
	fmt.Fprintf(e.stdout, "score: %+d for %s to move (%s)\n", r.Score, playerName(g, pos.ToMove()), verdict(g.Name, r.Score))
	fmt.Fprintf(e.stdout, "best: %s\n", strings.Join(out.Best, " "))
	if len(out.Moves) > 0 {
		fmt.Fprint(e.stdout, "moves:")
		for _, a := range out.Moves {
			fmt.Fprintf(e.stdout, " %s=%+d", a.Move, a.Score)
		}
		fmt.Fprintln(e.stdout)
	}
	fmt.Fprintf(e.stdout, "nodes: %d   time: %.3f s   %.1f M nodes/s\n", r.Nodes, out.Seconds, out.NPS/1e6)
	return nil
}

func verdict(game string, score int) string {
	switch {
	case score == 0:
		return "draw"
	case game == connect4.Name && score > 0:
		return fmt.Sprintf("win with stone %d", 22-score)
	case game == connect4.Name:
		return fmt.Sprintf("loss, the opponent wins with its stone %d", 22+score)
	case score > 0:
		return fmt.Sprintf("win by %d discs", score)
	}
	return fmt.Sprintf("loss by %d discs", -score)
}

func solveErr(err error, limit time.Duration) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("no exact answer within %s", limit)
	}
	if errors.Is(err, context.Canceled) {
		return interrupted("before an exact answer")
	}
	return err
}
