package bots

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// MemoryMiB is the most memory, in MiB, that the bot keeps in its tables
// while it plays a game: the engine's transposition table, MCTS's tree,
// the perfect player's solver tables.
func (s Spec) MemoryMiB() int {
	a, ok := Lookup(s.Algo)
	if !ok {
		return 0
	}
	if s.Algo == "perfect" {
		// Connect Four: one solver's table; Othello: the engine's and the
		// endgame solver's.
		return perfectTableMiB + s.Params.Defaults("engine").TTMiB
	}
	return s.Params.MemoryMiB(a.Name)
}

// MachineMemory returns the memory this process may use, in bytes: the
// machine's (MemTotal of /proc/meminfo), or the limit of its control
// group when that is lower; 0 where neither can be read.
func MachineMemory() uint64 {
	total := meminfo()
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
			total = n // "max" (no limit) does not parse
		}
	}
	return total
}

func meminfo() uint64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
			f := strings.Fields(rest) // "24567890 kB"
			if len(f) == 2 && f[1] == "kB" {
				if n, err := strconv.ParseUint(f[0], 10, 64); err == nil {
					return n << 10
				}
			}
		}
	}
	return 0
}

// MemoryBudget is the memory the bots' tables may take in all: half of
// MachineMemory, the rest for the program and the system (0: unknown, no
// check). Tests replace it.
var MemoryBudget = func() uint64 { return MachineMemory() / 2 }

// CheckMemory checks that games played at once, each between two of the
// bots (the two largest at worst), keep their tables within MemoryBudget,
// and says what to lower when they do not.
func CheckMemory(games int, specs ...Spec) error {
	budget := MemoryBudget()
	if budget == 0 || games < 1 || len(specs) == 0 {
		return nil
	}
	first, second := 0, 0
	for _, s := range specs {
		switch m := s.MemoryMiB(); {
		case m > first:
			first, second = m, first
		case m > second:
			second = m
		}
	}
	if len(specs) == 1 {
		second = 0
	}
	need := uint64(games) * uint64(first+second) << 20
	if need <= budget {
		return nil
	}
	per := uint64(first + second)
	what := fmt.Sprintf("%d games at once with %d MiB of tables each (the bots' tt, tree and solver tables) need %s, more than the %s allowed (half of this machine's memory)",
		games, per, sizeText(need), sizeText(budget))
	if most := budget >> 20 / max(per, 1); most >= 1 {
		return fmt.Errorf("%s: use -parallel %d or less, or smaller tables (tt=...)", what, most)
	}
	return fmt.Errorf("%s: use smaller tables (tt=...)", what)
}

// sizeText writes a size in MiB or GiB.
func sizeText(n uint64) string {
	if n >= 10<<30 {
		return fmt.Sprintf("%d GiB", n>>30)
	}
	return fmt.Sprintf("%d MiB", n>>20)
}
