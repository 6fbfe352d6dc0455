package cli

import (
	"fmt"
	"strconv"
	"strings"

	"boardgames/ai/lab"
	"boardgames/ai/lab/rating"
)

// sprtJSON is arena's JSON of -sprt.
type sprtJSON struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	LLR   float64 `json:"llr"`
	Lower float64 `json:"lower"`
	Upper float64 `json:"upper"`
	// Pairs counts the pairs of games by P1's points in them: 0, 0.5, 1,
	// 1.5, 2.
	Pairs [5]int `json:"pentanomial"`
	// Verdict is "H1" (Elo1 accepted), "H0" (Elo0 accepted) or "" (no
	// decision within the games).
	Verdict string `json:"verdict"`
}

// parseSPRT reads -sprt ELO0,ELO1 with -alpha and -beta; nil when -sprt
// is not given. A test is of a match, not a tournament or a shard.
func parseSPRT(text string, alpha, beta float64, tour, shard bool) (*rating.SPRT, error) {
	if text == "" {
		return nil, nil
	}
	if tour || shard {
		return nil, badInputf("-sprt tests a match of -p1 and -p2, not a tournament or a shard")
	}
	a, b, ok := strings.Cut(text, ",")
	elo0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	elo1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err0 != nil || err1 != nil {
		return nil, badInputf("-sprt %q: want ELO0,ELO1 such as 0,10", text)
	}
	s, err := rating.NewSPRT(elo0, elo1, alpha, beta)
	if err != nil {
		return nil, badInputf("-sprt: %s", strings.TrimPrefix(err.Error(), "rating: SPRT "))
	}
	return s, nil
}

// sprtStop counts the match's pairs of games (games 2k-1 and 2k share an
// opening) into the test and stops the match once it decides. The lab
// calls it one game at a time.
func sprtStop(s *rating.SPRT) func(lab.GameRecord) bool {
	if s == nil {
		return nil
	}
	half := map[int]float64{} // the first finished game of each pair
	return func(g lab.GameRecord) bool {
		pair := (g.Number - 1) / 2
		if p, ok := half[pair]; ok {
			delete(half, pair)
			s.Add(p + g.P1Points)
		} else {
			half[pair] = g.P1Points
		}
		return s.Verdict() != ""
	}
}

func sprtResult(s *rating.SPRT) *sprtJSON {
	if s == nil {
		return nil
	}
	lo, hi := s.Bounds()
	return &sprtJSON{Elo0: s.Elo0, Elo1: s.Elo1, Alpha: s.Alpha, Beta: s.Beta, LLR: s.LLR(), Lower: lo, Upper: hi,
		Pairs: s.Pairs, Verdict: s.Verdict()}
}

// printSPRT prints the test's state at the end of the match.
func (e *env) printSPRT(s *rating.SPRT, played, asked int) {
	lo, hi := s.Bounds()
	fmt.Fprintf(e.stdout, "SPRT of p1's Elo advantage, %g (H0) against %g (H1), alpha %g, beta %g (pentanomial GSPRT, logistic Elo):\n",
		s.Elo0, s.Elo1, s.Alpha, s.Beta)
	fmt.Fprintf(e.stdout, "  LLR %.3f, bounds %.3f .. %.3f, after %d pairs of games (pentanomial %v): ", s.LLR(), lo, hi, s.N(), s.Pairs)
	switch s.Verdict() {
	case "H1":
		fmt.Fprintf(e.stdout, "H1 accepted (Elo %g) after %d of at most %d games\n", s.Elo1, played, asked)
	case "H0":
		fmt.Fprintf(e.stdout, "H0 accepted (Elo %g) after %d of at most %d games\n", s.Elo0, played, asked)
	default:
		fmt.Fprintf(e.stdout, "no decision within %d games\n", played)
	}
}
