// Package cli runs the headless subcommands of the boardgames binary
// (perft, show, analyze, solve, ...), writing results to stdout as text or
// JSON and problems to stderr as one line with exit status 2.
//
// Files:
//   - cli.go      Run, the subcommand table and the shared error handling
//   - position.go the -game/-moves/-position flags every subcommand shares
//   - perft.go    perft
//   - show.go     show
//   - analyze.go  analyze, and the -algo/-depth/... flags that make a bot
//   - solve.go    solve: one position
//   - solvebatch.go solve -input: a file of positions, one result a line
//   - compare.go  compare
//   - arena.go    arena and round-robin tournaments
//   - bench.go    bench, the papers' experiments
//   - render.go   render, PNG diagrams through the app's board widget
package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Exit statuses.
const (
	ExitOK    = 0
	ExitError = 1 // the command failed while running
	ExitUsage = 2 // bad input: flags, positions, moves
	// ExitInterrupted: stopped by Ctrl+C (SIGINT) or SIGTERM, after
	// printing what had finished (marked as partial), as shells report a
	// process killed by SIGINT (128 + 2).
	ExitInterrupted = 130
)

type command struct {
	summary string
	run     func(e *env, args []string) error
}

var commands = map[string]command{}

// env carries the output streams of one Run.
type env struct {
	stdout, stderr io.Writer
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

// interruptedErr marks a command stopped by Ctrl+C, reported with exit
// status ExitInterrupted.
type interruptedErr struct{ err error }

func (i interruptedErr) Error() string { return i.err.Error() }
func (i interruptedErr) Unwrap() error { return i.err }

// Run runs one subcommand; args excludes the program name. It returns the
// exit status.
func Run(args []string, stdout, stderr io.Writer) int {
	e := &env{stdout: stdout, stderr: stderr}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		Usage(stdout)
		return ExitOK
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "boardgames: unknown command %q (try boardgames help)\n", args[0])
		return ExitUsage
	}
	err := cmd.run(e, args[1:])
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, flag.ErrHelp):
		return ExitOK
	}
	fmt.Fprintf(stderr, "boardgames %s: %s\n", args[0], oneLine(err.Error()))
	var u usageError
	if errors.As(err, &u) {
		return ExitUsage
	}
	var i interruptedErr
	if errors.As(err, &i) {
		return ExitInterrupted
	}
	return ExitError
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
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
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
