package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"boardgames/app/gamefile"
	"boardgames/app/safefile"
	"boardgames/rules/games"
	"boardgames/rules/records"
)

func init() {
	commands["convert"] = command{"convert game records: PDN (checkers), GGF (Othello), move lists, saved games", staged(prepareConvert)}
}

// convertStdin is what -in - reads (tests replace it).
var convertStdin io.Reader = os.Stdin

// formatBgame names Boardgames' own saved game among the record formats.
const formatBgame = "bgame"

// formatWTHOR names the French federation's binary database, which
// convert reads (-in FILE.wtb, or -from wtb) and does not write.
const formatWTHOR = "wtb"

// readWTHOR reads a WTHOR file: a file with the names beside it, or
// standard input without them.
func readWTHOR(ctx context.Context, in string) ([]records.Game, []records.Rejected, []string, error) {
	if in != "-" {
		gs, bad, notes, err := gamefile.ReadWTHOR(in)
		if err != nil {
			return nil, nil, nil, badInput(err)
		}
		return gs, bad, notes, nil
	}
	data, err := readConvertInput(ctx, in)
	if err != nil {
		return nil, nil, nil, err
	}
	gs, bad, _, err := records.ReadWTHOR([]byte(data), nil, nil)
	if err != nil {
		return nil, nil, nil, badInput(err)
	}
	return gs, bad, []string{"standard input has no WTHOR.JOU or WTHOR.TRN beside it: numbers stand for the names"}, nil
}

// convertRun is a checked convert command.
type convertRun struct {
	games  []records.Game
	to     string // a records.Format, or formatBgame
	out    string // "" or "-": stdout
	index  int    // 1-based, 0 = every game
	list   bool
	source string
	bad    []records.Rejected // the input's games that could not be read
	read   int                // the games read, before -filter and -index
}

// partialError is a run that did its work on the good games of an input
// that has bad ones; it is reported with exit status 3.
type partialError struct{ what string }

func (p partialError) Error() string { return "partial: " + p.what }

