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
	"boardgames/rules/othello"
)

func init() {
	commands["solve"] = command{"exact value and best moves (Connect Four; Othello endgames)", runSolve}
}

// maxOthelloEmpties bounds the Othello positions solve accepts: beyond it
// an exact solve takes far too long to be useful.
const maxOthelloEmpties = 36

func runSolve(e *env, args []string) error {
	var pf posFlags
	fs := e.newFlags("solve", "-game connect4|othello (-moves LIST | -position POS) [-time DUR] [-json]")
	pf.register(fs.FlagSet)
	limit := fs.Duration("time", 0, "give up after this long (default: no limit; Ctrl+C also stops)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *limit < 0 {
		return badInputf("-time must not be negative")
	}
	g, rec, err := pf.load()
	if err != nil {
		return err
	}
	if rec.Result().Over() {
		return badInputf("the game is over (%s): nothing to solve", rec.Result())
	}
	ctx, stop := interruptible()
	defer stop()
	if *limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *limit)
		defer cancel()
	}
	pos := rec.Position()
	var r c4solver.Result // the same type as endgame.Result
	switch p := pos.Native().(type) {
	case connect4.Position:
		r, err = c4solver.New(0).Solve(ctx, p)
	case othello.Position:
		if p.Empties() > maxOthelloEmpties {
			return badInputf("%d empty squares: solve takes Othello positions with at most %d", p.Empties(), maxOthelloEmpties)
		}
		r, err = endgame.New(0).Solve(ctx, p)
	default:
		return badInputf("solve works on connect4 and othello, not %s", g.Name)
	}
	if err != nil {
		return solveErr(err, *limit)
	}
	score := r.Score
	bestText := moveStrings(pos, r.Best)
	type entry struct {
		Move  string `json:"move"`
		Score int    `json:"score"`
	}
	var all []entry
	for m, s := range r.Moves {
		all = append(all, entry{pos.MoveString(m), s})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Score != all[j].Score {
			return all[i].Score > all[j].Score
		}
		return all[i].Move < all[j].Move
	})
	secs, nps := r.Elapsed.Seconds(), r.NodesPerSecond()
	if *asJSON {
		if all == nil {
			all = []entry{}
		}
		return e.printJSON(struct {
			Game    string   `json:"game"`
			Score   int      `json:"score"`
			Best    []string `json:"best"`
			Moves   []entry  `json:"moves"`
			Nodes   uint64   `json:"nodes"`
			Seconds float64  `json:"seconds"`
			NPS     float64  `json:"nodesPerSecond"`
		}{g.Name, score, bestText, all, r.Nodes, secs, nps})
	}
	fmt.Fprintf(e.stdout, "score: %+d for %s to move (%s)\n", score, playerName(g, pos.ToMove()), verdict(g.Name, score))
	fmt.Fprintf(e.stdout, "best: %s\n", strings.Join(bestText, " "))
	if len(all) > 0 {
		fmt.Fprint(e.stdout, "moves:")
		for _, a := range all {
			fmt.Fprintf(e.stdout, " %s=%+d", a.Move, a.Score)
		}
		fmt.Fprintln(e.stdout)
	}
	fmt.Fprintf(e.stdout, "nodes: %d   time: %.3f s   %.1f M nodes/s\n", r.Nodes, secs, nps/1e6)
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
		return fmt.Errorf("interrupted before an exact answer")
	}
	return err
}
