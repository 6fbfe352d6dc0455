package lab

import (
	"context"
	"fmt"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/rules/games"
)

// CheckersPosition is a named checkers position given by the moves that
// reach it from the start.
type CheckersPosition struct {
	Name, Moves string
}

// CheckersMiddleGames are the five middle-game positions of the
// checkers-negascout experiment. Each starts with the defining moves of a
// classic named opening of English checkers (the Old Fourteenth, the
// Glasgow, the Single Corner, the Ayrshire Lassie and the Dyke), continued
// by this program's engine (fixed depth 10, strong evaluation) to the
// first quiet position (no capture pending, at least six moves to choose
// from) after the 12th move of each side. The move lists are frozen here,
// so the positions do not change when the engine does.
var CheckersMiddleGames = []CheckersPosition{
	{"Old Fourteenth", "11-15 23-19 8-11 22-17 4-8 25-22 9-14 24-20 15x24 28x19 11-15 27-24 " +
		"7-11 17-13 15-18 22x15 11x18 32-28 2-7 29-25 5-9 19-15 10x19 24x15"},
	{"Glasgow", "11-15 23-19 8-11 22-17 11-16 24-20 16x23 27x18x11 7x16 20x11 3-7 28-24 " +
		"7x16 25-22 9-13 24-20 16-19 26-23 19x26 30x23 6-9 32-28 2-7 31-26"},
	{"Single Corner", "11-15 22-18 15x22 25x18 8-11 26-22 9-14 18x9 5x14 24-20 6-9 27-24 " +
		"9-13 24-19 1-5 30-25 14-17 21x14 10x17x26 31x22 7-10 23-18 10-14 18x9 5x14"},
	{"Ayrshire Lassie", "11-15 24-20 8-11 28-24 9-13 23-18 5-9 27-23 10-14 32-28 7-10 24-19 " +
		"15x24 28x19 4-8 19-16 12x19 23x16x7 2x11 26-23 8-12 22-17 13x22 30-26"},
	{"Dyke", "11-15 22-17 15-19 24x15 10x19 23x16 12x19 27-24 7-10 24x15 10x19 26-23 " +
		"19x26 30x23 8-11 28-24 6-10 17-13 10-15 13x6 1x10 21-17 5-9 25-22"},
}

// checkersNegascout is the checkers paper's measurement: negascout against
// alpha-beta on five positions at depths 4, 6 and 8.
func checkersNegascout(ctx context.Context, opt ExperimentOptions, progress func(int, int)) (Table, error) {
	g, err := games.Lookup("checkers")
	if err != nil {
		return Table{}, err
	}
	depths := []int{4, 6, 8}
	if opt.Quick {
		depths = []int{4, 6}
	}
	algos := []string{"alphabeta", "negascout"}
	orders := []bool{false, true}
	t := Table{
		Columns: []string{"position", "depth", "algorithm", "nodes", "ms", "best move", "score"},
		XLabel:  "depth", YLabel: "nodes (sum over the positions)",
	}
	totals := map[string][]float64{}
	var names []string
	total := len(CheckersMiddleGames) * len(depths) * len(algos) * len(orders)
	done, tests := 0, 0
	var fewer [2]int // by ordering
	disagree := 0
	progress(0, total)
	var runErr error
positions:
	for _, cp := range CheckersMiddleGames {
		rec, err := g.ParseMoves(nil, cp.Moves, games.Settings{})
		if err != nil {
			return Table{}, fmt.Errorf("lab: position %s: %w", cp.Name, err)
		}
		pos := rec.Position()
		for di, d := range depths {
			score, first := 0, true
			for oi, order := range orders {
				var nodes [2]uint64
				for k, algo := range algos {
					spec := bots.Spec{Algo: algo, Eval: "paper", Params: ai.Params{Depth: d, Ordering: order}}
					info, err := bots.Think(ctx, pos, spec)
					if err != nil {
						return Table{}, fmt.Errorf("lab: %s on %s: %w", spec, cp.Name, err)
					}
					if err := ctx.Err(); err != nil { // the search was cut short: keep the rows before it
						runErr = err
						break positions
					}
					name := algo
					if order {
						name += " (ordered)"
					}
					nodes[k] = info.Nodes
					if !first && info.Score != score {
						disagree++
					}
					score, first = info.Score, false
					t.Rows = append(t.Rows, []string{cp.Name, itoa(d), name, u64(info.Nodes),
						f1(info.Elapsed.Seconds() * 1000), pos.MoveString(info.Move), itoa(info.Score)})
					if totals[name] == nil {
						totals[name] = make([]float64, len(depths))
						names = append(names, name)
					}
					totals[name][di] += float64(info.Nodes)
					done++
					progress(done, total)
				}
				if nodes[1] < nodes[0] {
					fewer[oi]++
				}
			}
			tests++
		}
	}
	xs := make([]float64, len(depths))
	for i, d := range depths {
		xs[i] = float64(d)
	}
	for _, a := range names {
		t.Series = append(t.Series, Series{Name: a, X: xs, Y: totals[a]})
	}
	t.Notes = append(t.Notes,
		fmt.Sprintf("without move ordering negascout searched fewer nodes than alpha-beta in %d of %d tests (%s)", fewer[0], tests, pct(fewer[0], tests)),
		fmt.Sprintf("with greedy move ordering negascout searched fewer nodes than alpha-beta in %d of %d tests (%s; the paper reports 86%%)", fewer[1], tests, pct(fewer[1], tests)))
	if disagree == 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("scores agree in all %d tests (all four searches per position and depth)", tests))
	} else {
		t.Notes = append(t.Notes, fmt.Sprintf("SCORES DISAGREE in %d searches", disagree))
	}
	t.Notes = append(t.Notes, "positions: classic openings continued by the engine to the middle game (see lab.CheckersMiddleGames)")
	return t, runErr
}
