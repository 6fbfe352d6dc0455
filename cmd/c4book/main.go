// Command c4book builds the Connect Four opening book of the perfect
// player (assets/books/connect4.book) with the project's own solver:
//
//	nice -n 19 go run ./cmd/c4book -o assets/books/connect4.book
//
// The book holds the positions where the perfect player (ai/bots,
// algorithm "perfect") is to move, from the start or after any opponent
// moves, whose solve would cost more than -limit nodes with a fresh table
// (see c4solver.BuildBook); everything else is solved during the game
// within a fraction of a second. The same options give the same file, byte
// for byte. Progress goes to stderr; a checkpoint of the book so far is
// written to FILE.part every 10 minutes and on Ctrl+C, and -resume
// FILE.part takes it up again after an interruption.
//
// On two cores, build in parts and merge them (the result is the same):
//
//	nice -n 19 go run ./cmd/c4book -only start -o first.book &
//	nice -n 19 go run ./cmd/c4book -only 1,2,3,4 -o second.book &
//	wait; go run ./cmd/c4book -merge first.book,second.book -o assets/books/connect4.book
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"boardgames/ai/solve/c4solver"
	"boardgames/rules/connect4"
)

func main() {
	out := flag.String("o", "assets/books/connect4.book", "the book file to write")
	limit := flag.Uint64("limit", c4solver.DefaultBookLimit, "store the positions whose cold solve needs more nodes than this")
	probe := flag.Int("probe", c4solver.DefaultProbeMiB, "table of the cold solve, MiB (the perfect player's)")
	tt := flag.Int("tt", c4solver.DefaultBuildMiB, "table of the solver of the stored positions, MiB")
	openings := flag.Int("openings", 1, "every position with at most this many stones is a root")
	maxStones := flag.Int("max", 0, "never store positions with this many stones or more (0: no bound)")
	resume := flag.String("resume", "", "a checkpoint (FILE.part) of an interrupted build with the same options")
	every := flag.Duration("every", 30*time.Second, "how often to report progress")
	only := flag.String("only", "", "build only from these roots, as moves from the start (start for the start itself), comma separated")
	merge := flag.String("merge", "", "merge these books built in parts (comma separated) into -o, and build nothing")
	flag.Parse()
	var err error
	if *merge != "" {
		err = mergeBooks(*out, strings.Split(*merge, ","))
	} else {
		o := c4solver.BookOptions{Limit: *limit, ProbeMiB: *probe, TableMiB: *tt, Openings: *openings, MaxStones: *maxStones}
		if o.Only, err = roots(*only); err == nil {
			err = run(*out, *resume, *every, o)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "c4book:", err)
		os.Exit(1)
	}
}

func run(out, resume string, every time.Duration, o c4solver.BookOptions) error {
	if resume != "" {
		data, err := os.ReadFile(resume)
		if err != nil {
			return err
		}
		if o.Known, err = c4solver.LoadBook(data); err != nil {
			return fmt.Errorf("%s: %w", resume, err)
		}
		if i := o.Known.Info(); i.Limit != o.Limit || i.ProbeMiB != o.ProbeMiB {
			return fmt.Errorf("%s was built with -limit %d -probe %d", resume, i.Limit, i.ProbeMiB)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var last time.Time
	o.Progress = func(p c4solver.BookProgress) {
		if time.Since(last) < every {
			return
		}
		last = time.Now()
		fmt.Fprintf(os.Stderr, "%s: %d stored of %d probed, %.1f G nodes; by stones %s; at %s\n",
			p.Elapsed.Round(time.Second), p.Stored, p.Probed, float64(p.Nodes)/1e9, byStones(p.Stones[:]), p.Line)
	}
	o.Checkpoint = func(b *c4solver.Book) {
		if err := write(out+".part", b); err != nil {
			fmt.Fprintln(os.Stderr, "c4book: checkpoint:", err)
		}
	}
	start := time.Now()
	b, p, err := c4solver.BuildBook(ctx, o)
	if errors.Is(err, context.Canceled) {
		if err := write(out+".part", b); err != nil {
			return err
		}
		return fmt.Errorf("interrupted: %d positions so far in %s.part (-resume it)", b.Len(), out)
	}
	if err != nil {
		return err
	}
	if err := write(out, b); err != nil {
		return err
	}
	_ = os.Remove(out + ".part")
	fmt.Fprintf(os.Stderr, "%s: %d positions (%d probed, %.1f G nodes) in %s; by stones %s\n",
		out, b.Len(), p.Probed, float64(p.Nodes)/1e9, time.Since(start).Round(time.Second), byStones(p.Stones[:]))
	return nil
}

// roots reads -only: move lists from the start, "start" for the start.
func roots(list string) ([]connect4.Position, error) {
	if list == "" {
		return nil, nil
	}
	var out []connect4.Position
	for _, moves := range strings.Split(list, ",") {
		if moves = strings.TrimSpace(moves); moves == "start" {
			moves = ""
		}
		h, err := connect4.ParseMoves(connect4.Start(), moves)
		if err != nil {
			return nil, err
		}
		out = append(out, h.Position())
	}
	return out, nil
}

// mergeBooks writes the union of the books in files to out.
func mergeBooks(out string, files []string) error {
	var books []*c4solver.Book
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		b, err := c4solver.LoadBook(data)
		if err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		books = append(books, b)
	}
	b, err := c4solver.MergeBooks(books...)
	if err != nil {
		return err
	}
	if err := write(out, b); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s: %d positions\n", out, b.Len())
	return nil
}

// write saves a book atomically.
func write(path string, b *c4solver.Book) error {
	data, err := b.MarshalBinary()
	if err != nil {
		return err
	}
	if err := os.WriteFile(path+".tmp", data, 0o644); err != nil {
		return err
	}
	return os.Rename(path+".tmp", path)
}

// byStones writes the non-zero counts as stones:count.
func byStones(counts []int) string {
	var parts []string
	for s, n := range counts {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d:%d", s, n))
		}
	}
	return strings.Join(parts, " ")
}
