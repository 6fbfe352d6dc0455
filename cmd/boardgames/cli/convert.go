package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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
	in     convertInput
	filter records.Filter
	to     string // a records.Format, or formatBgame
	out    string // "" or "-": stdout
	index  int    // 1-based, 0 = every game
	list   bool
	notes  bool // -comments
	source string
	// Found by the check of a conversion (not of -list):
	picked int           // the games to write
	saved  *records.Game // the game of a saved game's output
	bad    int           // the input's games that could not be read
	read   int           // the games read, before -filter and -index
}

// convertInput is what convert reads: games in memory (a WTHOR file, a
// saved game, standard input), or a file of records read game by game.
type convertInput struct {
	games []records.Game
	bad   []records.Rejected
	// path, format and game say the file read game by game.
	path   string
	format records.Format
	game   *games.Game
}

// each calls fn with every game of the input, good or bad, in the order
// of the file; a file is read again at each call, game by game.
func (in convertInput) each(ctx context.Context, fn func(records.Item) error) error {
	if in.path == "" {
		bad := in.bad
		for i := range in.games {
			g := in.games[i]
			if g.N == 0 {
				g.N = i + 1
			}
			for len(bad) > 0 && bad[0].N < g.N {
				if err := fn(records.Item{Bad: &bad[0], Line: bad[0].Line}); err != nil {
					return err
				}
				bad = bad[1:]
			}
			if err := fn(records.Item{Game: g}); err != nil {
				return err
			}
		}
		for i := range bad {
			if err := fn(records.Item{Bad: &bad[i], Line: bad[i].Line}); err != nil {
				return err
			}
		}
		return nil
	}
	f, err := openRegular("-in", in.path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := records.NewScanner(in.format, f, in.game, games.Settings{})
	for sc.Scan() {
		if ctx.Err() != nil {
			return interrupted("the reading of " + in.path + " was stopped")
		}
		if err := fn(sc.Item()); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return badInput(err)
	}
	return nil
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
		"status is then 3 (partial). -o FILE is replaced only by a complete new file.\n"+
		"A file of records is read game by game, in bounded memory, whatever its size:\n"+
		"-list prints each game as it is read; a conversion to -o FILE checks each game as it\n"+
		"writes the new file, which replaces FILE only when every game was written; to standard\n"+
		"output it reads the file twice (once to check every game, once to write). Standard\n"+
		"input is read whole (at most 64 MiB).\n")
	in := fs.String("in", "", "the file to read, - for standard input")
	to := fs.String("to", "", "the format to write: pdn (checkers), ggf (Othello), moves, bgame")
	from := fs.String("from", "", "the input's format when its text does not tell: pdn, ggf, moves, bgame, wtb (WTHOR, read only)")
	out := fs.String("o", "", "the file to write (standard output without it)")
	index := fs.Int("index", 0, "convert only game N of the input (1 = the first)")
	gameName := fs.String("game", "", "the game of a move list: "+games.Names())
	list := fs.Bool("list", false, "list the input's games instead of converting them, the rejected ones too")
	notes := fs.Bool("comments", false, "with -list, each game's comments and GGF evaluations on the lines after it: a tab, the move number (0: before the first move), a tab, the text")
	filter := fs.String("filter", "", "only the games that match: player=NAME event=TEXT year=YYYY result=1-0|0-1|draw|* or a WORD, space or comma separated")
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	r := convertRun{out: *out, index: *index, list: *list, notes: *notes, source: *in}
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
	var err error
	if r.filter, err = records.ParseFilter(*filter); err != nil {
		return nil, badInput(err)
	}
	switch {
	case strings.EqualFold(*from, formatWTHOR) || (*from == "" && strings.EqualFold(filepath.Ext(*in), gamefile.WTHORExt)):
		var notes []string
		if r.in.games, r.in.bad, notes, err = readWTHOR(e.ctx, *in); err != nil {
			return nil, err
		}
		for _, n := range notes {
			fmt.Fprintf(e.stderr, "boardgames convert: note: %s\n", n)
		}
	case *in != "-":
		if r.in, err = openRecords(*in, *from, g); err != nil {
			return nil, err
		}
	default:
		text, err := readConvertInput(e.ctx, *in)
		if err != nil {
			return nil, err
		}
		if r.in.games, r.in.bad, err = readRecords(text, *from, g); err != nil {
			return nil, err
		}
	}
	if r.list {
		return func() error { return e.list(r) }, nil
	}
	toFile := r.out != "" && r.out != "-" && regularOrNew(r.out)
	if r.in.path == "" || !toFile {
		// Check every game before anything is written.
		if err := e.checkConversion(&r, *filter, nil); err != nil {
			return nil, err
		}
	}
	if err := checkOutput(r.out); err != nil {
		return nil, err
	}
	return func() error {
		var err error
		if r.in.path != "" && toFile {
			err = e.convertOnce(&r, *filter)
		} else {
			err = e.convert(r)
		}
		if err != nil {
			return err
		}
		if r.bad > 0 {
			return partialError{fmt.Sprintf("%d of %s read, %d rejected (listed above)", r.read, countGames(r.read+r.bad), r.bad)}
		}
		return nil
	}, nil
}

