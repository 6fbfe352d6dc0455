package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"boardgames/app/safefile"
)

// The commit and the date of a release build, stamped by scripts/package
// (go build -ldflags "-X main.commit=... -X main.built=..."). A plain
// `go build` in a Git checkout gets the commit from Go's own VCS stamp
// (debug.ReadBuildInfo), without a date; without either the version says
// "commit unknown".
var (
	commit string // a commit hash, "-dirty" when the tree had changes
	built  string // the build date, YYYY-MM-DD
)

// stamp returns the commit and the build date of this binary ("" when
// unknown).
func stamp() (string, string) {
	if commit != "" {
		return commit, built
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "", built
	}
	rev, dirty := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" && dirty {
		rev += "-dirty"
	}
	return rev, built
}

// versionLine is what -version prints: "Boardgames 0.1.0 (build 1, commit
// 80e5c44a1b2c, 2026-11-26)".
func versionLine() string {
	c, d := stamp()
	if c == "" {
		c = "unknown"
	}
	s := fmt.Sprintf("%s %s (build %d, commit %s", AppName, AppVersion, AppBuild, c)
	if d != "" {
		s += ", " + d
	}
	return s + ")"
}

// isVersion reports whether arg asks for the version.
func isVersion(arg string) bool {
	return arg == "version" || arg == "-version" || arg == "--version"
}

// runVersion prints the name, version, build number, commit and date and
// returns the exit status; args are the arguments after "version", of
// which it takes none.
func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "boardgames version: unexpected argument %q\n", args[0])
		return 2
	}
	if _, err := fmt.Fprintln(stdout, versionLine()); err != nil {
		fmt.Fprintf(stderr, "boardgames version: cannot write the output: %s\n", safefile.Reason(err))
		return 1
	}
	return 0
}
