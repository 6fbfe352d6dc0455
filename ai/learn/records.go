package learn

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"boardgames/internal/nowait"
)

// Record is one self-play game: its result and its moves from the start
// position, in the game's notation.
type Record struct {
	// Result is Othello's final disc margin (Black's discs minus White's,
	// the empty squares counted for the winner) or checkers' outcome for
	// Black: 1 a win, 0 a draw, -1 a loss.
	Result int
	Moves  string
}

// The game files: a header line "# boardgames self-play GAME KEY=VALUE..."
// naming the settings that made them, then one game a line, "RESULT
// MOVES". Finished sets are gzip-compressed (NAME.games.gz); a set being
// made is a plain text file beside it (NAME.games.partial) that grows by
// whole lines, so that an interrupted run resumes after its last complete
// game.

// header is the first line of a game file.
func header(game, settings string) string {
	return "# boardgames self-play " + game + " " + settings
}

// formatRecord writes a record as a line of a game file.
func formatRecord(r Record) string {
	return strconv.Itoa(r.Result) + " " + r.Moves
}

// parseRecord reads a line of a game file.
func parseRecord(line string) (Record, error) {
	res, moves, _ := strings.Cut(line, " ")
	n, err := strconv.Atoi(res)
	if err != nil {
		return Record{}, fmt.Errorf("result %q is not a number", res)
	}
	return Record{Result: n, Moves: moves}, nil
}

// The bounds of a game file, checked as it is read (a forged file, a
// gzip that inflates to one huge line, is refused before it fills the
// memory): a line is at most MaxRecordLine bytes (a 300-ply checkers game
// takes about 2 KB), a file holds at most MaxGames games (a round's
// -games is bounded by it too).
const (
	MaxRecordLine = 64 << 10
	MaxGames      = 1_000_000
)

// recordError is the error of a game (its index in the records given).
type recordError struct {
	game int
	err  error
}

func (e *recordError) Error() string { return fmt.Sprintf("game %d: %v", e.game+1, e.err) }
func (e *recordError) Unwrap() error { return e.err }

// recordAt names where the game of a recordError is: its round's file and
// line (its header is line 1). The records are those of round, or of
// rounds 1, 2, ... one after the other when round is 0 (each round has
// c.Games games).
func (c *Config) recordAt(err error, round int) error {
	var re *recordError
	if !errors.As(err, &re) || c.Games <= 0 {
		return err
	}
	g := re.game
	if round == 0 {
		round, g = g/c.Games+1, g%c.Games
	}
	return fmt.Errorf("%s line %d (game %d of the round): %w", c.gamesPath(round), g+2, g+1, re.err)
}

// readRecords reads a game file's lines after its header, which must be
// want. A trailing line without its newline (a write cut short) is
// dropped when partial is set, else it is an error.
func readRecords(r io.Reader, want string, partial bool) ([]Record, error) {
	b := bufio.NewReaderSize(r, MaxRecordLine)
	var out []Record
	first := true
	for n := 1; ; n++ {
		raw, err := b.ReadSlice('\n')
		line := string(raw)
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, fmt.Errorf("line %d is longer than %d bytes: not a game record", n, MaxRecordLine)
		}
		if err == io.EOF {
			if line != "" && !partial {
				return nil, fmt.Errorf("line %d: cut short", n)
			}
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		line = strings.TrimSuffix(line, "\n")
		if first {
			first = false
			if line != want {
				return nil, fmt.Errorf("made with other settings: %q, want %q", line, want)
			}
			continue
		}
		rec, err := parseRecord(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if len(out) == MaxGames {
			return nil, fmt.Errorf("line %d: more than %d games: not a game file of this program", n, MaxGames)
		}
		out = append(out, rec)
	}
}

// ReadGames reads a finished game file (gzip), checking that its header
// is want.
func ReadGames(path, want string) ([]Record, error) {
	f, err := nowait.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	recs, err := readRecords(z, want, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return recs, nil
}

// writeGames writes a finished game file, gzip-compressed, atomically.
func writeGames(path, head string, recs []Record) error {
	return writeAtomic(path, func(w io.Writer) error {
		z, err := gzip.NewWriterLevel(w, gzip.BestCompression)
		if err != nil {
			return err
		}
		b := bufio.NewWriter(z)
		b.WriteString(head + "\n")
		for _, r := range recs {
			b.WriteString(formatRecord(r) + "\n")
		}
		if err := b.Flush(); err != nil {
			return err
		}
		return z.Close()
	})
}

// partialGames opens the file of a set being made: it reads the games it
// already holds (dropping a last line cut short) and returns them with the
// file, open for appending after them. A new file gets its header.
func partialGames(path, head string) ([]Record, *os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, &nowait.NotRegularError{Path: path, Kind: nowait.Kind(st.Mode())}
	}
	if st.Size() == 0 {
		if _, err := f.WriteString(head + "\n"); err != nil {
			f.Close()
			return nil, nil, err
		}
		return nil, f, nil
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	recs, err := readRecords(strings.NewReader(string(data)), head, true)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	// Cut a last line written only in part.
	end := int64(strings.LastIndexByte(string(data), '\n') + 1)
	if err := f.Truncate(end); err != nil {
		f.Close()
		return nil, nil, err
	}
	if _, err := f.Seek(end, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	return recs, f, nil
}

// writeAtomic writes a file through a temporary file beside it, renamed
// over it once complete: the old file stays until the new one is whole.
// A path that names something else than a regular file (a device, say)
// is refused: renaming over it would replace it.
func writeAtomic(path string, write func(io.Writer) error) error {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("writing %s: not a regular file", path)
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	b := bufio.NewWriter(f)
	err = write(b)
	if err == nil {
		err = b.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return errors.Join(fmt.Errorf("writing %s", path), err)
	}
	return nil
}
