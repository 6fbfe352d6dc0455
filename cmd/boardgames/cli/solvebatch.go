package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// A batch (solve -input FILE) solves as it reads: each line is checked,
// solved and printed before the next is read, so that memory does not grow
// with the input and a pipe sees each result at once. In text a result is
// `POSITION SCORE`, the position as the line gave it; in JSON one object
// per line. A bad line is named on stderr with its number and skipped;
// the exit status is then 2 (bad input), and after maxBadLines of them the
// batch stops: the input is not a file of positions. What cannot be a
// file of positions stops it at once with the line's number: a line
// longer than maxLineBytes, bytes that are not text (a NUL, invalid
// UTF-8), more than maxInputBytes in all. Scores that differ from a line's
// expected score are reported on stderr and the exit status is 1; Ctrl+C
// stops after the finished lines with exit status 130.

// The batch's input for -input - and its context (tests replace them).
var (
	batchStdin   io.Reader = os.Stdin
	batchContext           = interruptible
)

// The limits of a batch's input. The longest line of the formats is an
// OBF line with every move's score, a few hundred bytes.
const (
	maxBadLines   = 5
	maxLineBytes  = 4096
	maxInputBytes = 256 << 20
)

// batchLine is one position of the input.
type batchLine struct {
	n        int    // line number, from 1
	text     string // the position as written: moves, or board and side to move
	pos      games.Position
	expected *int // the score the line gives, if any
}

