package pairing

import "fmt"

// RoundRobin plays every pair of bots once, all in one round: (0,1),
// (0,2), ..., (1,2), ..., the order of lab.RoundRobin, so that its games
// are those of `arena -tournament` with the same seed.
type RoundRobin struct{ n int }

// NewRoundRobin returns a round robin of n bots.
func NewRoundRobin(n int) (*RoundRobin, error) {
	if err := checkN(n); err != nil {
		return nil, err
	}
	return &RoundRobin{n}, nil
}

// Name is "roundrobin".
func (*RoundRobin) Name() string { return "roundrobin" }

// Next returns the one round, then false.
func (r *RoundRobin) Next(played []Round) (Plan, bool) {
	if len(played) > 0 {
		return Plan{}, false
	}
	p := Plan{Label: "round robin"}
	for i := range r.n {
		for j := i + 1; j < r.n; j++ {
			p.Pairings = append(p.Pairings, Pairing{i, j})
		}
	}
	return p, true
}

// Gauntlet plays each of its seeds (the first bots given) against every
// other bot, in one round; the seeds do not play each other.
type Gauntlet struct{ n, seeds int }

// NewGauntlet returns a gauntlet of n bots whose first seeds bots play the
// others.
func NewGauntlet(n, seeds int) (*Gauntlet, error) {
	if err := checkN(n); err != nil {
		return nil, err
	}
	if seeds < 1 || seeds >= n {
		return nil, fmt.Errorf("pairing: a gauntlet of %d bots has 1 to %d seeds, not %d", n, n-1, seeds)
	}
	return &Gauntlet{n, seeds}, nil
}

// Seeds is the number of seeds.
func (g *Gauntlet) Seeds() int { return g.seeds }

// Name is "gauntlet".
func (*Gauntlet) Name() string { return "gauntlet" }

// Next returns the one round, then false.
func (g *Gauntlet) Next(played []Round) (Plan, bool) {
	if len(played) > 0 {
		return Plan{}, false
	}
	p := Plan{Label: "gauntlet"}
	for s := range g.seeds {
		for j := g.seeds; j < g.n; j++ {
			p.Pairings = append(p.Pairings, Pairing{s, j})
		}
	}
	return p, true
}
