// Package gamefile reads and writes saved games: a small text format with a
// header of "Key: value" lines (the number of moves, game, settings, start
// position, players, result, how the game ended, the headers of its
// record), then the move list in the game's own notation, then an end
// line:
//
//	Boardgames game 1
//	Moves: 5
//	Game: othello
//	First: Black
//	Start: ---------------------------OX------XO--------------------------- X
//	Black: human
//	White: alphabeta:depth=4
//	Result: Game in progress
//
//	f5 d6 c3 d3 c4
//	End
//
// A game may end before its rules end it: the Result line then gives the
// result the game had (a win by forfeit or resignation, an agreed or
// adjudicated draw), and a Termination line how it came about
// ("Termination: forfeit: Yellow's program crashed", see records.Ending).
// Such a file opens finished. The headers of the record the game was
// played or read as (PDN's tags, GGF's properties: event, date, the
// players' names) are kept as "Tag NAME: value" lines, in their order,
// for the record formats to write back.
//
// The players are named by the game's colours (Red and Yellow in Connect
// Four, Blue and Orange in Adjacency); "Black" and "White" are read in
// every game too. Lines starting with '#' are comments, anywhere; after
// the End line only comments and blank lines belong (anything else is
// skipped with a warning), so records may carry notes.
//
// Parse checks everything before it returns, so that a corrupt file never
// half-loads: the game, its settings, the start position, every move, the
// Moves count and the End line (a file cut off anywhere, even between two
// lines or two moves, is refused, not loaded as a shorter game), and the
// Result line against the replayed game (a result before the moves' end
// is taken only from a file whose Moves line shows its move list whole).
// A file without a Moves line (as
// Boardgames wrote before it had one) loads with a warning that its end
// cannot be checked, unless its Result says the game is over. What it can
// safely skip (an unknown key, a setting of another game, a player that is
// no bot of this game) it skips with a warning in File.Warnings, for the
// user to see. It reads text with a byte-order mark and CRLF or CR line
// endings, and refuses more than MaxSize bytes. Load refuses a larger
// file, or one that is not a regular file, before it opens it, and never
// waits on a pipe or a device. Save writes through package safefile: a
// failed save leaves the old file whole, and a device or a pipe is
// refused, never waited on.
package gamefile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"boardgames/ai/bots"
	"boardgames/app/internal/tr"
	"boardgames/app/match"
	"boardgames/app/safefile"
	"boardgames/rules"
	"boardgames/rules/games"
	"boardgames/rules/records"
)

// Magic is the first line of every saved game.
const Magic = "Boardgames game 1"

// Ext is the file extension of saved games.
const Ext = ".bgame"

// MaxSize is the largest saved game Parse and Load accept, 1 MiB. The
// longest game of the four fits in a few kilobytes (checkers, the longest,
// ends by its draw rule within a few hundred moves), so anything bigger is
// not a saved game.
const MaxSize = 1 << 20

// Header keys. The players' keys are the game's colour names (see
// games.Game.Players); KeyBlack and KeyWhite are read in every game.
const (
	KeyGame   = "Game"
	KeyFirst  = "First"
	KeyRounds = "Rounds"
	KeyDraw   = "DrawMoves"
	KeyPass   = "Passing" // "no": Othello under paper 000's rule (games.Settings.NoPass)
	KeyStart  = "Start"
	KeyBlack  = "Black"
	KeyWhite  = "White"
	KeyResult = "Result"
	// KeyEnd says how the game ended (records.Ending).
	KeyEnd = "Termination"
	// KeyMargin is File.Margin.
	KeyMargin = "Margin"
	// TagPrefix starts the key of a record's header: "Tag Event".
	TagPrefix = "Tag "
	// KeyMoves gives the number of moves, which Parse checks: with the
	// End line it shows a file cut short. It comes first, so that a file
	// cut inside its header still shows it is of the checked kind.
	KeyMoves = "Moves"
)

// End is the line that ends a saved game's move list.
const End = "End"

// maxMoves bounds the Moves line: no game of the four is longer.
const maxMoves = 100_000

// Human is the player text of a seat a person plays.
const Human = "human"

