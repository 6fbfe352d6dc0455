package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"boardgames/ai/lab"
	"boardgames/ai/solve/c4solver"
	"boardgames/app/safefile"
	"boardgames/internal/nowait"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
)

// c4BookFlags are the flags of the exact Connect Four book (book -game
// connect4 -bot perfect).
type c4BookFlags struct {
	parallel, tt, nice int
	moves              *string
}

func (f *c4BookFlags) register(fs *flag.FlagSet, pf *posFlags) {
	fs.IntVar(&f.parallel, "parallel", 1, "connect4 -bot perfect: solves at once (one per core at most helps)")
	fs.IntVar(&f.tt, "tt", c4solver.DefaultBuildMiB, "connect4 -bot perfect: each solver's table, MiB")
	fs.IntVar(&f.nice, "nice", 10, "connect4 -bot perfect: lower the build's priority by this much (0..19)")
	fs.StringVar(&pf.moves, "moves", "", "connect4 -bot perfect: build from the position after these moves instead of the start")
	f.moves = &pf.moves
}

// refuse refuses the flags that only the exact Connect Four book takes.
func (f *c4BookFlags) refuse() error {
	if f.parallel != 1 || f.tt != c4solver.DefaultBuildMiB || f.nice != 10 || *f.moves != "" {
		return badInputf("-parallel, -tt, -nice and -moves apply to -game connect4 -bot perfect only")
	}
	return nil
}

// maxC4BookPlies bounds the exact Connect Four book: 10 plies from the
// start hold about 1.3 million positions (mirror images folded), whose
// solves would take weeks.
const maxC4BookPlies = 10

// prepareConnect4Book checks the flags of the exact Connect Four book. Its
// checkpoint is FILE.part, which the same command goes on from.
func (e *env) prepareConnect4Book(f c4BookFlags, rec games.Record, out string, plies int) (func() error, error) {
	switch {
	case out == "":
		return nil, badInputf("-o is required: the book file")
	case plies < 0 || plies > maxC4BookPlies:
		return nil, badInputf("-plies must be 0..%d for the exact Connect Four book, not %d", maxC4BookPlies, plies)
	case f.parallel < 1 || f.parallel > 64:
		return nil, badInputf("-parallel must be 1..64, not %d", f.parallel)
	case f.tt < 1 || f.tt > c4solver.MaxTableMiB:
		return nil, badInputf("-tt must be 1..%d MiB, not %d", c4solver.MaxTableMiB, f.tt)
	case f.nice < 0 || f.nice > 19:
		return nil, badInputf("-nice must be 0..19, not %d", f.nice)
	}
	root := rec.Position().Native().(connect4.Position)
	if root.Result().Over() {
		return nil, badInputf("the game is over after -moves %s: a book needs a position to start from", *f.moves)
	}
	if root.Played()+plies >= connect4.Width*connect4.Height {
		return nil, badInputf("-plies %d would fill the board", plies)
	}
	for _, name := range []string{out, out + ".part"} {
		if err := checkRegular(name, "a book is written to a file, which a later run reads to go on"); err != nil {
			return nil, err
		}
	}
	if err := checkOutput(out); err != nil {
		return nil, err
	}
	o := c4solver.FullOptions{Root: root, Plies: plies, Parallel: f.parallel, TableMiB: f.tt}
	for _, name := range []string{out + ".part", out} {
		data, err := readAll(name)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, badInput(err)
		}
		known, err := c4solver.LoadBook(data)
		if err != nil {
			return nil, badInputf("%s: %v", name, err)
		}
		if i := known.Info(); i.Limit != 0 || i.Openings != root.Played()+plies {
			return nil, badInputf("%s was built with other options: choose another file", name)
		}
		o.Known = known
		break
	}
	from := "the start"
	if *f.moves != "" {
		from = "the position after " + *f.moves
	}
	return func() error { return e.buildConnect4Book(o, out, from, f.nice) }, nil
}

// readAll reads a file without waiting on a FIFO.
func readAll(name string) ([]byte, error) {
	r, err := nowait.Open(name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

func (e *env) buildConnect4Book(o c4solver.FullOptions, out, from string, nice int) error {
	if nice > 0 {
		if err := lowerPriority(nice); err != nil {
			return err
		}
	}
	known := 0
	if o.Known != nil {
		known = o.Known.Len()
	}
	fmt.Fprintf(e.stdout, "exact Connect Four book: every position within %d plies of %s (mirror images folded), %d solves at once with %d MiB tables; %d answers from before\n",
		o.Plies, from, o.Parallel, o.TableMiB, known)
	save := func(b *c4solver.Book, name string) error {
		data, err := b.MarshalBinary()
		if err != nil {
			return err
		}
		return safefile.Write(name, data)
	}
	onMove, done := e.progressLine("book", "positions of the last level solved")
	began, lastLine := time.Now(), time.Now()
	o.Progress = func(p c4solver.FullProgress) {
		if onMove != nil {
			onMove(lab.Progress{Done: p.Done, Total: p.Total, Played: float64(p.Done)})
		} else if time.Since(lastLine) >= time.Minute {
			lastLine = time.Now()
			fmt.Fprintf(e.stderr, "book: %d of %d positions of the last level solved (%d before), %.1f G nodes, %s\n",
				p.Done, p.Total, p.Known, float64(p.Nodes)/1e9, p.Elapsed.Round(time.Second))
		}
	}
	var saveErr error
	o.Checkpoint = func(b *c4solver.Book) {
		if err := save(b, out+".part"); err != nil && saveErr == nil {
			saveErr = err
		}
	}
	b, p, err := c4solver.BuildFull(e.ctx, o)
	done()
	if err != nil {
		if b != nil {
			if serr := save(b, out+".part"); serr != nil {
				return serr
			}
		}
		if e.ctx.Err() != nil {
			return interrupted(fmt.Sprintf("%d positions are saved in %s.part; run the same command to go on", b.Len(), out))
		}
		return err
	}
	if saveErr != nil {
		return saveErr
	}
	if err := save(b, out); err != nil {
		return err
	}
	if err := os.Remove(out + ".part"); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	fmt.Fprintf(e.stdout, "done: %d positions (%d of the last level, %d solved now, %.1f G nodes) in %s, written to %s\n",
		b.Len(), p.Total, p.Total-p.Known, float64(p.Nodes)/1e9, time.Since(began).Round(time.Second), out)
	return nil
}