func runBatch(e *env, pf posFlags, sf solveFlags) error {
	if pf.game == "" {
		return badInputf("-game is required (connect4 or othello)")
	}
	g, err := games.Lookup(pf.game)
	if err != nil {
		return badInput(err)
	}
	if g.Name != connect4.Name && g.Name != othello.Name {
		return badInputf("solve works on connect4 and othello, not %s", g.Name)
	}
	if pf.rounds != 0 || pf.draw != 0 || pf.first != "" {
		return badInputf("-input takes no game settings")
	}
	in, closeIn, err := openInput(sf.input)
	if err != nil {
		return err
	}
	defer closeIn()
	ctx, stop := batchContext()
	defer stop()
	lines := readLines(ctx, in)
	w := bufio.NewWriter(e.stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	var (
		s                     *solver
		bigTable              bool
		solved, wrong, failed int
		badLines              []string
		stopInterrupted       = func() error {
			w.Flush()
			return interrupted(fmt.Sprintf("the %d lines above are the positions solved", solved))
		}
	)
	for {
		var rl rawLine
		select {
		case <-ctx.Done():
			return stopInterrupted()
		case rl = <-lines:
		}
		if rl.err == io.EOF {
			break
		}
		if rl.err != nil {
			w.Flush()
			return badInput(rl.err)
		}
		l, err := parseBatchLine(g, rl.text)
		if err != nil {
			badLines = append(badLines, strconv.Itoa(rl.n))
			fmt.Fprintf(e.stderr, "%s\n", oneLine(fmt.Sprintf("line %d: %v", rl.n, err)))
			if len(badLines) > maxBadLines {
				w.Flush()
				return badInputf("more than %d bad lines (%s): stopped at line %d; is this a file of %s positions?",
					maxBadLines, strings.Join(badLines, ", "), rl.n, g.Name)
			}
			continue
		}
		l.n = rl.n
		// One table for the batch, small until a position needs more.
		if big := needsBigTable(l.pos); s == nil || big && !bigTable {
			if s, err = newSolver(g, []games.Position{l.pos}); err != nil {
				return err
			}
			bigTable = big
		}
		r, err := s.solve(ctx, l.pos, solveFlags{limit: sf.limit, scoreOnly: sf.scoreOnly || !sf.asJSON})
		if err != nil {
			if ctx.Err() != nil {
				return stopInterrupted()
			}
			failed++
			fmt.Fprintf(e.stderr, "%s\n", oneLine(fmt.Sprintf("line %d: %v", l.n, solveErr(err, sf.limit))))
			continue
		}
		solved++
		if sf.asJSON {
			out := toSolvedJSON(g, l.pos, r)
			out.Line, out.Position, out.Expected = l.n, l.text, l.expected
			if err := enc.Encode(out); err != nil {
				return err
			}
		} else {
			fmt.Fprintf(w, "%s %d\n", l.text, r.Score)
		}
		// One line at a time, so that a pipe sees each result at once.
		if err := w.Flush(); err != nil {
			return err
		}
		if l.expected != nil && *l.expected != r.Score {
			wrong++
			fmt.Fprintf(e.stderr, "%s\n", oneLine(fmt.Sprintf("line %d: %s scores %d, the line expects %d", l.n, l.text, r.Score, *l.expected)))
		}
	}
	total := solved + failed
	switch {
	case len(badLines) > 0:
		return badInputf("%d bad %s skipped (%s), %d solved", len(badLines), plural(len(badLines), "line", "lines"),
			strings.Join(badLines, ", "), solved)
	case total == 0:
		return badInputf("no positions in the input")
	case wrong > 0 && failed > 0:
		return fmt.Errorf("%d of %d scores differ from the expected ones, and %d positions were not solved", wrong, total, failed)
	case wrong > 0:
		return fmt.Errorf("%d of %d scores differ from the expected ones", wrong, total)
	case failed > 0:
		return fmt.Errorf("%d of %d positions were not solved", failed, total)
	}
	return nil
}

func plural(n int, one, other string) string {
	if n == 1 {
		return one
	}
	return other
}

// needsBigTable reports whether pos needs the solver's default table
// rather than a small one (see newSolver).
func needsBigTable(pos games.Position) bool {
	switch p := pos.Native().(type) {
	case connect4.Position:
		return p.Played() < smallTableStones
	case othello.Position:
		return p.Empties() > smallTableEmpties
	}
	return false
}

// openInput opens the file of -input, or stdin for "-".
func openInput(name string) (io.Reader, func(), error) {
	if name == "-" {
		return batchStdin, func() {}, nil
	}
	f, err := openRegular("-input", name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// rawLine is a line of the input that is not blank, trimmed, or the error
// that ends the input (io.EOF at its end).
type rawLine struct {
	text string
	n    int
	err  error
}

// readLines reads the input in a goroutine of its own (so that Ctrl+C is
// heard while a read waits, on a terminal or a pipe), one line ahead of
// the solves. Its errors name the line; the goroutine ends with the input
// or with ctx.
func readLines(ctx context.Context, in io.Reader) <-chan rawLine {
	out := make(chan rawLine)
	go func() {
		send := func(l rawLine) bool {
			select {
			case out <- l:
				return true
			case <-ctx.Done():
				return false
			}
		}
		br := bufio.NewReaderSize(in, maxLineBytes+1)
		total := 0
		for n := 1; ; n++ {
			line, err := br.ReadSlice('\n')
			total += len(line)
			switch {
			case errors.Is(err, bufio.ErrBufferFull):
				send(rawLine{n: n, err: fmt.Errorf("line %d is longer than %d bytes: not a position (is the input a file of positions?)", n, maxLineBytes)})
				return
			case total > maxInputBytes:
				send(rawLine{n: n, err: fmt.Errorf("the input is longer than %d MiB (at line %d): split it into several files", maxInputBytes>>20, n)})
				return
			case bytes.IndexByte(line, 0) >= 0 || !utf8.Valid(line):
				send(rawLine{n: n, err: fmt.Errorf("line %d is not text (binary data): the input is not a file of positions", n)})
				return
			case err != nil && err != io.EOF:
				send(rawLine{n: n, err: fmt.Errorf("reading the input at line %d: %v", n, err)})
				return
			}
			if text := strings.TrimSpace(string(line)); text != "" {
				if !send(rawLine{text: text, n: n}) {
					return
				}
			}
			if err == io.EOF {
				send(rawLine{n: n, err: io.EOF})
				return
			}
		}
	}()
	return out
}

// parseBatchLine reads one line: Connect Four `moves [score]`, Othello an
// OBF line `BOARD SIDE[; MOVE:SCORE]...` whose best listed score is the
// expected one.
func parseBatchLine(g *games.Game, text string) (batchLine, error) {
	var l batchLine
	var err error
	switch g.Name {
	case connect4.Name:
		fields := strings.Fields(text)
		if len(fields) > 2 {
			return l, fmt.Errorf("%q: want the moves and at most an expected score", text)
		}
		l.text = fields[0]
		if len(fields) == 2 {
			v, err := strconv.Atoi(fields[1])
			if err != nil {
				return l, fmt.Errorf("expected score %q is not an integer", fields[1])
			}
			l.expected = &v
		}
		rec, err := g.ParseMoves(nil, l.text, games.Settings{})
		if err != nil {
			return l, err
		}
		l.pos = rec.Position()
	case othello.Name:
		board, tail, _ := strings.Cut(text, ";")
		l.text = strings.Join(strings.Fields(board), " ")
		if l.pos, err = g.Parse(l.text, games.Settings{}); err != nil {
			return l, err
		}
		if l.expected, err = obfScore(l.pos, tail); err != nil {
			return l, err
		}
		if n := l.pos.Native().(othello.Position).Empties(); n > maxOthelloEmpties {
			return l, fmt.Errorf("%d empty squares: solve takes Othello positions with at most %d", n, maxOthelloEmpties)
		}
	}
	if l.pos.Result().Over() {
		return l, errors.New("the game is over: nothing to solve")
	}
	return l, nil
}

// obfScore reads the `MOVE:SCORE; ...` tail of an OBF line: every move
// must be legal and every score an integer; the best score is the
// position's (nil for an empty tail).
func obfScore(pos games.Position, tail string) (*int, error) {
	var best *int
	for item := range strings.SplitSeq(tail, ";") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		mv, score, ok := strings.Cut(item, ":")
		if !ok {
			return nil, fmt.Errorf("%q is not MOVE:SCORE", item)
		}
		if _, err := pos.ParseMove(strings.ToLower(strings.TrimSpace(mv))); err != nil {
			return nil, err
		}
		v, err := strconv.Atoi(strings.TrimSpace(score))
		if err != nil {
			return nil, fmt.Errorf("score %q of %s is not an integer", score, mv)
		}
		if best == nil || v > *best {
			best = &v
		}
	}
	return best, nil
}