// picks reports whether the game numbered n is one -index picks.
func (r convertRun) picks(n int) bool { return r.index == 0 || r.index == n }

// checkConversion reads the input once: it counts its games, says what
// was skipped or rejected (on stderr), and checks that the output format
// can hold every game picked; with out, it writes each game picked there
// too (but for a saved game, which it keeps in r.saved). It is called
// before anything is written, or writing to a new file that replaces -o's
// only when it returns no error.
func (e *env) checkConversion(r *convertRun, filter string, out *records.Writer) error {
	total := 0
	checker := out
	if r.to != formatBgame && out == nil {
		checker = &records.Writer{W: io.Discard, Format: records.Format(r.to)}
	}
	first := "" // the first game rejected, for the message of a file with no good game
	err := r.in.each(e.ctx, func(it records.Item) error {
		total++
		if !r.picks(it.N()) {
			return nil
		}
		if it.Bad != nil {
			if r.index > 0 {
				return badInputf("-index %d: %s", r.index, strings.TrimPrefix(it.Bad.Err.Error(), "records: "))
			}
			r.bad++
			why := strings.TrimPrefix(it.Bad.Err.Error(), "records: ")
			if first == "" {
				first = why
			}
			fmt.Fprintf(e.stderr, "boardgames convert: rejected: %s\n", why)
			return nil
		}
		r.read++
		g := &it.Game
		if !r.filter.Match(g) {
			return nil
		}
		r.picked++
		if r.to == formatBgame {
			if r.picked > 1 {
				return nil // counted for the message below
			}
			r.saved = g
		} else if err := checkOrWrite(checker, out != nil, g); err != nil {
			if !records.Format(r.to).Serves(g.Game) {
				return badInputf("%s holds no %s games (write %s or bgame)", strings.ToUpper(r.to), g.Game.Title, records.For(g.Game))
			}
			return badInput(err)
		}
		for _, w := range g.Warnings {
			fmt.Fprintf(e.stderr, "boardgames convert: warning: %s\n", w)
		}
		if len(g.Comments) > 0 && r.to != string(records.PDN) {
			fmt.Fprintf(e.stderr, "boardgames convert: warning: game %d: its %d comment(s) are not kept in %s (PDN keeps them)\n", g.N, len(g.Comments), r.to)
		}
		return nil
	})
	if err != nil {
		return err
	}
	switch {
	case r.index > total:
		return badInputf("-index %d: %s holds %s", r.index, inputName(r.source), countGames(total))
	case r.picked == 0 && r.bad > 0:
		return badInputf("no game of %s could be read: %s", inputName(r.source), first)
	case r.picked == 0:
		return badInputf("no game of %s matches -filter %q", inputName(r.source), filter)
	case r.to == formatBgame && r.picked > 1:
		return badInputf("a saved game holds one game and %s holds %d: pick one with -index N (1..%d), or write pdn, ggf or moves", inputName(r.source), r.picked, r.picked)
	}
	return nil
}

// regularOrNew reports whether path names a regular file or nothing yet:
// a file that a new one replaces whole (not a pipe or a device, which is
// written in place).
func regularOrNew(path string) bool {
	info, err := os.Stat(path)
	return errors.Is(err, fs.ErrNotExist) || err == nil && info.Mode().IsRegular()
}

// checkOrWrite checks a game for the writer, or writes it.
func checkOrWrite(wr *records.Writer, write bool, g *records.Game) error {
	if write {
		return wr.Write(g)
	}
	return wr.Check(g)
}

// convertOnce converts a file to a file in one reading: the games are
// checked as they are written to the new file, which replaces -o's only
// when every game was.
func (e *env) convertOnce(r *convertRun, filter string) error {
	err := safefile.WriteFunc(r.out, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		if err := e.checkConversion(r, filter, &records.Writer{W: bw, Format: records.Format(r.to)}); err != nil {
			return err
		}
		if r.to == formatBgame {
			if _, err := io.WriteString(bw, bgameOf(*r.saved)); err != nil {
				return err
			}
		}
		return bw.Flush()
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "boardgames convert: wrote %s to %s\n", countGames(r.picked), r.out)
	return nil
}

