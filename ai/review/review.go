package review

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"boardgames/rules"
	"boardgames/rules/games"
)

// Move is the review of one move of a game.
type Move struct {
	Ply    int          `json:"ply"` // 1 for the game's first move
	Player rules.Player `json:"-"`
	Side   string       `json:"side"` // the mover's colour name: "Black", "Red", ...
	Move   rules.Move   `json:"-"`
	Text   string       `json:"move"` // in the game's notation
	// Before is the value of the position before the move (its best
	// move's value) and Played the value of the move played, both for the
	// mover.
	Before Value `json:"before"`
	Played Value `json:"played"`
	// Best names the best moves in the game's notation (empty when the
	// source of Before names none).
	Best  []string `json:"best,omitempty"`
	Label Label    `json:"label"`
	// Loss is the value lost in the game's units (Scale.Unit): Before's
	// score minus Played's, 0 for a best move and for a class change
	// judged by the classes alone.
	Loss float64 `json:"loss"`
	// Exact says the label is proven: both values are exact.
	Exact bool `json:"exact"`
	// Basis says what the label rests on: "exact (solver)", "exact
	// (book)", "exact (database)", or the engine's depth or time.
	Basis string `json:"basis"`
	// ChanceBefore and ChanceAfter are the mover's win chances (WinChance)
	// before and after the move; Accuracy is the move's accuracy from them.
	ChanceBefore float64 `json:"chanceBefore"`
	ChanceAfter  float64 `json:"chanceAfter"`
	Accuracy     float64 `json:"accuracy"`
}

// Side is one side's summary.
type Side struct {
	Name  string        `json:"name"`
	Moves int           `json:"moves"`
	Exact int           `json:"exact"` // moves whose label is proven
	Count map[Label]int `json:"counts"`
	// Accuracy is the mean of the side's move accuracies, over its
	// labelled moves (not Unproven); 0 when it has none.
	Accuracy float64 `json:"accuracy"`
	// Lost is the value the side's moves lost in all, in the game's units.
	Lost float64 `json:"lost"`
}

// Game is the review of a game.
type Game struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	Unit  string `json:"unit"`
	Start string `json:"start"` // the start position in the game's notation
	// Final is the final position's value for its side to move.
	Final Value   `json:"final"`
	Moves []Move  `json:"moves"`
	Sides [2]Side `json:"sides"` // [rules.Black], [rules.White]
	// Engine says how the positions without an exact value were judged.
	Engine  string  `json:"engine"`
	Seconds float64 `json:"seconds"`
	// Positions counts the positions valued; Cached those the cache knew.
	Positions, Cached int `json:"-"`
}

// Progress reports how a review goes: Done of Total positions valued.
type Progress struct {
	Done, Total int
}

// Review values every position of rec and labels every move. progress,
// if set, is called after each position, from the calling goroutine. It
// fails when ctx ends first: a review stopped half-way keeps what it found
// in the cache.
func (r *Reviewer) Review(ctx context.Context, rec games.Record, progress func(Progress)) (Game, error) {
	start := time.Now()
	g, err := games.Lookup(rec.Start().Game())
	if err != nil {
		return Game{}, err
	}
	n := rec.Len()
	out := Game{Game: g.Name, Title: g.Title, Unit: scaleOf(g.Name).Unit, Start: rec.Start().String(), Engine: r.Basis(g.Name)}
	values := make([]Value, n+1)
	cached := 0
	// Backwards: the end is cheapest, and the solvers' tables fill up with
	// what the earlier positions' solves reuse.
	for i := n; i >= 0; i-- {
		var hit bool
		if values[i], hit, err = r.value(ctx, rec.At(i)); err != nil {
			return Game{}, err
		}
		if hit {
			cached++
		}
		if progress != nil {
			progress(Progress{Done: n + 1 - i, Total: n + 1})
		}
	}
	out.Positions, out.Cached = n+1, cached
	out.Final = values[n]
	moves := rec.Moves()
	for i, m := range moves {
		p, next := rec.At(i), rec.At(i+1)
		mover := p.ToMove()
		before := values[i]
		played := values[i+1].negate(next.ToMove() == mover)
		mv := Move{Ply: i + 1, Player: mover, Side: g.PlayerName(mover), Move: m, Text: p.MoveString(m),
			Before: before, Played: played}
		for _, b := range before.Best {
			mv.Best = append(mv.Best, p.MoveString(b))
		}
		mv.Label, mv.Loss = judge(g.Name, before, played, slices.Contains(before.Best, m))
		mv.Exact = before.Exact && played.Exact
		mv.Basis = basis(before, played, r.Basis(g.Name))
		mv.ChanceBefore = WinChance(g.Name, before)
		mv.ChanceAfter = WinChance(g.Name, played)
		mv.Accuracy = Accuracy(mv.ChanceBefore, mv.ChanceAfter)
		out.Moves = append(out.Moves, mv)
	}
	out.Sides = summarise(g, out.Moves)
	out.Seconds = time.Since(start).Seconds()
	return out, nil
}

// basis says what a label rests on.
func basis(before, played Value, engine string) string {
	if before.Exact && played.Exact {
		src := before.Source
		if src == "end" {
			src = played.Source
		}
		return "exact (" + src + ")"
	}
	if before.Unproven || played.Unproven {
		return engine + ", unproven"
	}
	return engine
}

// summarise counts each side's labels and averages its accuracy.
func summarise(g *games.Game, moves []Move) [2]Side {
	var s [2]Side
	var acc [2]float64
	var labelled [2]int
	for p := range s {
		s[p] = Side{Name: g.PlayerName(rules.Player(p)), Count: map[Label]int{}}
	}
	for _, m := range moves {
		side := &s[m.Player&1]
		side.Moves++
		side.Count[m.Label]++
		side.Lost += m.Loss
		if m.Exact {
			side.Exact++
		}
		if m.Label != Unproven {
			acc[m.Player&1] += m.Accuracy
			labelled[m.Player&1]++
		}
	}
	for p := range s {
		if labelled[p] > 0 {
			s[p].Accuracy = acc[p] / float64(labelled[p])
		}
	}
	return s
}

// Describe says a value in words, for the side it belongs to: "win in 9
// plies", "draw", "loss", "+4 discs", "+0.5 men (engine)".
func Describe(v Value, unit string) string {
	var b strings.Builder
	switch v.Class {
	case Win, Loss:
		b.WriteString(string(v.Class))
		switch {
		case v.Plies == 1:
			b.WriteString(" in 1 ply")
		case v.Plies > 1:
			fmt.Fprintf(&b, " in %d plies", v.Plies)
		}
		if v.Exact && unit == "discs" {
			fmt.Fprintf(&b, " (%+g discs)", v.Score)
		}
	case Draw:
		b.WriteString("draw")
	default:
		if v.Exact {
			fmt.Fprintf(&b, "%+g %s", v.Score, unit)
			break
		}
		fmt.Fprintf(&b, "%+.1f %s", v.Score, unit)
	}
	return b.String()
}
