// Package pairing decides who plays whom in a tournament, round by round:
// round robin, gauntlet, Swiss and knockout, each a small type behind one
// interface, Format, whose Next gives the next round's pairings from the
// results of the rounds played. It plays no game and keeps no rating: the
// lab's runner (lab.Event) plays the rounds and package rating rates the
// games.
//
// Bots are numbered 0..n-1 in the order given; that order is also the
// seeding (0 the top seed) where a format needs one.
//
// Files:
//   - pairing.go    Format, Plan, Round, Match, and the formats' constructor New
//   - roundrobin.go RoundRobin and Gauntlet: one round of fixed pairings
//   - swiss.go      Swiss: N rounds paired within score groups
//   - knockout.go   Knockout: a seeded bracket with byes and tie-breaks
package pairing

import (
	"fmt"
	"slices"
	"strings"
)

// Bye stands for no opponent.
const Bye = -1

// Pairing is two bots who play a match: First plays the first colour in
// the match's first game (colours then alternate).
type Pairing struct{ First, Second int }

// Plan is one round to play.
type Plan struct {
	// Label names the round: "round 3", "semi-final", "tie-break 1 of
	// the final".
	Label    string
	Pairings []Pairing
	// Byes are the bots that sit the round out; in a Swiss a bye scores
	// as a match won, in a knockout the bot goes through.
	Byes []int
	// Games is the games of each pairing in this round; 0 means the
	// tournament's games per pairing.
	Games int
	// TieBreak marks a knockout's tie-break round.
	TieBreak bool
}

// Match is a pairing played: what each bot scored (wins + draws/2) over
// its games.
type Match struct {
	Pairing
	Points [2]float64 // [0] First's, [1] Second's
	Games  int
}

// Round is a plan with its matches played, one per pairing, in the
// plan's order.
type Round struct {
	Plan
	Matches []Match
}

// Format gives a tournament's rounds one at a time.
type Format interface {
	// Name is the format's name: "roundrobin", "gauntlet", "swiss" or
	// "knockout".
	Name() string
	// Next returns the next round to play given the rounds played so far
	// (each complete, in order), or false when the tournament is over.
	Next(played []Round) (Plan, bool)
}

// Names lists the formats New knows.
var Names = []string{"roundrobin", "swiss", "gauntlet", "knockout"}

// Options are the settings a format may use; each format reads its own.
type Options struct {
	Rounds int // Swiss: the number of rounds
	Seeds  int // gauntlet: the number of seeds (default 1)
	// TieBreaks (knockout) is the tie-break rounds before the higher
	// seed goes through: 0 means DefaultTieBreaks, negative none.
	TieBreaks int
}

// New returns the named format for n bots, or an error that says what is
// wrong with the name, n or the options.
func New(name string, n int, opt Options) (Format, error) {
	switch strings.ToLower(name) {
	case "roundrobin", "round-robin", "rr":
		return NewRoundRobin(n)
	case "gauntlet":
		return NewGauntlet(n, max(opt.Seeds, 1))
	case "swiss":
		return NewSwiss(n, opt.Rounds)
	case "knockout", "ko":
		tb := opt.TieBreaks
		switch {
		case tb == 0:
			tb = DefaultTieBreaks
		case tb < 0:
			tb = 0
		}
		return NewKnockout(n, tb)
	}
	return nil, fmt.Errorf("pairing: unknown format %q (valid: %s)", name, strings.Join(Names, ", "))
}

// score returns each bot's points over the rounds played; a bye scores
// the points of a match won (its round's games).
func score(n int, played []Round) []float64 {
	pts := make([]float64, n)
	for _, r := range played {
		games := 0
		for _, m := range r.Matches {
			pts[m.First] += m.Points[0]
			pts[m.Second] += m.Points[1]
			games = max(games, m.Games)
		}
		for _, b := range r.Byes {
			pts[b] += float64(games)
		}
	}
	return pts
}

// checkN refuses fewer than two bots.
func checkN(n int) error {
	if n < 2 {
		return fmt.Errorf("pairing: a tournament needs at least 2 bots, not %d", n)
	}
	return nil
}

// key is a pairing without its colours, for "have these two met?".
func key(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// find returns the match of the pairing of a and b in r, in either order.
func find(r Round, a, b int) (Match, bool) {
	i := slices.IndexFunc(r.Matches, func(m Match) bool { return key(m.First, m.Second) == key(a, b) })
	if i < 0 {
		return Match{}, false
	}
	return r.Matches[i], true
}
