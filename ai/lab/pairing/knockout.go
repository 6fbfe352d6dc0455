package pairing

import (
	"fmt"
	"slices"
)

// DefaultTieBreaks is the tie-break rounds a knockout plays on a level
// pairing before the higher seed goes through.
const DefaultTieBreaks = 3

// TieBreakGames is the games of a tie-break round: one with each colour.
const TieBreakGames = 2

// Knockout is a single-elimination bracket. The bots are seeded in the
// order given (0 the top seed), or in the order of NewKnockoutSeeded (by
// rating, say), into a bracket of the next power of two,
// placed so that seeds 1 and 2 can meet only in the final, 1 to 4 only in
// the semi-finals, and so on; the top seeds get the byes of the first
// round. A pairing that ends level plays a tie-break round of
// TieBreakGames games; after the tie-break rounds allowed, still level,
// the higher seed goes through.
type Knockout struct {
	n, tieBreaks int
	slots        []int // the first round's bracket, top to bottom; Bye for an empty slot
	seed         []int // each bot's seed, 0 the top
}

// NewKnockout returns a knockout of n bots seeded in their order, with up
// to tieBreaks tie-break rounds on a level pairing (0: none, the higher
// seed goes through).
func NewKnockout(n, tieBreaks int) (*Knockout, error) {
	order := make([]int, max(n, 0))
	for i := range order {
		order[i] = i
	}
	return NewKnockoutSeeded(order, tieBreaks)
}

// NewKnockoutSeeded returns a knockout of the bots 0..len(order)-1 where
// order lists them from the top seed down.
func NewKnockoutSeeded(order []int, tieBreaks int) (*Knockout, error) {
	n := len(order)
	if err := checkN(n); err != nil {
		return nil, err
	}
	seed := make([]int, n)
	for i := range seed {
		seed[i] = -1
	}
	for s, b := range order {
		if b < 0 || b >= n || seed[b] >= 0 {
			return nil, fmt.Errorf("pairing: the seeding %v is not an order of the bots 0..%d", order, n-1)
		}
		seed[b] = s
	}
	if tieBreaks < 0 {
		return nil, fmt.Errorf("pairing: %d tie-break rounds: must not be negative", tieBreaks)
	}
	size := 1
	for size < n {
		size *= 2
	}
	slots := []int{0}
	for len(slots) < size {
		// Each seed s of a bracket of m meets seed 2m-1-s of the next.
		m := len(slots)
		next := make([]int, 0, 2*m)
		for _, s := range slots {
			next = append(next, s, 2*m-1-s)
		}
		slots = next
	}
	for i, s := range slots {
		if s >= n {
			slots[i] = Bye
		} else {
			slots[i] = order[s]
		}
	}
	return &Knockout{n, tieBreaks, slots, seed}, nil
}

// higher returns the higher seed of a and b.
func (k *Knockout) higher(a, b int) int {
	if k.seed[a] < k.seed[b] {
		return a
	}
	return b
}

// Name is "knockout".
func (*Knockout) Name() string { return "knockout" }

// Bracket is the first round's bracket, top to bottom: each two slots
// meet, and Bye is an empty slot.
func (k *Knockout) Bracket() []int { return slices.Clone(k.slots) }

// stageName names a main round by the bots left in it.
func stageName(left int) string {
	switch left {
	case 2:
		return "final"
	case 4:
		return "semi-finals"
	case 8:
		return "quarter-finals"
	}
	return fmt.Sprintf("round of %d", left)
}

// Next returns the next main round or tie-break round, or false once one
// bot is left.
func (k *Knockout) Next(played []Round) (Plan, bool) {
	plan, _, ok := k.replay(played)
	return plan, ok
}

// Wins returns for each bot the main rounds it went through (byes count),
// after the rounds played: the winner of a finished knockout of 2^r slots
// has r.
func (k *Knockout) Wins(played []Round) []int {
	_, wins, _ := k.replay(played)
	return wins
}

// replay follows the bracket through the rounds played, returning the
// round to play next (false when done) and the main rounds each bot won.
func (k *Knockout) replay(played []Round) (Plan, []int, bool) {
	slots := k.slots
	wins := make([]int, k.n)
	next := 0
	take := func() (Round, bool) {
		if next >= len(played) {
			return Round{}, false
		}
		next++
		return played[next-1], true
	}
	for len(slots) > 1 {
		stage := stageName(len(slots))
		main := Plan{Label: stage}
		for i := 0; i < len(slots); i += 2 {
			a, b := slots[i], slots[i+1]
			switch {
			case a == Bye && b == Bye:
			case b == Bye:
				main.Byes = append(main.Byes, a)
			case a == Bye:
				main.Byes = append(main.Byes, b)
			default:
				hi := k.higher(a, b)
				main.Pairings = append(main.Pairings, Pairing{hi, a + b - hi})
			}
		}
		r, ok := take()
		if !ok {
			return main, wins, true
		}
		winner := map[[2]int]int{}
		var level []Pairing
		for _, p := range main.Pairings {
			if w, ok := decided(r, p); ok {
				winner[key(p.First, p.Second)] = w
			} else {
				level = append(level, p)
			}
		}
		for tb := 1; tb <= k.tieBreaks && len(level) > 0; tb++ {
			plan := Plan{Label: fmt.Sprintf("tie-break %d of the %s", tb, stage), Games: TieBreakGames, TieBreak: true}
			for _, p := range level {
				// The other colour first from the main round's.
				plan.Pairings = append(plan.Pairings, Pairing{p.Second, p.First})
			}
			r, ok := take()
			if !ok {
				return plan, wins, true
			}
			still := level[:0:0]
			for _, p := range level {
				if w, ok := decided(r, p); ok {
					winner[key(p.First, p.Second)] = w
				} else {
					still = append(still, p)
				}
			}
			level = still
		}
		for _, p := range level { // still level: the higher seed
			winner[key(p.First, p.Second)] = k.higher(p.First, p.Second)
		}
		up := make([]int, 0, len(slots)/2)
		for i := 0; i < len(slots); i += 2 {
			a, b := slots[i], slots[i+1]
			w := Bye
			switch {
			case a == Bye:
				w = b
			case b == Bye:
				w = a
			default:
				w = winner[key(a, b)]
			}
			if w != Bye {
				wins[w]++
			}
			up = append(up, w)
		}
		slots = up
	}
	return Plan{}, wins, false
}

// decided returns the winner of pairing p's match in r, false when the
// match was level or is missing.
func decided(r Round, p Pairing) (int, bool) {
	m, ok := find(r, p.First, p.Second)
	switch {
	case !ok || m.Points[0] == m.Points[1]:
		return 0, false
	case m.Points[0] > m.Points[1]:
		return m.First, true
	}
	return m.Second, true
}
