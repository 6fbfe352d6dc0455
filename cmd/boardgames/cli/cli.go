// Package cli runs the headless subcommands of the boardgames binary
// (perft, show, analyze, solve, ...), writing results to stdout as text or
// JSON and problems to stderr as one line.
//
// Every subcommand ends with one of five exit statuses (convert has a sixth,
// 3: partial, some games of its input rejected): 0 success, 1 a
// failure while running (a full disk, a write error on stdout), 2 bad
// input (flags, positions, moves, limits, an output file that cannot be
// written; found before any work starts), 130 interrupted by Ctrl+C or
// SIGTERM, after printing what had finished, marked as partial, and 70 an
// internal error: a panic (a bug), recovered at the top of Run or in a
// game of the arena, reported with a request for a bug report, never with
// the status of bad input. Output files are written atomically (package
// safefile): an existing regular file is replaced only by a complete new
// one; devices, pipes and descriptors (/dev/stdout) are written in place.
//
// Files:
//   - cli.go      Run, the subcommand table and the shared error handling
//   - files.go    the files the command line names: read without waiting
//     on a pipe (a pipe or a device is refused with its kind), standard
//     input read under Ctrl+C, named pipes as outputs
//   - position.go the -game/-moves/-position flags every subcommand shares
//   - perft.go    perft
//   - show.go     show
//   - analyze.go  analyze, and the -algo/-depth/... flags that make a bot
//   - solve.go    solve: one position
//   - solvebatch.go solve -input: a file of positions, one result a line
//   - compare.go  compare
//   - arena.go    arena and round-robin tournaments, their shards
//   - sprt.go     arena -sprt: the sequential test that stops a match
//   - tournament.go tournament: round robin, Swiss, gauntlet, knockout
//   - external.go what arena shares for external programs: bot lists and
//     files, labels, forfeits
//   - grade.go, gradereport.go grade: a bot against the suite, its report
//   - gamefiles.go every game of a run on disk (arena -games-dir, grade's
//     games/): its record (PDN, GGF, moves) and a saved game
//   - merge.go    merge: the shards of a run; shard files
//   - slurm.go    slurm: a run's shards as a Slurm array job, and its merge
//   - bench.go    bench, the papers' experiments
//   - strength.go bench -strength, an engine against fixed reference opponents
//   - egdb.go     egdb: the checkers endgame databases (build, verify, probe, info)
//   - book.go     book: opening books by the engine's search
//   - bookc4.go   book -game connect4 -bot perfect: the exact Connect Four book
//   - render.go   render, PNG diagrams through the app's board widget
//   - convert.go  convert, game records between PDN, GGF, move lists and saved games
//   - train.go    train, the learned evaluations' training pipeline (ai/learn)
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os/signal"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"
	"unicode"

	"boardgames/ai"
	"boardgames/app/safefile"
)

// Exit statuses.
const (
	ExitOK    = 0
	ExitError = 1 // the command failed while running
	ExitUsage = 2 // bad input: flags, positions, moves
	// ExitPartial: convert did its work on the games it could read and
	// rejected others (each reported with its line and reason).
	ExitPartial = 3
	// ExitInterrupted: stopped by Ctrl+C (SIGINT) or SIGTERM, after
	// printing what had finished (marked as partial), as shells report a
	// process killed by SIGINT (128 + 2).
	ExitInterrupted = 130
	// ExitBug: an internal error (a panic), as sysexits' EX_SOFTWARE.
	ExitBug = 70
)

type command struct {
	summary string
	run     func(e *env, args []string) error
}

var commands = map[string]command{}

// env carries the output streams of one Run and its context, which ends
// on Ctrl+C.
type env struct {
	ctx    context.Context
	stdout io.Writer // through out, which remembers a write error
	stderr io.Writer
	out    *safefile.ErrWriter
}

// usageError marks bad input, reported with exit status 2.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

func badInput(err error) error {
	if err == nil {
		return nil
	}
	return usageError{err}
}

func badInputf(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// interruptError marks a run stopped by Ctrl+C after printing what had
// finished; it is reported with exit status 130.
type interruptError struct{ what string }

func (i interruptError) Error() string { return "interrupted: " + i.what }

// interrupted is the error of a run stopped by Ctrl+C; what says what the
// output above covers ("the finished games only").
func interrupted(what string) error { return interruptError{what} }

// staged makes a subcommand out of its two stages: prepare reads and
// checks every argument (every error it returns is bad input, found before
// any work), and returns the work, which runs under e.ctx.
func staged(prepare func(e *env, args []string) (func() error, error)) func(*env, []string) error {
	return func(e *env, args []string) error {
		work, err := prepare(e, args)
		if err != nil {
			return err
		}
		return work()
	}
}

// Run runs one subcommand; args excludes the program name. It returns the
// exit status. Ctrl+C (SIGINT) and SIGTERM cancel the run from its start,
// setup included; a second Ctrl+C ends the process at once.
func Run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := interruptible()
	defer stop()
	handlingCtrlC()
	return execute(ctx, args, stdout, stderr)
}

// handlingCtrlC is called once Run handles Ctrl+C; a test that sends the
// signal waits for it.
var handlingCtrlC = func() {}

