// Package records reads and writes game records in the formats the players
// of each game keep them in, beside Boardgames' own saved games:
//
//   - PDN (Portable Draughts Notation) for checkers: tag pairs, numbered
//     move text, comments, results, several games a file, as CheckerBoard
//     and the checkers databases write it;
//   - GGF (Generic Game Format, the Othello servers' and NBoard's) and
//     plain transcripts such as "f5d6c3d3" for Othello;
//   - move strings for Connect Four (Pascal Pons' form, "4453") and
//     Adjacency ("c6 f3");
//   - WTHOR's .wtb files of Othello games, read only (ReadWTHOR).
//
// Read parses a text of one or more games, replaying and checking every
// move; what it can safely skip (variations, annotations) it skips with a
// warning on the game; comments are kept. ReadEach goes on past a bad game
// and lists it with its line and reason. A Scanner reads a file game by
// game in bounded memory (a 100,000-game PDN database of 50 MiB takes a
// few MiB), and ReadAt reads one game again from its offset; Read and
// ReadEach read a text (at most MaxSize, 64 MiB) through a Scanner. Write writes games back in a
// format, so that reading what it wrote gives the same games again.
//
// Files:
//   - records.go    Game, Format, Read, Write and the limits
//   - stream.go     Scanner, ReadAt and Summary: a file game by game
//   - pdn.go        PDN, for checkers
//   - ggf.go        GGF, for Othello
//   - transcript.go move strings, one game a line, for every game
//   - ending.go     Ending: how a game ended (resignation, forfeit, ...)
//   - filter.go     Filter: pick games by player, event, year, result
//   - wthor.go      WTHOR, the French Othello federation's binary database
//     (read only)
package records

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"boardgames/rules"
	"boardgames/rules/checkers"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// Format is a record format.
type Format string

// The formats.
const (
	PDN        Format = "pdn"
	GGF        Format = "ggf"
	Transcript Format = "moves"
)

// Formats lists the formats, for messages.
var Formats = []Format{PDN, GGF, Transcript}

// ParseFormat reads a format's name ("pdn", "ggf", "moves"; "transcript"
// and "txt" stand for moves).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "pdn":
		return PDN, nil
	case "ggf":
		return GGF, nil
	case "moves", "transcript", "txt":
		return Transcript, nil
	}
	return "", fmt.Errorf("records: unknown format %q (choose pdn, ggf or moves)", s)
}

// Ext is the file extension of a format.
func (f Format) Ext() string {
	if f == Transcript {
		return ".txt"
	}
	return "." + string(f)
}

// Serves reports whether the format can hold games of g: PDN checkers, GGF
// Othello, transcripts every game.
func (f Format) Serves(g *games.Game) bool {
	switch f {
	case PDN:
		return g.Name == checkers.Name
	case GGF:
		return g.Name == othello.Name
	}
	return f == Transcript
}

// For is the format the players of g keep their games in: PDN for
// checkers, GGF for Othello, move strings for the others.
func For(g *games.Game) Format {
	switch g.Name {
	case checkers.Name:
		return PDN
	case othello.Name:
		return GGF
	}
	return Transcript
}

// Limits on what Read accepts.
const (
	// MaxSize is the largest text Read and ReadEach take, 64 MiB: a
	// database of tens of thousands of games. A Scanner reads a file of
	// any size up to MaxStream, game by game.
	MaxSize = 64 << 20
	// MaxGames is the most games one file may hold, ten million (the
	// largest databases of the field hold a few hundred thousand).
	MaxGames = 10_000_000
	// MaxMoves is the most moves one game may have; the longest real game
	// of the four (checkers, ended by its draw rule) has a few hundred.
	MaxMoves = 2000
)

// Tag is a named piece of information about a game: PDN's tag pairs
// ("Event", "Black", "Date"), GGF's properties ("PC", "PB", "DT").
type Tag struct {
	Name, Value string
}

