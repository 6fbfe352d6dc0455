package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"boardgames/ai/gtp"
	"boardgames/ai/lab"
	"boardgames/app/gamefile"
	"boardgames/app/safefile"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/records"
)

// Every game of a run can be kept on disk (arena's -games-dir; grade
// writes its games/ folder the same way): each in the record format of
// its game (PDN for checkers, GGF for Othello, a move list for Connect
// Four and Adjacency) and as a saved game the app opens, both named by
// the game's number in the run and its players, Black (the first colour)
// first: 0007-greedy-vs-random.pdn and 0007-greedy-vs-random.bgame. The
// record says the result, and how the game ended: a forfeit with the
// program and its fault, an adjudication, or the rules' own end.

// gameFiles writes a run's games to a folder as they finish (lab's
// OnGame); a command that plays games through lab (arena, tournaments)
// hands its OnGame to add.
type gameFiles struct {
	dir    string
	event  string // the records' Event
	digits int    // of the games' numbers in the files' names
}

// newGameFiles makes the folder dir (checkFolder checked it) for the games
// of a run of total games; event names the run in the records.
func newGameFiles(dir, event string, total int) (*gameFiles, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, badInput(err)
	}
	return &gameFiles{dir: dir, event: event, digits: max(4, len(fmt.Sprint(total)))}, nil
}

// add writes one game: lab.ArenaConfig.OnGame.
func (w *gameFiles) add(p lab.Played) error {
	f := playedFile(p.Game, p.Settings, p.Record, p.GameRecord, p.P1.String(), p.P2.String())
	black, white := f.Players[0], f.Players[1]
	describe(&f, w.event, p.Index, black, white, time.Now())
	base := fmt.Sprintf("%0*d-%s-vs-%s", w.digits, p.Index, fileLabel(black), fileLabel(white))
	return writeGameFiles(filepath.Join(w.dir, base), f)
}

// fileLabel is a bot's label as a file name holds it: at most 40
// characters (a program's label is its command line unless it has a
// name).
func fileLabel(spec string) string {
	s := slug(label(spec))
	if len(s) > 40 {
		s = strings.TrimRight(s[:40], "-")
	}
	return cmpStr(s, "bot")
}

func cmpStr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// playedFile makes a saved game of a game a run played: rec its moves, r
// its summary, p1 and p2 its bots. Its result is the game's, its ending
// the rules' end, the forfeit (the colour, the program and its fault) or
// the adjudication at the run's ply limit; the programs' last lines of
// standard error go into its notes.
func playedFile(g *games.Game, s games.Settings, rec games.Record, r lab.GameRecord, p1, p2 string) gamefile.File {
	f := gamefile.File{Game: g, Settings: s, Record: rec, Result: r.Result}
	f.Players[r.P1Colour], f.Players[r.P1Colour.Other()] = p1, p2
	switch {
	case r.Forfeit != "":
		loser, spec := r.P1Colour, p1
		if r.Forfeit == "p2" {
			loser, spec = loser.Other(), p2
		}
		f.Ending = records.Forfeited(g.PlayerName(loser), spec, r.Fault, r.FaultKind == string(gtp.FaultResigned))
	case r.Adjudicated:
		f.Ending = records.Ending{Kind: records.Adjudication, Reason: fmt.Sprintf("a draw after %d plies, the run's limit", r.Plies)}
	case rec.Result().Over():
		f.Ending = records.Ending{Kind: records.Normal}
	}
	for k, lines := range r.Stderr {
		if len(lines) == 0 {
			continue
		}
		colour := r.P1Colour
		if k == 1 {
			colour = colour.Other()
		}
		f.Notes = append(f.Notes, fmt.Sprintf("Last lines of %s's standard error:", g.PlayerName(colour)))
		for _, l := range lines {
			f.Notes = append(f.Notes, "  "+l)
		}
	}
	return f
}

// describe sets a played game's tags: the run, the game's number as its
// round, the date and the players, under the names of its record format.
func describe(f *gamefile.File, event string, round int, black, white string, when time.Time) {
	g := records.Game{Game: f.Game}
	format := records.For(f.Game)
	records.Describe(&g, format, black, white, when) // Event, Date, Black, White; PC, DT, PB, PW
	switch format {
	case records.PDN:
		g.SetTag("Event", event)
		g.Tags = slices.Insert(g.Tags, 2, records.Tag{Name: "Round", Value: fmt.Sprint(round)})
	case records.GGF:
		g.SetTag("PC", event)
	}
	f.Tags = g.Tags
}

// writeGameFiles writes f as base.bgame and in its game's record format
// (base.pdn, base.ggf, base.txt). A move list holds a game from the
// start position only: a game from another start is kept as a saved game
// alone.
func writeGameFiles(base string, f gamefile.File) error {
	if err := safefile.WriteRegular(base+gamefile.Ext, []byte(gamefile.Format(f))); err != nil {
		return err
	}
	format := records.For(f.Game)
	var b strings.Builder
	if format == records.Transcript {
		std, err := f.Game.Start(f.Settings)
		if err != nil || std.String() != f.Record.Start().String() {
			return nil
		}
		b.WriteString(transcriptHead(f))
		b.WriteString(f.Record.String())
		b.WriteByte('\n')
	} else if err := records.Write(&b, format, []records.Game{f.AsRecord()}); err != nil {
		return err
	}
	return safefile.WriteRegular(base+format.Ext(), []byte(b.String()))
}

// transcriptHead is what a move list keeps of a game beyond its moves, in
// comment lines (which readers of move lists skip): the players, the
// result and how the game ended.
func transcriptHead(f gamefile.File) string {
	var b strings.Builder
	for p, seat := range f.Players {
		if seat != "" {
			fmt.Fprintf(&b, "# %s: %s\n", f.Game.PlayerName(rules.Player(p)), seat)
		}
	}
	fmt.Fprintf(&b, "# %s: %s\n", gamefile.KeyResult, f.Game.ResultText(f.Final()))
	if !f.Ending.IsZero() {
		fmt.Fprintf(&b, "# %s: %s\n", gamefile.KeyEnd, f.Ending)
	}
	return b.String()
}

// checkRecordDirs checks the folders of -log and -games-dir before a run's
// games ("" for none): the transcripts' folder is made, the games' folder
// must be one the games can be written in.
func checkRecordDirs(logDir, gamesDir string) error {
	if err := makeLogDir(logDir); err != nil {
		return err
	}
	if gamesDir != "" {
		return checkFolder("-games-dir", gamesDir)
	}
	return nil
}