// list prints the input's games as they are read, the rejected ones with
// their line and reason.
func (e *env) list(r convertRun) error {
	out := bufio.NewWriter(e.stdout)
	defer out.Flush()
	total, read, bad := 0, 0, 0
	err := r.in.each(e.ctx, func(it records.Item) error {
		total++
		if !r.picks(it.N()) {
			return nil
		}
		if b := it.Bad; b != nil {
			if r.index > 0 {
				return badInputf("-index %d: %s", r.index, strings.TrimPrefix(b.Err.Error(), "records: "))
			}
			bad++
			listRejected(out, *b)
			fmt.Fprintf(e.stderr, "boardgames convert: rejected: %s\n", strings.TrimPrefix(b.Err.Error(), "records: "))
			return nil
		}
		read++
		g := it.Game
		for _, w := range g.Warnings {
			fmt.Fprintf(e.stderr, "boardgames convert: warning: %s\n", w)
		}
		if r.filter.Match(&g) {
			fmt.Fprintf(out, "%d\t%s\t%d moves\t%s\t%s\n", g.N, g.Game.Title, g.Record.Len(), resultText(g.Game, g.Final()), describeTags(g))
			if r.notes {
				listNotes(out, &g)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if r.index > total {
		return badInputf("-index %d: %s holds %s", r.index, inputName(r.source), countGames(total))
	}
	if bad > 0 {
		return partialError{fmt.Sprintf("%d of %s read, %d rejected (listed above)", read, countGames(read+bad), bad)}
	}
	return nil
}

// openRecords looks at the start of a file of records to tell its
// format; a saved game is read whole, a file of records is read game by
// game when the command runs.
func openRecords(path, from string, g *games.Game) (convertInput, error) {
	f, err := openRegular("-in", path)
	if err != nil {
		return convertInput{}, err
	}
	head, err := io.ReadAll(io.LimitReader(f, 64<<10))
	f.Close()
	if err != nil {
		return convertInput{}, badInputf("reading %s: %v", path, err)
	}
	text := string(head)
	trimmed := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if from == formatBgame || (from == "" && strings.HasPrefix(trimmed, gamefile.Magic)) {
		data, err := gamefile.ReadFile(path, gamefile.MaxSize)
		if err != nil {
			return convertInput{}, badInput(err)
		}
		gs, bad, err := readRecords(string(data), formatBgame, g)
		return convertInput{games: gs, bad: bad}, err
	}
	format := records.Detect(text)
	if from != "" {
		if format, err = records.ParseFormat(from); err != nil {
			return convertInput{}, badInputf("-from: unknown format %q (choose pdn, ggf, moves, bgame or wtb)", from)
		}
	}
	if format == records.Transcript && g == nil {
		return convertInput{}, badInputf("the input is a move list (no PDN tags, no GGF game): say its game with -game %s", games.Names())
	}
	return convertInput{path: path, format: format, game: g}, nil
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

// convert writes the games that the check picked, reading the input
// again.
func (e *env) convert(r convertRun) error {
	write := func(w io.Writer) error {
		if r.to == formatBgame {
			_, err := io.WriteString(w, bgameOf(*r.saved))
			return err
		}
		bw := bufio.NewWriter(w)
		wr := records.Writer{W: bw, Format: records.Format(r.to)}
		err := r.in.each(e.ctx, func(it records.Item) error {
			if it.Bad != nil || !r.picks(it.N()) || !r.filter.Match(&it.Game) {
				return nil
			}
			return wr.Write(&it.Game)
		})
		if err != nil {
			return err
		}
		if wr.N != r.picked {
			return fmt.Errorf("%s changed while it was read: %s, then %s", inputName(r.source), countGames(r.picked), countGames(wr.N))
		}
		return bw.Flush()
	}
	if r.out == "" || r.out == "-" {
		return write(e.stdout)
	}
	if err := safefile.WriteFunc(r.out, write); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "boardgames convert: wrote %s to %s\n", countGames(r.picked), r.out)
	return nil
}

// listNotes writes a game's comments and evaluations for -comments, in
// the order of its moves: a tab, the move's number (the number of moves
// before the comment; GGF's evaluation of move N is numbered N), a tab,
// the text on one line.
func listNotes(w io.Writer, g *records.Game) {
	type note struct {
		ply  int
		text string
	}
	var ns []note
	for _, e := range g.Evals {
		ns = append(ns, note{e.Ply + 1, "[" + e.Text + "]"})
	}
	for _, c := range g.Comments {
		ns = append(ns, note{c.Ply, c.Text})
	}
	slices.SortStableFunc(ns, func(a, b note) int { return a.ply - b.ply })
	oneLine := strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ")
	for _, n := range ns {
		fmt.Fprintf(w, "\t%d\t%s\n", n.ply, oneLine.Replace(n.text))
	}
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