// Game is one game of a record file.
type Game struct {
	// N is the game's number in the file it was read from (from 1), 0
	// for a game made otherwise.
	N        int
	Game     *games.Game
	Settings games.Settings
	// Record holds the start position and every move, replayed and
	// checked.
	Record games.Record
	// Tags are the game's tags in file order, without the ones Read turns
	// into the fields above and below (PDN's Result, Termination, FEN,
	// SetUp and GameType; GGF's GM, TY, BO, RE and TE).
	Tags []Tag
	// Result is the result the file records, which may end the game
	// before its rules do (a resignation, an adjudication, a time loss):
	// rules.Ongoing when the file records none ("*", "?").
	Result rules.Result
	// Margin is the final disc difference from Black's view that a GGF
	// file records (RE[+12]); 0 elsewhere.
	Margin float64
	// Ending says how the game ended (PDN's Termination tag, GGF's RE
	// suffix and TE property): a forfeit with its reason, a resignation,
	// an adjudication; zero when the file does not say.
	Ending Ending
	// Comments are the file's comments ({...} in PDN), each after the
	// moves it follows.
	Comments []Comment
	// Evals are GGF's per-move evaluations and times: B[f5/-1.23/4.5]
	// keeps "-1.23/4.5" with the move's index (Ply, from 0).
	Evals []Comment
	// Warnings are what Read skipped or doubted, one sentence each.
	Warnings []string
}

// Comment is a comment of a record: Text after the first Ply moves (0:
// before the first move).
type Comment struct {
	Ply  int
	Text string
}

// Tag returns the value of the tag named name, or "".
func (g *Game) Tag(name string) string { return tagOf(g.Tags, name) }

