package match

import (
	"fmt"
	"strings"

	"boardgames/ai"
	"boardgames/ai/bots"
	"boardgames/app/internal/tr"
	"boardgames/rules"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"

	"boardgames/ai/stats"
)

// The words of the games in the language in use: the packages rules and
// bots name things in English only (and in code names such as
// "alphabeta"); these turn their names into the words the window shows.

// GameTitle is a game's name as the window shows it ("Othello", "Dam").
func GameTitle(g *games.Game) string {
	switch g.Name {
	case othello.Name:
		return tr.T("Othello")
	case checkers.Name:
		return tr.T("Checkers")
	case connect4.Name:
		return tr.T("Connect Four")
	case adjacency.Name:
		return tr.T("Adjacency")
	}
	return g.Title
}

// ColourName is the colour of a side's pieces, which names the player:
// games.Game.PlayerName in the language in use.
func ColourName(g *games.Game, p rules.Player) string {
	switch name := g.PlayerName(p); name {
	case "Black":
		return tr.T("Black")
	case "White":
		return tr.T("White")
	case "Red":
		return tr.T("Red")
	case "Yellow":
		return tr.T("Yellow")
	case "Blue":
		return tr.T("Blue")
	case "Orange":
		return tr.T("Orange")
	default:
		return name
	}
}

// AlgoTitle is an algorithm's name as the window shows it ("Alpha-beta"
// for "alphabeta"); a name it does not know is shown as it is.
func AlgoTitle(algo string) string {
	switch algo {
	case "random":
		return tr.T("Random")
	case "greedy":
		return tr.T("Greedy")
	case "minimax":
		return tr.T("Minimax")
	case "alphabeta":
		return tr.T("Alpha-beta")
	case "negascout":
		return tr.T("NegaScout")
	case "engine":
		return tr.T("Engine")
	case "mcts":
		return tr.T("Monte-Carlo tree search")
	case "annealing":
		return tr.T("Simulated annealing")
	case "genetic":
		return tr.T("Genetic algorithm")
	case "solver":
		return tr.T("Exact solver")
	case "perfect":
		return tr.T("Perfect (exact solver)")
	case "gtp":
		return tr.T("External program")
	case "paper000":
		return tr.T("Paper 000: alpha-beta, depth 4")
	case "paper001-negascout":
		return tr.T("Paper 001: NegaScout")
	case "paper001-alphabeta":
		return tr.T("Paper 001: alpha-beta")
	case "paper002-minimax":
		return tr.T("Paper 002: minimax")
	case "paper002-annealing":
		return tr.T("Paper 002: simulated annealing")
	case "paper002-genetic":
		return tr.T("Paper 002: genetic algorithm")
	case "paper002-genetic-intended":
		return tr.T("Paper 002: genetic algorithm as the text intends")
	case "paper003":
		return tr.T("Paper 003: minimax, depth 6")
	case "paper004-greedy":
		return tr.T("Paper 004: greedy by number")
	case "paper004-alphabeta":
		return tr.T("Paper 004: alpha-beta, greedy ordering")
	}
	return algo
}

