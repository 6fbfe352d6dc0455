package cli

import (
	"context"
	"fmt"
	"io"
	"os"
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

// convertRun is a checked convert command.
type convertRun struct {
	games  []records.Game
	to     string // a records.Format, or formatBgame
	out    string // "" or "-": stdout
	index  int    // 1-based, 0 = every game
	list   bool
	source string
}

func prepareConvert(e *env, args []string) (func() error, error) {
	fs := e.newFlags("convert", "-in FILE -to pdn|ggf|moves|bgame [-o FILE] [-index N] [-game G] [-from FORMAT] [-list]\n\n"+
		"Reads a file of games (PDN for checkers, GGF or a transcript such as f5d6c3 for Othello,\n"+
		"move lists one game a line for every game, or a Boardgames saved game), replays every\n"+
		"move, and writes the games in another format. The input's format is found from its\n"+
		"text (-from names it); a move list needs -game. A saved game (bgame) holds one game:\n"+
		"pick it with -index when the input has several. Comments, variations and annotations\n"+
		"are skipped with a warning on stderr. -o FILE is replaced only by a complete new file.\n")
	in := fs.String("in", "", "the file to read, - for standard input")
	to := fs.String("to", "", "the format to write: pdn (checkers), ggf (Othello), moves, bgame")
	from := fs.String("from", "", "the input's format when its text does not tell: pdn, ggf, moves, bgame")
	out := fs.String("o", "", "the file to write (standard output without it)")
	index := fs.Int("index", 0, "convert only game N of the input (1 = the first)")
	gameName := fs.String("game", "", "the game of a move list: "+games.Names())
	list := fs.Bool("list", false, "list the input's games instead of converting them")
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
	text, err := readConvertInput(e.ctx, *in)
	if err != nil {
		return nil, err
	}
	if r.games, err = readRecords(text, *from, g); err != nil {
		return nil, err
	}
	if r.index > len(r.games) {
		return nil, badInputf("-index %d: %s holds %s", r.index, inputName(*in), countGames(len(r.games)))
	}
	if r.index > 0 {
		r.games = r.games[r.index-1 : r.index]
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
	}
	return func() error { return e.convert(r) }, nil
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
func readRecords(text, from string, g *games.Game) ([]records.Game, error) {
	trimmed := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if from == formatBgame || (from == "" && strings.HasPrefix(trimmed, gamefile.Magic)) {
		f, err := gamefile.Parse(text)
		if err != nil {
			return nil, badInput(err)
		}
		game := f.AsRecord()
		game.Warnings = f.Warnings
		return []records.Game{game}, nil
	}
	format := records.Detect(text)
	if from != "" {
		var err error
		if format, err = records.ParseFormat(from); err != nil {
			return nil, badInputf("-from: unknown format %q (choose pdn, ggf, moves or bgame)", from)
		}
	}
	if format == records.Transcript && g == nil {
		return nil, badInputf("the input is a move list (no PDN tags, no GGF game): say its game with -game %s", games.Names())
	}
	gs, err := records.Read(format, text, g, games.Settings{})
	if err != nil {
		return nil, badInput(err)
	}
	return gs, nil
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
		for i, g := range r.games {
			n := i + 1
			if r.index > 0 {
				n = r.index
			}
			fmt.Fprintf(e.stdout, "%d\t%s\t%d moves\t%s\t%s\n", n, g.Game.Title, g.Record.Len(), resultText(g.Game, g.Final()), describeTags(g))
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