// interruptible is a context of its own that ends on Ctrl+C or SIGTERM,
// for the commands that make one; Run's context (env.ctx) is one too. Once
// it has ended it stops listening, so that the next Ctrl+C ends the
// process at once (a context that kept the signals would swallow them).
func interruptible() (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

// execute is Run under ctx. A panic is a bug: it is reported as one, with
// its own exit status.
func execute(ctx context.Context, args []string, stdout, stderr io.Writer) (code int) {
	name := "help"
	if len(args) > 0 {
		name = args[0]
	}
	defer func() {
		if r := recover(); r != nil {
			code = reportBug(stderr, name, &ai.PanicError{Value: r, Stack: debug.Stack()})
		}
	}()
	defer releasePipes()
	out := &safefile.ErrWriter{W: stdout}
	e := &env{ctx: ctx, stdout: out, stderr: stderr, out: out}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		Usage(e.stdout)
		return e.finish("help", nil, stderr)
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "boardgames: %s\n", oneLine(fmt.Sprintf("unknown command %q (try boardgames help)", args[0])))
		return ExitUsage
	}
	return e.finish(args[0], cmd.run(e, args[1:]), stderr)
}

// finish reports how a command ended and returns its exit status. A write
// error on stdout makes a run that did its work a failure: its output is
// lost.
func (e *env) finish(name string, err error, stderr io.Writer) int {
	var u usageError
	var in interruptError
	var part partialError
	var bug *ai.PanicError
	switch {
	case errors.As(err, &bug):
		return reportBug(stderr, name, bug)
	case errors.As(err, &u):
		fmt.Fprintf(stderr, "boardgames %s: %s\n", name, oneLine(err.Error()))
		return ExitUsage
	case e.out.Err != nil:
		fmt.Fprintf(stderr, "boardgames %s: cannot write the output: %s\n", name, safefile.Reason(e.out.Err))
		return ExitError
	case err == nil, errors.Is(err, flag.ErrHelp):
		return ExitOK
	case errors.As(err, &part):
		fmt.Fprintf(stderr, "boardgames %s: %s\n", name, oneLine(err.Error()))
		return ExitPartial
	case errors.As(err, &in):
		fmt.Fprintf(stderr, "boardgames %s: %s\n", name, oneLine(err.Error()))
		return ExitInterrupted
	case e.ctx.Err() != nil: // stopped by Ctrl+C, whatever the command says
		if errors.Is(err, context.Canceled) {
			err = errors.New("interrupted before anything finished")
		}
		fmt.Fprintf(stderr, "boardgames %s: %s\n", name, oneLine(err.Error()))
		return ExitInterrupted
	}
	fmt.Fprintf(stderr, "boardgames %s: %s\n", name, oneLine(err.Error()))
	return ExitError
}

// reportBug reports a panic: what it was, a request for a bug report, and
// the stack.
func reportBug(stderr io.Writer, name string, bug *ai.PanicError) int {
	fmt.Fprintf(stderr, "boardgames %s: %s. This is a bug in Boardgames: please report it, with the command line and the lines below.\n%s",
		name, oneLine(bug.Error()), bug.Stack)
	return ExitBug
}

// IsCommand reports whether name is a subcommand.
func IsCommand(name string) bool {
	_, ok := commands[name]
	return ok || name == "help" || name == "-h" || name == "--help" || name == "-help"
}

// Usage prints the list of subcommands.
func Usage(w io.Writer) {
	fmt.Fprintln(w, "usage: boardgames                  open the window")
	fmt.Fprintln(w, "       boardgames COMMAND [flags]  run headless; boardgames COMMAND -h for its flags")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
}

// The most an error message shows: of a run of characters without a
// space (an input echoed: a move list, a position, a bot spec), and in all.
const (
	maxWord    = 80
	maxMessage = 1000
)

// oneLine makes a message one line for the terminal: each run of spaces
// and line breaks becomes one space, other control characters are escaped
// (\x1b), and a long input is cut, saying how much was left out.
func oneLine(s string) string {
	fields := strings.Fields(s)
	for i, f := range fields {
		var b strings.Builder
		for _, r := range f {
			if unicode.IsControl(r) {
				fmt.Fprintf(&b, "\\x%02x", r)
			} else {
				b.WriteRune(r)
			}
		}
		fields[i] = cut(b.String(), maxWord)
	}
	return cut(strings.Join(fields, " "), maxMessage)
}

// cut shortens s to about most characters, saying how many it left out.
func cut(s string, most int) string {
	r := []rune(s)
	if len(r) <= most {
		return s
	}
	keep := most * 3 / 4
	return fmt.Sprintf("%s...(%d more characters)", string(r[:keep]), len(r)-keep)
}

// cmdFlags is a subcommand's flag set. Its errors come back to Run as one
// line instead of being printed with the usage; -h prints the usage to
// stdout.
type cmdFlags struct {
	*flag.FlagSet
	e    *env
	args string
}

func (e *env) newFlags(name, args string) *cmdFlags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &cmdFlags{fs, e, args}
}

func (c *cmdFlags) usage() {
	fmt.Fprintf(c.e.stdout, "usage: boardgames %s %s\n", c.Name(), c.args)
	c.SetOutput(c.e.stdout)
	c.PrintDefaults()
	c.SetOutput(io.Discard)
}

// parse parses flags; any error is bad input, -h is ErrHelp.
func parse(c *cmdFlags, args []string) error {
	if err := c.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.usage()
			return err
		}
		return badInput(err)
	}
	if c.NArg() > 0 {
		return badInputf("unexpected argument %q", c.Arg(0))
	}
	return nil
}

func (e *env) printJSON(v any) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