// AlgoHelp says in a sentence or two what an algorithm does; for a paper's
// bot, which paper and which settings ("" for an unknown algorithm).
func AlgoHelp(algo string) string {
	switch algo {
	case "random":
		return tr.T("Plays a legal move at random.")
	case "greedy":
		return tr.T("Plays the move that gains the most at once (discs flipped, marks taken, pieces captured); equal moves at random.")
	case "minimax":
		return tr.T("Looks at every move of both sides to the depth and assumes the best replies.")
	case "alphabeta":
		return tr.T("Minimax that skips the moves that cannot change the result (alpha-beta pruning).")
	case "negascout":
		return tr.T("Alpha-beta that tests the later moves with a null window and searches again only when one may be better.")
	case "engine":
		return tr.T("Deepens step by step within its time, remembers positions (transposition table), orders moves by experience and, where its evaluation has the statistics, cuts off positions that a search half as deep shows to be far better or worse than what matters (Multi-ProbCut).")
	case "mcts":
		return tr.T("Plays many random games from each move and favours the moves that win most often (UCT).")
	case "annealing":
		return tr.T("Local search over the legal moves: a worse move is accepted less and less often as the temperature falls (our variant).")
	case "genetic":
		return tr.T("Evolves plans of several moves by selection, crossover and mutation, checking the replies (our variant).")
	case "perfect":
		return tr.T("Plays the exact solver's best move: the fastest win, the slowest loss, otherwise a draw.")
	case "gtp":
		return tr.T("A program of your own or another engine, playing through GTP on its standard input and output (docs/protocol.md). The time budget is for each of its moves (10 s when empty); an illegal move, a malformed reply, a crash or a timeout loses the game.")
	case "paper000":
		return tr.T("Paper 000 as its author ran it: alpha-beta to depth 4, moves row by row, the positional table (corner 5, edge 3, inside 1) over its own discs. Play it with no passing and White first for the paper's games.")
	case "paper001-negascout":
		return tr.T("Paper 001: Reinefeld's 1983 NegaScout (a re-search when a null window fails high, except for the first move and at the two lowest levels), moves in the order generated, the paper's four factors (pieces, moves, jumps, edges) with weights of our own: the paper gives none.")
	case "paper001-alphabeta":
		return tr.T("Paper 001: alpha-beta, moves in the order generated, the paper's four factors with weights of our own: the paper gives none.")
	case "paper002-minimax":
		return tr.T("Paper 002 as its authors ran it: alpha-beta on the mark difference, the move plus min(rounds chosen, 4) plies all game, squares row by row, a cut-off that leaves only the row, moves simulated with whole runs captured (the game takes only the adjacent mark), at most 5 s, keeping the best move finished.")
	case "paper002-annealing":
		return tr.T("Paper 002 as its authors ran it: random squares, temperature 1.0 to 0.01, cooling 0.995, at most 1000 iterations; an occupied square wastes its iteration; aims at its own marks.")
	case "paper002-genetic-intended":
		return tr.T("Paper 002's genetic algorithm as its text intends, not as its authors ran it: fitness = own marks after the move; a population of 50 squares, 50 generations, random parents, uniform crossover of row and column, mutation 0.1, the best 50 kept.")
	case "paper002-genetic":
		return tr.T("Paper 002 as its authors ran it: the printed fitness counts marks on a new, empty board, so every square scores 0 and the bot plays the first empty square of its first random population: a random move. Population 50, 50 generations.")
	case "paper003":
		return tr.T("Paper 003 as its author ran it: plain minimax (no alpha-beta) to depth 6, a four at depth d worth 7-d, equal columns chosen at random.")
	case "paper004-greedy":
		return tr.T("Paper 004: the move that flips the most discs, equal moves at random; a move that ends the game counts its flips like any other.")
	case "paper004-alphabeta":
		return tr.T("Paper 004: alpha-beta, moves sorted by discs flipped, a won game worth infinity, a pass not counted in the depth, depth d = d plies as the text says; the disc difference at unfinished leaves is our assumption: the paper gives no value.")
	}
	return ""
}

// EvalTitle is an evaluation's name as the window shows it.
func EvalTitle(game, eval string) string {
	switch game + "/" + eval {
	case othello.Name + "/strong":
		return tr.T("Strong (mobility, corners, stable discs)")
	case othello.Name + "/positional":
		return tr.T("Positional table (corner 5, edge 3, inside 1)")
	case othello.Name + "/discs":
		return tr.T("Disc count")
	case othello.Name + "/pattern":
		return tr.T("Learned patterns (edges, corners, diagonals, mobility)")
	case checkers.Name + "/strong":
		return tr.T("Strong (material, advancement, safety)")
	case checkers.Name + "/factors":
		return tr.T("Paper 001's factors (pieces, moves, jumps, edges), weights ours: the paper gives none")
	case checkers.Name + "/learned":
		return tr.T("Learned (men and kings by square, mobility, tempo)")
	case checkers.Name + "/tuned":
		return tr.T("Tuned (fitted to deeper searches and the endgame databases)")
	case checkers.Name + "/pattern":
		return tr.T("Patterns (tuned's features and the men in 18 regions)")
	case connect4.Name + "/threats":
		return tr.T("Threats and centre")
	case connect4.Name + "/paper":
		return tr.T("Win or loss only (the paper's)")
	case adjacency.Name + "/vulnerability":
		return tr.T("Marks, exposure and frontier")
	case adjacency.Name + "/marks":
		return tr.T("Mark difference (the paper's)")
	}
	return eval
}

// BotTitle names a bot in a few words: "Alpha-beta, depth 4".
func BotTitle(spec bots.Spec) string {
	name := AlgoTitle(spec.Algo)
	p := spec.Params
	switch {
	case p.Depth > 0 && p.Time > 0:
		return tr.F("%s, depth %d, %s", name, p.Depth, Seconds(p.Time))
	case p.Depth > 0:
		return tr.F("%s, depth %d", name, p.Depth)
	case p.Time > 0:
		return tr.F("%s, %s", name, Seconds(p.Time))
	}
	return name
}