// tagOf returns the value of the tag named name in tags, or "".
func tagOf(tags []Tag, name string) string {
	for _, t := range tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets a tag, replacing one of the same name or adding it at the
// end.
func (g *Game) SetTag(name, value string) {
	for i, t := range g.Tags {
		if t.Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// Final is the game's result: the one its moves reach under the rules, or
// else the one the file records.
func (g *Game) Final() rules.Result {
	if r := g.Record.Result(); r.Over() {
		return r
	}
	return g.Result
}

// NewGame makes a Game of a record, its result the record's own.
func NewGame(g *games.Game, s games.Settings, rec games.Record) Game {
	return Game{Game: g, Settings: s, Record: rec, Result: rec.Result()}
}

// Describe sets the tags that name the players, the program and the date
// under the names of the format f: PDN's Event, Date, Black and White;
// GGF's PC, DT, PB and PW. A move list keeps no tags.
func Describe(g *Game, f Format, black, white string, when time.Time) {
	switch f {
	case PDN:
		g.SetTag("Event", "Boardgames")
		g.SetTag("Date", when.Format("2006.01.02"))
		g.SetTag("Black", black)
		g.SetTag("White", white)
	case GGF:
		g.SetTag("PC", "Boardgames")
		g.SetTag("DT", when.UTC().Format("2006.01.02_15:04:05.UTC"))
		g.SetTag("PB", black)
		g.SetTag("PW", white)
	}
}

// PlayerTags are the names of the tags that name the players of g's
// colours ([0] the first, Black): PDN's Black and White for checkers,
// GGF's PB and PW for Othello, "" for the games a move list holds.
func PlayerTags(g *games.Game) [2]string {
	switch For(g) {
	case PDN:
		return [2]string{"Black", "White"}
	case GGF:
		return [2]string{"PB", "PW"}
	}
	return [2]string{}
}

// Detect tells the format of a text: GGF when it holds a game in
// parentheses with GM[ or BO[ (after a GGS archive's count or not), PDN when it starts with a tag pair or holds
// numbered checkers moves, and otherwise move strings.
func Detect(text string) Format {
	t := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	// A GGS archive's line starts with a count: "1 (;GM[Othello]...".
	g := strings.TrimLeft(strings.TrimLeft(t, "0123456789"), " \t")
	switch {
	case strings.HasPrefix(g, "(;") && (strings.Contains(t, "GM[") || strings.Contains(t, "BO[")):
		return GGF
	case strings.HasPrefix(t, "["), looksLikePDNMoves(t):
		return PDN
	}
	return Transcript
}

// looksLikePDNMoves reports whether t starts like PDN move text: "1." and
// a move of square numbers.
func looksLikePDNMoves(t string) bool {
	f := strings.Fields(t)
	if len(f) < 2 || !strings.HasSuffix(f[0], ".") {
		return false
	}
	for _, c := range strings.TrimRight(f[0], ".") {
		if c < '0' || c > '9' {
			return false
		}
	}
	return strings.ContainsAny(f[1], "-x")
}

// Read parses a text of games in the format f. g is the game of a
// transcript (PDN and GGF name their own), s the settings for it. The
// error names the game (by its number in the file, from 1) and the line.
// A text with no game is an error too, and so is a bad game: ReadEach
// reads the good games of a file that has bad ones.
func Read(f Format, text string, g *games.Game, s games.Settings) ([]Game, error) {
	out, bad, err := ReadEach(f, text, g, s)
	if err != nil {
		return nil, err
	}
	if len(bad) > 0 {
		return nil, bad[0].Err
	}
	return out, nil
}

// Rejected is a game of a file that ReadEach could not take.
type Rejected struct {
	// N is the game's number in the file, from 1; Line the line it
	// starts on (0 in a binary file, where Offset is the byte it starts
	// at).
	N, Line, Offset int
	// Err says why, with the line of the fault.
	Err error
}

// Reason is why the game was rejected, without the "records: game N
// (line L): " that Err starts with.
func (r Rejected) Reason() string {
	s := strings.TrimPrefix(r.Err.Error(), "records: ")
	if _, rest, ok := strings.Cut(s, "): "); ok && strings.HasPrefix(s, "game ") {
		return rest
	}
	return s
}

// ReadEach is Read that goes on past a bad game: it returns the good
// games (each with its number in the file, Game.N) and every bad one with
// its line and reason. The error is for a text that holds no game at all,
// or more than MaxSize or MaxGames.
func ReadEach(f Format, text string, g *games.Game, s games.Settings) ([]Game, []Rejected, error) {
	if len(text) > MaxSize {
		return nil, nil, fmt.Errorf("records: the text is %d MiB, more than the %d MiB a text of games may have (a file is read game by game: see NewScanner)", len(text)>>20, MaxSize>>20)
	}
	if f == Transcript && g == nil {
		return nil, nil, errors.New("records: a move list does not say its game: choose one")
	}
	var out []Game
	var bad []Rejected
	sc := NewScanner(f, strings.NewReader(text), g, s)
	for sc.Scan() {
		if it := sc.Item(); it.Bad != nil {
			bad = append(bad, *it.Bad)
		} else {
			out = append(out, it.Game)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	if len(out) == 0 && len(bad) == 0 {
		return nil, nil, fmt.Errorf("records: no game found in the %s text", strings.ToUpper(string(f)))
	}
	return out, bad, nil
}

// reject notes game n (from line) as bad.
func reject(bad *[]Rejected, n, line int, err error) {
	*bad = append(*bad, Rejected{N: n, Line: line, Err: err})
}

// Write writes games in the format f. Every game must be of a game the
// format serves.
func Write(w io.Writer, f Format, gs []Game) error {
	for i := range gs {
		if !f.Serves(gs[i].Game) {
			return fmt.Errorf("records: %s holds no %s games (game %d)", strings.ToUpper(string(f)), gs[i].Game.Title, i+1)
		}
	}
	var b strings.Builder
	wr := Writer{W: &b, Format: f}
	for i := range gs {
		if err := wr.Write(&gs[i]); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Writer writes games one at a time in a format, as Write writes them
// all: for a file of games too large to hold.
type Writer struct {
	W      io.Writer
	Format Format
	// N is the number of games written.
	N int
}

// Check reports whether Write would take the game (counted as written),
// without writing it: a game of a game the format serves, and for a move
// list one from the start position with moves.
func (wr *Writer) Check(g *Game) error {
	if err := wr.check(g); err != nil {
		return err
	}
	wr.N++
	return nil
}

func (wr *Writer) check(g *Game) error {
	f := wr.Format
	if !f.Serves(g.Game) {
		return fmt.Errorf("records: %s holds no %s games (game %d)", strings.ToUpper(string(f)), g.Game.Title, wr.N+1)
	}
	if f == Transcript {
		return checkTranscript(g, wr.N+1)
	}
	return nil
}

// Write writes one game.
func (wr *Writer) Write(g *Game) error {
	f := wr.Format
	if err := wr.check(g); err != nil {
		return err
	}
	var b strings.Builder
	switch f {
	case PDN:
		if wr.N > 0 {
			b.WriteByte('\n')
		}
		writePDN(&b, g)
	case GGF:
		writeGGF(&b, g)
	case Transcript:
		b.WriteString(g.Record.String())
		b.WriteByte('\n')
	default:
		return fmt.Errorf("records: unknown format %q", f)
	}
	wr.N++
	_, err := io.WriteString(wr.W, b.String())
	return err
}

// gameError is an error in the game numbered n (from 1) of a file, at a
// line.
func gameError(n, line int, format string, args ...any) error {
	return fmt.Errorf("records: game %d (line %d): %s", n, line, fmt.Sprintf(format, args...))
}

// show quotes a piece of input for a message, cut to a readable length.
func show(s string) string { return rules.ShowText(s) }
