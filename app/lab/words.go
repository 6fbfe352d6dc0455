package lab

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"boardgames/ai"
	ailab "boardgames/ai/lab"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/rules/adjacency"
	"boardgames/rules/checkers"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// The words of the lab. Every text the user reads goes through package
// app/internal/tr (in English and Bahasa Indonesia) and is one format
// string: a whole sentence or label, with its numbers and names as
// arguments, so that a translation can reorder them; counts choose their
// plural with tr.N. Games, colours, algorithms and evaluations are named
// as the main window names them (package match). Decimal numbers have a
// decimal comma in Indonesian.

// describe is a position in words: "Othello after 12 moves, Black to
// move", "Connect Four at the start, Red to move", "Checkers after 40
// moves, game over: White wins".
func describe(pos games.Position, plies int) string {
	g, err := games.Lookup(pos.Game())
	if err != nil {
		return pos.Game()
	}
	title := match.GameTitle(g)
	if r := pos.Result(); r.Over() {
		if plies == 0 {
			return tr.F("%s at the start, game over: %s", title, match.ResultWords(g, r))
		}
		return tr.N("%[1]s after %[2]d move, game over: %[3]s", plies, title, plies, match.ResultWords(g, r))
	}
	who := match.ColourName(g, pos.ToMove())
	if plies == 0 {
		return tr.F("%s at the start, %s to move", title, who)
	}
	return tr.N("%[1]s after %[2]d move, %[3]s to move", plies, title, plies, who)
}

// unit is what a score counts.
type unit int

const (
	points unit = iota // an evaluation's points
	discs
	pieces
	marks
)

// unitName names a unit in a column's header: "score (points)".
func unitName(u unit) string {
	switch u {
	case discs:
		return tr.T("discs")
	case pieces:
		return tr.T("pieces")
	case marks:
		return tr.T("marks")
	}
	return tr.T("points")
}

// scoreUnit is the unit of an evaluation's scores: discs for Othello's
// disc count, marks for Adjacency's mark difference, points for the
// weighted evaluations.
func scoreUnit(game, eval string) unit {
	switch {
	case game == othello.Name && eval == "discs":
		return discs
	case game == adjacency.Name && eval == "marks":
		return marks
	}
	return points
}

// marginUnit is the unit of a finished game's margin (the position's
// Score): discs, pieces, marks, or Connect Four's points (22 minus the
// winner's stones).
func marginUnit(game string) unit {
	switch game {
	case othello.Name:
		return discs
	case checkers.Name:
		return pieces
	case adjacency.Name:
		return marks
	}
	return points
}

// gainText formats the greedy bot's immediate gain, the change of the
// game's score its move makes: "+3" (in the unit of marginUnit), or "wins"
// and "loses" for a move that ends the game.
func gainText(v int) string {
	switch {
	case v >= ai.WinScore:
		return tr.T("wins")
	case v <= -ai.WinScore:
		return tr.T("loses")
	}
	return signed(float64(v), 0)
}

// score formats a search's score, from the side to move's view: "+36",
// "−12", or a decided game as "win in 3 moves" / "loss in 5 moves".
func score(v int) string {
	if n, ok := ai.DecidedIn(v); ok && v > 0 {
		return tr.N("win in %d move", n, n)
	} else if ok {
		return tr.N("loss in %d move", n, n)
	}
	return signed(float64(v), 0)
}

// scoreWithUnit is score with its unit: "+36 points", "win in 3 moves".
func scoreWithUnit(v int, u unit) string {
	if math.Abs(float64(v)) > ai.WinScore/2 {
		return score(v)
	}
	s := signed(float64(v), 0)
	switch u {
	case discs:
		return tr.N("%s disc", v, s)
	case pieces:
		return tr.N("%s piece", v, s)
	case marks:
		return tr.N("%s mark", v, s)
	}
	return tr.N("%s point", v, s)
}

// winRate formats MCTS's score, a win rate × 1000, as a percentage.
func winRate(v int) string { return pct(float64(v)/10, 1) }

// pct writes a percentage: "62.5%" ("62,5%" in Indonesian).
func pct(x float64, prec int) string { return tr.F("%s%%", decimal(x, prec)) }

// decimal writes x with prec decimals, with the decimal comma in
// Indonesian.
func decimal(x float64, prec int) string { return match.Decimal(x, prec) }

