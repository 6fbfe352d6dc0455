package main

import (
	"fmt"
	"io"

	"boardgames/app/safefile"
)

// isVersion reports whether arg asks for the version.
func isVersion(arg string) bool {
	return arg == "version" || arg == "-version" || arg == "--version"
}

// runVersion prints the name, version and build number and returns the
// exit status; args are the arguments after "version", of which it takes
// none.
func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "boardgames version: unexpected argument %q\n", args[0])
		return 2
	}
	if _, err := fmt.Fprintf(stdout, "%s %s (build %d)\n", AppName, AppVersion, AppBuild); err != nil {
		fmt.Fprintf(stderr, "boardgames version: cannot write the output: %s\n", safefile.Reason(err))
		return 1
	}
	return 0
}
