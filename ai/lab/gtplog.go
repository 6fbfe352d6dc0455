package lab

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"boardgames/ai/bots"
	"boardgames/rules"
	"boardgames/rules/games"
)

// LogName is the file of an external program's protocol transcript in a
// log folder (ArenaConfig.LogDir): the game's number (after its pairing's,
// 1-based, in a tournament), the bot's name and the colour it played,
// such as "007-alice-black.gtp.log" or "03-007-alice-black.gtp.log".
func LogName(g *games.Game, tournament bool, pair, number int, spec bots.Spec, colour rules.Player) string {
	name := fmt.Sprintf("%03d-%s-%s.gtp.log", number, slugName(logLabel(spec)), slugName(strings.ToLower(g.PlayerName(colour))))
	if tournament {
		name = fmt.Sprintf("%02d-%s", pair+1, name)
	}
	return name
}

// logLabel is the bot's name, or else its command line's words without
// their folders.
func logLabel(s bots.Spec) string {
	if s.Name != "" {
		return s.Name
	}
	argv, err := s.Argv()
	if err != nil {
		return s.Command
	}
	for i, a := range argv {
		argv[i] = filepath.Base(a)
	}
	return strings.Join(argv, "_")
}

// slugName keeps letters, digits, '.', '-' and '_' of s (others become
// '_'), at most 40 of them.
func slugName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		if b.Len() >= 40 {
			break
		}
	}
	if b.Len() == 0 {
		return "bot"
	}
	return b.String()
}

// openLogs starts the transcripts of a game's external programs in
// j.logDir (if set) and gives each its seed for bg-seed; the files are
// closed by the function it returns, after the programs have stopped.
func openLogs(j gameJob, g *games.Game, ext [2]*bots.External) (func(), error) {
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	for k, x := range ext {
		if x == nil {
			continue
		}
		x.SetSeed(mix(j.seed, 4, uint64(k)))
		if j.logDir == "" {
			continue
		}
		colour := j.p1Colour
		if k == 1 {
			colour = colour.Other()
		}
		path := filepath.Join(j.logDir, LogName(g, j.tournament, j.pair, j.number, j.bots[k], colour))
		f, err := os.Create(path)
		if err != nil {
			closeAll()
			return nil, fmt.Errorf("lab: transcript: %w", err)
		}
		files = append(files, f)
		x.SetLog(f)
	}
	return closeAll, nil
}