// signed formats a number with its sign: +12, −3, 0.
func signed(v float64, prec int) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "—"
	}
	s := decimal(math.Abs(v), prec)
	switch {
	case s == decimal(0, prec):
		return s
	case v < 0:
		return "−" + s
	}
	return "+" + s
}

// percent formats points out of games as a score: 62.5%, or "—" for no
// game.
func percent(points float64, games int) string {
	if games <= 0 {
		return "—"
	}
	return pct(100*points/float64(games), 1)
}

// count formats a count compactly: 950, 12.3k, 4.56M (12,3 rb and
// 4,56 jt in Indonesian).
func count(n float64) string {
	switch {
	case n >= 10_000_000:
		return tr.F("%sM", decimal(n/1e6, 1))
	case n >= 1_000_000:
		return tr.F("%sM", decimal(n/1e6, 2))
	case n >= 10_000:
		return tr.F("%sk", decimal(n/1e3, 0))
	case n >= 1_000:
		return tr.F("%sk", decimal(n/1e3, 1))
	}
	return strconv.FormatFloat(n, 'f', 0, 64)
}

// ms formats seconds as milliseconds (or seconds, or microseconds).
func ms(s float64) string {
	switch {
	case s >= 10:
		return tr.F("%s s", decimal(s, 0))
	case s >= 1:
		return tr.F("%s s", decimal(s, 2))
	case s < 0.001:
		return tr.F("%s µs", decimal(s*1e6, 0))
	}
	return tr.F("%s ms", decimal(s*1000, 1))
}

// secs formats seconds: 0.42 s, 12.3 s, 95 s.
func secs(s float64) string {
	switch {
	case s < 10:
		return tr.F("%s s", decimal(s, 2))
	case s < 60:
		return tr.F("%s s", decimal(s, 1))
	}
	return tr.F("%s s", decimal(s, 0))
}

// timeSpan writes a time left: seconds as secs does up to two minutes,
// then whole minutes, and hours with minutes from two hours on.
func timeSpan(s float64) string {
	switch {
	case s < 120:
		return secs(s)
	case s < 7200:
		return tr.F("%d min", int(math.Round(s/60)))
	}
	m := int(math.Round(s / 60))
	return tr.F("%d h %d min", m/60, m%60)
}

// duration names a time budget: "250 ms", "2 s", or "no limit" for 0.
func duration(d time.Duration) string {
	switch {
	case d <= 0:
		return tr.T("no limit")
	case d < time.Second:
		return tr.F("%s ms", decimal(float64(d.Milliseconds()), 0))
	}
	return tr.F("%s s", decimal(d.Seconds(), 0))
}

// algoName names an algorithm in a few words, as the lab's pickers,
// tables and charts show it: "Alpha-beta", "MCTS", or a paper's bot by its
// code name ("paper001-negascout"), which the papers' experiments use.
func algoName(algo string) string {
	if algo == "mcts" {
		return tr.T("MCTS")
	}
	return match.AlgoTitle(algo)
}

// labWords words the tables of the papers' experiments (package ai/lab)
// in the language in use: their texts are keys of the translations.
type labWords struct{}

// Text translates format and fills in args; a float64 value is written
// with the decimal comma in Indonesian.
func (labWords) Text(format string, args ...any) string {
	return tr.Known(format, decimalArgs(args)...)
}

// Plural translates a text with a count: one is its key.
func (labWords) Plural(n int, one, _ string, args ...any) string {
	return tr.KnownN(one, n, decimalArgs(args)...)
}

// Decimal is decimal.
func (labWords) Decimal(x float64, prec int) string { return decimal(x, prec) }

var _ ailab.Words = labWords{}

// decimalArgs wraps the float64 values of args so that they print with
// the decimal comma in Indonesian.
func decimalArgs(args []any) []any {
	if tr.Language() != tr.Indonesian {
		return args
	}
	out := make([]any, len(args))
	for i, a := range args {
		if f, ok := a.(float64); ok {
			a = comma(f)
		}
		out[i] = a
	}
	return out
}

// comma is a number that fmt prints with a decimal comma.
type comma float64

// Format is fmt.Formatter: the verb and its flags as for a float64, the
// decimal point a comma.
func (c comma) Format(f fmt.State, verb rune) {
	s := fmt.Sprintf(fmt.FormatString(f, verb), float64(c))
	fmt.Fprint(f, strings.Replace(s, ".", ",", 1))
}
