package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"boardgames/ai"
	"boardgames/ai/book"
	"boardgames/ai/bots"
	"boardgames/ai/lab"
	"boardgames/app/safefile"
	"boardgames/internal/nowait"
	"boardgames/rules/connect4"
	"boardgames/rules/games"
)

func init() {
	commands["book"] = command{"build an opening book with the engine's own search", staged(prepareBook)}
}

func prepareBook(e *env, args []string) (func() error, error) {
	fs := e.newFlags("book", "-game G -o FILE [-plies N] [-bot SPEC]\n\n"+
		"Builds an opening book: every position within -plies plies of the start, searched by -bot,\n"+
		"which should search to a fixed depth so that the same options give the same file. The\n"+
		"book is saved as it grows (every minute and on Ctrl+C); the same command with the same\n"+
		"options goes on from the file. The checkers book of the program is made by\n"+
		"  boardgames book -game checkers -plies 4 -bot engine:depth=14 -o assets/books/checkers.book\n"+
		"With -game connect4 -bot perfect the book is exact (the solver's score and best moves of\n"+
		"every position, mirror images folded), the one the perfect player reads:\n"+
		"  boardgames book -game connect4 -bot perfect -plies 4 -parallel 2 -o assets/books/connect4-plies.book\n")
	var pf posFlags
	fs.StringVar(&pf.game, "game", "", "game: "+games.Names())
	out := fs.String("o", "", "the book file to write (and to go on from, if it exists)")
	plies := fs.Int("plies", 4, "every position within this many plies of the start")
	botText := fs.String("bot", "engine:depth=14", "the search of each position")
	var c4 c4BookFlags
	c4.register(fs.FlagSet, &pf)
	if err := parse(fs, args); err != nil {
		return nil, err
	}
	g, rec, err := pf.load()
	if err != nil {
		return nil, err
	}
	spec, err := bots.ParseSpec(*botText)
	if err != nil {
		return nil, badInput(err)
	}
	if g.Name == connect4.Name && spec.Algo == "perfect" {
		return e.prepareConnect4Book(c4, rec, *out, *plies)
	}
	if err := c4.refuse(); err != nil {
		return nil, err
	}
	if err := lab.CheckSpec(g.Name, spec); err != nil {
		return nil, badInput(err)
	}
	switch {
	case *out == "":
		return nil, badInputf("-o is required: the book file")
	case *plies < 0 || *plies > 8:
		return nil, badInputf("-plies must be 0..8, not %d", *plies)
	}
	if err := checkRegular(*out, "a book is written to a file, which a later run reads to go on"); err != nil {
		return nil, err
	}
	if err := checkOutput(*out); err != nil {
		return nil, err
	}
	options := fmt.Sprintf("plies=%d bot=%s", *plies, spec)
	b := book.New(g.Name, options)
	if f, err := nowait.Open(*out); err == nil {
		have, err := book.Read(f)
		f.Close()
		if err != nil {
			return nil, badInputf("%s: %v", *out, err)
		}
		if have.Game != g.Name || have.Options != options {
			return nil, badInputf("%s was built with other options (%s %s): choose another file", *out, have.Game, have.Options)
		}
		b = have
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, badInput(err)
	}
	start, err := g.Start(games.Settings{})
	if err != nil {
		return nil, badInput(err)
	}
	positions, err := e.bookPositions(start, *plies)
	if err != nil {
		return nil, err
	}
	return func() error { return e.buildBook(b, positions, *plies, spec, *out) }, nil
}

// maxBookPositions bounds a book: the positions within -plies of the start
// are listed before any search, and held in memory (about 110 MB at the
// bound), so more are refused before the work starts. Othello within 8
// plies has 320,653, Adjacency within 3 plies 88,117 (within 4: millions).
const maxBookPositions = 400_000

// bookPositions lists the positions within plies of start, or refuses
// when they are more than maxBookPositions, naming the largest -plies that
// fits. The walk shows its count on a terminal and stops on Ctrl+C.
func (e *env) bookPositions(start games.Position, plies int) ([]games.Position, error) {
	onCount, done := e.progressLine("book", "positions listed (of the most a book holds)")
	var progress func(int)
	if onCount != nil {
		progress = func(n int) { onCount(lab.Progress{Done: n, Total: maxBookPositions, Played: float64(n)}) }
	}
	positions, err := book.Enumerate(e.ctx, start, plies, maxBookPositions, progress)
	done()
	var tm *book.TooManyError
	switch {
	case errors.As(err, &tm):
		return nil, badInputf("-plies %d: more than %d positions within %d plies of the start (a book holds at most %d): the most for %s is -plies %d",
			plies, tm.Limit, tm.Plies, maxBookPositions, start.Game(), tm.Plies-1)
	case err != nil:
		return nil, interrupted("while listing the positions: nothing was searched")
	}
	return positions, nil
}

func (e *env) buildBook(b *book.Book, positions []games.Position, plies int, spec bots.Spec, out string) error {
	fmt.Fprintf(e.stdout, "book of %s: %d positions within %d plies, searched by %s; %d done before\n",
		b.Game, len(positions), plies, spec, b.Len())
	save := func() error {
		return safefile.WriteFunc(out, func(w io.Writer) error { return b.Write(w) })
	}
	think := func(ctx context.Context, pos games.Position) (ai.Info, error) { return bots.Think(ctx, pos, spec) }
	onMove, done := e.progressLine("book", "positions")
	began := time.Now()
	lastSave, added := time.Now(), 0
	var saveErr error
	err := book.Build(e.ctx, b, positions, think, func(en book.Entry, n, total int) {
		added++
		if onMove != nil {
			onMove(lab.Progress{Done: n, Total: total, Played: float64(n)})
		}
		if time.Since(lastSave) > time.Minute && saveErr == nil {
			saveErr, lastSave = save(), time.Now()
		}
	})
	done()
	if serr := save(); saveErr == nil {
		saveErr = serr
	}
	if saveErr != nil {
		return saveErr
	}
	if err != nil {
		if e.ctx.Err() != nil {
			return interrupted(fmt.Sprintf("%d positions are saved in %s; run the same command to go on", b.Len(), out))
		}
		return err
	}
	fmt.Fprintf(e.stdout, "done: %d positions (%d new) in %s, written to %s\n", b.Len(), added, time.Since(began).Round(time.Second), out)
	return nil
}
