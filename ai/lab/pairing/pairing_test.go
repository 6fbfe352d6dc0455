package pairing

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// play plays a plan: result(first, second) gives First's points of
// games; it returns the round.
func play(p Plan, games int, result func(a, b int) float64) Round {
	if p.Games > 0 {
		games = p.Games
	}
	r := Round{Plan: p}
	for _, q := range p.Pairings {
		x := result(q.First, q.Second)
		r.Matches = append(r.Matches, Match{Pairing: q, Points: [2]float64{x, float64(games) - x}, Games: games})
	}
	return r
}

// runAll plays a format to its end and returns its rounds.
func runAll(t *testing.T, f Format, games int, result func(a, b int) float64) []Round {
	t.Helper()
	var rounds []Round
	for {
		p, ok := f.Next(rounds)
		if !ok {
			return rounds
		}
		if len(rounds) > 1000 {
			t.Fatal("the format never ends")
		}
		rounds = append(rounds, play(p, games, result))
	}
}

// checkRound checks that every bot is in at most one pairing or bye.
func checkRound(t *testing.T, n int, p Plan) {
	t.Helper()
	seen := make([]bool, n)
	mark := func(b int) {
		if b < 0 || b >= n || seen[b] {
			t.Fatalf("%s: bot %d twice or out of range: %+v", p.Label, b, p)
		}
		seen[b] = true
	}
	for _, q := range p.Pairings {
		mark(q.First)
		mark(q.Second)
	}
	for _, b := range p.Byes {
		mark(b)
	}
}

// stronger: the lower index wins both games.
func stronger(a, b int) float64 {
	if a < b {
		return 2
	}
	return 0
}

func TestRoundRobinAndGauntlet(t *testing.T) {
	rr, err := NewRoundRobin(5)
	if err != nil {
		t.Fatal(err)
	}
	rounds := runAll(t, rr, 2, stronger)
	if len(rounds) != 1 || len(rounds[0].Pairings) != 10 {
		t.Fatalf("round robin of 5: %d rounds, %+v", len(rounds), rounds)
	}
	met := map[[2]int]bool{}
	for _, p := range rounds[0].Pairings {
		met[key(p.First, p.Second)] = true
	}
	if len(met) != 10 {
		t.Errorf("round robin of 5 has %d distinct pairs, want 10", len(met))
	}
	g, err := NewGauntlet(5, 2)
	if err != nil {
		t.Fatal(err)
	}
	rounds = runAll(t, g, 2, stronger)
	if len(rounds) != 1 || len(rounds[0].Pairings) != 6 {
		t.Fatalf("gauntlet of 5 with 2 seeds: %+v", rounds)
	}
	for _, p := range rounds[0].Pairings {
		if p.First >= 2 || p.Second < 2 {
			t.Errorf("gauntlet pairing %v is not a seed against a non-seed", p)
		}
	}
	for _, bad := range []struct{ n, seeds int }{{1, 1}, {5, 0}, {5, 5}} {
		if _, err := NewGauntlet(bad.n, bad.seeds); err == nil {
			t.Errorf("NewGauntlet(%d, %d) accepted", bad.n, bad.seeds)
		}
	}
}

func TestNewRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		opt  Options
	}{
		{"swiss", 8, Options{Rounds: 8}},
		{"swiss", 8, Options{Rounds: 0}},
		{"swiss", 1, Options{Rounds: 1}},
		{"knockout", 1, Options{}},
		{"ladder", 8, Options{}},
	} {
		if _, err := New(c.name, c.n, c.opt); err == nil {
			t.Errorf("New(%q, %d, %+v) accepted", c.name, c.n, c.opt)
		}
	}
	if f, err := New("swiss", 8, Options{Rounds: 7}); err != nil || f.Name() != "swiss" {
		t.Errorf("New swiss: %v, %v", f, err)
	}
}

