package rating

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func mustEstimate(t *testing.T, names []string, rs []Result, opt Options) Table {
	t.Helper()
	tab, err := Estimate(names, rs, opt)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func get(t *testing.T, tab Table, i int) Rating {
	t.Helper()
	r, ok := tab.Of(i)
	if !ok {
		t.Fatalf("no rating for player %d", i)
	}
	return r
}

// Two players: the model has as many parameters as outcomes, so the
// maximum matches the observed frequencies exactly.
func TestTwoPlayersExact(t *testing.T) {
	tab := mustEstimate(t, []string{"a", "b"}, []Result{{I: 0, J: 1, Wins: 6, Draws: 3, Losses: 2}}, Options{Prior: -1})
	a, b := get(t, tab, 0), get(t, tab, 1)
	diff := 400 * math.Log10(3) // wins/losses = e^(s_a - s_b)
	if !near(a.Elo-b.Elo, diff, 1e-6) || !near(a.Elo+b.Elo, 0, 1e-6) {
		t.Errorf("a %+.4f, b %+.4f: want ±%.4f", a.Elo, b.Elo, diff/2)
	}
	nu := (3.0 / 11) / math.Sqrt(6.0/11*2.0/11) // p_d / √(p_w p_l)
	if !near(tab.DrawRate, nu/(2+nu), 1e-9) {
		t.Errorf("draw rate %.6f, want %.6f", tab.DrawRate, nu/(2+nu))
	}
	if a.Rank != 1 || b.Rank != 2 || a.Games != 11 || a.Points != 7.5 || b.Wins != 2 || b.Losses != 6 {
		t.Errorf("table rows %+v %+v", a, b)
	}

	// Without draws, Bradley-Terry: the difference's standard error is
	// the logit's, √(1/w + 1/l), each rating against the mean half of it.
	tab = mustEstimate(t, []string{"a", "b"}, []Result{{I: 1, J: 0, Wins: 4, Losses: 8}}, Options{Prior: -1})
	a, b = get(t, tab, 0), get(t, tab, 1)
	scale := 400 / math.Ln10
	if !near(a.Elo-b.Elo, 400*math.Log10(2), 1e-6) || tab.DrawRate != 0 {
		t.Errorf("8-4: difference %.4f, draw rate %v", a.Elo-b.Elo, tab.DrawRate)
	}
	if se := scale * math.Sqrt(1.0/8+1.0/4) / 2; !near(a.StdErr, se, 1e-6) || !near(a.High-a.Elo, 1.959964*se, 1e-6) {
		t.Errorf("8-4: standard error %.4f, want %.4f", a.StdErr, se)
	}
}

func TestCycleIsLevel(t *testing.T) {
	rs := []Result{{0, 1, 3, 2, 1}, {1, 2, 3, 2, 1}, {2, 0, 3, 2, 1}}
	tab := mustEstimate(t, []string{"a", "b", "c"}, rs, Options{})
	for _, r := range tab.Ratings {
		if !near(r.Elo, 0, 1e-6) || r.Rank != 1 {
			t.Errorf("%s: %+.6f rank %d, want 0 and a shared rank 1", r.Name, r.Elo, r.Rank)
		}
	}
}

func TestAnchor(t *testing.T) {
	rs := []Result{{0, 1, 5, 2, 3}, {1, 2, 6, 1, 3}, {0, 2, 7, 1, 2}}
	mean := mustEstimate(t, []string{"a", "b", "c"}, rs, Options{})
	anch := mustEstimate(t, []string{"a", "b", "c"}, rs, Options{Anchor: "b"})
	b := get(t, anch, 1)
	if b.Elo != 0 || b.StdErr != 0 {
		t.Errorf("the anchor b: %+v, want 0 ± 0", b)
	}
	// The differences do not depend on the anchor.
	for i := range 3 {
		d := get(t, mean, i).Elo - get(t, mean, 1).Elo
		if !near(get(t, anch, i).Elo, d, 1e-6) {
			t.Errorf("player %d: %+.4f anchored, %+.4f from the mean", i, get(t, anch, i).Elo, d)
		}
	}
	if _, err := Estimate([]string{"a"}, nil, Options{Anchor: "z"}); err == nil {
		t.Error("an unknown anchor was accepted")
	}
}

func TestAllWins(t *testing.T) {
	names := []string{"top", "mid", "low"}
	rs := []Result{{0, 1, 10, 0, 0}, {0, 2, 10, 0, 0}, {1, 2, 6, 2, 2}}
	tab := mustEstimate(t, names, rs, Options{})
	top := get(t, tab, 0)
	if top.Rank != 1 || math.IsInf(top.Elo, 0) || top.Elo < get(t, tab, 1).Elo+200 || top.Elo > 2000 {
		t.Errorf("the bot that won every game: %+v", top)
	}
	_, err := Estimate(names, rs, Options{Prior: -1})
	if err == nil || !strings.Contains(err.Error(), "top won or lost every game") {
		t.Errorf("no prior, a bot with all wins: %v", err)
	}
	// Two groups never connected: only a prior rates them.
	split := []Result{{0, 1, 3, 1, 2}, {2, 3, 3, 1, 2}}
	if _, err := Estimate([]string{"a", "b", "c", "d"}, split, Options{Prior: -1}); err == nil {
		t.Error("two groups without a game between them, no prior: accepted")
	}
	if _, err := Estimate([]string{"a", "b", "c", "d"}, split, Options{}); err != nil {
		t.Errorf("two groups with the prior: %v", err)
	}
	if _, err := Estimate(names, []Result{{0, 0, 1, 0, 0}}, Options{}); err == nil {
		t.Error("a bot against itself: accepted")
	}
}

// TestRecovery simulates a round robin of players of known ratings under
// the model and checks that the estimates find them within their
// intervals (at most one of ten outside its 95 % interval, none outside
// three standard errors) and that the draw rate comes back.
func TestRecovery(t *testing.T) {
	truth := []float64{-300, -200, -120, -50, 0, 30, 90, 150, 220, 330}
	const nu = 0.8 // a draw rate of 0.8/2.8 between equals
	rng := rand.New(rand.NewPCG(7, 11))
	var rs []Result
	for i := range truth {
		for j := i + 1; j < len(truth); j++ {
			gi, gj := math.Pow(10, truth[i]/400), math.Pow(10, truth[j]/400)
			dd := nu * math.Sqrt(gi*gj)
			sum := gi + gj + dd
			r := Result{I: i, J: j}
			for range 200 {
				switch u := rng.Float64() * sum; {
				case u < gi:
					r.Wins++
				case u < gi+gj:
					r.Losses++
				default:
					r.Draws++
				}
			}
			rs = append(rs, r)
		}
	}
	names := make([]string, len(truth))
	for i := range names {
		names[i] = string(rune('a' + i))
	}
	tab := mustEstimate(t, names, rs, Options{Prior: -1})
	mean := 0.0
	for _, x := range truth {
		mean += x
	}
	mean /= float64(len(truth))
	outside := 0
	for i, x := range truth {
		r := get(t, tab, i)
		want := x - mean
		if want < r.Low || want > r.High {
			outside++
		}
		if math.Abs(r.Elo-want) > 3*r.StdErr {
			t.Errorf("player %d: %+.1f ± %.1f, true %+.1f", i, r.Elo, r.StdErr, want)
		}
		if r.StdErr < 5 || r.StdErr > 40 {
			t.Errorf("player %d: standard error %.1f for 1800 games", i, r.StdErr)
		}
	}
	if outside > 1 {
		t.Errorf("%d of %d true ratings outside their 95%% intervals", outside, len(truth))
	}
	if want := nu / (2 + nu); !near(tab.DrawRate, want, 0.03) {
		t.Errorf("draw rate %.3f, want about %.3f", tab.DrawRate, want)
	}
	if tab.Ratings[0].Index != 9 || tab.Ratings[9].Index != 0 {
		t.Errorf("ranking: first %d, last %d", tab.Ratings[0].Index, tab.Ratings[9].Index)
	}
}

func TestAllDraws(t *testing.T) {
	tab := mustEstimate(t, []string{"a", "b"}, []Result{{0, 1, 0, 10, 0}}, Options{})
	a := get(t, tab, 0)
	if !near(a.Elo, 0, 1e-9) || !near(tab.DrawRate, 10.5/11, 1e-9) {
		t.Errorf("all draws: %+v, draw rate %v", a, tab.DrawRate)
	}
}

func TestSPRTExact(t *testing.T) {
	elo1 := 400 * math.Log10(1.5) // Expected(elo1) = 0.6
	s, err := NewSPRT(0, elo1, 0.05, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []float64{0.5, 1, 1, 1.5} {
		s.Add(p)
	}
	// Pair scores ¼, ½, ½, ¾: mean ½, variance 1/32; LLR = 4·0.1·(1−1.1)/(1/16).
	if llr := s.LLR(); !near(llr, -0.64, 1e-9) {
		t.Errorf("LLR %.6f, want -0.64", llr)
	}
	lo, hi := s.Bounds()
	if !near(lo, math.Log(0.05/0.95), 1e-12) || !near(hi, -lo, 1e-12) || s.Verdict() != "" {
		t.Errorf("bounds %v %v, verdict %q", lo, hi, s.Verdict())
	}
	for _, bad := range [][4]float64{{5, 0, 0.05, 0.05}, {0, 5, 0, 0.05}, {0, 5, 0.05, 0.5}, {0, 5000, 0.05, 0.05}} {
		if _, err := NewSPRT(bad[0], bad[1], bad[2], bad[3]); err == nil {
			t.Errorf("NewSPRT%v accepted", bad)
		}
	}
}

// TestSPRTDecides plays simulated pairs of a player truly +40 or −20 Elo
// (with draws) and checks that the test of 0 against +15 stops with the
// right verdict.
func TestSPRTDecides(t *testing.T) {
	for _, c := range []struct {
		elo  float64
		want string
	}{{40, "H1"}, {-20, "H0"}} {
		rng := rand.New(rand.NewPCG(3, uint64(c.elo+100)))
		s, _ := NewSPRT(0, 15, 0.05, 0.05)
		win := Expected(c.elo) - 0.15 // draws 30 % of games
		for s.Verdict() == "" && s.N() < 100_000 {
			pts := 0.0
			for range 2 {
				switch u := rng.Float64(); {
				case u < win:
					pts++
				case u < win+0.3:
					pts += 0.5
				}
			}
			s.Add(pts)
		}
		if got := s.Verdict(); got != c.want {
			t.Errorf("true Elo %+.0f: verdict %q after %d pairs (LLR %.2f), want %s", c.elo, got, s.N(), s.LLR(), c.want)
		}
	}
}