// Unit is what a game's Score counts: discs, pieces, stones or marks.
type unit int

const (
	points unit = iota
	discs
	pieces
	stones
	marks
)

// gameUnit is what the game's pieces are called.
func gameUnit(game string) unit {
	switch game {
	case othello.Name:
		return discs
	case checkers.Name:
		return pieces
	case connect4.Name:
		return stones
	case adjacency.Name:
		return marks
	}
	return points
}

// signed writes a signed amount with its unit: "+3 discs", "-1 mark".
func signed(u unit, n int) string {
	switch u {
	case discs:
		return tr.N("%+d disc", n, n)
	case pieces:
		return tr.N("%+d piece", n, n)
	case stones:
		return tr.N("%+d stone", n, n)
	case marks:
		return tr.N("%+d mark", n, n)
	}
	return tr.N("%+d point", n, n)
}

// Amount writes a count of a game's pieces: "12 discs".
func Amount(game string, n int) string {
	switch gameUnit(game) {
	case discs:
		return tr.N("%d disc", n, n)
	case pieces:
		return tr.N("%d piece", n, n)
	case stones:
		return tr.N("%d stone", n, n)
	case marks:
		return tr.N("%d mark", n, n)
	}
	return tr.N("%d point", n, n)
}

// ScoreWords is a search's score in words, with its unit, from the side to
// move's view: "+12 points", "+3 discs, exact", "win in 4 moves", "win
// rate 62.5 %". The unit follows the algorithm and the evaluation: MCTS
// scores a win rate, greedy the immediate gain in pieces, the disc and
// mark evaluations count discs and marks, the others score points. A win
// or loss counts the moves of the side that wins or loses.
func ScoreWords(game string, spec bots.Spec, score int, exact bool) string {
	if plies, ok := ai.DecidedIn(score); ok {
		moves := (plies + 1) / 2
		switch {
		case moves == 0 && score > 0: // the move ends the game (greedy's view)
			return tr.T("the game is won")
		case moves == 0:
			return tr.T("the game is lost")
		}
		if score > 0 {
			return tr.N("win in %d move", moves, moves)
		}
		return tr.N("loss in %d move", moves, moves)
	}
	if spec.Algo == "mcts" {
		return tr.F("win rate %s %%", Decimal(float64(score)/10, 1))
	}
	if value, unit, ok := evalPieces(game, spec, score, exact); ok {
		return tr.F("%s %s", value, unit)
	}
	u := points
	switch {
	case spec.Algo == "greedy", exact && game == othello.Name,
		spec.Eval == "discs" && game == othello.Name, spec.Eval == "marks" && game == adjacency.Name:
		u = gameUnit(game)
	}
	if exact {
		switch u {
		case discs:
			return tr.N("%+d disc, exact", score, score)
		case marks:
			return tr.N("%+d mark, exact", score, score)
		}
		return tr.N("%+d point, exact", score, score)
	}
	return signed(u, score)
}

// Count writes a count compactly: 950, 12.3k, 4.56M (in Indonesian
// 12,3 rb and 4,56 jt).
func Count(n uint64) string {
	switch {
	case n >= 10_000_000:
		return tr.F("%sM", Decimal(float64(n)/1e6, 1))
	case n >= 1_000_000:
		return tr.F("%sM", Decimal(float64(n)/1e6, 2))
	case n >= 10_000:
		return tr.F("%sk", Decimal(float64(n)/1e3, 0))
	case n >= 1_000:
		return tr.F("%sk", Decimal(float64(n)/1e3, 1))
	}
	return fmt.Sprint(n)
}

// Rate writes a search's speed in nodes per second as Count does, or "—"
// when the search was too quick for the clock to measure (Windows' clock
// can say 0 s for a search of a few hundred nodes).
func Rate(i ai.Info) string {
	if i.Elapsed <= 0 && i.Nodes > 0 {
		return "—"
	}
	return Count(uint64(i.NodesPerSecond()))
}

// Seconds writes a duration in seconds: "0.25 s", "12 s".
func Seconds(d interface{ Seconds() float64 }) string {
	s := d.Seconds()
	if s < 10 {
		return tr.F("%s s", Decimal(s, 2))
	}
	return tr.F("%s s", Decimal(s, 0))
}

// Decimal writes x with prec decimals, with the decimal comma in
// Indonesian.
func Decimal(x float64, prec int) string {
	s := stats.Decimal(x, prec)
	if tr.Language() == tr.Indonesian {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}
