package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"boardgames/rules/connect4"
	"boardgames/rules/games"
	"boardgames/rules/othello"
)

// A batch (solve -input FILE) reads the whole input and checks every line
// before it solves anything, so that a typo on line 900 does not waste the
// solves of lines 1-899: a bad line is bad input (exit status 2) with its
// line number. Then it solves the positions in order with one solver (one
// table for the whole batch) and prints each result as it is found: in
// text `POSITION SCORE`, the position as the line gave it; in JSON one
// object per line. Scores that differ from a line's expected score are
// reported on stderr and the exit status is 1; Ctrl+C stops after the
// finished lines with exit status 130.

// The batch's input for -input - and its context (tests replace them).
var (
	batchStdin   io.Reader = os.Stdin
	batchContext           = interruptible
)

// batchLine is one position of the input.
type batchLine struct {
	n        int    // line number, from 1
	text     string // the position as written: moves, or board and side to move
	pos      games.Position
	expected *int // the score the line gives, if any
}

// maxBadLines is how many bad lines a batch names before it gives up.
const maxBadLines = 5

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
	lines, err := readBatch(g, in)
	closeIn()
	if err != nil {
		return err
	}
	positions := make([]games.Position, len(lines))
	for i, l := range lines {
		positions[i] = l.pos
	}
	s, err := newSolver(g, positions)
	if err != nil {
		return err
	}
	ctx, stop := batchContext()
	defer stop()
	w := bufio.NewWriter(e.stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	wrong, failed := 0, 0
	for i, l := range lines {
		r, err := s.solve(ctx, l.pos, solveFlags{limit: sf.limit, scoreOnly: sf.scoreOnly || !sf.asJSON})
		if err != nil {
			if ctx.Err() != nil {
				w.Flush()
				return interrupted(fmt.Sprintf("the %d lines above are the positions solved (%d of %d)", i, i, len(lines)))
			}
			failed++
			fmt.Fprintf(e.stderr, "line %d: %v\n", l.n, solveErr(err, sf.limit))
			continue
		}
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
			fmt.Fprintf(e.stderr, "line %d: %s scores %d, the line expects %d\n", l.n, l.text, r.Score, *l.expected)
		}
	}
	switch {
	case wrong > 0 && failed > 0:
		return fmt.Errorf("%d of %d scores differ from the expected ones, and %d positions were not solved", wrong, len(lines), failed)
	case wrong > 0:
		return fmt.Errorf("%d of %d scores differ from the expected ones", wrong, len(lines))
	case failed > 0:
		return fmt.Errorf("%d of %d positions were not solved", failed, len(lines))
	}
	return nil
}

// openInput opens the file of -input, or stdin for "-".
func openInput(name string) (io.Reader, func(), error) {
	if name == "-" {
		return batchStdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, badInput(err)
	}
	return f, func() { f.Close() }, nil
}

// readBatch reads and checks every line; blank lines are skipped. The
// error names the first bad lines.
func readBatch(g *games.Game, in io.Reader) ([]batchLine, error) {
	var (
		lines []batchLine
		bad   []string
		nBad  int
	)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		l, err := parseBatchLine(g, text)
		if err != nil {
			nBad++
			if len(bad) < maxBadLines {
				bad = append(bad, fmt.Sprintf("line %d: %v", n, err))
			}
			continue
		}
		l.n = n
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		return nil, badInputf("reading the input: %v", err)
	}
	switch {
	case nBad > len(bad):
		return nil, badInputf("%s; and %d more bad lines", strings.Join(bad, "; "), nBad-len(bad))
	case nBad > 0:
		return nil, badInputf("%s", strings.Join(bad, "; "))
	case len(lines) == 0:
		return nil, badInputf("no positions in the input")
	}
	return lines, nil
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