func TestSwissFirstRoundIsDutch(t *testing.T) {
	s, err := NewSwiss(8, 3)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := s.Next(nil)
	var got [][2]int
	for _, q := range p.Pairings {
		got = append(got, key(q.First, q.Second))
	}
	want := [][2]int{{0, 4}, {1, 5}, {2, 6}, {3, 7}}
	if !slices.Equal(got, want) {
		t.Errorf("round 1 of 8: %v, want %v", got, want)
	}
	// After it, the winners 0..3 (2 points) meet each other: 0-2, 1-3.
	r := play(p, 2, stronger)
	p2, _ := s.Next([]Round{r})
	got = got[:0]
	for _, q := range p2.Pairings {
		got = append(got, key(q.First, q.Second))
	}
	want = [][2]int{{0, 2}, {1, 3}, {4, 6}, {5, 7}}
	if !slices.Equal(got, want) {
		t.Errorf("round 2 of 8: %v, want %v", got, want)
	}
}

// TestSwissRandom plays Swisses of random results and checks each round:
// every bot once, no pair twice, one bye per round for an odd count and
// never twice to one bot, pairings inside score groups but for floaters,
// and colours balanced.
func TestSwissRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ n, rounds int }{{2, 1}, {3, 2}, {7, 6}, {8, 7}, {9, 5}, {16, 7}, {100, 7}, {101, 9}} {
		s, err := NewSwiss(c.n, c.rounds)
		if err != nil {
			t.Fatal(err)
		}
		result := func(a, b int) float64 { return float64(rng.IntN(3)) } // 0, 1 or 2 of 2 games
		var rounds []Round
		met := map[[2]int]bool{}
		byes := make([]int, c.n)
		firsts, matches := make([]int, c.n), make([]int, c.n)
		for {
			p, ok := s.Next(rounds)
			if !ok {
				break
			}
			checkRound(t, c.n, p)
			if want := c.n % 2; len(p.Byes) != want {
				t.Fatalf("n=%d %s: %d byes, want %d", c.n, p.Label, len(p.Byes), want)
			}
			if len(p.Pairings) != c.n/2 {
				t.Fatalf("n=%d %s: %d pairings, want %d", c.n, p.Label, len(p.Pairings), c.n/2)
			}
			pts := score(c.n, rounds)
			cross := 0
			for _, q := range p.Pairings {
				k := key(q.First, q.Second)
				// Late rounds may have no pairing without a repeat.
				if met[k] && len(rounds) < c.n/2 {
					t.Errorf("n=%d %s: %v met before", c.n, p.Label, k)
				}
				met[k] = true
				firsts[q.First]++
				matches[q.First]++
				matches[q.Second]++
				if pts[q.First] != pts[q.Second] {
					cross++
				}
			}
			// Each score group of odd size floats one bot down: at most
			// one cross-group pairing per distinct score, in a fresh
			// Swiss where every pairing without a repeat is possible.
			groups := map[float64]bool{}
			for _, x := range pts {
				groups[x] = true
			}
			if len(rounds) < 3 && cross > len(groups) {
				t.Errorf("n=%d %s: %d pairings across score groups with %d groups", c.n, p.Label, cross, len(groups))
			}
			for _, b := range p.Byes {
				byes[b]++
				if byes[b] > 1 && c.rounds <= c.n {
					t.Errorf("n=%d %s: bot %d has a second bye", c.n, p.Label, b)
				}
			}
			rounds = append(rounds, play(p, 2, result))
		}
		if len(rounds) != c.rounds {
			t.Errorf("n=%d: %d rounds, want %d", c.n, len(rounds), c.rounds)
		}
		for b := range c.n {
			if d := 2*firsts[b] - matches[b]; d < -2 || d > 2 {
				t.Errorf("n=%d: bot %d played first in %d of %d matches", c.n, b, firsts[b], matches[b])
			}
		}
	}
}

func TestSwissByeScoresAMatch(t *testing.T) {
	s, _ := NewSwiss(3, 2)
	p, _ := s.Next(nil)
	if !slices.Equal(p.Byes, []int{2}) {
		t.Fatalf("round 1 of 3: byes %v, want the lowest seed [2]", p.Byes)
	}
	r := play(p, 2, stronger) // 0 beats 1 2-0; bot 2's bye is worth 2
	if pts := score(3, []Round{r}); !slices.Equal(pts, []float64{2, 0, 2}) {
		t.Errorf("points after round 1: %v, want [2 0 2]", pts)
	}
	p2, _ := s.Next([]Round{r})
	if !slices.Equal(p2.Byes, []int{1}) || key(p2.Pairings[0].First, p2.Pairings[0].Second) != [2]int{0, 2} {
		t.Errorf("round 2 of 3: %+v, want 0-2 with a bye for 1", p2)
	}
}

func TestKnockoutBracket(t *testing.T) {
	k, err := NewKnockout(8, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := k.Bracket(), []int{0, 7, 3, 4, 1, 6, 2, 5}; !slices.Equal(got, want) {
		t.Errorf("bracket of 8: %v, want %v", got, want)
	}
	k, _ = NewKnockout(5, 0)
	p, _ := k.Next(nil)
	if !slices.Equal(p.Byes, []int{0, 1, 2}) || len(p.Pairings) != 1 || p.Pairings[0] != (Pairing{3, 4}) {
		t.Errorf("first round of 5: %+v, want 3-4 and byes for 0, 1, 2", p)
	}
	// The stronger always wins: 0 wins the final against 1.
	rounds := runAll(t, k, 2, stronger)
	var labels []string
	for _, r := range rounds {
		labels = append(labels, r.Label)
		checkRound(t, 5, r.Plan)
	}
	if want := []string{"quarter-finals", "semi-finals", "final"}; !slices.Equal(labels, want) {
		t.Errorf("rounds %v, want %v", labels, want)
	}
	if f := rounds[2].Pairings; len(f) != 1 || f[0] != (Pairing{0, 1}) {
		t.Errorf("final %+v, want 0-1", f)
	}
	if w := k.Wins(rounds); !slices.Equal(w, []int{3, 2, 1, 1, 0}) {
		t.Errorf("wins %v, want [3 2 1 1 0]", w)
	}
}

func TestKnockoutSeeded(t *testing.T) {
	// Bot 3 is the top seed, bot 0 the last: 3 meets 0 first, 1 meets 2.
	k, err := NewKnockoutSeeded([]int{3, 1, 2, 0}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := k.Bracket(), []int{3, 0, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("bracket %v, want %v", got, want)
	}
	p, _ := k.Next(nil)
	if p.Pairings[0] != (Pairing{3, 0}) {
		t.Errorf("the top seed plays first: %+v", p.Pairings)
	}
	level := func(a, b int) float64 { return 1 }
	if w := k.Wins(runAll(t, k, 2, level)); !slices.Equal(w, []int{0, 1, 0, 2}) {
		t.Errorf("all level: wins %v, want the top seeds through [0 1 0 2]", w)
	}
	for _, bad := range [][]int{{0, 0}, {0, 2}, {1}} {
		if _, err := NewKnockoutSeeded(bad, 0); err == nil {
			t.Errorf("seeding %v accepted", bad)
		}
	}
}

func TestKnockoutTieBreaks(t *testing.T) {
	k, _ := NewKnockout(2, 2)
	level := func(a, b int) float64 { return 1 } // 1-1 every time
	rounds := runAll(t, k, 2, level)
	if len(rounds) != 3 || !rounds[1].TieBreak || rounds[1].Games != TieBreakGames || rounds[2].Label != "tie-break 2 of the final" {
		t.Fatalf("a level final with 2 tie-breaks: %+v", rounds)
	}
	if rounds[1].Pairings[0] != (Pairing{1, 0}) {
		t.Errorf("tie-break pairing %v, want the colours swapped {1 0}", rounds[1].Pairings[0])
	}
	if w := k.Wins(rounds); !slices.Equal(w, []int{1, 0}) {
		t.Errorf("still level: wins %v, want the higher seed through [1 0]", w)
	}
	// The lower seed wins the first tie-break: it goes through.
	n := 0
	upset := func(a, b int) float64 {
		n++
		if n == 2 { // the tie-break: First is bot 1
			return 2
		}
		return 1
	}
	rounds = runAll(t, k, 2, upset)
	if len(rounds) != 2 || !slices.Equal(k.Wins(rounds), []int{0, 1}) {
		t.Errorf("an upset in the tie-break: %d rounds, wins %v", len(rounds), k.Wins(rounds))
	}
}