// File is a saved game.
type File struct {
	Game     *games.Game
	Settings games.Settings
	Record   games.Record
	// Players holds each colour's seat: Human, a bot spec in ParseSpec's
	// form (checked against the game), or "" when the file does not say.
	Players [2]string
	// Result is the game's result when it ended before its moves end it
	// (a forfeit, a resignation, an adjudication); rules.Ongoing means the
	// moves' own (see Final). Ending says how the game ended.
	Result rules.Result
	Ending records.Ending
	// Margin is the final disc margin a GGF record gives a game that ends
	// before its moves do (RE[-12:r]), written "Margin: -12"; 0 otherwise.
	Margin float64
	// Tags are the headers of the game's record (Event, Date, the
	// players' names), in order.
	Tags []records.Tag
	// Warnings are what Parse skipped, one sentence each naming its line.
	Warnings []string
	// Notes are written as comment lines after the header (such as an
	// external program's fault and its last lines of standard error);
	// Parse skips them, as every comment.
	Notes []string
}

// Final is the game's result: the one its moves reach under the rules,
// or else Result.
func (f File) Final() rules.Result {
	if r := f.Record.Result(); r.Over() {
		return r
	}
	return f.Result
}

// FromRecord makes a saved game of a game read from a record: its moves,
// its result and ending, and its tags; a tag naming a colour's player
// ("Black", "PB") that is a seat ("human" or a bot of the game) seats it.
func FromRecord(g records.Game) File {
	f := File{Game: g.Game, Settings: g.Settings, Record: g.Record, Result: g.Final(), Ending: g.Ending,
		Tags: append([]records.Tag(nil), g.Tags...)}
	if !g.Record.Result().Over() {
		f.Margin = g.Margin
	}
	names := records.PlayerTags(g.Game)
	for p := range f.Players {
		for _, name := range []string{names[p], g.Game.PlayerName(rules.Player(p))} {
			if seat := g.Tag(name); seat != "" && isSeat(g.Game, seat) {
				f.Players[p] = seatText(seat)
				break
			}
		}
	}
	return f
}

// AsRecord is the saved game as a record, for the record formats: its
// moves, result, ending and tags; a seat the tags do not name is written
// as the colour's player.
func (f File) AsRecord() records.Game {
	g := records.Game{Game: f.Game, Settings: f.Settings, Record: f.Record, Result: f.Final(), Ending: f.Ending,
		Margin: f.Margin, Tags: append([]records.Tag(nil), f.Tags...)}
	names := records.PlayerTags(f.Game)
	for p, seat := range f.Players {
		if seat != "" && names[p] != "" && g.Tag(names[p]) == "" {
			g.SetTag(names[p], seat)
		}
	}
	return g
}

// isSeat reports whether a player's text is a seat a saved game holds:
// Human or a bot of g (a PDN's "Black" tag is usually a person's name).
func isSeat(g *games.Game, text string) bool {
	if strings.EqualFold(text, Human) {
		return true
	}
	spec, err := bots.ParseSpec(text)
	return err == nil && spec.Validate(g.Name) == nil
}

// seatText writes a seat as the format does: Human, or the bot's spec.
func seatText(text string) string {
	if strings.EqualFold(text, Human) {
		return Human
	}
	spec, _ := bots.ParseSpec(text)
	return spec.String()
}

// Format writes f in the saved-game format.
func Format(f File) string {
	g := f.Game
	var b strings.Builder
	fmt.Fprintln(&b, Magic)
	fmt.Fprintf(&b, "%s: %d\n", KeyMoves, f.Record.Len())
	fmt.Fprintf(&b, "%s: %s\n", KeyGame, g.Name)
	s := f.Settings
	if g.Has(games.SettingFirst) {
		fmt.Fprintf(&b, "%s: %s\n", KeyFirst, g.PlayerName(s.First))
	}
	if g.Has(games.SettingRounds) {
		fmt.Fprintf(&b, "%s: %d\n", KeyRounds, cmpOr(s.Rounds, 28))
	}
	if g.Has(games.SettingDrawMoves) {
		fmt.Fprintf(&b, "%s: %d\n", KeyDraw, cmpOr(s.DrawMoves, 40))
	}
	if s.NoPass {
		fmt.Fprintf(&b, "%s: no\n", KeyPass)
	}
	fmt.Fprintf(&b, "%s: %s\n", KeyStart, f.Record.Start().String())
	for p, seat := range f.Players {
		if seat = strings.TrimSpace(seat); seat != "" {
			fmt.Fprintf(&b, "%s: %s\n", g.PlayerName(rules.Player(p)), seat)
		}
	}
	fmt.Fprintf(&b, "%s: %s\n", KeyResult, g.ResultText(f.Final()))
	if !f.Ending.IsZero() {
		fmt.Fprintf(&b, "%s: %s\n", KeyEnd, f.Ending)
	}
	if f.Margin != 0 && !f.Record.Result().Over() {
		fmt.Fprintf(&b, "%s: %s\n", KeyMargin, strconv.FormatFloat(f.Margin, 'f', -1, 64))
	}
	for _, t := range f.Tags {
		if name := tagName(t.Name); name != "" {
			fmt.Fprintf(&b, "%s%s: %s\n", TagPrefix, name, tagValue(t.Value))
		}
	}
	for _, note := range f.Notes {
		for _, l := range strings.Split(strings.ReplaceAll(note, "\r", ""), "\n") {
			fmt.Fprintln(&b, strings.TrimRight("# "+l, " "))
		}
	}
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, f.Record.String())
	fmt.Fprintln(&b, End)
	return b.String()
}

// tagName is a tag's name as a header key holds it: on one line, without
// a colon ("" when nothing is left).
func tagName(name string) string {
	return strings.TrimSpace(strings.NewReplacer(":", "", "\n", " ", "\r", " ").Replace(name))
}

// tagKey returns the name of the record's tag a header's key names ("Tag
// " in any case, then the name), or "".
func tagKey(key string) string {
	word, name, ok := strings.Cut(key, " ")
	if !ok || !strings.EqualFold(word+" ", TagPrefix) {
		return ""
	}
	return tagName(name)
}

// tagValue is a tag's value on one line.
func tagValue(v string) string {
	return strings.TrimSpace(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(v))
}

