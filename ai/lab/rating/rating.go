// Package rating rates the players of a tournament jointly, from all their
// games at once, the way Ordo and BayesElo do, and runs the sequential
// probability ratio test of engine-vs-engine matches (as fishtest and
// fastchess do). It knows nothing of games or bots: players are indexes,
// results are counts of wins, draws and losses.
//
// The model is Davidson's Bradley-Terry model with draws: player i of
// strength γ_i = 10^(Elo_i/400) beats j with probability
// γ_i/(γ_i + γ_j + ν√(γ_iγ_j)), draws with ν√(γ_iγ_j)/(...), so two equal
// players draw with probability ν/(2+ν). The ratings and ν are the
// maximum of the likelihood of all the games (found by Newton's method),
// and each rating's 95 % interval is ±1.96 standard errors from the
// inverse of the Hessian (the observed information).
//
// A player that won (or lost) every game has no finite maximum: as in
// BayesElo, a prior of virtual games keeps it finite. Each player plays
// Options.Prior virtual games against a virtual player of rating 0, half
// of them won and half lost (DefaultPrior: 2, BayesElo's default number of
// virtual draws); they pull ratings a little towards the pool's middle,
// less the more real games a player has. Prior 0 is the plain maximum of
// the likelihood, refused when it is infinite.
//
// Files:
//   - rating.go  Estimate, Options, Table, Rating: the joint rating
//   - newton.go  the likelihood, its derivatives, Newton's method and the
//     Cholesky factorisation it solves with
//   - sprt.go    SPRT: the pentanomial sequential probability ratio test
package rating

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Result is what player I scored against player J: I's wins, the draws,
// and I's losses. Several results of one pair add up.
type Result struct {
	I, J                int
	Wins, Draws, Losses int
}

// DefaultPrior is the virtual games each player plays by default.
const DefaultPrior = 2

// Options set up Estimate.
type Options struct {
	// Prior is the virtual games of each player against a virtual player
	// of rating 0, half won and half lost; negative means none (the plain
	// maximum likelihood), 0 DefaultPrior.
	Prior float64
	// Anchor, if not "", is the player whose rating is 0; by default the
	// mean of all ratings is 0.
	Anchor string
}

// Rating is one player's line of the table.
type Rating struct {
	Rank  int // 1 for the highest rating; equal ratings share a rank
	Index int // the player's index
	Name  string
	// Elo is the rating, Low and High its 95 % interval (±1.96 StdErr),
	// relative to the anchor (or the mean).
	Elo, Low, High, StdErr float64
	Games                  int
	Wins, Draws, Losses    int
	Points                 float64 // wins + draws/2
}

// Table is the joint rating of all players.
type Table struct {
	// Ratings, highest first (then in the order of the players).
	Ratings []Rating
	// DrawRate is the chance that two equal players draw, ν/(2+ν) of the
	// model; 0 when no game was drawn.
	DrawRate float64
	Prior    float64 // the virtual games per player used
	Anchor   string  // "" for the mean
	Games    int     // the real games rated
	// Iterations of Newton's method.
	Iterations int
}

// Estimate rates the players named by names from results.
func Estimate(names []string, results []Result, opt Options) (Table, error) {
	n := len(names)
	if n == 0 {
		return Table{}, fmt.Errorf("rating: no players")
	}
	prior := opt.Prior
	switch {
	case prior == 0:
		prior = DefaultPrior
	case prior < 0:
		prior = 0
	}
	anchor := -1
	if opt.Anchor != "" {
		anchor = slices.Index(names, opt.Anchor)
		if anchor < 0 {
			return Table{}, fmt.Errorf("rating: the anchor %q is not a player", opt.Anchor)
		}
	}
	p := newProblem(n, prior)
	rows := make([]Rating, n)
	for i, name := range names {
		rows[i] = Rating{Index: i, Name: name}
	}
	for _, r := range results {
		if r.I < 0 || r.J < 0 || r.I >= n || r.J >= n || r.I == r.J {
			return Table{}, fmt.Errorf("rating: a result of players %d and %d among %d", r.I, r.J, n)
		}
		if r.Wins < 0 || r.Draws < 0 || r.Losses < 0 {
			return Table{}, fmt.Errorf("rating: negative counts in the result of %s and %s", names[r.I], names[r.J])
		}
		p.add(r)
		g := r.Wins + r.Draws + r.Losses
		for _, x := range []struct {
			i    int
			w, l int
		}{{r.I, r.Wins, r.Losses}, {r.J, r.Losses, r.Wins}} {
			row := &rows[x.i]
			row.Games += g
			row.Wins += x.w
			row.Draws += r.Draws
			row.Losses += x.l
			row.Points += float64(x.w) + float64(r.Draws)/2
		}
	}
	if prior == 0 {
		for _, row := range rows {
			switch {
			case row.Games == 0:
				return Table{}, fmt.Errorf("rating: %s played no game: without a prior it has no rating", row.Name)
			case row.Wins == row.Games, row.Losses == row.Games:
				return Table{}, fmt.Errorf("rating: %s won or lost every game: without a prior its rating is infinite", row.Name)
			}
		}
	}
	sol, err := p.solve()
	if err != nil {
		return Table{}, err
	}
	// Each rating's contrast with the anchor, or with the mean: its
	// value c·s and variance cᵀCc.
	scale := 400 / math.Ln10
	for i := range rows {
		c := make([]float64, n)
		if anchor >= 0 {
			c[anchor] -= 1
		} else {
			for k := range c {
				c[k] -= 1 / float64(n)
			}
		}
		c[i] += 1
		v, variance := 0.0, 0.0
		for a := range n {
			v += c[a] * sol.s[a]
			for b := range n {
				variance += c[a] * sol.cov[a][b] * c[b]
			}
		}
		se := math.Sqrt(max(variance, 0)) * scale
		rows[i].Elo, rows[i].StdErr = v*scale, se
		rows[i].Low, rows[i].High = rows[i].Elo-1.959964*se, rows[i].Elo+1.959964*se
	}
	slices.SortStableFunc(rows, func(a, b Rating) int { return cmp.Compare(b.Elo, a.Elo) })
	for k := range rows {
		rows[k].Rank = k + 1
		if k > 0 && math.Abs(rows[k].Elo-rows[k-1].Elo) < 1e-9 {
			rows[k].Rank = rows[k-1].Rank
		}
	}
	t := Table{Ratings: rows, Prior: prior, Anchor: opt.Anchor, Games: p.games, Iterations: sol.iterations}
	if p.draws > 0 {
		nu := math.Exp(sol.t)
		t.DrawRate = nu / (2 + nu)
	}
	return t, nil
}

// Of returns the rating of player i (its index), and false if there is
// none.
func (t Table) Of(i int) (Rating, bool) {
	k := slices.IndexFunc(t.Ratings, func(r Rating) bool { return r.Index == i })
	if k < 0 {
		return Rating{}, false
	}
	return t.Ratings[k], true
}

// Expected is the expected score (wins + draws/2 per game) of a player
// rated elo points above its opponent in the logistic Elo model (draws
// counted as half a win): 1/(1 + 10^(-elo/400)).
func Expected(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }
