package records

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"boardgames/rules"
	"boardgames/rules/games"
)

// Streaming: a Scanner reads the games of a file one at a time, holding
// the text of about one game (and a 64 KiB window of the input) at a time,
// so that a database of a hundred thousand games and more is listed,
// filtered and converted in bounded memory. Read and ReadEach read a text
// through a Scanner too. Each game comes with the byte it starts at, for
// ReadAt to read it again from the file: a list of a file's games keeps
// their Summary, not their moves.

// Limits on what a Scanner reads.
const (
	// MaxStream is the largest input a Scanner reads, 4 GiB: millions of
	// games.
	MaxStream = 4 << 30
	// MaxLine is the longest line a Scanner takes, 1 MiB; a file of games
	// breaks its lines far sooner.
	MaxLine = 1 << 20
	// MaxGameText is the most text one game (with its comments) may
	// span, 1 MiB.
	MaxGameText = 1 << 20
)

// chunk is how much of the input a Scanner reads at a time (tests make
// it small, to cut texts into many pieces).
var chunk = 64 << 10

// Item is a game a Scanner read: Game, or Bad when it could not be read.
type Item struct {
	Game Game
	Bad  *Rejected
	// Line is the line the game starts on, Offset the byte.
	Line   int
	Offset int64
}

// N is the item's number in its file, from 1.
func (it Item) N() int {
	if it.Bad != nil {
		return it.Bad.N
	}
	return it.Game.N
}

// Scanner reads the games of a text in a format one at a time (see
// NewScanner).
type Scanner struct {
	next func() (Item, bool, error)
	src  *source
	item Item
	err  error
}

// NewScanner reads the games of r in the format f; g and s are the game
// and settings of a move list (PDN and GGF name their own). Scan reads the
// next game, good or bad; Err says why the reading stopped early (a read
// error, a fault no game can be blamed for, more than MaxGames games).
func NewScanner(f Format, r io.Reader, g *games.Game, s games.Settings) *Scanner {
	return newScanner(f, r, g, s, 1, 1, true)
}

// newScanner starts at game number n and line; bom says whether the
// input's start may hold a byte-order mark.
func newScanner(f Format, r io.Reader, g *games.Game, s games.Settings, n, line int, bom bool) *Scanner {
	src := &source{r: r, bom: bom, line: line}
	sc := &Scanner{src: src}
	switch f {
	case PDN:
		p := &pdnReader{lx: &pdnLexer{window: window{src: src}, line: line, startNL: true}, n: n - 1}
		sc.next = p.next
	case GGF:
		gr := &ggfReader{window: window{src: src}, lnum: line, n: n - 1}
		sc.next = gr.next
	case Transcript:
		if g == nil {
			sc.err = fmt.Errorf("records: a move list does not say its game: choose one")
			return sc
		}
		t := &transcriptReader{window: window{src: src}, g: g, s: s, line: line - 1, n: n - 1}
		sc.next = t.next
	default:
		sc.err = fmt.Errorf("records: unknown format %q", f)
	}
	return sc
}

// Scan reads the next game; false at the end of the input or on an error
// (see Err).
func (sc *Scanner) Scan() bool {
	if sc.err != nil || sc.next == nil {
		return false
	}
	it, ok, err := sc.next()
	if err == nil {
		err = sc.src.err
	}
	if err != nil {
		sc.err = err
		return false
	}
	sc.item = it
	return ok
}

// Item is the game Scan read.
func (sc *Scanner) Item() Item { return sc.item }

// Err is why the reading stopped before the end, or nil.
func (sc *Scanner) Err() error { return sc.err }

// Offset is how many bytes of the input were read so far (for progress).
func (sc *Scanner) Offset() int64 { return sc.src.off }

// ReadAt reads the game that starts at byte off of r, as an Item of a
// Scanner gave it: n is its number in the file and line its line, for
// messages. It is how a list of a file's games opens one of them.
func ReadAt(f Format, r io.ReaderAt, off int64, n, line int, g *games.Game, s games.Settings) (Item, error) {
	sc := newScanner(f, io.NewSectionReader(r, off, MaxStream), g, s, n, line, off == 0)
	if !sc.Scan() {
		if sc.Err() != nil {
			return Item{}, sc.Err()
		}
		return Item{}, fmt.Errorf("records: no game %d at byte %d", n, off)
	}
	it := sc.Item()
	it.Offset += off
	if it.N() != n {
		return Item{}, fmt.Errorf("records: no game %d at byte %d", n, off)
	}
	return it, nil
}

// source hands out the text of a reader in pieces of whole lines (the
// last piece may end without a newline).
type source struct {
	r    io.Reader
	bom  bool // the first piece may start with a byte-order mark
	line int  // the line the next piece starts on
	off  int64
	// carry is what was read past the last newline.
	carry []byte
	eof   bool
	err   error
}

// next returns the next piece and the offset of its first byte; ok is
// false at the end of the input or on an error (s.err).
func (s *source) next() (piece string, at int64, ok bool) {
	if s.err != nil || (s.eof && len(s.carry) == 0) {
		return "", 0, false
	}
	buf := make([]byte, len(s.carry), max(chunk, 2*len(s.carry)))
	copy(buf, s.carry)
	s.carry = nil
	for {
		for !s.eof && len(buf) < cap(buf) {
			n, err := s.r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			if err == io.EOF {
				s.eof = true
			} else if err != nil {
				s.err = fmt.Errorf("records: reading line %d: %w", s.line, err)
				return "", 0, false
			}
		}
		if s.off+int64(len(buf)) > MaxStream {
			s.err = fmt.Errorf("records: the input is more than %d GiB, more than a file of games may have", MaxStream>>30)
			return "", 0, false
		}
		end := len(buf)
		if !s.eof {
			end = bytes.LastIndexByte(buf, '\n') + 1
		}
		if end == 0 && s.eof {
			return "", 0, false
		}
		if end > 0 {
			if end < len(buf) {
				s.carry = bytes.Clone(buf[end:])
			}
			piece, at = string(buf[:end]), s.off
			s.off += int64(end)
			if s.bom && at == 0 && strings.HasPrefix(piece, "\ufeff") {
				piece, at = piece[3:], 3
			}
			s.bom = false
			s.line += strings.Count(piece, "\n")
			return piece, at, true
		}
		if len(buf) > MaxLine {
			s.err = fmt.Errorf("records: line %d is longer than %d MiB: not a file of games", s.line, MaxLine>>20)
			return "", 0, false
		}
		grown := make([]byte, len(buf), min(2*cap(buf), MaxLine+1))
		copy(grown, buf)
		buf = grown
	}
}

// A window is the part of the input in memory: text from the byte base
// on, read from src as it is needed.
type window struct {
	src  *source
	text string
	base int64
}

// more appends the next piece of the input to the text from keep on (the
// text before it is dropped); it returns how many bytes were dropped, or
// false at the end of the input.
func (w *window) more(keep int) (int, bool) {
	piece, at, ok := w.src.next()
	if !ok {
		return 0, false
	}
	rest := w.text[keep:]
	if rest == "" {
		w.text = piece
	} else {
		w.text = rest + piece
	}
	w.base = at - int64(len(rest))
	return keep, true
}

// Summary is what a list of a file's games shows of a game and what a
// Filter looks at: everything but its moves, which ReadAt reads again
// from the game's Offset.
type Summary struct {
	N, Line int
	Offset  int64
	Game    *games.Game
	Tags    []Tag
	// Final is the game's result (Game.Final).
	Final rules.Result
	// Moves is the number of moves; Comments the number of comments and
	// evaluations.
	Moves, Comments int
}

// Summary is the game's summary; line and off say where it starts.
func (g *Game) Summary(line int, off int64) Summary {
	return Summary{N: g.N, Line: line, Offset: off, Game: g.Game, Tags: g.Tags, Final: g.Final(),
		Moves: g.Record.Len(), Comments: len(g.Comments) + len(g.Evals)}
}

// Tag returns the value of the tag named name, or "".
func (s *Summary) Tag(name string) string { return tagOf(s.Tags, name) }

// transcriptReader reads move lists, one game a line.
type transcriptReader struct {
	window
	i    int
	g    *games.Game
	s    games.Settings
	line int // the line before text[i]
	n    int
	done bool
}

func (t *transcriptReader) next() (Item, bool, error) {
	for !t.done {
		k := strings.IndexByte(t.text[t.i:], '\n')
		if k < 0 {
			if dropped, ok := t.more(t.i); ok {
				t.i -= dropped
				continue
			}
			t.done = true
			k = len(t.text) - t.i
		}
		raw := t.text[t.i : t.i+k]
		off := t.base + int64(t.i)
		t.i = min(t.i+k+1, len(t.text))
		t.line++
		it, ok, err := t.game(raw, t.line, off)
		if err != nil || ok {
			return it, ok, err
		}
	}
	return Item{}, false, nil
}

// game reads one line; ok is false for a line that holds no game.
func (t *transcriptReader) game(line string, num int, off int64) (Item, bool, error) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return Item{}, false, nil
	}
	if t.n == MaxGames {
		return Item{}, false, fmt.Errorf("records: line %d: more than %d games", num, MaxGames)
	}
	n := t.n + 1
	bad := func(err error) (Item, bool, error) {
		t.n = n
		return Item{Bad: &Rejected{N: n, Line: num, Err: err}, Line: num, Offset: off}, true, nil
	}
	var warn []string
	if f := strings.Fields(line); t.g.Name == "connect4" && len(f) == 2 {
		if _, err := strconv.Atoi(f[1]); err == nil {
			line = f[0]
			warn = append(warn, fmt.Sprintf("game %d: the score %s after the moves is skipped", n, f[1]))
		}
	}
	if len(line) > 16*MaxMoves {
		return bad(gameError(n, num, "the line is longer than %d characters", 16*MaxMoves))
	}
	rec, err := t.g.ReplayMoves(nil, line, t.s)
	if err != nil {
		return bad(gameError(n, num, "%s", trimPrefix(err)))
	}
	if rec.Len() == 0 {
		return Item{}, false, nil // a result alone ("*"): no game
	}
	if rec.Len() > MaxMoves {
		return bad(gameError(n, num, "more than %d moves", MaxMoves))
	}
	t.n = n
	game := NewGame(t.g, t.s, rec)
	game.N = n
	game.Warnings = warn
	return Item{Game: game, Line: num, Offset: off}, true, nil
}
