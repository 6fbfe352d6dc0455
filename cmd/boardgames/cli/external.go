package cli

import (
	"bufio"
	"fmt"
	"sort"
	"strings"

	"boardgames/ai/bots"
	"boardgames/ai/lab"
)

// splitOutside splits s at sep where it is outside double quotes (an
// external program's command line may hold a ";" or a ","), trimming the
// parts; inside quotes a backslash escapes the next character.
func splitOutside(s string, sep byte) []string {
	var out []string
	start, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && quoted:
			i++
		case c == '"':
			quoted = !quoted
		case c == sep && !quoted:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// nonEmpty drops the empty strings.
func nonEmpty(list []string) []string {
	var out []string
	for _, s := range list {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// maxBotsFile is the largest -bots file read.
const maxBotsFile = 1 << 20

// readBotsFile reads bot specs, one a line; empty lines and lines starting
// with '#' are skipped.
func readBotsFile(name string) ([]string, error) {
	f, err := openRegular("-bots", name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || st.Size() > maxBotsFile {
		return nil, badInputf("-bots %s: not a regular file of at most 1 MiB", name)
	}
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, badInputf("-bots %s: %v", name, err)
	}
	return out, nil
}

// parseShard reads -shard ("" is the whole run).
func parseShard(s string) (lab.Shard, error) {
	if s == "" {
		return lab.Shard{}, nil
	}
	sh, err := lab.ParseShard(s)
	if err != nil {
		return lab.Shard{}, badInputf("-shard %s: want K/N with 1 <= K <= N, such as 2/3", s)
	}
	return sh, nil
}

// label names a bot in tables: an external program by its name or its
// command line, the others by their spec.
func label(spec string) string {
	s, err := bots.ParseSpec(spec)
	if err != nil {
		return spec
	}
	return s.Label()
}

// forfeits says when a bot lost games by misbehaving, and how.
func (e *env) forfeits(who string, p lab.PlayerStats) {
	if p.Forfeits == 0 {
		return
	}
	var kinds []string
	for k, n := range p.Faults {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	fmt.Fprintf(e.stdout, "%s forfeited %d game(s): %s\n", who, p.Forfeits, strings.Join(kinds, ", "))
}

// labRun is the run r plays, for its shard file.
func (r arenaRun) labRun(kind string) lab.Run {
	run := lab.Run{Kind: kind, Game: r.g.Name, Settings: r.settings, Start: r.start.String(),
		Games: r.games, Openings: r.openings, Seed: r.seed}
	for _, s := range r.specs {
		run.Bots = append(run.Bots, s.String())
	}
	return run
}
