package lab

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is part K (1..N) of a run's games, for running a large match or
// tournament on several machines (an array job of a scheduler, GNU
// parallel over ssh): shard K of N plays the games whose index i in the
// run (0-based, in the order the run lays them out) has i % N == K-1.
// Every game's opening and seeds depend on its index alone, so the shards
// together play exactly the games of the whole run, and Merge sums them
// up to the same tables. The zero Shard is the whole run.
type Shard struct{ K, N int }

// ParseShard reads "K/N", such as "2/3".
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(strings.TrimSpace(s), "/")
	var sh Shard
	var err1, err2 error
	sh.K, err1 = strconv.Atoi(strings.TrimSpace(k))
	sh.N, err2 = strconv.Atoi(strings.TrimSpace(n))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("lab: shard %q is not K/N, such as 2/3", s)
	}
	return sh, sh.check()
}

// String writes "K/N" ("" for the whole run).
func (s Shard) String() string {
	if s.N <= 1 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.K, s.N)
}

// Whole reports whether the shard is the whole run.
func (s Shard) Whole() bool { return s.N <= 1 }

func (s Shard) check() error {
	if s == (Shard{}) {
		return nil
	}
	if s.N < 1 || s.N > MaxGames || s.K < 1 || s.K > s.N {
		return fmt.Errorf("lab: shard %d/%d: want 1 <= K <= N <= %d", s.K, s.N, MaxGames)
	}
	return nil
}

// count is how many of total games the shard plays.
func (s Shard) count(total int) int {
	if s.N <= 1 {
		return total
	}
	return (total - s.K + s.N) / s.N
}

// global is the run's index of the shard's game i.
func (s Shard) global(i int) int {
	if s.N <= 1 {
		return i
	}
	return s.K - 1 + i*s.N
}

// Has reports whether the shard plays the run's game i.
func (s Shard) Has(i int) bool { return s.N <= 1 || i%s.N == s.K-1 }
