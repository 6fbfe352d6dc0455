package gamefile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"boardgames/app/internal/tr"
	"boardgames/rules/records"
)

// WTHOR's files (see records.ReadWTHOR): a year of games, WTH_2004.wtb,
// with the players' and tournaments' names in WTHOR.JOU and WTHOR.TRN
// beside it.

// WTHORExt is the extension of a WTHOR file of games.
const WTHORExt = ".wtb"

// MaxWTHOR is the largest .wtb file read (whole): 200,000 games of 68
// bytes (a year of WTHOR's holds a few thousand).
const MaxWTHOR = 16 + 68*200_000

// ReadWTHOR reads a .wtb file and the names beside it (WTHOR.JOU and
// WTHOR.TRN, in any case of letters; without them the numbers stand for
// the names, with a note). notes say what was used or missed.
func ReadWTHOR(path string) (gs []records.Game, bad []records.Rejected, notes []string, err error) {
	data, err := ReadFile(path, MaxWTHOR)
	if err != nil {
		return nil, nil, nil, err
	}
	names := func(file string, size int) []string {
		p := besideFile(path, file)
		if p == "" {
			notes = append(notes, tr.F("no %s beside %s: numbers stand for the names", file, filepath.Base(path)))
			return nil
		}
		raw, err := ReadFile(p, 16+int64(size)*65536)
		if err == nil {
			var n []string
			if n, err = records.ReadWTHORNames(raw, size); err == nil {
				return n
			}
		}
		notes = append(notes, tr.F("%s: %v: numbers stand for the names", file, strings.TrimPrefix(err.Error(), "records: ")))
		return nil
	}
	players := names(records.WTHORPlayersFile, records.WTHORPlayerName)
	trns := names(records.WTHORTournamentsFile, records.WTHORTournamentName)
	gs, bad, _, err = records.ReadWTHOR(data, players, trns)
	if err != nil {
		return nil, nil, notes, fmt.Errorf("%s: %s", filepath.Base(path), strings.TrimPrefix(err.Error(), "records: "))
	}
	return gs, bad, notes, nil
}

// besideFile is the path of the file named name (in any case) in the
// folder of path, or "".
func besideFile(path, name string) string {
	dir := filepath.Dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), name) && e.Type().IsRegular() {
			return filepath.Join(dir, e.Name())
		}
	}
	return ""
}