func prepareConvert(e *env, args []string) (func() error, error) {
	fs := e.newFlags("convert", "-in FILE -to pdn|ggf|moves|bgame [-o FILE] [-index N] [-game G] [-from FORMAT] [-list]\n\n"+
		"Reads a file of games (PDN for checkers, GGF or a transcript such as f5d6c3 for Othello,\n"+
		"WTHOR's FILE.wtb for Othello with the names of WTHOR.JOU and WTHOR.TRN beside it,\n"+
		"move lists one game a line for every game, or a Boardgames saved game), replays every\n"+
		"move, and writes the games in another format. The input's format is found from its\n"+
		"text (-from names it); a move list needs -game. A saved game (bgame) holds one game:\n"+
		"pick it with -index when the input has several. Comments are kept (PDN to PDN);\n"+
		"variations and annotations are skipped with a warning on stderr. A game that cannot\n"+
		"be read is reported with its line and reason and the others are converted: the exit\n"+
		"status is then 3 (partial). -o FILE is replaced only by a complete new file.\n")
	in := fs.String("in", "", "the file to read, - for standard input")
	to := fs.String("to", "", "the format to write: pdn (checkers), ggf (Othello), moves, bgame")
	from := fs.String("from", "", "the input's format when its text does not tell: pdn, ggf, moves, bgame, wtb (WTHOR, read only)")
	out := fs.String("o", "", "the file to write (standard output without it)")
	index := fs.Int("index", 0, "convert only game N of the input (1 = the first)")
	gameName := fs.String("game", "", "the game of a move list: "+games.Names())
	list := fs.Bool("list", false, "list the input's games instead of converting them, the rejected ones too")
	filter := fs.String("filter", "", "only the games that match: player=NAME event=TEXT year=YYYY result=1-0|0-1|draw|* or a WORD, space or comma separated")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	r := convertRun{out: *out, index: *index, list: *list, source: *in}
	if *in == "" {
		return nil, badInputf("-in FILE is required (- for standard input)")
	}
	switch strings.ToLower(*to) {
	case "":
		if !r.list {
			return nil, badInputf("-to is required: pdn, ggf, moves or bgame")
		}
	case formatBgame:
		r.to = formatBgame
	default:
		f, err := records.ParseFormat(*to)
		if err != nil {
			return nil, badInputf("-to: unknown format %q (choose pdn, ggf, moves or bgame)", *to)
		}
		r.to = string(f)
	}
	if r.index < 0 || r.index > records.MaxGames {
		return nil, badInputf("-index must be 1..%d, got %d", records.MaxGames, r.index)
	}
	var g *games.Game
	if *gameName != "" {
		var err error
		if g, err = games.Lookup(*gameName); err != nil {
			return nil, badInput(err)
		}
	}
	flt, err := records.ParseFilter(*filter)
	if err != nil {
		return nil, badInput(err)
	}
	if strings.EqualFold(*from, formatWTHOR) || (*from == "" && strings.EqualFold(filepath.Ext(*in), gamefile.WTHORExt)) {
		var notes []string
		if r.games, r.bad, notes, err = readWTHOR(e.ctx, *in); err != nil {
			return nil, err
		}
		for _, n := range notes {
			fmt.Fprintf(e.stderr, "boardgames convert: note: %s\n", n)
		}
	} else {
		text, err := readConvertInput(e.ctx, *in)
		if err != nil {
			return nil, err
		}
		if r.games, r.bad, err = readRecords(text, *from, g); err != nil {
			return nil, err
		}
	}
	r.read = len(r.games)
	total := len(r.games) + len(r.bad)
	if r.index > total {
		return nil, badInputf("-index %d: %s holds %s", r.index, inputName(*in), countGames(total))
	}
	if r.index > 0 {
		r.games = pickGame(r.games, r.index)
		for _, b := range r.bad {
			if b.N == r.index {
				return nil, badInputf("-index %d: %s", r.index, strings.TrimPrefix(b.Err.Error(), "records: "))
			}
		}
		r.bad = nil
	}
	if !flt.IsZero() {
		kept := r.games[:0:0]
		for i := range r.games {
			if flt.Match(&r.games[i]) {
				kept = append(kept, r.games[i])
			}
		}
		r.games = kept
	}
	if !r.list && len(r.games) == 0 {
		switch {
		case len(r.bad) > 0:
			return nil, badInputf("no game of %s could be read: %s", inputName(*in), strings.TrimPrefix(r.bad[0].Err.Error(), "records: "))
		default:
			return nil, badInputf("no game of %s matches -filter %q", inputName(*in), *filter)
		}
	}
	if !r.list {
		if err := r.check(); err != nil {
			return nil, err
		}
		if err := checkOutput(r.out); err != nil {
			return nil, err
		}
	}
	for _, game := range r.games {
		for _, w := range game.Warnings {
			fmt.Fprintf(e.stderr, "boardgames convert: warning: %s\n", w)
		}
		if len(game.Comments) > 0 && !r.list && r.to != string(records.PDN) {
			fmt.Fprintf(e.stderr, "boardgames convert: warning: game %d: its %d comment(s) are not kept in %s (PDN keeps them)\n", game.N, len(game.Comments), r.to)
		}
	}
	for _, b := range r.bad {
		fmt.Fprintf(e.stderr, "boardgames convert: rejected: %s\n", strings.TrimPrefix(b.Err.Error(), "records: "))
	}
	return func() error {
		if err := e.convert(r); err != nil {
			return err
		}
		if len(r.bad) > 0 {
			return partialError{fmt.Sprintf("%d of %s read, %d rejected (listed above)", r.read, countGames(r.read+len(r.bad)), len(r.bad))}
		}
		return nil
	}, nil
}

// pickGame is the game numbered n in its file, or none.
func pickGame(gs []records.Game, n int) []records.Game {
	for i := range gs {
		if gs[i].N == n || (gs[i].N == 0 && i+1 == n) {
			return gs[i : i+1]
		}
	}
	return nil
}

// inputName names -in's file in messages.
func inputName(in string) string {
	if in == "-" {
		return "the input"
	}
	return in
}

func countGames(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}

// readConvertInput reads -in, at most records.MaxSize bytes.
// Standard input is read under Ctrl+C; a file must be a regular one.
func readConvertInput(ctx context.Context, name string) (string, error) {
	var data []byte
	var err error
	if name == "-" {
		data, err = readAllStdin(ctx, convertStdin, records.MaxSize)
	} else {
		f, oerr := openRegular("-in", name)
		if oerr != nil {
			return "", oerr
		}
		defer f.Close()
		data, err = io.ReadAll(io.LimitReader(f, records.MaxSize+1))
	}
	if ctx.Err() != nil {
		return "", interrupted("nothing was read")
	}
	if err != nil {
		return "", badInputf("reading %s: %v", inputName(name), err)
	}
	if len(data) > records.MaxSize {
		return "", badInputf("%s is more than %d MiB: not a file of games", inputName(name), records.MaxSize>>20)
	}
	return string(data), nil
}

