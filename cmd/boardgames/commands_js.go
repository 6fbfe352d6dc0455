//go:build js

package main

import (
	"fmt"
	"io"
)

// The browser build leaves the command line out (package cli and what only
// it uses: train, egdb build, the tournaments, the servers): a page has no
// arguments to run it with, and it would make the program the page
// downloads and compiles a fifth larger.

// runCommand says that the subcommands are not in this build.
func runCommand(args []string, _, stderr io.Writer) int {
	fmt.Fprintf(stderr, "boardgames: the browser build has no subcommands (%s); use the desktop program\n", args[0])
	return 2
}

// isCommand reports no subcommand: there are none in this build.
func isCommand(string) bool { return false }
