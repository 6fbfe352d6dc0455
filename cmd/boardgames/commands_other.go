//go:build !js

package main

import (
	"io"

	"boardgames/cmd/boardgames/cli"
)

// runCommand runs the subcommand args[0] (cli.Run) and returns its exit
// status.
func runCommand(args []string, stdout, stderr io.Writer) int { return cli.Run(args, stdout, stderr) }

// isCommand reports whether name is a subcommand's name.
func isCommand(name string) bool { return cli.IsCommand(name) }