// readRecords reads the games of text in the format from ("" to find it
// from the text).
func readRecords(text, from string, g *games.Game) ([]records.Game, []records.Rejected, error) {
	trimmed := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if from == formatBgame || (from == "" && strings.HasPrefix(trimmed, gamefile.Magic)) {
		f, err := gamefile.Parse(text)
		if err != nil {
			return nil, nil, badInput(err)
		}
		game := f.AsRecord()
		game.N = 1
		game.Warnings = f.Warnings
		return []records.Game{game}, nil, nil
	}
	format := records.Detect(text)
	if from != "" {
		var err error
		if format, err = records.ParseFormat(from); err != nil {
			return nil, nil, badInputf("-from: unknown format %q (choose pdn, ggf, moves, bgame or wtb)", from)
		}
	}
	if format == records.Transcript && g == nil {
		return nil, nil, badInputf("the input is a move list (no PDN tags, no GGF game): say its game with -game %s", games.Names())
	}
	gs, bad, err := records.ReadEach(format, text, g, games.Settings{})
	if err != nil {
		return nil, nil, badInput(err)
	}
	return gs, bad, nil
}

// check refuses what the output format cannot hold.
func (r convertRun) check() error {
	if r.to == formatBgame {
		if len(r.games) > 1 {
			return badInputf("a saved game holds one game and %s holds %d: pick one with -index N (1..%d), or write pdn, ggf or moves", inputName(r.source), len(r.games), len(r.games))
		}
		return nil
	}
	f := records.Format(r.to)
	for i := range r.games {
		if g := r.games[i].Game; !f.Serves(g) {
			return badInputf("%s holds no %s games (write %s or bgame)", strings.ToUpper(r.to), g.Title, records.For(g))
		}
	}
	if f == records.Transcript {
		var discard strings.Builder
		if err := records.Write(&discard, f, r.games); err != nil {
			return badInput(err)
		}
	}
	return nil
}

// convert writes the games, or lists them.
func (e *env) convert(r convertRun) error {
	if r.list {
		bad := r.bad
		for i, g := range r.games {
			n := g.N
			if n == 0 {
				n = i + 1
			}
			for len(bad) > 0 && bad[0].N < n {
				listRejected(e.stdout, bad[0])
				bad = bad[1:]
			}
			fmt.Fprintf(e.stdout, "%d\t%s\t%d moves\t%s\t%s\n", n, g.Game.Title, g.Record.Len(), resultText(g.Game, g.Final()), describeTags(g))
		}
		for _, b := range bad {
			listRejected(e.stdout, b)
		}
		return nil
	}
	var b strings.Builder
	if r.to == formatBgame {
		b.WriteString(bgameOf(r.games[0]))
	} else if err := records.Write(&b, records.Format(r.to), r.games); err != nil {
		return err
	}
	if r.out == "" || r.out == "-" {
		_, err := io.WriteString(e.stdout, b.String())
		return err
	}
	if err := safefile.Write(r.out, []byte(b.String())); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "boardgames convert: wrote %s to %s\n", countGames(len(r.games)), r.out)
	return nil
}

// listRejected is -list's line for a game that could not be read.
func listRejected(w io.Writer, b records.Rejected) {
	where := fmt.Sprintf("line %d", b.Line)
	if b.Line == 0 {
		where = fmt.Sprintf("byte %d", b.Offset)
	}
	fmt.Fprintf(w, "%d\trejected\t%s\t%s\n", b.N, where, b.Reason())
}

// describeTags is a game's tags on one line, for -list.
func describeTags(g records.Game) string {
	parts := make([]string, 0, len(g.Tags))
	for _, t := range g.Tags {
		parts = append(parts, t.Name+"="+t.Value)
	}
	return strings.Join(parts, " ")
}

// bgameOf writes a game as a saved game: its moves, its result and how
// it ended, and its tags (see gamefile.FromRecord).
func bgameOf(g records.Game) string { return gamefile.Format(gamefile.FromRecord(g)) }
