package main

import (
	"fmt"
	"io"
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
	fmt.Fprintf(stdout, "%s %s (build %d)\n", AppName, AppVersion, AppBuild)
	return 0
}