func cmpOr(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// header is a header line: its value and its line number.
type header struct {
	value string
	line  int
}

// Parse reads a saved game. Errors name the line and what is wrong.
func Parse(text string) (File, error) {
	var f File
	if len(text) > MaxSize {
		return f, errors.New(tr.F("%s is more than the %s a saved game may have", sizeText(int64(len(text))), sizeText(MaxSize)))
	}
	lines := splitLines(text)
	i := 0
	// next returns the next line that is not a comment, trimmed, and its
	// number (1-based).
	next := func() (string, int, bool) {
		for i < len(lines) {
			l := strings.TrimSpace(lines[i])
			i++
			if !strings.HasPrefix(l, "#") {
				return l, i, true
			}
		}
		return "", i, false
	}
	first, _, ok := next()
	for ok && first == "" {
		first, _, ok = next()
	}
	if !ok || first != Magic {
		return f, errors.New(tr.F("not a Boardgames saved game (the first line should be %q)", Magic))
	}
	head := map[string]header{}
	var order []string
	for {
		l, n, ok := next()
		if !ok || l == "" {
			break
		}
		k, v, found := strings.Cut(l, ":")
		if !found {
			return f, errors.New(tr.F("line %d: %s is not \"Key: value\"", n, quote(l)))
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		key := canonicalKey(k)
		if h, dup := head[key]; dup {
			return f, errors.New(tr.F("line %d: %s given twice (first on line %d)", n, k, h.line))
		}
		head[key] = header{v, n}
		order = append(order, key)
	}
	var moves []string
	endLine := 0
	for {
		l, n, ok := next()
		if !ok {
			break
		}
		if endLine == 0 && strings.EqualFold(l, End) {
			endLine = n
			continue
		}
		if endLine != 0 && l != "" {
			f.Warnings = append(f.Warnings, tr.F("line %d: %s after the End line ignored", n, quote(l)))
			continue
		}
		moves = append(moves, l)
	}

	name, ok := head[KeyGame]
	if !ok {
		return f, errors.New(tr.T("the header has no Game line"))
	}
	g, err := games.Lookup(name.value)
	if err != nil {
		return f, errors.New(tr.F("line %d: %v", name.line, err))
	}
	f.Game = g
	seatKeys := map[string]rules.Player{}
	for p := range 2 {
		pl := rules.Player(p)
		seatKeys[canonicalKey(g.PlayerName(pl))] = pl
		seatKeys[[]string{KeyBlack, KeyWhite}[p]] = pl
	}
	var seatLines [2]int
	for _, key := range order {
		h := head[key]
		switch key {
		case KeyGame, KeyStart, KeyResult, KeyMoves:
		case KeyEnd:
			f.Ending = records.ParseEnding(h.value)
		case KeyMargin:
			v, err := strconv.ParseFloat(h.value, 64)
			if err != nil || v < -64 || v > 64 {
				return f, errors.New(tr.F("line %d: %s %s is not a disc margin from -64 to +64", h.line, key, quote(h.value)))
			}
			f.Margin = v
		case KeyFirst, KeyRounds, KeyDraw, KeyPass:
			if err := f.setting(key, h); err != nil {
				return f, err
			}
		default:
			p, seat := seatKeys[key]
			switch {
			case !seat && tagKey(key) != "":
				tag := tagKey(key)
				f.Tags = append(f.Tags, records.Tag{Name: tag, Value: h.value})
			case !seat:
				f.Warnings = append(f.Warnings, tr.F("line %d: unknown key %s ignored", h.line, quote(key)))
			case seatLines[p] != 0:
				return f, errors.New(tr.F("line %d: the %s player given twice (first on line %d)", h.line, match.ColourName(g, p), seatLines[p]))
			default:
				seatLines[p] = h.line
				f.Players[p] = f.player(p, h)
			}
		}
	}
	var start games.Position
	if h, ok := head[KeyStart]; ok {
		if start, err = g.Parse(h.value, f.Settings); err != nil {
			return f, errors.New(tr.F("line %d: %v", h.line, err))
		}
	} else if start, err = g.Start(f.Settings); err != nil {
		return f, errors.New(tr.F("settings: %v", err))
	}
	f.Record, err = g.ReplayMoves(start, strings.Join(moves, " "), f.Settings) // a record may go on after a repetition
	if err != nil {
		return f, errors.New(tr.F("moves: %v", err))
	}
	over := false
	if h, ok := head[KeyResult]; ok {
		said, err := parseResult(g, h.value)
		if err != nil {
			return f, errors.New(tr.F("line %d: %v", h.line, err))
		}
		_, whole := head[KeyMoves]
		if got := f.Record.Result(); said != got && (got.Over() || !whole || endLine == 0) {
			return f, errors.New(tr.N("line %d: the file gives the result %q but its %d move gives %q: the move list is incomplete or altered",
				f.Record.Len(), h.line, g.ResultText(said), f.Record.Len(), g.ResultText(got)))
		}
		over = said.Over()
		if !f.Record.Result().Over() {
			f.Result = said
		}
	}
	if err := f.checkEnd(head, endLine, over); err != nil {
		return f, err
	}
	return f, nil
}

// checkEnd checks that the file is whole: its Moves count against the
// moves read, and its End line. A file without a Moves line is of an older
// version: it loads, with a warning unless its result (checked against the
// moves) shows that the move list is complete.
func (f *File) checkEnd(head map[string]header, endLine int, over bool) error {
	h, ok := head[KeyMoves]
	if !ok {
		if !over {
			f.Warnings = append(f.Warnings, tr.T("the file has no Moves line (as files of older versions): whether its end was cut off cannot be checked"))
		}
		return nil
	}
	n, err := strconv.Atoi(h.value)
	if err != nil || n < 0 || n > maxMoves {
		return errors.New(tr.F("line %d: %s %s is not a number of moves (0..%d)", h.line, KeyMoves, quote(h.value), maxMoves))
	}
	if endLine == 0 {
		return errors.New(tr.N("the file is cut short: it has no End line after its %d move", n, n))
	}
	if got := f.Record.Len(); got != n {
		return errors.New(tr.N("line %d: the file says %d move but its move list has %d: the move list is incomplete or altered", n, h.line, n, got))
	}
	return nil
}

// setting reads one game setting; a setting of another game is skipped
// with a warning, never applied.
func (f *File) setting(key string, h header) error {
	g := f.Game
	which := map[string]games.Setting{KeyFirst: games.SettingFirst, KeyRounds: games.SettingRounds,
		KeyDraw: games.SettingDrawMoves, KeyPass: games.SettingNoPass}[key]
	if !g.Has(which) {
		f.Warnings = append(f.Warnings, tr.F("line %d: %s is not a setting of %s: ignored", h.line, key, match.GameTitle(g)))
		return nil
	}
	if key == KeyPass {
		switch strings.ToLower(h.value) {
		case "no":
			f.Settings.NoPass = true
		case "yes":
			f.Settings.NoPass = false
		default:
			return errors.New(tr.F("line %d: %s %s is not yes or no", h.line, key, quote(h.value)))
		}
		return nil
	}
	if key == KeyFirst {
		p, err := parsePlayer(g, h.value)
		if err != nil {
			return errors.New(tr.F("line %d: %s: %v", h.line, key, err))
		}
		f.Settings.First = p
		return nil
	}
	n, err := strconv.Atoi(h.value)
	if err != nil {
		return errors.New(tr.F("line %d: %s %s is not a number", h.line, key, quote(h.value)))
	}
	if key == KeyRounds {
		f.Settings.Rounds = n
	} else {
		f.Settings.DrawMoves = n
	}
	return nil
}

// player reads a seat: Human, or a bot spec that plays the game; anything
// else is skipped with a warning.
func (f *File) player(p rules.Player, h header) string {
	v := h.value
	if strings.EqualFold(v, Human) {
		return Human
	}
	spec, err := bots.ParseSpec(v)
	if err == nil {
		err = spec.Validate(f.Game.Name)
	}
	if err != nil {
		f.Warnings = append(f.Warnings, tr.F("line %d: the %s player %s is not a bot of %s (%v): ignored", h.line,
			match.ColourName(f.Game, p), quote(v), match.GameTitle(f.Game), err))
		return ""
	}
	return spec.String()
}

// canonicalKey writes a key the way the format does, whatever its case:
// "drawmoves" is DrawMoves, "red" is Red. Unknown keys keep their case.
func canonicalKey(k string) string {
	known := []string{KeyGame, KeyFirst, KeyRounds, KeyDraw, KeyPass, KeyStart, KeyBlack, KeyWhite, KeyResult, KeyMoves, KeyEnd, KeyMargin}
	for _, g := range games.All {
		known = append(known, g.Players[:]...)
	}
	for _, c := range known {
		if strings.EqualFold(k, c) {
			return c
		}
	}
	return k
}

// parsePlayer reads a colour: the game's name for it (Red, Blue, ...) or
// any of the forms rules.ParsePlayer reads (X, O, black, white).
func parsePlayer(g *games.Game, s string) (rules.Player, error) {
	for p := range 2 {
		if strings.EqualFold(s, g.PlayerName(rules.Player(p))) {
			return rules.Player(p), nil
		}
	}
	if p, err := rules.ParsePlayer(g.Name, s); err == nil {
		return p, nil
	}
	return rules.Black, errors.New(tr.F("%s is not %s or %s", quote(s), g.PlayerName(rules.Black), g.PlayerName(rules.White)))
}

// parseResult reads a Result value: the game's wording ("Red wins",
// "Draw", "Game in progress") or the older one ("black wins", "draw",
// "ongoing").
func parseResult(g *games.Game, s string) (rules.Result, error) {
	all := []rules.Result{rules.Ongoing, rules.BlackWins, rules.WhiteWins, rules.Draw}
	for _, r := range all {
		if strings.EqualFold(s, g.ResultText(r)) {
			return r, nil
		}
	}
	if r, ok := rules.ParseResult(s); ok {
		return r, nil
	}
	return rules.Ongoing, errors.New(tr.F("result %s is not %q, %q, %q or %q", quote(s),
		g.ResultText(all[1]), g.ResultText(all[2]), g.ResultText(all[3]), g.ResultText(all[0])))
}

// splitLines splits text into lines, whatever its line endings (LF, CRLF
// or CR), after a byte-order mark if there is one.
func splitLines(text string) []string {
	text = strings.TrimPrefix(text, "\ufeff")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	return strings.Split(text, "\n")
}

// quote shows text from a file in a message: quoted, and cut short when
// long.
func quote(s string) string {
	const most = 40
	if r := []rune(s); len(r) > most {
		return strconv.Quote(string(r[:most])) + "..."
	}
	return strconv.Quote(s)
}

// sizeText writes a size in bytes for people: "1 MiB", "5.0 MiB", "200 bytes".
func sizeText(n int64) string {
	switch {
	case n == MaxSize:
		return tr.F("%s MiB", "1")
	case n >= 1<<20:
		return tr.F("%s MiB", match.Decimal(float64(n)/(1<<20), 1))
	case n >= 1<<10:
		return tr.F("%s KiB", match.Decimal(float64(n)/(1<<10), 1))
	}
	return tr.N("%d byte", int(min(n, 1<<30)), n)
}

// Paste reads text pasted into game g: a saved game (of any game), a move
// list from g's start position, or a position in g's notation.
func Paste(g *games.Game, s games.Settings, text string) (File, error) {
	if len(text) > MaxSize {
		return File{}, errors.New(tr.F("the clipboard holds %s, more than the %s a game may have", sizeText(int64(len(text))), sizeText(MaxSize)))
	}
	text = strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if text == "" {
		return File{}, errors.New(tr.T("the clipboard is empty"))
	}
	if strings.HasPrefix(text, Magic) {
		return Parse(text)
	}
	rec, moveErr := g.ParseMoves(nil, text, s)
	if moveErr == nil {
		return File{Game: g, Settings: s, Record: rec}, nil
	}
	pos, posErr := g.Parse(text, s)
	if posErr == nil {
		return File{Game: g, Settings: s, Record: games.NewRecord(pos)}, nil
	}
	return File{}, errors.New(tr.F("neither a move list (%v) nor a position (%v)", moveErr, posErr))
}

// Load reads and parses a saved game file (see ReadFile).
func Load(path string) (File, error) {
	data, err := ReadFile(path, MaxSize)
	if err != nil {
		return File{}, err
	}
	f, err := Parse(string(data))
	if err != nil {
		return File{}, errors.New(tr.F("%s: %v", filepath.Base(path), err))
	}
	return f, nil
}

// ReadFile reads a file of games of at most most bytes. It refuses a file
// that is larger, or that is not a regular file (a folder, a device such as
// /dev/zero, a pipe), before reading it, and never waits: the type is
// checked before the file is opened, and it is opened without waiting
// (O_NONBLOCK) in case it changed in between.
func ReadFile(path string, most int64) ([]byte, error) {
	name := filepath.Base(path)
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := loadable(name, info, most); err != nil {
		return nil, err
	}
	fh, err := openNoWait(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	if info, err = fh.Stat(); err != nil {
		return nil, err
	}
	if err := loadable(name, info, most); err != nil {
		return nil, err
	}
	// Read at most one byte more than allowed: the file may grow.
	data, err := io.ReadAll(io.LimitReader(fh, most+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if int64(len(data)) > most {
		return nil, errors.New(tr.F("%s is more than the %s a saved game may have: not a saved game", name, sizeText(most)))
	}
	return data, nil
}

// Open opens a file of games of at most most bytes for reading, with
// ReadFile's checks: a file that is larger or is not a regular file is
// refused, and nothing waits. The caller closes it.
func Open(path string, most int64) (*os.File, os.FileInfo, error) {
	name := filepath.Base(path)
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if err := loadable(name, info, most); err != nil {
		return nil, nil, err
	}
	fh, err := openNoWait(path)
	if err != nil {
		return nil, nil, err
	}
	if info, err = fh.Stat(); err == nil {
		err = loadable(name, info, most)
	}
	if err != nil {
		fh.Close()
		return nil, nil, err
	}
	return fh, info, nil
}

// loadable refuses what is no file of games by its type or size.
func loadable(name string, info os.FileInfo, most int64) error {
	switch {
	case info.IsDir():
		return errors.New(tr.F("%s is a folder, not a saved game", name))
	case !info.Mode().IsRegular():
		return errors.New(tr.F("%s is not a regular file (a device or a pipe), not a saved game", name))
	case info.Size() > most:
		return errors.New(tr.F("%s is %s, more than the %s a saved game may have: not a saved game", name, sizeText(info.Size()), sizeText(most)))
	}
	return nil
}

// Save writes data to path atomically (see package safefile): the old
// file stays whole until the new one is complete on the disk, and keeps
// its permissions; a symbolic link is written through; a device or a pipe
// is refused (safefile.ErrNotRegular), never waited on.
func Save(path string, data []byte) error {
	return safefile.WriteRegular(path, data)
}
