package pairing

import (
	"fmt"
	"slices"
)

// Swiss plays a fixed number of rounds; each round pairs bots of equal
// points where it can, and no two bots twice.
//
// Before each round the bots are ordered by points, then by their order
// given (the seeding). With an odd number of bots the lowest placed bot
// that has not had a bye sits out; a bye scores as a match won (the
// round's games per pairing in points). The rest are paired from the top:
// the top bot of a score group of m bots meets the bot m/2 places below
// it (the Dutch system's top half against bottom half), and a bot left
// alone in its group floats down to the next. When that leaves some bots
// unpaired, the search goes back (depth first) and tries the next
// candidates, so a pairing without a repeat is found whenever one exists
// within a search budget; if none is found, repeats are allowed, fewest
// first. In the first n/2 rounds one always exists: each bot has met
// fewer than half the others, so those it has not met leave a perfect
// matching (Dirac's theorem). Of a pairing, the bot that has had the first colour less often
// plays first (on a tie, the higher placed bot in odd rounds and the lower
// in even ones), its matches played second counted against it; with an
// even number of games per pairing colours are balanced within every match
// anyway.
type Swiss struct{ n, rounds int }

// NewSwiss returns a Swiss of n bots over the given rounds, at least 1 and
// at most n-1 (after n-1 rounds every pair may have met).
func NewSwiss(n, rounds int) (*Swiss, error) {
	if err := checkN(n); err != nil {
		return nil, err
	}
	if rounds < 1 || rounds > n-1 {
		return nil, fmt.Errorf("pairing: a Swiss of %d bots has 1 to %d rounds, not %d", n, n-1, rounds)
	}
	return &Swiss{n, rounds}, nil
}

// Name is "swiss".
func (*Swiss) Name() string { return "swiss" }

// Rounds is the number of rounds.
func (s *Swiss) Rounds() int { return s.rounds }

// searchBudget bounds the depth-first search of one round's pairing, in
// candidates tried.
const searchBudget = 200_000

// Next pairs the next round, or returns false after the last.
func (s *Swiss) Next(played []Round) (Plan, bool) {
	if len(played) >= s.rounds {
		return Plan{}, false
	}
	pts := score(s.n, played)
	met := map[[2]int]int{}
	hadBye := make([]bool, s.n)
	lead := make([]int, s.n) // matches played first minus matches played second
	for _, r := range played {
		for _, m := range r.Matches {
			met[key(m.First, m.Second)]++
			lead[m.First]++
			lead[m.Second]--
		}
		for _, b := range r.Byes {
			hadBye[b] = true
		}
	}
	order := make([]int, s.n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case pts[a] > pts[b]:
			return -1
		case pts[a] < pts[b]:
			return 1
		}
		return a - b
	})
	round := len(played) + 1
	plan := Plan{Label: fmt.Sprintf("round %d", round)}
	var pairs [][2]int
	for _, repeats := range []bool{false, true} {
		var ok bool
		if s.n%2 == 0 {
			pairs, ok = pairUp(order, pts, met, repeats)
		} else {
			// The bye: the lowest placed bot without one (any bot once all
			// have had one), trying the next up when the rest cannot pair.
			for k := len(order) - 1; k >= 0 && !ok; k-- {
				b := order[k]
				if hadBye[b] && !allHad(hadBye) {
					continue
				}
				rest := slices.Delete(slices.Clone(order), k, k+1)
				if pairs, ok = pairUp(rest, pts, met, repeats); ok {
					plan.Byes = []int{b}
				}
			}
		}
		if ok {
			break
		}
	}
	rank := make([]int, s.n)
	for r, b := range order {
		rank[b] = r
	}
	for _, p := range pairs {
		hi, lo := p[0], p[1]
		if rank[hi] > rank[lo] {
			hi, lo = lo, hi
		}
		first, second := hi, lo
		switch {
		case lead[lo] < lead[hi], lead[lo] == lead[hi] && round%2 == 0:
			first, second = lo, hi
		}
		plan.Pairings = append(plan.Pairings, Pairing{first, second})
	}
	return plan, true
}

func allHad(b []bool) bool { return !slices.Contains(b, false) }

// pairUp pairs the bots of order (an even number, best placed first) by
// the Swiss rules; repeats allows pairs that met before (those that met
// fewest times first). It returns false when the search finds no pairing
// within its budget.
func pairUp(order []int, pts []float64, met map[[2]int]int, repeats bool) ([][2]int, bool) {
	budget := searchBudget
	var out [][2]int
	var search func(rest []int) bool
	search = func(rest []int) bool {
		if len(rest) == 0 {
			return true
		}
		top := rest[0]
		for _, c := range candidates(rest, pts, met, repeats) {
			if budget--; budget < 0 {
				return false
			}
			out = append(out, [2]int{top, rest[c]})
			next := make([]int, 0, len(rest)-2)
			next = append(next, rest[1:c]...)
			next = append(next, rest[c+1:]...)
			if search(next) {
				return true
			}
			out = out[:len(out)-1]
		}
		return false
	}
	if !search(order) {
		return nil, false
	}
	return out, true
}

// candidates lists the positions in rest of the opponents of rest[0], best
// first: in its score group the one m/2 places down, then those below it,
// then those above it; then the bots of lower groups in order. Bots it
// has met are left out, or with repeats put last, fewest meetings first.
func candidates(rest []int, pts []float64, met map[[2]int]int, repeats bool) []int {
	top := rest[0]
	m := 1
	for m < len(rest) && pts[rest[m]] == pts[top] {
		m++
	}
	var order []int
	h := m / 2
	for c := max(h, 1); c < m; c++ {
		order = append(order, c)
	}
	for c := h - 1; c >= 1; c-- {
		order = append(order, c)
	}
	for c := m; c < len(rest); c++ {
		order = append(order, c)
	}
	if !repeats {
		return slices.DeleteFunc(order, func(c int) bool { return met[key(top, rest[c])] > 0 })
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return met[key(top, rest[a])] - met[key(top, rest[b])]
	})
	return order
}
